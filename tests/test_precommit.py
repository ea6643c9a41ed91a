"""pre-commit try-repo of this repository's hooks on a temporary repository of specs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRE_COMMIT = shutil.which("pre-commit") or str(Path(sys.executable).parent / "pre-commit")

pytestmark = pytest.mark.skipif(not Path(PRE_COMMIT).exists(), reason="pre-commit is not installed")


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_try_repo_reports_broken_spec_and_passes_good_one(tmp_path: Path) -> None:
    repo = tmp_path / "user"
    (repo / "specs").mkdir(parents=True)
    shutil.copytree(ROOT / "specs" / "rocdl", repo / "specs" / "rocdl")
    broken = repo / "specs/rocdl/cdna3/mfma.yaml"
    lines = broken.read_text().splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.strip().startswith('a: "((m, G), KPT)'))
    lines[index] = lines[index].replace("m*KPT), m)", "m*KPT), 0)")
    broken.write_text("".join(lines))
    git("init", "-q", cwd=repo)
    git("add", "-A", cwd=repo)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "ATOMGEN_CACHE_DIR": str(tmp_path / "c")}
    good = "specs/rocdl/cdna3/buffer_copy.yaml"
    ok = subprocess.run(
        [PRE_COMMIT, "try-repo", str(ROOT), "atomgen-check", "--files", good],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = subprocess.run(
        [PRE_COMMIT, "try-repo", str(ROOT), "atomgen-check", "--files", "specs/rocdl/cdna3/mfma.yaml", good],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert f"specs/rocdl/cdna3/mfma.yaml:{index + 1}:" in bad.stdout
