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
# ---- atomgen:begin exports sha256:fafaa81841fa04ef
__all__.append("BulkCopy")
__all__.append("BulkCopyG2S")
__all__.append("BulkCopyS2G")
__all__.append("StMatrix")
__all__.append("TmaLoad")
__all__.append("TmaLoadIm2col")
__all__.append("TmaLoadMulticast")
__all__.append("TmaReduce")
__all__.append("TmaReduceAdd")
__all__.append("TmaStore")
__all__.append("WgmmaRS")
__all__.append("WgmmaSS")
__all__.append("WgmmaSp")
# ---- atomgen:end exports
# ---- atomgen:begin wrappers sha256:395543053a19f29b


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


CopyOpSM90_BulkCopyType = _binding("CopyOpSM90_BulkCopyType", "sm90.bulk.copy")
CopyOpSM90_StMatrixType = _binding("CopyOpSM90_StMatrixType", "sm90.stmatrix")
CopyOpSM90_TmaLoadIm2colType = _binding("CopyOpSM90_TmaLoadIm2colType", "sm90.tma.load.im2col")
CopyOpSM90_TmaLoadMulticastType = _binding("CopyOpSM90_TmaLoadMulticastType", "sm90.tma.load.multicast")
CopyOpSM90_TmaLoadType = _binding("CopyOpSM90_TmaLoadType", "sm90.tma.load")
CopyOpSM90_TmaReduceType = _binding("CopyOpSM90_TmaReduceType", "sm90.tma.reduce")
CopyOpSM90_TmaStoreType = _binding("CopyOpSM90_TmaStoreType", "sm90.tma.store")
MmaOpSM90_WgmmaRSType = _binding("MmaOpSM90_WgmmaRSType", "sm90.wgmma.rs")
MmaOpSM90_WgmmaSpType = _binding("MmaOpSM90_WgmmaSpType", "sm90.wgmma.sp")
MmaOpSM90_WgmmaSSType = _binding("MmaOpSM90_WgmmaSSType", "sm90.wgmma.ss")


def BulkCopy(store):
    """sm90 non-tensor bulk copy (cp.async.bulk) of a whole contiguous memref: global -> shared::cluster completing on an mbarrier (store = false), or shared::cta -> global with bulk_group completion (store = true); the byte count is the memref's.

    Supported configurations:
      - store = false
      - store = true
    """
    return CopyOpSM90_BulkCopyType.get(store=store)


def BulkCopyG2S():
    """`BulkCopy` with store=False (its docstring lists the configurations)."""
    return CopyOpSM90_BulkCopyType.get(store=False)


def BulkCopyS2G():
    """`BulkCopy` with store=True (its docstring lists the configurations)."""
    return CopyOpSM90_BulkCopyType.get(store=True)


def StMatrix(num, transpose=False):
    """Warp-collective stmatrix of num (1, 2, 4) 8x8 b16 matrices, registers -> shared memory, optionally transposed.

    Supported configurations:
      - num = 1, transpose = false
      - num = 1, transpose = true
      - num = 2, transpose = false
      - num = 2, transpose = true
      - num = 4, transpose = false
      - num = 4, transpose = true
    """
    return CopyOpSM90_StMatrixType.get(num=num, transpose=transpose)


def TmaLoad(rank):
    """sm90 TMA tiled bulk tensor load (cp.async.bulk.tensor, rank 1-5): global -> shared::cluster, completing on an mbarrier; descriptor and coordinates are state.

    Supported configurations:
      - rank = 1
      - rank = 2
      - rank = 3
      - rank = 4
      - rank = 5
    """
    return CopyOpSM90_TmaLoadType.get(rank=rank)


def TmaLoadIm2col(rank):
    """sm90 TMA bulk tensor load in im2col mode (cp.async.bulk.tensor .im2col, rank 3-5): a convolution's im2col tile, global -> shared::cluster, completing on an mbarrier; descriptor, coordinates and the rank - 2 im2col offsets are state.

    Supported configurations:
      - rank = 3
      - rank = 4
      - rank = 5
    """
    return CopyOpSM90_TmaLoadIm2colType.get(rank=rank)


def TmaLoadMulticast(rank):
    """sm90 TMA tiled bulk tensor load multicast over a cluster (cp.async.bulk.tensor .multicast::cluster, rank 1-5): global -> the shared memory of every CTA the 16-bit mask names, each completing on its mbarrier; descriptor, coordinates and mask are state.

    Supported configurations:
      - rank = 1
      - rank = 2
      - rank = 3
      - rank = 4
      - rank = 5
    """
    return CopyOpSM90_TmaLoadMulticastType.get(rank=rank)


def TmaReduce(rank, red_op):
    """sm90 TMA tiled bulk tensor reduction (cp.reduce.async.bulk.tensor, rank 1-5): a shared::cta box combined into global memory with add, min, max, inc, dec, and, or or xor, bulk_group completion; descriptor and coordinates are state.

    Supported configurations:
      - rank = 1, redOp = add
      - rank = 2, redOp = add
      - rank = 3, redOp = add
      - rank = 4, redOp = add
      - rank = 5, redOp = add
      - rank = 1, redOp = min
      - rank = 2, redOp = min
      - rank = 3, redOp = min
      - rank = 4, redOp = min
      - rank = 5, redOp = min
      - rank = 1, redOp = max
      - rank = 2, redOp = max
      - rank = 3, redOp = max
      - rank = 4, redOp = max
      - rank = 5, redOp = max
      - rank = 1, redOp = inc
      - rank = 2, redOp = inc
      - rank = 3, redOp = inc
      - rank = 4, redOp = inc
      - rank = 5, redOp = inc
      - rank = 1, redOp = dec
      - rank = 2, redOp = dec
      - rank = 3, redOp = dec
      - rank = 4, redOp = dec
      - rank = 5, redOp = dec
      - rank = 1, redOp = and
      - rank = 2, redOp = and
      - rank = 3, redOp = and
      - rank = 4, redOp = and
      - rank = 5, redOp = and
      - rank = 1, redOp = or
      - rank = 2, redOp = or
      - rank = 3, redOp = or
      - rank = 4, redOp = or
      - rank = 5, redOp = or
      - rank = 1, redOp = xor
      - rank = 2, redOp = xor
      - rank = 3, redOp = xor
      - rank = 4, redOp = xor
      - rank = 5, redOp = xor
    """
    return CopyOpSM90_TmaReduceType.get(
        rank=rank,
        red_op=_enum_value(red_op, {"add": 0, "min": 1, "max": 2, "inc": 3, "dec": 4, "and": 5, "or": 6, "xor": 7}),
    )


def TmaReduceAdd(rank):
    """`TmaReduce` with red_op='add' (its docstring lists the configurations)."""
    return CopyOpSM90_TmaReduceType.get(rank=rank, red_op="add")


def TmaStore(rank):
    """sm90 TMA tiled bulk tensor store (cp.async.bulk.tensor, rank 1-5): shared::cta -> global, bulk_group completion; descriptor and coordinates are state.

    Supported configurations:
      - rank = 1
      - rank = 2
      - rank = 3
      - rank = 4
      - rank = 5
    """
    return CopyOpSM90_TmaStoreType.get(rank=rank)


def WgmmaRS(n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_b=False):
    """sm90a warpgroup MMA wgmma.mma_async, A from registers and B from a shared-memory descriptor (RS), m64nNk{8,16,32}.

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
      - ... and 432 more (the spec sm90.wgmma.rs lists them all)
    """
    return MmaOpSM90_WgmmaRSType.get(
        m=64,
        n=n,
        k=256 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        trans_b=trans_b,
    )


def WgmmaSS(n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_a=False, trans_b=False):
    """sm90a warpgroup MMA wgmma.mma_async, A and B from shared-memory descriptors (SS), m64nNk{8,16,32}.

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
      - ... and 432 more (the spec sm90.wgmma.ss lists them all)
    """
    return MmaOpSM90_WgmmaSSType.get(
        m=64,
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


def WgmmaSp(n, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, trans_b=False, *, sp_sel=0):
    """sm90a sparse warpgroup MMA wgmma.mma_async.sp, A (2:4 structured-sparse, compressed) from registers, B from a shared-memory descriptor, m64nNk{16,32,64}, one 32-bit metadata register per thread.

    Supported configurations:
      - 64x8x32 (f16, f16) -> f32
      - 64x16x32 (f16, f16) -> f32
      - 64x24x32 (f16, f16) -> f32
      - 64x32x32 (f16, f16) -> f32
      - 64x40x32 (f16, f16) -> f32
      - 64x48x32 (f16, f16) -> f32
      - 64x56x32 (f16, f16) -> f32
      - 64x64x32 (f16, f16) -> f32
      - 64x72x32 (f16, f16) -> f32
      - 64x80x32 (f16, f16) -> f32
      - 64x88x32 (f16, f16) -> f32
      - 64x96x32 (f16, f16) -> f32
      - 64x104x32 (f16, f16) -> f32
      - 64x112x32 (f16, f16) -> f32
      - 64x120x32 (f16, f16) -> f32
      - 64x128x32 (f16, f16) -> f32
      - 64x136x32 (f16, f16) -> f32
      - 64x144x32 (f16, f16) -> f32
      - 64x152x32 (f16, f16) -> f32
      - 64x160x32 (f16, f16) -> f32
      - 64x168x32 (f16, f16) -> f32
      - 64x176x32 (f16, f16) -> f32
      - 64x184x32 (f16, f16) -> f32
      - 64x192x32 (f16, f16) -> f32
      - ... and 432 more (the spec sm90.wgmma.sp lists them all)
    """
    return MmaOpSM90_WgmmaSpType.get(
        m=64,
        n=n,
        k=512 // _width(elem_ty_a),
        elem_ty_a=_ir_type(elem_ty_a),
        elem_ty_b=_ir_type((elem_ty_b if elem_ty_b is not None else elem_ty_a)),
        elem_ty_acc=_ir_type(
            (elem_ty_acc if elem_ty_acc is not None else (_type("i32") if _is_integer(elem_ty_a) else _type("f32")))
        ),
        trans_b=trans_b,
        sp_sel=sp_sel,
    )


# ---- atomgen:end wrappers
