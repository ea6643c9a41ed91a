"""The new user's journey (issue 8), through the real command line: scaffold, fill in, check, gen.

The atoms are real instructions that no shipped spec has: gfx90a's 16x16x16 i8 MFMA (a gfx908/gfx90a-only
instruction the shipped catalogue does not know, added through a project catalogue beside the specs), a 96-bit
buffer load, and an MFMA on a brand-new backend with its own catalogue.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import ROCDL_BACKEND, run_cli
from scaffold_answers import FILLED, FILLED_COPY, fill

I8_CATALOGUE = """\
catalog_version: 1
backend: {backend}
cpp_namespace: ROCDL
intrinsics:
  rocdl.mfma.i32.16x16x16i8:
    op_class: mfma_i32_16x16x16i8
    patterns: [mfma]
    operands:
      a: {{type: i32, elements: [i8]}}
      b: {{type: i32, elements: [i8]}}
      c: {{type: "vector<4xi32>", elements: [i32]}}
      cbsz: {{immediate: {{cpp_type: int32_t, range: [0, 4]}}}}
      abid: {{immediate: {{cpp_type: int32_t, range: [0, 15]}}}}
      blgp: {{immediate: {{cpp_type: int32_t, range: [0, 7]}}}}
    result: "vector<4xi32>"
    isa: [{{name: v_mfma_i32_16x16x16i8}}]
    subtargets: {chips}
    source: "IntrinsicsAMDGPU.td int_amdgcn_mfma_i32_16x16x16i8 (AMDGPUMFMAIntrinsics908: i32 A/B, v4i32 C)"
"""

I8_ANSWERS = {
    **FILLED,
    # the project catalogue below declares blgp an int32_t immediate, not the shipped table's MFMAPermB
    "pattern: TODO": 'pattern: mfma\n  args: [accTy, a, b, c, "0", "0", "0"]',
    "k: TODO": "k: 16",
    "elemTyA: TODO": "elemTyA: i8",
    "elemTyB: TODO": "elemTyB: i8",
    "elemTyAcc: TODO": "elemTyAcc: i32",
    "intrinsic: TODO": "intrinsic: rocdl.mfma.i32.16x16x16i8",
    "a: TODO            # e.g.": 'a: "i32"  # e.g.',
    "      b: TODO": '      b: "i32"',
    "      c: TODO": '      c: "vector<4xi32>"',
    "instruction: TODO": "instruction: v_mfma_i32_16x16x16i8",
}

DWORDX3_ANSWERS = {
    **FILLED_COPY,
    "bitSize: TODO": "bitSize: 96",
    "value: TODO": "value: i96",
}


def _new(tmp_path: Path, *args: str) -> Path:
    made = run_cli("new", *args, cwd=tmp_path)
    assert made.returncode == 0, made.output
    return Path(tmp_path / re.search(r"wrote (\S+);", made.stdout).group(1))  # type: ignore[union-attr]


def _check_and_gen(tmp_path: Path) -> str:
    checked = run_cli("check", "--no-cache", "specs", cwd=tmp_path)
    assert checked.returncode == 0, checked.output
    generated = run_cli("gen", "specs", "--out", "out", cwd=tmp_path)
    assert generated.returncode == 0, generated.output
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((tmp_path / "out").rglob("*.cpp")))


def test_new_mma_with_a_gfx90a_i8_mfma_from_a_project_catalogue(tmp_path: Path) -> None:
    backend = tmp_path / "specs" / "rocdl" / "backend.yaml"
    backend.parent.mkdir(parents=True)
    backend.write_text(ROCDL_BACKEND.read_text())
    spec = _new(tmp_path, "mma", "--subtarget", "cdna5")
    spec.write_text(fill(spec.read_text(), I8_ANSWERS))
    # cdna5 is new to the backend: `new` declared it with its chips as a TODO, reported once, at its line.
    line = next(n for n, t in enumerate(backend.read_text().splitlines(), 1) if t.startswith("  cdna5: [TODO]"))
    todo = run_cli("check", "--no-cache", "specs", cwd=tmp_path)
    assert todo.stdout.count(f"specs/rocdl/backend.yaml:{line}:11: error[AG010]") == 1, todo.output
    backend.write_text(backend.read_text().replace("cdna5: [TODO]", "cdna5: [gfx90a]"))
    unknown = run_cli("check", "--no-cache", str(spec), cwd=tmp_path)
    assert unknown.returncode == 1 and "error[AG358]" in unknown.stdout, unknown.output
    catalogue = tmp_path / "specs" / "rocdl" / "intrinsics.yaml"
    catalogue.write_text(I8_CATALOGUE.format(backend="rocdl", chips="[gfx90a]"))
    code = _check_and_gen(tmp_path)
    assert "ROCDL::mfma_i32_16x16x16i8" in code


def test_new_copy_with_a_96_bit_buffer_load(tmp_path: Path) -> None:
    spec = _new(tmp_path, "copy", "--subtarget", "cdna3", "--name", "buffer_load_x3")
    (tmp_path / "specs" / "rocdl" / "backend.yaml").write_text(ROCDL_BACKEND.read_text())
    labelled = 'intrinsic: rocdl.raw.ptr.buffer.load\n    instruction: "buffer_load_dwordx3 / buffer_store_dwordx3"'
    filled = fill(spec.read_text(), DWORDX3_ANSWERS)
    spec.write_text(filled.replace("intrinsic: rocdl.raw.ptr.buffer.load", labelled, 1))
    code = _check_and_gen(tmp_path)
    assert "RawPtrBufferLoadOp" in code


def test_new_backend_with_one_atom_generates_a_skeleton(tmp_path: Path) -> None:
    backend = _new(tmp_path, "backend", "foo")
    todo = run_cli("check", str(backend), cwd=tmp_path)
    assert todo.returncode == 1 and todo.stdout.count("error[AG010]") == 3, todo.output
    backend.write_text(
        backend.read_text()
        .replace("summary: TODO", 'summary: "a test backend"')
        .replace("dependent_dialects: [TODO]", 'dependent_dialects: ["ROCDL::ROCDLDialect"]')
        .replace("lowering_pass: TODO", "lowering_pass: --convert-fly-to-rocdl")
    )
    assert run_cli("check", str(backend), cwd=tmp_path).returncode == 0
    spec = _new(tmp_path, "mma", "--backend", "foo", "--subtarget", "x1")
    spec.write_text(fill(spec.read_text(), I8_ANSWERS))
    backend.write_text(backend.read_text().replace("x1: [TODO]", "x1: [x1]"))
    (tmp_path / "specs" / "foo" / "intrinsics.yaml").write_text(I8_CATALOGUE.format(backend="foo", chips="[x1]"))
    code = _check_and_gen(tmp_path)
    assert "ROCDL::mfma_i32_16x16x16i8" in code
    skeleton = {p.name for p in (tmp_path / "out" / "include" / "flydsl" / "Dialect" / "FlyFOO" / "IR").iterdir()}
    assert {"Dialect.td", "Atom.td", "Dialect.h", "CMakeLists.txt"} <= skeleton
