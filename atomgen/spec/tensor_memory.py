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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Protocol, Sequence

from atomgen.layout.algebra import Layout, image
from atomgen.spec.expr import Expr, ExprError, LayoutText, Num, evaluate, evaluate_item, parse_expression
from atomgen.spec.loader import JsonPath
from atomgen.spec.yamldata import YamlMap, integer, mapping, text


class Piece(Protocol):
    """A layout piece (the model's LayoutPiece): its parsed text, None where it did not parse."""

    @property
    def parsed(self) -> Optional[LayoutText]: ...

LANE_STRIDE = 65536  # the lane sits in the address's upper 16 bits
LANES = 128  # per CTA
COLUMNS = 512  # 32-bit columns per CTA


@dataclass(frozen=True)
class TensorMemoryOperand:
    role: str  # a | c
    pieces: tuple[Any, ...]  # LayoutPiece, chosen per instance like any layout
    cell_bits: int  # bits per element cell; 32 // cell_bits cells per 32-bit column
    columns: Optional[Expr]  # 32-bit columns the tile occupies
    path: tuple[Any, ...]
    copies: tuple[Any, ...] = ()  # LayoutPiece: copy number -> address offset (none: one copy)


def parse(
    data: YamlMap,
    pieces_of: Callable[[object, str, JsonPath], Sequence[Piece]],
    report: Callable[[str, str, JsonPath, Optional[int]], None],
) -> dict[str, TensorMemoryOperand]:
    """`tensor_memory:` of a spec -> role -> TensorMemoryOperand (syntax errors reported)."""
    found: dict[str, TensorMemoryOperand] = {}
    for role, value in mapping(data.get("tensor_memory")).items():
        entry = mapping(value)
        path = ("tensor_memory", role)
        columns: Optional[Expr] = None
        written = entry.get("columns")
        try:
            columns = Num(written, 0) if isinstance(written, int) else parse_expression(text(written))
        except ExprError as error:
            report(error.rule, f"tensor_memory.{role}.columns: {error.message}", path + ("columns",), error.offset)
        pieces = tuple(pieces_of(entry.get("layout"), role, path + ("layout",)))
        copies = tuple(pieces_of(entry["copies"], role, path + ("copies",))) if "copies" in entry else ()
        found[role] = TensorMemoryOperand(role, pieces, integer(entry.get("cell_bits")), columns, path, copies)
    return found


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


def evaluate_columns(operand: TensorMemoryOperand, variables: dict[str, int]) -> Optional[int]:
    return None if operand.columns is None else evaluate(operand.columns, variables)


def decode(address: int, cell_bits: int) -> tuple[int, int]:
    """(lane, 32-bit column) of a TMEM address whose low half counts cells of `cell_bits`."""
    lane, cell = divmod(address, LANE_STRIDE)
    return lane, cell * cell_bits // 32

