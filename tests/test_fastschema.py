"""The compiled yes/no schema check (atomgen/spec/fastschema.py) against jsonschema's verdict.

A spec the fast check calls valid gets no schema diagnostics at all, so it must never call
valid what jsonschema rejects; it must also accept what jsonschema accepts, or check would
only be slower. Held to jsonschema on every shipped file and on thousands of mutants.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import SPECS
from spec_mutants import mutant

from atomgen.check.intrinsics import load_intrinsics
from atomgen.spec.fastschema import compile_schema, equal
from atomgen.spec.loader import load_file
from atomgen.spec.validate import _is_valid, _schema_errors, _validator, ecma_pattern

MUTANTS = 3000
VALUES: list[Any] = [None, True, False, 0, 1, -1, 1.0, 1.5, 65536, "", "x", "TODO", "a b", "f16\n", [], [1], {},
                     {"q": 1}, ["a", "a"], 2**40]


def _jsonschema_valid(name: str, data: Any) -> bool:
    return not any(True for _ in _validator(name).iter_errors(data))


def _files(kind: str) -> list[Path]:
    if kind == "atom":
        return sorted(p for p in SPECS.rglob("*.yaml") if p.name not in ("backend.yaml", "intrinsics.yaml"))
    if kind == "intrinsics":
        return sorted((SPECS.parent / "atomgen" / "intrinsics").glob("*.yaml"))
    return sorted(SPECS.rglob("backend.yaml"))


def test_every_shipped_schema_compiles() -> None:
    assert all(_is_valid(name) is not None for name in ("atom", "backend", "intrinsics"))


@pytest.mark.parametrize("kind", ["atom", "backend", "intrinsics"])
def test_shipped_files_agree(kind: str) -> None:
    files = _files(kind)
    assert files
    for path in files:
        data = load_file(path).data
        assert _is_valid(kind)(data) == _jsonschema_valid(kind, data) is True, path  # type: ignore[misc]


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _leaves(value, path + (index,))
    return found


def _poke(data: Any, rng: random.Random) -> Any:
    """One value anywhere replaced, removed or added (the shape edits a schema decides)."""
    copied = copy.deepcopy(data)
    path = rng.choice(_leaves(copied)[1:])
    parent = copied
    for part in path[:-1]:
        parent = parent[part]
    choice = rng.randrange(3)
    if choice == 0:
        parent[path[-1]] = rng.choice(VALUES)
    elif choice == 1:
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[rng.choice(["extra", "intrinsic", "pattern", "args", "name", 3])] = rng.choice(VALUES)
    else:
        parent.append(rng.choice(VALUES + [copy.deepcopy(parent[0])] if parent else VALUES))
    return copied


# a plain `pytest` tries the first quarter of the campaign's mutants (same seed)
@pytest.mark.slow
@pytest.mark.parametrize("count", [pytest.param(MUTANTS // 4, id="quick"),
                                   pytest.param(MUTANTS, id="campaign", marks=pytest.mark.campaign)])
def test_mutants_agree_with_jsonschema(count: int) -> None:
    rng = random.Random(20261201)
    subjects = [(kind, load_file(p).data) for kind in ("atom", "backend", "intrinsics") for p in _files(kind)]
    catalogs = {name: load_intrinsics(name)[0] for name in ("rocdl", "nvvm")}
    intrinsics = {name: sorted(c.entries) for name, c in catalogs.items() if c is not None}
    patterns = sorted({str(d["emission"]["pattern"]) for kind, d in subjects if kind == "atom"})
    verdicts = {True: 0, False: 0}
    compared = 0  # rejected mutants whose errors validate.py's faster search must find exactly
    for number in range(count):
        kind, data = subjects[number % len(subjects)]
        if kind == "atom" and number % 2:
            variant, _ = mutant(data, rng, patterns, intrinsics[str(data["backend"])])
        else:
            variant = _poke(data, rng)
        expected = _jsonschema_valid(kind, variant)
        assert _is_valid(kind)(variant) == expected, (kind, number)  # type: ignore[misc]
        verdicts[expected] += 1
        if not expected and verdicts[False] % 10 == 0:  # a sample: each costs two full searches
            compared += 1
            assert _signatures(_schema_errors(kind, variant)) == _signatures(_validator(kind).iter_errors(variant)), \
                (kind, number)
    assert min(verdicts.values()) > count // 10, verdicts  # both verdicts well represented
    assert compared > count // 30, compared


def _signatures(errors: Any) -> list[Any]:
    """What check reads of jsonschema's errors, in order: where, which keyword, the message, which
    schema object (by identity), and the same of each error under a oneOf."""
    return [(tuple(e.absolute_path), e.validator, e.message, tuple(e.absolute_schema_path), id(e.schema),
             _signatures(e.context)) for e in errors]


def test_json_equality_and_unknown_keywords() -> None:
    assert not equal(True, 1) and equal(1, 1.0) and not equal([1], [True]) and equal({"a": [1]}, {"a": [1.0]})
    assert compile_schema({"if": {"type": "string"}}, ecma_pattern) is None
    assert compile_schema({"patternProperties": {"^x": {}}}, ecma_pattern) is None
    check = compile_schema({"type": "integer", "uniqueItems": True, "oneOf": [{"minimum": 3}, {"maximum": 5}]},
                           ecma_pattern)
    assert check is not None and check(1) and check(7) and not check(4) and check(2.0) and not check(True)
