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
# ---- atomgen:begin exports sha256:59a1dff6087eba0d
__all__.append("MmaSyncFP8")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:ee8b3606f638154e


def _ir_type(value):
    """Accept a DSL numeric class (with `.ir_type`) or a raw `ir.Type`."""
    return getattr(value, "ir_type", value)


def _type(name):
    """An element type by its MLIR name, in the current context."""
    return ir.Type.parse(name)


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


MmaOpSM89_MmaSyncType = _binding("MmaOpSM89_MmaSyncType", "sm89.mma.sync")


def MmaSyncFP8(elem_ty_a, elem_ty_b, elem_ty_acc=None):
    """sm89 warp-level fp8 matrix multiply-accumulate (mma.sync.aligned.m16n8k32, e4m3/e5m2 -> f32).

    Supported configurations:
      - 16x8x32 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x8x32 (f8E4M3FN, f8E5M2) -> f32
      - 16x8x32 (f8E5M2, f8E4M3FN) -> f32
      - 16x8x32 (f8E5M2, f8E5M2) -> f32
    """
    return MmaOpSM89_MmaSyncType.get(
        m=16,
        n=8,
        k=32,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
    )


# ---- atomgen:end wrappers
