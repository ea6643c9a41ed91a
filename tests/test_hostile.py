"""Hostile specs: each gets a diagnostic and exit status 1 or 2 from the real CLI, never a
traceback, a hang or a blown memory budget.
"""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from conftest import MINIMAL_COPY, MINIMAL_MMA, SPECS, SpecTree, preload_atomgen, run_cli

from atomgen.check.runner import check_paths
from atomgen.cli import main
from atomgen.layout import algebra

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


# --- the reproducers of issue 12, one test each ---------------------------------------------

ISSUE_12_INTERNAL_ERRORS = {
    # (spec text, rule): each was an internal error (exit 2, no file, line or rule) before.
    "timestamp-tag": (lambda: MINIMAL_MMA + "summary: !!timestamp x\n", "AG006"),
    "bool-maybe": (lambda: MINIMAL_MMA + "summary: !!bool maybe\n", "AG006"),
    "yaml-600-deep": (lambda: MINIMAL_MMA + "notes: " + "[" * 600 + "]" * 600 + "\n", "AG003"),
    "one-plus-chain": (_mma('G: "64 / m"', 'G: "' + "1+" * 1500 + '1"'), "AG201"),  # 3001 characters
}


@pytest.mark.parametrize("name", sorted(ISSUE_12_INTERNAL_ERRORS))
def test_issue_12_internal_errors_are_diagnostics(name: str, spec_tree: SpecTree,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    build, rule = ISSUE_12_INTERNAL_ERRORS[name]
    path = spec_tree.write(build())
    status = main(["check", "--no-cache", str(path)])
    out, err = capsys.readouterr()
    assert status == 1 and "internal error" not in err, out + err
    assert re.search(rf"^{re.escape(str(path))}:\d+:\d+: error\[{rule}\]: ", out, re.M), out + err


def test_a_600_deep_file_does_not_hide_the_other_files(spec_tree: SpecTree) -> None:
    deep = spec_tree.write(MINIMAL_MMA + "notes: " + "[" * 600 + "]" * 600 + "\n", "deep.yaml")
    other = spec_tree.write(_mma('thr: "64:1"', 'thr: "32:1"')(), "other.yaml")
    result = run_cli("check", "--no-cache", str(spec_tree.specs))
    assert result.returncode == 1, result.output
    notes_line = len(MINIMAL_MMA.splitlines()) + 1
    assert f"{deep}:{notes_line}:" in result.stdout and "[AG003]" in result.stdout, result.output
    assert f"{other}:" in result.stdout and "[AG311]" in result.stdout, result.output


FAMILY_OF_4M = "[" + ", ".join(str(4194304 + 2 * i) for i in range(10)) + "]"
WGMMA_SS = SPECS / "nvvm" / "sm90" / "wgmma_ss.yaml"
SLOW_CASES = {
    # (spec text, a rule the finding must carry, the clean spec it was made from): each took 10 s to minutes before.
    "copy-2M-bits": (
        _copy('src: "(1, bitSize) : (1, 1)"', 'src: "(1, (2, 1048576)) : (1, (1048576, 2))"'), "AG322", MINIMAL_COPY),
    "family-of-ten-4M-bit-layouts": (lambda: MINIMAL_COPY.replace(
        "  - {bitSize: 32,", "  - {expand: {bitSize: " + FAMILY_OF_4M + "},").replace(
        'src: "(1, bitSize) : (1, 1)"', 'src: "(1, (2, bitSize/2)) : (1, (bitSize/2, 3))"'), "AG322", MINIMAL_COPY),
    "wgmma-replicated-b-mutated": (lambda: WGMMA_SS.read_text().replace(
        'b: "(128, (n, k)) : (0, (1, n))"', 'b: "(128, (n, k)) : (0, (2, n))"'), "AG322", None),
    "wgmma-replicated-a-mutated": (lambda: WGMMA_SS.read_text().replace(
        'a: "(128, (m, k)) : (0, (1, m))"', 'a: "(128, (m, k)) : (0, (1, 65))"'), "AG322", None),
    # sympy expanded (m+k+n+1)**30 for 5 s before the proof's size bound (atomgen/check/proofs.py).
    "proof-expansion": (_mma('a: "((16, 4), 4)', 'a: "((' + "*".join(["(m+k+n+1)"] * 40) + ', 4), 4)'), "AG305",
                        MINIMAL_MMA),
    "non-compact-over-budget": (_mma('a: "((16, 4), 4) : ((1, 64), 16)"',
                                     'a: "((16, 4), (4, 65536)) : ((1, 64), (16, 3))"'), "AG305", MINIMAL_MMA),
}
# The work a check of a slow case may do, counted, not timed (a bound on seconds failed on busy machines and
# passed on fast ones whatever the algorithm): layout points enumerated, at most a spec's coverage budget
# (atomgen/check/families/coverage.py: 1 << 22, about a second); Python function calls, at most this many
# times those of a check of the clean spec the case was made from, in the same process. On this code the cases
# make 1x-12x their clean spec's calls; without the proof's size bound (atomgen/check/polynomial.py) the
# proof-expansion case made 129x, and without the enumeration budget non-compact-over-budget enumerated 16M points.
MAX_POINTS = 1 << 22
MAX_CALLS_RATIO = 40


@dataclass
class Work:
    status: int
    out: str
    calls: int  # Python function calls (sys.setprofile's "call" events)
    points: int  # layout points enumerated (atomgen.layout.algebra.image)


def _place(spec_tree: SpecTree, text: str, name: str) -> Path:
    if "nvvm" in text.split("backend:", 1)[1].split("\n", 1)[0]:
        (spec_tree.specs / "nvvm" / "sm90").mkdir(parents=True, exist_ok=True)
        shutil.copy(SPECS / "nvvm" / "backend.yaml", spec_tree.specs / "nvvm")
        path = spec_tree.specs / "nvvm" / "sm90" / name
        path.write_text(text, encoding="utf-8")
        return path
    return spec_tree.write(text, name)


def measured_check(path: Path, capsys: pytest.CaptureFixture[str]) -> Work:
    """`atomgen check --no-cache -j 1 PATH` in this process (one process: every call and point is seen), its
    work counted: deterministic for the code and the spec, whatever the machine's speed or load."""
    preload_atomgen()  # imports are not the check's work
    calls = points = 0
    real = algebra.image

    def image(layout: algebra.Layout) -> list[int]:
        nonlocal points
        values = real(layout)
        points += len(values)
        return values

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    capsys.readouterr()
    with pytest.MonkeyPatch.context() as patch:
        for name, module in list(sys.modules.items()):  # the module and whoever imported image by name
            if name.startswith("atomgen.") and getattr(module, "image", None) is real:
                patch.setattr(module, "image", image)
        sys.setprofile(profile)
        try:
            status = main(["check", "--no-cache", "-j", "1", str(path)])
        finally:
            sys.setprofile(None)
    out, err = capsys.readouterr()
    return Work(status, out + err, calls, points)


def _clean_work(spec_tree: SpecTree, text: str, capsys: pytest.CaptureFixture[str]) -> Work:
    """The work of checking a clean spec, its second check: the first warms this process's memos, so the
    count is the least (the strictest yardstick)."""
    path = _place(spec_tree, text, "clean.yaml")
    main(["check", "--no-cache", "-j", "1", str(path)])
    work = measured_check(path, capsys)
    path.unlink()
    assert work.status == 0 and work.calls > 0, work.out
    return work


@pytest.mark.parametrize("name", sorted(SLOW_CASES))
def test_issue_12_slow_cases_stay_within_a_work_budget(name: str, spec_tree: SpecTree,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    build, rule, clean = SLOW_CASES[name]
    text = build()
    clean_text = clean if clean is not None else WGMMA_SS.read_text(encoding="utf-8")
    # the case once, cold, as a user's check meets it
    base = _clean_work(spec_tree, clean_text, capsys)
    work = measured_check(_place(spec_tree, text, "x.yaml"), capsys)
    assert work.status == 1 and f"[{rule}]" in work.out, work.out
    print(f"{name}: {work.calls} calls ({work.calls / base.calls:.1f}x the clean spec's {base.calls}), "
          f"{work.points} layout points")
    assert work.points <= MAX_POINTS, f"{name}: {work.points} layout points enumerated"
    assert work.calls <= MAX_CALLS_RATIO * base.calls, (
        f"{name}: {work.calls} Python calls, {work.calls / base.calls:.0f}x the clean spec's {base.calls}")


@pytest.mark.campaign  # 6 s: a million profiled calls
def test_the_work_meter_sees_a_lifted_bound(spec_tree: SpecTree, capsys: pytest.CaptureFixture[str]) -> None:
    """The meter on the defect it exists for: with the proof's size bound lifted (as before issue 12),
    proof-expansion's check makes far more than MAX_CALLS_RATIO times the clean spec's calls."""
    from atomgen.check import polynomial

    build, _, clean = SLOW_CASES["proof-expansion"]
    base = _clean_work(spec_tree, clean, capsys)
    path = _place(spec_tree, build(), "x.yaml")
    with pytest.MonkeyPatch.context() as lifted:
        lifted.setattr(polynomial, "MAX_TERMS", 10**9)
        work = measured_check(path, capsys)
    assert work.calls > MAX_CALLS_RATIO * base.calls, (work.calls, base.calls)


TRAILING_NEWLINE = {
    # Identifier and name patterns accepted a trailing newline (Python's `$`); each one split
    # a CHECK line, broke a C++ string literal or the Python module.
    "intrinsic": ("intrinsic: rocdl.mfma.f32.16x16x16f16,", 'intrinsic: "rocdl.mfma.f32.16x16x16f16\\n",'),
    "python-name": ("{name: k, cpp_type: int32_t}", '{name: k, cpp_type: int32_t, python: "k\\n"}'),
    "tablegen_def": ("tablegen_def: FlyROCDL_MmaOpTest", 'tablegen_def: "FlyROCDL_MmaOpTest\\n"'),
    "op_class": ("intrinsic: rocdl.mfma.f32.16x16x16f16,", 'intrinsic: rocdl.mfma.f32.16x16x16f16, op_class: "X\\n",'),
    "variant": ("intrinsic: rocdl.mfma.f32.16x16x16f16,", 'intrinsic: rocdl.mfma.f32.16x16x16f16, variant: "V\\n",'),
    "instance-id": ("intrinsic: rocdl.mfma.f32.16x16x16f16,", 'intrinsic: rocdl.mfma.f32.16x16x16f16, id: "a\\n",'),
    "binding_class": ("threads: 64\n", 'threads: 64\npython: {binding_class: "MmaOpTestType\\n"}\n'),
    "mnemonic": ("mnemonic: cdna3.test", 'mnemonic: "cdna3.test\\n"'),
    "wrapper-name": ("threads: 64\n", 'threads: 64\npython: {wrappers: [{name: "Mfma\\n"}]}\n'),
}


@pytest.mark.parametrize("field", sorted(TRAILING_NEWLINE))
def test_issue_12_identifiers_refuse_a_trailing_newline(field: str, spec_tree: SpecTree) -> None:
    old, new = TRAILING_NEWLINE[field]
    path = spec_tree.write(_mma(old, new)())
    results = check_paths([str(path)], use_cache=False, prove=False)
    assert [d for d in results[0].diagnostics if d.rule == "AG101" and "\\n" in d.message], results[0].diagnostics


def test_issue_12_backend_path_with_a_trailing_newline_is_refused(spec_tree: SpecTree) -> None:
    backend = spec_tree.specs / "rocdl" / "backend.yaml"
    text = backend.read_text(encoding="utf-8")
    assert "  tests_dir: tests/mlir/Conversion\n" in text
    backend.write_text(text.replace("  tests_dir: tests/mlir/Conversion\n", '  tests_dir: "tests/mlir\\n"\n'))
    spec_tree.write(MINIMAL_MMA)
    result = run_cli("check", "--no-cache", str(spec_tree.specs))
    assert result.returncode == 1 and "tests_dir" in result.output, result.output


def test_issue_12_enum_value_cannot_become_code(spec_tree: SpecTree) -> None:
    text = (SPECS / "rocdl" / "cdna3" / "buffer_atomic.yaml").read_text(encoding="utf-8")
    assert "{atomicOp: add, valType: f32," in text
    path = spec_tree.write(text.replace("{atomicOp: add, valType: f32,", "{atomicOp: 'add\"); X(); //', valType: f32,"))
    results = check_paths([str(path)], use_cache=False, prove=False)
    assert {d.rule for d in results[0].diagnostics if d.severity == "error"} & {"AG101", "AG395"}, results


@pytest.mark.parametrize("bad", ["\\r", "\\0", "\\x1b", "\\u2028"])
def test_issue_12_control_characters_in_summary_are_refused(bad: str, spec_tree: SpecTree) -> None:
    path = spec_tree.write(MINIMAL_MMA + f'summary: "fast{bad}#error INJECTED"\n')
    results = check_paths([str(path)], use_cache=False, prove=False)
    summary_line = len(MINIMAL_MMA.splitlines()) + 1
    assert [d for d in results[0].diagnostics if d.rule == "AG007" and d.position.line == summary_line], results


def test_issue_12_newline_in_summary_stays_in_its_comment(spec_tree: SpecTree, tmp_path: Path) -> None:
    """A newline is legal in free text; gen must keep it out of column 0 of the C++."""
    text = (SPECS / "rocdl" / "cdna3" / "buffer_copy.yaml").read_text(encoding="utf-8")
    summary = next(line for line in text.splitlines() if line.startswith("summary:"))
    spec_tree.write(text.replace(summary, 'summary: "fast\\n#error INJECTED\\n*/ #error INJECTED /*"'))
    out = tmp_path / "out"
    result = run_cli("gen", str(spec_tree.specs), "--out", str(out))
    assert result.returncode == 0, result.output
    written = {p: p.read_text(encoding="utf-8") for p in out.rglob("*") if p.is_file()}
    assert any("INJECTED" in t for p, t in written.items() if p.name == "FlyROCDLExtension.cpp"), sorted(written)
    for path, body in written.items():
        if path.suffix == ".py":
            compile(body, str(path), "exec")  # there the text is docstring lines, harmless
        else:
            assert not re.search(r"^\s*#error", body, re.M), path
