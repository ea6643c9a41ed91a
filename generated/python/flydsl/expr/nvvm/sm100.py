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
# ---- atomgen:begin exports sha256:1a1e781935b4fc83
__all__.append("Tcgen05Copy")
__all__.append("Tcgen05Load")
__all__.append("Tcgen05Store")
__all__.append("Tcgen05Mma")
__all__.append("Tcgen05MmaF8f6f4")
__all__.append("Tcgen05MmaF8f6f4Mn")
__all__.append("Tcgen05MmaMxf4")
__all__.append("Tcgen05MmaMxf8f6f4")
__all__.append("Tcgen05MmaNvf4")
__all__.append("Tcgen05MmaPair")
__all__.append("Tcgen05MmaPairMxf4")
__all__.append("Tcgen05MmaPairMxf8f6f4")
__all__.append("Tcgen05MmaPairNvf4")
__all__.append("Tcgen05MmaPairTs")
__all__.append("Tcgen05MmaTs")
__all__.append("Tcgen05MmaWs")
__all__.append("Tcgen05MmaWsF8f6f4")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:b7cfd8d5d7d6d929


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


CopyOpSM100_Tcgen05CpType = _binding("CopyOpSM100_Tcgen05CpType", "sm100.tcgen05.cp")
CopyOpSM100_Tcgen05LdType = _binding("CopyOpSM100_Tcgen05LdType", "sm100.tcgen05.ld")
CopyOpSM100_Tcgen05StType = _binding("CopyOpSM100_Tcgen05StType", "sm100.tcgen05.st")
MmaOpSM100_Tcgen05F8f6f4MnType = _binding("MmaOpSM100_Tcgen05F8f6f4MnType", "sm100.tcgen05.mma.f8f6f4_mn")
MmaOpSM100_Tcgen05F8f6f4Type = _binding("MmaOpSM100_Tcgen05F8f6f4Type", "sm100.tcgen05.mma.f8f6f4")
MmaOpSM100_Tcgen05Mxf4Type = _binding("MmaOpSM100_Tcgen05Mxf4Type", "sm100.tcgen05.mma.mxf4")
MmaOpSM100_Tcgen05Mxf8f6f4Type = _binding("MmaOpSM100_Tcgen05Mxf8f6f4Type", "sm100.tcgen05.mma.mxf8f6f4")
MmaOpSM100_Tcgen05Nvf4Type = _binding("MmaOpSM100_Tcgen05Nvf4Type", "sm100.tcgen05.mma.nvf4")
MmaOpSM100_Tcgen05PairMxf4Type = _binding("MmaOpSM100_Tcgen05PairMxf4Type", "sm100.tcgen05.mma.pair.mxf4")
MmaOpSM100_Tcgen05PairMxf8f6f4Type = _binding("MmaOpSM100_Tcgen05PairMxf8f6f4Type", "sm100.tcgen05.mma.pair.mxf8f6f4")
MmaOpSM100_Tcgen05PairNvf4Type = _binding("MmaOpSM100_Tcgen05PairNvf4Type", "sm100.tcgen05.mma.pair.nvf4")
MmaOpSM100_Tcgen05PairTsType = _binding("MmaOpSM100_Tcgen05PairTsType", "sm100.tcgen05.mma.pair.ts")
MmaOpSM100_Tcgen05PairType = _binding("MmaOpSM100_Tcgen05PairType", "sm100.tcgen05.mma.pair")
MmaOpSM100_Tcgen05TsType = _binding("MmaOpSM100_Tcgen05TsType", "sm100.tcgen05.mma.ts")
MmaOpSM100_Tcgen05Type = _binding("MmaOpSM100_Tcgen05Type", "sm100.tcgen05.mma")
MmaOpSM100_Tcgen05WsF8f6f4Type = _binding("MmaOpSM100_Tcgen05WsF8f6f4Type", "sm100.tcgen05.mma.ws.f8f6f4")
MmaOpSM100_Tcgen05WsType = _binding("MmaOpSM100_Tcgen05WsType", "sm100.tcgen05.mma.ws")


def Tcgen05Copy(rows, bits, multicast):
    """sm100a tcgen05.cp.cta_group::1 (UTCCP): one thread copies a shared-memory matrix, named by its 64-bit descriptor, into tensor memory: 128x256b, 4x256b, 128x128b, 64x128b (.warpx2::02_13 / ::01_23) or 32x128b (.warpx4).

    Supported configurations:
      - rows = 128, bits = 256, multicast = none
      - rows = 4, bits = 256, multicast = none
      - rows = 128, bits = 128, multicast = none
      - rows = 64, bits = 128, multicast = warpx2_02_13
      - rows = 64, bits = 128, multicast = warpx2_01_23
      - rows = 32, bits = 128, multicast = warpx4
    """
    return CopyOpSM100_Tcgen05CpType.get(
        rows=rows,
        bits=bits,
        multicast=_enum_value(multicast, {"none": 0, "warpx2_02_13": 1, "warpx2_01_23": 2, "warpx4": 3}),
    )


def Tcgen05Load(dp, bits, num, pack=False):
    """sm100a warp-collective tcgen05.ld (tensor memory -> registers): a dp x bits data-path shape (32x32b, 16x32bx2, 16x64b, 16x128b, 16x256b) repeated num times along the columns, optionally .pack::16b.

    Supported configurations:
      - dp = 32, bits = 32, num = 1, pack = false
      - dp = 32, bits = 32, num = 2, pack = false
      - dp = 32, bits = 32, num = 4, pack = false
      - dp = 32, bits = 32, num = 8, pack = false
      - dp = 32, bits = 32, num = 16, pack = false
      - dp = 32, bits = 32, num = 32, pack = false
      - dp = 32, bits = 32, num = 64, pack = false
      - dp = 32, bits = 32, num = 128, pack = false
      - dp = 32, bits = 32, num = 1, pack = true
      - dp = 32, bits = 32, num = 2, pack = true
      - dp = 32, bits = 32, num = 4, pack = true
      - dp = 32, bits = 32, num = 8, pack = true
      - dp = 32, bits = 32, num = 16, pack = true
      - dp = 32, bits = 32, num = 32, pack = true
      - dp = 32, bits = 32, num = 64, pack = true
      - dp = 32, bits = 32, num = 128, pack = true
      - dp = 16, bits = 32, num = 1, pack = false
      - dp = 16, bits = 32, num = 2, pack = false
      - dp = 16, bits = 32, num = 4, pack = false
      - dp = 16, bits = 32, num = 8, pack = false
      - dp = 16, bits = 32, num = 16, pack = false
      - dp = 16, bits = 32, num = 32, pack = false
      - dp = 16, bits = 32, num = 64, pack = false
      - dp = 16, bits = 32, num = 128, pack = false
      - ... and 50 more (the spec sm100.tcgen05.ld lists them all)
    """
    return CopyOpSM100_Tcgen05LdType.get(dp=dp, bits=bits, num=num, pack=pack)


def Tcgen05Store(dp, bits, num, unpack=False):
    """sm100a warp-collective tcgen05.st (registers -> tensor memory): a dp x bits data-path shape (32x32b, 16x32bx2, 16x64b, 16x128b, 16x256b) repeated num times along the columns, optionally .unpack::16b.

    Supported configurations:
      - dp = 32, bits = 32, num = 1, unpack = false
      - dp = 32, bits = 32, num = 2, unpack = false
      - dp = 32, bits = 32, num = 4, unpack = false
      - dp = 32, bits = 32, num = 8, unpack = false
      - dp = 32, bits = 32, num = 16, unpack = false
      - dp = 32, bits = 32, num = 32, unpack = false
      - dp = 32, bits = 32, num = 64, unpack = false
      - dp = 32, bits = 32, num = 128, unpack = false
      - dp = 32, bits = 32, num = 1, unpack = true
      - dp = 32, bits = 32, num = 2, unpack = true
      - dp = 32, bits = 32, num = 4, unpack = true
      - dp = 32, bits = 32, num = 8, unpack = true
      - dp = 32, bits = 32, num = 16, unpack = true
      - dp = 32, bits = 32, num = 32, unpack = true
      - dp = 32, bits = 32, num = 64, unpack = true
      - dp = 32, bits = 32, num = 128, unpack = true
      - dp = 16, bits = 32, num = 1, unpack = false
      - dp = 16, bits = 32, num = 2, unpack = false
      - dp = 16, bits = 32, num = 4, unpack = false
      - dp = 16, bits = 32, num = 8, unpack = false
      - dp = 16, bits = 32, num = 16, unpack = false
      - dp = 16, bits = 32, num = 32, unpack = false
      - dp = 16, bits = 32, num = 64, unpack = false
      - dp = 16, bits = 32, num = 128, unpack = false
      - ... and 50 more (the spec sm100.tcgen05.st lists them all)
    """
    return CopyOpSM100_Tcgen05StType.get(dp=dp, bits=bits, num=num, unpack=unpack)


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


def Tcgen05MmaF8f6f4(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell tensor-core MMA tcgen05.mma kind::f8f6f4 (dense fp8 / fp6 / fp4), cta_group::1: A and B from shared-memory descriptors, D in tensor memory; A's and B's formats are descriptor parameters, not instance columns.

    Supported configurations:
      - 64x8x32, elemTyAcc = f32
      - 64x16x32, elemTyAcc = f32
      - 64x24x32, elemTyAcc = f32
      - 64x32x32, elemTyAcc = f32
      - 64x40x32, elemTyAcc = f32
      - 64x48x32, elemTyAcc = f32
      - 64x56x32, elemTyAcc = f32
      - 64x64x32, elemTyAcc = f32
      - 64x72x32, elemTyAcc = f32
      - 64x80x32, elemTyAcc = f32
      - 64x88x32, elemTyAcc = f32
      - 64x96x32, elemTyAcc = f32
      - 64x104x32, elemTyAcc = f32
      - 64x112x32, elemTyAcc = f32
      - 64x120x32, elemTyAcc = f32
      - 64x128x32, elemTyAcc = f32
      - 64x136x32, elemTyAcc = f32
      - 64x144x32, elemTyAcc = f32
      - 64x152x32, elemTyAcc = f32
      - 64x160x32, elemTyAcc = f32
      - 64x168x32, elemTyAcc = f32
      - 64x176x32, elemTyAcc = f32
      - 64x184x32, elemTyAcc = f32
      - 64x192x32, elemTyAcc = f32
      - ... and 104 more (the spec sm100.tcgen05.mma.f8f6f4 lists them all)
    """
    return MmaOpSM100_Tcgen05F8f6f4Type.get(
        m=m,
        n=n,
        k=32,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
    )


def Tcgen05MmaF8f6f4Mn(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_a=False, trans_b=False):
    """sm100a Blackwell tensor-core MMA tcgen05.mma kind::f8f6f4 with fp8 A and B (e4m3, e5m2) in either major, cta_group::1: A and B from shared-memory descriptors, D in tensor memory; formats and majors are descriptor parameters.

    Supported configurations:
      - 64x16x32, elemTyAcc = f32
      - 64x32x32, elemTyAcc = f32
      - 64x48x32, elemTyAcc = f32
      - 64x64x32, elemTyAcc = f32
      - 64x80x32, elemTyAcc = f32
      - 64x96x32, elemTyAcc = f32
      - 64x112x32, elemTyAcc = f32
      - 64x128x32, elemTyAcc = f32
      - 64x144x32, elemTyAcc = f32
      - 64x160x32, elemTyAcc = f32
      - 64x176x32, elemTyAcc = f32
      - 64x192x32, elemTyAcc = f32
      - 64x208x32, elemTyAcc = f32
      - 64x224x32, elemTyAcc = f32
      - 64x240x32, elemTyAcc = f32
      - 64x256x32, elemTyAcc = f32
      - 64x16x32, elemTyAcc = f16
      - 64x32x32, elemTyAcc = f16
      - 64x48x32, elemTyAcc = f16
      - 64x64x32, elemTyAcc = f16
      - 64x80x32, elemTyAcc = f16
      - 64x96x32, elemTyAcc = f16
      - 64x112x32, elemTyAcc = f16
      - 64x128x32, elemTyAcc = f16
      - ... and 40 more (the spec sm100.tcgen05.mma.f8f6f4_mn lists them all)
    """
    return MmaOpSM100_Tcgen05F8f6f4MnType.get(
        m=m,
        n=n,
        k=32,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
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


def Tcgen05MmaMxf8f6f4(m, n, elem_ty_a, elem_ty_sf, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf8f6f4 (MXFP8/6/4: A and B each e4m3, e5m2, e2m3, e3m2 or e2m1, a UE8M0 factor per 32 K elements), cta_group::1; the formats are descriptor parameters.

    Supported configurations:
      - 128x8x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x16x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x24x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x32x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x40x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x48x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x56x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x64x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x72x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x80x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x88x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x96x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x104x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x112x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x120x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x128x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x136x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x144x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x152x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x160x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x168x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x176x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x184x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x192x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x200x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x208x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x216x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x224x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x232x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x240x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x248x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 128x256x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
    """
    return MmaOpSM100_Tcgen05Mxf8f6f4Type.get(
        m=m,
        n=n,
        k=32,
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


def Tcgen05MmaPairMxf4(m, n, elem_ty_a, elem_ty_sf, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4 (fp4 A and B, a UE8M0 factor per 32 K elements) over a CTA pair (cta_group::2, M = 128 or 256).

    Supported configurations:
      - 128x16x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x32x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x48x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x64x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x80x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x96x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x112x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x128x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x144x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x160x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x176x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x192x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x208x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x224x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x240x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x256x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x16x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x32x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x48x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x64x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x80x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x96x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x112x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x128x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x144x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x160x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x176x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x192x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x208x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x224x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x240x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x256x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
    """
    return MmaOpSM100_Tcgen05PairMxf4Type.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
        elem_ty_sf=_ir_type(elem_ty_sf),
    )


def Tcgen05MmaPairMxf8f6f4(m, n, elem_ty_a, elem_ty_sf, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf8f6f4 over a CTA pair (cta_group::2, M = 256): A and B each e4m3, e5m2, e2m3, e3m2 or e2m1, a UE8M0 factor per 32 K elements; the formats are descriptor parameters.

    Supported configurations:
      - 256x16x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x32x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x48x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x64x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x80x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x96x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x112x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x128x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x144x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x160x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x176x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x192x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x208x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x224x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x240x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
      - 256x256x32, elemTyAcc = f32, elemTySF = f8E8M0FNU
    """
    return MmaOpSM100_Tcgen05PairMxf8f6f4Type.get(
        m=m,
        n=n,
        k=32,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
        elem_ty_sf=_ir_type(elem_ty_sf),
    )


def Tcgen05MmaPairNvf4(m, n, elem_ty_a, elem_ty_sf, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4nvf4 (fp4 A and B, a UE8M0 or UE4M3 factor per 16 K elements) over a CTA pair (cta_group::2, M = 128 or 256).

    Supported configurations:
      - 128x16x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x32x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x48x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x64x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x80x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x96x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x112x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x128x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x144x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x160x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x176x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x192x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x208x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x224x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x240x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 128x256x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x16x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x32x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x48x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x64x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x80x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x96x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x112x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - 256x128x64 (f4E2M1FN, f4E2M1FN) -> f32, elemTySF = f8E8M0FNU
      - ... and 40 more (the spec sm100.tcgen05.mma.pair.nvf4 lists them all)
    """
    return MmaOpSM100_Tcgen05PairNvf4Type.get(
        m=m,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
        elem_ty_sf=_ir_type(elem_ty_sf),
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


def Tcgen05MmaWs(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_a=False, trans_b=False):
    """sm100a Blackwell tensor-core MMA tcgen05.mma.ws (weight-stationary), cta_group::1, kinds f16, tf32 and i8: A and B from shared-memory descriptors, D in tensor memory, M 32 / 64 / 128, N 64 / 128 / 256.

    Supported configurations:
      - 32x64x16 (f16, f16) -> f32
      - 32x128x16 (f16, f16) -> f32
      - 32x256x16 (f16, f16) -> f32
      - 64x64x16 (f16, f16) -> f32
      - 64x128x16 (f16, f16) -> f32
      - 64x256x16 (f16, f16) -> f32
      - 128x64x16 (f16, f16) -> f32
      - 128x128x16 (f16, f16) -> f32
      - 128x256x16 (f16, f16) -> f32
      - 32x64x16 (f16, f16) -> f16
      - 32x128x16 (f16, f16) -> f16
      - 32x256x16 (f16, f16) -> f16
      - 64x64x16 (f16, f16) -> f16
      - 64x128x16 (f16, f16) -> f16
      - 64x256x16 (f16, f16) -> f16
      - 128x64x16 (f16, f16) -> f16
      - 128x128x16 (f16, f16) -> f16
      - 128x256x16 (f16, f16) -> f16
      - 32x64x16 (bf16, bf16) -> f32
      - 32x128x16 (bf16, bf16) -> f32
      - 32x256x16 (bf16, bf16) -> f32
      - 64x64x16 (bf16, bf16) -> f32
      - 64x128x16 (bf16, bf16) -> f32
      - 64x256x16 (bf16, bf16) -> f32
      - ... and 48 more (the spec sm100.tcgen05.mma.ws lists them all)
    """
    return MmaOpSM100_Tcgen05WsType.get(
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


def Tcgen05MmaWsF8f6f4(m, n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None):
    """sm100a Blackwell tensor-core MMA tcgen05.mma.ws kind::f8f6f4 (weight-stationary, dense fp8 / fp6 / fp4), cta_group::1, M 32 / 64 / 128, N 64 / 128 / 256: A and B from shared-memory descriptors, D in tensor memory; A's and B's formats are descriptor parameters, not instance columns.

    Supported configurations:
      - 32x64x32, elemTyAcc = f32
      - 32x128x32, elemTyAcc = f32
      - 32x256x32, elemTyAcc = f32
      - 32x64x32, elemTyAcc = f16
      - 32x128x32, elemTyAcc = f16
      - 32x256x32, elemTyAcc = f16
      - 64x64x32, elemTyAcc = f32
      - 64x128x32, elemTyAcc = f32
      - 64x256x32, elemTyAcc = f32
      - 64x64x32, elemTyAcc = f16
      - 64x128x32, elemTyAcc = f16
      - 64x256x32, elemTyAcc = f16
      - 128x64x32, elemTyAcc = f32
      - 128x128x32, elemTyAcc = f32
      - 128x256x32, elemTyAcc = f32
      - 128x64x32, elemTyAcc = f16
      - 128x128x32, elemTyAcc = f16
      - 128x256x32, elemTyAcc = f16
    """
    return MmaOpSM100_Tcgen05WsF8f6f4Type.get(
        m=m,
        n=n,
        k=32,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
    )


# ---- atomgen:end wrappers
