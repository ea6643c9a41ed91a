"""The `mma_sync` emission pattern: PTX mma.sync through NVVM::MmaOp, registers split per the intrinsics table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class MmaSync(Emission):
    pattern: ClassVar[str] = "mma_sync"
    needs: ClassVar[PatternNeeds] = PatternNeeds("mma", packed=MMA, instruction=True)
    registers: ClassVar[bool] = True
