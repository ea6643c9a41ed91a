"""The generated-atom rung's kernel generator (atomgen/probe/atoms.py, `atomgen probe --via-atoms`), on CPU.

For a few instances of every MMA and copy family the probe program must call the instance's generated
test function (declared with the parameter types of its lowered PTX) where the spec rung has inline
PTX, pass the thread's fragment (a copy: its shared address, registers or global source; TMA: the
tensor map, the mbarrier and the coordinates), wgmma's descriptors and the state values, and compile
with nvcc as relocatable device code. The GPU run itself is marked `gpu` and runs on the lent H200.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import REPO, SPECS

from atomgen.probe.atoms import AtomIndex, function_of, signatures
from atomgen.probe.cases import cases_from_paths
from atomgen.probe.kernel import NVCC_ARCH, program

FAMILIES = ("sm70/mma_sync", "sm80/mma_sync", "sm80/mma_sync_b1", "sm89/mma_sync_fp8", "sm80/mma_sp",
            "sm90/wgmma_ss", "sm90/wgmma_rs", "sm90/wgmma_sp")
PTX = """
.visible .func {name}(
	.param .b64 {name}_param_0,
	.param .b64 {name}_param_1,
	.param .b64 {name}_param_2,
	.param .b64 {name}_param_3{extra}
)
"""


def _cases() -> list:
    cases, problems = cases_from_paths([str(SPECS / "nvvm" / f"{family}.yaml") for family in FAMILIES])
    assert not problems
    picked, seen = [], set()
    for case in cases:
        if not case.skip and case.spec_path not in seen:  # the first runnable instance of each spec
            seen.add(case.spec_path)
            picked.append(case)
    assert len(picked) == len(FAMILIES)
    return picked


def _index(tmp_path: Path, cases: list) -> AtomIndex:
    entries = {}
    for case in cases:
        name, state = function_of(case.spec_path, case.instance_id)
        text = PTX.format(name=name, extra="".join(f",\n\t.param .b32 {name}_param_{4 + i}" for i in range(len(state))))
        assert signatures(text) == {name: ("uint64_t",) * 4 + ("uint32_t",) * len(state)}
        entries[name] = {"ptx": "atoms.ptx", "params": list(signatures(text)[name])}
    (tmp_path / "atoms.json").write_text(json.dumps(entries))
    return AtomIndex(tmp_path)


COPIES = ("sm80/cp_async", "sm80/ldmatrix", "sm90/stmatrix", "sm90/tma_load", "sm90/tma_store")


def _copy_cases() -> list:
    cases, problems = cases_from_paths([str(SPECS / "nvvm" / f"{family}.yaml") for family in COPIES])
    assert not problems
    # every instance of the register copies and cp.async; TMA at ranks 1 and 5
    picked = [c for c in cases if not c.skip and (c.family != "tma" or c.instance_id in ("1", "5"))]
    assert {c.family for c in picked} == {"cp_async", "ldmatrix", "stmatrix", "tma"}
    return picked


def _copy_index(tmp_path: Path, cases: list) -> AtomIndex:
    """What lower-atoms.py records for a copy: its pointers (src, dst, TMA's descriptor and mbarrier) as
    .b64 parameters, its coordinates as .b32."""
    entries = {}
    for case in cases:
        name, state = function_of(case.spec_path, case.instance_id)
        widths = [64, 64] + [32 if field.startswith("coord_") else 64 for field in state]
        text = (f".visible .func {name}(\n" + ",\n".join(f"\t.param .b{w} {name}_param_{i}" for i, w in
                                                         enumerate(widths)) + "\n)\n")
        entries[name] = {"ptx": "atoms.ptx", "params": list(signatures(text)[name])}
    (tmp_path / "atoms.json").write_text(json.dumps(entries))
    return AtomIndex(tmp_path)


def test_every_copy_family_calls_its_generated_atom(tmp_path: Path) -> None:
    cases = _copy_cases()
    index = _copy_index(tmp_path, cases)
    expected = {"ldmatrix": "(uint64_t)(address), (uint64_t)(regs)",
                "stmatrix": "(uint64_t)(regs), (uint64_t)(address)",
                "cp_async": "(uint64_t)(source), (uint64_t)(address)"}
    assert cases
    for case in cases:
        text, _, _, _ = program([case], atoms=index)
        name, state = function_of(case.spec_path, case.instance_id)
        kernel = text.split("probe_kernel(")[1].split("\n}\n")[0]
        assert f'extern "C" __device__ void {name}(uint64_t, uint64_t' in text, case.key
        call = re.search(rf"{name}\(([^;]*)\);", kernel)
        assert call is not None, case.key
        # the copy itself is the atom's: no inline PTX of it in the kernel
        assert "asm volatile(\"" + case.opcode not in kernel, case.key
        if case.family != "tma":
            assert call.group(1) == expected[case.family], case.key
            continue
        values = call.group(1).split(", ")
        load = "(uint64_t)(bar)" in values  # a load completes on the kernel's mbarrier
        pointers = ["(uint64_t)(in)", "(uint64_t)(smem)"] if load else ["(uint64_t)(smem)", "(uint64_t)(out)"]
        assert values[:2] == pointers, case.key
        assert load == Path(case.spec_path).stem.endswith("load"), case.key
        assert values[2] == "(uint64_t)(map_address)"
        coordinates = values[-5:]
        rank = int(case.instance_id)
        assert all(v == "(uint32_t)(0)" for v in coordinates[rank:]), case.key  # unused coordinates
        assert [v != "(uint32_t)(0)" for v in coordinates[:rank]].count(True) >= 1, case.key
        # the kernel keeps the protocol around the atom: the mbarrier of a load, the bulk group of a store
        assert ("mbarrier.arrive.expect_tx" in kernel) == ("(uint64_t)(bar)" in values), case.key
        assert ("cp.async.bulk.commit_group" in kernel) != ("(uint64_t)(bar)" in values), case.key


def test_every_family_calls_its_generated_atom(tmp_path: Path) -> None:
    cases = _cases()
    index = _index(tmp_path, cases)
    assert cases
    for case in cases:
        text, _, _, _ = program([case], atoms=index)
        name, state = function_of(case.spec_path, case.instance_id)
        assert f'extern "C" __device__ void {name}(void*, void*, void*, void*' in text, case.key
        call = re.search(rf"{name}\(d_out, a_in, b_in, c_in([^)]*)\);", text)
        assert call is not None, case.key
        values = [v.strip() for v in call.group(1).split(",") if v.strip()]
        assert values == [{"accumulate": "1", "metadata": "e0"}[s] for s in state], case.key
        # the instruction itself is the atom's now: no inline PTX of it, no wgmma fence of the probe's
        kernel = text.split("probe_kernel(")[1].split("\n}\n")[0]
        assert "asm volatile(\"" + case.opcode not in kernel and "wgmma.fence" not in kernel, case.key
        if case.family == "wgmma":
            assert "uint64_t b_in[1] = {desc_b};" in kernel


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc is not installed")
def test_the_programs_compile_as_relocatable_device_code(tmp_path: Path) -> None:
    for what, cases, index in (("mma", _cases(), _index), ("copy", _copy_cases(), _copy_index)):
        folder = tmp_path / what
        folder.mkdir()
        text, _, _, _ = program(cases, atoms=index(folder, cases))
        source = folder / "probe.cu"
        source.write_text(text)
        done = subprocess.run(["nvcc", NVCC_ARCH, "-std=c++17", "-rdc=true", "-dc", str(source), "-o",
                               str(folder / "probe.o")], capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]


def test_an_instance_without_a_lowered_function_is_refused(tmp_path: Path) -> None:
    from atomgen.probe.cases import CaseError

    (tmp_path / "atoms.json").write_text("{}")
    with pytest.raises(CaseError, match="no lowered atom function"):
        program(_cases()[:1], atoms=AtomIndex(tmp_path))


def test_run_lines_give_the_fly_passes() -> None:
    from atomgen.lowering import run_passes

    passes = run_passes(REPO / "generated/tests/mlir/Conversion/atomgen/sm80_mma_sync.mlir")
    assert passes and passes[-1].startswith("--convert-fly-to-")


def _probe_via_atoms(spec: Path, tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], dict]:
    """On the lent GPU: `atomgen probe --cuda --via-atoms $ATOMGEN_ATOMS` on one spec, and its report."""
    import os

    from test_probe_host import _need_gpu

    _need_gpu()
    folder = os.environ.get("ATOMGEN_ATOMS")
    if not folder or not (Path(folder) / "atoms.json").is_file():
        pytest.skip("no lowered atoms: set ATOMGEN_ATOMS to a scripts/lower-atoms.py folder")
    report = tmp_path / "atoms.json"
    done = subprocess.run(["python3", "-m", "atomgen", "probe", str(spec), "--cuda", "--via-atoms", folder,
                           "--report", str(report)], capture_output=True, text=True, cwd=REPO, timeout=600)
    return done, json.loads(report.read_text())


@pytest.mark.gpu
def test_gpu_generated_atoms_pass_where_the_spec_does(tmp_path: Path) -> None:
    """On the lent H200: the mma.sync instances through their generated atoms (PTX lowered on the CPU machine
    by scripts/lower-atoms.py into $ATOMGEN_ATOMS) pass the probe's comparison."""
    done, data = _probe_via_atoms(SPECS / "nvvm" / "sm80" / "mma_sync.yaml", tmp_path)
    assert done.returncode == 0 and data["summary"]["pass"] > 0 and data["summary"]["fail"] == 0, done.stdout[-3000:]


def test_the_negative_control_calls_a_wrong_variant_for_every_atom(tmp_path: Path) -> None:
    """Every atom has instances whose negative control calls another variant's generated atom (same
    registers, other element types or signedness; a copy's transpose twin or a narrower cp.async) or, for
    TMA, passes its coordinates under a wrong claim: the rung must report those as failing."""
    from atomgen.probe import command

    cases, _ = cases_from_paths([str(SPECS / "nvvm")])
    runnable = [c for c in cases if not c.skip]
    index = _index(tmp_path, [c for c in runnable if c.kind == "mma"])
    negative = command._wrong_variants(cases, index)
    assert {c.spec_path for c in negative} == {c.spec_path for c in runnable}
    variants = {(Path(c.spec_path).stem, c.instance_id): index.substitutes.get(c.slug) for c in negative}
    assert variants[("ldmatrix", "2")] == "2_transpose" and variants[("stmatrix", "4_transpose")] == "4"
    assert variants[("cp_async", "128_ca")] == "64_ca" and ("cp_async", "32_ca") not in variants  # never wider
    assert all(v is None for (stem, _), v in variants.items() if stem.startswith("tma"))  # claims, not atoms
    negative = [c for c in negative if c.kind == "mma"]
    case = negative[0]
    name, _ = function_of(case.spec_path, index.substitutes[case.slug])
    assert name != function_of(case.spec_path, case.instance_id)[0]
    text, _, _, _ = program([case], atoms=index)
    assert f"{name}(d_out, a_in, b_in, c_in" in text



def test_an_atom_that_does_not_assemble_for_its_own_target_fails(tmp_path: Path) -> None:
    """sm100 instances are never run here (no Blackwell GPU), only assembled for sm_100a: an assembler that
    refuses the file makes each such instance fail, with the assembler's words, not skip."""
    from atomgen.probe import command

    cases, _ = cases_from_paths([str(SPECS / "nvvm" / "sm100" / "tcgen05_mma.yaml")])
    assert cases and all(c.family == "tcgen05" and "Blackwell" in c.skip for c in cases)
    index = _index(tmp_path, cases[:3])
    kept, unassembled = command._assemble_elsewhere(shutil.which("false") or "false", cases, index)
    assert set(unassembled) == {c.slug for c in cases[:3]} and len(kept) == len(cases)
    assert all("does not assemble for sm_100a" in unassembled[c.slug] for c in cases[:3])


@pytest.mark.gpu
def test_gpu_sm100_atoms_are_assembled_for_sm_100a(tmp_path: Path) -> None:
    """On the lent GPU machine: every tcgen05 instance's generated atom ($ATOMGEN_ATOMS) is assembled by ptxas
    for sm_100a, and each instance says so (not run: no Blackwell GPU)."""
    done, data = _probe_via_atoms(SPECS / "nvvm" / "sm100" / "tcgen05_mma.yaml", tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert len(data["instances"]) == 392
    assert all(r["status"] == "skip" and "assembled for sm_100a by ptxas" in r["reason"] for r in data["instances"])
