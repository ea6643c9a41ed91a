"""The `wmma_generic` emission pattern: RDNA3 WMMA through the generic op: operands and attributes per variant."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import (
    MMA,
    Emission,
    GenericVariant,
    PatternNeeds,
    Shim,
    StateOperands,
    generic_variants_field,
)
from atomgen.spec.frozen import FrozenMap


@dataclass(frozen=True, slots=True, kw_only=True)
class WmmaGeneric(StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "wmma_generic"
    variants: FrozenMap[str, GenericVariant] = generic_variants_field()  # per row `variant`
    needs: ClassVar[PatternNeeds] = PatternNeeds("mma", packed=MMA, builder_arguments=True, variants=True)
