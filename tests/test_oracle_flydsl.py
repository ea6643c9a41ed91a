"""`atomgen oracle flydsl`: the audit of specs against the real FlyDSL compiler (flydsl wheel)."""

from __future__ import annotations

import argparse
import json
import os
import shutil
from pathlib import Path

import pytest

from atomgen.layout.algebra import Layout
from atomgen.oracle import command as oracle_command
from atomgen.oracle.flydsl import audit as flydsl
from atomgen.oracle.flydsl import client as flydsl_client
from atomgen.oracle.flydsl import compare as flydsl_compare
from atomgen.oracle.flydsl import lowering as flydsl_lowering
from atomgen.oracle.flydsl import report as flydsl_report
from atomgen.spec.defects import matches_declaration
from atomgen.spec.model import KnownDefect

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
DOCS = REPO / "docs"

needs_flydsl = pytest.mark.skipif(flydsl_client.installed_flydsl_version() is None, reason="flydsl is not installed")

MFMA_TYPE = "!fly.mma_atom<!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>>"
ABORTING_TYPE = "!fly.mma_atom<!fly_rocdl.cdna3.mfma<32x16x8, (f16, f16) -> f32>>"  # assert(m == n)


def _args(*paths: str, **extra: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    oracle_command.add_flydsl_arguments(parser)
    args = parser.parse_args([*paths])
    for key, value in extra.items():
        setattr(args, key, value)
    return args


def _copy_spec(tmp_path: Path, relative: str, edit: tuple[str, str] | None = None, append: str = "") -> Path:
    """A copy of a shipped spec (with its backend.yaml) in a temporary tree, optionally edited."""
    source = SPECS / relative
    target = tmp_path / "specs" / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(SPECS / "rocdl" / "backend.yaml", tmp_path / "specs" / "rocdl" / "backend.yaml")
    text = source.read_text(encoding="utf-8")
    if edit is not None:
        assert edit[0] in text, edit[0]
        text = text.replace(edit[0], edit[1])
    if append:
        marker = "\npython:\n"
        text = text.replace(marker, "\n" + append + marker, 1)
    target.write_text(text, encoding="utf-8")
    return target


def _open(reports: list[flydsl_report.AtomReport]) -> list[flydsl_report.Finding]:
    return [f for r in reports for f in r.open_findings]


# --------------------------------------------------------------------------- pure functions
def test_layouts_compare_as_functions_not_strings() -> None:
    compare = flydsl_compare.compare_layouts
    assert compare(Layout(((16, 1), (4, 1)), ((1, 0), (16, 0))), Layout((16, 4), (1, 16))) is None
    message = compare(Layout((16, 4), (1, 16)), Layout((16, 4), (4, 1)))
    assert message == "first difference at (thr=1, val=0): spec -> 1, FlyDSL -> 4"
    assert "domain differs" in str(compare(Layout((16, 4), (1, 16)), Layout((16, 2), (1, 16))))


def test_declaration_matching_convention() -> None:
    glob = KnownDefect.read({"configuration": "32x32x1 f32 f32 f32 | 16x16x* * * f16", "kind": "acceptance"})
    assert matches_declaration(glob, "acceptance", "32x32x1 f32 f32 f32")
    assert matches_declaration(glob, "acceptance", "16x16x32 f16 f16 f16")
    assert not matches_declaration(glob, "layout", "32x32x1 f32 f32 f32")
    assert not matches_declaration(glob, "acceptance", "32x32x2 f32 f32 f32")
    m_not_n = KnownDefect.read({"configuration": r"/(\d+)x(?!\1x)\d+x\d+ .*/"})  # kind: acceptance by default
    assert matches_declaration(m_not_n, "acceptance", "32x16x8 f16 f16 f32")
    assert not matches_declaration(m_not_n, "acceptance", "16x16x8 f16 f16 f32")


def test_version_gate_refuses_missing_and_old_flydsl(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(flydsl_client, "installed_flydsl_version", lambda: None)
    assert oracle_command.run_flydsl(_args()) == 2
    assert "flydsl is not installed" in capsys.readouterr().err
    monkeypatch.setattr(flydsl_client, "installed_flydsl_version", lambda: "0.4.9")
    assert oracle_command.run_flydsl(_args()) == 2
    err = capsys.readouterr().err
    assert "older than the minimum 0.5.0" in err and "pip install" in err


def test_command_registers_flydsl_and_cute() -> None:
    from atomgen.cli import build_parser

    args = build_parser("oracle").parse_args(["oracle", "flydsl", "specs/rocdl/cdna3/mfma.yaml", "--format", "json"])
    assert args.oracle == "flydsl" and args.format == "json"


# --------------------------------------------------------------------------- the worker
@needs_flydsl
@pytest.mark.parametrize("isolate", [True, False], ids=["forked-children", "worker-restart"])
def test_worker_abort_becomes_an_answer(isolate: bool) -> None:
    answers = flydsl_client.run_worker("types", [MFMA_TYPE, ABORTING_TYPE, MFMA_TYPE], isolate=isolate)
    assert [a["type"] for a in answers] == [MFMA_TYPE, ABORTING_TYPE, MFMA_TYPE]
    assert answers[0]["ok"] and answers[2]["ok"]
    assert answers[1]["aborted"] and not answers[1]["ok"]
    assert "MmaAtom.cpp" in answers[1]["error"]


@needs_flydsl
@pytest.mark.campaign  # the oracle's own mistakes injected, each a full wheel run (6-20 s)
def test_aborting_instance_is_a_finding_not_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row = ("  - {m: 32, n: 16, k: 8, elemTyA: f16, elemTyB: f16, elemTyAcc: f32, intrinsic: rocdl.mfma.f32.32x16x8f16, "
           "packed: {a: vector<4xf16>, b: vector<4xf16>, c: vector<8xf32>}}")
    spec = _copy_spec(tmp_path, "rocdl/cdna3/mfma.yaml", append=row)
    reports = flydsl.audit([str(spec)], sweep=False)
    findings = [f for f in reports[0].findings if f.configuration == "32x16x8 f16 f16 f32"]
    assert len(findings) == 1
    assert findings[0].check == "acceptance" and "FlyDSL aborts while parsing" in findings[0].message
    code = oracle_command.run_flydsl(_args(str(spec), no_sweep=True, format="json"))
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    data = json.loads(out.out)
    assert any("aborts" in f["message"] for f in data["atoms"][0]["findings"])
    assert code in (0, 1)


# --------------------------------------------------------------------------- injected disagreements
@needs_flydsl
@pytest.mark.campaign  # the oracle's own mistakes injected, each a full wheel run (6-20 s)
def test_injected_wrong_layout_is_exactly_a_layout_finding(tmp_path: Path) -> None:
    spec = _copy_spec(tmp_path, "rocdl/gfx11/wmma.yaml",
                      edit=('c: "((16, 2), 8) : ((16, 1), 2)"', 'c: "((16, 2), 8) : ((1, 16), 2)"'))
    found = _open(flydsl.audit([str(spec)]))
    assert found and {f.check for f in found} == {"layout"}
    assert [f.configuration for f in found] == [f"16x16x16 {t}" for t in ("f16 f16 f32", "bf16 bf16 f32",
                                                                        "i8 i8 i32", "i4 i4 i32")]
    assert all(f.message.startswith("c: spec ((16,2),8):((1,16),2), FlyDSL ((16,2),8):((16,1),2)") for f in found)
    assert "first difference at (thr=1, val=0): spec -> 1, FlyDSL -> 16" in found[0].message


@needs_flydsl
@pytest.mark.campaign  # the oracle's own mistakes injected, each a full wheel run (6-20 s)
def test_injected_wrong_intrinsic_is_exactly_a_lowering_finding(tmp_path: Path) -> None:
    spec = _copy_spec(tmp_path, "rocdl/gfx11/wmma.yaml",
                      edit=("intrinsic: rocdl.wmma.f32.16x16x16.f16,", "intrinsic: rocdl.wmma.f32.16x16x16.bf16,"))
    found = _open(flydsl.audit([str(spec)]))
    assert [(f.check, f.configuration) for f in found] == [("lowering", "16x16x16 f16 f16 f32")]
    assert found[0].message == "lowers to rocdl.wmma.f32.16x16x16.f16, spec says rocdl.wmma.f32.16x16x16.bf16"


@needs_flydsl
@pytest.mark.campaign  # the oracle's own mistakes injected, each a full wheel run (6-20 s)
def test_injected_wrong_assembly_format_is_exactly_a_syntax_finding(tmp_path: Path) -> None:
    spec = _copy_spec(tmp_path, "rocdl/gfx11/wmma.yaml", edit=("`signA` `=` $signA", "`sign_a` `=` $signA"))
    reports = flydsl.audit([str(spec)])
    found = _open(reports)
    assert found and {f.check for f in found} == {"syntax"}
    assert len(found) == reports[0].instances
    assert all("expected 'signA'" in f.message for f in found)


# --------------------------------------------------------------------------- generated tests
@needs_flydsl
def test_generated_filecheck_test_runs_through_the_wheel(tmp_path: Path) -> None:
    folder = tmp_path / "tests" / "mlir" / "Conversion" / "atomgen"
    folder.mkdir(parents=True)
    mem = "!fly.memref<f16, register, 4:1>"
    acc = "!fly.memref<f32, register, 4:1>"
    body = (
        "// RUN: %fly-opt %s --fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering "
        "--convert-fly-to-rocdl | FileCheck %s\n"
        f"func.func @k(%d: {acc}, %a: {mem}, %b: {mem}, %c: {acc}) {{\n"
        f"  %atom = fly.make_mma_atom : {MFMA_TYPE}\n"
        f"  fly.mma_atom_call(%atom, %d, %a, %b, %c) : ({MFMA_TYPE}, {acc}, {mem}, {mem}, {acc}) -> ()\n"
        "  return\n}\n// CHECK: rocdl.mfma.f32.16x16x16f16\n"
    )
    (folder / "cdna3_mfma.mlir").write_text(body, encoding="utf-8")
    (folder / "cdna3_mfma_neg.mlir").write_text(body.replace("f32.16x16x16f16", "nothing"), encoding="utf-8")
    from atomgen.check.runner import analyze_file

    spec = analyze_file(SPECS / "rocdl/cdna3/mfma.yaml", "mfma.yaml", prove=False).spec
    files = flydsl_lowering.generated_test_files(spec, tmp_path)
    assert [f.name for f in files] == ["cdna3_mfma.mlir"]
    assert flydsl_lowering.run_filecheck_test(files[0])[0]
    (folder / "cdna3_mfma.mlir").write_text(body.replace("f32.16x16x16f16", "f32.32x32x8f16"), encoding="utf-8")
    ok, detail = flydsl_lowering.run_filecheck_test(files[0])
    assert not ok and "RUN:" in detail


# --------------------------------------------------------------------------- shipped specs
# The whole-corpus audit (100 s single-process on the loaded 2-core machine) is the campaign's; a plain
# `pytest` audits an MMA and a copy atom (one FlyDSL worker, its generated tests run through the wheel) and
# holds their entries of the committed report to today's answers.
AUDIT_SAMPLE = ("specs/rocdl/gfx11/wmma.yaml", "specs/rocdl/cdna3/buffer_copy_lds.yaml")


@needs_flydsl
@pytest.mark.parametrize("paths", [pytest.param(AUDIT_SAMPLE, id="an-mma-and-a-copy"),
                                   pytest.param(("specs",), id="every-spec", marks=pytest.mark.campaign)])
def test_shipped_specs_agree_and_the_checked_in_report_is_fresh(tmp_path: Path, paths: tuple[str, ...]) -> None:
    version = flydsl_client.require_flydsl()
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        reports = flydsl.audit(list(paths), generated=Path("generated"))
    finally:
        os.chdir(cwd)
    assert not _open(reports), [f"{f.configuration}: {f.message}" for f in _open(reports)]
    data = flydsl_report.render_json(reports, version)
    hint = "docs/oracle-flydsl.* are stale: run `atomgen oracle flydsl specs/ --report docs/oracle-flydsl.json`"
    committed = json.loads((DOCS / "oracle-flydsl.json").read_text(encoding="utf-8"))
    if paths != ("specs",):
        audited = {atom["spec"]: atom for atom in data["atoms"]}
        assert set(audited) == set(paths) and all(a["status"] == "audited" for a in audited.values()), audited
        assert {a["spec"]: a for a in committed["atoms"] if a["spec"] in paths} == audited, hint
        return
    markdown = flydsl_report.render_markdown(reports, version)
    assert (DOCS / "oracle-flydsl.md").read_text(encoding="utf-8") == markdown, hint
    assert committed == data, hint


def test_a_worker_that_cannot_start_stops_the_run_once(tmp_path: Path) -> None:
    """A worker that dies importing (as the FlyDSL worker did when a cycle broke its imports) is not
    restarted past each of the run's items, hundreds of times: the run stops at once, with its error."""
    starts = tmp_path / "starts"
    broken = tmp_path / "python"
    broken.write_text(f"#!/bin/sh\necho start >> {starts}\n"
                      "echo 'ImportError: cannot import name X (most likely due to a circular import)' >&2\nexit 1\n")
    broken.chmod(0o755)
    with pytest.raises(flydsl_client.OracleError, match="did not start: ImportError: cannot import name X"):
        flydsl_client.run_worker("types", [f"!t{i}" for i in range(50)], python=str(broken))
    assert starts.read_text().count("start") == 1


def test_a_worker_that_dies_on_an_item_is_restarted_past_it(tmp_path: Path) -> None:
    """The other death, after the worker said it was ready: that item is answered as aborted and the
    worker is started again for the rest (what FlyDSL's aborting verifiers need)."""
    starts = tmp_path / "starts"
    dying = tmp_path / "python"
    dying.write_text(f"#!/bin/sh\necho start >> {starts}\necho '{{\"ready\": true}}'\necho 'abort' >&2\nexit 134\n")
    dying.chmod(0o755)
    answers = flydsl_client.run_worker("types", ["!a", "!b", "!c"], python=str(dying))
    assert [a["aborted"] for a in answers] == [True, True, True]
    assert starts.read_text().count("start") == 3
