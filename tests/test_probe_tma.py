"""atomgen probe for TMA (cp.async.bulk.tensor): real tensor maps, an mbarrier, the whole box.

On the host: the programs are generated for every shipped TMA instance (none skipped), the
reference box is the one the coordinates name, the simulated hardware (coordinates read as PTX
defines them: innermost dimension first, in elements) passes the spec and fails every
perturbed claim. On an NVIDIA GPU (marked `gpu`): the same, run for real.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from conftest import spec_instances

from atomgen.probe import command as probe_command
from atomgen.probe import device
from atomgen.probe.cases import cases_from_paths, mutate
from atomgen.probe.kernel import plan, source
from atomgen.probe.reference import compare, input_bytes, simulate
from atomgen.probe.tma import TmaPlan, direction_of, expected_words, rank_of, tma_mutations

REPO = Path(__file__).resolve().parent.parent
TMA_SPECS = [str(REPO / "specs" / "nvvm" / "sm90" / name) for name in ("tma_load.yaml", "tma_store.yaml")]


@pytest.fixture(scope="module")
def cases() -> list:
    found, problems = cases_from_paths(TMA_SPECS)
    assert not problems
    return found


def test_every_tma_instance_is_probed(cases: list) -> None:
    assert len(cases) == len(spec_instances(*TMA_SPECS))
    assert [c.skip for c in cases] == [None] * len(cases)
    assert sorted((c.tma[0], c.tma[1]) for c in cases) == sorted(
        [("load", r) for r in range(1, 6)] + [("store", r) for r in range(1, 6)])


def test_opcode_parsing() -> None:
    load = "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
    store = "cp.async.bulk.tensor.5d.global.shared::cta.tile.bulk_group"
    assert (direction_of(load), rank_of(load)) == ("load", 3)
    assert (direction_of(store), rank_of(store)) == ("store", 5)
    assert direction_of("cp.async.ca.shared.global") is None


def test_programs_use_a_tensor_map_and_complete_properly(cases: list) -> None:
    assert cases
    for case in cases:
        text = source(case)
        assert text == source(case)
        assert "cuTensorMapEncodeTiled" in text and "__grid_constant__ CUtensorMap map" in text
        assert case.opcode in text
        if case.tma[0] == "load":
            for needle in ("mbarrier.init.shared::cta.b64", "mbarrier.arrive.expect_tx", "mbarrier.try_wait.parity"):
                assert needle in text, (case.key, needle)
        else:
            for needle in ("fence.proxy.async.shared::cta", "cp.async.bulk.commit_group", "cp.async.bulk.wait_group 0"):
                assert needle in text, (case.key, needle)


def test_reference_is_the_named_box() -> None:
    found, _ = cases_from_paths([TMA_SPECS[0]])
    two = next(c for c in found if c.tma[1] == 2)
    p = plan(two)
    assert isinstance(p, TmaPlan)
    # 16 x 4 tensor holding i + 1 at column-major (x + 16 y); box 8 x 4 at (4, 0)
    assert expected_words(p) == [1 + x + 16 * y for y in range(4) for x in range(4, 12)]
    assert len(input_bytes(p)) >= 4 * 16 * 4


def test_spec_passes_and_every_perturbed_claim_fails_on_simulated_hardware(cases: list) -> None:
    perturbed = 0
    for case in cases:
        assert compare(plan(case), simulate(case, {})).passed, case.key
        for wrong in tma_mutations(case):
            verdict = compare(plan(wrong), simulate(wrong, {}))
            assert not verdict.passed and verdict.first_mismatch, (case.key, wrong.mutation)
            perturbed += 1
        assert mutate(case).mutation
    assert perturbed == sum(1 + (c.tma[1] >= 2) for c in cases)  # units for every rank, order for ranks 2..5


@pytest.mark.gpu
def test_gpu_tma_passes_with_negative_control(cases: list, tmp_path: Path) -> None:
    if device.find_nvcc() is None or not device.gpu_info():
        pytest.skip("no NVIDIA GPU (nvcc / nvidia-smi found none)")
    report = tmp_path / "tma.json"
    args = argparse.Namespace(paths=TMA_SPECS, cuda=True, emit=None, report=str(report), mutate_layout=None,
                              negative_control=True, time=False, filter=None, jobs=None)
    assert probe_command.run(args) == 0
    data = json.loads(report.read_text())
    assert data["summary"]["pass"] == len(cases)
    assert data["summary"]["negative_control"]["detected"] == sum(len(tma_mutations(c)) for c in cases)
