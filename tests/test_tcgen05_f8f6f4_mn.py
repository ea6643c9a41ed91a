"""MN-major fp8 rows of dense tcgen05.mma kind::f8f6f4 (specs/nvvm/sm100/tcgen05_mma_f8f6f4_mn.yaml).

MN-major is an idesc bit the descriptor takes for e4m3 / e5m2 only, and with B MN-major CuTe's
MMA_Traits<SM100_MMA_F8F6F4_SS> takes N a multiple of 16. So this spec's formats are the two fp8 ones, its
transA / transB are free, and its N steps by 16; AG379 refuses a free major beside an fp6 / fp4 value and beside
a kind::f8f6f4 row with N % 16. CuTe's headers are compiled on the host; no GPU.
"""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import require_cute_traits

from atomgen.check.runner import analyze_file, check_paths
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.oracle.cute.compare import descriptor_difference
from atomgen.spec import tcgen05

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
GENERATED = REPO / "generated"
SPEC = "nvvm/sm100/tcgen05_mma_f8f6f4_mn.yaml"
FP8 = ("f8E4M3FN", "f8E5M2")
MAJORS = list(itertools.product((False, True), repeat=2))


def _atom() -> Any:
    atom = analyze_file(SPECS / SPEC, SPEC)
    assert atom is not None and not [d for d in atom.diagnostics if d.severity == "error"]
    return atom


def test_formats_and_majors_are_parameters() -> None:
    spec = _atom().spec
    assert len(spec.instances) == 64  # M 64 / 128 x N 16..256 step 16 x f16 / f32: 1,024 configurations
    for name, values in (("elemTyA", FP8), ("elemTyB", FP8), ("transA", (False, True)), ("transB", (False, True))):
        parameter = spec.parameter(name)
        assert parameter is not None and parameter.is_free and tuple(parameter.free_values) == values, name
    assert {int(i.values["n"]) % 16 for i in spec.instances} == {0}


@pytest.fixture(scope="module")
def traits() -> dict[str, Any]:
    require_cute_traits()
    ops = {(a, b, m, trans): str(cute_cpp.op_name("umma", m, 16, 32, a, b, "f32", trans=trans))
           for a, b in itertools.product(FP8, FP8) for m in (64, 128) for trans in MAJORS}
    answers = cute_cpp.traits(sorted(set(ops.values())))
    assert not [op for op, answer in answers.items() if "error" in answer], answers
    return {key: answers[op] for key, op in ops.items()}


def test_every_format_and_major_is_cutes_idesc(traits: dict[str, Any]) -> None:
    """CuTe's InstrDescriptor of SM100_MMA_F8F6F4_SS with each (A, B, A major, B major) at both M is atomgen's."""
    for (a, b, m, (ta, tb)), answer in traits.items():
        assert answer["idesc"] == tcgen05.instruction_descriptor(m, 16, a, b, "f32", ta, tb), (a, b, m, ta, tb)
    assert len(traits) == 32


def test_a_swapped_major_is_found_by_the_oracles_comparison(traits: dict[str, Any]) -> None:
    """The oracle's per-value comparison (audit._format_jobs -> descriptor_difference) tells the majors apart: an
    emission that set a_major for transB would differ from CuTe."""
    spec = _atom().spec
    values = {**spec.instances[0].values, "m": 128, "n": 16, "elemTyA": FP8[0], "elemTyB": FP8[1]}
    text = spec.instances[0].instruction
    theirs = traits[(FP8[0], FP8[1], 128, (False, True))]["idesc"]
    assert descriptor_difference(spec, {**values, "transA": False, "transB": True}, text, theirs) is None
    assert descriptor_difference(spec, {**values, "transA": True, "transB": False}, text, theirs) is not None


def test_cute_refuses_b_mn_major_at_n_24() -> None:
    """The N % 16 constraint is CuTe's: its static_assert fails for B MN-major at N = 24 (K-major compiles)."""
    require_cute_traits()
    assert cute_cpp.op_name("umma", 128, 24, 32, FP8[0], FP8[0], "f32", trans=(False, True)) is None
    name = str(cute_cpp.op_name("umma", 128, 24, 32, FP8[0], FP8[0], "f32"))
    assert "error" not in cute_cpp.traits([name])[name]
    forced = name.replace("UMMA::Major::K>", "UMMA::Major::MN>")
    assert "error" in cute_cpp.traits([forced]).get(forced, {"error": "no answer"})


def test_generated_tests_lower_each_major_with_its_idesc() -> None:
    atom = _atom()
    first = atom.spec.instances[0]
    m, n, c = int(first.values["m"]), int(first.values["n"]), str(first.values["elemTyAcc"])
    stem = re.sub(r"[^A-Za-z0-9_]", "_", atom.spec.mnemonic)
    positive = (GENERATED / f"tests/mlir/Conversion/atomgen/{stem}.mlir").read_text(encoding="utf-8")
    for suffix, (ta, tb) in (("_transA", (True, False)), ("_transB", (False, True))):
        block = positive.split(f"func.func @{stem}_{first.id}{suffix}(")[1].split("CHECK-LABEL")[0]
        ours = tcgen05.instruction_descriptor(m, n, FP8[0], FP8[0], c, ta, tb)
        assert f"llvm.mlir.constant({ours} : i32)" in block
        assert f"trans = ({str(ta).lower()}, {str(tb).lower()})" in block
    cpp = (GENERATED / "lib/Dialect/FlyNVVM/SM100/MmaOpSM100_Tcgen05F8f6f4Mn.cpp").read_text(encoding="utf-8")
    verify = cpp.split("::verify(")[1].split("matchInstance(m")[0]
    assert "Float6E2M3FNType" not in verify and "Float4E2M1FNType" not in verify
    assert "isa<Float8E5M2Type>(elemTyA)" in verify and "isa<Float8E5M2Type>(elemTyB)" in verify


# (text, edited, the snippet of the line AG379 is reported at, words of its message)
MISTAKES = [
    # an fp4 value beside a free transA: the descriptor takes fp4 K-major only
    ("free: {values: [f8E4M3FN, f8E5M2]}, doc: \"A's", "free: {values: [f8E4M3FN, f8E5M2, f4E2M1FN]}, doc: \"A's",
     "name: transA", "K-major only"),
    # N = 24 beside a free transB: B MN-major takes N a multiple of 16
    ("m: 128, k: 32, elemTyAcc: f16", "m: 128, k: 32, elemTyAcc: f16, n: 24", "elemTyAcc: f16, n: 24",
     "N a multiple of 16"),
]


@pytest.mark.parametrize("old, new, line_snippet, words", MISTAKES, ids=["fp4-beside-transA", "n24-beside-transB"])
def test_an_mn_major_mistake_is_rejected_at_its_line(tmp_path: Path, old: str, new: str, line_snippet: str,
                                                     words: str) -> None:
    path = tmp_path / SPEC
    path.parent.mkdir(parents=True)
    shutil.copy(SPECS / "nvvm" / "backend.yaml", tmp_path / "nvvm")
    text = (SPECS / SPEC).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    edited = text.replace(old, new, 1)
    if "n: 24" in new:  # the row's own N list goes; one row at N = 24
        edited = re.sub(r"\{expand: \{n: \[[0-9, ]*\]\}, (m: 128, k: 32, elemTyAcc: f16, n: 24)", r"{\1", edited)
    path.write_text(edited, encoding="utf-8")
    line = next(n for n, row in enumerate(edited.splitlines(), 1) if line_snippet in row)
    results = check_paths([str(tmp_path / "nvvm")], use_cache=False, side_files=False)
    errors = [d for r in results for d in r.diagnostics if d.severity == "error"]
    assert [d for d in errors if d.rule == "AG379" and d.position.line == line and words in d.message], \
        "\n".join(d.format() for d in errors)
    assert {d.rule for d in errors} == {"AG379"}, "\n".join(d.format() for d in errors)
