"""`show --format latex`: CuTe print_latex-style TikZ, one tikzpicture per operand, each its
own cropped page (the preview package: Debian's preview-latex-style, lighter than standalone);
compiles with pdflatex or lualatex."""

from __future__ import annotations

from functools import lru_cache

from atomgen.pictures.grid import heading
from atomgen.pictures.model import OperandPicture
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


def render_tikz(operand: OperandPicture, caption: str = "") -> str:
    """One tikzpicture: cell (row, col) is the unit square at x = col, y = -row."""
    body, top = _tikz_body(operand)
    if caption:
        body += f"\n\\node[anchor=south west, font=\\ttfamily\\scriptsize] at (0,{top}) {{{tex_escape(caption)}}};"
    return body + "\n\\end{tikzpicture}"


@lru_cache(maxsize=4096)
def _tikz_body(operand: OperandPicture) -> tuple[str, float]:
    picture = operand.picture
    labels, threads = cell_labels(picture), cell_threads(picture)  # labels are ours: T, V, digits, *, +
    colours: dict[str, str] = {}
    cells = []
    for row in range(picture.rows):
        for col in range(picture.cols):
            if not picture.cell(row, col):
                continue
            thread = threads[row][col]
            colour = REPLICATED_COLOUR if thread is None else thread_hex(thread)
            name = colours.setdefault(colour, f"c{colour[1:]}")
            cells.append(
                rf"\fill[{name}] ({col},{-row - 1}) rectangle +(1,1); "
                rf"\node at ({col + 0.5},{-row - 0.5}) {{{labels[row][col]}}};"
            )
    lines = [r"\begin{tikzpicture}[x=0.9cm, y=0.5cm, every node/.style={font=\ttfamily\tiny, inner sep=0pt}]"]
    lines += [rf"\definecolor{{{name}}}{{HTML}}{{{colour[1:].upper()}}}" for colour, name in sorted(colours.items())]
    lines += cells
    lines.append(rf"\draw[gray, very thin] (0,{-picture.rows}) grid ({picture.cols},0);")
    lines += [rf"\node at ({c + 0.5},0.5) {{{c}}};" for c in range(picture.cols)]
    lines += [rf"\node[anchor=east] at (-0.1,{-r - 0.5}) {{{r}}};" for r in range(picture.rows)]
    notes = [heading(operand)] + [n for n in (operand.note, replica_text(picture)) if n]
    for i, note in enumerate(reversed(notes)):
        lines.append(
            rf"\node[anchor=south west, font=\ttfamily\scriptsize] at (0,{1.2 + 1.2 * i:g}) {{{tex_escape(note)}}};"
        )
    return "\n".join(lines), round(1.2 + 1.2 * len(notes), 1)


def render_latex(operands: list[tuple[str, OperandPicture]]) -> str:
    """A standalone document, one page per operand picture."""
    body = "\n\n".join(render_tikz(operand, caption) for caption, operand in operands)
    return (
        "\\documentclass{article}\n\\usepackage{tikz}\n"
        "\\usepackage[active,tightpage]{preview}\n\\PreviewEnvironment{tikzpicture}\n\\setlength\\PreviewBorder{4pt}\n"
        "\\begin{document}\n" + body + "\n\\end{document}\n"
    )
