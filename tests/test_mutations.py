"""Mutation testing of the shipped layouts: break any number, and check must say where.

For every shipped spec, every layout string and every integer literal in it, three
mutations (n+1, 2n, 0) are written into a copy of the spec. Each mutant must either

  * fail `check` with an error on that layout's line, or
  * be semantically neutral: every instance evaluates, for that operand, to the same
    function (thr, val) -> index as before (e.g. the stride of a size-1 mode). Neutrality
    is computed, never listed by hand, so a mutation that changes a layout and still checks
    clean fails this test.

Mutants are checked in-process from the validated data (see Subject); a test compares that
shortcut with check_paths on real files, and one mutant runs through the CLI.

Two tiers: a plain `pytest` tries every QUICK_STRIDE-th mutant of each spec (every spec, a third of its
mutants); `pytest -m campaign` tries them all.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import SPECS, run_cli, shipped_specs

from atomgen.check.analyze import analyze
from atomgen.check.intrinsics import load_intrinsics
from atomgen.check.runner import check_paths
from atomgen.diagnostics import Diagnostic
from atomgen.layout import algebra
from atomgen.spec.backend import find_backend_file, load_backend
from atomgen.spec.loader import JsonPath, load_file
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.model import build_model
from atomgen.spec.validate import validate
from atomgen.spec.variables import instance_variables, select_piece

LITERAL = re.compile(r"(?<![A-Za-z0-9_])\d+(?![A-Za-z0-9_])")
QUICK_STRIDE = 3


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
            start = loaded.char_position(path, 0)
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


def _functions(evaluated: list[Any], role: str) -> list[Any]:
    """Per instance: the operand's layout as a function (thread count, size, image)."""
    functions: list[Any] = []
    for instance in evaluated:
        operand = instance.operands.get(role)
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


class Subject:
    """One shipped spec, loaded and validated once; mutants are checked from its data.

    A mutant changes digits inside one quoted layout string, so YAML structure, positions
    and schema validity are those of the original: only the model and analysis stages need
    to run again (`test_fast_path_agrees_with_check_paths` checks this shortcut against
    check_paths). Instances whose layout-relevant facts are identical (instance variables,
    chosen layout pieces, packed widths, val_bits) evaluate identically under any layout
    mutation, so one representative of each class is analyzed; a small sample (the smallest
    and the largest instance using each layout piece) is tried first, all classes only when
    the sample does not catch the mutant.
    """

    def __init__(self, spec: Path):
        self.spec = spec
        self.loaded = load_file(spec, str(spec))
        assert validate(self.loaded) == []
        model, problems = build_model(self.loaded)
        assert model is not None and problems == []
        backend_file = find_backend_file(spec, model.backend)
        self.backend = load_backend(backend_file, str(backend_file))[0] if backend_file else None
        self.catalog = load_intrinsics(model.backend)[0]
        classes: dict[Any, tuple[int, int]] = {}  # key -> (tile cost, instance index)
        smallest: dict[tuple[str, int], tuple[int, int]] = {}
        largest: dict[tuple[str, int], tuple[int, int]] = {}
        for instance in model.instances:
            variables = instance_variables(model, instance)
            chosen = []
            for role, pieces in model.layouts.items():
                piece = select_piece(model, role, instance, variables)
                chosen.append((role, pieces.index(piece) if piece is not None else -1))
            packed = tuple(sorted((k, getattr(parse_packed(v), "bits", v)) for k, v in instance.packed.items()))
            key = (tuple(sorted(variables.items())), tuple(chosen), packed, instance.val_bits)
            cost = sum(v for k, v in variables.items() if k in ("m", "n", "k", "bitSize"))
            entry = (cost, instance.index)
            classes[key] = min(classes.get(key, entry), entry)
            for choice in chosen:
                smallest[choice] = min(smallest.get(choice, entry), entry)
                largest[choice] = max(largest.get(choice, entry), entry)
        self.representatives = sorted(index for _, index in classes.values())
        self.sample = sorted({index for _, index in [*smallest.values(), *largest.values()]})
        self.all = list(range(len(model.instances)))

    def check(self, text: str, layout_path: JsonPath, layout: str, chosen: list[int]) -> tuple[list[Diagnostic], Any]:
        data = dict(self.loaded.data)
        data["layouts"] = dict(data["layouts"])
        if len(layout_path) == 2:
            data["layouts"][layout_path[1]] = layout
        else:
            pieces = [dict(p) for p in data["layouts"][layout_path[1]]]
            pieces[int(layout_path[2])]["layout"] = layout
            data["layouts"][layout_path[1]] = pieces
        loaded = dataclasses.replace(self.loaded, data=data, text=text)
        model, problems = build_model(loaded)
        assert model is not None
        model = dataclasses.replace(model, instances=tuple(model.instances[i] for i in chosen))
        analysis = analyze(model, self.backend, self.catalog, prove=False)
        return problems + list(analysis.diagnostics), analysis.evaluated

    @functools.cached_property
    def _original(self) -> list[Any]:
        thr = ("layouts", "thr")
        return self.check(self.loaded.text, thr, self.loaded.data["layouts"]["thr"], self.representatives)[1]

    def original(self) -> list[Any]:
        """The unmutated spec's evaluated representatives (computed once, when needed)."""
        return self._original


@pytest.mark.parametrize("stride", [pytest.param(QUICK_STRIDE, id="quick"),
                                    pytest.param(1, id="campaign", marks=pytest.mark.campaign)])
@pytest.mark.parametrize("spec", shipped_specs(), ids=[str(p.relative_to(SPECS)) for p in shipped_specs()])
def test_every_layout_literal_mutation_is_caught(spec: Path, stride: int) -> None:
    subject = Subject(spec)
    missed: list[str] = []
    cases = mutants(spec)[::stride]
    assert cases, f"{spec} has no integer literal in any layout"
    for mutant, text in cases:
        caught = False
        for chosen in (subject.sample, subject.representatives):
            diagnostics, evaluated = subject.check(text, mutant.path, mutant.after, chosen)
            errors = [d for d in diagnostics if d.severity == "error"]
            caught = any(d.position.line == mutant.line for d in errors)
            if caught:
                break
        if caught:
            continue
        if errors:
            missed.append(f"{mutant}: errors point elsewhere: {[d.format() for d in errors]}")
        elif _functions(evaluated, mutant.role) != _functions(subject.original(), mutant.role):
            missed.append(f"{mutant}: the layout changed and check is clean")
        # else: semantically neutral (e.g. the stride of a size-1 mode): the same function.
    assert not missed, "\n".join(missed)


@pytest.mark.parametrize("name", ["rocdl/cdna3/mfma.yaml", "rocdl/cdna4/lds_read_trans.yaml"])
def test_fast_path_agrees_with_check_paths(name: str, tmp_path: Path) -> None:
    """The shortcut above reports what the real pipeline (check_paths on a file) reports."""
    spec = SPECS / name
    subject = Subject(spec)
    target = _copy_tree(spec, tmp_path)
    every = list(mutants(spec))
    assert every
    for mutant, text in every:
        target.write_text(text, encoding="utf-8")
        [result] = check_paths([str(target)], use_cache=False, prove=False)
        real = {(d.rule, d.position.line, d.position.column) for d in result.diagnostics}
        diagnostics, _ = subject.check(text, mutant.path, mutant.after, subject.all)
        fast = {(d.rule, d.position.line, d.position.column) for d in diagnostics}
        assert fast == real, str(mutant)


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
