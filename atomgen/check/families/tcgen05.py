"""What the tcgen05_mma emission needs of a spec (rule AG371), and that tensor memory has a lowering.

The renderer builds the instruction descriptor from each row's element types and loads A (a
shared-memory descriptor, or its TMEM address in the .ts form), B's descriptor and D's TMEM
address: so every row packs exactly those, every type has a descriptor format, and the rows of
one A type name one instruction (the template picks the instruction by A's type). An A in tensor
memory is K-major (PTX writes no major for it; CuTe's TS ops static_assert it), so no row may set
transA. A tensor-memory operand is lowered by tcgen05_mma alone, and tcgen05_mma's accumulator is
always in tensor memory. A block-scaled row accumulates in f32 and reads its scale factors' TMEM
addresses from two i32 state fields (rule AG350 checks the rest of the scale factors).
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
    a_in_tmem = tcgen05.a_in_tmem(spec.operand_source)
    expected = tcgen05.packed(a_in_tmem)
    what = "A's and D's TMEM addresses and B's shared-memory descriptor" if a_in_tmem else \
        "the two shared-memory descriptors and the TMEM address"
    trans_a = next((p for p in spec.parameters if p.name == "transA"), None)
    if a_in_tmem and trans_a is not None:
        yield EMISSION_NEEDS.at(
            spec, "A in tensor memory is K-major: drop the transA parameter (PTX has no A major for the .ts form; "
            "CuTe's SM100_MMA_*_TS: \"A from TMEM can't be transposed\")", trans_a.path)
    if spec.scale_factors is not None:
        yield from _scale_state(spec)
    instructions: dict[str, tuple[str, str]] = {}
    for instance in spec.instances:
        if instance.packed != expected:
            yield EMISSION_NEEDS.at(
                spec, f"instance {instance.id}: '{PATTERN}' with A in {'tensor' if a_in_tmem else 'shared'} memory "
                f"takes packed {{{', '.join(f'{r}: {t}' for r, t in expected.items())}}} ({what}), not "
                f"{dict(instance.packed)}", instance.path)
        a, b, c = [str(instance.values.get(types.get(r, ""))) for r in ("a", "b", "c")]
        text = instance.instruction or ""
        scale = tcgen05.block_scale(text)
        if scale is not None:
            if c != "f32":
                yield EMISSION_NEEDS.at(spec, f"instance {instance.id}: a block-scaled tcgen05.mma accumulates in f32 "
                                        f"(its idesc has no D format), not {c}", instance.path)
        elif tcgen05.instruction_descriptor(1, 1, a, b, c) is None:
            yield EMISSION_NEEDS.at(
                spec, f"instance {instance.id}: ({a}, {b}) -> {c} has no tcgen05 instruction-descriptor format "
                f"(A/B: {', '.join(tcgen05.AB_FORMAT)}; D: {', '.join(tcgen05.D_FORMAT)})", instance.path)
        seen = instructions.setdefault(a, (text, instance.id))
        if seen[0] != text:
            yield EMISSION_NEEDS.at(spec, f"instance {instance.id}: {a} rows must name one instruction ('{seen[0]}' in "
                f"{seen[1]}, '{text}' here): the lowering picks it by A's type", instance.path)


def _scale_state(spec: AtomSpec) -> Iterator[Diagnostic]:
    """The scale factors' TMEM addresses come from the atom's state: i32 values known at run time."""
    for case, name in tcgen05.SCALE_ADDRESS_STATE.items():
        field = next((f for f in spec.state if f.enum_case == case), None)
        if field is None:
            yield EMISSION_NEEDS.at(spec, f"a block-scaled '{PATTERN}' reads the TMEM address of its scale factors "
                                    f"from the state field {name} (enum_case {case}, llvm_type i32, immediate "
                                    "false): declare it", ("scale_factors",))
        elif field.llvm_type != "i32" or field.immediate:
            yield EMISSION_NEEDS.at(spec, f"state {field.name} holds a TMEM address: llvm_type i32, immediate false, "
                                    f"not {field.llvm_type}{' (immediate)' if field.immediate else ''}", field.path)
