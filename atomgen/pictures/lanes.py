"""`show --format lanes`: lane, register, bit range -> element, like AMD's Matrix Instruction
Calculator. Values sit in a thread's 32-bit registers in value order, each as wide as the
packed operand gives it (vector<4xf16>: 16 bits; i64 of 8 fp8: 8 bits); copies use the
element width chosen with --bits."""

from __future__ import annotations

from functools import lru_cache

from atomgen.layout import algebra
from atomgen.pictures.grid import heading
from atomgen.pictures.model import REGISTER_BITS, OperandPicture
from atomgen.spec.backend import RegisterFile


def register_bits(value: int, width: int, prefix: str) -> tuple[str, str]:
    """Register(s) and bit range of value `value` of `width` bits; bits count from bit 0 of the
    first register named (a 64-bit value spans two registers, `v0:v1 [63:0]`)."""
    offset = value * width
    first, last = offset // REGISTER_BITS, (offset + width - 1) // REGISTER_BITS
    low = offset - first * REGISTER_BITS
    registers = f"{prefix}{first}" if first == last else f"{prefix}{first}:{prefix}{last}"
    return registers, f"[{low + width - 1}:{low}]"


def value_slot(operand: OperandPicture, value: int) -> int:
    """Where value `value` of a thread sits, in values of operand.value_bits from bit 0 of its first
    register: in value order, or for a register-half operand in register `value`, the chosen half."""
    return value if operand.half is None else 2 * value + operand.half


def position(operand: OperandPicture, value: int, prefix: str) -> tuple[str, str]:
    """Register(s) and bit range of a thread's value `value` ("", "" without registers)."""
    if operand.value_bits is None:
        return "", ""
    return register_bits(value_slot(operand, value), operand.value_bits, prefix)


def element_name(operand: OperandPicture, index: int) -> str:
    picture = operand.picture
    if operand.role in ("src", "dst", "ref"):
        return f"{operand.label}[{index}]"
    row, col = picture.place(index)
    return f"{operand.label}[{row}][{col}]"


@lru_cache(maxsize=4096)
def render_lanes(operand: OperandPicture, register_file: RegisterFile) -> str:
    picture = operand.picture
    lines = [heading(operand)]
    if operand.value_bits is None:
        lines.append(f"  {operand.note or 'no packed register type: values have no register position'}")
        return "\n".join(lines)
    element = (
        "element (index)"
        if operand.role in ("src", "dst", "ref")
        else f"element [{picture.row_name}][{picture.col_name}]"
    )
    if operand.half is not None:
        lines.append(f"  {operand.value_bits} bits per value, one value per {REGISTER_BITS}-bit register: "
                     f"{operand.note}")
    else:
        lines.append(f"  {operand.value_bits} bits per value in {REGISTER_BITS}-bit registers")
    lines.append(f"{'lane':>6}  {'register':<10}{'bits':<10}{element}")
    prefix = register_file.prefix  # backend.yaml register_file
    indices = algebra.image(picture.layout)  # L(thr + threads * val), thr fastest
    threads = picture.threads
    for thr in range(threads):
        for val in range(picture.values):
            registers, bits = position(operand, val, prefix)
            lines.append(f"{thr:>6}  {registers:<10}{bits:<10}{element_name(operand, indices[thr + threads * val])}")
    return "\n".join(lines)
