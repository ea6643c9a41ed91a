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
# ---- atomgen:begin exports sha256:dd9af0d6970696bf
__all__.append("BufferAtomic")
__all__.append("BufferAtomicAdd")
__all__.append("BufferAtomicMax")
__all__.append("BufferAtomicMin")
__all__.append("BufferCopy")
__all__.append("BufferCopy8b")
__all__.append("BufferCopy16b")
__all__.append("BufferCopy32b")
__all__.append("BufferCopy64b")
__all__.append("BufferCopy128b")
__all__.append("BufferCopyLDS")
__all__.append("BufferCopyLDS32b")
__all__.append("BufferCopyLDS128b")
__all__.append("MFMA")
__all__.append("MFMAExt")
__all__.append("MFMAMultiBlock")
__all__.append("SMFMAC")
__all__.append("WMMA_gfx11")
__all__.append("WMMAOpsel_gfx11")
__all__.append("WMMAOpselWave64_gfx11")
__all__.append("WMMAWave64_gfx11")
__all__.append("SWMMAC_gfx120x")
__all__.append("SWMMACWave64_gfx120x")
__all__.append("SWMMACWave64IU4_gfx120x")
__all__.append("WMMA_gfx120x")
__all__.append("WMMAWave64_gfx120x")
__all__.append("WMMAWave64IU4_gfx120x")
__all__.append("WMMA_gfx1250")
__all__.append("WMMA_F8F6F4_gfx1250")
__all__.append("WMMA_BF16F32_gfx1250")
__all__.append("WMMA")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:d968ba9109884285


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


CopyOpCDNA3BufferAtomicType = _binding("CopyOpCDNA3BufferAtomicType", "cdna3.buffer_atomic")
CopyOpCDNA3BufferCopyLDSType = _binding("CopyOpCDNA3BufferCopyLDSType", "cdna3.buffer_copy_lds")
CopyOpCDNA3BufferCopyType = _binding("CopyOpCDNA3BufferCopyType", "cdna3.buffer_copy")
MmaOpCDNA3_MFMAExtType = _binding("MmaOpCDNA3_MFMAExtType", "cdna3.mfma_ext")
MmaOpCDNA3_MFMAMultiBlockType = _binding("MmaOpCDNA3_MFMAMultiBlockType", "cdna3.mfma_multiblock")
MmaOpCDNA3_MFMAType = _binding("MmaOpCDNA3_MFMAType", "cdna3.mfma")
MmaOpCDNA3_SMFMACType = _binding("MmaOpCDNA3_SMFMACType", "cdna3.smfmac")
MmaOpGFX11_WMMAOpselType = _binding("MmaOpGFX11_WMMAOpselType", "gfx11.wmma_opsel")
MmaOpGFX11_WMMAOpselWave64Type = _binding("MmaOpGFX11_WMMAOpselWave64Type", "gfx11.wmma_opsel_wave64")
MmaOpGFX11_WMMAType = _binding("MmaOpGFX11_WMMAType", "gfx11.wmma")
MmaOpGFX11_WMMAWave64Type = _binding("MmaOpGFX11_WMMAWave64Type", "gfx11.wmma_wave64")
MmaOpGFX120X_SWMMACType = _binding("MmaOpGFX120X_SWMMACType", "gfx120x.swmmac")
MmaOpGFX120X_SWMMACWave64IU4Type = _binding("MmaOpGFX120X_SWMMACWave64IU4Type", "gfx120x.swmmac_wave64_iu4")
MmaOpGFX120X_SWMMACWave64Type = _binding("MmaOpGFX120X_SWMMACWave64Type", "gfx120x.swmmac_wave64")
MmaOpGFX120X_WMMAType = _binding("MmaOpGFX120X_WMMAType", "gfx120x.wmma")
MmaOpGFX120X_WMMAWave64IU4Type = _binding("MmaOpGFX120X_WMMAWave64IU4Type", "gfx120x.wmma_wave64_iu4")
MmaOpGFX120X_WMMAWave64Type = _binding("MmaOpGFX120X_WMMAWave64Type", "gfx120x.wmma_wave64")
MmaOpGFX1250_WMMA_BF16F32Type = _binding("MmaOpGFX1250_WMMA_BF16F32Type", "gfx1250.wmma_bf16f32")
MmaOpGFX1250_WMMAF8F6F4Type = _binding("MmaOpGFX1250_WMMAF8F6F4Type", "gfx1250.wmma_f8f6f4")
MmaOpGFX1250_WMMAType = _binding("MmaOpGFX1250_WMMAType", "gfx1250.wmma")


def BufferAtomic(atomic_op, val_type):
    """Per-thread buffer atomic read-modify-write of one valType value into a buffer_desc destination.

    Supported configurations:
      - atomicOp = add, valType = f32
      - atomicOp = add, valType = vector<2xf16>
      - atomicOp = add, valType = vector<2xbf16>
      - atomicOp = add, valType = f64
      - atomicOp = max, valType = f64
      - atomicOp = max, valType = i32
      - atomicOp = min, valType = i32
    """
    return CopyOpCDNA3BufferAtomicType.get(
        atomic_op=_enum_value(atomic_op, {"add": 0, "max": 1, "min": 2, "and": 3, "or": 4, "inc": 5, "dec": 6}),
        val_type=_ir_type(val_type),
    )


def BufferAtomicAdd(val_type):
    """`BufferAtomic` with atomic_op='add' (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferAtomicType.get(atomic_op="add", val_type=_ir_type(val_type))


def BufferAtomicMax(val_type):
    """`BufferAtomic` with atomic_op='max' (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferAtomicType.get(atomic_op="max", val_type=_ir_type(val_type))


def BufferAtomicMin(val_type):
    """`BufferAtomic` with atomic_op='min' (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferAtomicType.get(atomic_op="min", val_type=_ir_type(val_type))


def BufferCopy(bit_size, cache_modifier=0):
    """Per-thread raw buffer load or store of bitSize bits through a buffer resource (direction from which side is a buffer_desc).

    Supported configurations:
      - bitSize = 8
      - bitSize = 16
      - bitSize = 32
      - bitSize = 64
      - bitSize = 128
    """
    return CopyOpCDNA3BufferCopyType.get(bit_size=bit_size, cache_modifier=cache_modifier)


def BufferCopy8b(cache_modifier=0):
    """`BufferCopy` with bit_size=8 (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferCopyType.get(bit_size=8, cache_modifier=cache_modifier)


def BufferCopy16b(cache_modifier=0):
    """`BufferCopy` with bit_size=16 (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferCopyType.get(bit_size=16, cache_modifier=cache_modifier)


def BufferCopy32b(cache_modifier=0):
    """`BufferCopy` with bit_size=32 (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferCopyType.get(bit_size=32, cache_modifier=cache_modifier)


def BufferCopy64b(cache_modifier=0):
    """`BufferCopy` with bit_size=64 (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferCopyType.get(bit_size=64, cache_modifier=cache_modifier)


def BufferCopy128b(cache_modifier=0):
    """`BufferCopy` with bit_size=128 (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferCopyType.get(bit_size=128, cache_modifier=cache_modifier)


def BufferCopyLDS(bit_size):
    """Per-thread buffer load written directly to LDS (LDS DMA): src buffer_desc, dst shared.

    Supported configurations:
      - bitSize = 32
      - bitSize = 128
    """
    return CopyOpCDNA3BufferCopyLDSType.get(bit_size=bit_size)


def BufferCopyLDS32b():
    """`BufferCopyLDS` with bit_size=32 (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferCopyLDSType.get(bit_size=32)


def BufferCopyLDS128b():
    """`BufferCopyLDS` with bit_size=128 (its docstring lists the configurations)."""
    return CopyOpCDNA3BufferCopyLDSType.get(bit_size=128)


def MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None):
    """CDNA3/CDNA4 wave64 matrix fused multiply-add (MFMA), one single-block instruction per MxNxK tile.

    Supported configurations:
      - 32x32x2 (f32, f32) -> f32
      - 16x16x4 (f32, f32) -> f32
      - 32x32x8 (f16, f16) -> f32
      - 16x16x16 (f16, f16) -> f32
      - 16x16x32 (f16, f16) -> f32
      - 32x32x16 (f16, f16) -> f32
      - 32x32x8 (bf16, bf16) -> f32
      - 16x16x16 (bf16, bf16) -> f32
      - 16x16x32 (bf16, bf16) -> f32
      - 32x32x16 (bf16, bf16) -> f32
      - 16x16x32 (f8E4M3FNUZ, f8E4M3FNUZ) -> f32
      - 16x16x32 (f8E4M3FNUZ, f8E5M2FNUZ) -> f32
      - 16x16x32 (f8E5M2FNUZ, f8E4M3FNUZ) -> f32
      - 16x16x32 (f8E5M2FNUZ, f8E5M2FNUZ) -> f32
      - 16x16x32 (f8E4M3FN, f8E4M3FN) -> f32
      - 32x32x16 (f8E4M3FNUZ, f8E4M3FNUZ) -> f32
      - 32x32x16 (f8E4M3FNUZ, f8E5M2FNUZ) -> f32
      - 32x32x16 (f8E5M2FNUZ, f8E4M3FNUZ) -> f32
      - 32x32x16 (f8E5M2FNUZ, f8E5M2FNUZ) -> f32
      - 32x32x16 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x32 (i8, i8) -> i32
      - 32x32x16 (i8, i8) -> i32
    """
    return MmaOpCDNA3_MFMAType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_ab),
        elem_ty_b=_ir_type(elem_ty_ab),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
    )


def MFMAExt(m, n, k, elem_ty_ab, elem_ty_acc=None):
    """CDNA3/CDNA4 single-block MFMAs FlyDSL has no atom for: xf32 (gfx942 only), f64 16x16x4, the gfx950 i8 K-doubled forms and the gfx950 OCP fp8/bf8 pairs with bf8 (E5M2).

    Supported configurations:
      - 16x16x8 (f32, f32) -> f32
      - 32x32x4 (f32, f32) -> f32
      - 16x16x4 (f64, f64) -> f64
      - 16x16x64 (i8, i8) -> i32
      - 32x32x32 (i8, i8) -> i32
      - 16x16x32 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x32 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x32 (f8E5M2, f8E5M2) -> f32
      - 32x32x16 (f8E4M3FN, f8E5M2) -> f32
      - 32x32x16 (f8E5M2, f8E4M3FN) -> f32
      - 32x32x16 (f8E5M2, f8E5M2) -> f32
    """
    return MmaOpCDNA3_MFMAExtType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_ab),
        elem_ty_b=_ir_type(elem_ty_ab),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else elem_ty_ab)),
    )


def MFMAMultiBlock(m, n, k, blocks, elem_ty_ab, elem_ty_acc=None):
    """CDNA3 multi-block MFMA (v_mfma_*_<M>x<N>x<K>_<B>b_*): one wave64 instruction computes B independent MxNxK products.

    Supported configurations:
      - 32x32x1 (f32, f32) -> f32, b = 2
      - 16x16x1 (f32, f32) -> f32, b = 4
      - 4x4x1 (f32, f32) -> f32, b = 16
      - 32x32x4 (f16, f16) -> f32, b = 2
      - 16x16x4 (f16, f16) -> f32, b = 4
      - 4x4x4 (f16, f16) -> f32, b = 16
      - 32x32x4 (bf16, bf16) -> f32, b = 2
      - 16x16x4 (bf16, bf16) -> f32, b = 4
      - 4x4x4 (bf16, bf16) -> f32, b = 16
      - 32x32x4 (i8, i8) -> i32, b = 2
      - 16x16x4 (i8, i8) -> i32, b = 4
      - 4x4x4 (i8, i8) -> i32, b = 16
      - 4x4x4 (f64, f64) -> f64, b = 4
    """
    return MmaOpCDNA3_MFMAMultiBlockType.get(
        m=m,
        n=n,
        k=k,
        blocks=blocks,
        elem_ty_a=_ir_type(elem_ty_ab),
        elem_ty_b=_ir_type(elem_ty_ab),
        elem_ty_acc=_ir_type((elem_ty_acc if elem_ty_acc is not None else _type("f32"))),
    )


def SMFMAC(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, abid=0):
    """CDNA3 sparse MFMA (v_smfmac_*): A is 2:4 structured-sparse along K and holds only its nonzeros; a 32-bit VGPR of compression indices says where they sit.

    Supported configurations:
      - 16x16x32 (f16, f16) -> f32
      - 16x16x32 (bf16, bf16) -> f32
      - 32x32x16 (f16, f16) -> f32
      - 32x32x16 (bf16, bf16) -> f32
      - 16x16x64 (i8, i8) -> i32
      - 16x16x64 (i8, i8) -> i32
      - 16x16x64 (f8E4M3FNUZ, f8E4M3FNUZ) -> f32
      - 16x16x64 (f8E4M3FNUZ, f8E4M3FNUZ) -> f32
      - 16x16x64 (f8E4M3FNUZ, f8E5M2FNUZ) -> f32
      - 16x16x64 (f8E4M3FNUZ, f8E5M2FNUZ) -> f32
      - 16x16x64 (f8E5M2FNUZ, f8E4M3FNUZ) -> f32
      - 16x16x64 (f8E5M2FNUZ, f8E4M3FNUZ) -> f32
      - 16x16x64 (f8E5M2FNUZ, f8E5M2FNUZ) -> f32
      - 16x16x64 (f8E5M2FNUZ, f8E5M2FNUZ) -> f32
      - 32x32x32 (i8, i8) -> i32
      - 32x32x32 (i8, i8) -> i32
      - 32x32x32 (f8E4M3FNUZ, f8E4M3FNUZ) -> f32
      - 32x32x32 (f8E4M3FNUZ, f8E4M3FNUZ) -> f32
      - 32x32x32 (f8E4M3FNUZ, f8E5M2FNUZ) -> f32
      - 32x32x32 (f8E4M3FNUZ, f8E5M2FNUZ) -> f32
      - 32x32x32 (f8E5M2FNUZ, f8E4M3FNUZ) -> f32
      - 32x32x32 (f8E5M2FNUZ, f8E4M3FNUZ) -> f32
      - 32x32x32 (f8E5M2FNUZ, f8E5M2FNUZ) -> f32
      - 32x32x32 (f8E5M2FNUZ, f8E5M2FNUZ) -> f32
    """
    return MmaOpCDNA3_SMFMACType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        abid=abid,
    )


def WMMA_gfx11(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False):
    """GFX11 (RDNA3/3.5) wave32 WMMA 16x16x16; A/B are replicated across the two lane halves.

    Supported configurations:
      - 16x16x16 (f16, f16) -> f32
      - 16x16x16 (bf16, bf16) -> f32
      - 16x16x16 (i8, i8) -> i32
      - 16x16x16 (i4, i4) -> i32
    """
    return MmaOpGFX11_WMMAType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
    )


def WMMAOpsel_gfx11(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, opsel=False):
    """GFX11 (RDNA3/3.5) wave32 WMMA with a 16-bit accumulator (f16 -> f16, bf16 -> bf16, 16x16x16): each result sits in one half of a 32-bit register, the half OPSEL chooses.

    Supported configurations:
      - 16x16x16 (f16, f16) -> f16
      - 16x16x16 (bf16, bf16) -> bf16
    """
    return MmaOpGFX11_WMMAOpselType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        opsel=opsel,
    )


def WMMAOpselWave64_gfx11(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, opsel=False):
    """GFX11 (RDNA3/3.5) wave64 WMMA with a 16-bit accumulator (f16 -> f16, bf16 -> bf16, 16x16x16): each result sits in one half of a 32-bit register, the half OPSEL chooses.

    Supported configurations:
      - 16x16x16 (f16, f16) -> f16
      - 16x16x16 (bf16, bf16) -> bf16
    """
    return MmaOpGFX11_WMMAOpselWave64Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        opsel=opsel,
    )


def WMMAWave64_gfx11(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False):
    """GFX11 (RDNA3/3.5) wave64 WMMA 16x16x16: A/B replicated across the four 16-lane groups, D rows 4*v + lane/16.

    Supported configurations:
      - 16x16x16 (f16, f16) -> f32
      - 16x16x16 (bf16, bf16) -> f32
      - 16x16x16 (i8, i8) -> i32
      - 16x16x16 (i4, i4) -> i32
    """
    return MmaOpGFX11_WMMAWave64Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
    )


def SWMMAC_gfx120x(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False, index_key=0):
    """GFX120x (RDNA4) wave32 sparse WMMA (v_swmmac_*): A is 2:4 structured-sparse along K and holds only its nonzeros; a VGPR of compression indices says where they sit.

    Supported configurations:
      - 16x16x32 (f16, f16) -> f32
      - 16x16x32 (bf16, bf16) -> f32
      - 16x16x32 (f16, f16) -> f16
      - 16x16x32 (i8, i8) -> i32
      - 16x16x32 (i4, i4) -> i32
      - 16x16x64 (i4, i4) -> i32
      - 16x16x32 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x32 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x32 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x32 (f8E5M2, f8E5M2) -> f32
      - 16x16x32 (bf16, bf16) -> bf16
    """
    return MmaOpGFX120X_SWMMACType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
        index_key=index_key,
    )


def SWMMACWave64_gfx120x(
    m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False, index_key=0
):
    """GFX120x (RDNA4) wave64 sparse WMMA (v_swmmac_* issued by a 64-lane wave): A 2:4 structured-sparse along K holding only its nonzeros, a VGPR of compression indices, half the registers per lane of wave32.

    Supported configurations:
      - 16x16x32 (f16, f16) -> f32
      - 16x16x32 (bf16, bf16) -> f32
      - 16x16x32 (f16, f16) -> f16
      - 16x16x32 (i8, i8) -> i32
      - 16x16x64 (i4, i4) -> i32
      - 16x16x64 (i4, i4) -> i32
      - 16x16x32 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x32 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x32 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x32 (f8E5M2, f8E5M2) -> f32
      - 16x16x32 (bf16, bf16) -> bf16
    """
    return MmaOpGFX120X_SWMMACWave64Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
        index_key=index_key,
    )


def SWMMACWave64IU4_gfx120x(
    m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False, index_key=0
):
    """GFX120x (RDNA4) wave64 v_swmmac_i32_16x16x32_iu4: A and its compression indices are read from lanes 0-31 only (lanes 32-63 hold a copy); B and D take the whole wave.

    Supported configurations:
      - 16x16x32 (i4, i4) -> i32
    """
    return MmaOpGFX120X_SWMMACWave64IU4Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
        index_key=index_key,
    )


def WMMA_gfx120x(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False):
    """GFX120x (RDNA4 gfx1200/gfx1201) wave32 WMMA: f16/bf16 -> f32, f16 -> f16, bf16 -> bf16, fp8/bf8 -> f32, iu8/iu4 -> i32 (16x16x16; iu4 also 16x16x32).

    Supported configurations:
      - 16x16x16 (f16, f16) -> f32
      - 16x16x16 (bf16, bf16) -> f32
      - 16x16x16 (f16, f16) -> f16
      - 16x16x16 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x16 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x16 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x16 (f8E5M2, f8E5M2) -> f32
      - 16x16x16 (i8, i8) -> i32
      - 16x16x16 (i4, i4) -> i32
      - 16x16x32 (i4, i4) -> i32
      - 16x16x16 (bf16, bf16) -> bf16
    """
    return MmaOpGFX120X_WMMAType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
    )


def WMMAWave64_gfx120x(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False):
    """GFX120x (RDNA4 gfx1200/gfx1201) wave64 WMMA 16x16x16 f16/bf16/fp8/bf8/iu8 (bf16 -> bf16 too) and 16x16x32 iu4: the wave32 instructions issued by a 64-lane wave, half the registers per lane.

    Supported configurations:
      - 16x16x16 (f16, f16) -> f32
      - 16x16x16 (bf16, bf16) -> f32
      - 16x16x16 (f16, f16) -> f16
      - 16x16x16 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x16 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x16 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x16 (f8E5M2, f8E5M2) -> f32
      - 16x16x16 (i8, i8) -> i32
      - 16x16x32 (i4, i4) -> i32
      - 16x16x16 (bf16, bf16) -> bf16
    """
    return MmaOpGFX120X_WMMAWave64Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
    )


def WMMAWave64IU4_gfx120x(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, *, sign_a=False, sign_b=False, clamp=False):
    """GFX120x (RDNA4) wave64 v_wmma_i32_16x16x16_iu4: A/B are read from lanes 0-31 only; lanes 32-63 hold a copy.

    Supported configurations:
      - 16x16x16 (i4, i4) -> i32
    """
    return MmaOpGFX120X_WMMAWave64IU4Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
    )


def WMMA_gfx1250(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, sign_a=False, sign_b=False, clamp=False):
    """GFX1250 wave32 WMMA, 16x16xK (K = 4 f32, 32 16-bit, 64/128 fp8, 64 iu8, 32 iu4).

    Supported configurations:
      - 16x16x4 (f32, f32) -> f32
      - 16x16x32 (f16, f16) -> f32
      - 16x16x32 (f16, f16) -> f16
      - 16x16x32 (bf16, bf16) -> f32
      - 16x16x32 (bf16, bf16) -> bf16
      - 16x16x64 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x64 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x64 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x64 (f8E5M2, f8E5M2) -> f32
      - 16x16x64 (f8E4M3FN, f8E4M3FN) -> f16
      - 16x16x64 (f8E4M3FN, f8E5M2) -> f16
      - 16x16x64 (f8E5M2, f8E4M3FN) -> f16
      - 16x16x64 (f8E5M2, f8E5M2) -> f16
      - 16x16x128 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x128 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x128 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x128 (f8E5M2, f8E5M2) -> f32
      - 16x16x128 (f8E4M3FN, f8E4M3FN) -> f16
      - 16x16x128 (f8E4M3FN, f8E5M2) -> f16
      - 16x16x128 (f8E5M2, f8E4M3FN) -> f16
      - 16x16x128 (f8E5M2, f8E5M2) -> f16
      - 16x16x64 (i8, i8) -> i32
      - 16x16x32 (i4, i4) -> i32
    """
    return MmaOpGFX1250_WMMAType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        sign_a=sign_a,
        sign_b=sign_b,
        clamp=clamp,
    )


def WMMA_F8F6F4_gfx1250(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc):
    """GFX1250 wave32 unscaled WMMA with mixed 8/6/4-bit operands: 16x16x128 f8f6f4 (any pair of fp8, bf8, fp6, bf6, fp4) and 32x16x128 f4.

    Supported configurations:
      - 16x16x128 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x128 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x128 (f8E4M3FN, f6E2M3FN) -> f32
      - 16x16x128 (f8E4M3FN, f6E3M2FN) -> f32
      - 16x16x128 (f8E4M3FN, f4E2M1FN) -> f32
      - 16x16x128 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x128 (f8E5M2, f8E5M2) -> f32
      - 16x16x128 (f8E5M2, f6E2M3FN) -> f32
      - 16x16x128 (f8E5M2, f6E3M2FN) -> f32
      - 16x16x128 (f8E5M2, f4E2M1FN) -> f32
      - 16x16x128 (f6E2M3FN, f8E4M3FN) -> f32
      - 16x16x128 (f6E2M3FN, f8E5M2) -> f32
      - 16x16x128 (f6E2M3FN, f6E2M3FN) -> f32
      - 16x16x128 (f6E2M3FN, f6E3M2FN) -> f32
      - 16x16x128 (f6E2M3FN, f4E2M1FN) -> f32
      - 16x16x128 (f6E3M2FN, f8E4M3FN) -> f32
      - 16x16x128 (f6E3M2FN, f8E5M2) -> f32
      - 16x16x128 (f6E3M2FN, f6E2M3FN) -> f32
      - 16x16x128 (f6E3M2FN, f6E3M2FN) -> f32
      - 16x16x128 (f6E3M2FN, f4E2M1FN) -> f32
      - 16x16x128 (f4E2M1FN, f8E4M3FN) -> f32
      - 16x16x128 (f4E2M1FN, f8E5M2) -> f32
      - 16x16x128 (f4E2M1FN, f6E2M3FN) -> f32
      - 16x16x128 (f4E2M1FN, f6E3M2FN) -> f32
      - 16x16x128 (f4E2M1FN, f4E2M1FN) -> f32
      - 32x16x128 (f4E2M1FN, f4E2M1FN) -> f32
    """
    return MmaOpGFX1250_WMMAF8F6F4Type.get(
        m=m, n=n, k=k, elem_ty_a=_ir_type(elem_ty_a), elem_ty_b=_ir_type(elem_ty_b), elem_ty_acc=_ir_type(elem_ty_acc)
    )


def WMMA_BF16F32_gfx1250(m, n, k, elem_ty_a, elem_ty_b, elem_ty_acc, elem_ty_d):
    """GFX1250 wave32 WMMA 16x16x32 bf16 that reads an f32 C and writes a bf16 D (v_wmma_bf16f32_16x16x32_bf16).

    Supported configurations:
      - 16x16x32 (bf16, bf16) -> f32, elemTyD = bf16
    """
    return MmaOpGFX1250_WMMA_BF16F32Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        elem_ty_d=_ir_type(elem_ty_d),
    )


def WMMA(m, n, k, elem_ty_ab, elem_ty_acc=None, **kwargs):
    """FlyDSL's architecture switch: the `WMMA` atom of the chip compiled for (`get_rocm_arch()`).

    One branch per chip; the wrapper a branch calls lists that chip's configurations.
    """
    from flydsl.runtime.device import get_rocm_arch

    arch = get_rocm_arch() or ""
    if arch.startswith("gfx11"):
        elem_ty_b = kwargs.pop("elem_ty_b", None)
        return WMMA_gfx11(
            m=m,
            n=n,
            k=k,
            elem_ty_a=elem_ty_ab,
            elem_ty_b=(elem_ty_b if elem_ty_b is not None else elem_ty_ab),
            elem_ty_acc=(elem_ty_acc if elem_ty_acc is not None else _type("f32")),
            **kwargs,
        )
    if arch.startswith("gfx120"):
        elem_ty_b = kwargs.pop("elem_ty_b", None)
        return WMMA_gfx120x(
            m=m,
            n=n,
            k=k,
            elem_ty_a=elem_ty_ab,
            elem_ty_b=(elem_ty_b if elem_ty_b is not None else elem_ty_ab),
            elem_ty_acc=(elem_ty_acc if elem_ty_acc is not None else _type("f32")),
            **kwargs,
        )
    if arch.startswith("gfx1250"):
        elem_ty_b = kwargs.pop("elem_ty_b", None)
        return WMMA_gfx1250(
            m=m,
            n=n,
            k=k,
            elem_ty_a=elem_ty_ab,
            elem_ty_b=(elem_ty_b if elem_ty_b is not None else elem_ty_ab),
            elem_ty_acc=(elem_ty_acc if elem_ty_acc is not None else _type("f32")),
            **kwargs,
        )
    raise ValueError(f"WMMA is not available on target arch {arch!r}")


# ---- atomgen:end wrappers
