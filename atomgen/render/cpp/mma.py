"""ROCDL MMA emission: per row, the packed operand types and the op created with its arguments."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from atomgen.check.result import format_code_of, format_keys
from atomgen.render import llvm_api
from atomgen.render.cpp import intrinsic_call
from atomgen.render.cpp.mlirtype import CppRenderError, type_builder
from atomgen.render.cpp.params import CppParam
from atomgen.render.cpp.rows import CaseGroup, RowConstants, group_rows, op_class, op_namespace, row_constant, tabulate
from atomgen.render.cpp.state import StateModel
from atomgen.spec.emission import GenericVariant, Mfma, MfmaScale, Shim, ShimResult, Tokens, WmmaScale
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.printing import describe

_QUALIFIED = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)+(\([0-9]+\))?\Z")
_INTEGER_LITERAL = re.compile(r"^-?[0-9]+\Z")


@dataclass
class MmaEmission:
    packed: list[CaseGroup]  # code: (a, b, acc) C++ type expressions
    dispatch: list[CaseGroup]  # code: statement(s) returning the result; ("placed", code, Placement) for
    # a row whose accumulator the intrinsic holds otherwise than the atom (a storage type, register halves)
    constants: RowConstants | None  # the table the shared cases read their format codes from, if any
    locals: list[str]  # parameter reads the dispatch needs
    state_reads: list[tuple[str, str]]  # (local name, slot constant)
    shim_result_ty: str
    shim_d_ty: str
    generic: bool
    casts: bool  # some row's result is bitcast back to D's type (bitcastTo is emitted)
    acc_ty_used: bool  # some row creates its op with accTy (register-half rows name the wide type instead)
    res_ty_used: bool  # some row creates its op with resTy (D's register type)
    written: bool  # D has an element type of its own (operand_types.d): PackedOperands carries its register
    index_sets: bool = False  # some row shifts its sparse index to the selected set (indexSet is emitted)


@dataclass(frozen=True, slots=True)
class Halves:
    """C's values spread over register halves (GFX11 OPSEL): `spread` puts value v in both halves of
    register v of the intrinsic's C; `low`/`high` read the half `selector` chose back."""

    wide: str  # C++ type expression of the intrinsic's C
    selector: str
    spread: str
    low: str
    high: str


@dataclass(frozen=True, slots=True)
class Placement:
    cast: bool  # bitcast the result to dTy (the storage type differs from the element type)
    halves: Halves | None


def _register_half_vector(instance: Instance) -> tuple[int, str]:
    """(values, element) of a register-half row's atom C: half the slots of the intrinsic's vector."""
    packed = parse_packed(instance.packed["c"])
    if packed is None or not instance.packed["c"].startswith("vector<"):
        raise CppRenderError(f"row {instance.id}: a register-half C must be a vector, got {instance.packed['c']}")
    return packed.length // 2, packed.element


def _halves(instance: Instance, selector: str) -> Halves:
    """The shuffles of a register-half accumulator: n values <-> 2n slots of the intrinsic's vector."""
    count, _ = _register_half_vector(instance)
    return Halves(
        wide=type_builder(instance.packed["c"], "builder.getContext()"),
        selector=selector,
        spread=", ".join(str(slot // 2) for slot in range(2 * count)),
        low=", ".join(str(2 * v) for v in range(count)),
        high=", ".join(str(2 * v + 1) for v in range(count)),
    )


def accumulator_type(instance: Instance) -> str:
    """The atom's C register type of a row: the packed type, or half of it where C's values sit in
    register halves (the intrinsic's C is built from it in the row's case)."""
    if "c" not in instance.register_half:
        return instance.packed["c"]
    count, element = _register_half_vector(instance)
    return f"vector<{count}x{element}>"


def _arg(token: Any, spec: AtomSpec, instance: Instance, params: dict[str, CppParam], locals_: dict[str, str],
         extra: dict[str, str]) -> str:
    text = str(token)
    if text in extra:
        return extra[text]
    if text in ("accTy", "resTy", "a", "b", "c", "true", "false"):
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


def _format_code(spec: AtomSpec, instance: Instance, key: str, role: str, tabled: frozenset[str]) -> str:
    """The C++ format code argument `key` of a row: its literal code, or the table's where `key` is tabled."""
    if not isinstance(spec.emission, (MfmaScale, WmmaScale)):
        raise CppRenderError(f"row {instance.id}: the {spec.pattern} pattern has no format codes")
    enum = spec.emission.format_enum
    code = format_code_of(spec, instance, key)  # the code check's AG375 judged
    if code is None:
        raise CppRenderError(f"row {instance.id}: no format code for {key}")
    return f"static_cast<{enum}>({row_constant(key) if key in tabled else code})"


def row_constants(spec: AtomSpec) -> RowConstants | None:
    """The format codes of every row, where the pattern sends some and every row has them: rows whose
    op call differs only in these share one case (rows.tabulate)."""
    keys = format_keys(spec.pattern)
    if not keys or not spec.instances:
        return None
    codes = [[format_code_of(spec, instance, key) for key, _ in keys] for instance in spec.instances]
    columns = tuple(key for position, (key, _) in enumerate(keys) if all(row[position] is not None for row in codes))
    if not columns:
        return None
    chosen = [position for position, (key, _) in enumerate(keys) if key in columns]
    return RowConstants(columns, tuple(
        (tuple(int(row[position] or 0) for position in chosen), describe(spec, instance.values))
        for row, instance in zip(codes, spec.instances)))


def mma_emission(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> MmaEmission:
    emission = spec.emission
    pattern = spec.pattern
    locals_: dict[str, str] = {}
    state_reads: list[tuple[str, str]] = []
    slots = {s.name: s for s in state.slots} if state else {}
    for local, slot in spec.state_operands.items():
        match = [s for s in (state.slots if state else []) if s.index == int(slot)]
        if not match:
            raise CppRenderError(f"state operand {local}: no state slot {slot}")
        state_reads.append((local, match[0].constant))
    del slots
    packed_entries = []
    dispatch_entries = []
    written = "d" in spec.operand_types
    constants = row_constants(spec)
    tabled = frozenset(constants.columns) if constants else frozenset()
    indexed: dict[int, Any] = {}

    def row_code(instance: Instance, tabled: frozenset[str]) -> Any:
        """The statement(s) of one row's case; the constants in `tabled` read from the table."""
        extra = {local: local for local, _ in state_reads}
        if isinstance(emission, MfmaScale):
            extra["cbsz"] = _format_code(spec, instance, "cbsz", "a", tabled)
            extra["blgp"] = _format_code(spec, instance, "blgp", "b", tabled)
        if isinstance(emission, WmmaScale):
            extra["fmtA"] = _format_code(spec, instance, "fmtA", "a", tabled)
            extra["fmtB"] = _format_code(spec, instance, "fmtB", "b", tabled)
            extra["fmt0"] = emission.enum("scale_format")
            if "modC" in params:
                locals_["modC"] = f"int32_t modC = {params['modC'].getter};"
                extra["modC"] = f"static_cast<{emission.enum('modC')}>(modC)"
            for name in ("opselA", "opselB"):
                if name in params:
                    locals_[name] = f"int32_t {name} = {params[name].getter};"
                    extra[name] = f"static_cast<{emission.enum('opsel')}>({name})"
        namespace = op_namespace(spec, instance)
        if pattern == "call_intrinsic":
            code: Any = intrinsic_call.call_code(spec, instance, params, locals_, {local for local, _ in state_reads},
                                                 tabled)
        elif pattern == "wmma_generic":
            variant = spec.variant(instance.variant)
            if not isinstance(variant, GenericVariant):
                raise CppRenderError(f"row {instance.id}: unknown variant {instance.variant}")
            operands = tuple(_arg(t, spec, instance, params, locals_, extra) for t in variant.operands)
            attrs = tuple((str(t), _arg(t, spec, instance, params, locals_, extra)) for t in variant.attrs)
            code = ("generic", instance.intrinsic, operands, attrs)
        else:
            if isinstance(emission, (Mfma, MfmaScale)):
                tokens: Tokens = emission.args
            else:
                variant = spec.variant(instance.variant)
                if not isinstance(variant, tuple):
                    raise CppRenderError(f"row {instance.id}: unknown variant {instance.variant}")
                tokens = variant
            args = tuple(_arg(t, spec, instance, params, locals_, extra) for t in tokens)
            op = f"{namespace}::{op_class(instance)}"
            code = ("typed", op, llvm_api.adapt_call(op, args, {"a", "b", "c", *(n for n, _ in state_reads)}))
        if instance.storage or instance.register_half:
            selector = instance.register_half.get("c")
            if selector is not None:
                locals_[selector] = f"bool {selector} = {params[selector].getter};"
            halves = _halves(instance, selector) if selector is not None else None
            if halves is not None:  # the op reads the widened C and returns the intrinsic's type
                code = _widened(code, halves.wide)
            code = ("placed", code, Placement(cast=bool(instance.storage), halves=halves))
        return code

    for instance in spec.instances:
        description = describe(spec, instance.values)
        a_ty = type_builder(instance.packed["a"])
        b_ty = type_builder(instance.packed["b"])
        acc_ty = type_builder(accumulator_type(instance))
        written_ty = (type_builder(instance.packed["d"]),) if written else ()
        packed_entries.append((instance.index, description, (a_ty, b_ty, acc_ty, *written_ty)))
        dispatch_entries.append((instance.index, description, row_code(instance, frozenset())))
        if tabled:
            indexed[instance.index] = row_code(instance, tabled)
    shim = emission.shim_result if isinstance(emission, Shim) else ShimResult()

    def shim_type(value: str) -> str:  # the shim passes the register the op returns as D's type
        return ("packed.d" if written else "packed.acc") if value == "accTy" else "Type{}"

    ordered_locals = [locals_[p.name] for p in spec.parameters if p.name in locals_]
    dispatch, table = tabulate(dispatch_entries, indexed, constants)
    return MmaEmission(
        packed=group_rows(packed_entries),
        dispatch=dispatch,
        constants=table,
        locals=ordered_locals,
        state_reads=state_reads,
        shim_result_ty=shim_type(shim.result_ty),
        shim_d_ty=shim_type(shim.d_ty),
        generic=pattern == "wmma_generic",
        casts=any(instance.storage for instance in spec.instances),
        acc_ty_used=any(_mentions(group.code, "accTy") for group in dispatch),
        res_ty_used=any(_mentions(group.code, "resTy") for group in dispatch),
        written=written,
        index_sets=any("indexSet(" in str(group.code) for group in dispatch),
    )


def _mentions(code: Any, name: str) -> bool:
    """Whether a row's op code names the local `name`: the generic and call_intrinsic templates create
    their op with accTy themselves, a register-half row with the intrinsic's wide type instead."""
    if code[0] == "placed":
        return code[2].halves is None and _mentions(code[1], name)
    if code[0] in ("generic", "call"):
        return name == "accTy"
    return name in code[2]


def _widened(code: Any, wide: str) -> Any:
    """A row's op code reading C from `halves` and returning the intrinsic's wide type."""
    if code[0] == "generic":
        return ("generic", code[1], tuple("halves" if o == "c" else o for o in code[2]), code[3], wide)
    if code[0] == "typed":
        return ("typed", code[1], tuple(wide if a == "accTy" else "halves" if a == "c" else a for a in code[2]))
    raise CppRenderError(f"register halves are not supported by the {code[0]} emission")
