"""The `global_lds_dma` emission pattern: global load written straight to LDS (async)."""

from __future__ import annotations

from typing import ClassVar

from atomgen.record import record
from atomgen.spec.emission.base import Emission, Immediates, PatternNeeds, SingleOp


@record(kw_only=True)
class GlobalLdsDma(SingleOp, Immediates, Emission):
    pattern: ClassVar[str] = "global_lds_dma"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("bitSize",), packed=("value",))
