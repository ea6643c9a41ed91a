"""Rules for what an emission pattern needs from the rest of the spec (rule family AG37x).

The schema fixes each pattern's keys; these rules check what the schema cannot: that the
parameters, state fields, packed operands and row variants a pattern's C++ template reads
exist, and that builder arguments are expressions over declared names. Each pattern's record
(atomgen/spec/emission/) says what it needs; render reads the same facts, so a spec check accepts
always renders.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from atomgen.check.families.against_intrinsics import INSTRUCTION_LABEL
from atomgen.check.families.packing import PACKING
from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.spec.emission import GenericVariant, Mfma, MfmaScale, PatternNeeds, Tokens
from atomgen.spec.mlir_types import is_struct
from atomgen.spec.model import AtomSpec

# other modules raise it too, through this object
EMISSION_NEEDS = Rule(
    "AG371",
    "emission-needs",
    "The emission pattern reads a parameter or state field the spec does not declare.",
    "Each pattern's C++ template reads fixed names (buffer_copy reads bitSize and the Soffset state field); "
    "a spec without them passes the schema but cannot be generated.",
    Example(
        '  pattern: mfma\n  args: [accTy, a, b, c, "0", "0", "ROCDL::MFMAPermB::none"]',
        "  pattern: lds_read_trans", 29, "lds_read_trans"
    ),
    "Declare what the pattern needs (docs/spec-format.md, Emission patterns), or choose the pattern that fits.",
)

# other modules raise it too, through this object
BUILDER_ARGUMENT = Rule(
    "AG372",
    "builder-argument",
    "A builder argument of the emission is not a declared name, an integer or a qualified enum case.",
    "Builder arguments become C++ expressions; only names atomgen knows (parameters, state operands, the "
    "operands accTy/a/b/c) and literals can be emitted safely, so anything else is refused.",
    Example('c, "0", "0", "ROCDL::MFMAPermB::none"]', 'c, "0", bogus, "ROCDL::MFMAPermB::none"]', 30, "bogus"),
    "Use a parameter or operand name, an integer, or a qualified enum case such as ROCDL::MFMAPermB::none.",
)

UNKNOWN_VARIANT = Rule(
    "AG373",
    "unknown-variant",
    "A row's `variant` is not one of emission.variants.",
    "Variant patterns pick the builder argument list by the row's variant; a row with no matching entry "
    "has no call to generate.",
    Example(
        '  pattern: mfma\n  args: [accTy, a, b, c, "0", "0", "ROCDL::MFMAPermB::none"]',
        "  pattern: wmma_plain\n  variants: {Plain: [accTy, a, b, c]}", 26, "{", also=frozenset({"AG371"})
    ),
    "Name one of the declared variants, or declare the missing one.",
)

RULES = (
    EMISSION_NEEDS,
    BUILDER_ARGUMENT,
    UNKNOWN_VARIANT,
)

QUALIFIED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$")  # Ns::Enum::case
INTEGER = re.compile(r"^-?[0-9]+$")
OPERANDS = ("accTy", "resTy", "a", "b", "c", "true", "false")  # resTy: the op's result, D's register type


def check_emission(spec: AtomSpec) -> Iterator[Diagnostic]:
    pattern = spec.pattern
    needs = spec.emission.required()
    if needs.kind != spec.kind:
        yield EMISSION_NEEDS.at(
            spec, f"emission pattern '{pattern}' lowers {needs.kind} atoms; this is a {spec.kind} spec",
            ("emission", "pattern"))
        return
    for name in needs.parameters:
        if spec.parameter(name) is None:
            yield EMISSION_NEEDS.at(spec,
                f"emission pattern '{pattern}' reads the parameter '{name}', which the spec does not declare",
                ("emission", "pattern"))
    cases = {field.enum_case for field in spec.state if field.enum_case}
    names = {field.name for field in spec.state}
    missing = [case for case in needs.state_cases if case not in cases]
    missing += [f"'{name}'" for name in needs.state_names if name not in names]
    for field in missing:
        yield EMISSION_NEEDS.at(spec,
            f"emission pattern '{pattern}' reads the state field {field}, which the spec does not declare",
            ("state",) if spec.state else ("emission", "pattern"))
    for name in needs.positive:
        parameter = spec.parameter(name)
        if parameter is None:
            continue
        low = min((v for v in parameter.free_values or () if isinstance(v, int)), default=parameter.free_min)
        if low is not None and low < 1:
            yield EMISSION_NEEDS.at(spec,
                f"emission pattern '{pattern}' divides by '{name}': its free values must be >= 1, not {low}",
                parameter.path + ("free",))
    for local, slot in spec.state_operands.items():
        if not isinstance(slot, int) or not 0 <= slot < len(spec.state):
            yield EMISSION_NEEDS.at(spec,
                f"state operand {local} names slot {slot!r}, but the spec has {len(spec.state)} state field(s)",
                ("emission", "state_operands", local))
    for instance in spec.instances:
        for role in needs.packed:
            if role not in instance.packed:
                yield PACKING.at(
                    spec, f"instance {instance.id}: emission pattern '{pattern}' needs packed.{role}", instance.path)
            elif is_struct(instance.packed[role]):
                yield PACKING.at(
                    spec, f"instance {instance.id}: packed {role} {instance.packed[role]} is not a register type "
                    f"the '{pattern}' template can build (an integer, a float or a vector of them)",
                    instance.path + ("packed", role))
        if needs.instruction and not instance.instruction:
            yield INSTRUCTION_LABEL.at(
                spec, f"instance {instance.id}: emission pattern '{pattern}' spells the instruction: name it",
                instance.path)
    for role in needs.packed_by_element:
        yield from _packed_by_element(spec, role)
    if needs.builder_arguments:
        yield from _builder_arguments(spec, needs)
    yield from _written_result(spec)
    if needs.variants:
        yield from _variants(spec)


def _written_result(spec: AtomSpec) -> Iterator[Diagnostic]:
    """A D of its own element type (`operand_types.d`) is the op's result: only a typed op takes its
    result type as an argument, and that argument must be resTy (D's register), not accTy (C's)."""
    if "d" not in spec.operand_types:
        return
    if spec.emission.template != "typed_op":
        yield EMISSION_NEEDS.at(
            spec, f"emission pattern '{spec.pattern}' builds its result as C's register type; a D of its own element "
            "type needs a typed-op pattern whose argument list starts with resTy", ("operand_types", "d"))
        return
    for path, tokens in argument_lists(spec):
        if tokens and str(tokens[0]) == "accTy":
            yield BUILDER_ARGUMENT.at(
                spec, "the op's result is D's register, which has its own element type (operand_types.d): the "
                "argument list starts with resTy, not accTy (C's register)", path + (0,))


def _packed_by_element(spec: AtomSpec, role: str) -> Iterator[Diagnostic]:
    """Rows with the same element type of `role` share one packed type (the template switches on it)."""
    parameter = spec.operand_types.get(role, "")
    first: dict[Any, tuple[str, str]] = {}
    for instance in spec.instances:
        element, packed = instance.values.get(parameter), instance.packed.get(role)
        if packed is None:
            continue
        seen = first.setdefault(element, (packed, instance.id))
        if seen[0].replace(" ", "") != packed.replace(" ", ""):
            yield PACKING.at(
                spec, f"instance {instance.id}: packed {role} is {packed}, but instance {seen[1]} packs {element} as "
                f"{seen[0]}; this pattern chooses the register type by element type alone",
                instance.path + ("packed", role))


def argument_lists(spec: AtomSpec) -> Iterator[tuple[tuple[Any, ...], Tokens]]:
    """(path, tokens) of every builder argument list of the emission."""
    if isinstance(spec.emission, (Mfma, MfmaScale)):
        yield ("emission", "args"), spec.emission.args
    for name, variant in spec.variants.items():
        if isinstance(variant, GenericVariant):
            yield ("emission", "variants", name, "operands"), variant.operands
            yield ("emission", "variants", name, "attrs"), variant.attrs
        else:
            yield ("emission", "variants", name), variant


def _builder_arguments(spec: AtomSpec, needs: PatternNeeds) -> Iterator[Diagnostic]:
    names = {p.name for p in spec.parameters} | set(OPERANDS) | set(needs.extra_names)
    names |= {str(k) for k in spec.state_operands}
    for path, tokens in argument_lists(spec):
        for index, token in enumerate(tokens):
            text = str(token)
            if needs.values_only:
                if text not in needs.extra_names:  # a format code is a value (the row's element type's)
                    yield from _value_argument(spec, text, path + (index,))
                continue
            if text in names or INTEGER.match(text) or QUALIFIED.match(text):
                continue
            yield BUILDER_ARGUMENT.at(spec,
                f"builder argument '{text}' is not a declared name (parameters, state operands, "
                f"{', '.join(OPERANDS)}), an integer or a qualified C++ enum case",
                path + (index,))


def _value_argument(spec: AtomSpec, text: str, path: tuple[Any, ...]) -> Iterator[Diagnostic]:
    """call_intrinsic operands: a, b, c, state operands, true/false, integers and bool/integer parameters."""
    parameter = spec.parameter(text)
    states = {str(k) for k in spec.state_operands}
    if text in ("a", "b", "c", "true", "false") or text in states or INTEGER.match(text):
        return
    if parameter is not None and (parameter.is_bool or parameter.is_integral):
        return
    yield BUILDER_ARGUMENT.at(spec,
        f"intrinsic operand '{text}' is not a value: name a, b, c, a state operand, true/false, an integer, "
        "a bool/integer parameter or fmtA/fmtB (the row's format codes; the result type is implied, enum "
        "cases and types are not operands)",
        path)


def _variants(spec: AtomSpec) -> Iterator[Diagnostic]:
    known = set(spec.variants)
    for instance in spec.instances:
        if instance.variant not in known:
            yield UNKNOWN_VARIANT.at(spec,
                f"instance {instance.id}: variant {instance.variant!r} is not one of emission.variants "
                f"({', '.join(sorted(known)) or 'none declared'})",
                instance.path + (("variant",) if "variant" in instance.given else ()))
