"""The instance table (rule family AG35x): every row gives its key values, rows are unique, pins are free.

Rows checked against the intrinsics table are atomgen/check/families/against_intrinsics.py.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, Iterator

from atomgen.check.families.parameters import ENUM_CASE, value_fits
from atomgen.diagnostics import Diagnostic, Example, Rule, consequence
from atomgen.spec.instances import INSTANCE_KEYS
from atomgen.spec.loader import JsonPath
from atomgen.spec.mlir_types import parse_packed, suggest_type
from atomgen.spec.model import AtomSpec

# the minimal MMA spec's one instance row (atomgen/check/examples.py), twice in AG351's example
_ROW = ('  - {m: 16, "n": 16, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32, '
        'intrinsic: rocdl.mfma.f32.16x16x16f16,\n'
        '     packed: {a: "vector<4xf16>", b: "vector<4xf16>", c: "vector<4xf32>"}}')

UNKNOWN_TYPE = Rule(
    "AG332",
    "unknown-type",
    "An element or packed type is not one atomgen can size.",
    "Packing and recast checks need exact widths.",
    Example("elemTyA: f16,", "elemTyA: f17,", 26, "f17", also=frozenset({"AG352"})),
    "Use an MLIR type name (f16, bf16, f8E4M3FN, i8, vector<4xf16>).",
)

DUPLICATE_INSTANCE = Rule(
    "AG351",
    "duplicate-instance",
    "Two instance rows have the same key.",
    "verify() and the emission dispatch would have two answers for one configuration.",
    Example(_ROW, _ROW + "\n" + _ROW, 28, "{"),
    "Remove one.",
)

RULES = (
    UNKNOWN_TYPE,
    DUPLICATE_INSTANCE,
)


# value_fits for a row's values (ints, bools, strings: hashable), which repeat from row to row;
# typed, so that True and 1 are judged apart
_row_value_fits = lru_cache(maxsize=4096, typed=True)(value_fits)


def check_instance_table(spec: AtomSpec) -> Iterator[Diagnostic]:
    key = spec.key_parameters
    key_names = [p.name for p in key]
    enums = [(p, dict(p.enum)) for p in key if p.enum]
    seen: dict[tuple[Any, ...], JsonPath] = {}
    for instance in spec.instances:
        path = instance.path
        values = [instance.values.get(name) for name in key_names]  # each read once: rows are many
        for parameter, value in zip(key, values):
            if value is None and parameter.name not in instance.values:
                yield INSTANCE_KEYS.at(
                    spec, f"instance {instance.id} gives no value for parameter '{parameter.name}'", path
                )
            elif not _row_value_fits(parameter.cpp_type, value):
                rule = UNKNOWN_TYPE if parameter.is_type else INSTANCE_KEYS
                guess = suggest_type(value) if parameter.is_type and isinstance(value, str) else None
                yield rule.at(
                    spec,
                    f"instance {instance.id}: {parameter.name} = {value!r} is not a {parameter.cpp_type}"
                    + (" atomgen knows" if parameter.is_type else "")
                    + (f"; did you mean '{guess}'?" if guess and guess != value else ""),
                    path + (parameter.name,),
                )
        for parameter, cases in enums:
            given = instance.values.get(parameter.name)
            if parameter.name in instance.given and given not in cases:
                yield ENUM_CASE.at(
                    spec, f"instance {instance.id}: {parameter.name} = {given!r} is not one of its enum cases "
                    f"({', '.join(name for name, _ in parameter.enum)})",
                    path + (parameter.name,),
                )
        for name, value in instance.pin.items():
            pinned = spec.parameter(name)
            if pinned is None or not pinned.is_free:
                yield INSTANCE_KEYS.at(
                    spec, f"instance {instance.id}: 'pin' names '{name}', which is not a free parameter",
                    path + ("pin", name),
                )
            elif not _free_value_ok(pinned, value):
                yield INSTANCE_KEYS.at(
                    spec, f"instance {instance.id}: pinned {name} = {value!r} is outside its free range",
                    path + ("pin", name),
                )
        # each value with its type, so that 1, True and "1" stay apart (as their reprs would)
        signature: tuple[Any, ...] = tuple([(type(value), value) for value in values])
        if instance.pin:
            signature += tuple(sorted([(k, repr(v)) for k, v in instance.pin.items()]))
        if signature in seen:
            first = spec.position(seen[signature])
            yield DUPLICATE_INSTANCE.at(spec,
                f"instance {instance.id} is given twice: this row duplicates the one at line {first.line} "
                f"(same {', '.join(p.name for p in key)})",
                path,
            )
        else:
            seen[signature] = path
        for operand, text in instance.packed.items():
            if parse_packed(text) is None:
                guess = suggest_type(text)
                yield UNKNOWN_TYPE.at(spec,
                    f"instance {instance.id}: packed type '{text}' is not one atomgen can size"
                    + (f"; did you mean '{guess}'?" if guess and guess != text else ""),
                    path + ("packed", operand),
                )

def fold_unknown_types(spec: AtomSpec, found: list[Diagnostic]) -> list[Diagnostic]:
    """Root cause first: an instance's type parameter atomgen cannot size (AG332, `elemTyAcc: f23`)
    is the finding; what other rules then say about that instance and that value (the intrinsics table
    takes f32, not f23; the packed type holds f32) become notes under it, not errors of their own."""
    if UNKNOWN_TYPE.id not in {d.rule for d in found}:
        return found  # no value to fold under
    unknown: dict[tuple[str, str], int] = {}  # (instance id, value) -> index of its AG332 in found
    for instance in spec.instances:
        for parameter in spec.key_parameters:
            value = instance.values.get(parameter.name)
            if parameter.is_type and isinstance(value, str) and not _row_value_fits(parameter.cpp_type, value):
                position = spec.position(instance.path + (parameter.name,))
                index = next((i for i, d in enumerate(found) if d.rule == UNKNOWN_TYPE.id and d.position == position),
                             None)
                if index is not None:
                    unknown.setdefault((instance.id, value), index)
    if not unknown:
        return found
    notes: dict[int, list[str]] = {}
    folded: set[int] = set()
    for index, diagnostic in enumerate(found):
        if diagnostic.rule == UNKNOWN_TYPE.id or diagnostic.severity != "error":
            continue
        for (instance_id, value), root in unknown.items():
            if diagnostic.message.startswith(f"instance {instance_id}:") and re.search(
                    rf"(?<![\w.<]){re.escape(value)}(?![\w.>])", diagnostic.message):
                notes.setdefault(root, []).append("hence " + consequence(diagnostic, f"instance {instance_id}: "))
                folded.add(index)
                break
    result = []
    for index, diagnostic in enumerate(found):
        if index in folded:
            continue
        if index in notes:
            diagnostic = replace(diagnostic, notes=diagnostic.notes + tuple(notes[index]))
        result.append(diagnostic)
    return result


def _free_value_ok(parameter: Any, value: Any) -> bool:
    if parameter.free_values is not None:
        for allowed in parameter.free_values:  # noqa: SIM110 - a loop: this runs per pinned value
            if value == allowed and isinstance(value, bool) == isinstance(allowed, bool):
                return True
        return False
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    if parameter.free_min is not None and value < parameter.free_min:
        return False
    return not (parameter.free_max is not None and value > parameter.free_max)
