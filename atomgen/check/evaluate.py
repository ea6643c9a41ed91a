"""Evaluate a spec's layouts for one instance into concrete CuTe layouts.

This is shared by `check` (which judges the result) and `show` (which prints it): it
only computes, and reports what it could not compute as diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout.algebra import Layout
from atomgen.spec.expr import ExprError, LayoutText, evaluate_item, names_in
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece
from atomgen.spec.sparsity import SPARSE_ROLES
from atomgen.spec.variables import VariableError, instance_variables, select_piece

NO_LAYOUT_PIECE = Rule(
    "AG355",
    "no-layout-piece",
    "No piece of a piecewise layout applies to an instance.",
    "Every instance needs a layout for every operand.",
    Example(
        'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: [{when: {elemTyA: f32}, layout: "((16, 4), 4) : ((1, 64), 16)"}]',
        22, "["
    ),
    "Add a fallback piece without `when`, or a piece for the missing case.",
)

RULES = (
    NO_LAYOUT_PIECE,
)


@dataclass
class EvaluatedOperand:
    role: str
    piece: LayoutPiece
    layout: Layout


@dataclass
class EvaluatedInstance:
    instance: Instance
    variables: dict[str, int]
    operands: dict[str, EvaluatedOperand] = field(default_factory=dict)


def evaluate_instance(spec: AtomSpec, instance: Instance) -> tuple[Optional[EvaluatedInstance], list[Diagnostic]]:
    """Concrete layouts of every operand of one instance (skipping what cannot be computed)."""
    diagnostics: list[Diagnostic] = []
    try:
        variables = instance_variables(spec, instance)
    except VariableError as error:
        return None, [error.diagnostic]
    result = EvaluatedInstance(instance, variables)
    # a sparse MMA's metadata layouts too (judged by atomgen/check/families/sparse.py)
    for role in ("thr",) + spec.operands + (SPARSE_ROLES if spec.sparse else ()):
        if role not in spec.layouts:
            continue
        piece = select_piece(spec, role, instance, variables)
        if piece is None:
            diagnostics.append(
                NO_LAYOUT_PIECE.at(spec,
                    f"no piece of layout '{role}' applies to instance {instance.id}",
                    ("layouts", role),
                )
            )
            continue
        if piece.parsed is None:
            continue
        try:
            layout = _layout(piece.parsed, variables)
        except ExprError as error:
            diagnostics.append(
                spec.diagnostic(
                    error.rule, f"layout '{role}', instance {instance.id}: {error.message}", piece.path, error.offset
                )
            )
            continue
        result.operands[role] = EvaluatedOperand(role, piece, layout)
    return result, diagnostics


# A layout text is a function of the few variables it names, and a spec's rows repeat them
# (wgmma's A is one layout for every N of its 456 rows): each text is evaluated once per
# combination of those values. An entry keeps its text alive, so an id is never reused.
_NAMES: dict[int, tuple[LayoutText, tuple[str, ...]]] = {}
_LAYOUTS: dict[tuple[int, tuple[int, ...]], Layout] = {}
_MEMO_MAX = 1 << 16


def _layout(parsed: LayoutText, variables: dict[str, int]) -> Layout:
    known = _NAMES.get(id(parsed))
    if known is None or known[0] is not parsed:
        if len(_NAMES) >= _MEMO_MAX or len(_LAYOUTS) >= _MEMO_MAX:
            _NAMES.clear()
            _LAYOUTS.clear()
        known = _NAMES[id(parsed)] = (parsed, tuple(sorted(names_in(parsed.shape) | names_in(parsed.stride))))
    try:
        key = (id(parsed), tuple([variables[name] for name in known[1]]))
    except KeyError:  # an unknown name: evaluating says which, at its offset
        key = None
    layout = _LAYOUTS.get(key) if key is not None else None
    if layout is None:
        # the shape is evaluated first, so that its error is the one reported
        layout = Layout(evaluate_item(parsed.shape, variables), evaluate_item(parsed.stride, variables))
        if key is not None:
            _LAYOUTS[key] = layout
    return layout
