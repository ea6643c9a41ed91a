"""Sparse MMAs (mma.sp) in the probe: the metadata the spec's layouts name, and the decompression.

The host draws, for every chunk of every row of A, which positions hold the nonzeros (ascending,
as mma.sp::ordered_metadata wants), packs each index into the metadata register of the lane and
bits the spec's `e` and `e_holders` layouts name (for the probed sparsity selector), and computes
the reference from the dense A that these positions decompress to. Lanes that hold no metadata
for the selector get the indices of other, equally valid positions: an instruction that read them
would compute another product, so a wrong holder set is detected like a wrong layout.

The negative control perturbs the metadata layout `e` (atomgen/probe/cases.py, mutate): the host
then packs the indices where the spec wrongly says they go, and the product changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from atomgen.layout.algebra import Layout, image, size
from atomgen.probe.values import Lcg
from atomgen.spec.sparsity import Sparsity, chunk_indices, dense_positions


@dataclass(frozen=True, slots=True)
class SparseCase:
    """The numbers of one sparse instance the probe needs (the e layout is in case.layouts)."""

    sparsity: Sparsity
    holders: tuple[int, ...]  # lane of each metadata holder for selector 0
    selectors: int
    selector: int  # the sparsity selector this case runs with
    k_packed: int
    k_index: int
    placed: Optional[int] = None  # negative control: the metadata sits at another selector's holders

    def holder_lanes(self) -> tuple[int, ...]:
        selector = self.selector if self.placed is None else self.placed
        return tuple(lane + selector * self.sparsity.selector_stride for lane in self.holders)


def sparse_case(spec: Any, evaluated: Any, selector: int = 0) -> Optional[SparseCase]:
    from atomgen.check.result import evaluate_metadata

    metadata = evaluate_metadata(spec, evaluated)
    if metadata is None:
        return None
    variables = evaluated.variables
    return SparseCase(metadata.sparsity, metadata.holders, metadata.selectors, selector,
                      variables["k_packed"], variables["k_index"])


def draw_positions(sparse: SparseCase, m: int, k: int, seed: int) -> list[list[list[int]]]:
    """[row][chunk] -> the chunk-relative K of its nonzeros, ascending (a 4-bit pair counts twice)."""
    s = sparse.sparsity
    rng = Lcg(seed)
    width = max(1, int(s.position_width))  # elements per index position of a pair
    slots = s.chunk // width
    picks = s.nonzeros // width
    rows = []
    for _ in range(m):
        chunks = []
        for _ in range(k // s.chunk):
            chosen: list[int] = []
            while len(chosen) < picks:
                slot = rng.integer(0, slots - 1)
                if slot not in chosen:
                    chosen.append(slot)
            chunks.append([slot * width + e for slot in sorted(chosen) for e in range(width)])
        rows.append(chunks)
    return rows


def dense_a(sparse: SparseCase, m: int, k: int, compressed: list[float],
            positions: list[list[list[int]]]) -> list[float]:
    """The dense (M, K) A, column-major, that the compressed values and their positions mean."""
    s = sparse.sparsity
    dense = [0.0] * (m * k)
    for row in range(m):
        for chunk, where in enumerate(positions[row]):
            for j, offset in enumerate(where):
                packed_k = chunk * s.nonzeros + j
                dense[row + m * (chunk * s.chunk + offset)] = compressed[row + m * packed_k]
    return dense


def metadata_words(sparse: SparseCase, layout: Layout, m: int, lanes: int,
                   positions: list[list[list[int]]], decoy: list[list[list[int]]]) -> list[int]:
    """Each lane's 32-bit metadata register: holders by `layout` (e), the others from `decoy`."""
    s = sparse.sparsity
    bits = s.index_bits
    shift = (sparse.selector if sparse.placed is None else sparse.placed) * s.selector_bits
    words = [_decoy_word(s, m, lane, decoy) for lane in range(lanes)]
    holders = sparse.holder_lanes()
    thr = size(Layout(layout.shape[0], layout.stride[0]))
    points = image(layout)
    for h in range(thr):
        word = words[holders[h]] if s.selector_bits else 0
        if s.selector_bits:  # the other index sets of the register keep their decoy bits
            word &= ~(((1 << (len(points) // thr * bits)) - 1) << shift) & 0xFFFFFFFF
        for slot in range(len(points) // thr):
            index = points[h + thr * slot]
            row, i = index % m, index // m
            chunk, nth = divmod(i, int(s.per_chunk))
            value = chunk_indices(s, positions[row][chunk])[nth]
            word |= value << (shift + bits * slot)
        words[holders[h]] = word
    return words


def _decoy_word(s: Sparsity, m: int, lane: int, positions: list[list[list[int]]]) -> int:
    """A valid word for a lane that holds no metadata: another draw's indices of row lane % M."""
    indices = [v for chunk in positions[lane % m] for v in chunk_indices(s, chunk)]
    word = 0
    for slot in range(32 // s.index_bits):
        word |= indices[slot % len(indices)] << (s.index_bits * slot)
    return word


def decode_words(sparse: SparseCase, layout: Layout, m: int, k: int, words: list[int]) -> list[list[list[int]]]:
    """What an instruction that reads the indices by `layout` sees: [row][chunk] -> positions."""
    s = sparse.sparsity
    chunks = k // s.chunk
    per = int(s.per_chunk)
    seen = [[[0] * per for _ in range(chunks)] for _ in range(m)]
    # the instruction reads the holders of its own selector, wherever the host put the metadata
    holders = tuple(lane + sparse.selector * s.selector_stride for lane in sparse.holders)
    thr = size(Layout(layout.shape[0], layout.stride[0]))
    points = image(layout)
    shift = sparse.selector * s.selector_bits
    mask = (1 << s.index_bits) - 1
    for h in range(thr):
        for slot in range(len(points) // thr):
            row, i = points[h + thr * slot] % m, points[h + thr * slot] // m
            chunk, nth = divmod(i, per)
            if chunk < chunks:
                seen[row][chunk][nth] = (words[holders[h]] >> (shift + s.index_bits * slot)) & mask
    return [[dense_positions(s, chunk) for chunk in row] for row in seen]


def sparse_mutations(case: Any) -> list[Any]:
    """The negative control of a sparse case: its C layout, its metadata layout e, and (with more
    than one sparsity selector) the metadata placed at the next selector's holders."""
    from dataclasses import replace

    from atomgen.probe.cases import mutate

    found = [mutate(case), replace(mutate(case, "e"), mutation_tag="_e")]
    sparse = case.sparse
    if sparse.selectors > 1 and sparse.sparsity.selector_stride:
        moved = replace(sparse, placed=(sparse.selector + 1) % sparse.selectors)
        found.append(replace(case, sparse=moved, mutation_tag="_holders",
                             mutation=f"metadata at the holders of selector {moved.placed}, the instruction's "
                             f"selector {sparse.selector}"))
    return found
