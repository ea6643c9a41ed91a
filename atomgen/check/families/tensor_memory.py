"""Rule AG349: a tensor-memory operand's TMEM layout places every element in its own cell.

A tcgen05 operand in tensor memory (D, and A in the .ts form) has two layouts over the same
(thr, val): the operand layout (where the element sits in the reference tile, judged by the
coverage rules like any operand) and the TMEM layout (which lane and column of that CTA's tensor
memory holds it). Together they say where every element of the tile lives; a wrong TMEM layout
computes garbage as silently as a wrong register layout. So, per instance: the TMEM layout has
the operand's thr and val sizes; every address decodes into lanes 0..127 and the declared
columns (at most 512); no two values of one CTA share a cell (injective per thr); and every
declared column is used (the allocation the instance needs is exactly `columns`). An operand
with `copies` is judged with every copy as a value of its own (copy c of a value at its address
plus the c-th offset): the copies too must be in place, apart from each other and from every
value (copy 0, at offset 0, is the value itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, Optional

from atomgen.check.evaluate import EvaluatedInstance
from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout
from atomgen.spec.expr import ExprError
from atomgen.spec.loader import JsonPath
from atomgen.spec.model import AtomSpec
from atomgen.spec.tensor_memory import COLUMNS, LANE_STRIDE, LANES, copies_at, evaluate_columns, evaluate_layout
from atomgen.spec.variables import first_match

TENSOR_MEMORY_LAYOUT = Rule(
    "AG349",
    "tensor-memory-layout",
    "A tensor-memory operand's TMEM layout does not give every element its own cell in its lanes and columns.",
    "tcgen05 keeps D (and A in the .ts form) in tensor memory; the TMEM layout says which lane and column of "
    "each CTA holds each (thr, val), and `copies` where it must be again. Two values (or copies) in one cell, a "
    "lane past 127 or a column outside the declared allocation corrupts the accumulator silently, exactly like "
    "a wrong register layout.",
    Example(
        "layouts:\n",
        'tensor_memory:\n  c: {cell_bits: 32, columns: 1, layout: "((16, 4), 4) : ((65536, 1048576), 0)"}\n'
        "layouts:\n",
        21, "{"
    ),
    "Give each value its own (lane, column): lane * 65536 + column, columns counted in 32-bit cells, "
    "e.g. (1, (128, n)) : (0, (65536, 1)) for M = 128.",
)

RULES = (
    TENSOR_MEMORY_LAYOUT,
)


def check_spec(spec: AtomSpec) -> Iterator[Diagnostic]:
    """operand_source tensor_memory and tensor_memory entries name the same operands."""
    for role, source in spec.operand_source.items():
        if source == "tensor_memory" and role not in spec.tensor_memory:
            yield TENSOR_MEMORY_LAYOUT.at(
                spec, f"operand {role.upper()} is in tensor memory but tensor_memory.{role} does not place it",
                ("exceptions", "operand_source", role),
            )
    for role, operand in spec.tensor_memory.items():
        if spec.operand_source.get(role) != "tensor_memory":
            yield TENSOR_MEMORY_LAYOUT.at(
                spec, f"tensor_memory.{role} is given, but operand {role.upper()} is not declared "
                f"operand_source {role}: tensor_memory", operand.path,
            )


def check_instance(spec: AtomSpec, evaluated: EvaluatedInstance) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    instance = evaluated.instance
    variables = evaluated.variables
    for role, operand in spec.tensor_memory.items():
        piece = first_match(operand.pieces, instance, variables)
        tile = evaluated.operands.get(role)
        if piece is None or piece.parsed is None or tile is None:
            if piece is None:
                findings.append(TENSOR_MEMORY_LAYOUT.at(
                    spec, f"no piece of tensor_memory.{role} applies to instance {instance.id}", operand.path))
            continue
        try:
            layout = evaluate_layout(piece, variables)
            columns = evaluate_columns(operand, variables)
            copies, offsets = copies_at(operand, instance, variables)
        except ExprError as error:
            findings.append(spec.diagnostic(
                error.rule, f"tensor_memory.{role}, instance {instance.id}: {error.message}", piece.path, error.offset))
            continue
        if copies is not None and len(offsets) > LANES:  # (a layout's image starts at 0: copy 0 is the value)
            findings.append(TENSOR_MEMORY_LAYOUT.at(
                spec, f"tensor_memory.{role}.copies makes {len(offsets)} copies, more than {LANES} "
                f"(instance {instance.id})", copies.path))
            continue
        # The verdict depends on the layouts, columns and cell width only (the instance is only
        # named in messages), and many instances share them: a clean one is judged once.
        key = (layout, tile.layout, columns, operand.cell_bits, tuple(offsets))
        placement = Placement(f"tensor_memory.{role}", _sizes(tile.layout), f"operand layout '{role}' has",
                              TENSOR_MEMORY_LAYOUT)
        findings.extend(judge_with_copies(spec, placement, layout, columns, operand.cell_bits, piece.path, copies,
                                          offsets, instance.id, key))
    return findings


def _sizes(layout: Layout) -> tuple[int, int]:
    return algebra.size(algebra.mode(layout, 0)), algebra.size(algebra.mode(layout, 1))


@dataclass(frozen=True, slots=True)
class Placement:
    """What a TMEM layout places, for the messages: its spec key, the (thr, val) sizes it must have,
    and whose sizes those are."""

    label: str  # tensor_memory.c, scale_factors.a
    sizes: tuple[int, int]
    sized_by: str  # "operand layout 'c' has"
    rule: Rule  # what its findings are raised through: AG349, or AG350 (families/scale_factors.py) for scale factors


def judge_with_copies(spec: AtomSpec, placement: Placement, layout: Layout, columns: Optional[int], cell_bits: int,
                      path: JsonPath, copies: Any, offsets: list[int], instance: str,
                      key: tuple[Any, ...]) -> list[Diagnostic]:
    """The layout alone (blamed at its piece), then with its copies (blamed at the copies piece); a clean
    verdict is remembered under `key`."""
    if key in _CLEAN:
        return []
    found = list(_judge(spec, placement, layout, columns, cell_bits, path, instance))
    if not found and copies is not None:  # the values alone are in place: what is wrong is the copies
        found = list(_judge(spec, placement, layout, columns, cell_bits, copies.path, instance, offsets))
    if not found:
        if len(_CLEAN) > 4096:
            _CLEAN.clear()
        _CLEAN.add(key)
    return found


_CLEAN: set[tuple[Any, ...]] = set()


def _clean(layout: Layout, columns: int, cell_bits: int) -> bool:
    """Whether the cell walk below would find nothing, proved from the strides when they allow
    it (anything else takes the walk, which words the first problem). With non-negative strides
    the extremes are 0 and the sum of (extent - 1) * stride; one thread's values are distinct
    when the value modes, sorted by stride, each step past the span of the smaller ones; and
    when the modes that move within a lane cannot carry into the next lane, a cell's column
    depends on those modes only."""
    thr, val = (_modes(algebra.mode(layout, i)) for i in (0, 1))
    if any(stride < 0 or extent < 1 for extent, stride in thr + val):
        return _clean_images(layout, columns, cell_bits)
    if sum((extent - 1) * stride for extent, stride in thr + val) // LANE_STRIDE >= LANES:
        return False
    span = 0
    for extent, stride in sorted(val, key=lambda m: m[1]):
        if stride <= span:  # not proved one-to-one by the strides: count the values
            if not _distinct(algebra.image(algebra.mode(layout, 1))):
                return False
            break
        span += (extent - 1) * stride
    within = [(extent, stride) for extent, stride in thr + val if stride % LANE_STRIDE]
    if sum((extent - 1) * stride for extent, stride in within) >= LANE_STRIDE:
        return _clean_images(layout, columns, cell_bits)
    used = {cell * cell_bits // 32 for cell in _image(within)}
    return max(used) < columns and len(used) == columns


def _modes(layout: Layout) -> list[tuple[int, int]]:
    """The (extent, stride) leaves of a layout that move (extent > 1)."""
    return [(extent, stride) for extent, stride in zip(algebra.flatten(layout.shape), algebra.flatten(layout.stride))
            if extent != 1]


def _image(modes: list[tuple[int, int]]) -> set[int]:
    values = {0}
    for extent, stride in modes:
        values = {base + step * stride for step in range(extent) for base in values}
    return values


def _distinct(values: list[int]) -> bool:
    return len(set(values)) == len(values)


def _clean_images(layout: Layout, columns: int, cell_bits: int) -> bool:
    """_clean from the images of the thr and val modes: cell (thr, val) is bases[thr] +
    offsets[val], so one thread's cells are distinct iff the offsets are, the extremes are sums
    of extremes, and without a carry into the lane the column parts of all cells are the sums
    of the distinct column parts of bases and offsets."""
    bases, offsets = (algebra.image(algebra.mode(layout, i)) for i in (0, 1))
    if not bases or not offsets or min(bases) < 0 or min(offsets) < 0:
        return _clean_cells([[base + offset for offset in offsets] for base in bases], columns, cell_bits)
    if (max(bases) + max(offsets)) // LANE_STRIDE >= LANES or not _distinct(offsets):
        return False
    base_cells = {base % LANE_STRIDE for base in bases}
    offset_cells = {offset % LANE_STRIDE for offset in offsets}
    if max(base_cells) + max(offset_cells) >= LANE_STRIDE:
        return _clean_cells([[base + offset for offset in offsets] for base in bases], columns, cell_bits)
    used = {(base + offset) * cell_bits // 32 for base in base_cells for offset in offset_cells}
    return max(used) < columns and len(used) == columns


def _clean_cells(per_thread: list[list[int]], columns: int, cell_bits: int) -> bool:
    """_clean over every cell (set and min/max arithmetic, a few C loops per thread)."""
    flat = [address for cells in per_thread for address in cells]
    if not flat or min(flat) < 0 or max(flat) // LANE_STRIDE >= LANES:
        return False
    if any(len(set(cells)) != len(cells) for cells in per_thread):
        return False
    used = {(address % LANE_STRIDE) * cell_bits // 32 for address in flat}
    return max(used) < columns and len(used) == columns


def _cell(cell: int, cell_bits: int) -> str:
    """A cell as the messages name it: its column, and its byte or half where cells are narrower."""
    column, part = divmod(cell * cell_bits, 32)
    return f"column {column}" if cell_bits == 32 else \
        f"column {column}, {'byte' if cell_bits == 8 else 'half'} {part // cell_bits}"


def _with_copies(layout: Layout, offsets: list[int]) -> Layout:
    """(thr, val) -> address extended to (thr, (val, copy)) -> address + offset (offsets: an affine
    rank-1 image, so (n) : (offsets[1]) when there are several)."""
    if len(offsets) == 1:
        return layout
    thr, val = algebra.mode(layout, 0), algebra.mode(layout, 1)
    return Layout((thr.shape, (val.shape, len(offsets))), (thr.stride, (val.stride, offsets[1])))


def _judge(spec: AtomSpec, placement: Placement, layout: Layout, columns: Optional[int],
           cell_bits: int, path: JsonPath, instance: str, offsets: Optional[list[int]] = None) -> Iterator[Diagnostic]:
    text = algebra.format_layout(layout)
    label = placement.label
    rule = placement.rule
    if algebra.rank(layout) != 2 or not algebra.congruent(layout.shape, layout.stride):
        yield rule.at(spec, f"{label} is not a rank-2 (thr, val) layout: {text}", path)
        return
    sizes = (algebra.size(algebra.mode(layout, 0)), algebra.size(algebra.mode(layout, 1)))
    if sizes != placement.sizes:
        yield rule.at(
            spec, f"{label} has (thr, val) sizes {sizes}, {placement.sized_by} {placement.sizes} "
            f"(instance {instance}: {text})", path,
        )
        return
    if columns is None or not 1 <= columns <= COLUMNS:
        yield rule.at(spec, f"{label}.columns is {columns}, not 1..{COLUMNS} "
                              f"(instance {instance})", path)
        return
    offsets = offsets or [0]
    if offsets != [step * (offsets[1] if len(offsets) > 1 else 0) for step in range(len(offsets))]:
        yield rule.at(spec, f"{label}.copies must be evenly spaced, one extent and one stride "
                              f"(offsets {offsets[:4]}..., instance {instance})", path)
        return
    room = LANES * columns * (32 // cell_bits)
    if sizes[1] * len(offsets) > room:  # counted, not walked: a mutated extent can make millions of values
        copies = " (copies included)" if len(offsets) > 1 else ""
        yield rule.at(
            spec, f"{label}: {sizes[1] * len(offsets)} values of one thr{copies} cannot each have a cell of lanes "
            f"0..{LANES - 1} x columns 0..{columns - 1} ({room} cells; instance {instance}: {text})", path,
        )
        return
    layout = _with_copies(layout, offsets)
    text = algebra.format_layout(layout)
    if _clean(layout, columns, cell_bits):
        return
    values = algebra.image(algebra.mode(layout, 1))  # colexicographic, like every (thr, val) walk
    per_thread = [[base + offset for offset in values] for base in algebra.image(algebra.mode(layout, 0))]
    used: set[int] = set()
    for thread, cells in enumerate(per_thread):
        seen: set[int] = set()
        for value, address in enumerate(cells):
            lane, cell = divmod(address, LANE_STRIDE)
            column = cell * cell_bits // 32
            if address < 0 or not 0 <= lane < LANES or column >= columns:
                yield rule.at(
                    spec, f"{label}: (thr={thread}, val={value}) -> lane {lane}, column {column}, "
                    f"outside lanes 0..{LANES - 1} x columns 0..{columns - 1} (instance {instance}: {text})", path,
                )
                return
            if address in seen:
                yield rule.at(
                    spec, f"{label}: two values of thr={thread} share lane {lane}, {_cell(cell, cell_bits)} "
                    f"(instance {instance}: {text})", path,
                )
                return
            seen.add(address)
            used.add(column)
    if len(used) != columns:
        yield rule.at(
            spec, f"{label} uses {len(used)} of its {columns} declared columns "
            f"(instance {instance}: {text})", path,
        )
