"""Diagnostics: errors as data, with a position in a spec, printed once at the edge."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Iterable


@dataclass(frozen=True, order=True)
class Position:
    """A 1-based line and column in a file."""

    line: int = 0
    column: int = 0


UNKNOWN = Position(0, 0)


@dataclass(frozen=True)
class Diagnostic:
    """One finding: rule id, message, and where it points."""

    rule: str
    message: str
    path: str
    position: Position = UNKNOWN
    severity: str = "error"
    notes: tuple[str, ...] = field(default_factory=tuple)

    def format(self) -> str:
        where = self.path
        if self.position.line:
            where += f":{self.position.line}:{self.position.column}"
        text = f"{where}: {self.severity}[{self.rule}]: {self.message}"
        for note in self.notes:
            text += f"\n    note: {note}"
        return text

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["line"] = self.position.line
        data["column"] = self.position.column
        del data["position"]
        data["notes"] = list(self.notes)
        return data

    @staticmethod
    def from_json(data: dict[str, object]) -> "Diagnostic":
        return Diagnostic(
            rule=str(data["rule"]),
            message=str(data["message"]),
            path=str(data["path"]),
            position=Position(int(str(data["line"])), int(str(data["column"]))),
            severity=str(data["severity"]),
            notes=tuple(str(n) for n in _as_list(data.get("notes"))),
        )


def _as_list(value: object) -> list[object]:
    return list(value) if isinstance(value, (list, tuple)) else []


class SpecError(Exception):
    """Raised inside a stage when it cannot go on; carries its diagnostics to the edge."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str, str]:
    return (
        diagnostic.path,
        diagnostic.position.line,
        diagnostic.position.column,
        diagnostic.rule,
        diagnostic.message,
    )


def format_all(diagnostics: Iterable[Diagnostic], output_format: str) -> str:
    ordered = sorted(diagnostics, key=sort_key)
    if output_format == "json":
        return json.dumps([d.to_json() for d in ordered], indent=2)
    return "\n".join(d.format() for d in ordered)
