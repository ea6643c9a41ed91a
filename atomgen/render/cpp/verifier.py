"""matchInstance() and verify(): the instance table as C++ conditions and messages.

verify() admits exactly the rows matchInstance() finds (both read the analysed atom's verify plan).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from atomgen.check.result import VerifyPlan
from atomgen.render.cpp.messages import cpp_string, cpp_string_chunks, describe_stream, stream_operands
from atomgen.render.cpp.params import CppParam, value_condition, value_stream
from atomgen.spec.model import AtomSpec
from atomgen.spec.printing import describe

# Instance tables longer than this are matched by families: rows that differ only in
# FAMILY_PARAMETER (an `expand` list) share one condition and a table of its values.
COMPACT_ROWS = 100
FAMILY_PARAMETER = "n"
# Flat tables longer than this are matched from a constant table by one loop, not an `if` per row (below it
# the ifs are as short: the table costs its struct and kind switch).
TABLE_ROWS = 24
_SENTINEL = "\x00"


@dataclass
class MatchRow:
    index: int
    condition: str | None  # None: matches everything
    comment: str
    values: list[int] | None = None  # a family: row = index + position of the parameter in values
    array: str = ""  # a family: the C++ array holding `values`
    parameter: str = ""


@dataclass
class InstanceTable:
    """The instance table as C++ data: one `kInstanceRows` entry per row, tried in order by one loop.
    A type parameter's column holds a kind, the index of its predicate in `kinds`."""

    fields: list[str]  # `int32_t m`, `bool reuseA`, `uint8_t elemTyA` (a kind)
    entries: list[tuple[list[str], str]]  # (cells, comment), by row
    kinds: list[str]  # C++ bool over `type`, by kind
    terms: list[str]  # the loop's test of entry `r`


@dataclass
class FreeCheck:
    condition: str  # true when the value is rejected
    message: str
    value: str
    parameter: str = ""


@dataclass
class PinGroup:
    key_condition: str | None
    checks: list[tuple[str, str]]  # (condition that rejects, `<<` operands of the message)


@dataclass
class VerifyModel:
    params: list[CppParam]
    matcher_params: list[str]  # declarations, unused names commented out
    rows: list[MatchRow]
    free: list[FreeCheck]
    pins: list[PinGroup]
    unsupported: list[str]  # `<<` operands
    supported: list[str]  # adjacent string literals
    families: list[MatchRow] = field(default_factory=list)
    table: InstanceTable | None = None


def _row_condition(row_conditions: list[str]) -> str | None:
    return " && ".join(row_conditions) if row_conditions else None


def _free_check(free: Any, param: CppParam) -> FreeCheck | None:
    var = param.name
    if free.values is not None:
        values = list(free.values)
        if param.is_bool:
            if {bool(v) for v in values} == {False, True}:
                return None
            condition = var if values == [False] else f"!{var}"
        elif param.is_type:  # a format parameter (AG379): one of the listed types
            condition = "!(" + " || ".join(value_condition(param, v) for v in values) + ")"
        else:
            condition = " && ".join(f"{var} != {v}" for v in values)
    else:
        terms = []
        if free.minimum is not None and free.minimum > -(2**31):
            terms.append(f"{var} < {free.minimum}")
        if free.maximum is not None and free.maximum < 2**31 - 1:
            terms.append(f"{var} > {free.maximum}")
        if not terms:
            return None
        condition = " || ".join(terms)
    return FreeCheck(condition, free.message + ", got ", value_stream(param), param.name)


def _pin_checks(pins: Any, params: dict[str, CppParam], description: Callable[[Any], str]) -> list[tuple[str, str]]:
    """One check per pin: its parameter differs from the pinned value (from each value, where the rows
    of one key pin several: key_pins)."""
    checks = []
    for c in pins:
        param = params[c.parameter.name]
        values = c.value if isinstance(c.value, tuple) else (c.value,)
        if param.is_bool and len(values) == 1:
            condition = value_condition(param, not values[0])
        else:
            condition = "!(" + " || ".join(value_condition(param, v) for v in values) + ")"
        checks.append((condition, description(c)))
    return checks


def _families(spec: AtomSpec, plan: VerifyPlan) -> list[list[Any]] | None:
    """Consecutive rows that differ only in FAMILY_PARAMETER, or None where the table stays flat."""
    if len(plan.rows) <= COMPACT_ROWS or spec.parameter(FAMILY_PARAMETER) is None:
        return None
    families: list[list[Any]] = []
    previous: Any = None
    for row in plan.rows:
        key = (tuple((c.parameter.name, c.value) for c in row.conditions if c.parameter.name != FAMILY_PARAMETER),
               tuple((c.parameter.name, c.value) for c in row.pins))
        if families and key == previous:
            families[-1].append(row)
        else:
            families.append([row])
        previous = key
    return families


def _family_description(spec: AtomSpec, row: Any) -> str:
    return describe(spec, {**row.instance.values, FAMILY_PARAMETER: _SENTINEL})


def _family_stream(text: str) -> str:
    """`<<` operands printing `text` with the family parameter's value where the sentinel is."""
    before, _, after = text.partition(_SENTINEL)
    return " << ".join(part for part in (cpp_string(before), FAMILY_PARAMETER, cpp_string(after)) if part != '""')


def _instance_table(spec: AtomSpec, plan: VerifyPlan, params: dict[str, CppParam]) -> InstanceTable | None:
    """The flat instance table as data, where every row tests the same parameters for equality (integers,
    booleans, types) and there are more than TABLE_ROWS rows; else None (an `if` per row)."""
    if len(plan.rows) <= TABLE_ROWS:
        return None
    if [row.instance.index for row in plan.rows] != list(range(len(plan.rows))):
        return None  # the loop returns an entry's position, which must be the row's index
    tested = [tuple(sorted(c.parameter.name for c in row.conditions + row.pins)) for row in plan.rows]
    names = [p.name for p in spec.parameters if p.name in set(tested[0])]
    if not names or len(set(tested)) != 1 or len(tested[0]) != len(names) or any(params[n].enum for n in names):
        return None
    kinds: list[str] = []
    fields = [f"{'uint8_t' if params[n].is_type else 'bool' if params[n].is_bool else params[n].cpp_type} {n}"
              for n in names]
    entries = []
    for row in plan.rows:
        given = {c.parameter.name: c.value for c in row.conditions + row.pins}
        cells = []
        for name in names:
            parameter, value = params[name], given[name]
            if parameter.is_type:
                predicate = value_condition(parameter, value, "type")
                if predicate not in kinds:
                    kinds.append(predicate)
                cells.append(str(kinds.index(predicate)))
            elif parameter.is_bool:
                cells.append("true" if value else "false")
            else:
                cells.append(str(int(value)))
        entries.append((cells, f"{row.instance.index}: {row.description}"))
    terms = [f"isKind(r.{n}, {n})" if params[n].is_type else f"{n} == r.{n}" for n in names]
    return InstanceTable(fields, entries, kinds, terms)


def verify_model(spec: AtomSpec, plan: VerifyPlan, params: dict[str, CppParam]) -> VerifyModel:
    ordered = [params[p.name] for p in spec.parameters]
    rows: list[MatchRow] = []
    used: set[str] = set()
    pins: list[PinGroup] = []
    seen_keys: set[str | None] = set()
    families = _families(spec, plan)
    supported = plan.supported_list
    if families is not None:
        descriptions: list[str] = []
        arrays: dict[tuple[int, ...], str] = {}
        for family in families:
            first = family[0]
            values = [int(r.instance.values[FAMILY_PARAMETER]) for r in family]
            key_terms = [value_condition(params[c.parameter.name], c.value) for c in first.conditions
                         if c.parameter.name != FAMILY_PARAMETER]
            terms = key_terms + [value_condition(params[c.parameter.name], c.value) for c in first.pins]
            used |= {c.parameter.name for c in first.conditions + first.pins} | {FAMILY_PARAMETER}
            array = arrays.setdefault(tuple(values), f"k{FAMILY_PARAMETER.upper()}Values{len(arrays)}")
            text = _family_description(spec, first)
            listed = ", ".join(str(v) for v in values)
            comment = (f"{text.replace(_SENTINEL, FAMILY_PARAMETER.upper())}: {first.instance.intrinsic}, "
                       f"rows {first.instance.index}-{family[-1].instance.index}")
            rows.append(MatchRow(first.instance.index, _row_condition(terms), comment, values, array,
                                 FAMILY_PARAMETER))
            descriptions.append(f"{text.replace(_SENTINEL, FAMILY_PARAMETER.upper())} with "
                                f"{FAMILY_PARAMETER.upper()} in {{{listed}}}")
            if first.pins:
                key = " && ".join(key_terms + [f"positionOf({array}, {FAMILY_PARAMETER})"])
                family_text = _family_description(spec, first)

                def family_message(c: Any, text: str = family_text) -> str:
                    return _family_stream(VerifyPlan.pin_message(c.parameter, c.value, text))

                pins.append(PinGroup(key, _pin_checks(first.pins, params, family_message)))
        supported = "; ".join(descriptions)
    else:
        for row in plan.rows:
            key_terms = [value_condition(params[c.parameter.name], c.value) for c in row.conditions]
            pin_terms = [value_condition(params[c.parameter.name], c.value) for c in row.pins]
            used |= {c.parameter.name for c in row.conditions + row.pins}
            condition = _row_condition(key_terms + pin_terms)
            rows.append(MatchRow(row.instance.index, condition, f"{row.description}: {row.instance.intrinsic}"))
            key_condition = _row_condition(key_terms)
            if row.pins and key_condition not in seen_keys:
                seen_keys.add(key_condition)
                def row_message(c: Any, description: str = row.description) -> str:
                    return cpp_string(VerifyPlan.pin_message(c.parameter, c.value, description))

                pins.append(PinGroup(key_condition, _pin_checks(plan.key_pins(row), params, row_message)))
            if condition is None:
                break  # an unconditional row matches everything after it
    matcher_params = [p.decl if p.name in used else f"{p.cpp_type} /*{p.name}*/" for p in ordered]
    free = [check for f in plan.free if (check := _free_check(f, params[f.parameter.name])) is not None]
    unsupported = [cpp_string(plan.unsupported_prefix)] + stream_operands(describe_stream(spec), params)
    return VerifyModel(
        params=ordered,
        matcher_params=matcher_params,
        rows=rows,
        free=free,
        pins=pins,
        unsupported=unsupported,
        supported=cpp_string_chunks("; supported: " + supported),
        families=list({r.array: r for r in rows if r.values is not None}.values()),
        table=_instance_table(spec, plan, params) if families is None else None,
    )
