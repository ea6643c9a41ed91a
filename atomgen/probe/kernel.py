"""CUDA C++ source for one probe case: a self-contained program (kernel + host main).

The kernel reads the reference tiles from global memory and gives every thread exactly the
values the spec's layouts assign to it (index tables generated from the layouts), packs them
into registers, runs the instruction through inline PTX, and writes every output register
back to the position the spec's layout names. The host main only moves bytes:

    probe INPUT OUTPUT          run once: INPUT holds the tiles, OUTPUT gets the result
    probe INPUT OUTPUT time     MMAs: also time a long loop of the instruction (stdout)

The CUDA text lives in templates/probe/ (program, mma, copy, tma .cu.j2); this module plans
the case, lays out the data files and hands the templates numbers and names. Spec text (paths,
ids, the instruction) reaches the source only through cpp_comment / cpp_string. The source
depends only on the case, so it is byte-for-byte deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any, Sequence, Union

from atomgen.probe.cases import CaseError, ProbeCase, format_layout
from atomgen.probe.plan import CopyPlan, MmaPlan, RegOperand, SmemOperand, plan_copy, plan_mma
from atomgen.probe.tma import ELEMENT_BYTES, TmaPlan, plan_tma
from atomgen.render.engine import render

NVCC_ARCH = "-gencode=arch=compute_90a,code=sm_90a"
ALIGN = 256
TIME_ITERS = 2048


def align(value: int) -> int:
    return -(-value // ALIGN) * ALIGN


Planned = Union[MmaPlan, CopyPlan, TmaPlan]
_PLANS: dict[tuple[str, str], Planned] = {}


def plan(case: ProbeCase) -> Planned:
    """The case's index tables (memoized: planning a 64x256 wgmma is not free)."""
    if case.skip:
        raise CaseError(case.skip)
    key = (case.slug, repr(sorted(case.layouts.items())) + repr(case.types) + case.opcode + repr(case.tma))
    found = _PLANS.get(key)
    if found is None:
        if case.family == "tma":
            found = plan_tma(case)
        else:
            found = plan_mma(case) if case.kind == "mma" else plan_copy(case)
        if len(_PLANS) > 4096:
            _PLANS.clear()
        _PLANS[key] = found
    return found


# ---------------------------------------------------------------- layout of the data files

def mma_input_sections(p: MmaPlan) -> dict[str, tuple[int, int]]:
    """name -> (byte offset, byte size) in the input file: A, B, C tiles (column-major)."""
    a_k = p.case.sparse.k_packed if p.case.sparse is not None else p.k  # a sparse A: its nonzeros
    sizes = {
        "a": p.m * a_k * p.a.type.storage,
        "b": p.n * p.k * p.b.type.storage,
        "c": p.m * p.n * p.c.type.storage,
    }
    if p.e is not None:
        sizes["e"] = 4 * len(p.e.table)  # one metadata word per lane
    sections, offset = {}, 0
    for name, count in sizes.items():
        sections[name] = (offset, count)
        offset += align(count)
    return sections


def mma_output_sections(p: MmaPlan) -> dict[str, tuple[int, int]]:
    """D tile (prefilled with 0xFF) then one u32 write count per element of D."""
    d_bytes = p.m * p.n * p.c.type.bits // 8
    return {"d": (0, d_bytes), "count": (align(d_bytes), 4 * p.m * p.n)}


def total(sections: dict[str, tuple[int, int]]) -> int:
    return max(align(offset + count) for offset, count in sections.values())


# ---------------------------------------------------------------- CUDA source (templates/probe/)

@dataclass(frozen=True, slots=True)
class Table:
    """An index table as the templates lay it out: `extents` [rows][columns] or [values];
    `rows` the numbers as text, one row (or 32 values of a flat table) each."""

    name: str
    extents: tuple[int, ...]
    rows: tuple[str, ...]


def _numbers(values: Sequence[int]) -> str:
    return ", ".join(map(str, values))


def _table(name: str, rows: Sequence[Sequence[int]]) -> Table:
    return Table(name, (len(rows), len(rows[0])), tuple(_numbers(row) for row in rows))


def _flat(name: str, values: Sequence[int]) -> Table:
    return Table(name, (len(values),), tuple(_numbers(values[i:i + 32]) for i in range(0, len(values), 32)))


def _render(template: str, case: ProbeCase, **context: Any) -> str:
    layouts = [(role, format_layout(layout)) for role, layout in sorted(case.layouts.items())]
    return render(f"probe/{template}", case=case, layouts=layouts, **context)


def _wgmma_tail(p: MmaPlan) -> tuple[int, ...]:
    """The immediates after the scale-d predicate, which depend on the A/B type."""
    tokens = p.case.opcode.split(".")
    shape_at = next((i for i, tok in enumerate(tokens) if tok.startswith("m") and "n" in tok and "k" in tok), 0)
    atype = tokens[shape_at + 2] if len(tokens) > shape_at + 2 else ""
    if atype in ("f16", "bf16"):
        return (1, 1, 0, 0) if isinstance(p.a, SmemOperand) else (1, 1, 0)
    if atype in ("tf32", "e4m3", "e5m2"):
        return (1, 1)
    return ()


def _asm_operands(p: MmaPlan) -> dict[str, Any]:
    """The inline-asm operand numbers: D's registers first, then A and B (a descriptor or
    registers each), then wgmma's scale-d predicate; and the input operands in that order."""
    position = p.c.regs
    sources: list[tuple[list[int], bool]] = []
    inputs: list[tuple[str, str]] = []
    for op in (p.a, p.b):
        if isinstance(op, SmemOperand):
            sources.append(([position], True))
            inputs.append(("l", f"desc_{op.role}"))
            position += 1
        else:
            sources.append((list(range(position, position + op.regs)), False))
            inputs += [(op.constraint, f"{op.role}{r}") for r in range(op.regs)]
            position += op.regs
    meta = position
    if p.e is not None:  # sparse: the metadata register (the selector is an immediate)
        inputs.append(("r", "e0"))
        position += 1
    if p.case.family not in ("mma_sync", "mma_sp"):  # wgmma's scale-d predicate
        inputs.append(("r", "1"))
    return {"d": list(range(p.c.regs)), "a": sources[0], "b": sources[1], "inputs": inputs, "pred": position,
            "tail": _wgmma_tail(p), "meta": meta,
            "selector": p.case.sparse.selector if p.case.sparse is not None else 0}


def mma_part(p: MmaPlan, timed: bool, atom: Any = None) -> str:
    """Tables, kernels and the `run` function of one MMA case (to be put in its namespace); with `atom`
    (atomgen/probe/atoms.py AtomFunction) the generated atom's function runs in place of the inline PTX."""
    case = p.case
    loads = [(op, op.role.upper(), op.role) for op in (p.a, p.b) if isinstance(op, RegOperand)]
    tables = [_table(f"{op.role.upper()}_IDX", op.table) if isinstance(op, RegOperand)
              else _flat(f"{op.role.upper()}_SIDX", op.table) for op in (p.a, p.b)]
    tables.append(_table("C_IDX", p.c.table))
    if p.e is not None:
        tables.append(_table("E_IDX", p.e.table))
    if case.lanes:
        # A lane group (sm70 quad-pair): lane -> atom thread; the other lanes run their own tile
        # on copies of thread 0's inputs and write nothing.
        owner = {lane: t for t, lane in enumerate(_lanes_of(case))}
        tables.append(_flat("LANE_THREAD", [owner.get(lane, case.threads) for lane in range(case.lanes)]))
    blocks, threads, chains = time_geometry(p)
    ins, outs = mma_input_sections(p), mma_output_sections(p)
    metadata = [(p.e, "E", "e")] if p.e is not None else []  # mma.sp: the lane's metadata word
    return _render(
        "mma.cu.j2", case, p=p, tables=tables, smem=[op for op in (p.a, p.b) if isinstance(op, SmemOperand)],
        loads=[*loads, *metadata, (p.c, "C", "d")], asm=_asm_operands(p), lanes=case.lanes or case.threads,
        member=bool(case.lanes), ins=ins, outs=outs, in_bytes=total(ins), out_bytes=total(outs),
        timed=timed and atom is None, atom=atom,
        time={"blocks": blocks, "threads": threads, "chains": chains, "iterations": TIME_ITERS,
              "flop": time_flop(p)},
    )


def _lanes_of(case: ProbeCase) -> tuple[int, ...]:
    """The lane of each atom thread: the thread layout's image."""
    from atomgen.layout.algebra import image

    return tuple(image(case.layouts["thr"])) if "thr" in case.layouts else tuple(range(case.threads))


def time_geometry(p: MmaPlan) -> tuple[int, int, int]:
    """(blocks, threads per block, independent accumulators per thread group) of the timing run."""
    if p.case.family == "wgmma":
        return 132 * 4, p.case.threads, 1
    return 132 * 8, 8 * p.case.threads, 4


def time_flop(p: MmaPlan) -> int:
    blocks, threads, chains = time_geometry(p)
    groups = blocks * (threads // p.case.threads)
    per = 4 if p.case.family == "wgmma" else chains
    return 2 * p.m * p.n * p.k * TIME_ITERS * per * groups


def copy_part(p: CopyPlan, atom: Any = None) -> str:
    """Tables, kernel and the `run` function of one copy case (to be put in its namespace); with `atom`
    the generated atom's function moves the data in place of the inline PTX."""
    tables = [_table("POS", p.positions)] if p.positions else []
    tables += [_flat(name, values) for name, values in (("SRC_OFF", p.src_offsets), ("DST_OFF", p.dst_offsets))
               if values]
    return _render("copy.cu.j2", p.case, p=p, tables=tables, words=p.tile_bits // 32, tile_bytes=align(p.tile_bytes),
                   atom=atom)


def tma_part(p: TmaPlan, atom: Any = None) -> str:
    """Kernel and `run` of one TMA case (to be put in its namespace); `atom` as for copy_part."""
    from atomgen.probe import tma_more

    if p.direction in tma_more.DIRECTIONS:  # multicast, reduce, im2col, bulk: templates/probe/tma_more.cu.j2
        return _render("tma_more.cu.j2", p.case, p=p, atom=atom, **tma_more.kernel_context(p))
    status_at = align(p.output_elements * ELEMENT_BYTES)
    strides = tuple(prod(p.dims[:i + 1]) * ELEMENT_BYTES for i in range(p.rank - 1)) or (0,)
    return _render("tma.cu.j2", p.case, p=p, element_bytes=ELEMENT_BYTES, strides=strides, status_at=status_at,
                   in_bytes=align(p.input_elements * ELEMENT_BYTES), out_bytes=status_at + 256, atom=atom)


def input_size(planned: Planned) -> int:
    if isinstance(planned, MmaPlan):
        return total(mma_input_sections(planned))
    if isinstance(planned, TmaPlan):
        from atomgen.probe.tma import input_bytes as tma_input_bytes

        return len(tma_input_bytes(planned))
    return align(planned.tile_bytes)


def output_size(planned: Planned) -> int:
    if isinstance(planned, MmaPlan):
        return total(mma_output_sections(planned))
    if isinstance(planned, TmaPlan):
        from atomgen.probe.tma import output_size as tma_output_size

        return tma_output_size(planned)
    return align(planned.tile_bytes)


def is_timed(case: ProbeCase) -> bool:
    """Which MMAs `--time` measures: every mma.sync, and wgmma at the widest tile (N = 256)."""
    if case.lanes:  # a lane group's timing loop would need the whole warp's tiles: not timed
        return False
    return case.family == "mma_sync" or (case.family == "wgmma" and case.mnk[1] == 256)


def program(cases: list[ProbeCase], timing: bool = False,
            atoms: Any = None) -> tuple[str, list[tuple[int, int]], int, int]:
    """One .cu program running `cases` in order (CaseError if one cannot be planned); with `atoms`
    (an atomgen/probe/atoms.py AtomIndex) each case calls its generated atom instead of inline PTX.

    Returns (source, [(input offset, output offset)] per case, input bytes, output bytes).
    """
    bodies: list[str] = []
    offsets: list[tuple[int, int]] = []
    in_total = out_total = 0
    for case in cases:
        planned = plan(case)
        atom = None
        if atoms is not None:
            atom = atoms.lookup_case(case)
            if atom is None:
                raise CaseError(f"no lowered atom function for {case.key} in {atoms.folder}")
        if isinstance(planned, MmaPlan):
            bodies.append(mma_part(planned, timing and is_timed(case), atom))
        elif isinstance(planned, TmaPlan):
            bodies.append(tma_part(planned, atom))
        else:
            bodies.append(copy_part(planned, atom))
        offsets.append((in_total, out_total))
        in_total += input_size(planned)
        out_total += output_size(planned)
    text = render("probe/program.cu.j2", bodies=bodies, offsets=offsets, in_total=in_total, out_total=out_total,
                  wgmma=any(c.family == "wgmma" for c in cases), tma=any(c.family == "tma" for c in cases),
                  im2col=any(c.tma is not None and c.tma[0] == "im2col" for c in cases))
    return text, offsets, in_total, out_total


def source(case: ProbeCase) -> str:
    """The complete .cu program for one case (CaseError if the probe cannot build one)."""
    return program([case])[0]
