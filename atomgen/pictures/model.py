"""Where each (thread, value) of an evaluated operand layout lands on its reference tile.

A picture is computed from the layouts `check` evaluated (atomgen's own algebra, no second
evaluator), once per distinct layout: the 912 wgmma instances share a few hundred layouts.

Stride-0 modes are replication (wgmma's descriptor B: all 128 threads name the whole tile;
ldmatrix x1/x2 addresses: threads 8.. repeat rows 0..7). They are kept out of the
enumeration and reported as `replicas`, so a 128-way replicated 256x32 tile costs 8192
cells, not a million: every holder of a cell is its representative (thr, val) plus any
combination of the replica steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Optional

from atomgen.layout import algebra
from atomgen.layout.algebra import Layout, RecastError
from atomgen.spec.mlir_types import parse_packed

# MMA reference tiles, (first, second) dimension, column-major as in the specs; B is drawn
# K x N (rows k, columns n), the way a product C = A * B is written and CuTe draws it.
MMA_TILES = {"a": ("m", "k"), "b": ("n", "k"), "c": ("m", "n")}
REGISTER_BITS = 32


@dataclass(frozen=True, slots=True)
class Replica:
    """A stride-0 mode: `extent` holders `step` apart along `axis` ('thr' or 'val')."""

    axis: str
    extent: int
    step: int


@dataclass(frozen=True, eq=False)
class Picture:
    """One operand layout drawn over a rows x cols grid.

    Compared by identity: `build_picture` returns one object per distinct layout and tile,
    so renderers can memoize on it without hashing thousands of cells."""

    layout: Layout
    rows: int
    cols: int
    row_name: str
    col_name: str
    transpose: bool
    threads: int
    values: int
    # owners[row * cols + col]: the representative (thr, val) pairs of that cell
    owners: tuple[tuple[tuple[int, int], ...], ...]
    replicas: tuple[Replica, ...]
    outside: tuple[tuple[int, int, int], ...]  # (thr, val, index) beyond the tile (a broken spec)

    def cell(self, row: int, col: int) -> tuple[tuple[int, int], ...]:
        return self.owners[row * self.cols + col]

    def place(self, index: int) -> tuple[int, int]:
        """(row, col) of a tile index: column-major over the tile, transposed when drawn so."""
        tile_rows = self.cols if self.transpose else self.rows
        first, second = index % tile_rows, index // tile_rows
        return (second, first) if self.transpose else (first, second)

    @cached_property
    def thread_replication(self) -> int:
        return algebra.product(tuple(r.extent for r in self.replicas if r.axis == "thr") or (1,))

    @cached_property
    def every_thread_holds_all(self) -> bool:
        """Whether the thread mode is all replication (a descriptor operand: no thread owns a part)."""
        return self.threads > 1 and self.thread_replication == self.threads

    def table(self) -> list[tuple[int, int, int, int]]:
        """(thr, val, row, col) of every representative, sorted by (thr, val)."""
        rows = [(t, v, i // self.cols, i % self.cols) for i, cell in enumerate(self.owners) for t, v in cell]
        return sorted(rows)


@dataclass(frozen=True, slots=True)
class OperandPicture:
    """A picture with what names it: role, element type, per-value bits in registers."""

    role: str
    label: str  # "A", "B", "C", "src", ...
    element: str  # element type name, or "b16" style for copies
    value_bits: Optional[int]  # bits each value occupies in the thread's register(s); None: no registers
    picture: Picture
    note: str = ""
    half: Optional[int] = None  # a register-half operand: value v is register v, this 16-bit half


def _leaves(mode: Layout) -> list[tuple[int, int, int]]:
    """(extent, stride, domain step) of each leaf of one top-level mode, colexicographic."""
    leaves, step = [], 1
    for extent, stride in zip(algebra.flatten(mode.shape), algebra.flatten(mode.stride)):
        leaves.append((extent, stride, step))
        step *= extent
    return leaves


def _thread_value_modes(layout: Layout) -> tuple[Layout, Layout]:
    if algebra.rank(layout) == 2:
        return algebra.mode(layout, 0), algebra.mode(layout, 1)
    return layout, Layout(1, 0)


@lru_cache(maxsize=4096)
def build_picture(layout: Layout, rows: int, cols: int, transpose: bool, names: tuple[str, str]) -> Picture:
    """Place every non-replicated (thr, val) of `layout`; index i sits at (i % rows, i // rows),
    or at (i // cols, i % cols) of the drawn grid when `transpose` (B: the tile is N x K, drawn K x N)."""
    thread_mode, value_mode = _thread_value_modes(layout)
    tile_rows = cols if transpose else rows  # extent of the tile's first (fastest) dimension
    points = [(0, 0, 0)]  # (thr, val, index)
    replicas: list[Replica] = []
    for axis, mode in (("thr", thread_mode), ("val", value_mode)):
        for extent, stride, step in _leaves(mode):
            if extent == 1:
                continue
            if stride == 0:
                replicas.append(Replica(axis, extent, step))
                continue
            if axis == "thr":
                points = [(t + step * c, v, i + stride * c) for c in range(extent) for t, v, i in points]
            else:
                points = [(t, v + step * c, i + stride * c) for c in range(extent) for t, v, i in points]
    owners: list[list[tuple[int, int]]] = [[] for _ in range(rows * cols)]
    outside = []
    for thr, val, index in points:
        if not 0 <= index < rows * cols:
            outside.append((thr, val, index))
            continue
        first, second = index % tile_rows, index // tile_rows
        row, col = (second, first) if transpose else (first, second)
        owners[row * cols + col].append((thr, val))
    return Picture(
        layout,
        rows,
        cols,
        names[0],
        names[1],
        transpose,
        algebra.size(thread_mode),
        algebra.size(value_mode),
        tuple(tuple(sorted(cell)) if len(cell) > 1 else tuple(cell) for cell in owners),  # most cells hold one
        tuple(replicas),
        tuple(outside),
    )


class PictureError(ValueError):
    """An operand that cannot be drawn as asked (e.g. no whole number of values of that width)."""


def operand_pictures(spec: Any, evaluated: Any, value_bits: Optional[int] = None) -> list[OperandPicture]:
    """Pictures of every operand of one evaluated instance, in the spec's operand order.

    Copies are drawn in elements of `value_bits` (default: the instance's first val_bits,
    else its packed value's element width), the element width the atom would be used with.
    """
    if spec.kind == "mma":
        pictures = [p for p in (_mma_picture(spec, evaluated, role) for role in spec.operands) if p is not None]
        metadata = _metadata_picture(spec, evaluated)
        return pictures + ([metadata] if metadata is not None else [])
    bits = value_bits or copy_value_bits(spec, evaluated.instance)
    return _copy_pictures(spec, evaluated, bits)


def _mma_picture(spec: Any, evaluated: Any, role: str) -> Optional[OperandPicture]:
    operand = evaluated.operands.get(role)
    if operand is None:
        return None
    first, second = MMA_TILES[role]
    variables = evaluated.variables
    extent_first, extent_second = variables.get(first), variables.get(second)
    if extent_first is None or extent_second is None:
        return None
    # a multi-block tile (M, K, B) is drawn as M x (K*B): the block index is the slowest coordinate,
    # so block b is the b-th run of K columns (index m + M*(k + K*b))
    blocks = variables.get("blocks", 1)
    compressed = role == "a" and "k_packed" in variables
    if compressed:  # a sparse A holds only its nonzeros: the compressed (M, k_packed)
        extent_second = variables["k_packed"]
    single = extent_second
    extent_second *= blocks
    transpose = role == "b"
    rows, cols = (extent_second, extent_first) if transpose else (extent_first, extent_second)
    names = (second, first) if transpose else (first, second)
    picture = build_picture(operand.layout, rows, cols, transpose, names)
    type_parameter = spec.operand_types.get(role, "")
    element = str(evaluated.instance.values.get(type_parameter, ""))
    note = f"{blocks} blocks side by side: {second} = {second} of block b + {single}*b" if blocks > 1 else ""
    if compressed:
        note = (f"compressed A: the nonzeros of each row, {second} = nonzero number of the K={variables[second]} "
                f"row (its K is named by the metadata E)")
    bits: Optional[int] = None
    if spec.operand_source.get(role) == "shared_memory_descriptor":
        note = f"{role.upper()} is read from shared memory through a matrix descriptor: no thread holds it in registers"
    elif spec.operand_source.get(role) == "tensor_memory":
        note = (f"{role.upper()} lives in tensor memory (lane and column per element: atomgen show's tmem line); "
                "no thread holds it in registers")
    else:
        packed = parse_packed(evaluated.instance.packed.get(role, ""))
        selector = evaluated.instance.register_half.get(role)
        if packed is not None and selector is not None and picture.values:
            # GFX11 OPSEL: one 16-bit half of a register per value, the half the selector's value chooses
            half = int(bool(evaluated.instance.values.get(selector)))
            note = (f"{selector} = {str(bool(half)).lower()}: value v is bits [{16 * half + 15}:{16 * half}] of "
                    f"register v ({selector} = {str(not half).lower()}: bits [{16 * (1 - half) + 15}:"
                    f"{16 * (1 - half)}])")
            return OperandPicture(role, role.upper(), element, 16, picture, note, half)
        if packed is not None and picture.values and packed.bits % picture.values == 0:
            bits = packed.bits // picture.values
    return OperandPicture(role, role.upper(), element, bits, picture, note)


def copy_value_bits(spec: Any, instance: Any) -> int:
    if instance.val_bits:
        return int(instance.val_bits[0])
    packed = parse_packed(instance.packed.get("value", ""))
    if packed is not None:
        return packed.element_bits
    return 8


def _copy_pictures(spec: Any, evaluated: Any, bits: int) -> list[OperandPicture]:
    """src, dst and ref over one tile of `bits`-bit elements, folded into rows as wide as the
    most values any side gives one thread (ldmatrix: 8 b16, one shared-memory row)."""
    element_layouts: dict[str, Layout] = {}
    for role in spec.operands:
        operand = evaluated.operands.get(role)
        if operand is None:
            continue
        if spec.whole_tile:
            element_layouts[role] = operand.layout
            continue
        try:
            element_layouts[role] = algebra.recast_thread_value(operand.layout, bits)
        except RecastError as error:
            raise PictureError(f"layout '{role}' does not recast to {bits}-bit values: {error}") from None
    note = (
        "whole-tile copy: one placeholder element; the copy's descriptor describes the tile" if spec.whole_tile else ""
    )
    width = max((_owned_values(layout) for layout in element_layouts.values()), default=1)
    pictures = []
    for role, layout in element_layouts.items():
        elements = algebra.cosize(layout)
        cols = width if elements % width == 0 else elements
        picture = build_picture(layout, elements // cols, cols, True, ("row", "col"))
        pictures.append(OperandPicture(role, role, f"b{bits}", None if spec.whole_tile else bits, picture, note))
    return pictures


def _owned_values(layout: Layout) -> int:
    """Values one thread holds that are not replicas of each other."""
    _, value_mode = _thread_value_modes(layout)
    kept = [e for e, d in zip(algebra.flatten(value_mode.shape), algebra.flatten(value_mode.stride)) if d]
    return algebra.product(tuple(kept) or (1,))


def _metadata_picture(spec: Any, evaluated: Any) -> Optional[OperandPicture]:
    """A sparse MMA's metadata over its index tile (M, k_index): holder h, slot j (bits j*index_bits)."""
    from atomgen.check.result import evaluate_metadata

    metadata = evaluate_metadata(spec, evaluated)
    if metadata is None:
        return None
    variables = evaluated.variables
    picture = build_picture(metadata.layout, variables["m"], variables["k_index"], False, ("m", "i"))
    sparsity = metadata.sparsity
    selectors = f"selectors 0..{metadata.selectors - 1}" if metadata.selectors > 1 else "selector 0"
    note = (f"metadata: {sparsity.nonzeros}:{sparsity.chunk} sparsity, index i of a row is index i % "
            f"{sparsity.per_chunk} of chunk i // {sparsity.per_chunk}; T = holder h at lane "
            f"{list(metadata.holders)[:4]}... for selector 0 ({selectors}, stride {sparsity.selector_stride}); "
            f"V = slot j at bits {sparsity.index_bits}j of {evaluated.instance.packed.get('e', '?')}")
    return OperandPicture("e", "E", "index", sparsity.index_bits, picture, note)
