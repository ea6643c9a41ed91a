"""Rule AG350: a block-scaled MMA's scale factors, against its instruction and in tensor memory.

tcgen05.mma `.block_scale` (kinds mxf8f6f4, mxf4, mxf4nvf4) scales every `vector_size` elements
along K of each row of A and each column of B by one factor read from tensor memory. What the
generated code and the tiles a kernel fills depend on is in `scale_factors:`, and each of its
fields must agree with the instruction text the row emits, since none of the later stages can tell:

- only block-scaled instructions take scale factors, and every row of a spec with them is one;
- `vector_size` is the block the text names (`.block16` / `.block32`, or `scale_vec::NX`), and K is
  the kind's (32 for mxf8f6f4, 64 for mxf4 and mxf4nvf4), a whole number of blocks;
- the scale-factor type (the parameter `type` names) is one the kind takes at that block size, and
  A's and B's types have a format in the kind's idesc;
- each scale-factor tile is placed like a tensor-memory operand (rule AG349's walk): every factor
  of the `rows` x K / vector_size tile, and of each copy, in its own byte, within lanes 0..127 and
  the declared columns, every declared column used; `rows` covers M (A) or N (B); over a CTA pair each CTA
  holds its M / 2 rows of A's factors and all of B's.
"""

from __future__ import annotations

from typing import Iterator

from atomgen.check.evaluate import EvaluatedInstance
from atomgen.check.families.tensor_memory import Placement, judge_with_copies
from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.spec import tcgen05
from atomgen.spec.expr import ExprError, evaluate
from atomgen.spec.model import AtomSpec
from atomgen.spec.tensor_memory import (
    LANES,
    TensorMemoryOperand,
    copies_at,
    evaluate_columns,
    evaluate_layout,
    rows_of,
)
from atomgen.spec.variables import piece_matches
from atomgen.suggest import did_you_mean

SCALE_FACTORS = Rule(
    "AG350",
    "scale-factors",
    "A block-scaled MMA's scale factors disagree with its instruction or are misplaced in tensor memory.",
    "The scale-factor block size, type and TMEM placement reach the generated idesc and the tiles a "
    "kernel writes, and nothing later can tell them from the instruction's: a block of 32 declared for a "
    ".block16 instruction, or two factors in one byte, scales the wrong elements silently.",
    Example(
        "emission:\n",
        'scale_factors: {vector_size: 32, type: elemTyA, a: {cell_bits: 8, columns: 1, layout: "1:0"}, '
        'b: {cell_bits: 8, columns: 1, layout: "1:0"}}\nemission:\n',
        26, "{m: 16",
    ),
    "Take the block size from the instruction (.block16 / .block32) and give each factor of the "
    "rows x K / vector_size tile its own byte: lane * 65536 + byte.",
)

RULES = (
    SCALE_FACTORS,
)


def check_spec(spec: AtomSpec) -> Iterator[Diagnostic]:
    """Scale factors exactly where the rows are block-scaled; the type parameter exists."""
    scaled = [instance for instance in spec.instances if tcgen05.block_scale(instance.instruction or "")]
    factors = spec.scale_factors
    if factors is None:
        for instance in scaled[:1]:
            yield SCALE_FACTORS.at(spec, f"instance {instance.id}: '{instance.instruction}' is block-scaled: declare "
                                  "scale_factors (vector_size, type, and where A's and B's factors are in tensor "
                                  "memory)", instance.path)
        return
    scaled_rows = {instance.index for instance in scaled}
    for instance in spec.instances:
        if instance.index not in scaled_rows:
            what = f"'{instance.instruction}'" if instance.instruction else f"its intrinsic {instance.intrinsic}"
            yield SCALE_FACTORS.at(spec, f"instance {instance.id}: scale_factors is declared, but {what} is not "
                                  "block-scaled (it takes no scale factors)", instance.path)
            break
    if spec.pattern != "tcgen05_mma":
        yield SCALE_FACTORS.at(spec, f"scale_factors: only the emission pattern 'tcgen05_mma' passes scale factors "
                              f"to the instruction, not '{spec.pattern}'", factors.path)
    parameter = next((p for p in spec.parameters if p.name == factors.type_parameter), None)
    if parameter is None or parameter.cpp_type != "Type":
        names = [p.name for p in spec.parameters if p.cpp_type == "Type"]
        yield SCALE_FACTORS.at(spec, f"scale_factors.type names '{factors.type_parameter}', not a Type parameter"
                              f"{did_you_mean(factors.type_parameter, names)} (Type parameters: "
                              f"{', '.join(names) or 'none'})", factors.path + ("type",))


def check_instance(spec: AtomSpec, evaluated: EvaluatedInstance) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    factors = spec.scale_factors
    instance = evaluated.instance
    scale = tcgen05.block_scale(instance.instruction or "")
    if factors is None or scale is None:
        return findings
    variables = evaluated.variables
    if factors.vector_size is None:
        return findings  # reported as it was parsed
    try:
        vector_size = evaluate(factors.vector_size, variables)
    except ExprError as error:
        findings.append(spec.diagnostic(
            error.rule, f"scale_factors.vector_size, instance {instance.id}: {error.message}",
            factors.path + ("vector_size",), error.offset))
        return findings
    findings.extend(_against_instruction(spec, evaluated, scale, vector_size))
    k = variables.get("k", 0)
    if vector_size != (scale.vector_size or vector_size) or vector_size < 1 or k % vector_size:
        return findings  # the block size is what is wrong: the tiles it sizes would only repeat it
    for role, operand in factors.operands.items():
        findings.extend(_placement(spec, evaluated, role, operand, k // vector_size))
    return findings


def _against_instruction(spec: AtomSpec, evaluated: EvaluatedInstance, scale: tcgen05.BlockScale,
                         vector_size: int) -> Iterator[Diagnostic]:
    instance = evaluated.instance
    factors = spec.scale_factors
    assert factors is not None
    text = instance.instruction
    if scale.vector_size is None:
        taken = ", ".join(f".{m}" if m else "none" for m in tcgen05.BLOCK_MODIFIERS[scale.kind])
        what = f"takes no .{scale.modifier}" if scale.modifier else "needs a block size"
        yield SCALE_FACTORS.at(spec, f"instance {instance.id}: kind::{scale.kind} {what} ('{text}'); its block "
                              f"modifiers: {taken}", instance.path)
    elif vector_size != scale.vector_size:
        yield SCALE_FACTORS.at(spec, f"scale_factors.vector_size is {vector_size} for instance {instance.id}, but "
                              f"'{text}' scales blocks of {scale.vector_size}", factors.path + ("vector_size",))
    k = evaluated.variables.get("k", 0)
    wanted_k = tcgen05.BLOCK_SCALED_K[scale.kind]
    if k != wanted_k:
        yield SCALE_FACTORS.at(spec, f"instance {instance.id}: kind::{scale.kind} multiplies K = {wanted_k} per "
                              f"instruction, not {k}", instance.path)
    elif vector_size < 1 or k % vector_size:
        yield SCALE_FACTORS.at(spec, f"scale_factors.vector_size {vector_size} does not divide K = {k} "
                              f"(instance {instance.id})", factors.path + ("vector_size",))
    blocks = tcgen05.SCALE_TYPES[scale.kind]
    size = scale.vector_size
    sf = instance.values.get(factors.type_parameter)
    if size is not None and sf is not None and str(sf) not in blocks[size]:  # (an unknown parameter: above)
        yield SCALE_FACTORS.at(spec, f"instance {instance.id}: kind::{scale.kind} with blocks of {size} takes "
                              f"scale factors of type {' or '.join(blocks[size])}, not {sf}", instance.path)
    formats = tcgen05.BLOCK_SCALED_FORMATS[scale.kind]
    for role in ("a", "b"):
        element = str(instance.values.get(spec.operand_types.get(role, ""), ""))
        if element not in formats:
            yield SCALE_FACTORS.at(spec, f"instance {instance.id}: {role.upper()} of {element} has no kind::"
                                  f"{scale.kind} format ({', '.join(formats)})", instance.path)


def _placement(spec: AtomSpec, evaluated: EvaluatedInstance, role: str, operand: TensorMemoryOperand,
               per_row: int) -> Iterator[Diagnostic]:
    instance, variables = evaluated.instance, evaluated.variables
    piece = next((p for p in operand.pieces if piece_matches(p, instance, variables)), None)
    if piece is None:
        yield SCALE_FACTORS.at(spec, f"no piece of scale_factors.{role} applies to instance {instance.id}",
                              operand.path)
        return
    if piece.parsed is None:
        return
    # each CTA of a pair (exceptions.ctas: 2) holds the factors of its own rows of A, and of all of B's columns
    extent = variables.get("m", 0) // max(1, spec.ctas) if role == "a" else variables.get("n", 0)
    try:
        layout = evaluate_layout(piece, variables)
        columns = evaluate_columns(operand, variables)
        rows = rows_of(operand, variables)
        copies, offsets = copies_at(operand, instance, variables)
    except ExprError as error:
        yield spec.diagnostic(error.rule, f"scale_factors.{role}, instance {instance.id}: {error.message}",
                              piece.path, error.offset)
        return
    if rows < extent:
        whose = ("A (M)" if spec.ctas == 1 else "A a CTA holds (M / 2)") if role == "a" else "B (N)"
        yield SCALE_FACTORS.at(spec, f"scale_factors.{role}.rows is {rows}, fewer than the {extent} rows of "
                              f"{whose} (instance {instance.id})",
                              operand.path + ("rows",))
        return
    if copies is not None and len(offsets) > LANES:
        yield SCALE_FACTORS.at(spec, f"scale_factors.{role}.copies makes {len(offsets)} copies, more than {LANES} "
                              f"(instance {instance.id})", copies.path)
        return
    sizes = (spec.threads, rows * per_row)
    placement = Placement(f"scale_factors.{role}", sizes,
                          f"its {rows} x {per_row} scale-factor tile (thr {spec.threads}) has", SCALE_FACTORS)
    key = ("scale", layout, sizes, columns, operand.cell_bits, tuple(offsets))
    yield from judge_with_copies(spec, placement, layout, columns, operand.cell_bits, piece.path, copies, offsets,
                                 instance.id, key)
