"""The matching convention of `known_flydsl_defects`: a configuration's label, and whether a
declaration's patterns match it.

One convention for everything that reads the declarations: `atomgen oracle flydsl` marks a
finding known with it, and the test renderer files the generated cases FlyDSL accepts (or
cannot lower) as expected failures with it, so the specs hold each FlyDSL fact once.
"""

from __future__ import annotations

import fnmatch
import re
from typing import Any, Mapping

from atomgen.spec.frozen import EMPTY
from atomgen.spec.model import AtomSpec, Instance, KnownDefect
from atomgen.spec.printing import sample_values
from atomgen.spec.scalars import ScalarValue


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def config_label(spec: AtomSpec, values: Mapping[str, ScalarValue], val_bits: int | None = None) -> str:
    """Canonical configuration label, what `known_flydsl_defects[].configuration` patterns match.

    MMA: ``MxNxK A B Acc`` then ``name=value`` for every other key parameter; copies:
    ``name=value`` for every key parameter. Then ``name=value`` for each free parameter whose
    value is not its default, and ``valBits=V`` when the finding is about one valBits.
    """
    key = [p for p in spec.parameters if not p.is_free]
    parts: list[str] = []
    names = [p.name for p in key]
    if spec.kind == "mma" and all(n in values for n in ("m", "n", "k")):
        parts.append(f"{values['m']}x{values['n']}x{values['k']}")
        names = [n for n in names if n not in ("m", "n", "k")]
        types = [n for n in names if (parameter := spec.parameter(n)) is not None and parameter.is_type]
        parts.extend(_text(values[n]) for n in types if n in values)
        names = [n for n in names if n not in types]
    parts.extend(f"{n}={_text(values[n])}" for n in names if n in values)
    defaults = sample_values(spec, _bare_instance(spec))
    for parameter in spec.parameters:
        if parameter.is_free and parameter.name in values and values[parameter.name] != defaults.get(parameter.name):
            parts.append(f"{parameter.name}={_text(values[parameter.name])}")
    if val_bits is not None:
        parts.append(f"valBits={val_bits}")
    return " ".join(parts) or "default"


def _bare_instance(spec: AtomSpec) -> Instance:
    return Instance(-1, "", EMPTY, "", None, None, EMPTY, None, (), EMPTY, (), frozenset())


def matches_declaration(declaration: KnownDefect, check: str, label: str) -> bool:
    """The matching convention for `known_flydsl_defects`.

    ``kind`` must equal the finding's check (layout | syntax | acceptance | lowering).
    ``configuration`` is one or more patterns separated by `` | ``, each matched against the
    whole configuration label (`config_label`): a shell-style glob (case-sensitive), e.g.
    ``32x32x1 f32 f32 f32``, ``16x16x* * * f16`` or ``bitSize=*``; or, between slashes, a
    Python regular expression, e.g. ``/(\\d+)x(?!\\1x)\\d+x.*/`` (M != N).
    """
    if declaration.kind != check:
        return False
    for pattern in (p.strip() for p in declaration.configuration.split(" | ")):
        if len(pattern) > 2 and pattern.startswith("/") and pattern.endswith("/"):
            try:
                if re.fullmatch(pattern[1:-1], label):
                    return True
            except re.error:
                continue
        elif pattern and fnmatch.fnmatchcase(label, pattern):
            return True
    return False


def declared(spec: AtomSpec, check: str, label: str) -> KnownDefect | None:
    """The first of the spec's `known_flydsl_defects` of kind `check` that matches `label`."""
    return next((d for d in spec.known_flydsl_defects if matches_declaration(d, check, label)), None)
