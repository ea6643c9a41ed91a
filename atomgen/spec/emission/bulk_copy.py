"""The `bulk_copy` emission pattern: non-tensor bulk copy (cp.async.bulk), global <-> shared, whole memref."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atomgen.spec.emission.base import Emission, Feed, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class BulkCopy(Emission):
    """CuTe SM90_BULK_COPY_AUTO: one atom, the `store` parameter picks the direction (the row's intrinsic).

    The byte count is the memref's (its static size times the element width): no descriptor, no
    coordinates. The Mbarrier field is the G2S op's `mbar` operand; the S2G rows do not read it.
    """

    pattern: ClassVar[str] = "bulk_copy"
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", parameters=("store",), state_cases=("Mbarrier",), feeds=(Feed("Mbarrier", "mbar"),))
