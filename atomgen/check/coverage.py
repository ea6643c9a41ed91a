"""Deciding tile coverage within a budget: the compact test first, enumeration at most once.

`algebra.covers_exactly` decides most layouts from their modes alone. A layout it cannot
decide that way is enumerated, which costs time and memory in its number of points; so each
spec gets a budget of enumerated points, each concrete layout is decided once, and a layout
piece found wrong is not enumerated again for the later instances that select it (they would
only repeat the finding). Without this a one-integer mutation of a replicated wgmma layout
enumerated 131072 points twice for each of 456 instances.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any, Optional

from atomgen.layout import algebra
from atomgen.layout.algebra import Layout

# Shipped specs: at most 2**20 points in one operand layout (wgmma A, replicated 128x),
# every one decided by the compact test; none needs enumerating.
MAX_OPERAND_POINTS = 1 << 24
MAX_ENUMERATED_POINTS = 1 << 22  # per spec: about a second of enumeration


@dataclass(frozen=True)
class Fault:
    """The first thing wrong with a layout's cover of a tile (in the order rules report)."""

    out_of_tile: Optional[tuple[int, int]] = None  # (linear domain position, index)
    over: Optional[tuple[int, int]] = None  # first index held more often than expected, and how often
    missing: Optional[tuple[int, int]] = None  # first index held by nobody, and how many are missing
    under: Optional[tuple[int, int]] = None  # first index held less often than expected (but held)


@dataclass
class Judgement:
    exact: bool
    fault: Optional[Fault] = None  # why not, when enumerated now
    repeated: bool = False  # the piece was already found wrong: nothing new to report
    over_budget: int = 0  # points it would have taken to decide


@dataclass
class Ledger:
    """One spec's coverage decisions: verdicts by concrete layout, wrong pieces, points spent."""

    verdicts: dict[tuple[Any, Any, int, int], bool] = field(default_factory=dict)
    wrong_pieces: set[int] = field(default_factory=set)
    enumerated: int = 0

    def judge(self, piece: object, layout: Layout, tile: int, holders: int) -> Judgement:
        key = (layout.shape, layout.stride, tile, holders)
        verdict = self.verdicts.get(key)
        if verdict is None:
            compact = algebra.compact_cover(layout)
            if compact is not None:
                verdict = self.verdicts[key] = compact == (tile, holders)
        if verdict is True:
            return Judgement(True)
        if id(piece) in self.wrong_pieces:
            return Judgement(False, repeated=True)
        cost = max(algebra.size(layout), tile)
        if self.enumerated + cost > MAX_ENUMERATED_POINTS:
            self.wrong_pieces.add(id(piece))
            return Judgement(False, over_budget=cost)
        self.enumerated += cost
        fault = first_fault(layout, tile, holders)
        self.verdicts[key] = fault is None
        if fault is None:
            return Judgement(True)
        self.wrong_pieces.add(id(piece))
        return Judgement(False, fault=fault)


def first_fault(layout: Layout, tile: int, holders: int) -> Optional[Fault]:
    """One enumeration of the image, counted into a flat array (no per-index dict)."""
    values = algebra.image(layout)
    if min(values) < 0 or max(values) >= tile:
        linear = next(i for i, v in enumerate(values) if v < 0 or v >= tile)
        return Fault(out_of_tile=(linear, values[linear]))
    counts = array("L", bytes(array("L").itemsize * tile))
    for value in values:
        counts[value] += 1
    if max(counts) > holders:
        index = next(i for i, n in enumerate(counts) if n > holders)
        return Fault(over=(index, counts[index]))
    absent = counts.count(0)
    if absent:
        return Fault(missing=(counts.index(0), absent))
    if min(counts) < holders:
        index = next(i for i, n in enumerate(counts) if n < holders)
        return Fault(under=(index, counts[index]))
    return None
