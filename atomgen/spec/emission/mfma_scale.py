"""The `mfma_scale` emission pattern.

CDNA4 scaled MFMA: like mfma, plus per-row cbsz/blgp format codes and the scale state operands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, FormatCodes, PatternNeeds, Shim, StateOperands, Tokens
from atomgen.spec.frozen import FrozenMap


@dataclass(frozen=True, slots=True, kw_only=True)
class MfmaScale(FormatCodes, StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "mfma_scale"
    args: Tokens  # the builder arguments of the op, in order (AG372)
    state_operands: FrozenMap[str, int] = field()  # required here: the scale operands
    format_enum: str = "ROCDL::MatrixFormat"  # the C++ enum the format codes are cast to
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", packed=MMA, builder_arguments=True, extra_names=("cbsz", "blgp")
    )
    template: ClassVar[str] = "typed_op"
