"""docs/confirmations.md: every instance of every MMA and copy spec, and which oracles confirmed it.

Read from the committed reports (FlyDSL, CuTe, Triton, the H200 probe: atomgen/site/reports.py)
and, for ROCDL instances, from docs/evidence/amd-layouts.md (the per-instance table of every AMD
source, the AMD Matrix Instruction Calculator among them). An instance no oracle report passes is
listed as single-sourced with the evidence row that stands for it; nothing here re-runs an oracle.

    python -m atomgen.site.confirmations [--check]    write (or compare) docs/confirmations.md
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from atomgen.render.escape import markdown_cell
from atomgen.site.reports import TITLES, Reports, load_reports

REPO = Path(__file__).resolve().parent.parent.parent
ORACLES = ("flydsl", "cute", "triton", "probe")
# Per-instance evidence tables: every AMD source, and the sparse MMAs' (AMD calculator, PTX ISA).
EVIDENCE = ("amd-layouts.md", "sparse-mma.md", "tcgen05.md")
SHOWN = {"pass": "yes", "known": "known difference", "fail": "FAILS", "skip": "-"}
# The calculator's instruction list against the specs (scripts/amd-calculator.py coverage), between these markers
CALCULATOR = "amd-calculator.md"
COVERAGE_MARKERS = ("<!-- coverage:begin -->", "<!-- coverage:end -->")


def calculator_coverage(text: str) -> list[str]:
    """The coverage table of evidence/amd-calculator.md: every calculator instruction, its instances or why none."""
    begin, end = COVERAGE_MARKERS
    if begin not in text or end not in text:
        return []
    return text.split(begin, 1)[1].split(end, 1)[0].strip().splitlines()


def evidence_rows(text: str) -> dict[tuple[str, str], str]:
    """(mnemonic, instance) -> "AMD calculator: ...; verdict: ..." from amd-layouts.md's per-spec tables."""
    rows: dict[tuple[str, str], str] = {}
    section, header = "", list[str]()
    for line in text.splitlines():
        if line.startswith("### `"):
            section, header = line.split("`")[1], []
        elif line.startswith("| instance |"):
            header = [cell.strip() for cell in line.strip("|").split("|")]
        elif line.startswith("| `") and section and header:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            named = dict(zip(header, cells))
            parts = [f"{key}: {named[key]}" for key in ("AMD calculator", "PTX ISA", "verdict") if key in named]
            rows[(section, cells[0].strip("`"))] = "; ".join(parts)
    return rows


def _specs(paths: list[str]) -> list[tuple[Path, str]]:
    from atomgen.check.result import collect_spec_files

    return [(f, d) for f, d in collect_spec_files(paths) if f.name != "backend.yaml"]


def render(paths: list[str], reports_folder: Path) -> str:
    from atomgen.check.result import analyze_file
    from atomgen.site.command import _report_path
    from atomgen.spec.defects import config_label
    from atomgen.spec.printing import sample_values

    labels: dict[str, list[tuple[str, str]]] = {}
    rows: list[tuple[str, str, str, str, str]] = []  # spec path, mnemonic, backend, instance, instruction
    for file, display in _specs(paths):
        result = analyze_file(file, display, prove=False)
        if result.spec is None or result.analysis is None:
            continue
        spec = result.spec
        path = _report_path(file, display, reports_folder)
        labels[path] = []
        for evaluated in result.analysis.evaluated:
            instance = evaluated.instance
            labels[path].append((instance.id, config_label(spec, sample_values(spec, instance))))
            rows.append((path, spec.mnemonic, spec.backend, instance.id, instance.instruction or instance.intrinsic))
    reports = load_reports(reports_folder, labels)
    evidence: dict[tuple[str, str], str] = {}
    for name in EVIDENCE:
        table = reports_folder / "evidence" / name
        evidence.update(evidence_rows(table.read_text(encoding="utf-8")) if table.is_file() else {})
    calculator = reports_folder / "evidence" / CALCULATOR
    coverage = calculator_coverage(calculator.read_text(encoding="utf-8")) if calculator.is_file() else []
    return _markdown(rows, reports, evidence, coverage)


def _confirmed(reports: Reports, path: str, instance: str) -> list[str]:
    found = []
    for oracle in ORACLES:
        verdict = reports.verdict(oracle, path, instance)
        if verdict is not None and verdict.state == "pass":
            found.append(TITLES[oracle])
    return found


def _markdown(rows: list[tuple[str, str, str, str, str]], reports: Reports,
              evidence: dict[tuple[str, str], str], coverage: list[str]) -> str:
    single: list[tuple[str, str, str, str]] = []
    by_spec: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for path, mnemonic, _backend, instance, instruction in rows:
        cells = []
        for oracle in ORACLES:
            verdict = reports.verdict(oracle, path, instance)
            cells.append(SHOWN.get(verdict.state, verdict.state) if verdict else "-")
        confirmed = _confirmed(reports, path, instance)
        key = ", ".join(confirmed) if confirmed else "none: single-sourced"
        counts[key] = counts.get(key, 0) + 1
        if not confirmed:
            single.append((mnemonic, instance, instruction, evidence.get((mnemonic, instance), "")))
        line = (f"| {markdown_cell(instance)} | {markdown_cell(instruction)} | " + " | ".join(cells)
                + f" | {markdown_cell(key)} |")
        by_spec.setdefault(f"{mnemonic}` ({path})", []).append(line)
    out = [
        "# Oracle confirmations of every instance",
        "",
        "Generated by `python -m atomgen.site.confirmations` from the committed reports "
        "([oracle-flydsl.md](oracle-flydsl.md), [oracle-cute.json](oracle-cute.json), "
        "[oracle-triton.md](oracle-triton.md), [probe-h200.md](probe-h200.md)) and, for AMD, "
        "[evidence/amd-layouts.md](evidence/amd-layouts.md), [evidence/sparse-mma.md](evidence/sparse-mma.md) and "
        "[evidence/tcgen05.md](evidence/tcgen05.md). "
        "'yes': that oracle compared the instance and "
        "agrees; 'known difference': a declared, evidenced disagreement; '-': the oracle does not cover it. "
        "No Blackwell GPU is lent here, so no sm100 instance has a hardware rung.",
        "",
        f"- instances: {len(rows)}",
    ]
    out += [f"- confirmed by {key}: {count}" for key, count in sorted(counts.items())]
    out.append("- (ROCDL instances: the AMD Matrix Instruction Calculator column of evidence/amd-layouts.md is a "
               "further source; it is cited below for the single-sourced ones)")
    for heading, lines in by_spec.items():
        out += ["", f"## `{heading}", "",
                "| instance | instruction | FlyDSL | CuTe | Triton | H200 probe | confirmed by |",
                "|---|---|---|---|---|---|---|", *lines]
    out += ["", "## AMD Matrix Instruction Calculator: which instance covers each of its instructions", "",
            "From [evidence/amd-calculator.md](evidence/amd-calculator.md) (`scripts/amd-calculator.py coverage`): "
            "every instruction the calculator lists per architecture and wave size, the instances with that "
            "instruction, or why there is none.", "", *(coverage or ["(evidence/amd-calculator.md has no coverage "
                                                                     "table)"])]
    out += ["", "## Single-sourced instances and their evidence", ""]
    if single:
        out += ["| atom | instance | instruction | evidence |", "|---|---|---|---|"]
        out += [f"| {markdown_cell(m)} | {markdown_cell(i)} | {markdown_cell(ins)} | "
                f"{ev.replace('|', '/') or 'none recorded'} |" for m, i, ins, ev in single]
    else:
        out.append("None.")
    return "\n".join(out) + "\n"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m atomgen.site.confirmations", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--specs", default=str(REPO / "specs"), help="spec folder (default: the repository's)")
    parser.add_argument("--docs", default=str(REPO / "docs"), help="reports folder (default: docs/)")
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/confirmations.md is stale")
    args = parser.parse_args(argv)
    target = Path(args.docs) / "confirmations.md"
    text = render([args.specs], Path(args.docs))
    if args.check:
        fresh = target.is_file() and target.read_text(encoding="utf-8") == text
        print(f"{target}: {'up to date' if fresh else 'stale'}")
        return 0 if fresh else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
