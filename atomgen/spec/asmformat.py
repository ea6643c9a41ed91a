"""TableGen type assembly formats: parse them, and print an instance's type with them.

The printer follows the spacing rules of MLIR's generated type printers (a space before
every token except after `<`/`(` openers and before closing punctuation or `,`; an empty
literal glues the next token on), so the text matches what FlyDSL prints.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable, Mapping, Union


class FormatError(Exception):
    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


@dataclass(frozen=True, slots=True)
class Literal:
    text: str
    offset: int


@dataclass(frozen=True, slots=True)
class Variable:
    name: str
    anchor: bool
    offset: int


@dataclass(frozen=True, slots=True)
class Custom:
    directive: str
    args: tuple[str, ...]
    offset: int


@dataclass(frozen=True, slots=True)
class Group:
    elements: tuple["Element", ...]
    offset: int

    @property
    def anchor(self) -> str | None:
        for element in self.elements:
            if isinstance(element, Variable) and element.anchor:
                return element.name
            if isinstance(element, Custom) and element.args and element.directive.endswith("^"):
                return element.args[0]
        return None


Element = Union[Literal, Variable, Custom, Group]

_TOKEN = re.compile(
    r"\s*(?:`(?P<literal>[^`]*)`|\$(?P<var>[A-Za-z_][A-Za-z0-9_]*)(?P<anchor>\^)?"
    r"|(?P<custom>custom|struct|params|qualified)\s*(?P<cname><[A-Za-z_][A-Za-z0-9_]*>)?\s*\("
    r"|(?P<open>\()|(?P<close>\)\??(?P<ganchor>)?))"
)


@functools.lru_cache(maxsize=256)
def parse_format(text: str) -> tuple[Element, ...]:
    """The elements of a format (immutable, so one parse serves every instance printed with it)."""
    elements, position = _parse_sequence(text, 0, top=True)
    return tuple(elements)


def _parse_sequence(text: str, position: int, top: bool) -> tuple[list[Element], int]:  # noqa: C901
    elements: list[Element] = []
    while True:
        rest = text[position:]
        if not rest.strip():
            if not top:
                raise FormatError("unclosed optional group '('", position)
            return elements, len(text)
        match = _TOKEN.match(text, position)
        if match is None:
            offset = position + len(rest) - len(rest.lstrip())
            raise FormatError(f"unexpected text {text[offset : offset + 12]!r} in assembly format", offset)
        start = match.start(match.lastgroup or 0) if match.lastgroup else position
        if match.group("literal") is not None:
            elements.append(Literal(match.group("literal"), match.start("literal") - 1))
            position = match.end()
        elif match.group("var") is not None:
            elements.append(Variable(match.group("var"), bool(match.group("anchor")), match.start("var") - 1))
            position = match.end()
        elif match.group("custom") is not None:
            close = text.find(")", match.end())
            if close < 0:
                raise FormatError("unclosed directive arguments", match.end())
            inner = text[match.end() : close]
            args = tuple(a.strip().lstrip("$").rstrip("^") for a in inner.split(",") if a.strip())
            anchored = "^" in text[close : close + 2]
            name = (match.group("cname") or "").strip("<>") or match.group("custom")
            elements.append(Custom(name + ("^" if anchored else ""), args, match.start("custom")))
            position = close + 1 + (1 if anchored else 0)
        elif match.group("open") is not None:
            group, position = _parse_sequence(text, match.end(), top=False)
            elements.append(Group(tuple(group), start))
        else:
            if top:
                raise FormatError("unbalanced ')' in assembly format", match.start("close"))
            closing = match.group("close")
            if not closing.endswith("?"):
                raise FormatError("an optional group ends with ')?'", match.start("close"))
            return elements, match.end()


def variables(elements: tuple[Element, ...]) -> list[tuple[str, int]]:
    """Every parameter the format mentions, with its offset."""
    found: list[tuple[str, int]] = []
    for element in elements:
        if isinstance(element, Variable):
            found.append((element.name, element.offset))
        elif isinstance(element, Custom):
            found.extend((arg, element.offset) for arg in element.args)
        elif isinstance(element, Group):
            found.extend(variables(element.elements))
    return found


ValueFormatter = Callable[[str, object], str]


_WORD = re.compile(r"[A-Za-z0-9_$.]")  # characters MLIR's lexer keeps in one bare identifier or number


def _merges(left: str, right: str) -> bool:
    """Whether MLIR's lexer reads `left` immediately followed by `right` as one token: a bare identifier
    takes every following letter, digit, `_`, `$` and `.`; a number takes following digits (and `0` an `x`).
    `4b` is the integer 4 then `b` (two tokens); `x1` is one identifier."""
    if not _WORD.match(right[0]):
        return False
    if left[0].isalpha() or left[0] == "_":
        return True
    return left.isdigit() and (right[0].isdigit() or right[0] == "." or (left == "0" and right[0] in "xX"))


_TRAILING_WORD = re.compile(r"[A-Za-z0-9_$.]+$")


class _Printer:
    def __init__(self) -> None:
        self.out = ""
        self.word = ""  # the word characters `out` ends with (kept as it grows: no rescan of `out`)
        self.should_emit_space = False
        self.last_was_punctuation = True
        self.glued: list[str] = []  # two printed tokens with no space that the lexer reads as one

    def _space(self) -> None:
        self.out += " "
        self.word = ""

    def _append(self, text: str) -> None:
        if not text:
            return
        if self.word and _merges(self.word, text):
            self.glued.append(f"{self.word}|{text}")
        # The word `out` ends with now starts no earlier than the one it ended with (one more back for the
        # newline `$` may stand before), so the search starts there, not at the start of `out`.
        start = max(0, len(self.out) - len(self.word) - 1)
        self.out += text
        found = _TRAILING_WORD.search(self.out, start)
        self.word = found.group(0) if found else ""

    def literal(self, value: str) -> None:
        if value == "":
            self.should_emit_space = False
            self.last_was_punctuation = True
            return
        if len(value) != 1 and value != "->":
            need = True
        elif self.last_was_punctuation:
            need = value[0] not in ">)}],"
        else:
            need = value[0] not in "<>(){}[],"
        if self.should_emit_space and need:
            self._space()
        self._append(value)
        self.should_emit_space = len(value) != 1 or value[0] not in "<({["
        self.last_was_punctuation = not (value[0] == "_" or value[0].isalpha())

    def value(self, text: str) -> None:
        if self.should_emit_space or not self.last_was_punctuation:
            self._space()
        self._append(text)
        self.should_emit_space = True
        self.last_was_punctuation = False


def print_params(
    elements: tuple[Element, ...],
    values: Mapping[str, object],
    defaults: Mapping[str, object],
    format_value: ValueFormatter,
) -> str:
    """The parameter part of a type (`<...>`), as MLIR's generated printer writes it."""
    printer = _Printer()
    _print(elements, values, defaults, format_value, printer)
    return printer.out


def glued_tokens(
    elements: tuple[Element, ...],
    values: Mapping[str, object],
    defaults: Mapping[str, object],
    format_value: ValueFormatter,
) -> list[str]:
    """Adjacent printed tokens the MLIR lexer would read as one (`x` `` $num prints `x1`, one identifier,
    which the generated parser then rejects: "expected 'x'"): `left|right` for each."""
    printer = _Printer()
    _print(elements, values, defaults, format_value, printer)
    return printer.glued


def _print(
    elements: tuple[Element, ...],
    values: Mapping[str, object],
    defaults: Mapping[str, object],
    format_value: ValueFormatter,
    printer: _Printer,
) -> None:
    for element in elements:
        if isinstance(element, Literal):
            printer.literal(element.text)
        elif isinstance(element, Variable):
            printer.value(format_value(element.name, values[element.name]))
        elif isinstance(element, Custom):
            if element.directive.rstrip("^") == "MNKDimensionList":
                m, n, k = (values[a] for a in element.args)
                printer.value(f"{m}x{n}x{k}")
            else:
                raise FormatError(f"cannot print custom directive '{element.directive}'", element.offset)
        else:
            anchor = element.anchor
            if anchor is not None and anchor in defaults and values.get(anchor) == defaults[anchor]:
                continue
            _print(element.elements, values, defaults, format_value, printer)
