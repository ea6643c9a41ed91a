"""One smallest failing spec per check rule, asserting the rule id and file:line:col.

Each case is a textual mutation of a minimal clean spec (tests/conftest.py): replace one
snippet, check the file, and expect `path:line:col: error[AGnnn]` in the output. Declaring a
rule beside its check (a family module's RULES, collected by atomgen/check/rules.py) without a
case here fails `test_every_rule_has_a_case`.
"""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import pytest
from conftest import MINIMAL, MINIMAL_COPY, MINIMAL_MMA, SpecTree, run_cli

from atomgen.check.examples import column_in, example_column, example_text
from atomgen.check.rules import RULES
from atomgen.check.runner import check_paths
from atomgen.cli import main
from atomgen.diagnostics import Diagnostic, Example, Rule

STATE = "  - {name: soffset, enum_case: Soffset, llvm_type: i32, default: 0, units: elements}"


@dataclass(frozen=True)
class Case:
    """Replace `old` by `new` in the base spec; expect `rule` at line:column.

    `column` is a number, or a snippet of that line whose first character is the column
    (easier to read than counting: `at="TODO"` means "pointing at the TODO").
    """

    rule: str
    name: str
    old: str
    new: str
    line: int
    column: int | str
    base: str = "mma"
    severity: str = "error"
    also: frozenset[str] = field(default_factory=frozenset)  # other rules the mutation also fires
    text: Callable[[str], str] | None = None  # a whole-text mutation instead of old -> new

    def spec_text(self) -> str:
        if self.text is not None:
            return self.text(MINIMAL[self.base])
        return example_text(Example(self.old, self.new, self.line, self.column, self.base))

    def expected_column(self) -> int:
        return column_in(self.spec_text(), self.line, self.column)


def _with_parameter(base: str, parameter: str, row: str = "") -> str:
    """The copy base with one more parameter (in the assembly format too) and a row addition."""
    first = "  - {name: bitSize, cpp_type: int32_t}\n"
    text = base.replace(first, first + parameter)
    text = text.replace("assembly_format: \"`<` $bitSize `>`\"", "assembly_format: \"`<` $bitSize `,` $extra `>`\"")
    return text.replace("packed: {value: i32}}", "packed: {value: i32}" + row + "}")


def _wide_parameter(base: str) -> str:
    return _with_parameter(base, "  - {name: extra, cpp_type: int32_t, default: 0, free: {min: 0, max: 4294967296}}\n")


def _aux_parameter(base: str) -> str:
    # `aux` is the buffer load's cache-policy immediate: 0..31 in the catalogue.
    aux = "  - {name: aux, cpp_type: int32_t, default: 0, free: {min: 0, max: 65535}}\n"
    return _with_parameter(base, aux).replace("$extra", "$aux")


def _enum_parameter(base: str) -> str:
    return _with_parameter(base, "  - {name: extra, cpp_type: \"::mlir::fly::ModeAttr\", enum: {add: 0, max: 1}}\n",
                           ", extra: fmax")


def _bad_constraint(base: str) -> str:
    return base + 'verify:\n  constraints:\n    - {require: "pow2(nosuch)", message: "x"}\n'


def _overlapping_field(base: str) -> str:
    # A TDM-style descriptor whose second field starts inside the first one (bits 16-17).
    return base.replace("packed: {value: i32}", "packed: {value: i32, g1: vector<8xi32>}").replace(
        base[base.index("emission:"):], "emission:\n  pattern: tdm\n  descriptor:\n"
        '    - {name: data_size, group: g1, dword: 0, bit: 16, width: 2, source: "operand:data_size"}\n'
        '    - {name: barrier, group: g1, dword: 0, bit: 17, width: 1, source: "const:1"}\n')


def _empty(_: str) -> str:
    return ""


def _huge(base: str) -> str:
    return base + "# " + "x" * (1 << 20) + "\n"


def _many_nodes(base: str) -> str:
    return base + "tests: {n: [" + ",".join(["0"] * 200_001) + "]}\n"


def _alias(base: str) -> str:
    return base.replace("stateful: false\n", "stateful: false\ntraits: &t []\nnotes: *t\n")


def _scalar_alias(base: str) -> str:
    return base.replace("kind: mma", "kind: &k mma").replace("stateful: false\n", "stateful: false\nsummary: *k\n")


def _no_state(base: str) -> str:
    return base.replace("state:\n" + STATE + "\n", "")


A = 'a: "((16, 4), 4) : ((1, 64), 16)"'
C = 'c: "((16, 4), 4) : ((16, 4), 1)"'

# Lines of MINIMAL_MMA: 9 threads, 11-16 parameters, 17 assembly_format, 19 let G, 21 thr,
# 22 a, 23 b, 24 c, 26-27 the instance (27 packed). MINIMAL_COPY: 8 stateful, 19 the instance, 21 state.
CASES: tuple[Case, ...] = (
    # --- loading ---------------------------------------------------------------------------
    Case("AG001", "bad-indent", '  thr: "64:1"\n', '  thr: "64:1"\n bad: 1\n', 22, 2),
    # The C loader shares the anchored node: the diagnostic points at the anchor's node.
    Case("AG002", "sequence-alias", "", "", 10, "*t", text=_alias),
    Case("AG002", "scalar-alias", "", "", 9, "*k", text=_scalar_alias),
    Case("AG003", "over-1-MiB", "", "", 1, 1, text=_huge),
    Case("AG003", "too-many-nodes", "", "", 1, 1, text=_many_nodes),
    Case("AG006", "python-tag", "threads: 64\n", "threads: !!python/object/apply:os.system [ls]\n", 9, "!!"),
    Case("AG006", "not-a-bool", "stateful: false", "stateful: !!bool maybe", 8, "!!"),
    Case("AG007", "nul-in-notes", "stateful: false\n", 'stateful: false\nnotes: ["a\\0b"]\n', 9, '"'),
    Case("AG007", "line-separator", "stateful: false\n", 'stateful: false\nsummary: "a\\u2028b"\n', 9, '"'),
    Case("AG007", "bidi-override", "stateful: false\n", "stateful: false\nsummary: a\u202eb\n", 9, 11),
    Case("AG005", "empty-file", "", "", 1, 1, text=_empty),
    # --- schema and backend ---------------------------------------------------------------
    Case("AG101", "unknown-key", "threads: 64\n", "threads: 64\nthread_count: 64\n", 10, 1),
    Case("AG101", "quoted-identifier", "cpp_class: MmaOpTestType", 'cpp_class: "Foo*/ int x; /*Type"', 6, '"'),
    # --- expressions ----------------------------------------------------------------------
    Case("AG201", "power", 'G: "64 / m"', 'G: "2 ** 6"', 19, "* 6"),
    Case("AG203", "division-by-zero", 'G: "64 / m"', 'G: "64 / (m - 16)"', 19, "/"),
    # --- layout structure -----------------------------------------------------------------
    Case("AG301", "missing-operand", "  " + C + "\n", "", 21, "thr"),
    Case("AG302", "negative-stride", A, 'a: "((16, 4), 4) : ((1, 64), -16)"', 22, '"'),
    # --- per-instance layouts -------------------------------------------------------------
    Case("AG305", "copy-too-large", 'src: "(1, bitSize)', 'src: "(1, 4000000000)', 15, '"', base="copy",
         also=frozenset({"AG331", "AG322"})),
    Case("AG305", "over-enumeration-budget", A, 'a: "((16, 4), (4, 32768)) : ((1, 64), (16, 3))"', 22, '"',
         also=frozenset({"AG331"})),
    Case("AG305", "outside-int64", 'G: "64 / m"', 'G: "9223372036854775807 * 2"', 19, "*"),
    Case("AG311", "thr-layout", 'thr: "64:1"', 'thr: "32:1"', 21, '"'),
    Case("AG321", "overlap", A, 'a: "((16, 4), 4) : ((1, 32), 16)"', 22, '"'),
    Case("AG322", "misses-elements", " k: 16,", " k: 32,", 22, '"'),  # A and B tiles grow to 16x32
    Case("AG321", "thr-lanes-repeat", 'thr: "64:1"', 'thr: "64:0"', 21, '"'),
    Case("AG322", "thr-lanes-outside", 'thr: "64:1"', 'thr: "64:2"', 21, '"'),
    Case("AG322", "copy-widths-differ", 'dst: "(1, bitSize)', 'dst: "(1, 2*bitSize)', 16, '"', base="copy",
         also=frozenset({"AG341"})),
    Case("AG332", "unknown-packed-type", 'c: "vector<4xf32>"', 'c: "vector<4xf33>"', 27, '"vector<4xf33',
         also=frozenset({"AG352"})),
    # --- copies ---------------------------------------------------------------------------
    Case("AG341", "transposing-mma", "layouts:\n", "exceptions: {transposing: true}\nlayouts:\n", 20, "{"),
    Case("AG349", "tensor-memory-shared-cell", "layouts:\n",
         "exceptions: {operand_source: {c: tensor_memory}}\n"
         'tensor_memory:\n  c: {cell_bits: 32, columns: 1, layout: "((16, 4), 4) : ((65536, 1048576), 0)"}\n'
         "layouts:\n", 22, '"((16', also=frozenset({"AG371"})),
    # --- instance table -------------------------------------------------------------------
    # The row's types, packing and instruction are f16's: the intrinsic is the one finding (issue 22).
    Case("AG352", "catalog-intrinsic-swap", "intrinsic: rocdl.mfma.f32.16x16x16f16",
         "intrinsic: rocdl.mfma.f32.16x16x16bf16.1k", 26, "rocdl"),
    Case("AG359", "not-on-chip", "intrinsic: rocdl.mfma.f32.16x16x16f16,",
         "intrinsic: rocdl.mfma.f32.16x16x16f16, subtargets: [gfx1250],", 26, "rocdl"),
    Case("AG393", "range-beyond-int32", "", "", 12, "4294967296", base="copy", text=_wide_parameter),
    Case("AG394", "immediate-range", "", "", 12, "{min", base="copy", text=_aux_parameter),
    Case("AG395", "enum-value", "", "", 20, "fmax", base="copy", text=_enum_parameter),
    Case("AG396", "verify-name", "", "", len(MINIMAL_COPY.splitlines()) + 2, "constraints", base="copy",
         text=_bad_constraint),
    Case("AG397", "descriptor-overlap", "", "", MINIMAL_COPY.splitlines().index("emission:") + 5, "17", base="copy",
         text=_overlapping_field, also=frozenset({"AG371"})),  # the base intrinsic is no TDM op
    Case("AG353", "unknown-key", "elemTyAcc: f32,", "elemTyAcc: f32, kk: 3,", 26, "kk"),
    # --- state ----------------------------------------------------------------------------
    Case("AG361", "stateful-without-state", "", "", 8, "true", base="copy", text=_no_state, also=frozenset({"AG371"})),
    Case("AG362", "neither-enum-nor-private", "enum_case: Soffset, ", "", 21, "{", base="copy",
         also=frozenset({"AG371"})),
    # --- names ----------------------------------------------------------------------------
    Case("AG381", "keyword-python-name", "{name: k, cpp_type: int32_t}",
         "{name: k, cpp_type: int32_t, python: lambda}", 13, "lambda"),
    Case("AG382", "let-shadows-parameter", 'G: "64 / m"', 'k: "16"', 19, '"'),
    Case("AG384", "mnemonic-prefix", "mnemonic: cdna3.test", "mnemonic: cdna4.test", 7, "cdna4"),
    Case("AG391", "unknown-variable", "$elemTyAcc `>`", "$elemTyAcc $foo `>`", 17, "$foo"),
)

# Rules whose smallest failing example needs a second spec or a missing file: tested below.
CROSS_FILE_RULES = {"AG105", "AG106", "AG107", "AG382", "AG383"}  # AG106: tests/test_catalog.py; AG107 below
# sparse MMAs (AG345-AG348): tests/test_sparse.py, over a PTX tree
CROSS_FILE_RULES |= {"AG345", "AG346", "AG347", "AG348"}
# selector-indexed sparse metadata (AG343): tests/test_accumulator_fields.py, over the shipped sm80.mma.sp
CROSS_FILE_RULES |= {"AG343"}
# fields tied to the instruction and backend.yaml's own rules: tests/test_semantics.py, edits of shipped specs
CROSS_FILE_RULES |= {"AG108", "AG109", "AG110", "AG367", "AG374", "AG375", "AG376", "AG377"}
# inputs that are not regular files (FIFOs, devices, sockets, link loops): tests/test_inputs.py
CROSS_FILE_RULES |= {"AG008", "AG009"}
# format parameters in the tcgen05 idesc (AG379): tests/test_tcgen05_formats.py, edits of the f8f6f4 specs
CROSS_FILE_RULES |= {"AG379", "AG380"}
# the call's unbound values, PTX instruction words and wgmma's transposable types need free parameters or a PTX
# spec: tests/test_call.py, edits of shipped specs
CROSS_FILE_RULES |= {"AG402", "AG404", "AG405"}


def _check(path: Path) -> list[Diagnostic]:
    [result] = check_paths([str(path)], use_cache=False, prove=False)
    return result.diagnostics


@pytest.mark.parametrize("case", CASES, ids=[f"{c.rule}-{c.name}" for c in CASES])
def test_rule(case: Case, spec_tree: SpecTree) -> None:
    diagnostics = _check(spec_tree.write(case.spec_text()))
    _assert_fires(diagnostics, (case.rule, case.severity, case.line, case.expected_column()), case.also)


def _assert_fires(diagnostics: list[Diagnostic], expected: tuple[str, str, int, int], also: frozenset[str]) -> None:
    """The rule at (rule, severity, line, column), and no other error but `also`."""
    where = [(d.rule, d.severity, d.position.line, d.position.column) for d in diagnostics]
    listing = "\n".join(d.format() for d in diagnostics)
    assert expected in where, listing
    unexpected = {d.rule for d in diagnostics if d.severity == "error"} - {expected[0]} - also
    assert not unexpected, listing


# Each rule's own failing example (Rule.bad, what `atomgen explain` shows), where one spec edit shows it.
EXAMPLES = [rule for rule in RULES if isinstance(rule.bad, Example)]


@pytest.mark.parametrize("rule", EXAMPLES, ids=[rule.id for rule in EXAMPLES])
def test_failing_example(rule: Rule, spec_tree: SpecTree) -> None:
    """The example `explain` prints fires its rule at the line and column it names, and nothing else."""
    assert isinstance(rule.bad, Example)
    example = rule.bad
    diagnostics = _check(spec_tree.write(example_text(example)))
    _assert_fires(diagnostics, (rule.id, example.severity, example.line, example_column(example)), example.also)


def test_explain_shows_the_example_that_is_run() -> None:
    """A rule whose failing example is a sentence has no one-spec edit among the cases here: where one
    exists, it is the rule's own `bad`, so the example a user reads is the one shown to fail."""
    assert EXAMPLES
    edits = {case.rule for case in CASES if case.text is None}
    sentences = {rule.id for rule in RULES if isinstance(rule.bad, str)}
    assert not sentences & edits, f"make one of these cases the rule's Example: {sorted(sentences & edits)}"


def test_minimal_specs_are_clean(spec_tree: SpecTree) -> None:
    assert MINIMAL
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
    prefix = f"{path}:{case.line}:{case.expected_column()}: {case.severity}[{case.rule}]: "
    assert prefix in result.stdout, result.output
    assert "Traceback" not in result.output


def test_backend_missing_is_an_error(tmp_path: Path) -> None:
    """check and gen agree (issue 23): both stop on a spec whose backend.yaml is missing, and name it."""
    folder = tmp_path / "specs" / "rocdl" / "cdna3"
    folder.mkdir(parents=True)
    path = folder / "x.yaml"
    path.write_text(MINIMAL_MMA, encoding="utf-8")
    result = run_cli("check", "--no-cache", str(path))
    assert f"{path}:3:10: error[AG105]: " in result.stdout, result.output
    assert f"{tmp_path / 'specs' / 'rocdl' / 'backend.yaml'} is missing" in result.stdout, result.output
    assert result.returncode == 1, result.output


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
    (spec_tree.specs / "nvvm" / "cdna3").mkdir(parents=True)
    ptx = spec_tree.specs / "nvvm" / "cdna3" / "x.yaml"
    text = MINIMAL_COPY.replace("backend: rocdl", "backend: nvvm").replace("FlyROCDL_CopyOpTest", "FlyNVVM_CopyOpTest")
    ptx.write_text(text.replace("CopyOpTestType", "CopyOpPtxTestType"), encoding="utf-8")
    spec_tree.write(MINIMAL_COPY)
    results = check_paths([str(spec_tree.specs)], use_cache=False, prove=False)
    assert not [d for r in results for d in r.diagnostics if d.rule == "AG383"]


def test_every_rule_has_a_case() -> None:
    covered = {case.rule for case in CASES} | CROSS_FILE_RULES | {rule.id for rule in EXAMPLES}
    missing = sorted(rule.id for rule in RULES if rule.id not in covered)
    assert not missing, f"rules without a failing-spec test: {missing}"
    unknown = sorted(covered - {rule.id for rule in RULES})
    assert not unknown, f"tests for rules that do not exist: {unknown}"


@pytest.mark.parametrize("rule", [r.id for r in RULES])
def test_explain(rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", rule.lower()]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{rule} (")
    for heading in ("Why it matters:", "Failing example:", "Fix:"):
        assert heading in out


def test_explain_lists_rules_and_refuses_unknown() -> None:
    assert run_cli("explain", "AG321").stdout.startswith("AG321 (not-injective)")
    listing = run_cli("explain")
    assert listing.returncode == 0
    assert re.findall(r"^AG\d{3}", listing.stdout, re.M) == [r.id for r in RULES]
    unknown = run_cli("explain", "AG999")
    assert unknown.returncode == 2 and "unknown rule" in unknown.stderr


def test_backend_without_test_builder_warns(spec_tree: SpecTree) -> None:
    backend = spec_tree.specs / "rocdl" / "backend.yaml"
    backend.write_text("\n".join(line for line in backend.read_text().splitlines()
                                 if not line.startswith("test_builder:")) + "\n", encoding="utf-8")
    path = spec_tree.write(MINIMAL_MMA)
    found = [d for d in _check(path) if d.rule == "AG107"]
    assert found and found[0].severity == "warning" and found[0].position.line == 3


RULE_ID = re.compile(r"AG[0-9]{3}\Z")
# Calls that make a finding from a rule id: a spec's diagnostic(), a Diagnostic, an expression error.
RAISERS = ("diagnostic", "Diagnostic", "ExprError", "_refuse", "_error")  # the last two: the YAML loader's


def raise_sites(tree: ast.AST) -> list[tuple[str, int]]:
    """(rule id, line) of every finding a module raises by spelling a rule id: a literal argument of
    diagnostic(), Diagnostic() or ExprError(). A rule's Rule object (`RULE.at(...)`, `RULE.finding(...)`)
    needs no id, so a module that raises another module's rule does it through that module's object."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name not in RAISERS:
            continue
        for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str) and RULE_ID.match(argument.value):
                found.append((argument.value, node.lineno))
    return found


def _modules() -> dict[str, ast.AST]:
    root = Path(__file__).resolve().parent.parent
    return {".".join(path.relative_to(root).with_suffix("").parts): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted((root / "atomgen").rglob("*.py"))}


def test_no_rule_is_raised_by_its_id() -> None:
    """A violation is raised through its Rule object (`RULE.at(...)`, `RULE.finding(...)`), the one its
    family's module declares: no module spells a rule id to raise it (issue 51; ruff's violations have one
    home too). A reader finds a rule's code and doc by its id: `grep AGnnn` lands on its declaration."""
    spelt = [f"{module.replace('.', '/')}.py:{line} raises {rule} by its id"
             for module, tree in _modules().items() for rule, line in raise_sites(tree)]
    assert spelt == []


def _outside_registry(tree: ast.AST) -> Iterator[ast.AST]:
    """The module's nodes, less its `RULES = (...)` tuple (naming a rule there does not raise it)."""
    registry = {id(node) for statement in ast.walk(tree) if isinstance(statement, ast.Assign)
                and any(getattr(target, "id", "") == "RULES" for target in statement.targets)
                for node in ast.walk(statement.value)}
    return (node for node in ast.walk(tree) if id(node) not in registry)


def test_every_rule_is_raised() -> None:
    """Every declared rule is raised: its Rule object is named outside the registry, in RULE.at(...),
    RULE.finding(...), RULE.id, an ExprError, or a choice between rules (`(A if x else B).at(...)`)."""
    from atomgen.check.rules import FAMILY_OF, RULES

    modules = _modules()
    used_names = {node.id for tree in modules.values() for node in _outside_registry(tree)
                  if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    named = {}  # rule id -> the names its module binds to its Rule
    for rule in RULES:
        module = importlib.import_module(FAMILY_OF[rule.id])
        named[rule.id] = {name for name, value in vars(module).items() if value is rule}
    silent = [rule.id for rule in RULES if not (named[rule.id] & used_names)]
    assert silent == []


def test_a_raise_from_another_module_is_found() -> None:
    """The parser above sees a rule spelt outside its module (as families/layouts.py once raised AG323)."""
    from atomgen.check.rules import FAMILY_OF

    tree = ast.parse('def f(spec):\n    yield spec.diagnostic("AG323", "replicated", ("layouts",))\n')
    assert raise_sites(tree) == [("AG323", 2)] and FAMILY_OF["AG323"] != "atomgen.check.families.layouts"
    assert raise_sites(ast.parse('raise ExprError("x", 0, rule="AG202")')) == [("AG202", 1)]
