"""FileCheck tests for one atom: positive lowering tests, negative verifier tests.

Files written (under the backend's tests_dir, `atomgen/` subfolder; STEM = mnemonic with `.` -> `_`):

* `STEM.mlir`: one function per instance that FlyDSL lowers, run through the real lowering
  pipeline. Checks the converted signature, the default state and every `set_value` (stateful
  atoms), the loads of the packed operands, the intrinsic with its packed operand types, and
  the store of the result. A second RUN line (`REG` prefix, MMAs) runs the SSA-form pipeline
  and checks that the register load has exactly the per-thread value count of the spec's A/B/C
  layouts; a third (`LLVM` prefix, atoms with `immediate` state fields) lowers further and
  checks that the immediate reaches the intrinsic as an `llvm.mlir.constant`.
* `STEM_xfail.mlir` (`XFAIL: !atomgen-verifier`): instances FlyDSL 0.5.0 cannot lower (FlyDSL defects).
* `STEM_neg.mlir`: one `// -----` case per rejected configuration (table neighbours, free
  parameter range violations, pin violations) that FlyDSL's own verifier also rejects; each
  checks an `error:` at the line of the type.
* `STEM_neg_xfail.mlir` (`XFAIL: !atomgen-verifier`): the rejected configurations FlyDSL's hand-written
  verifier accepts (the spec is stricter); they pass only with atomgen's verifier.
* `STEM_verify.mlir` (`REQUIRES: atomgen-verifier`): every negative case again, with the exact
  message of the generated verify() (from `verify_plan`) under the `VERIFY` prefix.

RUN lines are single lines (FlyDSL's runner evals each `// RUN:` line on its own). Output is
deterministic: it depends only on the spec and the backend description.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from atomgen.check.evaluate import evaluate_instance
from atomgen.layout.algebra import Layout, product
from atomgen.render import descriptor, engine, llvm_api, wording
from atomgen.render.base import RenderOutput
from atomgen.render.escape import filecheck_literal, mlir_comment
from atomgen.render.names import BackendNames, atom_test_path, backend_names, spec_source, test_file_stem
from atomgen.render.verify import describe, format_value, pin_message, verify_plan
from atomgen.spec.backend import Backend
from atomgen.spec.mlir_types import element_bits, parse_packed
from atomgen.spec.model import AtomSpec, Instance, Parameter, instance_id
from atomgen.spec.printing import atom_type, sample_values

PIPELINE = "--fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering --convert-fly-to-rocdl"
SSA_PIPELINE = (
    "--fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering "
    "--fly-convert-atom-call-to-ssa-form --convert-fly-to-rocdl --canonicalize"
)
LLVM_PIPELINE = PIPELINE + " --convert-arith-to-llvm --canonicalize"
POSITIVE_RUN = f"%fly-opt %s {PIPELINE} | FileCheck %s"
REG_RUN = f"%fly-opt %s {SSA_PIPELINE} | FileCheck %s --check-prefix=REG"
LLVM_RUN = f"%fly-opt %s {LLVM_PIPELINE} | FileCheck %s --check-prefix=LLVM"
NEGATIVE_RUN = "{ %fly-opt --split-input-file %s 2>&1 || true; } | FileCheck %s"
VERIFY_RUN = "{ %fly-opt --split-input-file %s 2>&1 || true; } | FileCheck %s --check-prefix=VERIFY"
VERIFIER_FEATURE = "atomgen-verifier"
NEXT_FUNC = "@@NEXT_FUNC_LINE@@"
IMMEDIATE_VALUE = 20  # bytes; distinct from every size/scale constant the lowerings emit
REGISTER_PTR = "!llvm.ptr<5>"
BUFFER_DESC = "!llvm.struct<(ptr<8>, i32)>"
ADDRESS_SPACES = {"global": 1, "shared": 3, "register": 5}

# FlyDSL 0.5.0 (the wheel the generated tests run against) accepts these rejected
# configurations, or cannot lower these instances. Keyed by mnemonic, then case / instance id.
# A spec may add its own under `tests: {flydsl_accepts: {case: reason}, flydsl_cannot_lower:
# {instance: reason}}`. Every entry is listed in docs/evidence/xfail.md.
CDNA3_MFMA_NO_TABLE = (
    "FlyDSL's cdna3.mfma verify() has no instruction-table check: any m == n, any k and any "
    "A/B in {f16, bf16, f32, fp8} are accepted (the failure only shows up at lowering)"
)
NO_VERIFY = "FlyDSL's {mnemonic} has no verify(): every parameter value is accepted"
MFMA_ASSERT = (
    "FlyDSL's cdna3.mfma verify() asserts m == n before it can diagnose, so the assertions-enabled "
    "wheel aborts the process at parse time instead of reporting an error"
)
FLYDSL_ACCEPTS: dict[str, dict[str, str]] = {
    "cdna3.mfma": {
        "table:m=64": MFMA_ASSERT,
        "table:n=64": MFMA_ASSERT,
        "table:k=4": CDNA3_MFMA_NO_TABLE + " (32x32x4 f32 is accepted, then fails to lower)",
        "table:elemTyA=f16": "FlyDSL's cdna3.mfma verify() checks A and B independently: (f16, f32) is accepted",
        "table:elemTyB=f16": "FlyDSL's cdna3.mfma verify() checks A and B independently: (f32, f16) is accepted",
    },
    "cdna3.buffer_copy": {
        "table:bitSize=9": NO_VERIFY.format(mnemonic="cdna3.buffer_copy") + " (buffer_copy<9> lowers to an i9 load)",
        "free:cacheModifier=32": NO_VERIFY.format(mnemonic="cdna3.buffer_copy")
        + " (cacheModifier is not range-checked)",
    },
    "cdna3.buffer_atomic": {
        "table:atomicOp=min": NO_VERIFY.format(mnemonic="cdna3.buffer_atomic")
        + " ((min, f32) is accepted and fails only at lowering)",
        "table:atomicOp=max": NO_VERIFY.format(mnemonic="cdna3.buffer_atomic")
        + " ((max, f32) is accepted and lowered to an f32 buffer fmax, which gfx942/gfx950 have no instruction for)",
        "table:valType=f16": NO_VERIFY.format(mnemonic="cdna3.buffer_atomic")
        + " ((add, f16) is accepted; FlyDSL would lower it to a scalar f16 fadd the spec does not list)",
    },
    "gfx1250.tdm": {
        "free:cacheModifier=32": "FlyDSL's gfx1250.tdm verify() does not range-check cacheModifier",
    },
    "gfx1250.wmma_scale": {
        "free:modC=4": "FlyDSL's gfx1250.wmma_scale verify() accepts modC up to 65535 "
        "(the intrinsic's C modifier is a 2-bit field)",
    },
}
FLYDSL_CANNOT_LOWER: dict[str, dict[str, str]] = {}


# --------------------------------------------------------------------------------------------
# small helpers


def _bits(type_text: str) -> int:
    packed = parse_packed(type_text)
    if packed is None:
        raise ValueError(f"cannot size type {type_text!r}")
    return packed.bits


def _converted_element(element: str) -> str:
    """FlyDSL's type converter: floats narrower than 16 bit become same-width integers."""
    bits = element_bits(element)
    if bits is not None and bits < 16 and not element.startswith(("i", "si", "ui")):
        return f"i{bits}"
    return element


def _vector(count: int, element: str) -> str:
    return element if count == 1 else f"vector<{count}x{element}>"


def _memref(element: str, space: str, count: int) -> str:
    return f"!fly.memref<{element}, {space}, {count}:1>"


def _ptr(space: str) -> str:
    return BUFFER_DESC if space == "#fly_rocdl.buffer_desc" else f"!llvm.ptr<{ADDRESS_SPACES[space]}>"


def _ident(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", text)


def _var(name: str) -> str:
    """A FileCheck variable name."""
    return _ident(name).upper()


def _capture(name: str) -> str:
    return f"%[[{_var(name)}:[a-z0-9_]+]]"


def _use(name: str) -> str:
    return f"%[[{_var(name)}]]"


def _dialect(names: BackendNames) -> str:
    return names.dialect


@dataclass
class Function:
    name: str
    args: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)


@dataclass
class NegativeCase:
    id: str
    name: str
    title: str
    type: str
    message: str  # the exact atomgen verify message (VERIFY prefix)
    comments: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# state (stateful atoms)


def _state_type(spec: AtomSpec, index: int, values: dict[str, Any]) -> str:
    """llvm_type of state slot `index`, after `llvm_type_when` pieces."""
    raw = (spec.data.get("state") or [])[index]
    for piece in raw.get("llvm_type_when") or []:
        when = piece.get("when") or {}
        if all(values.get(k) == v or (isinstance(v, list) and values.get(k) in v) for k, v in when.items()):
            return str(piece["llvm_type"])
    return spec.state[index].llvm_type


def _state_struct(spec: AtomSpec, values: dict[str, Any]) -> str:
    members = (_state_type(spec, i, values) for i in range(len(spec.state)))
    return "!llvm.struct<(" + ", ".join(m.removeprefix("!llvm.") for m in members) + ")>"  # printed elided


def _mma_call_with_loads(
    spec: AtomSpec, fn: Any, atom_ty: str, values: dict[str, Any], memrefs: dict[str, str], packed: dict[str, str]
) -> dict[str, str]:
    """The atom, its state ops, the fly.mma_atom_call and the CHECKs of the three operand
    loads, shared by the ROCDL and PTX MMA tests; returns the state field uses."""
    fn.args = [f"%{role}: {memrefs[role]}" for role in ("d", "a", "b", "c")]
    fn.body.append(f"%atom = fly.make_mma_atom : {atom_ty}")
    current = "%atom"
    uses: dict[str, str] = {}
    if spec.stateful:
        current, uses = _state_ops(spec, fn, atom_ty, values)
    else:
        fn.checks.append("CHECK: llvm.mlir.undef : !llvm.struct<()>")
    fn.body.append(
        f"fly.mma_atom_call({current}, %d, %a, %b, %c) : ({atom_ty}, {memrefs['d']}, {memrefs['a']}, "
        f"{memrefs['b']}, {memrefs['c']}) -> ()"
    )
    for role in ("a", "b", "c"):
        fn.checks.append(
            f"CHECK: %[[V{role.upper()}:[0-9]+]] = llvm.load {_use(role)} : {REGISTER_PTR} -> {packed[role]}"
        )
    return uses


def _state_ops(spec: AtomSpec, fn: Function, atom_ty: str, values: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """Set every state field (immediates from a constant, others from a function argument).

    Returns the final atom SSA name and, per field, the FileCheck use of the inserted value.
    Checks emitted: the default state (undef + one typed constant per slot, in slot order),
    then one insertvalue per set_value at its slot.
    """
    struct = _state_struct(spec, values)
    checks = fn.checks
    checks.append(f"CHECK: %[[STATE0:[0-9]+]] = llvm.mlir.undef : {struct}")
    constants: dict[tuple[int, str], str] = {}
    for index, state in enumerate(spec.state):
        key = (state.default, _state_type(spec, index, values))
        if key not in constants:
            constants[key] = f"DEF{len(constants)}"
            if key[1].startswith("!llvm.ptr"):  # pointer slots default to the null pointer
                checks.append(f"CHECK-DAG: %[[{constants[key]}:[a-z0-9_-]+]] = llvm.mlir.zero : {key[1]}")
            elif key[1] == "i1":
                text = "true" if key[0] else "false"
                checks.append(f"CHECK-DAG: %[[{constants[key]}:[a-z0-9_-]+]] = arith.constant {text}")
            else:
                checks.append(f"CHECK-DAG: %[[{constants[key]}:[a-z0-9_-]+]] = arith.constant {key[0]} : {key[1]}")
    previous = "%[[STATE0]]"
    for index, state in enumerate(spec.state):
        key = (state.default, _state_type(spec, index, values))
        checks.append(
            f"CHECK: %[[STATE{index + 1}:[0-9]+]] = llvm.insertvalue %[[{constants[key]}]], "
            f"{previous}[{index}] : {struct}"
        )
        previous = f"%[[STATE{index + 1}]]"
    uses: dict[str, str] = {}
    current = "%atom"
    for index, state in enumerate(spec.state):
        llvm_type = _state_type(spec, index, values)
        var = f"S_{state.name}"
        if state.immediate:
            value = f"%imm_{_ident(state.name)}"
            fn.body.append(f"{value} = arith.constant {IMMEDIATE_VALUE} : {llvm_type}")
            value_type = llvm_type
            checks.insert(0, f"CHECK: %[[{_var(var)}:[a-z0-9_]+]] = arith.constant {IMMEDIATE_VALUE} : {llvm_type}")
            inserted = _use(var)
        elif state.coercion == "bitcast" and element_bits(llvm_type) and (element_bits(llvm_type) or 0) % 8 == 0:
            value_type = f"vector<{(element_bits(llvm_type) or 0) // 8}xi8>"
            value = f"%{_ident(state.name)}"
            fn.args.append(f"{value}: {value_type}")
            checks.append(
                f"CHECK: %[[{_var(var)}_CAST:[0-9]+]] = llvm.bitcast {_use(var)} : {value_type} to {llvm_type}"
            )
            inserted = f"%[[{_var(var)}_CAST]]"
        else:
            value_type = llvm_type
            value = f"%{_ident(state.name)}"
            fn.args.append(f"{value}: {value_type}")
            inserted = _use(var)
        uses[state.name] = inserted
        new = f"%atom_{_ident(state.name)}"
        fn.body.append(
            f'{new} = fly.atom.set_value({current}, "{state.name}", {value}) : ({atom_ty}, {value_type}) -> {atom_ty}'
        )
        checks.append(f"CHECK: %[[STATE{len(spec.state) + index + 1}:[0-9]+]] = llvm.insertvalue {inserted}, "
                      f"{previous}[{index}] : {struct}")
        previous = f"%[[STATE{len(spec.state) + index + 1}]]"
        current = new
    return current, uses


def _signature_checks(fn: Function, converted: list[tuple[str, str]]) -> None:
    """CHECK-LABEL + CHECK-SAME binding every converted argument."""
    fn.checks.insert(0, f"CHECK-LABEL: func.func @{fn.name}(")
    parts = [f"{_capture(name)}: {ty}" for name, ty in converted]
    fn.checks.insert(1, "CHECK-SAME: " + ", ".join(parts) + ")")


def _stateful_arg_types(spec: AtomSpec, fn: Function) -> list[tuple[str, str]]:
    """(capture name, converted type) of the state arguments appended by _state_ops."""
    out = []
    for arg in fn.args:
        name, _, ty = arg.partition(": ")
        if name.startswith("%") and any(name == f"%{_ident(s.name)}" for s in spec.state):
            state = next(s for s in spec.state if name == f"%{_ident(s.name)}")
            out.append((f"S_{state.name}", ty))
    return out


# --------------------------------------------------------------------------------------------
# positive functions, per emission pattern


def _mma_function(spec: AtomSpec, inst: Instance, dialect: str) -> Function:
    values = sample_values(spec, inst)
    atom_ty = atom_type(spec, dialect, values)
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    elems = {role: str(values[spec.operand_types[role]]) for role in ("a", "b", "c")}
    packed = {role: inst.packed[role] for role in ("a", "b", "c")}
    counts = {role: _bits(packed[role]) // (element_bits(elems[role]) or 1) for role in ("a", "b", "c")}
    memrefs = {role: _memref(elems[role], "register", counts[role]) for role in ("a", "b", "c")}
    memrefs["d"] = memrefs["c"]
    uses = _mma_call_with_loads(spec, fn, atom_ty, values, memrefs, packed)
    fn.checks.append(
        f"CHECK: %[[RES:[0-9]+]] = {inst.intrinsic} %[[VA]], %[[VB]], %[[VC]]{{{{.*}}}} : "
        f"({packed['a']}, {packed['b']}, {packed['c']}{{{{.*}}}}) -> {packed['c']}"
    )
    fn.checks.append(f"CHECK: llvm.store %[[RES]], %[[D]] : {packed['c']}, {REGISTER_PTR}")
    converted = [(role, REGISTER_PTR) for role in ("d", "a", "b", "c")] + _stateful_arg_types(spec, fn)
    _signature_checks(fn, converted)
    del uses
    return fn


def _register_checks(spec: AtomSpec, inst: Instance, fn: Function) -> list[str]:
    """REG prefix: in SSA form, each register operand is loaded as (values of its layout) x elem."""
    evaluated, _ = evaluate_instance(spec, inst)
    if evaluated is None:
        return []
    values = sample_values(spec, inst)
    checks = [f"REG-LABEL: func.func @{fn.name}("]
    for role, arg in (("a", "%arg1"), ("b", "%arg2"), ("c", "%arg3")):
        operand = evaluated.operands.get(role)
        if operand is None:
            continue
        layout: Layout = operand.layout
        count = product(layout.shape[1]) if isinstance(layout.shape, tuple) and len(layout.shape) == 2 else None
        if count is None:
            continue
        element = _converted_element(str(values[spec.operand_types[role]]))
        checks.append(f"REG: llvm.load {arg} {{{{.*}}}}: {REGISTER_PTR} -> {_vector(count, element)}")
    checks.append(f"REG: {inst.intrinsic} ")
    return checks


def _largest_val_bits(inst: Instance, limit: int = 32) -> int:
    options = [v for v in inst.val_bits if v <= limit] or list(inst.val_bits)
    return max(options) if options else int(inst.values.get("bitSize", 32))


def _aux(value: Any, lowered: bool = False) -> str:
    """How a buffer op's `aux` prints: an attribute (`0`), or under an LLVM API profile that makes
    it an operand, the constant MLIR names after its value (`%c0_i32`, `%c0_i32_1`)."""
    if not llvm_api.active().aux_as_operand:
        return str(value)
    return "%{{[0-9]+}}" if lowered else f"%c{value}_i32{{{{[_0-9]*}}}}"


def _buffer_copy_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    values = sample_values(spec, inst)
    bit_size = int(values["bitSize"])
    vb = _largest_val_bits(inst)
    element, count = f"i{vb}", bit_size // vb
    atom_ty = atom_type(spec, dialect, values, vb)
    value_ty = inst.packed["value"]
    reg_ty = _vector(count, element)
    aux = values.get("cacheModifier", 0)
    load_cfg = spec.emission.get("load") or {}
    store_cfg = spec.emission.get("store") or {}
    out = []
    for direction in ("load", "store"):
        fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}_{direction}")
        src_space, dst_space = (
            ("#fly_rocdl.buffer_desc", "register") if direction == "load" else ("register", "#fly_rocdl.buffer_desc")
        )
        src, dst = _memref(element, src_space, count), _memref(element, dst_space, count)
        fn.args = [f"%src: {src}", f"%dst: {dst}"]
        fn.body.append(f"%atom = fly.make_copy_atom {{valBits = {vb} : i32}} : {atom_ty}")
        current, _ = _state_ops(spec, fn, atom_ty, values)
        fn.body.append(f"fly.copy_atom_call({current}, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
        if direction == "load":
            intrinsic = load_cfg.get("intrinsic", inst.intrinsic)
            fn.checks.append(f"CHECK: %[[VAL:[0-9]+]] = {intrinsic} %{{{{.*}}}}, {_aux(aux)} : {value_ty}")
            stored = "%[[VAL]]"
            if reg_ty != value_ty:
                fn.checks.append(f"CHECK: %[[CAST:[0-9]+]] = llvm.bitcast %[[VAL]] : {value_ty} to {reg_ty}")
                stored = "%[[CAST]]"
            fn.checks.append(f"CHECK: llvm.store {stored}, %[[DST]] : {reg_ty}, {REGISTER_PTR}")
        else:
            intrinsic = store_cfg.get("intrinsic", inst.intrinsic.replace(".load", ".store"))
            fn.checks.append(f"CHECK: %[[VAL:[0-9]+]] = llvm.load %[[SRC]] : {REGISTER_PTR} -> {reg_ty}")
            stored = "%[[VAL]]"
            if reg_ty != value_ty:
                fn.checks.append(f"CHECK: %[[CAST:[0-9]+]] = llvm.bitcast %[[VAL]] : {reg_ty} to {value_ty}")
                stored = "%[[CAST]]"
            fn.checks.append(f"CHECK: {intrinsic} {stored}, %{{{{.*}}}}, {_aux(aux)} : {value_ty}")
        converted = [("src", _ptr(src_space)), ("dst", _ptr(dst_space))] + _stateful_arg_types(spec, fn)
        _signature_checks(fn, converted)
        out.append(fn)
    return out


def _lds_dma_functions(spec: AtomSpec, inst: Instance, dialect: str, src_space: str) -> list[Function]:
    """Buffer or global load straight to LDS. i8 elements: offsets reach the op unscaled."""
    values = sample_values(spec, inst)
    bit_size = int(values["bitSize"])
    vb = 8 if 8 in inst.val_bits or not inst.val_bits else min(inst.val_bits)
    element, count = f"i{vb}", bit_size // vb
    atom_ty = atom_type(spec, dialect, values, vb)
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    src, dst = _memref(element, src_space, count), _memref(element, "shared", count)
    fn.args = [f"%src: {src}", f"%dst: {dst}"]
    fn.body.append(f"%atom = fly.make_copy_atom {{valBits = {vb} : i32}} : {atom_ty}")
    current = "%atom"
    if spec.stateful:
        current, _ = _state_ops(spec, fn, atom_ty, values)
    else:
        fn.checks.append("CHECK: llvm.mlir.undef : !llvm.struct<()>")
    fn.body.append(f"fly.copy_atom_call({current}, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
    size = bit_size // 8
    if src_space == "global":
        fn.checks.append(
            f"CHECK: {inst.intrinsic} %[[SRC]], %[[DST]], {size}, 0, 0 : {_ptr('global')}, {_ptr('shared')}"
        )
    else:
        fn.checks.append(f"CHECK: %[[SIZE:[a-z0-9_]+]] = arith.constant {size} : i32")
        operands = ["%[[RSRC:[0-9]+]]", "%[[DST]]", "%[[SIZE]]", "%{{[a-z0-9_]+}}"]
        imm = next((s for s in spec.state if s.immediate), None)
        operands.append("%{{[a-z0-9_]+}}")
        operands.append("%{{[a-z0-9_]+}}")
        fn.checks.append(f"CHECK: {inst.intrinsic} " + ", ".join(operands) + f", {_aux(0)}")
        if imm is not None:
            llvm = [f"LLVM-LABEL: func.func @{fn.name}("]
            llvm.append(f"LLVM-SAME: %{{{{[a-z0-9_]+}}}}: {BUFFER_DESC}, %[[L_DST:[a-z0-9_]+]]: {_ptr('shared')}, "
                        f"%[[L_SOFF:[a-z0-9_]+]]: i32)")
            llvm.append(f"LLVM-DAG: %[[L_IMM:[0-9]+]] = llvm.mlir.constant({IMMEDIATE_VALUE} : i32) : i32")
            llvm.append(f"LLVM-DAG: %[[L_SIZE:[0-9]+]] = llvm.mlir.constant({size} : i32) : i32")
            llvm.append(
                f"LLVM: {inst.intrinsic} %{{{{[0-9]+}}}}, %[[L_DST]], %[[L_SIZE]], %{{{{[0-9]+}}}}, "
                f"%[[L_SOFF]], %[[L_IMM]], {_aux(0, lowered=True)}"
            )
            fn.checks.extend(llvm)
    converted = [("src", _ptr(src_space)), ("dst", _ptr("shared"))] + _stateful_arg_types(spec, fn)
    _signature_checks(fn, converted)
    return [fn]


def _buffer_atomic_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    values = sample_values(spec, inst)
    value_ty = inst.packed["value"]
    packed = parse_packed(value_ty)
    if packed is None:
        return []
    element, count = packed.element, packed.length
    vb = packed.element_bits
    atom_ty = atom_type(spec, dialect, values, vb)
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    src, dst = _memref(element, "register", count), _memref(element, "#fly_rocdl.buffer_desc", count)
    fn.args = [f"%src: {src}", f"%dst: {dst}"]
    fn.body.append(f"%atom = fly.make_copy_atom {{valBits = {vb} : i32}} : {atom_ty}")
    current, _ = _state_ops(spec, fn, atom_ty, values)
    fn.body.append(f"fly.copy_atom_call({current}, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
    fn.checks.append(f"CHECK: %[[VAL:[0-9]+]] = llvm.load %[[SRC]] : {REGISTER_PTR} -> {value_ty}")
    fn.checks.append(f"CHECK: {inst.intrinsic} %[[VAL]], %{{{{.*}}}}, {_aux(0)} : {value_ty}")
    converted = [("src", _ptr("register")), ("dst", _ptr("#fly_rocdl.buffer_desc"))] + _stateful_arg_types(spec, fn)
    _signature_checks(fn, converted)
    return [fn]


def _lds_read_trans_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    values = sample_values(spec, inst)
    bit_size = int(values["bitSize"])
    vb = min(inst.val_bits) if inst.val_bits else int(values["transGranularity"])
    element, count = f"i{vb}", bit_size // vb
    atom_ty = atom_type(spec, dialect, values, vb)
    value_ty = inst.packed["value"]
    reg_ty = _vector(count, element)
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    src, dst = _memref(element, "shared", count), _memref(element, "register", count)
    fn.args = [f"%src: {src}", f"%dst: {dst}"]
    fn.body.append(f"%atom = fly.make_copy_atom {{valBits = {vb} : i32}} : {atom_ty}")
    fn.body.append(f"fly.copy_atom_call(%atom, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
    fn.checks.append("CHECK: llvm.mlir.undef : !llvm.struct<()>")
    fn.checks.append(f"CHECK: %[[VAL:[0-9]+]] = {inst.intrinsic} %[[SRC]] : <3> -> {value_ty}")
    stored = "%[[VAL]]"
    if reg_ty != value_ty:
        fn.checks.append(f"CHECK: %[[CAST:[0-9]+]] = llvm.bitcast %[[VAL]] : {value_ty} to {reg_ty}")
        stored = "%[[CAST]]"
    fn.checks.append(f"CHECK: llvm.store {stored}, %[[DST]] : {reg_ty}, {REGISTER_PTR}")
    _signature_checks(fn, [("src", _ptr("shared")), ("dst", _ptr("register"))])
    return [fn]


def _tdm_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    sample = sample_values(spec, inst)
    configs = [("", sample)]
    if {"padInterval", "padAmount"} <= {p.name for p in spec.parameters}:
        # Padding on (64 f16 elements every 8, as FlyDSL's own test): its codes land in GROUP1.
        configs.append(("_pad", {**sample, "rank": max(2, int(sample.get("rank", 1))), "padInterval": 64,
                                 "padAmount": 8}))
    return [fn for suffix, values in configs for fn in _tdm_config_functions(spec, inst, dialect, suffix, values)]


def _tdm_config_functions(spec: AtomSpec, inst: Instance, dialect: str, suffix: str,
                          values: dict[str, Any]) -> list[Function]:
    rank = int(values.get("rank", 1))
    atom_ty = atom_type(spec, dialect, values, 0)
    extents = [8] * (rank - 1) + [64]
    strides = [1]
    for extent in reversed(extents[1:]):
        strides.insert(0, strides[0] * extent)
    layout = f"({','.join(map(str, extents))}):({','.join(str(s) for s in strides)})" if rank > 1 else "64:1"
    # The descriptor's compile-time dwords, from the spec's fields: a moved or resized field
    # changes one of these constants.
    statics = descriptor.static_words(spec.emission, {**values, **descriptor.tdm_operands(values, extents, 16)})
    constants = sorted({word for word in statics.values() if word not in (0, 1)})
    emission = inst.raw.get("emission") or {}
    out = []
    for direction, src_space, dst_space, intrinsic in (
        ("load", "global", "shared", inst.intrinsic),
        ("store", "shared", "global", str(emission.get("store_intrinsic", inst.intrinsic))),
    ):
        fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}{suffix}_{direction}")
        src = f"!fly.memref<f16, {src_space}, {layout}>"
        dst = f"!fly.memref<f16, {dst_space}, {layout}>"
        fn.args = [f"%src: {src}", f"%dst: {dst}"]
        fn.body.append(f"%atom = fly.make_copy_atom {{valBits = 0 : i32}} : {atom_ty}")
        current, _ = _state_ops(spec, fn, atom_ty, values)
        fn.body.append(f"fly.copy_atom_call({current}, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
        api = llvm_api.active()
        groups = [inst.packed[g] for g in sorted(inst.packed)][: api.tensor_groups]
        fn.checks.extend(f"CHECK-DAG: arith.constant {word} : i32" for word in constants)
        cache = f" {api.tensor_cache_keyword} " if api.tensor_cache_keyword else ", "
        fn.checks.append(
            f"CHECK: {intrinsic} " + ", ".join(["%{{[0-9]+}}"] * len(groups))
            + f"{cache}{values.get('cacheModifier', 0)} : {groups[0]}, {groups[1]}"
        )
        converted = [("src", _ptr(src_space)), ("dst", _ptr(dst_space))] + _stateful_arg_types(spec, fn)
        _signature_checks(fn, converted)
        out.append(fn)
    return out


def _positive_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    pattern = str(spec.emission.get("pattern", ""))
    if spec.kind == "mma":
        return [_mma_function(spec, inst, dialect)]
    builders: dict[str, Callable[[], list[Function]]] = {
        "buffer_copy": lambda: _buffer_copy_functions(spec, inst, dialect),
        "lds_dma": lambda: _lds_dma_functions(spec, inst, dialect, "#fly_rocdl.buffer_desc"),
        "global_lds_dma": lambda: _lds_dma_functions(spec, inst, dialect, "global"),
        "buffer_atomic": lambda: _buffer_atomic_functions(spec, inst, dialect),
        "lds_read_trans": lambda: _lds_read_trans_functions(spec, inst, dialect),
        "tdm": lambda: _tdm_functions(spec, inst, dialect),
    }
    builder = builders.get(pattern)
    return builder() if builder is not None else []


# --------------------------------------------------------------------------------------------
# negative cases


TYPE_CANDIDATES = ("f32", "f16", "bf16", "i8", "i32", "f64", "f8E4M3FN", "f8E5M2", "f4E2M1FN", "i4")


def _key(spec: AtomSpec, values: dict[str, Any]) -> tuple[Any, ...]:
    return tuple((p.name, values.get(p.name)) for p in spec.key_parameters)


def _alternatives(parameter: Parameter, value: Any) -> list[Any]:
    if parameter.is_bool:
        return [not value]
    if parameter.enum:
        return [name for name, _ in parameter.enum if name != value]
    if parameter.is_type:
        return [t for t in TYPE_CANDIDATES if t != value]
    if isinstance(value, int):
        return [value * 2, value + 1, value * 4]
    return []


def _case_name(spec: AtomSpec, case_id: str) -> str:
    return "bad_" + _ident(case_id.replace(":", "_").replace("=", "_")).lower()


def _negative_cases(spec: AtomSpec, dialect: str) -> list[NegativeCase]:
    plan = verify_plan(spec)
    if not plan.rows:
        return []
    table = {_key(spec, sample_values(spec, row.instance)) for row in plan.rows}
    first = plan.rows[0].instance
    base = sample_values(spec, first)
    cases: list[NegativeCase] = []
    seen: set[tuple[Any, ...]] = set()
    shapes = frozenset((i.values.get("m"), i.values.get("n"), i.values.get("k")) for i in spec.instances)

    def words(kind: str, values: dict[str, Any], parameter: str = "") -> str:
        # Spec text: matched literally by FileCheck, one line (the title comment escapes it again).
        return filecheck_literal(wording.prefix_for(spec.data, kind, values, format_value, parameter, shapes))

    def rejected(kind: str, values: dict[str, Any], message: str) -> str:
        """verify() checks constraints before the table and the pins: the first one broken speaks."""
        broken = wording.first_broken(spec.data, values)
        if broken:
            return filecheck_literal(wording.fill(broken, values, format_value))
        return words(kind, values) + message

    # 1. table neighbours: change one key parameter of the first instance.
    for parameter in spec.key_parameters:
        for candidate in _alternatives(parameter, base.get(parameter.name)):
            values = dict(base)
            values[parameter.name] = candidate
            key = _key(spec, values)
            if key in table or key in seen:
                continue
            seen.add(key)
            case_id = f"table:{parameter.name}={format_value(candidate)}"
            desc = describe(spec, values)
            cases.append(
                NegativeCase(
                    case_id,
                    _case_name(spec, case_id),
                    f"{case_id}: {desc} is not in the instance table",
                    atom_type(spec, dialect, values, _default_val_bits(spec, first)),
                    rejected("table", values, plan.unsupported_prefix + desc),
                )
            )
            break
    # 2. free parameters out of range.
    for free in plan.free:
        parameter = free.parameter
        value: Any = None
        if free.values is not None:
            if all(isinstance(v, bool) for v in free.values):
                missing = [v for v in (False, True) if v not in free.values]
                value = missing[0] if missing else None
            else:
                value = next(v for v in range(0, 1 << 16) if v not in free.values)
        elif free.maximum is not None and free.maximum < 2**31 - 1:
            value = free.maximum + 1
        elif free.minimum is not None:
            value = free.minimum - 1
        if value is None:
            continue
        values = dict(base)
        values[parameter.name] = value
        case_id = f"free:{parameter.name}={format_value(value)}"
        cases.append(
            NegativeCase(
                case_id,
                _case_name(spec, case_id),
                f"{case_id}: {free.message}",
                atom_type(spec, dialect, values, _default_val_bits(spec, first)),
                words("free", values, parameter.name) + f"{free.message}, got {format_value(value)}",
            )
        )
    # 2b. constraints between free parameters (spec `verify.constraints`), each broken alone.
    def in_range(name: str, value: int) -> bool:
        parameter = spec.parameter(name)
        return parameter is not None and parameter.free_values is None and (
            (parameter.free_min is None or value >= parameter.free_min)
            and (parameter.free_max is None or value <= parameter.free_max))

    for constraint, values in wording.violations(spec.data, base, in_range):
        case_id = f"constraint{constraint.index}:" + ",".join(f"{n}={values[n]}" for n in sorted(
            constraint.require.names() | (constraint.when.names() if constraint.when else set())))
        message = filecheck_literal(wording.fill(constraint.message, values, format_value))
        cases.append(
            NegativeCase(case_id, _case_name(spec, case_id), f"{case_id}: {mlir_comment(message)}",
                         atom_type(spec, dialect, values, _default_val_bits(spec, first)), message)
        )
    # 3. a pin violated (the other value is inside the free range, so only the pin rejects it).
    for row in plan.rows:
        done = False
        for pin in row.pins:
            parameter = pin.parameter
            allowed = parameter.free_values if parameter.free_values is not None else None
            others = [v for v in (allowed or _alternatives(parameter, pin.value)) if v != pin.value]
            low, high = parameter.free_min, parameter.free_max
            if low is not None or high is not None:
                others = [v for v in others if isinstance(v, int) and not isinstance(v, bool)
                          and (low is None or v >= low) and (high is None or v <= high)]
            if not others:
                continue
            values = sample_values(spec, row.instance)
            values[parameter.name] = others[0]
            case_id = f"pin:{parameter.name}={format_value(others[0])}@{row.instance.id}"
            cases.append(
                NegativeCase(
                    case_id,
                    _case_name(spec, case_id),
                    f"{case_id}: {pin_message(parameter, pin.value, row.description)}",
                    atom_type(spec, dialect, values, _default_val_bits(spec, row.instance)),
                    rejected("pin", values, pin_message(parameter, pin.value, row.description)),
                )
            )
            done = True
            break
        if done:
            break
    return cases


def _signedness_cases(spec: AtomSpec, dialect: str) -> list[NegativeCase]:
    """Accepted, not rejected: a plain `iN` element type admits si/ui N too (FlyDSL's isInteger(N)).

    Each case is first in the file and says that no error is reported at its line (VERIFY-NOT),
    so the file fails if verify() starts rejecting signed or unsigned integer types.
    """
    found = []
    for inst in spec.instances:
        values = sample_values(spec, inst)
        names = [spec.operand_types.get(role, "") for role in ("a", "b")]
        widths = {str(values.get(n, "")) for n in names}
        if spec.kind != "mma" or len(widths) != 1 or not re.fullmatch(r"i\d+", next(iter(widths))):
            continue
        for sign in ("ui", "si"):
            changed = dict(values, **{n: sign + str(values[n])[1:] for n in names})
            case_id = f"accept:{sign}{str(values[names[0]])[1:]}@{inst.id}"
            case = NegativeCase(case_id, _case_name(spec, case_id), f"{case_id}: {describe(spec, changed)} is accepted",
                                atom_type(spec, dialect, changed, _default_val_bits(spec, inst)), "")
            case.checks = [f"VERIFY-NOT: {{{{.*}}}}:{NEXT_FUNC}:{{{{[0-9]+}}}}: error"]
            found.append(case)
    return found[:2]


def _default_val_bits(spec: AtomSpec, inst: Instance) -> int | None:
    if spec.kind == "mma":
        return None
    if spec.whole_tile:
        return 0
    return _largest_val_bits(inst) if inst.val_bits else 0


# --------------------------------------------------------------------------------------------
# PTX (fly_ptx -> NVVM): FlyDSL has no NVVM lowering yet, so these files need a FlyDSL build
# with the FlyPTX dialect (lit feature `fly-ptx`); elsewhere lit reports them UNSUPPORTED.

PTX_FEATURE = "fly-ptx"
PTX_PIPELINE = "--fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering --convert-fly-to-nvvm"
_WGMMA_SYNC = (
    "CHECK: nvvm.wgmma.commit.group.sync.aligned",
    "CHECK: nvvm.wgmma.wait.group.sync.aligned 0",
)


def _ptx_pipeline(backend: Backend) -> str:
    paths = backend.data.get("paths") or {}
    lowering = str(paths.get("lowering_pass", "--convert-fly-to-nvvm"))
    return PTX_PIPELINE.replace("--convert-fly-to-nvvm", lowering)


def _struct(members: list[str]) -> str:
    return "!llvm.struct<(" + ", ".join(members) + ")>"


def _ptx_mma_function(spec: AtomSpec, inst: Instance, dialect: str) -> Function:
    from atomgen.render.cpp import _register_type, llvm_register_type

    values = sample_values(spec, inst)
    atom_ty = atom_type(spec, dialect, values)
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    pattern = str(spec.emission.get("pattern"))
    elems = {role: str(values[spec.operand_types[role]]) for role in ("a", "b", "c")}
    packed = {role: llvm_register_type(inst.packed[role]) for role in ("a", "b", "c")}
    memrefs = {}
    for role in ("a", "b", "c"):
        if packed[role] == "i64":  # a shared-memory descriptor
            memrefs[role] = _memref("i64", "register", 1)
            continue
        width = 32 if elems[role] == "tf32" else element_bits(elems[role]) or 32
        memrefs[role] = _memref(elems[role], "register", _bits(packed[role]) // width)
    memrefs["d"] = memrefs["c"]
    _mma_call_with_loads(spec, fn, atom_ty, values, memrefs, packed)
    acc_reg = _register_type(elems["c"])
    if pattern == "mma_sync":
        regs = {role: _register_type(elems[role]) for role in ("a", "b", "c")}
        counts = {role: _bits(packed[role]) // _bits(regs[role]) for role in ("a", "b", "c")}
        d_struct = _struct([regs["c"]] * counts["c"])
        fn.checks.append(
            f"CHECK: nvvm.mma.sync A[{{{{.*}}}}] B[{{{{.*}}}}] C[{{{{.*}}}}] {{{{.*}}}}shape = #nvvm.shape<m = "
            f"{values['m']}, n = {values['n']}, k = {values['k']}>{{{{.*}}}} : ({regs['a']}, {regs['b']}, "
            f"{regs['c']}) -> {d_struct}"
        )
    else:
        count = _bits(packed["c"]) // _bits(acc_reg)
        fn.checks.append("CHECK: nvvm.wgmma.fence.aligned")
        if pattern == "wgmma_ss":
            fn.checks.append(
                f"CHECK: nvvm.wgmma.mma_async %[[VA]], %[[VB]], %{{{{[0-9]+}}}}, <m = {values['m']}, "
                f"n = {values['n']}, k = {values['k']}>{{{{.*}}}} : {_struct([acc_reg] * count)} -> "
                f"{_struct([acc_reg] * count)}"
            )
        else:
            literal = filecheck_literal(inst.instruction)
            fn.checks.append(
                f'CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{{{{.*}}}}{literal} '
                f'{{{{.*}}}} -> {_struct([acc_reg] * count)}'
            )
        fn.checks.extend(_WGMMA_SYNC)
    fn.checks.append(f"CHECK: llvm.store %{{{{[0-9]+}}}}, %[[D]] : {packed['c']}, {REGISTER_PTR}")
    converted = [(role, REGISTER_PTR) for role in ("d", "a", "b", "c")] + _stateful_arg_types(spec, fn)
    _signature_checks(fn, converted)
    return fn


def _ptx_matrix_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    values = sample_values(spec, inst)
    num = int(values["num"])
    vb = min(inst.val_bits) if inst.val_bits else 16
    count = num * 32 // vb
    element = f"i{vb}"
    atom_ty = atom_type(spec, dialect, values, vb)
    load = spec.emission.get("pattern") == "ldmatrix"
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    src_space, dst_space = ("shared", "register") if load else ("register", "shared")
    src, dst = _memref(element, src_space, count), _memref(element, dst_space, count)
    fn.args = [f"%src: {src}", f"%dst: {dst}"]
    fn.body.append(f"%atom = fly.make_copy_atom {{valBits = {vb} : i32}} : {atom_ty}")
    fn.body.append(f"fly.copy_atom_call(%atom, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
    fn.checks.append("CHECK: llvm.mlir.undef : !llvm.struct<()>")
    layout = "col" if values["transpose"] else "row"
    if load:
        result = "i32" if num == 1 else _struct(["i32"] * num)
        fn.checks.append(
            f"CHECK: nvvm.ldmatrix %[[SRC]] {{{{.*}}}}layout = #nvvm.mma_layout<{layout}>, num = {num} : i32"
            f"{{{{.*}}}} : (!llvm.ptr<3>) -> {result}"
        )
        fn.checks.append(f"CHECK: llvm.store %{{{{[0-9]+}}}}, %[[DST]] : {_vector(count, element)}, {REGISTER_PTR}")
    else:
        fn.checks.append(f"CHECK: llvm.load %[[SRC]] : {REGISTER_PTR} -> {_vector(count, element)}")
        fn.checks.append(
            f"CHECK: nvvm.stmatrix %[[DST]], {', '.join(['%{{[0-9]+}}'] * num)} {{{{.*}}}}layout = "
            f"#nvvm.mma_layout<{layout}>{{{{.*}}}} : !llvm.ptr<3>, {', '.join(['i32'] * num)}"
        )
    _signature_checks(fn, [("src", _ptr(src_space)), ("dst", _ptr(dst_space))])
    return [fn]


def _ptx_cp_async_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    values = sample_values(spec, inst)
    nbytes = int(values["bytes"])
    vb = _largest_val_bits(inst, 128) if inst.val_bits else 8 * nbytes
    atom_ty = atom_type(spec, dialect, values, vb)
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    src, dst = _memref("i8", "global", nbytes), _memref("i8", "shared", nbytes)
    fn.args = [f"%src: {src}", f"%dst: {dst}"]
    fn.body.append(f"%atom = fly.make_copy_atom {{valBits = {vb} : i32}} : {atom_ty}")
    fn.body.append(f"fly.copy_atom_call(%atom, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
    fn.checks.append("CHECK: llvm.mlir.undef : !llvm.struct<()>")
    fn.checks.append(
        f"CHECK: {inst.intrinsic} %[[DST]], %[[SRC]], {nbytes}, cache = {values['cacheModifier']} : "
        f"!llvm.ptr<3>, !llvm.ptr<1>"
    )
    _signature_checks(fn, [("src", _ptr("global")), ("dst", _ptr("shared"))])
    return [fn]


def _ptx_tma_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    values = sample_values(spec, inst)
    rank = int(values["rank"])
    atom_ty = atom_type(spec, dialect, values, 0)
    load = spec.emission.get("pattern") == "tma_load"
    extents = [8] * (rank - 1) + [64]
    strides = [1]
    for extent in extents[:-1]:
        strides.append(strides[-1] * extent)
    layout = f"({','.join(map(str, extents))}):({','.join(map(str, strides))})" if rank > 1 else "64:1"
    src_space, dst_space = ("global", "shared") if load else ("shared", "global")
    fn = Function(f"{_ident(spec.mnemonic)}_{_ident(inst.id)}")
    src, dst = f"!fly.memref<f16, {src_space}, {layout}>", f"!fly.memref<f16, {dst_space}, {layout}>"
    fn.args = [f"%src: {src}", f"%dst: {dst}"]
    fn.body.append(f"%atom = fly.make_copy_atom {{valBits = 0 : i32}} : {atom_ty}")
    current, uses = _state_ops(spec, fn, atom_ty, values)
    fn.body.append(f"fly.copy_atom_call({current}, %src, %dst) : ({atom_ty}, {src}, {dst}) -> ()")
    box = ", ".join(["%{{[0-9]+}}"] * rank)
    if load:
        fn.checks.append("CHECK: %[[CLUSTER:[0-9]+]] = llvm.addrspacecast %[[DST]] : !llvm.ptr<3> to !llvm.ptr<7>")
        fn.checks.append(
            f"CHECK: {inst.intrinsic} %[[CLUSTER]], %{{{{[0-9]+}}}}, %{{{{[0-9]+}}}}, box[{box}] : "
            "!llvm.ptr<7>, !llvm.ptr"
        )
    else:
        fn.checks.append(f"CHECK: {inst.intrinsic} %{{{{[0-9]+}}}}, %[[SRC]], box[{box}] : !llvm.ptr, !llvm.ptr<3>")
    del uses
    converted = [("src", _ptr(src_space)), ("dst", _ptr(dst_space))] + _stateful_arg_types(spec, fn)
    _signature_checks(fn, converted)
    return [fn]


def _ptx_functions(spec: AtomSpec, inst: Instance, dialect: str) -> list[Function]:
    pattern = str(spec.emission.get("pattern", ""))
    if spec.kind == "mma":
        return [_ptx_mma_function(spec, inst, dialect)]
    builders: dict[str, Callable[[], list[Function]]] = {
        "ldmatrix": lambda: _ptx_matrix_functions(spec, inst, dialect),
        "stmatrix": lambda: _ptx_matrix_functions(spec, inst, dialect),
        "cp_async": lambda: _ptx_cp_async_functions(spec, inst, dialect),
        "tma_load": lambda: _ptx_tma_functions(spec, inst, dialect),
        "tma_store": lambda: _ptx_tma_functions(spec, inst, dialect),
    }
    builder = builders.get(pattern)
    return builder() if builder is not None else []


def _render_ptx(spec: AtomSpec, backend: Backend) -> RenderOutput:
    """Positive file (every instance) and negative file (exact verify() messages) of a PTX atom."""
    names = backend_names(backend)
    dialect = _dialect(names)
    output = RenderOutput()
    source = mlir_comment(spec_source(spec))
    title = f"{spec.mnemonic} ({spec.cpp_class}): generated by atomgen from {source}; do not edit."
    requires = [f"REQUIRES: {PTX_FEATURE}"]
    functions = [fn for inst in spec.instances for fn in _ptx_functions(spec, inst, dialect)]
    if functions:
        header = [title, "One function per instance, lowered to NVVM: converted signature, default state and"]
        header.append("set_value (stateful), loads, the NVVM op with its register types, store.")
        header.append(f"Needs a FlyDSL build with the FlyPTX dialect (lit feature {PTX_FEATURE}).")
        run = f"%fly-opt %s {_ptx_pipeline(backend)} | FileCheck %s"
        output.files[atom_test_path(spec, names)] = _file([run], header, functions, requires=requires)
    cases = _negative_cases(spec, dialect)
    for case in cases:
        case.checks = [f"CHECK: {{{{.*}}}}:{NEXT_FUNC}:{{{{[0-9]+}}}}: error: {case.message}"]
    if cases:
        header = [title, "Each case is a configuration the spec rejects, with the exact message of the generated"]
        header.append("verify() (FlyPTX has no hand-written verifier to differ from).")
        output.files[atom_test_path(spec, names, negative=True)] = _file(
            [NEGATIVE_RUN], header, cases=cases, requires=requires
        )
    return output


# --------------------------------------------------------------------------------------------
# assembly


def _resolve_lines(text: str) -> str:
    """Replace NEXT_FUNC placeholders by the 1-based line number of the next func.func."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if NEXT_FUNC in line:
            target = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("func.func"))
            lines[index] = line.replace(NEXT_FUNC, str(target + 1))
    return "\n".join(lines)


def _file(runs: list[str], header: list[str], functions: list[Function] = (),  # type: ignore[assignment]
          cases: list[NegativeCase] = (), requires: list[str] = ()) -> str:  # type: ignore[assignment]
    text = engine.render(
        "tests/file.mlir.j2",
        runs=runs,
        requires=list(requires),
        header=header,
        functions=list(functions),
        cases=list(cases),
    )
    return _resolve_lines(text)


def _overrides(spec: AtomSpec, key: str) -> dict[str, str]:
    value = spec.tests.get(key) if isinstance(spec.tests, dict) else None
    return {str(k): str(v) for k, v in (value or {}).items()} if isinstance(value, dict) else {}


def _op_classes(spec: AtomSpec) -> set[str]:
    found = {str(i.op_class) for i in spec.instances if i.op_class}
    emission = spec.emission
    for key in ("op_class",):
        if emission.get(key):
            found.add(str(emission[key]))
    for part in ("load", "store"):
        if isinstance(emission.get(part), dict) and emission[part].get("op_class"):
            found.add(str(emission[part]["op_class"]))
    return found


def _with_path(path: str, suffix: str) -> str:
    return path[: -len(".mlir")] + suffix + ".mlir"


def render(spec: AtomSpec, backend: Backend, env: Any = None) -> RenderOutput:
    """The FileCheck test files of one atom, by the backend's declared `test_builder`."""
    del env
    builder = backend.data.get("test_builder")
    if builder == "ptx":
        return _render_ptx(spec, backend)
    if builder != "rocdl":  # `none`, or undeclared (check warns, AG107): the idioms below are FlyROCDL's
        return RenderOutput()
    names = backend_names(backend)
    dialect = _dialect(names)
    output = RenderOutput()
    positive_path = atom_test_path(spec, names)
    negative_path = atom_test_path(spec, names, negative=True)
    stem = test_file_stem(spec)
    cannot_lower = {**FLYDSL_CANNOT_LOWER.get(spec.mnemonic, {}), **_overrides(spec, "flydsl_cannot_lower")}
    # an atom FlyDSL does not have runs only where fly-opt is built with atomgen's C++
    missing = spec.tests.get("flydsl_has_no_atom") if isinstance(spec.tests, dict) else None
    built = [f"REQUIRES: {VERIFIER_FEATURE}"] if missing else []
    note = [f"Needs fly-opt built with atomgen's C++ (lit feature {VERIFIER_FEATURE}): {mlir_comment(str(missing))}"] \
        if missing else []
    accepts = {**FLYDSL_ACCEPTS.get(spec.mnemonic, {}), **_overrides(spec, "flydsl_accepts")}

    passing: list[Function] = []
    failing: list[Function] = []
    reasons: list[str] = []
    for inst in spec.instances:
        functions = _positive_functions(spec, inst, dialect)
        if spec.kind == "mma":
            for fn in functions:
                fn.checks.extend(_register_checks(spec, inst, fn))
        if inst.id in cannot_lower:
            failing.extend(functions)
            reasons.append(f"{inst.id} -- {mlir_comment(cannot_lower[inst.id])}")
        else:
            passing.extend(functions)
    has_llvm = any(any(c.startswith("LLVM") for c in fn.checks) for fn in passing + failing)
    has_reg = any(any(c.startswith("REG") for c in fn.checks) for fn in passing + failing)
    runs = [POSITIVE_RUN] + ([REG_RUN] if has_reg else []) + ([LLVM_RUN] if has_llvm else [])
    source = mlir_comment(spec_source(spec))
    title = f"{spec.mnemonic} ({spec.cpp_class}): generated by atomgen from {source}; do not edit."
    if passing:
        header = [title, "One function per instance, lowered by the real pipeline: converted signature,"]
        header.append("default state and set_value (stateful), loads, intrinsic with packed types, store.")
        if has_reg:
            header.append("Prefix REG (SSA form): each register operand loads exactly its layout's values per thread.")
        if has_llvm:
            header.append("Prefix LLVM (arith lowered): immediate state fields reach the intrinsic as constants.")
        lacking = llvm_api.lacking_profiles(_op_classes(spec))
        for profile, intrinsic in lacking:
            header.append(f"Expected to fail with fly-opt built against LLVM API {profile} (lit feature "
                          f"llvm-api-{profile}): it has no {intrinsic} (catalogue llvm_api).")
        output.files[positive_path] = _file(runs, header + note, passing,
                                            requires=built + [f"XFAIL: llvm-api-{p}" for p, _ in lacking])
    if failing:
        header = [title, "Expected to fail: FlyDSL cannot lower these instances (a FlyDSL defect the spec fixes)."]
        header += [f"  {reason}" for reason in reasons]  # "<id> -- <reason>"
        # Expected to fail only where FlyDSL's hand-written atoms are the ones under test.
        output.files[_with_path(positive_path, "_xfail")] = _file(
            runs, header, failing, requires=[f"XFAIL: !{VERIFIER_FEATURE}"]
        )

    cases = _negative_cases(spec, dialect)
    rejected: list[NegativeCase] = []
    accepted: list[NegativeCase] = []
    for case in cases:
        case.checks = [f"CHECK: {{{{.*}}}}:{NEXT_FUNC}:{{{{[0-9]+}}}}: error: "]
        (accepted if case.id in accepts else rejected).append(case)
    if rejected:
        header = [title, "Each case is a configuration the spec rejects; the type verifier must report an error"]
        header.append("at the line of the type. Exact wording: " + f"{stem}_verify.mlir (atomgen's verifier only).")
        output.files[negative_path] = _file([NEGATIVE_RUN], header + note, cases=rejected, requires=built)
    if accepted:
        header = [title, "Expected to fail: FlyDSL's hand-written verifier accepts these configurations,"]
        header.append("which the spec rejects.")
        for case in accepted:
            case.comments = [f"FlyDSL accepts this -- {mlir_comment(accepts[case.id])}"]
            header.append(f"  {case.id} -- {mlir_comment(accepts[case.id])}")
        output.files[_with_path(negative_path, "_xfail")] = _file(
            [NEGATIVE_RUN], header, cases=accepted, requires=[f"XFAIL: !{VERIFIER_FEATURE}"]
        )
    if cases:
        verify_cases = _signedness_cases(spec, dialect)
        for case in cases:
            copy = NegativeCase(case.id, case.name, case.title, case.type, case.message)
            copy.checks = [f"VERIFY: {{{{.*}}}}:{NEXT_FUNC}:{{{{[0-9]+}}}}: error: {case.message}"]
            verify_cases.append(copy)
        header = [title, "The exact verify() messages of atomgen's generated C++ (runs only where it is the verifier)."]
        output.files[_with_path(positive_path, "_verify")] = _file(
            [VERIFY_RUN], header, cases=verify_cases, requires=[f"REQUIRES: {VERIFIER_FEATURE}"]
        )
    return output


__all__ = ["render", "FLYDSL_ACCEPTS", "FLYDSL_CANNOT_LOWER", "instance_id"]
