"""How a list of diagnostics is printed: text, json, sarif or github (`--output-format`).

Apart from atomgen/diagnostics.py, whose Diagnostic it prints, so that diagnostics imports nothing that
imports it back (sarif reads the rule table, and the rule table is made of diagnostics' Rule).
"""

from __future__ import annotations

import json
from typing import Callable, Iterable, Optional

from atomgen.diagnostics import Diagnostic, sort_key
from atomgen.sarif import sarif_log


def format_all(
    diagnostics: Iterable[Diagnostic], output_format: str, color: bool = False,
    shown: Optional[Callable[[str], str]] = None,
) -> str:
    """`text` (with source lines and carets), `json`, `sarif` (SARIF 2.1.0, atomgen/sarif.py; its
    paths are relative to a fixed %SRCROOT%) or `github` (GitHub Actions workflow commands, one
    line a finding, as ruff's `--output-format github`). `shown` renames paths in text, json
    and github output (atomgen/project.py root_relative)."""
    ordered = sorted(diagnostics, key=sort_key)
    name = shown or (lambda path: path)
    if output_format == "json":
        return json.dumps([{**d.to_json(), "path": name(d.path)} for d in ordered], indent=2)
    if output_format == "sarif":
        return json.dumps(sarif_log(ordered), indent=2)
    if output_format == "github":
        return "\n".join(github_command(d, name(d.path)) for d in ordered)
    return "\n".join(d.format(color=color, source=True, shown=name(d.path)) for d in ordered)


GITHUB_LEVELS = {"error": "error", "warning": "warning", "note": "notice"}


def github_command(diagnostic: Diagnostic, path: str) -> str:
    """`::error file=F,line=L,col=C,title=AGnnn::message` (notes on lines of their own), escaped
    as GitHub's toolkit escapes workflow command data and properties."""

    def data(text: str) -> str:
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")

    def value(text: str) -> str:
        return data(text).replace(":", "%3A").replace(",", "%2C")

    properties = [f"file={value(path)}"]
    if diagnostic.position.line > 0:
        properties += [f"line={diagnostic.position.line}", f"col={max(1, diagnostic.position.column)}"]
    properties.append(f"title={value(diagnostic.rule)}")
    message = "\n".join([diagnostic.message, *(f"note: {note}" for note in diagnostic.notes)])
    level = GITHUB_LEVELS.get(diagnostic.severity, "warning")
    return f"::{level} {','.join(properties)}::{data(message)}"
