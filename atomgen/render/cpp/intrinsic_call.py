"""The call_intrinsic emission: an MMA the dialect has no op for, called as its LLVM intrinsic.

The intrinsic's name is the shipped catalogue entry's `llvm_intrinsic` (one source: the check,
AG371, reads the same entry); the operands are SSA values, so booleans and integers become
LLVM constants (LLVM requires the immarg operands to be constants, which they are).
"""

from __future__ import annotations

from typing import Optional

from atomgen.check.families.emission import INTEGRAL
from atomgen.render.cpp.mlirtype import CppRenderError
from atomgen.render.cpp.params import CppParam
from atomgen.spec.model import AtomSpec, Instance


def llvm_intrinsic(backend: str, intrinsic: str) -> Optional[str]:
    """The LLVM intrinsic a catalogue entry is called through, or None (it has an op class)."""
    from atomgen.check.catalog import load_catalog

    catalog, _ = load_catalog(backend)
    entry = catalog.get(intrinsic) if catalog is not None else None
    return entry.llvm_intrinsic or None if entry is not None else None


def operand_type(spec: AtomSpec, instance: Instance, token: str) -> str:
    """The MLIR type of one operand of the call (the test renderer prints them)."""
    if token in ("a", "b", "c"):
        return instance.packed[token]
    slots = spec.state_operands
    if token in slots:
        return str(spec.state[int(slots[token])].llvm_type)
    parameter = spec.parameter(token)
    return "i1" if token in ("true", "false") or (parameter is not None and parameter.is_bool) else "i32"


def call_code(spec: AtomSpec, instance: Instance, params: dict[str, CppParam], locals_: dict[str, str],
              states: set[str]) -> tuple[str, str, tuple[str, ...]]:
    name = llvm_intrinsic(spec.backend, instance.intrinsic)
    if name is None:
        raise CppRenderError(f"row {instance.id}: {instance.intrinsic} has no llvm_intrinsic in the catalogue")
    variant = spec.variant(instance.variant)
    if not isinstance(variant, tuple):
        raise CppRenderError(f"row {instance.id}: unknown variant {instance.variant}")
    args = []
    for token in (str(t) for t in variant):
        if token in ("a", "b", "c") or token in states:
            args.append(token)
        elif token in ("true", "false"):
            args.append(f"intrinsicConstant(builder, loc, 1, {token})")
        elif token.lstrip("-").isdigit():
            args.append(f"intrinsicConstant(builder, loc, 32, {token})")
        elif token in params and (params[token].is_bool or params[token].cpp_type in INTEGRAL):
            parameter = params[token]
            locals_[token] = f"{parameter.cpp_type} {token} = {parameter.getter};"
            args.append(f"intrinsicConstant(builder, loc, {1 if parameter.is_bool else 32}, {token})")
        else:
            raise CppRenderError(f"row {instance.id}: '{token}' is not an operand value")
    return "call", name, tuple(args)
