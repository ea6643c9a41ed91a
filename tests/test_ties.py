"""Every schema field is tied (issue 23.1): the schema walk, the fields that must not reach generated code,
and a mutation campaign over every semantic field of every shipped spec.

The campaign is generated from the specs, not listed: each state field a pattern passes to the instruction,
each row's operation and format codes, each builder immediate with a meaning, each whole-tile exception and
trait, each subtarget and each backend enum case gets a wrong value, and check must reject every mutant with
the rule that owns the field, at the field's line.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from conftest import SPECS

from atomgen.check.families.backend_file import check_backend_data
from atomgen.check.intrinsics import load_intrinsics
from atomgen.check.ties import TIES, schema_fields, tie_of, untied_fields
from atomgen.pipeline import analyse_loaded, render
from atomgen.resources import schema_path
from atomgen.spec.backend import load_backend
from atomgen.spec.emission import RECORDS
from atomgen.spec.loader import load_text

SPEC_FILES = sorted(p for p in SPECS.rglob("*.yaml") if p.name != "backend.yaml")
BACKENDS = {path.parent.name: load_backend(path, str(path))[0] for path in sorted(SPECS.glob("*/backend.yaml"))}
ENUMERATED = ("kind", "operand")  # oracle fields the schema restricts to a few words
OTHER_TYPE = {"i32": "i64", "i64": "i32", "i1": "i32", "i16": "i32", "!llvm.ptr": "!llvm.ptr<3>",
              "!llvm.ptr<3>": "!llvm.ptr"}


# libyaml's loader and emitter: the mutants are data, their YAML only carries them to load_text, and every
# xdist worker collects this module (PyYAML's pure-Python loader made collection a third of its time).
def _read(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def _yaml(data: Any, **options: Any) -> str:
    return yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False, **options)


def test_every_schema_field_is_tied() -> None:
    fields = schema_fields()
    assert len(fields) > 150  # the walk reaches into $defs, lists and free keys
    assert untied_fields() == []
    used = {pattern for pattern, _ in TIES if any(tie_of(f) is tie for f in fields for p, tie in TIES if p == pattern)}
    assert used == {pattern for pattern, _ in TIES}, "a TIES pattern no schema field uses is stale"


def test_a_new_field_without_a_tie_fails_the_walk() -> None:
    schema = json.loads(schema_path("atom").read_text(encoding="utf-8"))
    emission = schema["$defs"]["emission"]
    target = emission if "properties" in emission else next(s for s in emission["oneOf"] if "properties" in s)
    target["properties"]["lane_select"] = {"type": "integer"}
    assert untied_fields(schema) == ["emission.lane_select"]


def _render(text: str, path: Path) -> dict[str, str]:
    loaded = load_text(text, str(path))
    atom, problems = analyse_loaded(loaded, BACKENDS[path.relative_to(SPECS).parts[0]])
    assert atom is not None and not [d for d in problems if d.severity == "error"], problems
    plan = render([atom])
    return {**plan.owned, **{path: repr(shared) for path, shared in plan.shared.items()}}


def _oracle_mutant(data: dict[str, Any]) -> bool:
    """Every string inside the oracle-only fields changed; False when the spec has none."""
    changed = False

    def mutate(value: Any, key: str = "") -> Any:
        nonlocal changed
        if isinstance(value, str) and key not in ENUMERATED:
            changed = True
            return value + " (mutated)"
        if isinstance(value, list):
            return [mutate(v) for v in value]
        if isinstance(value, dict):
            return {k: mutate(v, k) for k, v in value.items()}
        return value

    for key in list(data):
        tie = tie_of(key)
        if tie is not None and tie.how == "oracle":
            data[key] = mutate(data[key])
    return changed


WITH_ORACLE_FIELDS = [p for p in SPEC_FILES if _oracle_mutant(_read(p))]


@pytest.mark.parametrize("path", WITH_ORACLE_FIELDS, ids=[str(p.relative_to(SPECS)) for p in WITH_ORACLE_FIELDS])
def test_oracle_fields_never_reach_generated_code(path: Path) -> None:
    data = _read(path)
    assert _oracle_mutant(data)
    original = _code(_render(_yaml(_read(path), width=100000), path))
    mutated = _code(_render(_yaml(data, width=100000), path))
    assert original and mutated == original


def _code(files: dict[str, str]) -> dict[str, str]:
    """The generated C++, TableGen, Python and CMake (the FileCheck tests carry the oracle facts)."""
    return {path: text for path, text in files.items() if not path.startswith("tests/")}


# --- the mutation campaign --------------------------------------------------------------------

def _spec_mutants(path: Path) -> Iterator[tuple[str, dict[str, Any], tuple[Any, ...], str]]:
    """(name, mutated data, path of the mutated field, expected rule) for one shipped spec."""
    data = _read(path)
    pattern = str(data["emission"]["pattern"])
    needs = RECORDS[pattern].needs
    catalog, _ = load_intrinsics(data["backend"])
    assert catalog is not None
    state = data.get("state") or []
    for feed in needs.feeds:
        index = next((i for i, f in enumerate(state)
                      if f.get("enum_case") == feed.state or (f.get("private") and f["name"] == feed.state)), None)
        if index is None:
            continue
        mutant = copy.deepcopy(data)
        mutant["state"][index]["llvm_type"] = OTHER_TYPE[state[index]["llvm_type"]]
        yield f"{feed.state}.llvm_type", mutant, ("state", index, "llvm_type"), "AG367"
        mutant = copy.deepcopy(data)
        mutant["state"][index]["immediate"] = not state[index]["immediate"]
        yield f"{feed.state}.immediate", mutant, ("state", index, "immediate"), "AG367"
        mutant = copy.deepcopy(data)
        mutant["state"][index]["units"] = "bytes" if state[index]["units"] != "bytes" else "elements"
        yield f"{feed.state}.units", mutant, ("state", index, "units"), "AG367"
    for local, slot in (data["emission"].get("state_operands") or {}).items():
        if "llvm_type_when" in state[slot]:
            continue
        mutant = copy.deepcopy(data)
        mutant["state"][slot]["llvm_type"] = OTHER_TYPE[state[slot]["llvm_type"]]
        yield f"state operand {local}", mutant, ("state", slot, "llvm_type"), "AG352"
    rows = data["instances"]
    if needs.operation:
        cases = next(p["enum"] for p in data["parameters"] if p["name"] == needs.operation)
        for index, row in enumerate(rows):
            other = next(c for c in cases if c != row[needs.operation])
            mutant = copy.deepcopy(data)
            mutant["instances"][index][needs.operation] = other
            yield f"row {index} {needs.operation}", mutant, ("instances", index, needs.operation), "AG374"
    for index, row in enumerate(rows):
        for key, code in (row.get("emission") or {}).items():
            if key in ("cbsz", "blgp", "fmtA", "fmtB"):
                mutant = copy.deepcopy(data)
                mutant["instances"][index]["emission"][key] = (code + 1) % 5
                yield f"row {index} {key}", mutant, ("instances", index, "emission", key), "AG375"
    for element, code in (data["emission"].get("format_codes") or {}).items():
        mutant = copy.deepcopy(data)
        mutant["emission"]["format_codes"][element] = (code + 1) % 5
        yield f"format_codes {element}", mutant, ("emission", "format_codes", element), "AG375"
    args = data["emission"].get("args")
    entry = catalog.get(rows[0]["intrinsic"])
    if isinstance(args, list) and entry is not None:
        tokens = args[1:] if args[:1] == ["accTy"] else args
        offset = len(args) - len(tokens)
        if len(tokens) == len(entry.operands):
            for index, operand in enumerate(entry.operands):
                if operand.immediate is None or operand.immediate.describes is None:
                    continue
                token = str(tokens[index])
                wrong = token.rsplit("::", 1)[0] + "::bcast_first_32" if "::" in token else "1"
                mutant = copy.deepcopy(data)
                mutant["emission"]["args"][index + offset] = wrong
                yield f"args {operand.name}", mutant, ("emission", "args", index + offset), "AG376"
    exceptions = data.get("exceptions") or {}
    if exceptions.get("whole_tile"):
        mutant = copy.deepcopy(data)
        del mutant["exceptions"]["whole_tile"]
        yield "whole_tile", mutant, ("traits", data["traits"].index("whole_tile_copy")), "AG341"
        yield "whole_tile", mutant, ("layouts", "src"), "AG377"
    elif data["kind"] == "copy":
        mutant = copy.deepcopy(data)
        mutant["traits"] = list(data.get("traits") or []) + ["whole_tile_copy"]
        yield "trait", mutant, ("traits", len(mutant["traits"]) - 1), "AG341"
    mutant = copy.deepcopy(data)
    mutant["subtarget"] = data["subtarget"] + "x"
    yield "subtarget", mutant, ("subtarget",), "AG109"


def test_the_campaign_reaches_every_family() -> None:
    """Every spec has mutants (so the parametrization below over SPEC_FILES leaves none idle)."""
    mutants = [(path, rule) for path in SPEC_FILES for *_, rule in _spec_mutants(path)]
    assert {rule for _, rule in mutants} == {"AG341", "AG352", "AG367", "AG374", "AG375", "AG376", "AG377", "AG109"}
    assert len({path for path, _ in mutants}) == len(SPEC_FILES)


@pytest.mark.parametrize("path", SPEC_FILES, ids=[str(p.relative_to(SPECS)) for p in SPEC_FILES])
def test_every_semantic_mutant_is_rejected_at_its_field(path: Path) -> None:
    missed = []
    for name, data, where, rule in _spec_mutants(path):
        name = f"{path.relative_to(SPECS)}: {name}"
        loaded = load_text(_yaml(data, width=100000), str(path))
        _, problems = analyse_loaded(loaded, BACKENDS[path.relative_to(SPECS).parts[0]])
        line = loaded.position(where).line
        if not any(d.rule == rule and d.position.line == line for d in problems):
            missed.append(f"{name}: expected {rule} at line {line}, got "
                          f"{sorted({(d.rule, d.position.line) for d in problems})[:6]}")
    assert not missed, "\n".join(missed)


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_every_enum_collision_is_rejected(backend: str) -> None:
    path = SPECS / backend / "backend.yaml"
    data = _read(path)
    cases = data["state_enum"]["cases"]
    assert len(cases) > 1
    for index in range(1, len(cases)):
        for key in ("name", "value", "string"):
            mutant = copy.deepcopy(data)
            mutant["state_enum"]["cases"][index][key] = cases[0][key]
            loaded = load_text(_yaml(mutant), str(path))
            found = {(d.rule, d.position.line) for d in check_backend_data(loaded)}
            assert ("AG108", loaded.position(("state_enum", "cases", index, key)).line) in found, (index, key)
