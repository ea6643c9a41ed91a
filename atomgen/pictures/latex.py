"""`show --format latex`: CuTe print_latex-style TikZ, one tikzpicture per operand, each its
own cropped page (the preview package: Debian's preview-latex-style, lighter than standalone);
compiles with pdflatex or lualatex."""

from __future__ import annotations

from functools import lru_cache

from atomgen.pictures.grid import heading
from atomgen.pictures.model import OperandPicture, Picture
from atomgen.pictures.palette import REPLICATED_COLOUR, cell_labels, cell_threads, replica_text, thread_hex

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
}


def tex_escape(text: str) -> str:
    return "".join(_SPECIAL.get(ch, ch) for ch in text)


# Cell labels are \ttfamily\tiny: cmtt at 5 pt, 0.525 em = 2.625 pt a character. A cell is
# at least 0.9 cm wide, and wider when its longest label (plus a character each side) needs it.
LABEL_CHAR_PT = 2.625
PT_PER_CM = 72.27 / 2.54
CELL_MIN_CM = 0.9
CELL_HEIGHT_CM = 0.5


def cell_width_cm(*operands: OperandPicture) -> float:
    chars = max(len(t) for operand in operands for row in cell_labels(operand.picture) for t in row)
    return max(CELL_MIN_CM, round((chars + 2) * LABEL_CHAR_PT / PT_PER_CM + 0.005, 2))


def render_tikz(operand: OperandPicture, caption: str = "") -> str:
    """One tikzpicture: cell (row, col) is the unit square at x = col, y = -row."""
    body, top = _tikz_body(operand)
    if caption:
        body += f"\n\\node[anchor=south west, font=\\ttfamily\\scriptsize] at (0,{top}) {{{tex_escape(caption)}}};"
    return body + "\n\\end{tikzpicture}"


def _open(width: float, colours: dict[str, str]) -> list[str]:
    lines = [
        rf"\begin{{tikzpicture}}[x={width:g}cm, y={CELL_HEIGHT_CM:g}cm, "
        r"every node/.style={font=\ttfamily\tiny, inner sep=0pt}]"
    ]
    lines += [rf"\definecolor{{{name}}}{{HTML}}{{{colour[1:].upper()}}}" for colour, name in sorted(colours.items())]
    return lines


def _cells(operand: OperandPicture, x0: int, y0: int, colours: dict[str, str]) -> list[str]:
    """Fills, labels and lines of one picture: cell (row, col) is the unit square whose top-left
    corner is (x0 + col, y0 - row); every line lies on a cell boundary (no `grid`, whose step is
    1 cm whatever the x and y units are), every label at its cell's centre."""
    cells, used = _picture_cells(operand.picture, x0, y0)
    for colour in used:
        colours.setdefault(colour, f"c{colour[1:]}")
    return list(cells)


@lru_cache(maxsize=4096)
def _picture_cells(picture: Picture, x0: int, y0: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cells of `_cells` and the colours they use, once per picture and place (an MMA
    operand's picture is shared by its element types)."""
    labels, threads = cell_labels(picture), cell_threads(picture)  # labels are ours: T, V, digits, *, +
    # coordinates as text once per column and row, not per cell
    left = [str(x0 + col) for col in range(picture.cols)]
    centre_x = [f"{x0 + col + 0.5:g}" for col in range(picture.cols)]
    bottom = [str(y0 - row - 1) for row in range(picture.rows)]
    centre_y = [f"{y0 - row - 0.5:g}" for row in range(picture.rows)]
    names: dict[int | None, str] = {}
    used: dict[str, None] = {}
    cells = []
    for row in range(picture.rows):
        for col in range(picture.cols):
            if not picture.cell(row, col):
                continue
            thread = threads[row][col]
            if thread not in names:
                colour = REPLICATED_COLOUR if thread is None else thread_hex(thread)
                names[thread] = f"c{colour[1:]}"
                used[colour] = None
            cells.append(
                f"\\fill[{names[thread]}] ({left[col]},{bottom[row]}) rectangle +(1,1); "
                f"\\node at ({centre_x[col]},{centre_y[row]}) {{{labels[row][col]}}};"
            )
    segments = [f"({x0},{y0 - r}) -- ({x0 + picture.cols},{y0 - r})" for r in range(picture.rows + 1)]
    segments += [f"({x0 + c},{y0}) -- ({x0 + c},{y0 - picture.rows})" for c in range(picture.cols + 1)]
    cells.append(r"\draw[gray, very thin] " + " ".join(segments) + ";")
    return tuple(cells), tuple(used)


def _numbers(count: int, x0: int, y0: int, along: str, anchor: str = "") -> list[str]:
    """Index numbers 0..count-1 at cell centres: along x (a row of numbers whose cells' top-left
    corner is (x0, y0)) or along y (a column of them)."""
    style = f"[anchor={anchor}]" if anchor else ""
    if along == "x":
        return [rf"\node{style} at ({x0 + i + 0.5:g},{y0 - 0.5:g}) {{{i}}};" for i in range(count)]
    return [rf"\node{style} at ({x0 + 0.5:g},{y0 - i - 0.5:g}) {{{i}}};" for i in range(count)]


def _notes(notes: list[str], y0: float) -> tuple[list[str], float]:
    lines = [
        rf"\node[anchor=south west, font=\ttfamily\scriptsize] at (0,{y0 + 1.2 * i:g}) {{{tex_escape(note)}}};"
        for i, note in enumerate(reversed(notes))
    ]
    return lines, round(y0 + 1.2 * len(notes), 1)


@lru_cache(maxsize=4096)
def _tikz_body(operand: OperandPicture) -> tuple[str, float]:
    picture = operand.picture
    colours: dict[str, str] = {}
    cells = _cells(operand, 0, 0, colours)
    lines = _open(cell_width_cm(operand), colours) + cells
    lines += _numbers(picture.cols, 0, 1, "x")
    lines += [rf"\node[anchor=east] at (-0.1,{-r - 0.5}) {{{r}}};" for r in range(picture.rows)]
    notes = [heading(operand)] + [n for n in (operand.note, replica_text(picture)) if n]
    text, top = _notes(notes, 1.2)
    return "\n".join(lines + text), top


def render_combined_tikz(title: str, operands: dict[str, OperandPicture]) -> str:
    """A, B and C of one MMA instance in one tikzpicture, as CuTe's print_latex draws a TiledMMA:
    C (M x N) with its top-left corner at the origin, A (M x K) left of it past a gap column,
    B (K x N) above it past a gap row; the gap row holds n and A's k, the gap column m and B's k."""
    a, b, c = operands["a"], operands["b"], operands["c"]
    colours: dict[str, str] = {}
    k_a, k_b = a.picture.cols, b.picture.rows
    body = _cells(c, 0, 0, colours) + _cells(a, -1 - k_a, 0, colours) + _cells(b, 0, 1 + k_b, colours)
    body += _numbers(c.picture.cols, 0, 1, "x") + _numbers(k_a, -1 - k_a, 1, "x")
    body += _numbers(c.picture.rows, -1, 0, "y") + _numbers(k_b, -1, 1 + k_b, "y")
    body += _numbers(b.picture.cols, 0, 2 + k_b, "x")
    notes = [title] + [heading(p) for p in (a, b, c)]
    notes += [f"{p.label}: {n}" for p in (a, b, c) for n in (p.note, replica_text(p.picture)) if n]
    text, _ = _notes(notes, 2.2 + k_b)
    lines = _open(cell_width_cm(a, b, c), colours) + body + text
    return "\n".join(lines) + "\n\\end{tikzpicture}"


def latex_document(pictures: list[str]) -> str:
    """A standalone document, one cropped page per tikzpicture."""
    return (
        "\\documentclass{article}\n\\usepackage{tikz}\n"
        "\\usepackage[active,tightpage]{preview}\n\\PreviewEnvironment{tikzpicture}\n\\setlength\\PreviewBorder{4pt}\n"
        "\\begin{document}\n" + "\n\n".join(pictures) + "\n\\end{document}\n"
    )


def render_latex(operands: list[tuple[str, OperandPicture]]) -> str:
    """A standalone document, one page per operand picture."""
    return latex_document([render_tikz(operand, caption) for caption, operand in operands])
