"""The register split/pack helpers of a PTX backend: one header per backend, not a copy per atom.

A backend declares where it goes (`paths.register_header` in backend.yaml); the atoms whose
emission splits operands into NVVM registers include it. A backend that declares none keeps
the helpers in each such atom file (same code, file-local), so a new backend still builds.
"""

from __future__ import annotations

import re

import jinja2

from atomgen.render.base import RenderOutput
from atomgen.render.cpp.clang import clang_format
from atomgen.render.names import backend_names
from atomgen.spec.backend import Backend
from atomgen.spec.model import AtomSpec


def declared_header(backend: Backend) -> str:
    """The header's path in the tree (`include/...`), or "" where the backend declares none."""
    return str(backend_names(backend).paths.get("register_header") or "")


def register_header(spec: AtomSpec, backend: Backend | None) -> str:
    """The header this atom includes for its register helpers, or ""."""
    if backend is None or not spec.emission.registers:
        return ""
    return declared_header(backend)


def render_header(backend: Backend, env: jinja2.Environment) -> RenderOutput:
    path = declared_header(backend)
    if not path:
        return RenderOutput()
    names = backend_names(backend)
    relative = path.removeprefix("include/")
    file = relative.rsplit("/", 1)[-1]
    title, mode = f"//===- {file} - Register helpers of {names.dialect} atoms ", "*- C++ -*-===//"
    text = env.get_template("cpp/registers.h.j2").render(
        banner=title + "-" * max(1, 80 - len(title) - len(mode)) + mode,  # LLVM's 80-column file banner
        source=f"specs/{names.name}/backend.yaml",
        guard=re.sub(r"[^A-Za-z0-9]", "_", relative).upper(),
        namespace=names.cpp_namespace.removeprefix("::"),
    )
    return RenderOutput(files={path: clang_format(text, file)})
