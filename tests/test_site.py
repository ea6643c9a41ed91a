"""`atomgen catalog` (the HTML site) without a browser: spec text is escaped, a failed build writes nothing,
an unrelated folder is never replaced, verdicts come from the reports folder given."""

from __future__ import annotations

import argparse
import html
import io
import json
import re
import sys
from pathlib import Path

import pytest

from tests.conftest import MINIMAL_MMA, REPO, SpecTree, run_cli

HOSTILE_SUMMARY = '"<script>alert(1)</script> & <img src=x onerror=alert(2)>"'


def test_spec_text_is_escaped(spec_tree: SpecTree, tmp_path: Path) -> None:
    spec_tree.write(MINIMAL_MMA.replace("stateful: false", f"stateful: false\nsummary: {HOSTILE_SUMMARY}"))
    out = tmp_path / "site"
    result = run_cli("catalog", str(spec_tree.specs), "--out", str(out), "--reports", str(tmp_path / "none"))
    assert result.returncode == 0, result.stderr
    pages = [out / "index.html", *(out / "atoms").glob("*.html")]
    assert len(pages) == 2
    for page in pages:
        text = page.read_text()
        assert "<script>alert" not in text and "<img src=x" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;" in text
        assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in text


def test_a_spec_that_does_not_check_writes_nothing(spec_tree: SpecTree, tmp_path: Path) -> None:
    spec_tree.write(MINIMAL_MMA.replace('c: "((16, 4), 4) : ((16, 4), 1)"', 'c: "((16, 4), 4) : ((16, 4), 2)"'))
    out = tmp_path / "site"
    result = run_cli("catalog", str(spec_tree.specs), "--out", str(out))
    assert result.returncode == 1 and "AG32" in result.stderr and "nothing written" in result.stderr
    assert not out.exists() and list(tmp_path.glob(".site.*")) == []


def test_an_unrelated_folder_is_not_replaced(spec_tree: SpecTree, tmp_path: Path) -> None:
    spec_tree.write(MINIMAL_MMA)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    result = run_cli("catalog", str(spec_tree.specs), "--out", str(mine))
    assert result.returncode == 2 and "not an earlier catalogue" in result.stderr
    assert (mine / "notes.txt").read_text() == "keep me"
    again = tmp_path / "site"
    assert run_cli("catalog", str(spec_tree.specs), "--out", str(again)).returncode == 0
    first = (again / "index.html").read_text()
    assert run_cli("catalog", str(spec_tree.specs), "--out", str(again)).returncode == 0  # an earlier catalogue
    assert (again / "index.html").read_text() == first  # deterministic


def test_verdicts_per_instance_from_the_committed_reports(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = run_cli("catalog", "specs/nvvm/sm80/mma_sync.yaml", "specs/rocdl/cdna3/mfma.yaml", "--out", str(out))
    assert result.returncode == 0, result.stderr
    probe = json.loads((REPO / "docs" / "probe-h200.json").read_text())
    passing = [r["instance"] for r in probe["instances"] if r["spec"].endswith("sm80/mma_sync.yaml")]
    page = (out / "atoms" / "nvvm-sm80-mma_sync.html").read_text()
    assert f"H200 probe: {len(passing)} pass" in page
    cute = json.loads((REPO / "docs" / "oracle-cute.json").read_text())
    compared = next(s for s in cute["specs"] if s["path"].endswith("sm80/mma_sync.yaml"))
    # the spec's declared CuTe defects (int4 16x8x32 B) are "known", every other instance passes
    assert all(f["declared"] for f in compared["findings"])
    known = {f["configuration"] for f in compared["findings"]}
    assert f"CuTe: {len(known)} known, {compared['instances'] - len(known)} pass" in page
    for instance in passing:
        row = page.split(f'<tr id="instance-{instance}">', 1)[1].split("</tr>", 1)[0]
        assert 'class="v-pass"' in row, instance
    flydsl = json.loads((REPO / "docs" / "oracle-flydsl.json").read_text())
    mfma = next(a for a in flydsl["atoms"] if a["spec"].endswith("cdna3/mfma.yaml"))
    mfma_page = (out / "atoms" / "rocdl-cdna3-mfma.html").read_text()
    assert f"FlyDSL: {mfma['instances']} pass" in mfma_page


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_line_on_a_terminal(spec_tree: SpecTree, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In process (no build of its own worth timing): stderr a terminal, the run says which spec it draws."""
    from atomgen.site import command

    spec_tree.write(MINIMAL_MMA)
    monkeypatch.setenv("TERM", "xterm")
    stderr = _Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args([str(spec_tree.specs), "--out", str(tmp_path / "site"), "--reports", str(tmp_path)])
    assert command.run(args) == 0
    text = stderr.getvalue()
    assert text.startswith(f"\r[1/1] catalog: {str(spec_tree.specs)[:40]}"), text  # the spec drawn (cut to 80 columns)
    assert text.rstrip().splitlines()[-1].lstrip("\r ").startswith("atomgen catalog: 1 atom page(s)")  # the line erased
    piped = run_cli("catalog", str(spec_tree.specs), "--out", str(tmp_path / "site"), "--reports", str(tmp_path))
    assert piped.returncode == 0 and "\r" not in piped.stderr and "[1/1]" not in piped.stderr


def _row(page: str, instance: str) -> list[str]:
    """The cells' text of an instance's row of an atom page."""
    row = page.split(f'<tr id="instance-{instance}">', 1)[1].split("</tr>", 1)[0]
    return [html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in row.split("</td>")[:-1]]


def test_subtargets_dsl_call_registers_and_generated_files(tmp_path: Path) -> None:
    from atomgen.check.families.against_intrinsics import instance_chips
    from atomgen.check.runner import analyze_file

    out = tmp_path / "site"
    result = run_cli("catalog", "specs/rocdl/cdna3/mfma.yaml", "--out", str(out), "--reports", str(tmp_path))
    assert result.returncode == 0, result.stderr
    page = (out / "atoms" / "rocdl-cdna3-mfma.html").read_text()
    analysed = analyze_file(REPO / "specs/rocdl/cdna3/mfma.yaml", "specs/rocdl/cdna3/mfma.yaml", prove=False)
    assert analysed.spec is not None and analysed.analysis is not None
    head = re.findall(r"<th[^>]*>([^<]+)</th>", page.split('id="instance-table"', 1)[1].split("</thead>", 1)[0])
    assert head[:4] == ["instance", "pictures", "subtargets", "DSL"] and "VGPRs" in head
    for instance in analysed.spec.instances:
        cells = dict(zip(head, _row(page, instance.id)))
        chips = instance_chips(analysed.spec, instance, analysed.analysis.backend)
        assert chips and set(cells["subtargets"].split()) == chips, instance.id
    f16 = dict(zip(head, _row(page, "16x16x16_f16_f16_f32")))
    assert f16["DSL"] == "MFMA(16, 16, 16, f16)" and f16["VGPRs"] == "A: 2, B: 2, C: 4"
    assert dict(zip(head, _row(page, "32x32x16_i8_i8_i32")))["DSL"] == "MFMA(32, 32, 16, i8, i32)"
    # mixed fp8 types: FlyDSL's MFMA(m, n, k, elem_ty_ab) cannot make the row, so no call is shown
    assert dict(zip(head, _row(page, "16x16x32_f8E4M3FNUZ_f8E5M2FNUZ_f32")))["DSL"] == ""
    assert "DSL: <code>MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None)</code>" in page
    generated = page.split('class="generated"', 1)[1].split("</p>")[0]
    links = re.findall(r'<a href="([^"]+)"><code>([^<]+)</code></a>', generated)
    names = [name for _, name in links]
    assert names[:2] == ["MmaOpCDNA3_MFMA.td", "MmaOpCDNA3_MFMA.cpp"] and "cdna3_mfma.mlir" in names
    for href, name in links:
        target = (out / "atoms" / href).resolve()
        assert target.is_file() and target.name == name and (REPO / "generated").resolve() in target.parents
    # a shared picture names every element type drawn with it
    assert re.search(r"<summary>A: [^<]* = 16 x 16 \(f16, bf16\)", page)
    index = (out / "index.html").read_text()
    row = index.split('<tr data-instances="', 1)[1].split('"', 1)[0]
    assert "bf16" in row and "gfx950" in row and "16x16x16" in row
    based = run_cli(
        "catalog", "specs/rocdl/cdna3/mfma.yaml", "--out", str(out), "--reports", str(tmp_path),
        "--generated-base", "https://example.org/tree/generated",
    )
    assert based.returncode == 0, based.stderr
    assert ('href="https://example.org/tree/generated/include/flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMA.td"'
            in (out / "atoms" / "rocdl-cdna3-mfma.html").read_text())
