"""The suite's own tests can fail: no assertion that is true whatever happens, and no test whose every
assertion sits in a loop over a collection it never shows to be non-empty (an empty collection would
pass it without checking anything). Read from the test modules' syntax trees."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _modules() -> list[tuple[Path, ast.Module]]:
    found = [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(TESTS.glob("test_*.py"))]
    assert found
    return found


def _tests(module: ast.Module) -> list[ast.FunctionDef]:
    return [node for node in ast.walk(module) if isinstance(node, ast.FunctionDef) and node.name.startswith("test")]


def _literal(iterable: ast.expr) -> bool:
    """A loop over a non-empty literal (or range of constants) cannot run zero times."""
    if isinstance(iterable, (ast.List, ast.Tuple, ast.Set)):
        return bool(iterable.elts)
    if isinstance(iterable, ast.Dict):
        return bool(iterable.keys)
    return (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "range"
            and bool(iterable.args) and all(isinstance(a, ast.Constant) for a in iterable.args))


def loop_only_tests(module: ast.Module) -> list[str]:
    """Tests with assertions, all of them inside loops over collections that are not literals."""
    found = []
    for test in _tests(module):
        asserts = [node for node in ast.walk(test) if isinstance(node, ast.Assert)]
        looped = {id(node) for loop in ast.walk(test) if isinstance(loop, ast.For) and not _literal(loop.iter)
                  for node in ast.walk(loop) if isinstance(node, ast.Assert)}
        if asserts and all(id(node) in looped for node in asserts):
            found.append(f"{test.name} (line {test.lineno})")
    return found


def always_true_asserts(module: ast.Module) -> list[str]:
    """`assert X or True` and friends: an `or` with a true constant among its operands."""
    return [f"line {node.lineno}" for node in ast.walk(module)
            if isinstance(node, ast.Assert) and isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.Or)
            and any(isinstance(v, ast.Constant) and v.value for v in node.test.values)]


def test_no_test_asserts_only_inside_loops_over_unchecked_collections() -> None:
    found = {path.name: names for path, module in _modules() if (names := loop_only_tests(module))}
    assert not found, f"assert the collection is non-empty before its loop: {found}"


def test_no_assertion_is_true_whatever_happens() -> None:
    found = {path.name: lines for path, module in _modules() if (lines := always_true_asserts(module))}
    assert not found, found


def test_the_readers_see_both_defects() -> None:
    """Each reader on the defect it exists for, and on its repair."""
    looped = ast.parse("def test_x(items):\n    for item in items:\n        assert item\n")
    guarded = ast.parse("def test_x(items):\n    assert items\n    for item in items:\n        assert item\n")
    literal = ast.parse("def test_x():\n    for item in (1, 2):\n        assert item\n")
    assert loop_only_tests(looped) == ["test_x (line 1)"]
    assert loop_only_tests(guarded) == [] and loop_only_tests(literal) == []
    assert always_true_asserts(ast.parse("assert f() or True\n")) == ["line 1"]
    assert always_true_asserts(ast.parse("assert f() or g()\n")) == []
