"""The layout methods (getThrLayout, getThrValLayoutA, ...): spec layouts as C++ expressions."""

from __future__ import annotations

from dataclasses import dataclass

from atomgen.render.cpp.mlirtype import CppRenderError, type_predicate
from atomgen.render.cpp.params import CppParam
from atomgen.render.cppexpr import cpp_expr, cpp_layout
from atomgen.spec.expr import names_in
from atomgen.spec.model import AtomSpec, LayoutPiece
from atomgen.spec.sparsity import Sparsity

SPARSE_VARIABLES = ("k_packed", "k_index")  # instance variables of a sparse spec (spec/sparsity.py)


@dataclass
class LayoutMethod:
    method: str
    locals: list[str]  # `int32_t G = 64 / m;`
    pieces: list[tuple[str | None, str]]  # (condition or None, FxLayout(...))
    exhaustive: bool  # the last piece has no condition


def _bits_local(name: str) -> str:
    return name[: -len("_bits")] + "Bits"


class _Variables:
    """C++ spelling of spec variables inside a payload-type member function."""

    def __init__(self, spec: AtomSpec, params: dict[str, CppParam]):
        self.spec = spec
        self.params = params
        self.lets = {name: expression for name, expression, _ in spec.let if expression is not None}
        self.vector_types = {
            p.name
            for p in spec.parameters
            if p.is_type and any(str(i.values.get(p.name, "")).startswith("vector<") for i in spec.instances)
        }

    def spelling(self, name: str) -> str:
        if name == "threads":
            return str(self.spec.threads)
        if name.endswith("_bits") and name[: -len("_bits")] in self.params:
            return _bits_local(name)
        return name

    def locals_for(self, names: set[str]) -> list[str]:
        """Declarations, in dependency order, of every local `names` needs."""
        ordered: list[str] = []

        def visit(name: str) -> None:
            if name in ordered or name == "threads":
                return
            if name in self.lets:
                for dependency in sorted(names_in(self.lets[name])):
                    visit(dependency)
            if name in SPARSE_VARIABLES:
                visit("k")  # A's compressed K: k and the sparse piece's ratio
            ordered.append(name)

        for name in sorted(names):
            visit(name)
        lines = []
        # parameters first (declaration order), then widths, then lets (spec order)
        for parameter in self.spec.parameters:
            if parameter.name in ordered and not parameter.is_type:
                cpp = self.params[parameter.name]
                lines.append(f"{'bool' if cpp.is_bool else 'int32_t'} {parameter.name} = {cpp.getter};")
        for parameter in self.spec.parameters:
            bits = f"{parameter.name}_bits"
            if bits in ordered:
                getter = self.params[parameter.name].getter
                width = (
                    f"getTotalBitWidth({getter})"
                    if parameter.name in self.vector_types
                    else f"{getter}.getIntOrFloatBitWidth()"
                )
                lines.append(f"int32_t {_bits_local(bits)} = {width};")
        for name in SPARSE_VARIABLES:
            if name in ordered:
                lines.append(f"int32_t {name} = {self._sparse(name)};")
        for name, _expression, _path in self.spec.let:
            if name in ordered:
                lines.append(f"int32_t {name} = {cpp_expr(self.lets[name], self.spelling)};")
        return lines

    def _sparse(self, name: str) -> str:
        """k_packed / k_index of the sparse piece the instance selects (spec/sparsity.py computes the same):
        a chain of conditions over the pieces' `when`, the last piece unconditional."""
        if not self.spec.sparse:
            raise CppRenderError(f"layout names {name}, but the spec declares no `sparse`")
        choices: list[tuple[str | None, str]] = []
        for piece in self.spec.sparse:
            if name == "k_packed":
                value = f"k * {piece.nonzeros} / {piece.chunk}"
            else:
                per_chunk = Sparsity(piece.nonzeros, piece.chunk, piece.index_bits, 0).per_chunk
                if per_chunk.denominator != 1:
                    raise CppRenderError(f"{name}: {per_chunk} indices per chunk is not an integer")
                value = f"k / {piece.chunk} * {per_chunk.numerator}"
            condition = self.condition(piece)[0] if piece.when else None  # type: ignore[arg-type]
            choices.append((condition, value))
            if condition is None:
                break
        text = choices[-1][1] if choices[-1][0] is None else "0"
        for condition, value in reversed(choices[:-1] if choices[-1][0] is None else choices):
            text = f"({condition}) ? {value} : {text}"
        return text

    def type_params_used(self, names: set[str]) -> set[str]:
        return {n for n in names if n in self.params and self.params[n].is_type}

    def condition(self, piece: LayoutPiece) -> tuple[str, set[str]]:
        terms: list[str] = []
        used: set[str] = set()
        for name, accepted in piece.when:
            if name in self.params and self.params[name].is_type:
                getter = self.params[name].getter
                options = [type_predicate(getter, str(value)) for value in accepted]
            else:
                used.add(name)
                spelled = self.spelling(name)
                options = [f"{spelled} == {int(value)}" for value in accepted]
            terms.append(options[0] if len(options) == 1 else "(" + " || ".join(options) + ")")
        return " && ".join(terms), used


def _layout_method(method: str, pieces: tuple[LayoutPiece, ...], variables: _Variables) -> LayoutMethod:
    used: set[str] = set()
    rendered: list[tuple[str | None, str]] = []
    for piece in pieces:
        if piece.parsed is None:
            raise CppRenderError(f"layout for {method} is not filled in")
        condition: str | None = None
        if piece.when:
            condition, when_names = variables.condition(piece)
            used |= when_names
        used |= names_in(piece.parsed.shape) | names_in(piece.parsed.stride)
        rendered.append((condition, cpp_layout(piece.parsed, variables.spelling)))
        if condition is None:
            break  # later pieces are unreachable
    exhaustive = rendered[-1][0] is None
    return LayoutMethod(method, variables.locals_for(used), rendered, exhaustive)


def layout_methods(spec: AtomSpec, params: dict[str, CppParam]) -> list[LayoutMethod]:
    variables = _Variables(spec, params)
    roles = (
        [("thr", "getThrLayout"), ("a", "getThrValLayoutA"), ("b", "getThrValLayoutB"), ("c", "getThrValLayoutC")]
        if spec.kind == "mma"
        else [
            ("thr", "getThrLayout"),
            ("src", "getThrBitLayoutSrc"),
            ("dst", "getThrBitLayoutDst"),
            ("ref", "getThrBitLayoutRef"),
        ]
    )
    return [_layout_method(method, spec.layouts[role], variables) for role, method in roles]


def uses_total_bit_width(spec: AtomSpec, params: dict[str, CppParam]) -> bool:
    variables = _Variables(spec, params)
    for pieces in spec.layouts.values():
        for piece in pieces:
            if piece.parsed is None:
                continue
            found = names_in(piece.parsed.shape) | names_in(piece.parsed.stride) | {n for n, _ in piece.when}
            if any(n.endswith("_bits") and n[: -len("_bits")] in variables.vector_types for n in found):
                return True
    return False
