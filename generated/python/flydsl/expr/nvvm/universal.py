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
# ---- atomgen:begin exports sha256:47420a2a9204fbf9
__all__.append("LdMatrix")
__all__.append("CpAsync")
__all__.append("MmaSync")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:e959fc946738339b


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


CopyOpSM75_LdMatrixType = _binding("CopyOpSM75_LdMatrixType", "sm75.ldmatrix")
CopyOpSM80_CpAsyncType = _binding("CopyOpSM80_CpAsyncType", "sm80.cp.async")
MmaOpSM80_MmaSyncType = _binding("MmaOpSM80_MmaSyncType", "sm80.mma.sync")


def LdMatrix(num, trans=False):
    """Warp-collective ldmatrix of num (1, 2, 4) 8x8 b16 matrices, shared memory -> registers, optionally transposed.

    Supported configurations:
      - num = 1, transpose = false
      - num = 1, transpose = true
      - num = 2, transpose = false
      - num = 2, transpose = true
      - num = 4, transpose = false
      - num = 4, transpose = true
    """
    return CopyOpSM75_LdMatrixType.get(num=num, trans=trans)


def CpAsync(bit_size=128, cache_modifier="cg"):
    """sm80 per-thread asynchronous global -> shared copy of 32, 64 or 128 bits (cp.async.ca / .cg).

    Supported configurations:
      - bitSize = 32, cacheModifier = ca
      - bitSize = 64, cacheModifier = ca
      - bitSize = 128, cacheModifier = ca
      - bitSize = 128, cacheModifier = cg
    """
    return CopyOpSM80_CpAsyncType.get(bit_size=bit_size, cache_modifier=_enum_value(cache_modifier, {"ca": 0, "cg": 1}))


def MmaSync(m, n, k, elem_ty_ab, elem_ty_acc=None, *, elem_ty_b=None):
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
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_ab),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_ab)),
        elem_ty_acc=_ir_type(
            (
                elem_ty_acc
                if elem_ty_acc is not None
                else (
                    _type("i32")
                    if _is_integer(elem_ty_ab)
                    else (_type("f64") if _ir_type(elem_ty_ab) == _type("f64") else _type("f32"))
                )
            )
        ),
    )


# ---- atomgen:end wrappers
