# SPDX-License-Identifier: Apache-2.0
# Copyright (c) 2026 FlyDSL Project Contributors
# Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
# adds the regions below to the hand-written DSL module of this name instead.

# ---- atomgen:begin imports sha256:58ef19a75e77e6a4
from ..._mlir import ir
from ..._mlir.dialects import fly_nvvm

# isort: split
# ---- atomgen:end imports

__all__ = []
# ---- atomgen:begin exports sha256:94a26ed9e62d9f32
__all__.append("MmaSp")
__all__.append("MmaSyncB1")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:9b7628e6b307fcc6


def _ir_type(value):
    """Accept a DSL numeric class (with `.ir_type`) or a raw `ir.Type`."""
    return getattr(value, "ir_type", value)


def _type(name):
    """An element type by its MLIR name, in the current context."""
    return ir.Type.parse(name)


def _is_integer(value):
    """Whether an element type is an integer type."""
    return isinstance(_ir_type(value), ir.IntegerType)


MISSING_BINDINGS = []  # the binding classes this build of the native extension (fly_nvvm) lacks


def _binding(name, atom):
    """The binding class `name` of fly_nvvm; where this build lacks it, a stand-in whose get() raises
    (naming the class and the atom `atom`), and the name joins MISSING_BINDINGS."""
    found = getattr(fly_nvvm, name, None)
    if found is not None:
        return found
    MISSING_BINDINGS.append(name)

    class Missing:
        @staticmethod
        def get(*args, **kwargs):
            raise NotImplementedError(
                f"{name} (atom {atom}) is not in this build of FlyDSL's native extension "
                "(fly_nvvm): build FlyDSL with atomgen's generated C++ for it"
            )

    Missing.__name__ = Missing.__qualname__ = name
    return Missing


MmaOpSM80_MmaSpType = _binding("MmaOpSM80_MmaSpType", "sm80.mma.sp")
MmaOpSM80_MmaSyncB1Type = _binding("MmaOpSM80_MmaSyncB1Type", "sm80.mma.sync.b1")


def MmaSp(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, sp_sel=0):
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
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        sp_sel=sp_sel,
    )


def MmaSyncB1(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, and_popc=False):
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
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("i32"))),
        and_popc=and_popc,
    )


# ---- atomgen:end wrappers
