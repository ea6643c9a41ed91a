# SPDX-License-Identifier: Apache-2.0
# Copyright (c) 2025 FlyDSL Project Contributors
# Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
# adds the regions below to the hand-written DSL module of this name instead.

# ---- atomgen:begin imports sha256:10da1f458525d0a7
from ..._mlir import ir
from ..._mlir.dialects import fly_rocdl

# isort: split
# ---- atomgen:end imports

__all__ = []
# ---- atomgen:begin exports sha256:74169ca84b006ab1
__all__.append("TDM")
__all__.append("WMMAScale")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:7e4435b177f528d6


def _ir_type(value):
    """Accept a DSL numeric class (with `.ir_type`) or a raw `ir.Type`."""
    return getattr(value, "ir_type", value)


def _type(name):
    """An element type by its MLIR name, in the current context."""
    return ir.Type.parse(name)


MISSING_BINDINGS = []  # the binding classes this build of the native extension (fly_rocdl) lacks


def _binding(name, atom):
    """The binding class `name` of fly_rocdl; where this build lacks it, a stand-in whose get() raises
    (naming the class and the atom `atom`), and the name joins MISSING_BINDINGS."""
    found = getattr(fly_rocdl, name, None)
    if found is not None:
        return found
    MISSING_BINDINGS.append(name)

    class Missing:
        @staticmethod
        def get(*args, **kwargs):
            raise NotImplementedError(
                f"{name} (atom {atom}) is not in this build of FlyDSL's native extension "
                "(fly_rocdl): build FlyDSL with atomgen's generated C++ for it"
            )

    Missing.__name__ = Missing.__qualname__ = name
    return Missing


CopyOpGFX1250TDMType = _binding("CopyOpGFX1250TDMType", "gfx1250.tdm")
MmaOpGFX1250_WMMAScaleType = _binding("MmaOpGFX1250_WMMAScaleType", "gfx1250.wmma_scale")


def TDM(rank, num_warps, pad_interval=0, pad_amount=0, cache_modifier=0, atomic_barrier=False, early_timeout=False):
    """GFX1250 Tensor Data Mover: one whole N-D tile global <-> LDS per call, described by descriptor groups built from state.

    Supported configurations:
      - default
    """
    return CopyOpGFX1250TDMType.get(
        rank=rank,
        num_warps=num_warps,
        pad_interval=pad_interval,
        pad_amount=pad_amount,
        cache_modifier=cache_modifier,
        atomic_barrier=atomic_barrier,
        early_timeout=early_timeout,
    )


def WMMAScale(
    m,
    n,
    k,
    elem_ty_a,
    elem_ty_b=None,
    elem_ty_acc=None,
    *,
    opsel_a=0,
    opsel_b=0,
    mod_c=0,
    reuse_a=False,
    reuse_b=False,
    block_size=32,
):
    """GFX1250 wave32 MX-scaled WMMA (E8M0 scales in atom state): 16x16x128 f8f6f4 and 32x16x128 f4.

    Supported configurations:
      - 16x16x128 (f8E4M3FN, f8E4M3FN) -> f32, blockSize = 32
      - 16x16x128 (f8E4M3FN, f8E5M2) -> f32, blockSize = 32
      - 16x16x128 (f8E4M3FN, f6E2M3FN) -> f32, blockSize = 32
      - 16x16x128 (f8E4M3FN, f6E3M2FN) -> f32, blockSize = 32
      - 16x16x128 (f8E4M3FN, f4E2M1FN) -> f32, blockSize = 32
      - 16x16x128 (f8E5M2, f8E4M3FN) -> f32, blockSize = 32
      - 16x16x128 (f8E5M2, f8E5M2) -> f32, blockSize = 32
      - 16x16x128 (f8E5M2, f6E2M3FN) -> f32, blockSize = 32
      - 16x16x128 (f8E5M2, f6E3M2FN) -> f32, blockSize = 32
      - 16x16x128 (f8E5M2, f4E2M1FN) -> f32, blockSize = 32
      - 16x16x128 (f6E2M3FN, f8E4M3FN) -> f32, blockSize = 32
      - 16x16x128 (f6E2M3FN, f8E5M2) -> f32, blockSize = 32
      - 16x16x128 (f6E2M3FN, f6E2M3FN) -> f32, blockSize = 32
      - 16x16x128 (f6E2M3FN, f6E3M2FN) -> f32, blockSize = 32
      - 16x16x128 (f6E2M3FN, f4E2M1FN) -> f32, blockSize = 32
      - 16x16x128 (f6E3M2FN, f8E4M3FN) -> f32, blockSize = 32
      - 16x16x128 (f6E3M2FN, f8E5M2) -> f32, blockSize = 32
      - 16x16x128 (f6E3M2FN, f6E2M3FN) -> f32, blockSize = 32
      - 16x16x128 (f6E3M2FN, f6E3M2FN) -> f32, blockSize = 32
      - 16x16x128 (f6E3M2FN, f4E2M1FN) -> f32, blockSize = 32
      - 16x16x128 (f4E2M1FN, f8E4M3FN) -> f32, blockSize = 32
      - 16x16x128 (f4E2M1FN, f8E5M2) -> f32, blockSize = 32
      - 16x16x128 (f4E2M1FN, f6E2M3FN) -> f32, blockSize = 32
      - 16x16x128 (f4E2M1FN, f6E3M2FN) -> f32, blockSize = 32
      - ... and 28 more (the spec gfx1250.wmma_scale lists them all)
    """
    if elem_ty_b is None:
        elem_ty_b = elem_ty_a
    if elem_ty_acc is None:
        elem_ty_acc = _type("f32")
    return MmaOpGFX1250_WMMAScaleType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        opsel_a=opsel_a,
        opsel_b=opsel_b,
        mod_c=mod_c,
        reuse_a=reuse_a,
        reuse_b=reuse_b,
        block_size=block_size,
    )


# ---- atomgen:end wrappers
