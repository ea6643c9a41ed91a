"""The contract between check and gen (issue 8): a spec that `check` accepts always generates.

Shipped specs and filled scaffolds are mutated thousands of times in the fields gen reads
(tests/spec_mutants.py). Every mutant check accepts must render without an exception; every
mutant check rejects must be rejected with a rule id and a line. In-process and without proofs,
so the run stays in seconds.

Two tiers, as tests/test_fuzz.py: a plain `pytest` runs the first mutants of each campaign (same seeds:
the same mutants), `pytest -m campaign` the whole of it (3,200 mutants and 600 section swaps; the
environment variables below set other sizes).
"""

from __future__ import annotations

import copy
import dataclasses
import os
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import SPECS
from scaffold_answers import FILLED, FILLED_COPY, fill
from spec_mutants import mutant, swap_sections

from atomgen.check.intrinsics import load_intrinsics
from atomgen.pipeline import analyse_loaded
from atomgen.render.plan import build_plan
from atomgen.scaffold import scaffold_text
from atomgen.spec.backend import find_backend_file, load_backend
from atomgen.spec.loader import load_file, load_text

MUTANTS = int(os.environ.get("ATOMGEN_CONTRACT_MUTANTS", "3200"))  # the campaign tier
QUICK_MUTANTS = 300  # the default run: the campaign's first mutants
MAX_ROWS = 6  # mutants of a 100-row table test nothing a 6-row sample does not, at 20x the cost


def _shipped() -> list[Path]:
    return sorted(p for p in SPECS.rglob("*.yaml") if p.name not in ("backend.yaml", "intrinsics.yaml"))


def _sampled(loaded: Any, backend: Any) -> Any:
    """The spec with at most MAX_ROWS evenly spaced rows, when that sample still checks clean."""
    rows = loaded.data.get("instances") or []
    if len(rows) <= MAX_ROWS:
        return loaded
    step = len(rows) / MAX_ROWS
    data = dict(loaded.data, instances=[rows[int(i * step)] for i in range(MAX_ROWS)])
    sample = dataclasses.replace(loaded, data=data)
    return sample if not _check(sample, backend)[1] else loaded


def _subjects() -> list[tuple[Any, Any]]:
    """Shipped specs (row-sampled) and a filled `new mma` and `new copy` scaffold, each with its backend."""
    subjects = []
    for path in _shipped():
        loaded = load_file(path, str(path))
        backend_file = find_backend_file(path, str(loaded.data["backend"]))
        assert backend_file is not None
        backend = load_backend(backend_file, str(backend_file))[0]
        subjects.append((_sampled(loaded, backend), backend))
    rocdl = SPECS / "rocdl" / "backend.yaml"
    backend = load_backend(rocdl, str(rocdl))[0]
    for what, answers in (("mma", FILLED), ("copy", FILLED_COPY)):
        path = f"specs/rocdl/cdna3/new_{what}.yaml"
        loaded = load_text(fill(scaffold_text(what, "cdna3", "rocdl", f"new_{what}", path), answers), path)
        assert not _check(loaded, backend)[1], f"the filled {what} scaffold must check clean"
        subjects.append((loaded, backend))
    return subjects


def _check(loaded: Any, backend: Any) -> tuple[Any, list[Any]]:
    """validate -> model -> analyze (atomgen/pipeline.py): the analysed atom and its errors."""
    atom, problems = analyse_loaded(loaded, backend)
    return atom, [d for d in problems if d.severity == "error"]


def _tiers(quick: int, campaign: int) -> list[Any]:
    """The mutant counts of the two tiers, as a parameter: the campaign's marked (pytest -m campaign)."""
    return [pytest.param(quick, id="quick"),
            pytest.param(campaign, id="campaign", marks=[pytest.mark.campaign, pytest.mark.slow])]


@pytest.mark.parametrize("mutants", _tiers(QUICK_MUTANTS, MUTANTS))
def test_check_accepted_mutants_always_generate(mutants: int) -> None:
    rng = random.Random(int(os.environ.get("ATOMGEN_CONTRACT_SEED", "8")))
    subjects = _subjects()
    catalogs = {name: load_intrinsics(name)[0] for name in ("rocdl", "nvvm")}
    intrinsics = {name: sorted(c.entries) for name, c in catalogs.items() if c is not None}
    patterns = sorted({str(s.data["emission"]["pattern"]) for s, _ in subjects})
    accepted = rejected = 0
    failures: list[str] = []
    for number in range(mutants):
        loaded, backend = subjects[number % len(subjects)]
        data, what = mutant(loaded.data, rng, patterns, intrinsics[str(loaded.data["backend"])])
        variant = dataclasses.replace(loaded, data=data)
        atom, errors = _check(variant, backend)
        if errors:
            rejected += 1
            for diagnostic in errors:
                if not diagnostic.rule.startswith("AG") or diagnostic.position.line < 1:
                    failures.append(f"{loaded.path} [{what}]: rejected without rule/line: {diagnostic.format()}")
            continue
        accepted += 1
        try:
            build_plan([atom])
        except Exception as error:  # noqa: BLE001 - the finding this test exists for
            failures.append(f"{loaded.path} [{what}]: check accepts, gen fails: {type(error).__name__}: {error}")
    summary = f"{mutants} mutants: {accepted} accepted and generated, {rejected} rejected"
    assert not failures, summary + "\n" + "\n".join(failures[:40]) + f"\n({len(failures)} failures)"
    assert accepted > mutants // 20 and rejected > mutants // 4, summary


def _tdm_variant(edit: Any) -> list[Any]:
    """Rule ids check reports for the shipped TDM spec after `edit` changes its data."""
    path = SPECS / "rocdl" / "gfx1250" / "tdm.yaml"
    loaded = load_file(path, str(path))
    backend_file = find_backend_file(path, "rocdl")
    assert backend_file is not None
    data = copy.deepcopy(loaded.data)
    edit(data)
    _, errors = _check(dataclasses.replace(loaded, data=data), load_backend(backend_file, str(backend_file))[0])
    return [(d.rule, d.position.line) for d in errors]


def _parameter(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in data["parameters"] if p["name"] == name)


def test_tdm_needs_its_state_fields_and_a_positive_warp_count() -> None:
    # Each of these once passed check and then broke gen (ZeroDivisionError / CppRenderError).
    assert _tdm_variant(lambda d: None) == []
    dropped = _tdm_variant(lambda d: d.__setitem__("state", [f for f in d["state"] if f["name"] != "stride_3"]))
    assert [rule for rule, _ in dropped] == ["AG371"]
    zero = _tdm_variant(lambda d: _parameter(d, "numWarps").__setitem__("free", {"values": [0, 1, 2]}))
    assert [rule for rule, _ in zero] == ["AG371"] and zero[0][1] > 0
    outside = _tdm_variant(lambda d: _parameter(d, "numWarps").__setitem__("default", 3))
    assert [rule for rule, _ in outside] == ["AG392"]


SWAPS = int(os.environ.get("ATOMGEN_SWAP_MUTANTS", "600"))  # the campaign tier
QUICK_SWAPS = 120  # the default run: the campaign's first swaps


@pytest.mark.parametrize("swaps", _tiers(QUICK_SWAPS, SWAPS))
def test_specs_with_sections_swapped_between_them_check_or_generate(swaps: int) -> None:
    """Whole sections (layouts, instances, state, parameters, emission, python, verify ...) moved
    between shipped specs, mostly of the same backend: a mutant check accepts generates, a
    mutant it rejects is rejected with a rule id and a line."""
    rng = random.Random(int(os.environ.get("ATOMGEN_SWAP_SEED", "23")))
    subjects = _subjects()
    by_backend: dict[str, list[dict[str, Any]]] = {}
    for loaded, _ in subjects:
        by_backend.setdefault(str(loaded.data["backend"]), []).append(loaded.data)
    every = [loaded.data for loaded, _ in subjects]
    accepted = rejected = 0
    kinds: dict[str, int] = {}
    failures: list[str] = []
    for number in range(swaps):
        loaded, backend = subjects[number % len(subjects)]
        donors = by_backend[str(loaded.data["backend"])] if rng.random() < 0.8 else every
        data, what = swap_sections(loaded.data, donors, rng)
        atom, errors = _check(dataclasses.replace(loaded, data=data), backend)
        if errors:
            rejected += 1
            for diagnostic in errors:
                kinds[diagnostic.rule] = kinds.get(diagnostic.rule, 0) + 1
                if not diagnostic.rule.startswith("AG") or diagnostic.position.line < 1:
                    failures.append(f"{loaded.path} [{what}]: rejected without rule/line: {diagnostic.format()}")
            continue
        accepted += 1
        try:
            plan = build_plan([atom])
            for path, text in plan.owned.items():  # well-formed where a compiler is at hand
                if path.endswith(".py"):
                    compile(text, path, "exec")
        except Exception as error:  # noqa: BLE001 - the finding this test exists for
            failures.append(f"{loaded.path} [{what}]: check accepts, gen fails: {type(error).__name__}: {error}")
    summary = f"{swaps} section swaps: {accepted} accepted and generated, {rejected} rejected"
    assert not failures, summary + "\n" + "\n".join(failures[:40]) + f"\n({len(failures)} failures)"
    assert accepted > swaps // 20 and rejected > swaps // 4, summary
    print(summary, sorted(kinds.items(), key=lambda item: -item[1])[:12])
