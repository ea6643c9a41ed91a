"""clang-format, pinned: generated C++ must be the same bytes on every machine."""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache

from atomgen.render.cpp.mlirtype import CppRenderError

CLANG_FORMAT_STYLE = "{BasedOnStyle: LLVM, ColumnLimit: 100}"


# One process formats the same text more than once (gen of a tree renders each file for the tree and for its
# check; a mutation campaign renders mostly unchanged atoms): the pinned formatter gives the same bytes for the
# same input, so its answer is kept for the process.
@lru_cache(maxsize=256)
def clang_format(text: str, filename: str = "atom.cpp") -> str:
    """`text` in FlyDSL's style, formatted by the pinned clang-format wheel.

    Only the pinned wheel is used, never a clang-format found on PATH: another version would
    format differently, and generated files must be the same bytes on every machine.
    """
    completed = subprocess.run(  # noqa: S603 - fixed executable, text on stdin
        [_clang_format_executable(), f"--style={CLANG_FORMAT_STYLE}", f"--assume-filename={filename}"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return completed.stdout


def _clang_format_executable() -> str:
    try:
        import clang_format as wheel

        candidate: str | None = wheel.get_executable("clang-format")
    except ImportError:
        candidate = None
    if not candidate or not shutil.which(candidate):
        raise CppRenderError("the pinned clang-format wheel is missing: pip install 'clang-format==23.1.5'")
    return candidate
