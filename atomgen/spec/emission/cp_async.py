"""The `cp_async` emission pattern: PTX cp.async (NVVM::CpAsyncOp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class CpAsync(Emission):
    pattern: ClassVar[str] = "cp_async"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("bitSize", "cacheModifier"))
