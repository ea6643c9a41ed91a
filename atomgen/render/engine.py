"""The Jinja environment: StrictUndefined, templates shipped with the package, no autoescape
(outputs are C++/TableGen/Python/CMake: identifiers, numbers and known type names are pasted as
validated by the check stage, free text only through the filters of atomgen/render/escape.py)."""

from __future__ import annotations

from functools import lru_cache

import jinja2

from atomgen.render.escape import FILTERS
from atomgen.resources import data_dir


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
    env.filters.update(FILTERS)  # the one escaping per output language (atomgen/render/escape.py)
    return env


TemplateContext = dict[str, object]  # what a template prints: its values are the templates' to read


def render(template: str, **context: object) -> str:
    return environment().get_template(template).render(**context)
