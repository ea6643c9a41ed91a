"""atomgen.layout.algebra against pycute (nvidia-cutlass's reference CuTe in Python).

Random layouts from hypothesis; evaluate, size, cosize, coalesce and the image must agree
with pycute.Layout, and CuTe text must round-trip through atomgen's printers and parsers.
Unit tests cover upcast / recast_thread_value and the coverage helpers.
"""

from __future__ import annotations

from typing import Any

import pycute
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atomgen.layout import algebra
from atomgen.layout.algebra import Layout, RecastError
from atomgen.spec.expr import evaluate_item, parse_layout


def _congruent(shape_leaves: st.SearchStrategy[int], stride_leaves: st.SearchStrategy[int]) -> Any:
    """(shape, stride) pairs of congruent nested tuples, at most 3 deep, no 1-tuples."""
    leaf = st.tuples(shape_leaves, stride_leaves)
    tree = st.recursive(leaf, lambda children: st.lists(children, min_size=2, max_size=3), max_leaves=8)

    def split(node: Any) -> tuple[Any, Any]:
        if isinstance(node, tuple):
            return node
        parts = [split(child) for child in node]
        return tuple(p[0] for p in parts), tuple(p[1] for p in parts)

    return tree.map(split).filter(lambda pair: algebra.product(pair[0]) <= 4096)


LAYOUTS = _congruent(st.integers(1, 6), st.integers(0, 40)).map(lambda pair: Layout(*pair))
# Compact layouts with distinct strides: a random permutation of a column-major layout.
RANK2 = st.tuples(_congruent(st.integers(1, 5), st.integers(0, 30)), _congruent(st.integers(1, 5), st.integers(0, 30)))


def _reference(layout: Layout) -> pycute.Layout:
    return pycute.Layout(layout.shape, layout.stride)


@settings(max_examples=150, deadline=None)
@given(LAYOUTS)
def test_size_cosize_rank_match_pycute(layout: Layout) -> None:
    reference = _reference(layout)
    assert algebra.size(layout) == pycute.size(reference)
    assert algebra.cosize(layout) == pycute.cosize(reference)
    assert algebra.rank(layout) == (len(layout.shape) if isinstance(layout.shape, tuple) else 1)


@settings(max_examples=150, deadline=None)
@given(LAYOUTS, st.data())
def test_evaluate_matches_pycute(layout: Layout, data: st.DataObject) -> None:
    reference = _reference(layout)
    index = data.draw(st.integers(0, algebra.size(layout) - 1))
    assert algebra.evaluate(layout, index) == reference(index)
    coordinate = pycute.idx2crd(index, layout.shape)
    assert algebra.idx2crd(index, layout.shape) == coordinate
    assert algebra.evaluate(layout, coordinate) == reference(coordinate)
    assert algebra.crd2idx(coordinate, layout.shape, layout.stride) == pycute.crd2idx(coordinate, layout.shape,
                                                                                     layout.stride)


@settings(max_examples=100, deadline=None)
@given(LAYOUTS)
def test_image_is_pycute_evaluated_in_order(layout: Layout) -> None:
    reference = _reference(layout)
    assert algebra.image(layout) == [reference(i) for i in range(pycute.size(reference))]


@settings(max_examples=150, deadline=None)
@given(LAYOUTS)
def test_coalesce_matches_pycute(layout: Layout) -> None:
    ours = algebra.coalesce(layout)
    theirs = pycute.coalesce(_reference(layout))
    assert (ours.shape, ours.stride) == (theirs.shape, theirs.stride)
    # and it is the same function
    assert algebra.image(ours) == algebra.image(layout)


@settings(max_examples=100, deadline=None)
@given(RANK2)
def test_rank2_thread_value_evaluation(pair: Any) -> None:
    (thr_shape, thr_stride), (val_shape, val_stride) = pair
    layout = Layout((thr_shape, val_shape), (thr_stride, val_stride))
    reference = _reference(layout)
    threads, values = algebra.product(thr_shape), algebra.product(val_shape)
    for thr in {0, threads - 1, threads // 2}:
        for val in {0, values - 1}:
            assert algebra.evaluate(layout, thr, val) == reference(thr, val) == reference(thr + threads * val)
            assert algebra.domain_coordinate(layout, thr + threads * val) == (thr, val)


@settings(max_examples=150, deadline=None)
@given(LAYOUTS)
def test_text_round_trip(layout: Layout) -> None:
    text = algebra.format_layout(layout)
    assert algebra.parse_layout_text(text) == layout
    # pycute prints with spaces; atomgen reads that too
    assert algebra.parse_layout_text(str(_reference(layout))) == layout
    # and the spec grammar (expressions as leaves) reads CuTe text to the same layout
    parsed = parse_layout(text)
    assert Layout(evaluate_item(parsed.shape, {}), evaluate_item(parsed.stride, {})) == layout
    # JSON form (show --format json) round-trips as well
    assert algebra.from_json(_lists(layout.shape)) == layout.shape


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


@settings(max_examples=100, deadline=None)
@given(LAYOUTS)
def test_covers_exactly_agrees_with_coverage(layout: Layout) -> None:
    size = algebra.size(layout)
    values = [_reference(layout)(i) for i in range(size)]
    bijective = sorted(values) == list(range(size))
    assert algebra.covers_exactly(layout, size, 1) == bijective
    cover = algebra.coverage(layout, size)
    exact = not cover.out_of_tile and not cover.missing and all(n == 1 for n in cover.multiplicity.values())
    assert exact == bijective
    assert sum(cover.multiplicity.values()) == size


# --- unit tests ---------------------------------------------------------------------------


def test_covers_with_replication() -> None:
    broadcast = Layout((2, 8), (0, 1))  # two threads hold the same 8 elements
    assert algebra.covers_exactly(broadcast, 8, 2)
    assert not algebra.covers_exactly(broadcast, 8, 1)
    assert algebra.coverage(broadcast, 8).holders(3) == 2


def test_coverage_reports_missing_and_outside() -> None:
    cover = algebra.coverage(Layout((4, 2), (1, 8)), 8)
    assert cover.missing == [4, 5, 6, 7]
    assert [index for _, index in cover.out_of_tile] == [8, 9, 10, 11]


@pytest.mark.parametrize(
    ("bits", "factor", "expected"),
    [
        (Layout(32, 1), 8, Layout(4, 1)),  # 32 contiguous bits: four bytes
        (Layout(32, 1), 32, Layout(1, 0)),  # one 32-bit value
        (Layout((8, 4), (1, 8)), 8, Layout((1, 4), (0, 1))),  # a byte mode, then 4 bytes
        (Layout(4, 0), 8, Layout(4, 0)),  # broadcast stays broadcast
        (Layout(4, 64), 16, Layout(4, 4)),  # strided values
    ],
)
def test_upcast(bits: Layout, factor: int, expected: Layout) -> None:
    assert algebra.upcast(bits, factor) == expected


@pytest.mark.parametrize(("bits", "factor"), [(Layout(12, 1), 8), (Layout(4, 3), 8), (Layout(3, 4), 8)])
def test_upcast_refuses_partial_values(bits: Layout, factor: int) -> None:
    with pytest.raises(RecastError):
        algebra.upcast(bits, factor)


def test_recast_thread_value() -> None:
    per_thread = Layout((1, 32), (1, 1))  # buffer_copy<32>: one thread, 32 bits
    assert algebra.recast_thread_value(per_thread, 8) == Layout((1, 4), (0, 1))
    assert algebra.recast_thread_value(per_thread, 32) == Layout((1, 1), (0, 0))
    # ds_read_tr4 on gfx950: 16 threads x 64 bits in 4-bit granules, transposed
    transposed = Layout((16, (4, 16)), (4, (1, 64)))
    assert algebra.recast_thread_value(transposed, 4) == Layout((16, (1, 16)), (1, (0, 16)))
    with pytest.raises(RecastError):
        algebra.recast_thread_value(transposed, 8)  # a thread owns 4-bit granules, not bytes
    with pytest.raises(RecastError):
        algebra.recast_thread_value(Layout(32, 1), 8)  # not rank 2


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 8), st.sampled_from([8, 16, 32]), st.integers(1, 8))
def test_recast_of_contiguous_values_is_exact(threads: int, value_bits: int, count: int) -> None:
    """threads x (count values of value_bits), row-major bits: recasts to count values each."""
    bits = count * value_bits
    layout = Layout((threads, bits), (bits, 1))
    recast = algebra.recast_thread_value(layout, value_bits)
    assert algebra.size(algebra.mode(recast, 0)) == threads
    assert algebra.size(algebra.mode(recast, 1)) == count
    # value v of thread t is value t*count + v, as its bits were bits (t*count + v)*value_bits + 0..value_bits-1
    assert algebra.image(recast) == [t * count + v for v in range(count) for t in range(threads)]


def test_mode_and_flatten() -> None:
    layout = Layout(((16, 4), 4), ((1, 64), 16))
    assert algebra.mode(layout, 0) == Layout((16, 4), (1, 64))
    assert algebra.mode(layout, 1) == Layout(4, 16)
    assert algebra.flatten(layout.shape) == (16, 4, 4)
    assert algebra.format_layout(layout) == "((16,4),4):((1,64),16)"
    with pytest.raises(IndexError):
        algebra.mode(Layout(4, 1), 1)
