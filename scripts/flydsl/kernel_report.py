"""docs/evidence/kernels.{json,md} from the results of scripts/flydsl-kernels.py run.

The markdown table goes between `<!-- kernel-table -->` and `<!-- /kernel-table -->` of the target
file (appended if the markers are absent); the prose around it is left alone.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

import kernel_bridge
import kernel_recipes

ORDER = (
    "identical",
    "identical after normalisation",
    "different",
    "identical through a declared atom",
    "different through a declared atom",
    "refused through a declared atom",
    "refused",
    "not lowered",
    "not for this chip",
    "not bridged",
    "not traceable",
    "not run",
)


def _statuses(record: dict[str, Any]) -> list[str]:
    return [k["status"] for k in record.get("kernels", [])] or [record["status"]]


def summarise(results: dict[str, Any]) -> dict[str, Any]:
    per_status: Counter[str] = Counter()
    per_recipe_chip: dict[str, dict[str, Counter[str]]] = {}
    explained: Counter[str] = Counter()
    in_order: Counter[str] = Counter()
    trace = lower = 0.0
    for record in results.values():
        for status in _statuses(record):
            per_status[status] += 1
        per_recipe_chip.setdefault(record["recipe"], {}).setdefault(record["chip"], Counter()).update(_statuses(record))
        for k in record.get("kernels", []):
            if "explained" in k:
                explained[k["explained"]["verdict"]] += 1
                if "tdm_descriptor_order" in k["explained"]:
                    in_order[k["explained"]["tdm_descriptor_order"]["verdict"]] += 1
        trace += float(record.get("trace_seconds") or 0)
        lower += float(record.get("seconds") or 0)
    return {
        "cases": len(results),
        "kernels_compared": sum(per_status.values()),
        "by_status": dict(per_status),
        "different_once_the_known_differences_are_undone": dict(explained),
        "of_those_not_identical_with_the_tdm_descriptor_in_flydsl_order": dict(in_order),
        "by_recipe_chip": {r: {c: dict(v) for c, v in chips.items()} for r, chips in per_recipe_chip.items()},
        "seconds": {"trace_total": round(trace), "lower_compare_total": round(lower)},
    }


def _cell(counter: dict[str, int]) -> str:
    parts = [f"{s} {counter[s]}" for s in ORDER if counter.get(s)]
    return ", ".join(parts + [f"{s} {n}" for s, n in counter.items() if s not in ORDER])


def _detail(record: dict[str, Any]) -> str:
    kernels = record.get("kernels", [])
    if not kernels:
        return str(record.get("reason", ""))
    details = []
    for k in kernels:
        d = k["kernel"] + ": " + k["status"]
        if k.get("differing_lines"):
            d += f", {k['differing_lines']} of {k.get('isa_lines', '?')} lines"
        if "explained" in k:
            w = k["explained"]
            d += (
                f"; with {w.get('tdm_masks_removed', 0)} TDM address masks removed and "
                f"{w.get('buffer_stores_reordered', 0)} buffer stores in FlyDSL's order: {w['verdict']}"
            )
            if "tdm_descriptor_order" in w:
                o = w["tdm_descriptor_order"]
                d += f"; with also {o['dims_moved']} TDM descriptor dims built in FlyDSL's order: {o['verdict']}"
        if "declared_atom" in k:
            a = k["declared_atom"]
            d += (
                f" (the generated {a['atom'].rsplit('_', 1)[0]} refuses it: {a['hardware_atom']}; with its "
                f"{a['renamed']} fp8 atoms renamed to {a['atom']}: {a['verdict']}"
                + (f", {a['isa_lines']} lines" if a.get("isa_lines") else "")
                + (f", {a['reason']}" if a.get("reason") else "")
                + ")"
            )
        elif k.get("reason"):
            d += " (" + k["reason"] + ")"
        if k.get("reason_generated"):
            d += " (generated: " + k["reason_generated"] + ")"
        details.append(d)
    return "; ".join(details)


def markdown(results: dict[str, Any], summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['cases']} cases (kernel x chip x configuration), {summary['kernels_compared']} kernels: "
        + _cell(summary["by_status"])
        + ".",
        "",
        "| kernel (source) | chip | kernels compared: verdicts |",
        "|---|---|---|",
    ]
    for recipe, chips in sorted(summary["by_recipe_chip"].items()):
        for chip, counter in sorted(chips.items()):
            lines.append(f"| {recipe} | {chip} | {_cell(counter)} |")
    lines += ["", "Kernel sources without a recipe:", ""]
    lines += [f"- {path}: {why}" for path, why in kernel_recipes.NOT_COVERED.items()]
    lines += ["", "The bridge's rewrites (scripts/flydsl/kernel_bridge.py), with how often each fired:", ""]
    fired: Counter[str] = Counter()
    for record in results.values():
        for k in record.get("kernels", []):
            fired.update(k.get("bridged", {}))
    for name, reason in kernel_bridge.reasons().items():
        lines.append(f"- `{name}` ({fired.get(name, 0)} times): {reason}")
    lines += ["", "### Every case", "", "| case | verdict | detail | trace s | lower s |", "|---|---|---|---|---|"]
    for case_id, record in sorted(results.items()):
        detail = _detail(record).replace("|", "\\|").replace("\n", " ")
        if len(detail) > 600:
            detail = detail[:600] + " ..."
        lines.append(
            f"| {case_id} | {record['status']} | {detail} | {record.get('trace_seconds', '')} "
            f"| {record.get('seconds', '')} |"
        )
    diffs = [(cid, k) for cid, r in sorted(results.items()) for k in r.get("kernels", []) if k["status"] == "different"]
    if diffs:
        lines += ["", "### First differing lines (normalised ISA; `-` hand-written atoms, `+` generated)", ""]
        seen: dict[str, str] = {}
        for case_id, k in diffs:
            key = "\n".join(k["first_difference"][2:])
            if key in seen:
                lines.append(f"- {case_id} / {k['kernel']}: the same first lines as {seen[key]}")
                continue
            seen[key] = case_id
            lines += [f"{case_id} / {k['kernel']}:", "", "```diff", *k["first_difference"], "```", ""]
            residue = k.get("explained", {})
            if residue.get("first_difference"):
                lines += [
                    "With the known differences undone (" + residue["verdict"] + "):",
                    "",
                    "```diff",
                    *residue["first_difference"],
                    "```",
                    "",
                ]
            if residue.get("tdm_descriptor_order"):
                o = residue["tdm_descriptor_order"]
                lines += [
                    f"With also its {o['dims_moved']} TDM descriptor dims built in FlyDSL's order: {o['verdict']}.",
                    "",
                ]
    return "\n".join(lines) + "\n"


def main(args: argparse.Namespace) -> int:
    results = json.loads((args.work / "results.json").read_text(encoding="utf-8"))
    summary = summarise(results)
    if args.json:
        payload = {"summary": summary, "bridge": kernel_bridge.reasons(), "not_covered": kernel_recipes.NOT_COVERED}
        payload["cases"] = results
        args.json.write_text(json.dumps(payload, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    text = markdown(results, summary)
    if not args.md:
        print(text)
        return 0
    start, end = "<!-- kernel-table -->", "<!-- /kernel-table -->"
    old = args.md.read_text(encoding="utf-8") if args.md.exists() else ""
    if start in old and end in old:
        head, _, rest = old.partition(start)
        _, _, after = rest.partition(end)
        args.md.write_text(head + start + "\n" + text + end + after, encoding="utf-8")
    else:
        args.md.write_text(old + start + "\n" + text + end + "\n", encoding="utf-8")
    return 0
