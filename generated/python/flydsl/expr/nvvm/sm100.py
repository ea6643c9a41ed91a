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
# ---- atomgen:begin exports sha256:4d323d84b0a738b8
__all__.append("Tcgen05Mma")
__all__.append("Tcgen05MmaMxf4")
__all__.append("Tcgen05MmaNvf4")
__all__.append("Tcgen05MmaPair")
__all__.append("Tcgen05MmaPairTs")
__all__.append("Tcgen05MmaTs")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:ef3df4cb27a0c2c6


def _ir_type(value):
    """Accept a DSL numeric class (with `.ir_type`) or a raw `ir.Type`."""
    return getattr(value, "ir_type", value)


def _type(name):
    """An element type by its MLIR name, in the current context."""
    return ir.Type.parse(name)


def _width(value):
    """An element type's width in bits as a register holds it (tf32 takes 32)."""
    element = _ir_type(value)
    return 32 if isinstance(element, ir.FloatTF32Type) else element.width


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


MmaOpSM100_Tcgen05Mxf4Type = _binding("MmaOpSM100_Tcgen05Mxf4Type", "sm100.tcgen05.mma.mxf4")
MmaOpSM100_Tcgen05Nvf4Type = _binding("MmaOpSM100_Tcgen05Nvf4Type", "sm100.tcgen05.mma.nvf4")
MmaOpSM100_Tcgen05PairTsType = _binding("MmaOpSM100_Tcgen05PairTsType", "sm100.tcgen05.mma.pair.ts")
MmaOpSM100_Tcgen05PairType = _binding("MmaOpSM100_Tcgen05PairType", "sm100.tcgen05.mma.pair")
MmaOpSM100_Tcgen05TsType = _binding("MmaOpSM100_Tcgen05TsType", "sm100.tcgen05.mma.ts")
MmaOpSM100_Tcgen05Type = _binding("MmaOpSM100_Tcgen05Type", "sm100.tcgen05.mma")


def Tcgen05Mma(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_a=False, trans_b=False):
    """sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA), cta_group::1, kinds f16, tf32 and i8: A and B from shared-memory descriptors, D in tensor memory.

    Supported configurations:
      - 64x8x16 (f16, f16) -> f32
      - 64x16x16 (f16, f16) -> f32
      - 64x24x16 (f16, f16) -> f32
      - 64x32x16 (f16, f16) -> f32
      - 64x40x16 (f16, f16) -> f32
      - 64x48x16 (f16, f16) -> f32
      - 64x56x16 (f16, f16) -> f32
      - 64x64x16 (f16, f16) -> f32
      - 64x72x16 (f16, f16) -> f32
      - 64x80x16 (f16, f16) -> f32
      - 64x88x16 (f16, f16) -> f32
      - 64x96x16 (f16, f16) -> f32
      - 64x104x16 (f16, f16) -> f32
      - 64x112x16 (f16, f16) -> f32
      - 64x120x16 (f16, f16) -> f32
      - 64x128x16 (f16, f16) -> f32
      - 64x136x16 (f16, f16) -> f32
      - 64x144x16 (f16, f16) -> f32
      - 64x152x16 (f16, f16) -> f32
      - 64x160x16 (f16, f16) -> f32
      - 64x168x16 (f16, f16) -> f32
      - 64x176x16 (f16, f16) -> f32
      - 64x184x16 (f16, f16) -> f32
      - 64x192x16 (f16, f16) -> f32
      - ... and 368 more (the spec sm100.tcgen05.mma lists them all)
    """
    return MmaOpSM100_Tcgen05Type.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        trans_a=trans_a,
        trans_b=trans_b,
    )


def Tcgen05MmaMxf4(m, n, elem_ty_a, elem_ty_sf, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4 (MXFP4: fp4 A and B, a UE8M0 scale factor per 32 K elements), cta_group::1: A and B from shared-memory descriptors, D and the scale factors in tensor memory.

    Supported configurations:
      - 128x8x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x16x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x24x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x32x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x40x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x48x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x56x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x64x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x72x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x80x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x88x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x96x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x104x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x112x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x120x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x128x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x136x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x144x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x152x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x160x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x168x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x176x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x184x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x192x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x200x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x208x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x216x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x224x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x232x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x240x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x248x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x256x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
    """
    return MmaOpSM100_Tcgen05Mxf4Type.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
        elem_ty_sf=_ir_type(elem_ty_sf),
    )


def Tcgen05MmaNvf4(m, n, elem_ty_a, elem_ty_sf, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4nvf4 with blocks of 16 (NVFP4 with UE4M3 scale factors, or fp4 with UE8M0), cta_group::1: A and B from shared-memory descriptors, D and the scale factors in tensor memory.

    Supported configurations:
      - 128x8x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x16x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x24x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x32x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x40x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x48x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x56x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x64x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x72x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x80x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x88x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x96x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x104x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x112x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x120x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x128x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x136x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x144x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x152x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x160x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x168x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x176x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x184x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x192x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - ... and 40 more (the spec sm100.tcgen05.mma.nvf4 lists them all)
    """
    return MmaOpSM100_Tcgen05Nvf4Type.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
        elem_ty_sf=_ir_type(elem_ty_sf),
    )


def Tcgen05MmaPair(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_a=False, trans_b=False):
    """sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA) over a CTA pair, cta_group::2, kinds f16, tf32 and i8: A and B from shared-memory descriptors, D in tensor memory, each CTA holding its half.

    Supported configurations:
      - 128x16x16 (f16, f16) -> f32
      - 128x32x16 (f16, f16) -> f32
      - 128x48x16 (f16, f16) -> f32
      - 128x64x16 (f16, f16) -> f32
      - 128x80x16 (f16, f16) -> f32
      - 128x96x16 (f16, f16) -> f32
      - 128x112x16 (f16, f16) -> f32
      - 128x128x16 (f16, f16) -> f32
      - 128x144x16 (f16, f16) -> f32
      - 128x160x16 (f16, f16) -> f32
      - 128x176x16 (f16, f16) -> f32
      - 128x192x16 (f16, f16) -> f32
      - 128x208x16 (f16, f16) -> f32
      - 128x224x16 (f16, f16) -> f32
      - 128x240x16 (f16, f16) -> f32
      - 128x256x16 (f16, f16) -> f32
      - 128x16x16 (f16, f16) -> f16
      - 128x32x16 (f16, f16) -> f16
      - 128x48x16 (f16, f16) -> f16
      - 128x64x16 (f16, f16) -> f16
      - 128x80x16 (f16, f16) -> f16
      - 128x96x16 (f16, f16) -> f16
      - 128x112x16 (f16, f16) -> f16
      - 128x128x16 (f16, f16) -> f16
      - ... and 168 more (the spec sm100.tcgen05.mma.pair lists them all)
    """
    return MmaOpSM100_Tcgen05PairType.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        trans_a=trans_a,
        trans_b=trans_b,
    )


def Tcgen05MmaPairTs(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_b=False):
    """sm100a Blackwell tensor-core MMA tcgen05.mma over a CTA pair with A from tensor memory (cta_group::2, the .ts form), kinds f16, tf32 and i8: each CTA's half of A and of D in its own tensor memory, B from shared-memory descriptors.

    Supported configurations:
      - 128x32x16 (f16, f16) -> f32
      - 128x64x16 (f16, f16) -> f32
      - 128x96x16 (f16, f16) -> f32
      - 128x128x16 (f16, f16) -> f32
      - 128x160x16 (f16, f16) -> f32
      - 128x192x16 (f16, f16) -> f32
      - 128x224x16 (f16, f16) -> f32
      - 128x256x16 (f16, f16) -> f32
      - 128x32x16 (f16, f16) -> f16
      - 128x64x16 (f16, f16) -> f16
      - 128x96x16 (f16, f16) -> f16
      - 128x128x16 (f16, f16) -> f16
      - 128x160x16 (f16, f16) -> f16
      - 128x192x16 (f16, f16) -> f16
      - 128x224x16 (f16, f16) -> f16
      - 128x256x16 (f16, f16) -> f16
      - 128x32x16 (bf16, bf16) -> f32
      - 128x64x16 (bf16, bf16) -> f32
      - 128x96x16 (bf16, bf16) -> f32
      - 128x128x16 (bf16, bf16) -> f32
      - 128x160x16 (bf16, bf16) -> f32
      - 128x192x16 (bf16, bf16) -> f32
      - 128x224x16 (bf16, bf16) -> f32
      - 128x256x16 (bf16, bf16) -> f32
      - ... and 104 more (the spec sm100.tcgen05.mma.pair.ts lists them all)
    """
    return MmaOpSM100_Tcgen05PairTsType.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        trans_b=trans_b,
    )


def Tcgen05MmaTs(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_b=False):
    """sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA) with A from tensor memory (the .ts form), cta_group::1, kinds f16, tf32 and i8: A in tensor memory, B from a shared-memory descriptor, D in tensor memory.

    Supported configurations:
      - 64x8x16 (f16, f16) -> f32
      - 64x16x16 (f16, f16) -> f32
      - 64x24x16 (f16, f16) -> f32
      - 64x32x16 (f16, f16) -> f32
      - 64x40x16 (f16, f16) -> f32
      - 64x48x16 (f16, f16) -> f32
      - 64x56x16 (f16, f16) -> f32
      - 64x64x16 (f16, f16) -> f32
      - 64x72x16 (f16, f16) -> f32
      - 64x80x16 (f16, f16) -> f32
      - 64x88x16 (f16, f16) -> f32
      - 64x96x16 (f16, f16) -> f32
      - 64x104x16 (f16, f16) -> f32
      - 64x112x16 (f16, f16) -> f32
      - 64x120x16 (f16, f16) -> f32
      - 64x128x16 (f16, f16) -> f32
      - 64x136x16 (f16, f16) -> f32
      - 64x144x16 (f16, f16) -> f32
      - 64x152x16 (f16, f16) -> f32
      - 64x160x16 (f16, f16) -> f32
      - 64x168x16 (f16, f16) -> f32
      - 64x176x16 (f16, f16) -> f32
      - 64x184x16 (f16, f16) -> f32
      - 64x192x16 (f16, f16) -> f32
      - ... and 304 more (the spec sm100.tcgen05.mma.ts lists them all)
    """
    return MmaOpSM100_Tcgen05TsType.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        trans_b=trans_b,
    )


# ---- atomgen:end wrappers
