"""The files beside the specs (rule family AG10x): backend.yaml and the project intrinsics table.

A spec whose backend file is missing, whose project intrinsics file is broken, or whose backend declares
no test builder gets one finding at its `backend:` field; the files themselves are validated by
their own schemas (atomgen/check/runner.py, check_side_file).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional, Sequence

from atomgen.diagnostics import Diagnostic, Position, Rule
from atomgen.spec.backend import BACKEND_FILE, BACKEND_FILE_RULE, Backend, backend_folder
from atomgen.spec.model import AtomSpec

PROJECT_INTRINSICS = Rule(
    "AG106",
    "project-intrinsics",
    "The project intrinsics file (specs/<backend>/intrinsics.yaml) is invalid.",
    "A project intrinsics file extends the shipped one; a broken file must not silently drop the intrinsics a spec "
    "relies on.",
    "intrinsics:\n  rocdl.mfma.f64.16x16x4f64: {op_class: mfma_f64_16x16x4f64}   # no subtargets, no source",
    "Run `atomgen check specs/<backend>/intrinsics.yaml` and fix what it reports (schema/intrinsics.schema.json).",
)

NO_TEST_BUILDER = Rule(
    "AG107",
    "no-test-builder",
    "The backend declares no test_builder, so its atoms get no FileCheck tests (a warning).",
    "Generated tests are how a new atom is exercised through the real pipeline; a backend that silently gets "
    "none looks tested and is not.",
    "backend.yaml without `test_builder:`",
    "Declare `test_builder: rocdl` or `ptx` (the IR idioms the tests use), or `none` to say there are none.",
)

RULES = (
    PROJECT_INTRINSICS,
    NO_TEST_BUILDER,
)


def backend_findings(
    spec: AtomSpec,
    backend: Optional[Backend],
    backend_problems: list[Diagnostic],
    project_intrinsics: Optional[str],
    intrinsics_problems: Sequence[Diagnostic],
) -> list[Diagnostic]:
    """What is wrong with the spec's backend file and project intrinsics file, at the spec's `backend:` field."""
    found = list(backend_problems)
    display = spec.path

    def where() -> Position:  # asked only for a finding: positions are read from the text on demand
        return spec.position(("backend",))

    if intrinsics_problems:
        found.append(
            PROJECT_INTRINSICS.finding(
                f"the project intrinsics file {project_intrinsics} is invalid ({len(intrinsics_problems)} finding(s); "
                f"`atomgen check {project_intrinsics}` lists them): its entries are ignored",
                display,
                where(),
            )
        )
    if backend is not None and backend.test_builder is None:
        found.append(
            NO_TEST_BUILDER.finding(
                f"backend {backend.name} declares no test_builder, so gen writes no FileCheck tests for this "
                f"atom: set test_builder (rocdl, ptx, or none) in {backend.path}",
                display,
                where(),
                severity="warning",
            )
        )
    if backend is None and not found:
        folder = backend_folder(Path(spec.path), spec.backend) if spec.path else None
        file = None if folder is None else folder / BACKEND_FILE
        shown = None if file is None else str(file) if os.path.isabs(display) else os.path.relpath(file)
        expected = f"{shown} is missing" if shown is not None else (
            f"no folder named '{spec.backend}' above this spec holds a {BACKEND_FILE}")
        found.append(
            BACKEND_FILE_RULE.finding(
                f"backend '{spec.backend}' has no description: {expected}; gen cannot write this atom without it "
                f"(`atomgen new backend {spec.backend}` scaffolds one)",
                display,
                where(),
            )
        )
    return found
