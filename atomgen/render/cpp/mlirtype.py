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


def exact_type_predicate(value: str, type_name: str, siblings: frozenset[str]) -> str:
    """type_predicate, narrowed where another value of the same parameter would also pass it: beside a
    `ui8` row, the `i8` row's test must not take ui8 (isInteger(8) does), or the ui8 instance is matched
    to the i8 row and its signedness is lost."""
    match = _INTEGER.match(type_name)
    if not match or match.group(1):
        return type_predicate(value, type_name)
    width = match.group(2)
    signed, unsigned = f"si{width}" in siblings, f"ui{width}" in siblings
    if signed and unsigned:
        return f"{value}.isSignlessInteger({width})"
    if unsigned:
        return f"({value}.isInteger({width}) && !{value}.isUnsignedInteger())"
    if signed:
        return f"({value}.isInteger({width}) && !{value}.isSignedInteger())"
    return type_predicate(value, type_name)


def predicate_accepts(predicate_type: str, type_name: str) -> bool:
    """Whether type_predicate(v, predicate_type) is true for a value of type `type_name`, as MLIR decides it:
    `isInteger(N)` accepts every signedness of width N, `isSignedInteger`/`isUnsignedInteger` only their own."""
    wanted, actual = _INTEGER.match(predicate_type), _INTEGER.match(type_name)
    if wanted and actual:
        return wanted.group(2) == actual.group(2) and (not wanted.group(1) or wanted.group(1) == actual.group(1))
    return predicate_type == type_name


def specific_first(type_names: list[str]) -> list[str]:
    """The types in an order where no predicate of a chain shadows a later one: `ui8` and `si8` before `i8`
    (a `type.isInteger(8)` tested first would take an unsigned ui8 for the signless i8: wgmma's u8 became s8)."""
    ordered = sorted(type_names, key=lambda name: (not bool((m := _INTEGER.match(name)) and m.group(1)), name))
    for index, name in enumerate(ordered):
        later = [other for other in ordered[index + 1:] if predicate_accepts(name, other)]
        if later:
            raise CppRenderError(f"the test for {name} also accepts {', '.join(later)}: no chain order separates them")
    return ordered


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
