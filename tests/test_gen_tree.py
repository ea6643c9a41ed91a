"""atomgen gen: determinism, the checked-in tree, --check, --into regions, path safety."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def atomgen(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "atomgen", *args], cwd=cwd, capture_output=True, text=True, env=env, check=False
    )


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# A plain `pytest` runs the cold gens on specs of both backends and of the main emission patterns, each
# atom's own files only (the shared files of a subset hold only its regions); `pytest -m campaign` on specs/.
SAMPLE = ("specs/rocdl/cdna3/mfma.yaml", "specs/rocdl/cdna3/buffer_copy.yaml", "specs/rocdl/gfx1250/wmma.yaml",
          "specs/nvvm/sm80/mma_sync.yaml", "specs/nvvm/sm90/wgmma_ss.yaml", "specs/nvvm/sm90/tma_load.yaml")


@pytest.mark.parametrize("every", [pytest.param(False, id="sample"),
                                   pytest.param(True, id="every-spec", marks=pytest.mark.campaign)])
def test_gen_is_deterministic_and_matches_generated(tmp_path: Path, every: bool) -> None:
    """Two cold runs under different hash seeds write the same bytes, and they are generated/'s, which a
    third process (of whatever seed) wrote."""
    trees = []
    specs, only = (["specs/"], []) if every else (list(SAMPLE), ["--only", "owned"])
    for index, seed in enumerate(("0", "12345")):
        out = tmp_path / f"out{index}"
        env = {**os.environ, "PYTHONHASHSEED": seed, "ATOMGEN_CACHE_DIR": str(tmp_path / f"cache{index}")}
        result = atomgen("gen", *specs, "--out", str(out), *only, env=env)
        assert result.returncode == 0, result.stderr
        trees.append(tree(out))
    assert trees[0] == trees[1]
    assert trees[0], "gen wrote nothing"
    generated = tree(ROOT / "generated")
    assert trees[0] == (generated if every else {path: generated.get(path) for path in trees[0]}), (
        "generated/ is stale: run `atomgen gen specs/ --out generated/ --prune`"
    )


def test_generated_is_fresh_by_check() -> None:
    result = atomgen("gen", "specs/", "--out", "generated/", "--prune", "--check")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr


def test_check_reports_stale_tree_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert atomgen("gen", "specs/rocdl", "--out", str(out)).returncode == 0
    victim = next(out.rglob("*.td"))
    victim.write_text(victim.read_text() + "// stray edit\n")
    before = tree(out)
    result = atomgen("gen", "specs/rocdl", "--out", str(out), "--check")
    assert result.returncode == 1
    assert "stray edit" in result.stdout and "---" in result.stdout
    assert tree(out) == before


def test_unchanged_files_keep_their_mtime(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert atomgen("gen", "specs/rocdl", "--out", str(out)).returncode == 0
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    assert atomgen("gen", "specs/rocdl", "--out", str(out)).returncode == 0
    assert stamps == {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}


FLYDSL_LIKE = {
    "include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.td": "#ifndef MMA_ATOM_TD\n#define MMA_ATOM_TD\n\n"
    'def FlyROCDL_HandWritten : FlyROCDL_MmaOp<"HandWritten", "x.y"> {}\n\n#endif // MMA_ATOM_TD\n',
    "include/flydsl/Dialect/FlyROCDL/IR/CopyAtom.td": "// hand-written copy atoms\n",
    "lib/Dialect/FlyROCDL/CMakeLists.txt": "add_mlir_dialect_library(MLIRFlyROCDLDialect\n  Dialect.cpp\n"
    "  CDNA3/MmaAtom.cpp\n\n  DEPENDS\n  MLIRFlyROCDLIncGen\n  )\n",
    "lib/Bindings/Python/FlyROCDLExtension.cpp": '#include "BindingUtils.h"\n\nstruct Existing {};\n\n'
    "NB_MODULE(_mlirDialectsFlyROCDL, m) {\n  Existing::bind(m);\n}\n",
    "python/flydsl/expr/rocdl/universal.py": '__all__ = ["Existing"]\n\n\ndef Existing():\n    return 1\n',
    "python/flydsl/expr/rocdl/cdna4.py": "__all__ = []\n",
    "python/flydsl/expr/rocdl/cdna5.py": "__all__ = []\n",
}


FLYDSL_MARKERS = {  # what makes a folder a FlyDSL checkout for `--into` (atomgen/write/adopt.py)
    "CMakeLists.txt": "project(FLYDSL LANGUAGES C CXX)\n",
    "include/flydsl/Dialect/Fly/IR/FlyInterfaces.td": "// interfaces\n",
}


def make_checkout(root: Path) -> None:
    for relative, text in {**FLYDSL_LIKE, **FLYDSL_MARKERS}.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_into_preserves_bytes_outside_regions_and_is_idempotent(tmp_path: Path) -> None:
    checkout = tmp_path / "flydsl"
    make_checkout(checkout)
    result = atomgen("gen", "specs/rocdl", "--into", str(checkout))
    assert result.returncode == 0, result.stderr
    for relative, original in FLYDSL_LIKE.items():
        text = (checkout / relative).read_text()
        outside = _strip_regions(text)
        assert outside == original, f"{relative}: bytes outside the regions changed"
        assert "atomgen:begin" in text
    owned = [f for owner in json.loads((checkout / "atomgen-manifest.json").read_text())["owners"].values()
             for f in owner["files"]]
    assert "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp" in owned
    assert [f for f in owned if not (checkout / f).is_file()] == []
    stamps = {p: p.stat().st_mtime_ns for p in checkout.rglob("*") if p.is_file()}
    again = atomgen("gen", "specs/rocdl", "--into", str(checkout))
    assert again.returncode == 0, again.stderr
    assert stamps == {p: p.stat().st_mtime_ns for p in checkout.rglob("*") if p.is_file()}


def _strip_regions(text: str) -> str:
    lines = text.splitlines(keepends=True)
    kept: list[str] = []
    inside = False
    for line in lines:
        if "---- atomgen:begin" in line:
            inside = True
            continue
        if "---- atomgen:end" in line:
            inside = False
            continue
        if not inside:
            kept.append(line)
    return "".join(kept)


def test_into_refuses_a_hand_edited_region(tmp_path: Path) -> None:
    checkout = tmp_path / "flydsl"
    make_checkout(checkout)
    assert atomgen("gen", "specs/rocdl", "--into", str(checkout)).returncode == 0
    cmake = checkout / "lib/Dialect/FlyROCDL/CMakeLists.txt"
    edited = cmake.read_text().replace("  CDNA3/MmaOpCDNA3_MFMA.cpp\n", "  CDNA3/MmaOpCDNA3_MFMA.cpp\n  Mine.cpp\n")
    cmake.write_text(edited)
    before = tree(checkout)
    result = atomgen("gen", "specs/rocdl", "--into", str(checkout))
    assert result.returncode == 1
    assert "edited by hand" in result.stderr and "CMakeLists.txt:" in result.stderr
    assert tree(checkout) == before, "a refused run must write nothing"
    forced = atomgen("gen", "specs/rocdl", "--into", str(checkout), "--force")
    assert forced.returncode == 0
    assert "Mine.cpp" not in cmake.read_text()


def test_never_writes_through_a_symlink_out_of_the_root(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    (out / "include").mkdir(parents=True)
    os.symlink(outside, out / "include" / "flydsl")
    result = atomgen("gen", "specs/rocdl", "--out", str(out))
    assert result.returncode == 1
    assert "symbolic link" in result.stderr
    assert not any(outside.iterdir())
    assert not (out / "lib").exists(), "nothing may be written when one path is refused"


def test_spec_with_errors_generates_nothing(tmp_path: Path) -> None:
    specs = tmp_path / "specs"
    shutil.copytree(ROOT / "specs" / "rocdl", specs / "rocdl")
    mfma = specs / "rocdl" / "cdna3" / "mfma.yaml"
    mfma.write_text(
        mfma.read_text().replace('a: "((m, G), KPT) : ((1, m*KPT), m)"', 'a: "((m, G), KPT) : ((1, m*KPT), 0)"')
    )
    out = tmp_path / "out"
    result = atomgen("gen", str(specs), "--out", str(out))
    assert result.returncode == 1
    assert "mfma.yaml" in result.stderr and "nothing written" in result.stderr
    assert not out.exists()


@pytest.mark.parametrize("flag", ["--list-outputs", "--list-deps"])
def test_listing_flags(flag: str, tmp_path: Path) -> None:
    result = atomgen("gen", "specs/rocdl/cdna3/mfma.yaml", "--out", str(tmp_path), "--only", "owned", flag)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines
    if flag == "--list-outputs":
        assert all("MFMA" in line or "mfma" in line for line in lines)
    else:
        assert any(line.endswith("mfma.yaml") for line in lines)
