"""tcgen05.mma instruction-descriptor facts, shared by the emission rule and the renderer.

The 32-bit instruction descriptor (PTX ISA tcgen05 "Instruction descriptor"; CuTe
UMMA::InstrDescriptor) says what the instruction text does not: D format at bit 4, A / B
formats at bits 7 / 10, MN-major A / B at 15 / 16, N >> 3 at bit 17, M >> 4 at bit 24.

A comes from shared memory (a 64-bit descriptor, the `.ss` form) or from tensor memory (its 32-bit
TMEM address, the `.ts` form: PTX writes it `[a]`, and it is K-major, CuTe's `SM100_MMA_*_TS`
static_assert "A from TMEM can't be transposed").
"""

from __future__ import annotations

from typing import Mapping, Optional

D_FORMAT = {"f16": 0, "f32": 1, "i32": 2}
AB_FORMAT = {"f16": 0, "bf16": 1, "tf32": 2, "ui8": 0, "i8": 1}  # kind::i8: 1 signed, 0 unsigned
PACKED = {"a": "i64", "b": "i64", "c": "i32"}  # two shared-memory descriptors and the TMEM address
PACKED_A_IN_TMEM = {"a": "i32", "b": "i64", "c": "i32"}  # .ts: A's TMEM address, B's descriptor, D's address


def packed(a_in_tmem: bool) -> dict[str, str]:
    """The packed operands a tcgen05 row takes, by where A lives."""
    return PACKED_A_IN_TMEM if a_in_tmem else PACKED


def a_in_tmem(operand_source: Mapping[str, str]) -> bool:
    return operand_source.get("a") == "tensor_memory"


def instruction_descriptor(m: int, n: int, a: str, b: str, c: str, trans_a: bool = False,
                           trans_b: bool = False) -> Optional[int]:
    """The idesc of a dense kind::f16 / tf32 / i8 row, or None when a type has no format."""
    if c not in D_FORMAT or a not in AB_FORMAT or b not in AB_FORMAT:
        return None
    return (D_FORMAT[c] << 4) | (AB_FORMAT[a] << 7) | (AB_FORMAT[b] << 10) | (int(trans_a) << 15) \
        | (int(trans_b) << 16) | ((n >> 3) << 17) | ((m >> 4) << 24)
