"""Number formats of AMD matrix operands: exact decoders (bits -> float64 / int) and the encoders of results.

Every decoder is exact: the value a code stands for, in float64 (all of these formats embed in it). The small
floats follow their definitions: OCP FP8 E4M3FN (bias 7, no infinity, S.1111.111 NaN), OCP FP8 E5M2 (bias 15,
IEEE-like), AMD FNUZ FP8 E4M3 / E5M2 (bias 8 / 16, no infinity, no negative zero: 0x80 is the only NaN), OCP FP6
E2M3 / E3M2 and FP4 E2M1 (no infinity, no NaN), E8M0 scales (2^(e-127), 0xFF NaN).
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Optional

import numpy as np


@dataclass(frozen=True)
class MiniFloat:
    exponent: int
    mantissa: int
    bias: int
    kind: str  # "ieee": all-ones exponent is inf/NaN; "fn": only all-ones code is NaN; "fnuz": 1.0...0 NaN; "finite"

    @property
    def bits(self) -> int:
        return 1 + self.exponent + self.mantissa

    def is_special(self, code: int) -> bool:
        e_all = (1 << self.exponent) - 1
        exp, man = (code >> self.mantissa) & e_all, code & ((1 << self.mantissa) - 1)
        if self.kind == "ieee":
            return exp == e_all
        if self.kind == "fn":
            return exp == e_all and man == (1 << self.mantissa) - 1
        if self.kind == "fnuz":
            return code == 1 << (self.bits - 1)
        return False

    def decode(self, code: int) -> float:
        if self.is_special(code):
            return math.nan
        sign = -1.0 if code >> (self.bits - 1) & 1 else 1.0
        exp = (code >> self.mantissa) & ((1 << self.exponent) - 1)
        man = code & ((1 << self.mantissa) - 1)
        if exp == 0:
            return sign * math.ldexp(man, 1 - self.bias - self.mantissa)
        return sign * math.ldexp(man + (1 << self.mantissa), exp - self.bias - self.mantissa)


MINIFLOATS = {
    "fp8_e4m3fn": MiniFloat(4, 3, 7, "fn"),
    "bf8_e5m2": MiniFloat(5, 2, 15, "ieee"),
    "fp8_e4m3fnuz": MiniFloat(4, 3, 8, "fnuz"),
    "bf8_e5m2fnuz": MiniFloat(5, 2, 16, "fnuz"),
    "fp6_e2m3": MiniFloat(2, 3, 1, "finite"),
    "bf6_e3m2": MiniFloat(3, 2, 3, "finite"),
    "fp4_e2m1": MiniFloat(2, 1, 1, "finite"),
}
WIDTH = {"f64": 64, "f32": 32, "f16": 16, "bf16": 16, "i32": 32, "i8": 8, "iu8": 8, "iu4": 4, "i4": 4, "u8": 8,
         "u4": 4, "e8m0": 8, **{name: f.bits for name, f in MINIFLOATS.items()}}
INTEGER = {"i32", "i8", "iu8", "iu4", "i4", "u8", "u4"}
# atomgen's MLIR element types -> the format names above (the harness's side: it reads the spec's types)
MLIR = {"f64": "f64", "f32": "f32", "f16": "f16", "bf16": "bf16", "i32": "i32", "i8": "i8", "i4": "i4",
        "f8E4M3FN": "fp8_e4m3fn", "f8E5M2": "bf8_e5m2", "f8E4M3FNUZ": "fp8_e4m3fnuz", "f8E5M2FNUZ": "bf8_e5m2fnuz",
        "f6E2M3FN": "fp6_e2m3", "f6E3M2FN": "bf6_e3m2", "f4E2M1FN": "fp4_e2m1", "f8E8M0FNU": "e8m0"}


def decode(fmt: str, code: int, signed: Optional[bool] = None) -> float:
    """The value of one code. Integers: `signed` picks for the IU formats (default signed for i8/i4/i32)."""
    if fmt == "f64":
        return float(struct.unpack("<d", code.to_bytes(8, "little"))[0])
    if fmt == "f32":
        return float(struct.unpack("<f", code.to_bytes(4, "little"))[0])
    if fmt == "f16":
        return float(np.frombuffer(code.to_bytes(2, "little"), dtype=np.float16)[0])
    if fmt == "bf16":
        return float(struct.unpack("<f", (code << 16).to_bytes(4, "little"))[0])
    if fmt == "e8m0":
        return math.nan if code == 0xFF else math.ldexp(1.0, code - 127)
    if fmt in MINIFLOATS:
        return MINIFLOATS[fmt].decode(code)
    if fmt in INTEGER:
        width = WIDTH[fmt]
        is_signed = signed if signed is not None else not fmt.startswith("u")
        return float(code - (1 << width) if is_signed and code >> (width - 1) & 1 else code)
    raise ValueError(f"unknown format {fmt}")


def decode_int(fmt: str, code: int, signed: Optional[bool] = None) -> int:
    width = WIDTH[fmt]
    is_signed = signed if signed is not None else not fmt.startswith("u")
    return code - (1 << width) if is_signed and code >> (width - 1) & 1 else code


def round_bf16(value: float) -> int:
    bits = int(np.array([value], dtype=np.float32).view(np.uint32)[0])
    if (bits & 0x7F800000) == 0x7F800000 and bits & 0x7FFFFF:
        return 0x7FC0
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) & 0xFFFF


def encode(fmt: str, value: float) -> int:
    """A result's code, round to nearest even (f32, f16, bf16, f64)."""
    if fmt == "f64":
        return int.from_bytes(struct.pack("<d", value), "little")
    if fmt == "f32":
        return int(np.array([value], dtype=np.float32).view(np.uint32)[0])
    if fmt == "f16":
        with np.errstate(over="ignore"):
            return int(np.array([value], dtype=np.float16).view(np.uint16)[0])
    if fmt == "bf16":
        return round_bf16(float(np.float32(value)) if abs(value) < 3.4e38 else value)
    raise ValueError(f"no encoder for {fmt}")


def finite_codes(fmt: str) -> list[int]:
    """Every code of a small format that is a finite number (inputs drawn from all of them)."""
    width = WIDTH[fmt]
    return [c for c in range(1 << width) if not math.isnan(decode(fmt, c)) and not math.isinf(decode(fmt, c))]


def mantissa_bits(fmt: str) -> int:
    return {"f64": 52, "f32": 23, "f16": 10, "bf16": 7}.get(fmt, 23)
