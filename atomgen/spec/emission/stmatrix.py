"""The `stmatrix` emission pattern: PTX stmatrix (NVVM::StMatrixOp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class Stmatrix(Emission):
    pattern: ClassVar[str] = "stmatrix"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("num", "transpose"), packed=("value",))
    registers: ClassVar[bool] = True
