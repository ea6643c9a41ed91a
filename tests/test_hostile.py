"""Hostile specs: each gets a diagnostic and exit status 1 or 2 from the real CLI, never a
traceback, a hang or a blown memory budget.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest
from conftest import MINIMAL_COPY, MINIMAL_MMA, SpecTree, run_cli

from atomgen.cli import main

DIAGNOSTIC = re.compile(r"^\S+:\d+:\d+: error\[AG\d{3}\]: ", re.M)

BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def _mma(old: str, new: str) -> Callable[[], str]:
    def build() -> str:
        assert old in MINIMAL_MMA
        return MINIMAL_MMA.replace(old, new, 1)

    return build


def _copy(old: str, new: str) -> Callable[[], str]:
    def build() -> str:
        assert old in MINIMAL_COPY
        return MINIMAL_COPY.replace(old, new, 1)

    return build


# name -> (spec text, the rule the diagnostic must carry)
HOSTILE: dict[str, tuple[Callable[[], str], str]] = {
    "malformed-yaml": (lambda: "spec_version: 1\nkind: [mma\nthreads: {64", "AG001"),
    "tab-indentation": (lambda: "spec_version: 1\nlayouts:\n\tthr: 1", "AG001"),
    "alias-bomb": (lambda: BILLION_LAUGHS, "AG002"),
    "alias-bomb-in-spec": (lambda: MINIMAL_MMA.replace("threads: 64\n", "threads: 64\n" + BILLION_LAUGHS.replace(
        "\n", "\n  ").replace("a: &a", "tests:\n  a: &a", 1)), "AG002"),
    # Tags outside the core schema are refused where they are written (and never constructed).
    "python-tag": (lambda: MINIMAL_MMA + "summary: !!python/object/apply:os.system [ls]\n", "AG006"),
    "deep-nesting": (lambda: "notes: " + "[" * 5000 + "]" * 5000 + "\n", "AG001"),
    "not-a-mapping": (lambda: "- just\n- a list\n", "AG101"),
    "import-in-let": (_mma('G: "64 / m"', "G: \"__import__('os').system('true')\""), "AG201"),
    "import-in-layout": (_mma('a: "((16, 4), 4)', "a: \"((__import__('os'), 4), 4)"), "AG304"),
    "lambda-in-let": (_mma('G: "64 / m"', 'G: "(lambda: 1)()"'), "AG201"),
    "attribute-in-let": (_mma('G: "64 / m"', 'G: "m.__class__"'), "AG201"),
    "power-in-let": (_mma('G: "64 / m"', 'G: "9 ** 9 ** 9"'), "AG201"),
    "division-by-zero-let": (_mma('G: "64 / m"', 'G: "64 / (m - m)"'), "AG203"),
    "division-by-zero-layout": (_mma('a: "((16, 4), 4)', 'a: "((16 / (k - 16), 4), 4)'), "AG203"),
    "modulo-by-zero": (_mma('G: "64 / m"', 'G: "64 % 0"'), "AG203"),
    "quote-in-cpp-class": (_mma("cpp_class: MmaOpTestType", 'cpp_class: "Mma\\"Op;Type"'), "AG101"),
    "comment-in-cpp-class": (_mma("cpp_class: MmaOpTestType", 'cpp_class: "Foo*/ int x; /*Type"'), "AG101"),
    "quote-in-tablegen-def": (_mma("tablegen_def: FlyROCDL_MmaOpTest", "tablegen_def: \"Fly'Test\""), "AG101"),
    "comment-in-parameter": (_mma("{name: k,", '{name: "k*/x",'), "AG101"),
    "quote-in-python-name": (_mma("{name: k, cpp_type: int32_t}", "{name: k, cpp_type: int32_t, python: \"k'\"}"),
                             "AG101"),
    "comment-in-mnemonic": (_mma("mnemonic: cdna3.test", 'mnemonic: "cdna3.t*/"'), "AG101"),
    "newline-in-state-name": (_copy("{name: soffset,", '{name: "soff\\nset",'), "AG101"),
    "huge-extent-mma": (_mma('a: "((16, 4), 4)', 'a: "((16, 4), 4000000000)'), "AG305"),
    "huge-extent-copy": (_copy('src: "(1, bitSize)', 'src: "(1, 4000000000)'), "AG305"),
    "huge-number-in-layout": (_mma('a: "((16, 4), 4)', 'a: "((16, 4), ' + "9" * 40 + ")"), "AG304"),
    "huge-integer-scalar": (_mma("threads: 64", "threads: " + "9" * 5000), "AG101"),  # over int()'s digit limit
    "long-expression": (_mma('G: "64 / m"', 'G: "' + "1+" * 3000 + '1"'), "AG101"),  # over the schema's maxLength
    "deep-parentheses": (_mma('G: "64 / m"', 'G: "' + "(" * 1000 + "1" + ")" * 1000 + '"'), "AG201"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_spec(name: str, spec_tree: SpecTree, capsys: pytest.CaptureFixture[str]) -> None:
    """In-process through the CLI's main() (an escaping exception fails the test)."""
    build, rule = HOSTILE[name]
    path = spec_tree.write(build())
    status = main(["check", "--no-cache", str(path)])
    out, err = capsys.readouterr()
    assert status in (1, 2), out + err
    assert "internal error" not in err, err
    assert DIAGNOSTIC.search(out), out + err
    assert f"[{rule}]" in out, out + err


def test_hostile_spec_subprocess(spec_tree: SpecTree) -> None:
    """The real entry point, on the nastiest one: no traceback, exit 1, quickly."""
    path = spec_tree.write(BILLION_LAUGHS)
    result = run_cli("check", "--no-cache", str(path), timeout=60)
    assert result.returncode == 1, result.output
    # The first alias, `*a` on line 2, before anything is expanded.
    assert f"{path}:2:8: error[AG002]: " in result.stdout, result.output
    assert "Traceback" not in result.output


def test_ten_megabyte_file(spec_tree: SpecTree) -> None:
    path = spec_tree.write(MINIMAL_MMA + "notes:\n" + ("  - " + "x" * 1000 + "\n") * 10_000)
    assert path.stat().st_size > 10_000_000
    result = run_cli("check", "--no-cache", str(path), timeout=60)
    assert result.returncode == 1, result.output
    assert f"{path}:1:1: error[AG003]: " in result.stdout
    assert "Traceback" not in result.output


def test_not_utf8(spec_tree: SpecTree) -> None:
    path = spec_tree.folder / "x.yaml"
    path.write_bytes(b"spec_version: 1\nkind: \xff\xfe\n")
    result = run_cli("check", "--no-cache", str(path))
    assert result.returncode == 1 and f"{path}:1:1: error[AG005]: " in result.stdout, result.output


def test_binary_garbage(spec_tree: SpecTree) -> None:
    path = spec_tree.folder / "x.yaml"
    path.write_bytes(bytes(range(256)) * 16)
    result = run_cli("check", "--no-cache", str(path))
    assert result.returncode in (1, 2) and "error[AG00" in result.stdout, result.output
    assert "Traceback" not in result.output


def test_many_hostile_specs_in_one_run(spec_tree: SpecTree) -> None:
    """One bad spec never stops the others from being checked."""
    for index, name in enumerate(sorted(HOSTILE)):
        spec_tree.write(HOSTILE[name][0](), f"h{index:02d}.yaml")
    result = run_cli("check", "--no-cache", str(spec_tree.specs), timeout=120)
    assert result.returncode == 1, result.output
    assert "Traceback" not in result.output
    reported = {line.split(":", 1)[0] for line in DIAGNOSTIC.findall(result.stdout)}
    assert len(set(re.findall(r"h\d\d\.yaml", result.stdout))) == len(HOSTILE), reported


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "no/such/folder"], "no such file or folder"),
        (["show", "no/such/spec.yaml"], "no such spec file"),
        (["explain", "AG000"], "unknown rule"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    result = run_cli(*args, cwd=tmp_path)
    assert result.returncode == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output


def test_empty_folder_exits_2(tmp_path: Path) -> None:
    result = run_cli("check", str(tmp_path))
    assert result.returncode == 2 and "no spec files found" in result.stderr, result.output


def test_show_of_a_hostile_spec(spec_tree: SpecTree) -> None:
    path = spec_tree.write(BILLION_LAUGHS)
    result = run_cli("show", str(path), "--format", "json")
    assert result.returncode == 1 and "error[AG002]" in result.stderr, result.output
    assert "Traceback" not in result.output
