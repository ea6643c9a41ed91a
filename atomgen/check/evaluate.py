"""Evaluate a spec's layouts for one instance into concrete CuTe layouts.

This is shared by `check` (which judges the result) and `show` (which prints it): it
only computes, and reports what it could not compute as diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from atomgen.diagnostics import Diagnostic, Rule
from atomgen.layout.algebra import Layout
from atomgen.spec.expr import ExprError, evaluate_item
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece
from atomgen.spec.sparsity import SPARSE_ROLES
from atomgen.spec.variables import VariableError, instance_variables, select_piece

RULES = (
    Rule(
        "AG355",
        "no-layout-piece",
        "No piece of a piecewise layout applies to an instance.",
        "Every instance needs a layout for every operand.",
        "when: {elemTyA_bits: 16}  # but an f32 row exists",
        "Add a fallback piece without `when`, or a piece for the missing case.",
    ),
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
    # a sparse MMA's metadata layouts too (judged by atomgen/check/sparse.py)
    for role in ("thr",) + spec.operands + (SPARSE_ROLES if spec.sparse else ()):
        if role not in spec.layouts:
            continue
        piece = select_piece(spec, role, instance, variables)
        if piece is None:
            diagnostics.append(
                spec.diagnostic(
                    "AG355",
                    f"no piece of layout '{role}' applies to instance {instance.id}",
                    ("layouts", role),
                )
            )
            continue
        if piece.parsed is None:
            continue
        try:
            shape = evaluate_item(piece.parsed.shape, variables)
        except ExprError as error:
            diagnostics.append(
                spec.diagnostic(
                    error.rule, f"layout '{role}', instance {instance.id}: {error.message}", piece.path, error.offset
                )
            )
            continue
        try:
            stride = evaluate_item(piece.parsed.stride, variables)
        except ExprError as error:
            diagnostics.append(
                spec.diagnostic(
                    error.rule, f"layout '{role}', instance {instance.id}: {error.message}", piece.path, error.offset
                )
            )
            continue
        result.operands[role] = EvaluatedOperand(role, piece, Layout(shape, stride))
    return result, diagnostics
