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
    units: str = "elements"  # or "bytes" (a bulk copy: "bytes" or "f16 elements", its size)
    reduction: str = ""  # reduce: the operation the reference applies (tma_more.py)
    mask_shift: int = 0  # multicast: bit i of the mask names the CTA of rank i + mask_shift
    offset_scale: int = 1  # im2col: the offsets are pixels times this
    offsets_reversed: bool = False  # im2col: the offsets outermost first


@dataclass(frozen=True, slots=True)
class TmaPlan:
    case: ProbeCase
    direction: str  # "load" (global -> shared) | "store" (shared -> global) | one of tma_more.DIRECTIONS
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
    from atomgen.probe import tma_more

    declared = evaluated.instance.values.get("rank")
    more = tma_more.classify(base.opcode)
    if more is not None:  # multicast, reduce, im2col, the non-tensor bulk copy
        if declared is not None and declared != more[1]:
            return replace(base, skip=f"instance rank {declared} but the instruction is {more[1]}d")
        if spec.threads != 1:
            return replace(base, skip="a bulk copy is issued by one thread; the spec names another count")
        return replace(base, tma=(more[0], more[1], replace(claim_of(spec), reduction=_reduction(spec, evaluated),
                                                              units=_units(spec, more[0]))))
    rank = rank_of(base.opcode)
    direction = direction_of(base.opcode)
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


def _reduction(spec: Any, evaluated: Any) -> str:
    """The reduction the spec claims: the value of the parameter its emission names (tma_store's `reduce`)."""
    parameter = str(getattr(spec.emission, "reduce", "") or "")
    return str(evaluated.instance.values.get(parameter, "")) if parameter else ""


def _units(spec: Any, direction: str) -> str:
    """A bulk copy counts bytes (its lowering takes them from the memrefs); the tensor copies' coordinates are
    in the units their state fields say."""
    return "bytes" if direction.startswith("bulk") else claim_of(spec).units


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
    from atomgen.probe import tma_more

    if direction in tma_more.DIRECTIONS:
        wrong = tma_more.mutations(direction, rank, claim)
        if direction != "multicast":
            return [replace(case, tma=(direction, rank, perturbed), mutation=text, mutation_tag=tag)
                    for perturbed, text, tag in wrong]
    else:
        wrong = []
    other = "bytes" if claim.units == "elements" else "elements"
    wrong += [(replace(claim, units=other), f"coordinates: {claim.units} -> {other}", "_units")]
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


def _more(p: TmaPlan) -> Any:
    """tma_more for the copies it probes, else None."""
    from atomgen.probe import tma_more

    return tma_more if p.direction in tma_more.DIRECTIONS else None


def input_bytes(p: TmaPlan) -> bytes:
    if _more(p):
        return _more(p).input_bytes(p)  # type: ignore[no-any-return]
    data = b"".join(w.to_bytes(4, "little") for w in input_words(p))
    return data + bytes(_align(len(data)) - len(data))


def output_size(p: TmaPlan) -> int:
    if _more(p):
        return _more(p).output_size(p)  # type: ignore[no-any-return]
    return _align(p.output_elements * ELEMENT_BYTES) + 256


def simulate(p: TmaPlan) -> bytes:
    """The program's output if the hardware reads the coordinate operands as PTX defines them."""
    if _more(p):
        return _more(p).simulate(p)  # type: ignore[no-any-return]
    words = expected_words(p, hardware_origin(p))
    data = bytearray(b"\xff" * output_size(p))
    for i, w in enumerate(words):
        data[4 * i:4 * i + 4] = w.to_bytes(4, "little")
    status = _align(p.output_elements * ELEMENT_BYTES)
    data[status:status + 4] = (1).to_bytes(4, "little")
    return bytes(data)


def compare(p: TmaPlan, output: bytes) -> Any:
    from atomgen.probe.reference import Verdict

    if _more(p):
        return _more(p).compare(p, output)
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
