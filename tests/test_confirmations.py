"""docs/confirmations.md: every instance with the oracles that confirmed it, kept fresh."""

from __future__ import annotations

from pathlib import Path

from atomgen.site.confirmations import calculator_coverage, evidence_rows, render

REPO = Path(__file__).resolve().parent.parent


def test_committed_table_is_fresh_and_single_sourced_rows_cite_evidence() -> None:
    text = render([str(REPO / "specs")], REPO / "docs")
    hint = "docs/confirmations.md is stale: run `python -m atomgen.site.confirmations`"
    assert (REPO / "docs" / "confirmations.md").read_text(encoding="utf-8") == text, hint
    single = text.split("## Single-sourced instances and their evidence", 1)[1]
    rows = [line for line in single.splitlines() if line.startswith("| ") and not line.startswith("| atom")]
    assert rows and not any("none recorded" in row for row in rows)
    assert sum("mfma\\_multiblock" in row for row in rows) == 13  # no oracle but the AMD calculator covers them
    assert "- instances: " in text and "H200 probe" in text


def test_evidence_rows_read_the_per_spec_tables() -> None:
    table = ("### `x.mfma` (specs/x.yaml, 1 instances)\n\n| instance | instruction | AMD calculator | verdict |\n"
             "|---|---|---|---|\n| `a_b` | `v_x` | agrees | kept |\n")
    assert evidence_rows(table) == {("x.mfma", "a_b"): "AMD calculator: agrees; verdict: kept"}


def test_flydsl_instances_without_findings_pass_when_the_shortfall_is_explained() -> None:
    """An atom whose counts fall short only by instances with findings of their own (a row FlyDSL
    rejects, declared) still confirms the others; an unexplained shortfall confirms none."""
    from atomgen.oracle.flydsl import verdicts as flydsl

    def verdicts(accepted: int) -> dict[str, str]:
        atom = {"spec": "s.yaml", "status": "audited", "instances": 3, "layout_matches": 2, "syntax_ok": accepted,
                "accepted": accepted, "lowered_to_intrinsic": accepted,
                "findings": [{"configuration": "c3", "check": "acceptance", "message": "rejected",
                              "known_reason": "scope"}]}
        found = flydsl.read({"atoms": [atom]}, {"s.yaml": [("i1", "c1"), ("i2", "c2"), ("i3", "c3")]})
        return {i: v.state for (_, i), v in found.by_instance.items()}

    assert verdicts(2) == {"i1": "pass", "i2": "pass", "i3": "known"}
    assert verdicts(1) == {"i3": "known"}


def test_every_calculator_instruction_is_covered_or_names_its_reason() -> None:
    """Issue 21's acceptance: the coverage table of docs/confirmations.md (the AMD calculator's instruction list
    against the specs) leaves no instruction uncovered without a reason, and every instance it names exists
    with that instruction and the table's wave size."""
    import re

    from atomgen.check.runner import analyze_file

    text = (REPO / "docs" / "confirmations.md").read_text(encoding="utf-8")
    section = text.split("## AMD Matrix Instruction Calculator", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| architecture")]
    assert len(rows) > 90 and rows == [line for line in calculator_coverage(
        (REPO / "docs" / "evidence" / "amd-calculator.md").read_text(encoding="utf-8")) if line in rows]
    specs: dict[str, object] = {}
    for row in rows:
        arch, wave, instruction, instances = (cell.strip() for cell in row.strip("|").split("|")[:4])
        if instances.startswith("not covered"):
            reason = instances.removeprefix("not covered:").strip()
            assert reason and reason != "?", row
            continue
        for path, instance_id in re.findall(r"`([\w/]+\.yaml)` `([\w.]+)`", instances):
            if path not in specs:
                result = analyze_file(REPO / "specs" / "rocdl" / path, path, prove=False)
                specs[path] = result.spec
            spec = specs[path]
            instance = next(i for i in spec.instances if i.id == instance_id)  # type: ignore[attr-defined]
            assert f"`{instance.instruction}`" == instruction and str(spec.threads) == wave, row  # type: ignore[attr-defined]


def test_each_committed_report_reads_into_the_one_verdict_type() -> None:
    """Issue 20: the four report shapes read into one type (atomgen/verdicts.py), each by the module beside
    the oracle that writes it; every committed report gives verdicts, each in a known state."""
    import json

    from atomgen.site.reports import READERS
    from atomgen.verdicts import STATES

    docs = Path(__file__).resolve().parent.parent / "docs"
    assert sorted(READERS) == ["cute", "flydsl", "probe", "triton"]
    for oracle, reader in READERS.items():
        data = json.loads((docs / reader.FILE).read_text(encoding="utf-8"))
        spec_paths = {str(a.get("spec") or a.get("path")) for a in data.get("atoms", []) + data.get("specs", [])}
        instances = {path: [] for path in spec_paths}  # the atom notes need no instance list
        found = reader.read(data, instances)
        assert found.by_instance or found.atom_notes, oracle
        assert {v.state for v in found.by_instance.values()} <= set(STATES), oracle
