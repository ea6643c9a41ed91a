"""The FlyDSL oracle's report (docs/oracle-flydsl.json) as verdicts: per atom, counts over its instances
and findings by FlyDSL configuration label."""

from __future__ import annotations

from typing import Any, Mapping

from atomgen.spec.yamldata import entries, mapping, text
from atomgen.verdicts import Instances, Verdict, Verdicts

FILE = "oracle-flydsl.json"
TITLE = "FlyDSL"
_AGREE = ("syntax_ok", "accepted", "lowered_to_intrinsic")


def read(data: Mapping[str, object], instances: Instances) -> Verdicts:
    found = Verdicts()
    version = text(data.get("flydsl_version"), "?")
    for atom in map(mapping, entries(data.get("atoms"))):
        path = text(atom.get("spec"))
        if atom.get("status") != "audited":
            found.atom_notes[path] = text(atom.get("note")) or text(atom.get("status"))
            for instance, _ in instances.get(path, []):
                found.by_instance[(path, instance)] = Verdict("skip", found.atom_notes[path])
            continue
        findings: dict[str, list[Mapping[str, Any]]] = {}
        for finding in map(mapping, entries(atom.get("findings"))):
            findings.setdefault(text(finding.get("configuration")), []).append(finding)
        count = atom.get("instances", 0)
        every = all(atom.get(key) == count for key in ("layout_matches", *_AGREE))
        rest_agree = all(atom.get(key) == count for key in _AGREE)
        # Every shortfall is an instance with a finding of its own (e.g. a row FlyDSL rejects, declared):
        # then the instances without findings are the ones that agreed.
        flagged = sum(1 for _, label in instances.get(path, []) if findings.get(label))
        total = count if isinstance(count, int) else 0
        explained = all(_number(atom.get(key)) >= total - flagged for key in _AGREE)
        found.atom_notes[path] = (
            f"flydsl {version}: {atom.get('layout_matches')}/{count} layouts match, {atom.get('syntax_ok')} "
            f"round-trip, {atom.get('accepted')} accepted, {atom.get('lowered_to_intrinsic')} lower; "
            f"{atom.get('neighbours_tried')} neighbours tried; generated tests {atom.get('generated_tests')}"
        )
        for instance, label in instances.get(path, []):
            own = findings.get(label, [])
            if own:
                known = all("known_reason" in f for f in own)
                said = "; ".join(f"{f.get('check')}: {f.get('message')}" for f in own)
                found.by_instance[(path, instance)] = Verdict("known" if known else "fail", said)
            elif every or rest_agree or explained:
                # layout disagreements are listed by configuration: an instance with none agreed
                found.by_instance[(path, instance)] = Verdict("pass", "layouts, syntax, acceptance and lowering agree")
    return found


def _number(value: object) -> int:
    return value if isinstance(value, int) else 0
