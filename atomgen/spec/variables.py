"""The integer variables of one instance, and the layout piece its values select."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from atomgen.diagnostics import Diagnostic
from atomgen.spec.expr import ExprError, evaluate
from atomgen.spec.instances import Instance
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.model import AtomSpec, LayoutPiece, same_value
from atomgen.spec.sparsity import sparse_variables


class VariableError(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def instance_variables(spec: AtomSpec, instance: Instance) -> dict[str, int]:
    """Integer variables of one instance: int/bool params, `<Type>_bits`, threads, `let`."""
    variables: dict[str, int] = {"threads": spec.threads}
    for parameter in spec.parameters:
        value = instance.values.get(parameter.name)
        if value is None:
            continue
        if parameter.is_type and isinstance(value, str):
            packed = parse_packed(value)  # vector types count their total width
            if packed is not None:
                variables[f"{parameter.name}_bits"] = packed.bits
        elif isinstance(value, bool):
            variables[parameter.name] = int(value)
        elif isinstance(value, int):
            variables[parameter.name] = value
    for name, expression, path in spec.let:
        if expression is None:
            continue
        try:
            variables[name] = evaluate(expression, variables)
        except ExprError as error:
            raise VariableError(
                spec.diagnostic(
                    error.rule,
                    f"let {name} = {spec.let_text[name]}: {error.message} for instance {instance.id}",
                    path,
                    error.offset if isinstance(spec.let_text[name], str) else None,
                )
            ) from None
    if spec.blocks is not None:
        try:
            variables["blocks"] = evaluate(spec.blocks, variables)
        except ExprError as error:
            raise VariableError(
                spec.diagnostic(error.rule, f"blocks: {error.message} for instance {instance.id}",
                                ("exceptions", "blocks"))
            ) from None
    if spec.sparse:
        try:
            variables.update(sparse_variables(spec.sparse, instance.values, variables))
        except ExprError as error:
            raise VariableError(spec.diagnostic(error.rule, f"sparse: {error.message} for instance {instance.id}",
                                                ("sparse",))) from None
    return variables


def piece_matches(piece: LayoutPiece, instance: Instance, variables: dict[str, int]) -> bool:
    for name, accepted in piece.when:
        if name in instance.values:
            actual: Any = instance.values[name]
        elif name in variables:
            actual = variables[name]
        else:
            return False
        for candidate in accepted:
            if same_value(actual, candidate):
                break
        else:
            return False
    return True


def select_piece(spec: AtomSpec, role: str, instance: Instance, variables: dict[str, int]) -> Optional[LayoutPiece]:
    return first_match(spec.layouts.get(role, ()), instance, variables)


def first_match(pieces: Iterable[LayoutPiece], instance: Instance, variables: dict[str, int]) -> Optional[LayoutPiece]:
    """The first of `pieces` whose `when` the instance meets."""
    for piece in pieces:
        if piece_matches(piece, instance, variables):
            return piece
    return None
