"""The `wmma_gfx1250` emission pattern: gfx1250 WMMA: one typed op per row, the builder arguments per variant."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, PatternNeeds, Shim, StateOperands, Variants


@dataclass(frozen=True, slots=True, kw_only=True)
class WmmaGfx1250(Variants, StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "wmma_gfx1250"
    needs: ClassVar[PatternNeeds] = PatternNeeds("mma", packed=MMA, builder_arguments=True, variants=True)
    template: ClassVar[str] = "typed_op"
