"""Packing and recast (rule family AG33x, AG34x): register widths agree with the layouts, copies recast.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout, RecastError
from atomgen.spec.mlir_types import PackedType, parse_packed
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

RULES = (
    PACKING,
    RECAST,
    Rule(
        "AG342",
        "recast-undeclared",
        "A transposing copy does not declare the val_bits it admits.",
        "Transposes restrict value widths to the transpose granularity; the default set would be wrong.",
        Example("layouts:\n", "exceptions: {transposing: true}\nlayouts:\n", 20, "{bitSize", base="copy"),
        "Add `val_bits: [g]` to each instance.",
    ),
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
) -> Iterator[Diagnostic]:
    if spec.operand_source.get(role) in ("shared_memory_descriptor", "tensor_memory"):
        return  # the packed type is the descriptor / the TMEM address, not the elements
    packed_text = instance.packed.get(role)
    if packed_text is None:
        yield spec.diagnostic(
            "AG331", f"instance {instance.id} gives no packed type for operand {role.upper()}", instance.path
        )
        return
    packed = packed_types.get(role)
    if packed is None:
        return
    type_name = spec.operand_types.get(role, "")
    element = instance.values.get(type_name)
    if role == "c" and isinstance(element, str) and packed.element != element:
        # The accumulator register holds accumulator elements; the emission builds it from elemTyAcc.
        yield spec.diagnostic(
            "AG331",
            f"instance {instance.id}: packed c {packed.text} holds {packed.element}, but the accumulator "
            f"elements are {element}",
            instance.path + ("packed", "c"),
        )
    bits = variables.get(f"{type_name}_bits")
    if bits is None:
        return
    values = algebra.size(value_mode)
    if values * bits != packed.bits:
        hint: tuple[str, ...] = ()
        if packed.bits > values * bits and packed.bits % (values * bits) == 0:
            hint = (
                f"the register holds {packed.bits // (values * bits)}x what one tile needs: a "
                "multi-block instruction, or a layout that misses values",
            )
        yield spec.diagnostic(
            "AG331",
            f"instance {instance.id}: operand {role.upper()} holds {values} values of {bits} bits "
            f"per thread = {values * bits} bits, but its packed type {packed.text} is {packed.bits} bits",
            instance.path + ("packed", role),
            notes=hint,
        )

def copy_recast(
    spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, bits: int
) -> Iterator[Diagnostic]:
    if spec.whole_tile:
        return
    if instance.val_bits:
        candidates = instance.val_bits
        declared = True
    elif spec.transposing:
        yield spec.diagnostic(
            "AG342",
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
            yield spec.diagnostic(
                "AG341",
                f"instance {instance.id}: layout '{role}' does not recast to {value_bits}-bit values: {problem}",
                instance.path + ("val_bits",) if declared else piece.path,
            )
            return
