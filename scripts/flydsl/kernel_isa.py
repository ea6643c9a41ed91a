"""ISA out of fly-opt's `gpu-module-to-binary{format=isa}`, its normalisation, and the comparison.

`gpu-module-to-binary{format=isa}` leaves the assembly in the module as a string attribute,
`gpu.binary @kernels [#gpu.object<#rocdl.target<...>, assembly = "...">]`; `extract_assembly` takes
it out and undoes MLIR's string escapes (\\XX hex, \\\\, \\", \\n, \\t).

Comparison: first the raw assembly byte for byte ("identical"). Only where that fails is the
normalised text compared, and the verdict says so ("identical after normalisation"). `normalise`
removes what is not code: assembler comments (from ';' to the end of a line, outside string
literals; LLVM's AMDGPU printer puts basic-block labels' names, register counts and "-- End function"
there) and blank lines, and strips trailing whitespace. Both ISAs come from the same bridged file,
so function and module names cannot differ by paths or hashes: names are not normalised.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

_OBJECT = re.compile(r'assembly\s*=\s*"((?:[^"\\]|\\.)*)"', re.S)


def unescape_mlir_string(body: str) -> str:
    out = bytearray()
    i = 0
    raw = body.encode("utf-8")
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and i + 1 < len(raw):  # backslash
            nxt = chr(raw[i + 1])
            if nxt in "0123456789abcdefABCDEF" and i + 2 < len(raw) and chr(raw[i + 2]) in "0123456789abcdefABCDEF":
                out.append(int(raw[i + 1 : i + 3].decode(), 16))
                i += 3
                continue
            out.append({"n": 0x0A, "t": 0x09, '"': 0x22, "\\": 0x5C}.get(nxt, raw[i + 1]))
            i += 2
            continue
        out.append(c)
        i += 1
    return out.decode("utf-8", errors="replace")


def extract_assembly(module_text: str) -> list[str]:
    """Every `assembly = "..."` string of a module printed after gpu-module-to-binary{format=isa}."""
    return [unescape_mlir_string(m.group(1)) for m in _OBJECT.finditer(module_text)]


def _strip_comment(line: str) -> str:
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == ";" and not in_string:
            return line[:i]
    return line


def normalise(isa: str) -> str:
    lines = []
    for line in isa.splitlines():
        line = _strip_comment(line).rstrip()
        if line.strip():
            lines.append(line)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Comparison:
    verdict: str  # "identical" | "identical after normalisation" | "different"
    first_difference: list[str]  # a few unified-diff lines of the normalised texts, when different
    differing_lines: int  # lines only on one side (normalised), 0 when identical


def compare(hand: str, generated: str, context: int = 2, limit: int = 24) -> Comparison:
    if hand == generated:
        return Comparison("identical", [], 0)
    a, b = normalise(hand), normalise(generated)
    if a == b:
        return Comparison("identical after normalisation", [], 0)
    al, bl = a.splitlines(), b.splitlines()
    diff = list(difflib.unified_diff(al, bl, "hand-written", "generated", n=context, lineterm=""))
    changed = sum(1 for d in diff if d[:1] in "+-" and not d.startswith(("+++", "---")))
    return Comparison("different", diff[:limit], changed)


# The one known source of difference (docs/evidence/kernels.md): atomgen's gfx1250 TDM atom confines the
# global address's high dword to the descriptor's 57-bit field (bits 64..120 of group 0), as LLVM's own
# amdgpu.make_dma_base lowering does: `and hi, 0x1FFFFFF` before `or 0x80000000` (type = 2 at bits
# 126..127). FlyDSL's hand-written atom ORs the type into the unmasked high dword.
TDM_ADDRESS_MASK = 0x1FFFFFF


def drop_tdm_address_mask(llvm_dialect: str) -> tuple[str, int]:
    """LLVM-dialect MLIR without the `llvm.and %x, <0x1FFFFFF>` of the TDM descriptor; uses of the masked
    value take %x. With it removed, the generated atoms' ISA can be compared with the hand-written
    ones' to see whether the mask is the whole difference."""
    constant = r"(%\w+) = llvm\.mlir\.constant\(" + str(TDM_ADDRESS_MASK) + r" : i32\) : i32"
    consts = set(re.findall(constant, llvm_dialect))
    renames: dict[str, str] = {}
    kept_lines = []
    for line in llvm_dialect.splitlines(keepends=True):
        match = re.match(r"\s*(%\w+) = llvm\.and (%\w+), (%\w+) : i32", line)
        if match and (match.group(2) in consts) != (match.group(3) in consts):
            renames[match.group(1)] = match.group(3) if match.group(2) in consts else match.group(2)
            continue
        kept_lines.append(line)
    out = "".join(kept_lines)
    if renames:
        names = re.compile("(" + "|".join(re.escape(n) for n in sorted(renames, key=len, reverse=True)) + r")\b")
        out = names.sub(lambda m: renames[m.group(1)], out)
    return out, len(renames)


_REGISTER = re.compile(r"\b([svat])(?:\d+|\[\d+:\d+\])")


def instruction_multiset(isa: str) -> dict[str, int]:
    """The normalised lines with register numbers abstracted (s7 -> s#, v[2:5] -> v#), counted."""
    counts: dict[str, int] = {}
    for line in normalise(isa).splitlines():
        key = _REGISTER.sub(lambda m: m.group(1) + "#", line.strip())
        counts[key] = counts.get(key, 0) + 1
    return counts


def explain_residue(hand: str, generated: str) -> str:
    """What is left between two ISAs: 'identical', 'identical after normalisation', 'reordered' (the same
    instructions, registers aside, in another order or register assignment) or 'different'."""
    verdict = compare(hand, generated).verdict
    if verdict != "different":
        return verdict
    return "reordered" if instruction_multiset(hand) == instruction_multiset(generated) else "different"


def buffer_store_in_flydsl_order(llvm_dialect: str) -> tuple[str, int]:
    """LLVM-dialect MLIR with each buffer store's value bitcast moved after its offset multiply.

    The second known difference (docs/evidence/kernels.md): for a store, atomgen's buffer_copy pattern
    creates the value's `llvm.bitcast` before the byte offset (`llvm.mul`, from swizzleByteOffset, an
    argument of the store's create call), FlyDSL's hand-written atom after. Only the pattern
    `%v = llvm.bitcast ...; %o = llvm.mul ...; rocdl.raw.ptr.buffer.store %v, %rsrc, %o, ...` on three
    consecutive lines is swapped."""
    lines = llvm_dialect.splitlines(keepends=True)
    swapped = 0
    i = 0
    while i + 2 < len(lines):
        cast = re.match(r"\s*(%\w+) = llvm\.bitcast ", lines[i])
        mul = re.match(r"\s*(%\w+) = llvm\.mul ", lines[i + 1])
        store = re.match(r"\s*rocdl\.raw\.ptr\.buffer\.store (%\w+), %\w+, (%\w+),", lines[i + 2])
        if cast and mul and store and store.group(1) == cast.group(1) and store.group(2) == mul.group(1):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
            swapped += 1
            i += 3
            continue
        i += 1
    return "".join(lines), swapped


_SMAX = re.compile(r"\s*(%\w+) = llvm\.intr\.smax\((%\w+), %\w+\) : \(i32, i32\) -> i32")


def tdm_descriptor_in_flydsl_order(llvm_dialect: str) -> tuple[str, int]:
    """LLVM-dialect MLIR with each TDM descriptor's clamped tensor dim built where and as FlyDSL builds it.

    The third known difference (docs/evidence/kernels.md, finding 1): the generated TDM atom computes a
    clamped dim `%d = llvm.intr.smax(%extent, 0)` (with the `llvm.sub` before it that only it reads) ahead
    of group 0's words and puts it into group 1 dword 1 as `llvm.shl %d, 16`; FlyDSL's hand-written atom
    computes it after group 0 and shifts `llvm.and %d, 0xFFFF` (the same bits: a shift by 16 drops the high
    half). The smax is moved to just before its shift and the mask inserted, taking 0xFFFF from the
    `llvm.and (lshr %d, 16), %k` that follows; a dim read by anything in between is left alone."""
    lines = llvm_dialect.splitlines(keepends=True)
    moved = 0
    i = 0
    while i < len(lines):
        smax = _SMAX.match(lines[i])
        if not smax:
            i += 1
            continue
        dim = smax.group(1)
        reads = re.compile(re.escape(dim) + r"\b")
        shl = next((k for k in range(i + 1, min(i + 40, len(lines))) if reads.search(lines[k])), None)
        if shl is None or not re.match(r"\s*%\w+ = llvm\.shl " + re.escape(dim) + r", %\w+ : i32", lines[shl]):
            i += 1
            continue
        # the high half, a line or two after: `%h = llvm.lshr %d, 16` then `llvm.and %h, <0xFFFF>`
        high = re.compile(r"\s*(%\w+) = llvm\.lshr " + re.escape(dim) + r", ")
        at = next((k for k in range(shl + 1, min(shl + 4, len(lines) - 1)) if high.match(lines[k])), None)
        lshr = high.match(lines[at]) if at else None
        mask = re.match(r"\s*%\w+ = llvm\.and (%\w+), (%\w+) : i32", lines[at + 1]) if at else None
        if not (lshr and mask and mask.group(1) == lshr.group(1)):
            i += 1
            continue
        start = i
        sub = re.match(r"\s*(%\w+) = llvm\.sub ", lines[i - 1])
        if sub and sub.group(1) == smax.group(2):
            read_sub = re.compile(re.escape(sub.group(1)) + r"\b")
            if not any(read_sub.search(line) for line in lines[i + 1 : shl]):
                start = i - 1
        indent = re.match(r"\s*", lines[i]).group(0)
        low = f"%flydsl_low{dim[1:]}"
        moving = lines[start : i + 1] + [f"{indent}{low} = llvm.and {dim}, {mask.group(2)} : i32\n"]
        shifted = lines[shl].replace(f"llvm.shl {dim},", f"llvm.shl {low},", 1)
        lines = lines[:start] + lines[i + 1 : shl] + moving + [shifted] + lines[shl + 1 :]
        moved += 1
        i = shl + 2
    return "".join(lines), moved
