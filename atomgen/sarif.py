"""`atomgen check --format sarif`: diagnostics as a SARIF 2.1.0 log (GitHub code scanning, IDEs).

One run, atomgen as its tool driver with every rule of the catalogue (id, kebab-case name,
summary, why, example and fix as help, a helpUri into docs/rules.md), one result per
diagnostic. %SRCROOT% is a stable folder, not the one `check` ran in: the git work tree
holding the project (what code scanning resolves against), else the project root
(atomgen/project.py), else the working folder; files under it become URIs relative to it,
others file: URIs. A cross-spec clash (AG382, AG383) names the spec it clashes with in
relatedLocations.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable, Optional
from urllib.parse import quote

from atomgen import __version__
from atomgen.diagnostics import Diagnostic, Position

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SARIF_VERSION = "2.1.0"
LEVELS = {"error": "error", "warning": "warning", "note": "note"}
# Where atomgen's README and docs/rules.md are published (informationUri, helpUri).
REPOSITORY = "https://github.com/atomgen/atomgen"
RULES_DOC = f"{REPOSITORY}/blob/main/docs/rules.md"


def _rule_entries() -> tuple[list[dict[str, Any]], dict[str, int]]:
    from atomgen.check.examples import failing_example
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
                    f"Failing example:\n\n```\n{chr(10).join(failing_example(rule))}\n```\n\nFix: {rule.fix}",
                },
                "helpUri": f"{RULES_DOC}#{rule.id.lower()}-{rule.name}",  # GitHub's anchor of "## AG321 `name`"
                "defaultConfiguration": {"level": "error"},
                "properties": {"tags": ["atomgen"]},
            }
        )
    return entries, {rule.id: index for index, rule in enumerate(RULES)}


def source_root() -> Path:
    """%SRCROOT%: the git work tree holding the project, else the project root, else the working folder."""
    from atomgen.project import ConfigError, find_project

    try:
        project = find_project()
    except ConfigError:
        project = None
    start = project.root if project is not None else Path(os.path.realpath(Path.cwd()))
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return start


def _location(path: str, position: Position, root: Path, message: str = "") -> dict[str, Any]:
    absolute = Path(os.path.realpath(path))
    if absolute == root or root in absolute.parents:
        artifact: dict[str, Any] = {"uri": quote(absolute.relative_to(root).as_posix()), "uriBaseId": "%SRCROOT%"}
    else:
        artifact = {"uri": absolute.as_uri()}
    physical: dict[str, Any] = {"artifactLocation": artifact}
    if position.line > 0:
        physical["region"] = {"startLine": position.line, "startColumn": max(1, position.column)}
    location: dict[str, Any] = {"physicalLocation": physical}
    if message:
        location["message"] = {"text": message}
    return location


def sarif_log(diagnostics: Iterable[Diagnostic], root: Optional[Path] = None) -> dict[str, Any]:
    """The whole log for one `check`, as plain data ready for json.dumps."""
    root = source_root() if root is None else root
    rules, index = _rule_entries()
    results = []
    for diagnostic in diagnostics:
        text = diagnostic.message + "".join(f"\nnote: {note}" for note in diagnostic.notes)
        result: dict[str, Any] = {
            "ruleId": diagnostic.rule,
            "level": LEVELS.get(diagnostic.severity, "warning"),
            "message": {"text": text},
            "locations": [_location(diagnostic.path, diagnostic.position, root)],
        }
        if diagnostic.related:
            result["relatedLocations"] = [
                {"id": number, **_location(other.path, other.position, root, other.message)}
                for number, other in enumerate(diagnostic.related)
            ]
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
                        "informationUri": f"{REPOSITORY}#readme",
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.as_uri().rstrip("/") + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
