"""The `lds_dma` emission pattern.

Buffer load written straight to LDS (op_class, size from bitSize, soffset and imm_offset state).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import SOFFSET, Emission, Feed, Immediates, PatternNeeds, SingleOp


@dataclass(frozen=True, slots=True, kw_only=True)
class LdsDma(SingleOp, Immediates, Emission):
    pattern: ClassVar[str] = "lds_dma"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("bitSize",), state_cases=("Soffset", "ImmOffset"), packed=("value",),
        feeds=(SOFFSET, Feed("ImmOffset", "offset", units="bytes")),
    )
    buffer: ClassVar[bool] = True
