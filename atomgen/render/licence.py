"""The licence header of the files gen writes whole: backend.yaml `licence`, as the project's own files begin.

FlyDSL's files open with `SPDX-License-Identifier: Apache-2.0` and its copyright line, in the comment syntax of
the file. A generated file carries the same two lines, so that it reads like the project's own and a licence
scanner finds it. The text comes from backend.yaml (untrusted), so each line goes through the escaper of the
file's comment language. Files in another language (a manifest, a README) get none.
"""

from __future__ import annotations

from typing import Callable

from atomgen.render.escape import cmake_comment, cpp_comment, mlir_comment, py_comment

# suffix -> (comment marker, escaper of comment text)
_COMMENTS: dict[str, tuple[str, Callable[[str], str]]] = {
    ".cpp": ("//", cpp_comment), ".h": ("//", cpp_comment), ".inc": ("//", cpp_comment),
    ".td": ("//", cpp_comment), ".mlir": ("//", mlir_comment), ".py": ("#", py_comment),
    ".txt": ("#", cmake_comment), ".cmake": ("#", cmake_comment),
}


def header(licence: tuple[str, ...], path: str) -> str:
    """The header for a file at `path` from (SPDX expression, copyright line), or "" (no licence declared, or a
    language without comments here). The `SPDX-License-Identifier:` tag is atomgen's own text, written as is:
    it is the one directive in the header that a tool (a licence scanner) must read."""
    suffix = path[path.rfind("."):] if "." in path.rsplit("/", 1)[-1] else ""
    if len(licence) != 2 or suffix not in _COMMENTS:
        return ""
    marker, escape = _COMMENTS[suffix]
    expression, copyright_line = licence
    return f"{marker} SPDX-License-Identifier: {escape(expression)}\n{marker} {escape(copyright_line)}\n"


def licensed(licence: tuple[str, ...], path: str, text: str) -> str:
    """`text` with its header first (once: a text that already begins with it is returned as it is)."""
    top = header(licence, path)
    return text if text.startswith(top) else top + text
