"""Configurations the spec rejects: table neighbours, free-range and pin violations, constraints."""

from __future__ import annotations

import re
from typing import Any

from atomgen.check.verify_plan import VerifyPlan, describe, format_value, pin_message
from atomgen.render.escape import filecheck_literal, mlir_comment
from atomgen.render.tests.mlir import (
    NEXT_FUNC,
    NegativeCase,
    check_forms,
    ident,
)
from atomgen.render.tests.rocdl import largest_val_bits
from atomgen.spec import verify as wording
from atomgen.spec.model import AtomSpec, Instance, Parameter
from atomgen.spec.printing import atom_type, sample_values

TYPE_CANDIDATES = ("f32", "f16", "bf16", "i8", "i32", "f64", "f8E4M3FN", "f8E5M2", "f4E2M1FN", "i4")


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


def _case_name(spec: AtomSpec, case_id: str) -> str:
    return "bad_" + ident(case_id.replace(":", "_").replace("=", "_")).lower()


def negative_cases(spec: AtomSpec, dialect: str, plan: VerifyPlan) -> list[NegativeCase]:
    if not plan.rows:
        return []
    table = {_key(spec, sample_values(spec, row.instance)) for row in plan.rows}
    first = plan.rows[0].instance
    base = sample_values(spec, first)
    cases: list[NegativeCase] = []
    seen: set[tuple[Any, ...]] = set()
    shapes = frozenset((i.values.get("m"), i.values.get("n"), i.values.get("k")) for i in spec.instances)

    def words(kind: str, values: dict[str, Any], parameter: str = "") -> str:
        # Spec text: matched literally by FileCheck, one line (the title comment escapes it again).
        return filecheck_literal(wording.prefix_for(spec.verify_section, kind, values, format_value, parameter, shapes))

    def rejected(kind: str, values: dict[str, Any], message: str) -> str:
        """verify() checks constraints before the table and the pins: the first one broken speaks."""
        broken = wording.first_broken(spec.verify_section, values)
        if broken:
            return filecheck_literal(wording.fill(broken, values, format_value))
        return words(kind, values) + message

    # 1. table neighbours: change one key parameter of the first instance.
    for parameter in spec.key_parameters:
        for candidate in _alternatives(parameter, base.get(parameter.name)):
            values = dict(base)
            values[parameter.name] = candidate
            key = _key(spec, values)
            if key in table or key in seen:
                continue
            seen.add(key)
            case_id = f"table:{parameter.name}={format_value(candidate)}"
            desc = describe(spec, values)
            cases.append(
                NegativeCase(
                    case_id,
                    _case_name(spec, case_id),
                    f"{case_id}: {desc} is not in the instance table",
                    atom_type(spec, dialect, values, default_val_bits(spec, first)),
                    rejected("table", values, plan.unsupported_prefix + desc),
                    values=values,
                )
            )
            break
    # 2. free parameters out of range.
    for free in plan.free:
        parameter = free.parameter
        value: Any = None
        if free.values is not None:
            if all(isinstance(v, bool) for v in free.values):
                missing = [v for v in (False, True) if v not in free.values]
                value = missing[0] if missing else None
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
        case_id = f"free:{parameter.name}={format_value(value)}"
        cases.append(
            NegativeCase(
                case_id,
                _case_name(spec, case_id),
                f"{case_id}: {free.message}",
                atom_type(spec, dialect, values, default_val_bits(spec, first)),
                words("free", values, parameter.name) + f"{free.message}, got {format_value(value)}",
                values=values,
            )
        )
    # 2b. constraints between free parameters (spec `verify.constraints`), each broken alone.
    def in_range(name: str, value: int) -> bool:
        parameter = spec.parameter(name)
        return parameter is not None and parameter.free_values is None and (
            (parameter.free_min is None or value >= parameter.free_min)
            and (parameter.free_max is None or value <= parameter.free_max))

    for constraint, values in wording.violations(spec.verify_section, base, in_range):
        case_id = f"constraint{constraint.index}:" + ",".join(f"{n}={values[n]}" for n in sorted(
            constraint.require.names() | (constraint.when.names() if constraint.when else set())))
        message = filecheck_literal(wording.fill(constraint.message, values, format_value))
        cases.append(
            NegativeCase(case_id, _case_name(spec, case_id), f"{case_id}: {mlir_comment(message)}",
                         atom_type(spec, dialect, values, default_val_bits(spec, first)), message, values=values)
        )
    # 3. a pin violated (the other value is inside the free range, so only the pin rejects it).
    for row in plan.rows:
        done = False
        for pin in row.pins:
            parameter = pin.parameter
            allowed = parameter.free_values if parameter.free_values is not None else None
            others = [v for v in (allowed or _alternatives(parameter, pin.value)) if v != pin.value]
            low, high = parameter.free_min, parameter.free_max
            if low is not None or high is not None:
                others = [v for v in others if isinstance(v, int) and not isinstance(v, bool)
                          and (low is None or v >= low) and (high is None or v <= high)]
            if not others:
                continue
            values = sample_values(spec, row.instance)
            values[parameter.name] = others[0]
            case_id = f"pin:{parameter.name}={format_value(others[0])}@{row.instance.id}"
            cases.append(
                NegativeCase(
                    case_id,
                    _case_name(spec, case_id),
                    f"{case_id}: {pin_message(parameter, pin.value, row.description)}",
                    atom_type(spec, dialect, values, default_val_bits(spec, row.instance)),
                    rejected("pin", values, pin_message(parameter, pin.value, row.description)),
                    values=values,
                )
            )
            done = True
            break
        if done:
            break
    return cases


def signedness_cases(spec: AtomSpec, dialect: str) -> list[NegativeCase]:
    """Accepted, not rejected: a plain `iN` element type admits si/ui N too (FlyDSL's isInteger(N)).

    Each case is first in the file and says that no error is reported at its line (VERIFY-NOT),
    so the file fails if verify() starts rejecting signed or unsigned integer types.
    """
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
            case = NegativeCase(case_id, _case_name(spec, case_id), f"{case_id}: {describe(spec, changed)} is accepted",
                                atom_type(spec, dialect, changed, default_val_bits(spec, inst)), "")
            case.checks = [check_forms().error_at("VERIFY-NOT", NEXT_FUNC, None)]
            found.append(case)
    return found[:2]


def default_val_bits(spec: AtomSpec, inst: Instance) -> int | None:
    if spec.kind == "mma":
        return None
    if spec.whole_tile:
        return 0
    return largest_val_bits(inst) if inst.val_bits else 0
