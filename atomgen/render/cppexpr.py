"""Spec expressions and layouts as C++: integer arithmetic and FlyDSL's layout macros.

Division is plain C++ integer division: the checker proved every `/` exact for every
instance, so truncation never happens for a configuration verify() accepts. Every binary
operation is parenthesized, so C++ precedence never has to agree with the spec grammar's.
"""

from __future__ import annotations

from typing import Callable

from atomgen.spec.expr import Call, Expr, Item, LayoutText, Name, Neg, Num, Tup

MAX_TUPLE = 8  # FxT / FxThr / FxVal / FxShape / FxStride take 1 to 8 elements

NameMap = Callable[[str], str]


class CppExprError(ValueError):
    """A layout the macros cannot spell (a tuple wider than eight, for instance)."""


def cpp_expr(expr: Expr, name: NameMap = str, top: bool = True) -> str:
    """C++ int arithmetic for `expr`; `name` maps a spec variable to its C++ spelling."""
    if isinstance(expr, Num):
        return str(expr.value)
    if isinstance(expr, Name):
        return name(expr.name)
    if isinstance(expr, Neg):
        return f"-{cpp_expr(expr.operand, name, top=False)}"
    if isinstance(expr, Call):
        function = "std::min" if expr.function == "min" else "std::max"
        args = [cpp_expr(arg, name) for arg in expr.args]
        text = args[0]
        for arg in args[1:]:  # std::min/max of two; fold left for more
            text = f"{function}<int32_t>({text}, {arg})"
        return text
    text = f"{cpp_expr(expr.left, name, top=False)} {expr.op} {cpp_expr(expr.right, name, top=False)}"
    return text if top else f"({text})"


def _leaf(expr: Expr, name: NameMap) -> str:
    return cpp_expr(expr, name)


def _all_leaves(item: Tup) -> bool:
    return all(not isinstance(sub, Tup) for sub in item.items)


def _check_width(item: Tup) -> None:
    if len(item.items) > MAX_TUPLE:
        raise CppExprError(f"a tuple of {len(item.items)} elements (FlyDSL's layout macros take at most {MAX_TUPLE})")


def cpp_tuple(item: Item, name: NameMap) -> str:
    """An IntTupleAttr expression: `FxC(x)` for a leaf, `FxT(...)` for a tuple."""
    if not isinstance(item, Tup):
        return f"FxC({_leaf(item, name)})"
    _check_width(item)
    return "FxT(" + ", ".join(cpp_tuple(sub, name) for sub in item.items) + ")"


def cpp_mode(item: Item, macro: str, name: NameMap) -> str:
    """One top-level mode: `FxThr(a, b)` / `FxVal(a, b)` when it is a flat tuple."""
    if isinstance(item, Tup) and _all_leaves(item):
        _check_width(item)
        return f"{macro}(" + ", ".join(_leaf(sub, name) for sub in item.items if not isinstance(sub, Tup)) + ")"
    return cpp_tuple(item, name)


def _side(item: Item, macro: str, name: NameMap) -> str:
    """FxShape(...) or FxStride(...) of a rank-2 (thr, val) tuple; a bare leaf stays FxC."""
    if isinstance(item, Tup) and len(item.items) == 2:
        thr, val = item.items
        return f"{macro}({cpp_mode(thr, 'FxThr', name)}, {cpp_mode(val, 'FxVal', name)})"
    return cpp_tuple(item, name)


def cpp_layout(layout: LayoutText, name: NameMap = str) -> str:
    """`FxLayout(FxShape(FxThr(..), FxVal(..)), FxStride(FxThr(..), FxVal(..)))`."""
    shape = _side(layout.shape, "FxShape", name)
    stride = _side(layout.stride, "FxStride", name)
    return f"FxLayout({shape}, {stride})"
