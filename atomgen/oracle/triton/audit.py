"""`atomgen oracle triton`: audit ROCDL MMA specs against Triton's AMD backend (PyPI ``triton`` 3.9.0).

For every ROCDL MMA instance Triton can express, a one-tile ``tl.dot`` (``tl.dot_scaled`` for
scaled instructions) is compiled on the CPU for the instance's AMD target, in a subprocess
(``atomgen.oracle.triton.worker``). The emitted AMDGCN must contain exactly the spec's
instruction; then Triton's own layouts at the kWidth its compiler picked are compared with
the spec's as functions ``(thr, val) -> index``:

* C exactly: any difference is an error;
* A and B exactly; when they differ the difference is classified (`triton_layouts.classify_ab`):
  a K permutation shared by A and B that keeps every K in its scale block is a *note* (the
  product is the same), one that moves K across scale blocks is an *error* for scaled
  instructions, and a difference that no shared K permutation explains is an *error*.

Instances Triton cannot express (no such dot in Triton, or Triton issues another instruction
for the dot) are listed as not expressible with the reason. An error is *declared* when the
spec lists it in ``known_triton_differences``::

    known_triton_differences:
      - {configuration: "16x16x128_f8E4M3FN_*", operand: ab, reason: ..., evidence: ...}

``configuration`` is an instance id (``atomgen show`` lists them) or a shell-style glob over
it; ``operand`` is ``c``, ``ab`` or ``request`` (the worker failed). Exit status: 0 when
every error is declared, 1 otherwise, 2 on usage errors or a missing/wrong triton.

Compile answers are cached per (triton version, request) under the atomgen cache folder, and
every distinct request is compiled once per run.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from atomgen.oracle.triton import layouts as tl
from atomgen.oracle.triton.client import OracleError, ask_triton, cache_key, require_triton
from atomgen.spec.model import AtomSpec, KnownDefect


@dataclass
class Finding:
    configuration: str
    operand: str  # c | ab | request
    kind: str  # layout | cross-block | no-common-permutation | worker
    message: str
    declared: KnownDefect | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"configuration": self.configuration, "operand": self.operand, "kind": self.kind,
                                "message": self.message, "declared": self.declared is not None}
        if self.declared is not None:
            data["reason"] = self.declared.reason
            data["evidence"] = self.declared.evidence
        return data


@dataclass
class InstanceResult:
    id: str
    status: str  # agreed | differed | not expressible
    detail: str = ""
    k_width: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "status": self.status}
        if self.detail:
            data["detail"] = self.detail
        if self.k_width:
            data["k_width"] = self.k_width
        if self.notes:
            data["notes"] = self.notes
        return data


@dataclass
class SpecReport:
    path: str
    mnemonic: str
    instances: list[InstanceResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for result in self.instances if result.status == status)

    @property
    def compared(self) -> int:
        return self.count("agreed") + self.count("differed")

    @property
    def undeclared(self) -> list[Finding]:
        return [f for f in self.findings if f.declared is None]


@dataclass
class Report:
    triton_version: str = ""
    specs: list[SpecReport] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    seconds: float = 0.0
    compiles: int = 0
    cached: int = 0

    @property
    def undeclared(self) -> list[Finding]:
        return [f for spec in self.specs for f in spec.undeclared]


# --------------------------------------------------------------------------- comparison
def compare(spec: Any, evaluated: Any, answer: dict[str, Any], result: InstanceResult) -> list[Finding]:
    """Fill `result` for one compiled instance and return its errors (not yet matched to declarations)."""
    instance = evaluated.instance
    findings: list[Finding] = []
    emitted = list(answer.get("instructions") or [])
    if emitted != [instance.instruction]:
        result.status = "not expressible"
        result.detail = (f"Triton issues {', '.join(emitted) or 'no matrix instruction'} for this dot, "
                         f"not {instance.instruction}")
        return findings
    lanes = 1 << len(((answer["operands"].get("c") or {}).get("bases") or {}).get("lane") or [])
    wave = int((answer.get("request") or {}).get("wave") or lanes)
    if lanes != wave:
        # Triton 3.9 compiles RDNA targets at warp size 64 but lays WMMA out for 32 lanes.
        result.status = "not expressible"
        result.detail = (f"Triton issues {instance.instruction} on the wave{wave} target but lays it out "
                         f"for {lanes} lanes (its WMMA layouts are wave{lanes})")
        return findings
    if (answer.get("request") or {}).get("swapped"):
        result.detail = "from the B x A dot: Triton issues the instruction with its A and B swapped"
    values = instance.values
    m, n = int(values["m"]), int(values["n"])
    rows = {"a": m, "b": n, "c": m}
    packed = {"a": tl.PACKED_PER_BYTE.get(str(values.get(spec.operand_types.get("a", "elemTyA"))), 1),
              "b": tl.PACKED_PER_BYTE.get(str(values.get(spec.operand_types.get("b", "elemTyB"))), 1), "c": 1}
    differences: dict[str, str] = {}
    permutations: dict[str, dict[int, int] | None] = {}
    for role in ("c", "a", "b"):
        operand, theirs = evaluated.operands.get(role), answer["operands"].get(role)
        if operand is None or theirs is None:
            differences[role] = f"no '{role}' layout to compare"
            permutations[role] = None
            continue
        if role != "c":
            result.k_width[role] = int(theirs.get("k_width", 0))
        threads, count, their_points = tl.triton_coordinates(theirs, role, packed[role] if theirs.get(
            "element") == "i8" and packed[role] > 1 else 1)
        if tl.domain(operand.layout) != (threads, count):
            mine_threads, mine_values = tl.domain(operand.layout)
            differences[role] = (f"domain differs: spec {mine_threads} threads x {mine_values} values, Triton "
                                 f"{threads} x {count}")
            permutations[role] = None
            continue
        my_points = tl.spec_coordinates(operand.layout, rows[role])
        difference = tl.first_difference(my_points, their_points, threads, rows[role])
        permutations[role] = {k: k for _, k in my_points} if difference is None else tl.k_permutation(
            my_points, their_points)
        if difference is not None:
            differences[role] = difference
    if "c" in differences:
        findings.append(Finding(instance.id, "c", "layout", f"layout 'c': {differences.pop('c')}"))
    if differences:
        scaled = "scaled" in (answer.get("request") or {}) or "scale" in str(instance.intrinsic)
        verdict = tl.classify_ab(differences, permutations, scaled)
        if verdict.severity == "note":
            result.notes.append(verdict.message)
        else:
            findings.append(Finding(instance.id, "ab", verdict.kind, verdict.message))
    result.status = "differed" if findings or result.notes else "agreed"
    return findings


def _declaration(spec: AtomSpec, finding: Finding) -> KnownDefect | None:
    for entry in spec.known_triton_differences:
        if entry.operand != finding.operand:
            continue
        pattern = entry.configuration
        if pattern == finding.configuration or fnmatch.fnmatchcase(finding.configuration, pattern):
            return entry
    return None


def _apply_declarations(spec: Any, spec_report: SpecReport) -> None:
    used: set[int] = set()
    for finding in spec_report.findings:
        entry = _declaration(spec, finding)
        if entry is not None:
            finding.declared = entry
            used.add(id(entry))
    spec_report.stale = [f"{d.configuration} ({d.operand})"
                         for d in spec.known_triton_differences if id(d) not in used]


# --------------------------------------------------------------------------- driver
def _is_rocdl_mma(path: Path) -> bool:
    """Whether a file that does not load says it is a ROCDL MMA spec (its top-level keys, read as text)."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return False
    keys = {line.split(":", 1)[0]: line.split(":", 1)[1].strip().strip("'\"") for line in lines if ":" in line
            and not line.startswith((" ", "#", "-"))}
    return keys.get("backend") == "rocdl" and keys.get("kind") == "mma"


def audit(paths: Sequence[str], use_cache: bool = True) -> Report:
    """Load the ROCDL MMA specs under `paths`, ask Triton about every instance, compare."""
    from atomgen.check.result import UsageError, analyze_file, collect_spec_files
    from atomgen.terminal import Progress

    started = time.monotonic()
    try:
        files = collect_spec_files(paths)
    except UsageError as error:
        raise OracleError(str(error)) from None
    report = Report(triton_version=require_triton())
    jobs: list[tuple[Any, SpecReport, Any, InstanceResult, dict[str, Any]]] = []
    specs: list[tuple[Any, SpecReport]] = []
    stages = Progress(len(files) + 1, "oracle triton")  # a line on a terminal only
    for path, display in files:
        stages.step(display)
        result = analyze_file(path, display, prove=False)
        spec = result.spec
        if spec is None and _is_rocdl_mma(path):
            broken = SpecReport(display, "?")
            broken.findings.append(Finding("*", "request", "spec", "the spec does not load; run `atomgen check` on it"))
            report.specs.append(broken)
            continue
        if spec is None or spec.backend != "rocdl" or spec.kind != "mma":
            report.skipped.append(display)
            continue
        spec_report = SpecReport(display, spec.mnemonic)
        report.specs.append(spec_report)
        specs.append((spec, spec_report))
        for evaluated in result.analysis.evaluated if result.analysis is not None else ():
            instance_result = InstanceResult(evaluated.instance.id, "not expressible")
            spec_report.instances.append(instance_result)
            item, why = tl.request_for(spec, evaluated.instance)
            if item is None:
                instance_result.detail = why
                continue
            jobs.append((spec, spec_report, evaluated, instance_result, item))
    if not report.specs:
        raise OracleError("no ROCDL MMA specs (backend: rocdl, kind: mma) under " + ", ".join(paths))
    distinct = list({json.dumps(job[4], sort_keys=True): job[4] for job in jobs}.values())
    counts: dict[str, int] = {}
    stages.step(f"asking Triton about {len(distinct)} configurations")
    answers = ask_triton(report.triton_version, distinct, counts, use_cache) if distinct else {}
    stages.done()
    report.compiles, report.cached = counts.get("compiled", 0), counts.get("cached", 0)
    for spec, spec_report, evaluated, instance_result, item in jobs:
        answer = answers.get(cache_key(report.triton_version, item)) or {"ok": False, "error": "no answer"}
        if answer.get("crashed"):
            spec_report.findings.append(Finding(evaluated.instance.id, "request", "worker", str(answer["error"])))
            instance_result.status, instance_result.detail = "differed", "the Triton worker crashed"
        elif not answer.get("ok"):
            instance_result.detail = f"Triton cannot compile this dot: {answer.get('error', '?')}"
        else:
            spec_report.findings.extend(compare(spec, evaluated, {**answer, "request": item}, instance_result))
    for spec, spec_report in specs:
        _apply_declarations(spec, spec_report)
    report.seconds = time.monotonic() - started
    return report


# --------------------------------------------------------------------------- command line
def add_triton_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Compare ROCDL MMA specs with Triton's AMD backend (triton==3.9.0, on the CPU).

For each instance, a one-tile tl.dot (tl.dot_scaled for scaled instructions) is compiled for
the instance's AMD target; the emitted AMDGCN must issue exactly the spec's instruction. Then
C is compared exactly and A/B at the kWidth Triton's compiler picked, as functions
(thr, val) -> index. An A/B difference is a note when A and B differ by one K permutation
that keeps every K inside its scale block, and an error when that permutation moves K across
scale blocks (scaled instructions) or when no common permutation exists. Instances Triton
cannot express are listed with the reason."""
    parser.epilog = """\
declaring an accepted difference (in the spec, with evidence):
  known_triton_differences:
    - {configuration: "16x16x128_f8E4M3FN_*", operand: ab, reason: "...", evidence: "..."}
  configuration: an instance id (atomgen show lists them) or a glob; operand: c, ab or request

exit status: 0 every error declared, 1 undeclared errors or a spec that does not load,
2 usage error or missing/wrong triton

examples:
  atomgen oracle triton specs/rocdl
  atomgen oracle triton specs/rocdl/cdna4/mfma_scale.yaml --format json
  atomgen oracle triton specs/rocdl --report docs/oracle-triton.md   # also writes .json
"""
    parser.add_argument("paths", nargs="*", metavar="PATH", help="spec files or folders (default: specs/rocdl)")
    parser.add_argument("--format", choices=("text", "json", "markdown"), default="text",
                        help="what to print on stdout (default text)")
    from atomgen.reports import add_report_argument

    add_report_argument(parser)
    parser.add_argument("--no-cache", action="store_true", help="compile every request again")


def run_triton(args: argparse.Namespace) -> int:
    from atomgen.oracle.triton import report as triton_report

    try:
        report = audit(args.paths or ["specs/rocdl"], use_cache=not args.no_cache)
    except OracleError as error:
        print(f"atomgen oracle triton: {error}", file=sys.stderr)
        return 2
    from atomgen.reports import write_report

    markdown, json_text = triton_report.render_markdown(report), triton_report.render_json(report)
    write_report(args.report, json_text, markdown)
    sys.stdout.write({"json": json_text, "markdown": markdown}.get(args.format) or triton_report.render_text(report))
    return 1 if report.undeclared else 0
