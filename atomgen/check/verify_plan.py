"""What verify() accepts, as data: the instance table in order, free-parameter ranges, pins.

Built once per spec, when first read (AnalysedAtom.verify), and read by the C++ renderer (which
turns it into verify()), the DSL wrapper and the test renderer (one negative case per message),
so they can never disagree on wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from atomgen.spec.model import AtomSpec, Instance, Parameter
from atomgen.spec.printing import describe, message_value


@dataclass(frozen=True, slots=True)
class KeyCondition:
    parameter: Parameter
    value: Any


@dataclass(frozen=True, slots=True)
class Row:
    instance: Instance
    conditions: tuple[KeyCondition, ...]
    pins: tuple[KeyCondition, ...]
    description: str  # how messages name this configuration


@dataclass(frozen=True, slots=True)
class FreeRange:
    parameter: Parameter
    minimum: Optional[int]
    maximum: Optional[int]
    values: Optional[tuple[Any, ...]]
    message: str  # printf-free text; the C++ appends ", got <value>"


@dataclass(frozen=True, slots=True)
class VerifyPlan:
    rows: tuple[Row, ...]
    free: tuple[FreeRange, ...]
    unsupported_prefix: str  # "unsupported cdna3.mfma configuration: "
    supported_list: str  # "32x32x2 (f32, f32) -> f32, ..."

    @staticmethod
    def pin_message(parameter: Parameter, value: Any, description: str) -> str:
        """What verify() says for a pinned value; `value` a tuple: the values the rows of one key pin
        (sm80.mma.sp: a row per sparsity selector)."""
        if isinstance(value, tuple):
            if len(value) > 1:
                return f"{parameter.name} must be one of {', '.join(message_value(v) for v in value)} for {description}"
            value = value[0]
        return f"{parameter.name} = {message_value(value)} is required for {description}"

    def key_pins(self, row: Row) -> tuple[KeyCondition, ...]:
        """The row's pins as verify() checks them for its key: a parameter that other rows of the same key
        pin too has all their values (a tuple) as its value; one another row leaves free is no pin."""
        siblings = [r for r in self.rows if r.conditions == row.conditions]
        merged = []
        for pin in row.pins:
            values = [p.value for r in siblings for p in r.pins if p.parameter.name == pin.parameter.name]
            if len(values) < len(siblings):
                continue  # a row of this key leaves it free
            unique = tuple(dict.fromkeys(values))
            merged.append(KeyCondition(pin.parameter, unique if len(unique) > 1 else pin.value))
        return tuple(merged)


def verify_plan(spec: AtomSpec) -> VerifyPlan:
    key = spec.key_parameters
    rows = []
    for instance in spec.instances:
        conditions = tuple(KeyCondition(p, instance.values[p.name]) for p in key if p.name in instance.values)
        pins = tuple(
            KeyCondition(parameter, value)
            for name, value in sorted(instance.pin.items())
            if (parameter := spec.parameter(name)) is not None
        )
        rows.append(Row(instance, conditions, pins, describe(spec, instance.values)))
    free = []
    for parameter in spec.parameters:
        if not parameter.is_free:
            continue
        if parameter.free_values is not None:
            allowed = ", ".join(message_value(v) for v in parameter.free_values)
            message = f"{parameter.name} must be one of {allowed}"
        else:
            message = f"{parameter.name} must be in [{parameter.free_min}, {parameter.free_max}]"
        free.append(FreeRange(parameter, parameter.free_min, parameter.free_max, parameter.free_values, message))
    unique: list[str] = []
    for row in rows:
        if row.description not in unique:
            unique.append(row.description)
    return VerifyPlan(
        rows=tuple(rows),
        free=tuple(free),
        unsupported_prefix=f"unsupported {spec.mnemonic} configuration: ",
        supported_list="; ".join(unique),
    )
