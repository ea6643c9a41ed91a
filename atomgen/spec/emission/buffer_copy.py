"""The `buffer_copy` emission pattern.

Raw buffer load or store of bitSize bits (direction from which side is a buffer_desc).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import SOFFSET, Direction, Emission, Immediates, PatternNeeds, direction_field


@dataclass(frozen=True, slots=True, kw_only=True)
class BufferCopy(Immediates, Emission):
    pattern: ClassVar[str] = "buffer_copy"
    load: Direction = direction_field()  # the load direction: its intrinsics table intrinsic and op class
    store: Direction = direction_field()  # the store direction
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("bitSize",), state_cases=("Soffset",), packed=("value",), feeds=(SOFFSET,)
    )
    buffer: ClassVar[bool] = True
