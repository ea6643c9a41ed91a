"""The `stmatrix` emission pattern: PTX stmatrix (NVVM::StMatrixOp)."""

from __future__ import annotations

from typing import ClassVar

from atomgen.record import record
from atomgen.spec.emission.base import Emission, PatternNeeds


@record(kw_only=True)
class Stmatrix(Emission):
    pattern: ClassVar[str] = "stmatrix"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("num", "transpose"), packed=("value",))
    registers: ClassVar[bool] = True
