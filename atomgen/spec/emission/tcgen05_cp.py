"""The `tcgen05_cp` emission pattern: sm100 tcgen05.cp, shared memory -> tensor memory (NVVM::Tcgen05CpOp)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class Tcgen05Cp(Emission):
    """CuTe SM100_UTCCP_*: one thread; the source register holds the 64-bit shared-memory descriptor, the
    destination register the TMEM address. The shape and multicast are the row's instruction words (AG404
    holds them to the `rows`, `bits` and `multicast` parameters); the template passes NVVM's shape and
    multicast cases for them."""

    pattern: ClassVar[str] = "tcgen05_cp"
    needs: ClassVar[PatternNeeds] = PatternNeeds("copy", parameters=("rows", "bits", "multicast"), instruction=True)
    template: ClassVar[str] = "tcgen05_copy"
