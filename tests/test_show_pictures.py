"""`atomgen show` in every format on every shipped instance, checked against the layout algebra.

In-process and memoized the way `show` is: each distinct picture is verified cell by cell
against `algebra.evaluate` once; each instance's grid, lanes, svg, latex and json output is
produced and checked (svg parsed as XML, json parsed and its table checked against the
layout), so all 2,000-odd instances run in seconds.
"""

from __future__ import annotations

import dataclasses
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
from atomgen.pictures.svg import render_svg
from atomgen.show import records_json, render_instance
from tests.conftest import REPO, SPECS, run_cli

SHIPPED = [display for _, display in collect_spec_files([str(SPECS)])]
LABEL = re.compile(r"T(?:\d+|\*)V\d+")


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


_PARSED_SVG: set[str] = set()


def check_svg(operand: OperandPicture) -> None:
    text = render_svg(operand)
    if text in _PARSED_SVG:
        return
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert int(root.get("width", "0")) > 0 and int(root.get("height", "0")) > 0
    rows = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("textLength")]
    assert len(rows) == operand.picture.rows
    cells = [label for row in rows for label in LABEL.findall(row.text or "")]
    assert len(cells) == operand.picture.rows * operand.picture.cols
    _PARSED_SVG.add(text)


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


@pytest.mark.parametrize("display", SHIPPED)
def test_show_every_format_on_every_instance(display: str) -> None:
    result = _spec_result(display)
    spec = result.spec
    for evaluated in result.analysis.evaluated:
        operands = operand_pictures(spec, evaluated)
        # a sparse MMA adds its metadata E (over the index tile) after A, B, C
        metadata = ["e"] if spec.sparse else []
        assert [p.role for p in operands] == [r for r in spec.operands if r in evaluated.operands] + metadata
        for operand in operands:
            verify_picture(operand.picture)
            check_svg(operand)
        for output_format, render, check in (("grid", render_grid, check_grid), ("lanes", render_lanes, check_lanes)):
            parts = [render(p, 120, False) if output_format == "grid" else render(p, spec.backend) for p in operands]
            for operand, part in zip(operands, parts):
                if once(part):
                    check(part, [operand])
            text = render_instance(spec, evaluated, operands, output_format, False, 120)
            header = f"{spec.mnemonic} {evaluated.instance.id}  ->  {evaluated.instance.intrinsic}"
            assert text == "\n\n".join([header] + parts)
        alone = dataclasses.replace(result.analysis, evaluated=(evaluated,))
        one = type(result)(result.path, [], spec=spec, analysis=alone)
        from atomgen.show import instance_records

        check_json(records_json(instance_records(one, {evaluated.instance.id: operands})), evaluated, operands)
        from atomgen.pictures.latex import render_latex

        latex = render_latex([(evaluated.instance.id, p) for p in operands])
        assert latex.count(r"\begin{tikzpicture}") == len(operands) and latex.rstrip().endswith(r"\end{document}")


# --- the command line: colour, NO_COLOR, files, LaTeX --------------------------------------

MMA_SYNC = "specs/ptx/sm80/mma_sync.yaml"


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
        result = run_cli("show", "specs/ptx/sm80/ldmatrix.yaml", "--format", output_format, "--out", str(tmp_path))
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
    first = run_cli("show", "specs/ptx/sm80/ldmatrix.yaml", "--format", "svg", "--instance", "2")
    assert first.stdout == run_cli("show", "specs/ptx/sm80/ldmatrix.yaml", "--format", "svg", "--instance", "2").stdout


def test_json_has_the_coordinate_table() -> None:
    result = run_cli("show", "specs/ptx/sm90/wgmma_ss.yaml", "--instance", "64x256x16_f16_f16_f32", "--format", "json")
    assert result.returncode == 0, result.stderr
    records = {r["operand"]: r for r in json.loads(result.stdout)}
    b, c = records["b"], records["c"]
    assert b["replicas"] == [{"axis": "thr", "extent": 128, "step": 1}] and len(b["coordinates"]) == 256 * 16
    assert b["tile"] == {"rows": 16, "cols": 256, "row": "k", "col": "n"}
    assert len(c["coordinates"]) == 128 * 128 and c["replicas"] == []
    assert c["coordinates"][:2] == [[0, 0, 0, 0], [0, 1, 0, 1]]  # thread 0 holds C[0][0], C[0][1]


def test_copy_pictures_in_the_element_width_chosen() -> None:
    lanes = run_cli("show", "specs/ptx/sm80/ldmatrix.yaml", "--instance", "1", "--format", "lanes", "--bits", "32")
    assert lanes.returncode == 0, lanes.stderr
    assert re.search(r"^\s+31\s+r0\s+\[31:0\]\s+dst\[31\]$", lanes.stdout, re.M)  # thread t holds b32 word t
    narrow = run_cli("show", "specs/ptx/sm80/ldmatrix.yaml", "--instance", "1", "--format", "lanes", "--bits", "16")
    assert re.search(r"^\s+31\s+r0\s+\[31:16\]\s+dst\[63\]$", narrow.stdout, re.M)
    mma = run_cli("show", MMA_SYNC, "--format", "lanes", "--bits", "16")
    assert mma.returncode == 2 and "--bits chooses a copy's element width" in mma.stderr
    bad = run_cli(
        "show", "specs/ptx/sm80/ldmatrix.yaml", "--instance", "1_transpose", "--format", "grid", "--bits", "64"
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
        ("specs/ptx/sm90/wgmma_ss.yaml", "64x8x16_f16_f16_f32"),
        ("specs/ptx/sm80/ldmatrix.yaml", "1_transpose"),
        ("specs/ptx/sm80/ldmatrix.yaml", "2"),
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
