#!/usr/bin/env python3
"""Both hardware verdicts per instance, side by side: the spec rung (`atomgen probe --cuda`, inline PTX
written from the spec) and the generated-atom rung (`atomgen probe --cuda --via-atoms`, the code atomgen
generates, lowered by fly-opt and llc-22).

    scripts/probe-side-by-side.py SPEC_REPORT.json ATOMS_REPORT.json OUT.json

writes OUT.json and OUT.md (same stem). Counts come from the reports, per family.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from atomgen.probe.report import instance_text  # noqa: E402  (the label the probe's own report uses)


def _by_key(report: dict) -> dict[tuple[str, str], dict]:
    """A run per instance, and per sparsity selector where a sparse row runs at several (named apart)."""
    return {(r["spec"], instance_text(r)): r for r in report["instances"]}


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    spec_report, atoms_report = (json.loads(Path(p).read_text(encoding="utf-8")) for p in sys.argv[1:3])
    spec, atoms = _by_key(spec_report), _by_key(atoms_report)
    rows = []
    for key in sorted(set(spec) | set(atoms)):
        left, right = spec.get(key, {}), atoms.get(key, {})
        rows.append({"spec": key[0], "instance": key[1], "family": right.get("family") or left.get("family", ""),
                     "spec_probe": left.get("status", "absent"), "generated_atom": right.get("status", "absent"),
                     "reason": right.get("reason", "") if right.get("status") != "pass" else ""})
    families: dict[str, dict[str, int]] = {}
    for row in rows:
        counts = families.setdefault(row["family"] or "other", {})
        label = f"{row['spec_probe']} / {row['generated_atom']}"
        counts[label] = counts.get(label, 0) + 1
    both = sum(1 for r in rows if r["spec_probe"] == "pass" and r["generated_atom"] == "pass")
    ran = ("pass", "fail")
    disagree = [r for r in rows if r["spec_probe"] in ran and r["generated_atom"] in ran
                and r["spec_probe"] != r["generated_atom"]]
    one_rung = [r for r in rows if (r["spec_probe"] in ran) != (r["generated_atom"] in ran)]
    document = {"spec_report": sys.argv[1], "atoms_report": sys.argv[2], "atoms_command": atoms_report["command"],
                "atoms_date": atoms_report["date"], "environment": atoms_report["environment"],
                "both_pass": both, "spec_pass": sum(1 for r in rows if r["spec_probe"] == "pass"),
                "atoms_pass": sum(1 for r in rows if r["generated_atom"] == "pass"),
                "disagreements": len(disagree), "one_rung_only": len(one_rung), "by_family": families,
                "atoms_negative_control": atoms_report["summary"].get("negative_control"), "instances": rows}
    out = Path(sys.argv[3])
    out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    lines = ["# Hardware probe: the spec and the generated atom, side by side", "",
             "Each instance on the H200 twice, with the same inputs, reference and comparison: the spec rung runs "
             "the spec's instruction through inline PTX; the generated-atom rung calls atomgen's generated atom, "
             "lowered by a fly-opt built with it and by llc-22 (docs/evidence/nvvm-build.md).", "",
             f"- generated-atom run: `{atoms_report['command']}` ({atoms_report['date']})",
             f"- GPU: {atoms_report['environment'].get('gpu', '?')}",
             f"- both pass: **{both}**; spec rung {document['spec_pass']} pass, generated atoms "
             f"{document['atoms_pass']} pass; {len(disagree)} instance(s) where both ran and disagree; "
             f"{len(one_rung)} run by one rung only (reason below)", ""]
    lines += ["| family | spec / generated atom | instances |", "|---|---|---|"]
    for family, counts in sorted(families.items()):
        for label, count in sorted(counts.items()):
            lines.append(f"| {family} | {label} | {count} |")
    for title, chosen in (("Where both ran and disagree", disagree), ("Run by one rung only", one_rung)):
        if not chosen:
            continue
        lines += ["", f"## {title}", "", "| spec | instance | spec probe | generated atom | reason |",
                  "|---|---|---|---|---|"]
        lines += [f"| {r['spec']} | {r['instance']} | {r['spec_probe']} | {r['generated_atom']} | "
                  f"{r['reason'][:200].replace('|', '/')} |" for r in chosen]
    lines += ["", "## Every instance", "", "| spec | instance | spec probe | generated atom | note |",
              "|---|---|---|---|---|"]
    lines += [f"| {r['spec']} | {r['instance']} | {r['spec_probe']} | {r['generated_atom']} | "
              f"{r['reason'][:200].replace('|', '/')} |" for r in rows]
    out.with_suffix(".md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{out}: both pass {both}, disagreements {len(disagree)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
