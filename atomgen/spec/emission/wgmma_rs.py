"""The `wgmma_rs` emission pattern: sm90 wgmma with A from registers, B from a shared-memory descriptor."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import ACCUMULATE, MMA, Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class WgmmaRs(Emission):
    pattern: ClassVar[str] = "wgmma_rs"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", state_cases=("Accumulate",), packed=MMA, instruction=True, packed_by_element=("a",),
        feeds=(ACCUMULATE,),
    )
    template: ClassVar[str] = "wgmma"
    includes: ClassVar[tuple[str, ...]] = ("llvm/ADT/Twine.h", "llvm/Support/raw_ostream.h")
    registers: ClassVar[bool] = True
