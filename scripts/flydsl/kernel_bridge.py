"""The bridge from the flydsl 0.5.0 wheel's traced IR (stage 00) to what FlyDSL 11c4174d's fly-opt parses.

The wheel is a later build of FlyDSL than the fetched source, on a newer LLVM; its stage-00 IR
differs from what a fly-opt built from 11c4174d on Debian's LLVM 22.1.8 accepts in a few spellings.
Each rewrite below is mechanical (a spelling, never a meaning), names its reason, and is applied to
the text; `bridge()` reports how often each one fired so that a comparison says what was bridged.
A construct that cannot be bridged mechanically raises BridgeError with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable


class BridgeError(Exception):
    pass


# LLVM's llvm.amdgcn.sched.barrier / sched.group.barrier mask bits (IntrinsicsAMDGPU.td and
# AMDGPUUsage; AMDGPUIGroupLP's SchedGroupMask), by the enum names the wheel's ROCDL prints.
# none, mfma_wmma, vmem_read, ds_read and ds_write were checked against the wheel's own LLVM IR
# (stage 21 of preshuffle_gemm: i32 0, 8, 32, 256, 512). `ldsdma` and `all` are not bridged: their
# values depend on the LLVM revision, so a kernel using them is reported instead of guessed at.
SCHED_MASKS = {
    "none": 0x0,
    "non_mem_non_sideeffect": 0x1,
    "valu": 0x2,
    "salu": 0x4,
    "mfma_wmma": 0x8,
    "all_vmem": 0x10,
    "vmem_read": 0x20,
    "vmem_write": 0x40,
    "all_ds": 0x80,
    "ds_read": 0x100,
    "ds_write": 0x200,
    "transcendental": 0x400,
}


# MMA atom payloads without runtime state in FlyDSL 11c4174d (the others, cdna4.mfma_scale and
# gfx1250.wmma_scale, carry scales as atom state, which fly.make_mma_atom would reset).
STATELESS_MMA = ("cdna3.mfma", "gfx11.wmma", "gfx120x.wmma", "gfx1250.wmma")


def _split_top(text: str, sep: str) -> tuple[str, str] | None:
    """text split at the first `sep` outside (), <>, [], {} and strings, or None."""
    depth = 0
    in_string = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            in_string = not in_string
        elif not in_string:
            if ch in "(<[{":
                depth += 1
            elif ch in ")>]}" and not (ch == ">" and i > 0 and text[i - 1] == "-"):
                depth -= 1
            elif depth == 0 and text.startswith(sep, i):
                return text[:i], text[i + len(sep) :]
        i += 1
    return None


def _get_mma_atom(signature: str) -> str:
    arrow = _split_top(signature, "->")
    if arrow is None:
        raise BridgeError(f"fly.get_mma_atom: cannot read the signature '{signature[:120]}'")
    result = arrow[1].strip()
    loc = _split_top(result, " loc(")
    result_type, trailer = (loc[0].strip(), " loc(" + loc[1]) if loc else (result, "")
    payload = re.match(r"!fly\.mma_atom<!fly_rocdl\.([\w.]+)<", result_type)
    if not payload:
        raise BridgeError(f"fly.get_mma_atom: result '{result_type[:120]}' is not a fly_rocdl MMA atom")
    if payload.group(1) not in STATELESS_MMA:
        raise BridgeError(f"fly.get_mma_atom of the stateful atom {payload.group(1)}: no 11c4174d equivalent")
    return f"fly.make_mma_atom : {result_type}{trailer}"


def _mask_value(names: str) -> int:
    value = 0
    for name in names.split("|"):
        name = name.strip()
        if name not in SCHED_MASKS:
            raise BridgeError(f"rocdl sched mask '{name}' has no known integer value in LLVM 22.1.8")
        value |= SCHED_MASKS[name]
    return value


@dataclass(frozen=True)
class Rewrite:
    name: str
    reason: str
    pattern: re.Pattern[str]
    replace: Callable[[re.Match[str]], str]


_MASK = r"([a-z_]+(?:\s*\|\s*[a-z_]+)*)"

REWRITES: tuple[Rewrite, ...] = (
    Rewrite(
        "get_mma_atom",
        "the wheel takes a tiled MMA's atom back with `fly.get_mma_atom(%tiled) : (tiled type) -> atom "
        "type`; 11c4174d has no such op. For a stateless atom (the atom type is all there is to it) "
        "`fly.make_mma_atom : atom type` is the same value; a stateful atom is refused",
        re.compile(r"\bfly\.get_mma_atom\((%[\w#.]+)\)\s*:\s*(.*)$", re.M),
        lambda m: _get_mma_atom(m.group(2)),
    ),
    Rewrite(
        "sched_barrier_mask",
        "the wheel's ROCDL prints the sched.barrier mask as an enum name; LLVM 22.1.8's takes the "
        "i32 mask of llvm.amdgcn.sched.barrier",
        re.compile(r"\brocdl\.sched\.barrier\s+" + _MASK + r"(?=\s|$)", re.M),
        lambda m: f"rocdl.sched.barrier {_mask_value(m.group(1))}",
    ),
    Rewrite(
        "sched_group_barrier_mask",
        "the same for rocdl.sched.group.barrier's first operand (llvm.amdgcn.sched.group.barrier)",
        re.compile(r"\brocdl\.sched\.group\.barrier\s+" + _MASK + r"\s*,"),
        lambda m: f"rocdl.sched.group.barrier {_mask_value(m.group(1))},",
    ),
    Rewrite(
        "cast_fastmath",
        "the wheel's LLVM dialect gives llvm.fpext / llvm.fptrunc fast-math flags (`%y = llvm.fpext %x "
        "fastmath<fast> : ...`, the wheel's LLVM IR `fpext fast`); LLVM 22.1.8's casts have no fastmath "
        "attribute, so no spelling keeps the flag and it is dropped, on both sides alike. The one rewrite "
        "that drops a flag: for flash_attn_gfx950, llc-22 makes byte-identical ISA of the wheel's own LLVM IR "
        "with and without `fast` on its fpext/fptrunc (docs/evidence/kernels.md)",
        re.compile(r"\b(llvm\.(?:fpext|fptrunc) %[\w#.]+) fastmath<[\w, ]*>(?= :)"),
        lambda m: m.group(1),
    ),
)


# Buffer ops written directly in a kernel (rocdl.raw.ptr.buffer.load/store/atomic.*): the wheel's
# LLVM takes the aux (cache policy) operand as an attribute, `..., %soffset, 0 : T`; LLVM 22.1.8 takes it
# as an i32 SSA operand. The constant is materialised on a line of its own just before the op.
_BUFFER_AUX = re.compile(
    r"^(?P<indent>[ \t]*)(?P<head>(?:%[\w#.]+ = )?rocdl\.raw\.ptr\.buffer\.[\w.]+ (?:%[\w#.]+, )+)"
    r"(?P<aux>-?\d+)(?P<tail> : .*)$",
    re.M,
)
BUFFER_AUX_REASON = (
    "a buffer op written in the kernel gives its aux (cache policy) as an integer attribute in the wheel's "
    "ROCDL; LLVM 22.1.8's rocdl.raw.ptr.buffer.* take it as an i32 SSA operand: the same value as an "
    "arith.constant on the line before"
)


# The buffer load into LDS (rocdl.raw.ptr.buffer.load.lds: rsrc, lds pointer, size, voffset, soffset, offset,
# aux) has no result and no type suffix, so _BUFFER_AUX's ` : T` does not find it; the same change of aux.
_BUFFER_LOAD_LDS_AUX = re.compile(
    r"^(?P<indent>[ \t]*)(?P<head>rocdl\.raw\.ptr\.buffer\.load\.lds (?:%[\w#.]+, ){6})"
    r"(?P<aux>-?\d+)(?P<tail>(?: loc\(.*\))?)$",
    re.M,
)
BUFFER_LOAD_LDS_AUX_REASON = (
    "the same for rocdl.raw.ptr.buffer.load.lds, which has no type suffix: the wheel gives its aux as an "
    "integer attribute after six operands, LLVM 22.1.8 as a seventh i32 operand (the wheel's LLVM IR: "
    "llvm.amdgcn.raw.ptr.buffer.load.lds(..., i32 0, i32 64, i32 0) for `..., %c64_i32, 0`)"
)


def _aux_operand(pattern: re.Pattern[str], text: str, start: int) -> tuple[str, int]:
    count = start

    def replace(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        name = f"%bridge_aux{count}"
        return f"{m['indent']}{name} = arith.constant {m['aux']} : i32\n{m['indent']}{m['head']}{name}{m['tail']}"

    return pattern.sub(replace, text), count - start


def _buffer_aux(text: str) -> tuple[str, int]:
    return _aux_operand(_BUFFER_AUX, text, 0)


# Buffer atomics without a return value in LLVM 22.1.8 (ROCDL_RawPtrBufferAtomicNoRet: fadd, fmax, smax, umin):
# the wheel's op names a result, 22.1.8's has none. Both call the same intrinsic (22.1.8 discards its value),
# so dropping the name is a spelling only where nothing uses it; a used result is refused.
_ATOMIC_RESULT = re.compile(
    r"^(?P<indent>[ \t]*)(?P<result>%[\w#.]+) = (?P<op>rocdl\.raw\.ptr\.buffer\.atomic\.(?:fadd|fmax|smax|umin)) ",
    re.M,
)
ATOMIC_RESULT_REASON = (
    "a buffer atomic written in the kernel (rocdl.raw.ptr.buffer.atomic.fadd/fmax/smax/umin) names a result in "
    "the wheel's ROCDL; LLVM 22.1.8's has none (the same intrinsic, its value discarded: the wheel's LLVM IR "
    "calls llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2f16 and never uses the value). The name is dropped where "
    "nothing uses it; a used result is refused"
)


def _used(text: str, start: int, name: str) -> bool:
    """Is the value `name`, defined on the line at `start`, used before its region closes? The printer reuses
    a name in sibling regions, so the search stops where the defining region's braces do."""
    use = re.compile(re.escape(name) + r"(?![\w#.])")
    depth = 0
    for line in text[start:].splitlines()[1:]:
        code = re.sub(r'"[^"]*"', "", line)
        for ch in code:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            if depth < 0:
                return False
        if use.search(code):
            return True
    return False


def _atomic_result(text: str) -> tuple[str, int]:
    count = 0

    def replace(m: re.Match[str]) -> str:
        nonlocal count
        if _used(text, m.start(), m["result"]):
            raise BridgeError(f"{m['op']}: its result {m['result']} is used; LLVM 22.1.8's op has no result")
        count += 1
        return f"{m['indent']}{m['op']} "

    return _ATOMIC_RESULT.sub(replace, text), count


# MFMA ops written directly in a kernel (rocdl.mfma.*, rocdl.mfma.scale.*): the wheel's LLVM gives the
# immediates after A, B, C (cbsz/abid/blgp; the scaled ops' A/B formats and opsels) as attributes, the
# blgp and formats by enum name; LLVM 22.1.8 takes every one as an i32 SSA operand. Names by the value the
# wheel's own LLVM IR gives them (stage 21: flash_attn_generic's llvm.amdgcn.mfma.f32.32x32x8bf16.1k(...,
# i32 0, i32 0, i32 0) for `0, 0, none`; flash_attn_fp8_gfx950's mfma.scale.f32.32x32x64.f8f6f4(..., i32 0,
# i32 0, i32 0, %scale, i32 0, %scale) for `fp8_e4m3, fp8_e4m3, 0, ...`); any other name is refused.
MFMA_IMMEDIATES = {"none": 0, "fp8_e4m3": 0}
_MFMA = re.compile(
    r"^(?P<indent>[ \t]*)(?P<result>%[\w#.]+ = )?(?P<op>rocdl\.mfma\.[\w.]+) (?P<operands>[^:]*?) : "
    r"\((?P<types>[^)]*)\)(?P<tail> -> .*)$",
    re.M,
)
MFMA_IMMEDIATES_REASON = (
    "an MFMA op written in the kernel gives its immediates (cbsz, abid, blgp; a scaled MFMA's A/B formats "
    "and opsels) as attributes in the wheel's ROCDL, blgp and formats by enum name; LLVM 22.1.8's rocdl.mfma.* "
    "take them as i32 SSA operands: the same values (names as the wheel's own LLVM IR gives them: none 0, "
    "fp8_e4m3 0) as arith.constants on the lines before"
)


def _mfma_immediates(text: str) -> tuple[str, int]:
    count = 0

    def replace(m: re.Match[str]) -> str:
        nonlocal count
        operands = [o.strip() for o in m["operands"].split(",")]
        if len(operands) <= 3 or all(o.startswith("%") for o in operands):
            return m.group(0)
        lines, ssa = [], operands[:3]
        for token in operands[3:]:
            if token.startswith("%"):
                ssa.append(token)
                continue
            if re.fullmatch(r"-?\d+", token):
                value = int(token)
            elif token in MFMA_IMMEDIATES:
                value = MFMA_IMMEDIATES[token]
            else:
                raise BridgeError(f"{m['op']}: immediate '{token}' has no known integer value in LLVM 22.1.8")
            count += 1
            name = f"%bridge_mfma{count}"
            lines.append(f"{m['indent']}{name} = arith.constant {value} : i32\n")
            ssa.append(name)
        types = m["types"].split(", ")[:3] + ["i32"] * (len(ssa) - 3)
        result = m["result"] or ""
        return "".join(lines) + f"{m['indent']}{result}{m['op']} {', '.join(ssa)} : ({', '.join(types)}){m['tail']}"

    return _MFMA.sub(replace, text), count


def bridge(text: str) -> tuple[str, dict[str, int]]:
    """The bridged text and how many times each rewrite fired (rewrites that did not fire are omitted)."""
    counts: dict[str, int] = {}
    for rewrite in REWRITES:
        text, n = rewrite.pattern.subn(rewrite.replace, text)
        if n:
            counts[rewrite.name] = n
    text, n = _buffer_aux(text)
    if n:
        counts["buffer_aux_operand"] = n
    text, m = _aux_operand(_BUFFER_LOAD_LDS_AUX, text, n)
    if m:
        counts["buffer_load_lds_aux_operand"] = m
    text, n = _atomic_result(text)
    if n:
        counts["atomic_result"] = n
    text, n = _mfma_immediates(text)
    if n:
        counts["mfma_immediate_operands"] = n
    return text, counts


def reasons() -> dict[str, str]:
    """Every rewrite by name, with its reason."""
    return {
        **{r.name: r.reason for r in REWRITES},
        "buffer_aux_operand": BUFFER_AUX_REASON,
        "buffer_load_lds_aux_operand": BUFFER_LOAD_LDS_AUX_REASON,
        "atomic_result": ATOMIC_RESULT_REASON,
        "mfma_immediate_operands": MFMA_IMMEDIATES_REASON,
    }
