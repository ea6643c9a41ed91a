"""The `tma_load` emission pattern: TMA bulk tensor copy, global to shared."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import COORD_FEEDS, COORDS, Emission, Feed, PatternNeeds


@dataclass(frozen=True, kw_only=True)
class TmaLoad(Emission):
    pattern: ClassVar[str] = "tma_load"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("rank",), state_cases=("TmaDescriptor", "Mbarrier") + COORDS,
        feeds=(Feed("TmaDescriptor", "tma_desc"), Feed("Mbarrier", "mbar")) + COORD_FEEDS,
    )
    template: ClassVar[str] = "tma"
