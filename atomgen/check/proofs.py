"""Symbolic proofs of parametric layout facts, for all parameters at once.

For every layout piece that mentions instance variables, prove that
  * its thread mode has exactly `threads` threads,
  * its size is the operand tile size (times the declared replication),
  * every division in it is exact,
for all parameter values, as identities of rational functions (atomgen/check/polynomial.py).
A fact that cannot be proved in general is not an error: it is then checked concretely for
each instance (atomgen/check/analyze.py), and a failure there names the instance that breaks
it. The result says which facts hold by proof.

Each fact is first written down as a *statement*: plain JSON built from the parsed expression
trees (never from text), with the `let` definitions it needs and the domain of every variable.
The polynomial engine decides the statement (`polynomial_verdict`), and so does the second
engine, sympy (`atomgen/check/certify.py`), from the same statement; `gen` writes nothing until
they agree. A statement's form:

    {"claim": "product-equal", "lhs": [tree, ...], "rhs": [tree, ...], "let": [[name, tree], ...],
     "variables": {name: domain}}             product(lhs) == product(rhs) identically
    {"claim": "integral", "expr": tree, "let": ..., "variables": ...}
                                              expr is a polynomial with integer coefficients

A tree is an int (a literal), a str (a variable or a `let` name), or a list: [op, left, right]
for + - * / %, ["neg", operand], ["min" | "max", arg, arg, ...]. min, max and % of non-constant
arguments are opaque atoms to both engines. Domains: "integer" (an int32_t/int64_t parameter),
"boolean" (0 or 1), "positive integer" (a type parameter's bit width).
"""

from __future__ import annotations

from typing import Any, Union

from atomgen.check.polynomial import Rational, TooLarge, Undefined, constant, symbol, to_rational
from atomgen.spec.expr import BinOp, Call, Expr, ExprError, Name, Neg, Num, Tup, divisions, leaves, names_in
from atomgen.spec.model import AtomSpec
from atomgen.spec.sparsity import SPARSE_ROLES

TILE_DIMS = {"a": ("m", "k"), "b": ("n", "k"), "c": ("m", "n")}
CLAIMS = ("product-equal", "integral")
DOMAINS = ("integer", "boolean", "positive integer")
BINARY = ("+", "-", "*", "/", "%")
Tree = Union[int, str, list[Any]]
# The engine that decided a record when check made it; atomgen/check/certify.py adds "sympy".
POLYNOMIAL = "polynomial"


class StatementError(Exception):
    """A statement that is not of the form above (a corrupted cache entry)."""


def encode(expr: Expr) -> Tree:
    """The JSON tree of a parsed expression."""
    if isinstance(expr, Num):
        return expr.value
    if isinstance(expr, Name):
        return expr.name
    if isinstance(expr, Neg):
        return ["neg", encode(expr.operand)]
    if isinstance(expr, Call):
        return [expr.function, *(encode(arg) for arg in expr.args)]
    return [expr.op, encode(expr.left), encode(expr.right)]


def decode(tree: Any) -> Expr:
    """The expression of a JSON tree (offsets are 0); StatementError for anything else."""
    if isinstance(tree, bool):
        raise StatementError("a boolean is no tree")
    if isinstance(tree, int):
        if tree < 0:
            raise StatementError("a negative literal")
        return Num(tree, 0)
    if isinstance(tree, str):
        if not is_identifier(tree):
            raise StatementError(f"not a variable name: {tree!r}")
        return Name(tree, 0)
    if isinstance(tree, list) and tree:
        head, arguments = tree[0], tree[1:]
        if head == "neg" and len(arguments) == 1:
            return Neg(decode(arguments[0]), 0)
        if head in ("min", "max") and len(arguments) >= 2:
            return Call(head, tuple(decode(argument) for argument in arguments), 0)
        if head in BINARY and len(arguments) == 2:
            return BinOp(head, decode(arguments[0]), decode(arguments[1]), 0)
    raise StatementError(f"not a tree: {str(tree)[:80]}")


def is_identifier(text: str) -> bool:
    # every character an ASCII letter, digit or underscore: with `_` made a letter, all alphanumeric
    return bool(text) and text.isascii() and (text[0].isalpha() or text[0] == "_") and text.replace(
        "_", "a").isalnum()


def _names(tree: Any) -> set[str]:
    if isinstance(tree, str):
        return {tree}
    if isinstance(tree, list):
        return {name for argument in tree[1:] for name in _names(argument)}
    return set()


class _Context:
    """A spec's variables (with their domains) and `let` definitions, for writing statements."""

    def __init__(self, spec: AtomSpec):
        self.variables: dict[str, str] = {}
        self.definitions: dict[str, Tree] = {"threads": spec.threads}
        self.order: list[str] = ["threads"]
        for parameter in spec.parameters:
            if parameter.is_type:
                self.variables[f"{parameter.name}_bits"] = "positive integer"
            elif parameter.is_integer:
                self.variables[parameter.name] = "integer"
            elif parameter.is_bool:
                self.variables[parameter.name] = "boolean"
        symbols = self.symbols = {name: Rational(symbol(name)) for name in self.variables}
        symbols["threads"] = Rational(constant(spec.threads))
        taken = set(symbols)
        for name, expression, _ in spec.let:
            if name in taken:
                # a let that shadows a parameter (AG382) or another name: one name, one meaning in
                # a statement, so whatever names it is left to the per-instance checks
                symbols.pop(name, None)
                self.variables.pop(name, None)
                self.definitions.pop(name, None)
                continue
            taken.add(name)
            if expression is not None and names_in(expression) <= set(symbols):
                try:
                    symbols[name] = to_rational(expression, symbols)
                except (TooLarge, Undefined, ExprError):
                    continue  # pieces naming it are left to the per-instance checks
                self.definitions[name] = encode(expression)
                self.order.append(name)

    def statement(self, claim: dict[str, Any], trees: list[Tree]) -> dict[str, Any]:
        """`claim` with the definitions and variables its trees need (transitively)."""
        needed: set[str] = set()
        pending = [name for tree in trees for name in _names(tree)]
        while pending:
            name = pending.pop()
            if name in needed:
                continue
            needed.add(name)
            if name in self.definitions:
                pending.extend(_names(self.definitions[name]))
        let = [[name, self.definitions[name]] for name in self.order if name in needed]
        variables = {name: self.variables[name] for name in sorted(needed) if name in self.variables}
        return {**claim, "let": let, "variables": variables}


def polynomial_verdict(statement: dict[str, Any]) -> tuple[str, bool]:
    """(proved / false / per-instance, whether the expansion bound decided it) by polynomial.py."""
    claim = statement.get("claim")
    if claim not in CLAIMS:
        raise StatementError(f"unknown claim {claim!r}")
    try:
        symbols: dict[str, Rational] = {}
        for name, domain in dict(statement["variables"]).items():
            if domain not in DOMAINS or not is_identifier(name):
                raise StatementError(f"variable {name!r}: unknown domain {domain!r}")
            symbols[name] = Rational(symbol(name))
        for name, tree in statement["let"]:
            symbols[str(name)] = to_rational(decode(tree), symbols)
        if claim == "integral":
            return ("proved" if to_rational(decode(statement["expr"]), symbols).is_polynomial()
                    else "per-instance"), False
        difference = Rational(constant(1))
        for tree in statement["lhs"]:
            difference = difference * to_rational(decode(tree), symbols)
        goal = Rational(constant(1))
        for tree in statement["rhs"]:
            goal = goal * to_rational(decode(tree), symbols)
        difference = difference - goal
    except TooLarge:
        return "per-instance", True  # over the expansion bound: decided concretely
    except Undefined:
        return "per-instance", False  # undefined somewhere (a division by zero): decided concretely
    except (ExprError, KeyError, TypeError, ValueError) as error:
        raise StatementError(f"malformed statement: {error}") from None
    if difference.is_zero():
        return "proved", False
    return ("false" if difference.value() is not None else "per-instance"), False


def _record(base: dict[str, Any], fact: str, statement: dict[str, Any]) -> dict[str, Any]:
    status, bounded = polynomial_verdict(statement)
    record = {**base, "fact": fact, "status": status, "engines": [POLYNOMIAL], "statement": statement}
    if bounded:
        record["bounded"] = True  # the polynomial engine stopped at MAX_TERMS; no engine proves it
    return record


def prove_spec(spec: AtomSpec) -> list[dict[str, Any]]:
    """One record per (layout piece, fact): proved / false / per-instance, with its statement."""
    results: list[dict[str, Any]] = []
    context = _Context(spec)
    symbols = context.symbols
    for role, pieces in spec.layouts.items():
        if role in SPARSE_ROLES:
            continue  # metadata layouts are judged per instance (atomgen/check/families/sparse.py)
        for index, piece in enumerate(pieces):
            parsed = piece.parsed
            if parsed is None or not (names_in(parsed.shape) | names_in(parsed.stride)):
                continue
            if not (names_in(parsed.shape) | names_in(parsed.stride)) <= set(symbols):
                continue
            base = {"layout": role, "piece": index, "text": piece.text}
            shape = parsed.shape
            if role == "thr":
                thread_leaves = leaves(shape)
            elif isinstance(shape, Tup) and len(shape.items) == 2:
                thread_leaves = leaves(shape.items[0])
            else:
                continue
            lhs = [encode(leaf) for leaf in thread_leaves]
            claim: dict[str, Any] = {"claim": "product-equal", "lhs": lhs, "rhs": [spec.threads]}
            results.append(_record(base, f"threads == {spec.threads}", context.statement(claim, lhs)))
            # a multi-block tile's size is left to the per-instance coverage check (blocks is per instance)
            # so is a sparse A (its compressed K is per instance)
            if spec.kind == "mma" and spec.blocks is None and role in TILE_DIMS \
                    and not (spec.sparse and role == "a") and all(
                    d in symbols for d in TILE_DIMS[role]):
                first, second = TILE_DIMS[role]
                size = [encode(leaf) for leaf in leaves(shape)]
                tile: list[Tree] = [first, second, spec.replicated.get(role, 1)]
                claim = {"claim": "product-equal", "lhs": size, "rhs": tile}
                results.append(_record(base, "size == tile", context.statement(claim, size + tile)))
            for division in divisions(parsed.shape) + divisions(parsed.stride):
                tree = encode(division)
                claim = {"claim": "integral", "expr": tree}
                results.append(_record(base, f"exact division at offset {division.offset}",
                                       context.statement(claim, [tree])))
    return results
