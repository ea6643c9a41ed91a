#!/usr/bin/env python3
"""The inline PTX of generated tcgen05.mma test functions as a PTX file ptxas can assemble, without fly-opt.

    python scripts/tcgen05-inline-ptx.py GENERATED_TEST.mlir OUT.ptx

For an atom that no fly-opt build has yet (the real NVVM build comes later), this writes one `.visible
.func` per test function of the generated FileCheck file: the instruction text and operand list its CHECK
line requires of the inline asm (`INSTR [$0], $1, $2, $3[, [$5], [$6]], p;` behind `setp.ne.b32 p, $4, 0`),
with the idesc constant its CHECK line requires in a register, so that scripts/ptxas-atoms.sh can assemble
and count what the generated lowering emits. It reads the CHECK lines only (what the generated C++ is held
to), so it is no substitute for lowering through fly-opt, which scripts/lower-atoms.py does once the atom
is built.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_LABEL = re.compile(r"// CHECK-LABEL: func\.func @([A-Za-z0-9_]+)\(")
_IDESC = re.compile(r"%\[\[IDESC:\[0-9\]\+\]\] = llvm\.mlir\.constant\((\d+) : i32\)")
_ASM = re.compile(r'"\{\{\.\*\}\}(tcgen05\.mma[^ ]*) ([^"]*?)\{\{\.\*\}\}"')


def functions(text: str) -> list[tuple[str, int, str, str]]:
    """(name, idesc, instruction, operands) of each test function, read from its CHECK lines."""
    found = []
    for block in text.split("// CHECK-LABEL:")[1:]:
        block = "// CHECK-LABEL:" + block
        label, idesc, asm = _LABEL.search(block), _IDESC.search(block), _ASM.search(block)
        if label and idesc and asm:
            found.append((label.group(1), int(idesc.group(1)), asm.group(1), asm.group(2)))
    return found


def ptx(entries: list[tuple[str, int, str, str]], version: str = "8.6") -> str:
    lines = [f".version {version}", ".target sm_100a", ".address_size 64", ""]
    for name, idesc, instruction, operands in entries:
        # $0 D's TMEM address, $1 A (a descriptor, or [TMEM address]), $2 B's descriptor, $3 idesc, $4 the
        # enable-input-d flag, $5 / $6 the scale factors' TMEM addresses
        a_in_tmem = operands.startswith("[$0], [$1]")
        registers = {"$0": "%r0", "$1": "%r1" if a_in_tmem else "%rd1", "$2": "%rd2", "$3": "%r3", "$4": "%r4",
                     "$5": "%r5", "$6": "%r6"}
        body = re.sub(r"\$[0-6]", lambda m, names=registers: names[m.group(0)], operands)
        lines += [f".visible .func {name}(.param .b64 pa, .param .b64 pb, .param .b32 pd, .param .b32 pe,",
                  "    .param .b32 psfa, .param .b32 psfb)", "{", "  .reg .b64 %rd<3>;", "  .reg .b32 %r<7>;",
                  "  ld.param.b64 %rd1, [pa];", "  ld.param.b64 %rd2, [pb];", "  ld.param.b32 %r0, [pd];",
                  "  cvt.u32.u64 %r1, %rd1;", "  ld.param.b32 %r4, [pe];", "  ld.param.b32 %r5, [psfa];",
                  "  ld.param.b32 %r6, [psfb];", f"  mov.b32 %r3, {idesc};",
                  "  {", "  .reg .pred p;", "  setp.ne.b32 p, %r4, 0;", f"  {instruction} {body}", "  }",
                  "  ret;", "}", ""]
    return "\n".join(lines)


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    entries = functions(Path(sys.argv[1]).read_text(encoding="utf-8"))
    if not entries:
        print(f"no tcgen05.mma test function in {sys.argv[1]}", file=sys.stderr)
        return 1
    # kind::mxf4nvf4 needs PTX ISA 8.7 (ptxas-blackwell 13.4), every other tcgen05.mma 8.6
    version = "8.7" if any("mxf4nvf4" in instruction for _, _, instruction, _ in entries) else "8.6"
    Path(sys.argv[2]).write_text(ptx(entries, version), encoding="utf-8")
    print(f"{sys.argv[2]}: {len(entries)} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
