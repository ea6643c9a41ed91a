"""`show --format grid`: each operand's reference tile as a text grid of `T<thr>V<val>`, like
CuTe's print_layout, coloured by thread on a terminal. Wide tiles are cut into column panels
that fit the terminal (or 120 columns when not on one), so a 64x256 wgmma accumulator stays
readable."""

from __future__ import annotations

from functools import lru_cache

from atomgen.layout import algebra
from atomgen.pictures.model import OperandPicture
from atomgen.pictures.palette import ANSI_RESET, cell_labels, cell_threads, replica_text, thread_ansi


def heading(operand: OperandPicture, element: bool = True) -> str:
    """What a picture shows; `element=False` leaves out an MMA operand's element type, which
    does not change its picture (so one SVG serves every element type of a shape)."""
    picture = operand.picture
    shown = element or operand.role in ("src", "dst", "ref")  # a copy is drawn in its element width
    return (
        f"{operand.label}: {algebra.format_layout(picture.layout)}  over {picture.row_name} x "
        f"{picture.col_name} = {picture.rows} x {picture.cols}{f' ({operand.element})' if shown else ''}, "
        f"{picture.threads} threads x {picture.values} values"
    )


@lru_cache(maxsize=4096)
def render_grid(operand: OperandPicture, width: int = 120, colour: bool = False) -> str:
    picture = operand.picture
    labels = cell_labels(picture)
    threads = cell_threads(picture)
    cell_width = max([len(text) for row in labels for text in row] + [len(str(picture.cols - 1))]) + 1
    row_header = len(f"{picture.row_name}={picture.rows - 1}") + 1
    per_panel = max(1, (width - row_header) // cell_width)
    lines = [heading(operand)]
    for note in (operand.note, replica_text(picture)):
        if note:
            lines.append(f"  {note}")
    if picture.outside:
        thr, val, index = picture.outside[0]
        lines.append(f"  {len(picture.outside)} (thr, val) pairs land outside the tile, e.g. T{thr}V{val} -> {index}")
    for start in range(0, picture.cols, per_panel):
        stop = min(picture.cols, start + per_panel)
        if picture.cols > per_panel:
            lines.append(f"  {picture.col_name} = {start}..{stop - 1}")
        header = f"{picture.col_name}=".rjust(row_header) + "".join(
            str(c).rjust(cell_width) for c in range(start, stop)
        )
        lines.append(header)
        for row in range(picture.rows):
            text = [f"{picture.row_name}={row}".rjust(row_header)]
            for col in range(start, stop):
                cell = labels[row][col].rjust(cell_width)
                thread = threads[row][col] if colour else None
                text.append(f"{thread_ansi(thread)}{cell}{ANSI_RESET}" if thread is not None else cell)
            lines.append("".join(text))
    return "\n".join(lines)
