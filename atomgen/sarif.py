"""`atomgen check --format sarif`: diagnostics as a SARIF 2.1.0 log (GitHub code scanning, IDEs).

One run, atomgen as its tool driver with every rule of the catalogue (id, kebab-case name,
summary, why, example and fix as help), one result per diagnostic. Paths relative to the
working folder become URIs relative to %SRCROOT% (the folder `check` ran in), which is what
code scanning resolves against the repository root; absolute paths become file: URIs.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import quote

from atomgen import __version__
from atomgen.diagnostics import Diagnostic

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SARIF_VERSION = "2.1.0"
LEVELS = {"error": "error", "warning": "warning", "note": "note"}


def _rule_entries() -> tuple[list[dict[str, Any]], dict[str, int]]:
    from atomgen.check.rules import RULES, explain

    entries = []
    for rule in RULES:
        entries.append(
            {
                "id": rule.id,
                "name": rule.name,
                "shortDescription": {"text": rule.summary},
                "fullDescription": {"text": rule.why},
                "help": {
                    "text": explain(rule.id),
                    "markdown": f"**{rule.id} `{rule.name}`**: {rule.summary}\n\n{rule.why}\n\n"
                    f"Failing example:\n\n```yaml\n{rule.bad}\n```\n\nFix: {rule.fix}",
                },
                "defaultConfiguration": {"level": "error"},
                "properties": {"tags": ["atomgen"]},
            }
        )
    return entries, {rule.id: index for index, rule in enumerate(RULES)}


def _location(diagnostic: Diagnostic) -> dict[str, Any]:
    path = diagnostic.path
    if os.path.isabs(path):
        artifact: dict[str, Any] = {"uri": Path(path).as_uri()}
    else:
        artifact = {"uri": quote(Path(path).as_posix()), "uriBaseId": "%SRCROOT%"}
    physical: dict[str, Any] = {"artifactLocation": artifact}
    if diagnostic.position.line > 0:
        physical["region"] = {
            "startLine": diagnostic.position.line,
            "startColumn": max(1, diagnostic.position.column),
        }
    return {"physicalLocation": physical}


def sarif_log(diagnostics: Iterable[Diagnostic]) -> dict[str, Any]:
    """The whole log for one `check`, as plain data ready for json.dumps."""
    rules, index = _rule_entries()
    results = []
    for diagnostic in diagnostics:
        text = diagnostic.message + "".join(f"\nnote: {note}" for note in diagnostic.notes)
        result: dict[str, Any] = {
            "ruleId": diagnostic.rule,
            "level": LEVELS.get(diagnostic.severity, "warning"),
            "message": {"text": text},
            "locations": [_location(diagnostic)],
        }
        if diagnostic.rule in index:
            result["ruleIndex"] = index[diagnostic.rule]
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "atomgen",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
