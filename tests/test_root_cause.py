"""Issue 22, point 1: diagnostics that blame the field that is wrong, with its consequences as notes
under it; schema findings that do not hide the rules' independent ones; did-you-mean at every
depth; coverage findings that name the (thr, val) pairs and the (row, col); YAML errors as plain
sentences at the character to fix; an instance named by its id everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import MINIMAL_MMA, REPO, SpecTree, run_cli

from atomgen.check.runner import check_paths
from atomgen.diagnostics import Diagnostic

MFMA = (REPO / "specs" / "rocdl" / "cdna3" / "mfma.yaml").read_text(encoding="utf-8")
BF16_ROW = "elemTyA: bf16, elemTyB: bf16, elemTyAcc: f32, intrinsic: rocdl.mfma.f32.16x16x16bf16.1k"
OCP_NOTE = "OCP E4M3 operands: gfx950 interprets fp8 as OCP E4M3FN (gfx942 as E4M3FNUZ)."
BROKEN_A = 'a: "((m, G), KPT) : ((1, 0), m)"'  # every G group of lanes holds the same A elements


def _check(path: Path) -> list[Diagnostic]:
    [result] = check_paths([str(path)], use_cache=False, prove=False)
    return result.diagnostics


def _mfma(spec_tree: SpecTree, old: str, new: str, count: int = 1) -> Path:
    assert MFMA.count(old) >= count, old
    return spec_tree.write(MFMA.replace(old, new, count), "mfma.yaml")


def _line(path: Path, needle: str) -> int:
    return next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in text)


def _errors(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity == "error"]


# --------------------------------------------------------------------------- root cause first
def test_a_wrong_thread_count_is_one_error_at_threads(spec_tree: SpecTree) -> None:
    """`threads: 32` on a 64-lane MFMA: one error at `threads:`, the four layouts as its notes (it was
    four AG311 errors on the layout lines and none on the line that is wrong)."""
    path = _mfma(spec_tree, "threads: 64", "threads: 32")
    errors = _errors(_check(path))
    assert [(d.rule, d.position.line) for d in errors] == [("AG311", _line(path, "threads: 32"))], errors
    [error] = errors
    assert "threads: 64" in error.message, error.message
    for layout, needle in (("the thread layout", 'thr: "64:1"'), ("layout 'a'", "  a: "), ("layout 'b'", "  b: "),
                           ("layout 'c'", "  c: ")):
        assert any(note.startswith(f"{layout} ({_line(path, needle)}:") for note in error.notes), error.notes


def test_layouts_that_disagree_among_themselves_are_each_reported(spec_tree: SpecTree) -> None:
    """Only one layout is wrong: the finding stays on it, `threads:` is right."""
    path = _mfma(spec_tree, 'thr: "64:1"', 'thr: "32:1"')
    errors = [d for d in _errors(_check(path)) if d.rule == "AG311"]
    assert [d.position.line for d in errors] == [_line(path, 'thr: "32:1"')], errors


def test_an_unknown_type_is_the_finding_and_its_consequences_are_notes(spec_tree: SpecTree) -> None:
    """`elemTyAcc: f23`: AG332 with a did-you-mean from the element types atomgen knows; the
    catalogue's 'takes f32, not f23' and the packing's 'holds f32' are notes under it."""
    path = _mfma(spec_tree, "elemTyAcc: f32", "elemTyAcc: f23")
    errors = _errors(_check(path))
    assert [d.rule for d in errors] == ["AG332"], errors
    assert "did you mean 'f32'?" in errors[0].message
    assert {re.search(r"\[(AG\d+)\]", n).group(1) for n in errors[0].notes} == {"AG352", "AG331"}  # type: ignore[union-attr]


def test_the_wrong_intrinsic_of_a_row_is_one_finding_with_the_right_one(spec_tree: SpecTree) -> None:
    """A bf16 row with the f16 intrinsic: one AG352 at `intrinsic` pointing at the catalogue's
    intrinsic of the row's shape and types; the element, packing and instruction findings are its notes."""
    path = _mfma(spec_tree, BF16_ROW, BF16_ROW.replace("rocdl.mfma.f32.16x16x16bf16.1k", "rocdl.mfma.f32.16x16x16f16"))
    errors = _errors(_check(path))
    assert [d.rule for d in errors] == ["AG352"], errors
    [error] = errors
    line = _line(path, "elemTyA: bf16, elemTyB: bf16, elemTyAcc: f32, intrinsic: rocdl.mfma.f32.16x16x16f16")
    assert error.position.line == line
    assert path.read_text().splitlines()[line - 1][error.position.column - 1:].startswith("rocdl.mfma.f32.16x16x16f16")
    assert "did you mean 'rocdl.mfma.f32.16x16x16bf16.1k'?" in error.message, error.message
    assert len(error.notes) >= 4 and any("A elements f16, not bf16" in n for n in error.notes), error.notes


def test_the_intrinsic_hint_alone_when_the_row_has_other_faults(spec_tree: SpecTree) -> None:
    """The row's packing is the f16 one too: the element finding points at the bf16 intrinsic, and
    nothing is folded (the other intrinsic does not take the row as written)."""
    row = "elemTyA: f16, elemTyB: f16, elemTyAcc: f32, intrinsic: rocdl.mfma.f32.16x16x16f16"
    path = _mfma(spec_tree, row, row.replace("f16, elemTyB: f16", "bf16, elemTyB: bf16"))
    errors = [d for d in _errors(_check(path)) if d.rule == "AG352"]
    assert any("did you mean 'rocdl.mfma.f32.16x16x16bf16.1k'?" in d.message for d in errors), errors


# --------------------------------------------------------------------------- schema and rules
def test_a_misspelled_required_key_is_one_finding_at_the_key(spec_tree: SpecTree) -> None:
    path = _mfma(spec_tree, "assembly_format:", "assembly_fromat:")
    errors = _errors(_check(path))
    assert len(errors) == 1, errors
    [error] = errors
    assert error.position.line == _line(path, "assembly_fromat:")
    assert "did you mean 'assembly_format'?" in error.message
    assert any("'assembly_format' is required" in note for note in error.notes), error.notes


def test_a_missing_required_key_with_no_near_key_is_still_reported(spec_tree: SpecTree) -> None:
    path = _mfma(spec_tree, "mnemonic: cdna3.mfma\n", "")
    assert any("'mnemonic' is a required property" in d.message for d in _check(path))


def test_a_schema_error_in_notes_does_not_hide_a_layout_rule(spec_tree: SpecTree) -> None:
    """Free text (notes, an instance's notes) and unknown keys rejected by the schema are set aside;
    the rules run on the rest and find the AG321 in layout a."""
    text = MFMA.replace('a: "((m, G), KPT) : ((1, m*KPT), m)"', BROKEN_A)
    text = text.replace("notes:\n", "notes:\n  - 12\n", 1)
    text = text.replace(f'notes: "{OCP_NOTE}"', 'notes: ["OCP"]', 1)
    text = text.replace("summary:", "sumary:")
    path = spec_tree.write(text, "mfma.yaml")
    found = _check(path)
    schema = [d for d in found if d.rule == "AG101"]
    assert len(schema) == 3, found  # notes[0], the instance's notes, the unknown key `sumary`
    assert any(d.rule == "AG321" and d.position.line == _line(path, BROKEN_A) for d in found), found


def test_a_spec_with_schema_errors_is_never_rendered_nor_shown(spec_tree: SpecTree, tmp_path: Path) -> None:
    path = spec_tree.write(MFMA.replace("notes:\n", "notes:\n  - 12\n", 1), "mfma.yaml")
    [result] = check_paths([str(path)], use_cache=False, prove=False, keep_models=True)
    assert result.spec is None and result.analysis is None
    out = tmp_path / "out"
    generated = run_cli("gen", str(path), "--out", str(out))
    assert generated.returncode == 1 and not out.exists(), generated.output
    shown = run_cli("show", str(path))
    assert shown.returncode == 1 and "AG101" in shown.stderr, shown.output


def test_a_schema_error_in_a_field_the_model_reads_still_stops_the_rules(spec_tree: SpecTree) -> None:
    path = _mfma(spec_tree, "threads: 64", "threads: many")
    assert {d.rule for d in _errors(_check(path))} == {"AG101"}


# --------------------------------------------------------------------------- did-you-mean at every depth
@pytest.mark.parametrize(
    ("old", "new", "rule", "hint"),
    [
        ("instruction: v_mfma_f32_32x32x2_f32", "instruciton: v_mfma_f32_32x32x2_f32", "AG353", "instruction"),
        ("kind: mma", "kind: mmma", "AG101", "mma"),
        ("pattern: mfma", "pattern: mfmaa", "AG101", "mfma"),
        ("elemTyAcc: f32", "elemTyAcc: f23", "AG332", "f32"),
        ("c: vector<16xf32>}", "c: vector<16xf23>}", "AG332", "vector<16xf32>"),
    ],
    ids=["instance-key", "kind", "nested-enum", "element-type", "packed-type"],
)
def test_did_you_mean_at_every_depth(spec_tree: SpecTree, old: str, new: str, rule: str, hint: str) -> None:
    path = _mfma(spec_tree, old, new)
    found = [d for d in _check(path) if d.rule == rule]
    assert any(f"did you mean '{hint}'?" in d.message for d in found), found


# --------------------------------------------------------------------------- coverage names pairs and (row, col)
def test_not_injective_names_the_pairs_and_the_element(spec_tree: SpecTree) -> None:
    path = spec_tree.write(MINIMAL_MMA.replace('a: "((16, 4), 4) : ((1, 64), 16)"',
                                               'a: "((16, 4), 4) : ((1, 64), 0)"'))
    [error] = [d for d in _check(path) if d.rule == "AG321"]
    # thread t holds A[t % 16][4 * (t // 16) + v]... with the K stride 0, every v of a thread is the same element
    assert "(row, col) = (0, 0)" in error.message, error.message
    assert "(thr=0, val=0), (thr=0, val=1)" in error.message, error.message


def test_over_replication_names_the_pairs_and_the_element(spec_tree: SpecTree) -> None:
    text = MINIMAL_MMA.replace('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : ((1, 0), 16)"')
    path = spec_tree.write(text + "exceptions:\n  replicated: {a: 2}\n")
    [error] = [d for d in _check(path) if d.rule == "AG323"]
    assert "(row, col) = (0, 0)" in error.message, error.message
    assert "(thr=0, val=0), (thr=16, val=0), (thr=32, val=0), (thr=48, val=0)" in error.message, error.message


# --------------------------------------------------------------------------- YAML errors
def test_an_unclosed_brace_is_reported_at_its_opener(spec_tree: SpecTree) -> None:
    path = _mfma(spec_tree, "  - {name: m, cpp_type: int32_t}", "  - {name: m, cpp_type: int32_t")
    [error] = _check(path)
    line = _line(path, "  - {name: m, cpp_type: int32_t")
    assert (error.rule, error.position.line, error.position.column) == ("AG001", line, 5), error
    assert f"unclosed '{{' opened at {line}:5" in error.message, error.message
    assert any(f"while parsing a flow mapping at {line}:5" in note for note in error.notes), error.notes


def test_a_tab_in_the_indentation_says_so(spec_tree: SpecTree) -> None:
    path = _mfma(spec_tree, '  thr: "64:1"', '\tthr: "64:1"')
    [error] = _check(path)
    assert (error.rule, error.position.line, error.position.column) == ("AG001", _line(path, '\tthr:'), 1)
    assert "a tab cannot indent YAML; use spaces" in error.message, error.message


# --------------------------------------------------------------------------- one naming of an instance
@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("instruction: v_mfma_f32_32x32x2_f32", "instruciton: v_mfma_f32_32x32x2_f32",
         "instance 32x32x2_f32_f32_f32: 'instruciton'"),
        (f'notes: "{OCP_NOTE}"', 'notes: ["OCP"]', "instance 16x16x32_f8E4M3FN_f8E4M3FN_f32: notes"),
        ("{m: 16, n: 16, k: 4, elemTyA: f32,", "{n: 16, k: 4, elemTyA: f32,",
         "instance 16_4_f32_f32_f32 gives no value"),
    ],
    ids=["unknown-instance-key", "schema-error-in-a-row", "missing-key"],
)
def test_every_message_names_an_instance_by_its_id(spec_tree: SpecTree, old: str, new: str, expected: str) -> None:
    messages = [d.message for d in _check(_mfma(spec_tree, old, new))]
    assert any(m.startswith(expected) for m in messages), messages
    assert not [m for m in messages if re.search(r"instance \d+\b|instances\[\d+\]", m)], messages
