"""The `tma_store` emission pattern: TMA bulk tensor copy, shared to global."""

from __future__ import annotations

from typing import ClassVar

from atomgen.record import record
from atomgen.spec.emission.base import COORD_FEEDS, COORDS, Emission, Feed, PatternNeeds


@record(kw_only=True)
class TmaStore(Emission):
    pattern: ClassVar[str] = "tma_store"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("rank",), state_cases=("TmaDescriptor",) + COORDS,
                         feeds=(Feed("TmaDescriptor", "tma_desc"),) + COORD_FEEDS)
    template: ClassVar[str] = "tma"
