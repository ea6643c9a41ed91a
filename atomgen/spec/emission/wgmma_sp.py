"""The `wgmma_sp` emission pattern: sm90 sparse wgmma: sparse A from registers with its metadata."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import ACCUMULATE, METADATA, MMA, Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class WgmmaSp(Emission):
    pattern: ClassVar[str] = "wgmma_sp"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", state_cases=("Accumulate", "Metadata"), packed=MMA + ("e",), instruction=True, packed_by_element=("a",),
        feeds=(ACCUMULATE, METADATA),
    )
    template: ClassVar[str] = "wgmma"
    includes: ClassVar[tuple[str, ...]] = ("llvm/ADT/Twine.h", "llvm/Support/raw_ostream.h")
    registers: ClassVar[bool] = True
