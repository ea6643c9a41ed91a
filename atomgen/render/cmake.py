"""CMake: the dialect library's source list (a region of lib/Dialect/<Backend>/CMakeLists.txt)."""

from __future__ import annotations

import jinja2

from atomgen.check.result import AnalysedAtom
from atomgen.render.base import RegionPiece, RenderOutput
from atomgen.render.names import atom_cpp_path, backend_names
from atomgen.spec.backend import Backend


def render(atom: AnalysedAtom, backend: Backend, env: jinja2.Environment) -> RenderOutput:
    spec = atom.spec
    names = backend_names(backend)
    cmake_file = names.paths.get("lib_cmake", f"{names.lib_dir}/CMakeLists.txt")
    source = atom_cpp_path(spec, names).removeprefix(names.lib_dir + "/")
    return RenderOutput(regions=[RegionPiece(cmake_file, "sources", source, f"  {source}\n")])
