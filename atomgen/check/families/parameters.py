"""Parameters and the assembly format (rule family AG39x): defaults, free ranges, storage types, enum cases.
"""

from __future__ import annotations

from typing import Any, Iterator

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.spec import asmformat
from atomgen.spec.mlir_types import element_bits, parse_packed
from atomgen.spec.model import AtomSpec

# other modules raise it too, through this object
ENUM_CASE = Rule(
    "AG395",
    "enum-case",
    "An enum-typed parameter's value (instance value or default) is not one of its enum cases.",
    "The value is printed as an enum case and stored as the case's number; a name that is not a case has no number "
    "and no IR spelling.",
    "{atomicOp: fmax, valType: f32, ...}   # atomicOp's cases are add, max, min, ...",
    "Use one of the cases the parameter's `enum` declares.",
)

ASSEMBLY_FORMAT = Rule(
    "AG391",
    "assembly-format",
    "The assembly format does not parse or does not match the parameters.",
    "A parameter missing from the format cannot be parsed back: printed types would not round-trip.",
    Example(", $k)", ")", 13, "k,"),
    "Mention every parameter; anchor optional groups on defaulted ones.",
)

PARAMETER = Rule(
    "AG392",
    "parameter",
    "A parameter is malformed: default of the wrong type, free without default, missing m/n/k.",
    "Defaults become C++ literals and Python defaults; they must type-check.",
    Example("{name: m, cpp_type: int32_t}", "{name: m, cpp_type: int32_t, default: true}", 11, "true"),
    "Use `default: false`.",
)

RANGE_VS_STORAGE = Rule(
    "AG393",
    "range-vs-storage",
    "A parameter's declared range does not fit its C++ storage type.",
    "The generated verify() compares values of the storage type; a bound beyond int32_t wraps or never matches, so "
    "the declared range is not the accepted one.",
    "- {name: offset, cpp_type: int32_t, free: {min: 0, max: 4294967295}}",
    "Keep the range inside the storage type, or store the parameter as int64_t.",
)

RULES = (
    ASSEMBLY_FORMAT,
    PARAMETER,
    RANGE_VS_STORAGE,
    ENUM_CASE,
)


def value_fits(cpp_type: str, value: Any) -> bool:
    if cpp_type == "bool":
        return isinstance(value, bool)
    if cpp_type in ("int32_t", "int64_t"):
        bound = 1 << (31 if cpp_type == "int32_t" else 63)
        return isinstance(value, int) and not isinstance(value, bool) and -bound <= value < bound
    if cpp_type == "Type":
        return isinstance(value, str) and (element_bits(value) is not None or parse_packed(value) is not None)
    return isinstance(value, (str, int)) and not isinstance(value, bool)

STORAGE_BOUNDS = {"int32_t": (-(1 << 31), (1 << 31) - 1), "int64_t": (-(1 << 63), (1 << 63) - 1)}

def check_parameters(spec: AtomSpec) -> Iterator[Diagnostic]:
    for index, parameter in enumerate(spec.parameters):
        bounds = STORAGE_BOUNDS.get(parameter.cpp_type)
        if bounds is not None:
            for label, bound in (("min", parameter.free_min), ("max", parameter.free_max)):
                if isinstance(bound, int) and not bounds[0] <= bound <= bounds[1]:
                    yield RANGE_VS_STORAGE.at(spec,
                        f"free {label} {bound} of '{parameter.name}' does not fit its storage type "
                        f"{parameter.cpp_type} ({bounds[0]}..{bounds[1]})",
                        ("parameters", index, "free", label),
                    )
        if parameter.enum and parameter.default is not None and parameter.default not in dict(parameter.enum):
            yield ENUM_CASE.at(spec,
                f"default {parameter.default!r} of '{parameter.name}' is not one of its enum cases "
                f"({', '.join(name for name, _ in parameter.enum)})",
                ("parameters", index, "default"),
            )
        if parameter.default is not None and not value_fits(parameter.cpp_type, parameter.default):
            yield PARAMETER.at(spec,
                f"default {parameter.default!r} of '{parameter.name}' is not a {parameter.cpp_type}",
                ("parameters", index, "default"),
            )
        if parameter.is_free and isinstance(parameter.default, int) and not isinstance(parameter.default, bool):
            # verify() rejects a value outside the free set, so a default there builds an atom
            # that nothing can use (and the generated tests divide by such values).
            outside = (parameter.free_values is not None and parameter.default not in parameter.free_values) or (
                parameter.free_min is not None and parameter.default < parameter.free_min) or (
                parameter.free_max is not None and parameter.default > parameter.free_max)
            if outside:
                yield PARAMETER.at(spec,
                    f"default {parameter.default!r} of '{parameter.name}' is outside its free values",
                    ("parameters", index, "default"),
                )
        if parameter.is_free and parameter.free_values:
            for value in parameter.free_values:
                if not value_fits(parameter.cpp_type, value):
                    yield PARAMETER.at(spec,
                        f"free value {value!r} of '{parameter.name}' is not a {parameter.cpp_type}",
                        ("parameters", index, "free"),
                    )
    if spec.kind == "mma":
        for name in ("m", "n", "k"):
            dimension = spec.parameter(name)
            if dimension is None or not dimension.is_integer:
                yield PARAMETER.at(spec, f"an MMA spec needs an integer parameter '{name}'", ("parameters",))
        for operand, name in spec.operand_types.items():
            element = spec.parameter(name)
            if element is None or not element.is_type:
                yield PARAMETER.at(spec,
                    f"operand {operand.upper()}'s element type parameter '{name}' is not a Type parameter",
                    ("operand_types",) if spec.operand_types_declared else ("parameters",),
                )

def _edges(text: str) -> tuple[Any, ...]:
    def kind(char: str) -> str:
        return "w" if char.isalpha() or char == "_" else "d" if char.isdigit() else char if char in "$." else "o"

    return (kind(text[:1]), kind(text[-1:]), text.isdigit(), text == "0") if text else ()


def _round_trip(spec: AtomSpec, elements: tuple[asmformat.Element, ...], names: set[str]) -> Iterator[Diagnostic]:
    """Every instance's printed type must lex back into the tokens the format's parser reads."""
    from atomgen.spec.printing import format_value, sample_values

    if any(name not in names for name, _ in asmformat.variables(elements)):
        return  # reported above
    defaults = {p.name: p.default for p in spec.parameters if p.default is not None}
    judged: set[tuple[Any, ...]] = set()
    # (name, value) -> what of it decides the gluing; rows repeat a few values of each parameter
    edges: dict[tuple[str, Any, type], tuple[Any, ...]] = {}
    for instance in spec.instances:
        values = sample_values(spec, instance)
        # Whether two printed tokens glue depends only on the characters at the values' edges (and on
        # which optional groups print): rows alike in that are judged once.
        shape_parts = []
        for name, value in sorted(values.items(), key=lambda item: item[0]):
            key = (name, value, type(value))  # True and 1 print differently
            part = edges.get(key)
            if part is None:
                part = edges[key] = (name, _edges(format_value(spec, name, value)), value == defaults.get(name))
            shape_parts.append(part)
        shape = tuple(shape_parts)
        if shape in judged:
            continue
        judged.add(shape)
        try:
            glued = asmformat.glued_tokens(elements, values, defaults,
                                           lambda name, value: format_value(spec, name, value))
        except (asmformat.FormatError, KeyError, ValueError):
            return  # a format the printer cannot follow (a custom directive's arity): reported elsewhere
        if glued:
            left, right = glued[0].split("|", 1)
            yield ASSEMBLY_FORMAT.at(
                spec, f"instance {instance.id} prints '{left}{right}' ('{left}' then '{right}' with no space), "
                "which MLIR's lexer reads as one token: the printed type cannot be parsed back",
                ("assembly_format",), notes=("drop the empty literal `` so the printer puts a space between them, or "
                                             "print the two as one custom directive",))
            return


def check_assembly_format(spec: AtomSpec) -> Iterator[Diagnostic]:
    path = ("assembly_format",)
    try:
        elements = asmformat.parse_format(spec.assembly_format)
    except asmformat.FormatError as error:
        yield ASSEMBLY_FORMAT.at(spec, error.message, path, error.offset)
        return
    mentioned = asmformat.variables(elements)
    names = {p.name for p in spec.parameters}
    for name, offset in mentioned:
        if name not in names:
            yield ASSEMBLY_FORMAT.at(spec, f"assembly format uses unknown parameter '${name}'", path, offset)
    used = {name for name, _ in mentioned}
    complete = used == names and all(name in names for name, _ in mentioned)
    for index, parameter in enumerate(spec.parameters):
        if parameter.name not in used:
            yield ASSEMBLY_FORMAT.at(spec,
                f"parameter '{parameter.name}' does not appear in the assembly format, so the "
                "printed type cannot round-trip",
                ("parameters", index, "name"),
            )
    if complete:  # only a format that names every parameter once can be printed to be lexed back
        yield from _round_trip(spec, elements, names)
    for element in elements:
        if isinstance(element, asmformat.Group):
            anchor = element.anchor
            anchored = spec.parameter(anchor) if anchor else None
            if anchor is None:
                yield ASSEMBLY_FORMAT.at(spec, "optional group has no anchor ('^')", path, element.offset)
            elif anchored is not None and anchored.default is None:
                yield ASSEMBLY_FORMAT.at(spec,
                    f"optional group anchored on '{anchor}', which has no default to elide",
                    path,
                    element.offset,
                )
