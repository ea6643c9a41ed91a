"""The TMA probe: a tiled bulk tensor copy through a real tensor map, completing on an mbarrier.

A TMA instruction moves a whole box named by a tensor map (CUtensorMap) and one coordinate per
dimension; its thread/value layouts are the (1,1):(1,1) placeholder of whole-tile copies, so
what the probe checks is what the spec claims beyond them: the rank (how many coordinates the
instruction takes), the direction (global -> shared::cluster on an mbarrier, or shared::cta ->
global in a bulk group), and the coordinates' meaning (the state fields `coord_i`: innermost
dimension first, in elements). The program encodes a tensor map with the driver's
cuTensorMapEncodeTiled over a dense uint32 tensor, passes it as a `__grid_constant__`
parameter, issues the instruction from the one thread the spec names, and the whole box (load)
or the whole global tensor (store) is compared with the host's reference.

Negative control: the same instance with the coordinates' meaning perturbed (given in bytes
instead of elements; for rank >= 2 also outermost dimension first) must fail.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import prod
from typing import Any, Optional

from atomgen.probe.cases import CaseError, ProbeCase

# Global extents, box extents and box origin per dimension, innermost first (rank r uses the
# first r). Row pitch 16 x 4 bytes is a multiple of 16 bytes and the innermost box is 32 bytes,
# as cuTensorMapEncodeTiled requires; the origins keep every box inside the tensor. Every
# origin is a multiple of 16 bytes' worth of elements, so that a perturbed order still names an
# aligned innermost start (an unaligned one traps on the H200: "illegal instruction", which
# would be no evidence), and no origin reads the same reversed.
GLOBAL_DIMS = (16, 4, 10, 6, 2)
BOX_DIMS = (8, 4, 2, 2, 2)
BOX_ORIGIN = (4, 0, 8, 4, 0)
ELEMENT_BYTES = 4
STORE_MARK = 0x10000  # store: box element i holds STORE_MARK + i + 1
SENTINEL = 0xFFFFFFFF  # store: global elements the box does not cover keep it


@dataclass(frozen=True, slots=True)
class TmaClaim:
    """What the spec says the coordinate operands mean."""

    innermost_first: bool = True
    units: str = "elements"  # or "bytes"


@dataclass(frozen=True, slots=True)
class TmaPlan:
    case: ProbeCase
    direction: str  # "load" (global -> shared) | "store" (shared -> global)
    rank: int
    claim: TmaClaim

    @property
    def dims(self) -> tuple[int, ...]:
        return GLOBAL_DIMS[:self.rank]

    @property
    def box(self) -> tuple[int, ...]:
        return BOX_DIMS[:self.rank]

    @property
    def origin(self) -> tuple[int, ...]:
        return BOX_ORIGIN[:self.rank]

    @property
    def operands(self) -> tuple[int, ...]:
        """The coordinate operands the program passes, read through the spec's claim."""
        scale = ELEMENT_BYTES if self.claim.units == "bytes" else 1
        values = tuple(c * scale for c in self.origin)
        return values if self.claim.innermost_first else tuple(reversed(values))

    @property
    def box_elements(self) -> int:
        return prod(self.box)

    @property
    def global_elements(self) -> int:
        return prod(self.dims)

    @property
    def input_elements(self) -> int:
        return self.global_elements if self.direction == "load" else self.box_elements

    @property
    def output_elements(self) -> int:
        return self.box_elements if self.direction == "load" else self.global_elements


def direction_of(opcode: str) -> Optional[str]:
    """`cp.async.bulk.tensor.Nd.DST.SRC...`: load when the destination is shared memory."""
    words = opcode.split(".")
    if len(words) < 7 or words[:4] != ["cp", "async", "bulk", "tensor"]:
        return None
    if words[5].startswith("shared") and words[6] == "global":
        return "load"
    if words[5] == "global" and words[6].startswith("shared"):
        return "store"
    return None


def rank_of(opcode: str) -> Optional[int]:
    words = opcode.split(".")
    if len(words) > 4 and len(words[4]) == 2 and words[4][0] in "12345" and words[4][1] == "d":
        return int(words[4][0])
    return None


def claim_of(spec: Any) -> TmaClaim:
    """The coordinates' meaning from the spec's state fields (`coord_i`, units)."""
    coords = [f for f in spec.state if f.name.startswith("coord_")]
    units = {f.units for f in coords}
    return TmaClaim(innermost_first=True, units="bytes" if units == {"bytes"} else "elements")


def tma_case(base: ProbeCase, spec: Any, evaluated: Any) -> ProbeCase:
    """The TMA case of an instance (skipped with a reason where the probe cannot run it)."""
    rank = rank_of(base.opcode)
    direction = direction_of(base.opcode)
    declared = evaluated.instance.values.get("rank")
    if rank is None or direction is None:
        return replace(base, skip=f"not a tiled cp.async.bulk.tensor load or store: '{base.opcode}'")
    if ".tile" not in base.opcode:
        return replace(base, skip="only the tile mode is probed (im2col is not modelled)")
    if ".multicast::cluster" in base.opcode:
        return replace(base, skip="a multicast load needs a cluster launch and a CTA mask operand: not probed yet")
    if declared is not None and declared != rank:
        return replace(base, skip=f"instance rank {declared} but the instruction is {rank}d")
    if spec.threads != 1:
        return replace(base, skip="TMA is issued by one thread; the spec names another count")
    claim = claim_of(spec)
    return replace(base, tma=(direction, rank, claim))


def plan_tma(case: ProbeCase) -> TmaPlan:
    if case.tma is None:
        raise CaseError("not a TMA case")
    direction, rank, claim = case.tma
    return TmaPlan(case, direction, rank, claim)


def tma_mutations(case: ProbeCase) -> list[ProbeCase]:
    """Perturbed claims about the coordinates; the probe must fail each one."""
    if case.skip or case.tma is None:
        return []
    direction, rank, claim = case.tma
    other = "bytes" if claim.units == "elements" else "elements"
    wrong = [(replace(claim, units=other), f"coordinates: {claim.units} -> {other}", "_units")]
    if rank >= 2:
        wrong.append((replace(claim, innermost_first=not claim.innermost_first),
                      "coordinates: innermost dimension first -> outermost first", "_order"))
    return [replace(case, tma=(direction, rank, perturbed), mutation=text, mutation_tag=tag)
            for perturbed, text, tag in wrong]


# ---------------------------------------------------------------- reference

def global_values(p: TmaPlan) -> list[int]:
    return [i + 1 for i in range(p.global_elements)]


def box_values(p: TmaPlan) -> list[int]:
    return [STORE_MARK + i + 1 for i in range(p.box_elements)]


def _box_points(p: TmaPlan, origin: tuple[int, ...]) -> list[Optional[int]]:
    """Global linear index of every box element (innermost fastest), None when out of bounds."""
    points: list[Optional[int]] = []
    for linear in range(p.box_elements):
        index, pitch, rest = 0, 1, linear
        inside = True
        for extent, box, start in zip(p.dims, p.box, origin):
            coordinate = start + rest % box
            rest //= box
            inside = inside and 0 <= coordinate < extent
            index += coordinate * pitch
            pitch *= extent
        points.append(index if inside else None)
    return points


def expected_words(p: TmaPlan, origin: Optional[tuple[int, ...]] = None) -> list[int]:
    """The output the hardware gives for the box at `origin` (the probe's origin by default).

    Loads fill out-of-bounds elements with zero (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE); stores
    drop them.
    """
    origin = p.origin if origin is None else origin
    points = _box_points(p, origin)
    if p.direction == "load":
        tensor = global_values(p)
        return [tensor[i] if i is not None else 0 for i in points]
    out = [SENTINEL] * p.global_elements
    for value, i in zip(box_values(p), points):
        if i is not None:
            out[i] = value
    return out


def input_words(p: TmaPlan) -> list[int]:
    return global_values(p) if p.direction == "load" else box_values(p)


def hardware_origin(p: TmaPlan) -> tuple[int, ...]:
    """Where the real instruction puts the box for the operands the program passes
    (coordinates innermost first, in elements): the simulation the tests use."""
    return tuple(p.operands[:p.rank])


def _align(value: int) -> int:
    from atomgen.probe.kernel import align

    return align(value)


def input_bytes(p: TmaPlan) -> bytes:
    data = b"".join(w.to_bytes(4, "little") for w in input_words(p))
    return data + bytes(_align(len(data)) - len(data))


def output_size(p: TmaPlan) -> int:
    return _align(p.output_elements * ELEMENT_BYTES) + 256


def simulate(p: TmaPlan) -> bytes:
    """The program's output if the hardware reads the coordinate operands as PTX defines them."""
    words = expected_words(p, hardware_origin(p))
    data = bytearray(b"\xff" * output_size(p))
    for i, w in enumerate(words):
        data[4 * i:4 * i + 4] = w.to_bytes(4, "little")
    status = _align(p.output_elements * ELEMENT_BYTES)
    data[status:status + 4] = (1).to_bytes(4, "little")
    return bytes(data)


def compare(p: TmaPlan, output: bytes) -> Any:
    from atomgen.probe.reference import Verdict

    want = expected_words(p)
    status_at = _align(p.output_elements * ELEMENT_BYTES)
    if len(output) < status_at + 4:
        return Verdict(False, 0, len(want), {"error": f"short output: {len(output)} bytes"})
    if int.from_bytes(output[status_at:status_at + 4], "little") != 1:
        return Verdict(False, 0, len(want), {"error": "the mbarrier never completed (transaction bytes not seen)"})
    bad, first = 0, None
    for i, expected in enumerate(want):
        got = int.from_bytes(output[4 * i:4 * i + 4], "little")
        if got == expected:
            continue
        bad += 1
        if first is None:
            first = {"element": i, "expected": f"0x{expected:08X}", "got": f"0x{got:08X}",
                     "note": "box element" if p.direction == "load" else "global element"}
    return Verdict(bad == 0, len(want), bad, first)
