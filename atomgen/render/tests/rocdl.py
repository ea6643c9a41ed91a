"""Positive test functions of ROCDL atoms, one builder per emission pattern."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping, Optional

from atomgen.check.result import EvaluatedInstance, call_of, immediates_of, intrinsics_of, printed_call_of
from atomgen.layout.algebra import Layout, product
from atomgen.render import engine, llvm_api
from atomgen.render.cpp import intrinsic_call
from atomgen.render.cpp.mma import accumulator_type
from atomgen.render.tests.mlir import (
    IMMEDIATE_VALUE,
    Function,
    check_forms,
    copy_call,
    function_name,
    memref_type,
    mma_call,
    other_selectors,
    vector_type,
)
from atomgen.render.tests.state import (
    mma_call_with_loads,
    signature_checks,
    state_arg_types,
    state_ops,
)
from atomgen.spec import descriptor
from atomgen.spec.backend import TypeConverter
from atomgen.spec.emission import BufferCopy, Tdm
from atomgen.spec.instances import ScalarValue
from atomgen.spec.mlir_types import PackedType, element_bits
from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.printing import atom_type, sample_values


def _mma_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter,
                   packing: Mapping[str, PackedType]) -> list[Function]:
    """The instance's function; a register-half row gets a second one with its selector true (the high
    halves: the other extraction mask and the op's selector attribute), a sparse row one per other
    sparsity selector it admits (SMFMAC abid: each is its own immediate, so its own lowering)."""
    functions = [_mma_function(spec, inst, dialect, types, packing)]
    selector = inst.register_half.get("c")
    if selector is not None:
        high = {selector: True}
        functions.append(_mma_function(spec, inst.with_values(high), dialect, types, packing, suffix=f"_{selector}"))
        functions[-1].values = high
    for _, suffix, chosen in other_selectors(spec, inst):
        functions.append(_mma_function(spec, inst.with_values(chosen), dialect, types, packing, suffix=suffix))
        functions[-1].values = dict(chosen)
    for name, value in meaning_values(spec, inst):
        changed = {name: value}
        functions.append(_mma_function(spec, inst.with_values(changed), dialect, types, packing, suffix=f"_{name}"))
        functions[-1].values = changed
    return functions


# Operands whose value changes what the instruction computes: a test with the default alone cannot tell A's
# sign from B's, or a clamp sent from a clamp dropped (issue 48).
MEANINGFUL = ("sign_a", "sign_b", "clamp", "mod_c", "scale_select_a", "scale_select_b")


def meaning_values(spec: AtomSpec, inst: Instance) -> list[tuple[str, ScalarValue]]:
    """(parameter, a value other than the row's) for each free parameter the row's bound call sends to an
    operand whose value changes the result: each gets a function of its own, the others at their defaults, so
    that a value in another operand's slot lowers to another instruction (the ISA rung and the CHECK lines
    expect what the call means)."""
    if not llvm_api.active().immediates_printed:
        return []  # the pinned LLVM's printed form is not known here: its CHECK line could not tell the value
    call = call_of(spec, inst)
    first = next((other for other in spec.instances if other.intrinsic == inst.intrinsic), inst)
    if call is None or first.index != inst.index:
        return []  # one row per op carries them: the call, and so its CHECK lines and modifiers, are the op's
    fed = [(b.value, b.role) for b in call.bindings] + list(call.by_name)
    found: list[tuple[str, ScalarValue]] = []
    for token, role in fed:
        parameter = spec.parameter(token)
        if role not in MEANINGFUL or parameter is None or not parameter.is_free or token in inst.pin \
                or token in inst.register_half.values() or any(token == name for name, _ in found):
            continue
        current = inst.values.get(token, parameter.default)
        other = _other_value(parameter, current)
        if other is not None:
            found.append((token, other))
    return found


def _other_value(parameter: Any, current: Any) -> ScalarValue | None:
    """The value a function sets besides the row's: true for a bool, else the smallest admitted other (1 first)."""
    if parameter.is_bool:
        return not bool(current)
    admitted = list(parameter.free_values) if parameter.free_values is not None else (
        list(range(int(parameter.free_min), int(parameter.free_max) + 1))
        if parameter.free_min is not None and parameter.free_max is not None else [])
    others = [v for v in admitted if v != current and isinstance(v, int)]
    return 1 if 1 in others else (min(others) if others else None)


def _mma_function(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter,
                  packing: Mapping[str, PackedType], suffix: str = "") -> Function:
    values = sample_values(spec, inst)
    atom_ty = atom_type(spec, dialect, values)
    # D is written as C unless the atom names its own element type for it (operand_types.d, packed.d)
    roles = ("a", "b", "c", "d") if "d" in spec.operand_types else ("a", "b", "c")
    elems = {role: str(values[spec.operand_types[role]]) for role in roles}
    packed = {role: inst.packed[role] for role in roles}
    counts = {role: packing[role].bits // (element_bits(elems[role]) or 1) for role in roles}
    selector = inst.register_half.get("c")
    loaded = dict(packed, c=accumulator_type(inst))  # a register-half C is loaded as the layout's values
    if selector is not None:
        counts["c"] //= 2
    memrefs = {role: memref_type(elems[role], "register", counts[role]) for role in roles}
    memrefs.setdefault("d", memrefs["c"])
    loaded.setdefault("d", loaded["c"])
    packed.setdefault("d", packed["c"])
    fn = mma_call(function_name(spec, inst, suffix), atom_ty, memrefs)
    mma_call_with_loads(spec, fn, values, loaded, types)
    if selector is not None:
        fn.checks.append(check_forms().halves_spread(", ".join(str(s // 2) for s in range(2 * counts["c"])),
                                                     loaded["c"]))
    if spec.pattern == "call_intrinsic":
        fn.checks.extend(_call_intrinsic_checks(spec, inst))
    elif selector is not None:  # the op reads VW and its result is WIDE, of which RES is one half
        half = int(bool(values.get(selector)))
        fn.checks.append(_mma_result(spec, inst, packed).replace("%[[RES:", "%[[WIDE:").replace("%[[VC]]", "%[[VW]]"))
        fn.checks.append(check_forms().halves_read(", ".join(str(2 * v + half) for v in range(counts["c"])),
                                                   packed["c"]))
    else:
        fn.checks.append(_mma_result(spec, inst, packed))
    fn.checks.append(check_forms().store("%[[RES]]", "%[[D]]", loaded["d"], types.register_memref))
    converted = [(role, types.register_memref) for role in ("d", "a", "b", "c")] + state_arg_types(spec, fn)
    signature_checks(fn, converted)
    return fn


def _operand_type(entry: Any, name: str, role: str) -> str:
    """The type the intrinsics table gives an operand (by LLVM's name, or the table's word for its role)."""
    words = {"sparse_index": "idx", "scale_a": "scaleA", "scale_b": "scaleB"}
    for candidate in (name, words.get(role, "")):
        operand = entry.operand(candidate) if candidate else None
        if operand is not None and operand.type_names():
            return str(operand.type_names()[0])
    return "i32"


def _table_result(spec: AtomSpec, inst: Instance, packed: dict[str, str], entry: Any, as_operands: bool) -> str:
    """The intrinsic line from the intrinsics table's operands, for a row without a bound call (an op LLVM
    22.1.8 has no operand list for)."""
    meant = immediates_of(spec, inst)
    extra, types = "", []
    attributes: Optional[list[str]] = []
    for operand in entry.operands:
        if operand.name in ("a", "b", "c"):
            continue
        value, immediate = meant.get(operand.name), operand.immediate
        if immediate is None:
            extra += ", %{{[0-9]+}}"
            types.append(operand.type_names()[0])
        elif as_operands:
            extra += f", %c{value}_i32{{{{[_0-9]*}}}}" if value is not None else ", %c{{[0-9]+}}_i32{{[_0-9]*}}"
            types.append("i32")
        elif value is None:
            attributes = None
        elif value and attributes is not None:
            boolean = immediate.cpp_type == "bool"
            attributes.append(f"{operand.name} = true" if boolean else f"{operand.name} = {value} : i32")
    listed = {operand.name for operand in entry.operands}
    for name, value in meant.items():  # attributes the intrinsics table does not list as operands (fmtA, fmtB)
        if name not in listed and value and attributes is not None and not as_operands:
            attributes.append(f"{name} = {value} : i32")
    if attributes is None:
        extra += "{{( [{][^}]*[}])?}}"
    elif attributes:
        extra += " {" + ", ".join(sorted(attributes)) + "}"
    return str(check_forms().mma_result_exact(inst.intrinsic, packed, extra, types))


def _mma_result(spec: AtomSpec, inst: Instance, packed: dict[str, str]) -> str:
    """The intrinsic line. Where the LLVM API profile says how immediates print, every operand after C
    is spelled, each immediate as the value its meaning fixes (atomgen/check/result.py immediates_of: the
    layouts' value, the element type's format code), never as the C++ sends it: a cbsz = 1 the layouts
    do not describe fails here even when `check` is bypassed. Otherwise (FlyDSL's pinned LLVM, whose
    printed form is not observed here) the operands after C are matched loosely."""
    api = llvm_api.active()
    intrinsics = intrinsics_of(spec.backend)
    entry = intrinsics.get(inst.intrinsic) if intrinsics is not None else None
    if entry is None or not api.immediates_printed:
        return str(check_forms().mma_result(inst.intrinsic, packed))
    as_operands = api.operand_immediates(entry.op_class)
    printed = printed_call_of(spec, inst)
    if printed is None:
        return _table_result(spec, inst, packed, entry, as_operands)
    extra, types = "", []
    attributes: Optional[list[str]] = []  # the attr-dict, defaults omitted; None: a value not known here
    for argument in printed:  # LLVM 22.1.8's arguments, each at the value the row's call means
        if argument.role.startswith("fragment"):
            continue
        value = argument.value
        if argument.attribute:
            if value is None:
                attributes = None
            elif value != argument.default and attributes is not None:
                shown = ("true" if value else "false") if argument.width == 1 else f"{value} : i{argument.width}"
                attributes.append(f"{argument.name} = {shown}")
        elif argument.immediate and as_operands:
            extra += f", %c{value}_i32{{{{[_0-9]*}}}}" if value is not None else ", %c{{[0-9]+}}_i32{{[_0-9]*}}"
            types.append("i32")
        else:  # a value of run time: a state field, the sparse index
            extra += ", %{{[0-9]+}}"
            types.append(_operand_type(entry, argument.name, argument.role))
    if attributes is None:
        extra += "{{( [{][^}]*[}])?}}"
    elif attributes:
        extra += " {" + ", ".join(sorted(attributes)) + "}"
    return str(check_forms().mma_result_exact(inst.intrinsic, packed, extra, types))


def _call_intrinsic_checks(spec: AtomSpec, inst: Instance) -> list[str]:
    """The llvm.call_intrinsic line: the intrinsics table's LLVM name, the variant's operands and their types,
    after one line per constant immediate spelling the value its meaning fixes (immediates_of, as for
    the typed ops: a format code is the row's element type's, never what the C++ sends)."""
    variant = spec.variant(inst.variant)
    tokens = [str(t) for t in variant] if isinstance(variant, tuple) else []
    types = [intrinsic_call.operand_type(spec, inst, i, t) for i, t in enumerate(tokens)]
    intrinsics = intrinsics_of(spec.backend)
    entry = intrinsics.get(inst.intrinsic) if intrinsics is not None else None
    meant = immediates_of(spec, inst) if entry is not None else {}
    operands = entry.operands if entry is not None else ()
    shift = intrinsic_call.index_shift(spec, inst, variant)
    selected = int(inst.values.get(shift[0], 0) or 0) if shift is not None else 0
    checks, shown = [], []
    for index, (token, type_) in enumerate(zip(tokens, types)):
        operand = operands[index] if index < len(operands) else None
        if shift is not None and selected and operand is not None and operand.name == "idx":
            # the index set the selector chose, shifted into the low bits (llc: index_key)
            checks.append(str(_forms().constant_at(f"K{index}A", f"{selected * shift[1]} : {type_}", type_)))
            checks.append(f"CHECK: %[[K{index}:[0-9]+]] = llvm.lshr %{{{{[0-9]+}}}}, %[[K{index}A]] : {type_}")
            shown.append(f"K{index}")
            continue
        value = meant.get(operand.name) if operand is not None and operand.immediate is not None else None
        if token in ("a", "b", "c") or value is None:
            shown.append(token)
            continue
        literal = ("true" if value else "false") if type_ == "i1" else f"{value} : {type_}"
        checks.append(str(_forms().constant_at(f"K{index}", literal, type_)))
        shown.append(f"K{index}")
    checks.append(str(_forms().call_intrinsic(intrinsic_call.llvm_intrinsic(spec.backend, inst.intrinsic), shown,
                                              types, inst.packed["c"])))
    return checks

def register_checks(spec: AtomSpec, inst: Instance, fn: Function, evaluated: EvaluatedInstance | None,
                    types: TypeConverter) -> list[str]:
    """REG prefix: in SSA form, each register operand is loaded as (values of its layout) x elem."""
    if evaluated is None:
        return []
    values = sample_values(spec, inst)
    lines = _forms()
    checks = [lines.reg_label(fn.name)]
    for role, arg in (("a", "%arg1"), ("b", "%arg2"), ("c", "%arg3")):
        operand = evaluated.operands.get(role)
        if operand is None:
            continue
        layout: Layout = operand.layout
        count = product(layout.shape[1]) if isinstance(layout.shape, tuple) and len(layout.shape) == 2 else None
        if count is None:
            continue
        element = types.element(str(values[spec.operand_types[role]]))
        checks.append(lines.reg_load(arg, types.register_memref, vector_type(count, element)))
    if spec.pattern == "call_intrinsic":
        checks.append(lines.reg_call_intrinsic(intrinsic_call.llvm_intrinsic(spec.backend, inst.intrinsic)))
    else:
        checks.append(lines.reg_intrinsic(inst.intrinsic))
    return checks


def largest_val_bits(inst: Instance, limit: int = 32) -> int:
    options = [v for v in inst.val_bits if v <= limit] or list(inst.val_bits)
    return max(options) if options else int(inst.values.get("bitSize", 32))


@lru_cache(maxsize=None)
def _forms() -> Any:
    """templates/tests/rocdl.j2: the intrinsic CHECK lines per emission pattern."""
    return engine.environment().get_template("tests/rocdl.j2").module


def _aux(value: Any, lowered: bool = False) -> str:
    """How a buffer op's `aux` prints under the active LLVM API profile."""
    return str(_forms().aux(value, llvm_api.active().aux_as_operand, lowered))


def _buffer_copy_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    values = sample_values(spec, inst)
    bit_size = int(values["bitSize"])
    vb = largest_val_bits(inst)
    element, count = f"i{vb}", bit_size // vb
    atom_ty = atom_type(spec, dialect, values, vb)
    value_ty = inst.packed["value"]
    reg_ty = vector_type(count, element)
    aux = values.get("cacheModifier", 0)
    # buffer_copy names both directions' intrinsics; another copy pattern's store is its load's twin
    emission = spec.emission
    load_intrinsic = emission.load.intrinsic if isinstance(emission, BufferCopy) else inst.intrinsic
    store_intrinsic = (emission.store.intrinsic if isinstance(emission, BufferCopy)
                       else inst.intrinsic.replace(".load", ".store"))
    out = []
    for direction in ("load", "store"):
        src_space, dst_space = (
            ("#fly_rocdl.buffer_desc", "register") if direction == "load" else ("register", "#fly_rocdl.buffer_desc")
        )
        src, dst = memref_type(element, src_space, count), memref_type(element, dst_space, count)
        fn = copy_call(function_name(spec, inst, f"_{direction}"), atom_ty, vb, src, dst)
        state_ops(spec, fn, values)
        if direction == "load":
            fn.checks.append(_forms().buffer_load(load_intrinsic, _aux(aux), value_ty))
            stored = "%[[VAL]]"
            if reg_ty != value_ty:
                fn.checks.append(check_forms().cast(value_ty, reg_ty))
                stored = "%[[CAST]]"
            fn.checks.append(check_forms().store(stored, "%[[DST]]", reg_ty, types.register_memref))
        else:
            fn.checks.append(check_forms().load("%[[SRC]]", types.register_memref, reg_ty))
            stored = "%[[VAL]]"
            if reg_ty != value_ty:
                fn.checks.append(check_forms().cast(reg_ty, value_ty))
                stored = "%[[CAST]]"
            fn.checks.append(_forms().buffer_store(store_intrinsic, stored, _aux(aux), value_ty))
        converted = [("src", types.memref(src_space)), ("dst", types.memref(dst_space))] + state_arg_types(spec, fn)
        signature_checks(fn, converted)
        out.append(fn)
    return out


def _lds_dma_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter,
                       src_space: str) -> list[Function]:
    """Buffer or global load straight to LDS. i8 elements: offsets reach the op unscaled."""
    values = sample_values(spec, inst)
    bit_size = int(values["bitSize"])
    vb = 8 if 8 in inst.val_bits or not inst.val_bits else min(inst.val_bits)
    element, count = f"i{vb}", bit_size // vb
    atom_ty = atom_type(spec, dialect, values, vb)
    src, dst = memref_type(element, src_space, count), memref_type(element, "shared", count)
    fn = copy_call(function_name(spec, inst), atom_ty, vb, src, dst)
    if spec.stateful:
        state_ops(spec, fn, values)
    else:
        fn.checks.append(check_forms().stateless(types.stateless_atom))
    size = bit_size // 8
    lines = _forms()
    if src_space == "global":
        fn.checks.append(lines.global_lds(inst.intrinsic, size, types.memref("global"), types.memref("shared")))
    else:
        fn.checks.append(lines.lds_size(size))
        fn.checks.append(lines.buffer_lds(inst.intrinsic, _aux(0)))
        if any(s.immediate for s in spec.state):
            fn.checks += [
                lines.llvm_label(fn.name),
                lines.llvm_signature(types.buffer_desc_memref, types.memref("shared")),
                lines.llvm_constant("L_IMM", IMMEDIATE_VALUE),
                lines.llvm_constant("L_SIZE", size),
                lines.llvm_buffer_lds(inst.intrinsic, _aux(0, lowered=True)),
            ]
    converted = [("src", types.memref(src_space)), ("dst", types.memref("shared"))] + state_arg_types(spec, fn)
    signature_checks(fn, converted)
    return [fn]


def _buffer_atomic_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter,
                             packing: Mapping[str, PackedType]) -> list[Function]:
    values = sample_values(spec, inst)
    packed = packing.get("value")
    if packed is None:
        return []
    value_ty = packed.text
    element, count = packed.element, packed.length
    vb = packed.element_bits
    atom_ty = atom_type(spec, dialect, values, vb)
    src, dst = memref_type(element, "register", count), memref_type(element, "#fly_rocdl.buffer_desc", count)
    fn = copy_call(function_name(spec, inst), atom_ty, vb, src, dst)
    state_ops(spec, fn, values)
    fn.checks.append(check_forms().load("%[[SRC]]", types.register_memref, value_ty))
    fn.checks.append(_forms().atomic(inst.intrinsic, _aux(0), value_ty))
    converted = [("src", types.memref("register")), ("dst", types.memref("#fly_rocdl.buffer_desc"))]
    converted += state_arg_types(spec, fn)
    signature_checks(fn, converted)
    return [fn]


def _lds_read_trans_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    values = sample_values(spec, inst)
    bit_size = int(values["bitSize"])
    vb = min(inst.val_bits) if inst.val_bits else int(values["transGranularity"])
    element, count = f"i{vb}", bit_size // vb
    atom_ty = atom_type(spec, dialect, values, vb)
    value_ty = inst.packed["value"]
    reg_ty = vector_type(count, element)
    src, dst = memref_type(element, "shared", count), memref_type(element, "register", count)
    fn = copy_call(function_name(spec, inst), atom_ty, vb, src, dst)
    fn.checks.append(check_forms().stateless(types.stateless_atom))
    fn.checks.append(_forms().read_trans(inst.intrinsic, value_ty))
    stored = "%[[VAL]]"
    if reg_ty != value_ty:
        fn.checks.append(check_forms().cast(value_ty, reg_ty))
        stored = "%[[CAST]]"
    fn.checks.append(check_forms().store(stored, "%[[DST]]", reg_ty, types.register_memref))
    signature_checks(fn, [("src", types.memref("shared")), ("dst", types.memref("register"))])
    return [fn]


def _tdm_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    sample = sample_values(spec, inst)
    configs = [("", sample)]
    if {"padInterval", "padAmount"} <= {p.name for p in spec.parameters}:
        # Padding on (64 f16 elements every 8, as FlyDSL's own test): its codes land in GROUP1.
        configs.append(("_pad", {**sample, "rank": max(2, int(sample.get("rank", 1))), "padInterval": 64,
                                 "padAmount": 8}))
    return [fn for suffix, values in configs
            for fn in _tdm_config_functions(spec, inst, dialect, types, suffix, values)]


def _tdm_config_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter, suffix: str,
                          values: Mapping[str, ScalarValue]) -> list[Function]:
    rank = int(values.get("rank", 1))
    atom_ty = atom_type(spec, dialect, values, 0)
    extents = [8] * (rank - 1) + [64]
    strides = [1]
    for extent in reversed(extents[1:]):
        strides.insert(0, strides[0] * extent)
    layout = f"({','.join(map(str, extents))}):({','.join(str(s) for s in strides)})" if rank > 1 else "64:1"
    # The descriptor's compile-time dwords, from the spec's fields: a moved or resized field
    # changes one of these constants.
    fields = spec.emission.descriptor if isinstance(spec.emission, Tdm) else ()
    statics = descriptor.static_words(fields, {**values, **descriptor.tdm_operands(values, extents, 16)})
    constants = sorted({word for word in statics.values() if word not in (0, 1)})
    out = []
    for direction, src_space, dst_space, intrinsic in (
        ("load", "global", "shared", inst.intrinsic),
        ("store", "shared", "global", inst.emission.store_intrinsic or inst.intrinsic),
    ):
        src = f"!fly.memref<f16, {src_space}, {layout}>"
        dst = f"!fly.memref<f16, {dst_space}, {layout}>"
        fn = copy_call(function_name(spec, inst, f"{suffix}_{direction}"), atom_ty, 0, src, dst)
        state_ops(spec, fn, values)
        api = llvm_api.active()
        groups = [inst.packed[g] for g in sorted(inst.packed)][: api.tensor_groups]
        fn.checks.extend(_forms().tdm_word(word) for word in constants)
        fn.checks.append(_forms().tdm(intrinsic, len(groups), api.tensor_cache_keyword,
                                      values.get("cacheModifier", 0), groups[:2]))
        converted = [("src", types.memref(src_space)), ("dst", types.memref(dst_space))] + state_arg_types(spec, fn)
        signature_checks(fn, converted)
        out.append(fn)
    return out


def positive_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter,
                       packing: Mapping[str, PackedType]) -> list[Function]:
    """The functions that call one instance; `packing` is its packed register types (AnalysedAtom.packed_for)."""
    pattern = spec.pattern
    if spec.kind == "mma":
        return _mma_functions(spec, inst, dialect, types, packing)
    builders: dict[str, Callable[[], list[Function]]] = {
        "buffer_copy": lambda: _buffer_copy_functions(spec, inst, dialect, types),
        "lds_dma": lambda: _lds_dma_functions(spec, inst, dialect, types, "#fly_rocdl.buffer_desc"),
        "global_lds_dma": lambda: _lds_dma_functions(spec, inst, dialect, types, "global"),
        "buffer_atomic": lambda: _buffer_atomic_functions(spec, inst, dialect, types, packing),
        "lds_read_trans": lambda: _lds_read_trans_functions(spec, inst, dialect, types),
        "tdm": lambda: _tdm_functions(spec, inst, dialect, types),
    }
    builder = builders.get(pattern)
    return builder() if builder is not None else []
