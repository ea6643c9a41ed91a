"""The Triton oracle's report (docs/oracle-triton.json) as verdicts: a status per instance."""

from __future__ import annotations

from typing import Mapping

from atomgen.spec.yamldata import entries, mapping, text
from atomgen.verdicts import Instances, Verdict, Verdicts

FILE = "oracle-triton.json"
TITLE = "Triton"
_STATES = {"agreed": "pass", "differed": "fail", "declared": "known", "not expressible": "skip", "error": "fail"}


def read(data: Mapping[str, object], instances: Instances) -> Verdicts:
    found = Verdicts()
    for spec in map(mapping, entries(data.get("specs"))):
        path = text(spec.get("path"))
        found.atom_notes[path] = f"triton {text(data.get('triton_version'), '?')}"
        for row in map(mapping, entries(spec.get("instances"))):
            status = text(row.get("status"))
            found.by_instance[(path, text(row.get("id")))] = Verdict(_STATES.get(status, "fail"),
                                                                      text(row.get("detail")) or status)
    for skipped in entries(data.get("skipped")):
        found.atom_notes[text(skipped)] = "not compared (no Triton counterpart)"
    return found
