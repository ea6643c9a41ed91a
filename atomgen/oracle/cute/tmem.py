"""Compare a spec's tensor-memory layouts (tcgen05) with CuTe's TMEM fragments.

CuTe gives the accumulator's TMEM fragment of one MMA tile as a layout from the tile's (M,N)
coordinate (column-major index) to a TMEM address, lane << 16 | column (UMMA::tmem_frg); the
spec gives one from (thr, val) to the same address. They agree when every (thr, val) lands on
the same address: spec_tmem(t, v) == cute_tmem(c(t, v)), c being the spec's C layout. For a CTA
pair (exceptions.ctas: 2) each thread is a CTA with its own tensor memory, and CuTe's fragment is
that of one CTA's half (its C layout's value mode): spec_tmem(t, v) == cute_tmem(v) for each CTA t,
the C layouts themselves being compared before.
"""

from __future__ import annotations

from typing import Any, Optional

from atomgen.layout.algebra import Layout, format_layout, from_json, image, mode, size
from atomgen.spec.expr import ExprError
from atomgen.spec.tensor_memory import evaluate_layout
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
        theirs = Layout(from_json(record["shape"]), from_json(record["stride"]))
        message = _first_difference(mine, tile.layout, theirs, getattr(spec, "ctas", 1) > 1)
        if message is not None:
            found.append((role, message, format_layout(mine), format_layout(theirs)))
    return found


def _first_difference(mine: Layout, tile: Layout, theirs: Layout, per_cta: bool = False) -> Optional[str]:
    cute_addresses = image(theirs)
    spec_values = [t + v for t in image(mode(mine, 0)) for v in image(mode(mine, 1))]
    if per_cta:  # each CTA's values index its own half, as CuTe's fragment does
        coords = list(range(size(mode(tile, 1)))) * size(mode(tile, 0))
    else:
        coords = [t + v for t in image(mode(tile, 0)) for v in image(mode(tile, 1))]
    if len(spec_values) != len(coords):
        return f"TMEM layout has {len(spec_values)} points, the operand layout {len(coords)}"
    if coords and min(coords) >= 0 and max(coords) < len(cute_addresses) \
            and [cute_addresses[coord] for coord in coords] == spec_values:
        return None  # all agree: the common case, in one pass (a 128 x 256 tile has 32768 points)
    for index, (address, coord) in enumerate(zip(spec_values, coords)):
        if not 0 <= coord < len(cute_addresses):
            return f"tile coordinate {coord} outside CuTe's TMEM fragment of {len(cute_addresses)} elements"
        cute_address = cute_addresses[coord]
        if address != cute_address:
            return (f"TMEM address of element {coord} (point {index}): spec lane {address >> 16} column "
                    f"{address & 0xFFFF}, CuTe lane {cute_address >> 16} column {cute_address & 0xFFFF}")
    return None
