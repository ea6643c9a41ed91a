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

import re
from typing import Iterator

from atomgen.check.families.emission import EMISSION_NEEDS
from atomgen.diagnostics import Diagnostic, Rule
from atomgen.spec import tcgen05
from atomgen.spec.model import AtomSpec, Parameter

PATTERN = "tcgen05_mma"

DESCRIPTOR_FORMAT = Rule(
    "AG379",
    "descriptor-format",
    "A format parameter (a free element type) has a value the instruction's descriptor cannot encode, sits "
    "where no descriptor carries it, or reaches a layout.",
    "tcgen05.mma carries A's and B's formats in its instruction descriptor, not in its text, so a spec "
    "declares them once as free type parameters and the generated code encodes the atom's types at run "
    "time: each admissible value must have the kind's idesc code (a value it lacks would build an atom whose "
    "descriptor says another format), no other lowering turns a type into descriptor bits, and a layout that "
    "depended on the format would be proved for the default format only.",
    "A tcgen05 spec is needed: tests/test_tcgen05_formats.py edits specs/nvvm/sm100/tcgen05_mma_f8f6f4.yaml "
    "(a format the kind does not take, a layout naming elemTyA_bits, a free type on an MFMA spec, transA "
    "beside an fp6 format) and asserts AG379 at the line of each edit.",
    "List only the kind's formats (atomgen/spec/tcgen05.py, CuTe's UMMA::InstrDescriptor), keep layouts "
    "free of `<format>_bits`, and give MN-major only where every format of the operand may be MN-major (and, for "
    "B in kind::f8f6f4, only beside N a multiple of 16).",
)

TCGEN05_SHAPE = Rule(
    "AG380",
    "tcgen05-shape",
    "A weight-stationary tcgen05.mma row (.ws) has an M, N or CTA group its form does not have.",
    "tcgen05.mma.ws takes cta_group::1 only, M = 32, 64 or 128 and N = 64, 128 or 256 (PTX ISA 9.7.16.10.9; "
    "CuTe's UMMA::tmem_frg_ws static_asserts): any other M or N is an idesc ptxas accepts and the tensor core "
    "refuses at run time, and the accumulator's weight-stationary TMEM layout is defined for those shapes only.",
    "A tcgen05 spec is needed: tests/test_tcgen05_ws.py edits specs/nvvm/sm100/tcgen05_mma_ws.yaml (N = 32 in a "
    "row's expand list) and asserts AG380 at that row's line.",
    "Give .ws rows M in 32, 64, 128 and N in 64, 128, 256; wider tiles are several MMAs.",
)

RULES = (
    DESCRIPTOR_FORMAT,
    TCGEN05_SHAPE,
)

# kind::f8f6f4 with B MN-major: N a multiple of this (CuTe's MMA_Traits<SM100_MMA_F8F6F4_SS> static_assert)
MN_MAJOR_N_STEP = 16
# tcgen05.mma.ws: (M values, N values), cta_group::1 only
WS_SHAPES = ((32, 64, 128), (64, 128, 256))

# The tensor-memory copies: pattern -> the side of the copy that is tensor memory.
TMEM_COPY_SIDES = {"tcgen05_ld": "src", "tcgen05_st": "dst", "tcgen05_cp": "dst"}


def check_spec(spec: AtomSpec) -> Iterator[Diagnostic]:
    yield from _format_parameters(spec)
    yield from _mn_major_widths(spec)
    yield from _ws_shapes(spec)
    pattern = spec.pattern
    in_tmem = sorted(r for r, source in spec.operand_source.items() if source == "tensor_memory")
    copy_side = TMEM_COPY_SIDES.get(pattern)
    if copy_side is not None:  # tcgen05.ld reads tensor memory, tcgen05.st and tcgen05.cp write it
        if in_tmem != [copy_side]:
            yield EMISSION_NEEDS.at(
                spec, f"emission pattern '{pattern}' moves {'from' if copy_side == 'src' else 'into'} tensor "
                f"memory: declare operand_source {{{copy_side}: tensor_memory}} (and nothing else), not "
                f"{', '.join(in_tmem) or 'none'}", ("emission", "pattern"))
        return
    if in_tmem and pattern != PATTERN:
        yield EMISSION_NEEDS.at(
            spec, f"operand(s) {', '.join(r.upper() for r in in_tmem)} in tensor memory: only the emission "
            f"pattern '{PATTERN}' lowers tensor memory, not '{pattern}' (the copies "
            f"{', '.join(TMEM_COPY_SIDES)} move it, one side each)", ("emission", "pattern"))
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
        kind = tcgen05.kind_of(text)
        dense = tcgen05.DENSE_KINDS.get(kind or "") if scale is None else None
        if dense is not None and (a not in dense[0] or b not in dense[0] or c not in dense[1]):
            yield EMISSION_NEEDS.at(
                spec, f"instance {instance.id}: ({a}, {b}) -> {c} has no tcgen05 instruction-descriptor format in "
                f"kind::{kind} (A/B: {', '.join(dense[0])}; D: {', '.join(dense[1])})", instance.path)
        elif scale is not None:
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


def format_parameters(spec: AtomSpec) -> list[tuple[str, Parameter]]:
    """(operand, parameter) for each operand whose element type is a format parameter: a free type."""
    found = []
    for role, name in spec.operand_types.items():
        parameter = spec.parameter(name)
        if parameter is not None and parameter.is_type and parameter.free_values is not None:
            found.append((role, parameter))
    return found


def _format_parameters(spec: AtomSpec) -> Iterator[Diagnostic]:
    """AG379: each value of a format parameter, once, against the idesc formats of every kind the rows name;
    none where the lowering has no descriptor to put it in, none in a layout, MN-major only where it may be."""
    free_types = [p for p in spec.parameters if p.is_type and p.is_free]
    if not free_types:
        return
    formats = dict(format_parameters(spec))
    if spec.pattern != PATTERN:
        for parameter in free_types:
            yield DESCRIPTOR_FORMAT.at(spec, f"'{parameter.name}' is a free type, but only '{PATTERN}' turns a type "
                                       f"into descriptor bits at run time; '{spec.pattern}' lowers the row's own "
                                       "types: make it a key parameter (a column of the instance table)",
                                       parameter.path + ("free",))
        return
    for parameter in free_types:
        if parameter not in formats.values():
            yield DESCRIPTOR_FORMAT.at(spec, f"'{parameter.name}' is a free type but not A's or B's element type: "
                                       "only A's and B's formats are instruction-descriptor fields",
                                       parameter.path + ("free",))
    kinds = dict.fromkeys(instance.instruction or "" for instance in spec.instances)
    for role, parameter in formats.items():
        if role not in ("a", "b"):
            continue
        for index, value in enumerate(parameter.free_values or ()):
            for text in kinds:
                table = tcgen05.operand_formats(text)
                if table is not None and value not in table:
                    yield DESCRIPTOR_FORMAT.at(
                        spec, f"{parameter.name} value {value}: '{text}' has no {role.upper()} format {value} in its "
                        f"instruction descriptor (it takes {', '.join(table)})",
                        parameter.path + ("free", "values", index))
                    break
        trans = spec.parameter("transA" if role == "a" else "transB")
        narrow = [str(v) for v in parameter.free_values or () if v not in tcgen05.MN_MAJOR_FORMATS]
        if trans is not None and trans.is_free and narrow:
            yield DESCRIPTOR_FORMAT.at(
                spec, f"{trans.name} is free, but {parameter.name} may be {', '.join(narrow)}, which the descriptor "
                "takes K-major only (CuTe's UMMA::InstrDescriptor: MN-major for "
                f"{', '.join(sorted(tcgen05.MN_MAJOR_FORMATS))}); "
                "verify() cannot tie a major to a format: drop the parameter", trans.path)
    yield from _layouts_free_of(spec, [p.name for p in formats.values()])


def _mn_major_widths(spec: AtomSpec) -> Iterator[Diagnostic]:
    """kind::f8f6f4 with B MN-major takes N a multiple of 16 (CuTe's MMA_Traits<SM100_MMA_F8F6F4_SS> static_assert):
    beside a free transB, every such row must hold for both majors."""
    trans = spec.parameter("transB")
    if trans is None or not trans.is_free:
        return
    for instance in spec.instances:
        n = instance.values.get("n")
        if tcgen05.kind_of(instance.instruction or "") == "f8f6f4" and isinstance(n, int) and n % MN_MAJOR_N_STEP:
            yield DESCRIPTOR_FORMAT.at(
                spec, f"instance {instance.id}: transB is free, and kind::f8f6f4 with B MN-major takes N a multiple of "
                f"{MN_MAJOR_N_STEP} (CuTe's SM100_MMA_F8F6F4_SS), not N = {n}: keep this N in a K-major spec",
                instance.path)


def _layouts_free_of(spec: AtomSpec, names: list[str]) -> Iterator[Diagnostic]:
    """A layout naming a format parameter's width would be proved for its default value only."""
    words = {f"{name}_bits" for name in names}
    for path, text in _layout_texts(spec.loaded.data, ()):
        used = sorted(w for w in words if w in _names(text))
        if used:
            yield DESCRIPTOR_FORMAT.at(spec, f"{', '.join(used)} in a layout: the format is a descriptor parameter, "
                                       "proved once for every value, so no layout may depend on its width", path)


_LAYOUT_SECTIONS = ("let", "layouts", "tensor_memory", "scale_factors")


def _layout_texts(data: object, path: tuple[object, ...]) -> Iterator[tuple[tuple[object, ...], str]]:
    """Every string under the sections that hold expressions, with its path."""
    if not path:
        if isinstance(data, dict):
            for key in _LAYOUT_SECTIONS:
                if key in data:
                    yield from _layout_texts(data[key], (key,))
        return
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _layout_texts(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _layout_texts(value, path + (index,))


def _names(text: str) -> set[str]:
    return set(_WORD.findall(text))


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _ws_shapes(spec: AtomSpec) -> Iterator[Diagnostic]:
    """Every .ws row's CTA group, M and N against the form's (WS_SHAPES)."""
    ms, ns = WS_SHAPES
    for instance in spec.instances:
        text = instance.instruction or ""
        if not text.startswith("tcgen05.mma.ws."):
            continue
        m, n = instance.values.get("m"), instance.values.get("n")
        if not text.startswith("tcgen05.mma.ws.cta_group::1."):
            yield TCGEN05_SHAPE.at(spec, f"instance {instance.id}: tcgen05.mma.ws is cta_group::1 only, not "
                                   f"'{text}'", instance.path)
        elif m not in ms or n not in ns:
            yield TCGEN05_SHAPE.at(spec, f"instance {instance.id}: tcgen05.mma.ws has M in {', '.join(map(str, ms))} "
                                   f"and N in {', '.join(map(str, ns))}, not M = {m}, N = {n}", instance.path)
