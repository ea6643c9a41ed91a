"""The atom and its state in a test function: set_value ops, the default-state CHECKs, the signature."""

from __future__ import annotations

from typing import Mapping

from atomgen.render.tests.mlir import (
    IMMEDIATE_VALUE,
    Function,
    SetValue,
    capture,
    check_forms,
    check_var,
    ident,
    use,
)
from atomgen.spec.backend import TypeConverter
from atomgen.spec.instances import ScalarValue
from atomgen.spec.mlir_types import element_bits
from atomgen.spec.model import AtomSpec


def state_type(spec: AtomSpec, index: int, values: Mapping[str, ScalarValue]) -> str:
    """llvm_type of state slot `index`, after `llvm_type_when` pieces."""
    return spec.state[index].llvm_type_for(values)


def state_struct(spec: AtomSpec, values: Mapping[str, ScalarValue]) -> str:
    members = (state_type(spec, i, values) for i in range(len(spec.state)))
    return "!llvm.struct<(" + ", ".join(m.removeprefix("!llvm.") for m in members) + ")>"  # printed elided


def mma_call_with_loads(
    spec: AtomSpec, fn: Function, values: Mapping[str, ScalarValue], packed: dict[str, str], types: TypeConverter
) -> None:
    """The atom's state ops and the CHECKs of the three operand loads of its fly.mma_atom_call,
    shared by the ROCDL and PTX MMA tests."""
    if spec.stateful:
        state_ops(spec, fn, values)
    else:
        fn.checks.append(check_forms().stateless(types.stateless_atom))
    for role in ("a", "b", "c"):
        fn.checks.append(check_forms().operand_load(role, use(role), types.register_memref, packed[role]))


def state_ops(spec: AtomSpec, fn: Function, values: Mapping[str, ScalarValue]) -> None:
    """Set every state field (immediates from a constant, others from a function argument).

    Checks emitted: the default state (undef, then one typed constant per slot and the insertvalue of
    each slot, as one CHECK-DAG group), then one insertvalue per set_value at its slot.
    """
    struct = state_struct(spec, values)
    lines = check_forms()
    fn.checks.append(lines.state_undef(struct))
    constants: dict[tuple[int, str], str] = {}
    for index, state in enumerate(spec.state):
        key = (state.default, state_type(spec, index, values))
        if key not in constants:
            constants[key] = f"DEF{len(constants)}"
            fn.checks.append(lines.state_default(constants[key], key[0], key[1]))
    previous = "%[[STATE0]]"
    for index, state in enumerate(spec.state):
        key = (state.default, state_type(spec, index, values))
        # DAG with the constants: a lowering may create each default constant right before its insertvalue
        # (FlyToNVVM's TMA state) or all of them first; the STATE variables still chain the slots in order
        fn.checks.append(lines.state_insert(index + 1, f"%[[{constants[key]}]]", previous, index, struct, dag=True))
        previous = f"%[[STATE{index + 1}]]"
    current = "%atom"
    for index, state in enumerate(spec.state):
        llvm_type = state_type(spec, index, values)
        var = f"S_{state.name}"
        if state.immediate:
            value = f"%imm_{ident(state.name)}"
            value_type = llvm_type
            fn.checks.insert(0, lines.immediate(check_var(var), IMMEDIATE_VALUE, llvm_type))
            inserted = use(var)
        elif state.coercion == "bitcast" and element_bits(llvm_type) and (element_bits(llvm_type) or 0) % 8 == 0:
            value_type = f"vector<{(element_bits(llvm_type) or 0) // 8}xi8>"
            value = f"%{ident(state.name)}"
            fn.state_args.append((ident(state.name), value_type))
            fn.checks.append(lines.state_cast(check_var(var), use(var), value_type, llvm_type))
            inserted = f"%[[{check_var(var)}_CAST]]"
        else:
            value_type = llvm_type
            value = f"%{ident(state.name)}"
            fn.state_args.append((ident(state.name), value_type))
            inserted = use(var)
        new = f"%atom_{ident(state.name)}"
        fn.state.append(SetValue(state.name, value, value_type, current, new,
                                 IMMEDIATE_VALUE if state.immediate else None))
        fn.checks.append(lines.state_insert(len(spec.state) + index + 1, inserted, previous, index, struct))
        previous = f"%[[STATE{len(spec.state) + index + 1}]]"
        current = new


def signature_checks(fn: Function, converted: list[tuple[str, str]]) -> None:
    """CHECK-LABEL + CHECK-SAME binding every converted argument."""
    fn.checks.insert(0, check_forms().label(fn.name))
    fn.checks.insert(1, check_forms().signature([(capture(name), ty) for name, ty in converted]))


def state_arg_types(spec: AtomSpec, fn: Function) -> list[tuple[str, str]]:
    """(capture name, converted type) of the state arguments state_ops added."""
    names = {ident(s.name): s.name for s in spec.state}
    return [(f"S_{names[name]}", ty) for name, ty in fn.state_args]
