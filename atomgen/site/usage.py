"""The DSL call that makes an instance, from the spec's python wrappers (`MFMA(16, 16, 16, f16)`).

The wrapper's `signature` is FlyDSL's (`MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None)`) and its
`maps` say how the atom's python parameters come from it (`elem_ty_a: elem_ty_ab`,
`elem_ty_acc: "elem_ty_acc or f32"`). A signature parameter gets the instance's value of the
atom parameter it maps to; one with a default is left out when the default gives the same value
(`elem_ty_acc or f32` with an f32 accumulator), else passed by keyword once one was left out.
When a parameter cannot be traced to the instance, there is no usage line (never a guess).
"""

from __future__ import annotations

import re
from typing import Any, Optional

from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.sections import Wrapper

_SIGNATURE = re.compile(r"^\s*([A-Za-z_]\w*)\s*\((.*)\)\s*$")
_IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")


class _NoCall(Exception):
    """The wrapper cannot make this instance (two atom parameters from one argument differ)."""


def main_wrapper(spec: AtomSpec) -> Optional[Wrapper]:
    """The first wrapper with a signature and nothing fixed: the atom's general DSL entry."""
    for entry in spec.python.wrappers:
        if entry.signature and not entry.fixed and _SIGNATURE.match(entry.signature):
            return entry
    return None


def signature(spec: AtomSpec) -> Optional[str]:
    wrapper = main_wrapper(spec)
    return None if wrapper is None else wrapper.signature


def _parameters(text: str) -> list[tuple[str, Optional[str]]]:
    out: list[tuple[str, Optional[str]]] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, _, default = part.partition("=")
        out.append((name.strip(), default.strip() if _ else None))
    return out


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    return str(value)


def usage(spec: AtomSpec, instance: Instance) -> Optional[str]:
    wrapper = main_wrapper(spec)
    if wrapper is None:
        return None
    match = _SIGNATURE.match(wrapper.signature)
    assert match is not None
    name, parameters = match.group(1), _parameters(match.group(2))
    maps = dict(wrapper.maps)
    values = {p.python or p.name: instance.values.get(p.name) for p in spec.parameters}
    known = {k: v for k, v in values.items() if v is not None}
    chosen: dict[str, Any] = {}

    types = {p.python or p.name for p in spec.parameters if p.is_type}
    defaults = dict(wrapper.defaults)

    def text(atom: str, value: Any) -> str:
        if isinstance(value, str) and atom not in types:
            return repr(value)  # an enum or string argument, quoted as the signature's defaults are
        return _format(value)

    def source_of(parameter: str) -> Optional[str]:
        """The atom parameter whose instance value this signature parameter carries."""
        mapped = {_format(known[a]) for a, expression in maps.items() if expression == parameter and a in known}
        if len(mapped) > 1:  # elem_ty_a and elem_ty_b both from elem_ty_ab, but they differ: no such call
            raise _NoCall
        for atom, expression in maps.items():  # elem_ty_a: elem_ty_ab
            if expression == parameter and atom in known:
                return atom
        if parameter in known and parameter not in maps:  # m: the atom's own m
            return parameter
        for atom, expression in maps.items():  # elem_ty_b: "elem_ty_b or elem_ty_a"
            if expression.startswith(f"{parameter} or ") and atom in known:
                return atom
        return None

    def default_gives(parameter: str, default: str, value: Any) -> bool:
        if default != "None":
            return default.strip("'\"") == _format(value)
        expression = next((e for e in maps.values() if e.startswith(f"{parameter} or ")), None)
        if expression is not None:
            fallback = expression.split(" or ", 1)[1].strip()
        elif parameter in defaults:  # defaults: {elem_ty_b: elem_ty_a, elem_ty_acc: f32}
            fallback = defaults[parameter]
        else:
            return False
        if not _IDENTIFIER.match(fallback):
            return False  # `(i32 if ... else f32)`: not evaluated, the value is passed
        return _format(chosen.get(fallback, fallback)) == _format(value)

    arguments, by_keyword = [], False
    for parameter, default in parameters:
        if parameter.startswith("*"):
            by_keyword = True
            continue
        try:
            atom = source_of(parameter)
        except _NoCall:
            return None
        if atom is None:
            if default is None:
                return None  # a required parameter the instance does not determine
            by_keyword = True
            continue
        value = known[atom]
        chosen[parameter] = value
        if default is not None and default_gives(parameter, default, value):
            by_keyword = True
            continue
        arguments.append(f"{parameter}={text(atom, value)}" if by_keyword else text(atom, value))
    return f"{name}({', '.join(arguments)})"
