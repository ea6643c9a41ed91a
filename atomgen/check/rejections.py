"""The configurations a spec rejects, computed once from its verify plan (render writes them as tests).

Four kinds, each a neighbour of the instance table that exactly one of verify()'s checks rejects:
`table` (one key parameter of the first row changed), `free` (a free parameter just outside its
range), `constraint` (a `verify.constraints` item broken alone) and `pin` (a pinned parameter given
another allowed value). `accept` cases are the opposite: signed and unsigned forms of a plain `iN`
element type, which verify() must keep accepting (FlyDSL's isInteger(N)).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from atomgen.check.verify_plan import VerifyPlan
from atomgen.spec import verify as wording
from atomgen.spec.model import AtomSpec, Instance, Parameter
from atomgen.spec.printing import describe, message_value, sample_values

TYPE_CANDIDATES = ("f32", "f16", "bf16", "i8", "i32", "f64", "f8E4M3FN", "f8E5M2", "f4E2M1FN", "i4")


@dataclass(frozen=True, slots=True)
class Rejection:
    id: str  # "table:k=32", "free:numWarps=0", "constraint0:...", "pin:...@row", "accept:ui8@row"
    kind: str  # table | free | constraint | pin | accept
    values: dict[str, Any]  # the configuration (not to be changed: shared by every reader)
    instance: Instance  # the row the values start from (its registers size the atom type)
    title: str  # what the case is, plain text
    wording: str = ""  # the start of verify()'s message: FlyDSL's wording or a constraint's message, plain
    message: str = ""  # atomgen's own text after it ("" for constraints and accepted cases)


def _key(spec: AtomSpec, values: dict[str, Any]) -> tuple[Any, ...]:
    return tuple((p.name, values.get(p.name)) for p in spec.key_parameters)


def _alternatives(parameter: Parameter, value: Any) -> list[Any]:
    if parameter.is_bool:
        return [not value]
    if parameter.enum:
        return [name for name, _ in parameter.enum if name != value]
    if parameter.is_type:
        return [t for t in TYPE_CANDIDATES if t != value]
    if isinstance(value, int):
        return [value * 2, value + 1, value * 4]
    return []


def rejections(spec: AtomSpec, plan: VerifyPlan) -> tuple[Rejection, ...]:
    if not plan.rows:
        return ()
    section = spec.verify_section
    table = {_key(spec, sample_values(spec, row.instance)) for row in plan.rows}
    first = plan.rows[0].instance
    base = sample_values(spec, first)
    cases: list[Rejection] = []
    seen: set[tuple[Any, ...]] = set()
    shapes = frozenset((i.values.get("m"), i.values.get("n"), i.values.get("k")) for i in spec.instances)

    def rejected(case_id: str, kind: str, values: dict[str, Any], instance: Instance, title: str,
                 message: str) -> Rejection:
        """verify() checks constraints before the table and the pins: the first one broken speaks."""
        broken = wording.first_broken(section, values)
        if broken:
            return Rejection(case_id, kind, values, instance, title, wording.fill(broken, values, message_value))
        words = wording.prefix_for(section, kind, values, message_value, "", shapes)
        return Rejection(case_id, kind, values, instance, title, words, message)

    # 1. table neighbours: change one key parameter of the first instance.
    for parameter in spec.key_parameters:
        for candidate in _alternatives(parameter, base.get(parameter.name)):
            values = dict(base)
            values[parameter.name] = candidate
            key = _key(spec, values)
            if key in table or key in seen:
                continue
            seen.add(key)
            case_id = f"table:{parameter.name}={message_value(candidate)}"
            desc = describe(spec, values)
            cases.append(rejected(case_id, "table", values, first, f"{desc} is not in the instance table",
                                  plan.unsupported_prefix + desc))
            break
    # 2. free parameters out of range.
    for free in plan.free:
        parameter = free.parameter
        value: Any = None
        if free.values is not None:
            if all(isinstance(v, bool) for v in free.values):
                missing = [v for v in (False, True) if v not in free.values]
                value = missing[0] if missing else None
            elif parameter.is_type:  # a format parameter: a type it does not list
                value = next((t for t in TYPE_CANDIDATES if t not in free.values), None)
            else:
                value = next(v for v in range(0, 1 << 16) if v not in free.values)
        elif free.maximum is not None and free.maximum < 2**31 - 1:
            value = free.maximum + 1
        elif free.minimum is not None:
            value = free.minimum - 1
        if value is None:
            continue
        values = dict(base)
        values[parameter.name] = value
        cases.append(Rejection(
            f"free:{parameter.name}={message_value(value)}", "free", values, first, free.message,
            wording.prefix_for(section, "free", values, message_value, parameter.name, shapes),
            f"{free.message}, got {message_value(value)}"))

    # 2b. constraints between free parameters (spec `verify.constraints`), each broken alone.
    def in_range(name: str, value: int) -> bool:
        parameter = spec.parameter(name)
        return parameter is not None and parameter.free_values is None and (
            (parameter.free_min is None or value >= parameter.free_min)
            and (parameter.free_max is None or value <= parameter.free_max))

    for constraint, values in wording.violations(section, base, in_range):
        case_id = f"constraint{constraint.index}:" + ",".join(f"{n}={values[n]}" for n in sorted(
            constraint.require.names() | (constraint.when.names() if constraint.when else set())))
        message = wording.fill(constraint.message, values, message_value)
        cases.append(Rejection(case_id, "constraint", values, first, message, message))
    # 3. a pin violated (the other value is inside the free range, so only the pin rejects it).
    for row in plan.rows:
        for pin in row.pins:
            parameter = pin.parameter
            allowed = parameter.free_values if parameter.free_values is not None else None
            others = [v for v in (allowed or _alternatives(parameter, pin.value)) if v != pin.value]
            low, high = parameter.free_min, parameter.free_max
            if low is not None or high is not None:
                others = [v for v in others if isinstance(v, int) and not isinstance(v, bool)
                          and (low is None or v >= low) and (high is None or v <= high)]
            # verify() judges a key's pins together: a value another row of the key pins is that row's,
            # and one a row leaves free is no pin at all (sm80.mma.sp: a row per sparsity selector)
            merged = next((p for p in plan.key_pins(row) if p.parameter.name == parameter.name), None)
            if merged is None:
                continue
            taken = merged.value if isinstance(merged.value, tuple) else (merged.value,)
            others = [v for v in others if v not in taken]
            if not others:
                continue
            values = sample_values(spec, row.instance)
            values[parameter.name] = others[0]
            case_id = f"pin:{parameter.name}={message_value(others[0])}@{row.instance.id}"
            message = VerifyPlan.pin_message(parameter, merged.value, row.description)
            cases.append(rejected(case_id, "pin", values, row.instance, message, message))
            return tuple(cases)
    return tuple(cases)


def accepted_signedness(spec: AtomSpec) -> tuple[Rejection, ...]:
    """Accepted, not rejected: a plain `iN` element type admits si/ui N too (at most two cases)."""
    found = []
    for inst in spec.instances:
        values = sample_values(spec, inst)
        names = [spec.operand_types.get(role, "") for role in ("a", "b")]
        widths = {str(values.get(n, "")) for n in names}
        if spec.kind != "mma" or len(widths) != 1 or not re.fullmatch(r"i\d+", next(iter(widths))):
            continue
        for sign in ("ui", "si"):
            changed = dict(values, **{n: sign + str(values[n])[1:] for n in names})
            case_id = f"accept:{sign}{str(values[names[0]])[1:]}@{inst.id}"
            found.append(Rejection(case_id, "accept", changed, inst, f"{describe(spec, changed)} is accepted"))
    return tuple(found[:2])
