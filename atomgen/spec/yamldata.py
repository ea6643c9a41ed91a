"""Values read from YAML the schema has checked: `object` at the edge, narrowed here to what a reader wants.

A reader takes `YamlMap` (a mapping of `object`), never `Any`: what the schema guarantees is asserted by the
narrowing helpers below, so a value of another shape reads as the field's default instead of passing through
untyped.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Optional, cast

from atomgen.spec.scalars import ScalarValue

YamlMap = Mapping[str, object]


def text(value: object, default: str = "") -> str:
    """A string field (a number or bool the YAML wrote unquoted is its text)."""
    if isinstance(value, str):
        return value
    return default if value is None or isinstance(value, (dict, list)) else str(value)


def texts(value: object) -> tuple[str, ...]:
    """A string, or a list of them (other items dropped)."""
    if isinstance(value, str):
        return (value,)
    return tuple(str(item) for item in value if isinstance(item, (str, int, float))) if isinstance(value, list) else ()


def mapping(value: object) -> YamlMap:
    """A mapping field as written (the schema makes its keys strings; YAML's other keys are never looked up),
    anything else empty. Not copied: the model reads every row of every spec through this."""
    return cast(YamlMap, value) if isinstance(value, dict) else _EMPTY


_EMPTY: YamlMap = MappingProxyType({})


def entries(value: object) -> list[object]:
    """A list field; anything else is empty."""
    return list(value) if isinstance(value, list) else []


def integer(value: object, default: int = 0) -> int:
    """An integer field (bools are not integers here)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def optional_text(value: object) -> Optional[str]:
    """A string field that may be absent (None)."""
    return None if value is None else text(value)


def scalar(value: object) -> Optional[ScalarValue]:
    """A parameter's value: an int, a bool or a string (None for anything else)."""
    return value if isinstance(value, (int, bool, str)) else None


__all__ = ["YamlMap", "entries", "integer", "mapping", "optional_text", "scalar", "text", "texts"]
