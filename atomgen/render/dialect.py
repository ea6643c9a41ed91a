"""A new backend's dialect skeleton (e.g. FlyNVVM before FlyDSL had one): Dialect.td with the four base classes, the
state-field enum, the tablegen CMake, the dialect header and source, and the Python module.

Only backends whose backend.yaml sets `generate_dialect: true` get one; ROCDL's dialect is
FlyDSL's own, hand-written.
"""

from __future__ import annotations

from dataclasses import dataclass

import jinja2

from atomgen.render.base import RegionPiece, RenderOutput
from atomgen.render.cpp.headers import dialect_headers
from atomgen.render.cpp.helpers import render_header
from atomgen.render.names import backend_names
from atomgen.spec.backend import Backend

BASE_KINDS = ("mma", "copy", "stateful_copy", "stateful_mma")
DEFAULT_INTERFACES = {
    "mma": ["Fly_MayStaticTypeInterface", "Fly_MmaOpTypeInterface"],
    "copy": ["Fly_MayStaticTypeInterface", "Fly_CopyOpTypeInterface"],
    "stateful_copy": ["Fly_CopyOpTypeInterface", "Fly_StatefulOpTypeInterface"],
    "stateful_mma": ["Fly_MmaOpTypeInterface", "Fly_StatefulOpTypeInterface"],
}


@dataclass(frozen=True, slots=True)
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
    """What a backend gets once, whatever its atoms: the atom helpers header where declared,
    and the dialect skeleton where `generate_dialect` is set."""
    output = render_header(backend, env)
    if backend.dialect_extension and not backend.generate_dialect:
        output.regions.extend(_extension_pieces(backend))
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
        # FlyNVVM_Dialect -> FlyNVVMDialect.
        "dialect_class": dialect_def.replace("_", ""),
        "dialect_headers": dialect_headers(dialect.dependent_dialects),
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


def _extension_pieces(backend: Backend) -> list[RegionPiece]:
    """What the generated atoms need from a dialect FlyDSL has but that lacks it (backend.yaml
    `dialect_extension`), as region pieces of its own files: the stateful base classes and the traits
    (Dialect.td), the state-field enum (Atom.td), its tablegen lines (IR/CMakeLists.txt) and the
    includes of its declarations and definitions (Dialect.h, Dialect.cpp)."""
    names = backend_names(backend)
    prefix = names.tablegen_prefix
    ir = names.tablegen_dir
    include_dir = ir.removeprefix("include/")
    dialect_def = backend.dialect_decl.tablegen_def or f"{prefix}_Dialect"
    pieces: list[RegionPiece] = []
    if "stateful_bases" in backend.dialect_extension:
        text = []
        for trait in backend.traits:
            text.append(
                f"// Also defined by FlyROCDL's Dialect.td; guarded so both can be read together.\n"
                f"#ifndef ATOMGEN_TRAIT_{trait.tablegen_def.upper()}\n"
                f"#define ATOMGEN_TRAIT_{trait.tablegen_def.upper()}\n"
                f'def {trait.tablegen_def} : NativeTypeTrait<"{trait.native_name}"> {{\n'
                f'  let cppNamespace = "{trait.cpp_namespace}";\n}}\n#endif\n\n'
            )
        for base in _base_classes(backend, prefix):
            if not base.name.split("_", 1)[-1].startswith("Stateful"):
                continue
            interfaces = ",\n".join(f"        DeclareTypeInterfaceMethods<{i}>" for i in base.interfaces)
            extra = (f"  let extraClassDeclaration = [{{\n    {base.extra_declaration}\n  }}];\n"
                     if base.extra_declaration else "")
            text.append(
                f"class {base.name}<string typeName, string typeMnemonic, list<Trait> traits = []>\n"
                f"    : TypeDef<{dialect_def}, typeName, !listconcat(traits, [\n{interfaces}\n      ])> {{\n"
                f"  let mnemonic = typeMnemonic;\n{extra}}}\n\n"
            )
        pieces.append(RegionPiece(backend.paths.get("dialect_td", f"{ir}/Dialect.td"), "bases", "0", "".join(text)))
    if "state_enum" in backend.dialect_extension:
        enum = backend.state_enum
        cases = ",\n".join(f'  I32EnumAttrCase<"{c.name}", {c.value}, "{c.string}">' for c in enum.cases)
        pieces.append(RegionPiece(
            backend.paths.get("atom_td", f"{ir}/Atom.td"), "enum", "0",
            'include "mlir/IR/EnumAttr.td"\n\n'
            f'def {prefix}_AtomStateField : I32EnumAttr<"{enum.cpp_name}", "", [\n{cases}\n]> {{\n'
            f"  let genSpecializedAttr = 0;\n  let cppNamespace = {dialect_def}.cppNamespace;\n}}\n\n",
        ))
        pieces.append(RegionPiece(
            f"{ir}/CMakeLists.txt", "tablegen", "0",
            "set(LLVM_TARGET_DEFINITIONS Atom.td)\n"
            "mlir_tablegen(AtomStateEnums.h.inc -gen-enum-decls)\n"
            "mlir_tablegen(AtomStateEnums.cpp.inc -gen-enum-defs)\n\n",
        ))
        pieces.append(RegionPiece(
            backend.paths.get("dialect_header", f"{ir}/Dialect.h"), "enums", "0",
            f'#include "{include_dir}/AtomStateEnums.h.inc"\n',
        ))
        pieces.append(RegionPiece(f"{names.lib_dir}/Dialect.cpp", "enums", "0",
                                  f'#include "{include_dir}/AtomStateEnums.cpp.inc"\n'))
    return pieces
