"""One smallest failing spec per check rule, asserting the rule id and file:line:col.

Each case is a textual mutation of a minimal clean spec (tests/conftest.py): replace one
snippet, check the file, and expect `path:line:col: error[AGnnn]` in the output. Adding a
rule to atomgen/check/rules.py without a case here fails `test_every_rule_has_a_case`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import pytest
from conftest import MINIMAL, MINIMAL_COPY, MINIMAL_MMA, SpecTree, run_cli

from atomgen.check.rules import RULES
from atomgen.check.runner import check_paths
from atomgen.diagnostics import Diagnostic

THIRD_LAYOUT = 'b: "((16, 4), 4) : ((1, 64), 16)"'
INSTANCE = MINIMAL_MMA.splitlines()[-1]
COPY_INSTANCE = "  - {bitSize: 32, intrinsic: rocdl.raw.ptr.buffer.load, packed: {value: i32}}"
STATE = "  - {name: soffset, enum_case: Soffset, llvm_type: i32, default: 0}"


@dataclass(frozen=True)
class Case:
    """Replace `old` by `new` in the base spec; expect `rule` at line:column."""

    rule: str
    name: str
    old: str
    new: str
    line: int
    column: int
    base: str = "mma"
    severity: str = "error"
    also: frozenset[str] = field(default_factory=frozenset)  # other rules the mutation may fire
    text: Optional[Callable[[str], str]] = None  # a whole-text mutation instead of old -> new

    def spec_text(self) -> str:
        base = MINIMAL[self.base]
        if self.text is not None:
            return self.text(base)
        assert base.count(self.old) >= 1, f"{self.old!r} is not in the {self.base} base spec"
        return base.replace(self.old, self.new, 1)


def _empty(_: str) -> str:
    return ""


def _huge(base: str) -> str:
    return base + "# " + "x" * (1 << 20) + "\n"


def _many_nodes(base: str) -> str:
    return base + "tests: {n: [" + ",".join(["0"] * 200_001) + "]}\n"


CASES: tuple[Case, ...] = (
    # --- loading ---------------------------------------------------------------------------
    Case("AG001", "unclosed-bracket", "threads: 64\n", "threads: [64\n", 10, 1),
    Case("AG001", "bad-indent", "  thr: \"64:1\"\n", "  thr: \"64:1\"\n bad: 1\n", 22, 2),
    Case("AG002", "sequence-alias", "traits: []\n", "", 0, 0,
         text=lambda t: t.replace("stateful: false\n", "stateful: false\ntraits: &t []\nnotes: *t\n")),
    Case("AG003", "over-1-MiB", "", "", 1, 1, text=_huge),
    Case("AG003", "too-many-nodes", "", "", 1, 1, text=_many_nodes),
    Case("AG004", "duplicate-key", "threads: 64\n", "threads: 64\nthreads: 32\n", 10, 1),
    Case("AG005", "empty-file", "", "", 1, 1, text=_empty),
    Case("AG005", "non-string-key", "threads: 64\n", "threads: 64\n1: 2\n", 10, 1),
    Case("AG010", "todo", "intrinsic: rocdl.mfma.f32.16x16x16f16", "intrinsic: TODO", 26, 77),
    # --- schema and backend ---------------------------------------------------------------
    Case("AG101", "bad-enum", "kind: mma", "kind: matmul", 2, 7),
    Case("AG101", "unknown-key", "threads: 64\n", "threads: 64\nthread_count: 64\n", 10, 1),
    Case("AG101", "quoted-identifier", "cpp_class: MmaOpTestType",
         "cpp_class: \"Foo*/ int x; /*Type\"", 6, 12),
    # --- expressions ----------------------------------------------------------------------
    Case("AG201", "python-call", 'G: "64 / m"', "G: \"__import__('os')\"", 20, 7),
    Case("AG201", "power", 'G: "64 / m"', 'G: "2 ** 6"', 20, 10),
    Case("AG202", "misspelt-name", 'a: "((16, 4), 4)', 'a: "((mm, 4), 4)', 23, 9),
    Case("AG203", "inexact", 'G: "64 / m"', 'G: "64 / 3"', 20, 10),
    Case("AG203", "division-by-zero", 'G: "64 / m"', 'G: "64 / (m - 16)"', 20, 10),
    # --- layout structure -----------------------------------------------------------------
    Case("AG301", "rank-3", 'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "(16, 4, 4) : (1, 64, 16)"', 23, 6),
    Case("AG301", "missing-operand", '  c: "((16, 4), 4) : ((16, 4), 1)"\n', "", 22, 3),
    Case("AG302", "zero-mode", 'a: "((16, 4), 4)', 'a: "((16, 0), 4)', 23, 6),
    Case("AG302", "negative-stride", 'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : ((1, 64), -16)"', 23, 6),
    Case("AG303", "congruence", 'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : (1, 16)"', 23, 24),
    Case("AG304", "no-colon", 'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) ((1, 64), 16)"', 23, 23),
    # --- per-instance layouts -------------------------------------------------------------
    Case("AG311", "thread-count", 'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 2), 8) : ((1, 128), 16)"', 23, 6,
         also=frozenset({"AG331"})),
    Case("AG311", "thr-layout", 'thr: "64:1"', 'thr: "32:1"', 22, 8),
    Case("AG321", "not-injective", 'c: "((16, 4), 4) : ((16, 4), 1)"', 'c: "((16, 4), 4) : ((16, 4), 0)"', 25, 6),
    Case("AG322", "not-surjective", 'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : ((1, 32), 16)"', 23, 6),
    Case("AG322", "outside-tile", 'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : ((1, 64), 17)"', 23, 6),
    Case("AG323", "undeclared-replication", "layouts:\n", "exceptions: {replicated: {a: 2}}\nlayouts:\n", 20, 1),
    Case("AG331", "packing", 'a: "vector<4xf16>"', 'a: "vector<2xf16>"', 26, 132,
         also=frozenset({"AG352"})),
    Case("AG332", "unknown-element-type", "elemTyA: f16,", "elemTyA: f17,", 26, 37),
    Case("AG332", "unknown-packed-type", 'c: "vector<4xf32>"', 'c: "vector<4xf33>"', 26, 174),
    # --- copies ---------------------------------------------------------------------------
    Case("AG341", "recast-width", "packed: {value: i32}}", "packed: {value: i32}, val_bits: [64]}", 19, 88,
         base="copy"),
    Case("AG341", "transposing-mma", "layouts:\n", "exceptions: {transposing: true}\nlayouts:\n", 20, 13),
    Case("AG342", "transpose-without-val-bits", "layouts:\n", "exceptions: {transposing: true}\nlayouts:\n", 20, 5,
         base="copy"),
    # --- instance table -------------------------------------------------------------------
    Case("AG351", "duplicate-row", INSTANCE, INSTANCE + "\n" + INSTANCE, 27, 5),
    Case("AG352", "catalog-packed", "intrinsic: rocdl.mfma.f32.16x16x16f16",
         "intrinsic: rocdl.mfma.f32.16x16x16bf16.1k", 26, 132),
    Case("AG353", "missing-key", " k: 16,", "", 26, 5),
    Case("AG353", "unknown-key", "elemTyAcc: f32,", "elemTyAcc: f32, kk: 3,", 26, 75),
    Case("AG354", "multi-block", "intrinsic: rocdl.mfma.f32.16x16x16f16", "intrinsic: rocdl.mfma.f32.16x16x4f16",
         26, 88, also=frozenset({"AG352"})),
    Case("AG355", "no-piece", 'a: "((16, 4), 4) : ((1, 64), 16)"',
         'a: [{when: {elemTyA: f32}, layout: "((16, 4), 4) : ((1, 64), 16)"}]', 23, 6),
    # --- state ----------------------------------------------------------------------------
    Case("AG361", "stateful-without-state", STATE + "\n", "", 8, 11, base="copy", also=frozenset({"AG101"}),
         text=lambda t: t.replace("state:\n" + STATE + "\n", "")),
    Case("AG361", "state-on-stateless", "stateful: true", "stateful: false", 20, 3, base="copy"),
    Case("AG362", "enum-case", "enum_case: Soffset", "enum_case: SOffset", 21, 41, base="copy"),
    Case("AG362", "neither-enum-nor-private", "enum_case: Soffset, ", "", 21, 5, base="copy"),
    Case("AG363", "default-overflow", "default: 0}", "default: 4294967296}", 21, 79, base="copy"),
    Case("AG364", "coerced-immediate", "default: 0}", "default: 0, immediate: true, coercion: bitcast}", 21, 113,
         base="copy"),
    Case("AG365", "duplicate-field", STATE, STATE + "\n" + STATE, 22, 12, base="copy"),
    # --- names ----------------------------------------------------------------------------
    Case("AG381", "reserved-identifier", "tablegen_def: FlyROCDL_MmaOpTest", "tablegen_def: __FlyROCDL_MmaOpTest",
         5, 15),
    Case("AG381", "keyword-python-name", "{name: k, cpp_type: int32_t}", "{name: k, cpp_type: int32_t, python: lambda}",
         13, 47),
    Case("AG382", "let-shadows-parameter", 'G: "64 / m"', 'k: "16"', 20, 6),
    Case("AG382", "parameter-twice", "  - {name: k, cpp_type: int32_t}\n",
         "  - {name: k, cpp_type: int32_t}\n  - {name: k, cpp_type: int32_t}\n", 14, 11),
    Case("AG384", "class-suffix", "cpp_class: MmaOpTestType", "cpp_class: MmaOpTest", 6, 12),
    Case("AG384", "mnemonic-prefix", "mnemonic: cdna3.test", "mnemonic: cdna4.test", 7, 11),
    Case("AG391", "parameter-not-in-format", ", $k)", ")", 13, 11),
    Case("AG391", "unknown-variable", "$elemTyAcc `>`", "$elemTyAcc $foo `>`", 17, 113),
    Case("AG392", "default-type", "{name: m, cpp_type: int32_t}", "{name: m, cpp_type: int32_t, default: true}", 11, 41),
)

# Rules whose smallest failing example needs a second spec or a missing file: tested below.
CROSS_FILE_RULES = {"AG105", "AG382", "AG383"}


def _check(path: Path) -> list[Diagnostic]:
    [result] = check_paths([str(path)], use_cache=False, prove=False)
    return result.diagnostics


@pytest.mark.parametrize("case", CASES, ids=[f"{c.rule}-{c.name}" for c in CASES])
def test_rule(case: Case, spec_tree: SpecTree) -> None:
    path = spec_tree.write(case.spec_text())
    diagnostics = _check(path)
    where = [(d.rule, d.severity, d.position.line, d.position.column) for d in diagnostics]
    assert (case.rule, case.severity, case.line, case.column) in where, "\n".join(d.format() for d in diagnostics)
    unexpected = {d.rule for d in diagnostics if d.severity == "error"} - {case.rule} - case.also
    assert not unexpected, "\n".join(d.format() for d in diagnostics)


def test_minimal_specs_are_clean(spec_tree: SpecTree) -> None:
    for name, text in MINIMAL.items():
        path = spec_tree.write(text, f"{name}.yaml")
        assert _check(path) == [], name


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.rule in {"AG001", "AG010", "AG202", "AG322", "AG363"}][:5],
    ids=lambda c: f"{c.rule}-{c.name}",
)
def test_rule_end_to_end(case: Case, spec_tree: SpecTree) -> None:
    """The CLI prints the exact `file:line:col: error[AGnnn]` prefix and exits 1."""
    path = spec_tree.write(case.spec_text())
    result = run_cli("check", "--no-cache", str(path))
    assert result.returncode == 1, result.output
    assert f"{path}:{case.line}:{case.column}: {case.severity}[{case.rule}]: " in result.stdout, result.output
    assert "Traceback" not in result.output


def test_backend_missing_is_a_warning(tmp_path: Path) -> None:
    folder = tmp_path / "specs" / "rocdl" / "cdna3"
    folder.mkdir(parents=True)
    path = folder / "x.yaml"
    path.write_text(MINIMAL_MMA, encoding="utf-8")
    result = run_cli("check", "--no-cache", str(path))
    assert f"{path}:3:10: warning[AG105]: " in result.stdout, result.output
    assert result.returncode == 0, result.output  # a warning alone is not a failure


def test_backend_incomplete_is_an_error(spec_tree: SpecTree) -> None:
    backend = spec_tree.specs / "rocdl" / "backend.yaml"
    backend.write_text("spec_version: 1\nbackend: rocdl\n", encoding="utf-8")
    path = spec_tree.write(MINIMAL_MMA)
    result = run_cli("check", "--no-cache", str(path))
    assert result.returncode == 1, result.output
    assert f"{backend}:1:1: error[AG105]: " in result.stdout, result.output


@pytest.mark.parametrize(
    ("rule", "field", "line"),
    [("AG382", "cpp_class", 6), ("AG382", "tablegen_def", 5), ("AG383", "mnemonic", 7)],
)
def test_cross_spec_collision(rule: str, field: str, line: int, spec_tree: SpecTree) -> None:
    """Two specs sharing one name: the second (in path order) is reported, at that field."""
    renamed = {
        "tablegen_def": ("tablegen_def: FlyROCDL_MmaOpTest", "tablegen_def: FlyROCDL_MmaOpOther"),
        "cpp_class": ("cpp_class: MmaOpTestType", "cpp_class: MmaOpOtherType"),
        "mnemonic": ("mnemonic: cdna3.test", "mnemonic: cdna3.other"),
    }
    other = MINIMAL_MMA
    for name, (old, new) in renamed.items():
        if name != field:
            other = other.replace(old, new)
    spec_tree.write(MINIMAL_MMA, "a.yaml")
    second = spec_tree.write(other, "b.yaml")
    result = run_cli("check", "--no-cache", str(spec_tree.specs))
    assert result.returncode == 1, result.output
    column = len(field) + 3
    shown = Path(str(second))
    assert f"{shown}:{line}:{column}: error[{rule}]: {field} " in result.stdout, result.output
    assert result.stdout.count(f"[{rule}]") == 1, result.output


def test_mnemonic_may_repeat_across_backends(spec_tree: SpecTree) -> None:
    """AG383 is per dialect: the same mnemonic in another backend is no collision."""
    (spec_tree.specs / "ptx" / "cdna3").mkdir(parents=True)
    ptx = spec_tree.specs / "ptx" / "cdna3" / "x.yaml"
    text = MINIMAL_COPY.replace("backend: rocdl", "backend: ptx").replace("FlyROCDL_CopyOpTest", "FlyPTX_CopyOpTest")
    ptx.write_text(text.replace("CopyOpTestType", "CopyOpPtxTestType"), encoding="utf-8")
    spec_tree.write(MINIMAL_COPY)
    results = check_paths([str(spec_tree.specs)], use_cache=False, prove=False)
    assert not [d for r in results for d in r.diagnostics if d.rule == "AG383"]


def test_every_rule_has_a_case() -> None:
    covered = {case.rule for case in CASES} | CROSS_FILE_RULES
    missing = sorted(rule.id for rule in RULES if rule.id not in covered)
    assert not missing, f"rules without a failing-spec test: {missing}"
    unknown = sorted(covered - {rule.id for rule in RULES})
    assert not unknown, f"tests for rules that do not exist: {unknown}"


@pytest.mark.parametrize("rule", [r.id for r in RULES])
def test_explain(rule: str) -> None:
    result = run_cli("explain", rule.lower())
    assert result.returncode == 0, result.output
    assert result.stdout.startswith(f"{rule} (")
    for heading in ("Why it matters:", "Failing example:", "Fix:"):
        assert heading in result.stdout


def test_explain_lists_rules_and_refuses_unknown() -> None:
    listing = run_cli("explain")
    assert listing.returncode == 0
    assert re.findall(r"^AG\d{3}", listing.stdout, re.M) == [r.id for r in RULES]
    unknown = run_cli("explain", "AG999")
    assert unknown.returncode == 2 and "unknown rule" in unknown.stderr
