"""Oracle verdicts per instance, read from the committed reports (never re-run here).

Each report has its own shape; each reader turns it into {(spec path, instance id): Verdict}.
A missing or unreadable report is no verdict at all (the page says "no report"), never an
error: the catalogue shows what the repository has.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

# file name under the reports folder -> (column title, reader)
REPORT_FILES = {
    "flydsl": "oracle-flydsl.json",
    "cute": "oracle-cute.json",
    "triton": "oracle-triton.json",
    "probe": "probe-h200.json",
}
TITLES = {"flydsl": "FlyDSL", "cute": "CuTe", "triton": "Triton", "probe": "H200 probe"}


@dataclass(frozen=True)
class Verdict:
    state: str  # pass | fail | known | skip
    text: str


@dataclass
class Reports:
    """The verdicts of every report found, and which oracles had a report."""

    verdicts: dict[str, dict[tuple[str, str], Verdict]]
    atom_notes: dict[str, dict[str, str]]  # oracle -> spec path -> one line about the whole atom
    sources: dict[str, str]  # oracle -> report file name

    def verdict(self, oracle: str, spec_path: str, instance: str) -> Optional[Verdict]:
        return self.verdicts.get(oracle, {}).get((spec_path, instance))


def _load(path: Path) -> Optional[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def load_reports(folder: Path, instances: dict[str, list[tuple[str, str]]]) -> Reports:
    """`instances`: spec path -> [(instance id, FlyDSL configuration label)] of the catalogued specs."""
    reports = Reports({}, {}, {})
    readers: dict[str, Callable[[dict[str, Any], dict[str, list[tuple[str, str]]], Reports], None]] = {
        "flydsl": _flydsl,
        "cute": _cute,
        "triton": _triton,
        "probe": _probe,
    }
    for oracle, name in REPORT_FILES.items():
        data = _load(folder / name)
        if data is None:
            continue
        reports.sources[oracle] = name
        reports.verdicts[oracle] = {}
        reports.atom_notes[oracle] = {}
        readers[oracle](data, instances, reports)
    return reports


def _flydsl(data: dict[str, Any], instances: dict[str, list[tuple[str, str]]], reports: Reports) -> None:
    """Per atom: counts over its instances, findings by configuration label."""
    verdicts, notes = reports.verdicts["flydsl"], reports.atom_notes["flydsl"]
    version = data.get("flydsl_version", "?")
    for atom in data.get("atoms", []):
        path = str(atom.get("spec", ""))
        if atom.get("status") != "audited":
            notes[path] = str(atom.get("note") or atom.get("status", ""))
            for instance, _ in instances.get(path, []):
                verdicts[(path, instance)] = Verdict("skip", notes[path])
            continue
        findings: dict[str, list[dict[str, Any]]] = {}
        for finding in atom.get("findings", []):
            findings.setdefault(str(finding.get("configuration", "")), []).append(finding)
        count = atom.get("instances", 0)
        every = all(
            atom.get(key) == count for key in ("layout_matches", "syntax_ok", "accepted", "lowered_to_intrinsic")
        )
        rest_agree = all(atom.get(key) == count for key in ("syntax_ok", "accepted", "lowered_to_intrinsic"))
        # Every shortfall is an instance with a finding of its own (e.g. a row FlyDSL rejects, declared):
        # then the instances without findings are the ones that agreed.
        flagged = sum(1 for _, label in instances.get(path, []) if findings.get(label))
        explained = all(atom.get(key, 0) >= count - flagged for key in ("syntax_ok", "accepted",
                                                                          "lowered_to_intrinsic"))
        notes[path] = (
            f"flydsl {version}: {atom.get('layout_matches')}/{count} layouts match, {atom.get('syntax_ok')} "
            f"round-trip, {atom.get('accepted')} accepted, {atom.get('lowered_to_intrinsic')} lower; "
            f"{atom.get('neighbours_tried')} neighbours tried; generated tests {atom.get('generated_tests')}"
        )
        for instance, label in instances.get(path, []):
            own = findings.get(label, [])
            if own:
                known = all("known_reason" in f for f in own)
                text = "; ".join(f"{f.get('check')}: {f.get('message')}" for f in own)
                verdicts[(path, instance)] = Verdict("known" if known else "fail", text)
            elif every or rest_agree or explained:
                # layout disagreements are listed by configuration: an instance with none agreed
                verdicts[(path, instance)] = Verdict("pass", "layouts, syntax, acceptance and lowering agree")


def _cute(data: dict[str, Any], instances: dict[str, list[tuple[str, str]]], reports: Reports) -> None:
    verdicts, notes = reports.verdicts["cute"], reports.atom_notes["cute"]
    for spec in data.get("specs", []):
        path = str(spec.get("path", ""))
        notes[path] = f"{spec.get('compared')}/{spec.get('instances')} instances compared with CuTe"
        findings: dict[str, list[dict[str, Any]]] = {}
        for finding in spec.get("findings", []):
            findings.setdefault(str(finding.get("configuration", "")), []).append(finding)
        for instance, label in instances.get(path, []):
            own = findings.get(instance, []) + findings.get(label, [])
            if own:
                known = all(f.get("declared") for f in own)
                text = "; ".join(f"{f.get('operand')}: {f.get('message')}" for f in own)
                verdicts[(path, instance)] = Verdict("known" if known else "fail", text)
            elif spec.get("compared") == spec.get("instances"):
                verdicts[(path, instance)] = Verdict("pass", "every operand layout agrees with CuTe")


def _triton(data: dict[str, Any], instances: dict[str, list[tuple[str, str]]], reports: Reports) -> None:
    verdicts, notes = reports.verdicts["triton"], reports.atom_notes["triton"]
    states = {"agreed": "pass", "differed": "fail", "declared": "known", "not expressible": "skip", "error": "fail"}
    for spec in data.get("specs", []):
        path = str(spec.get("path", ""))
        notes[path] = f"triton {data.get('triton_version', '?')}"
        for row in spec.get("instances", []):
            status = str(row.get("status", ""))
            detail = str(row.get("detail", "") or status)
            verdicts[(path, str(row.get("id", "")))] = Verdict(states.get(status, "fail"), detail)
    for path in data.get("skipped", []):
        notes[str(path)] = "not compared (no Triton counterpart)"


def _probe(data: dict[str, Any], instances: dict[str, list[tuple[str, str]]], reports: Reports) -> None:
    verdicts = reports.verdicts["probe"]
    gpu = data.get("environment", {}).get("gpu", "GPU")
    for row in data.get("instances", []):
        status = str(row.get("status", ""))
        state = {"pass": "pass", "skip": "skip"}.get(status, "fail")
        text = str(
            row.get("reason")
            or f"{status} on {gpu}: {row.get('checked')} elements checked, {row.get('mismatches')} mismatches"
        )
        key = (str(row.get("spec", "")), str(row.get("instance", "")))
        if key in verdicts and verdicts[key].state == "fail":
            continue  # an instance probed at several sparsity selectors fails when any of them does
        verdicts[key] = Verdict(state, text)
