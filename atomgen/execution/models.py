"""Instruction models: the committed facts of atomgen/execution/models/*.json (scripts/amd-models.py writes them
from AMD's Matrix Instruction Calculator) and the arithmetic a model does with them.

A model knows, per operand, which matrix element each (lane, register slice) of the wave holds. Executing an
instruction: every A, B, C element is read from the registers its model names (a replicated element must hold one
value in all its copies, else the execution is refused: the hardware would read one of them, which one the tables
do not say), D = A x B + C per block is computed exactly in float64 (int64 for integers) and rounded once to D's
format, and every D element is written where the model puts it. Register bits no D element covers keep C's bits.

The single rounding is the model's arithmetic, not the calculator's (it gives layouts only): the hardware's
accumulation order and intermediate rounding are not modelled, so a result is compared with a tolerance of a few
units in D's last place of the magnitude sum |a*b| + |c|.

Sparse (SMFMAC, SWMMAC): the calculator draws A uncompressed, each A register slice holding the two nonzeros of a
chunk of 4 K positions, and the K operand (the compression indices) holding one 4-bit nibble per chunk in the same
lane: bits [1:0] the position (in the chunk) of the slice's low value, bits [3:2] of its high value.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

import numpy as np

from atomgen.execution import formats

MODELS = Path(__file__).resolve().parent / "models"
Element = tuple[int, int, int]  # row, column, block
Slot = tuple[int, int, int]  # register, low bit, high bit


class ModelError(Exception):
    """The registers do not make an input the model can execute (conflicting replicas, a missing element)."""


class Undocumented(Exception):
    """The model's document does not describe this use of the instruction (a format pair, a selector value)."""


@dataclass(frozen=True)
class OperandModel:
    slots: tuple[Slot, ...]
    lanes: tuple[tuple[tuple[Element, ...], ...], ...]

    @staticmethod
    def of(data: dict[str, Any]) -> OperandModel:
        return OperandModel(tuple(tuple(s) for s in data["slots"]),  # type: ignore[misc]
                            tuple(tuple(tuple(tuple(e) for e in cell) for cell in lane)  # type: ignore[misc]
                                  for lane in data["lanes"]))


@dataclass(frozen=True)
class InstructionModel:
    name: str
    architecture: str
    wave: int
    m: int
    n: int
    k: int
    blocks: int
    formats: dict[str, str]
    sparse: bool
    modifiers: dict[str, bool]
    operands: dict[str, OperandModel]
    variants: dict[str, dict[str, OperandModel]] = field(default_factory=dict)
    source: str = ""
    # a block-scaled MFMA (CDNA4 v_mfma_scale_*): {"block": K per scale, "format_codes": {cbsz/blgp: format},
    # "opsel_bytes": {opsel: scale byte}, "uniform": one scale word per wave}; A/B layouts per "cbsz=X,blgp=Y"
    scaled: dict[str, Any] = field(default_factory=dict)

    def operand(self, matrix: str, variant: str = "") -> OperandModel:
        if variant and matrix in self.variants.get(variant, {}):
            return self.variants[variant][matrix]
        if matrix == "C" and "C" not in self.operands:
            return self.operands["D"]  # sparse: C is D's registers
        return self.operands[matrix]


def model_files() -> list[Path]:
    return sorted(MODELS.glob("*.json"))


@lru_cache(maxsize=None)
def load_models() -> dict[tuple[str, int, str], InstructionModel]:
    """(architecture, wave, instruction) -> model, from every committed facts file."""
    found: dict[tuple[str, int, str], InstructionModel] = {}
    for path in model_files():
        data = json.loads(path.read_text())
        for name, fact in data["instructions"].items():
            found[(data["architecture"], data["wave"], name)] = InstructionModel(
                name, data["architecture"], data["wave"], fact["m"], fact["n"], fact["k"], fact["blocks"],
                fact["formats"], fact["sparse"], fact["modifiers"],
                {m: OperandModel.of(o) for m, o in fact["operands"].items()},
                {v: {m: OperandModel.of(o) for m, o in ops.items()} for v, ops in fact.get("variants", {}).items()},
                fact.get("source", data["source"]), fact.get("scaled", {}))
    return found


def find_model(architecture: str, wave: int, instruction: str) -> Optional[InstructionModel]:
    return load_models().get((architecture, wave, instruction))


def _bits(register_file: int, slot: Slot) -> int:
    register, low, high = slot
    return (register_file >> (32 * register + low)) & ((1 << (high - low + 1)) - 1)


def read_codes(operand: OperandModel, registers: list[int]) -> dict[Element, int]:
    """Element -> code, from each lane's register bits (lane's argument value, register r at bits 32r..)."""
    codes: dict[Element, int] = {}
    for lane, cells in enumerate(operand.lanes):
        for slot, cell in zip(operand.slots, cells):
            if len(cell) != 1:
                continue
            code = _bits(registers[lane], slot)
            if codes.setdefault(cell[0], code) != code:
                raise ModelError(f"element {cell[0]} held with different values by its replicas (lane {lane})")
    return codes


def read_sparse(a: OperandModel, k: OperandModel, a_registers: list[int], k_registers: list[int]
                ) -> dict[Element, int]:
    """A uncompressed (element -> code; the positions no index names are zero) from the slices and the nibbles."""
    codes: dict[Element, int] = {}
    for lane in range(len(a.lanes)):
        chunks = {cell: slot for slot, cell in zip(k.slots, k.lanes[lane]) if cell}
        for slot, cell in zip(a.slots, a.lanes[lane]):
            if not cell:
                continue
            key = tuple((r, c, b) for r, c, b in cell)
            nibble_slot = chunks.get(key)
            if nibble_slot is None:
                raise ModelError(f"lane {lane}: no compression index for the chunk {cell[0]}..")
            nibble = _bits(k_registers[lane], nibble_slot)
            width = (slot[2] - slot[1] + 1) // 2
            value = _bits(a_registers[lane], slot)
            first, second = nibble & 3, nibble >> 2 & 3
            if first >= second:
                raise ModelError(f"lane {lane}: indices {first}, {second} of a chunk are not increasing")
            for position, code in ((first, value & ((1 << width) - 1)), (second, value >> width)):
                element = cell[position]
                if codes.setdefault(element, code) != code:
                    raise ModelError(f"element {element} held with different values by its replicas")
    return codes


def _matrix(codes: dict[Element, int], fmt: str, rows: int, cols: int, blocks: int, signed: Optional[bool],
            sparse: bool = False) -> np.ndarray:
    integer = fmt in formats.INTEGER
    out = np.zeros((blocks, rows, cols), dtype=np.int64 if integer else np.float64)
    seen = np.zeros((blocks, rows, cols), dtype=bool)
    for (r, c, b), code in codes.items():
        out[b, r, c] = formats.decode_int(fmt, code, signed) if integer else formats.decode(fmt, code, signed)
        seen[b, r, c] = True
    if not sparse and not seen.all():
        missing = tuple(int(x) for x in np.argwhere(~seen)[0])
        raise ModelError(f"element (block, row, col) {missing} held by no lane")
    return out


@dataclass
class Call:
    """One execution of an instruction: the registers of every lane (the intrinsic's arguments as bits) and the
    modifiers the intrinsic passes."""

    a: list[int]
    b: list[int]
    c: list[int]
    index: Optional[list[int]] = None
    sign_a: Optional[bool] = None
    sign_b: Optional[bool] = None
    clamp: bool = False
    opsel: bool = False  # RDNA3 16-bit D: the result in bits [31:16]
    selector: int = 0  # SMFMAC abid
    cbsz: int = 0
    abid: int = 0
    blgp: int = 0
    scale_a: Optional[list[int]] = None  # block-scaled MFMA: each lane's scale VGPR
    scale_b: Optional[list[int]] = None
    opsel_a: int = 0
    opsel_b: int = 0


def _scale(model: InstructionModel, scales: Optional[list[int]], opsel: int, which: str) -> float:
    """The wave's one scale (2^(e-127)) of A or B: the byte OPSEL selects, the same in every lane."""
    byte = model.scaled["opsel_bytes"].get(str(opsel))
    if byte is None:
        raise Undocumented(f"OPSEL {opsel} of the {which} scale: not in the model's document")
    if scales is None:
        raise ModelError(f"no {which} scale operand")
    codes = {x >> (8 * byte) & 0xFF for x in scales}
    if len(codes) != 1:
        raise ModelError(f"{which} scales differ between lanes: the per-lane scale placement is not modelled")
    return formats.decode("e8m0", codes.pop())


def _execute_scaled(model: InstructionModel, call: Call) -> list[int]:
    codes = model.scaled["format_codes"]
    variant = model.variants.get(f"cbsz={call.cbsz},blgp={call.blgp}")
    if variant is None or str(call.cbsz) not in codes or str(call.blgp) not in codes:
        raise Undocumented(f"CBSZ {call.cbsz} / BLGP {call.blgp}: the model's document gives no layout for this "
                           "format pair")
    fa, fb, fc, fd = codes[str(call.cbsz)], codes[str(call.blgp)], model.formats["C"], model.formats["D"]
    a = _matrix(read_codes(variant["A"], call.a), fa, model.m, model.k, 1, None)
    b = _matrix(read_codes(variant["B"], call.b), fb, model.k, model.n, 1, None)
    c = _matrix(read_codes(model.operand("C"), call.c), fc, model.m, model.n, 1, None)
    scale = _scale(model, call.scale_a, call.opsel_a, "A") * _scale(model, call.scale_b, call.opsel_b, "B")
    d = np.einsum("bik,bkj->bij", a, b) * scale + c
    return _write(model, model.operand("D"), d, call, fd)


def execute(model: InstructionModel, call: Call) -> list[int]:
    """D's register bits per lane."""
    if model.scaled:
        return _execute_scaled(model, call)
    if call.cbsz or call.abid and not model.sparse or call.blgp:
        raise ModelError(f"CBSZ {call.cbsz} / ABID {call.abid} / BLGP {call.blgp}: broadcasts are not modelled")
    fa, fb, fc, fd = (model.formats[m] for m in "ABCD")
    if model.sparse:
        fc = fd
        flag = "opsel" if model.architecture.startswith("rdna") else "abid"
        variant = f"{flag}={call.selector}" if call.selector else ""
        if call.index is None:
            raise ModelError("a sparse instruction without compression indices")
        a_codes = read_sparse(model.operand("A"), model.operand("K", variant), call.a, call.index)
        kdim = model.k
    else:
        a_codes = read_codes(model.operand("A"), call.a)
        kdim = model.k
    variant_cd = "opsel=4" if call.opsel else ""
    a = _matrix(a_codes, fa, model.m, kdim, model.blocks, call.sign_a, model.sparse)
    b = _matrix(read_codes(model.operand("B"), call.b), fb, kdim, model.n, model.blocks, call.sign_b)
    c_codes = read_codes(model.operand("C", variant_cd), call.c)
    c = _matrix(c_codes, fc, model.m, model.n, model.blocks, None)
    d = np.einsum("bik,bkj->bij", a, b) + c
    return _write(model, model.operand("D", variant_cd), d, call, fd)


def _write(model: InstructionModel, d_model: OperandModel, d: np.ndarray, call: Call, fd: str) -> list[int]:
    out = list(call.c)
    for lane, cells in enumerate(d_model.lanes):
        for slot, cell in zip(d_model.slots, cells):
            if len(cell) != 1:
                continue
            r, col, blk = cell[0]
            value = d[blk, r, col]
            if fd in formats.INTEGER:
                code = _integer_result(int(value), call.clamp)
            else:
                code = formats.encode(fd, float(value))
            register, low, high = slot
            shift, mask = 32 * register + low, (1 << (high - low + 1)) - 1
            out[lane] = out[lane] & ~(mask << shift) | (code & mask) << shift
    return out


def _integer_result(value: int, clamp: bool) -> int:
    if clamp:
        value = max(-(1 << 31), min((1 << 31) - 1, value))
    return value & 0xFFFFFFFF


def tolerance(fmt: str, magnitude: float) -> float:
    """What a result may differ from the exact float64 one: 4 units in the last place of |a*b| + |c|."""
    if fmt in formats.INTEGER:
        return 0.0
    return 4.0 * magnitude * math.ldexp(1.0, -formats.mantissa_bits(fmt))
