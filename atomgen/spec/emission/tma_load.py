"""The `tma_load` emission pattern: TMA bulk tensor copy, global to shared."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from atomgen.spec.emission.base import COORD_FEEDS, COORDS, Emission, Feed, PatternNeeds

# im2col mode: the rank - 2 offsets (16-bit) of the convolution filter, one state field each
IM2COL_OFFSETS = tuple(f"Im2colOffset{i}" for i in range(3))


@dataclass(frozen=True, slots=True, kw_only=True)
class TmaLoad(Emission):
    pattern: ClassVar[str] = "tma_load"
    # The multicast mask becomes the op's multicastMask operand (i16) where the spec has the field.
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("rank",), state_cases=("TmaDescriptor", "Mbarrier") + COORDS,
        feeds=(Feed("TmaDescriptor", "tma_desc"), Feed("Mbarrier", "mbar"), Feed("MulticastMask", "multicastMask"))
        + COORD_FEEDS + tuple(Feed(case, "im2colOffsets") for case in IM2COL_OFFSETS),
    )
    template: ClassVar[str] = "tma"
    # .multicast::cluster: the box lands in the shared memory of every CTA of the cluster the MulticastMask
    # state field names (CuTe SM90_TMA_LOAD_MULTICAST)
    multicast: bool = False
    # .im2col: the load mode of convolutions (CuTe SM90_TMA_LOAD_IM2COL); the op takes the Im2colOffset
    # state fields as its im2colOffsets, rank - 2 of them
    im2col: bool = False

    def required(self) -> PatternNeeds:
        cases = ("MulticastMask",) * self.multicast + IM2COL_OFFSETS * self.im2col
        return replace(self.needs, state_cases=self.needs.state_cases + cases) if cases else self.needs
