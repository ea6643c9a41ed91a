"""The results of `atomgen oracle cute`: findings, one report per spec, and the report as text,
JSON and markdown.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from atomgen.render.escape import markdown_cell


@dataclass
class Finding:
    spec: str
    configuration: str
    operand: str
    kind: str  # threads | layout | rejected | unmapped | worker | spec
    message: str
    spec_layout: str | None = None
    cute_layout: str | None = None
    first_difference: dict[str, int] | None = None
    declared: bool = False
    reason: str | None = None
    evidence: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = {
            "spec": self.spec,
            "configuration": self.configuration,
            "operand": self.operand,
            "kind": self.kind,
            "message": self.message,
            "declared": self.declared,
        }
        for key in ("spec_layout", "cute_layout", "first_difference", "reason", "evidence"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


@dataclass
class SpecReport:
    path: str
    instances: int = 0
    compared: int = 0  # instances CuTe answered and that were compared
    operands_agreeing: int = 0
    descriptor_values: int = 0  # format-parameter values (A, B pairs) whose instruction descriptor CuTe confirmed
    whole_tile: bool = False
    findings: list[Finding] = field(default_factory=list)
    stale: list[dict[str, Any]] = field(default_factory=list)  # declarations that matched nothing


@dataclass
class Report:
    arch: str
    cute_version: str = "unknown"
    specs: list[SpecReport] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # non-PTX specs
    seconds: float = 0.0

    @property
    def findings(self) -> list[Finding]:
        return [f for spec in self.specs for f in spec.findings]

    @property
    def undeclared(self) -> list[Finding]:
        return [f for f in self.findings if not f.declared]

    def exit_code(self) -> int:
        return 1 if self.undeclared else 0


def render_json(report: Report) -> str:
    data = {
        "oracle": "cute",
        "cute_version": report.cute_version,
        "arch": report.arch,
        "exit": report.exit_code(),
        "seconds": round(report.seconds, 1),
        "summary": _summary(report),
        "specs": [
            {
                "path": s.path,
                "instances": s.instances,
                "compared": s.compared,
                "operands_agreeing": s.operands_agreeing,
                "descriptor_values": s.descriptor_values,
                "whole_tile": s.whole_tile,
                "findings": [f.to_json() for f in s.findings],
                "stale_declarations": s.stale,
            }
            for s in report.specs
        ],
        "skipped": report.skipped,
    }
    return json.dumps(data, indent=2) + "\n"


def _summary(report: Report) -> dict[str, int]:
    return {
        "specs": len(report.specs),
        "instances": sum(s.instances for s in report.specs),
        "compared": sum(s.compared for s in report.specs),
        "operands_agreeing": sum(s.operands_agreeing for s in report.specs),
        "findings": len(report.findings),
        "declared": len(report.findings) - len(report.undeclared),
        "undeclared": len(report.undeclared),
        "stale_declarations": sum(len(s.stale) for s in report.specs),
    }


def _finding_text(finding: Finding) -> str:
    text = f"{finding.spec}: {finding.configuration}: {finding.operand}: {finding.message}"
    if finding.spec_layout or finding.cute_layout:
        text += f"\n    spec {finding.spec_layout}\n    CuTe {finding.cute_layout}"
    if finding.declared:
        text += f"\n    declared: {finding.reason} (evidence: {finding.evidence})"
    return text


def render_text(report: Report) -> str:
    lines: list[str] = []
    for spec in report.specs:
        mode = " (whole-tile: compared structurally)" if spec.whole_tile else ""
        undeclared = sum(1 for f in spec.findings if not f.declared)
        values = f", {spec.descriptor_values} format pairs' descriptors agree" if spec.descriptor_values else ""
        lines.append(f"{spec.path}: {spec.compared}/{spec.instances} instances compared, "
                     f"{spec.operands_agreeing} operand layouts agree{values}, {undeclared} undeclared "
                     f"finding(s){mode}")
        for finding in spec.findings:
            prefix = "  known " if finding.declared else "  DISAGREES "
            lines.append(prefix + _finding_text(finding).replace("\n", "\n  "))
        for stale in spec.stale:
            lines.append(f"  warning: declared difference matched nothing: {stale.get('configuration')} "
                         f"{stale.get('operand')}")
    for skipped in report.skipped:
        lines.append(f"{skipped}: skipped (not a PTX spec)")
    s = _summary(report)
    lines.append(
        f"atomgen oracle cute (nvidia-cutlass-dsl {report.cute_version}, {report.arch}): {s['specs']} spec(s), "
        f"{s['compared']}/{s['instances']} instances, {s['operands_agreeing']} operand layouts agree, "
        f"{s['undeclared']} undeclared and {s['declared']} declared disagreement(s) [{report.seconds:.1f} s]"
    )
    return "\n".join(lines) + "\n"


def render_markdown(report: Report) -> str:
    s = _summary(report)
    lines = [
        "# atomgen oracle cute",
        "",
        f"nvidia-cutlass-dsl {report.cute_version}, `CUTE_DSL_ARCH={report.arch}`: {s['specs']} spec(s), "
        f"{s['compared']}/{s['instances']} instances compared, {s['operands_agreeing']} operand layouts agree "
        f"as functions, {s['undeclared']} undeclared and {s['declared']} declared disagreement(s).",
        "",
        "| spec | instances | compared | operand layouts agreeing | undeclared | declared |",
        "|---|---|---|---|---|---|",
    ]
    for spec in report.specs:
        undeclared = sum(1 for f in spec.findings if not f.declared)
        name = spec.path + (" (whole-tile)" if spec.whole_tile else "")
        lines.append(f"| `{name}` | {spec.instances} | {spec.compared} | {spec.operands_agreeing} | "
                     f"{undeclared} | {len(spec.findings) - undeclared} |")
    if report.findings:
        lines += ["", "## Findings", "", "| spec | configuration | operand | status | finding |",
                  "|---|---|---|---|---|"]
        for f in report.findings:
            message = f.message.replace("|", "\\|")
            if f.spec_layout or f.cute_layout:
                message += f" (spec `{f.spec_layout}`, CuTe `{f.cute_layout}`)"
            status = f"declared: {markdown_cell(f.reason)}" if f.declared else "**undeclared**"
            lines.append(f"| `{f.spec}` | `{f.configuration}` | {f.operand} | {status} | {message} |")
    return "\n".join(lines) + "\n"


RENDERERS = {"text": render_text, "json": render_json, "markdown": render_markdown}
