"""Packing and recast (rule family AG33x, AG34x): register widths agree with the layouts, copies recast.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout, RecastError
from atomgen.spec.emission import GenericVariant
from atomgen.spec.mlir_types import PackedType, element_bits, parse_packed
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece

# other modules raise it too, through this object
PACKING = Rule(
    "AG331",
    "packing",
    "|val| x element bits differs from the bits of the packed register operand.",
    "The bitcast to the intrinsic's operand type would reinterpret the wrong number of elements.",
    Example('a: "vector<4xf16>"', 'a: "vector<2xf16>"', 27, '"vector<2', also=frozenset({"AG352"})),
    "Make the packed type hold exactly the values the layout assigns.",
)

# other modules raise it too, through this object
RECAST = Rule(
    "AG341",
    "recast",
    "A copy bit layout does not recast exactly to an admitted value width.",
    "FlyDSL recasts bit layouts to valBits; an inexact recast splits values across threads.",
    Example("packed: {value: i32}}", "packed: {value: i32}, val_bits: [64]}", 19, "[64]", base="copy"),
    "Admit only widths the layout's contiguous runs allow.",
)

STORAGE = Rule(
    "AG333",
    "storage-type",
    "An operand's storage type is not the packed register's element type, or not as wide as the element type.",
    "The intrinsic carries the elements as the storage type bit for bit (bf16 accumulators typed i16 by the "
    "ROCDL op): a storage type of another width, or a packed type of another element, reinterprets the values.",
    Example('c: "vector<4xf32>"}}', 'c: "vector<4xf32>"}, storage: {c: i32}}', 27, "i32}}"),
    "Give the intrinsic's element type as `storage: {c: T}` (as wide as the element type) and use it in `packed.c`.",
)

REGISTER_HALF = Rule(
    "AG334",
    "register-half",
    "A register-half operand is not 16-bit, or its selector is not a bool parameter the instruction receives.",
    "With OPSEL placement each 16-bit value sits in one half of a 32-bit register, chosen by the selector: "
    "wider values do not fit a half, and a selector the op never receives leaves the hardware on the low half "
    "while the atom reads the other.",
    Example('c: "vector<4xf32>"}}', 'c: "vector<4xf32>"}, register_half: {c: m}}', 27, "m}}"),
    "Only 16-bit operands take `register_half`; name a bool parameter that the row's emission passes to the op.",
)

RECAST_UNDECLARED = Rule(
    "AG342",
    "recast-undeclared",
    "A transposing copy does not declare the val_bits it admits.",
    "Transposes restrict value widths to the transpose granularity; the default set would be wrong.",
    Example("layouts:\n", "exceptions: {transposing: true}\nlayouts:\n", 20, "{bitSize", base="copy"),
    "Add `val_bits: [g]` to each instance.",
)

RULES = (
    PACKING,
    RECAST,
    STORAGE,
    REGISTER_HALF,
    RECAST_UNDECLARED,
)


STANDARD_VAL_BITS = (8, 16, 32, 64)


def packed_types(spec: AtomSpec) -> tuple[dict[str, PackedType], ...]:
    """Per instance, in instance order: each operand's packed register type, as the packing rules read
    it (AnalysedAtom.packing; a type that does not parse is absent, and AG331/AG37x say why)."""
    return tuple(
        {role: packed for role, text in instance.packed.items() if (packed := parse_packed(str(text))) is not None}
        for instance in spec.instances
    )

def mma_packing(
    spec: AtomSpec, role: str, value_mode: Layout, piece: LayoutPiece, instance: Instance, variables: dict[str, int],
    packed_types: Mapping[str, PackedType],
) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    if spec.operand_source.get(role) in ("shared_memory_descriptor", "tensor_memory"):
        return findings  # the packed type is the descriptor / the TMEM address, not the elements
    packed_text = instance.packed.get(role)
    if packed_text is None:
        findings.append(PACKING.at(
            spec, f"instance {instance.id} gives no packed type for operand {role.upper()}", instance.path
        ))
        return findings
    packed = packed_types.get(role)
    if packed is None:
        return findings
    type_name = spec.operand_types.get(role, "")
    element = instance.values.get(type_name)
    storage = instance.storage.get(role)
    if storage is not None:
        findings.extend(_storage(spec, instance, role, element, storage, packed))
    elif role in ("c", "d") and isinstance(element, str) and packed.element != element:
        # The accumulator registers hold their elements; the emission builds them from the type parameters.
        findings.append(PACKING.at(spec,
            f"instance {instance.id}: packed {role} {packed.text} holds {packed.element}, but the "
            f"{'accumulator' if role == 'c' else 'D'} elements are {element}",
            instance.path + ("packed", role),
            notes=(f"if the intrinsic carries {element} as {packed.element}, say so: storage: {{c: {packed.element}}}",)
            if role == "c" and element_bits(packed.element) == element_bits(element) else (),
        ))
    bits = variables.get(f"{type_name}_bits")
    if bits is None:
        return findings
    values = algebra.size(value_mode)
    if role in instance.register_half:
        problems = list(_register_half(spec, instance, role, bits))
        findings.extend(problems)
        if problems:
            return findings
        values *= 2  # every other 16-bit slot of the register is the other half's
    if values * bits != packed.bits:
        hint: tuple[str, ...] = ()
        if packed.bits > values * bits and packed.bits % (values * bits) == 0:
            hint = (
                f"the register holds {packed.bits // (values * bits)}x what one tile needs: a "
                "multi-block instruction, or a layout that misses values"
                + (", or 16-bit values each in one half of a 32-bit register (register_half)"
                   if bits == 16 and packed.bits == 2 * values * bits else ""),
            )
        findings.append(PACKING.at(spec,
            f"instance {instance.id}: operand {role.upper()} holds {values} values of {bits} bits "
            f"per thread = {values * bits} bits, but its packed type {packed.text} is {packed.bits} bits",
            instance.path + ("packed", role),
            notes=hint,
        ))
    return findings


def d_packing(
    spec: AtomSpec, value_mode: Layout, piece: LayoutPiece, instance: Instance, variables: dict[str, int],
    packed_types: Mapping[str, PackedType],
) -> list[Diagnostic]:
    """D's register: an atom whose D has an element type of its own (`operand_types.d`) gives each row a
    `packed.d` holding C's values in that type; any other atom writes D as C and gives none."""
    findings: list[Diagnostic] = []
    if "d" not in spec.operand_types:
        if "d" in instance.packed:
            findings.append(PACKING.at(
                spec, f"instance {instance.id}: packed d is given, but D is written as C: the atom names no element "
                "type of its own for D",
                instance.path + ("packed", "d"),
                notes=("an instruction that writes another type than it reads as C names D's type parameter in "
                       "operand_types: {d: elemTyD}",)))
        return findings
    return mma_packing(spec, "d", value_mode, piece, instance, variables, packed_types)


def _storage(spec: AtomSpec, instance: Instance, role: str, element: object, storage: str,
             packed: PackedType) -> Iterator[Diagnostic]:
    """AG333: the storage type is as wide as the element type, and it is what the packed register holds."""
    where = instance.path + ("storage", role)
    width, storage_width = element_bits(str(element)), element_bits(storage)
    if storage_width is None:
        yield STORAGE.at(spec, f"instance {instance.id}: storage type '{storage}' of operand {role.upper()} "
                               "is not an element type atomgen can size", where)
    elif width is not None and width != storage_width:
        yield STORAGE.at(spec, f"instance {instance.id}: operand {role.upper()} holds {element} ({width} bits), "
                               f"but its storage type {storage} is {storage_width} bits", where)
    elif packed.element != storage:
        yield STORAGE.at(spec, f"instance {instance.id}: operand {role.upper()} is carried as {storage}, but "
                               f"its packed type {packed.text} holds {packed.element}", where)


def _register_half(spec: AtomSpec, instance: Instance, role: str, bits: int) -> Iterator[Diagnostic]:
    """AG334: 16-bit values, and a bool selector that the row's op receives."""
    where = instance.path + ("register_half", role)
    selector = instance.register_half[role]
    if bits != 16:
        yield REGISTER_HALF.at(spec, f"instance {instance.id}: operand {role.upper()} holds {bits}-bit values; "
                                     "only 16-bit values sit in one half of a 32-bit register", where)
        return
    parameter = next((p for p in spec.parameters if p.name == selector), None)
    if parameter is None or parameter.cpp_type != "bool":
        from atomgen.suggest import did_you_mean

        flags = [p.name for p in spec.parameters if p.cpp_type == "bool"]
        yield REGISTER_HALF.at(spec, f"instance {instance.id}: the half of operand {role.upper()} is chosen by "
                                     f"'{selector}', which is not a bool parameter of the atom"
                                     + did_you_mean(selector, flags), where)
        return
    variant = spec.variant(instance.variant)
    # a generic op receives the selector as an attribute; a typed op's argument list names it
    attrs = variant.attrs if isinstance(variant, GenericVariant) else variant if isinstance(variant, tuple) else ()
    if selector not in (str(a) for a in attrs):
        yield REGISTER_HALF.at(spec, f"instance {instance.id}: '{selector}' chooses the half of operand "
                                     f"{role.upper()}, but the row's op never receives it (variant "
                                     f"{instance.variant or 'none'} passes {', '.join(map(str, attrs)) or 'nothing'})",
                               where)


def copy_recast(
    spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, bits: int
) -> Iterator[Diagnostic]:
    if spec.whole_tile:
        return
    if instance.val_bits:
        candidates = instance.val_bits
        declared = True
    elif spec.transposing:
        yield RECAST_UNDECLARED.at(spec,
            f"instance {instance.id}: a transposing copy must declare the val_bits it admits",
            instance.path,
        )
        return
    else:
        candidates = tuple(v for v in STANDARD_VAL_BITS if v <= bits and bits % v == 0) or (bits,)
        declared = False
    for value_bits in candidates:
        problem = None
        if bits % value_bits:
            problem = f"{bits} bits per thread is not a whole number of {value_bits}-bit values"
        else:
            try:
                algebra.recast_thread_value(layout, value_bits)
            except RecastError as error:
                problem = str(error)
        if problem:
            yield RECAST.at(spec,
                f"instance {instance.id}: layout '{role}' does not recast to {value_bits}-bit values: {problem}",
                instance.path + ("val_bits",) if declared else piece.path,
            )
            return
