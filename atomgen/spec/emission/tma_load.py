"""The `tma_load` emission pattern: TMA bulk tensor copy, global to shared."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from atomgen.spec.emission.base import COORD_FEEDS, COORDS, Emission, Feed, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class TmaLoad(Emission):
    pattern: ClassVar[str] = "tma_load"
    # The multicast mask becomes the op's multicastMask operand (i16) where the spec has the field.
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("rank",), state_cases=("TmaDescriptor", "Mbarrier") + COORDS,
        feeds=(Feed("TmaDescriptor", "tma_desc"), Feed("Mbarrier", "mbar"), Feed("MulticastMask", "multicastMask"))
        + COORD_FEEDS,
    )
    template: ClassVar[str] = "tma"
    # .multicast::cluster: the box lands in the shared memory of every CTA of the cluster the MulticastMask
    # state field names (CuTe SM90_TMA_LOAD_MULTICAST)
    multicast: bool = False

    def required(self) -> PatternNeeds:
        if not self.multicast:
            return self.needs
        return replace(self.needs, state_cases=self.needs.state_cases + ("MulticastMask",))
