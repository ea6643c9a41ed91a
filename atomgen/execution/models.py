"""Instruction models: the committed facts of atomgen/execution/models/*.json (scripts/amd-models.py writes them
from AMD's Matrix Instruction Calculator, AMD's CDNA4 documents and, for gfx1250, Triton's AMD layouts) and the
arithmetic a model does with them.

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
    # a block-scaled MFMA / WMMA: {"block": K per scale (0: unscaled f8f6f4), "format_codes": {code: format},
    # "scale": {"A"/"B": per lane [[row or column, K block] per scale byte]}, CDNA4 "opsel_bytes": {opsel: byte},
    # gfx1250 "selects": the matrix_*_scale values modelled}; A/B layouts per "cbsz=X,blgp=Y" / "fmt_a=X,fmt_b=Y"
    scaled: dict[str, Any] = field(default_factory=dict)

    def source_of(self, call: Call) -> str:
        """The source of what a call uses: a block-scaled MFMA's format pair may have its own."""
        return str(self.scaled.get("sources", {}).get(f"cbsz={call.cbsz},blgp={call.blgp}", self.source))

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
    scale_a: Optional[list[int]] = None  # block-scaled: each lane's scale VGPR(s)
    scale_b: Optional[list[int]] = None
    opsel_a: int = 0  # CDNA4: the scale byte; gfx1250: matrix_a_scale (MATRIX_SCALE_ROW0/1)
    opsel_b: int = 0
    neg_a: bool = False  # gfx1250 float A/B: negate (IntrinsicsAMDGPU.td "%A_mod: 1 -- neg")
    neg_b: bool = False
    c_mod: int = 0  # gfx1250: 0 none, 1 neg, 2 abs, 3 neg(abs) of C
    fmt_a: Optional[int] = None  # gfx1250 f8f6f4: matrix_a_fmt / matrix_b_fmt (LLVM MatrixFMT)
    fmt_b: Optional[int] = None
    scale_fmt_a: int = 0  # gfx1250: matrix_a_scale_fmt (0: E8M0)
    scale_fmt_b: int = 0


def scales(model: InstructionModel, words: Optional[list[int]], select: int, which: str, rows: int
           ) -> np.ndarray:
    """(rows, K blocks) of 2^(e-127): each (row or column, K block)'s scale read from the lane bytes the model's
    scale layout names (CDNA4: the byte OPSEL selects, one per lane; gfx1250: byte j of the lane's scale
    operand). Replicas must agree."""
    if words is None:
        raise ModelError(f"no {which} scale operand")
    bytes_at = model.scaled.get("opsel_bytes")
    placement = model.scaled["scale"][which]
    if bytes_at is not None:
        byte = bytes_at.get(str(select))
        if byte is None:
            raise Undocumented(f"OPSEL {select} of the {which} scale: not in the model's document")
    else:
        placement = scale_placement(model, which, select)
    blocks = model.k // model.scaled["block"]
    codes: dict[tuple[int, int], int] = {}
    for lane, entries in enumerate(placement):
        for j, (row, block) in enumerate(entries):
            shift = 8 * (byte if bytes_at is not None else j)
            code = words[lane] >> shift & 0xFF
            if codes.setdefault((row, block), code) != code:
                raise ModelError(f"{which} scale ({row}, block {block}) held with different values by its replicas")
    out = np.zeros((rows, blocks))
    for (row, block), code in codes.items():
        out[row, block] = formats.decode("e8m0", code)
    if len(codes) != rows * blocks:
        raise ModelError(f"{which} scales: {rows * blocks - len(codes)} (row, block) pairs held by no lane")
    return out


def scale_placement(model: InstructionModel, which: str, select: int) -> list[list[list[int]]]:
    """gfx1250: where matrix_a_scale / matrix_b_scale `select` reads A's / B's scales: per lane, [row or column,
    K block] per scale byte (an empty lane is not read). MATRIX_SCALE_ROW1 of a 16-wide operand: lanes 16-31."""
    selects = model.scaled.get("selects", ["0"])
    if isinstance(selects, dict):
        selects = selects.get(which, ["0"])
    if str(select) not in selects:
        raise Undocumented(f"matrix_{which.lower()}_scale {select}: no source says which scales it selects")
    return model.scaled["scale"][which] if not select else model.scaled[f"scale_row{select}"][which]


def _scaled_product(model: InstructionModel, a: np.ndarray, b: np.ndarray, call: Call) -> np.ndarray:
    """A x B with each product scaled by its row's and column's scales of its K block."""
    block = model.scaled["block"]
    sa = scales(model, call.scale_a, call.opsel_a, "A", model.m)
    sb = scales(model, call.scale_b, call.opsel_b, "B", model.n)
    ks = np.arange(model.k) // block
    return np.einsum("bik,bkj->bij", a * sa[:, ks][None], b * sb[:, ks].T[None])


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
    d = _scaled_product(model, a, b, call) + c
    return _write(model, model.operand("D"), d, call, fd)


def c_modified(c: np.ndarray, c_mod: int) -> np.ndarray:
    """gfx1250's C modifier (IntrinsicsAMDGPU.td: 0 none, 1 neg, 2 abs, 3 neg(abs))."""
    if c_mod not in (0, 1, 2, 3):
        raise Undocumented(f"C modifier {c_mod}")
    c = np.abs(c) if c_mod & 2 else c
    return -c if c_mod & 1 else c


def _execute_gfx1250(model: InstructionModel, call: Call) -> list[int]:
    """gfx1250 WMMA: neg of float A/B, sign of IU8 A/B, the C modifier, clamp, the f8f6f4 format codes and the
    block scales (reuse flags are operand-cache hints: no effect on D)."""
    fa, fb, fc, fd = (model.formats[m] for m in "ABCD")
    if fa != "fmt_a":
        a_op, b_op = model.operand("A"), model.operand("B")
    else:
        codes = model.scaled["format_codes"]
        only = next(iter(codes)) if len(codes) == 1 else None  # 32x16x128 f4: no format operands, fp4 x fp4
        fmt_a, fmt_b = (only, only) if call.fmt_a is None else (call.fmt_a, call.fmt_b)
        variant = model.variants.get(f"fmt_a={fmt_a},fmt_b={fmt_b}")
        if variant is None:
            raise Undocumented(f"matrix_a_fmt {call.fmt_a} / matrix_b_fmt {call.fmt_b}: Triton (the model's source) "
                               "gives no layout for this format pair")
        fa, fb, a_op, b_op = codes[str(fmt_a)], codes[str(fmt_b)], variant["A"], variant["B"]
    if call.scale_fmt_a or call.scale_fmt_b:
        raise Undocumented(f"scale formats {call.scale_fmt_a} / {call.scale_fmt_b}: only E8M0 (0) is modelled")
    integer = fa in formats.INTEGER
    a = _matrix(read_codes(a_op, call.a), fa, model.m, model.k, 1, call.sign_a if integer else None)
    b = _matrix(read_codes(b_op, call.b), fb, model.k, model.n, 1, call.sign_b if integer else None)
    c = c_modified(_matrix(read_codes(model.operand("C"), call.c), fc, model.m, model.n, 1, None), call.c_mod)
    if not integer:
        a, b = (-a if call.neg_a else a), (-b if call.neg_b else b)
    product = _scaled_product(model, a, b, call) if model.scaled.get("block") else np.einsum("bik,bkj->bij", a, b)
    return _write(model, model.operand("D"), product + c, call, fd)


def execute(model: InstructionModel, call: Call) -> list[int]:
    """D's register bits per lane."""
    if model.architecture == "gfx1250":
        return _execute_gfx1250(model, call)
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
