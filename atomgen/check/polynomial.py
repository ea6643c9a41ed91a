"""Exact rational functions over named integer symbols: all the algebra the layout proofs need.

A layout expression is built from integers, parameter names, + - * /, and min/max/%. Its
value as a function of the parameters is a ratio of two polynomials with integer
coefficients, so a fact like `threads == 64` is an identity of rational functions, decided
by multiplying out (no CAS in `check`: sympy costs 250 ms to import, as much as the rest of
`check`; `gen` has sympy decide every fact again from the same statement, atomgen/check/certify.py).
min, max and % of non-constant arguments stay opaque atoms: a fact that needs their value
is left to the per-instance checks, which decide it exactly anyway.

Expansion is bounded (MAX_TERMS): a hostile `(m+k+n+1)*...*(m+k+n+1)` stops early with
TooLarge instead of multiplying out millions of terms.
"""

from __future__ import annotations

from typing import Callable, Mapping, Optional

from atomgen.spec.expr import UNKNOWN_NAME, Call, Expr, ExprError, Name, Neg, Num

MAX_TERMS = 2000

Monomial = tuple[tuple[str, int], ...]  # (symbol, exponent) pairs sorted by symbol; () is 1
Poly = dict[Monomial, int]  # monomial -> non-zero integer coefficient


class TooLarge(Exception):
    """An expansion past MAX_TERMS terms (the fact is left to the per-instance checks)."""


class Undefined(Exception):
    """A division by the zero polynomial."""


def _clean(poly: Poly) -> Poly:
    if len(poly) > MAX_TERMS:
        raise TooLarge
    return {m: c for m, c in poly.items() if c}


def constant(value: int) -> Poly:
    return {(): value} if value else {}


def symbol(name: str) -> Poly:
    return {((name, 1),): 1}


def add(left: Poly, right: Poly, sign: int = 1) -> Poly:
    total = dict(left)
    for monomial, coefficient in right.items():
        total[monomial] = total.get(monomial, 0) + sign * coefficient
    return _clean(total)


def _times(left: Monomial, right: Monomial) -> Monomial:
    powers = dict(left)
    for name, exponent in right:
        powers[name] = powers.get(name, 0) + exponent
    return tuple(sorted(powers.items()))


def mul(left: Poly, right: Poly) -> Poly:
    if len(left) * len(right) > MAX_TERMS * 4:
        raise TooLarge
    total: Poly = {}
    for lm, lc in left.items():
        for rm, rc in right.items():
            monomial = _times(lm, rm)
            total[monomial] = total.get(monomial, 0) + lc * rc
    return _clean(total)


def _order_key(names: list[str]) -> Callable[[Monomial], tuple[int, tuple[int, ...]]]:
    def key(monomial: Monomial) -> tuple[int, tuple[int, ...]]:
        powers = dict(monomial)
        vector = tuple([powers.get(name, 0) for name in names])
        return sum(vector), vector

    return key


def divide_exact(dividend: Poly, divisor: Poly) -> Optional[Poly]:
    """`s` with dividend == divisor * s and integer coefficients, or None when there is none.

    Division by leading terms in graded lex order: if such an `s` exists, every leading
    coefficient divides exactly on the way, so a failed step proves there is none."""
    if not divisor:
        raise Undefined
    names = sorted({name for poly in (dividend, divisor) for monomial in poly for name, _ in monomial})
    key = _order_key(names)
    lead = max(divisor, key=key)
    lead_powers = dict(lead)
    remainder: Poly = dict(dividend)
    quotient: Poly = {}
    for _ in range(4 * MAX_TERMS):
        if not remainder:
            return quotient
        top = max(remainder, key=key)
        powers = dict(top)
        if any(powers.get(name, 0) < exponent for name, exponent in lead_powers.items()):
            return None
        if remainder[top] % divisor[lead]:
            return None
        factor = tuple(sorted((n, e - lead_powers.get(n, 0)) for n, e in powers.items() if e != lead_powers.get(n, 0)))
        coefficient = remainder[top] // divisor[lead]
        quotient[factor] = coefficient
        remainder = add(remainder, mul(divisor, {factor: coefficient}), -1)
    raise TooLarge


class Rational:
    """numerator / denominator, both integer polynomials; the denominator is never zero."""

    __slots__ = ("num", "den")

    def __init__(self, num: Poly, den: Poly | None = None):
        den = constant(1) if den is None else den
        if not den:
            raise Undefined
        quotient = divide_exact(num, den) if den != constant(1) else None
        if quotient is not None:
            num, den = quotient, constant(1)
        self.num, self.den = num, den

    def __add__(self, other: "Rational") -> "Rational":
        if self.den == other.den:
            return Rational(add(self.num, other.num), self.den)
        return Rational(add(mul(self.num, other.den), mul(other.num, self.den)), mul(self.den, other.den))

    def __neg__(self) -> "Rational":
        return Rational({m: -c for m, c in self.num.items()}, self.den)

    def __sub__(self, other: "Rational") -> "Rational":
        return self + (-other)

    def __mul__(self, other: "Rational") -> "Rational":
        return Rational(mul(self.num, other.num), mul(self.den, other.den))

    def __truediv__(self, other: "Rational") -> "Rational":
        if not other.num:
            raise Undefined
        return Rational(mul(self.num, other.den), mul(self.den, other.num))

    def is_zero(self) -> bool:
        return not self.num

    def is_polynomial(self) -> bool:
        """Integer coefficients and no symbol in the denominator (sympy's `fraction` denominator 1)."""
        return self.den == constant(1)

    def value(self) -> Optional[tuple[int, int]]:
        """(numerator, denominator) integers when this is a constant, else None."""
        if not self.num:
            return 0, 1
        if set(self.num) != {()} or set(self.den) != {()}:
            # num / den may still be constant (2m / 4m); cross-check against the lead ratio
            names = sorted({n for poly in (self.num, self.den) for mono in poly for n, _ in mono})
            key = _order_key(names)
            top_num, top_den = max(self.num, key=key), max(self.den, key=key)
            a, b = self.num[top_num], self.den[top_den]
            if mul(self.num, constant(b)) != mul(self.den, constant(a)):
                return None
            return a, b
        return self.num[()], self.den[()]

    def text(self) -> str:
        """A spelling for naming opaque min/max/% atoms: the same for numerator and denominator
        scaled by one integer (2m/4 and m/2 are one atom's argument, as sympy's cancel has them).
        Two spellings of one function that differ by a common polynomial factor stay apart (the
        fact is then left per instance, and sympy, which cancels it, disagrees: an internal error)."""
        def spell(poly: Poly) -> str:
            return "+".join(f"{c}*" + "*".join(f"{n}^{e}" for n, e in m) for m, c in sorted(poly.items())) or "0"

        if self.is_polynomial():
            return spell(self.num)
        from math import gcd

        names = sorted({n for poly in (self.num, self.den) for mono in poly for n, _ in mono})
        lead = self.den[max(self.den, key=_order_key(names))]
        common = gcd(*self.num.values(), *self.den.values()) * (1 if lead > 0 else -1)
        num = {m: c // common for m, c in self.num.items()}
        den = {m: c // common for m, c in self.den.items()}
        return spell(num) if den == constant(1) else f"({spell(num)})/({spell(den)})"


def _atom(function: str, args: list[Rational]) -> Rational:
    values = [arg.value() for arg in args]
    if all(v is not None for v in values):
        from fractions import Fraction

        numbers = [Fraction(v[0], v[1]) for v in values if v is not None]
        if function in ("min", "max"):
            pick = min if function == "min" else max
            return args[pick(range(len(numbers)), key=numbers.__getitem__)]
        a, c = numbers
        if a.denominator == 1 and c.denominator == 1 and c:
            return Rational(constant(int(a % c)))
    spelled = [arg.text() for arg in args]
    if function in ("min", "max") and len(set(spelled)) == 1:
        return args[0]
    if function in ("min", "max"):
        spelled = sorted(set(spelled))
    return Rational(symbol(f"{function}({', '.join(spelled)})"))


def to_rational(expr: Expr, symbols: Mapping[str, Rational]) -> Rational:
    """The rational function of `expr`, node by node (never from text)."""
    if isinstance(expr, Num):
        return Rational(constant(expr.value))
    if isinstance(expr, Name):
        if expr.name not in symbols:
            raise ExprError(f"unknown name '{expr.name}'", expr.offset, UNKNOWN_NAME)
        return symbols[expr.name]
    if isinstance(expr, Neg):
        return -to_rational(expr.operand, symbols)
    if isinstance(expr, Call):
        return _atom(expr.function, [to_rational(arg, symbols) for arg in expr.args])
    left, right = to_rational(expr.left, symbols), to_rational(expr.right, symbols)
    if expr.op == "+":
        return left + right
    if expr.op == "-":
        return left - right
    if expr.op == "*":
        return left * right
    if expr.op == "/":
        return left / right
    return _atom("mod", [left, right])

