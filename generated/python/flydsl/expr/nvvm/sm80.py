# SPDX-License-Identifier: Apache-2.0
# Copyright (c) 2026 FlyDSL Project Contributors
# Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
# adds the regions below to the hand-written DSL module of this name instead.

# ---- atomgen:begin imports sha256:a22fa823695e7467
from ..._mlir.dialects.fly_nvvm import (
    CopyOpSM75_LdMatrixType,
    CopyOpSM80_CpAsyncType,
    MmaOpSM80_MmaSpType,
    MmaOpSM80_MmaSyncB1Type,
    MmaOpSM80_MmaSyncType,
)

# isort: split
# ---- atomgen:end imports

__all__ = []
# ---- atomgen:begin exports sha256:a08cd4af50f899ec
__all__.append("LdMatrix")
__all__.append("CpAsync")
__all__.append("MmaSp")
__all__.append("MmaSync")
__all__.append("MmaSyncB1")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:749d4600b4420027


def _ir_type(value):
    """Accept a DSL numeric class (with `.ir_type`) or a raw `ir.Type`."""
    return getattr(value, "ir_type", value)


def _enum_value(value, cases):
    """An enum case name (or an IntEnum / int) as its integer value."""
    if isinstance(value, str):
        if value not in cases:
            raise ValueError(f"unknown case {value!r}; expected one of {', '.join(cases)}")
        return cases[value]
    return int(value)


def LdMatrix(num, transpose=False):
    """Warp-collective ldmatrix of num (1, 2, 4) 8x8 b16 matrices, shared memory -> registers, optionally transposed.

    Supported configurations:
      - num = 1, transpose = false
      - num = 1, transpose = true
      - num = 2, transpose = false
      - num = 2, transpose = true
      - num = 4, transpose = false
      - num = 4, transpose = true
    """
    return CopyOpSM75_LdMatrixType.get(num=num, transpose=transpose)


def CpAsync(bit_size, cache_modifier="cg"):
    """sm80 per-thread asynchronous global -> shared copy of 32, 64 or 128 bits (cp.async.ca / .cg).

    Supported configurations:
      - bitSize = 32, cacheModifier = ca
      - bitSize = 64, cacheModifier = ca
      - bitSize = 128, cacheModifier = ca
      - bitSize = 128, cacheModifier = cg
    """
    return CopyOpSM80_CpAsyncType.get(bit_size=bit_size, cache_modifier=_enum_value(cache_modifier, {"ca": 0, "cg": 1}))


def MmaSp(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sp_sel=0):
    """sm80 sparse warp MMA (mma.sp::ordered_metadata.sync.aligned, row.col): A is 2:4 structured-sparse along K (1:2 for tf32, 4:8 in pairs for 4-bit) and holds only its nonzeros; a 32-bit metadata register says where they sit.

    Supported configurations:
      - 16x8x16 (f16, f16) -> f32
      - 16x8x16 (f16, f16) -> f16
      - 16x8x32 (f16, f16) -> f32
      - 16x8x32 (f16, f16) -> f32
      - 16x8x32 (f16, f16) -> f16
      - 16x8x32 (f16, f16) -> f16
      - 16x8x16 (bf16, bf16) -> f32
      - 16x8x32 (bf16, bf16) -> f32
      - 16x8x32 (bf16, bf16) -> f32
      - 16x8x8 (tf32, tf32) -> f32
      - 16x8x16 (tf32, tf32) -> f32
      - 16x8x16 (tf32, tf32) -> f32
      - 16x8x32 (i8, i8) -> i32
      - 16x8x32 (i8, i8) -> i32
      - 16x8x32 (i8, ui8) -> i32
      - 16x8x32 (i8, ui8) -> i32
      - 16x8x32 (ui8, i8) -> i32
      - 16x8x32 (ui8, i8) -> i32
      - 16x8x32 (ui8, ui8) -> i32
      - 16x8x32 (ui8, ui8) -> i32
      - 16x8x64 (i8, i8) -> i32
      - 16x8x64 (i8, ui8) -> i32
      - 16x8x64 (ui8, i8) -> i32
      - 16x8x64 (ui8, ui8) -> i32
      - 16x8x64 (i4, i4) -> i32
      - 16x8x64 (i4, i4) -> i32
      - 16x8x64 (i4, ui4) -> i32
      - 16x8x64 (i4, ui4) -> i32
      - 16x8x64 (ui4, i4) -> i32
      - 16x8x64 (ui4, i4) -> i32
      - 16x8x64 (ui4, ui4) -> i32
      - 16x8x64 (ui4, ui4) -> i32
      - 16x8x128 (i4, i4) -> i32
      - 16x8x128 (i4, ui4) -> i32
      - 16x8x128 (ui4, i4) -> i32
      - 16x8x128 (ui4, ui4) -> i32
      - 16x8x64 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x8x64 (f8E4M3FN, f8E5M2) -> f32
      - 16x8x64 (f8E5M2, f8E4M3FN) -> f32
      - 16x8x64 (f8E5M2, f8E5M2) -> f32
    """
    return MmaOpSM80_MmaSpType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sp_sel=sp_sel,
    )


def MmaSync(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc):
    """sm80 warp-level matrix multiply-accumulate (mma.sync.aligned, row.col), one 32-thread instruction per MxNxK tile.

    Supported configurations:
      - 16x8x16 (f16, f16) -> f32
      - 16x8x16 (bf16, bf16) -> f32
      - 16x8x16 (f16, f16) -> f16
      - 16x8x8 (f16, f16) -> f32
      - 16x8x8 (bf16, bf16) -> f32
      - 16x8x8 (f16, f16) -> f16
      - 16x8x8 (tf32, tf32) -> f32
      - 16x8x4 (tf32, tf32) -> f32
      - 16x8x32 (i8, i8) -> i32
      - 16x8x32 (i8, ui8) -> i32
      - 16x8x32 (ui8, i8) -> i32
      - 16x8x32 (ui8, ui8) -> i32
      - 16x8x16 (i8, i8) -> i32
      - 16x8x16 (i8, ui8) -> i32
      - 16x8x16 (ui8, i8) -> i32
      - 16x8x16 (ui8, ui8) -> i32
      - 8x8x16 (i8, i8) -> i32
      - 8x8x16 (i8, ui8) -> i32
      - 8x8x16 (ui8, i8) -> i32
      - 8x8x16 (ui8, ui8) -> i32
      - 16x8x64 (i4, i4) -> i32
      - 16x8x64 (i4, ui4) -> i32
      - 16x8x64 (ui4, i4) -> i32
      - 16x8x64 (ui4, ui4) -> i32
      - 16x8x32 (i4, i4) -> i32
      - 16x8x32 (i4, ui4) -> i32
      - 16x8x32 (ui4, i4) -> i32
      - 16x8x32 (ui4, ui4) -> i32
      - 8x8x32 (i4, i4) -> i32
      - 8x8x32 (i4, ui4) -> i32
      - 8x8x32 (ui4, i4) -> i32
      - 8x8x32 (ui4, ui4) -> i32
      - 8x8x4 (f64, f64) -> f64
    """
    return MmaOpSM80_MmaSyncType.get(
        m=m, n=n, k=k, elem_ty_a=_ir_type(elem_ty_a), elem_ty_b=_ir_type(elem_ty_b), elem_ty_acc=_ir_type(elem_ty_acc)
    )


def MmaSyncB1(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, and_popc=False):
    """sm80 binary warp MMA (mma.sync.aligned ... .b1.b1.s32.{xor,and}.popc): D = C + popc(A op B) over K, one 32-thread instruction per MxNxK tile.

    Supported configurations:
      - 8x8x128 (i1, i1) -> i32, andPopc = false
      - 8x8x128 (i1, i1) -> i32, andPopc = true
      - 16x8x128 (i1, i1) -> i32, andPopc = false
      - 16x8x128 (i1, i1) -> i32, andPopc = true
      - 16x8x256 (i1, i1) -> i32, andPopc = false
      - 16x8x256 (i1, i1) -> i32, andPopc = true
    """
    return MmaOpSM80_MmaSyncB1Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        and_popc=and_popc,
    )


# ---- atomgen:end wrappers
