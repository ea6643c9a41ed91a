"""The configurations `atomgen oracle flydsl` asks about: every instance row (copies: once per
valBits of the row), and a bounded, deterministic neighbourhood around the instance table, each
with its label (the one `known_flydsl_defects` patterns match) and its printed wrapper type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atomgen.spec.defects import config_label

# Neighbourhood sweep: element types tried besides the table's, and the bound on MNK.
EXTRA_MMA_TYPES = ("f16", "bf16", "f32", "i8", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f4E2M1FN")
EXTRA_COPY_TYPES = ("i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64", "vector<2xf16>", "vector<2xbf16>")
MAX_DIM = 256


@dataclass
class Config:
    """One configuration of an atom: parameter values, its label and printed wrapper type."""

    values: dict[str, Any]
    label: str
    type_text: str
    val_bits: int = 0


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def dialect(spec: Any) -> str:
    return f"fly_{spec.backend}"


def make_config(spec: Any, values: dict[str, Any], val_bits: int = 0, label_bits: bool = False) -> Config:
    from atomgen.spec.printing import atom_type

    text = atom_type(spec, dialect(spec), values, val_bits if spec.kind == "copy" else None)
    label = config_label(spec, values, val_bits if label_bits else None)
    return Config(dict(values), label, text, val_bits)


def instance_val_bits(spec: Any, instance: Any) -> list[int]:
    """The valBits a copy row is used with (0 when the row names none)."""
    return [int(v) for v in instance.val_bits] or [0]


def neighbourhood(spec: Any) -> list[dict[str, Any]]:
    """Deterministic, bounded configurations around the instance table (none of them a row).

    Each row's MNK dimensions (one at a time) doubled and halved (1..MAX_DIM); every table
    shape with every table element-type tuple and with ``(x, x, acc)`` for a few extra element
    types; copies: each integer key parameter halved, doubled and times 3/2, each type
    parameter over a few extra types, each enum over all its cases; for the first row, each
    free parameter just outside its declared range.
    """
    from atomgen.spec.printing import sample_values

    key = [p for p in spec.parameters if not p.is_free]
    key_names = [p.name for p in key]
    rows = [sample_values(spec, instance) for instance in spec.instances]
    if not rows:
        return []
    candidates: list[dict[str, Any]] = []
    shape = [n for n in ("m", "n", "k") if n in key_names] if spec.kind == "mma" else []
    types = [p.name for p in key if p.is_type]
    others = [p for p in key if p.name not in shape and p.name not in types]

    def with_values(row: dict[str, Any], **changes: Any) -> dict[str, Any]:
        new = dict(row)
        new.update(changes)
        return new

    if len(shape) == 3:
        for row in rows:
            for name in shape:
                value = int(row[name])
                for new in (value * 2, value // 2 if value % 2 == 0 else 0):
                    if 1 <= new <= MAX_DIM:
                        candidates.append(with_values(row, **{name: new}))
        shapes: dict[tuple[int, ...], dict[str, Any]] = {}
        for row in rows:
            shapes.setdefault(tuple(int(row[n]) for n in shape), row)
        tuples: dict[tuple[str, ...], None] = {}
        for row in rows:
            tuples.setdefault(tuple(str(row[n]) for n in types), None)
        accumulators = sorted({t[-1] for t in tuples}) if types else []
        for base in shapes.values():
            for combo in tuples:
                candidates.append(with_values(base, **dict(zip(types, combo, strict=False))))
            if len(types) == 3:
                for extra in EXTRA_MMA_TYPES:
                    for acc in accumulators:
                        candidates.append(with_values(base, **dict(zip(types, (extra, extra, acc), strict=False))))
    else:
        for row in rows:
            for parameter in others:
                current = row.get(parameter.name)
                if parameter.enum:
                    for case, _ in parameter.enum:
                        candidates.append(with_values(row, **{parameter.name: case}))
                elif parameter.is_integer and isinstance(current, int) and not isinstance(current, bool):
                    for new in sorted({current * 2, current // 2, current * 3 // 2} - {current}):
                        if current % 2 == 0 and new > 0:
                            candidates.append(with_values(row, **{parameter.name: new}))
            for name in types:
                for extra in EXTRA_COPY_TYPES:
                    candidates.append(with_values(row, **{name: extra}))
    first = rows[0]
    for parameter in spec.parameters:
        if not parameter.is_free:
            continue
        if parameter.free_values is not None:
            values = list(parameter.free_values)
            if all(isinstance(v, bool) for v in values):
                outside: list[Any] = [b for b in (False, True) if b not in values]
            else:
                ints = [int(v) for v in values]
                outside = [v for v in (0, max(ints) * 2) if v not in ints]
        else:
            outside = []
            if parameter.free_min is not None:
                outside.append(parameter.free_min - 1)
            if parameter.free_max is not None:
                outside.append(parameter.free_max + 1)
        for value in outside:
            candidates.append(with_values(first, **{parameter.name: value}))
    keys = {_row_key(spec, row) for row in rows}
    seen: set[tuple[Any, ...]] = set()
    result: list[dict[str, Any]] = []
    for candidate in candidates:
        identity = tuple(sorted((k, value_text(v)) for k, v in candidate.items()))
        if identity in seen or _is_row(spec, candidate, keys):
            continue
        seen.add(identity)
        result.append(candidate)
    return result


def _row_key(spec: Any, values: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(value_text(values.get(p.name)) for p in spec.parameters if not p.is_free)


def _is_row(spec: Any, values: dict[str, Any], keys: set[tuple[Any, ...]]) -> bool:
    """A table row: its key, with every free parameter inside its declared range."""
    if _row_key(spec, values) not in keys:
        return False
    for parameter in spec.parameters:
        if not parameter.is_free or parameter.name not in values:
            continue
        value = values[parameter.name]
        if parameter.free_values is not None and value not in parameter.free_values:
            return False
        if parameter.free_min is not None and value < parameter.free_min:
            return False
        if parameter.free_max is not None and value > parameter.free_max:
            return False
    return True
