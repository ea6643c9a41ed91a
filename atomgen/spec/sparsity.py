"""Structured sparsity of a sparse MMA's A operand (spec key `sparse`), and its metadata.

A sparse MMA (NVIDIA mma.sp, AMD SMFMAC/SWMMAC) multiplies an A that is structured-sparse
along K: every chunk of `chunk` consecutive K elements of a row holds `nonzeros` nonzeros,
and A's register operand holds only those, the compressed tile (M, k_packed). A metadata
operand says where each one sits: a chunk has 2^index_bits positions of chunk / 2^index_bits
elements each, and one index_bits-wide index per nonzero position. The index tile is
(M, k_index); index i of row m is the (i % per_chunk)-th index of chunk i // per_chunk.

This module parses the key and computes what the layouts are evaluated over; the rules that
judge it are atomgen/check/families/sparse.py, the decompression of the reference is `dense_positions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Mapping, Optional

from atomgen.spec import yamldata
from atomgen.spec.expr import Expr, ExprError, Num, evaluate, parse_expression
from atomgen.spec.scalars import ScalarValue
from atomgen.spec.yamldata import YamlMap, mapping

JsonPath = tuple[Any, ...]
# The metadata layouts a sparse MMA adds to a, b, c (docs/spec-format.md, "Sparse MMAs").
SPARSE_ROLES = ("e", "e_holders")


@dataclass(frozen=True, slots=True)
class SparsePiece:
    when: tuple[tuple[str, tuple[Any, ...]], ...]
    nonzeros: int
    chunk: int
    index_bits: int
    selector_stride: Optional[Expr]
    selector_bits: Optional[Expr]
    path: JsonPath
    selector: Optional[str] = None  # the parameter the instruction receives as its sparsity selector


@dataclass(frozen=True, slots=True)
class Sparsity:
    """One instance's sparsity, in numbers."""

    nonzeros: int
    chunk: int
    index_bits: int
    selector_stride: int  # lanes between the holders of consecutive selectors (NVIDIA mma.sp)
    selector_bits: int = 0  # bits between the index sets of consecutive selectors (AMD SMFMAC abid)

    @property
    def positions(self) -> int:
        return 1 << self.index_bits

    @property
    def position_width(self) -> Fraction:
        """Elements one index position spans (1/2: a tf32 element takes two positions)."""
        return Fraction(self.chunk, self.positions)

    @property
    def per_chunk(self) -> Fraction:
        """Indices one chunk holds: its nonzero positions."""
        return self.nonzeros / self.position_width

    def k_packed(self, k: int) -> int:
        return k * self.nonzeros // self.chunk

    def k_index(self, k: int) -> int:
        return int(k // self.chunk * self.per_chunk)


Diagnose = Callable[[str, str, JsonPath, Optional[int]], None]  # (rule, message, path, offset)


def parse_sparse(value: object, diagnose: Diagnose) -> tuple[SparsePiece, ...]:
    """The `sparse` key (one piece or a list) -> pieces; `diagnose(rule, message, path, offset)`."""
    if value is None:
        return ()
    entries = [(mapping(value), ("sparse",))] if isinstance(value, dict) else [
        (mapping(piece), ("sparse", index)) for index, piece in enumerate(yamldata.entries(value))]
    pieces = []
    for data, path in entries:
        nonzeros, chunk = (int(x) for x in yamldata.text(data.get("ratio")).split(":"))
        stride, bits = (_expression(data, key, path, diagnose) for key in ("selector_stride", "selector_bits"))
        when = tuple((name, _scalars(accepted)) for name, accepted in mapping(data.get("when")).items())
        selector = yamldata.optional_text(data.get("selector"))
        pieces.append(SparsePiece(when, nonzeros, chunk, yamldata.integer(data.get("index_bits")), stride, bits, path,
                                  selector))
    return tuple(pieces)


def _scalars(accepted: object) -> tuple[ScalarValue, ...]:
    """A `when` value: one accepted value, or a list of them."""
    listed = accepted if isinstance(accepted, list) else [accepted]
    return tuple(value for item in listed if (value := yamldata.scalar(item)) is not None)


def _expression(data: YamlMap, key: str, path: JsonPath, diagnose: Diagnose) -> Optional[Expr]:
    written = data.get(key)
    if written is None:
        return None
    try:
        return Num(written, 0) if isinstance(written, int) else parse_expression(yamldata.text(written))
    except ExprError as error:
        diagnose(error.rule, f"sparse {key}: {error.message}", path + (key,), error.offset)
        return None


def _same(left: Any, right: Any) -> bool:
    return isinstance(left, bool) == isinstance(right, bool) and left == right


def select_sparse(pieces: tuple[SparsePiece, ...], values: Mapping[str, ScalarValue],
                  variables: dict[str, int]) -> Optional[SparsePiece]:
    for piece in pieces:
        if _when_holds(piece.when, values, variables):
            return piece
    return None


def _when_holds(when: tuple[tuple[str, tuple[Any, ...]], ...], values: Mapping[str, ScalarValue],
                variables: dict[str, int]) -> bool:
    """Every name of `when` has one of its accepted values (loops: this runs per instance)."""
    for name, accepted in when:
        actual = values.get(name, variables.get(name))
        for value in accepted:
            if _same(actual, value):
                break
        else:
            return False
    return True


def sparsity_of(piece: SparsePiece, variables: dict[str, int]) -> Sparsity:
    stride = evaluate(piece.selector_stride, variables) if piece.selector_stride is not None else 0
    bits = evaluate(piece.selector_bits, variables) if piece.selector_bits is not None else 0
    return Sparsity(piece.nonzeros, piece.chunk, piece.index_bits, stride, bits)


def sparse_variables(pieces: tuple[SparsePiece, ...], values: Mapping[str, ScalarValue],
                     variables: dict[str, int]) -> dict[str, int]:
    """k_packed (A's compressed K) and k_index (indices per row) of one instance; {} when dense."""
    piece = select_sparse(pieces, values, variables)
    if piece is None or "k" not in variables:
        return {}
    return dict(_compressed(piece.nonzeros, piece.chunk, piece.index_bits, variables["k"]))


@lru_cache(maxsize=1024)  # a spec's rows repeat a few (sparsity, K) pairs; Fractions are slow
def _compressed(nonzeros: int, chunk: int, index_bits: int, k: int) -> tuple[tuple[str, int], ...]:
    sparsity = Sparsity(nonzeros, chunk, index_bits, 0)
    if k % chunk or sparsity.per_chunk.denominator != 1:
        return ()  # the rules report it (AG345); the layouts then see a dense A
    return (("k_packed", sparsity.k_packed(k)), ("k_index", sparsity.k_index(k)))


def dense_positions(sparsity: Sparsity, indices: list[int]) -> list[int]:
    """Decompress one chunk: its indices (in index order) -> the chunk-relative K of each nonzero.

    Nonzero j of the chunk is named by indices [j/width ...) when a position is narrower than an
    element (tf32: two indices per element, the element sits at the first one's position), and
    by index j*width // 1 when wider (4-bit pairs: one index names `width` consecutive elements).
    """
    width = sparsity.position_width
    if width < 1:
        step = int(1 / width)
        return [int(indices[j * step] * width) for j in range(sparsity.nonzeros)]
    return [int(indices[int(j / width)] * width) + int(j % width) for j in range(sparsity.nonzeros)]


def chunk_indices(sparsity: Sparsity, positions: list[int]) -> list[int]:
    """The inverse of dense_positions: chunk-relative K of each nonzero (ascending) -> indices."""
    width = sparsity.position_width
    if width < 1:
        step = int(1 / width)
        return [int(p / width) + s for p in positions for s in range(step)]
    return [int(p / width) for p in positions[:: int(width)]]


def selector_parameter(pieces: tuple[SparsePiece, ...]) -> Optional[str]:
    """The parameter a sparse atom sends as its sparsity selector (the first piece that names one;
    AG343 holds the pieces to one name), None: the atom sends selector 0."""
    for piece in pieces:
        if piece.selector is not None:
            return piece.selector
    return None
