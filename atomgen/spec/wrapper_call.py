"""FlyDSL's wrapper as a spec declares it: its signature, and how it fills the binding's get() arguments.

A spec's `python.wrappers[0]` may give FlyDSL's `signature` (`MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None)`),
`maps` (get() argument -> the expression it takes) and `defaults` (wrapper argument -> its value when None).
The generated wrapper takes that signature, so a kernel written against FlyDSL calls it unchanged.

The expressions are a small language, parsed here (never evaluated) into a tree the renderer prints:

    expr    := NAME "or" choice | choice                `elem_ty_acc or f32`: the parameter unless it is None
    choice  := value ("if" test "else" choice)?
    test    := NAME "is an integer type" | NAME "is" TYPE
    value   := INT | INT "//" "bits(" NAME ")" | NAME | TYPE | "(" expr ")"

NAME is a parameter of the signature, TYPE an MLIR element type atomgen knows (f32, i32, bf16, ...).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Optional, Sequence, Union

from atomgen.spec.mlir_types import element_bits

Literal = Union[None, bool, int, str]


class WrapperError(ValueError):
    """A declared wrapper the generator cannot take (the message says what; `field` which key)."""

    def __init__(self, message: str, field: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class Argument:
    """One parameter of the signature."""

    name: str
    default: Literal = None
    has_default: bool = False
    keyword_only: bool = False


@dataclass(frozen=True, slots=True)
class Signature:
    name: str
    arguments: tuple[Argument, ...]
    text: str  # the parameter list as FlyDSL writes it (ast.unparse of the parsed one)

    def names(self) -> tuple[str, ...]:
        return tuple(argument.name for argument in self.arguments)


@dataclass(frozen=True, slots=True)
class Number:
    value: int


@dataclass(frozen=True, slots=True)
class Name:
    name: str


@dataclass(frozen=True, slots=True)
class TypeName:
    name: str


@dataclass(frozen=True, slots=True)
class PerBits:
    """`INT // bits(NAME)`: so many bits' worth of elements of NAME's type."""

    bits: int
    of: str


@dataclass(frozen=True, slots=True)
class Otherwise:
    """`name or fallback`: the parameter unless it is None."""

    value: Name
    fallback: Expr


@dataclass(frozen=True, slots=True)
class IsInteger:
    name: str


@dataclass(frozen=True, slots=True)
class IsType:
    name: str
    type: str


@dataclass(frozen=True, slots=True)
class Choice:
    test: Union[IsInteger, IsType]
    then: Expr
    otherwise: Expr


Expr = Union[Number, Name, TypeName, PerBits, Otherwise, Choice]


@dataclass(frozen=True, slots=True)
class CallPlan:
    """The generated wrapper: FlyDSL's signature, the defaults it fills in, then each get() argument's value
    (None: left to the binding's own default)."""

    signature: Signature
    defaults: tuple[tuple[str, Expr], ...]
    arguments: tuple[tuple[str, Optional[Expr]], ...]


def parse_signature(text: str, name: str) -> Signature:
    """`Name(a, b=None, *, c=0)`: positional and keyword-only parameters with literal defaults."""
    match = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*", text, re.S)
    if match is None:
        raise WrapperError(f"signature '{text}' is not `{name}(parameters)`", ("signature",))
    if match.group(1) != name:
        raise WrapperError(f"signature names '{match.group(1)}', the wrapper is '{name}'", ("signature",))
    try:
        function = ast.parse(f"def f({match.group(2)}): pass").body[0]
    except SyntaxError as error:
        raise WrapperError(f"signature '{text}' is not a Python parameter list ({error.msg})", ("signature",)) from None
    assert isinstance(function, ast.FunctionDef)
    spec = function.args
    if spec.posonlyargs or spec.vararg:
        raise WrapperError("signature: positional-only parameters and *args are not generated", ("signature",))
    arguments: list[Argument] = []
    positional_defaults = [None] * (len(spec.args) - len(spec.defaults)) + list(spec.defaults)
    for argument, default in zip(spec.args, positional_defaults):
        arguments.append(_argument(argument.arg, default, keyword_only=False))
    for argument, default in zip(spec.kwonlyargs, spec.kw_defaults):
        arguments.append(_argument(argument.arg, default, keyword_only=True))
    if spec.kwarg is not None:
        raise WrapperError(f"signature: **{spec.kwarg.arg} is not generated (a wrapper with arch_dispatch keeps its "
                           "own)", ("signature",))
    return Signature(name, tuple(arguments), ast.unparse(spec))


def _argument(name: str, default: Optional[ast.expr], keyword_only: bool) -> Argument:
    if default is None:
        return Argument(name, keyword_only=keyword_only)
    if not isinstance(default, ast.Constant) or not isinstance(default.value, (type(None), bool, int, str)):
        raise WrapperError(f"signature: the default of '{name}' must be None, a bool, an int or a string",
                           ("signature",))
    return Argument(name, default.value, True, keyword_only)


_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(//|[()]))")


def parse_expr(text: str, names: Sequence[str], field: tuple[str, ...]) -> Expr:
    """An expression of the language above, over the signature's `names`."""
    tokens: list[str] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            if text[position:].strip() == "":
                break
            raise WrapperError(f"'{text}': unexpected '{text[position:].strip()[:20]}'", field)
        tokens.append(match.group(match.lastindex or 0))
        position = match.end()
    parser = _Parser(tokens, text, tuple(names), field)
    expr = parser.expr()
    if parser.at < len(tokens):
        raise WrapperError(f"'{text}': unexpected '{tokens[parser.at]}'", field)
    return expr


class _Parser:
    def __init__(self, tokens: list[str], text: str, names: tuple[str, ...], field: tuple[str, ...]) -> None:
        self.tokens, self.text, self.names, self.field, self.at = tokens, text, names, field, 0

    def error(self, what: str) -> WrapperError:
        return WrapperError(f"'{self.text}': {what}", self.field)

    def peek(self, *words: str) -> bool:
        return self.tokens[self.at:self.at + len(words)] == list(words)

    def take(self, *words: str) -> None:
        if not self.peek(*words):
            found = self.tokens[self.at] if self.at < len(self.tokens) else "the end"
            raise self.error(f"expected '{' '.join(words)}', found '{found}'")
        self.at += len(words)

    def word(self) -> str:
        if self.at >= len(self.tokens):
            raise self.error("ends too early")
        self.at += 1
        return self.tokens[self.at - 1]

    def name(self) -> str:
        word = self.word()
        if word not in self.names:
            raise self.error(f"'{word}' is not a parameter of the signature ({', '.join(self.names)})")
        return word

    def expr(self) -> Expr:
        value = self.choice()
        if self.peek("or"):
            if not isinstance(value, Name):
                raise self.error("only a parameter can stand before 'or' (the value used unless it is None)")
            self.take("or")
            return Otherwise(value, self.choice())
        return value

    def choice(self) -> Expr:
        then = self.value()
        if not self.peek("if"):
            return then
        self.take("if")
        name = self.name()
        test: Union[IsInteger, IsType]
        if self.peek("is", "an"):
            self.take("is", "an", "integer", "type")
            test = IsInteger(name)
        else:
            self.take("is")
            test = IsType(name, self.type_name(self.word()))
        self.take("else")
        return Choice(test, then, self.choice())

    def value(self) -> Expr:
        word = self.word()
        if word == "(":
            inner = self.expr()
            self.take(")")
            return inner
        if word.isdigit():
            if self.peek("//"):
                self.take("//", "bits", "(")
                of = self.name()
                self.take(")")
                return PerBits(int(word), of)
            return Number(int(word))
        if word in self.names:
            return Name(word)
        return TypeName(self.type_name(word))

    def type_name(self, word: str) -> str:
        if element_bits(word) is None:
            raise self.error(f"'{word}' is neither a parameter of the signature nor an element type")
        return word


def call_plan(signature_text: str, name: str, maps: Sequence[tuple[str, str]], defaults: Sequence[tuple[str, str]],
              get_arguments: Sequence[tuple[str, bool]]) -> CallPlan:
    """How FlyDSL's signature fills the binding's get() arguments (python name, has a default): from `maps`,
    else the same-named parameter, else the binding's default; one with none of them cannot be called."""
    signature = parse_signature(signature_text, name)
    names = signature.names()
    known = {argument for argument, _ in get_arguments}
    for argument, _ in maps:
        if argument not in known:
            raise WrapperError(f"maps '{argument}', which is no argument of the binding's get() "
                               f"({', '.join(sorted(known))})", ("maps", argument))
    filled: list[tuple[str, Expr]] = []
    for argument, text in defaults:
        if argument not in names:
            raise WrapperError(f"defaults '{argument}', which is no parameter of the signature", ("defaults", argument))
        filled.append((argument, parse_expr(text, names, ("defaults", argument))))
    mapped = {argument: parse_expr(text, names, ("maps", argument)) for argument, text in maps}
    plan: list[tuple[str, Optional[Expr]]] = []
    for argument, has_default in get_arguments:
        if argument in mapped:
            plan.append((argument, mapped[argument]))
        elif argument in names:
            plan.append((argument, Name(argument)))
        elif has_default:
            raise WrapperError(f"the signature cannot set the binding's '{argument}' (it would stay at its default); "
                               f"take it as a parameter, or map it", ("signature",))
        else:
            raise WrapperError(f"the binding's '{argument}' gets no value: take it as a parameter, or map it",
                               ("signature",))
    used = {n for _, expr in [*filled, *mapped.items()] for n in _names(expr)} | {a for a, _ in get_arguments}
    unused = [argument for argument in names if argument not in used]
    if unused:
        raise WrapperError(f"the signature's {', '.join(unused)} reach no get() argument", ("signature",))
    return CallPlan(signature, tuple(filled), tuple(plan))


def _names(expr: Expr) -> set[str]:
    if isinstance(expr, Name):
        return {expr.name}
    if isinstance(expr, PerBits):
        return {expr.of}
    if isinstance(expr, Otherwise):
        return _names(expr.value) | _names(expr.fallback)
    if isinstance(expr, Choice):
        return {expr.test.name} | _names(expr.then) | _names(expr.otherwise)
    return set()


__all__ = ["Argument", "CallPlan", "Choice", "Expr", "IsInteger", "IsType", "Name", "Number", "Otherwise", "PerBits",
           "Signature", "TypeName", "WrapperError", "call_plan", "parse_expr", "parse_signature"]
