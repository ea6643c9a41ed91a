"""A memory model of AMD's raw buffer loads and stores and of the buffer load to LDS (LDS DMA), for the copy atoms'
lowered IR (issue 50 point 5). Only what its sources state is modelled; anything else is refused, never guessed.

Operands, in call order (IntrinsicsAMDGPU.td, llvm-22, AMDGPURawPtrBufferLoad / Store / LoadLDS):
`raw.ptr.buffer.load(rsrc, offset, soffset, aux)`, `raw.ptr.buffer.store(vdata, rsrc, offset, soffset, aux)`,
`raw.ptr.buffer.load.lds(rsrc, lds_base, size, voffset, soffset, imm_offset, aux)`; the .td's comments: rsrc and
soffset are SGPR operands, offset / voffset "VGPR/imm, included in bounds checking and swizzling", soffset
"SGPR/imm, excluded from bounds checking and swizzling", imm offset "included in bounds checking". So:

- the byte address is the resource's base + offset + soffset (+ imm offset); a raw buffer (stride 0) bounds-checks
  offset (+ imm) against num_records: an access wholly past num_records loads 0 / stores nothing. An access that
  straddles num_records is refused (the partial rules - per dword, per generation - are not modelled), and so is
  one outside the model's memory;
- rsrc, soffset, the LDS base (M0) and the immediates hold one value for the wave (SGPR / M0 / immediate): a value
  that differs across lanes is refused (a lowering that put a lane's offset there is wrong);
- aux: cache-policy bits do not change the values and are ignored; the swizzle bit (gfx940 aux bit 3) is refused;
- LDS DMA: lane t's `size` bytes land at LDS byte M0 + imm offset + t * 4 (t * 16 for 12- and 16-byte loads): the
  CDNA4 ISA guide §9.1.9 "Memory Buffer Load to LDS" as a public gfx950 kernel port's notes quote it
  (`LDS_ADDR = LDSbase + M0 + inst_offset + TIDinWave * 4`, "modified to TIDinWave * 16 for 3- or 4-dword loads");
  the guide itself is not reachable here, so this is single-sourced (LDSbase, the workgroup's LDS base, is 0 here).
  Out-of-range LDS DMA is refused (what lands in LDS then is not stated by that source).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from atomgen.execution.models import ModelError

BUFFER = "llvm.amdgcn.raw.ptr.buffer."
SOURCE = "IntrinsicsAMDGPU.td operands + buffer addressing (raw, stride 0)"
LDS_SOURCE = SOURCE + "; LDS DMA placement: CDNA4 ISA guide §9.1.9 as quoted (single)"
SWIZZLE = 1 << 3  # gfx940's aux bit 3 (swz); the spec's note: bit0 sc0, bit1 nt, bit3 swz, bit4 sc1
ROLES = {"load": ["rsrc", "voffset", "soffset", "aux"],
         "store": ["data", "rsrc", "voffset", "soffset", "aux"],
         "load.lds": ["rsrc", "lds", "size", "voffset", "soffset", "imm", "aux"]}
UNIFORM = ("rsrc", "soffset", "lds", "size", "imm", "aux")
CopyMutation = Callable[[str, dict[str, Any]], dict[str, Any]]


class Unmodelled(Exception):
    """An access the sources do not describe (straddling num_records, swizzled, out-of-range LDS DMA)."""


@dataclass
class Resource:
    """A raw buffer resource (V#): its base is byte 0 of `memory`, num_records counts bytes (stride 0)."""

    memory: bytearray
    num_records: int


@dataclass
class World:
    """The wave's shared memories: buffer resources by handle (the ptr addrspace(8) value) and its LDS."""

    resources: dict[int, Resource]
    lds: bytearray


def kind_of(callee: str) -> str:
    rest = callee.removeprefix(BUFFER)
    if rest == "load.lds":
        return "load.lds"
    for kind in ("load", "store"):
        if rest.startswith(kind + "."):
            return kind
    raise Unmodelled(f"{callee}: no buffer model")


def reverse_values(bits: int, total: int, element: int) -> int:
    """`bits` (total bits wide) with its element-wide values in reverse order."""
    mask = (1 << element) - 1
    count = total // element
    return sum(((bits >> (i * element)) & mask) << ((count - 1 - i) * element) for i in range(count))


def buffer_call(callee: str, args: list[list[int]], bits: list[int], result_bits: int, world: World,
                mutate: Optional[CopyMutation] = None) -> Optional[list[int]]:
    """Execute one buffer intrinsic for the wave; a load returns each lane's bits, a store or LDS DMA None."""
    kind = kind_of(callee)
    roles: dict[str, Any] = dict(zip(ROLES[kind], args))
    if kind == "load.lds":
        roles["size"] = roles["size"][0]
    else:
        roles["size"] = (result_bits if kind == "load" else bits[0]) // 8
    data_bits = roles["size"] * 8  # the value's register width, as the IR typed it
    if mutate is not None:
        roles = mutate(kind, roles)
    for role in UNIFORM:
        lanes = roles.get(role)
        if isinstance(lanes, list) and len(set(lanes)) > 1:
            raise ModelError(f"{role} differs across lanes: an SGPR / M0 / immediate operand holds one value")
    resource = world.resources.get(roles["rsrc"][0])
    if resource is None:
        raise ModelError("rsrc is not a buffer resource")
    if roles["aux"][0] & SWIZZLE:
        raise Unmodelled("swizzled buffer access (aux swz)")
    size, imm = int(roles["size"]), int(roles.get("imm", [0])[0])
    element = roles.get("reverse_bits")  # a broken lowering: the lane's values in reverse order
    out: list[int] = []
    written: set[int] = set()
    for t, voffset in enumerate(roles["voffset"]):
        checked = voffset + imm  # included in bounds checking; soffset is not
        address = checked + roles["soffset"][t]
        inside = checked + size <= resource.num_records
        if not inside and checked < resource.num_records:
            raise Unmodelled(f"lane {t}: an access straddling num_records")
        if inside and (address < 0 or address + size > len(resource.memory)):
            raise ModelError(f"lane {t}: byte {address} is outside the buffer's memory")
        if kind == "load":
            value = int.from_bytes(resource.memory[address:address + size], "little") if inside else 0
            out.append(reverse_values(value, data_bits, element) if element else value)
        elif kind == "store":
            if inside:
                span = set(range(address, address + size))
                if span & written:
                    raise ModelError(f"lane {t}: stores overlap (their order is unspecified)")
                written |= span
                value = roles["data"][t] & ((1 << data_bits) - 1)
                value = reverse_values(value, data_bits, element) if element else value
                resource.memory[address:address + size] = (value & ((1 << size * 8) - 1)).to_bytes(size, "little")
        else:
            if not inside:
                raise Unmodelled(f"lane {t}: out-of-range LDS DMA")
            if size not in (1, 2, 4, 12, 16):
                raise Unmodelled(f"LDS DMA of {size} bytes")
            destination = roles["lds"][0] + imm + t * (16 if size > 4 else 4)
            if destination + size > len(world.lds):
                raise ModelError(f"lane {t}: LDS byte {destination} is outside the LDS")
            world.lds[destination:destination + size] = resource.memory[address:address + size]
    return [x & ((1 << result_bits) - 1) for x in out] if kind == "load" else None


__all__ = ["BUFFER", "CopyMutation", "Resource", "Unmodelled", "World", "buffer_call", "reverse_values"]
