"""The `lds_read_trans` emission pattern: transposing LDS read, one op per row, result bitcast to the register type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class LdsReadTrans(Emission):
    pattern: ClassVar[str] = "lds_read_trans"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("bitSize",), packed=("value",))
