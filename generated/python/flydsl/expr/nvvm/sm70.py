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
# ---- atomgen:begin exports sha256:afc191a85bc0d67c
__all__.append("MmaSyncQuadPair")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:a54aede18d212c4a


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


MmaOpSM70_MmaSyncType = _binding("MmaOpSM70_MmaSyncType", "sm70.mma.sync")


def MmaSyncQuadPair(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_a=False, trans_b=False):
    """sm70 quad-pair MMA (mma.sync.aligned.m8n8k4, f16 inputs, every A/B operand order): each of a warp's four quad-pairs computes its own 8x8x4 tile.

    Supported configurations:
      - 8x8x4 (f16, f16) -> f32, transA = false, transB = false
      - 8x8x4 (f16, f16) -> f16, transA = false, transB = false
      - 8x8x4 (f16, f16) -> f32, transA = true, transB = true
      - 8x8x4 (f16, f16) -> f16, transA = true, transB = true
      - 8x8x4 (f16, f16) -> f32, transA = true, transB = false
      - 8x8x4 (f16, f16) -> f16, transA = true, transB = false
      - 8x8x4 (f16, f16) -> f32, transA = false, transB = true
      - 8x8x4 (f16, f16) -> f16, transA = false, transB = true
    """
    return MmaOpSM70_MmaSyncType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
        trans_a=trans_a,
        trans_b=trans_b,
    )


# ---- atomgen:end wrappers
