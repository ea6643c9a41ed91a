"""A new backend's dialect skeleton (FlyPTX): Dialect.td with the four base classes, the
state-field enum, the tablegen CMake, the dialect header and source, and the Python module.

Only backends whose backend.yaml sets `generate_dialect: true` get one; ROCDL's dialect is
FlyDSL's own, hand-written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jinja2

from atomgen.render.base import RenderOutput
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


@dataclass(frozen=True)
class EnumCase:
    name: str
    value: int
    string: str


def _base_classes(backend: Backend, prefix: str) -> list[BaseClass]:
    classes = backend.data.get("base_classes") or {}
    result = []
    for kind in BASE_KINDS:
        entry: dict[str, Any] = classes.get(kind) or {}
        default_name = (
            f"{prefix}_{'Stateful' if kind.startswith('stateful') else ''}{'MmaOp' if 'mma' in kind else 'CopyOp'}"
        )
        result.append(
            BaseClass(
                name=str(entry.get("tablegen_class", default_name)),
                interfaces=[str(i) for i in entry.get("interfaces", DEFAULT_INTERFACES[kind])],
                extra_declaration=str(entry.get("extra_class_declaration") or ""),
            )
        )
    return result


def _enum_cases(backend: Backend) -> list[EnumCase]:
    enum = backend.data.get("state_enum") or {}
    return [EnumCase(str(c["name"]), int(c["value"]), str(c["string"])) for c in enum.get("cases", [])]


def render_backend(backend: Backend, env: jinja2.Environment) -> RenderOutput:
    """What a backend gets once, whatever its atoms: the PTX register header where declared,
    and the dialect skeleton where `generate_dialect` is set."""
    output = render_header(backend, env)
    if not backend.data.get("generate_dialect"):
        return output
    names = backend_names(backend)
    dialect = backend.data.get("dialect") or {}
    context = {
        "names": names,
        "prefix": names.tablegen_prefix,
        "dialect_def": str(dialect.get("tablegen_def", f"{names.tablegen_prefix}_Dialect")),
        "dependent_dialects": [str(d) for d in dialect.get("dependent_dialects", [])],
        "base_classes": _base_classes(backend, names.tablegen_prefix),
        "cases": _enum_cases(backend),
        "include_dir": names.tablegen_dir.removeprefix("include/"),
        "namespace": names.cpp_namespace.removeprefix("::"),
        "summary": str(backend.data.get("summary", "")),
        # mlir-tblgen names the dialect class after the def, underscores removed:
        # FlyPTX_Dialect -> FlyPTXDialect.
        "dialect_class": str(dialect.get("tablegen_def", f"{names.tablegen_prefix}_Dialect")).replace("_", ""),
        "dialect_headers": [
            DIALECT_HEADERS[d] for d in dialect.get("dependent_dialects", []) if str(d) in DIALECT_HEADERS
        ],
        "traits": [
            (str(t["tablegen_def"]), str(t.get("native_name", "")), str(t.get("cpp_namespace", "::mlir::fly")))
            for t in (backend.data.get("traits") or {}).values()
            if isinstance(t, dict) and t.get("kind") == "NativeTypeTrait" and t.get("tablegen_def")
        ],
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
    return output
