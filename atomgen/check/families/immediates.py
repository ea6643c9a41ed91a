"""Parameters that reach an intrinsic immediate (AG394) and emission bindings to the intrinsics table (AG372).

A parameter reaches the intrinsics table immediate of the same name, or the one `emission.immediates`
binds it to; its declared range (free values, bounds, default) and every row's value must stay
inside the immediate's range, or be one of the cases of an enum-backed immediate.
"""

from __future__ import annotations

from typing import Any, Iterator

from atomgen.check.families.emission import BUILDER_ARGUMENT, INTEGER
from atomgen.check.intrinsics import Intrinsic, Intrinsics, Operand
from atomgen.diagnostics import Diagnostic, Rule
from atomgen.spec.emission import Immediates
from atomgen.spec.model import AtomSpec, Parameter

IMMEDIATE_RANGE = Rule(
    "AG394",
    "immediate-range",
    "A parameter or an integer builder argument that reaches an intrinsic immediate admits values the "
    "immediate cannot take.",
    "Immediates are bit fields (modC is 2 bits) or C++ enums; a wider declared range is accepted by verify() and "
    "then truncated or rejected by the backend. An enum-backed immediate takes exactly the enum's cases.",
    "- {name: modC, cpp_type: int32_t, free: {min: 0, max: 65535}}",
    "Declare the immediate's range from the intrinsics table (the message names it), e.g. free: {min: 0, max: 3}.",
)

RULES = (
    IMMEDIATE_RANGE,
)


def _bindings(spec: AtomSpec) -> dict[str, str]:
    """`emission.immediates`: intrinsics table immediate name -> the parameter whose value it takes."""
    return dict(spec.emission.immediates) if isinstance(spec.emission, Immediates) else {}


def immediate_parameters(spec: AtomSpec, intrinsics: Intrinsics) -> dict[str, tuple[Operand, Intrinsic]]:
    """Parameters whose value reaches an immediate operand of an instance's intrinsic.

    A parameter reaches the immediate of the same name, or the one `emission.immediates` binds it
    to (`{aux: cacheModifier}`).
    """
    found: dict[str, tuple[Operand, Intrinsic]] = {}
    names = {p.name for p in spec.parameters}
    bound = _bindings(spec)
    for instance in spec.instances:
        entry = intrinsics.get(instance.intrinsic)
        if entry is None:
            continue
        for operand in entry.operands:
            parameter = bound.get(operand.name, operand.name)
            if operand.immediate is not None and parameter in names and parameter not in found:
                found[parameter] = (operand, entry)
    return found


def _legal(operand: Operand, value: Any) -> bool:
    immediate = operand.immediate
    if immediate is None or isinstance(value, bool) and immediate.cpp_type != "bool":
        return immediate is None
    number = int(value) if isinstance(value, (bool, int)) else None
    if number is None:
        return False
    if immediate.cases:
        return number in {n for _, n in immediate.cases}
    return (immediate.low is None or number >= immediate.low) and (immediate.high is None or number <= immediate.high)


def _range_text(operand: Operand) -> str:
    immediate = operand.immediate
    assert immediate is not None
    if immediate.cases:
        return f"{immediate.cpp_type} cases {', '.join(f'{k}={v}' for k, v in immediate.cases)}"
    return f"{immediate.cpp_type} {immediate.low}..{immediate.high}"


def check_bindings(spec: AtomSpec, intrinsics: Intrinsics) -> Iterator[Diagnostic]:
    """`emission.immediates` names immediates of the rows' intrinsics and parameters of the spec;
    a qualified builder argument (`ROCDL::MFMAPermB::none`) is a case of a intrinsics table enum."""
    names = {p.name for p in spec.parameters}
    entries = [e for e in (intrinsics.get(i.intrinsic) for i in spec.instances) if e is not None]
    for operand, parameter in _bindings(spec).items():
        where = ("emission", "immediates", operand)
        if parameter not in names:
            yield BUILDER_ARGUMENT.at(
                spec, f"emission.immediates.{operand} takes '{parameter}', not a parameter", where)
        missing = sorted({e.name for e in entries if (e.operand(operand) or Operand("")).immediate is None})
        if missing:
            yield BUILDER_ARGUMENT.at(
                spec, f"emission.immediates: '{operand}' is not an immediate of {', '.join(missing)}", where)
    from atomgen.check.families.emission import QUALIFIED, argument_lists

    for path, tokens in argument_lists(spec):
        for index, token in enumerate(tokens):
            text = str(token)
            if not QUALIFIED.match(text):
                continue
            namespace, _, rest = text.partition("::")
            enum, _, case = rest.partition("::")
            known = intrinsics.enums.get(enum)
            if namespace != intrinsics.namespace or known is None or case not in dict(known.cases):
                cases = [f"{intrinsics.namespace}::{n}::{c}"
                         for n, e in sorted(intrinsics.enums.items()) for c, _ in e.cases]
                yield BUILDER_ARGUMENT.at(
                    spec, f"builder argument '{text}' is not a case of a {intrinsics.backend} intrinsics table enum"
                    + (f" (known: {', '.join(cases[:8])}{', ...' if len(cases) > 8 else ''})" if cases else ""),
                    path + (index,),
                )


def _literal_arguments(spec: AtomSpec, intrinsics: Intrinsics) -> Iterator[Diagnostic]:
    """An integer builder argument in the place of a intrinsics table immediate is a value that immediate can
    take (a C modifier of 4 in a 2-bit field would be truncated, or rejected by the backend)."""
    from atomgen.check.families.semantics import argument_tokens

    reported: set[tuple[Any, ...]] = set()
    for instance in spec.instances:
        entry = intrinsics.get(instance.intrinsic)
        found = argument_tokens(spec, instance)
        if entry is None or found is None or len(found[0]) != len(entry.operands):
            continue  # not in the op's operand order: AG372 and the real build judge those
        tokens, path, first = found
        for index, (token, operand) in enumerate(zip(tokens, entry.operands)):
            where = path + (first + index,)
            if operand.immediate is None or not INTEGER.match(token) or where in reported or \
                    _legal(operand, int(token)):
                continue
            reported.add(where)
            yield IMMEDIATE_RANGE.at(
                spec, f"builder argument {token} is the {entry.name} immediate {operand.name}, which takes "
                f"{_range_text(operand)}", where)


def check_immediates(spec: AtomSpec, intrinsics: Intrinsics) -> Iterator[Diagnostic]:
    yield from check_bindings(spec, intrinsics)
    yield from _literal_arguments(spec, intrinsics)
    for name, (operand, entry) in immediate_parameters(spec, intrinsics).items():
        parameter = spec.parameter(name)
        assert parameter is not None
        yield from _parameter_range(spec, parameter, operand, entry)
        for instance in spec.instances:
            value = instance.values.get(name) if name in instance.given else instance.pin.get(name)
            if value is not None and not _legal(operand, value):
                yield IMMEDIATE_RANGE.at(spec,
                    f"instance {instance.id}: {name} = {value!r} is outside the {entry.name} immediate "
                    f"({_range_text(operand)})",
                    instance.path + (name,),
                )


def _parameter_range(spec: AtomSpec, parameter: Parameter, operand: Operand, entry: Intrinsic) -> Iterator[Diagnostic]:
    where = parameter.path + ("free",)
    values: list[Any] = []
    if parameter.free_values is not None:
        values = list(parameter.free_values)
    elif parameter.free_min is not None or parameter.free_max is not None:
        values = [v for v in (parameter.free_min, parameter.free_max) if v is not None]
    if parameter.default is not None:
        values.append(parameter.default)
    bad = [v for v in values if not _legal(operand, v)]
    if bad:
        yield IMMEDIATE_RANGE.at(spec,
            f"parameter '{parameter.name}' reaches the {entry.name} immediate {operand.name} "
            f"({_range_text(operand)}), but admits {bad[0]!r}",
            where if parameter.is_free else parameter.path,
            notes=("declare exactly the immediate's range: free: {min: ..., max: ...}",),
        )
