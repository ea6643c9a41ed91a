"""Backend descriptions (`specs/<backend>/backend.yaml`): dialect names and state-field enum."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from atomgen.diagnostics import SpecError
from atomgen.spec.loader import LoadedSpec, load_file

BACKEND_FILE = "backend.yaml"


@dataclass(frozen=True)
class Backend:
    name: str
    dialect: str
    path: str
    text: str
    state_cases: dict[str, str] = field(default_factory=dict)  # enum case -> string
    chips: tuple[str, ...] = ()  # every chip, oldest first (min_subtarget compares positions)
    subtarget_chips: dict[str, tuple[str, ...]] = field(default_factory=dict)  # subtarget -> its chips
    file: Optional[str] = None  # the backend.yaml on disk
    data: dict[str, Any] = field(default_factory=dict, repr=False)


def find_backend_file(spec_path: Path, backend: str) -> Optional[Path]:
    """The backend.yaml of the nearest ancestor folder named after the backend."""
    for folder in spec_path.resolve().parents:
        candidate = folder / BACKEND_FILE
        if folder.name == backend and candidate.is_file():
            return candidate
    return None


def load_backend(path: Path, display: str) -> tuple[Backend, LoadedSpec]:
    loaded = load_file(path, display)
    data = loaded.data if isinstance(loaded.data, dict) else {}
    cases: dict[str, str] = {}
    enum: dict[str, Any] = data["state_enum"] if isinstance(data.get("state_enum"), dict) else {}
    for entry in enum.get("cases", []) or []:
        if isinstance(entry, dict) and "name" in entry:
            cases[str(entry["name"])] = str(entry.get("string", ""))
    dialect = data.get("dialect")
    dialect_name = dialect.get("name") if isinstance(dialect, dict) else dialect
    if "backend" not in data or not isinstance(dialect_name, str):
        from atomgen.diagnostics import Diagnostic

        raise SpecError(
            [Diagnostic("AG105", "backend.yaml needs 'backend' and 'dialect'", display, loaded.position(()))]
        )
    return (
        Backend(
            name=str(data["backend"]),
            dialect=dialect_name,
            path=display,
            text=loaded.text,
            state_cases=cases,
            chips=tuple(str(c) for c in data.get("chips") or []),
            subtarget_chips={
                str(k): tuple(str(c) for c in v)
                for k, v in (data.get("subtarget_chips") or {}).items()
                if isinstance(v, list)
            },
            file=str(path),
            data=data,
        ),
        loaded,
    )
