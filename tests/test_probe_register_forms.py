"""The register-level NVIDIA MMAs beyond FlyDSL's: sm70 quad-pairs, int4, binary (b1) popc.

Host side only (the H200 results are in docs/probe-h200.json): sub-byte encodings, the
popc reference, the lane-group thread layout rule, and every shipped instance passing the
simulated hardware with its own layouts and failing with a perturbed one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atomgen.probe.cases import CaseError, cases_from_paths, mutate
from atomgen.probe.kernel import plan, source
from atomgen.probe.reference import compare, instruction_result, simulate
from atomgen.probe.values import decode, element_type, encode, sample

REPO = Path(__file__).resolve().parent.parent
SPECS = [str(REPO / "specs/nvvm/sm70/mma_sync.yaml"), str(REPO / "specs/nvvm/sm80/mma_sync_b1.yaml"),
         str(REPO / "specs/nvvm/sm80/mma_sync.yaml")]
NEW = ("i4", "ui4", "i1", "sm70", "8x8x16")


@pytest.fixture(scope="module")
def cases() -> list:
    found, problems = cases_from_paths(SPECS)
    assert not problems
    # Match on what the case is, never on its path: a checkout under /tmp/ci4 contains "i4".
    return [c for c in found if any(word in f"{c.subtarget} {c.instance_id} {c.types}" for word in NEW)]


def test_sub_byte_encodings() -> None:
    assert [encode("i4", v) for v in (-8, -1, 0, 7)] == [8, 15, 0, 7]
    assert [decode("i4", b) for b in (8, 15, 7)] == [-8.0, -1.0, 7.0]
    assert decode("ui4", 15) == 15.0 and encode("i1", 1) == 1
    assert element_type("i4").storage == 1 and element_type("i1").ctype == "uint8_t"
    assert set(sample("i1", 200, 3)) == {0.0, 1.0}


def test_popc_reference(cases: list) -> None:
    xor = next(c for c in cases if c.opcode.endswith(".xor.popc") and c.mnk == (8, 8, 128))
    p = plan(xor)
    a = sample("i1", 8 * 128, 1)
    b = sample("i1", 8 * 128, 2)
    c = [float(v) for v in range(64)]
    d = instruction_result(p, a, b, c)
    for m, n in ((0, 0), (3, 5), (7, 7)):
        ones = sum(int(a[m + 8 * k]) ^ int(b[n + 8 * k]) for k in range(128))
        assert d[m + 8 * n] == c[m + 8 * n] + ones


def test_every_new_instance_is_probed(cases: list) -> None:
    assert len(cases) == 8 + 6 + 16  # sm70 f32/f16 x 4 operand orders; b1 3 shapes x xor/and; m8n8k16 4, int4 12
    for case in cases:
        assert not case.skip, case.key
        text = source(case)
        assert case.opcode in text
        if case.lanes:
            assert "LANE_THREAD" in text and "<<<1, 32>>>" in text


def test_spec_layouts_pass_and_perturbed_fail_on_simulated_hardware(cases: list) -> None:
    assert cases
    for case in cases:
        assert compare(plan(case), simulate(case, dict(case.layouts))).passed, case.key
        wrong = mutate(case)
        try:
            planned = plan(wrong)
        except CaseError:
            continue
        assert not compare(planned, simulate(wrong, dict(case.layouts))).passed, (case.key, wrong.mutation)


def test_lane_group_rule(tmp_path: Path) -> None:
    """Without `exceptions.lanes` the quad-pair thread layout names lanes 16..19 of an 8-thread atom."""
    import subprocess
    import sys

    spec = (REPO / "specs/nvvm/sm70/mma_sync.yaml").read_text()
    start = spec.index("\nexceptions:\n")
    end = spec.index("\ninstances:\n")
    bad = tmp_path / "nvvm" / "sm70" / "mma_sync.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_text(spec[:start] + spec[end:])
    (tmp_path / "nvvm" / "backend.yaml").write_text((REPO / "specs/nvvm/backend.yaml").read_text())
    done = subprocess.run([sys.executable, "-m", "atomgen", "check", str(bad)], capture_output=True, text=True,
                          cwd=REPO, check=False)
    assert done.returncode == 1 and "AG322" in done.stdout + done.stderr, done.stdout + done.stderr


def test_a_mistyped_quad_pair_is_ag321(tmp_path: Path) -> None:
    """(4,2):(2,16) still names 8 distinct lanes of the warp; the declared lane_group catches it."""
    import subprocess
    import sys

    spec = (REPO / "specs/nvvm/sm70/mma_sync.yaml").read_text().replace('thr: "(4, 2) : (1, 16)"',
                                                                        'thr: "(4, 2) : (2, 16)"')
    bad = tmp_path / "nvvm" / "sm70" / "mma_sync.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_text(spec)
    (tmp_path / "nvvm" / "backend.yaml").write_text((REPO / "specs/nvvm/backend.yaml").read_text())
    done = subprocess.run([sys.executable, "-m", "atomgen", "check", str(bad)], capture_output=True, text=True,
                          cwd=REPO, check=False)
    assert done.returncode == 1 and "AG321" in done.stdout and "lane_group" in done.stdout, done.stdout
