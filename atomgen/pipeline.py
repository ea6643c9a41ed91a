"""The stages in order (docs/architecture.md): load -> validate -> model -> analyze -> render -> write.

`check` runs the first four over files, with its cache (atomgen/check/runner.py); `gen` runs
all six, and render reads the analysed atoms that check produced, so each spec is loaded,
modeled and analysed once per run. The writer receives plain data (atomgen/write/output.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence

from atomgen.diagnostics import Diagnostic

if TYPE_CHECKING:
    from atomgen.check.result import AnalysedAtom
    from atomgen.check.runner import SpecResult
    from atomgen.spec.backend import Backend
    from atomgen.spec.loader import LoadedSpec
    from atomgen.spec.model import AtomSpec
    from atomgen.write.output import Plan
    from atomgen.write.tree import TreeChanges


def model(loaded: "LoadedSpec") -> tuple[Optional["AtomSpec"], list[Diagnostic]]:
    """validate -> model: the typed spec, or the diagnostics that stopped it (placeholders, schema)."""
    from atomgen.spec.validate import validated_model

    return validated_model(loaded)


def analyse_loaded(
    loaded: "LoadedSpec", backend: Optional["Backend"], prove: bool = False
) -> tuple[Optional["AnalysedAtom"], list[Diagnostic]]:
    """validate -> model -> analyze for a spec already in memory (a scaffold, a mutant), with the
    shipped intrinsics table; the atom is None when the spec did not model."""
    from atomgen.check.analyze import analyze
    from atomgen.check.intrinsics import load_intrinsics

    spec, problems = model(loaded)
    if spec is None or (problems and not spec.partial):
        return None, problems
    intrinsics, _ = load_intrinsics(spec.backend)
    atom = analyze(spec, backend, intrinsics, prove=prove)
    if spec.partial:  # schema errors set aside: the rules' findings too, but no atom
        return None, problems + list(atom.diagnostics)
    return atom, list(atom.diagnostics)


@dataclass
class Checked:
    """What `check` said about the specs `gen` was given, and their analysed atoms when all is clean."""

    results: list["SpecResult"] = field(default_factory=list)
    atoms: list["AnalysedAtom"] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for r in self.results for d in r.diagnostics if d.severity == "error"]

    @property
    def internal_errors(self) -> list[str]:
        return [f"{r.path}: internal error: {r.internal_error}" for r in self.results if r.internal_error]


def check_for_gen(paths: Iterable[str]) -> Checked:
    """load -> validate -> model -> analyze every spec under `paths` (the check cache gives
    diagnostics and proofs; the models are built once, here), then certify the proofs with
    sympy. Raises runner.UsageError."""
    from atomgen.check.runner import check_paths

    results = check_paths(list(paths), side_files=False, keep_models=True)
    checked = Checked(results)
    if checked.errors or checked.internal_errors:
        return checked
    # Every fact the polynomial engine decided is decided again by sympy before anything derived
    # from the specs is written (cached certificates: a warm gen imports no sympy); a
    # disagreement is that spec's internal error (atomgen/check/certify.py).
    from atomgen.check.certify import certify_results

    certify_results(results)
    if checked.internal_errors:
        return checked
    checked.atoms = [r.analysis for r in results if r.analysis is not None]
    return checked


class RenderFailure(Exception):
    """Render raised on a checked spec: atomgen's bug, reported naming the spec and instance."""


def render(atoms: Sequence["AnalysedAtom"], profile: Any = None, tests: str = "representative") -> "Plan":
    """analyze -> render: every file and region the atoms generate, for an LLVM API profile and a
    selection of test instances (render/tests/select.py).

    A render failure on checked atoms is an internal error: RenderFailure names the first
    spec (and instance) that fails alone, never a traceback.
    """
    from atomgen.render import llvm_api
    from atomgen.render.plan import build_plan
    from atomgen.render.tests import select

    profile = profile if profile is not None else llvm_api.load(None)
    with llvm_api.using(profile), select.using(tests):
        try:
            return build_plan(atoms)
        except Exception as error:  # noqa: BLE001 - check accepted these specs: atomgen's bug
            raise RenderFailure(_first_failure(atoms) or f"cannot render: {type(error).__name__}: {error}") from None


def _first_failure(atoms: Sequence["AnalysedAtom"]) -> Optional[str]:
    """Render each atom alone; the first that raises, as 'spec (instance ...): error'."""
    from atomgen.render.plan import build_plan

    for atom in atoms:
        try:
            build_plan([atom])
        except Exception as error:  # noqa: BLE001 - reported as an internal error, never a traceback
            instance = next((i.id for i in atom.spec.instances if i.id in str(error)), None)
            where = f"{atom.spec.path} (instance {instance})" if instance else atom.spec.path
            return f"cannot render {where}: {type(error).__name__}: {error}"
    return None


def write(
    plan: "Plan",
    root: Path,
    into: bool = False,
    prune: bool = False,
    force: bool = False,
    report: Callable[[str], None] = lambda _: None,
    planner: Optional[Callable[[], "TreeChanges"]] = None,
) -> "TreeChanges":
    """render -> write: the plan's files under `root`, all or none (atomgen/write/tree.py)."""
    from atomgen.write.tree import write as write_tree

    return write_tree(plan, root, into=into, prune=prune, force=force, report=report, planner=planner)


def generate(paths: Iterable[str], root: Path, prune: bool = False) -> tuple[Checked, Optional["TreeChanges"]]:
    """The whole pipeline for a standalone tree, for callers that need no options (tests, scripts)."""
    checked = check_for_gen(paths)
    if not checked.atoms:
        return checked, None
    return checked, write(render(checked.atoms), root, prune=prune)
