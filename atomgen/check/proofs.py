"""Symbolic proofs (sympy) of parametric layout facts, for all parameters at once.

For every layout piece that mentions instance variables, prove with sympy that
  * its thread mode has exactly `threads` threads,
  * its size is the operand tile size (times the declared replication),
  * every division in it is exact,
for all parameter values. A fact sympy cannot prove in general is not an error: it is
then checked concretely for each instance (atomgen/check/analyze.py), and a failure there
names the instance that breaks it. The result says which facts hold by proof.
"""

from __future__ import annotations

from typing import Any

from atomgen.spec.expr import Expr, Tup, divisions, leaves, names_in, to_sympy
from atomgen.spec.model import AtomSpec

TILE_DIMS = {"a": ("m", "k"), "b": ("n", "k"), "c": ("m", "n")}


def _symbols(spec: AtomSpec) -> dict[str, Any]:
    import sympy

    symbols: dict[str, Any] = {"threads": sympy.Integer(spec.threads)}
    for parameter in spec.parameters:
        if parameter.is_type:
            symbols[f"{parameter.name}_bits"] = sympy.Symbol(f"{parameter.name}_bits", positive=True, integer=True)
        elif parameter.is_integer or parameter.is_bool:
            symbols[parameter.name] = sympy.Symbol(parameter.name, positive=True, integer=True)
    for name, expression, _ in spec.let:
        if expression is not None and names_in(expression) <= set(symbols):
            symbols[name] = to_sympy(expression, symbols)
    return symbols


def _product(items: list[Expr], symbols: dict[str, Any]) -> Any:
    import sympy

    result = sympy.Integer(1)
    for item in items:
        result *= to_sympy(item, symbols)
    return result


# Deciding identity expands products: (m+k+n+1)**30 is 5,456 terms and 5 s, and 256 operators
# could spell far worse. Beyond this many terms (honest layouts have a handful) the fact is
# left to the per-instance checks, which decide it exactly anyway.
MAX_EXPANDED_TERMS = 2000


def expanded_terms(expression: Any) -> int:
    """An upper bound on the terms of `expression` fully expanded (no expansion done)."""
    import sympy

    if isinstance(expression, sympy.Add):
        return sum(expanded_terms(arg) for arg in expression.args)
    if isinstance(expression, sympy.Mul):
        total = 1
        for arg in expression.args:
            total = min(total * expanded_terms(arg), MAX_EXPANDED_TERMS + 1)
        return total
    if isinstance(expression, sympy.Pow):
        base, exponent = expression.args
        power = abs(int(exponent)) if exponent.is_Integer else MAX_EXPANDED_TERMS
        return min(expanded_terms(base) ** min(power, 64), MAX_EXPANDED_TERMS + 1)
    if expression.args:  # Min, Max, Mod: their arguments' terms
        return min(sum(expanded_terms(arg) for arg in expression.args), MAX_EXPANDED_TERMS + 1)
    return 1


def _verdict(difference: Any) -> str:
    import sympy

    if expanded_terms(difference) > MAX_EXPANDED_TERMS:
        return "per-instance"

    # cancel() decides identity of rational functions, which is what layout arithmetic is;
    # simplify() would be slower and pull in most of sympy.
    simplified = sympy.cancel(sympy.together(difference))
    if simplified == 0:
        return "proved"
    if simplified.is_number:
        return "false"
    return "per-instance"


def prove_spec(spec: AtomSpec) -> list[dict[str, Any]]:
    """One record per (layout piece, fact): proved / false / per-instance."""
    import sympy

    results: list[dict[str, Any]] = []
    symbols = _symbols(spec)
    for role, pieces in spec.layouts.items():
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
            threads = _product(thread_leaves, symbols)
            results.append({**record, "fact": f"threads == {spec.threads}", "status": _verdict(threads - spec.threads)})
            # a multi-block tile's size is left to the per-instance coverage check (blocks is per instance)
            if spec.kind == "mma" and spec.blocks is None and role in TILE_DIMS and all(
                    d in symbols for d in TILE_DIMS[role]):
                first, second = TILE_DIMS[role]
                tile = symbols[first] * symbols[second] * spec.replicated.get(role, 1)
                size = _product(leaves(shape), symbols)
                results.append({**record, "fact": "size == tile", "status": _verdict(size - tile)})
            for division in divisions(parsed.shape) + divisions(parsed.stride):
                quotient = to_sympy(division, symbols)
                if expanded_terms(quotient) > MAX_EXPANDED_TERMS:
                    results.append({**record, "fact": f"exact division at offset {division.offset}",
                                     "status": "per-instance"})
                    continue
                quotient = sympy.together(quotient)
                _, denominator = sympy.fraction(quotient)
                status = "proved" if denominator == 1 else "per-instance"
                results.append({**record, "fact": f"exact division at offset {division.offset}", "status": status})
    return results
