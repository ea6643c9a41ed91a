"""The layout proofs (atomgen/check/proofs.py) against sympy, the CAS they replaced.

sympy is the oracle here (a test dependency only): on the shipped specs every proof record
is the same as sympy's cancel/together verdict; on random layout arithmetic, whatever sympy
proves is proved, a fact comes out false exactly when sympy says so, and whatever is proved
holds at concrete parameter values.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

import pytest
import sympy
from hypothesis import example, given, settings
from hypothesis import strategies as st

from atomgen.check.polynomial import Rational, TooLarge, Undefined, constant, symbol, to_rational
from atomgen.check.proofs import TILE_DIMS, prove_spec
from atomgen.check.runner import collect_spec_files, model_file
from atomgen.spec.expr import Call, Expr, ExprError, Name, Neg, Num, Tup, divisions, leaves, names_in, parse_expression

REPO = Path(__file__).resolve().parent.parent


def to_sympy(expr: Expr, symbols: Mapping[str, Any]) -> Any:
    if isinstance(expr, Num):
        return sympy.Integer(expr.value)
    if isinstance(expr, Name):
        return symbols[expr.name]
    if isinstance(expr, Neg):
        return -to_sympy(expr.operand, symbols)
    if isinstance(expr, Call):
        args = [to_sympy(arg, symbols) for arg in expr.args]
        return sympy.Min(*args) if expr.function == "min" else sympy.Max(*args)
    left, right = to_sympy(expr.left, symbols), to_sympy(expr.right, symbols)
    return {"+": left + right, "-": left - right, "*": left * right}.get(expr.op) if expr.op in "+-*" else (
        left / right if expr.op == "/" else sympy.Mod(left, right))


def _sympy_verdict(difference: Any) -> str:
    simplified = sympy.cancel(sympy.together(difference))
    if simplified == 0:
        return "proved"
    return "false" if simplified.is_number else "per-instance"


def _sympy_exact(quotient: Any) -> str:
    return "proved" if sympy.fraction(sympy.together(quotient))[1] == 1 else "per-instance"


def sympy_prove_spec(spec: Any) -> list[dict[str, Any]]:
    """The sympy prover that atomgen shipped before (same records, same order)."""
    symbols: dict[str, Any] = {"threads": sympy.Integer(spec.threads)}
    for parameter in spec.parameters:
        if parameter.is_type:
            symbols[f"{parameter.name}_bits"] = sympy.Symbol(f"{parameter.name}_bits", positive=True, integer=True)
        elif parameter.is_integer or parameter.is_bool:
            symbols[parameter.name] = sympy.Symbol(parameter.name, positive=True, integer=True)
    for name, expression, _ in spec.let:
        if expression is not None and names_in(expression) <= set(symbols):
            symbols[name] = to_sympy(expression, symbols)
    results: list[dict[str, Any]] = []
    for role, pieces in spec.layouts.items():
        if role in ("e", "e_holders"):
            continue  # a sparse MMA's metadata layouts: per instance (atomgen/check/families/sparse.py)
        for index, piece in enumerate(pieces):
            parsed = piece.parsed
            named = names_in(parsed.shape) | names_in(parsed.stride) if parsed is not None else set()
            if not named or not named <= set(symbols):
                continue
            record = {"layout": role, "piece": index, "text": piece.text}
            shape = parsed.shape
            if role == "thr":
                thread_leaves = leaves(shape)
            elif isinstance(shape, Tup) and len(shape.items) == 2:
                thread_leaves = leaves(shape.items[0])
            else:
                continue
            threads = sympy.Mul(*[to_sympy(leaf, symbols) for leaf in thread_leaves])
            results.append({**record, "fact": f"threads == {spec.threads}",
                            "status": _sympy_verdict(threads - spec.threads)})
            if spec.kind == "mma" and spec.blocks is None and role in TILE_DIMS \
                    and not (spec.sparse and role == "a") and all(
                    d in symbols for d in TILE_DIMS[role]):
                first, second = TILE_DIMS[role]
                tile = symbols[first] * symbols[second] * spec.replicated.get(role, 1)
                size = sympy.Mul(*[to_sympy(leaf, symbols) for leaf in leaves(shape)])
                results.append({**record, "fact": "size == tile", "status": _sympy_verdict(size - tile)})
            for division in divisions(parsed.shape) + divisions(parsed.stride):
                results.append({**record, "fact": f"exact division at offset {division.offset}",
                                "status": _sympy_exact(to_sympy(division, symbols))})
    return results


SHIPPED = collect_spec_files([str(REPO / "specs")])


@pytest.mark.parametrize("path", [p for p, _ in SHIPPED], ids=[d.split("specs/")[-1] for _, d in SHIPPED])
def test_shipped_proofs_are_sympys(path: Path) -> None:
    spec = model_file(path, str(path)).spec
    assert spec is not None
    legacy = ("layout", "piece", "text", "fact", "status")
    assert [{key: r[key] for key in legacy} for r in prove_spec(spec)] == sympy_prove_spec(spec)


def test_the_shipped_specs_prove_something() -> None:
    statuses = [r["status"] for path, _ in SHIPPED for r in prove_spec(model_file(path, str(path)).spec)]
    assert statuses.count("proved") > 50 and "false" not in statuses


NAMES = ("m", "n", "k")


def _expressions() -> st.SearchStrategy[str]:
    leaf = st.one_of(st.sampled_from(NAMES), st.integers(1, 16).map(str))
    return st.recursive(
        leaf,
        lambda inner: st.tuples(inner, st.sampled_from("+-*/"), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        max_leaves=8,
    )


def _value(expr: Expr, variables: Mapping[str, int]) -> Fraction:
    if isinstance(expr, Num):
        return Fraction(expr.value)
    if isinstance(expr, Name):
        return Fraction(variables[expr.name])
    if isinstance(expr, Neg):
        return -_value(expr.operand, variables)
    assert not isinstance(expr, Call)
    left, right = _value(expr.left, variables), _value(expr.right, variables)
    return left + right if expr.op == "+" else left - right if expr.op == "-" else left * right if expr.op == "*" \
        else left / right


@settings(max_examples=300, deadline=None)
@given(_expressions(), _expressions())
@example("(k * ((m / 2) + (n / k)))", "m")  # sympy's fraction() misses the 2 unless expanded
def test_random_identities_agree_with_sympy(left_text: str, right_text: str) -> None:
    left, right = parse_expression(left_text), parse_expression(right_text)
    ours_symbols = {name: Rational(symbol(name)) for name in NAMES}
    theirs_symbols = {name: sympy.Symbol(name, positive=True, integer=True) for name in NAMES}
    try:
        difference = to_rational(left, ours_symbols) - to_rational(right, ours_symbols)
    except Undefined:  # a division by zero somewhere (m - m): the concrete check reports it
        return
    ours = "proved" if difference.is_zero() else "false" if difference.value() is not None else "per-instance"
    theirs = _sympy_verdict(to_sympy(left, theirs_symbols) - to_sympy(right, theirs_symbols))
    assert ours == theirs, (left_text, right_text)
    exact = "proved" if to_rational(left, ours_symbols).is_polynomial() else "per-instance"
    # sympy's fraction() keeps a numeric denominator inside a product, k*(m/2 + n/k) -> (k*m/2 + n, 1),
    # and would call that exact; expanded first (k*m/2 + n -> (k*m + 2*n, 2)) its verdict is sound
    if _sympy_exact(sympy.expand(to_sympy(left, theirs_symbols))) == "proved":
        assert exact == "proved", left_text
    if exact == "proved":  # sound: an integer at every point where it is defined
        for point in ({"m": 1, "n": 2, "k": 3}, {"m": 4, "n": 7, "k": 16}, {"m": 6, "n": 5, "k": 9}):
            try:
                assert _value(left, point).denominator == 1, (left_text, point)
            except ZeroDivisionError:
                pass


def test_min_max_mod_are_opaque_unless_constant() -> None:
    m = {"m": Rational(symbol("m"))}
    same = to_rational(parse_expression("min(m, m) - m"), m)
    assert same.is_zero()
    assert to_rational(parse_expression("max(2, 7) + 7 % 4"), m).value() == (10, 1)
    assert to_rational(parse_expression("min(m, 2) - min(2, m)"), m).is_zero()  # arguments are unordered
    assert to_rational(parse_expression("m % 4"), m).value() is None
    with pytest.raises(ExprError):
        to_rational(parse_expression("q"), m)


def test_expansion_is_bounded() -> None:
    product = "*".join(["(m+k+n+1)"] * 40)
    symbols = {name: Rational(symbol(name)) for name in NAMES}
    with pytest.raises(TooLarge):
        to_rational(parse_expression(product), symbols)
    assert to_rational(parse_expression("(m*m + m) / m - m"), symbols).value() == (1, 1)
    assert Rational(constant(6), constant(4)).value() == (6, 4)
