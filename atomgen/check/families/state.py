"""State fields (rule family AG36x): backend enum cases or private names, types and defaults that fit,
immediates that stay immediates.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.spec.backend import Backend
from atomgen.spec.model import AtomSpec

STATE_PRESENCE = Rule(
    "AG361",
    "state-presence",
    "A stateful atom without state fields, or state on a stateless atom.",
    "Stateful atoms lower to an LLVM struct of their fields; stateless ones must not carry any.",
    Example("stateful: true", "stateful: false", 21, "-", base="copy"),
    "Declare the fields, or make the atom stateless.",
)

STATE_FIELD_NAME = Rule(
    "AG362",
    "state-field-name",
    "A state field is not a backend enum case (or not declared private).",
    "`fly.atom.set_value` looks fields up by the enum; an unknown name fails only at lowering time.",
    Example("enum_case: Soffset", "enum_case: SOffset", 21, "SOffset", base="copy", also=frozenset({"AG371"})),
    "Use the case from backend.yaml (Soffset) or `private: true`.",
)

STATE_DEFAULT = Rule(
    "AG363",
    "state-default",
    "A state field's default does not fit its LLVM type.",
    "The default is materialized as a constant of that type.",
    Example("default: 0,", "default: 4294967296,", 21, "4294967296", base="copy"),
    "Use a value that fits.",
)

IMMEDIATE = Rule(
    "AG364",
    "immediate",
    "An immediate state field is coerced or not an integer.",
    "The backend needs immediates as constants (e.g. imm_offset); coercion turns them into runtime values.",
    Example(
        "default: 0,", "default: 0, immediate: true, coercion: bitcast,", 21, "bitcast", base="copy",
        also=frozenset({"AG367"})
    ),
    "Keep `coercion: none` and an integer type.",
)

STATE_DUPLICATE = Rule(
    "AG365",
    "state-duplicate",
    "A state field is declared twice.",
    "Slots would alias.",
    Example(
        "  - {name: soffset, enum_case: Soffset, llvm_type: i32, default: 0, units: elements}",
        "  - {name: soffset, enum_case: Soffset, llvm_type: i32, default: 0, units: elements}\n"
        "  - {name: soffset, enum_case: Soffset, llvm_type: i32, default: 0, units: elements}",
        22, "soffset", base="copy"
    ),
    "Remove one.",
)

STATE_TYPE = Rule(
    "AG366",
    "state-type",
    "A state field's llvm_type is not an integer type.",
    "Atom state is stored in integer slots of the atom struct; a float or vector field has no slot "
    "representation, and the generated getters could not be written.",
    Example("llvm_type: i32, default: 0,", "llvm_type: f32, default: 0,", 21, "f32", base="copy"),
    "Use the integer of the same width (i32) and `coercion: bitcast` for float values.",
)

RULES = (
    STATE_PRESENCE,
    STATE_FIELD_NAME,
    STATE_DEFAULT,
    IMMEDIATE,
    STATE_DUPLICATE,
    STATE_TYPE,
)


POINTER_TYPE = re.compile(r"^!llvm\.ptr(<[0-9]+>)?$")

def check_state(spec: AtomSpec, backend: Optional[Backend]) -> Iterator[Diagnostic]:
    if spec.stateful and not spec.state:
        yield STATE_PRESENCE.at(spec, "a stateful atom must declare its state fields", ("stateful",))
    if not spec.stateful and spec.state:
        yield STATE_PRESENCE.at(spec, "state fields on a stateless atom: set stateful: true or remove them", ("state",)
        )
    names: dict[str, int] = {}
    for index, state_field in enumerate(spec.state):
        path = state_field.path
        if state_field.name in names:
            yield STATE_DUPLICATE.at(spec, f"state field '{state_field.name}' is declared twice", path + ("name",))
        names[state_field.name] = index
        if state_field.private == (state_field.enum_case is not None):
            yield STATE_FIELD_NAME.at(spec,
                f"state field '{state_field.name}' must be either an enum_case or private: true",
                path,
            )
        elif state_field.enum_case is not None and backend is not None:
            if state_field.enum_case not in backend.state_cases:
                yield STATE_FIELD_NAME.at(spec,
                    f"state field '{state_field.name}': '{state_field.enum_case}' is not an "
                    f"AtomStateField case of {backend.name} ({', '.join(sorted(backend.state_cases))})",
                    path + ("enum_case",),
                )
            elif backend.state_cases[state_field.enum_case] != state_field.name:
                yield STATE_FIELD_NAME.at(spec,
                    f"state field '{state_field.name}': enum case {state_field.enum_case} is "
                    f"spelled '{backend.state_cases[state_field.enum_case]}' in IR",
                    path + ("name",),
                )
        width = _int_width(state_field.llvm_type)
        if width is None and not POINTER_TYPE.match(state_field.llvm_type.strip()):
            yield STATE_TYPE.at(spec,
                f"state field '{state_field.name}' is {state_field.llvm_type}: state slots are integers iN or "
                "pointers !llvm.ptr<N> (bitcast coercion turns a float value into an integer)",
                path + ("llvm_type",),
            )
        for case_index, case in enumerate(state_field.llvm_type_when):
            where = path + ("llvm_type_when", case_index)
            if width is None or _int_width(case.llvm_type) is None:
                yield STATE_TYPE.at(
                    spec, f"state field '{state_field.name}': a per-instance llvm_type must be iN, like the field's",
                    where + ("llvm_type",))
            for name, _ in case.when:
                if spec.parameter(name) is None:
                    yield STATE_TYPE.at(
                        spec, f"state field '{state_field.name}': llvm_type_when names '{name}', not a parameter",
                        where + ("when", name))
        if width is not None:
            low, high = -(1 << (width - 1)), (1 << width) - 1
            if not low <= state_field.default <= high:
                yield STATE_DEFAULT.at(spec,
                    f"state field '{state_field.name}': default {state_field.default} "
                    f"does not fit {state_field.llvm_type}",
                    path + ("default",),
                )
        if state_field.immediate and state_field.coercion != "none":
            yield IMMEDIATE.at(spec,
                f"state field '{state_field.name}' is an immediate: it must reach the intrinsic as "
                "the constant the user wrote, so it cannot be coerced",
                path + ("coercion",),
            )
        if state_field.immediate and width is None:
            yield IMMEDIATE.at(
                spec, f"immediate state field '{state_field.name}' must be an integer", path + ("llvm_type",)
            )

def _int_width(llvm_type: str) -> Optional[int]:
    match = re.fullmatch(r"i([1-9][0-9]{0,3})", llvm_type)
    return int(match.group(1)) if match else None
