"""The one analysed atom that `check` hands forward (docs/architecture.md, "The contract between the stages").

Render, the oracles, the probe, `show` and the site read this result and nothing rawer: the
typed spec and its backend, what analysis found, each instance's concrete layouts, the
verify plan, the configurations it rejects and each instance's packed register types.
Everything here is computed once, by atomgen/check/analyze.py; the verify plan and the rejected
configurations only when first read (render needs them, `check` does not), then kept.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Optional

from atomgen.check.evaluate import EvaluatedInstance
from atomgen.diagnostics import Diagnostic
from atomgen.record import record
from atomgen.spec.backend import Backend
from atomgen.spec.mlir_types import PackedType
from atomgen.spec.model import AtomSpec, Instance

if TYPE_CHECKING:  # imported when first read: `check` never reads them
    from atomgen.check.rejections import Rejection
    from atomgen.check.verify_plan import VerifyPlan


@record
class AnalysedAtom:
    spec: AtomSpec
    backend: Optional[Backend]
    diagnostics: tuple[Diagnostic, ...]
    # Concrete layouts, in instance order; an instance whose layouts could not be evaluated is absent
    # (its diagnostics say why), and none are evaluated when the layout text itself is malformed.
    evaluated: tuple[EvaluatedInstance, ...]
    proofs: tuple[dict[str, Any], ...] = ()
    packing: tuple[dict[str, PackedType], ...] = ()  # per instance: operand -> packed register type
    complete: bool = False  # every rule ran and none found an error: the only kind render sees

    @cached_property
    def verify(self) -> VerifyPlan:
        """What the generated verify() accepts, row by row."""
        from atomgen.check.verify_plan import verify_plan

        return verify_plan(self.spec)

    @cached_property
    def rejections(self) -> tuple[Rejection, ...]:
        """Neighbours of the table that verify() rejects (check/rejections.py); none for an
        incomplete analysis, which render never sees."""
        from atomgen.check import rejections

        return rejections.rejections(self.spec, self.verify) if self.complete else ()

    @cached_property
    def accepted(self) -> tuple[Rejection, ...]:
        """Integer signedness that verify() accepts beside the table's own."""
        from atomgen.check.rejections import accepted_signedness

        return accepted_signedness(self.spec) if self.complete else ()

    def packed_for(self, instance: Instance) -> dict[str, PackedType]:
        """The packed register types of one instance's operands (those that parse)."""
        for known, types in zip(self.spec.instances, self.packing):
            if known.index == instance.index:
                return types
        return {}

    def evaluated_for(self, instance: Instance) -> Optional[EvaluatedInstance]:
        """The concrete layouts of one instance, or None when they could not be evaluated."""
        for evaluated in self.evaluated:
            if evaluated.instance.index == instance.index:
                return evaluated
        return None

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")
