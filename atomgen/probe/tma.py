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


@dataclass(frozen=True)
class TmaClaim:
    """What the spec says the coordinate operands mean."""

    innermost_first: bool = True
    units: str = "elements"  # or "bytes"


@dataclass(frozen=True)
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


# ---------------------------------------------------------------- CUDA source

HEADER = r"""
// TMA: the driver's cuTensorMapEncodeTiled, found at run time (no -lcuda at link time).
#include <cuda.h>
#include <dlfcn.h>
typedef CUresult (*EncodeTiled)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,
                                const cuuint64_t*, const cuuint32_t*, const cuuint32_t*, CUtensorMapInterleave,
                                CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
static EncodeTiled encode_tiled() {
  static EncodeTiled found = nullptr;
  if (!found) {
    void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (driver) found = reinterpret_cast<EncodeTiled>(dlsym(driver, "cuTensorMapEncodeTiled"));
  }
  return found;
}
"""


def _list(values: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(v) for v in values) + "}"


def tma_part(p: TmaPlan, case_run: Any, comment: str) -> str:
    """Kernel and `run` of one TMA case; `case_run` is kernel.py's run-function builder."""
    case = p.case
    box_words = p.box_elements
    coords = ", ".join(f"%{i + 2}" for i in range(p.rank))
    coord_inputs = ", ".join(f'"r"({v})' for v in p.operands)
    lines = [comment, ""]
    lines += [
        "__global__ void __launch_bounds__(1) probe_kernel(const __grid_constant__ CUtensorMap map,",
        "    const uint32_t* __restrict__ in, uint32_t* __restrict__ out, uint32_t* __restrict__ status) {",
        f"  __shared__ __align__(128) uint32_t tile[{box_words}];",
        "  const uint32_t smem = static_cast<uint32_t>(__cvta_generic_to_shared(tile));",
        "  const uint64_t map_address = reinterpret_cast<uint64_t>(&map);",
    ]
    if p.direction == "load":
        lines += [
            "  __shared__ __align__(8) uint64_t barrier;",
            "  const uint32_t bar = static_cast<uint32_t>(__cvta_generic_to_shared(&barrier));",
            f"  for (int i = 0; i < {box_words}; ++i) tile[i] = 0xFFFFFFFFu;",
            '  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\\n" :: "r"(bar) : "memory");',
            '  asm volatile("fence.mbarrier_init.release.cluster;\\n" ::: "memory");',
            '  asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");',
            '  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\\n" :: "r"(bar), '
            f'"r"({box_words * ELEMENT_BYTES}) : "memory");',
            f'  asm volatile("{case.opcode} [%0], [%1, {{{coords}}}], [%{p.rank + 2}];\\n"',
            f'               :: "r"(smem), "l"(map_address), {coord_inputs}, "r"(bar) : "memory");',
            "  uint32_t done = 0;",
            "  for (int spin = 0; spin < (1 << 22) && !done; ++spin) {",
            '    asm volatile("{\\n.reg .pred p;\\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\\n'
            'selp.u32 %0, 1, 0, p;\\n}\\n" : "=r"(done) : "r"(bar) : "memory");',
            "  }",
            "  status[0] = done;",
            f"  for (int i = 0; i < {box_words}; ++i) out[i] = tile[i];",
        ]
    else:
        lines += [
            f"  for (int i = 0; i < {box_words}; ++i) tile[i] = in[i];",
            '  asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");',
            f'  asm volatile("{case.opcode} [%0, {{{", ".join(f"%{i + 2}" for i in range(p.rank))}}}], [%1];\\n"',
            f'               :: "l"(map_address), "r"(smem), {coord_inputs} : "memory");',
            '  asm volatile("cp.async.bulk.commit_group;\\n" ::: "memory");',
            '  asm volatile("cp.async.bulk.wait_group 0;\\n" ::: "memory");',
            "  status[0] = 1;",
        ]
    lines.append("}")
    in_bytes = _align(p.input_elements * ELEMENT_BYTES)
    out_words = p.output_elements
    status_at = _align(out_words * ELEMENT_BYTES)
    out_bytes = status_at + 256
    strides = tuple(prod(p.dims[:i + 1]) * ELEMENT_BYTES for i in range(p.rank - 1)) or (0,)
    tensor = "dev_in" if p.direction == "load" else "dev_out"
    launch = f"""  EncodeTiled encode = encode_tiled();
  if (!encode) {{
    std::printf("PROBE_ERROR %d cuTensorMapEncodeTiled: not found in libcuda.so.1\\n", index);
    return 1;
  }}
  CUtensorMap map;
  const cuuint64_t dims[{p.rank}] = {_list(p.dims)};
  const cuuint64_t strides[{len(strides)}] = {_list(strides)};
  const cuuint32_t box[{p.rank}] = {_list(p.box)};
  const cuuint32_t element_strides[{p.rank}] = {_list((1,) * p.rank)};
  const CUresult encoded = encode(&map, CU_TENSOR_MAP_DATA_TYPE_UINT32, {p.rank}, {tensor}, dims, strides, box,
      element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
      CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (encoded != CUDA_SUCCESS) {{
    std::printf("PROBE_ERROR %d cuTensorMapEncodeTiled: CUresult %d\\n", index, static_cast<int>(encoded));
    return 1;
  }}
  probe_kernel<<<1, 1>>>(map, reinterpret_cast<const uint32_t*>(dev_in), reinterpret_cast<uint32_t*>(dev_out),
      reinterpret_cast<uint32_t*>(dev_out + {status_at}));"""
    prefill = [(0, out_bytes, 0xFF), (status_at, 4, 0)]
    return "\n".join(lines) + "\n" + case_run(in_bytes, out_bytes, launch, prefill)


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
