"""Rules for sparse MMAs (spec key `sparse`, layouts e and e_holders; rules AG345-AG348).

The compressed A is judged by the ordinary coverage rules over (M, k_packed) (analyze's
tile_size); this module judges what only a sparse atom has: the ratio against the index
width, the metadata layout over the index tile, every metadata bit, and which lanes hold
metadata for each sparsity selector. `evaluate_metadata` is what show, the pictures and the
probe read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Iterator, Optional, Sequence

from atomgen.check.evaluate import EvaluatedInstance
from atomgen.check.families import coverage
from atomgen.diagnostics import Diagnostic, Rule
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout
from atomgen.spec.expr import ExprError
from atomgen.spec.loader import JsonPath
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.sparsity import SPARSE_ROLES, Sparsity, select_sparse, selector_parameter, sparsity_of

SELECTOR = Rule(
    "AG343",
    "sparse-selector",
    "The sparsity selector a sparse atom sends is not an integer parameter, the sparse pieces name different "
    "ones, or a row admits a value that is not one of its selectors.",
    "Selector-indexed metadata: the instruction reads the metadata of the holders its selector names "
    "(mma.sp: lanes moved by selector * selector_stride); a value with no holders makes the hardware read "
    "registers that hold no metadata, or is rejected by ptxas.",
    "sparse: {ratio: \"2:4\", index_bits: 2, selector_stride: \"k_index / 8\", selector: spSel}\n"
    "  - {name: spSel, cpp_type: int32_t, free: {min: 0, max: 3}}   # m16n8k16 f16 has selectors 0..1",
    "Name an integer parameter, and pin it (`pin: {spSel: 0}`) on the rows whose metadata has fewer selectors.",
)

SPARSE_RATIO = Rule(
    "AG345",
    "sparse-ratio",
    "A sparse MMA's ratio, index width and K do not fit: nonzeros not fewer than the chunk, K not a "
    "multiple of the chunk, or 2^index_bits positions that are not half elements, elements or pairs of "
    "the chunk.",
    "The metadata names positions of a chunk: with the wrong width the hardware reads other elements "
    "than the compressed A holds, and the product is silently wrong.",
    "sparse: {ratio: \"2:4\", index_bits: 4}",
    "A 2:4 chunk has 4 positions: index_bits 2 (tf32 1:2 also uses 2-bit indices, two per element; "
    "4-bit 4:8 pairs one index per pair).",
)

METADATA_COVERAGE = Rule(
    "AG346",
    "metadata-coverage",
    "The metadata layout e does not name every element of the index tile (M, k_index) exactly once (or as "
    "often as exceptions.replicated.e says), or its holders are not e_holders' holders.",
    "An index held twice makes one chunk's nonzeros ambiguous; one held by no thread leaves the hardware "
    "reading stale register bits.",
    "e: \"(8, (8, 2)) : (1, (16, 4))\"",
    "Map (holder, slot) onto m + M*i one-to-one: every index of every row once.",
)

METADATA_BITS = Rule(
    "AG347",
    "metadata-bits",
    "The metadata slots of a holder times index_bits differ from the bits of its metadata register "
    "(packed.e), or the instance gives no packed.e.",
    "Every metadata bit must be accounted for exactly once: bits the layout does not name are read by "
    "the hardware as indices of other chunks.",
    "packed: {a: vector<4xf16>, b: vector<4xf16>, c: vector<4xf32>, e: i16}",
    "Give packed.e the register the instruction takes (mma.sp: one i32), and as many slots as it has "
    "indices.",
)

METADATA_HOLDERS = Rule(
    "AG348",
    "metadata-holders",
    "The lanes that hold metadata are not distinct lanes of the atom for every sparsity selector, or the "
    "selectors do not divide the lanes among themselves.",
    "The selector immediate picks which threads of each group the hardware reads the metadata from; a "
    "wrong holder set feeds it another thread's register.",
    "e_holders: \"8:4\"\nsparse: {ratio: \"2:4\", index_bits: 2, selector_stride: 2}",
    "For m16n8k16 f16 one thread of four holds metadata: e_holders \"8:4\", selector_stride 1 "
    "(selectors 0..3).",
)

RULES = (
    SELECTOR,
    SPARSE_RATIO,
    METADATA_COVERAGE,
    METADATA_BITS,
    METADATA_HOLDERS,
)


@dataclass(frozen=True, slots=True)
class Metadata:
    """One instance's metadata: sparsity, e, the holder lanes for selector 0, the register bits."""

    sparsity: Sparsity
    layout: Layout  # (holder, slot) -> index-tile element m + M*i
    holders: tuple[int, ...]  # lane of each holder for selector 0
    register_bits: Optional[int]  # packed.e
    lanes: int  # the atom's threads

    @property
    def selectors(self) -> int:
        """Admissible sparsity-selector values: 0 .. selectors - 1."""
        if self.sparsity.selector_bits and self.register_bits:
            return max(1, self.register_bits // self.sparsity.selector_bits)
        return max(1, self.lanes // len(self.holders)) if self.sparsity.selector_stride else 1


def evaluate_metadata(spec: AtomSpec, evaluated: EvaluatedInstance) -> Optional[Metadata]:
    """The metadata of one evaluated instance, or None (a dense atom, or what the rules report)."""
    instance, variables = evaluated.instance, evaluated.variables
    piece = select_sparse(spec.sparse, instance.values, variables)
    if piece is None or "k_index" not in variables:
        return None
    try:
        sparsity = sparsity_of(piece, variables)
    except ExprError:
        return None
    if "e" not in evaluated.operands or "e_holders" not in evaluated.operands:
        return None
    layout, holders = evaluated.operands["e"].layout, evaluated.operands["e_holders"].layout
    if algebra.size(holders) > coverage.MAX_OPERAND_POINTS or min(algebra.flatten(holders.shape), default=1) <= 0:
        return None  # not a lane list: AG348 has nothing to judge, the structural rules say why
    packed = parse_packed(instance.packed["e"]) if "e" in instance.packed else None
    return Metadata(sparsity, layout, _lanes_of(holders.shape, holders.stride), packed.bits if packed else None,
                    spec.threads)


@lru_cache(maxsize=256)
def _lanes_of(shape: algebra.IntTuple, stride: algebra.IntTuple) -> tuple[int, ...]:
    """The holders' lanes (the image of e_holders); every row of a spec shares a few layouts."""
    return tuple(algebra.image(Layout(shape, stride)))


def check_sparse(spec: AtomSpec, evaluated: list[EvaluatedInstance]) -> Iterator[Diagnostic]:
    """AG345-AG348 over every instance (one finding per rule and place)."""
    if not spec.sparse:
        for role in SPARSE_ROLES:
            if role in spec.layouts:
                yield METADATA_COVERAGE.at(spec, f"layout '{role}' is metadata of a sparse MMA; declare `sparse`",
                                      ("layouts", role))
        return
    if spec.kind != "mma":
        yield SPARSE_RATIO.at(spec, "only MMA atoms have a sparse A", ("sparse",))
        return
    for piece in spec.sparse:
        sparsity = Sparsity(piece.nonzeros, piece.chunk, piece.index_bits, 0)
        positions, chunk = sparsity.positions, piece.chunk
        # a position is half an element (tf32's 16-bit halves), one element, or a pair (4-bit pairs)
        if piece.nonzeros >= chunk or sparsity.position_width not in (Fraction(1, 2), 1, 2) \
                or sparsity.per_chunk.denominator != 1 or sparsity.per_chunk > positions:
            yield SPARSE_RATIO.at(spec, f"sparse ratio {piece.nonzeros}:{chunk} with {piece.index_bits}-bit indices: "
                f"{positions} positions of {sparsity.position_width} elements cannot name {piece.nonzeros} "
                f"nonzeros of a {chunk}-element chunk", piece.path + ("index_bits",))
    for role in SPARSE_ROLES:
        if role not in spec.layouts:
            yield METADATA_COVERAGE.at(spec, f"a sparse MMA needs layout '{role}' (its metadata)", ("layouts",))
            return
    yield from _selector_parameter(spec)
    seen: set[tuple[str, str]] = set()
    for item in evaluated:
        for diagnostic in _check_instance(spec, item):
            key = (diagnostic.rule, f"{diagnostic.position}")
            if key not in seen:
                seen.add(key)
                yield diagnostic


def _selector_parameter(spec: AtomSpec) -> Iterator[Diagnostic]:
    """AG343: the pieces name one selector parameter, an integer one."""
    named = [piece for piece in spec.sparse if piece.selector is not None]
    for piece in named:
        name = str(piece.selector)
        parameter = spec.parameter(name)
        if parameter is None or not parameter.is_integer:
            from atomgen.suggest import did_you_mean

            integers = [p.name for p in spec.parameters if p.is_integer]
            yield SELECTOR.at(spec, f"the sparsity selector '{name}' is not an integer parameter of the atom"
                              + did_you_mean(name, integers), piece.path + ("selector",))
        elif name != named[0].selector:
            yield SELECTOR.at(spec, f"this piece sends '{name}' as the sparsity selector, an earlier one "
                              f"'{named[0].selector}': an atom has one selector", piece.path + ("selector",))


def admitted_selectors(spec: AtomSpec, instance: Instance) -> Sequence[int]:
    """The sparsity selectors a row admits: its value where the row gives or pins one, else the
    parameter's free values (or range, as a `range`: a spec may give 0..2^31, which is judged by its
    ends, never listed), or default; (0,) where the atom sends none."""
    name = selector_parameter(spec.sparse)
    parameter = spec.parameter(name) if name is not None else None
    if name is None or parameter is None or not parameter.is_integer:
        return (0,)
    if name in instance.given or name in instance.pin:
        value = instance.values.get(name, instance.pin.get(name, 0))
        return (int(value) if isinstance(value, int) else 0,)
    if parameter.free_values is not None:
        return tuple(int(v) for v in parameter.free_values if isinstance(v, int) and not isinstance(v, bool))
    if parameter.free_min is not None and parameter.free_max is not None:
        return range(parameter.free_min, parameter.free_max + 1)
    return (int(parameter.default or 0),) if isinstance(parameter.default, int) else (0,)


def _check_selectors(spec: AtomSpec, metadata: Metadata, instance: Instance) -> Iterator[Diagnostic]:
    """AG343: every selector a row admits names holders its metadata has."""
    name = selector_parameter(spec.sparse)
    if name is None:
        return
    admitted = admitted_selectors(spec, instance)
    ends = (admitted[0], admitted[-1]) if isinstance(admitted, range) and admitted else admitted
    wrong = [s for s in ends if not 0 <= s < metadata.selectors]
    if wrong:
        where = instance.path + ((name,) if name in instance.given else ("pin", name) if name in instance.pin else ())
        count = metadata.selectors
        has = "one selector, 0" if count == 1 else f"{count} selectors, 0..{count - 1}"
        yield SELECTOR.at(spec, f"instance {instance.id} admits {name} = {wrong[0]}, but its metadata has {has}",
                          where, notes=(f"pin it on this row: pin: {{{name}: 0}}",) if count == 1 else ())


def _check_instance(spec: AtomSpec, evaluated: EvaluatedInstance) -> Iterator[Diagnostic]:
    instance, variables = evaluated.instance, evaluated.variables
    piece = select_sparse(spec.sparse, instance.values, variables)
    if piece is None:
        yield SPARSE_RATIO.at(spec, f"no `sparse` piece applies to instance {instance.id}", ("sparse",))
        return
    if "k" not in variables or variables["k"] % piece.chunk:
        yield SPARSE_RATIO.at(spec, f"instance {instance.id}: K {variables.get('k')} is not a multiple of the "
                              f"{piece.chunk}-element chunk of ratio {piece.nonzeros}:{piece.chunk}", instance.path)
        return
    for role in ("e", "e_holders"):
        operand = evaluated.operands.get(role)
        if operand is not None and min(algebra.flatten(operand.layout.shape), default=1) <= 0:
            text = algebra.format_layout(operand.layout)
            rule = METADATA_COVERAGE if role == "e" else METADATA_HOLDERS
            message = f"layout '{role}' has an empty mode (instance {instance.id}: {text})"
            yield rule.at(spec, message, operand.piece.path)
            return
    metadata = evaluate_metadata(spec, evaluated)
    if metadata is None or not isinstance(variables.get("m"), int) or variables["m"] <= 0:
        return  # what keeps the metadata from being evaluated is reported by its own rule
    e_piece, holder_piece = evaluated.operands["e"].piece, evaluated.operands["e_holders"].piece
    if min(algebra.flatten(metadata.layout.shape), default=1) <= 0 or \
            algebra.size(metadata.layout) > coverage.MAX_OPERAND_POINTS or not metadata.holders:
        yield METADATA_COVERAGE.at(spec, f"metadata layout 'e' of instance {instance.id} has an empty mode or over "
                              f"{coverage.MAX_OPERAND_POINTS} points", e_piece.path)
        return
    layout = metadata.layout
    tile = variables["m"] * variables["k_index"]
    holders = algebra.size(algebra.mode(layout, 0)) if algebra.rank(layout) == 2 else None
    if holders != len(metadata.holders):
        message = (f"layout 'e' has {holders} holders in its thread mode, e_holders {len(metadata.holders)} "
                   f"(instance {instance.id}: {algebra.format_layout(layout)})")
        yield METADATA_COVERAGE.at(spec, message, e_piece.path)
        yield METADATA_HOLDERS.at(spec, message, holder_piece.path)  # either layout may be the wrong one
        return
    # an exact cover of the index tile (decided from the modes when they are compact) has nothing
    # to report; anything else is counted, which words the first problem. A declared replication
    # (exceptions.replicated.e: the other half of a wave holding a copy the hardware ignores) asks
    # every index that many times.
    copies = spec.replicated.get("e", 1)
    if copies != 1 or not algebra.covers_exactly(layout, tile):
        counts = Counter(algebra.image(layout))
        outside = sorted(i for i in counts if not 0 <= i < tile)
        wrong = sorted(i for i, n in counts.items() if n != copies)
        missing = tile - len([i for i in counts if 0 <= i < tile])
        if outside or wrong or missing:
            held = "once" if copies == 1 else f"{copies} times (exceptions.replicated.e)"
            what = (f"maps to {outside[0]}, outside the (M, k_index) index tile of {tile}" if outside else
                    f"names index {wrong[0]} {counts[wrong[0]]} times, not {held}" if wrong else
                    f"leaves {missing} of the {tile} indices unheld")
            yield METADATA_COVERAGE.at(spec, f"metadata layout 'e' {what} (instance {instance.id}: "
                                  f"{algebra.format_layout(layout)})", e_piece.path)
    slots = algebra.size(algebra.mode(layout, 1))
    if metadata.register_bits is None:
        yield METADATA_BITS.at(spec, f"instance {instance.id} gives no packed.e (the metadata register)",
                              instance.path)
    else:
        # one index set per selector value: with selector_bits the register holds several
        each = metadata.sparsity.selector_bits or metadata.register_bits
        if slots * piece.index_bits != each or metadata.register_bits % each:
            where = f"an index set of {each} bits" if metadata.sparsity.selector_bits else "its metadata register"
            yield METADATA_BITS.at(
                spec, f"instance {instance.id}: each holder has {slots} indices of {piece.index_bits} bits = "
                f"{slots * piece.index_bits} bits, but {where} {instance.packed['e']} is "
                f"{metadata.register_bits} bits", instance.path + ("packed", "e"))
    yield from _check_holders(spec, metadata, instance, holder_piece.path)
    yield from _check_selectors(spec, metadata, instance)


def _check_holders(spec: AtomSpec, metadata: Metadata, instance: Instance, path: JsonPath) -> Iterator[Diagnostic]:
    stride = metadata.sparsity.selector_stride
    fault = _holders_fault(metadata.holders, metadata.selectors, stride, spec.threads)
    if fault is None:
        return
    lanes, holders = spec.threads, len(metadata.holders)
    kind, selector, chosen, bad = fault
    if kind == "divide":
        yield METADATA_HOLDERS.at(spec, f"instance {instance.id}: {holders} metadata holders do not divide the "
                              f"{lanes} lanes among the selectors", path)
    elif kind == "selector":
        problem = f"lane {bad} is not a lane of the atom" if bad is not None else "two holders are one lane"
        yield METADATA_HOLDERS.at(spec, f"instance {instance.id}, selector {selector}: {problem} "
                              f"(holders {list(chosen)[:8]}...)", path)
    else:
        yield METADATA_HOLDERS.at(spec, f"instance {instance.id}: the {metadata.selectors} selectors with stride "
                              f"{stride} do not give each of the {lanes} lanes to exactly one selector", path)


@lru_cache(maxsize=256)
def _holders_fault(
    holders: tuple[int, ...], selectors: int, stride: int, lanes: int
) -> Optional[tuple[str, int, tuple[int, ...], Optional[int]]]:
    """The first thing wrong with the selectors' holder lanes: (kind, selector, its lanes, a bad lane),
    or None. A pure function of the numbers, so the rows of a spec that share them are judged once."""
    if stride and lanes % len(holders):
        return ("divide", 0, (), None)
    held: Counter[int] = Counter()
    for selector in range(selectors):
        chosen = tuple(lane + selector * stride for lane in holders)
        bad = [lane for lane in chosen if not 0 <= lane < lanes]
        if bad or len(set(chosen)) < len(chosen):
            return ("selector", selector, chosen, bad[0] if bad else None)
        held.update(chosen)
    if stride and (len(held) != lanes or any(n > 1 for n in held.values())):
        return ("cover", 0, (), None)
    return None


def sparse_summary(spec: AtomSpec, evaluated: EvaluatedInstance) -> str:
    """One line for `atomgen show`: ratio, the compressed and index tiles, who holds metadata."""
    metadata = evaluate_metadata(spec, evaluated)
    if metadata is None:
        return "(see the diagnostics)"
    s, v = metadata.sparsity, evaluated.variables
    return (f"{s.nonzeros}:{s.chunk} along K, {s.index_bits}-bit indices ({s.per_chunk} per chunk); a over the "
            f"compressed (M, k_packed) = ({v['m']}, {v['k_packed']}), e over the index tile (M, k_index) = "
            f"({v['m']}, {v['k_index']}); {len(metadata.holders)} holders, selectors 0..{metadata.selectors - 1} "
            f"(lanes of selector 0: {_lanes_text(metadata.holders)})")


def _lanes_text(lanes: tuple[int, ...]) -> str:
    return "0..63" if lanes == tuple(range(64)) else "0..31" if lanes == tuple(range(32)) else str(list(lanes))
