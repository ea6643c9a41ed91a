"""Rules that compare each instance with the intrinsics table (rule family AG35x).

Anything the instruction itself constrains is checked here against the intrinsics table, not against
the spec's own claims: the intrinsic exists (AG358), it exists on the instance's chips and the
`instruction` label is one it emits there (AG359), the packed register types, element types,
data types and state operand types are ones it takes (AG352), and it computes the declared
number of blocks (AG354). Parameters reaching immediates: atomgen/check/families/immediates.py.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterator, Optional

from atomgen.check.intrinsics import Chips, Intrinsic, Intrinsics, IsaInstruction, Operand
from atomgen.diagnostics import Diagnostic, Example, Rule, consequence
from atomgen.spec.backend import Backend
from atomgen.spec.emission import BufferCopy
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.model import AtomSpec, Instance

# other modules raise it too, through this object
INSTRUCTION_LABEL = Rule(
    "AG359",
    "instruction-label",
    "The intrinsic does not exist on the instance's chips, or `instruction` is not an ISA instruction it emits "
    "there.",
    "An instance claims a chip set (the atom's chips from min_subtarget on, or subtargets) and an instruction; "
    "both are facts of the hardware, checked against the intrinsics table, with the same block count, so a label "
    "cannot name another intrinsic's instruction.",
    Example(
        "intrinsic: rocdl.mfma.f32.16x16x16f16,",
        "intrinsic: rocdl.mfma.f32.16x16x16f16, instruction: v_mfma_f32_16x16x16_bf16,", 26, "v_mfma"
    ),
    "Name the instruction the intrinsics table lists for the intrinsic on those chips, or narrow the row with "
    "min_subtarget / subtargets.",
)

INTRINSIC_MISMATCH = Rule(
    "AG352",
    "intrinsic-mismatch",
    "An instance's packed types disagree with the intrinsics table.",
    "The intrinsics table records what the LLVM intrinsic really takes; a mismatch fails in LLVM or corrupts data.",
    Example(
        'packed: {a: "vector<4xf16>"', 'packed: {a: "vector<4xi16>"', 27, '"vector<4xi16>"',
        also=frozenset({"AG331"})
    ),
    "Use the intrinsic's operand types.",
)

MULTI_BLOCK = Rule(
    "AG354",
    "multi-block",
    "An instance's block count is not its instruction's: a multi-block instruction described as one tile, or "
    "exceptions.blocks naming another count.",
    "Multi-block MFMAs compute several independent tiles; one tile's layout loses or corrupts the others.",
    Example(
        "intrinsic: rocdl.mfma.f32.16x16x16f16", "intrinsic: rocdl.mfma.f32.16x16x4f16", 26, "rocdl",
        also=frozenset({"AG352"})
    ),
    "Declare exceptions.blocks (the block index becomes the third coordinate of each reference tile, see "
    "specs/rocdl/cdna3/mfma_multiblock.yaml) with the instruction's count, or leave the row out.",
)

UNKNOWN_INTRINSIC = Rule(
    "AG358",
    "unknown-intrinsic",
    "An instance names an intrinsic the intrinsics table does not have.",
    "Every fact check compares against (operand types, element types, instruction names, block count, chips) comes "
    "from the intrinsics table entry; an unknown name is a typo or an op atomgen knows nothing about, and would be "
    "emitted unchecked.",
    Example(
        "intrinsic: rocdl.mfma.f32.16x16x16f16", "intrinsic: rocdl.mfma.f32.16x16x16.totally_bogus", 26, "rocdl"
    ),
    "Use the intrinsics table's name (the message suggests the closest), or add the real intrinsic to "
    "specs/<backend>/intrinsics.yaml.",
)

RULES = (
    INTRINSIC_MISMATCH,
    MULTI_BLOCK,
    UNKNOWN_INTRINSIC,
    INSTRUCTION_LABEL,
)


def instance_chips(spec: AtomSpec, instance: Instance, backend: Optional[Backend]) -> Optional[frozenset[str]]:
    """The chips an instance claims: its `subtargets`, else the atom's chips from `min_subtarget` on.

    None when the backend does not say which chips the subtarget has: chip checks are then skipped.
    """
    if instance.subtargets:
        return frozenset(instance.subtargets)
    family = backend.subtarget_chips.get(spec.subtarget) if backend is not None else None
    if not family or "TODO" in family:
        return None  # undeclared (AG109) or scaffolded (AG010): reported once, not per row
    floor = instance.min_subtarget
    order = backend.chips if backend is not None else ()
    if floor is not None and floor in order:
        return frozenset(c for c in family if c not in order or order.index(c) >= order.index(floor))
    return frozenset(family)


def _fits(only: Chips, chips: Chips) -> bool:
    """Whether something available on `only` (None: everywhere) exists on every one of `chips` (None: unknown)."""
    return only is None or chips is None or chips <= only


def _accepted(options: tuple[tuple[str, Chips], ...], chips: Chips) -> list[str]:
    """Options valid on every one of `chips`."""
    return [name for name, only in options if _fits(only, chips)]


def _same_type(left: str, right: str) -> bool:
    return left.replace(" ", "") == right.replace(" ", "")


def _any_same_type(text: str, options: list[str]) -> bool:
    """Whether `text` is one of `options` (a loop, not any() over a generator: this runs per operand)."""
    for option in options:  # noqa: SIM110
        if _same_type(text, option):
            return True
    return False


def _chip_list(chips: Chips) -> str:
    return ", ".join(sorted(chips)) if chips is not None else "its chips"


def companions(spec: AtomSpec, instance: Instance, intrinsics: Intrinsics) -> list[Intrinsic]:
    """The intrinsics an instance emits besides its own (a copy's store direction)."""
    names: list[str] = []
    if instance.emission.store_intrinsic:
        names.append(instance.emission.store_intrinsic)
    if isinstance(spec.emission, BufferCopy):
        names += [spec.emission.load.intrinsic, spec.emission.store.intrinsic]
    found = [intrinsics.get(name) for name in names if name != instance.intrinsic]
    return [entry for entry in found if entry is not None]


def check_instance(
    spec: AtomSpec, instance: Instance, intrinsics: Intrinsics, backend: Optional[Backend]
) -> list[Diagnostic]:
    """The row against its intrinsics table entry; when its element types are not the intrinsic's, the
    intrinsic of the row's shape and types (found in the intrinsics table) is offered, and when that one
    takes the row as written, the intrinsic is the one finding and the rest are its notes."""
    found = _check_instance(spec, instance, intrinsics, backend)
    entry = intrinsics.get(instance.intrinsic)
    if entry is None or spec.kind != "mma" or not _element_mismatch(spec, instance, entry):
        return found
    return list(_offer_intrinsic(spec, instance, intrinsics, backend, entry, found))


def _offer_intrinsic(
    spec: AtomSpec, instance: Instance, intrinsics: Intrinsics, backend: Optional[Backend], entry: Intrinsic,
    found: list[Diagnostic],
) -> Iterator[Diagnostic]:
    """check_instance's findings for a row whose element types are not its intrinsic's."""
    better = [other for other in matching_intrinsics(spec, instance, intrinsics, backend) if other is not entry]
    if not better:
        yield from found
        return
    hint = f"did you mean {' or '.join(repr(other.name) for other in better[:2])}?"
    if len(better) == 1 and not _check_instance(spec, replace(instance, intrinsic=better[0].name), intrinsics,
                                                 backend):
        strip = f"instance {instance.id}: "
        yield INTRINSIC_MISMATCH.at(spec,
            f"instance {instance.id}: {entry.name} is not the intrinsic of this row ({_row_text(spec, instance)}); "
            + hint,
            instance.path + ("intrinsic",),
            notes=tuple("hence " + consequence(d, strip) for d in sorted(found, key=lambda d: d.position))
            + (f"{better[0].name} takes the row as written; intrinsics table: {better[0].source}",),
        )
        return
    # the element finding carries the hint; a row with no such finding (its fault is elsewhere) keeps its own
    first = next((i for i, d in enumerate(found) if d.rule == INTRINSIC_MISMATCH.id and " elements " in d.message),
                 None)
    for index, diagnostic in enumerate(found):
        yield replace(diagnostic, message=diagnostic.message + "; " + hint) if index == first else diagnostic


def _element_mismatch(spec: AtomSpec, instance: Instance, entry: Intrinsic) -> bool:
    """Whether an operand's element type is not one the intrinsic takes."""
    for role, parameter in spec.operand_types.items():
        operand = entry.operand(role)
        value = instance.values.get(parameter)
        if operand is not None and operand.elements and isinstance(value, str) and value not in operand.element_names():
            return True
    return False


_NAME_SHAPE = re.compile(r"(?<![0-9])(\d+)x(\d+)x(\d+)(?![0-9])|(?<![0-9a-z])m(\d+)n(\d+)k(\d+)(?![0-9])")


def intrinsic_shape(entry: Intrinsic) -> Optional[tuple[int, ...]]:
    """An MMA intrinsic's (M, N, K), as its name or its instructions spell it."""
    match = _NAME_SHAPE.search(entry.name)
    if match:
        return tuple(int(g) for g in match.groups() if g is not None)
    for item in entry.isa:
        shape = _spelled_shape(item.label)
        if shape is not None:
            return shape
    return None


def matching_intrinsics(
    spec: AtomSpec, instance: Instance, intrinsics: Intrinsics, backend: Optional[Backend]
) -> list[Intrinsic]:
    """The intrinsics table's intrinsics of the row's shape, block count and element types that exist on
    its chips: the did-you-mean of an intrinsic whose types are not the row's."""
    row = tuple(instance.values.get(name) for name in ("m", "n", "k"))
    chips = instance_chips(spec, instance, backend)
    blocks = _declared_blocks(spec, instance)
    found = []
    for entry in intrinsics.entries.values():
        if entry.blocks != blocks or intrinsic_shape(entry) != row or not _fits(entry.subtargets, chips):
            continue
        typed = [(entry.operand(role), instance.values.get(parameter))
                 for role, parameter in spec.operand_types.items()]
        if all(operand is not None and operand.elements and value in operand.element_names()
               for operand, value in typed):
            found.append(entry)
    return found


def _row_text(spec: AtomSpec, instance: Instance) -> str:
    """`16x16x16, A bf16, B bf16, C f32`."""
    shape = "x".join(str(instance.values.get(name)) for name in ("m", "n", "k"))
    types = ", ".join(f"{role.upper()} {instance.values.get(parameter)}"
                      for role, parameter in spec.operand_types.items())
    return f"{shape}, {types}"


def _check_instance(
    spec: AtomSpec, instance: Instance, intrinsics: Intrinsics, backend: Optional[Backend]
) -> list[Diagnostic]:
    from atomgen.check.families.emission import EMISSION_NEEDS  # emission imports this module's INSTRUCTION_LABEL

    findings: list[Diagnostic] = []
    path = instance.path + ("intrinsic",)
    entry = intrinsics.get(instance.intrinsic)
    if entry is None:
        guesses = intrinsics.suggest(instance.intrinsic)
        findings.append(UNKNOWN_INTRINSIC.at(spec,
            f"instance {instance.id}: intrinsic '{instance.intrinsic}' is not in the {intrinsics.backend} "
            "intrinsics table"
            + (f"; did you mean {' or '.join(repr(g) for g in guesses)}?" if guesses else ""),
            path,
            notes=(f"a real intrinsic the intrinsics table lacks goes in specs/{spec.backend}/intrinsics.yaml "
                   "(schema/intrinsics.schema.json)",),
        ))
        return findings
    chips = instance_chips(spec, instance, backend)
    evidence = (f"intrinsics table: {entry.source} ({entry.origin})",)
    if chips is not None and entry.subtargets is not None and not chips <= entry.subtargets:
        findings.append(INSTRUCTION_LABEL.at(spec,
            f"instance {instance.id}: {entry.name} does not exist on {_chip_list(chips - entry.subtargets)} "
            f"(it exists on {_chip_list(entry.subtargets)}); narrow the instance with min_subtarget or subtargets",
            path,
            notes=evidence,
        ))
        chips = chips & entry.subtargets
        if not chips:
            return findings
    pattern = spec.pattern
    if entry.patterns and pattern not in entry.patterns:
        findings.append(EMISSION_NEEDS.at(
            spec, f"instance {instance.id}: {entry.name} is lowered by the emission pattern "
            f"{' or '.join(entry.patterns)}, not '{pattern}'", path))
    if pattern == "call_intrinsic" and not entry.llvm_intrinsic:
        findings.append(EMISSION_NEEDS.at(
            spec, f"instance {instance.id}: the call_intrinsic pattern calls the intrinsics table entry's "
            f"llvm_intrinsic; {entry.name} has an op class ({intrinsics.namespace}::{entry.op_class}) instead", path))
    if instance.op_class is not None and instance.op_class != entry.op_class:
        findings.append(INTRINSIC_MISMATCH.at(spec,
            f"instance {instance.id}: op_class {instance.op_class} is not the op of {entry.name} "
            f"({intrinsics.namespace}::{entry.op_class})",
            instance.path + ("op_class",),
        ))
    declared = _declared_blocks(spec, instance)
    if entry.blocks != declared:
        described = "a single-tile atom cannot describe it" if declared == 1 else f"the spec declares {declared}"
        findings.append(MULTI_BLOCK.at(spec,
            f"instance {instance.id}: {entry.name} computes {entry.blocks} independent blocks "
            f"in one instruction; {described} (exceptions.blocks; see its notes)",
            path,
            notes=evidence,
        ))
    found, isa = _check_instruction(spec, instance, entry, intrinsics, chips)
    findings.extend(found)
    findings.extend(_check_packed(spec, instance, entry, isa, chips))
    findings.extend(_check_result(spec, instance, entry, chips))
    findings.extend(_check_elements(spec, instance, entry, isa, chips))
    findings.extend(_check_state_operands(spec, instance, entry))
    return findings


def _declared_blocks(spec: AtomSpec, instance: Instance) -> int:
    """The instance's exceptions.blocks (1 for a single-tile atom, or when it cannot be evaluated)."""
    if spec.blocks is None:
        return 1
    from atomgen.spec.variables import VariableError, instance_variables

    try:
        return instance_variables(spec, instance).get("blocks", 1)
    except VariableError:
        return 1


@lru_cache(maxsize=4096)
def _alternatives(text: str) -> tuple[str, ...]:
    """`buffer_load_dword ... lds / buffer_store_dword` -> the mnemonics it names (memoized:
    many instances share an instruction text)."""
    return tuple(part.split()[0] for part in text.split(" / ") if part.split())


def _check_instruction(
    spec: AtomSpec, instance: Instance, entry: Intrinsic, intrinsics: Intrinsics, chips: Chips
) -> tuple[list[Diagnostic], Optional[IsaInstruction]]:
    """The `instruction` label against the ISA instructions the intrinsics table associates with the
    intrinsic; with the findings, the ISA instruction the label names (None: no such one, or no label)."""
    text = instance.instruction
    if text is not None and not _alternatives(text):
        where = instance.path + ("instruction",)
        return [INSTRUCTION_LABEL.at(spec, f"instance {instance.id}: instruction is empty", where)], None
    findings = _check_shape(spec, instance)
    if not text or not (entry.isa or entry.data_types):
        return findings, None
    emitted = [entry] + companions(spec, instance, intrinsics)
    value = instance.packed.get("value")
    found: Optional[IsaInstruction] = None
    for mnemonic in _alternatives(text):
        allowed: list[str] = []
        hit = False
        for candidate in emitted:
            data = candidate.data_type(value) if value and candidate.data_types else None
            if data is not None:
                # A data type missing on these chips is reported once, by the packed-type check.
                on_chips = _fits(data.subtargets, chips)
                allowed += list(data.isa) if on_chips else []
                hit = hit or mnemonic in data.isa
                continue
            for item in candidate.isa:
                if _fits(item.subtargets, chips):
                    allowed.append(item.label)
                    if item.matches(mnemonic):
                        hit = True
                        found = found or (item if candidate is entry else None)
        if hit:
            continue
        owners = [other for other in intrinsics.by_instruction(mnemonic) if other not in emitted]
        hint = ""
        if owners:
            other = owners[0]
            hint = f"; it is an instruction of {other.name} ({other.blocks} block{'s' if other.blocks > 1 else ''})"
        findings.append(INSTRUCTION_LABEL.at(spec,
            f"instance {instance.id}: instruction '{mnemonic}' is not one {entry.name} emits on "
            f"{_chip_list(chips)} ({entry.blocks} block{'s' if entry.blocks > 1 else ''})"
            + (f"; expected {' or '.join(sorted(set(allowed)))}" if allowed else "") + hint,
            instance.path + ("instruction",),
            notes=(f"intrinsics table: {entry.source} ({entry.origin})",),
        ))
    return findings, found


SHAPE = re.compile(r"(?<![0-9a-z])m(\d+)n(\d+)k(\d+)(?![0-9])|_(\d+)x(\d+)x(\d+)(?![0-9])")


@lru_cache(maxsize=4096)
def _spelled_shape(instruction: str) -> Optional[tuple[int, ...]]:
    match = SHAPE.search(instruction)
    return None if match is None else tuple(int(g) for g in match.groups() if g is not None)


def _check_shape(spec: AtomSpec, instance: Instance) -> list[Diagnostic]:
    """An MMA instruction that spells its shape (m16n8k16, _16x16x32) spells the row's m, n, k."""
    findings: list[Diagnostic] = []
    if spec.kind != "mma" or not instance.instruction:
        return findings
    shape = _spelled_shape(instance.instruction)
    if shape is None:
        return findings
    get = instance.values.get
    row = (get("m"), get("n"), get("k"))
    if shape != row:
        findings.append(INSTRUCTION_LABEL.at(spec,
            f"instance {instance.id}: instruction '{instance.instruction}' is the {'x'.join(map(str, shape))} shape, "
            f"the row is {'x'.join(map(str, row))}",
            instance.path + ("instruction",),
        ))
    return findings


def _operand_for(role: str, entry: Intrinsic, isa: Optional[IsaInstruction]) -> Optional[Operand]:
    if isa is not None:
        override = isa.operand(role)
        if override is not None:
            return override
    return entry.operand(role)


def _check_packed(
    spec: AtomSpec, instance: Instance, entry: Intrinsic, isa: Optional[IsaInstruction], chips: Chips
) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    for role, text in instance.packed.items():
        where = instance.path + ("packed", role)
        if role == "value" and entry.data_types:
            data = entry.data_type(text)
            if data is None:
                findings.append(INTRINSIC_MISMATCH.at(spec,
                    f"instance {instance.id}: {entry.name} takes data types "
                    f"{', '.join(d.type for d in entry.data_types)}, not {text}",
                    where,
                    notes=(f"intrinsics table: {entry.source}",),
                ))
            elif not _fits(data.subtargets, chips):
                assert chips is not None and data.subtargets is not None
                findings.append(INSTRUCTION_LABEL.at(spec,
                    f"instance {instance.id}: {entry.name} with {text} ({', '.join(data.isa)}) exists only on "
                    f"{_chip_list(data.subtargets)}, not on {_chip_list(chips - data.subtargets)}",
                    where,
                    notes=(f"intrinsics table: {entry.source}",),
                ))
            continue
        operand = _operand_for(role, entry, isa)
        if operand is None or not operand.types or "data" in operand.type_names():
            continue
        accepted = _accepted(operand.types, chips)
        if not _any_same_type(text, accepted):
            findings.append(INTRINSIC_MISMATCH.at(spec,
                f"instance {instance.id}: packed {role} is {text}, but "
                f"{isa.label if isa and isa.operands else entry.name} "
                f"takes {' or '.join(accepted) or 'no single type'} on {_chip_list(chips)}",
                where,
                notes=(f"intrinsics table: {entry.source}",),
            ))
    return findings


def _check_result(spec: AtomSpec, instance: Instance, entry: Intrinsic, chips: Chips) -> list[Diagnostic]:
    """An MMA row's D register (packed.d, else packed.c: D written as C) is the type the intrinsic returns:
    the generated C++ creates the op with that result type and stores it as D."""
    findings: list[Diagnostic] = []
    if spec.kind != "mma" or not entry.result or "c" not in instance.packed:
        return findings
    role = "d" if "d" in instance.packed else "c"
    text = instance.packed[role]
    returned = _accepted(entry.result, chips)
    if returned and not any(_same_type(text, option) for option in returned):
        findings.append(INTRINSIC_MISMATCH.at(spec,
            f"instance {instance.id}: {entry.name} returns {' or '.join(returned)} on {_chip_list(chips)}, but the "
            f"row's D register (packed {role}) is {text}",
            instance.path + ("packed", role),
            notes=(("an instruction that writes another type than it reads as C names D's type in "
                    "operand_types: {d: ...} and gives packed.d",) if role == "c" else ())
            + (f"intrinsics table: {entry.source}",),
        ))
    return findings


def _check_elements(
    spec: AtomSpec, instance: Instance, entry: Intrinsic, isa: Optional[IsaInstruction], chips: Chips
) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    if spec.kind != "mma":
        return findings
    for role, parameter in spec.operand_types.items():
        operand = _operand_for(role, entry, isa)
        value = instance.values.get(parameter)
        if operand is None or not isinstance(value, str):
            continue
        if not operand.elements and isa is not None and operand in isa.operands:
            # An instruction's own register types (PTX) name its element type: vector<8xbf16> holds bf16.
            held = {str(p.element) for p in map(parse_packed, operand.type_names()) if p is not None}
            operand = Operand(operand.name, operand.types, tuple((e, None) for e in sorted(held) if e))
        if not operand.elements:
            continue
        names = operand.element_names()
        if value not in names:
            findings.append(INTRINSIC_MISMATCH.at(spec,
                f"instance {instance.id}: {entry.name} takes {role.upper()} elements {', '.join(names)}, not {value}",
                instance.path + (parameter,),
                notes=(f"intrinsics table: {entry.source}",),
            ))
            continue
        only = dict(operand.elements)[value]
        if not _fits(only, chips):
            assert chips is not None and only is not None
            findings.append(INTRINSIC_MISMATCH.at(spec,
                f"instance {instance.id}: {entry.name} reads {role.upper()} as {value} only on {_chip_list(only)}, "
                f"not on {_chip_list(chips - only)} (the instance's chips: {_chip_list(chips)})",
                instance.path + (parameter,),
                notes=("narrow the instance with subtargets, or use the element type those chips read",
                       f"intrinsics table: {entry.source}"),
            ))
    return findings


def _check_state_operands(spec: AtomSpec, instance: Instance, entry: Intrinsic) -> list[Diagnostic]:
    """State fields wired to intrinsic operands (`emission.state_operands`) have the operand's type."""
    findings: list[Diagnostic] = []
    for local, slot in spec.state_operands.items():
        operand = entry.operand(str(local))
        if operand is None or not operand.types or not isinstance(slot, int) or not 0 <= slot < len(spec.state):
            continue
        field = spec.state[slot]
        llvm_type = field.llvm_type_for(instance.values)
        if not any(_same_type(llvm_type, t) for t in operand.type_names()):
            findings.append(INTRINSIC_MISMATCH.at(spec,
                f"instance {instance.id}: state field '{field.name}' is {llvm_type}, but {entry.name} takes "
                f"{' or '.join(operand.type_names())} for {local}",
                field.path + ("llvm_type",),
            ))
    return findings
