"""Intrinsic catalogues: the operand types each backend op really takes (independent evidence).

`atomgen/catalog/<backend>_intrinsics.yaml` maps a printed op name to its operand types
(`a`, `b`, `c`, `result`, `value`), optional allowed element types (`a_elements`), the
number of independent blocks it computes (`blocks`), and the source it was read from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Optional

import yaml

from atomgen.resources import catalog_path


@dataclass(frozen=True)
class IntrinsicCatalog:
    path: str
    entries: dict[str, dict[str, Any]]
    text: str

    def get(self, intrinsic: str) -> Optional[dict[str, Any]]:
        return self.entries.get(intrinsic)


@lru_cache(maxsize=None)
def load_catalog(backend: str) -> Optional[IntrinsicCatalog]:
    path = catalog_path(backend)
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}  # noqa: S506 - a safe loader
    entries = (data.get("ops") or data.get("intrinsics") or data) if isinstance(data, dict) else {}
    clean = {str(k): dict(v) for k, v in entries.items() if isinstance(v, dict)}
    return IntrinsicCatalog(str(path), clean, text)


def catalog_text(backend: str) -> str:
    path = catalog_path(backend)
    return path.read_text(encoding="utf-8") if path.is_file() else ""
