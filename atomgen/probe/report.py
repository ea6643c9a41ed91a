"""The probe report: one JSON document, and a markdown summary table beside it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

PEAK_KEYS = {"f16": "f16", "bf16": "bf16", "tf32": "tf32", "f8E4M3FN": "fp8", "f8E5M2": "fp8",
             "i8": "int8", "si8": "int8", "ui8": "int8", "f64": "f64"}
DATASHEET_DENSE_TFLOPS = {"f16": 989.5, "bf16": 989.5, "tf32": 494.7, "fp8": 1978.9, "int8": 1978.9, "f64": 66.9}


def case_record(case: Any, status: str, reason: str = "", verdict: Any = None,
                time_ms: Optional[float] = None, flop: Optional[int] = None) -> dict[str, Any]:
    record: dict[str, Any] = {
        "spec": case.spec_path,
        "instance": case.instance_id,
        "subtarget": case.subtarget,
        "family": case.family,
        "instruction": case.instruction,
        "status": status,
    }
    if case.sparse is not None and case.sparse.selectors > 1:
        record["selector"] = case.sparse.selector  # one record per sparsity selector the row admits
    if case.mutation:
        record["mutation"] = case.mutation
    if case.kind == "mma" and case.types:
        record["types"] = dict(case.types)
        record["mnk"] = list(case.mnk)
        if case.family == "wgmma":
            record["a_source"] = "shared memory (descriptor)" if case.a_from_smem else "registers"
    if reason:
        record["reason"] = reason
    if verdict is not None:
        record["checked"] = verdict.checked
        record["mismatches"] = verdict.mismatches
        if verdict.first_mismatch is not None:
            record["first_mismatch"] = verdict.first_mismatch
    if time_ms is not None and flop:
        record["time_ms"] = round(time_ms, 4)
        record["tflops"] = round(flop / (time_ms * 1e-3) / 1e12, 1)
    return record


def summarize(records: list[dict[str, Any]], negative: list[dict[str, Any]]) -> dict[str, Any]:
    def count(items: list[dict[str, Any]], status: str) -> int:
        return sum(1 for r in items if r["status"] == status)

    summary: dict[str, Any] = {
        "instances": len(records),
        "pass": count(records, "pass"),
        "fail": count(records, "fail"),
        "skip": count(records, "skip"),
    }
    families: dict[str, dict[str, int]] = {}
    for record in records:
        entry = families.setdefault(record["family"] or "unknown", {"pass": 0, "fail": 0, "skip": 0})
        entry[record["status"]] = entry.get(record["status"], 0) + 1
    summary["by_family"] = dict(sorted(families.items()))
    if negative:
        summary["negative_control"] = {
            "mutated": len(negative),
            "detected": count(negative, "detected"),
            "undetected": count(negative, "undetected"),
            "skip": count(negative, "skip"),
        }
    return summary


def build_report(command: str, environment: dict[str, Any], records: list[dict[str, Any]],
                 negative: list[dict[str, Any]], peaks: dict[str, float], date: str,
                 problems: list[str]) -> dict[str, Any]:
    from atomgen import __version__

    report: dict[str, Any] = {
        "tool": "atomgen probe",
        "atomgen_version": __version__,
        "command": command,
        "date": date,
        "environment": environment,
        "summary": summarize(records, negative),
        "instances": records,
    }
    if problems:
        report["spec_problems"] = problems
    if negative:
        report["negative_control"] = {
            "what": "probed instances again (all but wgmma; wgmma at N = 8, 128, 256) with one layout "
                    "deliberately perturbed (two strides or two leaves of C swapped for MMAs, of the register "
                    "side for ldmatrix/stmatrix; cp.async, whose sides are both memory, gets a scrambled row "
                    "that the probe rejects before running; TMA, whose layouts are the whole-tile placeholder, "
                    "gets its coordinates' meaning perturbed: bytes instead of elements, and for rank >= 2 "
                    "outermost dimension first); the probe must report each as failing "
                    "('detected')",
            "results": negative,
        }
    if peaks:
        report["dense_peak_tflops"] = {
            "measured": peaks,
            "measured_how": "PyTorch (cuBLAS) dense 8192^3 matrix product (f64: 4096^3), best of 10 after "
                            "3 warm-ups, on the same GPU in the same run",
            "datasheet": DATASHEET_DENSE_TFLOPS,
        }
    return report


def _cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _mismatch_text(record: dict[str, Any]) -> str:
    first = record.get("first_mismatch")
    if not first:
        return record.get("reason", "")
    if "m" in first:
        return (f"D[{first['m']},{first['n']}] = {first['got']} (want {first['expected']}, "
                f"{first['writes']} writes); {record.get('mismatches')}/{record.get('checked')} wrong")
    if "bit" in first:
        return (f"bit {first['bit']}: {first['got']} (want {first['expected']}); "
                f"{record.get('mismatches')}/{record.get('checked')} units wrong")
    return _cell(first)


def instance_text(record: dict[str, Any]) -> str:
    """The instance, and the sparsity selector it ran at where it admits several."""
    return record["instance"] + (f" (selector {record['selector']})" if "selector" in record else "")


def markdown(report: dict[str, Any]) -> str:
    env = report.get("environment", {})
    summary = report["summary"]
    lines = [
        "# Hardware probe report",
        "",
        "Generated by `atomgen probe` (docs/architecture.md, the hardware rung): each PTX instance runs",
        "on the GPU with inputs placed by the spec's thread/value layouts; the whole result is compared",
        "with a float64 / int64 reference product (copies: the whole tile). Machine-readable: the",
        "`.json` beside this file.",
        "",
        f"- command: `{report['command']}`",
        f"- date: {report['date']}",
        f"- GPU: {env.get('gpu', '?')} (compute capability {env.get('compute_capability', '?')}), "
        f"driver {env.get('driver', '?')}",
        f"- nvcc: {env.get('nvcc', '?')}, flags `{env.get('nvcc_flags', '')}`",
        f"- result: **{summary['pass']} pass, {summary['fail']} fail, {summary['skip']} skipped** "
        f"of {summary['instances']} instances",
    ]
    neg = summary.get("negative_control")
    if neg:
        lines.append(f"- negative control: {neg['detected']} of {neg['mutated']} deliberately wrong layouts "
                     f"detected, {neg['undetected']} undetected, {neg['skip']} skipped")
    peaks = report.get("dense_peak_tflops", {}).get("measured", {})
    if peaks:
        lines.append("- measured dense peak (cuBLAS, TFLOP/s): "
                     + ", ".join(f"{k} {v}" for k, v in sorted(peaks.items())))
    timed = any("tflops" in r for r in report["instances"])
    if timed:
        lines.append("- timing (`--time`): every mma.sync and each wgmma at N = 256, issued back to back in a "
                     "2048-iteration loop on every SM (mma.sync: 4 independent accumulators per warp; wgmma: 4 per "
                     "commit group), best of 3; the operands are the probe's small integers, so power draw is "
                     "lower than on random data and the rate can exceed cuBLAS's random-data peak")
    lines += ["", "## Instances", ""]
    header = "| spec | instance | instruction | result | detail |"
    rule = "|---|---|---|---|---|"
    if timed:
        header += " TFLOP/s (peak) |"
        rule += "---|"
    lines += [header, rule]
    for record in report["instances"]:
        row = (f"| {_cell(record['spec'])} | {_cell(instance_text(record))} | `{_cell(record['instruction'])}` | "
               f"{record['status']} | {_cell(_mismatch_text(record))} |")
        if timed:
            value = record.get("tflops")
            peak_key = PEAK_KEYS.get(record.get("types", {}).get("a", ""), "")
            peak = peaks.get(peak_key)
            row += f" {value if value is not None else ''}{f' ({peak})' if value is not None and peak else ''} |"
        lines.append(row)
    negative = report.get("negative_control", {}).get("results", [])
    if negative:
        lines += ["", "## Negative control (deliberately wrong layouts)", "",
                  "| spec | instance | mutation | result | detail |", "|---|---|---|---|---|"]
        for record in negative:
            lines.append(f"| {_cell(record['spec'])} | {_cell(instance_text(record))} | "
                         f"`{_cell(record.get('mutation', ''))}` | {record['status']} | "
                         f"{_cell(_mismatch_text(record))} |")
    if report.get("spec_problems"):
        lines += ["", "## Specs not probed", ""] + [f"- {_cell(p)}" for p in report["spec_problems"]]
    return "\n".join(lines) + "\n"


def write(report: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    md = path.with_suffix(".md")
    md.write_text(markdown(report), encoding="utf-8")
    return md
