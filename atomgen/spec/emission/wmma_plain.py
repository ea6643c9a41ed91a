"""The `wmma_plain` emission pattern: RDNA WMMA: one typed op per row, the builder arguments per variant."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, PatternNeeds, Shim, StateOperands, Variants


@dataclass(frozen=True, slots=True, kw_only=True)
class WmmaPlain(Variants, StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "wmma_plain"
    needs: ClassVar[PatternNeeds] = PatternNeeds("mma", packed=MMA, builder_arguments=True, variants=True)
    template: ClassVar[str] = "typed_op"
