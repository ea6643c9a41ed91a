"""A new backend's dialect skeleton (FlyPTX): Dialect.td with the four base classes, the
state-field enum, the tablegen CMake, the dialect header and source, and the Python module.

Only backends whose backend.yaml sets `generate_dialect: true` get one; ROCDL's dialect is
FlyDSL's own, hand-written.
"""

from __future__ import annotations

from dataclasses import dataclass

import jinja2

from atomgen.render.base import RegionPiece, RenderOutput
from atomgen.render.cpp.registers import render_header
from atomgen.render.names import backend_names
from atomgen.spec.backend import Backend

BASE_KINDS = ("mma", "copy", "stateful_copy", "stateful_mma")
# The C++ header declaring each dependent dialect (Dialect.h must include it: the generated
# typedefs name NVVM/ROCDL attributes).
DIALECT_HEADERS = {
    "NVVM::NVVMDialect": "mlir/Dialect/LLVMIR/NVVMDialect.h",
    "ROCDL::ROCDLDialect": "mlir/Dialect/LLVMIR/ROCDLDialect.h",
    "LLVM::LLVMDialect": "mlir/Dialect/LLVMIR/LLVMDialect.h",
}
DEFAULT_INTERFACES = {
    "mma": ["Fly_MayStaticTypeInterface", "Fly_MmaOpTypeInterface"],
    "copy": ["Fly_MayStaticTypeInterface", "Fly_CopyOpTypeInterface"],
    "stateful_copy": ["Fly_CopyOpTypeInterface", "Fly_StatefulOpTypeInterface"],
    "stateful_mma": ["Fly_MmaOpTypeInterface", "Fly_StatefulOpTypeInterface"],
}


@dataclass(frozen=True)
class BaseClass:
    name: str
    interfaces: list[str]
    extra_declaration: str


def _base_classes(backend: Backend, prefix: str) -> list[BaseClass]:
    result = []
    for kind in BASE_KINDS:
        declared = backend.base_classes.get(kind)
        default_name = (
            f"{prefix}_{'Stateful' if kind.startswith('stateful') else ''}{'MmaOp' if 'mma' in kind else 'CopyOp'}"
        )
        interfaces = declared.interfaces if declared is not None and declared.interfaces is not None else None
        result.append(
            BaseClass(
                name=(declared.tablegen_class if declared is not None else None) or default_name,
                interfaces=list(interfaces) if interfaces is not None else list(DEFAULT_INTERFACES[kind]),
                extra_declaration=declared.extra_class_declaration if declared is not None else "",
            )
        )
    return result


def render_backend(backend: Backend, env: jinja2.Environment) -> RenderOutput:
    """What a backend gets once, whatever its atoms: the PTX register header where declared,
    and the dialect skeleton where `generate_dialect` is set."""
    output = render_header(backend, env)
    if not backend.generate_dialect:
        return output
    names = backend_names(backend)
    dialect = backend.dialect_decl
    dialect_def = dialect.tablegen_def or f"{names.tablegen_prefix}_Dialect"
    context = {
        "names": names,
        "prefix": names.tablegen_prefix,
        "dialect_def": dialect_def,
        "dependent_dialects": list(dialect.dependent_dialects),
        "base_classes": _base_classes(backend, names.tablegen_prefix),
        "cases": list(backend.state_enum.cases),
        "include_dir": names.tablegen_dir.removeprefix("include/"),
        "namespace": names.cpp_namespace.removeprefix("::"),
        "summary": backend.summary,
        # mlir-tblgen names the dialect class after the def, underscores removed:
        # FlyPTX_Dialect -> FlyPTXDialect.
        "dialect_class": dialect_def.replace("_", ""),
        "dialect_headers": [DIALECT_HEADERS[d] for d in dialect.dependent_dialects if d in DIALECT_HEADERS],
        "traits": [(t.tablegen_def, t.native_name, t.cpp_namespace) for t in backend.traits],
        "default_type_parser": dialect.default_type_parser,
        "default_attribute_parser": dialect.default_attribute_parser,
    }
    ir = names.tablegen_dir
    files = {
        f"{ir}/Dialect.td": "dialect/Dialect.td.j2",
        f"{ir}/Atom.td": "dialect/Atom.td.j2",
        f"{ir}/CMakeLists.txt": "dialect/IRCMakeLists.txt.j2",
        f"{ir}/Dialect.h": "dialect/Dialect.h.j2",
        f"{names.lib_dir}/Dialect.cpp": "dialect/Dialect.cpp.j2",
        names.paths.get(
            "python_dialect_module", f"python/mlir_flydsl/dialects/{names.dialect}.py"
        ): "dialect/module.py.j2",
    }
    output.files.update({path: env.get_template(t).render(**context) for path, t in files.items()})
    # The dialect's own source is compiled into the library like the atoms (configure fails without it).
    cmake_file = names.paths.get("lib_cmake", f"{names.lib_dir}/CMakeLists.txt")
    output.regions.append(RegionPiece(cmake_file, "sources", "Dialect.cpp", "  Dialect.cpp\n"))
    return output
