"""atomgen's own YAML files load exactly as yaml.safe_load reads them (atomgen/spec/loader.py), and the
compiled catalogues it ships beside them are that data (atomgen/intrinsics/compiled.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from atomgen.intrinsics import compiled as shipped
from atomgen.spec.loader import load_package_data

REPO = Path(__file__).resolve().parent.parent
TRICKY = """\
base: &base {a: 1, b: [x, 0x10, 1_000, 0o17, 1.5e3, .inf, yes, no, ~, "07", 2026-12-01]}
merged: {<<: *base, c: !!str 3, d: !!int "4"}
list: ["- 2", {k: v}, [1, [2]]]
"""


@pytest.mark.parametrize("path", sorted((REPO / "atomgen" / "intrinsics").glob("*.yaml")) + [
    REPO / "specs" / "rocdl" / "backend.yaml"], ids=lambda p: p.name)
def test_shipped_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert load_package_data(text) == yaml.safe_load(text)


@pytest.mark.parametrize("text", [TRICKY, "", "just a scalar", "- [1, 2]\n- {a: null}\n"])
def test_yaml_corners(text: str) -> None:
    assert load_package_data(text) == yaml.safe_load(text)


@pytest.mark.parametrize("path", sorted((REPO / "atomgen" / "intrinsics").glob("*.yaml")), ids=lambda p: p.name)
def test_compiled_catalogue_is_fresh(path: Path) -> None:
    """The shipped <backend>.json is the YAML compiled (`python -m atomgen.intrinsics.compiled` after an edit)."""
    compiled = shipped.compiled_path(path)
    assert compiled.read_text(encoding="utf-8") == shipped.compile_text(path), \
        f"{compiled.name} is stale: run python -m atomgen.intrinsics.compiled"
    assert shipped.load(path) == yaml.safe_load(path.read_text(encoding="utf-8"))


def test_compiled_catalogue_is_used_only_while_it_matches_its_yaml(tmp_path: Path) -> None:
    source = tmp_path / "x.yaml"
    source.write_text("backend: x\nintrinsics: {a: {op_class: A}}\n", encoding="utf-8")
    shipped.compiled_path(source).write_text(shipped.compile_text(source).replace('"A"', '"FROM_JSON"'),
                                             encoding="utf-8")
    assert shipped.load(source) == {"backend": "x", "intrinsics": {"a": {"op_class": "FROM_JSON"}}}  # read, not parsed
    source.write_text("backend: x\nintrinsics: {a: {op_class: B}}\n", encoding="utf-8")  # edited, not recompiled
    assert shipped.load(source) == {"backend": "x", "intrinsics": {"a": {"op_class": "B"}}}
    shipped.compiled_path(source).write_text("{not json", encoding="utf-8")
    assert shipped.load(source) == {"backend": "x", "intrinsics": {"a": {"op_class": "B"}}}
    source.write_text("{1: a}\n", encoding="utf-8")  # JSON keys are strings: refused, not silently changed
    with pytest.raises(ValueError, match="JSON round trip"):
        shipped.compile_text(source)
