"""From a probe case to concrete index tables: which element each thread's register holds.

MMA operands are planned at element granularity (value v of thread t is element
`layout(t, v)` of the column-major reference tile); copies at bit granularity, in chunks
of G bits, G the largest power of two for which the layout maps whole aligned chunks
contiguously (32 for a plain ldmatrix, 16 for a transposing one, 1 for a scrambled one).

Register packing (cute_findings.md §4): value i of the flattened val mode is PTX fragment
element i; 32-bit register r holds values [r*32/b, (r+1)*32/b), lowest index lowest bits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from atomgen.layout.algebra import Layout, flatten, image, is_tuple, size
from atomgen.probe.cases import CaseError, ProbeCase
from atomgen.probe.values import ElementType, element_type


@dataclass(frozen=True, slots=True)
class RegOperand:
    """A register operand of an MMA: values per thread, packing, index table."""

    role: str
    type: ElementType
    vals: int
    per_reg: int
    regs: int
    constraint: str  # "r" (b32), "f" (f32), "d" (f64)
    table: tuple[tuple[int, ...], ...]  # [thread][value] -> element index in the tile


@dataclass(frozen=True, slots=True)
class SmemOperand:
    """An MMA operand read from shared memory through a wgmma descriptor."""

    role: str
    type: ElementType
    rows: int  # M for A, N for B
    k: int
    table: tuple[int, ...]  # value v (logical (v % rows, v // rows)) -> element index in the tile
    lbo: int  # bytes between the two core matrices along K
    sbo: int  # bytes between 8-row groups

    @property
    def core_cols(self) -> int:  # elements per 16-byte core-matrix row
        return 16 // (self.type.bits // 8)

    def smem_offset(self, row: int, kk: int) -> int:
        """Byte offset of logical (row, k) in the canonical K-major, no-swizzle layout."""
        t = self.core_cols
        return (row // 8) * self.sbo + (kk // t) * self.lbo + (row % 8) * 16 + (kk % t) * (self.type.bits // 8)

    @property
    def bytes(self) -> int:
        return self.rows * self.k * self.type.bits // 8


@dataclass(frozen=True, slots=True)
class MmaPlan:
    case: ProbeCase
    m: int
    n: int
    k: int
    a: RegOperand | SmemOperand
    b: RegOperand | SmemOperand
    c: RegOperand
    e: Optional[RegOperand] = None  # mma.sp: each lane's 32-bit metadata register (table [t] -> t)


@dataclass(frozen=True, slots=True)
class CopyPlan:
    case: ProbeCase
    tile_bits: int
    reg_role: Optional[str]  # the register side (ldmatrix dst, stmatrix src), None for cp.async
    regs: int
    chunk: int  # G
    positions: tuple[tuple[int, ...], ...]  # [thread][chunk] -> bit position in the tile
    src_offsets: tuple[int, ...]  # per thread, byte offset of the source row (memory side)
    dst_offsets: tuple[int, ...]  # per thread, byte offset of the destination row (memory side)
    row_bits: int  # bits moved per thread on the memory side

    @property
    def tile_bytes(self) -> int:
        return self.tile_bits // 8


def _thr_val(layout: Layout) -> tuple[int, int]:
    if not is_tuple(layout.shape) or len(layout.shape) != 2:
        raise CaseError(f"layout {layout} is not rank 2 (thr, val)")
    thr = size(Layout(layout.shape[0], layout.stride[0]))
    val = size(Layout(layout.shape[1], layout.stride[1]))
    return thr, val


def thread_table(layout: Layout, threads: int) -> tuple[tuple[int, ...], ...]:
    """[thread][value] -> layout(thread, value)."""
    thr, val = _thr_val(layout)
    if thr != threads:
        raise CaseError(f"layout {layout} has {thr} threads, the atom has {threads}")
    points = image(layout)
    return tuple(tuple(points[t + thr * v] for v in range(val)) for t in range(thr))


def _reg_operand(role: str, layout: Layout, type_name: str, threads: int, extent: int,
                 accumulator: bool) -> RegOperand:
    kind = element_type(type_name)
    table = thread_table(layout, threads)
    vals = len(table[0])
    for row in table:
        for index in row:
            if not 0 <= index < extent:
                raise CaseError(f"layout {role} names element {index}, outside the {extent}-element tile")
    if kind.bits == 64:
        per, constraint = 1, "d"
    elif accumulator and kind.name == "f32":
        per, constraint = 1, "f"
    else:
        per, constraint = 32 // kind.bits, "r"
    if vals % per:
        raise CaseError(f"operand {role}: {vals} values of {kind.bits} bits do not fill whole registers")
    return RegOperand(role, kind, vals, per, vals // per, constraint, table)


def _smem_operand(role: str, layout: Layout, type_name: str, rows: int, k: int) -> SmemOperand:
    kind = element_type(type_name)
    thr, val = _thr_val(layout)
    if any(s != 0 for e, s in zip(flatten(layout.shape[0]), flatten(layout.stride[0])) if e != 1):
        raise CaseError(f"operand {role} is read from shared memory, but its layout gives the threads "
                        "different views of the tile (thread stride must be 0)")
    first = image(Layout(layout.shape[1], layout.stride[1]))
    if val != rows * k:
        raise CaseError(f"operand {role}: shared-memory layout has {val} values, the tile has {rows * k}")
    if sorted(first) != list(range(rows * k)):
        raise CaseError(f"operand {role}: shared-memory layout is not a bijection onto the {rows}x{k} tile")
    row_bytes = k * kind.bits // 8
    if row_bytes % 16:
        raise CaseError(f"operand {role}: K = {k} is not a whole number of 16-byte core-matrix rows")
    if rows % 8:
        raise CaseError(f"operand {role}: {rows} rows is not a whole number of 8-row core matrices")
    return SmemOperand(role, kind, rows, k, tuple(first), lbo=128, sbo=(row_bytes // 16) * 128)


def plan_mma(case: ProbeCase) -> MmaPlan:
    m, n, k = case.mnk
    t = case.threads
    if case.family == "wgmma" and case.a_from_smem:
        a: RegOperand | SmemOperand = _smem_operand("a", case.layouts["a"], case.types["a"], m, k)
    elif case.sparse is not None:  # the compressed A: (M, k_packed)
        a = _reg_operand("a", case.layouts["a"], case.types["a"], t, m * case.sparse.k_packed, False)
    else:
        a = _reg_operand("a", case.layouts["a"], case.types["a"], t, m * k, False)
    if case.family == "wgmma":
        b: RegOperand | SmemOperand = _smem_operand("b", case.layouts["b"], case.types["b"], n, k)
    else:
        b = _reg_operand("b", case.layouts["b"], case.types["b"], t, n * k, False)
    c = _reg_operand("c", case.layouts["c"], case.types["c"], t, m * n, True)
    if case.sparse is None:
        return MmaPlan(case, m, n, k, a, b, c)
    e = RegOperand("e", element_type("i32"), 1, 1, 1, "r", tuple((lane,) for lane in range(t)))
    return MmaPlan(case, m, n, k, a, b, c, e)


def _contiguous_rows(layout: Layout, threads: int, what: str) -> tuple[tuple[int, ...], int]:
    """Per-thread byte offsets of a memory-side layout that gives each thread one contiguous row."""
    table = thread_table(layout, threads)
    offsets = []
    for t, row in enumerate(table):
        start = row[0]
        if any(bit != start + v for v, bit in enumerate(row)):
            raise CaseError(f"{what} layout: thread {t} does not address one contiguous row of bits")
        if start % 8:
            raise CaseError(f"{what} layout: thread {t} starts at bit {start}, not a byte boundary")
        offsets.append(start // 8)
    return tuple(offsets), len(table[0])


def _chunking(table: tuple[tuple[int, ...], ...]) -> int:
    vals = len(table[0])
    for chunk in (32, 16, 8, 4, 2, 1):
        if vals % chunk:
            continue
        ok = all(
            row[v0] % chunk == 0 and all(row[v0 + j] == row[v0] + j for j in range(chunk))
            for row in table
            for v0 in range(0, vals, chunk)
        )
        if ok:
            return chunk
    return 1


def plan_copy(case: ProbeCase) -> CopyPlan:
    t = case.threads
    src, dst = case.layouts["src"], case.layouts["dst"]
    tile_bits = max(max(image(src)), max(image(dst))) + 1
    tile_bits = -(-tile_bits // 32) * 32
    if case.family == "ldmatrix":
        src_offsets, row_bits = _contiguous_rows(src, t, "src (shared memory)")
        reg_table = thread_table(dst, t)
        reg_role: Optional[str] = "dst"
        dst_offsets: tuple[int, ...] = ()
    elif case.family == "stmatrix":
        dst_offsets, row_bits = _contiguous_rows(dst, t, "dst (shared memory)")
        reg_table = thread_table(src, t)
        reg_role = "src"
        src_offsets = ()
    elif case.family == "cp_async":
        src_offsets, row_bits = _contiguous_rows(src, t, "src (global memory)")
        dst_offsets, dst_bits = _contiguous_rows(dst, t, "dst (shared memory)")
        if dst_bits != row_bits:
            raise CaseError(f"cp.async: src moves {row_bits} bits per thread, dst {dst_bits}")
        return CopyPlan(case, tile_bits, None, 0, row_bits, (), src_offsets, dst_offsets, row_bits)
    else:
        raise CaseError(f"no copy probe for family {case.family}")
    vals = len(reg_table[0])
    if vals % 32:
        raise CaseError(f"register side holds {vals} bits per thread, not whole 32-bit registers")
    chunk = _chunking(reg_table)
    positions = tuple(tuple(row[c * chunk] for c in range(vals // chunk)) for row in reg_table)
    return CopyPlan(case, tile_bits, reg_role, vals // 32, chunk, positions, src_offsets, dst_offsets, row_bits)
