"""Expressions (rule family AG20x): the names a layout or `let` may use.

Syntax (AG201) and inexact division (AG203) are found where expressions are parsed and evaluated
(atomgen/spec/expr.py, atomgen/spec/model.py); this module owns their documentation.
"""

from __future__ import annotations

import re
from typing import Iterator, Optional

from atomgen.diagnostics import Diagnostic
from atomgen.spec.expr import UNKNOWN_NAME, names_in
from atomgen.spec.model import AtomSpec


def known_names(spec: AtomSpec) -> set[str]:
    names = {"threads"}
    for parameter in spec.parameters:
        if parameter.is_type:
            names.add(f"{parameter.name}_bits")
        elif parameter.is_integer or parameter.is_bool:
            names.add(parameter.name)
    names.update(name for name, _, _ in spec.let)
    if spec.sparse:
        names.update(("k_packed", "k_index"))  # the compressed K of A, the indices per row
    return names

def offset_of_name(piece_text: str, name: str) -> Optional[int]:
    match = re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", piece_text)
    return match.start() if match else None


def check_let(spec: AtomSpec) -> Iterator[Diagnostic]:
    """Each `let` uses only parameters, `threads` and the lets before it."""
    names = known_names(spec)
    let_names = [name for name, _, _ in spec.let]
    for index, (name, expression, path) in enumerate(spec.let):
        if expression is None:
            continue
        defined_before = (names - set(let_names)) | set(let_names[:index])
        for used in sorted(names_in(expression) - defined_before):
            text = spec.let_text[name]
            offset = offset_of_name(str(text), used)
            yield UNKNOWN_NAME.at(spec, f"let {name}: unknown name '{used}'", path, offset)
