"""`gen specs/nvvm --into` a tree shaped like FlyDSL's NVIDIA branch (pr/nvvm-target, PR #976).

No FlyDSL source in CI: the test builds the branch's shape itself (written from its file layout, not
copied): the FlyNVVM dialect with types only and no stateful bases or state enum, its three
hand-written atoms (sm80.mma.sync, sm75.ldmatrix, sm80.cp.async) in TableGen, C++, the binding and
the DSL, next to code that is not an atom's. The real build of the branch is
scripts/flydsl-nvvm-build.sh (docs/evidence/nvvm-build.md).
"""

from __future__ import annotations

from pathlib import Path

from test_gen_tree import atomgen, tree

PTX = "specs/nvvm"
IR = "include/flydsl/Dialect/FlyNVVM/IR"

DIALECT_TD = """#ifndef FLYNVVM_DIALECT
#define FLYNVVM_DIALECT

include "mlir/IR/EnumAttr.td"
include "flydsl/Dialect/Fly/IR/FlyInterfaces.td"

def FlyNVVM_Dialect : Dialect {
  let name = "fly_nvvm";
  let cppNamespace = "::mlir::fly_nvvm";
  let useDefaultTypePrinterParser = 1;
}

class FlyNVVM_MmaOp<string typeName, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<FlyNVVM_Dialect, typeName, traits> {
  let mnemonic = typeMnemonic;
}

class FlyNVVM_CopyOp<string typeName, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<FlyNVVM_Dialect, typeName, traits> {
  let mnemonic = typeMnemonic;
}

#endif // FLYNVVM_DIALECT
"""

ATOM_TD = """#ifndef FLYNVVM_ATOM
#define FLYNVVM_ATOM

include "flydsl/Dialect/FlyNVVM/IR/Dialect.td"
include "flydsl/Dialect/FlyNVVM/IR/MmaAtom.td"
include "flydsl/Dialect/FlyNVVM/IR/CopyAtom.td"

#endif // FLYNVVM_ATOM
"""

MMA_TD = """#ifndef FLYNVVM_MMAATOM
#define FLYNVVM_MMAATOM

include "flydsl/Dialect/FlyNVVM/IR/Dialect.td"

def FlyNVVM_MmaOpSM80_MmaSync : FlyNVVM_MmaOp<"MmaOpSM80_MmaSync", "sm80.mma.sync", []> {
  let parameters = (ins "int32_t":$m, "int32_t":$n, "int32_t":$k);
  let genVerifyDecl = 1;
}

#endif // FLYNVVM_MMAATOM
"""

COPY_TD = """#ifndef FLYNVVM_COPYATOM
#define FLYNVVM_COPYATOM

include "flydsl/Dialect/FlyNVVM/IR/Dialect.td"

def FlyNVVM_CopyOpSM75_LdMatrix : FlyNVVM_CopyOp<"CopyOpSM75_LdMatrix", "sm75.ldmatrix", []> {
  let parameters = (ins "int32_t":$num, "bool":$trans);
}

def FlyNVVM_CopyOpSM80_CpAsync : FlyNVVM_CopyOp<"CopyOpSM80_CpAsync", "sm80.cp.async", []> {
  let parameters = (ins "int32_t":$bitSize);
}

#endif // FLYNVVM_COPYATOM
"""

IR_CMAKE = """set(LLVM_TARGET_DEFINITIONS Dialect.td)
mlir_tablegen(Dialect.h.inc -gen-dialect-decls)
mlir_tablegen(Dialect.cpp.inc -gen-dialect-defs)

set(LLVM_TARGET_DEFINITIONS Atom.td)
mlir_tablegen(Atom.h.inc -gen-typedef-decls -typedefs-dialect=fly_nvvm)
mlir_tablegen(Atom.cpp.inc -gen-typedef-defs -typedefs-dialect=fly_nvvm)

add_public_tablegen_target(MLIRFlyNVVMIncGen)
"""

DIALECT_H = """#ifndef FLYDSL_DIALECT_FLYNVVM_IR_DIALECT_H
#define FLYDSL_DIALECT_FLYNVVM_IR_DIALECT_H

#include "flydsl/Dialect/Fly/IR/FlyDialect.h"

#include "flydsl/Dialect/FlyNVVM/IR/Dialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "flydsl/Dialect/FlyNVVM/IR/Atom.h.inc"

#endif // FLYDSL_DIALECT_FLYNVVM_IR_DIALECT_H
"""

DIALECT_CPP = """#include "flydsl/Dialect/FlyNVVM/IR/Dialect.h"

using namespace mlir;
using namespace mlir::fly;
using namespace mlir::fly_nvvm;

#include "flydsl/Dialect/FlyNVVM/IR/Dialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "flydsl/Dialect/FlyNVVM/IR/Atom.cpp.inc"

void FlyNVVMDialect::initialize() {}
"""

MMA_CPP = """#include "flydsl/Dialect/FlyNVVM/IR/Dialect.h"

namespace sm80 {
static int helperKept() { return 1; }
} // namespace sm80

namespace mlir::fly_nvvm {

bool MmaOpSM80_MmaSyncType::isStatic() const { return true; }

LogicalResult MmaOpSM80_MmaSyncType::verify(function_ref<InFlightDiagnostic()> emitError, int32_t m,
                                            int32_t n, int32_t k) {
  return success();
}

} // namespace mlir::fly_nvvm
"""

COPY_CPP = """#include "flydsl/Dialect/FlyNVVM/IR/Dialect.h"

using namespace mlir;

namespace mlir::fly_nvvm {

bool CopyOpSM80_CpAsyncType::isStatic() const { return true; }

bool CopyOpSM75_LdMatrixType::isStatic() const { return true; }

} // namespace mlir::fly_nvvm
"""

BINDING = """#include "BindingUtils.h"

namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm {

struct PyCopyOpSM75_LdMatrixType : PyConcreteType<PyCopyOpSM75_LdMatrixType> {};

struct PyMmaOpSM80_MmaSyncType : PyConcreteType<PyMmaOpSM80_MmaSyncType> {};

struct PyCopyOpSM80_CpAsyncType : PyConcreteType<PyCopyOpSM80_CpAsyncType> {};

} // namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm

NB_MODULE(_mlirDialectsFlyNVVM, m) {
  ::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM75_LdMatrixType::bind(m);
  ::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM80_MmaSyncType::bind(m);
  ::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM80_CpAsyncType::bind(m);
}
"""

DSL = '''def MmaSync(m, n, k, elem_ty_ab, elem_ty_acc=None):
    """Hand-written wrapper."""
    return (m, n, k)


def CpAsync(bit_size):
    """Hand-written wrapper."""
    return bit_size


def LdMatrix(num, trans=False):
    """Hand-written wrapper."""
    return num


def commit_group():
    return 0
'''

BRANCH = {
    "CMakeLists.txt": "project(FLYDSL LANGUAGES C CXX)\n",
    "include/flydsl/Dialect/Fly/IR/FlyInterfaces.td": "// interfaces\n",
    f"{IR}/Dialect.td": DIALECT_TD,
    f"{IR}/Atom.td": ATOM_TD,
    f"{IR}/MmaAtom.td": MMA_TD,
    f"{IR}/CopyAtom.td": COPY_TD,
    f"{IR}/CMakeLists.txt": IR_CMAKE,
    f"{IR}/Dialect.h": DIALECT_H,
    "lib/Dialect/FlyNVVM/Dialect.cpp": DIALECT_CPP,
    "lib/Dialect/FlyNVVM/CMakeLists.txt": "add_mlir_dialect_library(MLIRFlyNVVMDialect\n  Dialect.cpp\n"
    "  SM80/MmaAtom.cpp\n  SM80/CopyAtom.cpp\n\n  DEPENDS\n  MLIRFlyNVVMIncGen\n)\n",
    "lib/Dialect/FlyNVVM/SM80/MmaAtom.cpp": MMA_CPP,
    "lib/Dialect/FlyNVVM/SM80/CopyAtom.cpp": COPY_CPP,
    "lib/Bindings/Python/FlyNVVMExtension.cpp": BINDING,
    "python/flydsl/expr/nvvm/universal.py": DSL,
    "python/flydsl/expr/nvvm/__init__.py": "from .universal import *\n",
}


def make(root: Path) -> Path:
    for relative, text in BRANCH.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_branch_atoms_are_refused_with_file_and_line(tmp_path: Path) -> None:
    checkout = make(tmp_path / "flydsl")
    before = tree(checkout)
    result = atomgen("gen", PTX, "--into", str(checkout))
    assert result.returncode == 1
    for line in (
        f"{IR}/MmaAtom.td:6: TableGen def FlyNVVM_MmaOpSM80_MmaSync",
        f"{IR}/CopyAtom.td:6: TableGen def FlyNVVM_CopyOpSM75_LdMatrix",
        f"{IR}/CopyAtom.td:10: TableGen def FlyNVVM_CopyOpSM80_CpAsync",
        "lib/Dialect/FlyNVVM/SM80/MmaAtom.cpp:9: C++ method MmaOpSM80_MmaSyncType::isStatic",
        "lib/Dialect/FlyNVVM/SM80/CopyAtom.cpp:7: C++ method CopyOpSM80_CpAsyncType::isStatic",
        "lib/Dialect/FlyNVVM/SM80/CopyAtom.cpp:9: C++ method CopyOpSM75_LdMatrixType::isStatic",
        "lib/Bindings/Python/FlyNVVMExtension.cpp:5: binding struct PyCopyOpSM75_LdMatrixType",
        "lib/Bindings/Python/FlyNVVMExtension.cpp:14: binding registration PyCopyOpSM75_LdMatrixType",
        "python/flydsl/expr/nvvm/universal.py:1: DSL wrapper MmaSync",
        "python/flydsl/expr/nvvm/universal.py:6: DSL wrapper CpAsync",
        "python/flydsl/expr/nvvm/universal.py:11: DSL wrapper LdMatrix",
    ):
        assert line in result.stderr, result.stderr
    assert tree(checkout) == before, "a refused run must write nothing"


def test_replace_handwritten_adopts_every_ptx_atom_with_complete_wiring(tmp_path: Path) -> None:
    checkout = make(tmp_path / "flydsl")
    result = atomgen("gen", PTX, "--into", str(checkout), "--replace-handwritten")
    assert result.returncode == 0, result.stderr
    # the stateful bases, the trait and the state enum the branch lacks, each in a marked region
    dialect_td = (checkout / IR / "Dialect.td").read_text()
    bases = dialect_td.split("atomgen:begin bases")[1].split("atomgen:end bases")[0]
    assert "class FlyNVVM_StatefulCopyOp<" in bases and "class FlyNVVM_StatefulMmaOp<" in bases
    assert "def Fly_WholeTileCopyTrait" in bases and "getFieldIndex(AtomStateField field)" in bases
    assert dialect_td.index("atomgen:end bases") < dialect_td.index("#endif // FLYNVVM_DIALECT")
    atom_td = (checkout / IR / "Atom.td").read_text()
    assert 'def FlyNVVM_AtomStateField : I32EnumAttr<"AtomStateField"' in atom_td
    assert atom_td.index("atomgen:end enum") < atom_td.index('include "flydsl/Dialect/FlyNVVM/IR/MmaAtom.td"')
    ir_cmake = (checkout / IR / "CMakeLists.txt").read_text()
    assert ir_cmake.index("mlir_tablegen(AtomStateEnums.h.inc -gen-enum-decls)") < ir_cmake.index(
        "add_public_tablegen_target(MLIRFlyNVVMIncGen)")
    header = (checkout / IR / "Dialect.h").read_text()
    assert header.index("AtomStateEnums.h.inc") < header.index("Dialect.h.inc") < header.index("Atom.h.inc")
    source = (checkout / "lib/Dialect/FlyNVVM/Dialect.cpp").read_text()
    assert source.index("AtomStateEnums.cpp.inc") < source.index("Dialect.cpp.inc")
    # every spec's atom: TableGen include, C++ source in the library, binding, DSL module
    specs = sorted(p for p in Path(PTX).rglob("*.yaml") if p.name != "backend.yaml")
    cmake = (checkout / "lib/Dialect/FlyNVVM/CMakeLists.txt").read_text()
    sources = [line.strip() for line in cmake.split("atomgen:begin sources")[1].split("atomgen:end")[0].splitlines()[1:]
               if line.strip().endswith(".cpp")]
    assert len(sources) == len(specs) and all((checkout / "lib/Dialect/FlyNVVM" / s).is_file() for s in sources)
    assert "SM80/CopyAtom.cpp" not in cmake and not (checkout / "lib/Dialect/FlyNVVM/SM80/CopyAtom.cpp").exists()
    mma = (checkout / "lib/Dialect/FlyNVVM/SM80/MmaAtom.cpp").read_text()
    assert "helperKept" in mma and "MmaOpSM80_MmaSyncType" not in mma
    assert "SM80/MmaOpSM80_MmaSync.cpp" in sources and "SM80/CopyOpSM75_LdMatrix.cpp" in sources
    td = (checkout / IR / "MmaAtom.td").read_text() + (checkout / IR / "CopyAtom.td").read_text()
    assert td.count("include \"flydsl/Dialect/FlyNVVM/IR/atomgen/") == len(specs)
    generated_td = (checkout / IR / "atomgen/MmaOpSM80_MmaSync.td").read_text()
    assert '"sm80.mma.sync"' in generated_td and "custom<MNKDimensionList>($m, $n, $k)" in generated_td
    assert '"sm80.cp.async"' in (checkout / IR / "atomgen/CopyOpSM80_CpAsync.td").read_text()
    binding = (checkout / "lib/Bindings/Python/FlyNVVMExtension.cpp").read_text()
    assert binding.count("::bind(m);") == len(specs)
    dsl = (checkout / "python/flydsl/expr/nvvm/universal.py").read_text()
    assert "Hand-written wrapper" not in dsl and "def commit_group():" in dsl
    assert (checkout / "python/flydsl/expr/nvvm/sm90.py").is_file()
    # a second identical run changes nothing
    stamps = tree(checkout)
    again = atomgen("gen", PTX, "--into", str(checkout))
    assert again.returncode == 0, again.stderr
    assert tree(checkout) == stamps
