"""Each instance's concrete layouts (thread count AG311), dispatched to the coverage and packing rules.

The layouts come from atomgen/check/evaluate.py; one coverage.Ledger per spec decides each
concrete layout once.
"""

from __future__ import annotations

from typing import Iterator, Mapping, Optional

from atomgen.check.evaluate import EvaluatedInstance
from atomgen.check.families import coverage, packing
from atomgen.check.families.coverage import NOT_INJECTIVE, NOT_SURJECTIVE, REPLICATION
from atomgen.check.families.layouts import zero_modes
from atomgen.check.families.packing import PACKING
from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout
from atomgen.spec.expr import ExprError, evaluate
from atomgen.spec.mlir_types import PackedType
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece

THREAD_COUNT = Rule(
    "AG311",
    "thread-count",
    "A layout's thread mode does not have the atom's thread count.",
    "An atom issued by 64 lanes with a 32-thread layout leaves half the wave without data.",
    Example('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 2), 8) : ((1, 128), 16)"', 22, '"'),
    "Make |thr| equal `threads`.",
)

RULES = (
    THREAD_COUNT,
)


_TILE_DIMS = {"a": ("m", "k"), "b": ("n", "k"), "c": ("m", "n")}


def tile_extents(spec: AtomSpec, role: str, variables: dict[str, int]) -> Optional[tuple[int, int]]:
    """An MMA operand's reference tile as (rows, cols): (M, K), (N, K) or (M, N)."""
    if spec.kind == "mma":
        rows, cols = _TILE_DIMS[role]
        if rows in variables and cols in variables:
            # a sparse MMA's A holds only its nonzeros, the compressed (M, k_packed)
            second = variables.get("k_packed", variables[cols]) if role == "a" else variables[cols]
            return variables[rows], second
    return None


def tile_size(spec: AtomSpec, role: str, variables: dict[str, int]) -> Optional[int]:
    extents = tile_extents(spec, role, variables)
    if extents is None:
        return None
    # a multi-block MMA's reference tiles carry the block index as a third coordinate
    return extents[0] * extents[1] * variables.get("blocks", 1)

def check_instance_layouts(
    spec: AtomSpec, evaluated: EvaluatedInstance, ledger: coverage.Ledger, packed: Mapping[str, PackedType]
) -> list[Diagnostic]:
    """Thread count, coverage and packing of one instance's concrete layouts (`packed`: its packed
    register types, parsed once by analysis, families/packing.py `packed_types`)."""
    findings: list[Diagnostic] = []
    instance = evaluated.instance
    variables = evaluated.variables
    thread_layout = evaluated.operands.get("thr")
    if thread_layout is not None:
        shared = ("thr", thread_layout.layout, id(thread_layout.piece))
        if shared not in ledger.clean:  # the rows of a spec share one thread layout or a few
            found = list(_thread_findings(spec, thread_layout.layout, thread_layout.piece, instance, ledger))
            findings.extend(found)
            if not found:
                ledger.clean.add(shared)
    copy_bits: Optional[int] = None
    moved: dict[str, tuple[int, LayoutPiece]] = {}
    for role in spec.operands:
        operand = evaluated.operands.get(role)
        if operand is None:
            continue
        layout, piece = operand.layout, operand.piece
        if spec.kind == "mma":
            findings.extend(_mma_operand(ledger, spec, role, layout, piece, evaluated, packed))
            continue
        found = _mode_findings(spec, role, layout, piece, instance)
        findings.extend(found)
        if found or not _thr_val(layout):
            continue
        holders, problem = _copy_holders(spec, role, layout, instance, variables)
        if problem is not None:
            findings.append(problem)
            continue
        findings.extend(coverage.copy_coverage(ledger, spec, role, layout, piece, instance, holders))
        bits = algebra.size(algebra.mode(layout, 1)) // holders  # bits each thread really moves
        moved[role] = (bits, piece)
        if copy_bits is None:
            copy_bits = bits
        if role in ("dst", "src"):
            findings.extend(packing.copy_recast(spec, role, layout, piece, instance, bits))
    findings.extend(_copy_widths_agree(spec, moved, instance))
    if spec.kind == "copy" and copy_bits is not None and not spec.whole_tile:
        value = packed.get("value")
        if value is not None and value.bits != copy_bits:
            findings.append(PACKING.at(
                spec, f"instance {instance.id}: each thread moves {copy_bits} bits, but the packed "
                f"value {value.text} holds {value.bits}",
                instance.path + ("packed", "value"),
            ))
    return findings

def _thread_findings(
    spec: AtomSpec, layout: Layout, piece: LayoutPiece, instance: Instance, ledger: coverage.Ledger
) -> Iterator[Diagnostic]:
    """The thread layout: its modes, its size, and one distinct lane per thread."""
    yield from zero_modes(spec, layout, piece, "thr", instance)
    threads = algebra.size(layout)
    if threads != spec.threads:
        yield THREAD_COUNT.at(spec,
            f"thread layout has {threads} threads, the atom has {spec.threads} (instance {instance.id})",
            piece.path,
        )
    elif spec.lanes:
        # A declared lane group: the atom's threads are distinct lanes of the issuing `lanes`.
        lanes = algebra.image(layout)
        declared = set(spec.lane_group) if spec.lane_group else set(lanes)
        if len(set(lanes)) < len(lanes) or not all(0 <= lane < spec.lanes for lane in lanes) \
                or set(lanes) != declared:
            yield NOT_INJECTIVE.at(spec, f"thread layout {algebra.format_layout(layout)} does not map its "
                f"{threads} threads one-to-one into lanes 0..{spec.lanes - 1}"
                + (f", onto the declared lane_group {list(spec.lane_group)}" if spec.lane_group else "")
                + f" (instance {instance.id})",
                piece.path,
            )
    elif threads > 0 and not ledger.judge(piece, layout, threads, 1).exact:
        # The thread layout names the lanes that issue the atom: one lane per thread, all of them.
        lanes = algebra.image(layout)
        rule = NOT_INJECTIVE if len(set(lanes)) < len(lanes) else NOT_SURJECTIVE
        shared_lane = next((lane for lane in lanes if lanes.count(lane) > 1), None) if rule is NOT_INJECTIVE else None
        detail = "" if shared_lane is None else (
            f": threads {', '.join(str(t) for t, lane in enumerate(lanes) if lane == shared_lane)} "
            f"all name lane {shared_lane}")
        yield rule.at(
            spec,
            f"thread layout {algebra.format_layout(layout)} does not map its "
            f"{threads} threads one-to-one onto lanes 0..{threads - 1}{detail} (instance {instance.id})",
            piece.path,
        )


def _mma_operand(
    ledger: coverage.Ledger, spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece,
    evaluated: EvaluatedInstance, packed: Mapping[str, PackedType],
) -> list[Diagnostic]:
    """An MMA operand's modes, thread count and cover of its tile, then its packing."""
    findings: list[Diagnostic] = []
    instance, variables = evaluated.instance, evaluated.variables
    tile = tile_size(spec, role, variables)
    # The rows of a spec share their concrete layouts (wgmma's B is one per N, for 14 types): a
    # layout whose modes, thread count and cover were exact for this piece and tile is exact again.
    # Packing depends on each row's types, so it is judged for every row.
    shared = (role, layout, tile, id(piece))
    if shared not in ledger.clean:
        found = _mode_findings(spec, role, layout, piece, instance)
        findings.extend(found)
        if found or not _thr_val(layout):
            return findings
        if tile is not None:
            rows, cols = tile_extents(spec, role, variables) or (None, None)
            found = coverage.mma_coverage(ledger, spec, role, layout, piece, instance, tile, rows, cols)
            findings.extend(found)
        if not found and (tile is None or ledger.is_exact(layout, tile, coverage.expected_holders(spec, role))):
            ledger.clean.add(shared)
    findings.extend(packing.mma_packing(spec, role, algebra.mode(layout, 1), piece, instance, variables, packed))
    if role == "c":  # D is written in C's layout, in its own element type where one is named
        findings.extend(packing.d_packing(spec, algebra.mode(layout, 1), piece, instance, variables, packed))
    return findings


def thread_count_root_cause(
    spec: AtomSpec, evaluated: list[EvaluatedInstance], found: list[Diagnostic]
) -> list[Diagnostic]:
    """`found` with its AG311 findings folded into one at `threads:` when that is what is wrong:
    every layout of every instance agrees on one thread count and only `threads` says otherwise.
    The layouts that disagree with it become the notes (root cause first, consequences under it);
    when the layouts disagree among themselves, each is reported where it is."""
    wrong = [d for d in found if d.rule == THREAD_COUNT.id]
    if not wrong:
        return found
    counts: dict[tuple[str, object], set[int]] = {}
    for item in evaluated:
        for role in ("thr",) + spec.operands:
            operand = item.operands.get(role)
            if operand is None:
                continue
            if role == "thr":
                count = algebra.size(operand.layout)
            elif _thr_val(operand.layout):
                count = algebra.size(algebra.mode(operand.layout, 0))
            else:
                continue
            counts.setdefault((role, operand.piece.path), set()).add(count)
    values = set().union(*counts.values()) if counts else set()
    if len(counts) < 2 or len(values) != 1 or spec.threads in values:
        return found
    count = values.pop()
    notes = []
    for role, path in counts:
        position = spec.position(path)  # type: ignore[arg-type]
        what = "the thread layout" if role == "thr" else f"layout '{role}'"
        notes.append(f"{what} ({position.line}:{position.column}) has {count} threads")
    root = THREAD_COUNT.at(spec,
        f"threads is {spec.threads}, but every layout has {count} threads: set `threads: {count}`, "
        f"or change all {len(counts)} layouts",
        ("threads",),
        notes=tuple(notes),
    )
    return [d for d in found if d.rule != THREAD_COUNT.id] + [root]


def _thr_val(layout: Layout) -> bool:
    """A (thr, val) layout: what the thread-count, cover and packing rules read."""
    return algebra.rank(layout) == 2 and algebra.congruent(layout.shape, layout.stride)


def _mode_findings(
    spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance
) -> list[Diagnostic]:
    """Empty modes and negative strides, else a thr mode without the atom's thread count."""
    findings = zero_modes(spec, layout, piece, role, instance)
    if findings or not _thr_val(layout):
        return findings
    threads = algebra.size(algebra.mode(layout, 0))
    if threads != spec.threads:
        findings.append(THREAD_COUNT.at(spec,
            f"layout '{role}' has {threads} threads in its thr mode, the atom has "
            f"{spec.threads} (instance {instance.id}: {algebra.format_layout(layout)})",
            piece.path,
        ))
    return findings


def _copy_widths_agree(
    spec: AtomSpec, moved: dict[str, tuple[int, LayoutPiece]], instance: Instance
) -> list[Diagnostic]:
    """src, dst and ref describe one transfer: each thread moves the same number of bits in all three."""
    findings: list[Diagnostic] = []
    widths = [bits for bits, _ in moved.values()]
    if len(set(widths)) < 2:
        return findings
    # The width most layouts agree on is the reference (ties: ref's); the others are reported.
    expected = max(widths, key=lambda w: (widths.count(w), w == moved.get("ref", (None,))[0]))
    for role, (bits, piece) in moved.items():
        if bits != expected:
            others = ", ".join(f"'{r}'" for r, (b, _) in moved.items() if b == expected)
            findings.append(NOT_SURJECTIVE.at(
                spec, f"copy layout '{role}' moves {bits} bits per thread, but {others} move {expected} "
                f"(instance {instance.id})",
                piece.path,
            ))
    return findings

def _copy_holders(
    spec: AtomSpec, role: str, layout: Layout, instance: Instance, variables: dict[str, int]
) -> tuple[int, Optional[Diagnostic]]:
    """Declared replication of a copy operand for one instance (1 when none is declared)."""
    expression = spec.copy_replicated.get(role)
    if expression is None:
        return 1, None
    path = ("exceptions", "replicated", role)
    try:
        holders = evaluate(expression, variables)
    except ExprError as error:
        return 1, spec.diagnostic(error.rule, f"replicated.{role}, instance {instance.id}: {error.message}", path)
    if holders < 1 or algebra.size(layout) % holders:
        return 1, REPLICATION.at(
            spec, f"replicated.{role} is {holders} for instance {instance.id}, which does not divide the "
            f"{algebra.size(layout)} (thr, bit) pairs of {algebra.format_layout(layout)}",
            path,
        )
    return holders, None
