"""Codegen mode (issue 19): `gen --into CHECKOUT --codegen cmake` once, then the checkout's own CMake
build generates the atoms into its build folder, as mlir-tblgen writes .inc files.

The checkout is built by the test (no FlyDSL source in CI): test_adopt's FlyDSL-shaped tree with a
top CMakeLists.txt whose add_mlir_dialect_library() records its sources instead of compiling them.
What it proves: the once-only edit (hooks, specs/, hand-written atoms removed, nothing generated in
the tree, a second run changes nothing); a configure + build that generates once and gives the
library the generated sources; a spec edit, removal and error as a maintainer would make them.
The real build (FlyDSL 11c4174d, fly-opt, FlyDSL's and atomgen's lit suites) is
scripts/flydsl-build.sh --atoms codegen: docs/evidence/real-build.md.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_adopt import BUFFER, MFMA, make
from test_cmake import _atomgen_launcher, _calls, _env
from test_dsl_modules import flydsl_style, import_through_wheel
from test_gen_tree import atomgen

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    shutil.which("cmake") is None or shutil.which("ninja") is None or shutil.which("git") is None,
    reason="cmake, ninja and git are needed",
)

# FlyDSL's top CMakeLists.txt, reduced: the variable the hook's Python link reads, and a library
# macro that records what it is given (MLIR's would compile it).
TOP = """cmake_minimum_required(VERSION 3.20)
project(FLYDSL LANGUAGES NONE)
set(MLIR_BINDINGS_PYTHON_INSTALL_PREFIX "python_packages/flydsl/_mlir")
function(add_mlir_dialect_library name)
  file(WRITE "${CMAKE_BINARY_DIR}/${name}.sources" "${ARGN}")
endfunction()

add_subdirectory(lib/Dialect/FlyROCDL)
"""


def _git(tree: Path, *args: str) -> str:
    result = subprocess.run(["git", "-C", str(tree), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                            capture_output=True, text=True, check=True)
    return result.stdout


Adopted = tuple[Path, subprocess.CompletedProcess[str]]


@pytest.fixture
def adopted(tmp_path: Path) -> Adopted:
    tree = make(tmp_path / "FlyDSL")
    (tree / "CMakeLists.txt").write_text(TOP)
    _git(tree, "init", "-q")
    _git(tree, "add", "-A")
    _git(tree, "commit", "-qm", "FlyDSL")
    result = atomgen("gen", MFMA, BUFFER, "--into", str(tree), "--codegen", "cmake", "--replace-handwritten")
    assert result.returncode == 0, result.stderr
    return tree, result


def test_adoption_adds_hooks_and_specs_and_nothing_generated(adopted: Adopted) -> None:
    tree, result = adopted
    status = sorted(_git(tree, "status", "--porcelain", "--untracked-files=all").splitlines())
    assert status == [
        " D lib/Dialect/FlyROCDL/CDNA3/Only.cpp",  # no code left once its hand-written methods went
        " M CMakeLists.txt",
        " M include/flydsl/Dialect/FlyROCDL/IR/CopyAtom.td",
        " M include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.td",
        " M lib/Bindings/Python/FlyROCDLExtension.cpp",
        " M lib/Dialect/FlyROCDL/CDNA3/MmaAtom.cpp",
        " M lib/Dialect/FlyROCDL/CMakeLists.txt",
        " M python/flydsl/expr/rocdl/universal.py",
        "?? specs/rocdl/backend.yaml",
        "?? specs/rocdl/cdna3/buffer_copy.yaml",
        "?? specs/rocdl/cdna3/mfma.yaml",
    ], status
    assert (tree / "specs/rocdl/cdna3/mfma.yaml").read_bytes() == (ROOT / MFMA).read_bytes()
    # each removal is reported with file:line, and the definitions that are no atom's stay
    assert "removed hand-written include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.td:6: TableGen def" in result.stderr
    td = (tree / "include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.td").read_text()
    assert "FlyROCDL_MmaOpCDNA3_MFMA" not in td and "FlyROCDL_KeepMe" in td
    assert 'include "atomgen/include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.atoms.td"\n// ---- atomgen:end atoms' in td
    binding = (tree / "lib/Bindings/Python/FlyROCDLExtension.cpp").read_text()
    assert '#include "atomgen/lib/Bindings/Python/FlyROCDLExtension.types.inc"' in binding
    assert '  #include "atomgen/lib/Bindings/Python/FlyROCDLExtension.register.inc"' in binding
    assert "PyMmaOpCDNA3_MFMAType" not in binding and "PyKeepMeType::bind(m)" in binding
    cmake = (tree / "lib/Dialect/FlyROCDL/CMakeLists.txt").read_text()
    assert "  ${ATOMGEN_HOOK_lib_Dialect_FlyROCDL_CMakeLists_txt_sources}\n" in cmake and "Only.cpp" not in cmake
    dsl = (tree / "python/flydsl/expr/rocdl/universal.py").read_text()
    assert "from ..._mlir._atomgen.expr.rocdl.universal import *" in dsl and "def KeepMe" in dsl
    assert "def MFMA" not in dsl
    top = (tree / "CMakeLists.txt").read_text()
    assert top.index("atomgen_generate(TARGET FlyDSLAtomGen") < top.index("add_subdirectory(")
    assert not (tree / "atomgen-manifest.json").exists()
    # the same run again changes nothing; it remembers the mode from the top CMakeLists.txt
    again = atomgen("gen", MFMA, BUFFER, "--into", str(tree))
    assert again.returncode == 0, again.stderr
    assert "--codegen cmake (remembered in CMakeLists.txt)" in again.stderr
    assert "0 file(s) written" in again.stderr, again.stderr
    check = atomgen("gen", MFMA, BUFFER, "--into", str(tree), "--check")
    assert check.returncode == 0, check.stdout + check.stderr


def test_an_into_tree_converted_to_codegen_loses_its_generated_files(tmp_path: Path) -> None:
    tree = make(tmp_path / "FlyDSL")
    (tree / "CMakeLists.txt").write_text(TOP)
    first = atomgen("gen", MFMA, "--into", str(tree), "--replace-handwritten")
    assert first.returncode == 0, first.stderr
    assert (tree / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp").is_file()
    codegen = atomgen("gen", MFMA, "--into", str(tree), "--codegen", "cmake")
    assert codegen.returncode == 0, codegen.stderr
    left = [p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.is_file()]
    assert not [p for p in left if "MmaOpCDNA3_MFMA" in p or p.endswith(".mlir")], left
    assert "atomgen-manifest.json" not in left
    assert "(the build generates it now: --codegen)" in codegen.stderr, codegen.stderr


def _configure(tree: Path, build: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["cmake", "-G", "Ninja", "-S", str(tree), "-B", str(build), f"-DAtomGen_DIR={ROOT / 'atomgen/_data/cmake'}",
         f"-DATOMGEN_EXECUTABLE={_atomgen_launcher(build.parent)}"],
        capture_output=True, text=True, env=_env())


def _ninja(build: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ninja", "-C", str(build)], capture_output=True, text=True, env=_env())


def test_the_build_generates_into_the_build_folder(adopted: Adopted, tmp_path: Path) -> None:
    tree, _ = adopted
    build = tmp_path / "build"
    configure = _configure(tree, build)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    first = _ninja(build)
    assert first.returncode == 0, first.stdout + first.stderr
    assert len(_calls(build.parent)) == 1, _calls(build.parent)  # configure generated; the build did not again
    out = build / "atomgen"
    mfma_cpp = out / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp"
    sources = (build / "MLIRFlyROCDLDialect.sources").read_text().split(";")
    assert str(mfma_cpp) in sources and "Dialect.cpp" in sources and mfma_cpp.is_file(), sources
    hook = out / "include/atomgen/include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.atoms.td"
    assert 'include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMA.td"' in hook.read_text()
    assert (out / "include/flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMA.td").is_file()
    assert (out / "tests/mlir/Conversion/atomgen/cdna3_mfma.mlir").is_file()
    module = build / "python_packages/flydsl/_mlir/_atomgen/expr/rocdl/universal.py"
    assert "def MFMA(" in module.read_text() and '"MFMA"' in module.read_text()
    # the checkout's module, its hooks importing the build's, through the real wheel
    found = import_through_wheel(tree / "python/flydsl/expr", ["flydsl.expr.rocdl.universal"],
                                 build / "python_packages/flydsl/_mlir/_atomgen")["flydsl.expr.rocdl.universal"]
    assert {"MFMA", "KeepMe", "BufferCopy", "BufferCopy32b"} <= set(found["all"]), found["all"]
    assert "Hand-written" not in found["docs"]["MFMA"] and "Supported configurations" in found["docs"]["MFMA"]
    assert flydsl_style(tree / "python/flydsl/expr/rocdl/universal.py") == ""
    assert _git(tree, "status", "--porcelain", "--untracked-files=all").count("\n") == 11  # the tree as adopted

    # A spec edited: only its atom's step runs (configure re-runs: an edit can change the outputs).
    spec = tree / "specs/rocdl/cdna3/mfma.yaml"
    spec.write_text(spec.read_text().replace("summary: ", "summary: Edited. ", 1))
    edited = _ninja(build)
    assert edited.returncode == 0, edited.stdout + edited.stderr
    steps = [line for line in edited.stdout.splitlines() if "atomgen: generating" in line]
    assert len(steps) == 1 and "mfma.yaml" in steps[0], edited.stdout
    assert len(_calls(build.parent)) == 2, _calls(build.parent)  # configure's run; the step found it fresh
    assert "Edited." in (out / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp").read_text() + (
        out / "include/flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMA.td").read_text()

    # A spec removed: its files leave the build folder and the library's sources; its hook still has a file.
    (tree / BUFFER).unlink()
    removed = _ninja(build)
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert not list(out.rglob("*BufferCopy*")), list(out.rglob("*BufferCopy*"))
    assert "BufferCopy" not in (build / "MLIRFlyROCDLDialect.sources").read_text()
    copy_hook = out / "include/atomgen/include/flydsl/Dialect/FlyROCDL/IR/CopyAtom.atoms.td"
    assert copy_hook.is_file() and "include" not in copy_hook.read_text().split("\n", 1)[1]

    # A spec error stops the build at the spec's line, in atomgen's own words.
    spec.write_text(spec.read_text().replace("kind: mma", "kind: mmx", 1))
    broken = _ninja(build)
    assert broken.returncode != 0
    assert f"{spec}:" in broken.stdout + broken.stderr and "error[AG" in broken.stdout + broken.stderr


def test_the_nvvm_branch_gets_hooks_for_its_dialect_extension(tmp_path: Path) -> None:
    """FlyDSL's pr/nvvm-target shape (test_adopt_nvvm): the stateful bases, the state enum and its
    mlir_tablegen lines are hooks too, and the build writes what they include."""
    from test_adopt_nvvm import IR, PTX
    from test_adopt_nvvm import make as make_branch

    tree = make_branch(tmp_path / "FlyDSL")
    result = atomgen("gen", PTX, "--into", str(tree), "--codegen", "cmake", "--replace-handwritten")
    assert result.returncode == 0, result.stderr
    expected = {
        f"{IR}/Dialect.td": 'include "atomgen/include/flydsl/Dialect/FlyNVVM/IR/Dialect.bases.td"',
        f"{IR}/Atom.td": 'include "atomgen/include/flydsl/Dialect/FlyNVVM/IR/Atom.enum.td"',
        f"{IR}/CMakeLists.txt": 'include("${ATOMGEN_HOOK_DIR}/atomgen/include/flydsl/Dialect/FlyNVVM/IR/'
                                'CMakeLists.tablegen.cmake")',
        f"{IR}/Dialect.h": '#include "atomgen/include/flydsl/Dialect/FlyNVVM/IR/Dialect.enums.inc"',
        "lib/Dialect/FlyNVVM/Dialect.cpp": '#include "atomgen/lib/Dialect/FlyNVVM/Dialect.enums.inc"',
    }
    for path, hook in expected.items():
        assert hook in (tree / path).read_text(), path
    generated = [p for p in tree.rglob("*") if p.is_file() and "atomgen" in p.relative_to(tree).parts]
    assert not generated, generated
    again = atomgen("gen", PTX, "--into", str(tree))
    assert again.returncode == 0 and "0 file(s) written" in again.stderr, again.stderr
    out = tmp_path / "out"
    build = atomgen("gen", str(tree / "specs/nvvm"), "--out", str(out), "--codegen", "cmake", "--hooks-of", str(tree))
    assert build.returncode == 0, build.stderr
    for hook in expected.values():
        included = hook.split('"')[1].replace("${ATOMGEN_HOOK_DIR}/", "")
        assert (out / "include" / included).is_file(), included
    tablegen = (out / "include/atomgen/include/flydsl/Dialect/FlyNVVM/IR/CMakeLists.tablegen.cmake").read_text()
    assert "mlir_tablegen(" in tablegen


def test_a_spec_edited_in_the_checkout_is_not_overwritten(adopted: Adopted) -> None:
    """After the adoption the checkout's specs are FlyDSL's sources: re-running the adoption from
    atomgen's copies refuses to undo an edit made there, and names the file."""
    tree, _ = adopted
    spec = tree / "specs/rocdl/cdna3/mfma.yaml"
    edited = spec.read_text().replace("summary: ", "summary: Edited in FlyDSL. ", 1)
    spec.write_text(edited)
    again = atomgen("gen", MFMA, BUFFER, "--into", str(tree))
    assert again.returncode == 1 and f"{spec}:1:1: differs from" in again.stderr, again.stderr
    assert spec.read_text() == edited
    # the checkout's own specs are the run that keeps it in step
    own = atomgen("gen", str(tree / "specs/rocdl"), "--into", str(tree))
    assert own.returncode == 0, own.stderr
    assert spec.read_text() == edited
