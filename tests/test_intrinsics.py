"""The intrinsic catalogue: schema-valid shipped files, project catalogues, and the FlyDSL-style
mistakes check must reject because the instruction itself forbids them (issue 8, issue 10.3).

Each mistake is a one-line edit of a shipped spec, checked in-process; the test asserts the rule
id and the line of the edited row (or parameter).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import REPO, SPECS, run_cli

from atomgen.check.intrinsics import load_intrinsics, validate_intrinsics_file
from atomgen.check.runner import check_paths

I8_ENTRY = """\
catalog_version: 1
backend: rocdl
intrinsics:
  rocdl.mfma.i32.16x16x16i8:
    op_class: mfma_i32_16x16x16i8
    operands:
      a: {type: i32, elements: [i8]}
      b: {type: i32, elements: [i8]}
      c: {type: "vector<4xi32>", elements: [i32]}
    result: "vector<4xi32>"
    isa: [{name: v_mfma_i32_16x16x16i8, subtargets: [gfx908, gfx90a]}]
    subtargets: [gfx908, gfx90a]
    source: "IntrinsicsAMDGPU.td int_amdgcn_mfma_i32_16x16x16i8 (AMDGPUMFMAIntrinsics908)"
"""


@pytest.mark.parametrize("backend", ["rocdl", "nvvm"])
def test_shipped_catalogue_is_schema_valid(backend: str) -> None:
    path = REPO / "atomgen" / "intrinsics" / f"{backend}.yaml"
    assert validate_intrinsics_file(path, str(path)) == []
    catalog, problems = load_intrinsics(backend)
    assert catalog is not None and not problems
    assert len(catalog.entries) >= 8


def test_every_shipped_intrinsic_is_catalogued() -> None:
    """The catalogue is complete for the shipped specs: every row's intrinsic has an entry with an op class."""
    from atomgen.spec.loader import load_file
    from atomgen.spec.model import build_model

    paths = sorted(p for p in SPECS.rglob("*.yaml") if p.name != "backend.yaml")
    assert paths
    for path in paths:
        spec, _ = build_model(load_file(path, str(path)))
        assert spec is not None
        catalog, _ = load_intrinsics(spec.backend)
        assert catalog is not None
        for instance in spec.instances:
            entry = catalog.get(instance.intrinsic)
            assert entry is not None, f"{path}: {instance.intrinsic}"
            assert (entry.op_class or entry.llvm_intrinsic) and entry.source


def _tree(tmp_path: Path, backend: str = "rocdl") -> Path:
    root = tmp_path / "specs"
    shutil.copytree(SPECS / backend, root / backend)
    return root


def _edit(path: Path, old: str, new: str, count: int = 1) -> int:
    """Replace `old` in the spec; return the 1-based line of the first replacement."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return line


def _findings(path: Path) -> set[tuple[str, int]]:
    results = check_paths([str(path)], use_cache=False, prove=False)
    return {(d.rule, d.position.line) for r in results for d in r.diagnostics if d.severity == "error"}


MFMA, ATOMIC, COPY = "cdna3/mfma.yaml", "cdna3/buffer_atomic.yaml", "cdna3/buffer_copy.yaml"
F16_ROW = "k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32, intrinsic: rocdl.mfma.f32.16x16x16f16"
FP8_BF8_ROW = "elemTyA: f8E4M3FNUZ, elemTyB: f8E5M2FNUZ, elemTyAcc: f32, intrinsic: rocdl.mfma.f32.16x16x32.fp8.bf8"
BF8_BF8_CHIPS = "v_mfma_f32_16x16x32_bf8_bf8, packed: {a: i64, b: i64, c: vector<4xf32>}, subtargets: [gfx942]"
BF16_1K = "intrinsic: rocdl.mfma.f32.16x16x16bf16.1k, instruction: v_mfma_f32_16x16x16_bf16,"
SMAX_ROW = "valType: i32, intrinsic: rocdl.raw.ptr.buffer.atomic.smax, op_class: RawPtrBufferAtomicSmaxOp"
FMAX_ROW = "valType: f64, intrinsic: rocdl.raw.ptr.buffer.atomic.fmax, op_class: RawPtrBufferAtomicFmaxOp"
FMAX_REST = ", instruction: buffer_atomic_max_f64, packed: {value: f64}, val_bits: [64]"
COPY_32 = "{bitSize: 32, intrinsic: rocdl.raw.ptr.buffer.load, op_class: RawPtrBufferLoadOp, instruction:"
COPY_8 = "{bitSize: 8, intrinsic: rocdl.raw.ptr.buffer.load, op_class: RawPtrBufferLoadOp, instruction:"
COPY_32_REST = ' "buffer_load_dword / buffer_store_dword", packed: {value: i32}, val_bits: [8, 16, 32]}'
LDS_32 = "{bitSize: 32, intrinsic: rocdl.raw.ptr.buffer.load.lds, op_class: RawPtrBufferLoadLdsOp"

MISTAKES = [
    # (name, spec, old, new, rule): `old` is unique in the spec; the finding is on its line
    ("intrinsic-missing", MFMA, "intrinsic: rocdl.mfma.f32.16x16x16f16,",
     "intrinsic: rocdl.mfma.f64.16x16x4.totally_bogus,", "AG358"),
    ("f16-x-bf16", MFMA, F16_ROW, F16_ROW.replace("elemTyB: f16", "elemTyB: bf16"), "AG352"),
    ("ocp-x-fnuz", MFMA, FP8_BF8_ROW, FP8_BF8_ROW.replace("elemTyA: f8E4M3FNUZ", "elemTyA: f8E4M3FN"), "AG352"),
    ("fnuz-on-gfx950", MFMA, BF8_BF8_CHIPS, BF8_BF8_CHIPS.replace("subtargets: [gfx942]", "min_subtarget: gfx942"),
     "AG352"),
    ("multi-block", MFMA, "intrinsic: rocdl.mfma.f32.16x16x16f16,", "intrinsic: rocdl.mfma.f32.16x16x4f16,", "AG354"),
    ("two-block-label", MFMA, "instruction: v_mfma_f32_32x32x8_bf16,", "instruction: v_mfma_f32_32x32x4_2b_bf16,",
     "AG359"),
    ("legacy-bf16-on-gfx942", MFMA, BF16_1K, BF16_1K.replace("16x16x16bf16.1k", "16x16x8bf16"), "AG359"),
    ("atomic-data-type", ATOMIC, SMAX_ROW + ", instruction: buffer_atomic_smax, packed: {value: i32}, val_bits: [32]",
     SMAX_ROW.replace("i32", "i16") + ", instruction: buffer_atomic_smax, packed: {value: i16}, val_bits: [16]",
     "AG352"),
    ("atomic-f32-fmax-on-cdna3", ATOMIC, FMAX_ROW + FMAX_REST,
     FMAX_ROW.replace("f64", "f32") + FMAX_REST.replace("{value: f64}, val_bits: [64]", "{value: f32}, val_bits: [32]"),
     "AG359"),
    ("pk-add-bf16-on-gfx942", ATOMIC, "val_bits: [16, 32], min_subtarget: gfx950,",
     "val_bits: [16, 32], min_subtarget: gfx942,", "AG359"),
    ("atomic-op-class", ATOMIC, "rocdl.raw.ptr.buffer.atomic.umin, op_class: RawPtrBufferAtomicUminOp",
     "rocdl.raw.ptr.buffer.atomic.umin, op_class: RawPtrBufferAtomicSmaxOp", "AG352"),
    ("atomic-enum-case", ATOMIC, "{atomicOp: min, valType: i32,", "{atomicOp: umin, valType: i32,", "AG395"),
    ("buffer-copy-24", COPY, COPY_32 + COPY_32_REST,
     COPY_32.replace("32", "24") + ' "buffer_load_dword", packed: {value: i24}, val_bits: [8]}', "AG352"),
    ("buffer-copy-256", COPY, COPY_32 + COPY_32_REST,
     COPY_32.replace("32", "256") + ' "buffer_load_dword", packed: {value: i256}, val_bits: [8, 256]}', "AG352"),
    ("buffer-copy-7", COPY, COPY_8 + ' "buffer_load_ubyte / buffer_store_byte", packed: {value: i8}, val_bits: [8]}',
     COPY_8.replace("8,", "7,") + ' "buffer_load_ubyte", packed: {value: i7}, val_bits: [7]}', "AG352"),
    ("buffer-copy-label", COPY, "buffer_load_dwordx2 / buffer_store_dwordx2",
     "buffer_load_dwordx4 / buffer_store_dwordx2",
     "AG359"),
    ("cache-modifier-beyond-aux", COPY, "free: {min: 0, max: 31}", "free: {min: 0, max: 32}", "AG394"),
    ("int32-range", COPY, "free: {min: 0, max: 31}", "free: {min: 0, max: 4294967296}", "AG393"),
    ("lds-dma-64", "cdna3/buffer_copy_lds.yaml",
     LDS_32 + ', instruction: "buffer_load_dword ... lds", packed: {value: i32}',
     LDS_32.replace("32", "64") + ', instruction: "buffer_load_dword ... lds", packed: {value: i64}', "AG352"),
    ("modC-16-bit", "gfx1250/wmma_scale.yaml", "python: mod_c, default: 0, free: {min: 0, max: 3}",
     "python: mod_c, default: 0, free: {min: 0, max: 65535}", "AG394"),
    ("opsel-beyond-field", "cdna4/mfma_scale.yaml", "python: opsel_a, default: 0, free: {min: 0, max: 3}",
     "python: opsel_a, default: 0, free: {min: 0, max: 7}", "AG394"),
]


@pytest.mark.parametrize("name,spec,old,new,rule", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_flydsl_style_mistake_is_rejected(tmp_path: Path, name: str, spec: str, old: str, new: str, rule: str) -> None:
    root = _tree(tmp_path)
    path = root / "rocdl" / spec
    assert _findings(path) == set(), "the shipped spec must be clean before the edit"
    line = _edit(path, old, new)
    found = _findings(path)
    assert (rule, line) in found, f"{name}: expected {rule} at line {line}, got {sorted(found)}"


def test_unknown_intrinsic_suggests_the_closest(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    path = root / "rocdl" / "cdna3" / "mfma.yaml"
    _edit(path, "intrinsic: rocdl.mfma.f32.16x16x16f16,", "intrinsic: rocdl.mfma.f32.16x16x16.f16,")
    results = check_paths([str(path)], use_cache=False, prove=False)
    messages = [d.message for r in results for d in r.diagnostics if d.rule == "AG358"]
    assert messages and "did you mean 'rocdl.mfma.f32.16x16x16f16'" in messages[0]


def test_project_catalogue_adds_an_intrinsic(tmp_path: Path) -> None:
    """A gfx90a i8 MFMA row (the shipped catalogue has no gfx908/gfx90a-only i8 MFMA) is unknown until
    specs/rocdl/intrinsics.yaml declares the intrinsic."""
    root = _tree(tmp_path)
    path = root / "rocdl" / "cdna3" / "mfma.yaml"
    row = ("  - {m: 16, n: 16, k: 16, elemTyA: i8, elemTyB: i8, elemTyAcc: i32, intrinsic: rocdl.mfma.i32.16x16x16i8, "
           "instruction: v_mfma_i32_16x16x16i8, packed: {a: i32, b: i32, c: vector<4xi32>}, "
           "subtargets: [gfx90a]}\n")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("instances:\n", "instances:\n" + row, 1), encoding="utf-8")
    assert ("AG358", _line_of(path, "rocdl.mfma.i32.16x16x16i8")) in _findings(path)
    (root / "rocdl" / "intrinsics.yaml").write_text(I8_ENTRY, encoding="utf-8")
    load_intrinsics.cache_clear()
    assert not {rule for rule, _ in _findings(path)} & {"AG358", "AG352", "AG359", "AG106"}


def _line_of(path: Path, text: str) -> int:
    content = path.read_text(encoding="utf-8")
    return content[: content.index(text)].count("\n") + 1


def test_invalid_project_catalogue_is_reported_once_with_a_line(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    catalogue = root / "rocdl" / "intrinsics.yaml"
    catalogue.write_text(I8_ENTRY.replace("    subtargets: [gfx908, gfx90a]\n", "    subtarget: gfx90a\n"),
                         encoding="utf-8")
    load_intrinsics.cache_clear()
    results = check_paths([str(root)], use_cache=False, prove=False)
    own = [d for r in results if r.path.endswith("intrinsics.yaml") for d in r.diagnostics]
    assert own and all(d.rule == "AG101" for d in own)
    assert {d.position.line for d in own} <= {4, 12} and own, [d.format() for d in own]
    flagged = [r.path for r in results for d in r.diagnostics if d.rule == "AG106"]
    assert flagged, "specs of that backend say their project catalogue is ignored"


@pytest.mark.parametrize("backend", ["rocdl", "nvvm"])
def test_backend_files_check_clean_and_show_refuses(backend: str) -> None:
    target = f"specs/{backend}/backend.yaml"
    checked = run_cli("check", target)
    assert checked.returncode == 0, checked.output
    shown = run_cli("show", target)
    assert shown.returncode == 2
    assert "is a backend description, not an atom spec" in shown.stderr
    assert "AG101" not in shown.output
