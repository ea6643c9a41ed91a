"""Rule AG396: a spec's `verify:` section (constraints, FlyDSL wording) is well formed and consistent.

Each condition must parse and name only integer parameters, each message placeholder must name a
parameter, and no instance of the table (with the free parameters at their defaults) may break a
constraint: verify() would reject a configuration the spec says exists.
"""

from __future__ import annotations

from typing import Iterator

from atomgen.diagnostics import Diagnostic, Rule
from atomgen.spec import verify as wording
from atomgen.spec.expr import ExprError
from atomgen.spec.model import AtomSpec

VERIFY_SECTION = Rule(
    "AG396",
    "verify-section",
    "The `verify:` section is malformed: a condition that does not parse or names a non-integer parameter, "
    "a message placeholder that is not a parameter, or a constraint that an instance of the table breaks.",
    "Constraints and FlyDSL's wording become C++ in verify() and the text of generated negative tests; a "
    "constraint an instance breaks would make verify() reject a configuration the spec says exists.",
    "verify: {constraints: [{require: \"pow2(padAmount)\", message: \"...\"}]}   # default padAmount 0 breaks it",
    "Guard the constraint with `when:`, fix the name, or drop the instance.",
)

RULES = (
    VERIFY_SECTION,
)


def check_verify_section(spec: AtomSpec) -> Iterator[Diagnostic]:
    section = spec.verify_section
    if not section.present:
        return
    parameters = {p.name: p for p in spec.parameters}
    for problem in wording.check(section, parameters):
        yield VERIFY_SECTION.at(spec, problem, ("verify",))
    if section.error:
        return  # reported above
    items = section.constraints
    defaults = {p.name: p.default for p in spec.parameters if isinstance(p.default, int)}
    for instance in spec.instances:
        values = {**defaults, **{k: v for k, v in instance.values.items() if isinstance(v, int)}}
        for item in items:
            try:
                broken = item.violated(values)
            except (ExprError, KeyError):
                continue  # a name without a value here (a free parameter without a default)
            if broken:
                yield VERIFY_SECTION.at(spec,
                    f"instance {instance.id} breaks constraint {item.index} ('{item.message}'): "
                    "verify() would reject a configuration of the table",
                    ("verify", "constraints", item.index),
                )
