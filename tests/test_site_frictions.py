"""Issue 51's catalogue frictions, checked on the HTML and SVG the catalogue and `show` write
(tests/test_catalog_browser.py looks at the same pages in a browser): the instance table
scrolls in a frame of its own, notes come after the parameters and fold away, the combined
A/B/C picture names its operands, and an atom named for another subtarget says so."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import REPO, run_cli

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def ldmatrix_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalogue of specs/nvvm with one atom: ldmatrix (sm80 spec, sm75 mnemonic)."""
    root = tmp_path_factory.mktemp("ldmatrix")
    specs = root / "specs" / "nvvm"
    (specs / "sm80").mkdir(parents=True)
    shutil.copy(REPO / "specs/nvvm/backend.yaml", specs / "backend.yaml")
    shutil.copy(REPO / "specs/nvvm/sm80/ldmatrix.yaml", specs / "sm80" / "ldmatrix.yaml")
    out = root / "site"
    result = run_cli("catalog", str(root / "specs"), "--out", str(out), "--reports", str(root / "none"))
    assert result.returncode == 0, result.output
    return out


def _page(site: Path) -> str:
    (page,) = (site / "atoms").glob("*.html")
    return page.read_text(encoding="utf-8")


def _rule(style: str, selector: str) -> str:
    match = re.search(rf"(?m)^{re.escape(selector)}\s*\{{([^}}]*)\}}", style)
    assert match is not None, selector
    return match.group(1)


def test_the_instance_table_scrolls_inside_its_own_frame(ldmatrix_site: Path) -> None:
    page = _page(ldmatrix_site)
    frame = re.search(r'<div class="([^"]+)"[^>]*><table class="filterable" id="instance-table">', page)
    assert frame is not None, page[:2000]
    style = (ldmatrix_site / "style.css").read_text(encoding="utf-8")
    rule = _rule(style, "." + frame.group(1).split()[0])
    # both scroll bars inside the window: a wgmma table is 456 rows, its own bottom far below it
    assert "overflow: auto" in rule and "max-height" in rule and "max-width: 100%" in rule, rule
    # the widest column, the full type, wraps at its spaces instead of widening the table
    assert re.search(r'<td class="type"><code>', page), page
    assert "white-space: normal" in _rule(style, "td.type code")


def test_notes_come_after_the_parameters_folded(ldmatrix_site: Path) -> None:
    page = _page(ldmatrix_site)
    assert page.index('id="parameters"') < page.index('id="notes"'), "notes before the parameters"
    notes = page.split('id="notes"', 1)[0].rsplit("<", 1)[1]
    assert notes.startswith("details"), notes  # collapsed: a <details>, its summary counting them
    assert re.search(r'<details id="notes"><summary>Notes \(\d+\)</summary>', page)


def test_an_atom_named_for_another_subtarget_is_listed_by_its_spec_and_says_so(ldmatrix_site: Path) -> None:
    index = (ldmatrix_site / "index.html").read_text(encoding="utf-8")
    group = index.split('<div data-group="nvvm-sm80"><h3>sm80</h3>', 1)[1].split("</div>", 1)[0]
    assert ">sm75.ldmatrix</a>" in group  # the name FlyDSL gives it
    assert re.search(r"named sm75\.\* by FlyDSL; spec subtarget sm80", group), group
    assert 'data-group="nvvm-sm75"' not in index
    page = _page(ldmatrix_site)
    assert "named sm75.* by FlyDSL; spec subtarget sm80" in page


def test_the_combined_picture_labels_a_b_and_c() -> None:
    result = run_cli("show", "specs/nvvm/sm80/mma_sync.yaml", "--instance", "16x8x16_f16_f16_f32", "--format",
                     "svg", "--combined")
    assert result.returncode == 0, result.output
    root = ET.fromstring(result.stdout)
    labels = {text.text: text for text in root.iter(f"{SVG}text") if text.text in ("A", "B", "C")}
    assert set(labels) == {"A", "B", "C"}, result.stdout[:1000]
    assert all(text.get("font-weight") == "bold" for text in labels.values())
    a, b, c = (labels[name] for name in "ABC")
    # A left of C, B above C: each label where its operand is drawn
    assert float(a.get("x", 0)) < float(c.get("x", 0)) and float(b.get("y", 0)) < float(c.get("y", 0))
