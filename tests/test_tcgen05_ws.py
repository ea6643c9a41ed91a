"""Weight-stationary tcgen05.mma (.ws, issue 52.2): specs/nvvm/sm100/tcgen05_mma_ws.yaml (kinds f16, tf32, i8)
and tcgen05_mma_ws_f8f6f4.yaml (kind::f8f6f4, A's and B's formats as descriptor parameters).

CuTe has no .ws MMA op (nvidia-cutlass 4.2; its public repository at 4.7 neither): what it has, the
weight-stationary accumulator fragment UMMA::tmem_frg_ws_1sm and UMMA::make_instr_desc, is compared by
`atomgen oracle cute` and here (CuTe's headers compiled with the host compiler; no GPU). Each deliberate mistake
is a one-line edit of a shipped spec, rejected with its rule at its line.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import require_cute_traits

from atomgen.check.runner import analyze_file, check_paths
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.spec import tcgen05

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
WS = "nvvm/sm100/tcgen05_mma_ws.yaml"
WS_F8F6F4 = "nvvm/sm100/tcgen05_mma_ws_f8f6f4.yaml"
FORMATS = ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN")


def _edited(tmp_path: Path, spec: str, old: str, new: str) -> tuple[Path, int]:
    """The spec with `old` replaced by `new` in a copy of the tree, and the line of the edit."""
    path = tmp_path / spec
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(SPECS / "nvvm" / "backend.yaml", tmp_path / "nvvm")
    text = (SPECS / spec).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, text[: text.index(old)].count("\n") + 1


def _errors(tmp_path: Path) -> list[Any]:
    results = check_paths([str(tmp_path / "nvvm")], use_cache=False, side_files=False)
    return [d for r in results for d in r.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("spec, instances", [(WS, 72), (WS_F8F6F4, 18)])
def test_shipped_specs_are_clean(spec: str, instances: int) -> None:
    atom = analyze_file(SPECS / spec, spec)
    assert [d.format() for d in atom.diagnostics if d.severity == "error"] == []
    assert atom.spec is not None and len(atom.spec.instances) == instances


# (spec, text, edited, rule, words of its message): each reported at the edited line
MISTAKES = [
    # N = 32 is no .ws shape (N 64, 128, 256): ptxas takes any idesc, the tensor core does not
    (WS, "{expand: {n: [64, 128, 256]}, m: 32, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32",
     "{expand: {n: [32, 64, 128, 256]}, m: 32, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32",
     "AG380", "not M = 32, N = 32"),
    # the CTA pair has no .ws form
    (WS, '"tcgen05.mma.ws.cta_group::1.kind::tf32", packed: {a: i64, b: i64, c: i32}}\n  - {expand: {n: [64, 128, '
     '256]}, m: 64, k: 8',
     '"tcgen05.mma.ws.cta_group::2.kind::tf32", packed: {a: i64, b: i64, c: i32}}\n  - {expand: {n: [64, 128, '
     '256]}, m: 64, k: 8', "AG380", "cta_group::1 only"),
    # a format kind::f8f6f4 does not take among A's values
    (WS_F8F6F4, "free: {values: [f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN]}, doc: \"A's",
     "free: {values: [f8E4M3FN, f8E5M2, i8, f6E3M2FN, f4E2M1FN]}, doc: \"A's", "AG379", "no A format i8"),
    # M = 64's second half of N written past the 128 lanes
    (WS, '{when: {m: 64}, layout: "(1, (64, (n / 2, 2))) : (0, (65536, (1, 4194304)))"}',
     '{when: {m: 64}, layout: "(1, (64, (n / 2, 2))) : (0, (65536, (1, 8388608)))"}', "AG349", ""),
]


@pytest.mark.parametrize("spec, old, new, rule, words", MISTAKES, ids=[m[3] + f"-{i}" for i, m in enumerate(MISTAKES)])
def test_a_mistake_is_rejected_at_its_line(tmp_path: Path, spec: str, old: str, new: str, rule: str,
                                           words: str) -> None:
    _, line = _edited(tmp_path, spec, old, new)
    errors = _errors(tmp_path)
    assert any(d.rule == rule and d.position.line == line and words in d.message for d in errors), \
        "\n".join(d.format() for d in errors)


@pytest.mark.campaign  # the whole spec and a mutant through CuTe's C++ traits (7 s)
def test_the_oracle_compares_ws_with_cutes_fragment(tmp_path: Path) -> None:
    """`atomgen oracle cute`: every row's accumulator placement and idesc are CuTe's; M = 64 with the two halves
    of N interleaved column by column (a bijection onto the same lanes and columns, so check takes it) is a
    finding of CuTe's tmem_frg_ws."""
    from atomgen.oracle.cute import audit as cute
    from atomgen.oracle.cute import client

    old = '{when: {m: 64}, layout: "(1, (64, (n / 2, 2))) : (0, (65536, (1, 4194304)))"}'
    _edited(tmp_path, WS, old, old.replace("(n / 2, 2))) : (0, (65536, (1, 4194304)))",
                                           "(2, n / 2))) : (0, (65536, (4194304, 1)))"))
    assert _errors(tmp_path) == []
    try:
        report = cute.audit([str(SPECS / WS), str(SPECS / WS_F8F6F4), str(tmp_path / WS)], sys.executable,
                            cute.DEFAULT_ARCH, cute.DEFAULT_TIMEOUT)
    except client.OracleError as error:
        pytest.skip(str(error))
    by_path = {r.path: r for r in report.specs}
    mutant = next(r for path, r in by_path.items() if str(tmp_path) in path)
    shipped = [r for path, r in by_path.items() if str(tmp_path) not in path]
    assert [(r.compared, r.findings) for r in shipped] == [(72, []), (18, [])]
    assert mutant.compared == 72
    wrong = {f.configuration for f in mutant.findings if f.operand == "tmem_c" and not f.declared}
    assert wrong and all(name.startswith("64x") for name in wrong) and len(wrong) == 8 * 3


def test_every_format_pair_is_cutes_in_the_idesc() -> None:
    """kind::f8f6f4 .ws: the idesc of every (A, B) format pair, for each M, is UMMA::make_instr_desc's."""
    require_cute_traits()
    cases = [(m, a, b) for m in (32, 64, 128) for a in FORMATS for b in FORMATS]
    ops = {case: str(cute_cpp.op_name("umma", case[0], 64, 32, case[1], case[2], "f32", ws=True)) for case in cases}
    answers = cute_cpp.traits(list(ops.values()))
    assert len(ops) == 3 * len(FORMATS) ** 2 > 0
    for (m, a, b), op in ops.items():
        assert answers[op]["idesc"] == tcgen05.instruction_descriptor(m, 64, a, b, "f32"), (m, a, b)


def test_the_oracle_compares_every_format_pairs_descriptor() -> None:
    """`atomgen oracle cute` asks CuTe about the first row once per other (A, B) format pair and compares each
    idesc; CuTe's answer for e2m3 read as e3m2 (codes 3 and 4 swapped) would be a difference."""
    from atomgen.oracle.cute import audit as cute
    from atomgen.oracle.cute import client
    from atomgen.oracle.cute.compare import descriptor_difference

    try:
        report = cute.audit([str(SPECS / WS_F8F6F4)], sys.executable, cute.DEFAULT_ARCH, cute.DEFAULT_TIMEOUT)
    except client.OracleError as error:
        pytest.skip(str(error))
    (spec_report,) = report.specs
    assert spec_report.findings == [] and spec_report.descriptor_values == len(FORMATS) ** 2 - 1
    atom = analyze_file(SPECS / WS_F8F6F4, WS_F8F6F4)
    first = atom.spec.instances[0]
    op = str(cute_cpp.op_name("umma", first.values["m"], first.values["n"], 32, "f6E2M3FN", "f8E4M3FN",
                              str(first.values["elemTyAcc"]), ws=True))
    theirs = cute_cpp.traits([op])[op]["idesc"]
    right = {**first.values, "elemTyA": "f6E2M3FN", "elemTyB": "f8E4M3FN"}
    assert descriptor_difference(atom.spec, right, first.instruction, theirs) is None
    assert "instruction descriptor" in str(descriptor_difference(atom.spec, {**right, "elemTyA": "f6E3M2FN"},
                                                                 first.instruction, theirs))
