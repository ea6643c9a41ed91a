"""The `tcgen05_mma` emission pattern: sm100 tcgen05.mma: operands in shared and tensor memory."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import ACCUMULATE, MMA, Emission, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class Tcgen05Mma(Emission):
    pattern: ClassVar[str] = "tcgen05_mma"
    # The instruction descriptor is built from m, n and the operand majors (render/cpp tcgen05); a spec
    # without transA (transB) has A (B) K-major, as an A in tensor memory and fp4 / fp6 operands must be
    # (AG371; CuTe's UMMA::InstrDescriptor: MN-major only for 8- and 16-bit formats and tf32).
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "mma", parameters=("m", "n"), state_cases=("Accumulate",), packed=MMA, instruction=True,
        feeds=(ACCUMULATE,),
    )
    template: ClassVar[str] = "tcgen05"
    includes: ClassVar[tuple[str, ...]] = ("llvm/ADT/Twine.h",)
