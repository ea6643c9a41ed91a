"""The helper functions a backend's atom files share: one generated header per backend, not a copy per file.

A backend lists them (`atom_helpers` in backend.yaml: the header's path and its functions); an atom file
that needs one of them includes the header, and keeps a file-local copy of any function not listed, so
a backend without the section still builds.
"""

from __future__ import annotations

import re

import jinja2

from atomgen.render.base import RenderOutput
from atomgen.render.cpp.clang import clang_format
from atomgen.render.names import backend_names
from atomgen.spec.backend import AtomHelpers, Backend

HELPER_FUNCTIONS = ("getTotalBitWidth", "splitRegisters", "positionOf", "soffsetInBytes",
                    "getUmmaInstrDescriptor")  # the schema's enum


def helpers_of(backend: Backend | None) -> AtomHelpers:
    return backend.atom_helpers if backend is not None else AtomHelpers()


def helpers_header(needs: set[str], backend: Backend | None) -> str:
    """The header an atom that needs the functions `needs` includes, or "" when it defines them all itself."""
    helpers = helpers_of(backend)
    return helpers.header if any(helpers.shares(function) for function in needs) else ""


def render_header(backend: Backend, env: jinja2.Environment) -> RenderOutput:
    helpers = backend.atom_helpers
    if not helpers.header:
        return RenderOutput()
    names = backend_names(backend)
    relative = helpers.header.removeprefix("include/")
    file = relative.rsplit("/", 1)[-1]
    title, mode = f"//===- {file} - Helpers of {names.dialect} atoms ", "*- C++ -*-===//"
    text = env.get_template("cpp/helpers.h.j2").render(
        banner=title + "-" * max(1, 80 - len(title) - len(mode)) + mode,  # LLVM's 80-column file banner
        source=f"specs/{names.name}/backend.yaml",
        guard=re.sub(r"[^A-Za-z0-9]", "_", relative).upper(),
        namespace=names.cpp_namespace.removeprefix("::"),
        shares=helpers.shares,
    )
    return RenderOutput(files={helpers.header: clang_format(text, file)})
