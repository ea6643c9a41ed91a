"""The `lds_read_trans` emission pattern: transposing LDS read, one op per row, result bitcast to the register type."""

from __future__ import annotations

from typing import ClassVar

from atomgen.record import record
from atomgen.spec.emission.base import Emission, PatternNeeds


@record(kw_only=True)
class LdsReadTrans(Emission):
    pattern: ClassVar[str] = "lds_read_trans"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("bitSize",), packed=("value",))
