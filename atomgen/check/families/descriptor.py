"""Rule AG397: the descriptor fields of `emission.descriptor` (gfx1250 TDM) are consistent.

Every field lies inside its group and dword range, no two fields share a bit, and each source
exists and fits the field: a constant or a parameter's whole range within the width, a state
field or a lowering operand at least as wide as the field. The lowering then never packs a
value into bits another field owns, nor silently drops high bits of a compile-time value.
"""

from __future__ import annotations

from typing import Iterator

from atomgen.diagnostics import Diagnostic, Rule
from atomgen.spec import descriptor
from atomgen.spec.emission import Tdm
from atomgen.spec.model import AtomSpec

DESCRIPTOR_FIELD = Rule(
    "AG397",
    "descriptor-field",
    "An `emission.descriptor` field is inconsistent: it overlaps another field's bits, lies outside its "
    "group (a packed vector<Nxi32>) or dword, or its source is unknown or does not fit its width (a constant "
    "or a parameter's whole range needs more bits; a state field or lowering operand is narrower).",
    "The fields become the shifts and masks that pack the TDM descriptor: two fields on one bit corrupt "
    "each other, and a value wider than its field loses its high bits in every transfer, with no error.",
    "- {name: barrier, group: g1, dword: 0, bit: 17, width: 1, source: \"param:atomicBarrier\"}   "
    "# bit 17 is data_size's (bits 16-17)",
    "Move the field to its own bits (the ISA's descriptor table), widen it, or narrow the source's range.",
)

RULES = (
    DESCRIPTOR_FIELD,
)


def check_descriptor(spec: AtomSpec) -> Iterator[Diagnostic]:
    if not isinstance(spec.emission, Tdm):
        return
    parameters = {p.name: p for p in spec.parameters}
    state = {str(f.name): str(f.llvm_type) for f in spec.state}
    packed: dict[str, str] = {}
    for instance in spec.instances:
        packed.update({k: str(v) for k, v in instance.packed.items()})
    for index, key, problem in descriptor.check(spec.emission.descriptor, parameters, state, packed):
        yield DESCRIPTOR_FIELD.at(spec, problem, ("emission", "descriptor", index, key))
