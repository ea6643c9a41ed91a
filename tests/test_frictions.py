"""Issue 51's smaller frictions, each as a new user on a fresh clone met it: a typo in an
instance row, an unclosed quote, `check` of an empty folder, `show --lane` of a wgmma
instance, a scaffold without `python:`, the adoption guide's test folder, the ISA script's
default outputs, and the lit-keyword escaping of a long run of capitals."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atomgen.diagnostics import SpecError
from atomgen.render import escape
from atomgen.spec.loader import load_text
from atomgen.spec.validate import validate
from tests.conftest import MINIMAL_MMA, REPO, SpecTree, run_cli

MFMA = REPO / "specs/rocdl/cdna3/mfma.yaml"
WGMMA_SS = "specs/nvvm/sm90/wgmma_ss.yaml"


def _line_col(text: str, needle: str) -> tuple[int, int]:
    for number, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(needle)


# --- 1. a misspelt key inside an instance row ------------------------------------------------


def test_a_misspelt_instance_key_gets_a_did_you_mean_at_the_key() -> None:
    text = MFMA.read_text(encoding="utf-8").replace(
        "intrinsic: rocdl.mfma.f32.16x16x4f32", "instrinsic: rocdl.mfma.f32.16x16x4f32")
    found = validate(load_text(text, "mfma.yaml"))
    assert len(found) == 1, [d.message for d in found]
    finding = found[0]
    assert "unknown key 'instrinsic'; did you mean 'intrinsic'?" in finding.message, finding.message
    assert "16x16x4_f32_f32_f32" in finding.message  # the row, named as every other message names it
    assert (finding.position.line, finding.position.column) == _line_col(text, "instrinsic:")
    assert any("'intrinsic' is required here" in note for note in finding.notes), finding.notes


def test_a_misspelt_nested_key_whose_value_the_row_rejects_gets_a_did_you_mean() -> None:
    """`packd: {...}` in a row: the row takes any parameter name with a scalar, so jsonschema calls
    the mapping the wrong type; the finding names the key and the one it is near."""
    text = MFMA.read_text(encoding="utf-8").replace("packed: {a: f32, b: f32, c: vector<16xf32>}",
                                                   "packd: {a: f32, b: f32, c: vector<16xf32>}", 1)
    found = validate(load_text(text, "mfma.yaml"))
    messages = [d.message for d in found]
    assert any("unknown key 'packd'; did you mean 'packed'?" in m for m in messages), messages
    finding = next(d for d in found if "packd" in d.message)
    assert (finding.position.line, finding.position.column) == _line_col(text, "packd:")


def test_a_top_level_typo_still_gets_its_suggestion() -> None:
    found = validate(load_text(MINIMAL_MMA.replace("threads: 64", "thread: 64"), "x.yaml"))
    assert any("unknown key 'thread'; did you mean 'threads'?" in d.message for d in found)


# --- 2. an unclosed quote --------------------------------------------------------------------


def test_an_unclosed_quote_is_reported_at_its_opening_quote() -> None:
    text = MINIMAL_MMA.replace('b: "((16, 4), 4) : ((1, 64), 16)"', 'b: "((16, 4), 4) : ((1, 64), 16)')
    with pytest.raises(SpecError) as raised:
        load_text(text, "x.yaml")
    (finding,) = raised.value.diagnostics
    line, column = _line_col(text, 'b: "((16')
    assert (finding.position.line, finding.position.column) == (line, column + 3), finding
    assert "quoted string" in finding.message and "not closed" in finding.message, finding.message
    assert "not a key of the mapping" not in finding.message


def test_an_unclosed_single_quote_too(spec_tree: SpecTree) -> None:
    text = MINIMAL_MMA.replace("summary", "x").replace('thr: "64:1"', "thr: '64:1")
    path = spec_tree.write(text)
    result = run_cli("check", str(path))
    line, column = _line_col(text, "thr: '64")
    assert f"x.yaml:{line}:{column + 5}: error[AG001]" in result.stdout, result.output
    assert "not closed" in result.stdout and "Traceback" not in result.output


# --- 3. `check` of an empty folder, and what it counts ---------------------------------------


def test_check_of_an_empty_folder_says_so_once(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path))
    assert result.returncode == 2, result.output
    assert "0 spec(s)" not in result.output, result.output
    assert result.stderr.count("\n") == 1 and "no spec files found" in result.stderr, result.output


def test_check_counts_atoms_and_backend_files_apart(minimal_mma: Path, spec_tree: SpecTree) -> None:
    result = run_cli("check", str(spec_tree.specs))
    assert result.returncode in (0, 1) and "Traceback" not in result.output, result.output
    assert re.search(r"atomgen check: 1 spec\(s\), 1 backend file\(s\), \d+ error\(s\)", result.stderr), result.output


# --- 4. `show --lane` of a descriptor operand, `--format grid` of many instances -------------


def test_lane_of_a_wgmma_instance_prints_only_what_the_lane_holds() -> None:
    result = run_cli("show", WGMMA_SS, "--instance", "64x8x16_f16_f16_f32", "--lane", "5")
    assert result.returncode == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) < 20, result.stdout
    rows = [line for line in lines if re.match(r"^[ABC]\s+\d+\s", line)]
    assert rows and all(line.startswith("C") for line in rows), result.stdout  # C's 4 values, in registers
    assert len(rows) == 4
    note = next(line for line in lines if "elided" in line)
    assert "1152" in note and "A" in note and "B" in note, note  # 1024 values of A, 128 of B


def test_lane_with_value_keeps_the_row_it_asks_for() -> None:
    result = run_cli("show", WGMMA_SS, "--instance", "64x8x16_f16_f16_f32", "--lane", "5", "--value", "3")
    assert result.returncode == 0, result.output
    assert re.search(r"^A\s+3\s+-", result.stdout, re.M), result.stdout


def test_grid_of_a_spec_with_many_instances_asks_for_one() -> None:
    result = run_cli("show", WGMMA_SS, "--format", "grid")
    assert result.returncode == 2, result.output[:2000]
    assert len(result.output.splitlines()) < 15, result.output[:2000]
    assert "--instance" in result.stderr and "64x8x16_f16_f16_f32" in result.stderr, result.stderr


def test_grid_of_a_spec_with_one_instance_draws_it(minimal_mma: Path) -> None:
    result = run_cli("show", str(minimal_mma), "--format", "grid")
    assert "T0V0" in result.stdout and "--instance" not in result.stderr, result.output


# --- 6. the scaffold's python: section ---------------------------------------------------------


@pytest.mark.parametrize("what", ["mma", "copy"])
def test_new_writes_a_python_section_that_check_asks_to_fill(what: str, spec_tree: SpecTree) -> None:
    made = run_cli("new", what, "--subtarget", "cdna3", "--name", "fresh", "--specs", str(spec_tree.specs))
    assert made.returncode == 0, made.output
    path = spec_tree.folder / "fresh.yaml"
    text = path.read_text(encoding="utf-8")
    assert re.search(r"^python:\n(  #.*\n)?  binding_class: \w+\n  dsl_module: TODO", text, re.M), text
    checked = run_cli("check", str(path))
    line, column = _line_col(text, "dsl_module: TODO")
    assert f"fresh.yaml:{line}:{column + len('dsl_module: ')}: error[AG010]" in checked.stdout, checked.output
    line, column = _line_col(text, "- name: TODO")
    assert f"fresh.yaml:{line}:{column + len('- name: ')}: error[AG010]" in checked.stdout, checked.output


# --- 7. the adoption guide's test folder in codegen mode ------------------------------------


def test_adoption_guide_names_the_folder_codegen_mode_writes_the_tests_to() -> None:
    guide = (REPO / "docs/adopt-flydsl.md").read_text(encoding="utf-8")
    section = guide.split("## 3. Build and test", 1)[1].split("\n## ", 1)[0]
    # codegen mode (section 1) writes the tests into the build folder (OUTPUT_DIR of atomgen_generate),
    # the checkout has them only when it commits the generated files (1b)
    flat = " ".join(section.split())
    assert "--param atomgen_tests=<build>/atomgen/tests/mlir" in flat, section
    assert flat.count("<checkout>/tests/mlir") == 2, section  # only where the checkout commits them:
    assert "commits the generated files (1b.) has them at `<checkout>/tests/mlir/Conversion/atomgen/`" in flat


# --- 8. scripts/rocdl-isa.py's default outputs -------------------------------------------------


def _rocdl_isa() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rocdl_isa_script", REPO / "scripts/rocdl-isa.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rocdl_isa_writes_the_committed_evidence_only_when_asked() -> None:
    script = _rocdl_isa()
    evidence = REPO / "docs/evidence"
    for argv in ([], ["--fly-opt", "/x/fly-opt"]):
        ir, report = script.outputs(script.parser().parse_args(argv))
        assert evidence not in report.parents, (argv, report)
        if argv:
            assert evidence not in ir.parents, (argv, ir)  # lowering writes IR: not into the evidence
    ir, _ = script.outputs(script.parser().parse_args([]))
    assert ir == evidence / "rocdl-isa"  # without --fly-opt the committed IR is only read
    ir, report = script.outputs(script.parser().parse_args(["--fly-opt", "/x/fly-opt", "--update-evidence"]))
    assert (ir, report) == (evidence / "rocdl-isa", evidence / "rocdl-isa.md")
    assert "--update-evidence" in script.parser().format_help()


# --- 9. the lit-keyword escaping is linear -------------------------------------------------------

# The regex escape.py used before: a reference for what the rewriting must produce.
_OLD_LIT_TEXT = re.compile(
    r"(?P<word>[A-Z][A-Z0-9_-]*(?:\{LITERAL\})?)(?P<colon>:)"
    r"|(?P<end>END)(?P<dot>\.)"
    r"|(?P<expected>expected)(?P<dash>-)(?=(?:error|note|remark|warning))"
    r"|(?P<split>----)(?P<fifth>-)"
    r"|(?P<at>@)(?P<second>@)"
)
_OLD_IN_PATTERN = re.compile(r"(?P<co>CO)(?P<m>M)|(?P<ru>RU)(?P<n>N)|" + _OLD_LIT_TEXT.pattern)


def _old(text: str, broken: Any, spots: re.Pattern[str]) -> str:
    def one(match: Any) -> str:
        groups = [g for g in match.groups() if g is not None]
        return str(broken(groups[0], groups[1]))

    return spots.sub(one, text)


def _old_mlir_comment(value: str) -> str:
    return _old(escape.cpp_comment(value), lambda before, char: f"{before} {char}", _OLD_LIT_TEXT)


def _old_filecheck_literal(value: str) -> str:
    text = escape._one_line(value)
    out, cursor = [], 0
    for match in re.finditer(r"\{\{|\[\[", text):
        out.append(_old(text[cursor:match.start()], escape._regex_char, _OLD_IN_PATTERN))
        out.append("{{" + re.escape(match.group()) + "}}")
        cursor = match.end()
    out.append(_old(text[cursor:], escape._regex_char, _OLD_IN_PATTERN))
    return "".join(out)


CRAFTED = [
    "", "A", ":", "RUN: x", "xRUN: y", "CHECK-NEXT: z", "CHECK{LITERAL}: a", "CHECK{LITERAL}:", "CHECK{LITERAL}",
    "END.", "THE END. ", "ENDX.", "expected-error {{x}}", "expected-errors", "expected-", "-----", "------ ---- -",
    "@@@", "@@NEXT@@", "COM: RUN: REG: x", "COMMON: RU", "RUNS", "A-B_C9: d", "9A:", "a:B:", "AB{LITERAL:",
    "ABC{LITERAL}{LITERAL}:", "CO", "COMM", "RURUN:", "[[x]] {{y}} RUN:", "{{RUN:}}", "ALLOW_RETRIES: 3",
    "X" * 300 + ":", "X" * 300 + "." + "Y" * 300 + ":", "END" * 100 + ".", "CO" * 200 + "M", "RU" * 200 + "N:",
    "-" * 301, "@" * 301, ("AB" * 50 + " ") * 10 + "CD:", "E-" * 200 + ":", "expected" * 50 + "-note",
]


@pytest.mark.parametrize("text", CRAFTED)
def test_escaping_is_what_the_regex_made_of_it(text: str) -> None:
    assert escape.mlir_comment(text) == _old_mlir_comment(text)
    assert escape.filecheck_literal(text) == _old_filecheck_literal(text)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="ACEDLMNORTUIX9_-:.{}@ []expctdoirn", max_size=60))
def test_escaping_is_what_the_regex_made_of_any_text(text: str) -> None:
    assert escape.mlir_comment(text) == _old_mlir_comment(text)
    assert escape.filecheck_literal(text) == _old_filecheck_literal(text)


def test_escaping_reads_each_character_a_bounded_number_of_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a clock: the scanner finds how far a run of capitals goes only through
    `escape._run_end`, and looks at a fixed number of characters at each position otherwise. A run
    of n capitals without a colon is scanned O(n) characters in all (the regex scanned O(n^2))."""
    scanned = [0]
    real = escape._run_end

    def counted(text: str, start: int) -> int:
        end = real(text, start)
        scanned[0] += end - start
        return end

    monkeypatch.setattr(escape, "_run_end", counted)
    for text in ("A" * 200_000, "RU" * 100_000, "AB-" * 70_000 + ".", ("X" * 999 + " ") * 200, "CO" * 100_000):
        for function in (escape.mlir_comment, escape.filecheck_literal):
            scanned[0] = 0
            out = function(text)
            assert scanned[0] <= 2 * len(text), (function.__name__, len(text), scanned[0])
            assert out.replace("{{", "").replace("}}", "").replace(" ", "") == text.replace(" ", "")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-p", "no:xdist", "-q"]))
