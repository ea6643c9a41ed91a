"""Multi-block MMAs: exceptions.blocks makes the block index the third coordinate of every
reference tile (A (M,K,B), B (N,K,B), C (M,N,B)); coverage is judged over those tiles and the
count must be the instruction's (AG354)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import spec_instances

from atomgen.check.runner import analyze_file
from atomgen.layout.algebra import evaluate

REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "specs" / "rocdl" / "cdna3" / "mfma_multiblock.yaml"


def _check(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    folder = tmp_path / "rocdl" / "cdna3"
    folder.mkdir(parents=True)
    (tmp_path / "rocdl" / "backend.yaml").write_text((REPO / "specs/rocdl/backend.yaml").read_text())
    path = folder / "mfma_multiblock.yaml"
    path.write_text(text)
    return subprocess.run([sys.executable, "-m", "atomgen", "check", str(path)], capture_output=True, text=True,
                          cwd=REPO, check=False)


def test_shipped_multiblock_spec_is_clean_and_every_tile_is_block_indexed() -> None:
    result = analyze_file(SPEC, "mfma_multiblock.yaml", prove=True)
    assert result.analysis is not None
    assert not [d for d in result.diagnostics if d.severity == "error"]
    evaluated = {e.instance.id: e for e in result.analysis.evaluated}
    assert len(evaluated) == len(spec_instances(SPEC))
    two = evaluated["32x32x1_2_f32_f32_f32"]
    assert two.variables["blocks"] == 2
    c = two.operands["c"].layout
    # lane 0, value 16 is D[0][0] of block 1: index m + 32 n + 1024 b (AMD calculator, CDNA3)
    assert evaluate(c, 0, 16) == 1024 and evaluate(c, 0, 4) == 8
    sixteen = evaluated["4x4x1_16_f32_f32_f32"]
    assert evaluate(sixteen.operands["c"].layout, 4, 0) == 16  # 4x4: the block is in the thread mode


def test_a_wrong_block_count_is_ag354(tmp_path: Path) -> None:
    text = SPEC.read_text().replace('  blocks: "b"', '  blocks: "2"')
    done = _check(tmp_path, text)
    assert done.returncode == 1
    assert "AG354" in done.stdout and "the spec declares 2" in done.stdout, done.stdout


def test_without_blocks_the_tiles_are_not_covered(tmp_path: Path) -> None:
    text = SPEC.read_text()
    start, end = text.index("\nexceptions:\n"), text.index("\ninstances:\n")
    done = _check(tmp_path, text[:start] + text[end:])
    assert done.returncode == 1
    assert "AG354" in done.stdout and "single-tile" in done.stdout, done.stdout
    assert "AG32" in done.stdout  # the layouts name elements outside a one-block tile
