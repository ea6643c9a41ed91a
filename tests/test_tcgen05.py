"""sm100 tcgen05.mma and the sm70 m8n8k4 operand orders, against CuTe's C++ traits on the host.

CuTe's headers (nvidia-cutlass) are compiled with the host C++ compiler, once for the module:
the tcgen05 TMEM fragments and instruction descriptors, and the sm70 TN/NT/NN/TT layouts. No
GPU is involved; no Blackwell GPU is lent here, so the probe must skip tcgen05 and say why.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import require_cute_traits, spec_instances

from atomgen.check.runner import analyze_file
from atomgen.layout.algebra import Layout, from_json
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.oracle.cute import tmem as cute_tmem
from atomgen.oracle.cute.compare import compare_functions
from atomgen.probe.cases import NO_BLACKWELL, cases_from_paths
from atomgen.spec.model import LayoutPiece
from atomgen.spec.tcgen05 import instruction_descriptor
from atomgen.spec.tensor_memory import TensorMemoryOperand

REPO = Path(__file__).resolve().parent.parent
TCGEN05 = REPO / "specs/nvvm/sm100/tcgen05_mma.yaml"
SM70 = REPO / "specs/nvvm/sm70/mma_sync.yaml"
# (m, n, a, b, c, transA, transB): both M, the N extremes, every kind and accumulator, both majors,
# signed and unsigned 8-bit operands.
UMMA_CASES = [(64, 8, "f16", "f16", "f32", False, False), (64, 256, "bf16", "bf16", "f32", False, False),
              (128, 24, "f16", "f16", "f16", True, False), (128, 256, "tf32", "tf32", "f32", False, True),
              (128, 112, "f16", "f16", "f32", True, True), (64, 8, "i8", "ui8", "i32", False, False),
              (128, 48, "ui8", "i8", "i32", True, False)]
SM70_ORDERS = [(False, False), (True, True), (True, False), (False, True)]


def _ops() -> dict[str, Any]:
    names = [cute_cpp.op_name("umma", m, n, 0, a, b, c, trans=(ta, tb)) for m, n, a, b, c, ta, tb in UMMA_CASES]
    names += [cute_cpp.op_name("quad_pair", 8, 8, 4, "f16", "f16", c, trans=t) for t in SM70_ORDERS
              for c in ("f16", "f32")]
    return {str(n): None for n in names}


@pytest.fixture(scope="module")
def traits() -> dict[str, Any]:
    require_cute_traits()
    answers = cute_cpp.traits(list(_ops()))
    assert not [op for op, answer in answers.items() if "error" in answer], answers
    return answers


@pytest.fixture(scope="module")
def tcgen05() -> Any:
    result = analyze_file(TCGEN05, "specs/nvvm/sm100/tcgen05_mma.yaml", prove=False)
    assert result.analysis is not None and not [d for d in result.diagnostics if d.severity == "error"]
    return result


def test_instruction_descriptor_is_cutes(traits: dict[str, Any]) -> None:
    assert UMMA_CASES
    for m, n, a, b, c, ta, tb in UMMA_CASES:
        op = cute_cpp.op_name("umma", m, n, 0, a, b, c, trans=(ta, tb))
        ours = instruction_descriptor(m, n, a, b, c, ta, tb)
        assert traits[str(op)]["idesc"] == ours, (op, hex(ours))


def _evaluated(result: Any, m: int, n: int, a: str, b: str, c: str) -> Any:
    values = ("m", "n", "elemTyA", "elemTyB", "elemTyAcc")
    return next(e for e in result.analysis.evaluated if tuple(e.instance.values[v] for v in values) == (m, n, a, b, c))


def test_spec_layouts_and_tmem_agree_with_cute(traits: dict[str, Any], tcgen05: Any) -> None:
    spec = tcgen05.spec
    assert UMMA_CASES
    for m, n, a, b, c, ta, tb in UMMA_CASES:
        op = str(cute_cpp.op_name("umma", m, n, 0, a, b, c, trans=(ta, tb)))
        record = cute_cpp.record(traits[op], op)
        evaluated = _evaluated(tcgen05, m, n, a, b, c)
        for role in ("a", "b", "c"):
            theirs = record["layouts"][role]
            assert compare_functions(evaluated.operands[role].layout,
                                     Layout(from_json(theirs["shape"]), from_json(theirs["stride"]))) is None
        assert cute_tmem.differences(spec, evaluated, record) == [], op


def test_a_perturbed_tmem_layout_is_found(traits: dict[str, Any], tcgen05: Any) -> None:
    """M = 64 rows 16..31 in lanes 16..31 instead of 32..47: AG349 cannot tell, CuTe can."""
    spec = tcgen05.spec
    operand = spec.tensor_memory["c"]
    wrong_text = "(1, ((16, 4), n)) : (0, ((65536, 1048576), 1))"
    from atomgen.spec.expr import parse_layout

    pieces = (LayoutPiece(operand.pieces[0].when, wrong_text, parse_layout(wrong_text), operand.pieces[0].path),
              *operand.pieces[1:])
    wrong = replace(spec, tensor_memory={"c": TensorMemoryOperand("c", pieces, 32, operand.columns, operand.path)})
    op = str(cute_cpp.op_name("umma", 64, 8, 0, "f16", "f16", "f32"))
    evaluated = _evaluated(tcgen05, 64, 8, "f16", "f16", "f32")
    found = cute_tmem.differences(wrong, evaluated, cute_cpp.record(traits[op], op))
    assert len(found) == 1 and "spec lane 16 column 0, CuTe lane 32 column 0" in found[0][1]


def test_sm70_operand_orders_are_cutes(traits: dict[str, Any]) -> None:
    result = analyze_file(SM70, "specs/nvvm/sm70/mma_sync.yaml", prove=False)
    assert result.analysis is not None and len(result.analysis.evaluated) == len(spec_instances(SM70))
    for evaluated in result.analysis.evaluated:
        values = evaluated.instance.values
        trans = (values["transA"] is True, values["transB"] is True)
        op = str(cute_cpp.op_name("quad_pair", 8, 8, 4, "f16", "f16", str(values["elemTyAcc"]), trans=trans))
        order = evaluated.instance.instruction.split(".")[4:6]
        assert order == [("col" if trans[0] else "row"), ("row" if trans[1] else "col")]
        record = cute_cpp.record(traits[op], op)
        for role in ("a", "b", "c"):
            theirs = record["layouts"][role]
            assert compare_functions(evaluated.operands[role].layout,
                                     Layout(from_json(theirs["shape"]), from_json(theirs["stride"]))) is None, \
                (op, role)


def test_probe_skips_tcgen05_and_says_why() -> None:
    cases, problems = cases_from_paths([str(TCGEN05)])
    assert not problems and len(cases) == len(spec_instances(TCGEN05))
    assert {c.skip for c in cases} == {NO_BLACKWELL} and "sm_100a" in NO_BLACKWELL


@pytest.mark.parametrize(("old", "new", "message"), [
    ("pattern: tcgen05_mma", "pattern: wgmma_rs", "only the emission pattern 'tcgen05_mma' lowers tensor memory"),
    ("packed: {a: i64, b: i64, c: i32}}", "packed: {a: i64, b: i64, c: i64}}", "takes packed {a: i64, b: i64, c: i32}"),
    ('instruction: "tcgen05.mma.cta_group::1.kind::tf32"', 'instruction: "tcgen05.mma.cta_group::1.kind::f16"',
     "tf32 rows must name one instruction"),
    ("elemTyA: bf16, elemTyB: bf16", "elemTyA: f8E4M3FN, elemTyB: f8E4M3FN", "has no tcgen05 instruction-descriptor"),
])
def test_ag371_refuses_what_the_lowering_cannot_build(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = TCGEN05.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "nvvm" / "sm100" / "tcgen05_mma.yaml"
    bad.parent.mkdir(parents=True)
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    (tmp_path / "nvvm" / "backend.yaml").write_text((REPO / "specs/nvvm/backend.yaml").read_text(encoding="utf-8"))
    result = analyze_file(bad, "tcgen05_mma.yaml", prove=False)
    found = [d for d in result.diagnostics if d.rule == "AG371"]
    assert any(message in d.message for d in found), [d.message for d in result.diagnostics][:5]
