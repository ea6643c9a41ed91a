"""The CuTe oracle's report (docs/oracle-cute.json) as verdicts: per spec, the instances compared and the
findings by instance or configuration."""

from __future__ import annotations

from typing import Any, Mapping

from atomgen.spec.yamldata import entries, mapping, text
from atomgen.verdicts import Instances, Verdict, Verdicts

FILE = "oracle-cute.json"
TITLE = "CuTe"


def read(data: Mapping[str, object], instances: Instances) -> Verdicts:
    found = Verdicts()
    for spec in map(mapping, entries(data.get("specs"))):
        path = text(spec.get("path"))
        found.atom_notes[path] = f"{spec.get('compared')}/{spec.get('instances')} instances compared with CuTe"
        findings: dict[str, list[Mapping[str, Any]]] = {}
        for finding in map(mapping, entries(spec.get("findings"))):
            findings.setdefault(text(finding.get("configuration")), []).append(finding)
        for instance, label in instances.get(path, []):
            own = findings.get(instance, []) + findings.get(label, [])
            if own:
                known = all(f.get("declared") for f in own)
                said = "; ".join(f"{f.get('operand')}: {f.get('message')}" for f in own)
                found.by_instance[(path, instance)] = Verdict("known" if known else "fail", said)
            elif spec.get("compared") == spec.get("instances"):
                found.by_instance[(path, instance)] = Verdict("pass", "every operand layout agrees with CuTe")
    return found
