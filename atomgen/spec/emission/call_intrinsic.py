"""The `call_intrinsic` emission pattern.

An MMA the dialect has no op for: llvm.call_intrinsic of the intrinsics table's llvm_intrinsic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, FormatCodes, PatternNeeds, Shim, StateOperands, Variants
from atomgen.spec.frozen import EMPTY, FrozenMap


@dataclass(frozen=True, slots=True, kw_only=True)
class CallIntrinsic(Variants, FormatCodes, StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "call_intrinsic"
    # optional here: the format code a fmtA/fmtB argument sends per element type (gfx1250 f8f6f4)
    format_codes: FrozenMap[str, int] = EMPTY
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", packed=MMA, builder_arguments=True, variants=True, values_only=True, extra_names=("fmtA", "fmtB")
    )
