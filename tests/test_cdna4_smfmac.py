"""CDNA4 SMFMAC (specs/rocdl/cdna4/smfmac.yaml) held to its one source, element by element.

No oracle covers gfx950's SMFMAC: the AMD Matrix Instruction Calculator has no CDNA4, Triton's AMD
backend does not issue SMFMAC, FlyDSL has no sparse atom and no AMD GPU is lent. The spec is
single-sourced from Composable Kernel's description of the same instructions (ck_tile's gfx950 sparse
`amdgcn_mma`): how many K elements a lane holds and in how many runs ("K accesses") A and B hold them.
CK gives CDNA3's SMFMAC the same kind of numbers, and there they are the AMD calculator's layouts
(docs/evidence/sparse-mma.md).

CK's convention, rebuilt here from its documentation: K is unmerged as K = K2 * K1 * K0 (K0 fastest),
K2 the number of accesses; a lane is (K1, row or column), an item of its vector (K2, K0). A holds the
2:4-compressed form of its K elements, 2 per chunk of 4, in order; index j of the lane's metadata names
the position of its value j. C is CK's M unmerge the same way (M per lane, M accesses).

The numbers are per instruction below; each test derives every element's lane and item from them and
compares with the spec's layouts, and shows that the comparison fails on the layout a reader would
expect (B's K in one run, as on CDNA3).
"""

from __future__ import annotations

import dataclasses

import pytest
from conftest import REPO

from atomgen.check.runner import analyze_file
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout

SPEC = REPO / "specs" / "rocdl" / "cdna4" / "smfmac.yaml"
CDNA3 = REPO / "specs" / "rocdl" / "cdna3" / "smfmac.yaml"  # confirmed by the AMD calculator
# instruction -> (K per lane, A's K accesses, B's K accesses, C's M per lane, C's M accesses): CK's
# amdgcn_mma_base parameters of the gfx950 sparse specializations (kABKPerLane, kAKNumAccess,
# kBKNumAccess, kCMPerLane, kCMNumAccess).
CK = {
    "v_smfmac_f32_16x16x64_f16": (16, 1, 2, 4, 1),
    "v_smfmac_f32_16x16x64_bf16": (16, 1, 2, 4, 1),
    "v_smfmac_f32_32x32x32_f16": (16, 1, 2, 16, 4),
    "v_smfmac_f32_32x32x32_bf16": (16, 1, 2, 16, 4),
    **{f"v_smfmac_{d}_16x16x128_{t}": (32, 1, 2, 4, 1)
       for d, t in (("i32", "i8"), ("f32", "fp8_fp8"), ("f32", "fp8_bf8"), ("f32", "bf8_fp8"), ("f32", "bf8_bf8"))},
    **{f"v_smfmac_{d}_32x32x64_{t}": (32, 1, 2, 16, 4)
       for d, t in (("i32", "i8"), ("f32", "fp8_fp8"), ("f32", "fp8_bf8"), ("f32", "bf8_fp8"), ("f32", "bf8_bf8"))},
}
# The same numbers of CK's CDNA3 (gfx942) sparse specializations: one K run for A and B.
CK_CDNA3 = {
    **{f"v_smfmac_f32_16x16x32_{t}": (8, 1, 1, 4, 1) for t in ("f16", "bf16")},
    **{f"v_smfmac_f32_32x32x16_{t}": (8, 1, 1, 16, 4) for t in ("f16", "bf16")},
    **{f"v_smfmac_{d}_16x16x64_{t}": (16, 1, 1, 4, 1)
       for d, t in (("i32", "i8"), ("f32", "fp8_fp8"), ("f32", "fp8_bf8"), ("f32", "bf8_fp8"), ("f32", "bf8_bf8"))},
    **{f"v_smfmac_{d}_32x32x32_{t}": (16, 1, 1, 16, 4)
       for d, t in (("i32", "i8"), ("f32", "fp8_fp8"), ("f32", "fp8_bf8"), ("f32", "bf8_fp8"), ("f32", "bf8_bf8"))},
}
WAVE = 64


def _ck_k(per_lane: int, accesses: int, k: int, group: int, item: int) -> int:
    """K of item `item` of a lane of K group `group`: K = K2 * K1 * K0, item = (K2, K0)."""
    runs = per_lane // accesses  # K0
    groups = k // per_lane  # K1
    return (item // runs) * groups * runs + group * runs + item % runs


def _expected(m: int, n: int, k: int, numbers: tuple[int, int, int, int, int]
              ) -> dict[str, dict[tuple[int, int], tuple[int, int]]]:
    """role -> (lane, value) -> (row, column) of its tile, from CK's numbers: A and E over the compressed
    (M, K / 2), B over (K, N) as atomgen draws it, C over (M, N)."""
    per_lane, a_accesses, b_accesses, c_rows, c_accesses = numbers
    a: dict[tuple[int, int], tuple[int, int]] = {}
    for lane in range(WAVE):
        row, group = lane % m, lane // m
        for value in range(per_lane // 2):  # two nonzeros of each chunk of 4, in order
            dense = _ck_k(per_lane, a_accesses, k, group, 4 * (value // 2))
            a[(lane, value)] = (row, dense // 2 + value % 2)
    b = {(lane, item): (_ck_k(per_lane, b_accesses, k, lane // n, item), lane % n)
         for lane in range(WAVE) for item in range(per_lane)}
    c = {}
    for lane in range(WAVE):
        group, column = lane // n, lane % n
        runs = c_rows // c_accesses  # M0
        groups = m // c_rows  # M1
        for item in range(c_rows):
            c[(lane, item)] = ((item // runs) * groups * runs + group * runs + item % runs, column)
    return {"a": a, "b": b, "c": c, "e": a}


def _drawn(layout: Layout, rows: int) -> dict[tuple[int, int], tuple[int, int]]:
    """(thr, val) -> (row, column) of a column-major tile of `rows` rows."""
    found = {}
    for thread in range(algebra.size(algebra.mode(layout, 0))):
        for value in range(algebra.size(algebra.mode(layout, 1))):
            index = algebra.evaluate(layout, thread, value)
            found[(thread, value)] = (index % rows, index // rows)
    return found


def _differences(evaluated: object, numbers: tuple[int, int, int, int, int]) -> dict[str, int]:
    """role -> how many (lane, value) the spec places elsewhere than CK (B drawn K x N: (K, column))."""
    variables = evaluated.variables  # type: ignore[attr-defined]
    m, n, k = variables["m"], variables["n"], variables["k"]
    expected = _expected(m, n, k, numbers)
    counts = {}
    for role, wanted in expected.items():
        layout = evaluated.operands[role].layout  # type: ignore[attr-defined]
        drawn = _drawn(layout, {"a": m, "e": m, "b": n, "c": m}[role])
        if role == "b":  # the spec's B tile is (N, K): turn it to (K, N)
            drawn = {key: (col, row) for key, (row, col) in drawn.items()}
        misplaced = sum(1 for key, place in wanted.items() if drawn.get(key) != place)
        counts[role] = misplaced + abs(len(drawn) - len(wanted))
    return counts


def _analysed(spec=SPEC):  # type: ignore[no-untyped-def]
    result = analyze_file(spec, str(spec), prove=False)
    assert result.spec is not None and result.analysis is not None and not result.diagnostics
    return result


def test_every_instruction_has_ck_numbers_and_an_instance() -> None:
    result = _analysed()
    assert {e.instance.instruction for e in result.analysis.evaluated} == set(CK)


@pytest.mark.parametrize("instruction", sorted(CK))
def test_the_layouts_are_cks(instruction: str) -> None:
    result = _analysed()
    rows = [e for e in result.analysis.evaluated if e.instance.instruction == instruction]
    assert rows
    for evaluated in rows:
        assert _differences(evaluated, CK[instruction]) == {"a": 0, "b": 0, "c": 0, "e": 0}


def test_cks_cdna3_numbers_are_the_calculators_layouts() -> None:
    """Why CK is trusted: read the same way, its CDNA3 numbers give the layouts of specs/rocdl/cdna3/smfmac.yaml,
    which agree with the AMD Matrix Instruction Calculator element by element (sparse-mma.md)."""
    result = _analysed(CDNA3)
    assert {e.instance.instruction for e in result.analysis.evaluated} == set(CK_CDNA3)
    for evaluated in result.analysis.evaluated:
        numbers = CK_CDNA3[evaluated.instance.instruction]
        assert _differences(evaluated, numbers) == {"a": 0, "b": 0, "c": 0, "e": 0}, evaluated.instance.id
        if evaluated.variables["k"] * evaluated.variables["n"] // WAVE > 4:  # B's run can be split in two
            split = (numbers[0], numbers[1], 2, numbers[3], numbers[4])
            assert _differences(evaluated, split)["b"] > 0


def test_b_in_one_run_is_found() -> None:
    """The layout CDNA3's SMFMAC has (B's K in one run per lane) differs from CK's for every gfx950 form."""
    result = _analysed()
    assert len(result.analysis.evaluated) == len(CK)
    for evaluated in result.analysis.evaluated:
        layout = evaluated.operands["b"].layout
        variables = evaluated.variables
        n, k = variables["n"], variables["k"]
        per_lane = k * n // WAVE
        one_run = Layout(((n, WAVE // n), per_lane), ((1, n * per_lane), n))
        assert algebra.size(one_run) == algebra.size(layout)
        changed = dataclasses.replace(evaluated, operands={**evaluated.operands,
                                                           "b": dataclasses.replace(evaluated.operands["b"],
                                                                                    layout=one_run)})
        differences = _differences(changed, CK[evaluated.instance.instruction])
        assert differences["b"] > 0 and differences["a"] == differences["c"] == 0, differences
