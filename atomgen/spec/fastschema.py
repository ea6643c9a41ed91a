"""A yes/no JSON Schema check compiled into closures, so that a valid spec costs no jsonschema.

Validating a spec with jsonschema costs 3 ms, and importing it 30 ms: together a third of
`atomgen check`. Almost every spec checked is valid, and a valid spec needs no message. So
the schema is compiled once into nested closures that answer only "valid?", with Draft
2020-12's meaning for exactly the keywords atomgen's schemas use; a spec it rejects goes to
jsonschema, which finds and words the errors (atomgen/spec/validate.py). A schema using any
other keyword compiles to None, and every spec then goes to jsonschema: never a wrong "valid".
tests/test_fastschema.py holds it to jsonschema's verdict on the shipped files and thousands
of mutants of them.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

Check = Callable[[Any], bool]

ANNOTATIONS = frozenset(("$schema", "$id", "title", "description", "x-kind", "default", "examples", "$comment",
                         "deprecated", "readOnly", "writeOnly", "format"))


class Unsupported(Exception):
    """A keyword this compiler does not decide."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "number": _is_number,
    # JSON Schema's integer is a number with no fraction: 1.0 is one
    "integer": lambda v: _is_number(v) and (isinstance(v, int) or float(v).is_integer()),
}


def equal(left: object, right: object) -> bool:
    """JSON equality: true is not 1, 1 is 1.0, containers compare member by member."""
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left == right
    if isinstance(left, str) or isinstance(right, str):
        return isinstance(left, str) and isinstance(right, str) and left == right
    if isinstance(left, list) or isinstance(right, list):
        return (isinstance(left, list) and isinstance(right, list) and len(left) == len(right)
                and all(equal(a, b) for a, b in zip(left, right)))
    if isinstance(left, dict) or isinstance(right, dict):
        return (isinstance(left, dict) and isinstance(right, dict) and set(left) == set(right)
                and all(equal(left[k], right[k]) for k in left))
    return bool(left == right)


def compile_schema(schema: object, pattern: Callable[[str], re.Pattern[str]]) -> Optional[Check]:
    """The validity check of `schema` (local $refs already inlined), or None if it uses a keyword
    this module does not decide. `pattern(text)` compiles a schema pattern (ECMA semantics)."""
    try:
        return _compile(schema, pattern)
    except Unsupported:
        return None


def _compile(schema: Any, pattern: Callable[[str], Any]) -> Check:
    if schema is True or schema == {}:
        return lambda value: True
    if schema is False:
        return lambda value: False
    if not isinstance(schema, dict):
        raise Unsupported(repr(schema))
    checks: list[Check] = []
    for keyword, argument in schema.items():
        if keyword in ANNOTATIONS or keyword in ("properties", "additionalProperties"):
            continue
        checks.append(_keyword(keyword, argument, schema, pattern))
    if "properties" in schema or "additionalProperties" in schema:
        checks.append(_properties(schema, pattern))
    return _all_of(checks)


def _keyword(keyword: str, argument: Any, schema: dict[str, Any], pattern: Callable[[str], Any]) -> Check:
    if keyword == "type":
        type_names = [argument] if isinstance(argument, str) else list(argument)
        if not all(name in TYPES for name in type_names):
            raise Unsupported(f"type {argument}")
        return _any_of([TYPES[name] for name in type_names])
    if keyword == "const":
        return lambda value: equal(value, argument)
    if keyword == "enum":
        strings = frozenset(option for option in argument if isinstance(option, str))
        others = [option for option in argument if not isinstance(option, str)]

        def enum(value: Any) -> bool:
            if isinstance(value, str):  # a string equals only a string (equal())
                return value in strings
            for option in others:  # noqa: SIM110
                if equal(value, option):
                    return True
            return False

        return enum
    if keyword == "required":
        required = frozenset(argument)
        return lambda value: not isinstance(value, dict) or value.keys() >= required
    if keyword == "minProperties":
        return lambda value: not isinstance(value, dict) or len(value) >= argument
    if keyword == "propertyNames":
        return _every_member(dict, _compile(argument, pattern))  # a mapping's members are its keys
    if keyword == "pattern":
        regex = pattern(argument)
        return lambda value: not isinstance(value, str) or regex.search(value) is not None
    if keyword == "minLength":
        return lambda value: not isinstance(value, str) or len(value) >= argument
    if keyword == "maxLength":
        return lambda value: not isinstance(value, str) or len(value) <= argument
    if keyword == "minimum":
        return lambda value: not _is_number(value) or value >= argument
    if keyword == "maximum":
        return lambda value: not _is_number(value) or value <= argument
    if keyword == "items":
        return _every_member(list, _compile(argument, pattern))
    if keyword == "minItems":
        return lambda value: not isinstance(value, list) or len(value) >= argument
    if keyword == "maxItems":
        return lambda value: not isinstance(value, list) or len(value) <= argument
    if keyword == "uniqueItems":
        return lambda value: not argument or not isinstance(value, list) or _unique(value)
    if keyword in ("oneOf", "anyOf", "allOf"):
        branches = [_compile(branch, pattern) for branch in argument]
        if keyword == "anyOf":
            return _any_of(branches)
        if keyword == "allOf":
            return _all_of(branches)

        def one_of(value: Any) -> bool:
            matched = False
            for branch in branches:
                if branch(value):
                    if matched:
                        return False  # a second branch: no need to try the rest
                    matched = True
            return matched

        return one_of
    raise Unsupported(keyword)


# any()/all() over a generator cost a generator per call: these run per node of every spec, so
# they are loops (or, for one or two checks, plain expressions).
def _any_of(checks: list[Check]) -> Check:
    return _combined(checks, True)


def _all_of(checks: list[Check]) -> Check:
    return _combined(checks, False)


def _combined(checks: list[Check], any_: bool) -> Check:
    """Whether any (`any_`) or all of `checks` hold, asking each in turn until the answer is known."""
    if not checks:
        return lambda value: not any_
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        if any_:
            return lambda value: first(value) or second(value)
        return lambda value: first(value) and second(value)

    def combined(value: Any) -> bool:
        for check in checks:
            if check(value):
                if any_:
                    return True
            elif not any_:
                return False
        return not any_

    return combined


def _every_member(kind: type[dict[Any, Any]] | type[list[Any]], check: Check) -> Check:
    """`check` holds for every member of a value of `kind` (anything else passes: another keyword types it)."""

    def every_member(value: Any) -> bool:
        if isinstance(value, kind):
            for member in value:  # noqa: SIM110
                if not check(member):
                    return False
        return True

    return every_member


def _properties(schema: dict[str, Any], pattern: Callable[[str], Any]) -> Check:
    known = {name: _compile(sub, pattern) for name, sub in schema.get("properties", {}).items()}
    extra = schema.get("additionalProperties", True)
    others = _compile(extra, pattern)

    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return True
        for key, member in value.items():
            sub = known.get(key) if isinstance(key, str) else None
            if not (sub(member) if sub is not None else others(member)):
                return False
        return True

    return check


def _unique(items: list[Any]) -> bool:
    return all(not equal(items[i], items[j]) for i in range(len(items)) for j in range(i + 1, len(items)))
