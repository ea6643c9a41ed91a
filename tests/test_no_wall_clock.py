"""No test compares elapsed time with a limit (issue 51, point 4).

A bound on seconds passes on a fast idle machine and fails on a slow or busy one, whatever the code does: speed
is measured by bench/ (ratios to a baseline of the same run), and the tests count work instead (points
enumerated, calls made: tests/test_hostile.py, tests/test_fuzz.py). Read from the test modules' syntax trees:

* a value is *timed* when it is assigned from an expression holding a clock reading (time.monotonic(),
  time.perf_counter(), time.time() and their _ns forms), a timed value, or a call of a function of the same
  module that returns one (`seconds = build_catalog(out)` where build_catalog returns
  `time.monotonic() - started`); an attribute of a timed value is timed (`result.seconds`);
* an *elapsed* value is a difference with a clock reading or a timed value in it, or a name assigned one.

Found: an `assert` whose test orders (<, <=, >, >=) a timed value against anything, and an `if` (or a
conditional expression, or a comprehension's filter) that orders an elapsed value: the limit checked there and
asserted later (`if elapsed > LIMIT: slow.append(...)`, then `assert not slow`). Not found: a deadline for
waiting on a process, `deadline = time.monotonic() + timeout` and `while ... time.monotonic() < deadline` or
`if time.monotonic() > deadline: kill` (tests/conftest.py, tests/test_kill.py): a sum, not a difference, and
no assertion on speed.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator, Union

TESTS = Path(__file__).resolve().parent
CLOCKS = {"monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns", "time_ns"}
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
Function = Union[ast.FunctionDef, ast.AsyncFunctionDef]


def _clock_names(module: ast.Module) -> set[str]:
    """Names bound to a clock by `from time import perf_counter [as clock]`."""
    return {alias.asname or alias.name for node in ast.walk(module) if isinstance(node, ast.ImportFrom)
            and node.module == "time" for alias in node.names if alias.name in CLOCKS}


def _is_clock(node: ast.AST, bare: set[str]) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in CLOCKS:
        return isinstance(func.value, ast.Name) and func.value.id == "time"
    return isinstance(func, ast.Name) and func.id in bare


def _targets(node: ast.AST) -> Iterator[str]:
    """The names an assignment binds, tuples unpacked. An item or an attribute assigned (`report["slowest"] =`,
    `self.seconds =`) does not make its container timed: a report holding one time among its counts is not a
    time (an attribute read from a timed value is: `result.seconds` of `result = timed_run()`)."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
        targets = [node.target]
    while targets:
        target = targets.pop()
        if isinstance(target, ast.Name):
            yield target.id
        elif isinstance(target, (ast.Tuple, ast.List)):
            targets.extend(target.elts)
        elif isinstance(target, ast.Starred):
            targets.append(target.value)


class _Reader:
    """Timed and elapsed values of one module, by name, found by repeating until nothing new turns up."""

    def __init__(self, module: ast.Module):
        self.module = module
        self.bare = _clock_names(module)
        self.timed: set[str] = set()
        self.elapsed: set[str] = set()
        self.timed_functions: set[str] = set()
        functions: list[Function] = [node for node in ast.walk(module)
                                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        assignments = [node for node in ast.walk(module)
                       if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.NamedExpr))
                       and node.value is not None]
        changed = True
        while changed:
            size = (len(self.timed), len(self.elapsed), len(self.timed_functions))
            for node in assignments:
                assert node.value is not None
                names = set(_targets(node))
                if self.holds_time(node.value):
                    self.timed |= names
                if self.is_elapsed(node.value):
                    self.elapsed |= names
            for function in functions:
                if any(isinstance(node, ast.Return) and node.value is not None and self.holds_time(node.value)
                       for node in ast.walk(function)):
                    self.timed_functions.add(function.name)
            changed = size != (len(self.timed), len(self.elapsed), len(self.timed_functions))

    def holds_time(self, node: ast.AST) -> bool:
        """Whether the expression holds a clock reading, a timed value, or a call of a timed function."""
        for part in ast.walk(node):
            if _is_clock(part, self.bare):
                return True
            if isinstance(part, ast.Name) and part.id in self.timed | self.elapsed:
                return True
            if isinstance(part, ast.Call) and isinstance(part.func, ast.Name) and part.func.id in self.timed_functions:
                return True
        return False

    def is_elapsed(self, node: ast.AST) -> bool:
        """Whether the expression holds a difference with time in it, or an elapsed value."""
        for part in ast.walk(node):
            if isinstance(part, ast.BinOp) and isinstance(part.op, ast.Sub) and (
                    self.holds_time(part.left) or self.holds_time(part.right)):
                return True
            if isinstance(part, ast.Name) and part.id in self.elapsed:
                return True
        return False

    def findings(self) -> list[str]:
        found = []
        for node in ast.walk(self.module):
            tests: list[tuple[ast.expr, bool]] = []  # (condition, whether any timed value counts)
            if isinstance(node, ast.Assert):
                tests.append((node.test, True))
            elif isinstance(node, (ast.If, ast.IfExp)):
                tests.append((node.test, False))
            elif isinstance(node, ast.comprehension):
                tests.extend((condition, False) for condition in node.ifs)
            for condition, in_assert in tests:
                for compare in ast.walk(condition):
                    if not isinstance(compare, ast.Compare) or not any(isinstance(op, ORDER) for op in compare.ops):
                        continue
                    operands = [compare.left, *compare.comparators]
                    judged = self.holds_time if in_assert else self.is_elapsed
                    if any(judged(operand) for operand in operands):
                        found.append(f"line {compare.lineno}: {ast.unparse(compare)}")
        return sorted(set(found), key=lambda text: int(text.split()[1].rstrip(":")))


def wall_clock_comparisons(source: str) -> list[str]:
    """Each comparison of elapsed time with a limit in a test module's source: 'line N: <comparison>'."""
    return _Reader(ast.parse(source)).findings()


def test_no_test_compares_elapsed_time_with_a_limit() -> None:
    modules = sorted(TESTS.glob("*.py"))
    assert TESTS / "conftest.py" in modules and len(modules) > 50
    found = {path.name: lines for path in modules
             if (lines := wall_clock_comparisons(path.read_text(encoding="utf-8")))}
    assert not found, ("a test compares elapsed time with a limit (count work instead, or measure a ratio in "
                       f"bench/): {found}")


# tests/test_catalog_browser.py before issue 51, verbatim (its imports and the two functions)
OLD_CATALOG_BROWSER = '''
import os
import subprocess
import sys
import time


def build_catalog(out: Path) -> float:
    started = time.monotonic()
    completed = subprocess.run(
        [sys.executable, "-m", "atomgen", "catalog", "specs/", "--out", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert completed.returncode == 0, completed.stderr
    return time.monotonic() - started


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("catalog") / "site"
    seconds = build_catalog(out)
    assert seconds < 30, f"catalog specs/ took {seconds:.1f} s (acceptance: under 30 s)"
    return out
'''

# tests/test_hostile.py, tests/test_inputs.py and tests/test_fuzz.py before issue 51 (excerpts)
OLD_HOSTILE = '''
def test_issue_12_slow_cases_finish_in_5_seconds(name, spec_tree, capsys):
    started = time.perf_counter()
    status = main(["check", "--no-cache", str(path)])
    elapsed = time.perf_counter() - started
    out, err = capsys.readouterr()
    assert status == 1 and f"[{rule}]" in out, out + err
    assert elapsed < 5, f"{name}: {elapsed:.1f} s"
'''
OLD_INPUTS = '''
class Run:
    def __init__(self, completed, seconds):
        self.returncode = completed.returncode
        self.seconds = seconds


def atomgen(*args, cwd):
    started = time.monotonic()
    completed = subprocess.run([sys.executable, "-m", "atomgen", *args], cwd=cwd, timeout=TIMEOUT, check=False)
    return Run(completed, time.monotonic() - started)


def test_refused(kind, spec_tree):
    result = atomgen("check", "specs", cwd=spec_tree.root)
    assert result.returncode == 1, result.output
    assert result.seconds < 10, result.seconds
'''
OLD_FUZZ = '''
def _campaign(worker, count):
    for index in range(count):
        started = time.perf_counter()
        try:
            diagnostics = _check(where, text, index % PROVE_EVERY == 0, backends)
        finally:
            elapsed = time.perf_counter() - started
            report["slowest"] = max(report["slowest"], elapsed)
            if elapsed > SLOW_SECONDS:
                report["slow"].append((round(elapsed, 1), text[:3000]))
'''
# the waits that stay: deadlines for a child process (tests/conftest.py, tests/test_kill.py), and timings that
# only spread kills over a write (tests/test_kill.py)
DEADLINES = '''
from time import perf_counter as clock


def wait(pid, timeout):
    deadline = time.monotonic() + timeout
    while True:
        done, wait_status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
    limit = clock() + 60
    while child.alive() and clock() < limit:
        time.sleep(0.0002)
    durations = []
    started = time.perf_counter()
    durations.append(time.perf_counter() - started)
    duration = sorted(durations)[1]
    time.sleep(generator.uniform(0, duration))
    assert result.returncode == 0
'''


def test_the_reader_finds_the_old_bounds_and_leaves_the_deadlines() -> None:
    """The reader on the defects it exists for (the suite's sources before issue 51), and on what stays."""
    assert wall_clock_comparisons(OLD_CATALOG_BROWSER) == ["line 26: seconds < 30"]
    assert wall_clock_comparisons(OLD_HOSTILE) == ["line 8: elapsed < 5"]
    assert wall_clock_comparisons(OLD_INPUTS) == ["line 17: result.seconds < 10"]
    assert wall_clock_comparisons(OLD_FUZZ) == ["line 10: elapsed > SLOW_SECONDS"]
    assert wall_clock_comparisons(DEADLINES) == []
    # the direct forms, and a clock imported by name
    assert wall_clock_comparisons("t = time.time()\nassert time.time() - t <= 2\n") == ["line 2: time.time() - t <= 2"]
    assert wall_clock_comparisons("from time import perf_counter\nx = perf_counter()\ny = perf_counter() - x\n"
                                  "ok = [1 for _ in ()if y >= 1]\n") == ["line 4: y >= 1"]
    assert wall_clock_comparisons("assert count < 30\nassert len(found) >= 1\n") == []
