"""One instance's function on one chip, judged against what the spec says its ISA must be."""

from __future__ import annotations

from atomgen.isa.asm import Instruction, register
from atomgen.isa.expect import Expected


def problems(expected: Expected, instructions: list[Instruction]) -> list[str]:
    """Why the function's assembly is not the instance's instruction (empty: it is)."""
    mine = [i for i in instructions if i.mnemonic.startswith(expected.prefixes)]
    if len(mine) != 1:
        names = ", ".join(i.mnemonic for i in mine) or "none"
        return [f"expected exactly one {expected.mnemonic}, found {len(mine)} ({names})"]
    actual = mine[0]
    found: list[str] = []
    if actual.mnemonic != expected.mnemonic:
        found.append(f"instruction {actual.mnemonic}, expected {expected.mnemonic}")
    registers = [register(op) for op in actual.operands]
    if len(registers) != len(expected.slots):
        found.append(f"{len(registers)} operands ({', '.join(actual.operands)}), expected {len(expected.slots)} "
                     f"({', '.join(s.role for s in expected.slots)})")
    for slot, operand, reg in zip(expected.slots, actual.operands, registers):
        if reg is None:
            found.append(f"{slot.role} is {operand}, expected a register")
        elif reg.file not in slot.files or reg.count != slot.dwords:
            wanted = "/".join(slot.files)
            found.append(f"{slot.role} is {operand} ({reg.count} dword{'s' if reg.count > 1 else ''}), expected "
                         f"{slot.dwords} {wanted}-register dword{'s' if slot.dwords > 1 else ''}")
    if sorted(actual.modifiers) != sorted(expected.modifiers):
        def spell(mods: tuple[tuple[str, str], ...]) -> str:
            return " ".join(f"{k}:{v}" if v else k for k, v in sorted(mods)) or "none"
        found.append(f"modifiers {spell(actual.modifiers)}, expected {spell(expected.modifiers)}")
    return found
