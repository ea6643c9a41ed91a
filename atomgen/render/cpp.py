"""C++ output: one file per atom with every interface method of its payload type.

Everything the C++ says is decided here, as data (conditions, argument lists, messages,
layout expressions); the templates under templates/cpp/ only lay that data out. The
instance table drives three things that must never disagree: verify() (through
verify_plan), the dispatch in emitAtomCallSSA, and the packed operand types of the shim.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from typing import Any, Callable

from atomgen.render import escape, llvm_api, tdm, wording
from atomgen.render.base import RenderOutput
from atomgen.render.cppexpr import cpp_expr, cpp_layout
from atomgen.render.names import atom_cpp_path, backend_names, spec_source
from atomgen.render.verify import VerifyPlan, describe, format_value, pin_message, verify_plan
from atomgen.spec.backend import Backend
from atomgen.spec.expr import names_in
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece, Parameter

CLANG_FORMAT_STYLE = "{BasedOnStyle: LLVM, ColumnLimit: 100}"

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
_QUALIFIED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)+(\([0-9]+\))?\Z")
_INTEGER_LITERAL = re.compile(r"^-?[0-9]+\Z")

MMA_INCLUDES = (
    "mlir/Dialect/LLVMIR/LLVMDialect.h",
    "mlir/Dialect/LLVMIR/ROCDLDialect.h",
    "mlir/IR/BuiltinTypes.h",
)
COPY_INCLUDES = (
    "mlir/Dialect/Arith/IR/Arith.h",
    "mlir/Dialect/LLVMIR/LLVMDialect.h",
    "mlir/Dialect/LLVMIR/ROCDLDialect.h",
    "mlir/Dialect/SCF/IR/SCF.h",
    "mlir/IR/BuiltinTypes.h",
)
BUFFER_PATTERNS = ("buffer_copy", "lds_dma", "buffer_atomic")
# Emission patterns that share one template (templates/cpp/patterns/<name>.j2).
PATTERN_TEMPLATES = {
    "mfma": "typed_op",
    "mfma_scale": "typed_op",
    "wmma_plain": "typed_op",
    "wmma_gfx1250": "typed_op",
    "wmma_scale": "typed_op",
    "wgmma_ss": "wgmma",
    "wgmma_rs": "wgmma",
    "tma_load": "tma",
    "tma_store": "tma",
}


class CppRenderError(ValueError):
    """The spec asks for something this renderer cannot spell in C++."""


# --------------------------------------------------------------------------------------------
# Types


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


# --------------------------------------------------------------------------------------------
# Parameters


@dataclass(frozen=True)
class CppParam:
    name: str
    cpp_type: str  # as the verify() signature and locals spell it
    getter: str  # getM(), getAtomicOp()
    enum: str | None  # ::mlir::fly::AtomicOp for enum attributes
    is_type: bool
    is_bool: bool

    @property
    def decl(self) -> str:
        return f"{self.cpp_type} {self.name}"


def _cpp_param(parameter: Parameter) -> CppParam:
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
    )


# Enums whose C++ cases are not the spec value with its first letter capitalised.
_ENUM_CASE_SPELLING = {"::mlir::NVVM::LoadCacheModifierKind": str.upper}


def _enum_case(parameter: CppParam, value: Any) -> str:
    assert parameter.enum is not None
    text = str(value)
    spell = _ENUM_CASE_SPELLING.get(parameter.enum)
    return f"{parameter.enum}::{spell(text) if spell else text[0].upper() + text[1:]}"


def _enum_namespace(parameter: CppParam) -> str:
    assert parameter.enum is not None
    namespace, _, name = parameter.enum.rpartition("::")
    return f"{namespace}::stringify{name}" if namespace else f"stringify{name}"


def value_condition(parameter: CppParam, value: Any, variable: str | None = None) -> str:
    """C++ bool: parameter `variable` (default: its name) equals the spec value."""
    var = variable or parameter.name
    if parameter.is_type:
        return type_predicate(var, str(value))
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


# --------------------------------------------------------------------------------------------
# Messages


@dataclass(frozen=True)
class StreamPiece:
    """One `<<` operand of a diagnostic: literal text, or a parameter's value."""

    text: str | None = None
    parameter: str | None = None


def describe_stream(spec: AtomSpec) -> list[StreamPiece]:
    """The C++ spelling of verify.describe(): the same text once values are substituted."""
    key = [p.name for p in spec.key_parameters]
    pieces: list[StreamPiece] = []
    names = list(key)
    if spec.kind == "mma" and all(n in key for n in ("m", "n", "k")):
        pieces += [StreamPiece(parameter="m"), StreamPiece("x"), StreamPiece(parameter="n"), StreamPiece("x"),
                   StreamPiece(parameter="k")]
        a, b, c = (spec.operand_types.get(role, "") for role in ("a", "b", "c"))
        if all(n in key for n in (a, b, c)):
            pieces += [StreamPiece(" ("), StreamPiece(parameter=a), StreamPiece(", "), StreamPiece(parameter=b),
                       StreamPiece(") -> "), StreamPiece(parameter=c)]
            names = [n for n in names if n not in (a, b, c)]
        names = [n for n in names if n not in ("m", "n", "k")]
    for name in names:
        if pieces:
            pieces.append(StreamPiece(", "))
        pieces += [StreamPiece(f"{name} = "), StreamPiece(parameter=name)]
    if not pieces:
        pieces.append(StreamPiece("default"))
    return _merge(pieces)


def _merge(pieces: list[StreamPiece]) -> list[StreamPiece]:
    merged: list[StreamPiece] = []
    for piece in pieces:
        if piece.text is not None and merged and merged[-1].text is not None:
            merged[-1] = StreamPiece(merged[-1].text + piece.text)
        else:
            merged.append(piece)
    return merged


def simulate_stream(pieces: list[StreamPiece], values: dict[str, Any]) -> str:
    """What the C++ stream prints for `values` (tests hold it equal to verify.describe)."""
    return "".join(p.text if p.text is not None else format_value(values[p.parameter or ""]) for p in pieces)


def cpp_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def cpp_string_chunks(text: str, separator: str = "; ", width: int = 76) -> list[str]:
    """Adjacent C++ string literals, split after `separator`, each at most about `width` chars."""
    parts = text.split(separator)
    chunks: list[str] = []
    current = ""
    for index, part in enumerate(parts):
        piece = part + (separator if index < len(parts) - 1 else "")
        if current and len(current) + len(piece) > width:
            chunks.append(current)
            current = ""
        current += piece
    if current or not chunks:
        chunks.append(current)
    return [cpp_string(chunk) for chunk in chunks]


def stream_operands(pieces: list[StreamPiece], params: dict[str, CppParam]) -> list[str]:
    return [cpp_string(p.text) if p.text is not None else value_stream(params[p.parameter or ""]) for p in pieces]


# --------------------------------------------------------------------------------------------
# Layouts


@dataclass
class LayoutMethod:
    method: str
    locals: list[str]  # `int32_t G = 64 / m;`
    pieces: list[tuple[str | None, str]]  # (condition or None, FxLayout(...))
    exhaustive: bool  # the last piece has no condition


def _bits_local(name: str) -> str:
    return name[: -len("_bits")] + "Bits"


class _Variables:
    """C++ spelling of spec variables inside a payload-type member function."""

    def __init__(self, spec: AtomSpec, params: dict[str, CppParam]):
        self.spec = spec
        self.params = params
        self.lets = {name: expression for name, expression, _ in spec.let if expression is not None}
        self.vector_types = {
            p.name
            for p in spec.parameters
            if p.is_type and any(str(i.values.get(p.name, "")).startswith("vector<") for i in spec.instances)
        }

    def spelling(self, name: str) -> str:
        if name == "threads":
            return str(self.spec.threads)
        if name.endswith("_bits") and name[: -len("_bits")] in self.params:
            return _bits_local(name)
        return name

    def locals_for(self, names: set[str]) -> list[str]:
        """Declarations, in dependency order, of every local `names` needs."""
        ordered: list[str] = []

        def visit(name: str) -> None:
            if name in ordered or name == "threads":
                return
            if name in self.lets:
                for dependency in sorted(names_in(self.lets[name])):
                    visit(dependency)
            ordered.append(name)

        for name in sorted(names):
            visit(name)
        lines = []
        # parameters first (declaration order), then widths, then lets (spec order)
        for parameter in self.spec.parameters:
            if parameter.name in ordered and not parameter.is_type:
                cpp = self.params[parameter.name]
                lines.append(f"{'bool' if cpp.is_bool else 'int32_t'} {parameter.name} = {cpp.getter};")
        for parameter in self.spec.parameters:
            bits = f"{parameter.name}_bits"
            if bits in ordered:
                getter = self.params[parameter.name].getter
                width = (
                    f"getTotalBitWidth({getter})"
                    if parameter.name in self.vector_types
                    else f"{getter}.getIntOrFloatBitWidth()"
                )
                lines.append(f"int32_t {_bits_local(bits)} = {width};")
        for name, _expression, _path in self.spec.let:
            if name in ordered:
                lines.append(f"int32_t {name} = {cpp_expr(self.lets[name], self.spelling)};")
        return lines

    def type_params_used(self, names: set[str]) -> set[str]:
        return {n for n in names if n in self.params and self.params[n].is_type}

    def condition(self, piece: LayoutPiece) -> tuple[str, set[str]]:
        terms: list[str] = []
        used: set[str] = set()
        for name, accepted in piece.when:
            if name in self.params and self.params[name].is_type:
                getter = self.params[name].getter
                options = [type_predicate(getter, str(value)) for value in accepted]
            else:
                used.add(name)
                spelled = self.spelling(name)
                options = [f"{spelled} == {int(value)}" for value in accepted]
            terms.append(options[0] if len(options) == 1 else "(" + " || ".join(options) + ")")
        return " && ".join(terms), used


def _layout_method(method: str, pieces: tuple[LayoutPiece, ...], variables: _Variables) -> LayoutMethod:
    used: set[str] = set()
    rendered: list[tuple[str | None, str]] = []
    for piece in pieces:
        if piece.parsed is None:
            raise CppRenderError(f"layout for {method} is not filled in")
        condition: str | None = None
        if piece.when:
            condition, when_names = variables.condition(piece)
            used |= when_names
        used |= names_in(piece.parsed.shape) | names_in(piece.parsed.stride)
        rendered.append((condition, cpp_layout(piece.parsed, variables.spelling)))
        if condition is None:
            break  # later pieces are unreachable
    exhaustive = rendered[-1][0] is None
    return LayoutMethod(method, variables.locals_for(used), rendered, exhaustive)


def layout_methods(spec: AtomSpec, params: dict[str, CppParam]) -> list[LayoutMethod]:
    variables = _Variables(spec, params)
    roles = (
        [("thr", "getThrLayout"), ("a", "getThrValLayoutA"), ("b", "getThrValLayoutB"), ("c", "getThrValLayoutC")]
        if spec.kind == "mma"
        else [
            ("thr", "getThrLayout"),
            ("src", "getThrBitLayoutSrc"),
            ("dst", "getThrBitLayoutDst"),
            ("ref", "getThrBitLayoutRef"),
        ]
    )
    return [_layout_method(method, spec.layouts[role], variables) for role, method in roles]


def uses_total_bit_width(spec: AtomSpec, params: dict[str, CppParam]) -> bool:
    variables = _Variables(spec, params)
    for pieces in spec.layouts.values():
        for piece in pieces:
            if piece.parsed is None:
                continue
            found = names_in(piece.parsed.shape) | names_in(piece.parsed.stride) | {n for n, _ in piece.when}
            if any(n.endswith("_bits") and n[: -len("_bits")] in variables.vector_types for n in found):
                return True
    return False


# --------------------------------------------------------------------------------------------
# The instance table: matcher and verify()


# Instance tables longer than this are matched by families: rows that differ only in
# FAMILY_PARAMETER (an `expand` list) share one condition and a table of its values.
COMPACT_ROWS = 100
FAMILY_PARAMETER = "n"
_SENTINEL = "\x00"


@dataclass
class MatchRow:
    index: int
    condition: str | None  # None: matches everything
    comment: str
    values: list[int] | None = None  # a family: row = index + position of the parameter in values
    array: str = ""  # a family: the C++ array holding `values`
    parameter: str = ""


@dataclass
class FreeCheck:
    condition: str  # true when the value is rejected
    message: str
    value: str
    parameter: str = ""


@dataclass
class PinGroup:
    key_condition: str | None
    checks: list[tuple[str, str]]  # (condition that rejects, `<<` operands of the message)


@dataclass
class VerifyModel:
    params: list[CppParam]
    matcher_params: list[str]  # declarations, unused names commented out
    rows: list[MatchRow]
    free: list[FreeCheck]
    pins: list[PinGroup]
    unsupported: list[str]  # `<<` operands
    supported: list[str]  # adjacent string literals
    families: list[MatchRow] = field(default_factory=list)


def _row_condition(row_conditions: list[str]) -> str | None:
    return " && ".join(row_conditions) if row_conditions else None


def _free_check(free: Any, param: CppParam) -> FreeCheck | None:
    var = param.name
    if free.values is not None:
        values = list(free.values)
        if param.is_bool:
            if {bool(v) for v in values} == {False, True}:
                return None
            condition = var if values == [False] else f"!{var}"
        else:
            condition = " && ".join(f"{var} != {v}" for v in values)
    else:
        terms = []
        if free.minimum is not None and free.minimum > -(2**31):
            terms.append(f"{var} < {free.minimum}")
        if free.maximum is not None and free.maximum < 2**31 - 1:
            terms.append(f"{var} > {free.maximum}")
        if not terms:
            return None
        condition = " || ".join(terms)
    return FreeCheck(condition, free.message + ", got ", value_stream(param), param.name)


def _pin_checks(row: Any, params: dict[str, CppParam], description: Callable[[Any], str]) -> list[tuple[str, str]]:
    return [
        (f"!({value_condition(params[c.parameter.name], c.value)})" if not params[c.parameter.name].is_bool
         else value_condition(params[c.parameter.name], not c.value),
         description(c))
        for c in row.pins
    ]


def _families(spec: AtomSpec, plan: VerifyPlan) -> list[list[Any]] | None:
    """Consecutive rows that differ only in FAMILY_PARAMETER, or None where the table stays flat."""
    if len(plan.rows) <= COMPACT_ROWS or spec.parameter(FAMILY_PARAMETER) is None:
        return None
    families: list[list[Any]] = []
    previous: Any = None
    for row in plan.rows:
        key = (tuple((c.parameter.name, c.value) for c in row.conditions if c.parameter.name != FAMILY_PARAMETER),
               tuple((c.parameter.name, c.value) for c in row.pins))
        if families and key == previous:
            families[-1].append(row)
        else:
            families.append([row])
        previous = key
    return families


def _family_description(spec: AtomSpec, row: Any) -> str:
    return describe(spec, {**row.instance.values, FAMILY_PARAMETER: _SENTINEL})


def _family_stream(text: str) -> str:
    """`<<` operands printing `text` with the family parameter's value where the sentinel is."""
    before, _, after = text.partition(_SENTINEL)
    return " << ".join(part for part in (cpp_string(before), FAMILY_PARAMETER, cpp_string(after)) if part != '""')


def verify_model(spec: AtomSpec, plan: VerifyPlan, params: dict[str, CppParam]) -> VerifyModel:
    ordered = [params[p.name] for p in spec.parameters]
    rows: list[MatchRow] = []
    used: set[str] = set()
    pins: list[PinGroup] = []
    seen_keys: set[str | None] = set()
    families = _families(spec, plan)
    supported = plan.supported_list
    if families is not None:
        descriptions: list[str] = []
        arrays: dict[tuple[int, ...], str] = {}
        for family in families:
            first = family[0]
            values = [int(r.instance.values[FAMILY_PARAMETER]) for r in family]
            key_terms = [value_condition(params[c.parameter.name], c.value) for c in first.conditions
                         if c.parameter.name != FAMILY_PARAMETER]
            terms = key_terms + [value_condition(params[c.parameter.name], c.value) for c in first.pins]
            used |= {c.parameter.name for c in first.conditions + first.pins} | {FAMILY_PARAMETER}
            array = arrays.setdefault(tuple(values), f"k{FAMILY_PARAMETER.upper()}Values{len(arrays)}")
            text = _family_description(spec, first)
            listed = ", ".join(str(v) for v in values)
            comment = (f"{text.replace(_SENTINEL, FAMILY_PARAMETER.upper())}: {first.instance.intrinsic}, "
                       f"rows {first.instance.index}-{family[-1].instance.index}")
            rows.append(MatchRow(first.instance.index, _row_condition(terms), comment, values, array,
                                 FAMILY_PARAMETER))
            descriptions.append(f"{text.replace(_SENTINEL, FAMILY_PARAMETER.upper())} with "
                                f"{FAMILY_PARAMETER.upper()} in {{{listed}}}")
            if first.pins:
                key = " && ".join(key_terms + [f"positionOf({array}, {FAMILY_PARAMETER})"])
                family_text = _family_description(spec, first)

                def family_message(c: Any, text: str = family_text) -> str:
                    return _family_stream(pin_message(c.parameter, c.value, text))

                pins.append(PinGroup(key, _pin_checks(first, params, family_message)))
        supported = "; ".join(descriptions)
    else:
        for row in plan.rows:
            key_terms = [value_condition(params[c.parameter.name], c.value) for c in row.conditions]
            pin_terms = [value_condition(params[c.parameter.name], c.value) for c in row.pins]
            used |= {c.parameter.name for c in row.conditions + row.pins}
            condition = _row_condition(key_terms + pin_terms)
            rows.append(MatchRow(row.instance.index, condition, f"{row.description}: {row.instance.intrinsic}"))
            key_condition = _row_condition(key_terms)
            if row.pins and key_condition not in seen_keys:
                seen_keys.add(key_condition)
                def row_message(c: Any, description: str = row.description) -> str:
                    return cpp_string(pin_message(c.parameter, c.value, description))

                pins.append(PinGroup(key_condition, _pin_checks(row, params, row_message)))
            if condition is None:
                break  # an unconditional row matches everything after it
    matcher_params = [p.decl if p.name in used else f"{p.cpp_type} /*{p.name}*/" for p in ordered]
    free = [check for f in plan.free if (check := _free_check(f, params[f.parameter.name])) is not None]
    unsupported = [cpp_string(plan.unsupported_prefix)] + stream_operands(describe_stream(spec), params)
    return VerifyModel(
        params=ordered,
        matcher_params=matcher_params,
        rows=rows,
        free=free,
        pins=pins,
        unsupported=unsupported,
        supported=cpp_string_chunks("; supported: " + supported),
        families=list({r.array: r for r in rows if r.values is not None}.values()),
    )


# --------------------------------------------------------------------------------------------
# State


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


def _slot_type(spec: AtomSpec, index: int, llvm_type: str, params: dict[str, CppParam]) -> tuple[str, str]:
    raw = (spec.data.get("state") or [])[index] if index < len(spec.data.get("state") or []) else {}
    pointer = _POINTER.match(llvm_type.strip())
    if pointer:  # an address: LLVM pointer type, 64 bits
        space = f", {pointer.group(1)}" if pointer.group(1) else ""
        return f"LLVM::LLVMPointerType::get(ctx{space})", "64"
    width = str(int_width(llvm_type))
    for case in reversed(raw.get("llvm_type_when") or []):
        terms = []
        for name, value in (case.get("when") or {}).items():
            values = value if isinstance(value, list) else [value]
            options = [value_condition(params[name], v, params[name].getter) for v in values]
            terms.append(options[0] if len(options) == 1 else "(" + " || ".join(options) + ")")
        condition = " && ".join(terms)
        width = f"({condition} ? {int_width(case['llvm_type'])} : {width})"
    return f"IntegerType::get(ctx, {width})", width


def _slot_constant(name: str) -> str:
    return "k" + "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\W]+", name) if part) + "Slot"


def state_model(spec: AtomSpec, backend: Backend, params: dict[str, CppParam]) -> StateModel | None:
    if not spec.stateful:
        return None
    enum = backend.data.get("state_enum") or {}
    slots = []
    for index, f in enumerate(spec.state):
        type_expr, width_expr = _slot_type(spec, index, f.llvm_type, params)
        slots.append(StateSlot(f.name, _slot_constant(f.name), index, f.enum_case, type_expr, width_expr,
                               int(f.default), f.coercion, bool(_POINTER.match(f.llvm_type.strip()))))
    return StateModel(
        slots=slots,
        enum_slots=[s for s in slots if s.enum_case],
        private_slots=[s for s in slots if not s.enum_case],
        names=", ".join(s.name for s in slots),
        enum_name=str(enum.get("cpp_name", "AtomStateField")),
        symbolize=str(enum.get("symbolize", "symbolizeAtomStateField")),
        bitcast=any(s.coercion == "bitcast" for s in slots),
    )


# --------------------------------------------------------------------------------------------
# Emission


def op_class(instance: Instance) -> str:
    """The ROCDL C++ op class of a row: `op_class`, else the intrinsic's snake-case name."""
    if instance.op_class:
        return instance.op_class
    name = instance.intrinsic
    dialect, _, rest = name.partition(".")
    if not rest:
        raise CppRenderError(f"cannot derive an op class from '{name}'")
    return rest.replace(".", "_")


def op_namespace(spec: AtomSpec, instance: Instance) -> str:
    dialect = instance.intrinsic.partition(".")[0]
    return {"rocdl": "ROCDL", "nvvm": "NVVM", "llvm": "LLVM"}.get(dialect, dialect.upper())


@dataclass
class CaseGroup:
    """Rows that share one C++ statement: `case 1: case 4: // ...`."""

    rows: list[int]
    comments: list[str]
    code: Any  # whatever the pattern needs for the group


def group_rows(entries: list[tuple[int, str, Any]]) -> list[CaseGroup]:
    groups: list[CaseGroup] = []
    for index, comment, code in entries:
        for group in groups:
            if group.code == code:
                group.rows.append(index)
                group.comments.append(comment)
                break
        else:
            groups.append(CaseGroup([index], [comment], code))
    return groups


@dataclass
class MmaEmission:
    packed: list[CaseGroup]  # code: (a, b, acc) C++ type expressions
    dispatch: list[CaseGroup]  # code: statement(s) returning the result
    locals: list[str]  # parameter reads the dispatch needs
    state_reads: list[tuple[str, str]]  # (local name, slot constant)
    shim_result_ty: str
    shim_d_ty: str
    generic: bool


@dataclass
class CopyEmission:
    pattern: str
    dispatch: list[CaseGroup] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


def _arg(token: Any, spec: AtomSpec, instance: Instance, params: dict[str, CppParam], locals_: dict[str, str],
         extra: dict[str, str]) -> str:
    text = str(token)
    if text in extra:
        return extra[text]
    if text in ("accTy", "a", "b", "c", "true", "false"):
        return text
    if _INTEGER_LITERAL.match(text):
        return f"uint32_t{{{text}}}"  # not a null-pointer constant: never an Attribute
    if text in params:
        parameter = params[text]
        locals_[text] = f"{parameter.cpp_type if not parameter.is_type else 'Type'} {text} = {parameter.getter};"
        return text
    if _QUALIFIED.match(text):
        return text
    raise CppRenderError(f"unknown emission argument '{text}' in row {instance.id}")


def _format_code(spec: AtomSpec, instance: Instance, key: str, operand_param: str) -> str:
    emission = spec.emission
    enum = emission.get("format_enum") or (emission.get("enums") or {}).get("format", "ROCDL::MatrixFormat")
    row = instance.raw.get("emission") or {}
    codes = emission.get("format_codes") or {}
    value = row.get(key)
    code: Any = value if isinstance(value, int) else codes.get(str(instance.values.get(operand_param)))
    if code is None:
        raise CppRenderError(f"row {instance.id}: no format code for {key}")
    return f"static_cast<{enum}>({code})"


def mma_emission(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> MmaEmission:
    emission = spec.emission
    pattern = emission.get("pattern")
    locals_: dict[str, str] = {}
    state_reads: list[tuple[str, str]] = []
    slots = {s.name: s for s in state.slots} if state else {}
    for local, slot in (emission.get("state_operands") or {}).items():
        match = [s for s in (state.slots if state else []) if s.index == int(slot)]
        if not match:
            raise CppRenderError(f"state operand {local}: no state slot {slot}")
        state_reads.append((local, match[0].constant))
    del slots
    enums = emission.get("enums") or {}
    packed_entries = []
    dispatch_entries = []
    for instance in spec.instances:
        description = describe(spec, instance.values)
        a_ty = type_builder(instance.packed["a"])
        b_ty = type_builder(instance.packed["b"])
        acc_ty = type_builder(instance.packed["c"])
        packed_entries.append((instance.index, description, (a_ty, b_ty, acc_ty)))
        extra = {local: local for local, _ in state_reads}
        if pattern == "mfma_scale":
            extra["cbsz"] = _format_code(spec, instance, "cbsz", spec.operand_types["a"])
            extra["blgp"] = _format_code(spec, instance, "blgp", spec.operand_types["b"])
        if pattern == "wmma_scale":
            extra["fmtA"] = _format_code(spec, instance, "fmtA", spec.operand_types["a"])
            extra["fmtB"] = _format_code(spec, instance, "fmtB", spec.operand_types["b"])
            extra["fmt0"] = str(enums.get("scale_format", "ROCDL::WMMAMatrixScaleFormat(0)"))
            if "modC" in params:
                locals_["modC"] = f"int32_t modC = {params['modC'].getter};"
                extra["modC"] = f"static_cast<{enums.get('modC', 'ROCDL::WMMACModifier')}>(modC)"
            for name in ("opselA", "opselB"):
                if name in params:
                    locals_[name] = f"int32_t {name} = {params[name].getter};"
                    extra[name] = f"static_cast<{enums.get('opsel', 'ROCDL::WMMAMatrixScale')}>({name})"
        namespace = op_namespace(spec, instance)
        if pattern == "wmma_generic":
            variant = (emission.get("variants") or {}).get(instance.variant or "")
            if not isinstance(variant, dict):
                raise CppRenderError(f"row {instance.id}: unknown variant {instance.variant}")
            operands = tuple(_arg(t, spec, instance, params, locals_, extra) for t in variant.get("operands", []))
            attrs = tuple((str(t), _arg(t, spec, instance, params, locals_, extra)) for t in variant.get("attrs", []))
            code: Any = ("generic", instance.intrinsic, operands, attrs)
        else:
            if "variants" in emission:
                tokens = (emission.get("variants") or {}).get(instance.variant or "")
                if not isinstance(tokens, list):
                    raise CppRenderError(f"row {instance.id}: unknown variant {instance.variant}")
            else:
                tokens = emission.get("args") or []
            args = tuple(_arg(t, spec, instance, params, locals_, extra) for t in tokens)
            op = f"{namespace}::{op_class(instance)}"
            code = ("typed", op, llvm_api.adapt_call(op, args, {"a", "b", "c", *(n for n, _ in state_reads)}))
        dispatch_entries.append((instance.index, description, code))
    shim = emission.get("shim_result") or {}

    def shim_type(value: Any) -> str:
        return "packed.acc" if str(value) == "accTy" else "Type{}"

    ordered_locals = [locals_[p.name] for p in spec.parameters if p.name in locals_]
    return MmaEmission(
        packed=group_rows(packed_entries),
        dispatch=group_rows(dispatch_entries),
        locals=ordered_locals,
        state_reads=state_reads,
        shim_result_ty=shim_type(shim.get("resultTy", "accTy")),
        shim_d_ty=shim_type(shim.get("dTy", "Type{}")),
        generic=pattern == "wmma_generic",
    )


def _slot_of(state: StateModel | None, enum_case: str) -> str:
    for slot in state.slots if state else []:
        if slot.enum_case == enum_case:
            return slot.constant
    raise CppRenderError(f"the emission needs the state field {enum_case}")


def copy_emission(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> CopyEmission:
    emission = spec.emission
    pattern = str(emission.get("pattern"))
    result = CopyEmission(pattern)
    data = result.data
    if pattern == "buffer_copy":
        load = emission.get("load") or {}
        store = emission.get("store") or {}
        data["load_op"] = "ROCDL::" + str(load.get("op_class", "RawPtrBufferLoadOp"))
        data["store_op"] = "ROCDL::" + str(store.get("op_class", "RawPtrBufferStoreOp"))
        data["soffset"] = _slot_of(state, "Soffset")
        aux = (emission.get("immediates") or {}).get("aux")  # the parameter the cache-policy immediate takes
        data["aux"] = params[aux].getter if aux in params else "0"
        data["bits"] = params["bitSize"].getter
    elif pattern == "lds_dma":
        data["op"] = "ROCDL::" + str(emission.get("op_class"))
        data["soffset"] = _slot_of(state, "Soffset")
        data["imm_offset"] = _slot_of(state, "ImmOffset")
        data["bits"] = params["bitSize"].getter
    elif pattern == "global_lds_dma":
        data["op"] = "ROCDL::" + str(emission.get("op_class"))
        data["bits"] = params["bitSize"].getter
    elif pattern == "buffer_atomic":
        data["soffset"] = _slot_of(state, "Soffset")
        result.dispatch = group_rows(
            [(i.index, describe(spec, i.values), f"{op_namespace(spec, i)}::{op_class(i)}") for i in spec.instances]
        )
    elif pattern == "lds_read_trans":
        result.dispatch = group_rows(
            [
                (i.index, describe(spec, i.values),
                 (f"{op_namespace(spec, i)}::{op_class(i)}", type_builder(i.packed["value"], "builder.getContext()")))
                for i in spec.instances
            ]
        )
    elif pattern == "tdm":
        try:
            data.update(tdm.emission_data(spec, params, state, value_stream))
        except tdm.TdmRenderError as error:
            raise CppRenderError(str(error)) from error
    else:
        raise CppRenderError(f"no C++ template for the copy emission pattern '{pattern}'")
    # The LLVM API profile: `aux` as an operand or an attribute; an op this LLVM lacks.
    data["aux_operand"] = llvm_api.active().aux_as_operand
    data["atomic_result"] = llvm_api.active().buffer_atomic_result
    data["lacks"] = next((m for op in (data.get("op"), data.get("load_op"), data.get("store_op")) if op
                          for m in [llvm_api.lacks_message(spec.mnemonic, str(op))] if m), "")
    return result


def default_val_bits(spec: AtomSpec) -> list[CaseGroup]:
    """Per row, the widest valBits it admits (what rebuildStaticValue uses without a hint)."""
    return group_rows([(i.index, describe(spec, i.values), max(i.val_bits) if i.val_bits else 0)
                       for i in spec.instances])


# --------------------------------------------------------------------------------------------
# PTX (NVVM) emission patterns


# Element type -> NVVM::MMATypes (mma.sync) and NVVM::WGMMATypes (wgmma) case names.
_PTX_TYPES = {
    "f16": "f16", "bf16": "bf16", "tf32": "tf32", "f32": "f32", "f64": "f64", "i8": "s8", "si8": "s8",
    "ui8": "u8", "i32": "s32", "si32": "s32", "f8E4M3FN": "e4m3", "f8E5M2": "e5m2",
    "i4": "s4", "si4": "s4", "ui4": "u4", "i1": "b1",
}
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


def _register_type(element: str) -> str:
    """One PTX register of an MMA operand of `element` values: f16x2 pairs stay vectors,
    f32/f64/s32 accumulators are scalars, everything else is a .b32 register (i32)."""
    if element == "f16":
        return "vector<2xf16>"
    if element in ("f32", "f64", "i32", "si32"):
        return element.removeprefix("s")
    return "i32"


def _ptx_type(element: str, enum: str) -> str:
    if element not in _PTX_TYPES:
        raise CppRenderError(f"no PTX type for the element type '{element}'")
    return f"NVVM::{enum}::{_PTX_TYPES[element]}"


@dataclass
class TypeCase:
    """One `if (<condition>) return <value>;` of a generated type-to-value helper."""

    condition: str
    value: str


def _type_cases(spec: AtomSpec, params: dict[str, CppParam], name: str, value: Callable[[str], str]) -> list[TypeCase]:
    seen: dict[str, str] = {}
    for instance in spec.instances:
        element = str(instance.values[name])
        seen.setdefault(element, value(element))
    return [TypeCase(type_predicate("type", element), result) for element, result in seen.items()]


def _b1_op(instruction: str) -> str:
    """A binary MMA's bit operation, from its (catalogue-checked) instruction text."""
    for suffix, op in ((".xor.popc", "xor_popc"), (".and.popc", "and_popc")):
        if instruction.endswith(suffix):
            return f"NVVM::MMAB1Op::{op}"
    return "std::nullopt"


def ptx_mma_sync(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> dict[str, Any]:
    operand = spec.operand_types
    packed_entries = []
    config_entries = []
    for instance in spec.instances:
        description = describe(spec, instance.values)
        a_el, b_el, c_el = (str(instance.values[operand[r]]) for r in ("a", "b", "c"))
        types = tuple(type_builder(llvm_register_type(instance.packed[r])) for r in ("a", "b", "c"))
        packed_entries.append((instance.index, description, types))
        integer = _PTX_TYPES.get(a_el, "").startswith(("s", "u")) and a_el != "f16"
        overflow = "NVVM::MMAIntOverflow::wrapped" if integer else "std::nullopt"
        config_entries.append((instance.index, description, (
            f"{{{instance.values['m']}, {instance.values['n']}, {instance.values['k']}}}",
            f"{{{_ptx_type(a_el, 'MMATypes')}, {_ptx_type(b_el, 'MMATypes')}}}",
            type_builder(_register_type(a_el)), type_builder(_register_type(b_el)),
            type_builder(_register_type(c_el)), overflow, _b1_op(instance.instruction or ""),
        )))
    return {"packed": group_rows(packed_entries), "configs": group_rows(config_entries)}


def _check_accumulator(spec: AtomSpec) -> None:
    """The C++ computes the accumulator as vector<n/2 x elemTyAcc>: hold every row to it."""
    acc = spec.operand_types["c"]
    for instance in spec.instances:
        expected = f"vector<{int(instance.values['n']) // 2}x{instance.values[acc]}>"
        if instance.packed["c"] != expected:
            raise CppRenderError(f"row {instance.id}: packed c {instance.packed['c']} is not {expected}")


@dataclass
class WgmmaFamily:
    condition: str  # on elemTyA, elemTyB, elemTyAcc
    comment: str
    prefix: str  # instruction text before n
    suffix: str  # instruction text after n
    scaled: bool  # takes imm-scale-a / imm-scale-b
    transposable: bool  # takes imm-trans-b


def ptx_wgmma(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> dict[str, Any]:
    _check_accumulator(spec)
    operand = spec.operand_types
    rs = spec.emission.get("pattern") == "wgmma_rs"
    families: dict[tuple[str, str, str], WgmmaFamily] = {}
    packed_a: dict[str, str] = {}
    for instance in spec.instances:
        a_el, b_el, c_el = (str(instance.values[operand[r]]) for r in ("a", "b", "c"))
        packed_a.setdefault(a_el, llvm_register_type(instance.packed["a"]))
        if packed_a[a_el] != llvm_register_type(instance.packed["a"]):
            raise CppRenderError(f"row {instance.id}: A is packed differently from other {a_el} rows")
        key = (a_el, b_el, c_el)
        if key in families:
            continue
        text = instance.instruction or ""
        marker = f"n{instance.values['n']}k"
        if marker not in text:
            raise CppRenderError(f"row {instance.id}: cannot find {marker} in the instruction '{text}'")
        prefix, _, rest = text.partition(marker)
        condition = " && ".join(
            type_predicate(f"elemTy{role}", element) for role, element in (("A", a_el), ("B", b_el), ("Acc", c_el))
        )
        floating = _PTX_TYPES.get(a_el, "") not in ("s8", "u8")
        families[key] = WgmmaFamily(condition, f"({a_el}, {b_el}) -> {c_el}", prefix + "n", "k" + rest, floating,
                                    a_el in ("f16", "bf16"))
    elements = {str(i.values[operand[r]]) for i in spec.instances for r in ("a", "b", "c")}
    wgmma_types = [TypeCase(type_predicate("type", e), _ptx_type(e, "WGMMATypes")) for e in sorted(elements)]
    acc_slot = _slot_of(state, "Accumulate")
    return {
        "rs": rs,
        "families": list(families.values()),
        "wgmma_types": wgmma_types,
        "packed_a": [TypeCase(type_predicate("getElemTyA()", e), type_builder(t)) for e, t in packed_a.items()],
        "accumulate": acc_slot,
        "trans_a": params["transA"].getter if "transA" in params else "false",
        "trans_b": params["transB"].getter if "transB" in params else "false",
    }


def ptx_matrix(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> dict[str, Any]:
    """ldmatrix / stmatrix: num registers of 32 bits, row or col (transposed) layout."""
    for instance in spec.instances:
        expected = "i32" if instance.values["num"] == 1 else f"vector<{instance.values['num']}xi32>"
        if instance.packed["value"] != expected:
            raise CppRenderError(f"row {instance.id}: packed value {instance.packed['value']} is not {expected}")
    return {"num": params["num"].getter, "transpose": params["transpose"].getter}


def ptx_cp_async(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> dict[str, Any]:
    return {"bytes": params["bytes"].getter, "modifier": f"{params['cacheModifier'].getter}.getValue()"}


def ptx_tma(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> dict[str, Any]:
    coords = [_slot_of(state, f"Coord{i}") for i in range(5)]
    return {
        "load": spec.emission.get("pattern") == "tma_load",
        "desc": _slot_of(state, "TmaDescriptor"),
        "mbarrier": _slot_of(state, "Mbarrier") if spec.emission.get("pattern") == "tma_load" else None,
        "coords": coords,
        "rank": params["rank"].getter,
    }


PTX_PATTERNS: dict[str, Callable[[AtomSpec, dict[str, CppParam], StateModel | None], dict[str, Any]]] = {
    "mma_sync": ptx_mma_sync,
    "wgmma_ss": ptx_wgmma,
    "wgmma_rs": ptx_wgmma,
    "ldmatrix": ptx_matrix,
    "stmatrix": ptx_matrix,
    "cp_async": ptx_cp_async,
    "tma_load": ptx_tma,
    "tma_store": ptx_tma,
}


# --------------------------------------------------------------------------------------------
# Assembly


DIALECT_HEADERS = {
    "ROCDL::ROCDLDialect": "mlir/Dialect/LLVMIR/ROCDLDialect.h",
    "NVVM::NVVMDialect": "mlir/Dialect/LLVMIR/NVVMDialect.h",
}
PTX_PATTERN_INCLUDES = {
    "wgmma_ss": ("mlir/Dialect/Arith/IR/Arith.h", "mlir/Dialect/SCF/IR/SCF.h", "mlir/IR/Matchers.h"),
    "wgmma_rs": ("llvm/ADT/Twine.h", "llvm/Support/raw_ostream.h"),
}


def includes(spec: AtomSpec, backend: Backend | None = None) -> tuple[list[str], list[str]]:
    mlir = list(MMA_INCLUDES if spec.kind == "mma" else COPY_INCLUDES)
    if backend is not None and backend.name != "rocdl":
        dialect = backend.data.get("dialect") or {}
        headers = [DIALECT_HEADERS[d] for d in dialect.get("dependent_dialects") or [] if d in DIALECT_HEADERS]
        mlir = [h for h in mlir if h not in DIALECT_HEADERS.values()] + headers
        mlir += PTX_PATTERN_INCLUDES.get(str(spec.emission.get("pattern")), ())
        mlir = sorted(set(mlir))
    if spec.kind == "mma" and (spec.stateful or llvm_api.active().immediates_as_operands):
        mlir = sorted(set(mlir) | {"mlir/Dialect/Arith/IR/Arith.h"})
    if spec.stateful:
        mlir = sorted(set(mlir) | {"llvm/ADT/StringSwitch.h"}) if any(
            f.private for f in spec.state) else mlir
    if any(p.is_type for p in spec.parameters):
        mlir = sorted(set(mlir) | {"mlir/Support/DebugStringHelper.h"})
    fly = ["flydsl/Dialect/Fly/IR/FlyDialect.h"]
    if spec.kind == "copy":
        fly.append("flydsl/Dialect/Fly/Utils/PointerUtils.h")
    fly.append("flydsl/Dialect/Fly/Utils/ThrValLayoutMacro.h.inc")
    header = "include/flydsl/Dialect/FlyROCDL/IR/Dialect.h"
    if backend is not None:
        header = str((backend.data.get("paths") or {}).get("dialect_header", header))
    fly.append(header.removeprefix("include/"))
    if spec.emission.get("pattern") in BUFFER_PATTERNS:
        fly.append("flydsl/Dialect/FlyROCDL/Utils/BufferFatPtr.h")
    if spec.emission.get("pattern") == "tdm":
        mlir = sorted(set(mlir) | {"mlir/Dialect/Vector/IR/VectorOps.h", "llvm/Support/MathExtras.h"})
    return sorted(mlir), fly


def context(spec: AtomSpec, backend: Backend) -> dict[str, Any]:
    """Everything the templates print, computed."""
    names = backend_names(backend)
    params = {p.name: _cpp_param(p) for p in spec.parameters}
    plan = verify_plan(spec)
    state = state_model(spec, backend, params)
    mlir_includes, fly_includes = includes(spec, backend)
    atom: dict[str, Any] = {
        "spec_path": spec_source(spec),  # the same text from any working folder
        "summary": spec.summary,
        "cls": spec.cpp_class,
        "kind": spec.kind,
        "mnemonic": spec.mnemonic,
        "stateful": spec.stateful,
        "pattern": PATTERN_TEMPLATES.get(str(spec.emission.get("pattern")), str(spec.emission.get("pattern"))),
        "namespace": names.cpp_namespace.removeprefix("::"),
        "mlir_includes": mlir_includes,
        "fly_includes": fly_includes,
        "params": [params[p.name] for p in spec.parameters],
        "layouts": layout_methods(spec, params),
        "total_bit_width": uses_total_bit_width(spec, params) or bool(state and state.bitcast),
        "verify": verify_model(spec, plan, params),
        "words": wording.cpp_model(
            spec.data, [i.values for i in spec.instances],
            lambda name, quoted: name if quoted else value_stream(params[name]),
            lambda text: f'"{escape.cpp_string(text)}"', cpp_expr),
        "state": state,
        "scale_soffset": spec.emission.get("pattern") in BUFFER_PATTERNS,
    }
    pattern = str(spec.emission.get("pattern"))
    if pattern in PTX_PATTERNS:
        atom["ptx"] = PTX_PATTERNS[pattern](spec, params, state)
        atom["total_bit_width"] = True  # the register split/pack helpers size types with it
    if spec.kind == "mma":
        operand = spec.operand_types
        atom["val_types"] = {
            "A": params[operand["a"]].getter,
            "B": params[operand["b"]].getter,
            "C": params[operand["c"]].getter,
            "D": params[operand.get("d", operand["c"])].getter,
        }
        if pattern not in PTX_PATTERNS:
            atom["mma"] = mma_emission(spec, params, state)
    else:
        if pattern not in PTX_PATTERNS:
            atom["copy_emission"] = copy_emission(spec, params, state)
        atom["val_bits"] = default_val_bits(spec)
    return atom


def clang_format(text: str) -> str:
    """`text` in FlyDSL's style, formatted by the pinned clang-format wheel.

    Only the pinned wheel is used, never a clang-format found on PATH: another version would
    format differently, and generated files must be the same bytes on every machine.
    """
    completed = subprocess.run(  # noqa: S603 - fixed executable, text on stdin
        [_clang_format_executable(), f"--style={CLANG_FORMAT_STYLE}", "--assume-filename=atom.cpp"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return completed.stdout


def _clang_format_executable() -> str:
    try:
        import clang_format as wheel  # type: ignore[import-not-found]

        candidate: str | None = wheel.get_executable("clang-format")
    except ImportError:
        candidate = None
    if not candidate or not shutil.which(candidate):
        raise CppRenderError("the pinned clang-format wheel is missing: pip install 'clang-format==23.1.5'")
    return candidate


def render(spec: AtomSpec, backend: Backend, env: Any) -> RenderOutput:
    """The atom's C++ implementation file, owned whole."""
    text = env.get_template("cpp/atom.cpp.j2").render(atom=context(spec, backend))
    path = atom_cpp_path(spec, backend_names(backend))
    return RenderOutput(files={path: clang_format(text)})


