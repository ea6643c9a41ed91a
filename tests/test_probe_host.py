# ruff: noqa: E501
"""atomgen probe: the host side (generation, inputs, reference, comparison) without a GPU,
plus GPU tests (marked `gpu`) that skip visibly where there is no nvcc or NVIDIA GPU.

The hardware is simulated in pure Python by applying the *true* CuTe layouts (NVIDIA's
fragment layouts, cute_findings.md) to the registers the generated program fills by the
*spec's* layouts: a correct spec passes, a spec with one perturbed layout fails.
"""

from __future__ import annotations

import argparse
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import spec_instances

from atomgen.layout.algebra import Layout
from atomgen.probe import command as probe_command
from atomgen.probe import device
from atomgen.probe.cases import CaseError, ProbeCase, cases_from_paths, format_layout, mutate, swap_strides
from atomgen.probe.kernel import plan, source
from atomgen.probe.reference import (
    compare,
    input_bytes,
    reference_product,
    simulate,
)
from atomgen.probe.values import decode, encode, sample

REPO = Path(__file__).resolve().parent.parent

_HEAD = """\
spec_version: 1
kind: {kind}
backend: nvvm
subtarget: {sub}
tablegen_def: FlyPTX_{name}
cpp_class: {name}Type
mnemonic: {sub}.{mnemonic}
stateful: false
threads: {threads}
"""
_MNK = """\
parameters:
  - {name: m, cpp_type: int32_t}
  - {name: "n", cpp_type: int32_t}
  - {name: k, cpp_type: int32_t}
  - {name: elemTyA, cpp_type: Type}
  - {name: elemTyB, cpp_type: Type}
  - {name: elemTyAcc, cpp_type: Type}
"""
_I = "intrinsic: nvvm.mma.sync, instruction: "

MMA_SYNC = _HEAD.format(kind="mma", sub="sm80", name="MmaSM80", mnemonic="mma", threads=32) + _MNK + """\
assembly_format: "`<` $m `,` $n `,` $k `,` $elemTyA `,` $elemTyB `,` $elemTyAcc `>`"
layouts:
  thr: "32:1"
  a:
    - {when: {k: 16, elemTyA: [f16, bf16]}, layout: "((4,8),(2,2,2)):((32,1),(16,8,128))"}
    - {when: {k: 8, elemTyA: tf32}, layout: "((4,8),(2,2)):((16,1),(8,64))"}
    - {when: {k: 32}, layout: "((4,8),(4,2,2)):((64,1),(16,8,256))"}
    - {when: {k: 4}, layout: "((4,8),1):((8,1),0)"}
  b:
    - {when: {k: 16, elemTyA: [f16, bf16]}, layout: "((4,8),(2,2)):((16,1),(8,64))"}
    - {when: {k: 8, elemTyA: tf32}, layout: "((4,8),2):((8,1),32)"}
    - {when: {k: 32}, layout: "((4,8),(4,2)):((32,1),(8,128))"}
    - {when: {k: 4}, layout: "((4,8),1):((8,1),0)"}
  c:
    - {when: {m: 8}, layout: "((4,8),2):((16,1),8)"}
    - {layout: "((4,8),(2,2)):((32,1),(16,8))"}
instances:
  - {m: 16, n: 8, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32, packed: {a: "vector<8xf16>", b: "vector<4xf16>", c: "vector<4xf32>"}, %s"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"}
  - {m: 16, n: 8, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f16, packed: {a: "vector<8xf16>", b: "vector<4xf16>", c: "vector<4xf16>"}, %s"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16"}
  - {m: 16, n: 8, k: 16, elemTyA: bf16, elemTyB: bf16, elemTyAcc: f32, packed: {a: "vector<8xbf16>", b: "vector<4xbf16>", c: "vector<4xf32>"}, %s"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"}
  - {m: 16, n: 8, k: 8, elemTyA: tf32, elemTyB: tf32, elemTyAcc: f32, packed: {a: "vector<4xtf32>", b: "vector<2xtf32>", c: "vector<4xf32>"}, %s"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"}
  - {m: 16, n: 8, k: 32, elemTyA: i8, elemTyB: ui8, elemTyAcc: i32, packed: {a: "vector<16xi8>", b: "vector<8xi8>", c: "vector<4xi32>"}, %s"mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32"}
  - {m: 16, n: 8, k: 32, elemTyA: f8E4M3FN, elemTyB: f8E5M2, elemTyAcc: f32, packed: {a: "vector<16xf8E4M3FN>", b: "vector<8xf8E5M2>", c: "vector<4xf32>"}, %s"mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32"}
  - {m: 8, n: 8, k: 4, elemTyA: f64, elemTyB: f64, elemTyAcc: f64, packed: {a: f64, b: f64, c: "vector<2xf64>"}, %s"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64"}
""".replace("%s", _I)

_W = "intrinsic: nvvm.wgmma.mma_async, instruction: "
WGMMA = _HEAD.format(kind="mma", sub="sm90", name="MmaSM90", mnemonic="wgmma", threads=128) + _MNK + """\
  - {name: aSmem, cpp_type: bool}
assembly_format: "`<` $m `,` $n `,` $k `,` $elemTyA `,` $elemTyB `,` $elemTyAcc `,` $aSmem `>`"
layouts:
  thr: "128:1"
  a:
    - {when: {aSmem: true}, layout: "(128,(m,k)):(0,(1,m))"}
    - {when: {k: 16}, layout: "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))"}
    - {when: {k: 8}, layout: "((4,8,4),(2,2)):((64,1,16),(8,256))"}
    - {layout: "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))"}
  b: "(128,(n,k)):(0,(1,n))"
  c: "((4,8,4),(2,2,n/8)):((128,1,16),(64,8,512))"
exceptions:
  replicated: {a: 128, b: 128}
instances:
  - {m: 64, n: 16, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32, aSmem: false, packed: {a: "vector<8xf16>", b: i64, c: "vector<8xf32>"}, %s"wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16"}
  - {m: 64, n: 32, k: 16, elemTyA: bf16, elemTyB: bf16, elemTyAcc: f32, aSmem: true, packed: {a: i64, b: i64, c: "vector<16xf32>"}, %s"wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16"}
  - {m: 64, n: 16, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f16, aSmem: true, packed: {a: i64, b: i64, c: "vector<8xf16>"}, %s"wgmma.mma_async.sync.aligned.m64n16k16.f16.f16.f16"}
  - {m: 64, n: 16, k: 8, elemTyA: tf32, elemTyB: tf32, elemTyAcc: f32, aSmem: false, packed: {a: "vector<4xtf32>", b: i64, c: "vector<8xf32>"}, %s"wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32"}
  - {m: 64, n: 16, k: 32, elemTyA: f8E4M3FN, elemTyB: f8E5M2, elemTyAcc: f32, aSmem: true, packed: {a: i64, b: i64, c: "vector<8xf32>"}, %s"wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e5m2"}
  - {m: 64, n: 16, k: 32, elemTyA: i8, elemTyB: i8, elemTyAcc: i32, aSmem: false, packed: {a: "vector<16xi8>", b: i64, c: "vector<8xi32>"}, %s"wgmma.mma_async.sync.aligned.m64n16k32.s32.s8.s8"}
""".replace("%s", _W)

_NT = """\
parameters:
  - {name: num, cpp_type: int32_t}
  - {name: trans, cpp_type: bool}
assembly_format: "`<` $num `,` $trans `>`"
"""
LDMATRIX = _HEAD.format(kind="copy", sub="sm80", name="CopyLdsm", mnemonic="ldmatrix", threads=32) + _NT + """\
layouts:
  thr: "32:1"
  src:
    - {when: {num: 1}, layout: "((8,4),128):((128,0),1)"}
    - {when: {num: 2}, layout: "((16,2),128):((128,0),1)"}
    - {layout: "(32,128):(128,1)"}
  dst:
    - {when: {num: 1, trans: false}, layout: "(32,32):(32,1)"}
    - {when: {trans: false}, layout: "(32,(32,num)):(32,(1,1024))"}
    - {when: {num: 1}, layout: "((4,8),(16,2)):((256,16),(1,128))"}
    - {layout: "((4,8),(16,2,num)):((256,16),(1,128,1024))"}
  ref:
    - {when: {num: 1, trans: false}, layout: "(32,32):(32,1)"}
    - {when: {trans: false}, layout: "(32,(32,num)):(32,(1,1024))"}
    - {when: {num: 1}, layout: "((4,8),(16,2)):((256,16),(1,128))"}
    - {layout: "((4,8),(16,2,num)):((256,16),(1,128,1024))"}
instances:
  - {num: 1, trans: false, intrinsic: nvvm.ldmatrix, instruction: "ldmatrix.sync.aligned.m8n8.x1.shared.b16", packed: {value: i32}}
  - {num: 4, trans: false, intrinsic: nvvm.ldmatrix, instruction: "ldmatrix.sync.aligned.m8n8.x4.shared.b16", packed: {value: "vector<4xi32>"}}
  - {num: 2, trans: true, intrinsic: nvvm.ldmatrix, instruction: "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16", packed: {value: "vector<2xi32>"}}
"""

STMATRIX = _HEAD.format(kind="copy", sub="sm90", name="CopyStsm", mnemonic="stmatrix", threads=32) + _NT + """\
layouts:
  thr: "32:1"
  dst:
    - {when: {num: 1}, layout: "((8,4),128):((128,0),1)"}
    - {layout: "(32,128):(128,1)"}
  src:
    - {when: {trans: false}, layout: "(32,(32,num)):(32,(1,1024))"}
    - {layout: "((4,8),(16,2,num)):((256,16),(1,128,1024))"}
  ref:
    - {when: {trans: false}, layout: "(32,(32,num)):(32,(1,1024))"}
    - {layout: "((4,8),(16,2,num)):((256,16),(1,128,1024))"}
instances:
  - {num: 1, trans: false, intrinsic: nvvm.stmatrix, instruction: "stmatrix.sync.aligned.m8n8.x1.shared.b16", packed: {value: i32}}
  - {num: 4, trans: true, intrinsic: nvvm.stmatrix, instruction: "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16", packed: {value: "vector<4xi32>"}}
"""

CP_ASYNC = _HEAD.format(kind="copy", sub="sm80", name="CopyCpAsync", mnemonic="cp_async", threads=1) + """\
parameters:
  - {name: bitSize, cpp_type: int32_t}
assembly_format: "`<` $bitSize `>`"
layouts:
  thr: "1:0"
  src: "(1,bitSize):(0,1)"
  dst: "(1,bitSize):(0,1)"
  ref: "(1,bitSize):(0,1)"
instances:
  - {bitSize: 128, intrinsic: nvvm.cp.async.shared.global, instruction: "cp.async.cg.shared.global", packed: {value: "vector<4xi32>"}}
  - {bitSize: 32, intrinsic: nvvm.cp.async.shared.global, instruction: "cp.async.ca.shared.global", packed: {value: i32}}
"""

# Every spec carries an emission (the contract requires one); the probe reads none of it.
_EMIT = {
    "mma": "emission:\n  pattern: mma_sync\n",
    "wgmma": "emission:\n  pattern: wgmma_rs\n",
    "ldmatrix": "emission:\n  pattern: ldmatrix\n",
    "stmatrix": "emission:\n  pattern: stmatrix\n",
    "cp_async": "emission:\n  pattern: cp_async\n",
}
SPECS = {"sm80/mma.yaml": MMA_SYNC + _EMIT["mma"], "sm90/wgmma.yaml": WGMMA + _EMIT["wgmma"],
         "sm80/ldmatrix.yaml": LDMATRIX + _EMIT["ldmatrix"], "sm90/stmatrix.yaml": STMATRIX + _EMIT["stmatrix"],
         "sm80/cp_async.yaml": CP_ASYNC + _EMIT["cp_async"]}


@pytest.fixture(scope="module")
def spec_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("probe") / "nvvm"
    for name, text in SPECS.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def cases(spec_dir: Path) -> list[ProbeCase]:
    found, problems = cases_from_paths([str(spec_dir)])
    assert not problems
    return found


def _truth(case: ProbeCase) -> dict[str, Layout]:
    """The true (CuTe / PTX ISA) layouts: in these test specs, the spec's own."""
    return dict(case.layouts)


# ---------------------------------------------------------------- values and reference

@pytest.mark.parametrize("name", ["f16", "bf16", "tf32", "f32", "f64", "f8E4M3FN", "f8E5M2", "i8", "ui8", "i32"])
def test_inputs_are_exact_and_deterministic(name: str) -> None:
    values = sample(name, 200, 7)
    assert values == sample(name, 200, 7)
    assert len(set(values)) > 4
    for value in values:
        assert decode(name, encode(name, value)) == value


def test_known_encodings() -> None:
    assert encode("f16", 1.0) == 0x3C00
    assert encode("bf16", -2.0) == 0xC000
    assert encode("f8E4M3FN", 1.0) == 0x38
    assert encode("f8E5M2", 1.0) == 0x3C
    assert encode("f8E4M3FN", -3.0) == 0xC4
    assert encode("f8E5M2", 3.0) == 0x42
    assert encode("i8", -1) == 0xFF
    assert decode("i8", 0xFF) == -1.0
    assert decode("ui8", 0xFF) == 255.0
    assert math.isnan(decode("f32", 0xFFFFFFFF))


def test_reference_product() -> None:
    # A 2x2 (column-major), B 2x2 over (N,K): D = A B^T + C
    a = [1.0, 3.0, 2.0, 4.0]  # [[1,2],[3,4]]
    b = [5.0, 7.0, 6.0, 8.0]  # B rows n: [5,6], [7,8]
    c = [1.0, 0.0, 0.0, 1.0]
    d = reference_product(2, 2, 2, a, b, c, False)
    assert d == [1 + 5 + 12, 15 + 24, 7 + 16, 21 + 32 + 1]
    assert reference_product(2, 2, 2, a, b, c, True) == d


# ---------------------------------------------------------------- generation

def test_generation_is_deterministic_and_contains_the_instruction(cases: list[ProbeCase], spec_dir: Path) -> None:
    assert len(cases) == len(spec_instances(*(spec_dir / name for name in SPECS)))
    for case in cases:
        text = source(case)
        assert text == source(case)
        assert case.opcode in text
        assert f"// instruction: {case.instruction}" in text
        assert "__global__ void" in text and "int main(" in text


def test_spec_text_stays_inside_its_comment_or_string(cases: list[ProbeCase]) -> None:
    """Spec text reaches the CUDA source escaped: a line break cannot start a line of code, a
    quote or backslash in the opcode cannot end the asm string."""
    from dataclasses import replace

    payload = '\n#error injected */ \\\r"'
    assert cases
    for case in {c.family: c for c in cases}.values():
        hostile = replace(case, spec_path=case.spec_path + payload, instance_id=case.instance_id + payload,
                          instruction=case.instruction + payload, opcode=case.opcode + '"\\')
        text = source(hostile)
        assert "#error" not in [line.strip()[:6] for line in text.splitlines()], case.family
        assert f"{case.opcode}\\\"\\\\" in text, case.family  # the opcode's quote and backslash, escaped
        assert "\r" not in text


def test_wgmma_programs_fence_commit_wait_and_use_descriptors(cases: list[ProbeCase], spec_dir: Path) -> None:
    wgmma = [c for c in cases if c.family == "wgmma"]
    assert len(wgmma) == len(spec_instances(spec_dir / "sm90/wgmma.yaml"))
    for case in wgmma:
        text = source(case)
        for needle in ("wgmma.fence.sync.aligned", "wgmma.commit_group.sync.aligned",
                       "wgmma.wait_group.sync.aligned 0", "fence.proxy.async.shared::cta", "make_desc(smem_b"):
            assert needle in text, (case.key, needle)
        assert ("make_desc(smem_a" in text) == case.a_from_smem


def test_test_specs_select_the_intended_pieces(cases: list[ProbeCase]) -> None:
    """Bool `when` values must be written true/false: an earlier version of these test specs wrote
    `trans: 0`, silently selected the transposed layouts for plain ldmatrix/stmatrix, and the H200
    probe failed those instances (bit 16 held 0x0009, not 0x0002) -- the probe doing its job."""
    by_id = {(Path(c.spec_path).stem, c.instance_id): c for c in cases}
    assert format_layout(by_id[("ldmatrix", "1")].layouts["dst"]) == "(32,32):(32,1)"
    assert format_layout(by_id[("ldmatrix", "4")].layouts["dst"]) == "(32,(32,4)):(32,(1,1024))"
    assert format_layout(by_id[("stmatrix", "1")].layouts["src"]) == "(32,(32,1)):(32,(1,1024))"
    assert [c.a_from_smem for c in cases if c.family == "wgmma"] == [False, True, True, False, True, False]


def test_emit_writes_programs(spec_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _args([str(spec_dir)], emit=str(tmp_path / "out"))
    assert probe_command.run(args) == 0
    written = sorted((tmp_path / "out").glob("*.cu"))
    assert len(written) == len(SPECS)  # one program per spec (each under the batch size)
    assert len(list((tmp_path / "out").glob("*.in"))) == len(SPECS)
    assert all("namespace case_0" in path.read_text() for path in written)


# ---------------------------------------------------------------- comparison vs simulated hardware

def test_true_layouts_pass_on_simulated_hardware(cases: list[ProbeCase]) -> None:
    assert cases
    for case in cases:
        verdict = compare(plan(case), simulate(case, _truth(case)))
        assert verdict.passed, (case.key, verdict.first_mismatch)
        assert verdict.checked > 0 and verdict.mismatches == 0


def test_a_mutated_layout_fails_on_simulated_hardware(cases: list[ProbeCase]) -> None:
    assert cases
    for case in cases:
        wrong = mutate(case)
        assert wrong.mutation and not wrong.skip, case.key
        if case.family == "cp_async":  # both sides are memory: a scrambled row is rejected before running
            with pytest.raises(CaseError, match="contiguous"):
                plan(wrong)
            continue
        verdict = compare(plan(wrong), simulate(wrong, _truth(case)))
        assert not verdict.passed, (case.key, wrong.mutation)
        assert verdict.first_mismatch is not None


@pytest.mark.parametrize("role", ["a", "b"])
def test_mutated_register_a_and_b_fail_too(cases: list[ProbeCase], role: str) -> None:
    swappable = [c for c in cases if c.family == "mma_sync" and c.mnk != (8, 8, 4)]  # f64 A/B: one value
    assert swappable
    for case in swappable:
        wrong = mutate(case, role)
        verdict = compare(plan(wrong), simulate(wrong, _truth(case)))
        assert not verdict.passed, (case.key, wrong.mutation)


def test_wrong_c_layout_is_caught_with_its_position() -> None:
    """The classic bug: C's two value strides swapped (m16n8 f32 accumulator)."""
    truth = Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))
    wrong = swap_strides(truth)
    assert wrong is not None and format_layout(wrong) != format_layout(truth)


def test_copy_mismatch_names_the_bit(cases: list[ProbeCase]) -> None:
    case = next(c for c in cases if c.family == "ldmatrix" and "4" in c.instance_id)
    wrong = mutate(case)
    verdict = compare(plan(wrong), simulate(wrong, _truth(case)))
    assert verdict.first_mismatch is not None and "bit" in verdict.first_mismatch


def test_inputs_match_the_program_layout(cases: list[ProbeCase]) -> None:
    assert cases
    for case in cases:
        data = input_bytes(plan(case))
        assert len(data) % 256 == 0 and data == input_bytes(plan(case))


# ---------------------------------------------------------------- the command without a device

def _args(paths: list[str], **overrides: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    probe_command.add_arguments(parser)
    args = parser.parse_args(paths)
    for key, value in overrides.items():
        setattr(args, key, value)
    return args


def test_cuda_without_device_exits_2(spec_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(device, "find_nvcc", lambda: None)
    monkeypatch.setattr(device, "gpu_info", lambda: {})
    assert probe_command.run(_args([str(spec_dir)], cuda=True)) == 2
    err = capsys.readouterr().err
    assert "--cuda needs nvcc and an NVIDIA GPU" in err and "Traceback" not in err


def test_cli_registration() -> None:
    done = subprocess.run([sys.executable, "-m", "atomgen", "probe", "--help"], capture_output=True, text=True,
                          cwd=REPO, check=False)
    assert done.returncode == 0
    for flag in ("--cuda", "--emit", "--report", "--mutate-layout", "--negative-control"):
        assert flag in done.stdout


@pytest.mark.parametrize("every", [pytest.param(False, id="three-a-spec"),
                                   pytest.param(True, id="every-instance", marks=pytest.mark.campaign)])
def test_repository_ptx_specs_self_consistent(every: bool) -> None:
    """Every instance in specs/nvvm (the campaign; a plain `pytest` the first three of each spec): the
    program builds, and simulated with the spec's own layouts the probe passes, with a perturbed layout
    it fails (a sample per spec: wgmma tiles are big)."""
    root = REPO / "specs" / "nvvm"
    found, _ = cases_from_paths([str(root)])
    assert found
    per_spec: dict[str, int] = {}
    for case in found:
        if case.skip:
            continue
        per_spec[case.spec_path] = per_spec.get(case.spec_path, 0) + 1
        if per_spec[case.spec_path] > 3 and not every:
            continue
        source(case)
        if per_spec[case.spec_path] > 3:
            continue
        assert compare(plan(case), simulate(case, _truth(case))).passed, case.key
        wrong = mutate(case)
        if wrong.skip:
            continue
        try:
            planned = plan(wrong)
        except CaseError:
            continue  # rejected before running: the probe fails, as it must
        assert not compare(planned, simulate(wrong, _truth(case))).passed, case.key


# ---------------------------------------------------------------- on the GPU

def _need_gpu() -> None:
    if device.find_nvcc() is None:
        pytest.skip("no NVIDIA GPU: nvcc not found")
    if not device.gpu_info() or shutil.which("nvidia-smi") is None:
        pytest.skip("no NVIDIA GPU: nvidia-smi shows none")


@pytest.mark.gpu
def test_gpu_probe_passes_and_negative_control_fails(spec_dir: Path, tmp_path: Path) -> None:
    _need_gpu()
    report = tmp_path / "probe.json"
    args = _args([str(spec_dir)], cuda=True, negative_control=True, report=str(report))
    code = probe_command.run(args)
    import json

    data = json.loads(report.read_text())
    bad = [r for r in data["instances"] if r["status"] != "pass"]
    bad += [r for r in data.get("negative_control", {}).get("results", []) if r["status"] != "detected"]
    assert code == 0 and not bad, json.dumps(bad, indent=1)[:6000]
    assert data["summary"]["fail"] == 0
    assert data["summary"]["negative_control"]["detected"] == data["summary"]["negative_control"]["mutated"]


@pytest.mark.gpu
def test_gpu_mutated_layout_fails(spec_dir: Path) -> None:
    _need_gpu()
    args = _args([str(spec_dir / "sm80" / "mma.yaml")], cuda=True, mutate_layout="c")
    assert probe_command.run(args) == 1


def test_numpy_and_python_references_agree() -> None:
    from atomgen.probe.reference import reference_product_python

    a = sample("i8", 64 * 32, 1)
    b = sample("ui8", 24 * 32, 2)
    c = sample("i32", 64 * 24, 3)
    for integer in (True, False):
        assert reference_product(64, 24, 32, a, b, c, integer) == reference_product_python(64, 24, 32, a, b, c,
                                                                                             integer)
