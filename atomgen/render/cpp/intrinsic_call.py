"""The call_intrinsic emission: an MMA the dialect has no op for, called as its LLVM intrinsic.

The intrinsic's name is the shipped intrinsics table entry's `llvm_intrinsic` (one source: the check,
AG371, reads the same entry); the operands are SSA values, so booleans and integers become
LLVM constants (LLVM requires the immarg operands to be constants, which they are).
"""

from __future__ import annotations

from typing import Optional

from atomgen.check.result import evaluated_of, format_code_of, format_keys, intrinsic_of, llvm_intrinsic_of
from atomgen.render.cpp.mlirtype import CppRenderError
from atomgen.render.cpp.params import CppParam
from atomgen.render.cpp.rows import row_constant
from atomgen.spec.model import AtomSpec, Instance


def llvm_intrinsic(backend: str, intrinsic: str) -> Optional[str]:
    """The LLVM intrinsic a intrinsics table entry is called through, or None (it has an op class)."""
    return llvm_intrinsic_of(backend, intrinsic)


FORMATS = dict(format_keys("call_intrinsic"))  # fmtA -> a, fmtB -> b: the row's format codes
_WIDTHS = {"bool": 1, "int8_t": 8, "uint8_t": 8, "int16_t": 16, "uint16_t": 16, "int32_t": 32, "uint32_t": 32,
           "int64_t": 64, "uint64_t": 64}


def constant_bits(spec: AtomSpec, instance: Instance, position: int, token: str) -> int:
    """The width of the constant a call argument becomes: the intrinsics table's immediate at that position of the
    intrinsic's operand list (gfx1250's C modifier is i16), else i1 for a boolean and i32 for an integer."""
    entry = intrinsic_of(spec, instance)
    operands = entry.operands if entry is not None else ()
    immediate = operands[position].immediate if position < len(operands) else None
    if immediate is not None and immediate.cpp_type in _WIDTHS:
        return _WIDTHS[immediate.cpp_type]
    parameter = spec.parameter(token)
    return 1 if token in ("true", "false") or (parameter is not None and parameter.is_bool) else 32


def operand_type(spec: AtomSpec, instance: Instance, position: int, token: str) -> str:
    """The MLIR type of one operand of the call (the test renderer prints them)."""
    if token in ("a", "b", "c"):
        return instance.packed[token]
    slots = spec.state_operands
    if token in slots:
        return str(spec.state[int(slots[token])].llvm_type)
    return f"i{constant_bits(spec, instance, position, token)}"


def _is_index(spec: AtomSpec, instance: Instance, position: int) -> bool:
    """Whether operand `position` of the row's intrinsic is its sparse index (the intrinsics table's `idx`)."""
    entry = intrinsic_of(spec, instance)
    operands = entry.operands if entry is not None else ()
    return position < len(operands) and operands[position].name == "idx"


def index_shift(spec: AtomSpec, instance: Instance, variant: object) -> Optional[tuple[str, int]]:
    """(selector parameter, bits of one index set) where the row's sparsity selector is realised by shifting
    the index register (RDNA4 SWMMAC: the intrinsic has no index_key operand; llc-22 folds a right shift of
    the index into index_key), else None (no selector, or one the intrinsic takes as an operand)."""
    from atomgen.spec.sparsity import select_sparse, selector_parameter, sparsity_of

    name = selector_parameter(spec.sparse)
    if name is None or not isinstance(variant, tuple) or name in [str(t) for t in variant]:
        return None
    evaluated = evaluated_of(spec, instance)
    piece = select_sparse(spec.sparse, instance.values, evaluated.variables) if evaluated is not None else None
    bits = sparsity_of(piece, evaluated.variables).selector_bits if piece is not None and evaluated else 0
    return (name, int(bits)) if bits else None


def _integral(spec: AtomSpec, name: str) -> bool:
    parameter = spec.parameter(name)
    return parameter is not None and parameter.is_integral


def call_code(spec: AtomSpec, instance: Instance, params: dict[str, CppParam], locals_: dict[str, str],
              states: set[str], tabled: frozenset[str] = frozenset()) -> tuple[str, str, tuple[str, ...]]:
    """A row's call: the intrinsics table's LLVM intrinsic and its operands, the format codes in `tabled` read from
    the row table (rows.tabulate) instead of spelt."""
    name = llvm_intrinsic(spec.backend, instance.intrinsic)
    if name is None:
        raise CppRenderError(f"row {instance.id}: {instance.intrinsic} has no llvm_intrinsic in the intrinsics table")
    variant = spec.variant(instance.variant)
    if not isinstance(variant, tuple):
        raise CppRenderError(f"row {instance.id}: unknown variant {instance.variant}")
    args = []
    shift = index_shift(spec, instance, variant)
    for position, token in enumerate(str(t) for t in variant):
        bits = constant_bits(spec, instance, position, token)
        if shift is not None and _is_index(spec, instance, position):
            parameter = params[shift[0]]
            locals_[shift[0]] = f"{parameter.cpp_type} {shift[0]} = {parameter.getter};"
            args.append(f"indexSet(builder, loc, {token}, {shift[0]} * {shift[1]})")
        elif token in ("a", "b", "c") or token in states:
            args.append(token)
        elif token in ("true", "false") or token.lstrip("-").isdigit():
            args.append(f"intrinsicConstant(builder, loc, {bits}, {token})")
        elif token in FORMATS:
            code = format_code_of(spec, instance, token)  # the code check's AG375 judged
            if code is None:
                raise CppRenderError(f"row {instance.id}: no format code for {token}")
            value = row_constant(token) if token in tabled else str(code)
            args.append(f"intrinsicConstant(builder, loc, {bits}, {value})")
        elif token in params and (params[token].is_bool or _integral(spec, token)):
            parameter = params[token]
            locals_[token] = f"{parameter.cpp_type} {token} = {parameter.getter};"
            args.append(f"intrinsicConstant(builder, loc, {bits}, {token})")
        else:
            raise CppRenderError(f"row {instance.id}: '{token}' is not an operand value")
    return "call", name, tuple(args)
