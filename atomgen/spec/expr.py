"""The restricted expression grammar of specs, and CuTe layout text built on it.

    layout  := item ':' item
    item    := expr                      (a leaf)  |  '(' item (',' item)+ ')'   (a tuple)
    expr    := term (('+' | '-') term)*
    term    := unary (('*' | '/' | '%') unary)*
    unary   := '-' unary | primary
    primary := INT | NAME | NAME '(' expr ',' expr ')'   (min, max)  |  '(' item ')'

Nothing here calls eval or sympify on text: the parser builds a small tree, which is then
evaluated over integers (exact division enforced) or converted node by node to a rational
function for the proofs (atomgen/check/polynomial.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping, Union

from atomgen.diagnostics import Example, Rule

MAX_EXPRESSION_CHARS = 4096
MAX_DEPTH = 64
# Operators per expression: evaluation and the proofs' conversion recurse once per operator,
# so a `1+1+...+1` chain must stop here, well before Python's recursion limit.
MAX_OPERATORS = 256
MAX_INT_DIGITS = 30
# Values stay in int64 (the generated C++ computes layouts in int64_t); a product of a few
# 30-digit literals would otherwise grow without bound.
MAX_VALUE = (1 << 63) - 1
FUNCTIONS = ("min", "max")


# The expression and layout rules are raised where text is parsed and evaluated (here, and by the
# check modules that evaluate layouts), so they are declared here, the lowest layer that raises them.
SYNTAX = Rule(
    "AG201",
    "expr-syntax",
    "An expression does not parse in atomgen's grammar.",
    "Specs are untrusted: only integers, names, + - * / %, parentheses, min and max are allowed, never Python.",
    Example('G: "64 / m"', 'G: "__import__(\'os\')"', 19, "'"),
    "Write arithmetic over instance variables: `G: 64 / m`.",
)
UNKNOWN_NAME = Rule(
    "AG202",
    "unknown-name",
    "An expression names something that is not an instance variable.",
    "A misspelt name would otherwise silently evaluate to something else.",
    Example('a: "((16, 4), 4)', 'a: "((mm, 4), 4)', 22, "mm"),
    "Use a parameter, `<Type>_bits`, `threads` or a `let` name.",
)
INEXACT_DIVISION = Rule(
    "AG203",
    "inexact-division",
    "A division is not exact (or divides by zero) for some instance.",
    "Layouts are integer arithmetic; C++ would truncate silently and build a layout that misses elements.",
    Example('G: "64 / m"', 'G: "64 / 3"', 19, "/"),
    "Fix the formula or the instance; the message names the instance that breaks it.",
)
LAYOUT_SYNTAX = Rule(
    "AG304",
    "layout-syntax",
    "A layout string does not parse as CuTe `shape : stride`.",
    "The layout is the most important fact in a spec; it must be read exactly.",
    Example('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) ((1, 64), 16)"', 22, "((1, 64)"),
    "Separate shape and stride with ':'.",
)
OVER_LIMIT = Rule(
    "AG305",
    "over-limit",
    "A layout is over a checking limit: more than 16 Mi points in one operand, more enumeration than a spec's "
    "budget of 4 Mi points, or a value outside the 64-bit range.",
    "Coverage is decided exactly; without limits one hostile extent stalls `check` for minutes or exhausts "
    "memory. Compact layouts are decided from their modes at any size; only the others are enumerated.",
    Example(
        'a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4000000000) : ((1, 64), 16)"', 22, '"',
        also=frozenset({"AG331"})
    ),
    "Describe the real instruction: its tiles are far below these limits.",
)
RULES = (SYNTAX, UNKNOWN_NAME, INEXACT_DIVISION, LAYOUT_SYNTAX, OVER_LIMIT)


class ExprError(Exception):
    """A problem at character `offset` of the expression text."""

    def __init__(self, message: str, offset: int = 0, rule: Rule = SYNTAX):
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.rule = rule.id  # the id: the model and the checks report it as found


@dataclass(frozen=True, slots=True)
class Num:
    value: int
    offset: int


@dataclass(frozen=True, slots=True)
class Name:
    name: str
    offset: int


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str
    left: "Expr"
    right: "Expr"
    offset: int


@dataclass(frozen=True, slots=True)
class Neg:
    operand: "Expr"
    offset: int


@dataclass(frozen=True, slots=True)
class Call:
    function: str
    args: tuple["Expr", ...]
    offset: int


@dataclass(frozen=True, slots=True)
class Tup:
    items: tuple["Item", ...]
    offset: int


Expr = Union[Num, Name, BinOp, Neg, Call]
Item = Union[Expr, Tup]

_TOKEN = re.compile(r"\s*(?:(?P<int>\d+)|(?P<name>[A-Za-z_][A-Za-z_0-9]*)|(?P<op>[-+*/%(),:]))")


def _tokenize(text: str) -> list[tuple[str, str, int]]:
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ExprError(f"expression longer than {MAX_EXPRESSION_CHARS} characters", 0)
    tokens: list[tuple[str, str, int]] = []
    position = 0
    while position < len(text):
        if text[position:].strip() == "":
            break
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            stripped = len(text[position:]) - len(text[position:].lstrip())
            bad = text[position + stripped]
            raise ExprError(f"unexpected character {bad!r}", position + stripped)
        kind = match.lastgroup or ""
        tokens.append((kind, match.group(kind), match.start(kind)))
        position = match.end()
    tokens.append(("end", "", len(text)))
    return tokens


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = _tokenize(text)
        self.index = 0
        self.depth = 0
        self.operators = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.index]

    def take(self) -> tuple[str, str, int]:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def expect(self, value: str) -> None:
        kind, text, offset = self.take()
        if text != value or kind != "op":
            found = "end of text" if kind == "end" else repr(text)
            raise ExprError(f"expected '{value}', found {found}", offset)

    def finish(self) -> None:
        kind, text, offset = self.peek()
        if kind != "end":
            raise ExprError(f"unexpected {text!r}", offset)

    def _operator(self, offset: int) -> None:
        self.operators += 1
        if self.operators > MAX_OPERATORS:
            raise ExprError(f"expression has more than {MAX_OPERATORS} operators", offset)

    def _enter(self, offset: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExprError("expression is nested too deeply", offset)

    def item(self) -> Item:
        parsed: Item = self.expr(allow_tuple=True)
        return parsed

    def expr(self, allow_tuple: bool = False) -> Any:
        left = self.term(allow_tuple)
        while self.peek()[1] in ("+", "-") and self.peek()[0] == "op":
            _, op, offset = self.take()
            self._operator(offset)
            right = self.term(False)
            left = BinOp(op, self._leaf(left), right, offset)
        return left

    def term(self, allow_tuple: bool) -> Any:
        left = self.unary(allow_tuple)
        while self.peek()[1] in ("*", "/", "%") and self.peek()[0] == "op":
            _, op, offset = self.take()
            self._operator(offset)
            right = self.unary(False)
            left = BinOp(op, self._leaf(left), right, offset)
        return left

    def _leaf(self, item: Any) -> Expr:
        if isinstance(item, Tup):
            raise ExprError("arithmetic on a tuple", item.offset)
        return item  # type: ignore[no-any-return]

    def unary(self, allow_tuple: bool) -> Any:
        kind, text, offset = self.peek()
        if kind == "op" and text == "-":
            self.take()
            self._operator(offset)
            self._enter(offset)
            operand = self.unary(False)
            self.depth -= 1
            return Neg(self._leaf(operand), offset)
        return self.primary(allow_tuple)

    def primary(self, allow_tuple: bool) -> Any:
        kind, text, offset = self.take()
        if kind == "int":
            if len(text) > MAX_INT_DIGITS:
                raise ExprError(f"number with {len(text)} digits (at most {MAX_INT_DIGITS})", offset)
            return Num(int(text), offset)
        if kind == "name":
            if self.peek()[1] == "(" and self.peek()[0] == "op":
                if text not in FUNCTIONS:
                    raise ExprError(f"unknown function '{text}' (only min and max are allowed)", offset)
                self.take()
                self._operator(offset)
                self._enter(offset)
                args = [self._leaf(self.expr())]
                while self.peek()[1] == ",":
                    self.take()
                    args.append(self._leaf(self.expr()))
                self.expect(")")
                self.depth -= 1
                if len(args) < 2:
                    raise ExprError(f"{text}() takes at least two arguments", offset)
                return Call(text, tuple(args), offset)
            return Name(text, offset)
        if kind == "op" and text == "(":
            self._enter(offset)
            items = [self.expr(allow_tuple=True)]
            while self.peek()[1] == "," and self.peek()[0] == "op":
                self.take()
                items.append(self.expr(allow_tuple=True))
            self.expect(")")
            self.depth -= 1
            if len(items) == 1:
                return items[0]
            if not allow_tuple:
                raise ExprError("a tuple is not allowed here", offset)
            return Tup(tuple(items), offset)
        found = "end of text" if kind == "end" else repr(text)
        raise ExprError(f"expected a number, a name or '(', found {found}", offset)


def parse_expression(text: str) -> Expr:
    """Parse one scalar expression (no tuples)."""
    return _parse_expression(str(text))


# Trees are immutable, so one text parses once per process (instance rows repeat their
# `{expr}` placeholders hundreds of times), and its compiled evaluator is reused with it.
@lru_cache(maxsize=8192)
def _parse_expression(text: str) -> Expr:
    parser = _Parser(text)
    result = parser.expr()
    parser.finish()
    if isinstance(result, Tup):
        raise ExprError("expected a scalar expression, found a tuple", result.offset)
    return result  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class LayoutText:
    """A parsed CuTe layout `shape : stride`, leaves still expressions."""

    shape: Item
    stride: Item
    stride_offset: int


def parse_layout(text: str) -> LayoutText:
    parser = _Parser(str(text))
    shape = parser.item()
    kind, token, offset = parser.peek()
    if token != ":" or kind != "op":
        found = "end of text" if kind == "end" else repr(token)
        raise ExprError(f"expected ':' between shape and stride, found {found}", offset, LAYOUT_SYNTAX)
    parser.take()
    stride_offset = parser.peek()[2]
    stride = parser.item()
    parser.finish()
    return LayoutText(shape, stride, stride_offset)


def names_in(item: Item) -> set[str]:
    """Every variable name an expression or tuple mentions."""
    if isinstance(item, Name):
        return {item.name}
    if isinstance(item, Num):
        return set()
    if isinstance(item, BinOp):
        return names_in(item.left) | names_in(item.right)
    if isinstance(item, Neg):
        return names_in(item.operand)
    if isinstance(item, Call):
        found: set[str] = set()
        for arg in item.args:
            found |= names_in(arg)
        return found
    found = set()
    for sub in item.items:
        found |= names_in(sub)
    return found


def evaluate(expr: Expr, variables: Mapping[str, int]) -> int:
    """Integer value of `expr`; division must be exact, every value within int64."""
    return _compiled(expr)(variables)  # type: ignore[no-any-return]


Nested = Union[int, tuple["Nested", ...]]  # an evaluated item: an int, or a tuple of them, nested


def evaluate_item(item: Item, variables: Mapping[str, int]) -> Nested:
    """A nested tuple of ints (or an int) from a parsed item."""
    value: Nested = _compiled(item)(variables)
    return value


# Each instance evaluates the same few layout texts with other variables (1,200 instances in
# specs/), so an expression is turned once into nested closures, which evaluate five times
# faster than walking the tree. Keyed by identity (the tree is kept alive beside its closure).
_COMPILED: dict[int, tuple[Item, Callable[[Mapping[str, int]], Any]]] = {}
_COMPILED_MAX = 100_000


def _compiled(item: Item) -> Callable[[Mapping[str, int]], Any]:
    entry = _COMPILED.get(id(item))
    if entry is not None and entry[0] is item:
        return entry[1]
    if len(_COMPILED) >= _COMPILED_MAX:
        _COMPILED.clear()
    function = _compile(item)
    _COMPILED[id(item)] = (item, function)
    return function


def _compile(item: Item) -> Callable[[Mapping[str, int]], Any]:
    if isinstance(item, Tup):
        parts = [_compile(sub) for sub in item.items]
        constant = _constant(item)
        if constant is not None:
            return lambda variables: constant
        if len(parts) == 2:  # (thr, val) and most modes: no generator per call
            first, second = parts
            return lambda variables: (first(variables), second(variables))
        return lambda variables: tuple([part(variables) for part in parts])
    if isinstance(item, Num):
        value = item.value
        if value > MAX_VALUE:
            def out_of_range(variables: Mapping[str, int]) -> int:
                raise ExprError(f"{value} is outside the 64-bit range", item.offset, OVER_LIMIT)

            return out_of_range
        return lambda variables: value
    if isinstance(item, Name):
        name = item.name

        def lookup(variables: Mapping[str, int]) -> int:
            try:
                return variables[name]
            except KeyError:
                raise ExprError(f"unknown name '{name}'", item.offset, UNKNOWN_NAME) from None

        return lookup
    if isinstance(item, Neg):
        operand = _compile(item.operand)
        return lambda variables: -operand(variables)
    if isinstance(item, Call):
        args = [_compile(arg) for arg in item.args]
        pick = min if item.function == "min" else max
        return lambda variables: pick([arg(variables) for arg in args])
    return _binary(item)


def _constant(item: Item) -> Any:
    """The value of a tuple of plain numbers within range (None when anything else is in it)."""
    if isinstance(item, Num):
        return item.value if item.value <= MAX_VALUE else None
    if isinstance(item, Tup):
        values = [_constant(sub) for sub in item.items]
        return None if None in values else tuple(values)
    return None


def _binary(expr: BinOp) -> Callable[[Mapping[str, int]], int]:
    left_of, right_of, op, offset = _compile(expr.left), _compile(expr.right), expr.op, expr.offset

    def out_of_range(left: int, right: int) -> ExprError:
        return ExprError(f"{left} {op} {right} is outside the 64-bit range", offset, OVER_LIMIT)

    # one closure per operator: the operator is not looked at again on every evaluation
    def add(variables: Mapping[str, int]) -> int:
        left, right = left_of(variables), right_of(variables)
        value: int = left + right
        if -MAX_VALUE <= value <= MAX_VALUE:
            return value
        raise out_of_range(left, right)

    def subtract(variables: Mapping[str, int]) -> int:
        left, right = left_of(variables), right_of(variables)
        value: int = left - right
        if -MAX_VALUE <= value <= MAX_VALUE:
            return value
        raise out_of_range(left, right)

    def multiply(variables: Mapping[str, int]) -> int:
        left, right = left_of(variables), right_of(variables)
        value: int = left * right
        if -MAX_VALUE <= value <= MAX_VALUE:
            return value
        raise out_of_range(left, right)

    if op in "+-*":
        return add if op == "+" else subtract if op == "-" else multiply

    def apply(variables: Mapping[str, int]) -> int:
        left, right = left_of(variables), right_of(variables)
        if right == 0:
            raise ExprError(f"division by zero ({left} {op} 0)", offset, INEXACT_DIVISION)
        if op == "/":
            if left % right:
                raise ExprError(f"inexact division {left} / {right}", offset, INEXACT_DIVISION)
            return left // right  # type: ignore[no-any-return]
        return left % right  # type: ignore[no-any-return]

    return apply


def leaves(item: Item) -> list[Expr]:
    if isinstance(item, Tup):
        result: list[Expr] = []
        for sub in item.items:
            result.extend(leaves(sub))
        return result
    return [item]


def divisions(expr: Item) -> list[BinOp]:
    """Every '/' node, for the exactness proofs."""
    if isinstance(expr, BinOp):
        found = divisions(expr.left) + divisions(expr.right)
        return found + [expr] if expr.op == "/" else found
    if isinstance(expr, Neg):
        return divisions(expr.operand)
    if isinstance(expr, Call):
        return [d for arg in expr.args for d in divisions(arg)]
    if isinstance(expr, Tup):
        return [d for sub in expr.items for d in divisions(sub)]
    return []


def congruent(shape: Item, stride: Item) -> bool:
    if isinstance(shape, Tup) != isinstance(stride, Tup):
        return False
    if isinstance(shape, Tup) and isinstance(stride, Tup):
        return len(shape.items) == len(stride.items) and all(congruent(a, b) for a, b in zip(shape.items, stride.items))
    return True
