"""The C++ of a spec's `verify:` section: verify()'s constraint checks and FlyDSL's wording as `<<` chains.

The typed section itself (conditions, constraints, wording) is atomgen/spec/verify.py.
"""

from __future__ import annotations

from typing import Callable, Mapping

from atomgen.render.engine import TemplateContext
from atomgen.spec.expr import Expr
from atomgen.spec.scalars import ScalarValue
from atomgen.spec.verify import PLACEHOLDER, VerifySection


def stream(text: str, operand: Callable[[str, bool], str], literal: Callable[[str], str]) -> list[str]:
    """`<<` operands of the message: literal chunks and each placeholder's C++ operand."""
    pieces: list[str] = []
    cursor = 0
    for match in PLACEHOLDER.finditer(text):
        if match.start() > cursor:
            pieces.append(literal(text[cursor : match.start()]))
        pieces.append(operand(match.group(1), bool(match.group(2))))
        cursor = match.end()
    if cursor < len(text):
        pieces.append(literal(text[cursor:]))
    return pieces


def cpp_model(section: VerifySection, spec_instances: list[Mapping[str, ScalarValue]],
              operand: Callable[[str, bool], str], literal: Callable[[str], str], expr: Callable[[Expr], str]
              ) -> TemplateContext:
    """What the verify() template needs: constraint checks and the `<<` prefix of each message kind.

    `spec_instances` are the instance values (to tell which m x n x k exist), `operand(name,
    quoted)` is a placeholder's C++ operand, `literal` a C++ string literal, `expr` C++ arithmetic.
    """
    def prefix(text: str) -> str:
        return " << ".join(stream(text, operand, literal) + [literal("; ")]) + " << " if text else ""

    words = section.wording
    shapes = sorted({(v.get("m"), v.get("n"), v.get("k")) for v in spec_instances if "m" in v}, key=str)

    def is_shape(m: object, n: object, k: object) -> str:
        return f"(m == {m} && n == {n} && k == {k})"

    tables: list[tuple[str | None, str]] = []
    for shape, text in sorted(words.table.items(), key=lambda item: item[0] == "*"):
        if shape == "*":
            tables.append((None, prefix(text)))
        else:
            m, n, k = shape.split("x")
            tables.append((is_shape(m, n, k), prefix(text)))
    return {
        "constraints": [
            ((f"{c.when.cpp(expr)} && " if c.when else "") + f"!{c.require.cpp(expr)}",
             " << ".join(stream(c.message, operand, literal)))
            for c in section.constraints
        ],
        "free": {name: prefix(text) for name, text in words.free.items()},
        "pin": prefix(words.pin),
        "shape": prefix(words.shape),
        "shape_missing": "!(" + " || ".join(is_shape(*s) for s in shapes) + ")" if shapes and words.shape else "",
        "tables": tables,
    }
