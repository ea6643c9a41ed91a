"""Where each generated file goes in a FlyDSL-shaped tree, from backend.yaml's `paths`."""

from __future__ import annotations

from dataclasses import dataclass

from atomgen.spec.backend import Backend
from atomgen.spec.model import AtomSpec


@dataclass(frozen=True, slots=True)
class BackendNames:
    name: str
    dialect: str
    cpp_namespace: str
    tablegen_prefix: str  # FlyROCDL
    paths: dict[str, str]
    subtarget_dirs: dict[str, str]

    @property
    def tablegen_dir(self) -> str:
        return self.paths.get("tablegen_dir", f"include/flydsl/Dialect/{self.tablegen_prefix}/IR")

    @property
    def lib_dir(self) -> str:
        return self.paths.get("lib_dir", f"lib/Dialect/{self.tablegen_prefix}")

    @property
    def tests_dir(self) -> str:
        return self.paths.get("tests_dir", "tests/mlir/Conversion")

    @property
    def dsl_dir(self) -> str:
        return self.paths.get("dsl_dir", f"python/flydsl/expr/{self.name}")

    @property
    def binding_file(self) -> str:
        return self.paths.get("python_binding", f"lib/Bindings/Python/{self.tablegen_prefix}Extension.cpp")

    def subtarget_dir(self, subtarget: str) -> str:
        return self.subtarget_dirs.get(subtarget, subtarget.upper())


def backend_names(backend: Backend) -> BackendNames:
    dialect = backend.dialect_decl
    prefix = (dialect.tablegen_def or "").removesuffix("_Dialect") or "Fly" + backend.name.upper()
    return BackendNames(
        name=backend.name,
        dialect=backend.dialect,
        cpp_namespace=dialect.cpp_namespace or f"::mlir::{backend.dialect}",
        tablegen_prefix=prefix,
        paths=dict(backend.paths),
        subtarget_dirs=dict(backend.subtarget_dirs),
    )


def atom_td_path(spec: AtomSpec, names: BackendNames) -> str:
    """One owned .td per atom, included from the aggregation file's region."""
    return f"{names.tablegen_dir}/atomgen/{spec.type_name}.td"


def atom_cpp_path(spec: AtomSpec, names: BackendNames) -> str:
    return f"{names.lib_dir}/{names.subtarget_dir(spec.subtarget)}/{spec.type_name}.cpp"


def test_file_stem(spec: AtomSpec) -> str:
    return spec.mnemonic.replace(".", "_")


def atom_test_path(spec: AtomSpec, names: BackendNames, negative: bool = False) -> str:
    suffix = "_neg" if negative else ""
    return f"{names.tests_dir}/atomgen/{test_file_stem(spec)}{suffix}.mlir"


def spec_source(spec: AtomSpec) -> str:
    """The spec's path as generated files cite it, relative to its project root
    (`specs/rocdl/cdna3/mfma.yaml`): the same bytes from any working folder."""
    import re
    from pathlib import Path

    from atomgen.project import ConfigError, find_project

    path = Path(spec.path).resolve()
    try:
        project = find_project(path)
    except ConfigError:
        project = None
    if project is not None and project.root in path.parents:
        shown = path.relative_to(project.root).as_posix()
    else:
        shown = next(
            (f"specs/{path.relative_to(f.parent).as_posix()}" for f in path.parents if f.name == spec.backend),
            path.name,
        )
    # A path for a comment: anything but plain path characters becomes '_'.
    return re.sub(r"[^A-Za-z0-9_./-]", "_", shown)
