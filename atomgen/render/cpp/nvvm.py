"""PTX (NVVM) emission patterns: mma.sync, mma.sp, wgmma, tcgen05, ldmatrix/stmatrix, cp.async, bulk copy, TMA."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from atomgen.render.cpp.messages import cpp_string
from atomgen.render.cpp.mlirtype import (
    CppRenderError,
    llvm_register_type,
    predicate_accepts,
    register_type,
    specific_first,
    type_builder,
    type_predicate,
)
from atomgen.render.cpp.params import CppParam
from atomgen.render.cpp.rows import group_rows
from atomgen.render.cpp.state import StateModel, slot_of
from atomgen.render.engine import TemplateContext
from atomgen.spec import tcgen05
from atomgen.spec.backend import Backend
from atomgen.spec.emission import (
    BulkCopy,
    CpAsync,
    Emission,
    Ldmatrix,
    MmaSp,
    MmaSync,
    Stmatrix,
    Tcgen05Cp,
    Tcgen05Ld,
    Tcgen05Mma,
    Tcgen05St,
    TmaLoad,
    TmaStore,
    WgmmaRs,
    WgmmaSp,
    WgmmaSs,
)
from atomgen.spec.instruction import parse_ptx
from atomgen.spec.model import AtomSpec
from atomgen.spec.printing import describe
from atomgen.spec.sparsity import selector_parameter

# Element type -> NVVM::MMATypes (mma.sync) and NVVM::WGMMATypes (wgmma) case names.
_PTX_TYPES = {
    "f16": "f16", "bf16": "bf16", "tf32": "tf32", "f32": "f32", "f64": "f64", "i8": "s8", "si8": "s8",
    "ui8": "u8", "i32": "s32", "si32": "s32", "f8E4M3FN": "e4m3", "f8E5M2": "e5m2",
    "i4": "s4", "si4": "s4", "ui4": "u4", "i1": "b1",
}


def _ptx_type(element: str, enum: str) -> str:
    if element not in _PTX_TYPES:
        raise CppRenderError(f"no PTX type for the element type '{element}'")
    return f"NVVM::{enum}::{_PTX_TYPES[element]}"


@dataclass
class TypeCase:
    """One `if (<condition>) return <value>;` of a generated type-to-value helper."""

    condition: str
    value: str


def _b1_op(instruction: str) -> str:
    """A binary MMA's bit operation: the parsed instruction's `.xor` / `.and` word (AG404 ties it)."""
    parsed = parse_ptx(instruction)
    return f"NVVM::MMAB1Op::{parsed.bit_op}_popc" if parsed is not None and parsed.bit_op else "std::nullopt"


PatternContext = Callable[[AtomSpec, dict[str, CppParam], StateModel | None, Backend], TemplateContext]
# Each NVVM emission record's template context, registered beside the function that makes it.
CONTEXTS: dict[type[Emission], PatternContext] = {}


def pattern_context(*records: type[Emission]) -> Callable[[PatternContext], PatternContext]:
    """Register the decorated function as the template context of these emission records' atoms."""
    def register(function: PatternContext) -> PatternContext:
        for record in records:
            CONTEXTS[record] = function
        return function
    return register


def nvvm_context(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None,
                 backend: Backend) -> TemplateContext | None:
    """The NVVM pattern's own template context, or None for a pattern that is not NVVM's."""
    make = CONTEXTS.get(type(spec.emission))
    return None if make is None else make(spec, params, state, backend)



@pattern_context(MmaSp)
def ptx_mma_sp(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    """mma.sp: the instruction per row (intrinsics-checked), A, B in .b32 registers, C/D as mma.sync."""
    packed_entries = []
    config_entries = []
    for instance in spec.instances:
        description = describe(spec, instance.values)
        types = tuple(type_builder(llvm_register_type(instance.packed[r])) for r in ("a", "b", "c"))
        packed_entries.append((instance.index, description, types))
        accumulator = str(instance.values[spec.operand_types["c"]])
        config_entries.append((instance.index, description, (
            cpp_string(instance.instruction or ""), type_builder(register_type(accumulator)))))
    return {"packed": group_rows(packed_entries), "configs": group_rows(config_entries),
            "metadata": slot_of(state, "Metadata"), "selector": sparsity_selector(spec, params)}


def sparsity_selector(spec: AtomSpec, params: dict[str, CppParam]) -> str:
    """The C++ expression of the sparsity selector the instruction receives: the parameter the sparse
    section names (selector-indexed metadata, AG343 checked its values), else 0."""
    name = selector_parameter(spec.sparse)
    return params[name].getter if name is not None and name in params else "0"


def _mma_layouts(instruction: str) -> str:
    """A/B operand orders of an mma.sync: the parsed instruction's `.row`/`.col` words, which AG404 holds to
    the row's transA/transB."""
    parsed = parse_ptx(instruction)
    orders = parsed.layouts if parsed is not None else ()
    if len(orders) != 2:
        raise CppRenderError(f"cannot read the operand orders of '{instruction}'")
    return "{" + ", ".join(f"NVVM::MMALayout::{order}" for order in orders) + "}"


@pattern_context(MmaSync)
def ptx_mma_sync(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    operand = spec.operand_types
    packed_entries = []
    config_entries: list[tuple[int, str, tuple[str, ...]]] = []
    any_inline = False
    for instance in spec.instances:
        description = describe(spec, instance.values)
        a_el, b_el, c_el = (str(instance.values[operand[r]]) for r in ("a", "b", "c"))
        types = tuple(type_builder(llvm_register_type(instance.packed[r])) for r in ("a", "b", "c"))
        packed_entries.append((instance.index, description, types))
        integer = _PTX_TYPES.get(a_el, "").startswith(("s", "u")) and a_el != "f16"
        overflow = "NVVM::MMAIntOverflow::wrapped" if integer else "std::nullopt"
        # a row the backend emits as inline PTX names its instruction (intrinsics-checked spec text, escaped)
        inline = backend.emits_inline_ptx(instance.intrinsic, (a_el, b_el, c_el))
        config_entries.append((instance.index, description, (
            f"{{{instance.values['m']}, {instance.values['n']}, {instance.values['k']}}}",
            f"{{{_ptx_type(a_el, 'MMATypes')}, {_ptx_type(b_el, 'MMATypes')}}}",
            type_builder(register_type(a_el)), type_builder(register_type(b_el)),
            type_builder(register_type(c_el)), overflow, _b1_op(instance.instruction or ""),
            _mma_layouts(instance.instruction or ""),
            cpp_string(instance.instruction or "") if inline else '""',
        )))
        any_inline = any_inline or inline
    if not any_inline:  # no row needs it: the config keeps no inlinePtx field
        config_entries = [(index, description, code[:-1]) for index, description, code in config_entries]
    return {"packed": group_rows(packed_entries), "configs": group_rows(config_entries), "inline": any_inline}


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


def wgmma_immediates(element_a: str) -> tuple[bool, bool]:
    """(imm-scale-a/b, imm-trans-b): which immediates a wgmma with A elements `element_a` takes
    (the floating forms scale, the 16-bit ones transpose); createWgmmaRS writes them, the tests spell them."""
    return _PTX_TYPES.get(element_a, "") not in ("s8", "u8"), element_a in ("f16", "bf16")


@pattern_context(WgmmaSs, WgmmaRs, WgmmaSp)
def ptx_wgmma(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    _check_accumulator(spec)
    operand = spec.operand_types
    rs = spec.pattern in ("wgmma_rs", "wgmma_sp")  # wgmma_sp: sparse A from registers
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
        scaled, transposable = wgmma_immediates(a_el)
        families[key] = WgmmaFamily(condition, f"({a_el}, {b_el}) -> {c_el}", prefix + "n", "k" + rest, scaled,
                                    transposable)
    elements = {str(i.values[operand[r]]) for i in spec.instances for r in ("a", "b", "c")}
    wgmma_types = [TypeCase(type_predicate("type", e), _ptx_type(e, "WGMMATypes"))
                   for e in specific_first(list(elements))]
    acc_slot = slot_of(state, "Accumulate")
    return {
        "rs": rs,
        "families": [families[key] for key in _unshadowed(list(families))],
        "wgmma_types": wgmma_types,
        "packed_a": [TypeCase(type_predicate("getElemTyA()", e), type_builder(packed_a[e]))
                     for e in specific_first(list(packed_a))],
        "accumulate": acc_slot,
        "metadata": slot_of(state, "Metadata") if spec.pattern == "wgmma_sp" else None,
        "selector": sparsity_selector(spec, params),
        "trans_a": params["transA"].getter if "transA" in params else "false",
        "trans_b": params["transB"].getter if "transB" in params else "false",
    }


def _unshadowed(keys: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Type families in an order where no family's test takes another family's types (ui8 rows before i8)."""
    rank = {name: index for index, name in enumerate(specific_first(sorted({e for key in keys for e in key})))}
    ordered = sorted(keys, key=lambda key: tuple(rank[e] for e in key))
    for index, key in enumerate(ordered):
        for later in ordered[index + 1:]:
            if all(predicate_accepts(mine, theirs) for mine, theirs in zip(key, later)):
                raise CppRenderError(f"the test for {key} also accepts {later}")
    return ordered


@pattern_context(Ldmatrix, Stmatrix)
def ptx_matrix(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    """ldmatrix / stmatrix: num registers of 32 bits, row or col (transposed) layout."""
    for instance in spec.instances:
        expected = "i32" if instance.values["num"] == 1 else f"vector<{instance.values['num']}xi32>"
        if instance.packed["value"] != expected:
            raise CppRenderError(f"row {instance.id}: packed value {instance.packed['value']} is not {expected}")
    return {"num": params["num"].getter, "transpose": params["transpose"].getter}


@pattern_context(CpAsync)
def ptx_cp_async(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    # The size is bitSize (FlyNVVM's spelling, as FlyROCDL's copies); NVVM's cp.async takes bytes.
    return {"bytes": f"({params['bitSize'].getter} / 8)", "modifier": f"{params['cacheModifier'].getter}.getValue()"}


@pattern_context(BulkCopy)
def ptx_bulk_copy(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    """cp.async.bulk: `store` picks the direction (AG404 holds it to the row's instruction); the load reads the
    Mbarrier field (AG371 holds it to exist), the byte count is the memrefs'."""
    return {"store": params["store"].getter, "mbarrier": slot_of(state, "Mbarrier")}


@pattern_context(Tcgen05Ld, Tcgen05St, Tcgen05Cp)
def ptx_tcgen05_copy(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    """tcgen05.ld / st / cp: the parameters NVVM's op is built from (AG404 holds the row's instruction to them)."""
    op = spec.pattern.rsplit("_", 1)[-1]
    if op == "cp":
        if params["multicast"].enum != "::mlir::NVVM::Tcgen05CpMulticast":
            raise CppRenderError("tcgen05.cp's multicast must be an ::mlir::NVVM::Tcgen05CpMulticastAttr enum")
        return {"op": op, "rows": params["rows"].getter, "bits": params["bits"].getter,
                "multicast": params["multicast"].getter}
    flag = "pack" if op == "ld" else "unpack"
    return {"op": op, "dp": params["dp"].getter, "bits": params["bits"].getter, "num": params["num"].getter,
            "flag": flag, "packed": params[flag].getter}


@pattern_context(TmaLoad, TmaStore)
def ptx_tma(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend) -> TemplateContext:
    coords = [slot_of(state, f"Coord{i}") for i in range(5)]
    emission = spec.emission
    multicast = isinstance(emission, TmaLoad) and emission.multicast
    im2col = isinstance(emission, TmaLoad) and emission.im2col
    reduce = emission.reduce if isinstance(emission, TmaStore) else ""
    if reduce and params[reduce].enum != "::mlir::NVVM::TMAReduxKind":  # AG371 holds the parameter to exist
        raise CppRenderError(f"the reduction parameter {reduce} must be an ::mlir::NVVM::TMAReduxKindAttr enum")
    return {
        "load": spec.pattern == "tma_load",
        "desc": slot_of(state, "TmaDescriptor"),
        "mbarrier": slot_of(state, "Mbarrier") if spec.pattern == "tma_load" else None,
        "multicast": slot_of(state, "MulticastMask") if multicast else None,
        "im2col": [slot_of(state, f"Im2colOffset{i}") for i in range(3)] if im2col else None,
        "reduce": params[reduce].getter if reduce else "",
        "coords": coords,
        "rank": params["rank"].getter,
    }


@pattern_context(Tcgen05Mma)
def ptx_tcgen05(
    spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None, backend: Backend
) -> TemplateContext:
    """Per element type: its idesc format and (A) the instruction; the C++ builds idesc from them, m and n.
    An A in tensor memory (.ts) is passed as its TMEM address, `[$1]` with constraint r."""
    operand = spec.operand_types
    a_in_tmem = tcgen05.a_in_tmem(spec.operand_source)
    d_formats: dict[str, int] = {}
    ab_formats: dict[str, int] = {}
    kinds: dict[str, str] = {}
    scale_formats: dict[str, int] = {}
    factors = spec.scale_factors
    # A format parameter (a free type, AG379) is any of its values at run time: each needs its idesc code,
    # and A's its instruction.
    formats = {role: tuple(str(v) for v in parameter.free_values or ())
               for role in ("a", "b") if (parameter := spec.parameter(operand[role])) is not None and parameter.is_free}
    for instance in spec.instances:
        if instance.packed != tcgen05.packed(a_in_tmem):  # AG371 refuses these
            raise CppRenderError(f"row {instance.id}: tcgen05 takes packed {tcgen05.packed(a_in_tmem)}")
        row_a, row_b, c_el = (str(instance.values[operand[r]]) for r in ("a", "b", "c"))
        for a_el, b_el in tcgen05.format_pairs(formats.get("a", (row_a,)), formats.get("b", (row_b,))):
            _tcgen05_formats(instance, factors, a_el, b_el, c_el, d_formats, ab_formats, scale_formats, kinds)
    return {
        "scale_formats": [TypeCase(type_predicate("type", e), f"{scale_formats[e]}u")
                          for e in specific_first(list(scale_formats))],
        "scale_type": params[factors.type_parameter].getter if factors is not None else "",
        "sfa_address": slot_of(state, "SfaAddress") if factors is not None else None,
        "sfb_address": slot_of(state, "SfbAddress") if factors is not None else None,
        "sf_id_shift": tcgen05.SF_ID_SHIFT,
        "a_sf_id_bit": tcgen05.A_SF_ID_BIT,
        "b_sf_id_bit": tcgen05.B_SF_ID_BIT,
        "d_formats": [TypeCase(type_predicate("type", e), f"{d_formats[e]}u") for e in specific_first(list(d_formats))],
        "ab_formats": [TypeCase(type_predicate("type", e), f"{ab_formats[e]}u")
                       for e in specific_first(list(ab_formats))],
        "instructions": [TypeCase(type_predicate("type", e), f'"{kinds[e]}"') for e in specific_first(list(kinds))],
        "accumulate": slot_of(state, "Accumulate"),
        "a_in_tmem": a_in_tmem,
        "trans_a": params["transA"].getter if "transA" in params else "false",  # no transA: K-major (AG371)
        "trans_b": params["transB"].getter if "transB" in params else "false",  # no transB: K-major
    }


def _tcgen05_formats(instance: Any, factors: Any, a_el: str, b_el: str, c_el: str, d_formats: dict[str, int],
                     ab_formats: dict[str, int], scale_formats: dict[str, int], kinds: dict[str, str]) -> None:
    """Records the idesc codes and A's instruction a row takes with these formats (a CppRenderError where
    none: AG350, AG371 and AG379 refuse those)."""
    scale = tcgen05.block_scale(instance.instruction or "")
    if factors is not None and scale is not None:  # AG350 holds the rest to the instruction
        sf = str(instance.values[factors.type_parameter])
        if tcgen05.block_scaled_descriptor(scale.kind, 1, 1, a_el, b_el, sf) is None:
            raise CppRenderError(f"row {instance.id}: no kind::{scale.kind} idesc format for ({a_el}, {b_el}), "
                                 f"{sf}")
        ab_formats.update({e: tcgen05.BLOCK_SCALED_FORMATS[scale.kind][e] for e in (a_el, b_el)})
        scale_formats[sf] = tcgen05.SCALE_FORMAT[sf]
    elif factors is None and tcgen05.instruction_descriptor(1, 1, a_el, b_el, c_el) is not None:
        d_formats[c_el] = tcgen05.D_FORMAT[c_el]
        ab_formats.update({e: tcgen05.AB_FORMAT[e] for e in (a_el, b_el)})
    else:  # AG350 / AG371 refuse these
        raise CppRenderError(f"row {instance.id}: no tcgen05 idesc format for ({a_el}, {b_el}) -> {c_el}")
    if kinds.setdefault(a_el, instance.instruction or "") != (instance.instruction or ""):
        raise CppRenderError(f"row {instance.id}: {a_el} rows name different instructions")
