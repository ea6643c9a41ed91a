"""The kernel rung (issue 49, scripts/flydsl-kernels.py): the pieces that need neither FlyDSL's source nor a build.

FlyDSL's own kernels, traced by the flydsl wheel and lowered by two fly-opts (FlyDSL's hand-written
atoms, atomgen's generated ones), must give the same ISA (docs/evidence/kernels.md). What runs here,
on committed samples under tests/data/kernels/: the bridge from the wheel's stage-00 IR to FlyDSL
11c4174d's spelling (each rewrite, and the refusals), the extraction of the ISA from fly-opt's
gpu-module-to-binary{format=isa} output, its normalisation and the comparison, the pipeline and the
target options read off the wheel's dump.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "kernels"
sys.path.insert(0, str(REPO / "scripts" / "flydsl"))

import kernel_bridge  # noqa: E402
import kernel_isa  # noqa: E402

MLIR_OPT = Path("/usr/lib/llvm-22/bin/mlir-opt")


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("flydsl_kernels", REPO / "scripts" / "flydsl-kernels.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- the bridge -------------------------------------------------------------------------------


def test_every_rewrite_says_why() -> None:
    names = [r.name for r in kernel_bridge.REWRITES]
    assert len(names) == len(set(names))
    assert all(len(r.reason) > 40 for r in kernel_bridge.REWRITES)


def test_sched_barrier_masks_become_llvm_mask_bits() -> None:
    stage00 = (DATA / "sched_barriers.stage00").read_text(encoding="utf-8")
    bridged, fired = kernel_bridge.bridge(stage00)
    assert fired == {"sched_barrier_mask": 1, "sched_group_barrier_mask": 4}
    assert bridged == (DATA / "sched_barriers.bridged").read_text(encoding="utf-8")
    assert "rocdl.sched.barrier 0 loc(#loc59)" in bridged
    assert "rocdl.sched.group.barrier 256, 2, 0" in bridged  # ds_read
    assert "rocdl.sched.group.barrier 8, 1, 0" in bridged  # mfma_wmma
    assert "rocdl.sched.group.barrier 32, 1, 0" in bridged  # vmem_read
    assert "rocdl.sched.group.barrier 512, 1, 0" in bridged  # ds_write
    # Bridging twice changes nothing: the integer spelling is left alone.
    assert kernel_bridge.bridge(bridged) == (bridged, {})


def test_mask_bits_are_llvms() -> None:
    # llvm.amdgcn.sched.barrier: 0x1 non-memory non-side-effect, 0x2 VALU, 0x4 SALU, 0x8 MFMA/WMMA,
    # 0x10 all VMEM, 0x20 VMEM read, 0x40 VMEM write, 0x80 all DS, 0x100 DS read, 0x200 DS write, 0x400 TRANS.
    values = [kernel_bridge.SCHED_MASKS[n] for n in kernel_bridge.SCHED_MASKS if n != "none"]
    assert values == [1 << i for i in range(11)]
    assert kernel_bridge.bridge("rocdl.sched.barrier valu | salu\n")[0] == "rocdl.sched.barrier 6\n"


@pytest.mark.parametrize("name", ["all", "ldsdma"])
def test_a_mask_without_a_known_value_is_refused(name: str) -> None:
    with pytest.raises(kernel_bridge.BridgeError, match=name):
        kernel_bridge.bridge(f"      rocdl.sched.barrier {name} loc(#loc1)\n")


def test_get_mma_atom_of_a_stateless_atom_is_make_mma_atom() -> None:
    stage00 = (DATA / "get_mma_atom.stage00").read_text(encoding="utf-8")
    bridged, fired = kernel_bridge.bridge(stage00)
    assert fired == {"get_mma_atom": stage00.count("fly.get_mma_atom(")}
    assert "= fly.get_mma_atom(" not in bridged
    assert bridged == (DATA / "get_mma_atom.bridged").read_text(encoding="utf-8")


def test_get_mma_atom_of_a_stateful_atom_is_refused() -> None:
    atom = "!fly.mma_atom<!fly_rocdl.cdna4.mfma_scale<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32, opselA = 0, opselB = 0>>"
    line = (
        f"  %2 = fly.get_mma_atom(%1) : (!fly.tiled_mma<{atom}, !fly.layout<(1,4,1):(0,1,0)>>) -> {atom} loc(#loc3)\n"
    )
    with pytest.raises(kernel_bridge.BridgeError, match="stateful atom cdna4.mfma_scale"):
        kernel_bridge.bridge(line)


def test_a_buffer_ops_aux_attribute_becomes_an_operand() -> None:
    stage00 = (DATA / "buffer_aux.stage00").read_text(encoding="utf-8")
    bridged, fired = kernel_bridge.bridge(stage00)
    assert fired == {"buffer_aux_operand": 2}
    assert bridged == (DATA / "buffer_aux.bridged").read_text(encoding="utf-8")
    aux = "      %bridge_aux1 = arith.constant 0 : i32\n"
    assert aux + "      %36 = rocdl.raw.ptr.buffer.load %15, %35, %c0_i32, %bridge_aux1 :" in bridged
    assert "rocdl.raw.ptr.buffer.store %417, %19, %421, %c0_i32_241, %bridge_aux2 : bf16" in bridged
    assert kernel_bridge.bridge(bridged) == (bridged, {})


def test_an_mfmas_immediates_become_operands() -> None:
    stage00 = (DATA / "mfma_immediates.stage00").read_text(encoding="utf-8")
    bridged, fired = kernel_bridge.bridge(stage00)
    assert fired == {"mfma_immediate_operands": 7}
    assert bridged == (DATA / "mfma_immediates.bridged").read_text(encoding="utf-8")
    blgp = "      %bridge_mfma3 = arith.constant 0 : i32\n"
    assert blgp + "      %605 = rocdl.mfma.f32.32x32x8bf16.1k %603, %604, %183, %bridge_mfma1, " in bridged
    assert (
        "%1130, %357, %0, %bridge_mfma4, %bridge_mfma5, %bridge_mfma6, %c2139062143_i32, %bridge_mfma7, "
        "%c2139062143_i32_320 : (vector<8xi32>, vector<8xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32)"
    ) in bridged
    assert kernel_bridge.bridge(bridged) == (bridged, {})


@pytest.mark.parametrize("name", ["bcast_first_32", "fp4_e2m1"])
def test_an_mfma_immediate_without_a_checked_value_is_refused(name: str) -> None:
    stage00 = (DATA / "mfma_immediates.stage00").read_text(encoding="utf-8").replace("0, 0, none", f"0, 0, {name}")
    stage00 = stage00.replace("fp8_e4m3, fp8_e4m3", f"{name}, fp8_e4m3")
    with pytest.raises(kernel_bridge.BridgeError, match=name):
        kernel_bridge.bridge(stage00)


def test_a_casts_fastmath_is_dropped_and_nothing_elses() -> None:
    stage00 = (DATA / "cast_fastmath.stage00").read_text(encoding="utf-8")
    bridged, fired = kernel_bridge.bridge(stage00)
    assert fired == {"cast_fastmath": 2}
    assert bridged == (DATA / "cast_fastmath.bridged").read_text(encoding="utf-8")
    assert "%423 = llvm.fpext %422 : vector<64xbf16> to vector<64xf32> loc(#loc1)" in bridged
    assert "%428 = llvm.fptrunc %427 : vector<64xf32> to vector<64xbf16> loc(#loc1)" in bridged
    # Ops whose fastmath LLVM 22.1.8 keeps are left alone, unary ones too.
    kept = (
        "      %427 = arith.mulf %426, %423 fastmath<fast> : vector<64xf32> loc(#loc1403)\n"
        "      %430 = math.exp2 %429 fastmath<fast> : vector<64xf32> loc(#loc1)\n"
        "      %431 = arith.negf %430 fastmath<fast> : vector<64xf32> loc(#loc1)\n"
    )
    assert kernel_bridge.bridge(kept) == (kept, {})
    assert kernel_bridge.bridge(bridged) == (bridged, {})


def test_the_lds_loads_aux_attribute_becomes_an_operand() -> None:
    stage00 = (DATA / "buffer_load_lds.stage00").read_text(encoding="utf-8")
    bridged, fired = kernel_bridge.bridge(stage00)
    assert fired == {"buffer_load_lds_aux_operand": 1}
    assert bridged == (DATA / "buffer_load_lds.bridged").read_text(encoding="utf-8")
    assert (
        "            %bridge_aux1 = arith.constant 0 : i32\n"
        "            rocdl.raw.ptr.buffer.load.lds %10, %426, %c4_i32_162, %424, %c0_i32_163, %c64_i32_164, "
        "%bridge_aux1 loc(#loc1315)"
    ) in bridged
    assert kernel_bridge.bridge(bridged) == (bridged, {})


def test_an_unused_atomic_result_loses_its_name() -> None:
    stage00 = (DATA / "atomic_result.stage00").read_text(encoding="utf-8")
    bridged, fired = kernel_bridge.bridge(stage00)
    assert fired == {"buffer_aux_operand": 1, "atomic_result": 1}
    assert bridged == (DATA / "atomic_result.bridged").read_text(encoding="utf-8")
    assert "          rocdl.raw.ptr.buffer.atomic.fadd %590, %68, %592, %c0_i32_42, %bridge_aux1 :" in bridged
    # the sibling region's %593 is another value: its uses do not count
    assert "%594 = arith.addi %593, %593 : i32" in bridged
    assert kernel_bridge.bridge(bridged) == (bridged, {})


def test_a_used_atomic_result_is_refused() -> None:
    stage00 = (DATA / "atomic_result.stage00").read_text(encoding="utf-8")
    atomic = "vector<2xf16> loc(#loc710)\n"
    used = stage00.replace(atomic, atomic + "          %595 = llvm.bitcast %593 : vector<2xf16> to i32\n", 1)
    with pytest.raises(kernel_bridge.BridgeError, match="result %593 is used"):
        kernel_bridge.bridge(used)


def test_every_rewrite_that_can_fire_has_a_reason() -> None:
    reasons = kernel_bridge.reasons()
    samples = ("sched_barriers", "get_mma_atom", "buffer_aux", "mfma_immediates", "cast_fastmath", "buffer_load_lds")
    for sample in (*samples, "atomic_result"):
        _, fired = kernel_bridge.bridge((DATA / f"{sample}.stage00").read_text(encoding="utf-8"))
        assert set(fired) <= set(reasons)


@pytest.mark.skipif(not MLIR_OPT.exists(), reason="mlir-opt-22 (Debian's mlir-22-tools) is not installed")
@pytest.mark.parametrize(
    "sample, op",
    [
        ("sched_barriers", "rocdl.sched.barrier"),
        ("buffer_aux", "rocdl.raw.ptr.buffer.load"),
        ("mfma_immediates", "rocdl.mfma"),
        ("cast_fastmath", "llvm.fpext"),
        ("buffer_load_lds", "rocdl.raw.ptr.buffer.load.lds"),
        ("atomic_result", "rocdl.raw.ptr.buffer.atomic.fadd"),
    ],
)
def test_llvm_22_parses_the_bridged_sample_and_not_the_wheels(sample: str, op: str) -> None:
    assert _parse((DATA / f"{sample}.bridged").read_text(encoding="utf-8")).returncode == 0
    refused = _parse((DATA / f"{sample}.stage00").read_text(encoding="utf-8"))
    assert refused.returncode != 0 and op in refused.stderr


def _parse(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MLIR_OPT), "-", "-o", "/dev/null"], input=text, capture_output=True, text=True)


@pytest.mark.skipif(not MLIR_OPT.exists(), reason="mlir-opt-22 (Debian's mlir-22-tools) is not installed")
def test_llvm_22s_buffer_atomic_has_no_result() -> None:
    # The one-line mistake the atomic_result rewrite guards: the result's name kept.
    bridged = (DATA / "atomic_result.bridged").read_text(encoding="utf-8")
    named = bridged.replace(
        "          rocdl.raw.ptr.buffer.atomic.fadd", "          %593 = rocdl.raw.ptr.buffer.atomic.fadd"
    )
    refused = _parse(named)
    assert refused.returncode != 0 and "cannot name an operation with no results" in refused.stderr


# ---- ISA: extraction, normalisation, comparison ----------------------------------------------


def test_the_assembly_comes_out_of_gpu_binary_unescaped() -> None:
    module = (DATA / "gpu_binary.isa-module").read_text(encoding="utf-8")
    [assembly] = kernel_isa.extract_assembly(module)
    assert assembly == (DATA / "gpu_binary.s").read_text(encoding="utf-8")
    assert '.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"' in assembly


def test_unescape_handles_hex_quotes_and_backslashes() -> None:
    assert kernel_isa.unescape_mlir_string(r"a\09b\0A\22q\22\\") == 'a\tb\n"q"\\'


def test_normalise_drops_comments_and_blank_lines_only() -> None:
    isa = '\ts_mov_b32 s0, 1 ; comment\n\n; whole line\n\t.ascii "a;b"\n\ts_endpgm   \n'
    assert kernel_isa.normalise(isa) == '\ts_mov_b32 s0, 1\n\t.ascii "a;b"\n\ts_endpgm\n'


def test_identical_and_identical_after_normalisation() -> None:
    hand = (DATA / "tdm_descriptor.hand.s").read_text(encoding="utf-8")
    assert kernel_isa.compare(hand, hand).verdict == "identical"
    commented = hand.replace("s_cbranch_scc1 .LBB0_2", "s_cbranch_scc1 .LBB0_2 ; to the epilogue")
    assert kernel_isa.compare(hand, commented).verdict == "identical after normalisation"


def test_the_tdm_mask_difference_is_reported_with_its_lines() -> None:
    hand = (DATA / "tdm_descriptor.hand.s").read_text(encoding="utf-8")
    generated = (DATA / "tdm_descriptor.generated.s").read_text(encoding="utf-8")
    result = kernel_isa.compare(hand, generated)
    assert result.verdict == "different"
    removed = [line for line in result.first_difference if line.startswith("-") and not line.startswith("---")]
    added = [line for line in result.first_difference if line.startswith("+") and not line.startswith("+++")]
    assert any("0x80000000" in line for line in removed)
    assert any("0x1ffffff" in line for line in added)
    assert result.differing_lines == len(removed) + len(added)


def test_the_tdm_address_mask_is_taken_out_and_its_uses_rewired() -> None:
    llvm = (
        "      %5 = llvm.mlir.constant(33554431 : i32) : i32\n"
        "      %6 = llvm.mlir.constant(-2147483648 : i32) : i32\n"
        "      %7 = llvm.mlir.constant(65535 : i32) : i32\n"
        "      %20 = llvm.and %19, %5 : i32\n"
        "      %21 = llvm.or %20, %6 : i32\n"
        "      %200 = llvm.and %19, %7 : i32\n"
        "      %22 = llvm.insertelement %21, %18[%3 : i32] : vector<4xi32>\n"
    )
    out, removed = kernel_isa.drop_tdm_address_mask(llvm)
    assert removed == 1
    assert "%20 = llvm.and" not in out and "%21 = llvm.or %19, %6 : i32" in out
    assert "%200 = llvm.and %19, %7 : i32" in out  # another mask, another value: untouched
    assert kernel_isa.drop_tdm_address_mask(out) == (out, 0)


def test_a_buffer_stores_bitcast_moves_after_its_offset() -> None:
    llvm = (
        "      %284 = llvm.bitcast %281 : f16 to i16\n"
        "      %285 = llvm.mul %283, %15 : i32\n"
        "      rocdl.raw.ptr.buffer.store %284, %276, %285, %35, %35 : i16\n"
        "      %290 = llvm.bitcast %286 : f16 to i16\n"
        "      %291 = llvm.mul %289, %15 : i32\n"
        "      rocdl.raw.ptr.buffer.store %9, %276, %291, %35, %35 : i16\n"
    )
    out, swapped = kernel_isa.buffer_store_in_flydsl_order(llvm)
    assert swapped == 1  # the second store does not store the bitcast: left alone
    assert out.splitlines()[:2] == [
        "      %285 = llvm.mul %283, %15 : i32",
        "      %284 = llvm.bitcast %281 : f16 to i16",
    ]
    assert out.splitlines()[3:] == llvm.splitlines()[3:]


def _ssa_shape(text: str) -> list[str]:
    """The lines without comments, SSA names renumbered in order of appearance."""
    names: dict[str, str] = {}
    body = [line for line in text.splitlines() if not line.startswith("//")]
    return [re.sub(r"%\w+", lambda m: names.setdefault(m.group(0), f"%v{len(names)}"), line) for line in body]


def test_the_tdm_descriptor_in_flydsl_order_is_flydsls_op_sequence() -> None:
    generated = (DATA / "tdm_order.generated").read_text(encoding="utf-8")
    hand = (DATA / "tdm_order.hand").read_text(encoding="utf-8")
    assert _ssa_shape(generated) != _ssa_shape(hand)
    ordered, moved = kernel_isa.tdm_descriptor_in_flydsl_order(generated)
    assert moved == 1
    assert _ssa_shape(ordered) == _ssa_shape(hand)
    assert "%flydsl_low3178 = llvm.and %3178, %23 : i32\n      %3188 = llvm.shl %flydsl_low3178, %66" in ordered
    assert kernel_isa.tdm_descriptor_in_flydsl_order(hand) == (hand, 0)  # FlyDSL's own order: nothing to move


def test_a_dim_read_before_its_shift_is_not_moved() -> None:
    generated = (DATA / "tdm_order.generated").read_text(encoding="utf-8")
    read = "      %3179 = llvm.trunc %3174 : i64 to i32\n"
    early = generated.replace(read, read + "      %9999 = llvm.add %3178, %3178 : i32\n", 1)
    assert kernel_isa.tdm_descriptor_in_flydsl_order(early) == (early, 0)


def test_residue_tells_reordering_from_difference() -> None:
    a = "\ts_mov_b32 s4, 16\n\ts_lshl_b32 s1, s0, 16\n"
    assert kernel_isa.explain_residue(a, "\ts_lshl_b32 s2, s0, 16\n\ts_mov_b32 s4, 16\n") == "reordered"
    assert kernel_isa.explain_residue(a, "\ts_mov_b32 s4, 16\n\ts_lshl_b32 s1, s0, 17\n") == "different"


# ---- the script's pipeline and the wheel's target ---------------------------------------------


def test_pipeline_is_flydsl_11c4174d_rocm_pipeline_ending_in_isa() -> None:
    script = _script()
    text = script.pipeline("gfx950", {"O": "3", "fast": "true"})
    assert text.startswith("builtin.module(fly-rewrite-func-signature,fly-canonicalize,fly-layout-lowering,")
    assert (
        "convert-gpu-to-rocdl{chipset=gfx950 index-bitwidth=0 runtime=HIP use-bare-ptr-memref-call-conv=true}" in text
    )
    assert "rocdl-attach-target{O=3 abi=600 chip=gfx950 correct-sqrt=true daz=false fast=true" in text
    assert "wave64=true" in text and "wave64=false" in script.pipeline("gfx1250", {})
    assert text.endswith('gpu-module-to-binary{format=isa opts=""})')


def test_the_wheels_target_attribute_is_read() -> None:
    script = _script()
    assert script.wheel_target('gpu.module @kernels [#rocdl.target<chip = "gfx942">] {') == {"chip": "gfx942"}
    got = script.wheel_target('[#rocdl.target<O = 3, chip = "gfx1250", flags = {fast, unsafe_math}>]')
    assert got == {"O": "3", "chip": "gfx1250", "fast": "true", "unsafe-math": "true"}


def test_the_recipes_cover_only_chips_atomgen_has_atoms_for() -> None:
    import kernel_recipes  # lists the recipes without torch or flydsl

    chips = {c for r in kernel_recipes.RECIPES.values() for c in r.chips}
    assert chips <= {"gfx942", "gfx950", "gfx1100", "gfx1200", "gfx1201", "gfx1250"}
    assert all(r.source.startswith(("kernels/", "examples/")) for r in kernel_recipes.RECIPES.values())


def test_the_report_counts_verdicts_and_shows_first_differences() -> None:
    import kernel_report

    hand = (DATA / "tdm_descriptor.hand.s").read_text(encoding="utf-8")
    diff = kernel_isa.compare(hand, (DATA / "tdm_descriptor.generated.s").read_text(encoding="utf-8"))
    kernel: dict[str, object] = {"kernel": "k0", "status": "different", "first_difference": diff.first_difference}
    kernel["differing_lines"] = diff.differing_lines
    kernel["explained"] = {"tdm_masks_removed": 1, "buffer_stores_reordered": 0, "verdict": "identical"}
    results = {
        "a@gfx1250[c]": {"recipe": "a", "chip": "gfx1250", "config": "c", "status": "different", "kernels": [kernel]},
        "b@gfx942[c]": {"recipe": "b", "chip": "gfx942", "config": "c", "status": "not run", "reason": "skipped"},
    }
    summary = kernel_report.summarise(results)
    assert summary["by_status"] == {"different": 1, "not run": 1}
    assert summary["different_once_the_known_differences_are_undone"] == {"identical": 1}
    text = kernel_report.markdown(results, summary)
    assert "| a | gfx1250 | different 1 |" in text
    assert "with 1 TDM address masks removed and 0 buffer stores in FlyDSL's order: identical" in text
    assert "+\ts_and_b32 s2, s37, 0x1ffffff" in text


# ---- the declared atom (kernel_declared: FlyDSL's fp8 K order through cdna4.mfma_scale_k32) ----------


def test_only_fp8_mfma_scale_atoms_are_renamed_to_the_declared_atom() -> None:
    import kernel_declared

    sample = (DATA / "mfma_scale_fp8.bridged").read_text(encoding="utf-8")
    renamed, count = kernel_declared.rename(sample)
    assert count == 2  # the fp8 make_mma_atom and the fp8 atom inside make_fragment's tiled_mma type
    assert renamed.count("!fly_rocdl.cdna4.mfma_scale_k32<16x16x128, (f8E4M3FN, f8E4M3FN) -> f32") == 2
    assert "!fly_rocdl.cdna4.mfma_scale<16x16x128, (f4E2M1FN, f4E2M1FN)" in renamed  # fp4 is the hardware atom's
    assert "mfma_scale<16x16x128, (f8E4M3FN" not in renamed
    assert kernel_declared.applies(sample) and not kernel_declared.applies(renamed)


def test_the_declared_atom_is_the_specs_mnemonic() -> None:
    import kernel_declared

    spec = (REPO / "specs" / "rocdl" / "cdna4" / "mfma_scale_k32.yaml").read_text(encoding="utf-8")
    assert f"mnemonic: {kernel_declared.ATOM_NAME}\n" in spec
    renamed, _ = kernel_declared.rename((DATA / "mfma_scale_fp8.bridged").read_text(encoding="utf-8"))
    assert f"!fly_rocdl.{kernel_declared.ATOM_NAME}<" in renamed


def test_the_report_shows_a_kernel_compared_through_the_declared_atom() -> None:
    import kernel_report

    kernel = {
        "kernel": "kernel_gemm_0",
        "status": "identical through a declared atom",
        "side": "generated",
        "reason": "make_fragment refused",
        "declared_atom": {"atom": "cdna4.mfma_scale_k32", "renamed": 22, "hardware_atom": "make_fragment refused",
                          "verdict": "identical", "isa_lines": 401},
    }  # fmt: skip
    results = {"p@gfx950[fp8]": {"recipe": "p", "chip": "gfx950", "config": "fp8", "status": kernel["status"],
                                 "kernels": [kernel]}}  # fmt: skip
    summary = kernel_report.summarise(results)
    assert summary["by_status"] == {"identical through a declared atom": 1}
    text = kernel_report.markdown(results, summary)
    assert "| p | gfx950 | identical through a declared atom 1 |" in text
    assert "with its 22 fp8 atoms renamed to cdna4.mfma_scale_k32: identical, 401 lines" in text


def test_the_report_shows_what_the_tdm_descriptor_order_leaves() -> None:
    import kernel_report

    hand = (DATA / "tdm_descriptor.hand.s").read_text(encoding="utf-8")
    diff = kernel_isa.compare(hand, (DATA / "tdm_descriptor.generated.s").read_text(encoding="utf-8"))
    explained = {"tdm_masks_removed": 17, "buffer_stores_reordered": 0, "verdict": "reordered",
                 "tdm_descriptor_order": {"dims_moved": 9, "verdict": "identical"}}  # fmt: skip
    kernel = {"kernel": "k0", "status": "different", "first_difference": diff.first_difference,
              "differing_lines": diff.differing_lines, "explained": explained}  # fmt: skip
    results = {"a@gfx1250[c]": {"recipe": "a", "chip": "gfx1250", "config": "c", "status": "different",
                                "kernels": [kernel]}}  # fmt: skip
    summary = kernel_report.summarise(results)
    assert summary["different_once_the_known_differences_are_undone"] == {"reordered": 1}
    assert summary["of_those_not_identical_with_the_tdm_descriptor_in_flydsl_order"] == {"identical": 1}
    text = kernel_report.markdown(results, summary)
    assert "in FlyDSL's order: reordered; with also 9 TDM descriptor dims built in FlyDSL's order: identical" in text
