"""The `ldmatrix` emission pattern: PTX ldmatrix (NVVM::LdMatrixOp)."""

from __future__ import annotations

from typing import ClassVar

from atomgen.record import record
from atomgen.spec.emission.base import Emission, PatternNeeds


@record(kw_only=True)
class Ldmatrix(Emission):
    pattern: ClassVar[str] = "ldmatrix"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("num", "transpose"), packed=("value",))
    registers: ClassVar[bool] = True
