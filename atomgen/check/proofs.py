"""Symbolic proofs of parametric layout facts, for all parameters at once.

For every layout piece that mentions instance variables, prove that
  * its thread mode has exactly `threads` threads,
  * its size is the operand tile size (times the declared replication),
  * every division in it is exact,
for all parameter values, as identities of rational functions (atomgen/check/polynomial.py).
A fact that cannot be proved in general is not an error: it is then checked concretely for
each instance (atomgen/check/analyze.py), and a failure there names the instance that breaks
it. The result says which facts hold by proof.
"""

from __future__ import annotations

from typing import Any

from atomgen.check.polynomial import Rational, TooLarge, Undefined, constant, symbol, to_rational
from atomgen.spec.expr import Expr, ExprError, Tup, divisions, leaves, names_in
from atomgen.spec.model import AtomSpec
from atomgen.spec.sparsity import SPARSE_ROLES

TILE_DIMS = {"a": ("m", "k"), "b": ("n", "k"), "c": ("m", "n")}


def _symbols(spec: AtomSpec) -> dict[str, Rational]:
    symbols: dict[str, Rational] = {"threads": Rational(constant(spec.threads))}
    for parameter in spec.parameters:
        if parameter.is_type:
            symbols[f"{parameter.name}_bits"] = Rational(symbol(f"{parameter.name}_bits"))
        elif parameter.is_integer or parameter.is_bool:
            symbols[parameter.name] = Rational(symbol(parameter.name))
    for name, expression, _ in spec.let:
        if expression is not None and names_in(expression) <= set(symbols):
            try:
                symbols[name] = to_rational(expression, symbols)
            except (TooLarge, Undefined, ExprError):
                continue  # pieces naming it are left to the per-instance checks
    return symbols


def _product(items: list[Expr], symbols: dict[str, Rational]) -> Rational:
    result = Rational(constant(1))
    for item in items:
        result = result * to_rational(item, symbols)
    return result


def _equal(items: list[Expr], symbols: dict[str, Rational], target: list[Rational]) -> str:
    """proved / false / per-instance for `product(items) == product(target)`."""
    try:
        difference = _product(items, symbols)
        goal = Rational(constant(1))
        for factor in target:
            goal = goal * factor
        difference = difference - goal
    except (TooLarge, Undefined):
        return "per-instance"  # over the expansion bound, or undefined somewhere: decided concretely
    if difference.is_zero():
        return "proved"
    return "false" if difference.value() is not None else "per-instance"


def _exact(division: Expr, symbols: dict[str, Rational]) -> str:
    try:
        return "proved" if to_rational(division, symbols).is_polynomial() else "per-instance"
    except (TooLarge, Undefined):
        return "per-instance"


def prove_spec(spec: AtomSpec) -> list[dict[str, Any]]:
    """One record per (layout piece, fact): proved / false / per-instance."""
    results: list[dict[str, Any]] = []
    symbols = _symbols(spec)
    for role, pieces in spec.layouts.items():
        if role in SPARSE_ROLES:
            continue  # metadata layouts are judged per instance (atomgen/check/sparse.py)
        for index, piece in enumerate(pieces):
            parsed = piece.parsed
            if parsed is None or not (names_in(parsed.shape) | names_in(parsed.stride)):
                continue
            if not (names_in(parsed.shape) | names_in(parsed.stride)) <= set(symbols):
                continue
            record = {"layout": role, "piece": index, "text": piece.text}
            shape = parsed.shape
            if role == "thr":
                thread_leaves = leaves(shape)
            elif isinstance(shape, Tup) and len(shape.items) == 2:
                thread_leaves = leaves(shape.items[0])
            else:
                continue
            threads = [Rational(constant(spec.threads))]
            results.append({**record, "fact": f"threads == {spec.threads}",
                            "status": _equal(thread_leaves, symbols, threads)})
            # a multi-block tile's size is left to the per-instance coverage check (blocks is per instance)
            # so is a sparse A (its compressed K is per instance)
            if spec.kind == "mma" and spec.blocks is None and role in TILE_DIMS \
                    and not (spec.sparse and role == "a") and all(
                    d in symbols for d in TILE_DIMS[role]):
                first, second = TILE_DIMS[role]
                tile = [symbols[first], symbols[second], Rational(constant(spec.replicated.get(role, 1)))]
                results.append({**record, "fact": "size == tile", "status": _equal(leaves(shape), symbols, tile)})
            for division in divisions(parsed.shape) + divisions(parsed.stride):
                results.append({**record, "fact": f"exact division at offset {division.offset}",
                                "status": _exact(division, symbols)})
    return results
