"""The pipeline (atomgen/pipeline.py): `gen` renders from the atoms `check` analysed, so each spec is
loaded and modeled once per run, with the check cache warm or cold, and writes what generated/ holds."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO

import atomgen.pipeline
import atomgen.spec.loader
import atomgen.spec.model
from atomgen.cli import main

SPEC = "specs/rocdl/cdna3/mfma.yaml"


def _counting(monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[str], Counter[str]]:
    """Calls of the load and model stages, per spec file (the real functions, counted)."""
    loads: Counter[str] = Counter()
    models: Counter[str] = Counter()
    load_file, build_model = atomgen.spec.loader.load_file, atomgen.spec.model.build_model

    def counted_load(path: Any, display: str) -> Any:
        loads[str(display)] += 1
        return load_file(path, display)

    def counted_model(loaded: Any) -> Any:
        models[str(loaded.path)] += 1
        return build_model(loaded)

    monkeypatch.setattr(atomgen.spec.loader, "load_file", counted_load)
    monkeypatch.setattr(atomgen.spec.model, "build_model", counted_model)
    return loads, models


@pytest.mark.parametrize("warm_check_cache", [False, True], ids=["cold", "check-cached"])
def test_gen_loads_and_models_each_spec_once(
    warm_check_cache: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path / "cache"))
    if warm_check_cache:  # check's results are cached; gen must still model each spec (once) to render it
        assert main(["check", SPEC]) == 0
    loads, models = _counting(monkeypatch)
    out = tmp_path / "out"
    assert main(["gen", SPEC, "--out", str(out), "--quiet"]) == 0
    assert loads[SPEC] == 1 and models[SPEC] == 1, (loads, models)
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    owned = [p for p in written if "MFMA" in p or "mfma" in p]
    assert owned, written
    for relative in owned:  # the atom's own files are byte for byte the checked-in tree's
        assert (out / relative).read_text(encoding="utf-8") == (REPO / "generated" / relative).read_text(
            encoding="utf-8"
        ), relative
    # Nothing changed: the render cache answers, and no spec is loaded at all.
    loads.clear()
    models.clear()
    assert main(["gen", SPEC, "--out", str(out), "--check", "--quiet"]) == 0
    assert not loads and not models, (loads, models)


def test_rejections_are_computed_once_by_analysis_and_rendered_as_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The analysed atom computes the configurations verify() rejects (from its verify plan), once per
    spec and only when render reads them; render only writes them: every case id found is a function
    of the generated `_verify` file. `check` alone computes neither."""
    import atomgen.check.rejections

    spec = "specs/rocdl/gfx1250/wmma_scale.yaml"
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path / "cache"))
    calls: list[str] = []
    found: list[Any] = []
    real = atomgen.check.rejections.rejections

    def counted(atom_spec: Any, plan: Any) -> Any:
        calls.append(str(atom_spec.path))
        found.extend(real(atom_spec, plan))
        return tuple(found)

    monkeypatch.setattr(atomgen.check.rejections, "rejections", counted)
    assert main(["check", spec, "--no-cache"]) == 0
    assert calls == []
    out = tmp_path / "out"
    assert main(["gen", spec, "--out", str(out), "--quiet"]) == 0
    assert len(calls) == 1, calls
    kinds = {r.kind for r in found}
    assert {"table", "free", "constraint"} <= kinds, kinds
    text = (out / "tests/mlir/Conversion/atomgen/gfx1250_wmma_scale_verify.mlir").read_text(encoding="utf-8")
    for rejection in found:
        assert f"// {rejection.id}: " in text, rejection.id


def test_render_sizes_registers_from_the_analysed_packing() -> None:
    """Each instance's packed register types are parsed once, in analysis (AnalysedAtom.packing), and the
    test renderer sizes the MMA register memrefs from them: a packing twice as wide gives twice the count."""
    import dataclasses

    from atomgen.render.tests.files import render as render_tests
    from atomgen.spec.backend import load_backend
    from atomgen.spec.loader import load_file
    from atomgen.spec.mlir_types import parse_packed

    backend_file = REPO / "specs/rocdl/backend.yaml"
    backend = load_backend(backend_file, str(backend_file))[0]
    atom, problems = atomgen.pipeline.analyse_loaded(load_file(REPO / SPEC, SPEC), backend)
    assert atom is not None and not [d for d in problems if d.severity == "error"]
    assert len(atom.packing) == len(atom.spec.instances)
    first = atom.spec.instances[0]
    assert atom.packed_for(first) == {role: parse_packed(text) for role, text in first.packed.items()}
    a = atom.packed_for(first)["a"]
    wide = tuple({**row, "a": a._replace(length=a.length * 2)} if i == 0 else row for i, row in enumerate(atom.packing))
    plain = render_tests(atom, backend).files
    widened = render_tests(dataclasses.replace(atom, packing=wide), backend).files
    changed = [path for path in plain if plain[path] != widened[path]]
    assert changed, "the renderer did not read the analysed packing"
    element = str(atom.spec.instances[0].values[atom.spec.operand_types["a"]])
    assert any(f"%a: !fly.memref<{element}, register, {a.length * 2}:1>" in widened[path] for path in changed)
