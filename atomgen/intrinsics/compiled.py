"""The shipped intrinsics tables, read from their compiled form: data that analysis and render both read.

atomgen/intrinsics/<backend>.yaml is the source (commented, reviewed, validated by
tests/test_intrinsics.py). Parsing 100 KB of YAML costs every `check` process about 15 ms, so the
package also ships <backend>.json beside it: the same data, compiled by
`python -m atomgen.intrinsics.compiled`, which json reads in well under a millisecond. The compiled
file records the length and CRC-32 of the YAML it was compiled from; when they do not match
(the YAML was edited and not recompiled) it is ignored and the YAML is parsed, so a stale
compiled file can cost time but never change a result. tests/test_intrinsics.py fails while one
is stale, as CI does for generated/.
"""

from __future__ import annotations

import json
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

_FORMAT = 1


@lru_cache(maxsize=None)
def shipped_table(backend: str) -> Optional[tuple[dict[str, Any], str]]:
    """(the shipped intrinsics table of `backend` as plain data, its path); None when atomgen ships none."""
    from atomgen.resources import intrinsics_path

    path = intrinsics_path(backend)
    # The shipped file is package data, validated by tests/test_intrinsics.py; read in its compiled form.
    data = load(path)
    return None if data is None else (data, str(path))


def compiled_path(source: Path) -> Path:
    return source.with_suffix(".json")


def load(source: Path) -> Optional[Any]:
    """The intrinsics table at `source` (a shipped YAML file) as plain data; None when there is none."""
    try:
        raw = source.read_bytes()
    except OSError:
        return None
    try:
        compiled = json.loads(compiled_path(source).read_bytes())
        if compiled.get("format") == _FORMAT and compiled.get("source") == _stamp(raw):
            return compiled["data"]
    except (OSError, ValueError, AttributeError):
        pass
    return _parse(raw)


def compile_text(source: Path) -> str:
    """The compiled form of `source`, as the package ships it (deterministic)."""
    raw = source.read_bytes()
    data = _parse(raw)
    text = json.dumps({"format": _FORMAT, "source": _stamp(raw), "data": data}, indent=1, ensure_ascii=True)
    if json.loads(text)["data"] != data:  # e.g. a non-string mapping key, which JSON would turn into a string
        raise ValueError(f"{source}: the intrinsics table does not survive a JSON round trip")
    return text + "\n"


def _parse(raw: bytes) -> Any:
    from atomgen.spec.loader import load_package_data

    return load_package_data(raw.decode("utf-8"))


def _stamp(raw: bytes) -> str:
    return f"{len(raw)}:{zlib.crc32(raw):08x}"


def main() -> int:
    """Recompile every shipped intrinsics table whose compiled form is stale; run after editing one."""
    from atomgen.resources import intrinsics_path

    written = []
    for source in sorted(intrinsics_path("any").parent.glob("*.yaml")):
        text, target = compile_text(source), compiled_path(source)
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            written.append(target.name)
    print(f"compiled: {', '.join(written) or 'none (all fresh)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
