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
# ---- atomgen:begin exports sha256:7617de5fd66c27ae
__all__.append("BufferLoadAsyncLDS")
__all__.append("BufferLoadAsyncLDS32b")
__all__.append("BufferLoadAsyncLDS96b")
__all__.append("BufferLoadAsyncLDS128b")
__all__.append("GlobalLoadAsyncLDS")
__all__.append("GlobalLoadAsyncLDS32b")
__all__.append("GlobalLoadAsyncLDS96b")
__all__.append("GlobalLoadAsyncLDS128b")
__all__.append("LDSReadTrans")
__all__.append("LDSReadTrans4_64b")
__all__.append("LDSReadTrans8_64b")
__all__.append("LDSReadTrans6_96b")
__all__.append("LDSReadTrans16_64b")
__all__.append("MFMA_Scale")
__all__.append("MFMAScale")
__all__.append("MFMA_Scale_K32")
__all__.append("MFMAScaleK32")
__all__.append("SMFMAC")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:08155f606a779c77


def _ir_type(value):
    """Accept a DSL numeric class (with `.ir_type`) or a raw `ir.Type`."""
    return getattr(value, "ir_type", value)


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


CopyOpCDNA4BufferLoadAsyncLDSType = _binding("CopyOpCDNA4BufferLoadAsyncLDSType", "cdna4.buffer_load_async_lds")
CopyOpCDNA4GlobalLoadAsyncLDSType = _binding("CopyOpCDNA4GlobalLoadAsyncLDSType", "cdna4.global_load_async_lds")
CopyOpCDNA4LdsReadTransposeType = _binding("CopyOpCDNA4LdsReadTransposeType", "cdna4.lds_read_trans")
MmaOpCDNA4_MFMAScaleK32Type = _binding("MmaOpCDNA4_MFMAScaleK32Type", "cdna4.mfma_scale_k32")
MmaOpCDNA4_MFMAScaleType = _binding("MmaOpCDNA4_MFMAScaleType", "cdna4.mfma_scale")
MmaOpCDNA4_SMFMACType = _binding("MmaOpCDNA4_SMFMACType", "cdna4.smfmac")


def BufferLoadAsyncLDS(bit_size):
    """Asynchronous per-thread buffer load to LDS (tracked with asyncmark / wait_asyncmark).

    Supported configurations:
      - bitSize = 32
      - bitSize = 96
      - bitSize = 128
    """
    return CopyOpCDNA4BufferLoadAsyncLDSType.get(bit_size=bit_size)


def BufferLoadAsyncLDS32b():
    """`BufferLoadAsyncLDS` with bit_size=32 (its docstring lists the configurations)."""
    return CopyOpCDNA4BufferLoadAsyncLDSType.get(bit_size=32)


def BufferLoadAsyncLDS96b():
    """`BufferLoadAsyncLDS` with bit_size=96 (its docstring lists the configurations)."""
    return CopyOpCDNA4BufferLoadAsyncLDSType.get(bit_size=96)


def BufferLoadAsyncLDS128b():
    """`BufferLoadAsyncLDS` with bit_size=128 (its docstring lists the configurations)."""
    return CopyOpCDNA4BufferLoadAsyncLDSType.get(bit_size=128)


def GlobalLoadAsyncLDS(bit_size):
    """Asynchronous per-thread global (addrspace 1) load to LDS.

    Supported configurations:
      - bitSize = 32
      - bitSize = 96
      - bitSize = 128
    """
    return CopyOpCDNA4GlobalLoadAsyncLDSType.get(bit_size=bit_size)


def GlobalLoadAsyncLDS32b():
    """`GlobalLoadAsyncLDS` with bit_size=32 (its docstring lists the configurations)."""
    return CopyOpCDNA4GlobalLoadAsyncLDSType.get(bit_size=32)


def GlobalLoadAsyncLDS96b():
    """`GlobalLoadAsyncLDS` with bit_size=96 (its docstring lists the configurations)."""
    return CopyOpCDNA4GlobalLoadAsyncLDSType.get(bit_size=96)


def GlobalLoadAsyncLDS128b():
    """`GlobalLoadAsyncLDS` with bit_size=128 (its docstring lists the configurations)."""
    return CopyOpCDNA4GlobalLoadAsyncLDSType.get(bit_size=128)


def LDSReadTrans(trans_granularity, bit_size):
    """gfx950 LDS transposing read (ds_read_tr*): a 16-lane block reads bitSize bits each and redistributes transGranularity-bit elements.

    Supported configurations:
      - transGranularity = 4, bitSize = 64
      - transGranularity = 8, bitSize = 64
      - transGranularity = 6, bitSize = 96
      - transGranularity = 16, bitSize = 64
    """
    return CopyOpCDNA4LdsReadTransposeType.get(trans_granularity=trans_granularity, bit_size=bit_size)


def LDSReadTrans4_64b():
    """`LDSReadTrans` with trans_granularity=4, bit_size=64 (its docstring lists the configurations)."""
    return CopyOpCDNA4LdsReadTransposeType.get(trans_granularity=4, bit_size=64)


def LDSReadTrans8_64b():
    """`LDSReadTrans` with trans_granularity=8, bit_size=64 (its docstring lists the configurations)."""
    return CopyOpCDNA4LdsReadTransposeType.get(trans_granularity=8, bit_size=64)


def LDSReadTrans6_96b():
    """`LDSReadTrans` with trans_granularity=6, bit_size=96 (its docstring lists the configurations)."""
    return CopyOpCDNA4LdsReadTransposeType.get(trans_granularity=6, bit_size=96)


def LDSReadTrans16_64b():
    """`LDSReadTrans` with trans_granularity=16, bit_size=64 (its docstring lists the configurations)."""
    return CopyOpCDNA4LdsReadTransposeType.get(trans_granularity=16, bit_size=64)


def MFMA_Scale(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, opsel_a=0, opsel_b=0):
    """CDNA4 (gfx950) block-scaled MX MFMA f8f6f4 with per-lane E8M0 scales held in atom state.

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
      - ... and 26 more (the spec cdna4.mfma_scale lists them all)
    """
    if elem_ty_b is None:
        elem_ty_b = elem_ty_a
    if elem_ty_acc is None:
        elem_ty_acc = _type("f32")
    return MmaOpCDNA4_MFMAScaleType.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        opsel_a=opsel_a,
        opsel_b=opsel_b,
    )


MFMAScale = MFMA_Scale


def MFMA_Scale_K32(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, opsel_a=0, opsel_b=0):
    """CDNA4 (gfx950) block-scaled MFMA, fp8 x fp8, with FlyDSL's K order (32 consecutive K per lane): a declared relabelling of the hardware's K, not the hardware's layout.

    Supported configurations:
      - 16x16x128 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x128 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x128 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x128 (f8E5M2, f8E5M2) -> f32
      - 32x32x64 (f8E4M3FN, f8E4M3FN) -> f32
      - 32x32x64 (f8E4M3FN, f8E5M2) -> f32
      - 32x32x64 (f8E5M2, f8E4M3FN) -> f32
      - 32x32x64 (f8E5M2, f8E5M2) -> f32
    """
    if elem_ty_b is None:
        elem_ty_b = elem_ty_a
    if elem_ty_acc is None:
        elem_ty_acc = _type("f32")
    return MmaOpCDNA4_MFMAScaleK32Type.get(
        m=m,
        n=n,
        k=k,
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type(elem_ty_b),
        elem_ty_acc=_ir_type(elem_ty_acc),
        opsel_a=opsel_a,
        opsel_b=opsel_b,
    )


MFMAScaleK32 = MFMA_Scale_K32


def SMFMAC(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, abid=0):
    """CDNA4 (gfx950) sparse MFMA (the v_smfmac_* that gfx950 adds, twice CDNA3's K): A is 2:4 structured-sparse along K and holds only its nonzeros; a 32-bit VGPR of compression indices says where they sit.

    Supported configurations:
      - 16x16x64 (f16, f16) -> f32
      - 16x16x64 (bf16, bf16) -> f32
      - 32x32x32 (f16, f16) -> f32
      - 32x32x32 (bf16, bf16) -> f32
      - 16x16x128 (i8, i8) -> i32
      - 16x16x128 (f8E4M3FN, f8E4M3FN) -> f32
      - 16x16x128 (f8E4M3FN, f8E5M2) -> f32
      - 16x16x128 (f8E5M2, f8E4M3FN) -> f32
      - 16x16x128 (f8E5M2, f8E5M2) -> f32
      - 32x32x64 (i8, i8) -> i32
      - 32x32x64 (f8E4M3FN, f8E4M3FN) -> f32
      - 32x32x64 (f8E4M3FN, f8E5M2) -> f32
      - 32x32x64 (f8E5M2, f8E4M3FN) -> f32
      - 32x32x64 (f8E5M2, f8E5M2) -> f32
    """
    return MmaOpCDNA4_SMFMACType.get(
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


# ---- atomgen:end wrappers
