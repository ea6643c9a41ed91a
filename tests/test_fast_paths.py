"""Fast paths of the checks give the verdicts of the slow paths they skip, on perturbed inputs.

Each fast path decides "nothing to report" without the per-element walk that words problems;
here both run on many inputs near the shipped ones (and random ones), so a fast path that
would hide a problem (or invent a clean verdict) fails.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from atomgen.check.families import tensor_memory
from atomgen.check.families.layouts import zero_modes
from atomgen.check.runner import analyze_file
from atomgen.layout.algebra import Layout, covers_exactly, flatten, image, size
from atomgen.spec.tensor_memory import LANE_STRIDE, LANES

REPO = Path(__file__).resolve().parent.parent


def _walk_is_clean(bases: list[int], offsets: list[int], columns: int, cell_bits: int) -> bool:
    """The AG349 cell walk, one cell at a time (the rule's wording path, restated)."""
    if not bases or not offsets:
        return False
    used: set[int] = set()
    for base in bases:
        seen: set[int] = set()
        for offset in offsets:
            address = base + offset
            lane, cell = divmod(address, LANE_STRIDE)
            column = cell * cell_bits // 32
            if address < 0 or not 0 <= lane < LANES or column >= columns or address in seen:
                return False
            seen.add(address)
            used.add(column)
    return len(used) == columns


def _image(modes: list[tuple[int, int]]) -> list[int]:
    values = [0]
    for extent, stride in modes:
        values = [base + step * stride for step in range(extent) for base in values]
    return values


def _tmem_case(rng: random.Random) -> tuple[Layout, list[int], list[int], int, int]:
    """A (thr, val) TMEM layout like the shipped ones (lanes by thread, columns by value),
    then perturbed: a stride off by one, doubled, negative, into the next lane, a mode
    repeated; columns and cell width off."""
    cell_bits = rng.choice([16, 32, 32, 64])
    lanes = rng.choice([32, 64, 128])
    thr = [(lanes, LANE_STRIDE)]
    if rng.random() < 0.3:
        thr = [(lanes // 2, LANE_STRIDE), (2, rng.choice([LANE_STRIDE * 64, 8, 16, 1]))]
    n = rng.choice([8, 16, 32, 64, 128])
    val = [(n, 1)] if rng.random() < 0.5 else [(2, 1), (n // 2, 2)]
    if rng.random() < 0.3:
        val.append((2, rng.choice([n, n * 2, LANE_STRIDE * 32, LANE_STRIDE - n])))
    if rng.random() < 0.4:  # the shipped form: one thread, lanes and columns all in val
        thr = [(1, 0)]
        val = [(16, LANE_STRIDE), (lanes // 16, 32 * LANE_STRIDE), (n, 1)]
    modes = [thr, val]
    for _ in range(rng.choice([0, 0, 1, 2])):
        group = rng.choice(modes)
        index = rng.randrange(len(group))
        extent, stride = group[index]
        stride = rng.choice([stride + 1, stride - 1, stride * 2, -stride, stride + LANE_STRIDE,
                             LANE_STRIDE - 1, 0])
        extent = rng.choice([extent, extent + 1, max(1, extent // 2)])
        group[index] = (extent, stride)
    if rng.random() < 0.1:
        val.append(val[0])
    offsets, bases = _image(val), _image(thr)
    cells = {(b + o) % LANE_STRIDE for b in bases for o in offsets} if len(bases) * len(offsets) < 70000 else {0}
    columns = len({cell * cell_bits // 32 for cell in cells}) + rng.choice([0, 0, 0, 1, -1])
    layout = Layout((tuple(e for e, _ in thr), tuple(e for e, _ in val)),
                    (tuple(d for _, d in thr), tuple(d for _, d in val)))
    return layout, bases, offsets, max(1, columns), cell_bits


def test_tensor_memory_fast_verdict_is_the_walks() -> None:
    rng = random.Random(349)
    verdicts = {True: 0, False: 0}
    for _ in range(500):
        layout, bases, offsets, columns, cell_bits = _tmem_case(rng)
        expected = _walk_is_clean(bases, offsets, columns, cell_bits)
        assert tensor_memory._clean(layout, columns, cell_bits) == expected, (layout, columns, cell_bits)
        assert tensor_memory._clean_images(layout, columns, cell_bits) == expected, (layout, columns, cell_bits)
        verdicts[expected] += 1
    assert min(verdicts.values()) > 60, verdicts  # both verdicts well exercised


def _zero_modes_walk(layout: Layout) -> list[str]:
    """AG302's per-leaf walk, restated: the first empty mode, else the first negative stride."""
    for extent in flatten(layout.shape):
        if extent <= 0:
            return [f"size {extent}"]
    for stride in flatten(layout.stride):
        if stride < 0:
            return [f"stride {stride}"]
    return []


def test_zero_modes_fast_verdict_is_the_walks() -> None:
    atom = analyze_file(REPO / "specs/rocdl/cdna3/mfma.yaml", "specs/rocdl/cdna3/mfma.yaml", prove=False)
    assert atom.analysis is not None
    evaluated = atom.analysis.evaluated[0]
    operand = evaluated.operands["a"]
    rng = random.Random(302)
    found = 0
    for _ in range(400):
        extents = [rng.choice([0, 1, 2, 4, 16, -1]) for _ in range(rng.randint(1, 4))]
        strides = [rng.choice([0, 1, 16, 64, -4]) for _ in extents]
        layout = Layout((tuple(extents[:1]), tuple(extents[1:]) or 1), (tuple(strides[:1]), tuple(strides[1:]) or 0))
        walk = _zero_modes_walk(layout)
        messages = [d.message for d in zero_modes(atom.analysis.spec, layout, operand.piece, "a", evaluated.instance)]
        assert len(messages) == len(walk) and all(w in m for w, m in zip(walk, messages)), (layout, messages)
        found += bool(walk)
    assert 50 < found < 350


def _counted_cover(layout: Layout, tile: int) -> bool:
    """AG346's counting of a metadata layout, restated: nothing outside, nothing twice, nothing missing."""
    counts = Counter(image(layout))
    return all(0 <= i < tile for i in counts) and all(n == 1 for n in counts.values()) and len(counts) == tile


def test_metadata_cover_fast_verdict_is_the_count() -> None:
    rng = random.Random(346)
    verdicts = {True: 0, False: 0}
    for _ in range(1500):
        modes = [(rng.choice([1, 2, 4, 8]), 0) for _ in range(rng.randint(1, 4))]
        stride = 1
        for index, (extent, _) in enumerate(modes):  # compact, then perturbed
            modes[index] = (extent, stride)
            stride *= extent
        if rng.random() < 0.5:
            index = rng.randrange(len(modes))
            extent, stride = modes[index]
            modes[index] = rng.choice([(extent, stride * 2), (extent, 0), (extent + 1, stride), (extent, -stride),
                                       (extent, max(1, stride - 1))])
        rng.shuffle(modes)
        layout = Layout(tuple(e for e, _ in modes), tuple(d for _, d in modes))
        tile = size(layout) + rng.choice([0, 0, 0, 1, -1])
        expected = _counted_cover(layout, tile)
        assert covers_exactly(layout, tile) == expected, (layout, tile)
        verdicts[expected] += 1
    assert min(verdicts.values()) > 200, verdicts
