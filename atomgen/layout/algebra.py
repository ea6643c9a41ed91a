"""CuTe layout algebra over plain nested tuples of ints, in the spirit of pycute.

A layout is a pair (shape, stride) of congruent nested tuples (or ints). Coordinates are
flattened colexicographically (column-major): the first mode varies fastest. Each function
is one law of the algebra and keeps the function (coordinate -> index) it is given.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, NamedTuple, Optional

IntTuple = Any  # int or tuple of IntTuple


class Layout(NamedTuple):
    shape: IntTuple
    stride: IntTuple


def is_tuple(value: IntTuple) -> bool:
    return isinstance(value, tuple)


@lru_cache(maxsize=8192)
def flatten(value: IntTuple) -> tuple[int, ...]:
    """All leaves, left to right (memoized: specs reuse a few shapes across many instances)."""
    if not isinstance(value, tuple):
        return (value,)
    leaves: list[int] = []
    for sub in value:
        leaves.extend(flatten(sub) if isinstance(sub, tuple) else (sub,))
    return tuple(leaves)


@lru_cache(maxsize=8192)
def product(value: IntTuple) -> int:
    result = 1
    for leaf in flatten(value):
        result *= leaf
    return result


def size(layout: Layout) -> int:
    """Number of coordinates in the domain."""
    return product(layout.shape)


def rank(layout: Layout) -> int:
    return len(layout.shape) if is_tuple(layout.shape) else 1


def mode(layout: Layout, index: int) -> Layout:
    """The index-th top-level mode as a layout of its own."""
    if not is_tuple(layout.shape):
        if index != 0:
            raise IndexError(index)
        return layout
    return Layout(layout.shape[index], layout.stride[index])


@lru_cache(maxsize=8192)
def congruent(a: IntTuple, b: IntTuple) -> bool:
    """Same nesting (memoized: every instance of a spec asks about the same few layouts)."""
    if isinstance(a, tuple):
        return isinstance(b, tuple) and len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))
    return not isinstance(b, tuple)


def cosize(layout: Layout) -> int:
    """One past the largest index (strides are non-negative in specs)."""
    return sum((s - 1) * abs(d) for s, d in zip(flatten(layout.shape), flatten(layout.stride))) + 1


def idx2crd(index: int, shape: IntTuple) -> IntTuple:
    """Colexicographic coordinate of a linear index."""
    if is_tuple(shape):
        coords = []
        for sub in shape:
            coords.append(idx2crd(index % product(sub), sub))
            index //= product(sub)
        return tuple(coords)
    return index


def crd2idx(coord: IntTuple, shape: IntTuple, stride: IntTuple) -> int:
    """Index of a coordinate (an int coordinate is first unfolded colexicographically)."""
    if is_tuple(shape):
        if not is_tuple(coord):
            coord = idx2crd(coord, shape)
        return sum(crd2idx(c, s, d) for c, s, d in zip(coord, shape, stride))
    return coord * stride  # type: ignore[no-any-return]


def evaluate(layout: Layout, *coords: IntTuple) -> int:
    """L(c) for one coordinate, or L(thr, val) for a rank-2 layout called with two."""
    if len(coords) == 1:
        return crd2idx(coords[0], layout.shape, layout.stride)
    return crd2idx(tuple(coords), layout.shape, layout.stride)


def image(layout: Layout) -> list[int]:
    """L(i) for every linear i in colexicographic order (fast: no per-element recursion)."""
    values = [0]
    for extent, stride in zip(flatten(layout.shape), flatten(layout.stride)):
        if extent == 1:
            continue
        values = [base + step * stride for step in range(extent) for base in values]
    return values


def coalesce(layout: Layout) -> Layout:
    """Fewest modes with the same function: merge (s0,d0),(s1,d1) when d1 == s0*d0."""
    merged: list[tuple[int, int]] = []
    for extent, stride in zip(flatten(layout.shape), flatten(layout.stride)):
        if extent == 1:
            continue
        if merged and merged[-1][0] * merged[-1][1] == stride:
            last_extent, last_stride = merged[-1]
            merged[-1] = (last_extent * extent, last_stride)
        else:
            merged.append((extent, stride))
    if not merged:
        return Layout(1, 0)
    if len(merged) == 1:
        return Layout(merged[0][0], merged[0][1])
    return Layout(tuple(m[0] for m in merged), tuple(m[1] for m in merged))


class RecastError(ValueError):
    """A bit layout that does not split into whole values of the requested width."""


def upcast(layout: Layout, factor: int) -> Layout:
    """Bit layout -> layout over `factor`-bit values (CuTe's upcast), exactly or not at all.

    A stride-0 mode stays; a mode whose stride is a multiple of `factor` keeps its extent
    with the stride divided; a mode inside one value (stride dividing `factor`) must hold a
    whole number of values.
    """
    if is_tuple(layout.shape):
        parts = [upcast(Layout(s, d), factor) for s, d in zip(layout.shape, layout.stride)]
        return Layout(tuple(p.shape for p in parts), tuple(p.stride for p in parts))
    extent, stride = layout.shape, layout.stride
    if stride == 0:
        return Layout(extent, 0)
    if stride % factor == 0:
        return Layout(extent, stride // factor)
    if factor % stride == 0:
        per_value = factor // stride
        if extent % per_value == 0:
            return Layout(extent // per_value, 1 if extent > per_value else 0)
        raise RecastError(
            f"mode {extent}:{stride} holds {extent * stride} bits, not a whole number of {factor}-bit values"
        )
    raise RecastError(f"stride {stride} and value width {factor} do not divide each other")


def recast_thread_value(layout: Layout, value_bits: int) -> Layout:
    """Recast a (thr, bits) layout to (thr, values of `value_bits`): threads stay threads."""
    if rank(layout) != 2:
        raise RecastError("a thread/value layout has rank 2")
    thread_mode, value_mode = mode(layout, 0), mode(layout, 1)
    for extent, stride in zip(flatten(thread_mode.shape), flatten(thread_mode.stride)):
        if extent > 1 and stride % value_bits:
            raise RecastError(f"thread stride {stride} bits is not a multiple of {value_bits}-bit values")
    threads = Layout(
        thread_mode.shape,
        _map_leaves(thread_mode.stride, lambda d: d // value_bits if d % value_bits == 0 else 0),
    )
    values = upcast(value_mode, value_bits)
    return Layout((threads.shape, values.shape), (threads.stride, values.stride))


def _map_leaves(value: IntTuple, function: Any) -> IntTuple:
    if is_tuple(value):
        return tuple(_map_leaves(sub, function) for sub in value)
    return function(value)


class Coverage(NamedTuple):
    """How a layout's image sits on a reference tile of `tile_size` elements."""

    out_of_tile: list[tuple[int, int]]  # (linear domain position, index) outside [0, tile)
    multiplicity: dict[int, int]  # index -> how many domain points map to it
    missing: list[int]  # tile indices nobody maps to

    def holders(self, index: int) -> int:
        return self.multiplicity.get(index, 0)


def is_compact_bijection(layout: Layout) -> bool:
    """Whether L is a bijection onto [0, size(L)), decided from its modes alone.

    A layout with positive strides is such a bijection exactly when its modes, sorted by
    stride, form a compact column-major layout (each stride is the product of the extents
    below it): mixed-radix representations are unique.
    """
    modes = sorted([(d, s) for s, d in zip(flatten(layout.shape), flatten(layout.stride)) if s != 1])
    expected = 1
    for stride, extent in modes:
        if stride != expected:
            return False
        expected *= extent
    return True


def compact_cover(layout: Layout) -> Optional[tuple[int, int]]:
    """(image size, replication) when the layout is a compact bijection up to stride-0 modes.

    Stride-0 modes replicate: when the other modes form a compact bijection, each element
    is held exactly (product of the stride-0 extents) times. None: only enumeration decides.
    """
    broadcast = 1
    kept_shape, kept_stride = [], []
    for extent, stride in zip(flatten(layout.shape), flatten(layout.stride)):
        if stride == 0:
            broadcast *= extent
        else:
            kept_shape.append(extent)
            kept_stride.append(stride)
    if min(kept_stride, default=1) > 0 and is_compact_bijection(Layout(tuple(kept_shape), tuple(kept_stride))):
        return product(tuple(kept_shape)), broadcast
    return None


def covers_exactly(layout: Layout, tile_size: int, holders: int = 1) -> bool:
    """Every tile index is hit exactly `holders` times and nothing else is hit (decided from
    the modes when `compact_cover` can, by enumeration otherwise)."""
    compact = compact_cover(layout)
    if compact is not None:
        return compact == (tile_size, holders)
    values = image(layout)
    if len(values) != tile_size * holders:
        return False
    values.sort()
    if holders == 1:
        return values == list(range(tile_size))
    return values == [index for index in range(tile_size) for _ in range(holders)]


def coverage(layout: Layout, tile_size: int) -> Coverage:
    values = image(layout)
    out_of_tile = [(i, v) for i, v in enumerate(values) if v < 0 or v >= tile_size]
    multiplicity: dict[int, int] = {}
    for value in values:
        multiplicity[value] = multiplicity.get(value, 0) + 1
    in_tile = sum(1 for index in multiplicity if 0 <= index < tile_size)  # out-of-tile hits cover nothing
    missing = [i for i in range(tile_size) if i not in multiplicity] if in_tile < tile_size else []
    return Coverage(out_of_tile, multiplicity, missing)


def format_int_tuple(value: IntTuple) -> str:
    if is_tuple(value):
        return "(" + ",".join(format_int_tuple(v) for v in value) + ")"
    return str(value)


def format_layout(layout: Layout) -> str:
    """CuTe text, `shape:stride`."""
    return f"{format_int_tuple(layout.shape)}:{format_int_tuple(layout.stride)}"


def domain_coordinate(layout: Layout, linear: int) -> tuple[int, int]:
    """(thr, val) linear indices of a linear domain position of a rank-2 layout."""
    threads = product(layout.shape[0]) if is_tuple(layout.shape) else layout.shape
    return linear % threads, linear // threads


def parse_int_tuple_text(text: str) -> IntTuple:
    """Parse `((16,4),4)` style text of plain integers (used for oracle answers)."""
    tokens = text.replace(" ", "")
    position = 0

    def item() -> IntTuple:
        nonlocal position
        if tokens[position] == "(":
            position += 1
            items = [item()]
            while tokens[position] == ",":
                position += 1
                items.append(item())
            if tokens[position] != ")":
                raise ValueError(f"expected ')' at {position} in {text!r}")
            position += 1
            return tuple(items) if len(items) > 1 else items[0]
        start = position
        while position < len(tokens) and (tokens[position].isdigit() or tokens[position] == "-"):
            position += 1
        if start == position:
            raise ValueError(f"expected an integer at {position} in {text!r}")
        return int(tokens[start:position])

    result = item()
    if position != len(tokens):
        raise ValueError(f"trailing text in {text!r}")
    return result


def parse_layout_text(text: str) -> Layout:
    """Parse `shape:stride` of plain integers."""
    shape_text, _, stride_text = text.partition(":")
    return Layout(parse_int_tuple_text(shape_text), parse_int_tuple_text(stride_text))


def from_json(value: Iterable[Any] | int) -> IntTuple:
    """Nested JSON lists of ints -> nested tuples (a one-element list is its element)."""
    if isinstance(value, list):
        items = tuple(from_json(v) for v in value)
        return items if len(items) != 1 else items[0]
    return int(value)  # type: ignore[arg-type]
