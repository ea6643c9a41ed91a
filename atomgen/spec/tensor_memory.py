"""Tensor-memory operands (Blackwell tcgen05): where each element of a TMEM operand lives.

A TMEM operand (operand_source tensor_memory) keeps its thread/value layout over the reference
tile like any operand, and adds a second layout from the same (thr, val) to a TMEM address,
`lane * 65536 + column`: PTX's tcgen05 address format (lane in the upper 16 bits) and CuTe's
logical TMEM addressing, so the spec reads like CuTe's `tmem_frg` layouts. `thr` is the CTA of
the pair for cta_group::2 (each CTA has its own 128 lanes x 512 columns).

Some operands must be in tensor memory more than once: the hardware reads a copy from another
subpartition (CuTe's TmemAllocMode::Duplicated for a CTA pair's A at M = 128). `copies` is a
rank-1 layout from the copy number to an address offset, 0 for copy 0: every element lives at
its address plus each offset, and whoever fills tensor memory must write them all.

A block-scaled tcgen05.mma also reads its scale factors from tensor memory (`scale_factors:`):
one per `vector_size` elements along K of each row of A and of each column of B. Their tiles are
placed the same way, over (thr, (row, factor)): `rows` rows (at least M for A, N for B: a tile
may be padded to whole 32-lane groups) times K / vector_size factors, colexicographic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol, Sequence

from atomgen.layout.algebra import Layout, image
from atomgen.spec.expr import Expr, ExprError, LayoutText, Num, evaluate, evaluate_item, parse_expression
from atomgen.spec.frozen import FrozenMap
from atomgen.spec.loader import JsonPath
from atomgen.spec.yamldata import YamlMap, integer, mapping, text

if TYPE_CHECKING:
    from atomgen.spec.instances import Instance


class Piece(Protocol):
    """A layout piece (the model's LayoutPiece): its parsed text, None where it did not parse."""

    @property
    def parsed(self) -> Optional[LayoutText]: ...

    @property
    def path(self) -> JsonPath: ...

LANE_STRIDE = 65536  # the lane sits in the address's upper 16 bits
LANES = 128  # per CTA
COLUMNS = 512  # 32-bit columns per CTA


@dataclass(frozen=True, slots=True)
class TensorMemoryOperand:
    role: str  # a | c
    pieces: tuple[Any, ...]  # LayoutPiece, chosen per instance like any layout
    cell_bits: int  # bits per element cell; 32 // cell_bits cells per 32-bit column
    columns: Optional[Expr]  # 32-bit columns the tile occupies
    path: tuple[Any, ...]
    copies: tuple[Any, ...] = ()  # LayoutPiece: copy number -> address offset (none: one copy)
    rows: Optional[Expr] = None  # scale factors: the rows the tile places (None: M or N)


@dataclass(frozen=True, slots=True)
class ScaleFactors:
    """`scale_factors:` of a block-scaled spec: the K elements one factor scales, the parameter
    that gives the factors' type, and the TMEM placement of A's and B's factors."""

    vector_size: Optional[Expr]
    type_parameter: str
    operands: FrozenMap[str, TensorMemoryOperand]  # a | b
    path: tuple[Any, ...] = ("scale_factors",)


Report = Callable[[str, str, JsonPath, Optional[int]], None]


def parse(
    data: YamlMap,
    pieces_of: Callable[[object, str, JsonPath], Sequence[Piece]],
    report: Report,
    section: str = "tensor_memory",
) -> dict[str, TensorMemoryOperand]:
    """`tensor_memory:` of a spec (or the operands of `scale_factors:`) -> role -> TensorMemoryOperand
    (syntax errors reported)."""
    found: dict[str, TensorMemoryOperand] = {}
    for role, value in mapping(data.get(section)).items():
        if role not in ("a", "b", "c", "src", "dst"):  # src / dst: a copy's tensor-memory side (tcgen05.ld/st/cp)
            continue  # scale_factors' own keys (the schema allows no other role)
        entry = mapping(value)
        path = (section, role)
        columns = _expression(entry.get("columns"), f"{section}.{role}.columns", path + ("columns",), report)
        rows = _expression(entry["rows"], f"{section}.{role}.rows", path + ("rows",), report) \
            if "rows" in entry else None
        pieces = tuple(pieces_of(entry.get("layout"), role, path + ("layout",)))
        copies = tuple(pieces_of(entry["copies"], role, path + ("copies",))) if "copies" in entry else ()
        found[role] = TensorMemoryOperand(role, pieces, integer(entry.get("cell_bits")), columns, path, copies, rows)
    return found


def parse_scale_factors(
    data: YamlMap,
    pieces_of: Callable[[object, str, JsonPath], Sequence[Piece]],
    report: Report,
) -> Optional[ScaleFactors]:
    """`scale_factors:` of a spec, None without one."""
    if "scale_factors" not in data:
        return None
    section = mapping(data.get("scale_factors"))
    path = ("scale_factors",)
    vector_size = _expression(section.get("vector_size"), "scale_factors.vector_size", path + ("vector_size",), report)
    return ScaleFactors(vector_size, text(section.get("type")),
                        FrozenMap(parse(data, pieces_of, report, "scale_factors")))


def _expression(written: object, where: str, path: JsonPath, report: Report) -> Optional[Expr]:
    try:
        return Num(written, 0) if isinstance(written, int) else parse_expression(text(written))
    except ExprError as error:
        report(error.rule, f"{where}: {error.message}", path, error.offset)
        return None


def evaluate_layout(piece: Piece, variables: dict[str, int]) -> Layout:
    """The concrete TMEM layout of one piece for one instance (ExprError when it cannot be computed)."""
    if piece.parsed is None:
        raise ExprError("the layout did not parse")
    return Layout(evaluate_item(piece.parsed.shape, variables), evaluate_item(piece.parsed.stride, variables))


def copy_offsets(piece: Optional[Piece], variables: dict[str, int]) -> list[int]:
    """The address offsets of an instance's copies, from its piece of `copies` ([0], one copy, without
    one); ExprError when the piece does not evaluate."""
    if piece is None:
        return [0]
    if piece.parsed is None:
        raise ExprError("the copies layout did not parse")
    layout = Layout(evaluate_item(piece.parsed.shape, variables), evaluate_item(piece.parsed.stride, variables))
    return image(layout)


def copies_at(operand: TensorMemoryOperand, instance: Instance,
              variables: dict[str, int]) -> tuple[Optional[Piece], list[int]]:
    """The piece of `copies` that applies to an instance and its address offsets ([0]: one copy); ExprError
    when the piece does not evaluate."""
    from atomgen.spec.variables import first_match  # (atomgen.spec.model imports this module)

    piece = first_match(operand.copies, instance, variables)
    return piece, copy_offsets(piece, variables)


def rows_of(operand: TensorMemoryOperand, variables: dict[str, int]) -> int:
    """The rows a scale-factor tile places: its `rows`, else M for A's factors and N for B's."""
    if operand.rows is not None:
        return evaluate(operand.rows, variables)
    return variables.get("m" if operand.role == "a" else "n", 0)


def evaluate_columns(operand: TensorMemoryOperand, variables: dict[str, int]) -> Optional[int]:
    return None if operand.columns is None else evaluate(operand.columns, variables)


def decode(address: int, cell_bits: int) -> tuple[int, int]:
    """(lane, 32-bit column) of a TMEM address whose low half counts cells of `cell_bits`."""
    lane, cell = divmod(address, LANE_STRIDE)
    return lane, cell * cell_bits // 32

