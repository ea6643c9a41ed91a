"""The `tma_load` emission pattern: TMA bulk tensor copy, global to shared."""

from __future__ import annotations

from typing import ClassVar

from atomgen.record import record
from atomgen.spec.emission.base import COORD_FEEDS, COORDS, Emission, Feed, PatternNeeds


@record(kw_only=True)
class TmaLoad(Emission):
    pattern: ClassVar[str] = "tma_load"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("rank",), state_cases=("TmaDescriptor", "Mbarrier") + COORDS,
        feeds=(Feed("TmaDescriptor", "tma_desc"), Feed("Mbarrier", "mbar")) + COORD_FEEDS,
    )
    template: ClassVar[str] = "tma"
