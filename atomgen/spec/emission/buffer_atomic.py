"""The `buffer_atomic` emission pattern: buffer atomic read-modify-write: the op per row (fadd/fmax/smax/umin)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import SOFFSET, Emission, Immediates, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class BufferAtomic(Immediates, Emission):
    pattern: ClassVar[str] = "buffer_atomic"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", state_cases=("Soffset",), packed=("value",), feeds=(SOFFSET,), operation="atomicOp"
    )
    buffer: ClassVar[bool] = True
