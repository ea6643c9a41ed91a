"""The few MLIR types specs name: element types and packed register operands, with widths."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple, Optional

FLOAT_BITS = {
    "f16": 16,
    "bf16": 16,
    "f32": 32,
    "f64": 64,
    "tf32": 32,  # a tf32 operand occupies a 32-bit register
    "f8E4M3FN": 8,
    "f8E5M2": 8,
    "f8E4M3FNUZ": 8,
    "f8E5M2FNUZ": 8,
    "f8E4M3B11FNUZ": 8,
    "f8E3M4": 8,
    "f8E4M3": 8,
    "f8E8M0FNU": 8,
    "f6E2M3FN": 6,
    "f6E3M2FN": 6,
    "f4E2M1FN": 4,
}

_INTEGER = re.compile(r"^(?:[su]?i)([1-9][0-9]{0,3})\Z")
_VECTOR = re.compile(r"^vector<([1-9][0-9]{0,5})x([A-Za-z0-9]+)>\Z")
_STRUCT = re.compile(r"^!llvm\.struct<\((.*)\)>\Z")
_VECTOR_ANY = re.compile(r"^vector<([1-9][0-9]{0,5})x(.+)>\Z")


class PackedType(NamedTuple):
    """A register operand: `count` elements of `element` (`count` 1 for a scalar)."""

    text: str
    element: str
    length: int
    element_bits: int

    @property
    def bits(self) -> int:
        return self.length * self.element_bits


# The integer element types specs name (any iN is known; these are the ones a did-you-mean offers).
COMMON_INTEGERS = ("i1", "i4", "i8", "i16", "i32", "i64")


def suggest_type(text: str) -> Optional[str]:
    """The known type nearest to an unknown one (`f23` -> `f32`, `vector<4xf61>` -> `vector<4xf16>`),
    or None: a did-you-mean for element and packed types."""
    from atomgen.suggest import closest

    known = tuple(FLOAT_BITS) + COMMON_INTEGERS
    match = _VECTOR_ANY.match(str(text).strip())
    if match:
        element = closest(match.group(2), known)
        return None if element is None else f"vector<{match.group(1)}x{element}>"
    return closest(str(text), known)


def element_bits(name: str) -> Optional[int]:
    """Bit width of a scalar MLIR type name, or None if it is not one atomgen knows."""
    if name in FLOAT_BITS:
        return FLOAT_BITS[name]
    match = _INTEGER.match(name)
    if match:
        return int(match.group(1))
    return None


def is_integer(name: str) -> bool:
    return _INTEGER.match(name) is not None


def is_float(name: str) -> bool:
    return name in FLOAT_BITS


def is_struct(text: str) -> bool:
    """An `!llvm.struct<...>` register type: sized, but no ROCDL/PTX template builds one."""
    return _STRUCT.match(str(text).strip()) is not None


def parse_packed(text: str) -> Optional[PackedType]:
    """`f32`, `i64`, `vector<4xf16>`, or `!llvm.struct<(f32, f32)>` of equal scalars."""
    return _parse_packed(str(text).strip())


@lru_cache(maxsize=4096)  # every instance names one of a few types, many times over
def _parse_packed(text: str) -> Optional[PackedType]:
    bits = element_bits(text)
    if bits is not None:
        return PackedType(text, text, 1, bits)
    match = _VECTOR.match(text)
    if match:
        element = match.group(2)
        bits = element_bits(element)
        if bits is None:
            return None
        return PackedType(text, element, int(match.group(1)), bits)
    match = _STRUCT.match(text)
    if match:
        members = [m.strip() for m in match.group(1).split(",") if m.strip()]
        if not members or len(set(members)) != 1:
            return None
        inner = parse_packed(members[0])
        if inner is None or inner.length != 1:
            return None
        return PackedType(text, inner.element, len(members), inner.element_bits)
    return None
