"""Issue 50: AMD instruction models (committed calculator facts), the LLVM IR executor and the harness.

The models' facts are checked as committed (no calculator in CI); with ATOMGEN_AMD_CALCULATOR set to a checkout
of ROCm/amd_matrix_instruction_calculator they are regenerated and compared (scripts/amd-models.py --check)."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("llvmlite")

from atomgen.execution import formats, models  # noqa: E402
from atomgen.execution.executor import Module, instruction_of  # noqa: E402
from atomgen.execution.harness import IR, run_spec  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs" / "rocdl"


def test_committed_models_load_and_cover_the_calculator_architectures() -> None:
    found = models.load_models()
    archs = {(a, w) for a, w, _ in found}
    assert archs == {("cdna3", 64), ("cdna4", 64), ("rdna3", 32), ("rdna3", 64), ("rdna4", 32), ("rdna4", 64)}
    assert len(found) == 111
    assert all("Matrix Instruction Calculator" in m.source for m in found.values() if m.architecture != "cdna4")
    # CDNA4 (not in the calculator): each model says its document, single-sourced or derived
    cdna4 = {name: m.source for (arch, _, name), m in found.items() if arch == "cdna4"}
    assert cdna4["v_mfma_scale_f32_32x32x64_f8f6f4"].startswith("single: AMD ROCm blog")
    assert all(source.startswith("derived: the CDNA3 layout") for name, source in cdna4.items()
               if not name.startswith("v_mfma_scale"))


def test_cdna4_models_are_what_the_script_writes() -> None:
    """cdna4.json is rewritten from cdna3.json and the document's layouts (no calculator needed)."""
    done = subprocess.run([sys.executable, "scripts/amd-models.py", "--cdna4", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("key", sorted(models.load_models()), ids=lambda k: f"{k[0]}-w{k[1]}-{k[2]}")
def test_model_is_a_placement_of_every_element(key: tuple[str, int, str]) -> None:
    """Every A, B, C element is in some lane's register; every D element in exactly one; a slice is as wide as
    its element (or a sparse chunk's two values / one index nibble)."""
    model = models.load_models()[key]
    assert len(model.operands["D"].lanes) == model.wave
    k = model.k
    shapes = {"A": (model.m, k), "B": (k, model.n), "C": (model.m, model.n), "D": (model.m, model.n)}
    operands = list(model.operands.items())
    if model.scaled:  # A, B per format pair (cbsz, blgp)
        codes = model.scaled["format_codes"]
        for variant, pair in model.variants.items():
            cbsz, blgp = (part.split("=")[1] for part in variant.split(","))
            fmt = {"A": codes[cbsz], "B": codes[blgp]}
            for matrix, operand in pair.items():
                widths = {slot[2] - slot[1] + 1 for slot in operand.slots}
                assert widths == {formats.WIDTH[fmt[matrix]]}, (variant, matrix)
                operands.append((matrix, operand))
    for matrix, operand in operands:
        held: dict[tuple[int, int, int], int] = {}
        for lane in operand.lanes:
            for slot, cell in zip(operand.slots, lane):
                for element in cell:
                    held[element] = held.get(element, 0) + 1
                width = slot[2] - slot[1] + 1
                if cell and matrix in "ABCD" and not (model.sparse and matrix == "A") and not (
                        model.scaled and matrix in "AB"):
                    assert len(cell) == 1 and width == formats.WIDTH[model.formats[matrix]], (matrix, slot, cell)
                if cell and matrix == "K":
                    assert width == 4 and len(cell) == 4
        if matrix == "K":
            continue
        rows, cols = shapes[matrix]
        want = {(r, c, b) for r in range(rows) for c in range(cols) for b in range(model.blocks)}
        assert set(held) == want, matrix
        if matrix == "D":
            assert set(held.values()) == {1}


def test_models_record_the_modifiers_the_instances_use() -> None:
    found = models.load_models()
    opsel = found[("rdna3", 32, "v_wmma_f16_16x16x16_f16")]
    assert opsel.variants["opsel=4"]["D"].slots[0] == (0, 16, 31)
    assert set(found[("cdna3", 64, "v_smfmac_f32_16x16x32_f16")].variants) == {"abid=1", "abid=2", "abid=3"}
    assert found[("rdna4", 32, "v_swmmac_f32_16x16x32_f16")].variants["opsel=1"]["K"].slots[0] == (0, 16, 19)
    assert found[("cdna3", 64, "v_mfma_f32_16x16x32_fp8_fp8")].formats["A"] == "fp8_e4m3fnuz"
    assert found[("rdna4", 32, "v_wmma_f32_16x16x16_fp8_fp8")].formats["A"] == "fp8_e4m3fn"


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("ATOMGEN_AMD_CALCULATOR"), reason="set ATOMGEN_AMD_CALCULATOR to a checkout "
                    "of ROCm/amd_matrix_instruction_calculator to regenerate the models")
def test_models_match_the_calculator() -> None:
    done = subprocess.run([sys.executable, "scripts/amd-models.py", os.environ["ATOMGEN_AMD_CALCULATOR"], "--check"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("fmt", "code", "value"), [
    ("fp8_e4m3fn", 0x7E, 448.0), ("fp8_e4m3fn", 0x01, 2.0 ** -9), ("bf8_e5m2", 0x7B, 57344.0),
    ("fp8_e4m3fnuz", 0x7F, 240.0), ("bf8_e5m2fnuz", 0x7F, 57344.0), ("fp6_e2m3", 0x1F, 7.5),
    ("bf6_e3m2", 0x1F, 28.0), ("fp4_e2m1", 0x7, 6.0), ("fp4_e2m1", 0xF, -6.0), ("e8m0", 127, 1.0),
    ("bf16", 0x3F80, 1.0), ("f16", 0x3C00, 1.0), ("iu4", 0xF, -1.0),
])
def test_decoders(fmt: str, code: int, value: float) -> None:
    assert formats.decode(fmt, code) == value


def test_decoder_specials() -> None:
    assert math.isnan(formats.decode("fp8_e4m3fnuz", 0x80)) and math.isnan(formats.decode("fp8_e4m3fn", 0x7F))
    assert math.isnan(formats.decode("bf8_e5m2", 0x7E)) and not math.isnan(formats.decode("fp8_e4m3fn", 0xFE))
    assert len(formats.finite_codes("fp4_e2m1")) == 16 and len(formats.finite_codes("fp8_e4m3fnuz")) == 255
    assert formats.decode("iu8", 0xFF, signed=False) == 255.0


def test_llvmlite_reads_every_committed_module() -> None:
    modules = sorted(IR.glob("*.ll"))
    assert len(modules) >= 20  # the committed IR of every ROCDL spec
    for path in modules:
        assert Module.read(path).functions, path.name


def test_intrinsic_names_map_to_instructions() -> None:
    assert instruction_of("llvm.amdgcn.mfma.f32.32x32x4bf16.1k", "gfx942")[1] == "v_mfma_f32_32x32x4_2b_bf16"
    assert instruction_of("llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8.v8f32.v2i32", "gfx1200")[1] == \
        "v_wmma_f32_16x16x16_fp8_bf8"
    assert instruction_of("llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v4i32", "gfx1100")[1] == "v_wmma_i32_16x16x16_iu8"


# one spec per family, a few instances each: (spec, instances)
FAMILIES: dict[str, tuple[str, set[str]]] = {
    "mfma": ("cdna3/mfma.yaml", {"32x32x8_f16_f16_f32", "16x16x32_i8_i8_i32", "16x16x32_f8E4M3FNUZ_f8E5M2FNUZ_f32"}),
    "mfma multi-block": ("cdna3/mfma_multiblock.yaml", {"4x4x4_16_f16_f16_f32", "4x4x4_4_f64_f64_f64"}),
    "gfx11 wmma": ("gfx11/wmma.yaml", {"16x16x16_i8_i8_i32", "16x16x16_i4_i4_i32", "16x16x16_bf16_bf16_f32"}),
    "gfx11 wmma opsel": ("gfx11/wmma_opsel.yaml", {"16x16x16_f16_f16_f16", "16x16x16_bf16_bf16_bf16"}),
    "gfx12 wmma": ("gfx120x/wmma.yaml", {"16x16x16_f8E4M3FN_f8E5M2_f32", "16x16x32_i4_i4_i32"}),
    "gfx12 wmma wave64": ("gfx120x/wmma_wave64.yaml", {"16x16x16_i8_i8_i32", "16x16x16_f16_f16_f32"}),
    "smfmac": ("cdna3/smfmac.yaml", {"16x16x32_bf16_bf16_f32", "16x16x64_i8_i8_i32_abid1"}),
    "swmmac": ("gfx120x/swmmac.yaml", {"16x16x32_i8_i8_i32", "16x16x32_f16_f16_f32"}),
    "swmmac wave64": ("gfx120x/swmmac_wave64.yaml", {"16x16x64_i4_i4_i32_indexKey1"}),
    "gfx950 ocp fp8 mfma": ("cdna3/mfma_ext.yaml", {"16x16x32_f8E4M3FN_f8E5M2_f32"}),
    "mfma scale": ("cdna4/mfma_scale.yaml", {"32x32x64_f8E4M3FN_f8E5M2_f32", "32x32x64_f4E2M1FN_f4E2M1FN_f32"}),
}
SOURCES = {"gfx950 ocp fp8 mfma": "Calculator layout + AMD document formats", "mfma scale": "single-sourced"}
NEGATIVES = {  # family -> the broken-lowering classes that must be caught there
    "mfma": {"A/B swapped", "value order reversed in A's registers"},
    "mfma multi-block": {"A/B swapped", "value order reversed in A's registers"},
    "gfx11 wmma": {"A/B swapped", "sign flags flipped", "clamp flipped", "value order reversed in A's registers"},
    "gfx11 wmma opsel": {"A/B swapped", "OPSEL flipped", "value order reversed in A's registers"},
    "gfx12 wmma": {"A/B swapped", "sign flags flipped", "clamp flipped", "value order reversed in A's registers"},
    "gfx12 wmma wave64": {"A/B swapped", "sign flags flipped", "clamp flipped",
                          "value order reversed in A's registers"},
    "smfmac": {"A/B swapped", "index set swapped", "chunk indices rotated", "value order reversed in A's registers"},
    "swmmac": {"A/B swapped", "index set swapped", "chunk indices rotated", "sign flags flipped", "clamp flipped",
               "value order reversed in A's registers"},
    "swmmac wave64": {"A/B swapped", "chunk indices rotated", "sign flags flipped", "clamp flipped"},
    "gfx950 ocp fp8 mfma": {"A/B swapped", "value order reversed in A's registers"},
    "mfma scale": {"A/B swapped", "CBSZ/BLGP exchanged", "scale byte moved", "value order reversed in A's registers"},
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_instances_execute_and_broken_lowerings_are_caught(family: str) -> None:
    spec, wanted = FAMILIES[family]
    outcomes = run_spec(SPECS / spec, instances=wanted)
    assert {o.instance for o in outcomes} == wanted
    caught: set[str] = set()
    for outcome in outcomes:
        assert outcome.executed, (outcome.instance, outcome.reason)
        assert outcome.passed, (outcome.instance, outcome.detail)
        assert SOURCES.get(family, "Matrix Instruction Calculator") in outcome.model_source
        assert "NOT DETECTED" not in outcome.negatives.values(), outcome.negatives
        caught |= {k.split(" (@")[0] for k, v in outcome.negatives.items() if v.startswith("detected")}
    assert NEGATIVES[family] <= caught


def test_an_instance_without_a_model_is_said_not_executed() -> None:
    outcomes = run_spec(SPECS / "gfx1250" / "wmma_bf16f32.yaml")
    assert outcomes and all(not o.executed and "not in AMD's Matrix Instruction Calculator" in o.reason
                            for o in outcomes)
    # a CDNA4 format pair the document gives no layout for is not executed (not a failure)
    (mixed,) = run_spec(SPECS / "cdna4" / "mfma_scale.yaml", instances={"32x32x64_f8E4M3FN_f4E2M1FN_f32"})
    assert not mixed.executed and "no layout for this format pair" in mixed.reason


def test_sparse_selector_variants_each_run() -> None:
    """A free sparsity selector (abid 0..3) runs each of the IR's functions, its index set placed there."""
    (outcome,) = run_spec(SPECS / "cdna3" / "smfmac.yaml", instances={"16x16x32_f16_f16_f32"})
    assert outcome.passed and outcome.detail.count("D values match") == 4
    assert outcome.negatives["index set swapped (@..._abid3)"].startswith("detected")


def test_a_k_order_common_to_a_and_b_is_invisible(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit the evidence states: D = A x B + C cannot see a K permutation applied to both A and B (the
    block-scaled fp8 K-run order, FlyDSL's known defect, with one scale per wave), only one applied to A alone."""
    from atomgen.execution import harness

    def runs(roles: list[int]) -> list[int]:
        return [x >> 128 | (x & ((1 << 128) - 1)) << 128 for x in roles]
    monkeypatch.setitem(harness.NEGATIVES, "both", lambda n, r, m: {**r, "a": runs(r["a"]), "b": runs(r["b"])})
    monkeypatch.setitem(harness.NEGATIVES, "a only", lambda n, r, m: {**r, "a": runs(r["a"])})
    applicable = harness.applicable
    monkeypatch.setattr(harness, "applicable", lambda *a, **k: {**applicable(*a, **k), "both": "", "a only": ""})
    (outcome,) = run_spec(SPECS / "cdna4" / "mfma_scale.yaml", instances={"32x32x64_f8E4M3FN_f8E4M3FN_f32"})
    assert outcome.passed and outcome.negatives["both"] == "NOT DETECTED"
    assert outcome.negatives["a only"].startswith("detected")
