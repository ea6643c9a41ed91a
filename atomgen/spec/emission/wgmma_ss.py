"""The `wgmma_ss` emission pattern: sm90 wgmma with A and B from shared-memory descriptors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import ACCUMULATE, MMA, Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class WgmmaSs(Emission):
    pattern: ClassVar[str] = "wgmma_ss"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", state_cases=("Accumulate",), packed=MMA, instruction=True, feeds=(ACCUMULATE,)
    )
    template: ClassVar[str] = "wgmma"
    includes: ClassVar[tuple[str, ...]] = (
        "mlir/Dialect/Arith/IR/Arith.h", "mlir/Dialect/SCF/IR/SCF.h", "mlir/IR/Matchers.h"
    )
    registers: ClassVar[bool] = True
