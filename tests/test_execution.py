"""Issue 50: AMD instruction models (committed calculator facts), the LLVM IR executor and the harness.

The models' facts are checked as committed (no calculator in CI); with ATOMGEN_AMD_CALCULATOR set to a checkout
of ROCm/amd_matrix_instruction_calculator they are regenerated and compared (scripts/amd-models.py --check)."""

from __future__ import annotations

import importlib.util
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

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
    assert archs == {("cdna3", 64), ("cdna4", 64), ("rdna3", 32), ("rdna3", 64), ("rdna4", 32), ("rdna4", 64),
                     ("gfx1250", 32)}
    assert len(found) == 161
    assert all("Matrix Instruction Calculator" in m.source for m in found.values()
               if m.architecture not in ("cdna4", "gfx1250"))
    # gfx1250 (no AMD document, no calculator): every model is Triton's layout, single-sourced, and says so
    gfx1250 = [m for m in found.values() if m.architecture == "gfx1250"]
    assert len(gfx1250) == 29 and all(m.source.startswith("single: no AMD document describes gfx1250") and
                                      "Triton 3.9.0" in m.source for m in gfx1250)
    # CDNA4 (not in the calculator): each model says its source, single-sourced or derived
    cdna4 = {name: m.source for (arch, _, name), m in found.items() if arch == "cdna4"}
    assert len(cdna4) == 30
    for name, source in cdna4.items():
        if name.startswith("v_mfma_scale"):
            assert source.startswith("single: AMD ROCm blog"), name
        elif name.startswith("v_smfmac"):
            assert source.startswith("single: Composable Kernel"), name
        elif name.endswith(("_f16", "_bf16", "_i8")):
            assert source.startswith("derived: the calculator's CDNA3 layout") and "doubled" in source, name
        else:
            assert source.startswith("derived: the CDNA3 layout"), name
    # a block-scaled format pair says its own source: the blog's kernels, or derived per operand format
    scaled = found[("cdna4", 64, "v_mfma_scale_f32_32x32x64_f8f6f4")].scaled["sources"]
    assert scaled["cbsz=0,blgp=0"].startswith("single:") and scaled["cbsz=0,blgp=4"].startswith("derived:")
    assert all(v.startswith("derived:")
               for v in found[("cdna4", 64, "v_mfma_scale_f32_16x16x128_f8f6f4")].scaled["sources"].values())


def test_cdna4_models_are_what_the_script_writes() -> None:
    """cdna4.json is rewritten from cdna3.json and the document's layouts (no calculator needed)."""
    done = subprocess.run([sys.executable, "scripts/amd-models.py", "--cdna4", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_gfx1250_models_are_what_triton_gives() -> None:
    """gfx1250.json is rewritten from Triton 3.9.0's own layouts (its C++ library, no GPU, no spec)."""
    if importlib.util.find_spec("triton") is None:
        pytest.skip("Triton (the gfx1250 models' source) is not installed")
    done = subprocess.run([sys.executable, "scripts/amd-models.py", "--gfx1250", "--check"], cwd=ROOT,
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
    # the 16-bit accumulator rows FlyDSL's wheel rejects: their IR is the XFAIL file's (generated atoms' fly-opt)
    "gfx12 wmma xfail": ("gfx120x/wmma.yaml", {"16x16x16_f16_f16_f16", "16x16x16_bf16_bf16_bf16"}),
    "smfmac": ("cdna3/smfmac.yaml", {"16x16x32_bf16_bf16_f32", "16x16x64_i8_i8_i32_abid1"}),
    "swmmac": ("gfx120x/swmmac.yaml", {"16x16x32_i8_i8_i32", "16x16x32_f16_f16_f32"}),
    "swmmac wave64": ("gfx120x/swmmac_wave64.yaml", {"16x16x64_i4_i4_i32_indexKey1"}),
    "gfx950 ocp fp8 mfma": ("cdna3/mfma_ext.yaml", {"16x16x32_f8E4M3FN_f8E5M2_f32"}),
    "mfma scale": ("cdna4/mfma_scale.yaml", {"32x32x64_f8E4M3FN_f8E5M2_f32", "32x32x64_f4E2M1FN_f4E2M1FN_f32"}),
    "gfx1250 wmma": ("gfx1250/wmma.yaml", {"16x16x32_f16_f16_f16", "16x16x64_i8_i8_i32", "16x16x4_f32_f32_f32"}),
    "gfx1250 bf16f32": ("gfx1250/wmma_bf16f32.yaml", {"16x16x32_bf16_bf16_f32_bf16"}),
    "gfx1250 f8f6f4": ("gfx1250/wmma_f8f6f4.yaml", {"16x16x128_f8E4M3FN_f4E2M1FN_f32",
                                                     "16x16x128_f8E5M2_f8E4M3FN_f32"}),
    "gfx1250 scale": ("gfx1250/wmma_scale.yaml", {"16x16x128_f8E4M3FN_f4E2M1FN_f32_32",
                                                   "16x16x128_f4E2M1FN_f4E2M1FN_f32_16"}),
    "mfma scale derived": ("cdna4/mfma_scale.yaml", {"32x32x64_f8E4M3FN_f6E2M3FN_f32",
                                                     "16x16x128_f6E3M2FN_f4E2M1FN_f32",
                                                     "16x16x128_f8E4M3FN_f8E4M3FN_f32"}),
    "gfx950 dense": ("cdna3/mfma.yaml", {"16x16x32_f16_f16_f32", "32x32x16_bf16_bf16_f32"}),
    "gfx950 dense i8": ("cdna3/mfma_ext.yaml", {"16x16x64_i8_i8_i32", "32x32x32_i8_i8_i32"}),
    "gfx950 smfmac": ("cdna4/smfmac.yaml", {"16x16x64_f16_f16_f32", "32x32x64_f8E4M3FN_f8E5M2_f32",
                                            "16x16x128_i8_i8_i32"}),
}
SOURCES = {"gfx950 ocp fp8 mfma": "Calculator layout + AMD document formats", "mfma scale": "single-sourced",
           "mfma scale derived": "derived", "gfx950 dense": "K run doubled", "gfx950 dense i8": "K run doubled",
           "gfx950 smfmac": "Composable Kernel", "gfx1250 wmma": "Triton's gfx1250 layout",
           "gfx1250 bf16f32": "Triton's gfx1250 layout", "gfx1250 f8f6f4": "Triton's gfx1250 layout",
           "gfx1250 scale": "Triton's gfx1250 layout"}
NEGATIVES = {  # family -> the broken-lowering classes that must be caught there
    "mfma": {"A/B swapped", "value order reversed in A's registers"},
    "mfma multi-block": {"A/B swapped", "value order reversed in A's registers"},
    "gfx11 wmma": {"A/B swapped", "sign flags flipped", "sign flags swapped", "clamp flipped",
                   "value order reversed in A's registers"},
    "gfx11 wmma opsel": {"A/B swapped", "OPSEL flipped", "value order reversed in A's registers"},
    "gfx12 wmma": {"A/B swapped", "sign flags flipped", "sign flags swapped", "clamp flipped",
                   "value order reversed in A's registers"},
    "gfx12 wmma wave64": {"A/B swapped", "sign flags flipped", "sign flags swapped", "clamp flipped",
                          "value order reversed in A's registers"},
    "gfx12 wmma xfail": {"A/B swapped", "value order reversed in A's registers"},
    "smfmac": {"A/B swapped", "index set swapped", "chunk indices rotated", "value order reversed in A's registers"},
    "swmmac": {"A/B swapped", "index set swapped", "chunk indices rotated", "sign flags flipped", "sign flags swapped",
               "clamp flipped", "value order reversed in A's registers"},
    "swmmac wave64": {"A/B swapped", "chunk indices rotated", "sign flags flipped", "clamp flipped"},
    "gfx950 ocp fp8 mfma": {"A/B swapped", "value order reversed in A's registers"},
    "mfma scale": {"A/B swapped", "format codes exchanged", "A's format code wrong", "scale byte moved",
                   "value order reversed in A's registers"},
    "mfma scale derived": {"A/B swapped", "format codes exchanged", "scale byte moved",
                           "value order reversed in A's registers"},
    "gfx1250 wmma": {"A/B swapped", "A's neg flag flipped", "C modifier flipped", "sign flags flipped",
                     "sign flags swapped", "clamp flipped", "value order reversed in A's registers"},
    "gfx1250 bf16f32": {"A/B swapped", "A's neg flag flipped", "C modifier flipped",
                        "value order reversed in A's registers"},
    "gfx1250 f8f6f4": {"A/B swapped", "format codes exchanged", "A's format code wrong", "C modifier flipped",
                       "value order reversed in A's registers"},
    "gfx1250 scale": {"A/B swapped", "format codes exchanged", "A's format code wrong", "scale byte moved",
                      "B's scale row select flipped", "C modifier flipped", "value order reversed in A's registers"},
    "gfx950 dense": {"A/B swapped", "value order reversed in A's registers"},
    "gfx950 dense i8": {"A/B swapped", "value order reversed in A's registers"},
    "gfx950 smfmac": {"A/B swapped", "index set swapped", "chunk indices rotated",
                      "value order reversed in A's registers"},
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
    (iu4,) = run_spec(SPECS / "gfx1250" / "wmma.yaml", instances={"16x16x32_i4_i4_i32"})
    assert not iu4.executed and "llc-22 -mcpu=gfx1250 cannot select" in iu4.reason
    (fp6,) = run_spec(SPECS / "gfx1250" / "wmma_f8f6f4.yaml", instances={"16x16x128_f6E2M3FN_f8E4M3FN_f32"})
    assert not fp6.executed and "Triton (the model's source) gives no layout" in fp6.reason
    # a format pair no AMD document draws runs on the per-format derivation, and says so
    (mixed,) = run_spec(SPECS / "cdna4" / "mfma_scale.yaml", instances={"32x32x64_f8E4M3FN_f4E2M1FN_f32"})
    assert mixed.executed and mixed.passed and mixed.model_source.startswith("AMD document layouts per operand")


def test_per_value_functions_run_and_catch_a_sign_swap() -> None:
    """The `_signA` / `_signB` / `_clamp` functions run with their value; A's sign sent as B's (the gfx1250 bug of
    issue 48) is caught where the flags differ, and does not apply where they are equal."""
    (outcome,) = run_spec(SPECS / "gfx11" / "wmma.yaml", instances={"16x16x16_i8_i8_i32"})
    assert outcome.passed
    assert all(f"@..._{p}: 256 D values match" in outcome.detail for p in ("signA", "signB", "clamp"))
    assert outcome.negatives["sign flags swapped (@..._signA)"].startswith("detected")
    assert outcome.negatives["sign flags swapped (@..._signB)"].startswith("detected")
    assert outcome.negatives["sign flags swapped"].startswith("not applicable")
    assert outcome.negatives["clamp flipped (@..._clamp)"].startswith("detected")


def test_scale_opsel_functions_read_their_byte() -> None:
    (outcome,) = run_spec(SPECS / "cdna4" / "mfma_scale.yaml", instances={"32x32x64_f8E4M3FN_f8E4M3FN_f32"})
    assert outcome.passed and "@..._opselA: 1024 D values match" in outcome.detail
    assert outcome.negatives["scale byte moved (@..._opselB)"].startswith("detected")


def test_sparse_selector_variants_each_run() -> None:
    """A free sparsity selector (abid 0..3) runs each of the IR's functions, its index set placed there."""
    (outcome,) = run_spec(SPECS / "cdna3" / "smfmac.yaml", instances={"16x16x32_f16_f16_f32"})
    assert outcome.passed and outcome.detail.count("D values match") == 4
    assert outcome.negatives["index set swapped (@..._abid3)"].startswith("detected")


def test_gfx1250_per_value_functions_and_the_sign_swap() -> None:
    """gfx1250's `_signA` / `_signB` / `_clamp` run with their value; A's sign flag sent as B's (issue 48's gfx1250
    bug) is caught; a scaled row's `_modC` and its MATRIX_SCALE_ROW1 functions (`_opselA`, `_opselB`: the lane
    half 16-31's scales) run, a scale16 row's ROW1 (no source) is said not executed."""
    (iu8,) = run_spec(SPECS / "gfx1250" / "wmma.yaml", instances={"16x16x64_i8_i8_i32"})
    assert iu8.passed and all(f"@..._{p}: 256 D values match" in iu8.detail for p in ("signA", "signB", "clamp"))
    assert iu8.negatives["sign flags swapped (@..._signA)"].startswith("detected")
    assert iu8.negatives["sign flags swapped (@..._signB)"].startswith("detected")
    (scaled,) = run_spec(SPECS / "gfx1250" / "wmma_scale.yaml", instances={"16x16x128_f8E4M3FN_f8E4M3FN_f32_32"})
    assert scaled.passed and "@..._modC: 256 D values match" in scaled.detail
    assert "@..._opselA: 256 D values match" in scaled.detail and "@..._opselB: 256 D values match" in scaled.detail
    assert scaled.negatives["C modifier flipped (@..._modC)"].startswith("detected")
    assert scaled.negatives["B's scale row select flipped (@..._opselB)"].startswith("detected")
    (scale16,) = run_spec(SPECS / "gfx1250" / "wmma_scale.yaml", instances={"16x16x128_f8E4M3FN_f8E4M3FN_f32_16"},
                          negatives=False)
    assert scale16.passed and "@..._opselA: not executed" in scale16.detail


def test_block_scales_vary_within_the_wave() -> None:
    """The scaled models read one scale per (row / column, K block) from the lanes Triton's scale layout names:
    lanes that differ are not refused, and every (row, block) pair has its own scale."""
    found = models.load_models()
    mfma = found[("cdna4", 64, "v_mfma_scale_f32_32x32x64_f8f6f4")].scaled["scale"]["A"]
    assert mfma[0] == [[0, 0]] and mfma[32] == [[0, 1]] and mfma[5] == [[5, 0]]
    wmma = found[("gfx1250", 32, "v_wmma_scale16_f32_16x16x128_f8f6f4")].scaled["scale"]["B"]
    assert wmma[3] == [[3, j] for j in range(8)] and wmma[19] == wmma[3]  # lanes 16-31 repeat 0-15
    scaled = found[("gfx1250", 32, "v_wmma_scale_f32_16x16x128_f8f6f4")].scaled  # ROW0: lanes 0-15, ROW1: 16-31
    assert scaled["scale"]["B"][3] == [[3, j] for j in range(4)] and scaled["scale"]["B"][19] == []
    assert scaled["scale_row1"]["B"][19] == [[3, j] for j in range(4)] and scaled["scale_row1"]["B"][3] == []
    f4 = found[("gfx1250", 32, "v_wmma_scale_f32_32x16x128_f4")].scaled  # the 32-row A: lane t row t, ROW0 only
    assert f4["scale"]["A"][19] == [[19, j] for j in range(4)] and f4["selects"]["A"] == ["0"]


def test_flydsl_k_order_fails_with_block_varying_scales(monkeypatch: pytest.MonkeyPatch) -> None:
    """FlyDSL's fp8 K order (cdna4.mfma_scale_k32: 32 consecutive K a lane) is valid only with scales uniform over a
    row's K blocks, as its spec declares; with scales varying within the block grid it fails where
    cdna4.mfma_scale (two 16-byte K runs) passes."""
    from atomgen.execution import harness

    instance = {"32x32x64_f8E4M3FN_f8E4M3FN_f32"}
    (declared,) = run_spec(SPECS / "cdna4" / "mfma_scale_k32.yaml", instances=instance, negatives=False)
    assert declared.passed  # its declared domain: one scale per row / column
    monkeypatch.setattr(harness, "UNIFORM_K_SCALES", set())
    (k32,) = run_spec(SPECS / "cdna4" / "mfma_scale_k32.yaml", instances=instance, negatives=False)
    (hardware,) = run_spec(SPECS / "cdna4" / "mfma_scale.yaml", instances=instance, negatives=False)
    assert k32.executed and not k32.passed and "D values differ" in k32.detail
    assert hardware.passed


def test_a_k_order_is_invisible_only_inside_a_scale_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit the evidence states: D = A x B + C cannot see a K permutation applied to both A and B while it
    keeps every K in its scale block (bytes reversed inside each register); with block-varying scales one that
    moves K across blocks (the two 16-byte runs exchanged) shows, as one applied to A alone does."""
    from atomgen.execution import harness

    def runs(roles: list[int]) -> list[int]:
        return [x >> 128 | (x & ((1 << 128) - 1)) << 128 for x in roles]

    def inside(roles: list[int]) -> list[int]:
        return [int.from_bytes(b"".join(x.to_bytes(32, "little")[i:i + 4][::-1] for i in range(0, 32, 4)), "little")
                for x in roles]
    monkeypatch.setitem(harness.NEGATIVES, "both inside", lambda n, r, m: {**r, "a": inside(r["a"]),
                                                                           "b": inside(r["b"])})
    monkeypatch.setitem(harness.NEGATIVES, "both across", lambda n, r, m: {**r, "a": runs(r["a"]), "b": runs(r["b"])})
    monkeypatch.setitem(harness.NEGATIVES, "a only", lambda n, r, m: {**r, "a": runs(r["a"])})
    applicable = harness.applicable
    monkeypatch.setattr(harness, "applicable", lambda *a, **k: {**applicable(*a, **k), "both inside": "",
                                                                 "both across": "", "a only": ""})
    (outcome,) = run_spec(SPECS / "cdna4" / "mfma_scale.yaml", instances={"32x32x64_f8E4M3FN_f8E4M3FN_f32"})
    assert outcome.passed and outcome.negatives["both inside"] == "NOT DETECTED"
    assert outcome.negatives["both across"].startswith("detected")
    assert outcome.negatives["a only"].startswith("detected")


# The spec's A of the 32x16x128 f4 rows (FlyDSL's provisional "(32, k) : (1, 32)", one full row a lane) and the A
# of the model (Triton's [32, 16] layout = FlyDSL's tested MXFP4 GEMM: rows t%16 and 16+t%16, 32-K runs at
# 32*(t/16) and 64+32*(t/16)), written over (M, K) for the spec: docs/evidence/rocdl-execution.md, the finding.
SPEC_A_32X16 = "(32, k) : (1, 32)"
MODEL_A_32X16 = "((16, 2), (32, 2, 2)) : ((1, 1024), (32, 2048, 16))"


@pytest.mark.parametrize("layout, passes", [(SPEC_A_32X16, False), (MODEL_A_32X16, True)])
def test_32x16_f4_a_layout_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, layout: str,
                                   passes: bool) -> None:
    """The 32x16x128 f4 rows run on the model: with the A layout the spec had (FlyDSL's provisional one) D
    differs almost everywhere, with the model's (corroborated by FlyDSL's tested kernel and a newer Triton
    lowering) every D value matches and every broken lowering is caught."""
    import re

    from atomgen.execution import harness

    text = (SPECS / "gfx1250" / "wmma_f8f6f4.yaml").read_text()
    text, count = re.subn(r'\{when: \{m: 32\}, layout: "[^"]*"\}', f'{{when: {{m: 32}}, layout: "{layout}"}}', text,
                          count=1)
    assert count == 1
    (tmp_path / "gfx1250").mkdir()
    copy = tmp_path / "gfx1250" / "wmma_f8f6f4.yaml"
    copy.write_text(text)
    monkeypatch.setattr(harness, "ROOT", tmp_path)
    (outcome,) = run_spec(copy, instances={"32x16x128_f4E2M1FN_f4E2M1FN_f32"}, negatives=passes)
    assert outcome.executed and outcome.passed == passes, outcome.detail
    if passes:
        assert outcome.detail == "512 D values match" and "corroborated" in outcome.model_source
        assert all(v.startswith(("detected", "not applicable")) for v in outcome.negatives.values())
        assert outcome.negatives["value order reversed in A's registers"].startswith("detected")
    else:
        assert "of 512 D values differ" in outcome.detail


# ------------------------------------------------------------------------------------------------- copies (point 5)


def _copy_outcomes(name: str) -> dict[str, Any]:
    from atomgen.execution.copy_harness import run_copy_spec
    return {o.instance: o for o in run_copy_spec(SPECS / name)}


@pytest.mark.parametrize("name, instance", [("cdna3/buffer_copy.yaml", "64"), ("cdna3/buffer_copy.yaml", "128"),
                                            ("cdna3/buffer_copy.yaml", "16"), ("cdna3/buffer_copy_lds.yaml", "32"),
                                            ("cdna3/buffer_copy_lds.yaml", "128")])
def test_copies_execute_and_broken_lowerings_are_caught(name: str, instance: str) -> None:
    outcome = _copy_outcomes(name)[instance]
    assert outcome.executed and outcome.passed, outcome.detail or outcome.reason
    applied = {k: v for k, v in outcome.negatives.items() if not v.startswith("not applicable")}
    assert applied and all(v.startswith("detected") for v in applied.values()), applied
    classes = {k.split(" (@")[0].split(" (")[0] for k in applied}
    want = {"voffset / soffset swapped", "wrong width"}
    if name.endswith("buffer_copy.yaml"):
        want.add("offsets in elements, not bytes")
        if int(instance) >= 64:  # two or four i32 a lane
            want.add("values reversed in a lane's vector")
    assert want <= classes, classes


def test_copy_load_gives_zero_past_num_records_and_a_store_drops_it() -> None:
    from atomgen.execution import copies
    memory = bytearray(range(64))
    world = copies.World({1: copies.Resource(memory, 32)}, bytearray(0))
    loaded = copies.buffer_call("llvm.amdgcn.raw.ptr.buffer.load.i32", [[1, 1], [4, 32], [8, 8], [0, 0]],
                                [64, 32, 32, 32], 32, world)
    assert loaded == [int.from_bytes(bytes(range(12, 16)), "little"), 0]  # base + offset + soffset; past: 0
    copies.buffer_call("llvm.amdgcn.raw.ptr.buffer.store.i32", [[0xAABBCCDD] * 2, [1, 1], [0, 40], [4, 4], [0, 0]],
                       [32, 64, 32, 32, 32], 0, world)
    assert memory[4:8] == bytes([0xDD, 0xCC, 0xBB, 0xAA]) and memory[44:48] == bytes(range(44, 48))
    with pytest.raises(copies.Unmodelled):  # straddles num_records: not modelled
        copies.buffer_call("llvm.amdgcn.raw.ptr.buffer.load.i32", [[1], [30], [0], [0]], [64, 32, 32, 32], 32, world)
    with pytest.raises(models.ModelError):  # a lane-varying soffset cannot sit in an SGPR
        copies.buffer_call("llvm.amdgcn.raw.ptr.buffer.load.i32", [[1, 1], [0, 4], [0, 4], [0, 0]],
                           [64, 32, 32, 32], 32, world)


def test_offset_swap_shows_in_the_bounds_check_without_the_uniformity_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The swap is refused by the SGPR rule; the bounds check alone (soffset not bounds-checked) also shows it."""
    from atomgen.execution import copies
    monkeypatch.setattr(copies, "UNIFORM", tuple(r for r in copies.UNIFORM if r != "soffset"))
    outcome = _copy_outcomes("cdna3/buffer_copy.yaml")["32"]
    swapped = {k: v for k, v in outcome.negatives.items() if k.startswith("voffset / soffset swapped")}
    assert outcome.passed and len(swapped) == 2
    assert all(v.startswith("detected") and "refuses" not in v for k, v in swapped.items() if "_load" in k)


def test_a_wrong_layout_fails_the_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference follows the spec's layouts: a dst layout with its bytes in reverse order fails the load and
    the store (the one-line spec edit `dst: "(1, bitSize) : (1, -1)"`-like mistake)."""
    from atomgen.execution import copy_harness
    tables = copy_harness._tables
    monkeypatch.setattr(copy_harness, "_tables", lambda spec, ev: (lambda s, d, w: (
        s, {cell: len(d) - 1 - v for cell, v in d.items()}, w))(*tables(spec, ev)))
    outcome = _copy_outcomes("cdna3/buffer_copy.yaml")["64"]
    assert outcome.executed and not outcome.passed
    assert "@..._load: lane" in outcome.detail and "@..._store: buffer byte" in outcome.detail


def test_copies_without_an_honest_model_say_why() -> None:
    for name, why in [("cdna4/lds_read_trans.yaml", "lane / element mapping"), ("gfx1250/tdm.yaml", "descriptor"),
                      ("cdna4/buffer_load_async_lds.yaml", "not lowered")]:
        outcomes = _copy_outcomes(name)
        assert outcomes, name
        for outcome in outcomes.values():
            assert not outcome.executed and why in outcome.reason, outcome.reason
