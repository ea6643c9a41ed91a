"""Layout structure (rule family AG30x, and piecewise layouts AG355-AG357): rank, congruence, names, `when`.

These rules read the layout text; what the layouts map to, instance by instance, is
atomgen/check/families/instance_layouts.py. Declared exceptions to the layout rules are checked here too.
"""

from __future__ import annotations

from typing import Any, Iterator

from atomgen.check.evaluate import EvaluatedInstance
from atomgen.check.families.coverage import REPLICATION
from atomgen.check.families.expressions import check_let, known_names, offset_of_name
from atomgen.check.families.packing import RECAST
from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout
from atomgen.spec.expr import UNKNOWN_NAME, Tup, congruent, names_in
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece
from atomgen.spec.sparsity import SPARSE_ROLES

LAYOUT_RANK = Rule(
    "AG301",
    "layout-rank",
    "A thread/value layout is not rank 2 (thr, val), or an operand layout is missing.",
    "FlyDSL reads mode 0 as threads and mode 1 as values; any other rank is misread.",
    Example('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "(16, 4, 4) : (1, 64, 16)"', 22, '"'),
    "Group modes: `((16, 4), 4) : ((1, 64), 16)`.",
)

ZERO_MODE = Rule(
    "AG302",
    "zero-mode",
    "A layout has a mode of size 0 (or a negative stride).",
    "A zero-size mode makes the whole operand empty: it compiles and moves nothing.",
    Example('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 0), 4) : ((1, 64), 16)"', 22, '"'),
    "Give every mode a positive size.",
)

CONGRUENCE = Rule(
    "AG303",
    "congruence",
    "Shape and stride of a layout have different nesting.",
    "Each shape mode needs exactly one stride; a mismatch is unevaluable.",
    Example('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : (1, 16)"', 22, "(1, 16)"),
    "Make the stride tuple mirror the shape tuple.",
)

WHEN_TYPE = Rule(
    "AG356",
    "when-type",
    "A piecewise layout's `when` compares a parameter with a value of the wrong kind.",
    "`when: {trans: 0}` never equals `false`: the piece is silently skipped and another layout is used "
    "(the hardware probe caught exactly this).",
    Example(
        'a: "((16, 4), 4) : ((1, 64), 16)"',
        'a: [{when: {m: true}, layout: "((16, 4), 4) : ((1, 64), 16)"}, {layout: "((16, 4), 4) : ((1, 64), 16)"}]',
        22, "true", also=frozenset({"AG357"})
    ),
    "Write the parameter's kind of value: `when: {trans: false}`.",
)

DEAD_PIECE = Rule(
    "AG357",
    "dead-piece",
    "A piece of a piecewise layout applies to no instance.",
    "Dead layout text reads as if it mattered; usually an earlier piece or a `when` shadows it.",
    Example(
        'a: "((16, 4), 4) : ((1, 64), 16)"',
        'a: [{layout: "((16, 4), 4) : ((1, 64), 16)"}, {when: {m: 16}, layout: "((16, 4), 4) : ((1, 64), 16)"}]',
        22, '"((16, 4), 4) : ((1, 64), 16)"}]'
    ),
    "Order pieces from the most specific to the fallback, or delete the dead one.",
)

RULES = (
    LAYOUT_RANK,
    ZERO_MODE,
    CONGRUENCE,
    WHEN_TYPE,
    DEAD_PIECE,
)


def check_layout_structure(spec: AtomSpec) -> Iterator[Diagnostic]:
    required = ("thr",) + spec.operands
    for role in required:
        if role not in spec.layouts:
            yield LAYOUT_RANK.at(spec, f"a {spec.kind} spec needs layout '{role}'", ("layouts",))
    for role in spec.layouts:
        if role not in required and not (spec.sparse and role in SPARSE_ROLES):
            yield LAYOUT_RANK.at(spec, f"layout '{role}' is not an operand of a {spec.kind} atom", ("layouts", role)
            )
    yield from check_let(spec)
    names = known_names(spec)
    for role, pieces in spec.layouts.items():
        for piece in pieces:
            if piece.parsed is None:
                continue
            shape, stride = piece.parsed.shape, piece.parsed.stride
            if role not in ("thr", "e_holders") and (not isinstance(shape, Tup) or len(shape.items) != 2):
                yield LAYOUT_RANK.at(spec,
                    f"layout '{role}' must be rank 2 (thr, val), got rank "
                    f"{len(shape.items) if isinstance(shape, Tup) else 1}",
                    piece.path,
                )
            if not congruent(shape, stride):
                yield CONGRUENCE.at(spec,
                    f"layout '{role}': shape and stride are not congruent",
                    piece.path,
                    piece.parsed.stride_offset,
                )
            for used in sorted(names_in(shape) | names_in(stride)):
                if used not in names:
                    yield UNKNOWN_NAME.at(
                        spec, f"layout '{role}': unknown name '{used}' (known: {', '.join(sorted(names))})",
                        piece.path,
                        offset_of_name(piece.text, used),
                    )
            for name, accepted in piece.when:
                if name not in names and spec.parameter(name) is None:
                    yield UNKNOWN_NAME.at(spec, f"layout '{role}': 'when' names unknown '{name}'", piece.path[:-1])
                    continue
                wrong = _when_value_mismatch(spec, name, accepted)
                if wrong is not None:
                    yield WHEN_TYPE.at(spec,
                        f"layout '{role}': 'when' compares '{name}' with {wrong!r}, which never matches "
                        f"its values ({_when_kind(spec, name)})",
                        piece.path[:-1] + ("when", name),
                    )


def _when_kind(spec: AtomSpec, name: str) -> str:
    parameter = spec.parameter(name)
    if parameter is None:
        return "an integer"
    if parameter.is_bool:
        return "true or false"
    if parameter.is_type:
        return "a type name"
    return "an integer" if parameter.is_integer else "its enum cases"

def _when_value_mismatch(spec: AtomSpec, name: str, accepted: tuple[Any, ...]) -> Any:
    """A `when` value of the wrong kind (`0` for a bool never equals `false`), or None."""
    kind = _when_kind(spec, name)
    for value in accepted:
        if kind == "true or false" and not isinstance(value, bool):
            return value
        if kind == "an integer" and (isinstance(value, bool) or not isinstance(value, int)):
            return value
        if kind == "a type name" and not isinstance(value, str):
            return value
    return None

def check_exceptions(spec: AtomSpec) -> Iterator[Diagnostic]:
    path = ("exceptions",)
    # a copy's operand_source may only put its src or dst in tensor memory (tcgen05.ld / st / cp)
    copy_sources = {role: source for role, source in spec.operand_source.items()
                    if not (role in ("src", "dst") and source == "tensor_memory")}
    if spec.kind == "copy" and (spec.replicated or copy_sources):
        yield REPLICATION.at(spec, "replication/operand_source exceptions are for MMA operands", path)
    if spec.kind == "mma" and spec.copy_replicated:
        yield REPLICATION.at(spec, "src/dst/ref replication exceptions are for copy operands", path)
    if spec.kind == "mma" and (spec.transposing or spec.whole_tile):
        yield RECAST.at(spec, "transposing/whole_tile exceptions are for copies", path)
    if spec.whole_tile and "whole_tile_copy" not in spec.traits:
        yield RECAST.at(spec, "a whole_tile copy must carry the whole_tile_copy trait", ("traits",))
    if "whole_tile_copy" in spec.traits and not spec.whole_tile:
        # The trait makes FlyDSL's layout lowering hand the whole tile to one call: a per-thread copy would
        # then copy one thread's bits for the tile.
        index = spec.traits.index("whole_tile_copy")
        yield RECAST.at(spec, "the whole_tile_copy trait is for copies that declare exceptions.whole_tile; "
                              "this copy's layouts are per thread", ("traits", index))
    for operand, source in spec.operand_source.items():
        # One issuing thread (tcgen05) names the whole tile once: nothing is replicated. The threads of a
        # cta_group::2 atom are CTAs, each naming its own part with its own descriptor.
        if source == "shared_memory_descriptor" and operand not in spec.replicated and spec.threads > 1 \
                and spec.ctas == 1:
            yield REPLICATION.at(spec, f"operand {operand.upper()} comes from a shared-memory descriptor: every thread "
                f"names the whole tile, so declare replicated.{operand}: {spec.threads}",
                ("exceptions", "operand_source", operand),
            )

def dead_pieces(spec: AtomSpec, evaluated: list[EvaluatedInstance]) -> Iterator[Diagnostic]:
    """A layout piece that no instance selects is dead text, and usually a mis-written `when`."""
    if len(evaluated) != len(spec.instances):
        return  # some instance did not evaluate: its diagnostics already explain more
    used = {id(operand.piece) for item in evaluated for operand in item.operands.values()}
    for role, pieces in spec.layouts.items():
        if len(pieces) < 2:
            continue
        for index, piece in enumerate(pieces):
            if id(piece) not in used:
                yield DEAD_PIECE.at(spec,
                    f"piece {index} of layout '{role}' applies to no instance (an earlier piece or a "
                    "mis-written 'when' shadows it)",
                    piece.path,
                )

def zero_modes(
    spec: AtomSpec, layout: Layout, piece: LayoutPiece, role: str, instance: Instance
) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    extents, strides = algebra.flatten(layout.shape), algebra.flatten(layout.stride)
    if extents and strides and min(extents) > 0 and min(strides) >= 0:
        return findings  # the common case, decided in C (every operand of every instance asks)
    for extent in extents:
        if extent <= 0:
            findings.append(ZERO_MODE.at(spec,
                f"layout '{role}' has a mode of size {extent} (instance {instance.id}: "
                f"{algebra.format_layout(layout)})",
                piece.path,
            ))
            return findings
    for stride in strides:
        if stride < 0:
            findings.append(ZERO_MODE.at(spec,
                f"layout '{role}' has a negative stride {stride} (instance {instance.id})",
                piece.path,
            ))
            return findings
    return findings
