"""`atomgen catalog` (the HTML site) without a browser: spec text is escaped, a failed build writes nothing,
an unrelated folder is never replaced, verdicts come from the reports folder given."""

from __future__ import annotations

import json
from pathlib import Path

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
    result = run_cli("catalog", "specs/ptx/sm80/mma_sync.yaml", "specs/rocdl/cdna3/mfma.yaml", "--out", str(out))
    assert result.returncode == 0, result.stderr
    probe = json.loads((REPO / "docs" / "probe-h200.json").read_text())
    passing = [r["instance"] for r in probe["instances"] if r["spec"].endswith("sm80/mma_sync.yaml")]
    page = (out / "atoms" / "ptx-sm80-mma_sync.html").read_text()
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
