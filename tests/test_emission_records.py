"""Emission records (issue 20.1): one frozen record per pattern, held to the schema, read by every stage.

The schema's `oneOf` and the records are two declarations of the same keys; these tests make them one
fact: each pattern the schema names has a record whose fields are exactly its keys, required exactly
where the schema requires them. A shipped spec reads into its record, which is frozen and holds no dict
or list, and the source reads the section through the record only (no `.get` on raw emission data).
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, mutable_leaves, shipped_specs

from atomgen.check.runner import model_file
from atomgen.resources import schema_path
from atomgen.spec.emission import RECORDS, Emission, RowEmission
from atomgen.spec.model import AtomSpec, KnownDefect

SCHEMA = json.loads(schema_path("atom").read_text(encoding="utf-8"))
ALTERNATIVES = {alt["properties"]["pattern"]["const"]: alt for alt in SCHEMA["$defs"]["emission"]["oneOf"]}


def schema_keys(alternative: dict[str, Any]) -> dict[str, bool]:
    """A pattern's keys besides `pattern` -> whether the schema requires it."""
    required = set(alternative.get("required", ()))
    return {key: key in required for key in alternative["properties"] if key != "pattern"}


def test_every_schema_pattern_has_a_record_and_no_record_is_extra() -> None:
    assert len(ALTERNATIVES) >= 24
    assert set(RECORDS) == set(ALTERNATIVES) == set(SCHEMA["$defs"]["emission"]["properties"]["pattern"]["enum"])


@pytest.mark.parametrize("pattern", sorted(ALTERNATIVES))
def test_record_fields_are_the_schema_keys_required_where_the_schema_requires(pattern: str) -> None:
    record = RECORDS[pattern]
    assert record.pattern == pattern
    assert record.keys() == schema_keys(ALTERNATIVES[pattern])
    assert record.needs.kind in ("mma", "copy")


def test_a_drifted_record_is_caught() -> None:
    """The comparison above can fail: a record with one key more than its schema entry differs."""

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Drifted(RECORDS["mfma"]):  # type: ignore[misc,valid-type]
        lane_select: int = 0

    assert Drifted.keys() != schema_keys(ALTERNATIVES["mfma"])
    assert set(Drifted.keys()) - set(schema_keys(ALTERNATIVES["mfma"])) == {"lane_select"}


def test_row_emission_fields_are_the_schema_keys() -> None:
    row = SCHEMA["$defs"]["rowEmission"]
    assert {f.name for f in dataclasses.fields(RowEmission)} == set(row["properties"])
    assert all(f.default is None or f.default == "" for f in dataclasses.fields(RowEmission))


def test_every_shipped_spec_reads_into_its_frozen_record() -> None:
    specs = shipped_specs()
    assert len(specs) >= 30
    seen: set[str] = set()
    for path in specs:
        modeled = model_file(path, str(path))
        assert modeled.spec is not None, path
        emission = modeled.spec.emission
        assert isinstance(emission, Emission) and type(emission) is RECORDS[modeled.spec.pattern], path
        seen.add(emission.pattern)
        assert mutable_leaves(emission, "emission") == [], path
        for instance in modeled.spec.instances:
            assert isinstance(instance.emission, RowEmission)
        assert pickle.loads(pickle.dumps(emission)) == emission  # the check workers send models back
        # refused: a field by FrozenInstanceError; a new name by TypeError on Python 3.10-3.11, whose
        # dataclass(frozen=True, slots=True) __setattr__ still names the class it replaced
        with pytest.raises((dataclasses.FrozenInstanceError, TypeError)):
            emission.pattern_note = "x"  # type: ignore[attr-defined]
    assert len(seen) >= 20  # the shipped specs use most patterns: the loop above saw their records


def test_a_mutable_leaf_is_found() -> None:
    """The walk above can fail: a dict smuggled into a record is reported with its path."""
    record = RECORDS["mfma"].read({"pattern": "mfma", "args": ["accTy", "a", "b", "c"]})
    object.__setattr__(record, "state_operands", {"scale": 0})
    assert mutable_leaves(record, "emission") == ["emission.state_operands: dict"]


# Raw reads of the emission section, the row emission and the typed python/tests sections: the records
# replaced them all. A `.get` on one of these is a default invented outside the declaration.
RAW_READ = re.compile(r"\.(emission|tests|python)\.get\(|\bemission\[|backend\.name\s*[!=]=")


def test_no_stage_reads_emission_data_raw() -> None:
    sources = sorted((REPO / "atomgen").rglob("*.py"))
    assert len(sources) > 100
    found = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
             for path in sources
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if RAW_READ.search(line)]
    assert found == []


def test_the_raw_read_pattern_finds_a_raw_read(tmp_path: Path) -> None:
    for line in ('value = spec.emission.get("args")', 'op = emission["op_class"]', 'if backend.name == "rocdl":'):
        assert RAW_READ.search(line), line


# The model's own structure, parsed expressions and layouts, and the loaded text it points into for
# positions: not spec data a later stage could read raw.
NOT_DATA = ("loaded", "instances")


def test_the_atom_spec_is_frozen_and_holds_no_dict_or_list() -> None:
    """Issue 20.2: no `data`, no `exceptions` dict; the known_* declarations are KnownDefect records."""
    names = {f.name for f in dataclasses.fields(AtomSpec)}
    assert "data" not in names and "exceptions" not in names
    specs = shipped_specs()
    declarations = 0
    for path in specs:
        modeled = model_file(path, str(path))
        assert modeled.spec is not None, path
        spec = modeled.spec
        with pytest.raises(dataclasses.FrozenInstanceError):
            spec.summary = "x"  # type: ignore[misc]
        for item in dataclasses.fields(spec):
            if item.name not in NOT_DATA:
                assert mutable_leaves(getattr(spec, item.name), item.name) == [], path
        assert spec.instances
        for instance in spec.instances:  # values, packed, pin: FrozenMaps; `raw`, the row as written, aside
            for item in dataclasses.fields(instance):
                if item.name != "raw":
                    assert mutable_leaves(getattr(instance, item.name), f"{instance.id}.{item.name}") == [], path
        known = spec.known_flydsl_defects + spec.known_triton_differences + spec.known_cute_differences
        assert all(isinstance(d, KnownDefect) for d in known)
        declarations += len(known)
    assert declarations >= 10  # the shipped specs declare oracle differences: the loop saw records


def test_a_record_field_adds_what_the_template_then_reads() -> None:
    """`required()` is the pattern's needs plus what the record's own fields add (AG371 checks it): tma_load's
    `multicast` reads the MulticastMask state field, tma_store's `reduce` the parameter it names."""
    plain, multicast = RECORDS["tma_load"].read({"pattern": "tma_load"}), RECORDS["tma_load"].read(
        {"pattern": "tma_load", "multicast": True})
    assert plain.required() == plain.needs and "MulticastMask" not in plain.needs.state_cases
    assert multicast.required().state_cases == plain.needs.state_cases + ("MulticastMask",)
    reduce = RECORDS["tma_store"].read({"pattern": "tma_store", "reduce": "redOp"})
    assert reduce.required().parameters == ("rank", "redOp")
    assert all(RECORDS[p].read({"pattern": p}).required() is RECORDS[p].needs for p in ("cp_async", "tma_store"))
