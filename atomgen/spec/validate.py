"""JSON Schema validation of loaded specs, every error pointed into the YAML."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Iterator, Optional

from atomgen.diagnostics import Diagnostic, Rule
from atomgen.resources import load_schema
from atomgen.spec.loader import JsonPath, LoadedSpec

RULES = (
    Rule(
        "AG010",
        "unfilled",
        "A scaffold placeholder `TODO` is still in the spec.",
        "`atomgen new` writes TODO where only you know the answer; check reports each one so nothing is guessed.",
        "intrinsic: TODO",
        "Replace it with the real value, e.g. `intrinsic: rocdl.mfma.f32.16x16x16f16`.",
    ),
    Rule(
        "AG101",
        "schema",
        "The spec does not match schema/atom.schema.json.",
        "The schema is the contract between spec authors and the generator; editors validate against it too.",
        "kind: matmul",
        "Use one of the allowed values (`mma` or `copy`); `atomgen schema` prints the schema.",
    ),
)

MAX_MESSAGE = 240


@lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    import jsonschema

    schema = load_schema(name)
    whole_strings = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": _pattern})
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


def _describe(path: JsonPath) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "spec"


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


@lru_cache(maxsize=None)
def _is_valid(name: str) -> Optional[Callable[[Any], bool]]:
    """A yes/no check that needs no jsonschema (atomgen/spec/fastschema.py), if the schema allows."""
    from atomgen.spec.fastschema import compile_schema

    schema = load_schema(name)
    return compile_schema(_inline_refs(schema, schema.get("$defs", {})), ecma_pattern)


def validate(loaded: LoadedSpec, schema_name: str = "atom") -> list[Diagnostic]:
    """One diagnostic per schema violation (the most specific one of each `oneOf`)."""
    if not isinstance(loaded.data, dict):
        return [Diagnostic("AG101", "a spec is a YAML mapping at the top level", loaded.path, loaded.position(()))]
    is_valid = _is_valid(schema_name)
    if is_valid is not None and is_valid(loaded.data):
        return []  # jsonschema is only needed to find and word the errors
    validator = _validator(schema_name)
    diagnostics: list[Diagnostic] = []
    seen: set[tuple[JsonPath, str]] = set()
    for error in sorted(validator.iter_errors(loaded.data), key=lambda e: list(map(str, e.absolute_path))):
        for leaf in _leaves(error):
            path: JsonPath = tuple(leaf.absolute_path)
            message, position = _explain(leaf, path, loaded)
            if (path, message) in seen:
                continue
            seen.add((path, message))
            diagnostics.append(Diagnostic("AG101", _shorten(message), loaded.path, position, notes=_notes(leaf)))
    return diagnostics


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


def _explain(error: Any, path: JsonPath, loaded: LoadedSpec) -> tuple[str, Any]:
    where = _describe(path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extras = sorted(k for k in error.instance if k not in allowed)
        if extras:
            from atomgen.suggest import did_you_mean

            extra = extras[0]
            return (
                f"{where}: unknown key '{extra}'{did_you_mean(str(extra), allowed)}",
                loaded.key_position(path + (extra,)),
            )
    if error.validator == "required":
        return f"{where}: {error.message}", loaded.key_position(path) if path else loaded.position(())
    return f"{where}: {error.message}", loaded.position(path)


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
                Diagnostic(
                    "AG010",
                    f"{_describe(path)} is still TODO: fill it in (see `atomgen explain AG010`)",
                    loaded.path,
                    loaded.position(path),
                )
            )

    walk(loaded.data, ())
    return found


def validated_model(loaded: LoadedSpec) -> tuple[Optional[Any], list[Diagnostic]]:
    """validate -> model: the typed spec (an AtomSpec), or the diagnostics that stopped it
    (placeholders, schema). The spec layer's own chain, so that check and the pipeline share it."""
    from atomgen.spec.model import build_model

    problems = unfilled(loaded) or validate(loaded)
    if problems:
        return None, problems
    return build_model(loaded)
