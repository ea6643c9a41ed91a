"""The `mfma` emission pattern.

CDNA MFMA: one typed ROCDL op per row, called with `args` through the load/call/store memref shim.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, PatternNeeds, Shim, StateOperands, Tokens


@dataclass(frozen=True, slots=True, kw_only=True)
class Mfma(StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "mfma"
    args: Tokens  # the builder arguments of the op, in order (AG372)
    needs: ClassVar[PatternNeeds] = PatternNeeds("mma", packed=MMA, builder_arguments=True)
    template: ClassVar[str] = "typed_op"
