"""Inputs, the reference result, and the comparison of a device result with it.

Everything works on the bytes the generated program reads and writes (kernel.py describes
the file layout), so the same comparison judges a real GPU and the pure-Python hardware
simulation the tests use.

MMA: D = A(M,K) * B(N,K)^T + C(M,N), every tile column-major (A index m + M*k, B n + N*k,
C and D m + M*n), computed in float64 (int64 for integer types) from small integers that
are exact in every element type, so the hardware result must be bit-exact.
Copies: the tile is numbered in 16-bit units (unit u holds u + 1); the output tile must
equal the input tile, and a position no thread wrote keeps the 0xFFFF sentinel.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import Any, Optional, Union

from atomgen.layout.algebra import Layout, image
from atomgen.probe import sparse as sparsity
from atomgen.probe import tma
from atomgen.probe.kernel import align, mma_input_sections, mma_output_sections, plan, total
from atomgen.probe.plan import CopyPlan, MmaPlan, RegOperand, SmemOperand, plan_copy, plan_mma, thread_table
from atomgen.probe.tma import TmaPlan
from atomgen.probe.values import decode, encode, sample

_np: Any
try:  # optional: only makes the reference faster
    import numpy as _np
except ImportError:  # pragma: no cover
    _np = None


def seed_of(case_key: str) -> int:
    return zlib.crc32(case_key.encode())


@dataclass
class MmaData:
    a: list[float]  # a sparse MMA's: the compressed (M, k_packed) values
    b: list[float]
    c: list[float]
    positions: Optional[list[list[list[int]]]] = None  # sparse: [row][chunk] -> K of the nonzeros
    words: Optional[list[int]] = None  # sparse: each lane's metadata register


_INPUTS: dict[tuple[str, str, tuple[int, int, int], str], MmaData] = {}
_BYTES: dict[tuple[str, str, tuple[int, int, int], str], bytes] = {}


def _data_key(p: MmaPlan) -> tuple[str, str, tuple[int, int, int], str]:
    """Inputs depend on the case; a sparse one's metadata words also on its e layout and selector."""
    sparse = "" if p.case.sparse is None else f"{p.case.layouts.get('e')}/{p.case.sparse}"
    return (p.case.key, repr(sorted(p.case.types.items())), (p.m, p.n, p.k), sparse)


def mma_inputs(p: MmaPlan) -> MmaData:
    key = _data_key(p)
    if key not in _INPUTS:
        if len(_INPUTS) > 4096:
            _INPUTS.clear()
        _INPUTS[key] = _make_inputs(p)
    return _INPUTS[key]


def _make_inputs(p: MmaPlan) -> MmaData:
    seed = seed_of(p.case.key)
    sparse = p.case.sparse
    data = MmaData(
        a=sample(p.case.types["a"], p.m * (sparse.k_packed if sparse is not None else p.k), seed),
        b=sample(p.case.types["b"], p.n * p.k, seed + 1),
        c=sample(p.case.types["c"], p.m * p.n, seed + 2),
    )
    if sparse is not None:
        data.positions = sparsity.draw_positions(sparse, p.m, p.k, seed + 3)
        decoy = sparsity.draw_positions(sparse, p.m, p.k, seed + 4)
        data.words = sparsity.metadata_words(sparse, p.case.layouts["e"], p.m, p.case.threads, data.positions, decoy)
    return data


def reference_product(m: int, n: int, k: int, a: list[float], b: list[float], c: list[float],
                      integer: bool) -> list[float]:
    """D[m + M*n] = sum_k A[m + M*k] * B[n + N*k] + C[m + M*n], exactly (int64 or float64).

    With numpy the product is one int64 / float64 matrix product (exact: every partial sum is a
    small integer); without it, plain Python loops give the same numbers.
    """
    if _np is not None and not any(math.isnan(x) for x in a + b + c):
        dtype = _np.int64 if integer else _np.float64
        ma = _np.array(a, dtype=dtype).reshape(k, m).T  # column-major (M,K)
        mb = _np.array(b, dtype=dtype).reshape(k, n).T  # (N,K)
        mc = _np.array(c, dtype=dtype).reshape(n, m).T  # (M,N)
        d = ma @ mb.T + mc
        return [float(x) for x in d.T.reshape(-1)]
    return reference_product_python(m, n, k, a, b, c, integer)


def instruction_result(p: MmaPlan, a: list[float], b: list[float], c: list[float],
                       positions: Optional[list[list[list[int]]]] = None) -> list[float]:
    """D of the plan's instruction: A*B^T + C, or for a binary MMA C + popc(A op B) over K.

    and.popc is the ordinary product of 0/1 values; xor.popc counts a != b, which is
    sum_k a + sum_k b - 2 (a . b) per (m, n). A sparse A (compressed) is decompressed first by
    its nonzeros' `positions`.
    """
    integer = not p.case.types["c"].startswith(("f", "bf", "tf"))
    if p.case.sparse is not None:
        assert positions is not None
        a = sparsity.dense_a(p.case.sparse, p.m, p.k, a, positions)
    if not p.case.opcode.endswith(".xor.popc"):
        return reference_product(p.m, p.n, p.k, a, b, c, integer)
    dot = reference_product(p.m, p.n, p.k, a, b, [0.0] * (p.m * p.n), True)
    rows = [sum(a[i + p.m * kk] for kk in range(p.k)) for i in range(p.m)]
    cols = [sum(b[j + p.n * kk] for kk in range(p.k)) for j in range(p.n)]
    return [c[i + p.m * j] + rows[i] + cols[j] - 2 * dot[i + p.m * j] for j in range(p.n) for i in range(p.m)]


def reference_product_python(m: int, n: int, k: int, a: list[float], b: list[float], c: list[float],
                             integer: bool) -> list[float]:
    out = [0.0] * (m * n)
    for j in range(n):
        for i in range(m):
            if integer:
                acc_i = int(c[i + m * j])
                for kk in range(k):
                    acc_i += int(a[i + m * kk]) * int(b[j + n * kk])
                out[i + m * j] = float(acc_i)
            else:
                acc = c[i + m * j]
                for kk in range(k):
                    acc += a[i + m * kk] * b[j + n * kk]
                out[i + m * j] = acc
    return out


def _pack(type_name: str, values: list[float]) -> bytes:
    from atomgen.probe.values import element_type

    width = element_type(type_name).storage
    return b"".join(encode(type_name, v).to_bytes(width, "little") for v in values)


def _unpack(type_name: str, data: bytes) -> list[float]:
    from atomgen.probe.values import element_type

    width = element_type(type_name).storage
    return [decode(type_name, int.from_bytes(data[i:i + width], "little")) for i in range(0, len(data), width)]


_NUMPY_TYPES = {"f32": "<f4", "f64": "<f8", "f16": "<f2", "i32": "<i4", "si32": "<i4"}


def _unpack_fast(type_name: str, data: bytes) -> list[float]:
    if _np is not None and type_name in _NUMPY_TYPES:
        return [float(x) for x in _np.frombuffer(data, dtype=_NUMPY_TYPES[type_name])]
    return _unpack(type_name, data)


def mma_input_bytes(p: MmaPlan, data: MmaData) -> bytes:
    sections = mma_input_sections(p)
    buffer = bytearray(total(sections))
    for role, values in (("a", data.a), ("b", data.b), ("c", data.c)):
        offset, count = sections[role]
        buffer[offset:offset + count] = _pack(p.case.types[role], values)
    if data.words is not None:
        offset, count = sections["e"]
        buffer[offset:offset + count] = b"".join(word.to_bytes(4, "little") for word in data.words)
    return bytes(buffer)


def copy_tile(p: CopyPlan) -> bytes:
    units = p.tile_bits // 16
    return b"".join(((u + 1) & 0xFFFF).to_bytes(2, "little") for u in range(units)) + bytes(
        (p.tile_bits % 16) // 8
    )


def input_bytes(planned: Union[MmaPlan, CopyPlan, TmaPlan]) -> bytes:
    if isinstance(planned, TmaPlan):
        return tma.input_bytes(planned)
    if isinstance(planned, MmaPlan):
        key = _data_key(planned)
        if key not in _BYTES:
            if len(_BYTES) > 4096:
                _BYTES.clear()
            _BYTES[key] = mma_input_bytes(planned, mma_inputs(planned))
        return _BYTES[key]
    data = copy_tile(planned)
    return data + bytes(align(len(data)) - len(data))


# ---------------------------------------------------------------- comparison

@dataclass
class Verdict:
    passed: bool
    checked: int  # elements (MMA) or 16-bit units (copies) compared
    mismatches: int
    first_mismatch: Optional[dict[str, Any]]


def _holder(table: tuple[tuple[int, ...], ...], index: int) -> Optional[tuple[int, int]]:
    for t, row in enumerate(table):
        for v, at in enumerate(row):
            if at == index:
                return t, v
    return None


def compare_mma(p: MmaPlan, output: bytes) -> Verdict:
    data = mma_inputs(p)
    kind_c = p.case.types["c"]
    expected = instruction_result(p, data.a, data.b, data.c, data.positions)
    outs = mma_output_sections(p)
    if len(output) < total(outs):
        return Verdict(False, 0, p.m * p.n, {"error": f"short output: {len(output)} bytes"})
    d_off, d_len = outs["d"]
    got = _unpack_fast(kind_c, output[d_off:d_off + d_len])
    c_off = outs["count"][0]
    counts = [int.from_bytes(output[c_off + 4 * i:c_off + 4 * i + 4], "little") for i in range(p.m * p.n)]
    first: Optional[dict[str, Any]] = None
    bad = 0
    for index in range(p.m * p.n):
        same = got[index] == expected[index] or (math.isnan(got[index]) and math.isnan(expected[index]))
        if same and counts[index] == 1:
            continue
        bad += 1
        if first is None:
            row, col = index % p.m, index // p.m
            holder = _holder(p.c.table, index)
            first = {
                "m": row,
                "n": col,
                "expected": expected[index],
                "got": got[index],
                "writes": counts[index],
                "spec_c_holder": {"thread": holder[0], "value": holder[1]} if holder else None,
            }
    return Verdict(bad == 0, p.m * p.n, bad, first)


def compare_copy(p: CopyPlan, output: bytes) -> Verdict:
    expected = copy_tile(p)
    first: Optional[dict[str, Any]] = None
    bad = 0
    units = len(expected) // 2
    if len(output) < len(expected):
        return Verdict(False, 0, units, {"error": f"short output: {len(output)} bytes"})
    for u in range(units):
        want = int.from_bytes(expected[2 * u:2 * u + 2], "little")
        have = int.from_bytes(output[2 * u:2 * u + 2], "little")
        if want == have:
            continue
        bad += 1
        if first is None:
            first = {"bit": 16 * u, "expected": f"0x{want:04X}", "got": f"0x{have:04X}",
                     "note": "0xFFFF: no thread wrote this position" if have == 0xFFFF else ""}
    return Verdict(bad == 0, units, bad, first)


def compare(planned: Union[MmaPlan, CopyPlan, TmaPlan], output: bytes) -> Verdict:
    if isinstance(planned, TmaPlan):
        return tma.compare(planned, output)  # type: ignore[no-any-return]
    if isinstance(planned, MmaPlan):
        return compare_mma(planned, output)
    return compare_copy(planned, output)


# ---------------------------------------------------------------- hardware simulation (tests)

def simulate(case: Any, truth: dict[str, Layout]) -> bytes:
    """The output the generated program would produce if the hardware followed `truth`.

    The program places inputs and reads outputs by the case's (spec's) layouts; the
    simulated instruction interprets each thread's registers by the true layouts.
    """
    planned = plan(case)
    if isinstance(planned, TmaPlan):
        return tma.simulate(planned)
    if isinstance(planned, MmaPlan):
        return _simulate_mma(planned, truth)
    return _simulate_copy(planned, truth)


def _simulate_mma(p: MmaPlan, truth: dict[str, Layout]) -> bytes:
    data = mma_inputs(p)
    true_plan = plan_mma(_with_layouts(p.case, truth))

    def hardware_view(spec_op: Union[RegOperand, SmemOperand], true_op: Union[RegOperand, SmemOperand],
                      values: list[float]) -> list[float]:
        seen = [math.nan] * len(values)
        if isinstance(spec_op, SmemOperand) and isinstance(true_op, SmemOperand):
            for v, index in enumerate(spec_op.table):  # value v sits at logical (v % R, v // R)
                seen[true_op.table[v]] = values[index]
            return seen
        assert isinstance(spec_op, RegOperand) and isinstance(true_op, RegOperand)
        for t, row in enumerate(spec_op.table):
            for v, index in enumerate(row):
                seen[true_op.table[t][v]] = values[index]
        return seen

    a_hw = hardware_view(p.a, true_plan.a, data.a)
    b_hw = hardware_view(p.b, true_plan.b, data.b)
    c_hw = hardware_view(p.c, true_plan.c, data.c)
    positions_hw = None
    if p.case.sparse is not None and data.words is not None:  # the indices as the true e layout reads them
        positions_hw = sparsity.decode_words(p.case.sparse, true_plan.case.layouts["e"], p.m, p.k, data.words)
    d_hw = instruction_result(p, a_hw, b_hw, c_hw, positions_hw)
    outs = mma_output_sections(p)
    buffer = bytearray(total(outs))
    width = p.c.type.bits // 8
    d_off = outs["d"][0]
    buffer[d_off:d_off + outs["d"][1]] = b"\xff" * outs["d"][1]
    counts = [0] * (p.m * p.n)
    for t, row in enumerate(p.c.table):
        for v, index in enumerate(row):
            value = d_hw[true_plan.c.table[t][v]]
            bits = encode(p.case.types["c"], value) if not math.isnan(value) else (1 << (8 * width)) - 1
            buffer[d_off + width * index:d_off + width * (index + 1)] = bits.to_bytes(width, "little")
            counts[index] += 1
    c_off = outs["count"][0]
    for index, count in enumerate(counts):
        buffer[c_off + 4 * index:c_off + 4 * index + 4] = count.to_bytes(4, "little")
    return bytes(buffer)


def _with_layouts(case: Any, truth: dict[str, Layout]) -> Any:
    from dataclasses import replace

    layouts = dict(case.layouts)
    layouts.update(truth)
    return replace(case, layouts=layouts, mutation=None)


def _bits_of(data: bytes) -> list[int]:
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(8 * len(data))]


def _simulate_copy(p: CopyPlan, truth: dict[str, Layout]) -> bytes:
    tile = _bits_of(copy_tile(p))
    true_plan = plan_copy(_with_layouts(p.case, truth))
    out = [1] * p.tile_bits
    threads = p.case.threads
    if p.case.family == "ldmatrix":
        # Thread t addresses row SRC_OFF[t] (spec); the hardware gives lane t the bits its true
        # dst layout names, relative to the rows the lanes addressed (true src layout).
        true_src = thread_table(true_plan.case.layouts["src"], threads)
        true_dst = thread_table(true_plan.case.layouts["dst"], threads)
        row_owner: dict[int, tuple[int, int]] = {}
        for t in range(threads):
            for v in range(len(true_src[t])):
                row_owner.setdefault(true_src[t][v], (t, v))
        registers = []
        for t in range(threads):
            bits = []
            for bit in true_dst[t]:
                owner, offset = row_owner[bit]
                bits.append(tile[8 * p.src_offsets[owner] + offset])
            registers.append(bits)
        for t in range(threads):
            for c, at in enumerate(p.positions[t]):
                for j in range(p.chunk):
                    out[at + j] &= registers[t][c * p.chunk + j]
                    if registers[t][c * p.chunk + j] == 0:
                        out[at + j] = 0
    elif p.case.family == "stmatrix":
        registers = [[0] * (32 * p.regs) for _ in range(threads)]
        for t in range(threads):
            for c, at in enumerate(p.positions[t]):
                for j in range(p.chunk):
                    registers[t][c * p.chunk + j] = tile[at + j]
        true_src = thread_table(true_plan.case.layouts["src"], threads)
        true_dst = thread_table(true_plan.case.layouts["dst"], threads)
        where: dict[int, tuple[int, int]] = {}
        for t in range(threads):
            for v, bit in enumerate(true_src[t]):
                where[bit] = (t, v)
        for t in range(threads):
            for v, bit in enumerate(true_dst[t]):
                owner, offset = where[bit]
                out[8 * p.dst_offsets[t] + v] = registers[owner][offset]
    else:
        for t in range(threads):
            for v in range(p.row_bits):
                out[8 * p.dst_offsets[t] + v] = tile[8 * p.src_offsets[t] + v]
    data = bytearray(align(p.tile_bytes))
    data[:] = b"\xff" * len(data)
    for i in range(p.tile_bits):
        if out[i] == 0:
            data[i // 8] &= ~(1 << (i % 8)) & 0xFF
    return bytes(data)


def true_layout_images_equal(a: Layout, b: Layout) -> bool:
    return image(a) == image(b)
