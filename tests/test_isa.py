"""The ISA rung for AMD (atomgen/isa): the committed LLVM IR of every generated ROCDL atom (lowered by a
fly-opt built from the generated C++, docs/evidence/rocdl-isa/) through llc-22, for every chip each row
claims, judged against the spec; and the deliberate regressions it must catch.

llc-22 comes from Debian's llvm-22 (.ci/run installs it); where it is missing the tests skip, saying so.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO

from atomgen.check.intrinsics import load_intrinsics
from atomgen.isa import asm, expect, rung
from atomgen.isa.compile import compile_functions
from atomgen.isa.verdict import problems
from atomgen.lowering import LLVM_BIN
from atomgen.render.names import spec_source

IR = REPO / "docs/evidence/rocdl-isa"
REPORT = REPO / "docs/evidence/rocdl-isa.md"

pytestmark = [
    pytest.mark.skipif(not (LLVM_BIN / "llc").exists() or not (LLVM_BIN / "llvm-extract").exists(),
                       reason="no llc-22/llvm-extract-22 (Debian llvm-22; .ci/run installs it)"),
    pytest.mark.xdist_group("isa"),
]


@lru_cache(maxsize=None)
def _atoms() -> dict[str, Any]:
    from atomgen.pipeline import check_for_gen

    checked = check_for_gen([str(REPO / "specs/rocdl")])
    assert not checked.errors
    return {spec_source(a.spec): a for a in checked.atoms}


@lru_cache(maxsize=None)
def _rows() -> tuple[rung.Row, ...]:
    return tuple(rung.judge(list(_atoms().values()), IR, spec_source))


def _catalog() -> Any:
    catalog, _ = load_intrinsics("rocdl")
    assert catalog is not None
    return catalog


def _instance(spec: str, instance_id: str) -> tuple[Any, Any]:
    atom = _atoms()[spec]
    return atom, next(i for i in atom.spec.instances if i.id == instance_id)


def _assembly(stem: str, function: str, chip: str, ir: Path = IR, wave64: bool = False) -> list[asm.Instruction]:
    text, failed = compile_functions(ir / f"{stem}.ll", [function], chip, wave64)
    assert not failed, failed
    return asm.functions(text)[function]


def test_every_rocdl_instance_holds_its_instruction_on_every_claimed_chip() -> None:
    rows = _rows()
    assert len({(r.spec, r.instance) for r in rows}) == sum(len(a.spec.instances) for a in _atoms().values())
    failing = [f"{r.function} on {r.chip}: {'; '.join(r.reasons)}" for r in rows if r.verdict == "fail"]
    assert not failing, "\n".join(failing)
    unchecked = [r for r in rows if r.verdict != "pass"]
    assert all(r.reasons and r.reasons[0] for r in unchecked)  # nothing unchecked without a named reason
    assert {r.verdict for r in unchecked} <= {"not lowered", "not selected"}
    # Every chip the ROCDL rows claim is compiled for, RDNA wave64 included.
    assert {"gfx942", "gfx950", "gfx1100", "gfx1201", "gfx1250"} <= {r.chip for r in rows if r.verdict == "pass"}


def test_the_committed_report_is_this_run() -> None:
    from importlib import util

    module_spec = util.spec_from_file_location("rocdl_isa", REPO / "scripts/rocdl-isa.py")
    assert module_spec is not None and module_spec.loader is not None
    script = util.module_from_spec(module_spec)
    module_spec.loader.exec_module(script)
    assert REPORT.read_text(encoding="utf-8") == rung.to_markdown(list(_rows()), script.HEADER), \
        "docs/evidence/rocdl-isa.md is stale: run scripts/rocdl-isa.py"


def test_a_row_labelled_with_another_instruction_fails() -> None:
    atom, inst = _instance("specs/rocdl/cdna3/mfma.yaml", "16x16x16_f16_f16_f32")
    catalog = _catalog()
    body = _assembly("cdna3_mfma", "cdna3_mfma_16x16x16_f16_f16_f32", "gfx942")
    assert problems(expect.mma(atom.spec, inst, catalog, "gfx942"), body) == []
    relabelled = dataclasses.replace(inst, instruction="v_mfma_f32_16x16x16_bf16")
    assert problems(expect.mma(atom.spec, relabelled, catalog, "gfx942"), body) == [
        "instruction v_mfma_f32_16x16x16_f16, expected v_mfma_f32_16x16x16_bf16"]


def test_a_row_packed_one_register_short_fails() -> None:
    atom, inst = _instance("specs/rocdl/cdna3/mfma.yaml", "16x16x16_f16_f16_f32")
    catalog = _catalog()
    body = _assembly("cdna3_mfma", "cdna3_mfma_16x16x16_f16_f16_f32", "gfx942")
    short = dataclasses.replace(inst, packed={**inst.packed, "a": "vector<2xf16>"})
    found = problems(expect.mma(atom.spec, short, catalog, "gfx942"), body)
    assert len(found) == 1 and re.match(r"a is v\[\d+:\d+\] \(2 dwords\), expected 1 v-register dword$", found[0])


def _edited(tmp_path: Path, stem: str, old: str, new: str) -> Path:
    """The committed IR with one edit: what the C++ would emit with the regression."""
    text = (IR / f"{stem}.ll").read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    (tmp_path / f"{stem}.ll").write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_a_broadcast_immediate_the_layouts_do_not_describe_fails(tmp_path: Path) -> None:
    """Issue 19's cbsz = 1 edit with check bypassed: the atom sends cbsz = 1 and the ISA says so."""
    atom, inst = _instance("specs/rocdl/cdna3/mfma.yaml", "16x16x4_f32_f32_f32")
    catalog = _catalog()
    call = "@llvm.amdgcn.mfma.f32.16x16x4f32(float %5, float %6, <4 x float> %7, i32 0, i32 0, i32 0)"
    ir = _edited(tmp_path, "cdna3_mfma", call, call.replace("i32 0, i32 0, i32 0", "i32 1, i32 0, i32 0"))
    body = _assembly("cdna3_mfma", "cdna3_mfma_16x16x4_f32_f32_f32", "gfx942", ir)
    assert problems(expect.mma(atom.spec, inst, catalog, "gfx942"), body) == [
        "modifiers cbsz:1, expected none"]
    (tmp_path / "blgp").mkdir()
    blgp = call.replace("i32 0, i32 0, i32 0", "i32 0, i32 0, i32 1")
    permuted = _edited(tmp_path / "blgp", "cdna3_mfma", call, blgp)
    body = _assembly("cdna3_mfma", "cdna3_mfma_16x16x4_f32_f32_f32", "gfx942", permuted)
    assert problems(expect.mma(atom.spec, inst, catalog, "gfx942"), body) == ["modifiers blgp:1, expected none"]


def test_a_compile_time_offset_routed_through_a_runtime_value_fails(tmp_path: Path) -> None:
    """The class of FlyDSL's 44-VGPR-spill bug: imm_offset added to the VGPR offset instead of being the
    instruction's offset field computes the same address, and is caught only in the ISA."""
    atom, inst = _instance("specs/rocdl/cdna3/buffer_copy_lds.yaml", "32")
    function = "cdna3_buffer_copy_lds_32"
    text = (IR / "cdna3_buffer_copy_lds.ll").read_text(encoding="utf-8")
    call = re.search(r"call void @llvm\.amdgcn\.raw\.ptr\.buffer\.load\.lds\(ptr addrspace\(8\) (%\d+), "
                     r"ptr addrspace\(3\) (%\d+), i32 4, i32 (%\d+), i32 (%\d+), i32 20, i32 0\)", text)
    assert call is not None
    runtime = (f"%moved = add i32 {call.group(3)}, 20\n  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr "
               f"addrspace(8) {call.group(1)}, ptr addrspace(3) {call.group(2)}, i32 4, i32 %moved, "
               f"i32 {call.group(4)}, i32 0, i32 0)")
    ir = _edited(tmp_path, "cdna3_buffer_copy_lds", call.group(0), runtime)
    expected = expect.copy(atom.spec, inst, function)
    assert problems(expected, _assembly("cdna3_buffer_copy_lds", function, "gfx942")) == []
    body = _assembly("cdna3_buffer_copy_lds", function, "gfx942", ir)
    assert any(i.mnemonic.startswith("v_add") for i in body)  # the offset now costs a VGPR add
    assert problems(expected, body) == ["modifiers lds offen, expected lds offen offset:20"]


def test_llc_reading_is_exact() -> None:
    line = "v_mfma_scale_f32_16x16x128_f8f6f4 a[0:3], v[12:15], v[16:19], a[0:3], v2, v1 op_sel_hi:[0,0,0] cbsz:4"
    parsed = asm.instruction("\t" + line + " ; comment")
    assert parsed is not None and parsed.mnemonic == "v_mfma_scale_f32_16x16x128_f8f6f4"
    assert parsed.operands == ("a[0:3]", "v[12:15]", "v[16:19]", "a[0:3]", "v2", "v1")
    assert parsed.modifiers == (("op_sel_hi", "[0,0,0]"), ("cbsz", "4"))
    assert str(asm.register("v[12:15]")) == "v[12:15]" and asm.register("off") is None
    assert shutil.which(str(LLVM_BIN / "llc"))


# --- The generated CHECK lines spell every immediate (llvm-22.1, the LLVM of the real build) ----------------

EVIDENCE = REPO / "docs/evidence/immediates"


def _mfma_checks(tmp_path: Path, loose: bool = False) -> Path:
    """cdna3_mfma.mlir as `gen --llvm-api llvm-22.1` writes it; `loose`: with the intrinsic line of before
    (operands after C matched by `{{.*}}`)."""
    import subprocess
    import sys

    out = tmp_path / "gen"
    spec = REPO / "specs/rocdl/cdna3/mfma.yaml"
    subprocess.run([sys.executable, "-m", "atomgen", "gen", str(spec), "--out", str(out), "--only", "owned", "--quiet",
                    "--llvm-api", "llvm-22.1"], check=True, cwd=REPO)
    test = next(out.rglob("cdna3_mfma.mlir"))
    if loose:
        text = re.sub(r"(%\[\[VC\]\]), %c0_i32\{\{\[_0-9\]\*\}\}, %c0_i32\{\{\[_0-9\]\*\}\}, %c0_i32\{\{\[_0-9\]\*\}\} "
                      r": \(([^)]*), i32, i32, i32\)", r"\1{{.*}} : (\2{{.*}})", test.read_text(encoding="utf-8"))
        test.write_text(text, encoding="utf-8")
    return test


def _filecheck(checks: Path, lowered: Path) -> Any:
    import subprocess
    import sys

    tool = Path(sys.executable).parent / "filecheck"
    return subprocess.run([str(tool), str(checks)], stdin=lowered.open(encoding="utf-8"), capture_output=True,
                          text=True)


@pytest.mark.skipif(not (Path(__import__("sys").executable).parent / "filecheck").exists(), reason="no filecheck")
def test_the_generated_check_lines_reject_a_broadcast_the_layouts_do_not_describe(tmp_path: Path) -> None:
    """The real fly-opt's output of cdna3_mfma.mlir (docs/evidence/immediates), built from the generated C++
    and once with the 16x16x4 case sending cbsz = 1 (the issue-19 edit with check bypassed)."""
    checks = _mfma_checks(tmp_path)
    assert "%[[VC]], %c0_i32{{[_0-9]*}}, %c0_i32{{[_0-9]*}}, %c0_i32{{[_0-9]*}} : (" in checks.read_text()
    assert _filecheck(checks, EVIDENCE / "cdna3_mfma.lowered.mlir").returncode == 0
    broken = _filecheck(checks, EVIDENCE / "cdna3_mfma.cbsz1.lowered.mlir")
    assert broken.returncode != 0 and "rocdl.mfma.f32.16x16x4f32" in broken.stderr + broken.stdout
    # The line of before matched a prefix and skipped the immediates: the same broken atom passed it.
    (tmp_path / "loose").mkdir()
    loose = _mfma_checks(tmp_path / "loose", loose=True)
    assert "%[[VC]]{{.*}} : (" in loose.read_text()
    assert _filecheck(loose, EVIDENCE / "cdna3_mfma.cbsz1.lowered.mlir").returncode == 0
