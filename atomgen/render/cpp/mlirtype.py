"""MLIR types as C++: a predicate on a `Type` value, a builder, the LLVM register form."""

from __future__ import annotations

import re


class CppRenderError(ValueError):
    """The spec asks for something this renderer cannot spell in C++."""


# MLIR builtin float types: predicate on a Type value, and the C++ class that builds one.
_FLOAT_PREDICATES = {"f16": "isF16", "bf16": "isBF16", "f32": "isF32", "f64": "isF64", "tf32": "isTF32"}
_FLOAT_CLASSES = {
    "f16": "Float16Type",
    "bf16": "BFloat16Type",
    "f32": "Float32Type",
    "f64": "Float64Type",
    "tf32": "FloatTF32Type",
    "f8E4M3FN": "Float8E4M3FNType",
    "f8E5M2": "Float8E5M2Type",
    "f8E4M3FNUZ": "Float8E4M3FNUZType",
    "f8E5M2FNUZ": "Float8E5M2FNUZType",
    "f8E4M3B11FNUZ": "Float8E4M3B11FNUZType",
    "f8E3M4": "Float8E3M4Type",
    "f8E4M3": "Float8E4M3Type",
    "f8E8M0FNU": "Float8E8M0FNUType",
    "f6E2M3FN": "Float6E2M3FNType",
    "f6E3M2FN": "Float6E3M2FNType",
    "f4E2M1FN": "Float4E2M1FNType",
}
_INTEGER = re.compile(r"^(s|u)?i([0-9]+)\Z")
_VECTOR = re.compile(r"^vector<([0-9]+)x(.+)>\Z")


def type_predicate(value: str, type_name: str) -> str:
    """C++ bool: the `Type` value `value` is the MLIR type `type_name`."""
    if type_name in _FLOAT_PREDICATES:
        return f"{value}.{_FLOAT_PREDICATES[type_name]}()"
    if type_name in _FLOAT_CLASSES:
        return f"isa<{_FLOAT_CLASSES[type_name]}>({value})"
    match = _INTEGER.match(type_name)
    if match:
        # A plain `iN` accepts every signedness of that width (signless, si, ui), as FlyDSL's
        # isInteger(N) does; the sign of the operation is a parameter (signA/signB), not the type.
        kind = {"s": "isSignedInteger", "u": "isUnsignedInteger"}.get(match.group(1) or "", "isInteger")
        return f"{value}.{kind}({match.group(2)})"
    return f"{value} == {type_builder(type_name, f'{value}.getContext()')}"


def type_builder(type_name: str, ctx: str = "ctx") -> str:
    """C++ expression that builds the MLIR type `type_name` in context `ctx`."""
    name = type_name.strip()
    if name in _FLOAT_CLASSES:
        return f"{_FLOAT_CLASSES[name]}::get({ctx})"
    match = _INTEGER.match(name)
    if match:
        signedness = {"s": "IntegerType::Signed", "u": "IntegerType::Unsigned"}.get(match.group(1) or "")
        return f"IntegerType::get({ctx}, {match.group(2)}" + (f", {signedness})" if signedness else ")")
    match = _VECTOR.match(name)
    if match:
        return f"VectorType::get({{{match.group(1)}}}, {type_builder(match.group(2), ctx)})"
    raise CppRenderError(f"no C++ spelling for the type '{type_name}'")


def int_width(llvm_type: str) -> int:
    match = _INTEGER.match(llvm_type)
    if not match:
        raise CppRenderError(f"state slots must be integers, got '{llvm_type}'")
    return int(match.group(2))


_NARROW_FLOAT = re.compile(r"^f[0-9]+E")


def llvm_register_type(type_name: str) -> str:
    """`type_name` as the LLVM dialect holds it: narrow floats and tf32 as integers of their
    storage width, signed/unsigned integers as signless ones (FlyDSL's type converter rule)."""
    match = _VECTOR.match(type_name.strip())
    if match:
        return f"vector<{match.group(1)}x{llvm_register_type(match.group(2))}>"
    name = type_name.strip()
    if name == "tf32":
        return "i32"
    if _NARROW_FLOAT.match(name):
        bits = re.match(r"^f([0-9]+)", name)
        return f"i{bits.group(1) if bits else 8}"
    integer = _INTEGER.match(name)
    if integer:
        return f"i{integer.group(2)}"
    return name


def register_type(element: str) -> str:
    """One PTX register of an MMA operand of `element` values: f16x2 pairs stay vectors,
    f32/f64/s32 accumulators are scalars, everything else is a .b32 register (i32)."""
    if element == "f16":
        return "vector<2xf16>"
    if element in ("f32", "f64", "i32", "si32"):
        return element.removeprefix("s")
    return "i32"
