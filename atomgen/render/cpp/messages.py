"""Diagnostic text as C++ `<<` operands: the instance description and string literals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from atomgen.render import escape
from atomgen.render.cpp.params import CppParam, value_stream
from atomgen.spec.instances import ScalarValue
from atomgen.spec.model import AtomSpec
from atomgen.spec.printing import message_value


@dataclass(frozen=True, slots=True)
class StreamPiece:
    """One `<<` operand of a diagnostic: literal text, or a parameter's value."""

    text: str | None = None
    parameter: str | None = None


def describe_stream(spec: AtomSpec) -> list[StreamPiece]:
    """The C++ spelling of verify.describe(): the same text once values are substituted."""
    key = [p.name for p in spec.key_parameters]
    pieces: list[StreamPiece] = []
    names = list(key)
    if spec.kind == "mma" and all(n in key for n in ("m", "n", "k")):
        pieces += [StreamPiece(parameter="m"), StreamPiece("x"), StreamPiece(parameter="n"), StreamPiece("x"),
                   StreamPiece(parameter="k")]
        a, b, c = (spec.operand_types.get(role, "") for role in ("a", "b", "c"))
        if all(n in key for n in (a, b, c)):
            pieces += [StreamPiece(" ("), StreamPiece(parameter=a), StreamPiece(", "), StreamPiece(parameter=b),
                       StreamPiece(") -> "), StreamPiece(parameter=c)]
            names = [n for n in names if n not in (a, b, c)]
        names = [n for n in names if n not in ("m", "n", "k")]
    for name in names:
        if pieces:
            pieces.append(StreamPiece(", "))
        pieces += [StreamPiece(f"{name} = "), StreamPiece(parameter=name)]
    if not pieces:
        pieces.append(StreamPiece("default"))
    return _merge(pieces)


def _merge(pieces: list[StreamPiece]) -> list[StreamPiece]:
    merged: list[StreamPiece] = []
    for piece in pieces:
        if piece.text is not None and merged and merged[-1].text is not None:
            merged[-1] = StreamPiece(merged[-1].text + piece.text)
        else:
            merged.append(piece)
    return merged


def simulate_stream(pieces: list[StreamPiece], values: Mapping[str, ScalarValue]) -> str:
    """What the C++ stream prints for `values` (tests hold it equal to verify.describe)."""
    return "".join(p.text if p.text is not None else message_value(values[p.parameter or ""]) for p in pieces)


def cpp_string(text: str) -> str:
    """A C++ string literal, quotes included (escaping: atomgen/render/escape.py)."""
    return f'"{escape.cpp_string(text)}"'


def cpp_string_chunks(text: str, separator: str = "; ", width: int = 76) -> list[str]:
    """Adjacent C++ string literals, split after `separator`, each at most about `width` chars."""
    parts = text.split(separator)
    chunks: list[str] = []
    current = ""
    for index, part in enumerate(parts):
        piece = part + (separator if index < len(parts) - 1 else "")
        if current and len(current) + len(piece) > width:
            chunks.append(current)
            current = ""
        current += piece
    if current or not chunks:
        chunks.append(current)
    return [cpp_string(chunk) for chunk in chunks]


def stream_operands(pieces: list[StreamPiece], params: dict[str, CppParam]) -> list[str]:
    return [cpp_string(p.text) if p.text is not None else value_stream(params[p.parameter or ""]) for p in pieces]
