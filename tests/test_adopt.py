"""`gen --into` adopting a FlyDSL checkout: recognition, hand-written definitions, the manifest.

The checkout is built by the test (no FlyDSL source in CI): FlyDSL's shape (its top
CMakeLists.txt and FlyInterfaces.td) with hand-written definitions of cdna3.mfma in each place
FlyDSL keeps them (TableGen def, C++ methods, binding struct and registration, DSL wrapper),
next to code that is not an atom's and must survive.
"""

from __future__ import annotations

import json
from pathlib import Path

from test_gen_tree import atomgen, tree

MFMA = "specs/rocdl/cdna3/mfma.yaml"
BUFFER = "specs/rocdl/cdna3/buffer_copy.yaml"

TD = """#ifndef FLYROCDL_MMAATOM
#define FLYROCDL_MMAATOM

include "flydsl/Dialect/FlyROCDL/IR/Dialect.td"

def FlyROCDL_MmaOpCDNA3_MFMA : FlyROCDL_MmaOp<"MmaOpCDNA3_MFMA", "cdna3.mfma", []> {
  let parameters = (ins "int32_t":$m, "int32_t":$n);
  let extraClassDeclaration = [{ int brace() { return 0; } }];
}

def FlyROCDL_KeepMe : FlyROCDL_MmaOp<"KeepMe", "other.keep", []> {
  let parameters = (ins "int32_t":$m);
}

#endif // FLYROCDL_MMAATOM
"""

CPP = """#include "flydsl/Dialect/FlyROCDL/IR/Dialect.h"

using namespace mlir;

namespace mlir::fly_rocdl {

static int helperKept(int x) { return x + 1; }

Attribute MmaOpCDNA3_MFMAType::getThrLayout() const {
  // a brace in a comment: {
  return FxLayout(FxC(64), FxC(1));
}

LogicalResult MmaOpCDNA3_MFMAType::verify(function_ref<InFlightDiagnostic()> emitError, int32_t m,
                                          int32_t n) {
  if (m != n)
    return emitError() << "m != n: \\"}\\"";
  return success();
}

Attribute KeepMeType::getThrLayout() const { return {}; }

} // namespace mlir::fly_rocdl
"""

BINDING = """#include "BindingUtils.h"

namespace mlir::python::fly_rocdl {

struct PyMmaOpCDNA3_MFMAType : PyConcreteType<PyMmaOpCDNA3_MFMAType> {
  static void bindDerived(ClassTy &c) { c.def_static("get", []() {}); }
};

struct PyKeepMeType : PyConcreteType<PyKeepMeType> {};

} // namespace mlir::python::fly_rocdl

NB_MODULE(_mlirDialectsFlyROCDL, m) {
  ::mlir::python::fly_rocdl::PyMmaOpCDNA3_MFMAType::bind(m);
  ::mlir::python::fly_rocdl::PyKeepMeType::bind(m);
}
"""

DSL = '''__all__ = ["MFMA", "KeepMe"]


def MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None):
    """Hand-written wrapper."""
    return (m, n, k)


def KeepMe():
    return 1
'''

CHECKOUT = {
    "CMakeLists.txt": "project(FLYDSL LANGUAGES C CXX)\n",
    "include/flydsl/Dialect/Fly/IR/FlyInterfaces.td": "// interfaces\n",
    "include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.td": TD,
    "include/flydsl/Dialect/FlyROCDL/IR/CopyAtom.td": "#ifndef C\n#define C\n#endif\n",
    "lib/Dialect/FlyROCDL/CMakeLists.txt": "add_mlir_dialect_library(MLIRFlyROCDLDialect\n  Dialect.cpp\n"
    "  CDNA3/MmaAtom.cpp\n  CDNA3/Only.cpp\n\n  DEPENDS\n  MLIRFlyROCDLIncGen\n  )\n",
    "lib/Dialect/FlyROCDL/CDNA3/MmaAtom.cpp": CPP,
    "lib/Dialect/FlyROCDL/CDNA3/Only.cpp": '#include "x.h"\n\nnamespace mlir::fly_rocdl {\n\n'
    "Type MmaOpCDNA3_MFMAType::getValTypeA() const { return getElemTyA(); }\n\n} // namespace mlir::fly_rocdl\n",
    "lib/Bindings/Python/FlyROCDLExtension.cpp": BINDING,
    "python/flydsl/expr/rocdl/universal.py": DSL,
    "python/flydsl/expr/rocdl/cdna4.py": "__all__ = []\n",
    "python/flydsl/expr/rocdl/cdna5.py": "__all__ = []\n",
}


def make(root: Path) -> Path:
    for relative, text in CHECKOUT.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_empty_folder_and_other_trees_are_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    result = atomgen("gen", MFMA, "--into", str(empty))
    assert result.returncode == 1
    assert "not a FlyDSL checkout" in result.stderr and "FlyInterfaces.td" in result.stderr
    assert not any(empty.iterdir()), "a refused run wrote into the folder"
    other = tmp_path / "other"
    (other / "src").mkdir(parents=True)
    (other / "CMakeLists.txt").write_text("project(Other)\n")
    assert atomgen("gen", MFMA, "--into", str(other)).returncode == 1
    assert sorted(p.name for p in other.rglob("*")) == ["CMakeLists.txt", "src"]


def test_hand_written_definitions_are_refused_with_file_and_line(tmp_path: Path) -> None:
    checkout = make(tmp_path / "flydsl")
    before = tree(checkout)
    result = atomgen("gen", MFMA, "--into", str(checkout))
    assert result.returncode == 1
    expected = [
        "include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.td:6: TableGen def FlyROCDL_MmaOpCDNA3_MFMA",
        "lib/Bindings/Python/FlyROCDLExtension.cpp:5: binding struct PyMmaOpCDNA3_MFMAType",
        "lib/Bindings/Python/FlyROCDLExtension.cpp:14: binding registration PyMmaOpCDNA3_MFMAType",
        "lib/Dialect/FlyROCDL/CDNA3/MmaAtom.cpp:9: C++ method MmaOpCDNA3_MFMAType::getThrLayout",
        "lib/Dialect/FlyROCDL/CDNA3/MmaAtom.cpp:14: C++ method MmaOpCDNA3_MFMAType::verify",
        "lib/Dialect/FlyROCDL/CDNA3/Only.cpp:5: C++ method MmaOpCDNA3_MFMAType::getValTypeA",
        "python/flydsl/expr/rocdl/universal.py:4: DSL wrapper MFMA",
    ]
    for line in expected:
        assert line in result.stderr, result.stderr
    assert "KeepMe" not in result.stderr
    assert tree(checkout) == before, "a refused run must write nothing"


def test_replace_handwritten_removes_exactly_them(tmp_path: Path) -> None:
    checkout = make(tmp_path / "flydsl")
    result = atomgen("gen", MFMA, "--into", str(checkout), "--replace-handwritten")
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("removed hand-written") == 9  # 7 definitions, Only.cpp, its CMake entry
    td = (checkout / "include/flydsl/Dialect/FlyROCDL/IR/MmaAtom.td").read_text()
    assert 'def FlyROCDL_MmaOpCDNA3_MFMA : FlyROCDL_MmaOp<"MmaOpCDNA3_MFMA"' not in td.split("atomgen:begin")[0]
    assert "def FlyROCDL_KeepMe" in td and "#endif // FLYROCDL_MMAATOM" in td
    cpp = (checkout / "lib/Dialect/FlyROCDL/CDNA3/MmaAtom.cpp").read_text()
    assert "MmaOpCDNA3_MFMAType" not in cpp
    assert "static int helperKept" in cpp and "KeepMeType::getThrLayout" in cpp
    assert cpp.count("} // namespace mlir::fly_rocdl") == 1
    assert not (checkout / "lib/Dialect/FlyROCDL/CDNA3/Only.cpp").exists()
    cmake = (checkout / "lib/Dialect/FlyROCDL/CMakeLists.txt").read_text()
    assert "CDNA3/Only.cpp" not in cmake and "  CDNA3/MmaAtom.cpp\n" in cmake
    binding = (checkout / "lib/Bindings/Python/FlyROCDLExtension.cpp").read_text()
    outside = binding.split("atomgen:begin")[0] + binding.split("atomgen:end")[-1]
    assert "PyKeepMeType" in outside and "struct PyMmaOpCDNA3_MFMAType" not in outside.split("NB_MODULE")[0]
    dsl = (checkout / "python/flydsl/expr/rocdl/universal.py").read_text()
    assert "Hand-written wrapper" not in dsl and "def KeepMe():" in dsl
    assert (checkout / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp").is_file()
    # Nothing hand-written is left to find: a plain run now succeeds and changes nothing.
    stamps = tree(checkout)
    again = atomgen("gen", MFMA, "--into", str(checkout))
    assert again.returncode == 0, again.stderr
    assert tree(checkout) == stamps


def test_runs_with_different_spec_sets_accumulate_and_prune_removes_orphans(tmp_path: Path) -> None:
    checkout = make(tmp_path / "flydsl")
    assert atomgen("gen", MFMA, "--into", str(checkout), "--replace-handwritten").returncode == 0
    assert atomgen("gen", BUFFER, "--into", str(checkout)).returncode == 0
    cmake = (checkout / "lib/Dialect/FlyROCDL/CMakeLists.txt").read_text()
    assert "CDNA3/MmaOpCDNA3_MFMA.cpp" in cmake and "CDNA3/CopyOpCDNA3BufferCopy.cpp" in cmake
    binding = (checkout / "lib/Bindings/Python/FlyROCDLExtension.cpp").read_text()
    assert "PyMmaOpCDNA3_MFMAType::bind" in binding and "PyCopyOpCDNA3BufferCopyType::bind" in binding
    assert (checkout / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp").is_file()
    manifest = json.loads((checkout / "atomgen-manifest.json").read_text())
    assert {"rocdl/cdna3.mfma", "rocdl/cdna3.buffer_copy"} <= set(manifest["owners"])
    # An identical second run changes no file.
    before = {p: p.stat().st_mtime_ns for p in checkout.rglob("*") if p.is_file()}
    again = atomgen("gen", BUFFER, "--into", str(checkout))
    assert again.returncode == 0, again.stderr
    assert before == {p: p.stat().st_mtime_ns for p in checkout.rglob("*") if p.is_file()}
    # A spec whose file is gone leaves orphans; --prune removes its files and its region pieces.
    specs = tmp_path / "specs" / "rocdl"
    specs.mkdir(parents=True)
    (specs / "backend.yaml").write_text(Path("specs/rocdl/backend.yaml").read_text())
    gone = specs / "mfma.yaml"
    gone.write_text(Path(MFMA).read_text())
    assert atomgen("gen", str(gone), "--into", str(checkout)).returncode == 0
    gone.unlink()
    kept = atomgen("gen", BUFFER, "--into", str(checkout))
    assert kept.returncode == 0, kept.stderr
    assert (checkout / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp").is_file(), "kept without --prune"
    # Before: nothing was said about the deleted spec's files without --prune (issue 19)
    assert ("lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp: no spec produces it any more (run with --prune"
            in kept.stderr), kept.stderr
    pruned = atomgen("gen", BUFFER, "--into", str(checkout), "--prune")
    assert pruned.returncode == 0, pruned.stderr
    assert not (checkout / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp").exists()
    # Before: "1 removed", naming nothing
    removed = checkout / "lib/Dialect/FlyROCDL/CDNA3/MmaOpCDNA3_MFMA.cpp"
    assert f"removed {removed} (no spec produces it" in pruned.stderr, pruned.stderr
    cmake = (checkout / "lib/Dialect/FlyROCDL/CMakeLists.txt").read_text()
    assert "MmaOpCDNA3_MFMA.cpp" not in cmake and "CopyOpCDNA3BufferCopy.cpp" in cmake


def test_the_manifest_is_the_same_from_any_folder(tmp_path: Path) -> None:
    """Before: the manifest stored absolute spec paths, so the same specs run from another folder rewrote
    its lines and --prune judged by the paths of whoever ran last. Now they are relative to the checkout."""
    checkout = make(tmp_path / "flydsl")
    assert atomgen("gen", MFMA, BUFFER, "--into", str(checkout), "--replace-handwritten").returncode == 0
    first = (checkout / "atomgen-manifest.json").read_text()
    sources = [o["source"] for o in json.loads(first)["owners"].values()]
    assert sources and not any(Path(s).is_absolute() for s in sources), sources
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    again = atomgen("gen", str(Path(MFMA).resolve()), str(Path(BUFFER).resolve()), "--into", str(checkout),
                    cwd=elsewhere)
    assert again.returncode == 0, again.stderr
    assert (checkout / "atomgen-manifest.json").read_text() == first
    # and --prune from that folder keeps both atoms: their specs are found relative to the checkout
    pruned = atomgen("gen", str(Path(MFMA).resolve()), "--into", str(checkout), "--prune", cwd=elsewhere)
    assert pruned.returncode == 0 and "0 removed" in pruned.stderr, pruned.stderr
    assert (checkout / "lib/Dialect/FlyROCDL/CDNA3/CopyOpCDNA3BufferCopy.cpp").is_file()


def test_the_llvm_api_profile_is_remembered(tmp_path: Path) -> None:
    """Before: `gen --into X --llvm-api llvm-22.1` then `gen --into X --check` reported 23 files stale (the
    check ran for the default profile). The manifest keeps the profile; an explicit flag still wins."""
    checkout = make(tmp_path / "flydsl")
    specs = (MFMA, BUFFER)  # every atom's C++ differs between the two profiles; two of them, not specs/rocdl's 28
    made = atomgen("gen", *specs, "--into", str(checkout), "--replace-handwritten", "--llvm-api", "llvm-22.1")
    assert made.returncode == 0, made.stderr
    assert json.loads((checkout / "atomgen-manifest.json").read_text())["llvm_api"] == "llvm-22.1"
    check = atomgen("gen", *specs, "--into", str(checkout), "--check")
    assert check.returncode == 0, check.stdout[-2000:] + check.stderr
    assert "--llvm-api llvm-22.1 (remembered in atomgen-manifest.json)" in check.stderr
    other = atomgen("gen", *specs, "--into", str(checkout), "--check", "--llvm-api", "rocm-pinned")
    assert other.returncode == 1 and "is stale" in other.stderr, other.stderr[-2000:]


def test_a_damaged_manifest_is_refused(tmp_path: Path) -> None:
    checkout = make(tmp_path / "flydsl")
    assert atomgen("gen", MFMA, "--into", str(checkout), "--replace-handwritten").returncode == 0
    (checkout / "atomgen-manifest.json").write_text('{"manifest_version": 1, "owners": []}')
    before = tree(checkout)
    result = atomgen("gen", MFMA, "--into", str(checkout))
    assert result.returncode == 1 and "atomgen-manifest.json:1:1" in result.stderr
    assert tree(checkout) == before
