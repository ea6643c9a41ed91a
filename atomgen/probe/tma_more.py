"""The Hopper copies beyond the tiled TMA load and store (issue 52.3): multicast over a cluster, reduction,
im2col, and the non-tensor bulk copy, each made concrete for the hardware probe.

- multicast (cp.async.bulk.tensor .multicast::cluster): a real cluster launch of CLUSTER CTAs (the kernel's
  `__cluster_dims__`); every CTA arms its mbarrier, CTA ISSUER issues the load with the 16-bit mask MASK, and
  each CTA writes what landed in its shared memory and whether its mbarrier completed. The CTAs the mask names
  must hold the box and complete; the others must keep the sentinel.
- reduce (cp.reduce.async.bulk.tensor): the global tensor starts from pseudo-random words, the shared box is
  combined into it; the reference applies the reduction in Python integers (u32: the tensor map's type).
- im2col (cp.async.bulk.tensor .im2col): an activation tensor (C, W[, H[, D]], N) innermost first, an im2col
  tensor map (cuTensorMapEncodeIm2col) whose bounding box is the whole image, PIXELS pixels of C channels
  from a base pixel, each read at the base + the im2col offsets (zero outside the image); the reference is
  that gather, computed in Python.
- bulk (cp.async.bulk, no tensor map): BULK_BYTES contiguous bytes global -> shared (mbarrier) or shared ->
  global (bulk group); the generated atom's byte count is its test memref's, 256.

Negative control, one wrong claim each, which the probe must fail: the reference of another reduction
(add vs min ...); the mask read as naming CTA i + 1 by bit i (the program passes the mask shifted);
im2col offsets given in bytes instead of pixels, and from rank 4 outermost first; a bulk copy claimed to
count f16 elements instead of bytes (half the bytes). Multicast also takes the tiled load's coordinate claims.
"""

from __future__ import annotations

from dataclasses import replace
from math import prod
from typing import TYPE_CHECKING, Any, Optional

from atomgen.spec.instruction import parse_ptx

if TYPE_CHECKING:
    from atomgen.probe.tma import TmaClaim, TmaPlan

DIRECTIONS = ("multicast", "reduce", "im2col", "bulk_load", "bulk_store")
CLUSTER = 4
MASK = 0b1011  # CTAs 0, 1 and 3 of the cluster receive the box, CTA 2 does not
ISSUER = 1  # the CTA that issues the multicast load: one the mask names, not rank 0
BULK_BYTES = 256  # the generated bulk copy's test memref (f16 8x16, atomgen/render/tests/nvvm.py)
SENTINEL = 0xFFFFFFFF
# a wrong reduction for each, chosen so that random words tell the two apart
REDUCTION_SWAP = {"add": "min", "min": "max", "max": "add", "inc": "dec", "dec": "inc", "and": "or", "or": "xor",
                  "xor": "and"}
# im2col: C channels, spatial extents (W, H, D) innermost first (rank - 2 of them), N images; the base pixel
# (w, h, d) of image 0 and the im2col offsets (no palindrome, so that reversed offsets differ)
IM2COL_CHANNELS = 8
IM2COL_SPATIAL = (6, 5, 4)
IM2COL_IMAGES = 2
IM2COL_BASE = (3, 1, 1)
IM2COL_OFFSETS = (2, 1, 1)
PIXELS = 16
ELEMENT_BYTES = 4


def classify(opcode: str) -> Optional[tuple[str, int]]:
    """(direction, rank) of the copies this module probes; None for the tiled load and store (tma.py)."""
    parsed = parse_ptx(opcode)
    if parsed is None or parsed.family != "cp":
        return None
    words = opcode.split(".")
    if parsed.reduction and "tensor" in words:
        return "reduce", parsed.rank or 0
    if words[:3] == ["cp", "async", "bulk"] and "tensor" not in words and parsed.spaces:
        return ("bulk_store" if parsed.spaces[0] == "global" else "bulk_load"), 0
    if "tensor" in words and parsed.multicast and not parsed.im2col:
        return "multicast", parsed.rank or 0
    if "tensor" in words and parsed.im2col and not parsed.multicast:
        return "im2col", parsed.rank or 0
    return None


def mutations(direction: str, rank: int, claim: TmaClaim) -> list[tuple[TmaClaim, str, str]]:
    """(perturbed claim, what it says, tag) for the negative control."""
    if direction == "reduce":
        wrong = REDUCTION_SWAP[claim.reduction]
        return [(replace(claim, reduction=wrong), f"reduction: {claim.reduction} -> {wrong}", "_reduction")]
    if direction == "multicast":
        return [(replace(claim, mask_shift=1), "multicast mask: bit i names CTA i -> CTA i + 1", "_mask")]
    if direction == "im2col":
        found = [(replace(claim, offset_scale=ELEMENT_BYTES), "im2col offsets: pixels -> bytes", "_offset_units")]
        if rank >= 4:
            found.append((replace(claim, offsets_reversed=True), "im2col offsets: innermost first -> outermost first",
                          "_offset_order"))
        return found
    if direction in ("bulk_load", "bulk_store"):
        return [(replace(claim, units="f16 elements"), "size: bytes -> f16 elements (half the bytes)", "_size")]
    return []


# ---------------------------------------------------------------- what the program passes

def passed_mask(p: TmaPlan) -> int:
    """The mask the program passes so that, read through the claim, it names the CTAs of MASK."""
    shift = p.claim.mask_shift
    return sum(1 << (r - shift) for r in range(CLUSTER) if MASK >> r & 1 and r >= shift)


def im2col_coordinates(p: TmaPlan) -> tuple[int, ...]:
    """Channel 0, the base pixel, image 0: innermost first, rank of them."""
    return (0, *IM2COL_BASE[:p.rank - 2], 0)


def im2col_offsets(p: TmaPlan) -> tuple[int, ...]:
    """The offsets the program passes, read through the claim."""
    values = tuple(o * p.claim.offset_scale for o in IM2COL_OFFSETS[:p.rank - 2])
    return tuple(reversed(values)) if p.claim.offsets_reversed else values


def im2col_dims(rank: int) -> tuple[int, ...]:
    return (IM2COL_CHANNELS, *IM2COL_SPATIAL[:rank - 2], IM2COL_IMAGES)


# ---------------------------------------------------------------- sizes and inputs

def _align(value: int) -> int:
    from atomgen.probe.kernel import align

    return align(value)


def input_words_count(p: TmaPlan) -> int:
    if p.direction == "im2col":
        return prod(im2col_dims(p.rank))
    if p.direction.startswith("bulk"):
        return BULK_BYTES // ELEMENT_BYTES
    if p.direction == "multicast":
        return p.global_elements
    return p.box_elements  # reduce: the shared box (the global tensor's start follows, aligned)


def output_words_count(p: TmaPlan) -> int:
    if p.direction == "im2col":
        return PIXELS * IM2COL_CHANNELS
    if p.direction.startswith("bulk"):
        return BULK_BYTES // ELEMENT_BYTES
    if p.direction == "multicast":
        return CLUSTER * p.box_elements
    return p.global_elements  # reduce: the global tensor after the reduction


def status_at(p: TmaPlan) -> int:
    return _align(output_words_count(p) * ELEMENT_BYTES)


def output_size(p: TmaPlan) -> int:
    return status_at(p) + 256


def reduce_global_at(p: TmaPlan) -> int:
    """Byte offset in the input of the global tensor's starting words (reduce)."""
    return _align(p.box_elements * ELEMENT_BYTES)


def _random_words(count: int, seed: int) -> list[int]:
    words, state = [], seed
    for _ in range(count):
        state = (state * 1103515245 + 12345) & 0xFFFFFFFF
        words.append(state ^ (state >> 13))
    return words


def input_bytes(p: TmaPlan) -> bytes:
    def pack(words: list[int]) -> bytes:
        data = b"".join(w.to_bytes(4, "little") for w in words)
        return data + bytes(_align(len(data)) - len(data))

    if p.direction == "reduce":
        return pack(_random_words(p.box_elements, 7)) + pack(_random_words(p.global_elements, 11))
    return pack([i + 1 for i in range(input_words_count(p))])


def input_size(p: TmaPlan) -> int:
    return len(input_bytes(p))


# ---------------------------------------------------------------- reference

def combine(op: str, old: int, value: int) -> int:
    """PTX's reduction of a u32 destination `old` with `value` (red / cp.reduce semantics)."""
    if op == "add":
        return (old + value) & 0xFFFFFFFF
    if op == "min":
        return min(old, value)
    if op == "max":
        return max(old, value)
    if op == "inc":
        return 0 if old >= value else old + 1
    if op == "dec":
        return value if old == 0 or old > value else old - 1
    if op == "and":
        return old & value
    if op == "or":
        return old | value
    if op == "xor":
        return old ^ value
    raise ValueError(f"no reduction {op!r}")


def _im2col_words(p: TmaPlan, offsets: tuple[int, ...]) -> list[int]:
    spatial = IM2COL_SPATIAL[:p.rank - 2]
    image = prod(spatial)
    start, pitch = 0, 1
    for base, extent in zip(IM2COL_BASE, spatial):
        start += base * pitch
        pitch *= extent
    words = []
    for k in range(PIXELS):
        rest = start + k  # the traversal: W fastest, then H, D, then the next image
        inside, index, pitch = True, 0, 1
        for extent, offset in zip(spatial, offsets):
            position = rest % extent + offset
            rest //= extent
            inside = inside and 0 <= position < extent
            index += position * pitch
            pitch *= extent
        inside = inside and rest < IM2COL_IMAGES
        pixel = index + image * rest
        words += [1 + c + IM2COL_CHANNELS * pixel if inside else 0 for c in range(IM2COL_CHANNELS)]
    return words


def _tile_box(p: TmaPlan, origin: tuple[int, ...]) -> list[int]:
    from atomgen.probe.tma import expected_words

    return expected_words(replace(p, direction="load"), origin)


def expected(p: TmaPlan, truth: bool = False) -> tuple[list[int], list[int]]:
    """(output words, status words) the program must give; with `truth`, those the hardware gives for the
    operands the program passes (the simulation the tests use) instead of the spec's claim."""
    from atomgen.probe.tma import hardware_origin

    if p.direction == "multicast":
        box = _tile_box(p, hardware_origin(p) if truth else p.origin)
        landed = passed_mask(p) if truth else MASK
        words: list[int] = []
        for r in range(CLUSTER):
            words += box if landed >> r & 1 else [SENTINEL] * p.box_elements
        return words, [int(bool(landed >> r & 1 and MASK >> r & 1)) for r in range(CLUSTER)]
    if p.direction == "reduce":
        op = instruction_reduction(p) if truth else p.claim.reduction
        data = input_bytes(p)
        at = reduce_global_at(p)
        shared = [int.from_bytes(data[4 * i:4 * i + 4], "little") for i in range(p.box_elements)]
        out = [int.from_bytes(data[at + 4 * i:at + 4 * i + 4], "little") for i in range(p.global_elements)]
        from atomgen.probe.tma import _box_points

        for value, i in zip(shared, _box_points(p, hardware_origin(p) if truth else p.origin)):
            if i is not None:
                out[i] = combine(op, out[i], value)
        return out, [1]
    if p.direction == "im2col":
        offsets = im2col_offsets(p) if truth else IM2COL_OFFSETS[:p.rank - 2]
        return _im2col_words(p, offsets), [1]
    count = BULK_BYTES // ELEMENT_BYTES
    copied = count if truth or p.claim.units != "f16 elements" else count // 2
    return [i + 1 for i in range(copied)] + [SENTINEL] * (count - copied), [1]


def instruction_reduction(p: TmaPlan) -> str:
    parsed = parse_ptx(p.case.opcode)
    return parsed.reduction if parsed is not None else ""


def simulate(p: TmaPlan) -> bytes:
    words, statuses = expected(p, truth=True)
    data = bytearray(b"\xff" * output_size(p))
    for i, w in enumerate(words):
        data[4 * i:4 * i + 4] = w.to_bytes(4, "little")
    at = status_at(p)
    for i, s in enumerate(statuses):
        data[at + 4 * i:at + 4 * i + 4] = s.to_bytes(4, "little")
    return bytes(data)


def compare(p: TmaPlan, output: bytes) -> Any:
    from atomgen.probe.reference import Verdict

    words, statuses = expected(p)
    at = status_at(p)
    if len(output) < at + 4 * len(statuses):
        return Verdict(False, 0, len(words), {"error": f"short output: {len(output)} bytes"})
    got_status = [int.from_bytes(output[at + 4 * i:at + 4 * i + 4], "little") for i in range(len(statuses))]
    bad = 0
    first: Optional[dict[str, Any]] = None
    if got_status != statuses:
        bad += 1
        first = {"error": f"completion: expected status {statuses}, got {got_status}",
                 "note": "per CTA of the cluster: 1 = its mbarrier completed" if p.direction == "multicast" else ""}
    for i, want in enumerate(words):
        got = int.from_bytes(output[4 * i:4 * i + 4], "little")
        if got == want:
            continue
        bad += 1
        if first is None:
            where = (f"CTA {i // p.box_elements}, box element {i % p.box_elements}"
                     if p.direction == "multicast" else f"element {i}")
            first = {"element": i, "expected": f"0x{want:08X}", "got": f"0x{got:08X}", "note": where}
    return Verdict(bad == 0, len(words), bad, first)


# ---------------------------------------------------------------- the program's numbers (probe/tma_more.cu.j2)

def kernel_context(p: TmaPlan) -> dict[str, Any]:
    context: dict[str, Any] = {"cluster": CLUSTER, "mask": MASK, "issuer": ISSUER, "status_at": status_at(p),
                               "out_bytes": output_size(p), "in_bytes": input_size(p), "bulk_bytes": BULK_BYTES,
                               "element_bytes": ELEMENT_BYTES, "out_words": output_words_count(p)}
    if p.direction in ("multicast", "reduce"):
        context["dims"] = p.dims
        context["box"] = p.box
        context["strides"] = tuple(prod(p.dims[:i + 1]) * ELEMENT_BYTES for i in range(p.rank - 1)) or (0,)
        context["coordinates"] = p.operands
        context["box_words"] = p.box_elements
    if p.direction == "multicast":
        context["passed_mask"] = passed_mask(p)
    if p.direction == "reduce":
        context["global_at"] = reduce_global_at(p)
        context["global_bytes"] = p.global_elements * ELEMENT_BYTES
    if p.direction == "im2col":
        dims = im2col_dims(p.rank)
        context["dims"] = dims
        context["strides"] = tuple(prod(dims[:i + 1]) * ELEMENT_BYTES for i in range(p.rank - 1))
        context["coordinates"] = im2col_coordinates(p)
        context["offsets"] = im2col_offsets(p)
        context["pixels"] = PIXELS
        context["channels"] = IM2COL_CHANNELS
        context["corners"] = (0,) * (p.rank - 2)
        context["box_words"] = PIXELS * IM2COL_CHANNELS
    if p.direction.startswith("bulk"):
        context["box_words"] = BULK_BYTES // ELEMENT_BYTES
    return context
