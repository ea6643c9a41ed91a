"""CuTe oracle worker: NVIDIA atom thread/value layouts from ``nvidia-cutlass-dsl``.

Run in a subprocess (the CuTe DSL loads a large native MLIR library and may abort on
inputs it does not expect)::

    echo '{"atoms": [...]}' | python -m atomgen.oracle.cute_worker

Input (stdin, one JSON object)::

    {"atoms": [
      {"id": "hmma", "family": "mma_sync", "m": 16, "n": 8, "k": 16,
       "a_type": "f16", "b_type": "f16", "c_type": "f32"},
      {"id": "wg", "family": "wgmma", "m": 64, "n": 128, "k": 16,
       "a_type": "bf16", "b_type": "bf16", "c_type": "f32",
       "a_source": "smem", "a_major": "k", "b_major": "k"},
      {"id": "ldsm", "family": "ldmatrix", "count": "x4", "transpose": false},
      {"id": "stsm", "family": "stmatrix", "count": 2, "transpose": true},
      {"id": "cpa", "family": "cp_async", "bytes": 16, "cache": "cg"},
      {"id": "tma", "family": "tma", "direction": "load", "elem_type": "f16",
       "box": [64, 32]}
    ]}

Element types are MLIR names: ``f16 bf16 f32 tf32 f64 i8 ui8 i32 f8E4M3FN f8E5M2``
(``s8``/``si8``/``u8``, ``e4m3``/``e5m2`` are accepted as aliases).  The accumulator
type key is ``c_type`` (aliases ``acc_type``, ``elemTyAcc``, ``elem_ty_acc``).

Output (stdout): one JSON line per atom, in input order::

    {"id": ..., "ok": true, "family": ..., "threads": 32,
     "thr": {"shape": ..., "stride": ..., "text": "32:1"},
     "layouts": {"a": {...}, "b": {...}, "c": {...}},        # MMA, in elements
     "layouts": {"src": {...}, "dst": {...}, "ref": {...}},  # copies, in bits
     "units": "elements" | "bits", "cute_type": "!cute_nvgpu....", "provenance": {...}}
    {"id": ..., "ok": false, "error": "..."}

Every layout is CuTe text ``shape:stride`` with top-level modes ``(thr, val)``; the
reference spaces are CuTe's: A over (M,K), B over (N,K), C over (M,N), all
column-major; copies over (thread, bit).  ``shape``/``stride`` are nested JSON lists
(an integer for a leaf mode).

How the layouts are obtained: the atom's MLIR type is built inside a plain
``ir.Context`` (no ``@cute.jit``, no GPU, no compilation), through the DSL's public
Op classes where one exists (they apply CuTe's own validation) and through the
``cute_nvgpu`` type constructors otherwise (int8/f64 ``mma.sync``, tf32 ``wgmma``).
The layouts are read back from the type (``layout_a_tv`` ...).  Copies are built with
the 1-bit value type ``i1`` so that CuTe reports its bit layouts unchanged.  CuTe's
DSL types do not expose ``RefLayout``; the worker applies the rule of the CUTLASS C++
traits (``Copy_Traits``: ldmatrix Ref=Dst, stmatrix Ref=Src, cp.async Ref=Src, TMA
Ref=Src) and says so in ``provenance``.  The architecture is ``sm_90a`` unless
``CUTE_DSL_ARCH`` is set (the sm90 wgmma Op classes demand exactly ``sm_90a``).

Checks the DSL does not make but PTX requires are applied here and reported as
errors naming PTX (e.g. ``wgmma`` with A in registers must be K-major; ``cp.async.cg``
copies 16 bytes only).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
import traceback
from collections.abc import Callable
from typing import Any

from atomgen.oracle import cute_cpp

NestedInt = int | list[Any]

DEFAULT_ARCH = "sm_90a"

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_LAYOUT_TEXT = re.compile(r'!cute\.layout<"([^"]*)">')

# MLIR element-type names accepted on input, mapped to the canonical name.
_TYPE_ALIASES: dict[str, str] = {
    "f16": "f16",
    "bf16": "bf16",
    "f32": "f32",
    "tf32": "tf32",
    "f64": "f64",
    "i8": "i8",
    "s8": "i8",
    "si8": "i8",
    "ui8": "ui8",
    "u8": "ui8",
    "i32": "i32",
    "s32": "i32",
    "si32": "i32",
    "f8E4M3FN": "f8E4M3FN",
    "e4m3": "f8E4M3FN",
    "f8E5M2": "f8E5M2",
    "e5m2": "f8E5M2",
}

_TYPE_BITS: dict[str, int] = {
    "f16": 16,
    "bf16": 16,
    "f32": 32,
    "tf32": 32,
    "f64": 64,
    "i8": 8,
    "ui8": 8,
    "i32": 32,
    "f8E4M3FN": 8,
    "f8E5M2": 8,
}

_KEY_ALIASES: dict[str, tuple[str, ...]] = {
    "a_type": ("a_type", "elemTyA", "elem_ty_a", "a"),
    "b_type": ("b_type", "elemTyB", "elem_ty_b", "b"),
    "c_type": ("c_type", "acc_type", "elemTyAcc", "elem_ty_acc", "c", "d_type"),
}


class AtomError(Exception):
    """An atom request that is malformed or that CuTe/PTX rejects."""


# --------------------------------------------------------------------------------------
# CuTe layout text -> nested lists
# --------------------------------------------------------------------------------------


def _parse_int_tuple(text: str) -> NestedInt:
    """Parse a CuTe int-tuple such as ``((4,8),(2,2,2))`` into nested lists."""
    pos = 0

    def parse() -> NestedInt:
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            items: list[Any] = []
            while True:
                items.append(parse())
                if text[pos] == ",":
                    pos += 1
                    continue
                if text[pos] == ")":
                    pos += 1
                    return items
                raise ValueError(f"bad int-tuple {text!r} at {pos}")
        match = re.match(r"-?\d+", text[pos:])
        if match is None:
            raise ValueError(f"bad int-tuple {text!r} at {pos}")
        pos += len(match.group(0))
        return int(match.group(0))

    value = parse()
    if pos != len(text):
        raise ValueError(f"trailing text in int-tuple {text!r}")
    return value


def layout_from_text(text: str) -> dict[str, Any]:
    """Split ``shape:stride`` CuTe text into the JSON layout record."""
    text = text.replace(" ", "")
    depth = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == ":" and depth == 0:
            return {
                "shape": _parse_int_tuple(text[:index]),
                "stride": _parse_int_tuple(text[index + 1 :]),
                "text": text,
            }
    raise ValueError(f"not a CuTe layout: {text!r}")


def _layout_of(layout_type: Any) -> dict[str, Any]:
    """Layout record of a static ``!cute.layout<"...">`` MLIR type."""
    printed = str(layout_type)
    match = _LAYOUT_TEXT.search(printed)
    if match is None:
        raise AtomError(f"CuTe returned a non-static layout: {printed}")
    return layout_from_text(match.group(1))


def _size(shape: NestedInt) -> int:
    if isinstance(shape, int):
        return shape
    total = 1
    for item in shape:
        total *= _size(item)
    return total


# --------------------------------------------------------------------------------------
# Request parsing helpers
# --------------------------------------------------------------------------------------


def _get(atom: dict[str, Any], key: str, default: Any = None) -> Any:
    for alias in _KEY_ALIASES.get(key, (key,)):
        if alias in atom:
            return atom[alias]
    return default


def _elem(atom: dict[str, Any], key: str, default: str | None = None) -> str:
    raw = _get(atom, key, default)
    if raw is None:
        raise AtomError(f"missing element type {key!r}")
    name = _TYPE_ALIASES.get(str(raw))
    if name is None:
        raise AtomError(f"unknown element type {raw!r} for {key!r}")
    return name


def _int(atom: dict[str, Any], key: str, default: int | None = None) -> int:
    raw = atom.get(key, default)
    if raw is None:
        raise AtomError(f"missing integer parameter {key!r}")
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise AtomError(f"parameter {key!r} must be an integer, got {raw!r}")
    return raw


def _count(atom: dict[str, Any]) -> int:
    raw = atom.get("count", atom.get("num_matrices", 1))
    if isinstance(raw, str) and raw.lower().startswith("x") and raw[1:].isdigit():
        raw = int(raw[1:])
    if isinstance(raw, bool) or raw not in (1, 2, 4):
        raise AtomError(f"count must be x1, x2 or x4, got {raw!r}")
    return int(raw)


def _bool(atom: dict[str, Any], key: str) -> bool:
    raw = atom.get(key, False)
    if not isinstance(raw, bool):
        raise AtomError(f"parameter {key!r} must be a boolean, got {raw!r}")
    return raw


def _major(atom: dict[str, Any], key: str) -> str:
    raw = str(atom.get(key, "k")).lower()
    if raw in ("k", "k_major", "kmajor"):
        return "k"
    if raw in ("mn", "mn_major", "mnmajor", "m", "n"):
        return "mn"
    raise AtomError(f"{key} must be 'k' or 'mn', got {raw!r}")


def _a_source(atom: dict[str, Any]) -> str:
    raw = str(atom.get("a_source", "smem")).lower()
    if raw in ("rmem", "register", "registers", "reg", "rs"):
        return "rmem"
    if raw in (
        "smem",
        "shared",
        "shared_memory",
        "smem_desc",
        "descriptor",
        "ss",
        "shared_memory_descriptor",
    ):
        return "smem"
    raise AtomError(f"a_source must be 'rmem' or 'smem', got {raw!r}")


def _clean(message: str) -> str:
    """Drop ANSI colours and the DSL's source-code frame from an exception message."""
    kept: list[str] = []
    in_frame = False
    for line in _ANSI.sub("", message).splitlines():
        stripped = line.strip()
        if stripped.startswith("-->"):
            in_frame = True
            continue
        if stripped.startswith("suggestion:"):
            kept.append(stripped)
            in_frame = False
            continue
        if in_frame or not stripped:
            continue
        kept.append(stripped.removeprefix("error:").strip())
    return " ".join(kept)


# --------------------------------------------------------------------------------------
# The CuTe side
# --------------------------------------------------------------------------------------


class CuteOracle:
    """Builds atoms inside one MLIR context and reads their layouts back."""

    def __init__(self) -> None:
        os.environ.setdefault("CUTE_DSL_ARCH", DEFAULT_ARCH)
        # Imported by name so that type checkers treat the (large, partly untyped,
        # optional) DSL as Any and never need it installed.
        load = importlib.import_module
        self.cutlass: Any = load("cutlass")
        self.cute: Any = load("cutlass.cute")
        self.cute_ir: Any = load("cutlass._mlir.dialects.cute")
        self.nvgpu_ir: Any = load("cutlass._mlir.dialects.cute_nvgpu")
        self.ir: Any = load("cutlass._mlir.ir")
        self.pack_shape: Any = load("cutlass.cute.core")._pack_shape
        nvgpu = load("cutlass.cute.nvgpu")
        self.major_mode: Any = nvgpu.OperandMajorMode
        self.cpasync: Any = load("cutlass.cute.nvgpu.cpasync")
        self.warp: Any = load("cutlass.cute.nvgpu.warp")
        self.warpgroup: Any = load("cutlass.cute.nvgpu.warpgroup")
        self.T: Any = load("cutlass.cutlass_dsl").T
        self.version = _package_version()

    # -- type helpers (need an active context) -------------------------------------

    def numeric(self, name: str) -> Any:
        c = self.cutlass
        table: dict[str, Any] = {
            "f16": c.Float16,
            "bf16": c.BFloat16,
            "f32": c.Float32,
            "tf32": c.TFloat32,
            "f64": c.Float64,
            "i8": c.Int8,
            "ui8": c.Uint8,
            "i32": c.Int32,
            "f8E4M3FN": c.Float8E4M3FN,
            "f8E5M2": c.Float8E5M2,
        }
        return table[name]

    def mlir_type(self, name: str) -> Any:
        """MLIR type as CuTe's atom types spell it (signed/unsigned int8 explicit)."""
        if name == "i8":
            return self.T.si8()
        if name == "ui8":
            return self.T.ui8()
        return self.numeric(name).mlir_type

    def shape_attr(self, mnk: tuple[int, int, int]) -> Any:
        return self.pack_shape(mnk).type.attribute

    # -- families ------------------------------------------------------------------

    def mma_sync(self, atom: dict[str, Any]) -> dict[str, Any]:
        m, n, k = _int(atom, "m"), _int(atom, "n"), _int(atom, "k")
        a, b, c = _elem(atom, "a_type"), _elem(atom, "b_type"), _elem(atom, "c_type")
        mnk = (m, n, k)
        warp = self.warp
        via: str
        if a in ("f16", "bf16"):
            if a != b:
                raise AtomError("mma.sync f16/bf16 needs A and B of the same type")
            op = warp.MmaF16BF16Op(self.numeric(a), self.numeric(c), mnk)
            ty = self.cute.make_mma_atom(op).type
            via = "cute.nvgpu.warp.MmaF16BF16Op"
        elif a == "tf32":
            if b != "tf32" or c != "f32":
                raise AtomError("mma.sync tf32 needs B tf32 and C f32")
            ty = self.cute.make_mma_atom(warp.MmaTF32Op(mnk)).type
            via = "cute.nvgpu.warp.MmaTF32Op"
        elif a in ("f8E4M3FN", "f8E5M2"):
            if a == b:
                op = warp.MmaFP8Op(self.numeric(a), self.numeric(c), mnk)
                ty = self.cute.make_mma_atom(op).type
                via = "cute.nvgpu.warp.MmaFP8Op"
            else:
                ty = self.nvgpu_ir.MmaAtomSM89Type.get(
                    self.shape_attr(mnk),
                    self.mlir_type(a),
                    self.mlir_type(b),
                    self.mlir_type(c),
                )
                via = "cute_nvgpu.MmaAtomSM89Type.get"
        else:
            ty = self.nvgpu_ir.MmaAtomSM80Type.get(
                self.shape_attr(mnk),
                self.mlir_type(a),
                self.mlir_type(b),
                self.mlir_type(c),
            )
            via = "cute_nvgpu.MmaAtomSM80Type.get"
        return self._mma_record(ty, via)

    def wgmma(self, atom: dict[str, Any]) -> dict[str, Any]:
        m, n, k = _int(atom, "m", 64), _int(atom, "n"), _int(atom, "k")
        a, b, c = _elem(atom, "a_type"), _elem(atom, "b_type"), _elem(atom, "c_type")
        source = _a_source(atom)
        a_major, b_major = _major(atom, "a_major"), _major(atom, "b_major")
        # PTX rules the DSL does not enforce (it builds these types without complaint).
        if source == "rmem" and a_major != "k":
            raise AtomError(
                "PTX: wgmma with A in registers has no imm-trans-a; A must be K-major"
            )
        if a not in ("f16", "bf16") and (a_major != "k" or b_major != "k"):
            raise AtomError("PTX: wgmma transpose (MN-major) exists only for f16/bf16")
        wg = self.warpgroup
        src = wg.OperandSource.RMEM if source == "rmem" else wg.OperandSource.SMEM
        mm = self.major_mode
        am = mm.K if a_major == "k" else mm.MN
        bm = mm.K if b_major == "k" else mm.MN
        mnk = (m, n, k)
        if a in ("f16", "bf16"):
            if a != b:
                raise AtomError("wgmma f16/bf16 needs A and B of the same type")
            op = wg.MmaF16BF16Op(self.numeric(a), self.numeric(c), mnk, src, am, bm)
            via = "cute.nvgpu.warpgroup.MmaF16BF16Op"
        elif a in ("f8E4M3FN", "f8E5M2"):
            op = wg.MmaF8Op(
                self.numeric(a), self.numeric(b), self.numeric(c), mnk, src, am, bm
            )
            via = "cute.nvgpu.warpgroup.MmaF8Op"
        elif a in ("i8", "ui8"):
            op = wg.MmaI8Op(
                self.numeric(a), self.numeric(b), self.numeric(c), mnk, src, am, bm
            )
            via = "cute.nvgpu.warpgroup.MmaI8Op"
        elif a == "tf32":
            if b != "tf32" or c != "f32":
                raise AtomError("wgmma tf32 needs B tf32 and C f32")
            if m != 64 or not (8 <= n <= 256 and n % 8 == 0):
                raise AtomError("PTX: wgmma tf32 is m64nNk8 with N = 8..256 step 8")
            ty = self.nvgpu_ir.MmaAtomSM90Type.get(
                self.shape_attr(mnk),
                am._to_ir(),
                bm._to_ir(),
                self.mlir_type(a),
                self.mlir_type(b),
                self.mlir_type(c),
                src._to_ir(),
            )
            return self._mma_record(ty, "cute_nvgpu.MmaAtomSM90Type.get")
        else:
            raise AtomError(f"wgmma does not take A type {a}")
        ty = self.cute.make_mma_atom(op).type
        return self._mma_record(ty, via)

    def _mma_record(self, ty: Any, via: str) -> dict[str, Any]:
        thr = _layout_of(ty.thr_id)
        layouts = {
            "a": _layout_of(ty.layout_a_tv),
            "b": _layout_of(ty.layout_b_tv),
            "c": _layout_of(ty.layout_c_tv),
        }
        return {
            "threads": _size(thr["shape"]),
            "thr": thr,
            "layouts": layouts,
            "units": "elements",
            "cute_type": str(ty),
            "provenance": {
                "source": f"nvidia-cutlass-dsl {self.version} (running package)",
                "built_with": via,
            },
        }

    def ldmatrix(self, atom: dict[str, Any]) -> dict[str, Any]:
        op = self.warp.LdMatrix8x8x16bOp(_bool(atom, "transpose"), _count(atom))
        return self._copy_record(
            atom, op, "ldmatrix", "dst", "cute.nvgpu.warp.LdMatrix8x8x16bOp"
        )

    def stmatrix(self, atom: dict[str, Any]) -> dict[str, Any]:
        op = self.warp.StMatrix8x8x16bOp(_bool(atom, "transpose"), _count(atom))
        return self._copy_record(
            atom, op, "stmatrix", "src", "cute.nvgpu.warp.StMatrix8x8x16bOp"
        )

    def cp_async(self, atom: dict[str, Any]) -> dict[str, Any]:
        nbytes = _int(atom, "bytes")
        if nbytes not in (4, 8, 16):
            raise AtomError(f"PTX: cp.async copies 4, 8 or 16 bytes, got {nbytes}")
        cache = str(atom.get("cache", "ca")).lower()
        modes = self.cpasync.LoadCacheMode
        if cache == "ca":
            mode = modes.ALWAYS
        elif cache == "cg":
            if nbytes != 16:
                raise AtomError("PTX: cp.async.cg copies 16 bytes only")
            mode = modes.GLOBAL
        else:
            raise AtomError(f"cache must be 'ca' or 'cg', got {cache!r}")
        op = self.cpasync.CopyG2SOp(mode)
        return self._copy_record(
            atom,
            op,
            "cp_async",
            "src",
            "cute.nvgpu.cpasync.CopyG2SOp",
            num_bits_per_copy=8 * nbytes,
        )

    def _copy_record(
        self,
        atom: dict[str, Any],
        op: Any,
        what: str,
        ref: str,
        via: str,
        **kwargs: Any,
    ) -> dict[str, Any]:
        cute = self.cute
        bit_atom = cute.make_copy_atom(op, self.cutlass.Boolean, **kwargs)
        ty = bit_atom.type
        thr = _layout_of(ty.thr_id)
        src = _layout_of(ty.layout_src_tv)
        dst = _layout_of(ty.layout_dst_tv)
        record: dict[str, Any] = {
            "threads": _size(thr["shape"]),
            "thr": thr,
            "layouts": {
                "src": src,
                "dst": dst,
                "ref": dict(src if ref == "src" else dst),
            },
            "units": "bits",
            "cute_type": str(ty),
            "provenance": {
                "source": f"nvidia-cutlass-dsl {self.version} (running package)",
                "built_with": f"{via} with value type i1 (bit layouts)",
                "ref": f"RefLayout = {ref.capitalize()}Layout: rule of CUTLASS C++ "
                f"Copy_Traits for {what} (the DSL type does not expose it)",
            },
        }
        elem = atom.get("elem_type")
        if elem is not None:
            name = _elem(atom, "elem_type")
            typed = cute.make_copy_atom(op, self.numeric(name), **kwargs).type
            record["elem_layouts"] = {
                "elem_type": name,
                "src": _layout_of(typed.layout_src_tv),
                "dst": _layout_of(typed.layout_dst_tv),
            }
        return record

    def tma(self, atom: dict[str, Any]) -> dict[str, Any]:
        cute = self.cute
        direction = str(atom.get("direction", "load")).lower()
        name = _elem(atom, "elem_type", "f16")
        box_raw = atom.get("box", [64, 32])
        if (
            not isinstance(box_raw, list)
            or not box_raw
            or not all(
                isinstance(x, int) and not isinstance(x, bool) and x > 0
                for x in box_raw
            )
        ):
            raise AtomError("box must be a non-empty list of positive integers")
        box: list[int] = box_raw
        gmem_raw = atom.get("gmem_shape", [4 * x for x in box])
        if not isinstance(gmem_raw, list) or len(gmem_raw) != len(box):
            raise AtomError("gmem_shape must be a list as long as box")
        gmem: list[int] = gmem_raw
        op: Any
        if direction == "load":
            op = self.cpasync.CopyBulkTensorTileG2SOp()
            via = "cute.nvgpu.cpasync.CopyBulkTensorTileG2SOp"
        elif direction == "store":
            op = self.cpasync.CopyBulkTensorTileS2GOp()
            via = "cute.nvgpu.cpasync.CopyBulkTensorTileS2GOp"
        else:
            raise AtomError(f"direction must be 'load' or 'store', got {direction!r}")
        numeric = self.numeric(name)
        ptr = cute.make_ptr(numeric, 0, cute.AddressSpace.gmem, assumed_align=16)
        gstride = [1]
        for extent in gmem[:-1]:
            gstride.append(gstride[-1] * extent)
        gtensor = cute.make_tensor(
            ptr, cute.make_layout(tuple(gmem), stride=tuple(gstride))
        )
        sstride = [1]
        for extent in box[:-1]:
            sstride.append(sstride[-1] * extent)
        slayout = cute.make_layout(tuple(box), stride=tuple(sstride))
        info = self.cpasync.make_tiled_tma_atom(op, gtensor, slayout, tuple(box))
        ty = info.atom.type
        thr = _layout_of(ty.thr_id)
        src = _layout_of(ty.layout_src_tv)
        dst = _layout_of(ty.layout_dst_tv)
        bits = _TYPE_BITS[name]
        printed = str(ty)
        found = re.search(r"copy_bits = (\d+)", printed)
        copy_bits = int(found.group(1)) if found else None
        out: dict[str, Any] = {}
        for key, lay in (("src", src), ("dst", dst)):
            shape, stride = lay["shape"], lay["stride"]
            if not (
                isinstance(shape, list)
                and len(shape) == 2
                and isinstance(shape[1], int)
                and stride[1] == 1
            ):
                raise AtomError(f"unexpected TMA {key} layout {lay['text']}")
            nbits = shape[1] * bits
            if copy_bits is not None and nbits != copy_bits:
                raise AtomError(
                    f"TMA {key} layout {lay['text']} disagrees with copy_bits "
                    f"{copy_bits}"
                )
            if not (isinstance(shape[0], int) and isinstance(stride[0], int)):
                raise AtomError(f"unexpected TMA {key} thread mode {lay['text']}")
            out[key] = layout_from_text(f"({shape[0]},{nbits}):({stride[0]},1)")
        out["ref"] = dict(out["src"])
        return {
            "threads": _size(thr["shape"]),
            "thr": thr,
            "layouts": out,
            "units": "bits",
            "cute_type": printed,
            "elem_layouts": {"elem_type": name, "src": src, "dst": dst},
            "tma": {"box": box, "gmem_shape": gmem, "copy_bits": copy_bits},
            "provenance": {
                "source": f"nvidia-cutlass-dsl {self.version} (running package)",
                "built_with": f"cute.nvgpu.cpasync.make_tiled_tma_atom({via.split('.')[-1]})"
                " on a fake gmem pointer, compact column-major smem box",
                "bits": "element layouts scaled by the element width (checked against "
                "the type's copy_bits)",
                "ref": "RefLayout = SrcLayout: rule of CUTLASS C++ Copy_Traits<SM90_TMA_*>",
            },
        }

    # -- dispatch ------------------------------------------------------------------

    def run(self, atom: dict[str, Any]) -> dict[str, Any]:
        family = atom.get("family")
        handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "mma_sync": self.mma_sync,
            "wgmma": self.wgmma,
            "ldmatrix": self.ldmatrix,
            "stmatrix": self.stmatrix,
            "cp_async": self.cp_async,
            "tma": self.tma,
        }
        handler = handlers.get(str(family))
        if handler is None:
            raise AtomError(
                f"unknown family {family!r} (expected one of {sorted(handlers)})"
            )
        ir = self.ir
        with ir.Context(), ir.Location.unknown():
            module = ir.Module.create()
            with ir.InsertionPoint(module.body):
                return handler(atom)


def _package_version() -> str:
    try:
        from importlib.metadata import version

        return version("nvidia-cutlass-dsl")
    except Exception:  # noqa: BLE001  # metadata missing
        return "unknown"


def process(request: Any, oracle: CuteOracle | None = None) -> list[dict[str, Any]]:
    """Answer a request object; one result record per atom, in order."""
    if not isinstance(request, dict) or not isinstance(request.get("atoms"), list):
        return [{"id": None, "ok": False, "error": 'input must be {"atoms": [...]}'}]
    results: list[dict[str, Any]] = []
    # Atoms the DSL has no type for come from CuTe's C++ traits: one compile for all of them.
    cpp_ops = [str(a.get("op")) for a in request["atoms"] if isinstance(a, dict) and a.get("family") == "mma_cpp"]
    cpp = cute_cpp.traits(cpp_ops) if cpp_ops else {}
    for index, atom in enumerate(request["atoms"]):
        atom_id = atom.get("id", index) if isinstance(atom, dict) else index
        if not isinstance(atom, dict):
            results.append(
                {"id": atom_id, "ok": False, "error": "atom must be an object"}
            )
            continue
        try:
            if atom.get("family") == "mma_cpp":
                op = str(atom.get("op"))
                record = cute_cpp.record(cpp.get(op, {"error": f"no answer for {op}"}), op)
                results.append({"id": atom_id, "ok": True, "family": "mma_cpp", **record})
                continue
            if oracle is None:
                oracle = CuteOracle()
            record = oracle.run(atom)
        except AtomError as exc:
            results.append({"id": atom_id, "ok": False, "error": str(exc)})
            continue
        except Exception as exc:  # noqa: BLE001  # CuTe raises TypeError, DSLUserCodeError...
            message = _clean(str(exc)) or type(exc).__name__
            results.append(
                {
                    "id": atom_id,
                    "ok": False,
                    "error": f"{type(exc).__name__}: {message}",
                }
            )
            if os.environ.get("ATOMGEN_CUTE_TRACEBACK"):
                traceback.print_exc(file=sys.stderr)
            continue
        results.append(
            {"id": atom_id, "ok": True, "family": atom.get("family"), **record}
        )
    return results


def main(argv: list[str] | None = None) -> int:
    """Read the request on stdin, print one JSON line per atom; 0 unless the input is bad."""
    del argv
    os.environ.setdefault("CUTE_DSL_ARCH", DEFAULT_ARCH)
    try:
        request = json.load(sys.stdin)
    except json.JSONDecodeError as exc:
        print(json.dumps({"id": None, "ok": False, "error": f"bad JSON input: {exc}"}))
        return 2
    status = 0
    for record in process(request):
        if record.get("id") is None and not record["ok"]:
            status = 2
        print(json.dumps(record, sort_keys=False), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
