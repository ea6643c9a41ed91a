"""The backend object (issue 20.3): every backend.yaml key is a typed field of `Backend`, with its default in
one place, and the code reads it; the records are frozen and hold no dict or list.

A key the schema accepts but no field carries would be dead text in every backend.yaml (as `dsl_modules`
and most of `type_converter` were); the comparisons below fail on one.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

from conftest import REPO, SPECS, mutable_leaves

from atomgen.resources import schema_path
from atomgen.spec.backend import AtomHelpers, Backend, InlinePtx, LlvmGap, TypeConverter, load_backend
from atomgen.spec.frozen import FrozenMap

SCHEMA = json.loads(schema_path("backend").read_text(encoding="utf-8"))
# backend.yaml key -> the Backend fields it becomes (spec_version is the format's, checked by the schema)
CARRIED = {
    "spec_version": (), "backend": ("name",), "dialect": ("dialect", "dialect_decl"), "summary": ("summary",),
    "licence": ("licence",), "test_builder": ("test_builder",), "generate_dialect": ("generate_dialect",),
    "dialect_extension": ("dialect_extension",), "type_converter": ("type_converter",),
    "register_file": ("register_file",), "atom_helpers": ("atom_helpers",),
    "shared_helpers": ("shared_helpers",), "llvm_gaps": ("llvm_gaps",), "inline_ptx": ("inline_ptx",),
    "base_classes": ("base_classes",), "state_enum": ("state_enum", "state_cases"), "traits": ("traits",),
    "paths": ("paths",), "subtarget_dirs": ("subtarget_dirs",), "dsl_modules": ("dsl_modules",),
    "chips": ("chips",), "subtarget_chips": ("subtarget_chips",),
}
NOT_DATA = ("path", "text", "file")  # where the backend was read from


def _backends() -> list[Backend]:
    found = [load_backend(path, str(path))[0] for path in sorted(SPECS.glob("*/backend.yaml"))]
    assert len(found) >= 2
    return found


def test_every_schema_key_is_a_backend_field() -> None:
    fields = {f.name for f in dataclasses.fields(Backend)}
    assert set(CARRIED) == set(SCHEMA["properties"])
    assert {name for names in CARRIED.values() for name in names} | set(NOT_DATA) == fields


def _record_keys(record: type) -> set[str]:
    return {f.name for f in dataclasses.fields(record)}


def test_the_typed_sections_have_exactly_the_schema_keys() -> None:
    properties = SCHEMA["properties"]
    assert _record_keys(TypeConverter) == set(properties["type_converter"]["properties"])
    assert _record_keys(LlvmGap) == set(properties["llvm_gaps"]["items"]["properties"])
    assert _record_keys(InlinePtx) == set(properties["inline_ptx"]["items"]["properties"])
    assert _record_keys(AtomHelpers) == set(properties["atom_helpers"]["properties"])


def test_backends_are_frozen_records_without_dicts() -> None:
    for backend in _backends():
        assert mutable_leaves(backend, backend.name) == []
        assert isinstance(backend.type_converter, TypeConverter)
    nvvm = next(b for b in _backends() if b.name == "nvvm")
    assert nvvm.type_converter.register_memref == "!llvm.ptr"  # FlyToNVVM's register space is 0
    assert nvvm.inline_ptx and all(isinstance(entry, InlinePtx) for entry in nvvm.inline_ptx)


def test_the_type_converter_reaches_the_generated_tests(tmp_path: Path) -> None:
    """Each type_converter key is read: an edited value shows in the CHECK lines gen writes."""
    from atomgen.check.runner import analyze_file
    from atomgen.render.tests.files import render

    spec = SPECS / "rocdl" / "cdna3" / "buffer_copy.yaml"
    result = analyze_file(spec, str(spec), prove=False)
    assert result.analysis is not None and result.analysis.backend is not None
    backend = result.analysis.backend
    before = "\n".join(render(result.analysis, backend).files.values())
    assert "!llvm.ptr<5>" in before and "!llvm.struct<(ptr<8>, i32)>" in before
    edited = dataclasses.replace(backend, type_converter=TypeConverter(
        register_memref="!llvm.ptr<7>", buffer_desc_memref="!llvm.struct<(ptr<9>, i32)>"))
    after = "\n".join(render(result.analysis, edited).files.values())
    assert "!llvm.ptr<5>" not in after and "!llvm.ptr<7>" in after and "!llvm.struct<(ptr<9>, i32)>" in after


def test_dsl_modules_place_the_wrappers() -> None:
    from atomgen.check.runner import analyze_file
    from atomgen.render.python import render

    spec = SPECS / "rocdl" / "cdna3" / "mfma.yaml"
    result = analyze_file(spec, str(spec), prove=False)
    assert result.analysis is not None and result.analysis.backend is not None
    backend = result.analysis.backend
    module = result.analysis.spec.python.dsl_module
    assert backend.dsl_modules[module] in _paths(render(result.analysis, backend, _environment()))
    moved = dataclasses.replace(backend, dsl_modules=FrozenMap({module: "python/elsewhere/atoms.py"}))
    assert "python/elsewhere/atoms.py" in _paths(render(result.analysis, moved, _environment()))


def _paths(output: Any) -> set[str]:
    return set(output.files) | {piece.file for piece in output.regions}


def _environment() -> Any:
    from atomgen.render import engine

    return engine.environment()


def test_no_module_branches_on_a_backend_name() -> None:
    """Behaviour comes from the backend's fields: no `== "rocdl"` / `backend.name ==` in atomgen's stages
    that render (the oracles are backend-specific by nature: Triton is AMD's, CuTe NVIDIA's)."""
    branch = re.compile(r"""backend(\.name)?\s*[!=]=\s*["'](rocdl|nvvm)["']""")
    sources = sorted((REPO / "atomgen" / "render").rglob("*.py"))
    assert sources
    found = [f"{p.relative_to(REPO)}:{n}" for p in sources
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if branch.search(line)]
    assert found == []
    assert branch.search('if spec.backend == "rocdl":')


def test_aliases_name_what_they_fix_instead_of_repeating_the_table() -> None:
    """Issue 20: each alias (BufferLoadAsyncLDS32b, ...) repeated its atom's whole configuration list. The
    table is in the atom's main wrapper only, once per binding class; an alias names the wrapper and the
    values it fixes."""
    import ast

    modules = sorted((REPO / "generated" / "python").rglob("*.py"))
    assert modules
    aliases = 0
    for module in modules:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        tables: dict[str, int] = {}
        for function in (n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")):
            doc = ast.get_docstring(function) or ""
            calls = [c for c in ast.walk(function) if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)]
            binding = next((ast.unparse(c.func.value) for c in calls if c.func.attr == "get"), None)
            if binding is None:  # an architecture dispatcher (WMMA): it calls the wrappers, no binding
                assert "get_rocm_arch" in ast.unparse(function), (module.name, function.name)
                continue
            if "Supported configurations:" in doc:
                tables[binding] = tables.get(binding, 0) + 1
            else:
                aliases += 1
                assert doc.startswith("`") and " with " in doc and "\n" not in doc, (module.name, function.name)
        assert all(count == 1 for count in tables.values()), (module.name, tables)
    assert aliases > 10
