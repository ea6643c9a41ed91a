"""The `call_intrinsic` emission pattern.

An MMA the dialect has no op for: llvm.call_intrinsic of the catalogue's llvm_intrinsic.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, PatternNeeds, Shim, StateOperands, Variants


@dataclass(frozen=True, kw_only=True)
class CallIntrinsic(Variants, StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "call_intrinsic"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", packed=MMA, builder_arguments=True, variants=True, values_only=True
    )
