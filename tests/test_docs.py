"""The documentation holds: every schema key is documented, the tutorial's commands run."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

from tests.conftest import REPO

DOCS = REPO / "docs"


def property_names(node: Any) -> Iterator[str]:
    """Every key a spec or backend.yaml may hold, at any depth of the JSON Schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            yield from property_names(value)
    elif isinstance(node, list):
        for item in node:
            yield from property_names(item)


def code_words(markdown: str) -> set[str]:
    """Words inside inline code and fenced blocks: where a key is documented by name."""
    fenced = re.findall(r"^```[^\n]*\n(.*?)^```", markdown, re.S | re.M)
    inline = re.findall(r"`([^`\n]+)`", re.sub(r"^```[^\n]*\n.*?^```", "", markdown, flags=re.S | re.M))
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", "\n".join(fenced + inline)))


def test_every_schema_key_is_documented_in_spec_format() -> None:
    documented = code_words((DOCS / "spec-format.md").read_text(encoding="utf-8"))
    for schema in ("atom.schema.json", "backend.schema.json"):
        names = set(property_names(json.loads((REPO / "schema" / schema).read_text(encoding="utf-8"))))
        assert "tests" in names or schema != "atom.schema.json"
        missing = sorted(names - documented)
        assert missing == [], f"schema/{schema} keys not documented in docs/spec-format.md: {missing}"


def test_no_reference_to_a_design_file_outside_the_repository() -> None:
    """DESIGN.md lived outside the repository; docs/architecture.md replaces it."""
    assert (DOCS / "architecture.md").is_file()
    offenders = []
    for path in [*REPO.glob("atomgen/**/*.py"), *REPO.glob("docs/**/*.md"), REPO / "README.md"]:
        if "DESIGN.md" in path.read_text(encoding="utf-8"):
            offenders.append(str(path.relative_to(REPO)))
    assert offenders == []
