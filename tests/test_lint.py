"""ruff and mypy are part of the test suite."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "atomgen", "tests", "bench"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _public_signatures_with_any(package: Path) -> list[str]:
    """`module:line: name` of each public function or method of `package` whose annotations name Any."""
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def visit(body: list[ast.stmt], prefix: str, path: Path = path) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                    visit(node.body, f"{node.name}.", path)
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name.startswith("_"):
                    continue
                arguments = node.args
                annotated = [a.annotation for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                                                    arguments.vararg, arguments.kwarg) if a and a.annotation]
                if any("Any" in ast.unparse(annotation) for annotation in [*annotated, node.returns] if annotation):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {prefix}{node.name}")

        visit(tree.body, "", path)
    return found


def test_the_spec_model_and_renderers_name_no_any_in_public_signatures() -> None:
    """Issue 20: atomgen/spec and atomgen/render are typed to their edges (YAML comes in as `object`, narrowed
    by atomgen/spec/yamldata.py; template contexts are `TemplateContext`)."""
    packages = [ROOT / "atomgen/spec", ROOT / "atomgen/render"]
    assert all(any(p.rglob("*.py")) for p in packages)
    found = [line for package in packages for line in _public_signatures_with_any(package)]
    assert not found, "\n".join(found)
