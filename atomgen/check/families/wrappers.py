"""FlyDSL's wrapper as a spec declares it (rule AG385): the generated wrapper takes its signature.

A kernel written against FlyDSL calls `MFMA(16, 16, 16, f16)`; the generated wrapper must accept exactly
that. The declared `signature`, `maps` and `defaults` (atomgen/spec/wrapper_call.py) are what it is generated
from, so they must say how every get() argument of the binding gets its value, in words the generator reads.
"""

from __future__ import annotations

from typing import Iterator

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.spec.model import AtomSpec
from atomgen.spec.wrapper_call import WrapperError, call_plan

WRAPPER_SIGNATURE = Rule(
    "AG385",
    "wrapper-signature",
    "FlyDSL's declared wrapper cannot be generated: its signature, maps or defaults do not give every get() "
    "argument a value, or say it in words the generator does not read.",
    "The generated wrapper takes FlyDSL's signature so that kernels written against FlyDSL call it unchanged; "
    "a get() argument the signature cannot reach would silently stay at its default.",
    Example("emission:\n", 'python:\n  wrappers:\n    - {name: MFMA, signature: "MFMA(m, n, k, elem_ty_ab)"}\n'
            "emission:\n", 30, '"MFMA('),
    "signature: \"MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None)\", maps: {elem_ty_a: elem_ty_ab, "
    "elem_ty_b: elem_ty_ab, elem_ty_acc: \"elem_ty_acc or f32\"}",
)

RULES = (
    WRAPPER_SIGNATURE,
)


def check_wrappers(spec: AtomSpec) -> Iterator[Diagnostic]:
    """The main wrapper's declared signature (a wrapper behind FlyDSL's architecture switch keeps its own)."""
    wrappers = spec.python.wrappers
    if not wrappers or not wrappers[0].signature or wrappers[0].arch_dispatch:
        return
    main = wrappers[0]
    try:
        call_plan(main.signature, main.name, main.maps, main.defaults,
                  [(parameter.python, parameter.default is not None) for parameter in spec.parameters])
    except WrapperError as error:
        # at the map or default named (position falls back to the nearest field there is), else the signature
        path: tuple[str | int, ...] = ("python", "wrappers", 0, *(error.field or ("signature",)))
        yield WRAPPER_SIGNATURE.at(spec, f"wrapper {main.name}: {error}", path)
