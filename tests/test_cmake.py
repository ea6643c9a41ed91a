"""cmake/AtomGen.cmake with Ninja: first build generates, second does nothing, a touched
spec regenerates only that atom."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    shutil.which("cmake") is None or shutil.which("ninja") is None, reason="cmake and ninja are needed"
)


def _atomgen_launcher(folder: Path) -> Path:
    launcher = folder / "atomgen"
    launcher.write_text(f'#!/bin/sh\nexec {sys.executable} -m atomgen "$@"\n')
    launcher.chmod(0o755)
    return launcher


def test_atomgen_generate_with_ninja(tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    shutil.copytree(ROOT / "specs" / "rocdl", specs / "rocdl")
    project = tmp_path / "project"
    project.mkdir()
    chosen = ["rocdl/cdna3/mfma.yaml", "rocdl/cdna3/buffer_copy.yaml", "rocdl/gfx11/wmma.yaml"]
    spec_list = " ".join(str(specs / c) for c in chosen)
    (project / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(atoms NONE)\n"
        f"include({ROOT / 'cmake' / 'AtomGen.cmake'})\n"
        f"atomgen_generate(TARGET atoms SPECS {spec_list} OUTPUT_DIR ${{CMAKE_BINARY_DIR}}/gen "
        f"ATOMGEN {_atomgen_launcher(tmp_path)})\n"
    )
    build = tmp_path / "build"
    env = {**os.environ, "ATOMGEN_CACHE_DIR": str(tmp_path / "cache")}
    configure = subprocess.run(
        ["cmake", "-G", "Ninja", "-S", str(project), "-B", str(build)], capture_output=True, text=True, env=env
    )
    assert configure.returncode == 0, configure.stdout + configure.stderr

    def ninja() -> str:
        result = subprocess.run(["ninja", "-C", str(build)], capture_output=True, text=True, env=env)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    first = ninja()
    for name in ("mfma.yaml", "buffer_copy.yaml", "wmma.yaml"):
        assert f"generating {specs}/" in first and name in first
    generated = build / "gen"
    assert (generated / "include/flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMA.td").is_file()
    assert (generated / "lib/Dialect/FlyROCDL/CMakeLists.txt").is_file()

    second = ninja()
    assert "no work to do" in second

    time.sleep(1.1)  # coarse file-system clocks
    (specs / "rocdl/gfx11/wmma.yaml").touch()
    third = ninja()
    assert "gfx11/wmma.yaml" in third
    assert "cdna3/mfma.yaml" not in third and "cdna3/buffer_copy.yaml" not in third
