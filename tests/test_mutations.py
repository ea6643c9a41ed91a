"""Mutation testing of the shipped layouts: break any number, and check must say where.

For every shipped spec, every layout string and every integer literal in it, three
mutations (n+1, 2n, 0) are written into a copy of the spec. Each mutant must either

  * fail `check` with an error on that layout's line, or
  * be semantically neutral: every instance evaluates, for that operand, to the same
    function (thr, val) -> index as before (e.g. the stride of a size-1 mode). Neutrality
    is computed, never listed by hand, so a mutation that changes a layout and still checks
    clean fails this test.

Most mutants run in-process (check_paths with prove=False); one runs through the CLI.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import SPECS, run_cli, shipped_specs

from atomgen.check.runner import analyze_file, check_paths
from atomgen.layout import algebra
from atomgen.spec.loader import JsonPath, load_file

LITERAL = re.compile(r"(?<![A-Za-z0-9_])\d+(?![A-Za-z0-9_])")


@dataclass(frozen=True)
class Mutant:
    spec: Path
    path: JsonPath  # of the layout string
    line: int
    role: str
    before: str  # the layout text
    after: str

    def __str__(self) -> str:
        return f"{self.spec.relative_to(SPECS)}:{self.line} {self.role}: {self.before!r} -> {self.after!r}"


def mutants(spec: Path) -> list[tuple[Mutant, str]]:
    """(mutant, mutated file text) for every literal of every layout string of `spec`."""
    loaded = load_file(spec)
    lines = loaded.text.splitlines(keepends=True)
    found: list[tuple[Mutant, str]] = []
    for role, value in loaded.data["layouts"].items():
        paths: list[JsonPath] = (
            [("layouts", role)] if isinstance(value, str)
            else [("layouts", role, index, "layout") for index in range(len(value))]
        )
        for path in paths:
            text = loaded.data[path[0]][path[1]] if len(path) == 2 else value[path[2]]["layout"]
            start = loaded.string_starts[path]
            line = lines[start.line - 1]
            begin = start.column - 1
            assert line[begin:begin + len(text)] == text, f"{spec}:{start.line}: layout is not verbatim on its line"
            for match in LITERAL.finditer(text):
                number = int(match.group())
                for replacement in sorted({number + 1, number * 2, 0} - {number}):
                    after = text[: match.start()] + str(replacement) + text[match.end():]
                    new_line = line[:begin] + after + line[begin + len(text):]
                    mutated = "".join(lines[: start.line - 1] + [new_line] + lines[start.line:])
                    found.append((Mutant(spec, path, start.line, role, text, after), mutated))
    return found


def _functions(result: Any, role: str) -> list[Any]:
    """Per instance: the operand's layout as a function (thread count, size, image)."""
    functions = []
    for evaluated in result.analysis.evaluated:
        operand = evaluated.operands.get(role)
        if operand is None:
            functions.append(None)
            continue
        layout = operand.layout
        threads = algebra.size(algebra.mode(layout, 0)) if algebra.rank(layout) == 2 else algebra.size(layout)
        functions.append((threads, algebra.size(layout), algebra.image(layout)))
    return functions


def _copy_tree(spec: Path, root: Path) -> Path:
    """A copy of the spec's backend folder layout (backend.yaml and the spec) under root."""
    relative = spec.relative_to(SPECS)
    backend = relative.parts[0]
    target = root / "specs" / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(SPECS / backend / "backend.yaml", root / "specs" / backend / "backend.yaml")
    return target


@pytest.mark.parametrize("spec", shipped_specs(), ids=[str(p.relative_to(SPECS)) for p in shipped_specs()])
def test_every_layout_literal_mutation_is_caught(spec: Path, tmp_path: Path) -> None:
    target = _copy_tree(spec, tmp_path)
    target.write_text(spec.read_text(encoding="utf-8"), encoding="utf-8")
    original = analyze_file(target, str(target), prove=False)
    assert original.diagnostics == [], "the shipped spec must be clean to start with"
    missed: list[str] = []
    neutral = 0
    cases = mutants(spec)
    assert cases, f"{spec} has no integer literal in any layout"
    for mutant, text in cases:
        target.write_text(text, encoding="utf-8")
        [result] = check_paths([str(target)], use_cache=False, prove=False)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        if errors:
            if not any(d.position.line == mutant.line for d in errors):
                missed.append(f"{mutant}: errors point elsewhere: {[d.format() for d in errors]}")
            continue
        mutated = analyze_file(target, str(target), prove=False)
        if _functions(mutated, mutant.role) != _functions(original, mutant.role):
            missed.append(f"{mutant}: the layout changed and check is clean")
        neutral += 1
    assert not missed, "\n".join(missed)
    # Neutral mutants exist (size-1 modes), but they cannot be the majority of any spec.
    assert neutral < len(cases) / 2, f"{neutral} of {len(cases)} mutants were neutral"


def test_mutation_end_to_end(tmp_path: Path) -> None:
    """Through the CLI: a coverage-breaking stride in mfma's A layout, pointed at its line."""
    spec = SPECS / "rocdl" / "cdna3" / "mfma.yaml"
    target = _copy_tree(spec, tmp_path)
    original = 'a: "((m, G), KPT) : ((1, m*KPT), m)"'
    text = spec.read_text(encoding="utf-8")
    line = text[: text.index(original)].count("\n") + 1
    target.write_text(text.replace(original, 'a: "((m, G), KPT) : ((2, m*KPT), m)"'), encoding="utf-8")
    result = run_cli("check", "--no-cache", str(target))
    assert result.returncode == 1, result.output
    assert f"{target}:{line}:6: error[AG32" in result.stdout, result.output
    assert "Traceback" not in result.output


def test_mutants_are_enumerated() -> None:
    """The generator finds every literal: mfma has 4 layouts with 1+1+1+3 literals."""
    found = mutants(SPECS / "rocdl" / "cdna3" / "mfma.yaml")
    by_role: dict[str, int] = {}
    for mutant, _ in found:
        by_role[mutant.role] = by_role.get(mutant.role, 0) + 1
    # thr "64:1": 64 -> 65, 128, 0 and 1 -> 2, 0; a/b "... (1, ...)": 1 -> 2, 0;
    # c "(4, m/4/GN)) : ((m, 4), (1, 4*GN))": four 4s and a 1.
    assert by_role == {"thr": 5, "a": 2, "b": 2, "c": 4 * 3 + 2}
