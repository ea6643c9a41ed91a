"""Where the schema and templates live: inside the installed package, or in the checkout."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent
_CHECKOUT = _PACKAGE.parent


def data_dir(name: str) -> Path:
    """`schema` or `templates`: the wheel ships them as atomgen/_data/<name>."""
    for candidate in (_PACKAGE / "_data" / name, _CHECKOUT / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"atomgen data folder '{name}' is missing from the installation")


def schema_path(name: str = "atom") -> Path:
    return data_dir("schema") / f"{name}.schema.json"


@lru_cache(maxsize=None)
def load_schema(name: str = "atom") -> Any:
    return json.loads(schema_path(name).read_text(encoding="utf-8"))


def intrinsics_path(backend: str) -> Path:
    return _PACKAGE / "intrinsics" / f"{backend}.yaml"
