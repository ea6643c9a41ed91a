"""sm100 tcgen05.mma over a CTA pair (cta_group::2, `exceptions.ctas: 2`), against CuTe's C++ traits.

The pair's atom has two threads, the two CTAs, as CuTe's SM100_MMA_*_2x1SM_SS traits have
(ThrID = Layout<_2>): each CTA holds half of A's and D's rows and half of B's columns, and its own
tensor memory holds its half of D. CuTe's headers are compiled on the host, once for the module; no
GPU is involved (none of the lent ones is a Blackwell).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import require_cute_traits

from atomgen.check.runner import analyze_file
from atomgen.layout.algebra import Layout, from_json
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.oracle.cute import tmem as cute_tmem
from atomgen.oracle.cute.compare import compare_functions
from atomgen.spec.expr import parse_layout
from atomgen.spec.model import LayoutPiece
from atomgen.spec.tcgen05 import instruction_descriptor
from atomgen.spec.tensor_memory import TensorMemoryOperand

REPO = Path(__file__).resolve().parent.parent
PAIR = REPO / "specs/nvvm/sm100/tcgen05_mma_pair.yaml"
# (m, n, a, b, c, transA, transB): both M, the N extremes of each kind, every accumulator, both majors.
CASES = [(128, 16, "f16", "f16", "f32", False, False), (256, 256, "bf16", "bf16", "f32", False, False),
         (128, 64, "f16", "f16", "f16", True, False), (256, 16, "tf32", "tf32", "f32", False, True),
         (128, 256, "tf32", "tf32", "f32", True, True), (128, 32, "i8", "ui8", "i32", False, False),
         (256, 96, "ui8", "i8", "i32", True, False)]


def _op(m: int, n: int, a: str, b: str, c: str, ta: bool, tb: bool) -> str:
    return str(cute_cpp.op_name("umma", m, n, 0, a, b, c, trans=(ta, tb), ctas=2))


@pytest.fixture(scope="module")
def traits() -> dict[str, Any]:
    require_cute_traits()
    answers = cute_cpp.traits([_op(*case) for case in CASES])
    assert not [op for op, answer in answers.items() if "error" in answer], answers
    return answers


@pytest.fixture(scope="module")
def pair() -> Any:
    result = analyze_file(PAIR, "specs/nvvm/sm100/tcgen05_mma_pair.yaml", prove=False)
    assert result.analysis is not None and not [d for d in result.diagnostics if d.severity == "error"]
    return result


def _evaluated(result: Any, m: int, n: int, a: str, b: str, c: str) -> Any:
    values = ("m", "n", "elemTyA", "elemTyB", "elemTyAcc")
    return next(e for e in result.analysis.evaluated if tuple(e.instance.values[v] for v in values) == (m, n, a, b, c))


def test_the_op_names_are_cutes_pair_ops() -> None:
    assert _op(256, 64, "f16", "f16", "f32", False, False) == \
        "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,64,UMMA::Major::K,UMMA::Major::K>"
    assert _op(128, 32, "i8", "i8", "i32", False, False).startswith("SM100_MMA_S8_2x1SM_SS<")


def test_layouts_threads_and_tmem_agree_with_cute(traits: dict[str, Any], pair: Any) -> None:
    assert CASES
    for m, n, a, b, c, ta, tb in CASES:
        op = _op(m, n, a, b, c, ta, tb)
        record = cute_cpp.record(traits[op], op)
        assert record["threads"] == pair.spec.threads == pair.spec.ctas == 2, op
        evaluated = _evaluated(pair, m, n, a, b, c)
        for role in ("a", "b", "c"):
            theirs = record["layouts"][role]
            cute_layout = Layout(from_json(theirs["shape"]), from_json(theirs["stride"]))
            assert compare_functions(evaluated.operands[role].layout, cute_layout) is None, (op, role)
        assert cute_tmem.differences(pair.spec, evaluated, record) == [], op


def test_instruction_descriptor_is_cutes(traits: dict[str, Any]) -> None:
    assert CASES
    for m, n, a, b, c, ta, tb in CASES:
        assert traits[_op(m, n, a, b, c, ta, tb)]["idesc"] == instruction_descriptor(m, n, a, b, c, ta, tb)


def test_a_tmem_layout_without_the_lane_split_is_found(traits: dict[str, Any], pair: Any) -> None:
    """M = 128: a CTA's columns n/2..n-1 in lanes 64..127. Swapping the split's strides keeps every cell
    distinct, so only CuTe can tell (AG349 sees the columns past n/2 here)."""
    spec = pair.spec
    operand = spec.tensor_memory["c"]
    wrong_text = "(2, (64, (n / 2, 2))) : (0, (65536, (4194304, 1)))"
    first = operand.pieces[0]
    pieces = (LayoutPiece(first.when, wrong_text, parse_layout(wrong_text), first.path), *operand.pieces[1:])
    wrong = replace(spec, tensor_memory={"c": TensorMemoryOperand("c", pieces, 32, operand.columns, operand.path)})
    op = _op(128, 16, "f16", "f16", "f32", False, False)
    evaluated = _evaluated(pair, 128, 16, "f16", "f16", "f32")
    found = cute_tmem.differences(wrong, evaluated, cute_cpp.record(traits[op], op))
    assert len(found) == 1 and "CuTe lane 0 column 1" in found[0][1], found


def test_the_whole_tile_per_cta_is_a_difference(traits: dict[str, Any], pair: Any) -> None:
    """Read by the pair's tile coordinates (as cta_group::1 is compared), a column of CTA 0 is M = 256
    elements on, where CuTe's fragment of one CTA's 128-row half has moved two columns: the per-CTA
    comparison is what makes the pair agree."""
    op = _op(256, 256, "bf16", "bf16", "f32", False, False)
    evaluated = _evaluated(pair, 256, 256, "bf16", "bf16", "f32")
    one_cta = replace(pair.spec, ctas=1)
    found = cute_tmem.differences(one_cta, evaluated, cute_cpp.record(traits[op], op))
    assert len(found) == 1 and "element 256 (point 128): spec lane 0 column 1, CuTe lane 0 column 2" in found[0][1]


def test_probe_skips_the_pair_and_says_why() -> None:
    from atomgen.probe.cases import NO_BLACKWELL, cases_from_paths

    cases, problems = cases_from_paths([str(PAIR)])
    assert not problems and len(cases) == 192
    assert {c.skip for c in cases} == {NO_BLACKWELL}
