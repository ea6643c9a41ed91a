"""The package works from a wheel: schema and templates travel with it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_schema_templates_and_catalogs(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    wheel = next(tmp_path.glob("atomgen-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "atomgen/_data/schema/atom.schema.json" in names
    assert any(n.startswith("atomgen/_data/templates/tablegen/") for n in names)
    assert "atomgen/intrinsics/rocdl.yaml" in names
    assert "atomgen/intrinsics/rocdl.json" in names  # its compiled form, which check reads
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path.insert(0, sys.argv[1]); from atomgen.cli import main; sys.exit(main(['schema']))",
            str(site),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0 and '"$schema"' in run.stdout, run.stderr
    for name in ("AtomGen.cmake", "AtomGenConfig.cmake", "AtomGenConfigVersion.cmake"):
        assert f"atomgen/_data/cmake/{name}" in names, f"{name} is not in the wheel"
    cmake_dir = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path.insert(0, sys.argv[1]); from atomgen.cli import main; "
            "sys.exit(main(['--cmake-dir']))",
            str(site),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert cmake_dir.returncode == 0, cmake_dir.stderr
    folder = Path(cmake_dir.stdout.strip())
    assert folder == site / "atomgen" / "_data" / "cmake"
    assert (folder / "AtomGenConfig.cmake").read_text() == (ROOT / "cmake" / "AtomGenConfig.cmake").read_text()
