"""`show --format svg`: one print_latex-style picture per operand, as a standalone SVG.

Cells of one thread share one <path> (its colour), so a 64x256 accumulator is one text node
per cell plus a few dozen paths; output is deterministic (fixed metrics, no ids, no dates).
"""

from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape

from atomgen.pictures.grid import heading
from atomgen.pictures.model import OperandPicture, Picture
from atomgen.pictures.palette import REPLICATED_COLOUR, cell_labels, cell_threads, replica_text, thread_hex

CHAR_WIDTH = 6.6  # of 11px monospace
CELL_HEIGHT = 18
FONT = 'font-family="DejaVu Sans Mono,Menlo,Consolas,monospace" font-size="11"'


def render_svg(operand: OperandPicture, element: bool = True) -> str:
    """A standalone SVG document of one operand; its title names the element type unless
    `element` is False (the catalogue draws one picture for every element type of a shape)."""
    width, height, body = _drawing(operand, element)
    return _document(width, height, body)


def combine_svg(operands: list[tuple[str, OperandPicture]]) -> str:
    """Several operand pictures stacked in one document (what `show --format svg` prints),
    each a nested <svg> whose <desc> names its instance and operand."""
    pieces = []
    for caption, operand in operands:
        w, h, body = _drawing(operand)
        pieces.append((w, h, f"<desc>{escape(caption)}</desc>\n{body}</svg>"))
    width, height, parts = _stacked(pieces)
    return _document(width, height, "\n".join(parts) + "\n")


def _stacked(pieces: list[tuple[int, int, str]]) -> tuple[int, int, list[str]]:
    """Nested <svg>s (width, height, content up to its closing tag), top to bottom 12 px apart: the
    whole's width and height, and each piece opened at its place."""
    parts, y, width = [], 0, 0
    for w, h, inner in pieces:
        parts.append(f'<svg x="0" y="{y}" width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n{inner}')
        y += h + 12
        width = max(width, w)
    return width, max(y - 12, 0), parts


def _document(width: int, height: int, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" {FONT}>\n{body}</svg>\n'
    )


@lru_cache(maxsize=4096)
def _drawing(operand: OperandPicture, element: bool = True) -> tuple[int, int, str]:
    picture = operand.picture
    cell_width = _cell_width(operand)
    notes = [n for n in (operand.note, replica_text(picture)) if n]
    title = heading(operand, element=element)
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
    out += _cells(operand, left, top, cell_width)
    out += _column_numbers(picture.cols, left, top - 5, cell_width)
    out += _row_numbers(picture.rows, left - 4, top)
    return width, height, "\n".join(out) + "\n"


@lru_cache(maxsize=4096)
def _label_chars(picture: Picture) -> int:
    """The widest label or column index of a picture, at least 2 characters."""
    return max([len(t) for row in cell_labels(picture) for t in row] + [len(str(picture.cols - 1)), 2])


def _cell_width(*operands: OperandPicture) -> int:
    """One width for every cell of these pictures: the widest label or index, plus a margin."""
    return round((max(_label_chars(operand.picture) for operand in operands) + 2) * CHAR_WIDTH)


def _cells(operand: OperandPicture, left: float, top: float, cell_width: int) -> list[str]:
    """The coloured cells, grid lines and labels of one picture, its top-left corner at (left, top)."""
    return list(_picture_cells(operand.picture, left, top, cell_width))


@lru_cache(maxsize=4096)
def _picture_cells(picture: Picture, left: float, top: float, cell_width: int) -> tuple[str, ...]:
    labels = cell_labels(picture)
    threads = cell_threads(picture)
    chars = round(cell_width / CHAR_WIDTH)
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
                fills.setdefault(colour, []).append(f"M{left + start * cell_width:g} {y:g}h{run}v{CELL_HEIGHT}h-{run}z")
        # One text node per row, not per cell: monospace labels padded to the cell width and
        # fitted to exactly the row's width (textLength), so every label stays centred in its
        # cell whatever monospace font the viewer has; a 64x256 tile is 64 nodes, not 16384.
        # spacingAndGlyphs scales the glyphs by the font's small misfit; "spacing" places each
        # glyph on its own, and chromium then took 8x as long to load a wgmma page's pictures.
        # Labels are ours (T, V, digits, *, +, .): nothing to escape.
        row_text = "".join(
            " " * ((chars - len(label)) // 2) + label.ljust(chars - (chars - len(label)) // 2) for label in labels[row]
        )
        texts.append(
            f'<text x="{left:g}" y="{y + 13:g}" textLength="{cell_width * picture.cols}" '
            f'lengthAdjust="spacingAndGlyphs" xml:space="preserve">{row_text}</text>'
        )
    out = [f'<path fill="{colour}" d="{"".join(parts)}"/>' for colour, parts in sorted(fills.items())]
    grid_width, grid_height = cell_width * picture.cols, CELL_HEIGHT * picture.rows
    lines = "".join(f"M{left:g} {top + r * CELL_HEIGHT:g}h{grid_width}" for r in range(picture.rows + 1))
    lines += "".join(f"M{left + c * cell_width:g} {top:g}v{grid_height}" for c in range(picture.cols + 1))
    out.append(f'<path fill="none" stroke="#555555" stroke-width="0.5" d="{lines}"/>')
    return tuple(out + texts)


def _column_numbers(cols: int, left: float, baseline: float, cell_width: int) -> list[str]:
    out = ['<g text-anchor="middle">']
    out += [
        f'<text x="{left + c * cell_width + cell_width / 2:g}" y="{baseline:g}" fill="#444444">{c}</text>'
        for c in range(cols)
    ]
    return out + ["</g>"]


def _row_numbers(rows: int, right: float, top: float) -> list[str]:
    out = ['<g text-anchor="end" fill="#444444">']
    out += [f'<text x="{right:g}" y="{top + r * CELL_HEIGHT + 13:g}">{r}</text>' for r in range(rows)]
    return out + ["</g>"]


def render_combined_svg(title: str, operands: dict[str, OperandPicture]) -> str:
    """A, B and C of one MMA instance in one figure, as CuTe's print_latex draws a TiledMMA:
    C (M x N) in the middle, A (M x K) on its left, B (K x N) above it, one cell width for
    all three; the gap row holds A's k and C's n numbers, the gap column B's k and C's m numbers."""
    a, b, c = operands["a"], operands["b"], operands["c"]
    cell_width = _cell_width(a, b, c)
    notes = [title] + [heading(p) for p in (a, b, c)]
    notes += [f"{p.label}: {n}" for p in (a, b, c) for n in (p.note, replica_text(p.picture)) if n]
    margin = 8
    c_left = margin + cell_width * (a.picture.cols + 1)
    b_top = 16 * len(notes) + 12
    c_top = b_top + CELL_HEIGHT * (b.picture.rows + 1)
    width = max(c_left + cell_width * c.picture.cols + margin, round(max(len(n) for n in notes) * CHAR_WIDTH) + 16)
    height = c_top + CELL_HEIGHT * c.picture.rows + margin
    out = [
        f"<title>{escape(title)}</title>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="8" y="16" font-weight="bold">{escape(notes[0])}</text>',
    ]
    out += [f'<text x="8" y="{16 + 16 * i}">{escape(note)}</text>' for i, note in enumerate(notes[1:], 1)]
    out += _cells(b, c_left, b_top, cell_width)
    out += _cells(a, margin, c_top, cell_width)
    out += _cells(c, c_left, c_top, cell_width)
    out += _column_numbers(c.picture.cols, c_left, c_top - 5, cell_width)  # n, in the gap row
    out += _column_numbers(a.picture.cols, margin, c_top - 5, cell_width)  # A's k, in the gap row
    out += _column_numbers(b.picture.cols, c_left, b_top - 5, cell_width)  # B's n, above B
    out += _row_numbers(c.picture.rows, c_left - 4, c_top)  # m, in the gap column
    out += _row_numbers(b.picture.rows, c_left - 4, b_top)  # B's k, in the gap column
    # the operands' names in the empty corner: A above A, B left of B's first row, C where the
    # gap row and column meet, at C's top-left corner
    bold = 'font-weight="bold" font-size="14"'
    out += [
        f'<text x="{margin}" y="{c_top - CELL_HEIGHT - 4}" {bold}>A</text>',
        f'<text x="{c_left - cell_width - 4}" y="{b_top + 14}" text-anchor="end" {bold}>B</text>',
        f'<text x="{c_left - 4}" y="{c_top - 4}" text-anchor="end" {bold}>C</text>',
    ]
    body = "\n".join(out) + "\n"
    return _document(width, height, body)


def stack_svg(documents: list[str]) -> str:
    """Standalone SVG documents (of this module) stacked top to bottom in one document."""
    pieces = []
    for document in documents:
        head, body = document.split(">\n", 1)
        w = int(head.split('width="', 1)[1].split('"', 1)[0])
        h = int(head.split('height="', 1)[1].split('"', 1)[0])
        pieces.append((w, h, body))
    width, height, parts = _stacked(pieces)
    return _document(width, height, "\n".join(parts))
