"""The `tcgen05_ld` emission pattern: sm100 tcgen05.ld, tensor memory -> registers (NVVM::Tcgen05LdOp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class Tcgen05Ld(Emission):
    """CuTe SM100_TMEM_LOAD_*: the shape (dp, bits), its repetition and .pack::16b are parameters; the source
    register holds the TMEM address. 16x32bx2 passes the columns one half takes as immHalfSplitoff."""

    pattern: ClassVar[str] = "tcgen05_ld"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("dp", "bits", "num", "pack"), positive=("num",), packed=("value",), instruction=True)
    template: ClassVar[str] = "tcgen05_copy"
