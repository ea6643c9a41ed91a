"""tcgen05.mma instruction-descriptor facts, shared by the emission rule and the renderer.

The 32-bit instruction descriptor (PTX ISA tcgen05 "Instruction descriptor"; CuTe
UMMA::InstrDescriptor) says what the instruction text does not: D format at bit 4, A / B
formats at bits 7 / 10, MN-major A / B at 15 / 16, N >> 3 at bit 17, M >> 4 at bit 24.

A comes from shared memory (a 64-bit descriptor, the `.ss` form) or from tensor memory (its 32-bit
TMEM address, the `.ts` form: PTX writes it `[a]`, and it is K-major, CuTe's `SM100_MMA_*_TS`
static_assert "A from TMEM can't be transposed").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Optional

D_FORMAT = {"f16": 0, "f32": 1, "i32": 2}
# kind -> the A / B formats a dense row of it takes (their idesc codes) and its accumulator types. CuTe:
# UMMA::F16F32Format, S8Format (1 signed, 0 unsigned) and MXF8F6F4Format (kind::f8f6f4: fp6 and fp4 are
# read as a byte each from shared memory, K is 32 for every format).
DENSE_KINDS: dict[str, tuple[dict[str, int], tuple[str, ...]]] = {
    "f16": ({"f16": 0, "bf16": 1}, ("f16", "f32")),
    "tf32": ({"tf32": 2}, ("f32",)),
    "i8": ({"ui8": 0, "i8": 1}, ("i32",)),
    "f8f6f4": ({"f8E4M3FN": 0, "f8E5M2": 1, "f6E2M3FN": 3, "f6E3M2FN": 4, "f4E2M1FN": 5}, ("f16", "f32")),
}
AB_FORMAT = {name: code for formats, _ in DENSE_KINDS.values() for name, code in formats.items()}
# The formats an operand may be MN-major in (idesc a_major / b_major; CuTe's InstrDescriptor: "Major value
# of 1 is only valid for E4M3, E5M2, INT8 (signed and unsigned), F16, BF16 and TF32 source formats").
MN_MAJOR_FORMATS = frozenset({"f16", "bf16", "tf32", "i8", "ui8", "f8E4M3FN", "f8E5M2"})
_KIND = re.compile(r"\.kind::(\w+)")


def kind_of(instruction: str) -> Optional[str]:
    """The `.kind::` of a tcgen05.mma text (f16, f8f6f4, mxf4, ...), None when it names none."""
    found = _KIND.search(instruction)
    return found.group(1) if found else None


def format_pairs(a_values: tuple[str, ...], b_values: tuple[str, ...]) -> list[tuple[str, str]]:
    """(A, B) formats that take every value of each once: every A format with B's first, then every B format
    with A's first (the generated C++ needs each value's code, the generated tests lower each value once)."""
    return list(dict.fromkeys([(a, b_values[0]) for a in a_values] + [(a_values[0], b) for b in b_values]))


def operand_formats(instruction: str) -> Optional[dict[str, int]]:
    """The A / B formats (name -> idesc code) a row with this instruction text takes; None: unknown kind."""
    scale = block_scale(instruction)
    if scale is not None:
        return BLOCK_SCALED_FORMATS[scale.kind]
    kind = kind_of(instruction)
    return DENSE_KINDS[kind][0] if kind in DENSE_KINDS else None
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


# Block scaling (PTX ISA tcgen05.mma `.block_scale`; CuTe UMMA::InstrDescriptorBlockScaled and
# SM100_MMA_MXF8F6F4_SS / SM100_MMA_MXF4_SS). A and B are narrow floats from shared memory, D is f32,
# and every `vector_size` elements of a row of A (of a column of B) along K share one scale factor,
# read from tensor memory at the TMEM addresses the instruction takes as [sfa] and [sfb]. The idesc
# then holds the scale-factor format (bit 23) and, at bits 29-30 and 4-5, which byte of its 32-bit
# column each scale-factor tile starts at (the "SF id"): CuTe keeps that byte of a sub-word TMEM
# address in the address's top two bits (tmem_ptr rotates the sub-word index there), and so does
# the generated code, which reads the ids from the addresses at run time.
BLOCK_SCALED_FORMATS = {
    # UMMA::MXF8F6F4Format
    "mxf8f6f4": {"f8E4M3FN": 0, "f8E5M2": 1, "f6E2M3FN": 3, "f6E3M2FN": 4, "f4E2M1FN": 5},
    "mxf4": {"f4E2M1FN": 1},  # UMMA::MXF4Format
    "mxf4nvf4": {"f4E2M1FN": 1},
}
# Scale-factor formats (UMMA::ScaleFormat). UE4M3 has no MLIR type: it is carried as f8E4M3FN, as
# PyTorch and Triton carry NVFP4's scales (the sign bit stays 0).
SCALE_FORMAT = {"f8E4M3FN": 0, "f8E8M0FNU": 1}
# kind -> K of one MMA, and per vector size the scale-factor types the kind takes
BLOCK_SCALED_K = {"mxf8f6f4": 32, "mxf4": 64, "mxf4nvf4": 64}
SCALE_TYPES: dict[str, dict[int, tuple[str, ...]]] = {
    "mxf8f6f4": {32: ("f8E8M0FNU",)},
    "mxf4": {32: ("f8E8M0FNU",)},
    "mxf4nvf4": {16: ("f8E8M0FNU", "f8E4M3FN"), 32: ("f8E8M0FNU",)},
}
# kind -> the block-size modifiers it takes (None: written without one) and the block each names;
# ptxas-blackwell 13.4 refuses any other combination ("Modifier '.kind::mxf4' cannot be combined with
# modifier '.scale_vec::1X'"), and kind::mxf4nvf4 without one ("requires modifier '.scale_vectorsize'").
BLOCK_MODIFIERS: dict[str, dict[Optional[str], int]] = {
    "mxf8f6f4": {None: 32, "scale_vec::1X": 32, "block32": 32},
    "mxf4": {None: 32, "scale_vec::2X": 32, "block32": 32},
    "mxf4nvf4": {"scale_vec::2X": 32, "scale_vec::4X": 16, "block16": 16, "block32": 32},
}
_BLOCK_SCALE = re.compile(r"\.kind::(mxf8f6f4|mxf4nvf4|mxf4)\.block_scale(?:\.(block16|block32|scale_vec::[124]X))?$")
SCALE_ADDRESS_STATE = {"SfaAddress": "sfa_address", "SfbAddress": "sfb_address"}  # state case -> name
SF_ID_SHIFT = 30  # the byte of a scale-factor TMEM address, in its top two bits
A_SF_ID_BIT, B_SF_ID_BIT = 29, 4


@dataclass(frozen=True, slots=True)
class BlockScale:
    """What a block-scaled instruction text says: its kind, its block-size modifier, and the block that
    names (None: the kind does not take that modifier, or needs one)."""

    kind: str
    modifier: Optional[str]
    vector_size: Optional[int]


def block_scale(instruction: str) -> Optional[BlockScale]:
    """The kind and block size of a `.block_scale` tcgen05.mma text, None for any other text."""
    found = _BLOCK_SCALE.search(instruction)
    if found is None:
        return None
    kind, modifier = found.group(1), found.group(2)
    return BlockScale(kind, modifier, BLOCK_MODIFIERS[kind].get(modifier))


def block_scaled_descriptor(kind: str, m: int, n: int, a: str, b: str, scale: str, trans_a: bool = False,
                            trans_b: bool = False) -> Optional[int]:
    """The idesc of a block-scaled row with both SF ids 0, or None when a type has no format."""
    formats = BLOCK_SCALED_FORMATS.get(kind, {})
    if a not in formats or b not in formats or scale not in SCALE_FORMAT:
        return None
    return (formats[a] << 7) | (formats[b] << 10) | (int(trans_a) << 15) | (int(trans_b) << 16) \
        | ((n >> 3) << 17) | (SCALE_FORMAT[scale] << 23) | ((m >> 4) << 24)


# The oldest PTX ISA each block-scaled spelling needs, as ptxas-blackwell 13.4 says when it is older
# ("Feature '.kind::mxf4nvf4' requires PTX ISA .version 8.7 or later"; '.block16' / '.block32': 8.8).
# sm_100a itself needs 8.6, which is what llc-22 (and FlyDSL's nvvm-attach-target, given no features) emit.
_PTX_ISA_OF = (("block16", 88), ("block32", 88), ("kind::mxf4nvf4", 87))


def ptx_isa(instruction: str) -> int:
    """The PTX ISA version (86 for 8.6) a tcgen05 instruction text needs, 0 when nothing above sm_100a's."""
    return max((version for word, version in _PTX_ISA_OF if word in instruction), default=0)
