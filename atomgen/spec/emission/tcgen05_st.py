"""The `tcgen05_st` emission pattern: sm100 tcgen05.st, registers -> tensor memory (NVVM::Tcgen05StOp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class Tcgen05St(Emission):
    """CuTe SM100_TMEM_STORE_*: the shape (dp, bits), its repetition and .unpack::16b are parameters; the
    destination register holds the TMEM address. 16x32bx2 passes the columns one half takes as immHalfSplitoff."""

    pattern: ClassVar[str] = "tcgen05_st"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("dp", "bits", "num", "unpack"), positive=("num",), packed=("value",), instruction=True)
    template: ClassVar[str] = "tcgen05_copy"
