"""A spec's `verify:` section: constraints between free parameters, and FlyDSL's wording.

    verify:
      constraints:              # checked by verify() after the free ranges, in order
        - {when: "padInterval != 0", require: "pow2(padInterval)",
           message: "padInterval must be a power of two (in elements), got {padInterval}"}
      wording:                  # FlyDSL's text for the same rejection; atomgen's own text follows it
        free: {numWarps: "numWarps must be a positive power of two, got {numWarps}"}
        pin: "GFX11 WMMA fp16/bf16 path does not accept signA/signB/clamp"
        shape: "GFX120X WMMA requires M=N=K=16, got {m}x{n}x{k}"      # no row has this m, n, k
        table: "unsupported GFX120X WMMA configuration: {m}x{n}x{k} with A={elemTyA!q}"
                                  # or {"32x16x128": "...", "*": "..."} per m x n x k

A condition is `EXPR OP EXPR` (OP one of == != < <= > >=) or `pow2(EXPR)`, over integer
parameters, in the spec expression grammar (atomgen/spec/expr.py): no eval. A message takes
`{name}` (the value as atomgen prints it, types bare) or `{name!q}` (a type quoted, as MLIR's
diagnostic prints a streamed Type). Both render the same text for C++ and for the tests.

The model (read once, with the spec) lives here, beside the spec; the C++ that verify()
prints from it is render/wording.py's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Protocol

from atomgen.spec.expr import Expr, ExprError, evaluate, names_in, parse_expression
from atomgen.spec.frozen import FrozenMap
from atomgen.spec.scalars import ScalarValue
from atomgen.spec.yamldata import YamlMap

RELATIONS = ("==", "!=", "<=", ">=", "<", ">")
PLACEHOLDER = re.compile(r"\{(\w+)(!q)?\}")
_POW2 = re.compile(r"^\s*pow2\s*\((.*)\)\s*$", re.S)


class WordingError(ValueError):
    """A malformed condition or message in `verify:` (the message says which)."""


@dataclass(frozen=True, slots=True)
class Condition:
    text: str
    op: str  # a relation, or "pow2"
    left: Expr
    right: Optional[Expr]

    def names(self) -> set[str]:
        return names_in(self.left) | (names_in(self.right) if self.right is not None else set())

    def holds(self, values: Mapping[str, int]) -> bool:
        left = evaluate(self.left, values)
        if self.op == "pow2":
            return left > 0 and left & (left - 1) == 0
        right = evaluate(self.right, values) if self.right is not None else 0
        return {
            "==": left == right, "!=": left != right, "<": left < right,
            "<=": left <= right, ">": left > right, ">=": left >= right,
        }[self.op]

    def cpp(self, expr: Callable[[Expr], str]) -> str:
        left = expr(self.left)
        if self.op == "pow2":
            return f"(({left}) > 0 && (({left}) & (({left}) - 1)) == 0)"
        assert self.right is not None
        return f"(({left}) {self.op} ({expr(self.right)}))"


def parse_condition(text: str) -> Condition:
    pow2 = _POW2.match(text)
    try:
        if pow2:
            return Condition(text, "pow2", parse_expression(pow2.group(1)), None)
        for op in RELATIONS:
            if op in text:
                left, right = text.split(op, 1)
                return Condition(text, op, parse_expression(left), parse_expression(right))
    except ExprError as error:
        raise WordingError(f"condition '{text}': {error.message}") from None
    raise WordingError(f"condition '{text}' has no relation ({', '.join(RELATIONS)}) and is not pow2(...)")


@dataclass(frozen=True, slots=True)
class Constraint:
    index: int
    when: Optional[Condition]
    require: Condition
    message: str

    def violated(self, values: Mapping[str, int]) -> bool:
        return (self.when is None or self.when.holds(values)) and not self.require.holds(values)


@dataclass(frozen=True, slots=True)
class Wording:
    free: FrozenMap[str, str]
    pin: str
    shape: str
    table: FrozenMap[str, str]  # "MxNxK" or "*" -> text

    def table_for(self, values: Mapping[str, ScalarValue]) -> str:
        shape = f"{values.get('m')}x{values.get('n')}x{values.get('k')}"
        return self.table.get(shape, self.table.get("*", ""))


@dataclass(frozen=True, slots=True)
class VerifySection:
    """The typed `verify:` section; `error` says why it could not be read (rule AG396 reports it)."""

    present: bool = False
    constraints: tuple[Constraint, ...] = ()
    wording: Wording = field(default_factory=lambda: Wording(FrozenMap(), "", "", FrozenMap()))
    error: str = ""


class ParameterKind(Protocol):
    """What `check` asks of a parameter (the model's Parameter)."""

    @property
    def is_type(self) -> bool: ...

    @property
    def is_bool(self) -> bool: ...

    @property
    def enum(self) -> tuple[tuple[str, int], ...]: ...


def read_section(data: YamlMap) -> VerifySection:
    """The `verify:` section of a spec's data, typed; never raises on a malformed section."""
    raw = data.get("verify")
    if not isinstance(raw, Mapping):
        return VerifySection(present="verify" in data)
    try:
        return VerifySection(True, tuple(_constraints(raw)), _wording(raw))
    except (WordingError, KeyError, TypeError, AttributeError) as error:
        return VerifySection(True, error=str(error))


def _constraints(raw: Mapping[str, Any]) -> list[Constraint]:
    found = []
    for index, item in enumerate(raw.get("constraints") or ()):
        when = item.get("when")
        found.append(
            Constraint(index, parse_condition(when) if when else None, parse_condition(item["require"]),
                       str(item["message"]))
        )
    return found


def _wording(raw_section: Mapping[str, Any]) -> Wording:
    raw = raw_section.get("wording") or {}
    table = raw.get("table") or {}
    return Wording(
        free=FrozenMap({str(k): str(v) for k, v in (raw.get("free") or {}).items()}),
        pin=str(raw.get("pin") or ""),
        shape=str(raw.get("shape") or ""),
        table=FrozenMap({"*": table} if isinstance(table, str) else {str(k): str(v) for k, v in table.items()}),
    )


def placeholders(text: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(text)}


def fill(text: str, values: Mapping[str, ScalarValue], show: Callable[[object], str]) -> str:
    """The message for concrete values (what the tests expect)."""
    def one(match: re.Match[str]) -> str:
        value = show(values.get(match.group(1)))
        return f"'{value}'" if match.group(2) else value

    return PLACEHOLDER.sub(one, text)


def check(section: VerifySection, parameters: Mapping[str, ParameterKind]) -> list[str]:
    """Problems of the `verify:` section: unknown names, non-integer names in conditions, bad syntax."""
    if section.error:
        return [section.error]
    problems: list[str] = []
    items, words = section.constraints, section.wording
    for item in items:
        for condition in (item.when, item.require):
            for name in condition.names() if condition else ():
                parameter = parameters.get(name)
                if parameter is None:
                    problems.append(f"constraint {item.index}: '{name}' is not a parameter")
                elif parameter.is_type or parameter.is_bool or parameter.enum:
                    problems.append(f"constraint {item.index}: '{name}' is not an integer parameter")
    texts = [i.message for i in items] + list(words.free.values()) + [words.pin, words.shape]
    texts += list(words.table.values())
    for text in texts:
        problems += [f"message '{text}': '{n}' is not a parameter" for n in placeholders(text) if n not in parameters]
    problems += [f"wording.free: '{n}' is not a parameter" for n in words.free if n not in parameters]
    return problems


def prefix_for(section: VerifySection, kind: str, values: Mapping[str, ScalarValue], show: Callable[[object], str],
               parameter: str = "", shapes: frozenset[tuple[Optional[ScalarValue], ...]] = frozenset()) -> str:
    """The FlyDSL wording that begins a test's expected message ("" when the spec gives none)."""
    words = section.wording
    if kind == "free":
        text = words.free.get(parameter, "")
    elif kind == "pin":
        text = words.pin
    elif words.shape and (values.get("m"), values.get("n"), values.get("k")) not in shapes:
        text = words.shape
    else:
        text = words.table_for(values)
    return fill(text, values, show) + "; " if text else ""


CANDIDATES = (0, 1, 2, 3, 4, 8, 16, 48, 64, 256)


def violations(section: VerifySection, base: Mapping[str, ScalarValue],
               allowed: Callable[[str, int], bool]) -> list[tuple[Constraint, dict[str, ScalarValue]]]:
    """Per constraint, values that break it and no earlier one (other names as in `base`)."""
    found = []
    items = section.constraints
    every = sorted({n for i in items for n in i.require.names() | (i.when.names() if i.when else set())})
    for item in items:
        own = item.require.names() | (item.when.names() if item.when else set())
        # Its own names first, then the other constraints' (so that no earlier one breaks too).
        names = sorted(own) + [n for n in every if n not in own]
        for combo in _combinations(names, CANDIDATES):
            values: dict[str, Any] = {**base, **combo}  # the constraints read the integer parameters only
            if not all(allowed(n, v) for n, v in combo.items()):
                continue
            try:
                if item.violated(values) and not any(e.violated(values) for e in items[: item.index]):
                    found.append((item, values))
                    break
            except ExprError:
                continue
    return found


def _combinations(names: list[str], candidates: tuple[int, ...]) -> list[dict[str, int]]:
    combos: list[dict[str, int]] = [{}]
    for name in names[:3]:  # constraints relate a few parameters; keep the search small
        combos = [{**c, name: v} for c in combos for v in candidates]
    return combos


def first_broken(section: VerifySection, values: Mapping[str, ScalarValue]) -> str:
    """The message of the first constraint these values break ('' when none does)."""
    numbers = {k: v for k, v in values.items() if isinstance(v, int) and not isinstance(v, bool)}
    for item in section.constraints:
        try:
            if item.violated(numbers):
                return item.message
        except (ExprError, KeyError):
            continue
    return ""
