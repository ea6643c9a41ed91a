"""Sparse MMAs: the shipped sm80.mma.sp checks clean, and the smallest break of each sparse
rule (AG345-AG348) is reported at its line and column; the decompression round-trips."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import SPECS, spec_instances

from atomgen.check.runner import check_paths
from atomgen.spec.sparsity import Sparsity, chunk_indices, dense_positions

SHIPPED = SPECS / "nvvm" / "sm80" / "mma_sp.yaml"
# Two rows: one holder per group of four (k16), two (k32).
ROWS = ("m16n8k16.row.col.f32.f16.f16.f32,", "m16n8k32.row.col.f32.f16.f16.f32,")


def _base() -> str:
    lines = SHIPPED.read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if "intrinsic:" not in line or any(row in line for row in ROWS))


def _check(tmp_path: Path, text: str) -> list[tuple[str, int, int]]:
    folder = tmp_path / "specs" / "nvvm" / "sm80"
    folder.mkdir(parents=True)
    shutil.copy(SPECS / "nvvm" / "backend.yaml", tmp_path / "specs" / "nvvm" / "backend.yaml")
    path = folder / "mma_sp.yaml"
    path.write_text(text, encoding="utf-8")
    [result] = check_paths([str(path)], use_cache=False, prove=False)
    return [(d.rule, d.position.line, d.position.column) for d in result.diagnostics]


def _at(text: str, snippet: str) -> tuple[int, int]:
    for number, line in enumerate(text.splitlines(), 1):
        if snippet in line:
            return number, line.index(snippet) + 1
    raise AssertionError(snippet)


def test_shipped_spec_is_clean(tmp_path: Path) -> None:
    assert _check(tmp_path, SHIPPED.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(("rule", "old", "new", "at"), [
    # 2:4 with 4-bit indices: 16 positions of a quarter element
    ("AG345", '{ratio: "2:4", index_bits: 2,', '{ratio: "2:4", index_bits: 4,', '4, selector_stride'),
    ("AG345", '{ratio: "2:4", index_bits: 2,', '{ratio: "4:4", index_bits: 2,', '"4:4", index_bits: 2'),
    # row groupID + 8 at stride 4: rows 4..7 are named twice, 8..15 never
    ("AG346", '"((k_index / 8, 8), (8, 2)) : ((128, 1), (16, 8))"',
     '"((k_index / 8, 8), (8, 2)) : ((128, 1), (16, 4))"', '"((k_index / 8, 8), (8, 2)) : ((128, 1), (16, 4))"'),
    ("AG347", "e: i32}", "e: i16}", "i16}"),
    # selector stride 2 for one holder of four: selectors 0..3 overlap at lanes 2, 4, ...
    ("AG348", 'e_holders: "(k_index / 8, 8) : (1, 4)"', 'e_holders: "(k_index / 8, 8) : (1, 3)"',
     '"(k_index / 8, 8) : (1, 3)"'),
])
def test_sparse_rule(tmp_path: Path, rule: str, old: str, new: str, at: str) -> None:
    base = _base()
    assert old in base
    text = base.replace(old, new, 1)
    found = _check(tmp_path, text)
    line, column = _at(text, at)
    if at.startswith('"4:4"'):
        column += len('"4:4", index_bits: ')  # the diagnostic points at the index width
    assert (rule, line, column) in found, found


@pytest.mark.parametrize(("ratio", "positions"), [((2, 4), [1, 3]), ((1, 2), [1]), ((4, 8), [2, 3, 6, 7])])
def test_decompression_round_trips(ratio: tuple[int, int], positions: list[int]) -> None:
    sparsity = Sparsity(ratio[0], ratio[1], 2, 0)
    indices = chunk_indices(sparsity, positions)
    assert len(indices) == sparsity.per_chunk == 2
    assert dense_positions(sparsity, indices) == positions
    # tf32 1:2: element 1 is the metadata nibble 0b1110 (indices 2, 3)
    if ratio == (1, 2):
        assert indices == [2, 3]


def test_probe_reference_decompresses_and_the_metadata_controls_are_detected() -> None:
    """Host side of the H200 probe: a simulated instruction that reads the metadata by the spec's
    layouts agrees with the reference; one that reads it by a perturbed e layout, or from another
    selector's holders, does not (so the device run can detect both)."""
    from atomgen.check.families.sparse import admitted_selectors
    from atomgen.check.runner import model_file
    from atomgen.probe.cases import cases_from_paths
    from atomgen.probe.reference import simulate
    from atomgen.probe.sparse import sparse_mutations

    cases, problems = cases_from_paths([str(SHIPPED)])
    spec = model_file(SHIPPED, str(SHIPPED)).spec
    assert spec is not None
    # a case per row and sparsity selector it admits (selector-indexed metadata: 0..3 on the T = 1 rows)
    selectors = [(i.id, s) for i in spec.instances for s in admitted_selectors(spec, i)]
    assert not problems and [(c.instance_id, c.sparse.selector) for c in cases if c.sparse] == selectors
    assert len(selectors) > len(spec.instances) and {s for _, s in selectors} == {0, 1, 2, 3}
    # each run is its own case: one row at two selectors shared a name, hence one plan and one result
    assert len({c.slug for c in cases}) == len({c.key for c in cases}) == len(cases)
    assert all(c.family == "mma_sp" and not c.skip for c in cases)
    for case in cases:
        assert compare_plan(case, simulate(case, case.layouts)), case.key
        for mutated in sparse_mutations(case):
            assert not compare_plan(mutated, simulate(mutated, case.layouts)), (case.key, mutated.mutation)


def compare_plan(case, output: bytes) -> bool:  # type: ignore[no-untyped-def]
    from atomgen.probe.kernel import plan
    from atomgen.probe.reference import compare

    return compare(plan(case), output).passed


def test_confirmations_count_the_sparse_probe_run() -> None:
    """docs/probe-h200.json (the full H200 run) confirms every sm80.mma.sp row; SMFMAC rows
    are single-sourced with the AMD calculator's verdict."""
    from atomgen.site.confirmations import render

    text = render([str(SPECS)], SPECS.parent / "docs")
    section = text.split("## `sm80.mma.sp`", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| 16x8x")]
    assert len(rows) == len(spec_instances(SHIPPED)) and all(row.endswith("| H200 probe |") for row in rows)
    wgmma = text.split("## `sm90.wgmma.sp`", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in wgmma.splitlines() if line.startswith("| 64x")]
    assert len(rows) == len(spec_instances(SPECS / "nvvm/sm90/wgmma_sp.yaml"))
    assert all(row.endswith("| H200 probe |") for row in rows)
    single = text.split("## Single-sourced instances and their evidence", 1)[1]
    smfmac = [line for line in single.splitlines() if line.startswith("| cdna3.smfmac |")]
    assert len(smfmac) == len(spec_instances(SPECS / "rocdl/cdna3/smfmac.yaml"))
    assert all("AMD calculator: agrees" in line for line in smfmac)


WAVE64_IU4 = SPECS / "rocdl" / "gfx120x" / "swmmac_wave64_iu4.yaml"


def _check_rocdl(tmp_path: Path, text: str) -> list[tuple[str, int, int]]:
    folder = tmp_path / "specs" / "rocdl" / "gfx120x"
    folder.mkdir(parents=True)
    shutil.copy(SPECS / "rocdl" / "backend.yaml", tmp_path / "specs" / "rocdl" / "backend.yaml")
    path = folder / WAVE64_IU4.name
    path.write_text(text, encoding="utf-8")
    [result] = check_paths([str(path)], use_cache=False, prove=False)
    return [(d.rule, d.position.line, d.position.column) for d in result.diagnostics]


@pytest.mark.parametrize(("old", "new"), [
    # the copy in lanes 32-63 without its declaration: every index named twice
    ("replicated: {a: 2, e: 2}", "replicated: {a: 2}"),
    # declared four times, held twice
    ("replicated: {a: 2, e: 2}", "replicated: {a: 2, e: 4}"),
    # declared, but the upper half given other (off-tile) indices instead of a copy
    ('e: "((16, 2, 2), 8) : ((1, 128, 0), 16)"', 'e: "((16, 2, 2), 8) : ((1, 128, 256), 16)"'),
])
def test_replicated_metadata_is_held_as_declared(tmp_path: Path, old: str, new: str) -> None:
    """exceptions.replicated.e (wave64 v_swmmac_i32_16x16x32_iu4: indices read from lanes 0-31, a copy in 32-63):
    AG346 asks every index exactly that many times, at the `e` line."""
    text = WAVE64_IU4.read_text(encoding="utf-8")
    assert _check_rocdl(tmp_path / "clean", text) == []
    assert old in text
    mutated = text.replace(old, new, 1)
    line, column = _at(mutated, 'e: "((16, 2, 2), 8)')
    assert ("AG346", line, column + len("e: ")) in _check_rocdl(tmp_path / "mutant", mutated)
