"""`atomgen show` in every format on every shipped instance, checked against the layout algebra.

In-process and memoized the way `show` is: each distinct picture is verified cell by cell
against `algebra.evaluate` once; each instance's grid, lanes, svg, latex and json output is
produced and checked (svg parsed as XML, json parsed and its table checked against the
layout), so all 2,000-odd instances run in seconds.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import pty
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from atomgen.check.runner import analyze_file, collect_spec_files
from atomgen.layout import algebra
from atomgen.pictures.grid import render_grid
from atomgen.pictures.lanes import render_lanes
from atomgen.pictures.model import OperandPicture, Picture, operand_pictures
from atomgen.pictures.palette import cell_labels
from atomgen.pictures.svg import render_svg
from atomgen.show import records_json, render_instance
from atomgen.spec.backend import RegisterFile, load_backend
from tests.conftest import REPO, SPECS, run_cli

SHIPPED = [display for _, display in collect_spec_files([str(SPECS)])]
LABEL = re.compile(r"T(?:\d+|\*)V\d+")


@functools.cache
def _register_file(backend: str) -> RegisterFile:
    return load_backend(SPECS / backend / "backend.yaml", backend)[0].register_file


def register_file(spec: Any) -> RegisterFile:
    """The register naming of the spec's backend (backend.yaml register_file), as show uses it;
    read once per backend (a backend.yaml load per instance was a third of this module's time)."""
    return _register_file(spec.backend)


def _spec_result(display: str) -> Any:
    result = analyze_file(REPO / display, display, prove=False)
    assert result.spec is not None and result.analysis is not None, display
    assert result.analysis.evaluated, f"{display}: no evaluated instance"
    return result


_VERIFIED: set[int] = set()


def verify_picture(picture: Picture) -> None:
    """Every representative sits where L(thr, val) puts it; with the replicas, the cells hold
    exactly size(L) (thr, val) pairs; a complete tile has no empty cell."""
    if id(picture) in _VERIFIED:
        return
    layout = picture.layout
    image = algebra.image(layout)  # L(thr + threads * val), the algebra's own enumeration
    representatives = 0
    for row in range(picture.rows):
        for col in range(picture.cols):
            for thr, val in picture.cell(row, col):
                index = image[thr + picture.threads * val]
                assert picture.place(index) == (row, col), (layout, thr, val, index)
                representatives += 1
    assert all(picture.owners), f"{algebra.format_layout(layout)}: a tile cell nobody holds"
    for cell, place in ((0, (0, 0)), (-1, (picture.rows - 1, picture.cols - 1))):  # by coordinate, recursively
        thr, val = picture.owners[cell][0]
        assert picture.place(algebra.evaluate(layout, thr, val)) == place
    replication = algebra.product(tuple(r.extent for r in picture.replicas) or (1,))
    assert representatives * replication + len(picture.outside) * replication == algebra.size(layout)
    assert not picture.outside
    for replica in picture.replicas:  # a replica of a representative lands on the same element
        thr, val = picture.cell(0, 0)[0]
        moved = (thr + replica.step, val) if replica.axis == "thr" else (thr, val + replica.step)
        assert algebra.evaluate(layout, *moved) == algebra.evaluate(layout, thr, val)
    _VERIFIED.add(id(picture))


_CHECKED: dict[int, str] = {}  # id -> text: each distinct operand text is checked once


def once(text: str) -> bool:
    if id(text) in _CHECKED:
        return False
    _CHECKED[id(text)] = text  # kept alive, so the id is not reused
    return True


_TABLES: dict[tuple[int, ...], list[OperandPicture]] = {}  # kept alive: ids are not reused


def once_per_pictures(operands: list[OperandPicture]) -> bool:
    key = tuple(id(p.picture) for p in operands)
    if key in _TABLES:
        return False
    _TABLES[key] = operands
    return True


def check_grid(text: str, operands: list[OperandPicture]) -> None:
    labels = LABEL.findall(text)
    assert len(labels) == sum(p.picture.rows * p.picture.cols for p in operands)
    for operand in operands:
        thr, val = operand.picture.cell(0, 0)[0]
        assert (f"T{thr}V{val}" if not operand.picture.every_thread_holds_all else f"T*V{val}") in labels


def check_lanes(text: str, operands: list[OperandPicture]) -> None:
    rows = [line for line in text.splitlines() if re.match(r"^\s+\d+\s+[rv]\d", line)]
    expected = sum(p.picture.threads * p.picture.values for p in operands if p.value_bits is not None)
    assert len(rows) == expected
    for operand in operands:
        if operand.value_bits is None:
            assert operand.note and operand.note in text
            continue
        picture = operand.picture
        last_thr, last_val = picture.threads - 1, picture.values - 1
        index = algebra.evaluate(picture.layout, last_thr, last_val)
        row, col = picture.place(index)
        element = (
            f"{operand.label}[{index}]" if operand.role in ("src", "dst", "ref") else f"{operand.label}[{row}][{col}]"
        )
        assert re.search(rf"^\s+{last_thr}\s.*\s{re.escape(element)}$", text, re.M), (element, operand.role)


_PARSED_SVG: dict[int, Picture] = {}  # id -> the picture, kept alive so that its id is not reused


def check_svg(operand: OperandPicture) -> None:
    """Parsed once per distinct picture (its element types differ only in the title, checked each time)."""
    text = render_svg(operand)
    title = text.split("<title>", 1)[1].split("</title>", 1)[0]
    assert f"({operand.element})" in title or operand.role == "e", title
    if id(operand.picture) in _PARSED_SVG:
        return
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert int(root.get("width", "0")) > 0 and int(root.get("height", "0")) > 0
    rows = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("textLength")]
    assert len(rows) == operand.picture.rows
    cells = [label for row in rows for label in LABEL.findall(row.text or "")]
    assert len(cells) == operand.picture.rows * operand.picture.cols
    _PARSED_SVG[id(operand.picture)] = operand.picture


def check_json(text: str, evaluated: Any, operands: list[OperandPicture]) -> None:
    records = json.loads(text)
    drawn = {p.role: p for p in operands}
    for record in records:
        if record["operand"] not in drawn:
            continue
        picture = drawn[record["operand"]].picture
        layout = picture.layout  # copies: the recast layout the table is in
        table = record["coordinates"]
        replication = algebra.product(tuple(r["extent"] for r in record["replicas"]) or (1,))
        assert len(table) * replication == algebra.size(layout)
        for thr, val, row, col in (table[0], table[len(table) // 2], table[-1]):
            assert picture.place(algebra.evaluate(layout, thr, val)) == (row, col)
        assert record["tile"] == {
            "rows": picture.rows,
            "cols": picture.cols,
            "row": picture.row_name,
            "col": picture.col_name,
        }
        assert algebra.format_layout(evaluated.operands[record["operand"]].layout) == record["layout"]


# 100 s single-process on the loaded 2-core machine for every instance of every spec (the campaign's); a
# plain `pytest` draws every spec's first and last instance and every fortieth between (the N families of
# wgmma and tcgen05 hold hundreds of one shape each).
@pytest.mark.parametrize("stride", [pytest.param(40, id="every-fortieth"),
                                    pytest.param(1, id="every-instance", marks=pytest.mark.campaign)])
@pytest.mark.parametrize("display", SHIPPED)
@pytest.mark.slow
def test_show_every_format_on_every_instance(display: str, stride: int) -> None:
    result = _spec_result(display)
    spec = result.spec
    assert result.analysis.evaluated
    instances = list(result.analysis.evaluated)
    chosen = instances[::stride] + (instances[-1:] if (len(instances) - 1) % stride else [])
    for evaluated in chosen:
        operands = operand_pictures(spec, evaluated)
        # a sparse MMA adds its metadata E (over the index tile) after A, B, C
        metadata = ["e"] if spec.sparse else []
        assert [p.role for p in operands] == [r for r in spec.operands if r in evaluated.operands] + metadata
        for operand in operands:
            verify_picture(operand.picture)
            check_svg(operand)
        for output_format, render, check in (("grid", render_grid, check_grid), ("lanes", render_lanes, check_lanes)):
            parts = [render(p, 120, False) if output_format == "grid" else render(p, register_file(spec))
                     for p in operands]
            for operand, part in zip(operands, parts):
                if once(part):
                    check(part, [operand])
            text = render_instance(spec, evaluated, operands, output_format, False, 120, register_file(spec))
            header = f"{spec.mnemonic} {evaluated.instance.id}  ->  {evaluated.instance.intrinsic}"
            assert text == "\n\n".join([header] + parts)
        alone = dataclasses.replace(result.analysis, evaluated=(evaluated,))
        one = type(result)(result.path, [], spec=spec, analysis=alone)
        from atomgen.show import instance_records

        text = records_json(instance_records(one, {evaluated.instance.id: operands}))
        assert text.startswith("[") and f'"instance": {json.dumps(evaluated.instance.id)}' in text
        if once_per_pictures(operands):  # the table is per picture: parsed once per distinct set of them
            check_json(text, evaluated, operands)
        from atomgen.pictures.latex import render_latex

        latex = render_latex([(evaluated.instance.id, p) for p in operands])
        assert latex.count(r"\begin{tikzpicture}") == len(operands) and latex.rstrip().endswith(r"\end{document}")


# --- the command line: colour, NO_COLOR, files, LaTeX --------------------------------------

MMA_SYNC = "specs/nvvm/sm80/mma_sync.yaml"


def _on_terminal(env: dict[str, str]) -> str:
    """`show --format grid` with stdout on a pseudo-terminal, as a person would run it."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "atomgen", "show", MMA_SYNC, "--instance", "16x8x16_f16_f16_f32", "--format", "grid"],
        stdout=follower,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), **env},
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert process.wait(timeout=60) == 0
    os.close(leader)
    return b"".join(chunks).decode()


def test_grid_is_coloured_by_thread_on_a_terminal_unless_no_color() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    coloured = _on_terminal({**env, "NO_COLOR": ""})
    assert "\x1b[30;48;5;" in coloured and "T31V7" in coloured
    assert len(set(re.findall(r"\x1b\[30;48;5;(\d+)m", coloured))) >= 8  # threads get different colours
    plain = _on_terminal({"NO_COLOR": "1"})
    assert "\x1b[" not in plain and "T31V7" in plain
    piped = run_cli("show", MMA_SYNC, "--instance", "16x8x16_f16_f16_f32", "--format", "grid")
    assert piped.returncode == 0 and "\x1b[" not in piped.stdout and "T0V0" in piped.stdout


def test_svg_and_latex_files_one_per_operand(tmp_path: Path) -> None:
    for output_format, suffix in (("svg", "svg"), ("latex", "tex")):
        result = run_cli("show", "specs/nvvm/sm80/ldmatrix.yaml", "--format", output_format, "--out", str(tmp_path))
        assert result.returncode == 0, result.stderr
        written = sorted(tmp_path.glob(f"*.{suffix}"))
        assert [p.name for p in written if p.name.startswith("4_transpose.")] == [
            f"4_transpose.{role}.{suffix}" for role in ("dst", "ref", "src")
        ]
    for svg in tmp_path.glob("*.svg"):
        ET.parse(svg)
    whole = run_cli("show", MMA_SYNC, "--format", "svg")
    root = ET.fromstring(whole.stdout)
    assert len(root.findall("{http://www.w3.org/2000/svg}svg")) == 3 * whole.stdout.count("<desc>") // 3 > 0
    first = run_cli("show", "specs/nvvm/sm80/ldmatrix.yaml", "--format", "svg", "--instance", "2")
    assert first.stdout == run_cli("show", "specs/nvvm/sm80/ldmatrix.yaml", "--format", "svg", "--instance", "2").stdout


def test_json_has_the_coordinate_table() -> None:
    result = run_cli("show", "specs/nvvm/sm90/wgmma_ss.yaml", "--instance", "64x256x16_f16_f16_f32", "--format", "json")
    assert result.returncode == 0, result.stderr
    records = {r["operand"]: r for r in json.loads(result.stdout)}
    b, c = records["b"], records["c"]
    assert b["replicas"] == [{"axis": "thr", "extent": 128, "step": 1}] and len(b["coordinates"]) == 256 * 16
    assert b["tile"] == {"rows": 16, "cols": 256, "row": "k", "col": "n"}
    assert len(c["coordinates"]) == 128 * 128 and c["replicas"] == []
    assert c["coordinates"][:2] == [[0, 0, 0, 0], [0, 1, 0, 1]]  # thread 0 holds C[0][0], C[0][1]


def test_copy_pictures_in_the_element_width_chosen() -> None:
    lanes = run_cli("show", "specs/nvvm/sm80/ldmatrix.yaml", "--instance", "1", "--format", "lanes", "--bits", "32")
    assert lanes.returncode == 0, lanes.stderr
    assert re.search(r"^\s+31\s+r0\s+\[31:0\]\s+dst\[31\]$", lanes.stdout, re.M)  # thread t holds b32 word t
    narrow = run_cli("show", "specs/nvvm/sm80/ldmatrix.yaml", "--instance", "1", "--format", "lanes", "--bits", "16")
    assert re.search(r"^\s+31\s+r0\s+\[31:16\]\s+dst\[63\]$", narrow.stdout, re.M)
    mma = run_cli("show", MMA_SYNC, "--format", "lanes", "--bits", "16")
    assert mma.returncode == 2 and "--bits chooses a copy's element width" in mma.stderr
    bad = run_cli(
        "show", "specs/nvvm/sm80/ldmatrix.yaml", "--instance", "1_transpose", "--format", "grid", "--bits", "64"
    )
    assert bad.returncode == 2 and "does not recast to 64-bit values" in bad.stderr and "Traceback" not in bad.stderr


TEX = shutil.which("pdflatex") or shutil.which("lualatex")


@pytest.mark.skipif(TEX is None, reason="no TeX engine (pdflatex/lualatex) installed: LaTeX output not compiled")
def test_latex_compiles(tmp_path: Path) -> None:
    """One document with every kind of picture: MMA registers (mma.sync, MFMA), a 128-way
    replicated descriptor operand (wgmma), a replicated copy address side and a transposing
    copy (ldmatrix), one page per operand."""
    from atomgen.pictures.latex import render_latex

    pictures = []
    for spec, instance in (
        (MMA_SYNC, "16x8x16_f16_f16_f32"),
        ("specs/nvvm/sm90/wgmma_ss.yaml", "64x8x16_f16_f16_f32"),
        ("specs/nvvm/sm80/ldmatrix.yaml", "1_transpose"),
        ("specs/nvvm/sm80/ldmatrix.yaml", "2"),
        ("specs/rocdl/cdna3/mfma.yaml", "32x32x8_f16_f16_f32"),
    ):
        result = _spec_result(spec)
        evaluated = next(e for e in result.analysis.evaluated if e.instance.id == instance)
        pictures += [(f"{spec} {instance} {p.label}", p) for p in operand_pictures(result.spec, evaluated)]
    (tmp_path / "pictures.tex").write_text(render_latex(pictures))
    build = subprocess.run(
        [TEX, "-interaction=nonstopmode", "-halt-on-error", "pictures.tex"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stdout[-3000:]
    assert f"({len(pictures)} pages" in build.stdout, build.stdout[-500:]


# --- LaTeX by construction: lines on cell boundaries, labels at cell centres ----------------

# cmtt at \tiny (5 pt) is 0.525 em a character; 72.27 pt to 2.54 cm
TT_CHAR_PT, PT_PER_CM = 2.625, 72.27 / 2.54
_UNITS = re.compile(r"\\begin\{tikzpicture\}\[x=([\d.]+)cm, y=([\d.]+)cm")
_SEGMENT = re.compile(r"\((-?[\d.]+),(-?[\d.]+)\) -- \((-?[\d.]+),(-?[\d.]+)\)")
_CELL_NODE = re.compile(r"\\node at \((-?[\d.]+),(-?[\d.]+)\) \{(T(?:\d+|\*)V\d+(?:\+\d+)?|\.)\};")
_FILL = re.compile(r"\\fill\[c[0-9a-f]{6}\] \((-?[\d.]+),(-?[\d.]+)\) rectangle \+\(1,1\);")
_ANY_NODE = re.compile(r"\\node(?:\[[^\]]*\])? at \((-?[\d.]+),(-?[\d.]+)\) \{([^}]*)\};")


def _tikz_regions(tikz: str, regions: dict[str, tuple[int, int, OperandPicture]]) -> None:
    """Check one tikzpicture against its pictures: `regions` maps a name to the top-left corner
    (x0, y0) of a picture whose cell (row, col) is the unit square [x0+col, x0+col+1] x [y0-row-1, y0-row]."""
    assert " grid" not in tikz  # TikZ's grid steps 1 cm whatever the units: the bug this replaces
    x_unit, y_unit = (float(u) for u in _UNITS.search(tikz).groups())  # type: ignore[union-attr]
    boundaries: set[tuple[float, float, float, float]] = set()
    for segment in _SEGMENT.findall(tikz):
        x1, y1, x2, y2 = (float(v) for v in segment)
        assert all(v == int(v) for v in (x1, y1, x2, y2)), segment  # on a cell boundary
        boundaries.add((x1, y1, x2, y2))
    cells: dict[tuple[int, int], str] = {}
    for x, y, label in _CELL_NODE.findall(tikz):
        cx, cy = float(x) - 0.5, float(y) + 0.5  # the cell's top-left corner, if the node is at its centre
        assert cx == int(cx) and cy == int(cy), (x, y, label)
        cells[(int(cx), int(cy))] = label
        # the label, centred with no inner sep, stays inside its cell: it crosses no line
        assert len(label) * TT_CHAR_PT < x_unit * PT_PER_CM, (label, x_unit)
        assert y_unit * PT_PER_CM > 5
    fills = {(int(float(x)), int(float(y)) + 1) for x, y in _FILL.findall(tikz)}
    expected_lines = set()
    expected_cells = {}
    for x0, y0, operand in regions.values():
        picture = operand.picture
        labels = cell_labels(picture)
        for r in range(picture.rows + 1):
            expected_lines.add((x0, y0 - r, x0 + picture.cols, y0 - r))
        for c in range(picture.cols + 1):
            expected_lines.add((x0 + c, y0, x0 + c, y0 - picture.rows))
        for row in range(picture.rows):
            for col in range(picture.cols):
                if picture.cell(row, col):
                    expected_cells[(x0 + col, y0 - row)] = labels[row][col]
    assert boundaries == expected_lines
    assert cells == expected_cells
    assert fills == set(expected_cells)
    # index numbers and notes sit outside every picture's cells
    for x, y, text in _ANY_NODE.findall(tikz):
        if _CELL_NODE.match(f"\\node at ({x},{y}) {{{text}}};"):
            continue
        px, py = float(x), float(y)
        for x0, y0, operand in regions.values():
            inside = x0 < px < x0 + operand.picture.cols and y0 - operand.picture.rows < py < y0
            assert not inside, (text, px, py)


LATEX_CASES = (
    (MMA_SYNC, "16x8x16_f16_f16_f32"),
    ("specs/nvvm/sm90/wgmma_ss.yaml", "64x8x16_f16_f16_f32"),  # B: every thread holds every element
    ("specs/nvvm/sm80/ldmatrix.yaml", "2"),  # replicated address side
    ("specs/rocdl/cdna3/mfma.yaml", "32x32x8_f16_f16_f32"),
    ("specs/rocdl/cdna3/smfmac.yaml", None),  # sparse: compressed A and the metadata E
)


def _instance(spec: str, instance: str | None) -> tuple[Any, Any]:
    result = _spec_result(spec)
    evaluated = next(e for e in result.analysis.evaluated if instance is None or e.instance.id == instance)
    return result.spec, evaluated


def test_latex_lines_lie_on_cell_boundaries_and_labels_at_cell_centres() -> None:
    from atomgen.pictures.latex import render_combined_tikz, render_tikz

    for spec_path, instance in LATEX_CASES:
        spec, evaluated = _instance(spec_path, instance)
        operands = operand_pictures(spec, evaluated)
        for operand in operands:
            _tikz_regions(render_tikz(operand, "caption"), {"only": (0, 0, operand)})
        if spec.kind == "mma":
            drawn = {p.role: p for p in operands}
            a, b = drawn["a"], drawn["b"]
            tikz = render_combined_tikz("title", drawn)
            # C at the origin, A left of it past a gap column, B above it past a gap row (CuTe's TiledMMA)
            regions = {"c": (0, 0, drawn["c"]), "a": (-1 - a.picture.cols, 0, a), "b": (0, 1 + b.picture.rows, b)}
            _tikz_regions(tikz, regions)


# --- SVG: the element type in the title, and the combined A/B/C figure ----------------------

SVG = "{http://www.w3.org/2000/svg}"


def test_svg_title_names_the_element_type() -> None:
    spec, evaluated = _instance("specs/rocdl/cdna3/mfma.yaml", "16x16x16_bf16_bf16_f32")
    for operand in operand_pictures(spec, evaluated):
        title = ET.fromstring(render_svg(operand)).find(f"{SVG}title")
        assert title is not None and title.text is not None
        expected = "f32" if operand.role == "c" else "bf16"
        assert f"({expected})" in title.text, title.text
        # the catalogue's shared picture leaves it out (one SVG for every element type of a shape)
        shared = ET.fromstring(render_svg(operand, element=False)).find(f"{SVG}title")
        assert shared is not None and f"({expected})" not in str(shared.text)
    whole = run_cli("show", "specs/rocdl/cdna3/mfma.yaml", "--instance", "16x16x16_bf16_bf16_f32", "--format", "svg")
    titles = [t.text for t in ET.fromstring(whole.stdout).iter(f"{SVG}title")]
    assert len(titles) == 3 and all("(bf16)" in str(t) or "(f32)" in str(t) for t in titles), titles


def _row_texts(root: ET.Element) -> list[tuple[float, float, float, str]]:
    """(x, y, width, text) of every row of cell labels (the <text> nodes with a textLength)."""
    return [
        (float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("textLength", 0)), t.text or "")
        for t in root.iter(f"{SVG}text")
        if t.get("textLength")
    ]


def test_combined_svg_puts_a_left_b_on_top_c_in_the_middle() -> None:
    from atomgen.pictures.svg import CELL_HEIGHT, render_combined_svg

    assert LATEX_CASES
    for spec_path, instance in LATEX_CASES:
        spec, evaluated = _instance(spec_path, instance)
        if spec.kind != "mma":
            continue
        drawn = {p.role: p for p in operand_pictures(spec, evaluated)}
        a, b, c = drawn["a"].picture, drawn["b"].picture, drawn["c"].picture
        root = ET.fromstring(render_combined_svg("t", drawn))
        rows = _row_texts(root)
        assert len(rows) == b.rows + a.rows + c.rows
        b_rows, a_rows, c_rows = rows[: b.rows], rows[b.rows : b.rows + a.rows], rows[b.rows + a.rows :]
        cell = c_rows[0][2] / c.cols
        assert b_rows[0][2] / b.cols == a_rows[0][2] / a.cols == cell  # one cell width for all three
        assert {x for x, _, _, _ in b_rows} == {x for x, _, _, _ in c_rows}  # B straight above C
        assert [y for _, y, _, _ in a_rows] == [y for _, y, _, _ in c_rows]  # A level with C
        assert a_rows[0][0] + a.cols * cell + cell == c_rows[0][0]  # A left of C, one gap column
        assert b_rows[-1][1] + 2 * CELL_HEIGHT == c_rows[0][1]  # B above C, one gap row
        for picture, texts in ((a, a_rows), (b, b_rows), (c, c_rows)):
            labels = cell_labels(picture)
            assert [t.split() for _, _, _, t in texts] == [list(row) for row in labels]


def test_combined_on_the_command_line(tmp_path: Path) -> None:
    mfma = "specs/rocdl/cdna3/mfma.yaml"
    svg = run_cli("show", mfma, "--instance", "16x16x16_f16_f16_f32", "--format", "svg", "--combined")
    assert svg.returncode == 0, svg.stderr
    root = ET.fromstring(svg.stdout)
    assert len(_row_texts(root)) == 16 * 3
    assert "rocdl.mfma.f32.16x16x16f16" in str(root.find(f"{SVG}svg/{SVG}title").text)  # type: ignore[union-attr]
    files = run_cli("show", MMA_SYNC, "--format", "latex", "--combined", "--out", str(tmp_path))
    assert files.returncode == 0, files.stderr
    spec = _spec_result(MMA_SYNC).spec
    assert sorted(p.name for p in tmp_path.glob("*.combined.tex")) == sorted(
        f"{i.id}.combined.tex" for i in spec.instances
    )
    for args, message in (
        (("specs/nvvm/sm80/ldmatrix.yaml", "--format", "svg", "--combined"), "is a copy atom"),
        ((mfma, "--format", "grid", "--combined"), "--format svg or latex"),
        (("specs/rocdl/cdna3/mfma_multiblock.yaml", "--format", "svg", "--combined"), "do not line up"),
    ):
        refused = run_cli("show", *args)
        assert refused.returncode == 2 and message in refused.stderr and "Traceback" not in refused.stderr


# --- the calculator queries: --where A[i][j], --lane L --reg R ------------------------------

QUERY_CASES = (
    ("specs/rocdl/cdna3/mfma.yaml", "16x16x16_f16_f16_f32"),
    ("specs/rocdl/cdna3/mfma.yaml", "32x32x16_f8E4M3FN_f8E4M3FN_f32"),  # 8-bit values, 4 to a register
    ("specs/rocdl/gfx11/wmma.yaml", None),
    (MMA_SYNC, "16x8x16_f16_f16_f32"),
    ("specs/nvvm/sm90/wgmma_ss.yaml", "64x8x16_f16_f16_f32"),  # B from shared memory: every thread, no register
    ("specs/nvvm/sm80/ldmatrix.yaml", "1"),  # src replicated over threads 8..31
)


def _tile_coordinates(operand: OperandPicture, index: int) -> tuple[int, int]:
    """The test's own column-major placement: MMA tiles (M,K), (N,K) drawn K x N, (M,N); copies by index."""
    picture = operand.picture
    first_extent = picture.cols if picture.transpose else picture.rows
    first, second = index % first_extent, index // first_extent
    return (second, first) if picture.transpose else (first, second)


def _named(operand: OperandPicture, index: int) -> str:
    if operand.role in ("src", "dst", "ref"):
        return f"{operand.label}[{index}]"
    row, col = _tile_coordinates(operand, index)
    return f"{operand.label}[{row}][{col}]"


def _sample_cells(picture: Picture) -> list[tuple[int, int]]:
    cells = {(0, 0), (picture.rows - 1, picture.cols - 1), (picture.rows // 2, picture.cols // 3)}
    cells |= {((7 * i) % picture.rows, (5 * i + 3) % picture.cols) for i in range(6)}
    return sorted(cells)


def test_where_inverts_the_layout() -> None:
    from atomgen.pictures.query import where_text

    checked = 0
    for spec_path, instance in QUERY_CASES:
        spec, evaluated = _instance(spec_path, instance)
        for operand in operand_pictures(spec, evaluated):
            picture = operand.picture
            # every (thr, val) of the layout, by brute force: index -> pairs
            by_index: dict[int, set[tuple[int, int]]] = {}
            for thr in range(picture.threads):
                for val in range(picture.values):
                    by_index.setdefault(algebra.evaluate(picture.layout, thr, val), set()).add((thr, val))
            for row, col in _sample_cells(picture):
                index = next(i for i in by_index if _tile_coordinates(operand, i) == (row, col))
                text = where_text(_named(operand, index), [operand], register_file(spec))
                if picture.every_thread_holds_all:
                    every = re.search(r"every lane 0\.\.(\d+), value (\d+)", text)
                    assert every is not None, text
                    value = int(every.group(2))
                    assert by_index[index] == {(t, value) for t in range(picture.threads)}
                    continue
                found = re.findall(r"^\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S+)$", text, re.M)
                pairs = {(int(lane), int(value)) for lane, value, _, _ in found}
                assert pairs == by_index[index], (spec_path, row, col, text)
                assert f"{len(pairs)} holder(s)" in text
                for lane, value, registers, bits in found:
                    # the answer, evaluated forward again, is the element asked for
                    forward = algebra.evaluate(picture.layout, int(lane), int(value))
                    assert _tile_coordinates(operand, forward) == (row, col)
                    if operand.value_bits is None:
                        assert registers == bits == "-"
                        continue
                    low = int(value) * operand.value_bits
                    first = low // 32
                    assert registers.split(":")[0][1:] == str(first)
                    assert bits == f"[{low - 32 * first + operand.value_bits - 1}:{low - 32 * first}]"
                checked += 1
    assert checked > 100


def test_lane_and_register_name_what_they_hold() -> None:
    from atomgen.pictures.query import lane_text

    assert QUERY_CASES
    for spec_path, instance in QUERY_CASES:
        spec, evaluated = _instance(spec_path, instance)
        operands = operand_pictures(spec, evaluated)
        registered = [o for o in operands if o.value_bits is not None]
        for lane in (0, 1, operands[0].picture.threads - 1):
            for register in range(3):
                expected = set()
                for operand in registered:
                    for val in range(operand.picture.values):
                        lo, hi = val * operand.value_bits, (val + 1) * operand.value_bits - 1  # type: ignore[operator]
                        if lo // 32 <= register <= hi // 32:
                            index = algebra.evaluate(operand.picture.layout, lane, val)
                            expected.add((operand.label, val, _named(operand, index)))
                if not expected:
                    continue
                text = lane_text(operands, lane, register_file(spec), register=f"v{register}")
                rows = re.findall(r"^(\S+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)$", text, re.M)
                got = {(o, int(v), e) for o, v, _, _, e in rows}
                assert got == expected, (spec_path, lane, register, text)
            values = lane_text(operands, lane, register_file(spec), value=0)
            assert values.count("\n") - 1 == sum(1 for o in operands if lane < o.picture.threads)


def test_queries_on_the_command_line_and_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    from atomgen.show import show

    mfma, instance = "specs/rocdl/cdna3/mfma.yaml", "16x16x16_f16_f16_f32"
    where = run_cli("show", mfma, "--instance", instance, "--where", "A[3][5]")
    assert where.returncode == 0, where.stderr
    assert re.search(r"^\s+19\s+1\s+v0\s+\[31:16\]$", where.stdout, re.M)  # lane m + 16*(k/4), value k%4
    assert "VGPRs per lane: A 2 (vector<4xf16>), B 2 (vector<4xf16>), C 4 (vector<4xf32>)" in where.stdout
    assert "[derived from packed types]" in where.stdout and "8192 = 2*M*N*K" in where.stdout
    lane = run_cli("show", mfma, "--instance", instance, "--lane", "19", "--reg", "v1")
    assert lane.returncode == 0, lane.stderr
    assert re.search(r"^C\s+1\s+v1\s+\[31:0\]\s+C\[5\]\[3\]$", lane.stdout, re.M)
    refused = run_cli("show", mfma, "--instance", instance, "--lane", "64")
    assert refused.returncode == 2 and "lane 64 is out of range: this instance has 64 lanes (0..63)" in refused.stderr
    for kwargs, message in (
        ({"instance_id": instance, "lane": 3, "register": "9"}, "register 9 is out of range"),
        ({"instance_id": instance, "lane": 3, "value": 4}, "value 4 is out of range"),
        ({"instance_id": instance, "where": "C[16][0]"}, "C[16][0] is outside the tile: C is 16 x 16"),
        ({"instance_id": instance, "where": "D[0][0]"}, "no operand 'D' (operands: A, B, C)"),
        ({"instance_id": instance, "where": "A[0]"}, "name an element by m and k"),
        ({"instance_id": instance, "where": "A(0,0)"}, "is not an element"),
        ({"where": "A[0][0]"}, "give --instance ID"),
        ({"instance_id": instance, "register": "1"}, "give --lane L too"),
        ({"instance_id": instance, "lane": 1, "where": "A[0][0]"}, "not both"),
    ):
        assert show(mfma, kwargs.pop("instance_id", None), "text", **kwargs) == 2, kwargs  # type: ignore[arg-type]
        assert message in capsys.readouterr().err, (kwargs, message)
    assert show("specs/nvvm/sm80/ldmatrix.yaml", "1", "text", where="src[64]") == 2
    assert "src[64] is outside the tile: src has elements 0..63" in capsys.readouterr().err
