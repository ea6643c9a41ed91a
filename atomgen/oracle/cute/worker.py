"""CuTe oracle worker: NVIDIA atom thread/value layouts from ``nvidia-cutlass-dsl``.

Run in a subprocess (the CuTe DSL loads a large native MLIR library and may abort on
inputs it does not expect)::

    echo '{"atoms": [...]}' | python -m atomgen.oracle.cute.worker

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
       "box": [64, 32]},
      {"id": "tmar", "family": "tma", "direction": "reduce", "reduction": "add",
       "elem_type": "f16", "box": [64, 32]},
      {"id": "blk", "family": "bulk", "direction": "load", "bytes": 256},
      {"id": "tld", "family": "copy_cpp", "op": "SM100_TMEM_LOAD_16dp64b2x"}
    ]}

``mma_cpp`` and ``copy_cpp`` atoms name a CuTe C++ op (``cute_cpp``): MMAs and tensor-memory copies the DSL
has no type for; a ``copy_cpp`` answer adds ``tmem_val_id``, CuTe's ValID (TMEM bit address of each value of
the tensor-memory side).

A ``bulk`` copy (non-tensor cp.async.bulk) has a ``direction``, ``load`` (CopyBulkG2SOp) or ``store``
(CopyBulkS2GOp), and ``bytes`` per copy, a multiple of 16.

A TMA ``direction`` is ``load``, ``store``, ``load_multicast`` (CopyBulkTensorTileG2SMulticastOp, with
``num_multicast``), ``load_im2col`` (CopyBulkTensorIm2ColG2SOp, with the tensor's ``rank`` 3-5 and a
(pixels, channels) ``box``) or ``reduce`` (CopyReduceBulkTensorTileS2GOp, with ``reduction``: PTX's name of the
reduction, add min max inc dec and or xor).

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

This module answers the protocol; the families are in ``cute_mma`` and ``cute_copy`` (over
the DSL handle of ``cute_dsl``), the request fields and layout text in ``cute_fields``, and
the atoms the DSL cannot build in ``cute_cpp``.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable
from typing import Any

from atomgen.oracle.cute import copy as cute_copy
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.oracle.cute import mma as cute_mma
from atomgen.oracle.cute.dsl import DEFAULT_ARCH, CuteDsl
from atomgen.oracle.cute.fields import AtomError, clean

FAMILIES: dict[str, Callable[[CuteDsl, dict[str, Any]], dict[str, Any]]] = {
    "mma_sync": cute_mma.mma_sync,
    "wgmma": cute_mma.wgmma,
    "ldmatrix": cute_copy.ldmatrix,
    "stmatrix": cute_copy.stmatrix,
    "cp_async": cute_copy.cp_async,
    "tma": cute_copy.tma,
    "bulk": cute_copy.bulk,
}


def build(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    """The answer record of one DSL atom, built inside a fresh MLIR context."""
    family = atom.get("family")
    handler = FAMILIES.get(str(family))
    if handler is None:
        raise AtomError(f"unknown family {family!r} (expected one of {sorted(FAMILIES)})")
    ir = dsl.ir
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        with ir.InsertionPoint(module.body):
            return handler(dsl, atom)


def process(request: Any, dsl: CuteDsl | None = None) -> list[dict[str, Any]]:
    """Answer a request object; one result record per atom, in order."""
    if not isinstance(request, dict) or not isinstance(request.get("atoms"), list):
        return [{"id": None, "ok": False, "error": 'input must be {"atoms": [...]}'}]
    results: list[dict[str, Any]] = []
    # Atoms the DSL has no type for come from CuTe's C++ traits: one compile for all of them.
    cpp_ops = [str(a.get("op")) for a in request["atoms"] if isinstance(a, dict) and a.get("family") == "mma_cpp"]
    cpp = cute_cpp.traits(cpp_ops) if cpp_ops else {}
    copy_ops = [str(a.get("op")) for a in request["atoms"] if isinstance(a, dict) and a.get("family") == "copy_cpp"]
    copies = cute_cpp.copy_traits(copy_ops) if copy_ops else {}
    for index, atom in enumerate(request["atoms"]):
        atom_id = atom.get("id", index) if isinstance(atom, dict) else index
        if not isinstance(atom, dict):
            results.append({"id": atom_id, "ok": False, "error": "atom must be an object"})
            continue
        try:
            if atom.get("family") == "mma_cpp":
                op = str(atom.get("op"))
                record = cute_cpp.record(cpp.get(op, {"error": f"no answer for {op}"}), op)
                results.append({"id": atom_id, "ok": True, "family": "mma_cpp", **record})
                continue
            if atom.get("family") == "copy_cpp":  # the tensor-memory copies: C++ Copy_Traits
                op = str(atom.get("op"))
                record = cute_cpp.copy_record(copies.get(op, {"error": f"no answer for {op}"}), op)
                results.append({"id": atom_id, "ok": True, "family": "copy_cpp", **record})
                continue
            if dsl is None:
                dsl = CuteDsl()
            record = build(dsl, atom)
        except AtomError as exc:
            results.append({"id": atom_id, "ok": False, "error": str(exc)})
            continue
        except Exception as exc:  # noqa: BLE001  # CuTe raises TypeError, DSLUserCodeError...
            message = clean(str(exc)) or type(exc).__name__
            results.append({"id": atom_id, "ok": False, "error": f"{type(exc).__name__}: {message}"})
            if os.environ.get("ATOMGEN_CUTE_TRACEBACK"):
                traceback.print_exc(file=sys.stderr)
            continue
        results.append({"id": atom_id, "ok": True, "family": atom.get("family"), **record})
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
