"""PTX (fly_nvvm -> NVVM) tests: FlyDSL's NVVM lowering is its unmerged branch pr/nvvm-target (PR #976),
so these files need a FlyDSL build of that branch with the generated atoms (lit feature named after
the dialect, `fly-nvvm`); elsewhere lit reports them UNSUPPORTED."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Mapping

from atomgen.check.result import AnalysedAtom
from atomgen.render import engine
from atomgen.render.base import RenderOutput
from atomgen.render.cpp.mlirtype import llvm_register_type, register_type
from atomgen.render.cpp.nvvm import wgmma_immediates
from atomgen.render.escape import filecheck_literal, mlir_comment
from atomgen.render.names import atom_test_path, backend_names, spec_source
from atomgen.render.tests.mlir import (
    NEGATIVE_RUN,
    NEXT_FUNC,
    Function,
    check_forms,
    copy_call,
    function_name,
    memref_type,
    mma_call,
    other_selectors,
    test_file,
    type_bits,
    use,
    vector_type,
)
from atomgen.render.tests.negative import negative_cases
from atomgen.render.tests.rocdl import largest_val_bits
from atomgen.render.tests.select import EVERY_INSTANCE, active, described, representatives
from atomgen.render.tests.state import (
    mma_call_with_loads,
    signature_checks,
    state_arg_types,
    state_ops,
)
from atomgen.spec import tcgen05
from atomgen.spec.backend import Backend, LlvmGap, TypeConverter
from atomgen.spec.instances import ScalarValue
from atomgen.spec.mlir_types import PackedType, element_bits
from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.printing import atom_type, sample_values
from atomgen.spec.sparsity import selector_parameter

PTX_FEATURE = "fly-nvvm"


def ptx_feature(backend: Backend) -> str:
    """The lit feature of a build that has this backend's dialect with the generated atoms: the dialect's name."""
    return backend_names(backend).dialect.replace("_", "-")
PTX_PIPELINE = "--fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering --convert-fly-to-nvvm"


def _ptx_pipeline(backend: Backend) -> str:
    lowering = backend.paths.get("lowering_pass", "--convert-fly-to-nvvm")
    return PTX_PIPELINE.replace("--convert-fly-to-nvvm", lowering)


@lru_cache(maxsize=None)
def _forms() -> Any:
    """templates/tests/ptx.j2: the NVVM CHECK lines per emission pattern."""
    return engine.environment().get_template("tests/ptx.j2").module


def _struct(members: list[str]) -> str:
    return "!llvm.struct<(" + ", ".join(members) + ")>"


def _ptx_mma_function(
    spec: AtomSpec, inst: Instance, dialect: str, packing: Mapping[str, PackedType], types: TypeConverter,
    inline: bool = False, suffix: str = "",
) -> Function:
    values = sample_values(spec, inst)
    atom_ty = atom_type(spec, dialect, values)
    pattern = spec.pattern
    elems = {role: str(values[spec.operand_types[role]]) for role in ("a", "b", "c")}
    packed = {role: llvm_register_type(inst.packed[role]) for role in ("a", "b", "c")}
    memrefs = {}
    for role in ("a", "b", "c"):
        if packed[role] == "i64":  # a shared-memory descriptor
            memrefs[role] = memref_type("i64", "register", 1)
            continue
        width = 32 if elems[role] == "tf32" else element_bits(elems[role]) or 32
        memrefs[role] = memref_type(elems[role], "register", packing[role].bits // width)
    if pattern == "tcgen05_mma":  # C and D hold the accumulator's TMEM address, and A its own in the .ts form
        memrefs["c"] = memref_type("i32", "register", 1)
        if tcgen05.a_in_tmem(spec.operand_source):
            memrefs["a"] = memref_type("i32", "register", 1)
    memrefs["d"] = memrefs["c"]
    fn = mma_call(function_name(spec, inst, suffix), atom_ty, memrefs)
    selector = values.get(selector_parameter(spec.sparse) or "", 0)  # the sparsity selector the PTX names
    mma_call_with_loads(spec, fn, values, packed, types)
    acc_reg = register_type(elems["c"])
    lines = _forms()
    if pattern == "tcgen05_mma" and spec.scale_factors is not None:
        _tcgen05_scaled_checks(fn, inst, values, elems, str(values[spec.scale_factors.type_parameter]))
    elif pattern == "tcgen05_mma":
        _tcgen05_checks(fn, inst, values, elems, tcgen05.a_in_tmem(spec.operand_source))
    elif pattern == "mma_sync":
        regs = {role: register_type(elems[role]) for role in ("a", "b", "c")}
        counts = {role: packing[role].bits // type_bits(regs[role]) for role in ("a", "b", "c")}
        d_struct = _struct([regs["c"]] * counts["c"])
        if inline:  # backend.yaml inline_ptx: the instruction's whole text, operands and constraints
            fn.checks.append(lines.mma_ptx(filecheck_literal(_mma_ptx_asm(inst.instruction or "", counts)),
                                           _mma_ptx_constraints(regs, counts), d_struct,
                                           [regs[r] for r in ("a", "b", "c") for _ in range(counts[r])]))
        else:
            fn.checks.append(lines.mma_sync(values["m"], values["n"], values["k"], regs, d_struct,
                                            _mma_sync_attributes(inst.instruction or "", regs)))
    elif pattern == "mma_sp":
        # the metadata register is the state field (extracted from the atom), then the atom's selector
        count = packing["c"].bits // type_bits(acc_reg)
        # the metadata register is the value set_value gave the state field: the extractvalue of the
        # atom's state folds to it (createOrFold), so the inline PTX takes that argument itself
        # the inline PTX's operands: A and B as b32 registers, C's registers, the metadata word; the selector
        regs = {"a": "i32", "b": "i32", "c": acc_reg}
        counts = {"a": packing["a"].bits // 32, "b": packing["b"].bits // 32, "c": count}
        operands = [regs[r] for r in ("a", "b", "c") for _ in range(counts[r])] + ["i32"]
        arguments = ["%{{[0-9]+}}"] * (len(operands) - 1) + [use("S_metadata")]
        asm = _mma_ptx_asm(inst.instruction or "", counts, 1, f", {selector}")
        fn.checks.append(lines.mma_ptx(filecheck_literal(asm),
                                       _mma_ptx_constraints(regs, counts, 1), _struct([acc_reg] * count), operands,
                                       arguments))
    else:
        count = packing["c"].bits // type_bits(acc_reg)
        acc = _struct([acc_reg] * count)
        fn.checks.append(lines.wgmma_fence())
        if pattern == "wgmma_ss":
            fn.checks.append(lines.wgmma_ss(values["m"], values["n"], values["k"], acc))
        else:
            # rs and sparse (sp): the sparse form names B's descriptor, the metadata, its selector and the
            # predicate, then every immediate the instruction takes (createWgmmaRS: imm-scale-a/b of the
            # floating forms, imm-trans-b of the 16-bit ones), up to the end of the instruction
            tail = None
            if pattern == "wgmma_sp":
                scaled, transposable = wgmma_immediates(elems["a"])
                tail = (f", {selector}, p" + (", 1, 1" if scaled else "")
                        + (f", {int(bool(values.get('transB', False)))}" if transposable else "") + ";")
            fn.checks.append(lines.wgmma_rs(filecheck_literal(inst.instruction), acc, tail))
        fn.checks += [lines.wgmma_commit(), lines.wgmma_wait()]
    fn.checks.append(lines.store("%[[D]]", packed["c"], types.register_memref))
    converted = [(role, types.register_memref) for role in ("d", "a", "b", "c")] + state_arg_types(spec, fn)
    signature_checks(fn, converted)
    return fn


def _mma_ptx_asm(instruction: str, counts: Mapping[str, int], scalars: int = 0, tail: str = "") -> str:
    """The inline PTX the generated createMmaPtx writes: `INSTRUCTION {d}, {a}, {b}, {c}[, $s...]TAIL;`, D's
    registers apart from C's, then the scalar operands (mma.sp's metadata word)."""
    next_operand = iter(range(counts["c"] * 2 + counts["a"] + counts["b"] + scalars))
    groups = [", ".join(f"${next(next_operand)}" for _ in range(counts[r])) for r in ("c", "a", "b", "c")]
    text = f"{instruction} " + ", ".join("{" + g + "}" for g in groups)
    return text + "".join(f", ${next(next_operand)}" for _ in range(scalars)) + tail + ";"


def _mma_ptx_constraints(regs: Mapping[str, str], counts: Mapping[str, int], scalars: int = 0) -> str:
    letter = {"f32": "f", "f64": "d"}
    outputs = ["=" + letter.get(regs["c"], "r")] * counts["c"]
    inputs = [letter.get(regs[r], "r") for r in ("a", "b", "c") for _ in range(counts[r])]
    return ",".join(outputs + inputs + ["r"] * scalars)  # a scalar is a b32 register


def _mma_sync_attributes(instruction: str, regs: Mapping[str, str]) -> str:
    """`layoutA = ..., layoutB = ..., [multiplicandAPtxType = ..., multiplicandBPtxType = ...,]` from the
    instance's instruction (mma.sync.aligned.SHAPE.ALAYOUT.BLAYOUT.DTYPE.ATYPE.BTYPE.CTYPE[...]), the text the
    H200 probe runs: independent of the C++ renderer's type tables. NVVM prints the multiplicand types only
    where it cannot infer them from the registers (i32 registers: integers, bf16, tf32, fp8, b1)."""
    tokens = instruction.split(".")
    if len(tokens) < 10 or tokens[:3] != ["mma", "sync", "aligned"]:
        raise ValueError(f"not an mma.sync instruction: {instruction!r}")
    layout_a, layout_b, a_type, b_type = tokens[4], tokens[5], tokens[7], tokens[8]
    text = f"layoutA = #nvvm.mma_layout<{layout_a}>, layoutB = #nvvm.mma_layout<{layout_b}>, "
    if regs["a"] == "i32" or regs["b"] == "i32":
        text += f"multiplicandAPtxType = #nvvm.mma_type<{a_type}>, multiplicandBPtxType = #nvvm.mma_type<{b_type}>, "
    return text


def _tcgen05_checks(fn: Function, inst: Instance, values: Mapping[str, ScalarValue], elems: dict[str, str],
                    a_in_tmem: bool) -> None:
    """The instruction descriptor as a constant, then the one-thread inline PTX on the TMEM address
    (A's own TMEM address, in brackets with constraint r, in the .ts form)."""
    idesc = tcgen05.instruction_descriptor(int(values["m"]), int(values["n"]), elems["a"], elems["b"], elems["c"],
                                           bool(values.get("transA")), bool(values.get("transB")))
    lines = _forms()
    a = "[$1]" if a_in_tmem else "$1"
    fn.checks += [lines.tcgen05_idesc(idesc), lines.tcgen05_enable(),
                  lines.tcgen05(filecheck_literal(f"{inst.instruction} [$0], {a}, $2, $3, p;"),
                                "r,r,l,r,r" if a_in_tmem else "r,l,l,r,r", "i32" if a_in_tmem else "i64")]


def _tcgen05_scaled_checks(fn: Function, inst: Instance, values: Mapping[str, ScalarValue], elems: dict[str, str],
                           scale_type: str) -> None:
    """The block-scaled idesc as a constant, then A's and B's scale-factor ids shifted in from the state's
    TMEM addresses, then the inline PTX with both addresses in brackets."""
    scale = tcgen05.block_scale(inst.instruction or "")
    assert scale is not None  # AG350: every row of a spec with scale factors is block-scaled
    idesc = tcgen05.block_scaled_descriptor(scale.kind, int(values["m"]), int(values["n"]), elems["a"], elems["b"],
                                            scale_type, bool(values.get("transA")), bool(values.get("transB")))
    lines = _forms()
    fn.checks.append(lines.tcgen05_idesc(idesc))
    for address, bit, before, after in (("S_SFA_ADDRESS", tcgen05.A_SF_ID_BIT, "IDESC", "IDESC_A"),
                                        ("S_SFB_ADDRESS", tcgen05.B_SF_ID_BIT, "IDESC_A", "IDESC_B")):
        fn.checks += str(lines.tcgen05_sf_id(address, tcgen05.SF_ID_SHIFT, bit, before, after)).splitlines()
    fn.checks.append(lines.tcgen05_enable())
    fn.checks.append(lines.tcgen05_scaled(filecheck_literal(f"{inst.instruction} [$0], $1, $2, $3, [$5], [$6], p;")))


def _ptx_matrix_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    values = sample_values(spec, inst)
    num = int(values["num"])
    vb = min(inst.val_bits) if inst.val_bits else 16
    count = num * 32 // vb
    element = f"i{vb}"
    atom_ty = atom_type(spec, dialect, values, vb)
    load = spec.pattern == "ldmatrix"
    src_space, dst_space = ("shared", "register") if load else ("register", "shared")
    src, dst = memref_type(element, src_space, count), memref_type(element, dst_space, count)
    fn = copy_call(function_name(spec, inst), atom_ty, vb, src, dst)
    fn.checks.append(check_forms().stateless(types.stateless_atom))
    layout = "col" if values["transpose"] else "row"
    if load:
        result = "i32" if num == 1 else _struct(["i32"] * num)
        fn.checks.append(_forms().ldmatrix(layout, num, result))
        fn.checks.append(_forms().store("%[[DST]]", vector_type(count, element), types.register_memref))
    else:
        fn.checks.append(_forms().load(vector_type(count, element), types.register_memref))
        fn.checks.append(_forms().stmatrix(layout, num))
    signature_checks(fn, [("src", types.memref(src_space)), ("dst", types.memref(dst_space))])
    return [fn]


def _ptx_cp_async_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    values = sample_values(spec, inst)
    nbytes = int(values["bitSize"]) // 8
    vb = largest_val_bits(inst, 128) if inst.val_bits else 8 * nbytes
    atom_ty = atom_type(spec, dialect, values, vb)
    src, dst = memref_type("i8", "global", nbytes), memref_type("i8", "shared", nbytes)
    fn = copy_call(function_name(spec, inst), atom_ty, vb, src, dst)
    fn.checks.append(check_forms().stateless(types.stateless_atom))
    fn.checks.append(_forms().cp_async(inst.intrinsic, nbytes, values["cacheModifier"]))
    signature_checks(fn, [("src", types.memref("global")), ("dst", types.memref("shared"))])
    return [fn]


def _ptx_tma_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    values = sample_values(spec, inst)
    rank = int(values["rank"])
    atom_ty = atom_type(spec, dialect, values, 0)
    load = spec.pattern == "tma_load"
    extents = [8] * (rank - 1) + [64]
    strides = [1]
    for extent in extents[:-1]:
        strides.append(strides[-1] * extent)
    layout = f"({','.join(map(str, extents))}):({','.join(map(str, strides))})" if rank > 1 else "64:1"
    src_space, dst_space = ("global", "shared") if load else ("shared", "global")
    src, dst = f"!fly.memref<f16, {src_space}, {layout}>", f"!fly.memref<f16, {dst_space}, {layout}>"
    fn = copy_call(function_name(spec, inst), atom_ty, 0, src, dst)
    state_ops(spec, fn, values)
    multicast = bool(getattr(spec.emission, "multicast", False))
    reduce = str(getattr(spec.emission, "reduce", ""))
    if load:
        im2col = bool(getattr(spec.emission, "im2col", False))
        fn.checks += [_forms().tma_cluster(), _forms().tma_load(inst.intrinsic, rank, multicast, im2col)]
    elif reduce:
        fn.checks.append(_forms().tma_reduce(inst.intrinsic, rank, values[reduce]))
    else:
        fn.checks.append(_forms().tma_store(inst.intrinsic, rank))
    converted = [("src", types.memref(src_space)), ("dst", types.memref(dst_space))] + state_arg_types(spec, fn)
    signature_checks(fn, converted)
    return [fn]


# The bulk copy's test memref: f16 (8, 16) column-major, one contiguous run of 256 bytes (a multiple of 16).
_BULK_LAYOUT, _BULK_BYTES = "(8,16):(1,8)", 8 * 16 * 2


def _ptx_bulk_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    """cp.async.bulk: the whole contiguous memref in one instruction, its byte count an i32 constant."""
    values = sample_values(spec, inst)
    store = values["store"] is True
    atom_ty = atom_type(spec, dialect, values, 0)
    src_space, dst_space = ("shared", "global") if store else ("global", "shared")
    src = f"!fly.memref<f16, {src_space}, {_BULK_LAYOUT}>"
    dst = f"!fly.memref<f16, {dst_space}, {_BULK_LAYOUT}>"
    fn = copy_call(function_name(spec, inst), atom_ty, 0, src, dst)
    state_ops(spec, fn, values)
    fn.checks.append(_forms().bulk_size(_BULK_BYTES))
    if store:
        fn.checks.append(_forms().bulk_store(inst.intrinsic))
    else:
        fn.checks += [_forms().tma_cluster(), _forms().bulk_load(inst.intrinsic)]
    converted = [("src", types.memref(src_space)), ("dst", types.memref(dst_space))] + state_arg_types(spec, fn)
    signature_checks(fn, converted)
    return [fn]


# tcgen05.ld / st: (dp, bits) -> NVVM's shape case, the 32-bit registers one repetition gives a thread
_TMEM_SHAPES = {(32, 32): ("shape_32x32b", 1), (16, 32): ("shape_16x32bx2", 1), (16, 64): ("shape_16x64b", 1),
                (16, 128): ("shape_16x128b", 2), (16, 256): ("shape_16x256b", 4)}
_CP_SHAPES = {(128, 256): "shape_128x256b", (4, 256): "shape_4x256b", (128, 128): "shape_128x128b",
              (64, 128): "shape_64x128b", (32, 128): "shape_32x128b"}


def _ptx_tcgen05_copy_functions(spec: AtomSpec, inst: Instance, dialect: str, types: TypeConverter) -> list[Function]:
    """tcgen05.ld / st / cp: the tensor-memory side is a register memref holding the TMEM address (cp's source
    one holding the shared-memory descriptor); NVVM's op takes the address as a pointer in address space 6."""
    values = sample_values(spec, inst)
    register = types.memref("register")
    if spec.pattern == "tcgen05_cp":
        shape = _CP_SHAPES[(int(values["rows"]), int(values["bits"]))]
        atom_ty = atom_type(spec, dialect, values, 0)
        # FlyDSL's copy_atom_call takes src and dst of one element type: the 64-bit descriptor is two i32
        fn = copy_call(function_name(spec, inst), atom_ty, 0, memref_type("i32", "register", 2),
                       memref_type("i32", "register", 1))
        fn.checks.append(check_forms().stateless(types.stateless_atom))
        fn.checks += str(_forms().tcgen05_cp(shape, str(values["multicast"]), types.register_memref)).split("\n")
        signature_checks(fn, [("src", register), ("dst", register)])
        return [fn]
    load = spec.pattern == "tcgen05_ld"
    flag = "pack" if load else "unpack"
    shape, per = _TMEM_SHAPES[(int(values["dp"]), int(values["bits"]))]
    num = int(values["num"])
    regs = per * num
    vb = min(inst.val_bits) if inst.val_bits else 32
    count = regs * 32 // vb
    atom_ty = atom_type(spec, dialect, values, vb)
    # FlyDSL's copy_atom_call takes src and dst of one element type: the register holding the 32-bit TMEM
    # address is typed as the data is (two i16 for .pack::16b / .unpack::16b)
    address = memref_type(f"i{vb}", "register", 32 // vb)
    data = memref_type(f"i{vb}", "register", count)
    fn = copy_call(function_name(spec, inst), atom_ty, vb, address if load else data, data if load else address)
    fn.checks.append(check_forms().stateless(types.stateless_atom))
    offset = num * (2 if values[flag] is True else 1) if shape == "shape_16x32bx2" else None
    fn.checks += str(_forms().tcgen05_ldst("ld" if load else "st", shape, vector_type(regs, "i32"), offset,
                                           flag if values[flag] is True else "", types.register_memref)).split("\n")
    signature_checks(fn, [("src", register), ("dst", register)])
    return [fn]


def _selector_functions(atom: AnalysedAtom, kept: list[Instance], dialect: str, types: TypeConverter) -> list[Function]:
    """Selector-indexed metadata: a function per other sparsity selector a row admits, with the atom's
    selector set to it. Each selector value lowers the same way whatever the row, so a representative
    file keeps it once (its first row); every instance keeps all (the probe runs each on the GPU)."""
    spec = atom.spec
    functions, shown = [], set()
    for inst in kept:
        for selector, suffix, chosen in other_selectors(spec, inst):
            if active() != EVERY_INSTANCE and selector in shown:
                continue
            shown.add(selector)
            functions.append(_ptx_mma_function(spec, inst.with_values(chosen), dialect, atom.packed_for(inst), types,
                                               suffix=suffix))
            functions[-1].values = dict(chosen)
    return functions


def _format_functions(atom: AnalysedAtom, kept: list[Instance], dialect: str, types: TypeConverter) -> list[Function]:
    """Format parameters (free types, AG379): the generated lowering encodes the atom's A and B formats in
    the instruction descriptor at run time, so the first row is lowered once more with each other value of
    each (A's with B's default, B's with A's), its idesc constant spelled in the CHECK lines."""
    spec = atom.spec
    names = {role: spec.operand_types.get(role, "") for role in ("a", "b")}
    values = {role: tuple(str(v) for v in parameter.free_values or ())
              for role, name in names.items() if (parameter := spec.parameter(name)) is not None and parameter.is_free}
    if not values or not kept or spec.pattern != "tcgen05_mma":
        return []
    inst = kept[0]
    row = sample_values(spec, inst)
    own = (str(row[names["a"]]), str(row[names["b"]]))
    functions = []
    for a, b in tcgen05.format_pairs(values.get("a", own[:1]), values.get("b", own[1:])):
        if (a, b) == own:
            continue
        chosen: dict[str, ScalarValue] = {names["a"]: a, names["b"]: b}
        functions.append(_ptx_mma_function(spec, inst.with_values(chosen), dialect, atom.packed_for(inst), types,
                                           suffix=f"_{a}_{b}"))
        functions[-1].values = dict(chosen)
    # free majors beside format parameters (fp8 only, AG379): each operand MN-major once, its idesc bit spelled
    for name in ("transA", "transB"):
        parameter = spec.parameter(name)
        if parameter is not None and parameter.is_free and row.get(name) is not True:
            functions.append(_ptx_mma_function(spec, inst.with_values({name: True}), dialect, atom.packed_for(inst),
                                               types, suffix=f"_{name}"))
            functions[-1].values = {name: True}
    return functions


def _ptx_functions(
    spec: AtomSpec, inst: Instance, dialect: str, packing: Mapping[str, PackedType], types: TypeConverter,
    backend: Backend,
) -> list[Function]:
    pattern = spec.pattern
    if spec.kind == "mma":
        inline = pattern == "mma_sync" and backend.lowers_as_inline_ptx(spec, inst)
        return [_ptx_mma_function(spec, inst, dialect, packing, types, inline)]
    builders: dict[str, Callable[[], list[Function]]] = {
        "ldmatrix": lambda: _ptx_matrix_functions(spec, inst, dialect, types),
        "stmatrix": lambda: _ptx_matrix_functions(spec, inst, dialect, types),
        "cp_async": lambda: _ptx_cp_async_functions(spec, inst, dialect, types),
        "tma_load": lambda: _ptx_tma_functions(spec, inst, dialect, types),
        "tma_store": lambda: _ptx_tma_functions(spec, inst, dialect, types),
        "bulk_copy": lambda: _ptx_bulk_functions(spec, inst, dialect, types),
        "tcgen05_ld": lambda: _ptx_tcgen05_copy_functions(spec, inst, dialect, types),
        "tcgen05_st": lambda: _ptx_tcgen05_copy_functions(spec, inst, dialect, types),
        "tcgen05_cp": lambda: _ptx_tcgen05_copy_functions(spec, inst, dialect, types),
    }
    builder = builders.get(pattern)
    return builder() if builder is not None else []


def _llvm_gaps(instances: list[Instance], spec: AtomSpec, backend: Backend) -> list[LlvmGap]:
    """backend.yaml `llvm_gaps` entries that one of these instances runs into (its intrinsic, and one of
    the listed element types among the instance's values)."""
    found = []
    for gap in backend.llvm_gaps:
        wanted = set(gap.element_types)
        for inst in instances:
            values = {str(v) for v in sample_values(spec, inst).values()}
            if inst.intrinsic == gap.intrinsic and (not wanted or wanted & values):
                found.append(gap)
                break
    return found


def render_nvvm(atom: AnalysedAtom, backend: Backend) -> RenderOutput:
    """Positive file (one function per distinct lowering: select.py) and negative file (exact verify()
    messages) of a PTX atom."""
    spec = atom.spec
    names = backend_names(backend)
    dialect = names.dialect
    output = RenderOutput()
    source = mlir_comment(spec_source(spec))
    title = f"{spec.mnemonic} ({spec.cpp_class}): generated by atomgen from {source}; do not edit."
    feature = ptx_feature(backend)
    requires = [f"REQUIRES: {feature}"]
    kept = representatives(atom, spec.instances)
    gaps = _llvm_gaps(kept, spec, backend)
    types = backend.type_converter
    functions = [fn for inst in kept
                 for fn in _ptx_functions(spec, inst, dialect, atom.packed_for(inst), types, backend)]
    functions += _selector_functions(atom, kept, dialect, types)
    functions += _format_functions(atom, kept, dialect, types)
    if functions:
        header = [title, described(len(kept), len(spec.instances)) + ","]
        header.append("lowered to NVVM: converted signature, default state and")
        header.append("set_value (stateful), loads, the NVVM op with its register types, store.")
        header.append(f"Needs a FlyDSL build with the {names.tablegen_prefix} dialect and these atoms "
                      f"(lit feature {feature}).")
        for gap in gaps:
            header.append(f"XFAIL with LLVM profile {gap.profile}: {gap.evidence}")
        run = f"%fly-opt %s {_ptx_pipeline(backend)} | FileCheck %s"
        xfails = sorted({f"XFAIL: llvm-api-{gap.profile}" for gap in gaps})
        output.files[atom_test_path(spec, names)] = test_file([run], header, functions, requires=requires + xfails)
    cases = negative_cases(atom, dialect)
    for case in cases:
        case.checks = [check_forms().error_at("CHECK", NEXT_FUNC, case.message)]
    if cases:
        header = [title, "Each case is a configuration the spec rejects, with the exact message of the generated"]
        header.append("verify().")
        output.files[atom_test_path(spec, names, negative=True)] = test_file(
            [NEGATIVE_RUN], header, cases=cases, requires=requires
        )
    return output
