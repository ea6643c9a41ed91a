"""What the tcgen05_mma emission needs of a spec (rule AG371), and that tensor memory has a lowering.

The renderer builds the instruction descriptor from each row's element types and loads the two
shared-memory descriptors and the TMEM address: so every row packs exactly those, every type
has a descriptor format, and the rows of one A type name one instruction (the template picks
the instruction by A's type). A tensor-memory operand is lowered by tcgen05_mma alone, and
tcgen05_mma's accumulator is always in tensor memory.
"""

from __future__ import annotations

from typing import Iterator

from atomgen.check.families.emission import EMISSION_NEEDS
from atomgen.diagnostics import Diagnostic
from atomgen.spec import tcgen05
from atomgen.spec.model import AtomSpec

PATTERN = "tcgen05_mma"


def check_spec(spec: AtomSpec) -> Iterator[Diagnostic]:
    pattern = spec.pattern
    in_tmem = sorted(r for r, source in spec.operand_source.items() if source == "tensor_memory")
    if in_tmem and pattern != PATTERN:
        yield EMISSION_NEEDS.at(
            spec, f"operand(s) {', '.join(r.upper() for r in in_tmem)} in tensor memory: only the emission "
            f"pattern '{PATTERN}' lowers tensor memory, not '{pattern}'", ("emission", "pattern"))
    if pattern != PATTERN:
        return
    if spec.operand_source.get("c") != "tensor_memory":
        yield EMISSION_NEEDS.at(spec, f"emission pattern '{PATTERN}' keeps the accumulator in tensor memory: declare "
            "operand_source c: tensor_memory", ("emission", "pattern"))
    types = spec.operand_types
    instructions: dict[str, tuple[str, str]] = {}
    for instance in spec.instances:
        if instance.packed != tcgen05.PACKED:
            yield EMISSION_NEEDS.at(
                spec, f"instance {instance.id}: '{PATTERN}' takes packed {{a: i64, b: i64, c: i32}} (the two "
                f"shared-memory descriptors and the TMEM address), not {dict(instance.packed)}", instance.path)
        a, b, c = (str(instance.values.get(types.get(r, ""))) for r in ("a", "b", "c"))
        if tcgen05.instruction_descriptor(1, 1, a, b, c) is None:
            yield EMISSION_NEEDS.at(
                spec, f"instance {instance.id}: ({a}, {b}) -> {c} has no tcgen05 instruction-descriptor format "
                f"(A/B: {', '.join(tcgen05.AB_FORMAT)}; D: {', '.join(tcgen05.D_FORMAT)})", instance.path)
        text = instance.instruction or ""
        seen = instructions.setdefault(a, (text, instance.id))
        if seen[0] != text:
            yield EMISSION_NEEDS.at(spec, f"instance {instance.id}: {a} rows must name one instruction ('{seen[0]}' in "
                f"{seen[1]}, '{text}' here): the lowering picks it by A's type", instance.path)
