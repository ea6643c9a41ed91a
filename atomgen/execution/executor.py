"""Execute a lowered atom's LLVM IR for a whole wave in lockstep (issue 50).

The IR is read by a real LLVM IR reader: llvmlite's bundled LLVM (`llvmlite.binding.parse_assembly`) parses the
committed docs/evidence/rocdl-isa/*.ll as they are (no normalisation). Each lane runs the test function on its own
copy of the pointer arguments' memory (the per-lane fragments `load`/`store` read and write) and its own scalar
arguments; every SSA value is a per-lane bit pattern. The instructions executed: load, store, ret, bitcast,
shufflevector (its mask read from the printed instruction: LLVM keeps it out of the operand list), extractelement,
insertelement, the integer binary operations, zext/sext/trunc, and `call`: llvm.smax/smin/umax/umin and each
`llvm.amdgcn.*` matrix intrinsic, executed by its instruction model (atomgen/execution/models.py) for the whole
wave at once. The intrinsic -> ISA instruction names come from atomgen's intrinsics catalogue
(atomgen/intrinsics/rocdl.yaml, transcribed from IntrinsicsAMDGPU.td and the AMDGPU backend), the argument order
of each intrinsic family from IntrinsicsAMDGPU.td (CALLS below).

Copies: `extractvalue` (the buffer memref's {resource, offset} struct) and the `llvm.amdgcn.raw.ptr.buffer.*`
loads and stores, executed on a buffer / LDS memory model (atomgen/execution/copies.py, its sources there).

`mutate` breaks the lowering on purpose (negative controls): it rewrites the intrinsic's arguments (the roles
below) before the model runs, as a lowering that swapped A and B, dropped clamp, flipped a sign flag, chose
another selector or reversed the value order inside each register would have emitted them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Optional, Union

import llvmlite.binding as llvm
import yaml

from atomgen.execution import copies, models
from atomgen.execution.models import Call, InstructionModel, ModelError

CATALOGUE = Path(__file__).resolve().parent.parent / "intrinsics" / "rocdl.yaml"
CHIPS = {"cdna3": "gfx942", "cdna4": "gfx950", "rdna3": "gfx1100", "rdna4": "gfx1200", "gfx1250": "gfx1250"}
# gfx1250's WMMA argument conventions (IntrinsicsAMDGPU.td, llvm-22: the AMDGPUWmmaIntrinsic* classes of the
# AMDGPUWMMAIntrinsicsGFX1250 set); the iu4 16x16x32 keeps gfx12's AMDGPUWmmaIntrinsicIU
SCALE_ROLES = ["opsel_a", "scale_fmt_a", "scale_a", "opsel_b", "scale_fmt_b", "scale_b", "reuse_a", "reuse_b"]
GFX1250_CALLS = {
    "mods_all": ["neg_a", "a", "neg_b", "b", "c_mod", "c", "reuse_a", "reuse_b"],  # ModsAllReuse, ModsAllDiff
    "mods_c": ["a", "b", "c_mod", "c", "reuse_a", "reuse_b"],  # ModsC: fp8/bf8
    "iu8": ["sign_a", "a", "sign_b", "b", "c", "reuse_a", "reuse_b", "clamp"],  # ModsABClamp
    "iu4": ["sign_a", "a", "sign_b", "b", "c", "clamp"],  # AMDGPUWmmaIntrinsicIU
    "f8f6f4": ["fmt_a", "a", "fmt_b", "b", "c_mod", "c"],  # ModsC_MatrixFMT
    "f4": ["a", "b", "c_mod", "c"],  # F4ModsC
    "scale": ["fmt_a", "a", "fmt_b", "b", "c_mod", "c", *SCALE_ROLES],  # WmmaScaleIntrinsicModsC
    "scale_f4": ["a", "b", "c_mod", "c", *SCALE_ROLES],  # WmmaScaleF4IntrinsicModsC
}


def _gfx1250_calls(name: str) -> list[str]:
    if name.startswith(("wmma.scale.", "wmma.scale16.")):
        return GFX1250_CALLS["scale_f4" if name.endswith(".f4") else "scale"]
    for ending, family in ((".f8f6f4", "f8f6f4"), (".f4", "f4"), (".iu8", "iu8"), (".iu4", "iu4")):
        if name.endswith(ending):
            return GFX1250_CALLS[family]
    if any(f in name for f in ("fp8", "bf8")):
        return GFX1250_CALLS["mods_c"]
    return GFX1250_CALLS["mods_all"]
Lanes = list[int]
Roles = dict[str, Any]
Mutation = Callable[[str, Roles, InstructionModel], Roles]


class NotModelled(Exception):
    """The function calls something the executor has no model for (said in the evidence, not a failure)."""


@dataclass(frozen=True)
class Target:
    architecture: str  # the models' architecture: cdna3, rdna3, rdna4
    wave: int

    @property
    def chip(self) -> str:
        return CHIPS[self.architecture]


def _calls(name: str, chip: str = "") -> list[str]:
    """The intrinsic family's argument roles in call order (IntrinsicsAMDGPU.td)."""
    if chip == "gfx1250" and name.startswith("wmma."):
        return _gfx1250_calls(name)
    if name.startswith("mfma.scale."):
        return ["a", "b", "c", "cbsz", "blgp", "opsel_a", "scale_a", "opsel_b", "scale_b"]
    if name.startswith("mfma."):
        return ["a", "b", "c", "cbsz", "abid", "blgp"]
    if name.startswith("smfmac."):
        return ["a", "b", "c", "index", "cbsz", "selector"]
    integer = ".iu4" in name or ".iu8" in name
    if name.startswith("wmma."):
        return ["sign_a", "a", "sign_b", "b", "c", "clamp"] if integer else ["a", "b", "c", "opsel"]
    if name.startswith("swmmac."):
        return ["sign_a", "a", "sign_b", "b", "c", "index", "clamp"] if integer else ["a", "b", "c", "index"]
    raise NotModelled(f"llvm.amdgcn.{name}: no argument convention")


@lru_cache(maxsize=1)
def _catalogue() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(CATALOGUE.read_text())["intrinsics"]
    return data


def instruction_of(intrinsic: str, chip: str) -> tuple[str, str]:
    """(catalogue name without `rocdl.`, ISA instruction) of `llvm.amdgcn.NAME.<overload suffixes>` on `chip`."""
    parts = intrinsic.removeprefix("llvm.amdgcn.").split(".")
    catalogue = _catalogue()
    for end in range(len(parts), 0, -1):  # drop the overload suffixes (.v8f32.v16f16 ...) from the end
        dotted = ".".join(parts[:end])
        # the catalogue spells a two-format suffix with `_` (rocdl.wmma.f32.16x16x16.fp8_fp8), LLVM with `.`
        name = next((n for n in (dotted, ".".join(parts[:end - 1]) + "_" + parts[end - 1] if end > 1 else dotted)
                     if "rocdl." + n in catalogue), dotted)
        entry = catalogue.get("rocdl." + name)
        if entry is not None:
            for isa in entry.get("isa", []):
                if chip in isa.get("subtargets", []):
                    return name, str(isa["name"])
            raise NotModelled(f"{intrinsic}: no ISA instruction for {chip} in the catalogue")
    raise NotModelled(f"{intrinsic}: not in the intrinsics catalogue")


@dataclass(frozen=True)
class IrType:
    bits: int  # the whole value
    element_bits: int
    count: int  # 1 for a scalar
    pointer: bool = False

    @property
    def element_mask(self) -> int:
        return (1 << self.element_bits) - 1


def _type(ref: Any) -> IrType:
    if ref.is_pointer:
        return IrType(64, 64, 1, True)
    if ref.is_vector:
        element = next(iter(ref.elements))
        width = _scalar_bits(element)
        return IrType(width * ref.element_count, width, ref.element_count)
    width = _scalar_bits(ref)
    return IrType(width, width, 1)


def _scalar_bits(ref: Any) -> int:
    text = str(ref)
    known = {"half": 16, "bfloat": 16, "float": 32, "double": 64}
    if text in known:
        return known[text]
    if re.fullmatch(r"i\d+", text):
        return int(text[1:])
    raise NotModelled(f"type {text}")


MASK = re.compile(r"<(\d+) x i32> (<[^>]*>|zeroinitializer|poison|undef)\s*$")


def _shuffle_mask(instruction: Any) -> list[int]:
    match = MASK.search(str(instruction).split(", !")[0])
    if match is None:
        raise NotModelled(f"shufflevector mask of {str(instruction).strip()}")
    if match[2] == "zeroinitializer":
        return [0] * int(match[1])
    if match[2] in ("poison", "undef"):
        return [-1] * int(match[1])
    return [-1 if item.strip() in ("i32 poison", "i32 undef") else int(item.split()[1])
            for item in match[2][1:-1].split(",")]


class Module:
    """A parsed .ll file: its functions by name."""

    def __init__(self, text: str):
        self.module = llvm.parse_assembly(text)
        self.functions = {f.name: f for f in self.module.functions if not f.is_declaration}

    @staticmethod
    def read(path: Union[str, Path]) -> Module:
        return Module(Path(path).read_text())


# a pointer: each lane's memory; a value: each lane's bits (a struct: each lane's tuple of them)
Argument = Union[list[bytearray], Lanes, list[tuple[int, ...]]]


@dataclass
class Trace:
    """What the run met: the intrinsics called, with their instruction models."""

    calls: list[tuple[str, str, str]]  # intrinsic, instruction, model source


def _is_memory(ref: Any) -> bool:
    """A pointer whose memory each lane holds (private / register memrefs); an LDS pointer (addrspace 3: an
    address into the wave's LDS) and a buffer resource (addrspace 8: a handle) are values."""
    return bool(ref.is_pointer) and not any(f"addrspace({n})" in str(ref) for n in (3, 8))


def run(module: Module, function: str, target: Target, arguments: list[Argument],
        mutate: Optional[Mutation] = None, world: Optional[copies.World] = None,
        copy_mutate: Optional[copies.CopyMutation] = None) -> Trace:
    """Execute `function` for target.wave lanes; pointer arguments' memories are written in place, and so are
    `world`'s buffer and LDS memories (the copies: atomgen/execution/copies.py)."""
    fn = module.functions[function]
    values: dict[int, Lanes] = {}
    memory: dict[int, list[bytearray]] = {}
    lanes = target.wave
    trace = Trace([])
    for arg, given in zip(fn.arguments, arguments):
        if _is_memory(arg.type):
            memory[hash(arg)] = given  # type: ignore[assignment]
        else:  # a value: bits, an LDS address, a buffer resource handle, or a tuple of them (a struct)
            values[hash(arg)] = list(given)  # type: ignore[arg-type]

    def value(operand: Any) -> Lanes:
        if operand.value_kind.name == "constant_int":
            bits = _type(operand.type).bits
            return [operand.get_constant_value() & ((1 << bits) - 1)] * lanes
        if operand.value_kind.name in ("undef_value", "poison_value", "constant_aggregate_zero"):
            return [0] * lanes
        key = hash(operand)
        if key not in values:
            raise NotModelled(f"operand {str(operand).strip()[:80]}")
        return values[key]

    for block in fn.blocks:
        for ins in block.instructions:
            op, operands = ins.opcode, list(ins.operands)
            if op == "ret":
                return trace
            if op == "load":
                width = _type(ins.type).bits // 8
                values[hash(ins)] = [int.from_bytes(bytes(m[:width]), "little") for m in memory[hash(operands[0])]]
            elif op == "store":
                width = _type(operands[0].type).bits // 8
                for lane, bits in enumerate(value(operands[0])):
                    buffer = memory[hash(operands[1])][lane]
                    buffer[:width] = bits.to_bytes(width, "little")
            elif op == "extractvalue":  # the index is kept out of the operand list: read it from the text
                field = int(str(ins).split(",")[-1].split("!")[0])
                values[hash(ins)] = [item[field] for item in value(operands[0])]  # type: ignore[index]
            elif op == "bitcast":
                values[hash(ins)] = value(operands[0])
            elif op in ("zext", "trunc", "sext"):
                src, dst = _type(operands[0].type), _type(ins.type)
                v = value(operands[0])
                if op == "sext":
                    v = [x - (1 << src.bits) if x >> (src.bits - 1) & 1 else x for x in v]
                values[hash(ins)] = [x & ((1 << dst.bits) - 1) for x in v]
            elif op in BINARY:
                t = _type(ins.type)
                x, y = value(operands[0]), value(operands[1])
                values[hash(ins)] = [_elementwise(BINARY[op], t, p, q) for p, q in zip(x, y)]
            elif op == "shufflevector":
                t, src = _type(ins.type), _type(operands[0].type)
                mask = _shuffle_mask(ins)
                x, y = value(operands[0]), value(operands[1])
                values[hash(ins)] = [_shuffle(mask, src, t, p, q) for p, q in zip(x, y)]
            elif op == "extractelement":
                src = _type(operands[0].type)
                x, index = value(operands[0]), value(operands[1])
                values[hash(ins)] = [p >> (src.element_bits * i) & src.element_mask for p, i in zip(x, index)]
            elif op == "insertelement":
                t = _type(ins.type)
                x, e, index = value(operands[0]), value(operands[1]), value(operands[2])
                shift = [t.element_bits * i for i in index]
                values[hash(ins)] = [p & ~(t.element_mask << s) | (q & t.element_mask) << s
                                     for p, q, s in zip(x, e, shift)]
            elif op == "call":
                callee = operands[-1].name
                args = [value(o) for o in operands[:-1]]
                if callee.startswith(copies.BUFFER):
                    if world is None:
                        raise NotModelled(f"{callee}: no buffer / LDS memory given")
                    try:
                        out = copies.buffer_call(callee, args, [_type(o.type).bits for o in operands[:-1]],
                                                 _type(ins.type).bits if str(ins.type) != "void" else 0, world,
                                                 copy_mutate)
                    except copies.Unmodelled as error:
                        raise NotModelled(f"{callee}: {error}") from None
                    source = copies.LDS_SOURCE if callee.endswith(".lds") else copies.SOURCE
                    trace.calls.append((callee, callee.removeprefix("llvm.amdgcn."), source))
                    if out is not None:
                        values[hash(ins)] = out
                    continue
                values[hash(ins)] = _call(callee, args, [_type(o.type) for o in operands[:-1]], _type(ins.type),
                                          target, mutate, trace)
            else:
                raise NotModelled(f"instruction {op}")
    return trace


def _elementwise(fn: Callable[[int, int, int], int], t: IrType, p: int, q: int) -> int:
    out = 0
    for i in range(t.count):
        s = i * t.element_bits
        out |= (fn(p >> s & t.element_mask, q >> s & t.element_mask, t.element_bits) & t.element_mask) << s
    return out


def _signed(x: int, bits: int) -> int:
    return x - (1 << bits) if x >> (bits - 1) & 1 else x


BINARY: dict[str, Callable[[int, int, int], int]] = {
    "add": lambda x, y, w: x + y, "sub": lambda x, y, w: x - y, "mul": lambda x, y, w: x * y,
    "and": lambda x, y, w: x & y, "or": lambda x, y, w: x | y, "xor": lambda x, y, w: x ^ y,
    "shl": lambda x, y, w: x << y if y < w else 0, "lshr": lambda x, y, w: x >> y if y < w else 0,
    "ashr": lambda x, y, w: _signed(x, w) >> min(y, w - 1),
}


def _shuffle(mask: list[int], src: IrType, t: IrType, p: int, q: int) -> int:
    both = p | q << src.bits
    out = 0
    for i, pick in enumerate(mask):
        if pick >= 0:
            out |= (both >> (pick * src.element_bits) & src.element_mask) << (i * t.element_bits)
    return out


def _call(callee: str, args: list[Lanes], types: list[IrType], result: IrType, target: Target,
          mutate: Optional[Mutation], trace: Trace) -> Lanes:
    if callee in ("llvm.smax.i32", "llvm.smin.i32", "llvm.umax.i32", "llvm.umin.i32"):
        pick = max if "max" in callee else min
        conv = (lambda v: _signed(v, 32)) if ".s" in callee else (lambda v: v)
        return [pick(conv(x), conv(y)) & 0xFFFFFFFF for x, y in zip(args[0], args[1])]
    if not callee.startswith("llvm.amdgcn."):
        raise NotModelled(f"call {callee}")
    name, instruction = instruction_of(callee, target.chip)
    model = models.find_model(target.architecture, target.wave, instruction)
    if model is None:
        raise NotModelled(f"{instruction} ({target.architecture} wave{target.wave}): no instruction model")
    roles_order = _calls(name, target.chip)
    if len(roles_order) < len(args):
        raise NotModelled(f"{callee}: {len(args)} arguments, the convention names {len(roles_order)}")
    roles: Roles = {}
    for role, lanes in zip(roles_order, args):
        roles[role] = lanes if role in ("a", "b", "c", "index", "scale_a", "scale_b") else lanes[0]
    roles["types"] = {role: typ for role, typ in zip(roles_order, types)}
    if mutate is not None:
        roles = mutate(name, roles, model)
    call = Call(roles["a"], roles["b"], roles["c"], roles.get("index"),
                bool(roles["sign_a"]) if "sign_a" in roles else None,
                bool(roles["sign_b"]) if "sign_b" in roles else None,
                bool(roles.get("clamp", 0)), bool(roles.get("opsel", 0)), int(roles.get("selector", 0)),
                int(roles.get("cbsz", 0)), int(roles.get("abid", 0)), int(roles.get("blgp", 0)),
                roles.get("scale_a"), roles.get("scale_b"), int(roles.get("opsel_a", 0)),
                int(roles.get("opsel_b", 0)), bool(roles.get("neg_a", 0)), bool(roles.get("neg_b", 0)),
                int(roles.get("c_mod", 0)), _int_or_none(roles.get("fmt_a")), _int_or_none(roles.get("fmt_b")),
                int(roles.get("scale_fmt_a", 0)), int(roles.get("scale_fmt_b", 0)))
    trace.calls.append((callee, instruction, model.source_of(call)))
    try:
        out = models.execute(model, call)
    except models.Undocumented as error:
        raise NotModelled(f"{instruction}: {error}") from None
    return [x & ((1 << result.bits) - 1) for x in out]


def _int_or_none(value: Any) -> Optional[int]:
    return None if value is None else int(value)


__all__ = ["Module", "ModelError", "NotModelled", "Target", "instruction_of", "run"]
