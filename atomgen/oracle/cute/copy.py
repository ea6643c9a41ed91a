"""The CuTe worker's copy families: ldmatrix, stmatrix, cp.async, bulk copy and TMA atoms, with their
thread/value layouts in bits.

The copies are built with the 1-bit value type so that CuTe reports its bit layouts unchanged;
TMA, which needs a real element type, has its element layouts scaled by the element width
(checked against the type's copy_bits). The DSL's types do not expose RefLayout: the rule of
CUTLASS's C++ `Copy_Traits` is applied (ldmatrix Ref=Dst, stmatrix, cp.async, bulk copy and TMA Ref=Src)
and named in the record's provenance.
"""

from __future__ import annotations

import re
from typing import Any

from atomgen.oracle.cute import fields as fields
from atomgen.oracle.cute.dsl import CuteDsl
from atomgen.oracle.cute.fields import AtomError, layout_of


def ldmatrix(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    op = dsl.warp.LdMatrix8x8x16bOp(fields.boolean(atom, "transpose"), fields.count(atom))
    return _record(dsl, atom, op, "ldmatrix", "dst", "cute.nvgpu.warp.LdMatrix8x8x16bOp")


def stmatrix(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    op = dsl.warp.StMatrix8x8x16bOp(fields.boolean(atom, "transpose"), fields.count(atom))
    return _record(dsl, atom, op, "stmatrix", "src", "cute.nvgpu.warp.StMatrix8x8x16bOp")


def cp_async(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    nbytes = fields.integer(atom, "bytes")
    if nbytes not in (4, 8, 16):
        raise AtomError(f"PTX: cp.async copies 4, 8 or 16 bytes, got {nbytes}")
    cache = str(atom.get("cache", "ca")).lower()
    modes = dsl.cpasync.LoadCacheMode
    if cache == "ca":
        mode = modes.ALWAYS
    elif cache == "cg":
        if nbytes != 16:
            raise AtomError("PTX: cp.async.cg copies 16 bytes only")
        mode = modes.GLOBAL
    else:
        raise AtomError(f"cache must be 'ca' or 'cg', got {cache!r}")
    op = dsl.cpasync.CopyG2SOp(mode)
    return _record(dsl, atom, op, "cp_async", "src", "cute.nvgpu.cpasync.CopyG2SOp", num_bits_per_copy=8 * nbytes)


def bulk(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    """Non-tensor cp.async.bulk: CopyBulkG2SOp (load) or CopyBulkS2GOp (store), `bytes` per copy."""
    nbytes = fields.integer(atom, "bytes")
    if nbytes <= 0 or nbytes % 16 != 0:
        raise AtomError(f"PTX: cp.async.bulk copies a positive multiple of 16 bytes, got {nbytes}")
    direction = str(atom.get("direction", "load")).lower()
    if direction not in ("load", "store"):
        raise AtomError(f"direction must be 'load' or 'store', got {direction!r}")
    name = "CopyBulkG2SOp" if direction == "load" else "CopyBulkS2GOp"
    op = getattr(dsl.cpasync, name)()
    return _record(dsl, atom, op, "bulk_copy", "src", f"cute.nvgpu.cpasync.{name}", num_bits_per_copy=8 * nbytes)


def _record(dsl: CuteDsl, atom: dict[str, Any], op: Any, what: str, ref: str, via: str,
            **kwargs: Any) -> dict[str, Any]:
    ty = dsl.cute.make_copy_atom(op, dsl.cutlass.Boolean, **kwargs).type
    threads, thr = dsl.thread_layouts(ty)
    src, dst = layout_of(ty.layout_src_tv), layout_of(ty.layout_dst_tv)
    record: dict[str, Any] = {
        "threads": threads,
        "thr": thr,
        "layouts": {"src": src, "dst": dst, "ref": dict(src if ref == "src" else dst)},
        "units": "bits",
        "cute_type": str(ty),
        "provenance": dsl.provenance(
            f"{via} with value type i1 (bit layouts)",
            ref=f"RefLayout = {ref.capitalize()}Layout: rule of CUTLASS C++ Copy_Traits for {what} (the DSL type "
            "does not expose it)"),
    }
    if atom.get("elem_type") is not None:
        name = fields.element(atom, "elem_type")
        typed = dsl.cute.make_copy_atom(op, dsl.numeric(name), **kwargs).type
        record["elem_layouts"] = {"elem_type": name, "src": layout_of(typed.layout_src_tv),
                                  "dst": layout_of(typed.layout_dst_tv)}
    return record


def _compact(extents: list[int]) -> tuple[int, ...]:
    """Column-major strides of a compact tensor."""
    strides = [1]
    for extent in extents[:-1]:
        strides.append(strides[-1] * extent)
    return tuple(strides)


def _im2col_atom(dsl: CuteDsl, op: Any, ptr: Any, atom: dict[str, Any], box: list[int]) -> Any:
    """CuTe's im2col TMA atom over an activation tensor of `rank` modes, channels innermost, in CuTe's
    hierarchical form ((W[, H[, D]], N), C); `box` is the (pixels, channels) tile, a 1x1 filter, stride 1."""
    cute = dsl.cute
    rank = atom.get("rank", 3)
    if not isinstance(rank, int) or isinstance(rank, bool) or not 3 <= rank <= 5:
        raise AtomError("an im2col load takes rank 3..5")
    if len(box) != 2:
        raise AtomError("an im2col box is (pixels, channels)")
    pixels, channels = box
    spatial = (8,) * (rank - 2)
    strides, pitch = [], channels
    for extent in spatial:
        strides.append(pitch)
        pitch *= extent
    layout = cute.make_layout(((*spatial, 2), channels), stride=((*strides, pitch), 1))
    zero, one = (0,) * (rank - 2), (1,) * (rank - 2)
    tile = cute.make_layout((pixels, channels), stride=(channels, 1))
    return dsl.cpasync.make_im2col_tma_atom(
        op, cute.make_tensor(ptr, layout), tile, (pixels, channels), lower_corner_whd=zero, upper_corner_whd=zero,
        lower_padding_whd=zero, upper_padding_whd=zero, stride_whd=one, lower_srt=zero, stride_srt=one).atom


def tma(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    cute = dsl.cute
    direction = str(atom.get("direction", "load")).lower()
    name = fields.element(atom, "elem_type", "f16")
    box_raw = atom.get("box", [64, 32])
    if not isinstance(box_raw, list) or not box_raw or not all(
            isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in box_raw):
        raise AtomError("box must be a non-empty list of positive integers")
    box: list[int] = box_raw
    gmem_raw = atom.get("gmem_shape", [4 * x for x in box])
    if not isinstance(gmem_raw, list) or len(gmem_raw) != len(box):
        raise AtomError("gmem_shape must be a list as long as box")
    gmem: list[int] = gmem_raw
    kwargs: dict[str, Any] = {}
    if direction == "reduce":  # cp.reduce.async.bulk.tensor: CuTe's kind by PTX's name (add -> ADD)
        reduction = str(atom.get("reduction", "add")).upper()
        kinds = dsl.cpasync.ReductionKind
        if reduction not in kinds.__members__:
            raise AtomError(f"no CuTe reduction kind {reduction!r} (kinds: {', '.join(kinds.__members__)})")
        op_name = f"CopyReduceBulkTensorTileS2GOp({reduction})"
        op = dsl.cpasync.CopyReduceBulkTensorTileS2GOp(kinds[reduction])
    elif direction == "load_multicast":  # .multicast::cluster, one CTA of the cluster issuing the whole box
        op_name = "CopyBulkTensorTileG2SMulticastOp"
        op = dsl.cpasync.CopyBulkTensorTileG2SMulticastOp()
        kwargs["num_multicast"] = int(atom.get("num_multicast", 1))
    elif direction in ("load", "store"):
        op_name = "CopyBulkTensorTileG2SOp" if direction == "load" else "CopyBulkTensorTileS2GOp"
        op = getattr(dsl.cpasync, op_name)()
    elif direction == "load_im2col":
        op_name = "CopyBulkTensorIm2ColG2SOp"
        op = dsl.cpasync.CopyBulkTensorIm2ColG2SOp()
    else:
        raise AtomError(f"direction must be 'load', 'store', 'load_multicast', 'load_im2col' or 'reduce', "
                        f"got {direction!r}")
    ptr = cute.make_ptr(dsl.numeric(name), 0, cute.AddressSpace.gmem, assumed_align=16)
    if direction == "load_im2col":
        ty = _im2col_atom(dsl, op, ptr, atom, box).type
        gmem = list(box)
    else:
        gtensor = cute.make_tensor(ptr, cute.make_layout(tuple(gmem), stride=_compact(gmem)))
        slayout = cute.make_layout(tuple(box), stride=_compact(box))
        ty = dsl.cpasync.make_tiled_tma_atom(op, gtensor, slayout, tuple(box), **kwargs).atom.type
    threads, thr = dsl.thread_layouts(ty)
    src, dst = layout_of(ty.layout_src_tv), layout_of(ty.layout_dst_tv)
    printed = str(ty)
    found = re.search(r"copy_bits = (\d+)", printed)
    copy_bits = int(found.group(1)) if found else None
    out: dict[str, Any] = {}
    for key, lay in (("src", src), ("dst", dst)):
        shape, stride = lay["shape"], lay["stride"]
        if not (isinstance(shape, list) and len(shape) == 2 and isinstance(shape[1], int) and stride[1] == 1):
            raise AtomError(f"unexpected TMA {key} layout {lay['text']}")
        nbits = shape[1] * fields.TYPE_BITS[name]
        if copy_bits is not None and nbits != copy_bits:
            raise AtomError(f"TMA {key} layout {lay['text']} disagrees with copy_bits {copy_bits}")
        if not (isinstance(shape[0], int) and isinstance(stride[0], int)):
            raise AtomError(f"unexpected TMA {key} thread mode {lay['text']}")
        out[key] = fields.layout_from_text(f"({shape[0]},{nbits}):({stride[0]},1)")
    out["ref"] = dict(out["src"])
    return {
        "threads": threads,
        "thr": thr,
        "layouts": out,
        "units": "bits",
        "cute_type": printed,
        "elem_layouts": {"elem_type": name, "src": src, "dst": dst},
        "tma": {"box": box, "gmem_shape": gmem, "copy_bits": copy_bits},
        "provenance": dsl.provenance(
            (f"cute.nvgpu.cpasync.make_im2col_tma_atom({op_name}) on a fake gmem pointer, ((W..., N), C) "
             f"activation tensor, (pixels, channels) smem box" if direction == "load_im2col" else
             f"cute.nvgpu.cpasync.make_tiled_tma_atom({op_name}) on a fake gmem pointer, compact column-major "
             f"smem box"),
            bits="element layouts scaled by the element width (checked against the type's copy_bits)",
            ref="RefLayout = SrcLayout: rule of CUTLASS C++ Copy_Traits<SM90_TMA_*>"),
    }
