"""Format parameters (rule AG379): tcgen05.mma kind::f8f6f4 and kind::mxf8f6f4 carry A's and B's formats in
the instruction descriptor, so their specs declare elemTyA / elemTyB once as free types with the five formats
as values, not as columns of the instance table. Each value is checked once against the idesc encoding
(AG379) and here against CuTe's UMMA::InstrDescriptor; the generated C++ encodes the atom's types at run
time and the generated tests lower each value once. CuTe's headers are compiled on the host; no GPU.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import require_cute_traits

from atomgen.check.runner import analyze_file, check_paths
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.spec import tcgen05

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
GENERATED = REPO / "generated"
DENSE = "nvvm/sm100/tcgen05_mma_f8f6f4.yaml"
SCALED = "nvvm/sm100/tcgen05_mma_mxf8f6f4.yaml"
FORMATS = ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN")


def _atom(spec: str) -> Any:
    atom = analyze_file(SPECS / spec, spec)
    assert atom is not None and not [d for d in atom.diagnostics if d.severity == "error"]
    return atom


def _idesc(spec: str, a: str, b: str, m: int, n: int, c: str) -> int | None:
    if spec == SCALED:
        return tcgen05.block_scaled_descriptor("mxf8f6f4", m, n, a, b, "f8E8M0FNU")
    return tcgen05.instruction_descriptor(m, n, a, b, c)


def _op(spec: str, a: str, b: str, m: int, n: int, c: str) -> str:
    scale = ("mxf8f6f4", 32, "f8E8M0FNU") if spec == SCALED else None
    return str(cute_cpp.op_name("umma", m, n, 32, a, b, c, scale=scale))


@pytest.mark.parametrize("spec, instances", [(DENSE, 128), (SCALED, 32)])
def test_formats_are_parameters_not_rows(spec: str, instances: int) -> None:
    atom = _atom(spec)
    assert len(atom.spec.instances) == instances  # 25 format pairs each, not multiplied in
    for name in ("elemTyA", "elemTyB"):
        parameter = atom.spec.parameter(name)
        assert parameter is not None and parameter.is_free and parameter.free_values == FORMATS
        assert parameter not in atom.spec.key_parameters


@pytest.fixture(scope="module")
def traits() -> dict[str, Any]:
    require_cute_traits()
    pairs = tcgen05.format_pairs(FORMATS, FORMATS)
    ops = [_op(spec, a, b, 128, 8, "f32") for spec in (DENSE, SCALED) for a, b in pairs]
    answers = cute_cpp.traits(ops)
    assert not [op for op, answer in answers.items() if "error" in answer], answers
    return answers


@pytest.mark.parametrize("spec", [DENSE, SCALED])
def test_each_format_is_cutes_in_the_idesc_and_in_the_generated_test(spec: str, traits: dict[str, Any]) -> None:
    """Every value of each format parameter once: CuTe's InstrDescriptor (make_instr_desc /
    make_instr_desc_block_scaled) is atomgen's, and the generated FileCheck test lowers that value with it."""
    atom = _atom(spec)
    first = atom.spec.instances[0]
    m, n, c = int(first.values["m"]), int(first.values["n"]), str(first.values["elemTyAcc"])
    stem = atom.spec.mnemonic.replace(".", "_")
    positive = (GENERATED / f"tests/mlir/Conversion/atomgen/{stem}.mlir").read_text(encoding="utf-8")
    pairs = tcgen05.format_pairs(FORMATS, FORMATS)
    assert len(pairs) == 9 and {a for a, _ in pairs} == {b for _, b in pairs} == set(FORMATS)
    for a, b in pairs:
        ours = _idesc(spec, a, b, m, n, c)
        if (m, n, c) == (128, 8, "f32"):
            assert traits[_op(spec, a, b, m, n, c)]["idesc"] == ours, (a, b)
        name = f"{first.id}" + ("" if (a, b) == (FORMATS[0], FORMATS[0]) else f"_{a}_{b}")
        block = positive.split(f"func.func @{re.sub(r'[^A-Za-z0-9_]', '_', atom.spec.mnemonic)}_{name}(")[1]
        assert f"llvm.mlir.constant({ours} : i32)" in block.split("CHECK-LABEL")[0], (a, b)
        assert f"({a}, {b}) -> f32" in block.split("CHECK-LABEL")[0], (a, b)


def test_a_swapped_format_code_is_found_by_cute(traits: dict[str, Any]) -> None:
    """A code table with e2m3 and e3m2 swapped (what an author copying CuTe's enum could get wrong) is
    consistent to AG379 but not to CuTe: the comparison above would fail."""
    swapped = dict(tcgen05.DENSE_KINDS["f8f6f4"][0], f6E2M3FN=4, f6E3M2FN=3)
    cute = traits[_op(DENSE, "f6E2M3FN", FORMATS[0], 128, 8, "f32")]["idesc"]
    assert (cute >> 7) & 7 == tcgen05.AB_FORMAT["f6E2M3FN"] != swapped["f6E2M3FN"]


def test_generated_cpp_encodes_every_format_and_verify_admits_exactly_them() -> None:
    cpp = (GENERATED / "lib/Dialect/FlyNVVM/SM100/MmaOpSM100_Tcgen05F8f6f4.cpp").read_text(encoding="utf-8")
    switch = cpp.split("uint32_t getUmmaABFormat(Type type) {")[1].split("}\n")[0]
    codes = {"Float8E4M3FN": 0, "Float8E5M2": 1, "Float6E2M3FN": 3, "Float6E3M2FN": 4, "Float4E2M1FN": 5}
    for type_name, code in codes.items():
        assert f"isa<{type_name}Type>(type))\n    return {code}u;" in switch
    verify = cpp.split("::verify(")[1].split("matchInstance(m")[0]
    for type_name in codes:
        assert f"isa<{type_name}Type>(elemTyA)" in verify and f"isa<{type_name}Type>(elemTyB)" in verify
    assert "getUmmaABFormat(getElemTyA())" in cpp and "getUmmaABFormat(getElemTyB())" in cpp


# (spec, text, edited, the snippet of the line AG379 is reported at, words of its message)
MISTAKES = [
    # a format the kind does not take, among the values
    (DENSE, "free: {values: [f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN]}, doc: \"A's",
     "free: {values: [f8E4M3FN, f8E5M2, bf16, f6E3M2FN, f4E2M1FN]}, doc: \"A's", "bf16, f6E3M2FN", "no A format bf16"),
    (SCALED, "free: {values: [f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN]}, doc: \"B's",
     "free: {values: [f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, tf32]}, doc: \"B's", "tf32]", "no B format tf32"),
    # a layout that depends on a format's width (proved for the default format only)
    (DENSE, 'a: "(1, (m, k)) : (0, (1, m))"', 'a: "(1, (m, k)) : (0, (1, m * 8 / elemTyA_bits))"',
     "elemTyA_bits", "elemTyA_bits in a layout"),
    # MN-major offered where the format may be fp6 or fp4
    (DENSE, '  - {name: elemTyAcc, cpp_type: Type, python: elem_ty_acc}',
     '  - {name: elemTyAcc, cpp_type: Type, python: elem_ty_acc}\n'
     '  - {name: transA, cpp_type: bool, python: trans_a, default: false, free: {values: [false, true]}}',
     "name: transA", "K-major only"),
]


@pytest.mark.parametrize("spec, old, new, line_snippet, words", MISTAKES,
                         ids=[f"AG379-{i}" for i in range(len(MISTAKES))])
def test_a_format_mistake_is_rejected_at_its_line(tmp_path: Path, spec: str, old: str, new: str, line_snippet: str,
                                                  words: str) -> None:
    path = tmp_path / spec
    path.parent.mkdir(parents=True)
    shutil.copy(SPECS / "nvvm" / "backend.yaml", tmp_path / "nvvm")
    text = (SPECS / spec).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    edited = text.replace(old, new, 1)
    path.write_text(edited, encoding="utf-8")
    line = next(n for n, row in enumerate(edited.splitlines(), 1) if line_snippet in row)
    column = edited.splitlines()[line - 1].index(line_snippet.split(",")[0].split("]")[0]) + 1
    results = check_paths([str(tmp_path / "nvvm")], use_cache=False, side_files=False)
    errors = [d for r in results for d in r.diagnostics if d.severity == "error"]
    found = [d for d in errors if d.rule == "AG379" and d.position.line == line and words in d.message]
    assert found, "\n".join(d.format() for d in errors)
    if "format " in words:  # a value is reported at the value itself
        assert found[0].position.column == column, found[0].format()
    # the added transA is also outside the assembly format and FlyDSL's wrapper (AG391, AG385)
    assert {d.rule for d in errors} <= {"AG379", "AG385", "AG391"}, "\n".join(d.format() for d in errors)


def test_a_free_type_where_no_descriptor_carries_it_is_rejected(tmp_path: Path) -> None:
    """An MFMA spec whose A type is made free would let verify() admit every listed type while the lowering
    emits the row's one intrinsic: AG379 at the parameter."""
    spec = "rocdl/cdna3/mfma.yaml"
    path = tmp_path / spec
    path.parent.mkdir(parents=True)
    shutil.copy(SPECS / "rocdl" / "backend.yaml", tmp_path / "rocdl")
    text = (SPECS / spec).read_text(encoding="utf-8")
    old = re.search(r"- \{name: elemTyA, cpp_type: Type[^}]*\}", text)
    assert old is not None
    new = old.group(0)[:-1] + ", free: {values: [f16, bf16]}}"
    edited = text.replace(old.group(0), new, 1)
    path.write_text(edited, encoding="utf-8")
    line = next(n for n, row in enumerate(edited.splitlines(), 1) if new in row)
    results = check_paths([str(tmp_path / "rocdl")], use_cache=False, side_files=False)
    found = [d for r in results for d in r.diagnostics if d.rule == "AG379"]
    assert [d.position.line for d in found] == [line], "\n".join(d.format() for d in found)
    assert "only 'tcgen05_mma' turns a type into descriptor bits" in found[0].message
