"""atomgen probe for the Hopper copies beyond the tiled TMA (issue 52.3): multicast over a cluster, reduction,
im2col and the non-tensor bulk copy (atomgen/probe/tma_more.py, templates/probe/tma_more.cu.j2).

On the host: every shipped instance becomes a case (none skipped), its program is generated, the references
are the ones the PTX ISA gives (a CTA outside the mask keeps the sentinel; each reduction on u32 words; the
im2col gather with zero outside the image), the simulated hardware passes each spec and fails each perturbed
claim. On an NVIDIA GPU (marked `gpu`): the same, run for real through inline PTX, and through the generated
atoms where ATOMGEN_ATOMS names their lowered folder (scripts/lower-atoms.py).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

import pytest
from conftest import spec_instances

from atomgen.probe import command as probe_command
from atomgen.probe import device, tma_more
from atomgen.probe.cases import cases_from_paths
from atomgen.probe.kernel import plan, source
from atomgen.probe.reference import compare, input_bytes, simulate
from atomgen.probe.tma import TmaPlan, tma_mutations

REPO = Path(__file__).resolve().parent.parent
SPECS = [str(REPO / "specs" / "nvvm" / "sm90" / name)
         for name in ("tma_load_multicast.yaml", "tma_reduce.yaml", "bulk_copy.yaml", "tma_load_im2col.yaml")]


@pytest.fixture(scope="module")
def cases() -> list:
    found, problems = cases_from_paths(SPECS)
    assert not problems
    return found


def _plan(cases: list, direction: str, rank: int, reduction: str = "") -> TmaPlan:
    case = next(c for c in cases if c.tma[0] == direction and c.tma[1] == rank
                and c.tma[2].reduction == reduction)
    planned = plan(case)
    assert isinstance(planned, TmaPlan)
    return planned


def test_every_instance_is_probed(cases: list) -> None:
    assert len(cases) == len(spec_instances(*SPECS))
    assert [c.skip for c in cases] == [None] * len(cases)
    counts: dict[str, int] = {}
    for c in cases:
        counts[c.tma[0]] = counts.get(c.tma[0], 0) + 1
    assert counts == {"multicast": 5, "reduce": 40, "bulk_load": 1, "bulk_store": 1, "im2col": 3}


def test_classify_reads_the_instruction() -> None:
    assert tma_more.classify("cp.reduce.async.bulk.tensor.3d.global.shared::cta.xor.tile.bulk_group") == ("reduce", 3)
    assert tma_more.classify("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                             ".multicast::cluster") == ("multicast", 2)
    assert tma_more.classify("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes") \
        == ("im2col", 4)
    assert tma_more.classify("cp.async.bulk.global.shared::cta.bulk_group") == ("bulk_store", 0)
    assert tma_more.classify("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes") == ("bulk_load", 0)
    assert tma_more.classify("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes") \
        is None  # the tiled load stays tma.py's


def test_programs_launch_a_cluster_and_use_their_tensor_maps(cases: list) -> None:
    assert len(cases) == 50
    for case in cases:
        text = source(case)
        assert case.opcode in text, case.key
        direction = case.tma[0]
        if direction == "multicast":
            assert "__cluster_dims__(4, 1, 1)" in text and "%%cluster_ctarank" in text
            assert "barrier.cluster.arrive.release.aligned" in text and '"h"(mask)' in text
            assert "probe_kernel<<<4, 1>>>" in text
        if direction == "im2col":
            assert "cuTensorMapEncodeIm2col" in text and "encode_im2col()" in text
        if direction == "reduce":
            assert "cudaMemcpyDeviceToDevice" in text and "cp.async.bulk.wait_group 0" in text
        if direction.startswith("bulk"):
            assert "cuTensorMapEncode" not in text.split("namespace case_0")[1]


def test_reduction_reference_is_ptx_semantics() -> None:
    assert [tma_more.combine("inc", old, 5) for old in (0, 4, 5, 9)] == [1, 5, 0, 0]
    assert [tma_more.combine("dec", old, 5) for old in (0, 3, 5, 9)] == [5, 2, 4, 5]
    assert tma_more.combine("add", 0xFFFFFFFF, 2) == 1
    assert (tma_more.combine("and", 12, 10), tma_more.combine("or", 12, 10), tma_more.combine("xor", 12, 10)) \
        == (8, 14, 6)


def test_reduce_changes_only_the_box(cases: list) -> None:
    p = _plan(cases, "reduce", 2, "xor")
    data = input_bytes(p)
    at = tma_more.reduce_global_at(p)
    start = [int.from_bytes(data[at + 4 * i:at + 4 * i + 4], "little") for i in range(p.global_elements)]
    after, status = tma_more.expected(p)
    changed = [i for i, (a, b) in enumerate(zip(start, after)) if a != b]
    # 16 x 4 tensor, box 8 x 4 at (4, 0): columns 4..11 of every row
    assert changed == [x + 16 * y for y in range(4) for x in range(4, 12)] and status == [1]


def test_multicast_reference_names_the_masked_ctas(cases: list) -> None:
    p = _plan(cases, "multicast", 2)
    words, status = tma_more.expected(p)
    box = p.box_elements
    assert status == [1, 1, 0, 1]  # MASK 0b1011: CTA 2 is left out
    assert words[2 * box:3 * box] == [tma_more.SENTINEL] * box
    assert words[:box] == words[box:2 * box] == words[3 * box:] != [tma_more.SENTINEL] * box


def test_im2col_reference_is_the_gather(cases: list) -> None:
    p = _plan(cases, "im2col", 3)
    words, _ = tma_more.expected(p)
    channels = tma_more.IM2COL_CHANNELS
    # rank 3: (C, W, N) = (8, 6, 2); pixels from w = 3 of image 0, each read at w + 2: w = 3 reads 5,
    # w = 4 and 5 read outside the image (zero), then image 1 from w = 0
    assert words[:channels] == [1 + c + channels * 5 for c in range(channels)]
    assert words[channels:3 * channels] == [0] * (2 * channels)
    assert words[3 * channels:4 * channels] == [1 + c + channels * (6 + 2) for c in range(channels)]


def test_every_perturbed_claim_fails_on_simulated_hardware(cases: list) -> None:
    perturbed = 0
    for case in cases:
        assert compare(plan(case), simulate(case, {})).passed, case.key
        for wrong in tma_mutations(case):
            verdict = compare(plan(wrong), simulate(wrong, {}))
            assert not verdict.passed and verdict.first_mismatch, (case.key, wrong.mutation)
            perturbed += 1
    # reduce 40, bulk 2, im2col 3 + 2 (offsets reversed from rank 4), multicast: mask, units, order (rank >= 2)
    assert perturbed == 40 + 2 + 5 + 5 + 5 + 4


@pytest.mark.gpu
def test_gpu_copies_pass_with_negative_control(cases: list, tmp_path: Path) -> None:
    if device.find_nvcc() is None or not device.gpu_info():
        pytest.skip("no NVIDIA GPU (nvcc / nvidia-smi found none)")
    atoms = os.environ.get("ATOMGEN_ATOMS")  # the lowered generated atoms, when the run has them
    vias = [None] + ([atoms] if atoms else [])
    assert vias
    for via in vias:
        report = tmp_path / f"copies-{'atoms' if via else 'spec'}.json"
        args = argparse.Namespace(paths=SPECS, cuda=True, emit=None, report=str(report), mutate_layout=None,
                                  negative_control=True, time=False, filter=None, jobs=None, via_atoms=via)
        assert probe_command.run(args) == 0
        data = json.loads(report.read_text())
        assert data["summary"]["fail"] == 0 and data["summary"]["pass"] >= 47
        negative = data["summary"]["negative_control"]
        assert negative["detected"] == negative["mutated"] > 0
