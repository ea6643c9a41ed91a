"""atomgen's own YAML files load exactly as yaml.safe_load reads them (atomgen/spec/loader.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from atomgen.spec.loader import load_package_data

REPO = Path(__file__).resolve().parent.parent
TRICKY = """\
base: &base {a: 1, b: [x, 0x10, 1_000, 0o17, 1.5e3, .inf, yes, no, ~, "07", 2026-12-01]}
merged: {<<: *base, c: !!str 3, d: !!int "4"}
list: ["- 2", {k: v}, [1, [2]]]
"""


@pytest.mark.parametrize("path", sorted((REPO / "atomgen" / "catalog").glob("*.yaml")) + [
    REPO / "specs" / "rocdl" / "backend.yaml"], ids=lambda p: p.name)
def test_shipped_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert load_package_data(text) == yaml.safe_load(text)


@pytest.mark.parametrize("text", [TRICKY, "", "just a scalar", "- [1, 2]\n- {a: null}\n"])
def test_yaml_corners(text: str) -> None:
    assert load_package_data(text) == yaml.safe_load(text)
