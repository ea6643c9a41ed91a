"""sm100 tcgen05.mma with A in tensor memory (the .ts form, one CTA and a CTA pair), against CuTe's C++ traits.

A lives in the CTA's tensor memory at the TMEM address A holds: the spec says which lane and byte
holds each element (tensor_memory.a, cell_bits 8), CuTe's TS traits give the same as a fragment
in units of A's type (UMMA::tmem_frg_1sm<a_type, a_type, NonInterleaved>). CuTe's headers are
compiled on the host, once for the module; no GPU is involved (none of the lent ones is a Blackwell).
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from conftest import SPECS, require_cute_traits

from atomgen.check.runner import analyze_file, check_paths
from atomgen.layout.algebra import Layout, from_json, image, mode, size
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.oracle.cute import tmem as cute_tmem
from atomgen.oracle.cute.compare import compare_functions
from atomgen.spec.expr import parse_layout
from atomgen.spec.model import LayoutPiece
from atomgen.spec.tcgen05 import instruction_descriptor
from atomgen.spec.tensor_memory import TensorMemoryOperand, copy_offsets
from atomgen.spec.variables import piece_matches

REPO = Path(__file__).resolve().parent.parent
TS = REPO / "specs/nvvm/sm100/tcgen05_mma_ts.yaml"
# (m, n, a, b, c, transB): both M, the N extremes of each kind, every element width and accumulator, both B majors.
CASES = [(64, 8, "f16", "f16", "f32", False), (128, 256, "bf16", "bf16", "f32", False),
         (128, 64, "f16", "f16", "f16", True), (64, 256, "tf32", "tf32", "f32", True),
         (128, 16, "tf32", "tf32", "f32", False), (64, 8, "i8", "ui8", "i32", False),
         (128, 96, "ui8", "i8", "i32", True)]


def _op(m: int, n: int, a: str, b: str, c: str, tb: bool) -> str:
    return str(cute_cpp.op_name("umma", m, n, 0, a, b, c, trans=(False, tb), a_in_tmem=True))


@pytest.fixture(scope="module")
def traits() -> dict[str, Any]:
    require_cute_traits()
    answers = cute_cpp.traits([_op(*case) for case in CASES])
    assert not [op for op, answer in answers.items() if "error" in answer], answers
    return answers


@pytest.fixture(scope="module")
def ts() -> Any:
    result = analyze_file(TS, "specs/nvvm/sm100/tcgen05_mma_ts.yaml", prove=False)
    assert result.analysis is not None and not [d for d in result.diagnostics if d.severity == "error"]
    return result


def _evaluated(result: Any, m: int, n: int, a: str, b: str, c: str) -> Any:
    values = ("m", "n", "elemTyA", "elemTyB", "elemTyAcc")
    return next(e for e in result.analysis.evaluated if tuple(e.instance.values[v] for v in values) == (m, n, a, b, c))


def test_the_op_names_are_cutes_ts_ops() -> None:
    assert _op(128, 64, "f16", "f16", "f32", False) == \
        "SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,UMMA::Major::K,UMMA::Major::K>"
    assert _op(64, 8, "i8", "i8", "i32", True).startswith("SM100_MMA_S8_TS<")


def test_layouts_and_both_tmem_operands_agree_with_cute(traits: dict[str, Any], ts: Any) -> None:
    assert CASES
    for m, n, a, b, c, tb in CASES:
        op = _op(m, n, a, b, c, tb)
        record = cute_cpp.record(traits[op], op)
        assert set(record["tensor_memory"]) == {"a", "c"}, op
        evaluated = _evaluated(ts, m, n, a, b, c)
        for role in ("a", "b", "c"):
            theirs = record["layouts"][role]
            cute_layout = Layout(from_json(theirs["shape"]), from_json(theirs["stride"]))
            assert compare_functions(evaluated.operands[role].layout, cute_layout) is None, (op, role)
        assert cute_tmem.differences(ts.spec, evaluated, record) == [], op


def test_instruction_descriptor_is_cutes(traits: dict[str, Any]) -> None:
    """A in tensor memory is K-major: the descriptor is the .ss form's with transA false."""
    assert CASES
    for m, n, a, b, c, tb in CASES:
        assert traits[_op(m, n, a, b, c, tb)]["idesc"] == instruction_descriptor(m, n, a, b, c, False, tb)


def _with_a_piece(spec: Any, index: int, text: str) -> Any:
    operand = spec.tensor_memory["a"]
    old = operand.pieces[index]
    pieces = list(operand.pieces)
    pieces[index] = LayoutPiece(old.when, text, parse_layout(text), old.path)
    wrong = TensorMemoryOperand("a", tuple(pieces), operand.cell_bits, operand.columns, operand.path)
    return replace(spec, tensor_memory={**spec.tensor_memory, "a": wrong})


def test_an_m64_a_in_packed_lanes_is_found(traits: dict[str, Any], ts: Any) -> None:
    """M = 64 with A's rows in lanes 0..63: every byte distinct and in place for AG349, so the spec
    checks clean; the hardware puts rows 16 s.. in lanes 32 s.., and only CuTe can tell."""
    wrong = _with_a_piece(ts.spec, 0, "(1, (64, k)) : (0, (65536, 32 / k))")
    op = _op(64, 8, "f16", "f16", "f32", False)
    found = cute_tmem.differences(wrong, _evaluated(ts, 64, 8, "f16", "f16", "f32"), cute_cpp.record(traits[op], op))
    assert len(found) == 1 and found[0][0] == "a", found
    assert "element 16 (point 16): spec lane 16 cell 0, CuTe lane 32 cell 0" in found[0][1], found


def test_cutes_addresses_are_converted_to_the_specs_cells(traits: dict[str, Any], ts: Any) -> None:
    """CuTe counts an f16 A in 16-bit units (lane stride 131072); read as bytes without conversion,
    row 1 would be lane 2: the conversion is what makes A agree."""
    op = _op(128, 256, "bf16", "bf16", "f32", False)
    record = cute_cpp.record(traits[op], op)
    unconverted = {**record, "tensor_memory": {**record["tensor_memory"],
                                               "a": {k: v for k, v in record["tensor_memory"]["a"].items()
                                                     if k != "value_bits"}}}
    found = cute_tmem.differences(ts.spec, _evaluated(ts, 128, 256, "bf16", "bf16", "f32"), unconverted)
    assert [role for role, *_ in found] == ["a"], found
    assert "element 1 (point 1): spec lane 1 column 0, CuTe lane 2 column 0" in found[0][1], found


def test_a_ts_spec_keeping_the_ss_forms_trans_a_is_refused(tmp_path: Path) -> None:
    """The .ss spec turned into a .ts one (A in tensor memory, placed, its rows packing A's address) with
    transA left in: AG371 at the parameter, and nothing else."""
    folder = tmp_path / "nvvm"
    (folder / "sm100").mkdir(parents=True)
    shutil.copy(SPECS / "nvvm" / "backend.yaml", folder)
    text = (SPECS / "nvvm/sm100/tcgen05_mma.yaml").read_text(encoding="utf-8")
    edits = [
        ("operand_source: {a: shared_memory_descriptor,", "operand_source: {a: tensor_memory,"),
        ("tensor_memory:\n", "tensor_memory:\n  a:\n    cell_bits: 8\n    columns: 8\n    layout:\n"
         '      - {when: {m: 64}, layout: "(1, ((16, 4), k)) : (0, ((65536, 2097152), 32 / k))"}\n'
         '      - layout: "(1, (128, k)) : (0, (65536, 32 / k))"\n'),
    ]
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    text = text.replace("packed: {a: i64,", "packed: {a: i32,")
    (folder / "sm100" / "tcgen05_mma.yaml").write_text(text, encoding="utf-8")
    errors = [d for r in check_paths([str(folder)], use_cache=False, side_files=False) for d in r.diagnostics
              if d.severity == "error"]
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "name: transA" in row)
    assert [(d.rule, d.position.line) for d in errors] == [("AG371", line)], "\n".join(d.format() for d in errors)
    assert "drop the transA parameter" in errors[0].message


def test_the_generated_lowering_names_a_by_its_tmem_address() -> None:
    """The C++ loads A as an i32 and writes it [$1] with constraint r; the .ss atom keeps $1 and l."""
    ts_cpp = (REPO / "generated/lib/Dialect/FlyNVVM/SM100/MmaOpSM100_Tcgen05Ts.cpp").read_text(encoding="utf-8")
    ss_cpp = (REPO / "generated/lib/Dialect/FlyNVVM/SM100/MmaOpSM100_Tcgen05.cpp").read_text(encoding="utf-8")
    assert '" [$0], [$1], $2, $3, p;' in ts_cpp and '"r,r,l,r,r"' in ts_cpp
    assert "return {IntegerType::get(ctx, 32), IntegerType::get(ctx, 64), IntegerType::get(ctx, 32)};" in ts_cpp
    assert '" [$0], $1, $2, $3, p;' in ss_cpp and '"r,l,l,r,r"' in ss_cpp and "[$1]" not in ss_cpp
    checks = (REPO / "generated/tests/mlir/Conversion/atomgen/sm100_tcgen05_mma_ts.mlir").read_text(encoding="utf-8")
    asm = [line for line in checks.splitlines() if "llvm.inline_asm" in line]
    assert asm and all('[$0], [$1], $2, $3, p;{{.*}}", "r,r,l,r,r"' in line and "(i32, i32, i64, i32, i32)" in line
                       for line in asm), asm[:2]


def test_probe_skips_the_ts_form_and_says_why() -> None:
    from atomgen.probe.cases import NO_BLACKWELL, cases_from_paths

    cases, problems = cases_from_paths([str(TS), str(REPO / "specs/nvvm/sm100/tcgen05_mma_pair_ts.yaml")])
    assert not problems and len(cases) == 328 + 128
    assert {c.skip for c in cases} == {NO_BLACKWELL}


PAIR_TS = REPO / "specs/nvvm/sm100/tcgen05_mma_pair_ts.yaml"
# The CTA pair's .ts form, at M = 128 and 256: (n, a, b, c, transB)
PAIR_CASES = [(32, "f16", "f16", "f32", False), (256, "bf16", "bf16", "f32", True), (64, "tf32", "tf32", "f32", False),
              (96, "ui8", "i8", "i32", True)]


def _pair_op(m: int, n: int, a: str, b: str, c: str, tb: bool) -> str:
    return str(cute_cpp.op_name("umma", m, n, 0, a, b, c, trans=(False, tb), ctas=2, a_in_tmem=True))


@pytest.fixture(scope="module")
def pair_traits() -> dict[str, Any]:
    require_cute_traits()
    ops = [_pair_op(m, *case) for m in (128, 256) for case in PAIR_CASES]
    ops.append(_pair_op(128, 64, "f16", "f16", "f32", False))
    answers = cute_cpp.traits(ops)
    assert not [op for op, answer in answers.items() if "error" in answer], answers
    return answers


def test_the_pair_ts_form_agrees_with_cute_per_cta(pair_traits: dict[str, Any]) -> None:
    result = analyze_file(PAIR_TS, "specs/nvvm/sm100/tcgen05_mma_pair_ts.yaml", prove=False)
    assert result.analysis is not None and not [d for d in result.diagnostics if d.severity == "error"]
    assert PAIR_CASES
    for m, (n, a, b, c, tb) in ((m, case) for m in (128, 256) for case in PAIR_CASES):
        op = _pair_op(m, n, a, b, c, tb)
        assert op.startswith("SM100_MMA_") and "_2x1SM_TS<" in op, op
        record = cute_cpp.record(pair_traits[op], op)
        assert record["threads"] == result.spec.ctas == 2
        evaluated = _evaluated(result, m, n, a, b, c)
        for role in ("a", "b", "c"):
            theirs = record["layouts"][role]
            cute_layout = Layout(from_json(theirs["shape"]), from_json(theirs["stride"]))
            assert compare_functions(evaluated.operands[role].layout, cute_layout) is None, (op, role)
        assert cute_tmem.differences(result.spec, evaluated, record) == [], op
        assert pair_traits[op]["idesc"] == instruction_descriptor(m, n, a, b, c, False, tb), op


def test_the_pair_ts_form_at_m128_holds_a_twice_as_cute_does(pair_traits: dict[str, Any]) -> None:
    """CuTe's A fragment for the pair's M = 128 (TmemAllocMode::Duplicated) covers a CTA's 64 x K tile with
    twice its elements, each row again 64 lanes on; the spec says the same with tensor_memory.a.copies."""
    op = _pair_op(128, 64, "f16", "f16", "f32", False)
    record = cute_cpp.record(pair_traits[op], op)
    a_tile = record["layouts"]["a"]
    tile = Layout(from_json(a_tile["shape"]), from_json(a_tile["stride"]))
    fragment = record["tensor_memory"]["a"]
    cute_a = Layout(from_json(fragment["shape"]), from_json(fragment["stride"]))
    assert size(cute_a) == 2 * size(mode(tile, 1)) == 2 * 64 * 16
    assert sorted({address // (65536 * 2) for address in image(cute_a)}) == list(range(128))
    result = analyze_file(PAIR_TS, "specs/nvvm/sm100/tcgen05_mma_pair_ts.yaml", prove=False)
    evaluated = _evaluated(result, 128, 64, "f16", "f16", "f32")
    pieces = [p for p in result.spec.tensor_memory["a"].copies
              if piece_matches(p, evaluated.instance, evaluated.variables)]
    assert len(pieces) == 1 and copy_offsets(pieces[0], evaluated.variables) == [0, 64 * 65536]
    assert cute_tmem.differences(result.spec, evaluated, record) == []


def test_a_pair_ts_a_with_its_rows_permuted_is_found(pair_traits: dict[str, Any]) -> None:
    """Each CTA's 128 rows spread over its lanes in another order: AG349 accepts it (a permutation of
    lanes 0..127), and the per-CTA comparison, with A's addresses converted, does not."""
    result = analyze_file(PAIR_TS, "specs/nvvm/sm100/tcgen05_mma_pair_ts.yaml", prove=False)
    wrong = _with_a_piece(result.spec, 1, "(2, ((64, 2), k)) : (0, ((131072, 65536), 32 / k))")
    op = _pair_op(256, 32, "f16", "f16", "f32", False)
    found = cute_tmem.differences(wrong, _evaluated(result, 256, 32, "f16", "f16", "f32"),
                                  cute_cpp.record(pair_traits[op], op))
    assert [role for role, *_ in found] == ["a"], found
    assert "element 1 (point 1): spec lane 2 cell 0, CuTe lane 1 cell 0" in found[0][1], found


def _pair_ts_copy(tmp_path: Path, old: str, new: str) -> Path:
    folder = tmp_path / "nvvm"
    (folder / "sm100").mkdir(parents=True)
    shutil.copy(SPECS / "nvvm" / "backend.yaml", folder)
    text = PAIR_TS.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    (folder / "sm100" / PAIR_TS.name).write_text(text.replace(old, new), encoding="utf-8")
    return folder / "sm100" / PAIR_TS.name


def test_m128_without_its_copy_checks_clean_but_cute_finds_it(tmp_path: Path, pair_traits: dict[str, Any]) -> None:
    """The copies forgotten: 64 rows in lanes 0..63 are a valid placement (AG349 is content), but CuTe's
    fragment places each element twice, and the comparison counts addresses, not a prefix of them."""
    path = _pair_ts_copy(tmp_path, '    copies:\n      - {when: {m: 128}, layout: "2 : 4194304"}\n', "")
    result = analyze_file(path, str(path), prove=False)
    assert result.analysis is not None and not [d for d in result.diagnostics if d.severity == "error"]
    op = _pair_op(128, 64, "f16", "f16", "f32", False)
    found = cute_tmem.differences(result.spec, _evaluated(result, 128, 64, "f16", "f16", "f32"),
                                  cute_cpp.record(pair_traits[op], op))
    wanted = "CuTe's TMEM fragment places 2048 addresses for a tile of 1024 elements (2 each), the spec 1 each"
    assert [(role, message) for role, message, *_ in found] == [("a", wanted)], found
    with_copy = analyze_file(PAIR_TS, "specs/nvvm/sm100/tcgen05_mma_pair_ts.yaml", prove=False)
    assert cute_tmem.differences(with_copy.spec, _evaluated(with_copy, 128, 64, "f16", "f16", "f32"),
                                 cute_cpp.record(pair_traits[op], op)) == []
