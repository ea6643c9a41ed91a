"""`show --format svg`: one print_latex-style picture per operand, as a standalone SVG.

Cells of one thread share one <path> (its colour), so a 64x256 accumulator is one text node
per cell plus a few dozen paths; output is deterministic (fixed metrics, no ids, no dates).
"""

from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape

from atomgen.pictures.grid import heading
from atomgen.pictures.model import OperandPicture
from atomgen.pictures.palette import REPLICATED_COLOUR, cell_labels, cell_threads, replica_text, thread_hex

CHAR_WIDTH = 6.6  # of 11px monospace
CELL_HEIGHT = 18
FONT = 'font-family="DejaVu Sans Mono,Menlo,Consolas,monospace" font-size="11"'


def render_svg(operand: OperandPicture) -> str:
    """A standalone SVG document of one operand."""
    width, height, body = _drawing(operand)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" {FONT}>\n{body}</svg>\n'
    )


def combine_svg(operands: list[tuple[str, OperandPicture]]) -> str:
    """Several operand pictures stacked in one document (what `show --format svg` prints),
    each a nested <svg> whose <desc> names its instance and operand."""
    parts, y, width = [], 0, 0
    for caption, operand in operands:
        w, h, body = _drawing(operand)
        parts.append(
            f'<svg x="0" y="{y}" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n'
            f"<desc>{escape(caption)}</desc>\n{body}</svg>"
        )
        y += h + 12
        width = max(width, w)
    height = max(y - 12, 0)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" {FONT}>\n' + "\n".join(parts) + "\n</svg>\n"
    )


@lru_cache(maxsize=4096)
def _drawing(operand: OperandPicture) -> tuple[int, int, str]:
    picture = operand.picture
    labels = cell_labels(picture)
    threads = cell_threads(picture)
    chars = max([len(t) for row in labels for t in row] + [len(str(picture.cols - 1)), 2]) + 2
    cell_width = round(chars * CHAR_WIDTH)
    notes = [n for n in (operand.note, replica_text(picture)) if n]
    title = heading(operand, element=False)
    left = round(len(str(picture.rows - 1)) * CHAR_WIDTH + 16)
    top = 22 + 16 * len(notes) + CELL_HEIGHT
    width = max(
        left + cell_width * picture.cols + 8, round((max([len(title)] + [len(n) for n in notes])) * CHAR_WIDTH + 16)
    )
    height = top + CELL_HEIGHT * picture.rows + 8
    out = [
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="8" y="16" font-weight="bold">{escape(title)}</text>',
    ]
    out += [f'<text x="8" y="{32 + 16 * i}">{escape(note)}</text>' for i, note in enumerate(notes)]
    fills: dict[str, list[str]] = {}
    texts = []
    for row in range(picture.rows):
        y = top + row * CELL_HEIGHT
        col = 0
        while col < picture.cols:  # one rectangle per run of same-coloured cells in a row
            start, thread = col, threads[row][col]
            while (
                col < picture.cols
                and threads[row][col] == thread
                and (labels[row][col] == ".") == (labels[row][start] == ".")
            ):
                col += 1
            if labels[row][start] != ".":
                colour = REPLICATED_COLOUR if thread is None else thread_hex(thread)
                run = cell_width * (col - start)
                fills.setdefault(colour, []).append(f"M{left + start * cell_width} {y}h{run}v{CELL_HEIGHT}h-{run}z")
        # One text node per row, not per cell: monospace labels padded to the cell width and
        # stretched to exactly the row's width (textLength), so every label stays centred in
        # its cell whatever monospace font the viewer has; a 64x256 tile is 64 nodes, not 16384.
        # Labels are ours (T, V, digits, *, +, .): nothing to escape.
        row_text = "".join(
            " " * ((chars - len(label)) // 2) + label.ljust(chars - (chars - len(label)) // 2) for label in labels[row]
        )
        texts.append(
            f'<text x="{left}" y="{y + 13}" textLength="{cell_width * picture.cols}" lengthAdjust="spacing" '
            f'xml:space="preserve">{row_text}</text>'
        )
    out += [f'<path fill="{colour}" d="{"".join(parts)}"/>' for colour, parts in sorted(fills.items())]
    grid_width, grid_height = cell_width * picture.cols, CELL_HEIGHT * picture.rows
    lines = "".join(f"M{left} {top + r * CELL_HEIGHT}h{grid_width}" for r in range(picture.rows + 1))
    lines += "".join(f"M{left + c * cell_width} {top}v{grid_height}" for c in range(picture.cols + 1))
    out.append(f'<path fill="none" stroke="#555555" stroke-width="0.5" d="{lines}"/>')
    out += texts
    out.append('<g text-anchor="middle">')
    out += [
        f'<text x="{left + c * cell_width + cell_width / 2:g}" y="{top - 5}" fill="#444444">{c}</text>'
        for c in range(picture.cols)
    ]
    out.append("</g>")
    out.append('<g text-anchor="end" fill="#444444">')
    out += [f'<text x="{left - 4}" y="{top + r * CELL_HEIGHT + 13}">{r}</text>' for r in range(picture.rows)]
    out.append("</g>")
    return width, height, "\n".join(out) + "\n"
