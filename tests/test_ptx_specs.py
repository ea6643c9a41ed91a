"""The PTX specs check clean (issue 5 acceptance: `atomgen check specs/` with the PTX specs included)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ptx_specs_check_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "atomgen", "check", "specs/ptx", "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 error(s)" in done.stdout + done.stderr


def test_every_ptx_instance_names_its_ptx_instruction() -> None:
    import yaml

    for path in sorted((ROOT / "specs" / "ptx").rglob("*.yaml")):
        if path.name == "backend.yaml":
            continue
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# yaml-language-server: $schema=../../../schema/atom.schema.json"), path
        data = yaml.safe_load(text)
        for row in data["instances"]:
            assert row.get("instruction"), f"{path}: {row}"
            assert row["intrinsic"].startswith("nvvm."), f"{path}: {row['intrinsic']}"
