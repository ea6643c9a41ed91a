"""The `global_lds_dma` emission pattern: global load written straight to LDS (async)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, Immediates, PatternNeeds, SingleOp


@dataclass(frozen=True, slots=True, kw_only=True)
class GlobalLdsDma(SingleOp, Immediates, Emission):
    pattern: ClassVar[str] = "global_lds_dma"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("bitSize",), packed=("value",))
