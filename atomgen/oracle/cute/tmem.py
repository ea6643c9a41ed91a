"""Compare a spec's tensor-memory layouts (tcgen05) with CuTe's TMEM fragments.

CuTe gives the accumulator's TMEM fragment of one MMA tile as a layout from the tile's (M,N)
coordinate (column-major index) to a TMEM address, lane << 16 | column (UMMA::tmem_frg); the
spec gives one from (thr, val) to the same address. They agree when every (thr, val) lands on
the same address: spec_tmem(t, v) == cute_tmem(c(t, v)), c being the spec's C layout. For a CTA
pair (exceptions.ctas: 2) each thread is a CTA with its own tensor memory, and CuTe's fragment is
that of one CTA's half (its C layout's value mode): spec_tmem(t, v) == cute_tmem(v) for each CTA t,
the C layouts themselves being compared before.

CuTe counts a TMEM address in units of the fragment's type below the lane (lane << 16 of 32-bit
columns, times 32 / bits); the spec counts cells of its cell_bits. C's record comes with its
strides already in 32-bit cells (cpp.record); A's (the .ts form: 16- and 8-bit elements share
a column) comes with its value bits, and each of its addresses is converted to the spec's cells.

CuTe's fragment of an operand that must be in tensor memory twice (TmemAllocMode::Duplicated)
has the copies as more rows: a tile of R rows gets R x copies, row i of copy c being row
i + R c. The spec's copies (tensor_memory.<role>.copies) are compared with those rows, and a
fragment with more (or fewer) addresses than the spec places is a difference, not a prefix.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional, Sequence

from atomgen.layout.algebra import Layout, flatten, format_layout, from_json, image, mode, size
from atomgen.spec.expr import ExprError, evaluate
from atomgen.spec.tensor_memory import LANE_STRIDE, copies_at, evaluate_layout, rows_of
from atomgen.spec.variables import piece_matches


def differences(spec: Any, evaluated: Any, answer: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(role, message, spec layout, CuTe layout) for each TMEM operand that differs; [] when all agree."""
    found: list[tuple[str, str, str, str]] = []
    for role, operand in getattr(spec, "tensor_memory", {}).items():
        record = (answer.get("tensor_memory") or {}).get(role)
        tile = evaluated.operands.get(role)
        piece = next((p for p in operand.pieces if piece_matches(p, evaluated.instance, evaluated.variables)), None)
        if record is None or tile is None or piece is None or piece.parsed is None:
            found.append((role, f"no TMEM layout of '{role}' to compare (CuTe or the spec gives none)", "", ""))
            continue
        try:
            mine = evaluate_layout(piece, evaluated.variables)
        except ExprError as error:
            found.append((role, f"tensor_memory.{role}: {error.message}", "", ""))
            continue
        try:
            _, offsets = copies_at(operand, evaluated.instance, evaluated.variables)
        except ExprError as error:
            found.append((role, f"tensor_memory.{role}.copies: {error.message}", "", ""))
            continue
        theirs = Layout(from_json(record["shape"]), from_json(record["stride"]))
        convert = _to_cells(int(record["value_bits"]), operand.cell_bits) if "value_bits" in record else None
        message = _first_difference(mine, tile.layout, theirs, getattr(spec, "ctas", 1) > 1, convert, offsets)
        if message is not None:
            found.append((role, message, format_layout(mine), format_layout(theirs)))
    return found


def scale_factor_differences(spec: Any, evaluated: Any, answer: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """The same for a block-scaled spec's scale-factor tiles (roles sf_a, sf_b): CuTe's tmem_sf_frg maps
    ((rows x copies, (VS, K / VS))) to addresses in units of the factor type; the VS elements of one block
    share their factor (stride 0), so the block mode is dropped and (row, factor) compared as a tile of
    rows x K / VS."""
    factors = getattr(spec, "scale_factors", None)
    if factors is None:
        return []
    found: list[tuple[str, str, str, str]] = []
    variables = evaluated.variables
    for role, operand in factors.operands.items():
        name = f"sf_{role}"
        record = (answer.get("tensor_memory") or {}).get(f"sf{role}")
        piece = next((p for p in operand.pieces if piece_matches(p, evaluated.instance, variables)), None)
        if record is None or piece is None or piece.parsed is None:
            found.append((name, f"no scale-factor TMEM layout of {role.upper()} to compare (CuTe or the spec gives "
                          "none)", "", ""))
            continue
        try:
            mine = evaluate_layout(piece, variables)
            rows = rows_of(operand, variables)
            _, offsets = copies_at(operand, evaluated.instance, variables)
            per_row = variables["k"] // evaluate(factors.vector_size, variables)
        except (ExprError, KeyError, TypeError) as error:
            found.append((name, f"scale_factors.{role}: {error}", "", ""))
            continue
        theirs = _without_block(Layout(from_json(record["shape"]), from_json(record["stride"])),
                                int(record["vector_size"]))
        if theirs is None:
            found.append((name, f"CuTe's scale-factor fragment of {role.upper()} is not ((rows, (VS, K / VS))) with "
                          "the block mode at stride 0", "", format_layout(Layout(from_json(record["shape"]),
                                                                                 from_json(record["stride"])))))
            continue
        ctas = getattr(spec, "ctas", 1)  # a pair: each CTA's factors in its own TMEM, CuTe's fragment one CTA's
        tile = Layout((ctas, (rows, per_row)), (0, (1, rows)))
        message = _first_difference(mine, tile, theirs, ctas > 1,
                                    _to_cells(int(record["value_bits"]), operand.cell_bits), offsets)
        if message is not None:
            found.append((name, message, format_layout(mine), format_layout(theirs)))
    return found


def _without_block(layout: Layout, vector_size: int) -> Optional[Layout]:
    """((rows), (VS, factors)) -> ((rows), factors), when the VS mode is there at stride 0."""
    rows, factors = mode(layout, 0), mode(layout, 1)
    shape, stride = factors.shape, factors.stride
    if not isinstance(shape, tuple) or len(shape) != 2 or shape[0] != vector_size or stride[0] != 0:
        return None
    return Layout((rows.shape, shape[1]), (rows.stride, stride[1]))


def _to_cells(value_bits: int, cell_bits: int) -> Callable[[int], int]:
    """CuTe's address in units of `value_bits` -> lane * 65536 + the spec's cell of `cell_bits`."""
    lane_stride = LANE_STRIDE * 32 // value_bits

    def convert(address: int) -> int:
        lane, unit = divmod(address, lane_stride)
        return lane * LANE_STRIDE + unit * value_bits // cell_bits

    return convert


def _first_difference(mine: Layout, tile: Layout, theirs: Layout, per_cta: bool = False,
                      convert: Optional[Callable[[int], int]] = None, offsets: Sequence[int] = (0,)) -> Optional[str]:
    cute_addresses = image(theirs)
    if convert is not None:
        cute_addresses = [convert(address) for address in cute_addresses]
    spec_values = [t + v for t in image(mode(mine, 0)) for v in image(mode(mine, 1))]
    elements = size(mode(tile, 1))  # of one CTA's tile (per_cta), or of the whole one-thread tile
    if per_cta:  # each CTA's values index its own half, as CuTe's fragment does
        coords = list(range(elements)) * size(mode(tile, 0))
    else:
        coords = [t + v for t in image(mode(tile, 0)) for v in image(mode(tile, 1))]
    if len(spec_values) != len(coords):
        return f"TMEM layout has {len(spec_values)} points, the operand layout {len(coords)}"
    copies = len(offsets)
    if len(cute_addresses) != copies * elements:
        return (f"CuTe's TMEM fragment places {len(cute_addresses)} addresses for a tile of {elements} elements "
                f"({len(cute_addresses) / elements:g} each), the spec {copies} each")
    rows = flatten(mode(tile, 1).shape)[0]  # the tile's first (M or N) extent: CuTe's copies are more rows
    for copy, offset in enumerate(offsets):
        if copies == 1:
            wanted = coords
        else:  # element (i, rest) of copy c is CuTe's row i + rows c of a copies-times-taller tile
            wanted = [coord % rows + rows * copy + rows * copies * (coord // rows) for coord in coords]
        if coords and min(wanted) >= 0 and max(wanted) < len(cute_addresses) \
                and [cute_addresses[w] for w in wanted] == [value + offset for value in spec_values]:
            continue  # all agree: the common case, in one pass (a 128 x 256 tile has 32768 points)
        for index, (address, coord) in enumerate(zip(spec_values, wanted)):
            if not 0 <= coord < len(cute_addresses):
                return f"tile coordinate {coord} outside CuTe's TMEM fragment of {len(cute_addresses)} elements"
            cute_address, address = cute_addresses[coord], address + offset
            if address != cute_address:
                below = "column" if convert is None else "cell"  # A's addresses count cells of the spec's cell_bits
                which = f" copy {copy}" if copies > 1 else ""
                return (f"TMEM address of element {coords[index]}{which} (point {index}): spec lane {address >> 16} "
                        f"{below} {address & 0xFFFF}, CuTe lane {cute_address >> 16} {below} {cute_address & 0xFFFF}")
    return None


CUTE_LANE_BITS = 1 << 21  # CuTe's TMEM::DP_b: the lane stride of a bit address


def copy_tmem_differences(spec: Any, evaluated: Any, answer: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """A tensor-memory copy (tcgen05.ld / st / cp) against CuTe's Copy_Traits, as the relation
    element -> the TMEM bit addresses it occupies.

    The element is what the tensor-memory side holds: its index in the reference tile (tcgen05.ld / st),
    or, for the one-thread tcgen05.cp, the shared-memory element the source reads, since CuTe's UTCCP tile
    is the tensor-memory side with the multicast as a stride-0 mode of its source while the spec's tile is
    the shared-memory matrix with the multicast as `copies`. CuTe's addresses are ValID of its
    tensor-memory-side index; each side's element indices are ranked (CuTe's 4x256b source indexes a
    128-lane tile of which it uses four rows). The relations must be equal as sets."""
    found: list[tuple[str, str, str, str]] = []
    cute_val_id = answer.get("tmem_val_id")
    for role, operand in getattr(spec, "tensor_memory", {}).items():
        data_role = "src" if spec.threads == 1 else role
        tile, data = evaluated.operands.get(role), evaluated.operands.get(data_role)
        piece = next((p for p in operand.pieces if piece_matches(p, evaluated.instance, evaluated.variables)), None)
        layouts = answer.get("layouts") or {}
        if cute_val_id is None or tile is None or data is None or piece is None or role not in layouts \
                or data_role not in layouts:
            found.append((role, f"no TMEM layout of '{role}' to compare (CuTe or the spec gives none)", "", ""))
            continue
        try:
            mine = evaluate_layout(piece, evaluated.variables)
            _, offsets = copies_at(operand, evaluated.instance, evaluated.variables)
        except ExprError as error:
            found.append((role, f"tensor_memory.{role}: {error.message}", "", ""))
            continue
        if size(mine) != size(data.layout):
            found.append((role, f"tensor_memory.{role} has {size(mine)} points, the operand layout "
                          f"{size(data.layout)}", format_layout(mine), ""))
            continue
        spec_relation = _relation(data.layout, mine, partial(_spec_bit, operand.cell_bits), offsets)
        theirs = Layout(from_json(cute_val_id["shape"]), from_json(cute_val_id["stride"]))
        side = _cute_layout(layouts[role])
        cute_data = _cute_layout(layouts[data_role])
        addresses = image(theirs)
        if max(image(side)) >= len(addresses):
            found.append((role, f"CuTe's {role} layout reaches past its ValID ({len(addresses)} values)", "",
                          format_layout(theirs)))
            continue
        cute_relation = _relation(cute_data, side, partial(_cute_bit, addresses), (0,))
        message = _relation_difference(spec_relation, cute_relation)
        if message is not None:
            found.append((role, message, format_layout(mine), format_layout(theirs)))
    return found


def _spec_bit(cell_bits: int, address: int) -> int:
    """The spec's lane * 65536 + cell -> lane * 65536 + bit."""
    lane, cell = divmod(address, LANE_STRIDE)
    return lane * LANE_STRIDE + cell * cell_bits


def _cute_bit(val_id: list[int], index: int) -> int:
    """CuTe's ValID(index), lane * 2^21 + bit -> lane * 65536 + bit."""
    lane, bit = divmod(val_id[index], CUTE_LANE_BITS)
    return lane * LANE_STRIDE + bit


def _cute_layout(record: dict[str, Any]) -> Layout:
    return Layout(from_json(record["shape"]), from_json(record["stride"]))


def _relation(data: Layout, side: Layout, address: Callable[[int], int],
              offsets: Sequence[int]) -> dict[int, frozenset[int]]:
    """Ranked element index -> the TMEM bit addresses (lane * 65536 + bit) it is written to, over every
    (thr, val): `address` of the side's value plus each copy's offset (CuTe's side value is an index into
    ValID, the spec's an address in its cells). Threads whose modes are all stride 0 on both layouts are
    the same thread: only the first is walked."""
    threads = size(mode(data, 0)) if len(data.shape) == 2 else 1  # type: ignore[arg-type]
    replicated = threads > 1 and set(image(mode(data, 0))) == {0} and set(image(mode(side, 0))) == {0}
    points = size(data) // threads if replicated else size(data)
    by_element: dict[int, set[int]] = {}
    for element, at in zip(image(data)[:points], image(side)[:points], strict=True):
        by_element.setdefault(element, set()).update(address(at + offset) for offset in offsets)
    return {rank: frozenset(by_element[element]) for rank, element in enumerate(sorted(by_element))}


def _relation_difference(mine: dict[int, frozenset[int]], theirs: dict[int, frozenset[int]]) -> Optional[str]:
    if len(mine) != len(theirs):
        return f"the spec writes {len(mine)} elements to tensor memory, CuTe {len(theirs)}"
    if mine == theirs:
        return None
    if set(mine.values()) == set(theirs.values()):
        element = next(e for e in sorted(mine) if mine[e] != theirs[e])
        return (f"the same TMEM bits, grouped the same way (one group per element, its copies), but CuTe numbers "
                f"the elements in another order: element {element} is spec {_bits(mine[element])}, CuTe "
                f"{_bits(theirs[element])}")
    for element in sorted(mine):
        if mine[element] != theirs[element]:
            return f"TMEM bits of element {element}: spec {_bits(mine[element])}; CuTe {_bits(theirs[element])}"
    return None


def _bits(addresses: frozenset[int]) -> str:
    return ", ".join(f"lane {a >> 16} bit {a & 0xFFFF}" for a in sorted(addresses)[:4])
