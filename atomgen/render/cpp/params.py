"""Atom parameters as C++: their getters, conditions on their values, how messages print them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atomgen.render.cpp.mlirtype import exact_type_predicate
from atomgen.spec.model import Parameter


@dataclass(frozen=True, slots=True)
class CppParam:
    name: str
    cpp_type: str  # as the verify() signature and locals spell it
    getter: str  # getM(), getAtomicOp()
    enum: str | None  # ::mlir::fly::AtomicOp for enum attributes
    is_type: bool
    is_bool: bool
    values: frozenset[str] = frozenset()  # every value the spec's rows give it (type parameters)

    @property
    def decl(self) -> str:
        return f"{self.cpp_type} {self.name}"


def cpp_param(parameter: Parameter, values: frozenset[str] = frozenset()) -> CppParam:
    enum: str | None = None
    cpp_type = parameter.cpp_type
    if cpp_type.endswith("Attr") and parameter.enum:
        enum = cpp_type[: -len("Attr")]
    return CppParam(
        name=parameter.name,
        cpp_type=cpp_type,
        getter=f"get{parameter.name[0].upper()}{parameter.name[1:]}()",
        enum=enum,
        is_type=parameter.is_type,
        is_bool=parameter.is_bool,
        values=values,
    )


# Enums whose C++ cases are not the spec value with its first letter capitalised.
_ENUM_CASE_SPELLING = {"::mlir::NVVM::LoadCacheModifierKind": str.upper, "::mlir::NVVM::TMAReduxKind": str.upper,
                       "::mlir::NVVM::Tcgen05CpMulticast": str.upper}


def _enum_case(parameter: CppParam, value: Any) -> str:
    assert parameter.enum is not None
    text = str(value)
    spell = _ENUM_CASE_SPELLING.get(parameter.enum)
    return f"{parameter.enum}::{spell(text) if spell else text[0].upper() + text[1:]}"


def _enum_namespace(parameter: CppParam) -> str:
    assert parameter.enum is not None
    namespace, _, name = parameter.enum.rpartition("::")
    return f"{namespace}::stringify{name}" if namespace else f"stringify{name}"


def value_condition(parameter: CppParam, value: object, variable: str | None = None) -> str:
    """C++ bool: parameter `variable` (default: its name) equals the spec value."""
    var = variable or parameter.name
    if parameter.is_type:
        return exact_type_predicate(var, str(value), parameter.values)
    if parameter.enum:
        return f"{var}.getValue() == {_enum_case(parameter, value)}"
    if parameter.is_bool:
        return var if value else f"!{var}"
    return f"{var} == {value}"


def value_stream(parameter: CppParam, variable: str | None = None) -> str:
    """The operand that `emitError() <<` prints for this parameter, as verify.format_value does."""
    var = variable or parameter.name
    if parameter.enum:
        return f"{_enum_namespace(parameter)}({var}.getValue())"
    if parameter.is_bool:
        return f'({var} ? "true" : "false")'
    if parameter.is_type:
        # `<< Type` quotes it ('f32'); the messages and their supported lists print types bare.
        return f"debugString({var})"
    return var
