"""The lowered state struct: slot constants, types, defaults, how set_value coerces."""

from __future__ import annotations

import re
from dataclasses import dataclass

from atomgen.render.cpp.mlirtype import CppRenderError, int_width
from atomgen.render.cpp.params import CppParam, value_condition
from atomgen.spec.backend import Backend
from atomgen.spec.model import AtomSpec, StateField


@dataclass
class StateSlot:
    name: str
    constant: str  # kSoffsetSlot
    index: int
    enum_case: str | None
    type_expr: str  # C++ building the slot's integer type from `ctx`
    width_expr: str  # C++ int: the slot's bit width
    default: int
    coercion: str
    pointer: bool = False  # an LLVM pointer (its default is the null pointer)


@dataclass
class StateModel:
    slots: list[StateSlot]
    enum_slots: list[StateSlot]
    private_slots: list[StateSlot]
    names: str  # "soffset, imm_offset" for messages
    enum_name: str
    symbolize: str
    bitcast: bool  # some slot coerces by bitcast


_POINTER = re.compile(r"^!llvm\.ptr(?:<([0-9]+)>)?\Z")


def _slot_type(state_field: StateField, params: dict[str, CppParam]) -> tuple[str, str]:
    llvm_type = state_field.llvm_type
    pointer = _POINTER.match(llvm_type.strip())
    if pointer:  # an address: LLVM pointer type, 64 bits
        space = f", {pointer.group(1)}" if pointer.group(1) else ""
        return f"LLVM::LLVMPointerType::get(ctx{space})", "64"
    width = str(int_width(llvm_type))
    for case in reversed(state_field.llvm_type_when):
        terms = []
        for name, values in case.when:
            options = [value_condition(params[name], v, params[name].getter) for v in values]
            terms.append(options[0] if len(options) == 1 else "(" + " || ".join(options) + ")")
        condition = " && ".join(terms)
        width = f"({condition} ? {int_width(case.llvm_type)} : {width})"
    return f"IntegerType::get(ctx, {width})", width


def _slot_constant(name: str) -> str:
    return "k" + "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\W]+", name) if part) + "Slot"


def state_model(spec: AtomSpec, backend: Backend, params: dict[str, CppParam]) -> StateModel | None:
    if not spec.stateful:
        return None
    slots = []
    for index, f in enumerate(spec.state):
        type_expr, width_expr = _slot_type(f, params)
        slots.append(StateSlot(f.name, _slot_constant(f.name), index, f.enum_case, type_expr, width_expr,
                               int(f.default), f.coercion, bool(_POINTER.match(f.llvm_type.strip()))))
    return StateModel(
        slots=slots,
        enum_slots=[s for s in slots if s.enum_case],
        private_slots=[s for s in slots if not s.enum_case],
        names=", ".join(s.name for s in slots),
        enum_name=backend.state_enum.cpp_name,
        symbolize=backend.state_enum.symbolize,
        bitcast=any(s.coercion == "bitcast" for s in slots),
    )


def slot_of(state: StateModel | None, enum_case: str) -> str:
    for slot in state.slots if state else []:
        if slot.enum_case == enum_case:
            return slot.constant
    raise CppRenderError(f"the emission needs the state field {enum_case}")
