"""JSON Schema validation of loaded specs, every error pointed into the YAML."""

from __future__ import annotations

import copy
import dataclasses
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.resources import load_schema
from atomgen.spec.loader import JsonPath, LoadedSpec

if TYPE_CHECKING:  # jsonschema is imported only for a spec the compiled schema check rejects
    from jsonschema import ValidationError

    from atomgen.spec.model import AtomSpec

# other modules raise it too, through this object
UNFILLED = Rule(
    "AG010",
    "unfilled",
    "A scaffold placeholder `TODO` is still in the spec.",
    "`atomgen new` writes TODO where only you know the answer; check reports each one so nothing is guessed.",
    Example("intrinsic: rocdl.mfma.f32.16x16x16f16", "intrinsic: TODO", 26, "TODO"),
    "Replace it with the real value, e.g. `intrinsic: rocdl.mfma.f32.16x16x16f16`.",
)

# other modules raise it too, through this object
SCHEMA = Rule(
    "AG101",
    "schema",
    "The spec does not match schema/atom.schema.json.",
    "The schema is the contract between spec authors and the generator; editors validate against it too.",
    Example("kind: mma", "kind: matmul", 2, "matmul"),
    "Use one of the allowed values (`mma` or `copy`); `atomgen schema` prints the schema.",
)

RULES = (
    UNFILLED,
    SCHEMA,
)

MAX_MESSAGE = 240


@lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    import jsonschema

    schema = load_schema(name)
    whole_strings = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft202012Validator, {"pattern": _pattern})
    # Local $refs inlined once: resolving them per node costs more than all other checks.
    return whole_strings(_inline_refs(schema, schema.get("$defs", {})))


@lru_cache(maxsize=None)
def ecma_pattern(pattern: str) -> "re.Pattern[str]":
    """A schema pattern with ECMA-262 semantics, which JSON Schema prescribes: `$` is the end
    of the string. Python's `$` also matches before a final newline, which let `intrinsic:
    "foo\\n"` through every identifier pattern into generated code."""
    translated, in_class, escaped = [], False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "$" and not in_class:
            char = r"\Z"
        translated.append(char)
    return re.compile("".join(translated))


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    import jsonschema

    if validator.is_type(instance, "string") and not ecma_pattern(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


def _inline_refs(node: Any, definitions: dict[str, Any], depth: int = 0) -> Any:
    if depth > 32:
        raise ValueError("schema $refs nest too deeply")
    if isinstance(node, dict):
        reference = node.get("$ref")
        if isinstance(reference, str) and reference.startswith("#/$defs/"):
            target = definitions[reference[len("#/$defs/") :]]
            rest = {k: v for k, v in node.items() if k != "$ref"}
            resolved = _inline_refs(target, definitions, depth + 1)
            return {**resolved, **_inline_refs(rest, definitions, depth + 1)} if rest else resolved
        return {k: _inline_refs(v, definitions, depth) for k, v in node.items() if k != "$defs"}
    if isinstance(node, list):
        return [_inline_refs(v, definitions, depth) for v in node]
    return node


def _describe(path: JsonPath, data: Any = None) -> str:
    """`parameters[2].cpp_type`; a path into an instance row names the instance by its id, as every
    other message does (`instance 16x16x16_f16_f16_f32: packed.a`)."""
    label = _instance_label(path, data)
    if label is not None:
        rest = _describe(path[2:])
        return label if rest == "spec" else f"{label}: {rest}"
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "spec"


def _instance_label(path: JsonPath, data: Any) -> Optional[str]:
    """`instance <id>` for a path into a row of `instances` (no family: its rows have several ids)."""
    if len(path) < 2 or path[0] != "instances" or not isinstance(path[1], int) or not isinstance(data, dict):
        return None
    from atomgen.spec.instances import id_of

    try:
        row = data["instances"][path[1]]
        if not isinstance(row, dict) or "expand" in row:
            return None
        if isinstance(row.get("id"), str):
            return f"instance {row['id']}"
        key = [p for p in data["parameters"] if isinstance(p, dict) and "free" not in p]
        values: dict[str, Any] = {p["name"]: row.get(p["name"], p.get("default")) for p in key}  # raw data
        return f"instance {id_of(str(data['kind']), values, [str(p['name']) for p in key])}"
    except (KeyError, IndexError, TypeError, AttributeError):
        return None


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


@lru_cache(maxsize=None)
def _is_valid(name: str) -> Optional[Callable[[Any], bool]]:
    """A yes/no check that needs no jsonschema (atomgen/spec/fastschema.py), if the schema allows."""
    from atomgen.spec.fastschema import compile_schema

    schema = load_schema(name)
    return compile_schema(_inline_refs(schema, schema.get("$defs", {})), ecma_pattern)


@lru_cache(maxsize=None)
def _property_checks(name: str) -> Optional[dict[str, Callable[[Any], bool]]]:
    """The compiled yes/no check of each top-level property's schema; None if one does not compile."""
    from atomgen.spec.fastschema import compile_schema

    properties = _validator(name).schema.get("properties")
    if not isinstance(properties, dict):
        return None
    checks = {key: compile_schema(schema, ecma_pattern) for key, schema in properties.items()}
    return None if any(check is None for check in checks.values()) else checks  # type: ignore[return-value]


def _schema_errors(name: str, data: dict[str, Any]) -> list[Any]:
    """jsonschema's errors for `data`, exactly as `iter_errors` yields them, found faster. A spec
    the schema rejects is mostly valid: one mistake in one section, beside an instance table of
    hundreds of rows. A top-level property the compiled check calls valid gets no error from
    jsonschema either (tests/test_fastschema.py holds each to the other), so its schema is
    replaced by `true` and jsonschema does not walk it; the keys stay, so `additionalProperties`
    and `required` judge the same mapping, and their errors get the real schema back."""
    validator = _validator(name)
    checks = _property_checks(name)
    valid = {key for key, check in (checks or {}).items() if key in data and check(data[key])}
    if not valid:
        return list(validator.iter_errors(data))
    root = validator.schema
    properties = root["properties"]
    pruned = {**root, "properties": {key: True if key in valid else schema for key, schema in properties.items()}}
    # the class itself, not evolve(): evolve picks the validator class from the root's $schema,
    # which is plain Draft 2020-12, without this module's ECMA `pattern`
    errors = list(type(validator)(pruned).iter_errors(data))
    for error in errors:
        if error.schema is pruned:
            error.schema = root
    return errors


def validate(loaded: LoadedSpec, schema_name: str = "atom") -> list[Diagnostic]:
    """One diagnostic per schema violation (the most specific one of each `oneOf`)."""
    return _validation(loaded, schema_name)[0]


def _validation(loaded: LoadedSpec, schema_name: str) -> tuple[list[Diagnostic], list[Any]]:
    """The diagnostics, and the jsonschema errors they word."""
    if not isinstance(loaded.data, dict):
        return [SCHEMA.finding("a spec is a YAML mapping at the top level", loaded.path, loaded.position(()))], []
    is_valid = _is_valid(schema_name)
    if is_valid is not None and is_valid(loaded.data):
        return [], []  # jsonschema is only needed to find and word the errors
    diagnostics: list[Diagnostic] = []
    seen: set[tuple[JsonPath, str]] = set()
    errors = sorted(_schema_errors(schema_name, loaded.data), key=lambda e: list(map(str, e.absolute_path)))
    leaves = [leaf for error in errors for leaf in _leaves(error)]
    renamed, unreported = _renamed_keys(leaves, loaded.data)
    root = _validator(schema_name).schema
    for leaf in leaves:
        path: JsonPath = tuple(leaf.absolute_path)
        if leaf.validator == "required" and (path, _missing(leaf)) in renamed:
            if (path, _missing(leaf)) not in unreported:
                continue  # the misspelled key beside it is the one finding (its note says so)
            explained = [_misspelt(path, _missing(leaf), renamed, loaded, ())]
        else:
            explained = _explain(leaf, path, loaded, renamed, root)
        for message, position, notes in explained:
            if (path, message) in seen:
                continue
            seen.add((path, message))
            diagnostics.append(SCHEMA.finding(_shorten(message), loaded.path, position, notes=notes))
    return diagnostics, leaves


def neutralised(loaded: LoadedSpec, leaves: list[ValidationError], schema_name: str = "atom") -> Optional[LoadedSpec]:
    """The spec with only what the schema rejected set aside, when that is free text or unknown
    keys, which no rule and no part of the model reads: a text field (`x-kind: text` in the schema:
    notes, summary, docs, reasons) becomes "", an unknown key is dropped. None when any error is
    elsewhere, or when the result is still not schema-valid: then nothing after the schema runs.
    Positions stay those of the file (no list item is removed)."""
    if not leaves or not isinstance(loaded.data, dict):
        return None
    if any(_aside(leaf, loaded.data) is None for leaf in leaves):
        return None  # decided on the spec as read: most rejected specs need no copy
    data = copy.deepcopy(loaded.data)
    for leaf in leaves:
        how = _aside(leaf, data)  # an earlier leaf's edit may have removed what this one names
        path = tuple(leaf.absolute_path)
        if how == "text":
            _at(data, path[:-1])[path[-1]] = ""
        elif how == "unknown keys":
            target = _at(data, path)
            allowed = leaf.schema.get("properties", {}) if isinstance(leaf.schema, dict) else {}
            for key in [k for k in target if k not in allowed]:
                del target[key]
        else:
            return None
    is_valid = _is_valid(schema_name)
    valid = is_valid(data) if is_valid is not None else not any(True for _ in _validator(schema_name).iter_errors(data))
    return dataclasses.replace(loaded, data=data) if valid else None


def _aside(leaf: Any, data: Any) -> Optional[str]:
    """How neutralised() sets this error aside in `data`: "text" (a free-text field becomes ""),
    "unknown keys" (dropped from their mapping), or None (it cannot). Setting others aside first
    only blanks texts and drops keys, which never makes a leaf that cannot be set aside one that can."""
    path = tuple(leaf.absolute_path)
    if not isinstance(leaf.schema, dict):
        return None
    if leaf.schema.get("x-kind") == "text" and path and isinstance(_at(data, path[:-1]), (dict, list)):
        return "text"
    if leaf.validator == "additionalProperties" and isinstance(_at(data, path), dict):
        return "unknown keys"
    return None


def _at(data: Any, path: JsonPath) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _missing(error: Any) -> Optional[str]:
    """The property a `required` error says is missing."""
    names = error.validator_value if isinstance(error.validator_value, list) else []
    instance = error.instance if isinstance(error.instance, dict) else {}
    return next((str(n) for n in names if n not in instance and repr(n) in error.message), None)


def _renamed_keys(leaves: list[Any], data: Any) -> tuple[dict[tuple[JsonPath, Optional[str]], str],
                                                          set[tuple[JsonPath, Optional[str]]]]:
    """(mapping path, missing required key) -> the unknown key beside it that is its misspelling
    (`assembly_fromat` for a missing `assembly_format`): one finding, at the key that is wrong.
    And which of them no `additionalProperties` error reports: a mapping that takes keys of any
    name (an instance row: its parameters' values) has only the missing key's error, and the
    misspelt key (`instrinsic:` in a row) is reported in its place."""
    from atomgen.suggest import closest

    found: dict[tuple[JsonPath, Optional[str]], str] = {}
    unreported: set[tuple[JsonPath, Optional[str]]] = set()
    for leaf in leaves:
        if leaf.validator != "additionalProperties" or not isinstance(leaf.instance, dict):
            continue
        allowed = set(leaf.schema.get("properties", {}))
        path: JsonPath = tuple(leaf.absolute_path)
        missing = {_missing(other) for other in leaves
                   if other.validator == "required" and tuple(other.absolute_path) == path}
        for extra in (k for k in leaf.instance if k not in allowed):
            match = closest(str(extra), allowed)
            if match in missing:
                found[(path, match)] = str(extra)
    parameters = _parameter_names(data)
    for leaf in leaves:
        if leaf.validator != "required" or not isinstance(leaf.instance, dict) or not isinstance(leaf.schema, dict):
            continue
        path, name = tuple(leaf.absolute_path), _missing(leaf)
        if name is None or (path, name) in found:
            continue
        known = set(leaf.schema.get("properties", {}))
        extras = [str(k) for k in leaf.instance if k not in known and k not in parameters]
        extra = next((k for k in extras if closest(k, [name]) == name), None)
        if extra is not None:
            found[(path, name)] = extra
            unreported.add((path, name))
    return found, unreported


def _parameter_names(data: Any) -> set[str]:
    """The spec's parameter names: keys an instance row may hold beside its schema's fields."""
    parameters = data.get("parameters") if isinstance(data, dict) else None
    if not isinstance(parameters, list):
        return set()
    return {p["name"] for p in parameters if isinstance(p, dict) and isinstance(p.get("name"), str)}


def _misspelt(path: JsonPath, missing: Optional[str], renamed: dict[tuple[JsonPath, Optional[str]], str],
              loaded: LoadedSpec, notes: tuple[str, ...]) -> tuple[str, Any, tuple[str, ...]]:
    """The one finding for a required key spelt wrong: at the wrong key, naming the right one."""
    extra = renamed[(path, missing)]
    return (
        f"{_describe(path, loaded.data)}: unknown key '{extra}'; did you mean '{missing}'?",
        loaded.key_position(path + (extra,)),
        (f"'{missing}' is required here and missing: renaming the key fixes both",) + notes,
    )


_DESCENDS = frozenset(("properties", "items", "additionalProperties", "prefixItems", "patternProperties",
                       "propertyNames"))


def _stray_key(error: Any, path: JsonPath, loaded: LoadedSpec, root: Any) -> Optional[tuple[str, Any, tuple[str, ...]]]:
    """A key the mapping's schema does not name whose value the schema of other keys rejects
    (`packd: {...}` in an instance row, where any other key is a parameter with a scalar): when
    the key is near a field the mapping lacks, the finding is the misspelt key, at the key."""
    from atomgen.suggest import closest

    schema_path = list(error.absolute_schema_path)
    if not path or not isinstance(path[-1], str) or "additionalProperties" not in schema_path:
        return None
    at = len(schema_path) - 1 - schema_path[::-1].index("additionalProperties")
    if any(part in _DESCENDS for part in schema_path[at + 1:]):
        return None  # the error is deeper inside the value
    parent_schema = root
    for part in schema_path[:at]:
        try:
            parent_schema = parent_schema[part]
        except (KeyError, IndexError, TypeError):
            return None
    parent = _at(loaded.data, path[:-1])
    if not isinstance(parent_schema, dict) or not isinstance(parent, dict) or path[-1] in _parameter_names(loaded.data):
        return None
    known = [k for k in parent_schema.get("properties", {}) if k not in parent]
    match = closest(path[-1], known)
    if match is None or match == path[-1]:
        return None
    return (
        f"{_describe(path[:-1], loaded.data)}: unknown key '{path[-1]}'; did you mean '{match}'?",
        loaded.key_position(path),
        (f"as a key of its own: {_shorten(error.message)}",),
    )


def _notes(error: Any) -> tuple[str, ...]:
    """The complete list of allowed keys for an unknown one (the message itself is kept short)."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        if allowed:
            return ("allowed keys here: " + ", ".join(allowed),)
    return ()


def _leaves(error: Any) -> list[Any]:
    """For oneOf/anyOf, report the branch that got furthest rather than a vague summary.

    A oneOf keyed on a discriminator (`pattern: {const: mfma}` in each branch) reports the
    errors of the branch whose key matched; an unknown key is reported by the key's `enum`.
    """
    if error.validator == "oneOf" and error.context:
        branches: dict[Any, list[Any]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        keyed = [subs for subs in branches.values() if not any(s.validator == "const" for s in subs)]
        if len(keyed) == 1 and len(branches) > 1:
            return [leaf for sub in keyed[0] for leaf in _leaves(sub)]
        if not keyed:
            return []
    if error.validator in ("oneOf", "anyOf") and error.context:
        deepest = max(len(sub.absolute_path) for sub in error.context)
        best = [sub for sub in error.context if len(sub.absolute_path) == deepest]
        if deepest > len(error.absolute_path):
            return best[:1]
    return [error]


def _explain(
    error: Any, path: JsonPath, loaded: LoadedSpec, renamed: dict[tuple[JsonPath, Optional[str]], str],
    root: Any = None,
) -> list[tuple[str, Any, tuple[str, ...]]]:
    """(message, position, notes) for one schema error: an unknown key once per key, at the key,
    with a did-you-mean; an enum value with the nearest allowed one."""
    from atomgen.suggest import did_you_mean

    where = _describe(path, loaded.data)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extras = sorted((k for k in error.instance if k not in allowed), key=str)
        found = []
        for extra in extras:
            missing = next((m for (p, m), key in renamed.items() if p == path and key == str(extra)), None)
            notes = _notes(error)
            if missing is not None:
                notes = (f"'{missing}' is required here and missing: renaming the key fixes both",) + notes
            found.append((
                f"{where}: unknown key '{extra}'{did_you_mean(str(extra), allowed)}",
                loaded.key_position(path + (extra,)),
                notes,
            ))
        if found:
            return found
    if error.validator == "required":
        return [(f"{where}: {error.message}", loaded.key_position(path) if path else loaded.position(()), ())]
    if error.validator == "enum" and isinstance(error.validator_value, list) and isinstance(error.instance, str):
        values = [str(v) for v in error.validator_value]
        # the hint first: a long list of allowed values would cut it off (MAX_MESSAGE)
        message = f"{where}: {error.instance!r} is not one of the allowed values{did_you_mean(error.instance, values)}"
        return [(message, loaded.position(path), ("allowed values here: " + ", ".join(values),))]
    stray = _stray_key(error, path, loaded, root) if root is not None else None
    if stray is not None:
        return [stray]
    return [(f"{where}: {error.message}", loaded.position(path), _notes(error))]


TODO_MARKER = "TODO"


def unfilled(loaded: LoadedSpec) -> list[Diagnostic]:
    """Every scaffold placeholder still in the spec, one diagnostic each."""
    found: list[Diagnostic] = []

    def walk(value: Any, path: JsonPath) -> None:
        if isinstance(value, dict):
            for key, sub in value.items():
                walk(sub, path + (key,))
        elif isinstance(value, list):
            for index, sub in enumerate(value):
                walk(sub, path + (index,))
        elif isinstance(value, str) and value.strip() == TODO_MARKER:
            found.append(
                UNFILLED.finding(
                    f"{_describe(path, loaded.data)} is still TODO: fill it in (see `atomgen explain AG010`)",
                    loaded.path,
                    loaded.position(path),
                )
            )

    walk(loaded.data, ())
    return found


def validated_model(loaded: LoadedSpec) -> tuple[Optional[AtomSpec], list[Diagnostic]]:
    """validate -> model: the typed spec (an AtomSpec), or the diagnostics that stopped it
    (placeholders, schema). The spec layer's own chain, so that check and the pipeline share it.
    A spec whose schema errors are all in free text or unknown keys is modeled without them and
    marked `partial`: its rules run, and nothing but check's report may use it."""
    from atomgen.spec.model import build_model

    problems = unfilled(loaded)
    if problems:
        return None, problems
    problems, leaves = _validation(loaded, "atom")
    if not problems:
        return build_model(loaded)
    # The schema's findings do not hide the rules' independent ones: with only free text or
    # unknown keys rejected, the model is built without them and analysed as a partial spec
    # (docs/architecture.md, "Schema errors and the rules").
    partial = neutralised(loaded, leaves)
    if partial is None:
        return None, problems
    spec, more = build_model(partial)
    if spec is None:
        return None, problems
    return dataclasses.replace(spec, partial=True), problems + more
