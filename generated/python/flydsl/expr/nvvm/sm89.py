# SPDX-License-Identifier: Apache-2.0
# Copyright (c) 2026 FlyDSL Project Contributors
# Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
# adds the regions below to the hand-written DSL module of this name instead.

# ---- atomgen:begin imports sha256:ecae841a680b8260
from ..._mlir import ir
from ..._mlir.dialects.fly_nvvm import (
    MmaOpSM89_MmaSyncType,
)

# isort: split
# ---- atomgen:end imports

__all__ = []
# ---- atomgen:begin exports sha256:59a1dff6087eba0d
__all__.append("MmaSyncFP8")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:9a1e5e9d35d09aa7


def _ir_type(value):
    """Accept a DSL numeric class (with `.ir_type`) or a raw `ir.Type`."""
    return getattr(value, "ir_type", value)


def _type(name):
    """An element type by its MLIR name, in the current context."""
    return ir.Type.parse(name)


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
