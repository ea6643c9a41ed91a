"""The Jinja environment: StrictUndefined, templates shipped with the package, no autoescape
(outputs are C++/TableGen/Python/CMake, and every value pasted into them was validated as an
identifier, a number or a known type name by the check stage)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2

from atomgen.resources import data_dir


def _cpp_string(value: Any) -> str:
    """A C++/Python string literal body: escapes quotes, backslashes and newlines."""
    text = str(value)
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _py_docstring(value: Any) -> str:
    """Text safe inside a triple-quoted Python docstring."""
    return str(value).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


@lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(  # noqa: S701 - code generation, not HTML
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    env.filters["cpp_string"] = _cpp_string
    env.filters["py_docstring"] = _py_docstring
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
