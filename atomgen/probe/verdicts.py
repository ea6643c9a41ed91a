"""The H200 probe's report (docs/probe-h200.json) as verdicts: a status per probed instance."""

from __future__ import annotations

from typing import Mapping

from atomgen.spec.yamldata import entries, mapping, text
from atomgen.verdicts import Instances, Verdict, Verdicts

FILE = "probe-h200.json"
TITLE = "H200 probe"


def read(data: Mapping[str, object], instances: Instances) -> Verdicts:
    found = Verdicts()
    gpu = text(mapping(data.get("environment")).get("gpu"), "GPU")
    for row in map(mapping, entries(data.get("instances"))):
        status = text(row.get("status"))
        state = {"pass": "pass", "skip": "skip"}.get(status, "fail")
        said = text(row.get("reason")) or (
            f"{status} on {gpu}: {row.get('checked')} elements checked, {row.get('mismatches')} mismatches")
        key = (text(row.get("spec")), text(row.get("instance")))
        if key in found.by_instance and found.by_instance[key].state == "fail":
            continue  # an instance probed at several sparsity selectors fails when any of them does
        found.by_instance[key] = Verdict(state, said)
    return found
