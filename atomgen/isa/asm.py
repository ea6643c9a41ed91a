"""llc's AMDGPU assembly, read back: per function, its instructions with operands and modifiers.

llc prints one instruction a line, `mnemonic op, op, ..., op mod mod:value mod:[a,b,c]`: the operands
are comma-separated (a register list `v[4:7]` is one operand; `op_sel_hi:[0,0,0]` holds commas of
its own), and the modifiers follow the last operand, separated by spaces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

_LABEL = re.compile(r"^([A-Za-z_][\w.$]*):\s*(?:;.*)?$")
_FUNCTION = re.compile(r"^\s*\.type\s+([\w.$]+),@function", re.MULTILINE)
_REGISTER = re.compile(r"^([vas])(?:\[(\d+):(\d+)\]|(\d+))$")


@dataclass(frozen=True, slots=True)
class Register:
    """A register operand: its file (v: VGPR, a: AGPR, s: SGPR), first index and number of dwords."""

    file: str
    first: int
    count: int

    def __str__(self) -> str:
        last = self.first + self.count - 1
        return f"{self.file}{self.first}" if self.count == 1 else f"{self.file}[{self.first}:{last}]"


@dataclass(frozen=True, slots=True)
class Instruction:
    mnemonic: str
    operands: tuple[str, ...]
    modifiers: tuple[tuple[str, str], ...]  # (name, value); a flag (`offen`, `lds`, `clamp`) has value ""
    text: str

    def modifier(self, name: str) -> Optional[str]:
        return next((value for key, value in self.modifiers if key == name), None)


def register(operand: str) -> Optional[Register]:
    """`v[4:7]` -> Register("v", 4, 4); `s8` -> Register("s", 8, 1); anything else (a constant, `off`) -> None."""
    match = _REGISTER.match(operand)
    if match is None:
        return None
    if match.group(4) is not None:
        return Register(match.group(1), int(match.group(4)), 1)
    first, last = int(match.group(2)), int(match.group(3))
    return Register(match.group(1), first, last - first + 1)


def _split_top(text: str, separator: str) -> list[str]:
    """Split at `separator` outside brackets."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        depth += char == "["
        depth -= char == "]"
        if char == separator and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def instruction(line: str) -> Optional[Instruction]:
    text = line.split(";", 1)[0].strip()
    if not text or text.startswith((".", "#")) or _LABEL.match(text):
        return None
    mnemonic, _, rest = text.partition(" ")
    pieces = _split_top(rest, ",")
    modifiers: list[tuple[str, str]] = []
    if pieces:
        last = _split_top(pieces[-1], " ")
        pieces[-1:] = last[:1]
        for token in last[1:]:
            name, _, value = token.partition(":")
            modifiers.append((name, value))
    return Instruction(mnemonic, tuple(pieces), tuple(modifiers), text)


def functions(asm: str) -> dict[str, list[Instruction]]:
    """Each function's instructions, from its label to the end of its body (`.Lfunc_end`)."""
    names = set(_FUNCTION.findall(asm))
    found: dict[str, list[Instruction]] = {}
    current: Optional[list[Instruction]] = None
    for line in asm.splitlines():
        label = _LABEL.match(line.strip())
        if label is not None and not line.startswith((" ", "\t")):
            name = label.group(1)
            current = found.setdefault(name, []) if name in names else None
            continue
        if current is not None:
            parsed = instruction(line)
            if parsed is not None:
                current.append(parsed)
    return found
