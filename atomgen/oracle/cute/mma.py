"""The CuTe worker's MMA families: `mma.sync` (warp) and `wgmma` (warpgroup) atoms built with the
DSL's Op classes where one exists (they apply CuTe's own validation), with the `cute_nvgpu` type
constructors otherwise (int8/f64 `mma.sync`, mixed fp8 `mma.sync`, tf32 `wgmma`); their
thread/value layouts read back from the type, in elements.
"""

from __future__ import annotations

from typing import Any

from atomgen.oracle.cute.dsl import CuteDsl
from atomgen.oracle.cute.fields import AtomError, a_source, element, integer, layout_of, major


def _types(atom: dict[str, Any]) -> tuple[str, str, str]:
    return element(atom, "a_type"), element(atom, "b_type"), element(atom, "c_type")


def _raw_type(dsl: CuteDsl, name: str, mnk: tuple[int, int, int], types: tuple[str, str, str]) -> Any:
    """An MMA atom type from its `cute_nvgpu` constructor (no Op class validates it)."""
    return getattr(dsl.nvgpu_ir, name).get(dsl.shape_attr(mnk), *(dsl.mlir_type(t) for t in types))


def mma_sync(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    mnk = (integer(atom, "m"), integer(atom, "n"), integer(atom, "k"))
    a, b, c = types = _types(atom)
    warp = dsl.warp
    if a in ("f16", "bf16"):
        if a != b:
            raise AtomError("mma.sync f16/bf16 needs A and B of the same type")
        ty = dsl.cute.make_mma_atom(warp.MmaF16BF16Op(dsl.numeric(a), dsl.numeric(c), mnk)).type
        via = "cute.nvgpu.warp.MmaF16BF16Op"
    elif a == "tf32":
        if b != "tf32" or c != "f32":
            raise AtomError("mma.sync tf32 needs B tf32 and C f32")
        ty = dsl.cute.make_mma_atom(warp.MmaTF32Op(mnk)).type
        via = "cute.nvgpu.warp.MmaTF32Op"
    elif a in ("f8E4M3FN", "f8E5M2") and a == b:
        ty = dsl.cute.make_mma_atom(warp.MmaFP8Op(dsl.numeric(a), dsl.numeric(c), mnk)).type
        via = "cute.nvgpu.warp.MmaFP8Op"
    else:
        name = "MmaAtomSM89Type" if a in ("f8E4M3FN", "f8E5M2") else "MmaAtomSM80Type"
        ty = _raw_type(dsl, name, mnk, types)
        via = f"cute_nvgpu.{name}.get"
    return _record(dsl, ty, via)


def wgmma(dsl: CuteDsl, atom: dict[str, Any]) -> dict[str, Any]:
    m, n, k = integer(atom, "m", 64), integer(atom, "n"), integer(atom, "k")
    a, b, c = _types(atom)
    source = a_source(atom)
    a_major, b_major = major(atom, "a_major"), major(atom, "b_major")
    # PTX rules the DSL does not enforce (it builds these types without complaint).
    if source == "rmem" and a_major != "k":
        raise AtomError("PTX: wgmma with A in registers has no imm-trans-a; A must be K-major")
    if a not in ("f16", "bf16") and (a_major != "k" or b_major != "k"):
        raise AtomError("PTX: wgmma transpose (MN-major) exists only for f16/bf16")
    wg = dsl.warpgroup
    src = wg.OperandSource.RMEM if source == "rmem" else wg.OperandSource.SMEM
    mm = dsl.major_mode
    am = mm.K if a_major == "k" else mm.MN
    bm = mm.K if b_major == "k" else mm.MN
    mnk = (m, n, k)
    if a in ("f16", "bf16"):
        if a != b:
            raise AtomError("wgmma f16/bf16 needs A and B of the same type")
        op = wg.MmaF16BF16Op(dsl.numeric(a), dsl.numeric(c), mnk, src, am, bm)
        via = "cute.nvgpu.warpgroup.MmaF16BF16Op"
    elif a in ("f8E4M3FN", "f8E5M2"):
        op = wg.MmaF8Op(dsl.numeric(a), dsl.numeric(b), dsl.numeric(c), mnk, src, am, bm)
        via = "cute.nvgpu.warpgroup.MmaF8Op"
    elif a in ("i8", "ui8"):
        op = wg.MmaI8Op(dsl.numeric(a), dsl.numeric(b), dsl.numeric(c), mnk, src, am, bm)
        via = "cute.nvgpu.warpgroup.MmaI8Op"
    elif a == "tf32":
        if b != "tf32" or c != "f32":
            raise AtomError("wgmma tf32 needs B tf32 and C f32")
        if m != 64 or not (8 <= n <= 256 and n % 8 == 0):
            raise AtomError("PTX: wgmma tf32 is m64nNk8 with N = 8..256 step 8")
        ty = dsl.nvgpu_ir.MmaAtomSM90Type.get(dsl.shape_attr(mnk), am._to_ir(), bm._to_ir(), dsl.mlir_type(a),
                                              dsl.mlir_type(b), dsl.mlir_type(c), src._to_ir())
        return _record(dsl, ty, "cute_nvgpu.MmaAtomSM90Type.get")
    else:
        raise AtomError(f"wgmma does not take A type {a}")
    return _record(dsl, dsl.cute.make_mma_atom(op).type, via)


def _record(dsl: CuteDsl, ty: Any, via: str) -> dict[str, Any]:
    threads, thr = dsl.thread_layouts(ty)
    layouts = {"a": layout_of(ty.layout_a_tv), "b": layout_of(ty.layout_b_tv), "c": layout_of(ty.layout_c_tv)}
    return {"threads": threads, "thr": thr, "layouts": layouts, "units": "elements", "cute_type": str(ty),
            "provenance": dsl.provenance(via)}
