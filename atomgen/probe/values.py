"""Element types the probe feeds to the hardware: bit encodings and exactly representable inputs.

Every input value the probe generates is a small integer, so that it is exact in every
element type (fp8 E5M2 has 2 mantissa bits: integers up to 8 are exact) and every product
sum stays exact in the accumulator (f32 holds integers up to 2**24, f16 up to 2**11).
The float64 / int64 reference then equals the hardware result bit for bit.
"""

from __future__ import annotations

import functools
import math
import struct
from dataclasses import dataclass


class ProbeTypeError(ValueError):
    """An element type the probe cannot encode."""


@dataclass(frozen=True, slots=True)
class ElementType:
    name: str  # MLIR name: f16, bf16, tf32, f32, f64, i8, ui8, si8, i32, f8E4M3FN, f8E5M2
    bits: int  # storage bits in a register / in memory (tf32 occupies 32)
    is_float: bool
    signed: bool  # integers only
    low: int  # smallest input value the probe draws
    high: int  # largest input value the probe draws

    @property
    def storage(self) -> int:
        """Bytes of one element in the probe's memory tiles (sub-byte types: one byte each)."""
        return max(1, self.bits // 8)

    @property
    def ctype(self) -> str:
        return {1: "uint8_t", 2: "uint16_t", 4: "uint32_t", 8: "uint64_t"}[self.storage]


_TYPES = {
    "f16": ElementType("f16", 16, True, True, -4, 4),
    "bf16": ElementType("bf16", 16, True, True, -4, 4),
    "tf32": ElementType("tf32", 32, True, True, -4, 4),
    "f32": ElementType("f32", 32, True, True, -8, 8),
    "f64": ElementType("f64", 64, True, True, -4, 4),
    "f8E4M3FN": ElementType("f8E4M3FN", 8, True, True, -4, 4),
    "f8E5M2": ElementType("f8E5M2", 8, True, True, -4, 4),
    "i8": ElementType("i8", 8, False, True, -8, 8),
    "si8": ElementType("si8", 8, False, True, -8, 8),
    # ui8 draws its whole range: values >= 128 are what tell u8 from s8 (with 0..12 a ui8 instance run as
    # s8 computed the same product, so neither rung could see the generated ui8-as-s8 bug)
    "ui8": ElementType("ui8", 8, False, False, 0, 255),
    "i4": ElementType("i4", 4, False, True, -8, 7),
    "si4": ElementType("si4", 4, False, True, -8, 7),
    "ui4": ElementType("ui4", 4, False, False, 0, 15),
    "i1": ElementType("i1", 1, False, False, 0, 1),  # .b1: bits, combined by xor/and and popc
    "i32": ElementType("i32", 32, False, True, -64, 64),
    "si32": ElementType("si32", 32, False, True, -64, 64),
}


def element_type(name: str) -> ElementType:
    try:
        return _TYPES[name]
    except KeyError:
        raise ProbeTypeError(f"the probe has no encoding for element type '{name}'") from None


def _f32_bits(value: float) -> int:
    return int(struct.unpack("<I", struct.pack("<f", value))[0])


def _bits_f32(bits: int) -> float:
    return float(struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0])


def _minifloat_bits(value: float, exponent_bits: int, mantissa_bits: int, bias: int) -> int:
    """Exact encoding of `value` in a small float format (raises if it is not exact)."""
    sign = 1 if value < 0 or (value == 0 and math.copysign(1.0, value) < 0) else 0
    magnitude = abs(value)
    total = 1 + exponent_bits + mantissa_bits
    if magnitude == 0:
        return sign << (total - 1)
    mantissa, exponent = math.frexp(magnitude)  # magnitude = mantissa * 2**exponent, 0.5 <= m < 1
    biased = exponent - 1 + bias
    if biased <= 0:  # subnormal
        scaled = magnitude / 2.0 ** (1 - bias - mantissa_bits)
        if scaled != int(scaled):
            raise ProbeTypeError(f"{value} is not exact in this format")
        return (sign << (total - 1)) | int(scaled)
    fraction = (mantissa * 2 - 1) * (1 << mantissa_bits)
    if fraction != int(fraction) or biased >= (1 << exponent_bits):
        raise ProbeTypeError(f"{value} is not exact in this format")
    return (sign << (total - 1)) | (biased << mantissa_bits) | int(fraction)


def _minifloat_value(bits: int, exponent_bits: int, mantissa_bits: int, bias: int) -> float:
    total = 1 + exponent_bits + mantissa_bits
    sign = -1.0 if (bits >> (total - 1)) & 1 else 1.0
    biased = (bits >> mantissa_bits) & ((1 << exponent_bits) - 1)
    fraction = bits & ((1 << mantissa_bits) - 1)
    if biased == 0:
        return sign * fraction * 2.0 ** (1 - bias - mantissa_bits)
    return sign * (1 + fraction / (1 << mantissa_bits)) * 2.0 ** (biased - bias)


@functools.lru_cache(maxsize=65536)
def encode(type_name: str, value: float) -> int:
    """The bit pattern of `value` as `type_name` (exact, or ProbeTypeError)."""
    kind = element_type(type_name)
    if not kind.is_float:
        integer = int(value)
        if integer != value:
            raise ProbeTypeError(f"{value} is not an integer")
        return integer & ((1 << kind.bits) - 1)
    if type_name in ("f32", "tf32"):
        bits = _f32_bits(value)
        if _bits_f32(bits) != value or (type_name == "tf32" and bits & 0x1FFF):
            raise ProbeTypeError(f"{value} is not exact in {type_name}")
        return bits
    if type_name == "bf16":
        bits = _f32_bits(value)
        if bits & 0xFFFF:
            raise ProbeTypeError(f"{value} is not exact in bf16")
        return bits >> 16
    if type_name == "f16":
        return _minifloat_bits(value, 5, 10, 15)
    if type_name == "f64":
        return int(struct.unpack("<Q", struct.pack("<d", value))[0])
    if type_name == "f8E4M3FN":
        return _minifloat_bits(value, 4, 3, 7)
    if type_name == "f8E5M2":
        return _minifloat_bits(value, 5, 2, 15)
    raise ProbeTypeError(f"the probe has no encoding for element type '{type_name}'")


def decode(type_name: str, bits: int) -> float:
    """The value of a bit pattern (integers come back as exact floats)."""
    kind = element_type(type_name)
    bits &= (1 << kind.bits) - 1
    if not kind.is_float:
        if kind.signed and bits >> (kind.bits - 1):
            bits -= 1 << kind.bits
        return float(bits)
    if type_name in ("f32", "tf32"):
        return _bits_f32(bits)
    if type_name == "bf16":
        return _bits_f32(bits << 16)
    if type_name == "f16":
        if (bits >> 10) & 0x1F == 0x1F:
            return math.nan
        return _minifloat_value(bits, 5, 10, 15)
    if type_name == "f64":
        return float(struct.unpack("<d", struct.pack("<Q", bits))[0])
    if type_name == "f8E4M3FN":
        if bits & 0x7F == 0x7F:
            return math.nan
        return _minifloat_value(bits, 4, 3, 7)
    if type_name == "f8E5M2":
        if (bits >> 2) & 0x1F == 0x1F:
            return math.nan
        return _minifloat_value(bits, 5, 2, 15)
    raise ProbeTypeError(f"the probe has no encoding for element type '{type_name}'")


class Lcg:
    """A tiny deterministic generator (same numbers on every machine and Python version)."""

    def __init__(self, seed: int):
        self.state = (seed * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)

    def next(self) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
        return self.state >> 33

    def integer(self, low: int, high: int) -> int:
        return low + self.next() % (high - low + 1)


def sample(type_name: str, count: int, seed: int) -> list[float]:
    """`count` exactly representable small integers of `type_name`, deterministic in `seed`."""
    kind = element_type(type_name)
    rng = Lcg(seed)
    values = [float(rng.integer(kind.low, kind.high)) for _ in range(count)]
    for value in values:
        encode(type_name, value)  # proves exactness
    return values
