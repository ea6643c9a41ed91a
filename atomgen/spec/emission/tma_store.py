"""The `tma_store` emission pattern: TMA bulk tensor copy, shared to global (or reduction into global)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from atomgen.spec.emission.base import COORD_FEEDS, COORDS, Emission, Feed, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class TmaStore(Emission):
    pattern: ClassVar[str] = "tma_store"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("rank",), state_cases=("TmaDescriptor",) + COORDS,
                         feeds=(Feed("TmaDescriptor", "tma_desc"),) + COORD_FEEDS)
    template: ClassVar[str] = "tma"
    # cp.reduce.async.bulk.tensor: the parameter (an NVVM::TMAReduxKindAttr) naming the reduction the box is
    # combined into global memory with (CuTe SM90_TMA_REDUCE_ADD); "" for a plain store
    reduce: str = ""

    def required(self) -> PatternNeeds:
        if not self.reduce:
            return self.needs
        return replace(self.needs, parameters=self.needs.parameters + (self.reduce,))
