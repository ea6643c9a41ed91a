"""The `mma_sp` emission pattern: PTX mma.sp: sparse A with its metadata register."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import METADATA, MMA, Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class MmaSp(Emission):
    pattern: ClassVar[str] = "mma_sp"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", state_cases=("Metadata",), packed=MMA + ("e",), instruction=True, feeds=(METADATA,)
    )
    includes: ClassVar[tuple[str, ...]] = ("llvm/Support/raw_ostream.h",)
    registers: ClassVar[bool] = True
