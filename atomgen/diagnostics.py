"""Diagnostics: errors as data, with a position in a spec, printed once at the edge."""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Optional, Protocol

from atomgen.terminal import paint

# A source line longer than this is cut around the column (minified YAML, hostile input).
MAX_SOURCE_WIDTH = 160
# Only this much of a file is read back for its source lines (specs are at most 1 MiB: AG003).
MAX_SOURCE_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class Example:
    """A rule's failing example: `old` replaced by `new` in the smallest clean spec of kind `base`
    (atomgen/check/examples.py) makes check report the rule at `line`:`column` (a number, or a snippet
    of that line whose first character is the column), and no error but the rule and `also`."""

    old: str
    new: str
    line: int
    column: int | str
    base: str = "mma"
    also: frozenset[str] = frozenset()
    severity: str = "error"


class Locatable(Protocol):
    """What a rule's finding is placed in: a modeled spec (AtomSpec) or one being modeled."""

    def diagnostic(self, rule: str, message: str, path: tuple[Any, ...], offset: Optional[int] = None,
                   notes: tuple[str, ...] = ()) -> Diagnostic: ...


@dataclass(frozen=True, slots=True)
class Rule:
    """A check rule's stable id and kebab name, with what `atomgen explain ID` prints. Each rule is
    declared in the module that implements its check; atomgen/check/rules.py collects them. `bad` is
    the failing example, run by the tests; a sentence where no edit of one spec can show the rule."""

    id: str
    name: str
    summary: str
    why: str
    bad: Example | str
    fix: str

    def at(self, where: Locatable, message: str, path: tuple[Any, ...], offset: Optional[int] = None,
           notes: tuple[str, ...] = ()) -> Diagnostic:
        """This rule's finding at `path` of a spec (or at character `offset` of the string there): a
        violation is raised through its Rule, so its id is written once, where the rule is declared."""
        return where.diagnostic(self.id, message, path, offset, notes=notes)

    def finding(self, message: str, path: str, position: Position | None = None, notes: tuple[str, ...] = (),
                severity: str = "error", related: tuple[Related, ...] = ()) -> Diagnostic:
        """This rule's finding in a file that is not a modeled spec (backend.yaml, an intrinsics file, a config),
        or about several specs (`related`: the other places it names)."""
        return Diagnostic(self.id, message, path, position or UNKNOWN, severity=severity, notes=notes, related=related)


@dataclass(frozen=True, slots=True, order=True)
class Position:
    """A 1-based line and column in a file, ordered by line, then column."""

    line: int = 0
    column: int = 0


UNKNOWN = Position(0, 0)


@dataclass(frozen=True, slots=True)
class Related:
    """Another place a finding is about (the spec a name clashes with): SARIF's relatedLocations."""

    path: str
    position: Position = UNKNOWN
    message: str = ""


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: rule id, message, and where it points."""

    rule: str
    message: str
    path: str
    position: Position = UNKNOWN
    severity: str = "error"
    notes: tuple[str, ...] = field(default_factory=tuple)
    related: tuple[Related, ...] = field(default_factory=tuple)

    def format(self, color: bool = False, source: bool = False, shown: Optional[str] = None) -> str:
        """clang's shape: `path:line:col: error[AGnnn]: message`, then (with `source`) the
        spec's line with a caret under the column, then the notes. `shown` prints another name
        for the path (relative to the project root) while the source line is read from the path."""
        where = self.path if shown is None else shown
        if self.position.line:
            where += f":{self.position.line}:{self.position.column}"
        severity = paint(self.severity, self.severity if self.severity in ("error", "warning") else "note", color)
        text = f"{paint(where + ':', 'path', color)} {severity}[{paint(self.rule, 'rule', color)}]: {self.message}"
        if source:
            text += "".join("\n" + line for line in source_excerpt(self.path, self.position, color))
        for note in self.notes:
            text += f"\n    {paint('note:', 'note', color)} {note}"
        return text

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["line"] = self.position.line
        data["column"] = self.position.column
        del data["position"]
        data["notes"] = list(self.notes)
        del data["related"]
        if self.related:
            data["related"] = [{"path": r.path, "line": r.position.line, "column": r.position.column,
                                "message": r.message} for r in self.related]
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
            related=tuple(
                Related(str(r["path"]), Position(int(r["line"]), int(r["column"])), str(r.get("message", "")))
                for r in _as_list(data.get("related"))
                if isinstance(r, dict)
            ),
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


def source_excerpt(path: str, position: Position, color: bool = False) -> list[str]:
    """`  12 | text` and `     |    ^` for a position in a readable file; nothing otherwise."""
    line_text = _source_line(path, position.line)
    if line_text is None:
        return []
    column = max(1, position.column)
    shown, caret_column = _clip(_printable(line_text), column)
    number = str(position.line)
    gutter = " " * len(number)
    # Tabs stay tabs under the caret so that it lines up however the terminal expands them.
    pad = "".join("\t" if c == "\t" else " " for c in shown[: caret_column - 1])
    return [
        f" {paint(number + ' |', 'gutter', color)} {shown}",
        f" {paint(gutter + ' |', 'gutter', color)} {pad}{paint('^', 'caret', color)}",
    ]


def _source_line(path: str, line: int) -> Optional[str]:
    if line <= 0:
        return None
    lines = _read_lines(path)
    if lines is None or line > len(lines):
        return None
    return lines[line - 1]


@lru_cache(maxsize=64)
def _read_lines(path: str) -> Optional[tuple[str, ...]]:
    from atomgen.reading import InputError, read_head

    try:  # never blocks on a FIFO nor reads a device: the finding may be about exactly that
        raw = read_head(path, MAX_SOURCE_BYTES)
    except InputError:
        return None
    return tuple(raw.decode("utf-8", errors="replace").splitlines())


def _printable(text: str) -> str:
    """Spec text is untrusted: no escape sequence from a spec reaches the terminal."""
    return "".join(c if c == "\t" or unicodedata.category(c)[0] != "C" else "\N{REPLACEMENT CHARACTER}" for c in text)


def _clip(text: str, column: int) -> tuple[str, int]:
    """The line cut to MAX_SOURCE_WIDTH around the column, and the column within the cut."""
    if len(text) <= MAX_SOURCE_WIDTH:
        return text, min(column, len(text) + 1)
    start = max(0, min(column - MAX_SOURCE_WIDTH // 2, len(text) - MAX_SOURCE_WIDTH))
    cut = text[start : start + MAX_SOURCE_WIDTH]
    prefix = "..." if start else ""
    suffix = "..." if start + MAX_SOURCE_WIDTH < len(text) else ""
    return prefix + cut + suffix, len(prefix) + min(column - start, len(cut) + 1)


def consequence(diagnostic: Diagnostic, strip: str = "") -> str:
    """A finding folded under its root cause, as a note: `line:col [AGnnn]: message` (`strip`: a
    prefix of the message the root cause already says, such as `instance 16x16x16_f16: `)."""
    message = diagnostic.message[len(strip):] if strip and diagnostic.message.startswith(strip) else diagnostic.message
    return f"{diagnostic.position.line}:{diagnostic.position.column} [{diagnostic.rule}]: {message}"
