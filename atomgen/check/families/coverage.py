"""Coverage (rule family AG32x, limits AG305): each operand layout covers its tile exactly.

Deciding tile coverage within a budget: the compact test first, enumeration at most once.

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
from typing import Any, Iterator, Optional

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout
from atomgen.spec.expr import OVER_LIMIT
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece

# other modules raise it too, through this object
NOT_INJECTIVE = Rule(
    "AG321",
    "not-injective",
    "Two (thr, val) pairs map to the same tile element (or copy bit).",
    "For C/D that is two registers writing one output: a silent race that computes garbage.",
    Example('c: "((16, 4), 4) : ((16, 4), 1)"', 'c: "((16, 4), 4) : ((16, 4), 0)"', 24, '"'),
    "Fix the strides so each element has one owner, or declare replication for A/B.",
)

# other modules raise it too, through this object
NOT_SURJECTIVE = Rule(
    "AG322",
    "not-surjective",
    "The layout misses tile elements or maps outside the tile.",
    "An element nobody holds is never loaded or stored; one outside the tile reads a neighbour's data.",
    Example('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : ((1, 64), 17)"', 22, '"'),
    "Fix the strides so the image is exactly the tile.",
)

# other modules raise it too, through this object
REPLICATION = Rule(
    "AG323",
    "replication",
    "A replicated operand does not hold each element exactly as often as declared.",
    "Replication is legal only where hardware broadcasts; undeclared or uneven replication hides a bug.",
    Example("layouts:\n", "exceptions: {replicated: {a: 2}}\nlayouts:\n", 20, "2"),
    "Declare the true factor or fix the layout.",
)

RULES = (
    NOT_INJECTIVE,
    NOT_SURJECTIVE,
    REPLICATION,
)

# Shipped specs: at most 2**20 points in one operand layout (wgmma A, replicated 128x),
# every one decided by the compact test; none needs enumerating.
MAX_OPERAND_POINTS = 1 << 24
MAX_ENUMERATED_POINTS = 1 << 22  # per spec: about a second of enumeration


@dataclass(frozen=True, slots=True)
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
    # (role, layout, tile, piece id) whose modes, thread count and cover were all exact
    # (families/instance_layouts.py: later rows that share them skip those rules)
    clean: set[tuple[Any, ...]] = field(default_factory=set)

    @staticmethod
    def _key(layout: Layout, tile: int, holders: int) -> tuple[Any, Any, int, int]:
        return (layout.shape, layout.stride, tile, holders)

    def is_exact(self, layout: Layout, tile: int, holders: int) -> bool:
        """Whether this cover was judged exact."""
        return self.verdicts.get(self._key(layout, tile, holders)) is True

    def judge(self, piece: object, layout: Layout, tile: int, holders: int) -> Judgement:
        key = self._key(layout, tile, holders)
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


def _over_limit(spec: AtomSpec, role: str, layout: Layout, tile: int, piece: LayoutPiece) -> Iterator[Diagnostic]:
    points = max(tile, algebra.size(layout))
    if points > MAX_OPERAND_POINTS:
        yield OVER_LIMIT.at(
            spec, f"layout '{role}' has {points} points, over the limit of {MAX_OPERAND_POINTS} per operand",
            piece.path,
        )

def _over_budget(spec: AtomSpec, role: str, points: int, piece: LayoutPiece, instance: Instance) -> Diagnostic:
    return OVER_LIMIT.at(
        spec, f"layout '{role}' (instance {instance.id}) is not a compact layout, and enumerating its {points} "
        f"points would take this spec over its budget of {MAX_ENUMERATED_POINTS} enumerated points",
        piece.path,
    )


def _fault(
    ledger: Ledger, spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, tile: int,
    expected: int,
) -> tuple[Optional[Fault], list[Diagnostic]]:
    """What to report about a cover of `tile` (`expected` holders per element): its fault, or the limit
    or budget finding that stops judging it; neither when the cover is exact or already reported."""
    if max(tile, algebra.size(layout)) > MAX_OPERAND_POINTS:  # a hostile extent must not hang the check
        return None, list(_over_limit(spec, role, layout, tile, piece))
    judged = ledger.judge(piece, layout, tile, expected)
    if judged.exact or judged.repeated:
        return None, []
    if judged.fault is None:
        return None, [_over_budget(spec, role, judged.over_budget, piece, instance)]
    return judged.fault, []


def expected_holders(spec: AtomSpec, role: str) -> int:
    """How many (thr, val) pairs hold each element of an MMA operand's tile."""
    return spec.replicated.get(role, 1) if role in ("a", "b") else 1


MAX_PAIRS_NAMED = 4  # a message names this many of the (thr, val) pairs that hold one element


def holders_of(layout: Layout, index: int) -> list[tuple[int, int]]:
    """The (thr, val) pairs of a rank-2 layout that land on `index` (called for a finding only,
    on a layout whose cover was just enumerated within the budget)."""
    return [algebra.domain_coordinate(layout, linear) for linear, value in enumerate(algebra.image(layout))
            if value == index]


def pairs_text(pairs: list[tuple[int, int]], second: str = "val") -> str:
    """`(thr=0, val=1), (thr=16, val=1)`, cut after MAX_PAIRS_NAMED."""
    shown = ", ".join(f"(thr={thr}, {second}={val})" for thr, val in pairs[:MAX_PAIRS_NAMED])
    return shown + (f", ... ({len(pairs)} in all)" if len(pairs) > MAX_PAIRS_NAMED else "")


def element_text(index: int, rows: Optional[int], cols: Optional[int]) -> str:
    """`element 16 at (row, col) = (0, 1)` of a column-major (rows x cols) reference tile; a
    multi-block tile's third coordinate is the block."""
    if not rows or not cols:
        return f"element {index}"
    row, col, block = index % rows, (index // rows) % cols, index // (rows * cols)
    return f"element {index} at (row, col) = ({row}, {col})" + (f" of block {block}" if block else "")


def mma_coverage(
    ledger: Ledger, spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, tile: int,
    rows: Optional[int] = None, cols: Optional[int] = None,
) -> list[Diagnostic]:
    """`rows`, `cols`: the reference tile's extents (M or N, K or N), to name an element's (row, col)."""
    findings: list[Diagnostic] = []
    expected = expected_holders(spec, role)
    fault, stop = _fault(ledger, spec, role, layout, piece, instance, tile, expected)
    if fault is None:
        findings.extend(stop)
        return findings
    dims = {"a": "(M,K)", "b": "(N,K)", "c": "(M,N)"}[role]
    text = algebra.format_layout(layout)
    if fault.out_of_tile:
        linear, index = fault.out_of_tile
        thr, val = algebra.domain_coordinate(layout, linear)
        findings.append(NOT_SURJECTIVE.at(spec,
            f"layout '{role}' maps (thr={thr}, val={val}) to {index}, outside the {dims} tile of "
            f"{tile} elements (instance {instance.id}: {text})",
            piece.path,
        ))
        return findings
    if fault.over:
        index, count = fault.over
        rule = NOT_INJECTIVE if expected == 1 else REPLICATION
        what = "not injective" if expected == 1 else f"replicated more than the declared {expected}x"
        findings.append(rule.at(
            spec,
            f"layout '{role}' is {what}: {dims} {element_text(index, rows, cols)} is held by {count} (thr, val) "
            f"pairs, {pairs_text(holders_of(layout, index))} (instance {instance.id}: {text})",
            piece.path,
            notes=()
            if role == "c" or expected > 1
            else (f"if the hardware really replicates {role.upper()}, declare exceptions.replicated.{role}",),
        ))
        return findings
    if fault.missing:
        findings.append(NOT_SURJECTIVE.at(spec,
            f"layout '{role}' does not cover its {dims} tile: {element_text(fault.missing[0], rows, cols)} "
            f"(of {tile}) is held by no thread, {fault.missing[1]} missing (instance {instance.id}: {text})",
            piece.path,
        ))
        return findings
    if fault.under:
        index, count = fault.under
        findings.append(REPLICATION.at(spec,
            f"layout '{role}' declares {expected}x replication but {dims} {element_text(index, rows, cols)} is "
            f"held {count}x, by {pairs_text(holders_of(layout, index))} (instance {instance.id}: {text})",
            ("exceptions", "replicated", role),
        ))
    return findings

def copy_coverage(
    ledger: Ledger, spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, holders: int = 1
) -> Iterator[Diagnostic]:
    if spec.whole_tile:
        if algebra.size(layout) != 1:
            yield NOT_SURJECTIVE.at(spec,
                f"whole-tile copy layout '{role}' must be a single placeholder element, got "
                f"{algebra.format_layout(layout)}",
                piece.path,
            )
        return
    tile = algebra.size(layout) // holders
    fault, stop = _fault(ledger, spec, role, layout, piece, instance, tile, holders)
    if fault is None:
        yield from stop
        return
    text = algebra.format_layout(layout)
    if fault:
        duplicate = fault.over or fault.under
        detail = (
            f"bit {duplicate[0]} is held by {duplicate[1]} (thr, bit) pairs, not {holders}: "
            f"{pairs_text(holders_of(layout, duplicate[0]), 'bit')}"
            if duplicate and holders > 1
            else f"bit {duplicate[0]} is moved twice, by {pairs_text(holders_of(layout, duplicate[0]), 'bit')}"
            if duplicate
            else f"bit {fault.out_of_tile[1]} lies outside the {tile} bits moved"
            if fault.out_of_tile
            else f"bit {fault.missing[0] if fault.missing else 0} is never moved"
        )
        yield (NOT_INJECTIVE if duplicate else NOT_SURJECTIVE).at(
            spec,
            f"copy layout '{role}' is not a {'bijection' if holders == 1 else f'{holders}x cover'} "
            f"onto (threads x bits): {detail} "
            f"(instance {instance.id}: {text})",
            piece.path,
        )
