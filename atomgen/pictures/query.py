"""`show --where A[i][j]` and `show --lane L [--reg R | --value V]`: AMD's Matrix Instruction
Calculator questions (`--matrix-entry`, `--register-layout`) answered from the evaluated layouts.

`--where` inverts the layout: the cell's representative (thr, val) pairs from the picture plus
every combination of its stride-0 replica steps, each with its register and bit range from
the packing (the same positions `--format lanes` prints). `--lane` evaluates the layout at
that lane's values. Elements are named as `--format lanes` names them: A[m][k], B[k][n] (B
is drawn K x N), C[m][n], E[m][i] for MMAs; src[index], dst[index], ref[index] for copies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import product
from typing import Optional

from atomgen.layout import algebra
from atomgen.pictures.lanes import element_name, position, value_slot
from atomgen.pictures.model import REGISTER_BITS, OperandPicture
from atomgen.spec.backend import RegisterFile

COPY_ROLES = ("src", "dst", "ref")
_ELEMENT = re.compile(r"^\s*([A-Za-z]+)\s*((?:\[\s*-?\d+\s*\]\s*){1,2})$")


class QueryError(ValueError):
    """A query outside the instance: unknown operand, element outside the tile, lane or
    register out of range (the command exits 2 with this text)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """One (lane, value) that holds an element, with its register(s) and bit range."""

    lane: int
    value: int
    registers: str  # "v1", "v0:v1", or "" when the operand has no registers
    bits: str  # "[31:16]", or ""


def _operand(operands: list[OperandPicture], name: str) -> OperandPicture:
    for operand in operands:
        if operand.label.lower() == name.lower() or operand.role.lower() == name.lower():
            return operand
    known = ", ".join(o.label for o in operands)
    raise QueryError(f"no operand '{name}' (operands: {known})")


def parse_element(text: str, operands: list[OperandPicture]) -> tuple[OperandPicture, int, int]:
    """`A[3][5]` (an MMA operand, [row][col] as drawn) or `dst[17]` (a copy side, by index) ->
    (operand, row, col) of the drawn picture; QueryError when it is not an element of the tile."""
    match = _ELEMENT.match(text)
    if match is None:
        raise QueryError(f"'{text}' is not an element: write A[i][j] (MMA operands) or dst[i] (copy sides)")
    operand = _operand(operands, match.group(1))
    picture = operand.picture
    indices = [int(i) for i in re.findall(r"-?\d+", match.group(2))]
    if operand.role in COPY_ROLES:
        if len(indices) != 1:
            raise QueryError(f"{operand.label} is a copy side: name its elements by index, {operand.label}[i]")
        size = picture.rows * picture.cols
        if not 0 <= indices[0] < size:
            raise QueryError(
                f"{operand.label}[{indices[0]}] is outside the tile: {operand.label} has elements 0..{size - 1}"
            )
        row, col = picture.place(indices[0])
        return operand, row, col
    if len(indices) != 2:
        raise QueryError(
            f"{operand.label} is a matrix: name an element by {picture.row_name} and {picture.col_name}, "
            f"{operand.label}[{picture.row_name}][{picture.col_name}]"
        )
    row, col = indices
    if not (0 <= row < picture.rows and 0 <= col < picture.cols):
        raise QueryError(
            f"{operand.label}[{row}][{col}] is outside the tile: {operand.label} is {picture.rows} x {picture.cols} "
            f"({picture.row_name} 0..{picture.rows - 1}, {picture.col_name} 0..{picture.cols - 1})"
        )
    return operand, row, col


def _position(operand: OperandPicture, value: int, register_file: RegisterFile) -> tuple[str, str]:
    return position(operand, value, register_file.prefix)


def holders(operand: OperandPicture, row: int, col: int, register_file: RegisterFile) -> list[Holder]:
    """Every (lane, value) whose layout image is this cell, sorted by lane then value."""
    picture = operand.picture
    steps = []
    for replica in picture.replicas:
        steps.append([(replica.axis, replica.step * r) for r in range(replica.extent)])
    found = set()
    for thr, val in picture.cell(row, col):
        for combination in product(*steps):
            t = thr + sum(d for axis, d in combination if axis == "thr")
            v = val + sum(d for axis, d in combination if axis == "val")
            found.add((t, v))
    return [Holder(t, v, *_position(operand, v, register_file)) for t, v in sorted(found)]


def registers_per_lane(operand: OperandPicture) -> int:
    """32-bit registers one lane's values of this operand fill (0 without registers)."""
    if operand.value_bits is None:
        return 0
    slots = value_slot(operand, operand.picture.values - 1) + 1 if operand.picture.values else 0
    return -(-slots * operand.value_bits // REGISTER_BITS)


def _register_number(text: str) -> int:
    match = re.fullmatch(r"\s*[A-Za-z]?(\d+)\s*", text)
    if match is None:
        raise QueryError(f"'{text}' is not a register: write its number (2) or name (v2, r2), as --format lanes prints")
    return int(match.group(1))


def lane_rows(
    operands: list[OperandPicture],
    lane: int,
    register_file: RegisterFile,
    register: Optional[str] = None,
    value: Optional[int] = None,
) -> list[tuple[OperandPicture, int, str, str, str]]:
    """(operand, value, registers, bits, element) of everything `lane` holds, narrowed to one
    register (its bits overlap it) or one value; QueryError when the lane, register or value is
    out of range for every operand."""
    lanes = max(o.picture.threads for o in operands)
    if not 0 <= lane < lanes:
        raise QueryError(f"lane {lane} is out of range: this instance has {lanes} lanes (0..{lanes - 1})")
    number = _register_number(register) if register is not None else None
    if number is not None:
        counts = {o.label: registers_per_lane(o) for o in operands}
        if not any(number < n for n in counts.values()):
            held = ", ".join(f"{label} {n}" for label, n in counts.items())
            raise QueryError(f"register {number} is out of range: registers per lane are {held}")
    if value is not None and not any(0 <= value < o.picture.values for o in operands):
        held = ", ".join(f"{o.label} {o.picture.values}" for o in operands)
        raise QueryError(f"value {value} is out of range: values per lane are {held}")
    rows = []
    for operand in operands:
        picture = operand.picture
        if lane >= picture.threads:
            continue
        for val in range(picture.values):
            if value is not None and val != value:
                continue
            registers, bits = _position(operand, val, register_file)
            if number is not None:
                if operand.value_bits is None:
                    continue
                slot = value_slot(operand, val)
                first = slot * operand.value_bits // REGISTER_BITS
                last = (slot * operand.value_bits + operand.value_bits - 1) // REGISTER_BITS
                if not first <= number <= last:
                    continue
            index = algebra.evaluate(picture.layout, lane, val)
            inside = 0 <= index < picture.rows * picture.cols
            element = element_name(operand, index) if inside else f"{operand.label} index {index} (outside the tile)"
            rows.append((operand, val, registers, bits, element))
    return rows


def where_text(text: str, operands: list[OperandPicture], register_file: RegisterFile) -> str:
    operand, row, col = parse_element(text, operands)
    picture = operand.picture
    if operand.role in COPY_ROLES:
        name = element_name(operand, _index(operand, row, col))
    else:
        name = f"{operand.label}[{row}][{col}] ({picture.row_name}={row}, {picture.col_name}={col})"
    found = holders(operand, row, col, register_file)
    lines = [f"{name}: {len(found)} holder(s), {_packing(operand)}"]
    if operand.note:
        lines.append(f"  {operand.note}")
    if picture.every_thread_holds_all and len({h.value for h in found}) == 1:
        h = found[0]
        return "\n".join(lines + [f"  every lane 0..{picture.threads - 1}, value {h.value}" + _at(h)])
    lines.append(f"{'lane':>6}  {'value':>5}  {'register':<10}bits")
    lines += [f"{h.lane:>6}  {h.value:>5}  {h.registers or '-':<10}{h.bits or '-'}" for h in found]
    return "\n".join(lines)


def _at(holder: Holder) -> str:
    return f" in {holder.registers} {holder.bits}" if holder.registers else ""


def _index(operand: OperandPicture, row: int, col: int) -> int:
    picture = operand.picture
    tile_rows = picture.cols if picture.transpose else picture.rows
    first, second = (col, row) if picture.transpose else (row, col)
    return first + tile_rows * second


def _packing(operand: OperandPicture) -> str:
    if operand.value_bits is None:
        return "no register position (the operand is not held in registers)"
    return (
        f"{operand.value_bits} bits per value, {registers_per_lane(operand)} x {REGISTER_BITS}-bit register(s) "
        "per lane"
    )


def lane_text(
    operands: list[OperandPicture],
    lane: int,
    register_file: RegisterFile,
    register: Optional[str] = None,
    value: Optional[int] = None,
) -> str:
    rows = lane_rows(operands, lane, register_file, register, value)
    what = f"lane {lane}" + (f", register {register}" if register is not None else "") + (
        f", value {value}" if value is not None else ""
    )
    if not rows:
        return f"{what}: holds nothing of any operand"
    elided: dict[str, int] = {}
    if value is None:
        # An operand no lane holds in registers (wgmma's shared-memory A and B: every lane "has"
        # the whole tile) is not what the lane holds: one line counts it instead of 1152 rows.
        unheld = {o.label for o in operands if _not_in_registers(o)}
        for row in rows:
            if row[0].label in unheld:
                elided[row[0].label] = elided.get(row[0].label, 0) + 1
        if len(elided) < len({row[0].label for row in rows}):
            rows = [row for row in rows if row[0].label not in elided]
        else:
            elided = {}  # nothing would be left: show them all
    lines = [f"{what}:", f"{'operand':<8}{'value':>5}  {'register':<10}{'bits':<10}element"]
    lines += [f"{o.label:<8}{v:>5}  {r or '-':<10}{b or '-':<10}{e}" for o, v, r, b, e in rows]
    if elided:
        counts = ", ".join(f"{label} {n}" for label, n in elided.items())
        lines.append(f"({sum(elided.values())} rows elided: {counts} values in no register, read from shared or "
                     "tensor memory, every lane naming the whole tile; --value V shows one)")
    return "\n".join(lines)


def _not_in_registers(operand: OperandPicture) -> bool:
    """No register position and every lane naming the whole tile: a descriptor or tensor-memory operand."""
    return operand.value_bits is None and operand.picture.every_thread_holds_all
