"""The one analysed atom that `check` hands forward (docs/architecture.md, "The contract between the stages").

Render, the oracles, the probe, `show` and the site read this result and nothing rawer: the
typed spec and its backend, what analysis found, each instance's concrete layouts, the
verify plan, the configurations it rejects and each instance's packed register types.
Everything here is computed once, by atomgen/check/analyze.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from atomgen.check.evaluate import EvaluatedInstance
from atomgen.check.rejections import Rejection
from atomgen.check.verify_plan import VerifyPlan
from atomgen.diagnostics import Diagnostic
from atomgen.spec.backend import Backend
from atomgen.spec.mlir_types import PackedType
from atomgen.spec.model import AtomSpec, Instance


@dataclass(frozen=True)
class AnalysedAtom:
    spec: AtomSpec
    backend: Optional[Backend]
    diagnostics: tuple[Diagnostic, ...]
    # Concrete layouts, in instance order; an instance whose layouts could not be evaluated is absent
    # (its diagnostics say why), and none are evaluated when the layout text itself is malformed.
    evaluated: tuple[EvaluatedInstance, ...]
    verify: VerifyPlan  # what the generated verify() accepts, row by row
    proofs: tuple[dict[str, Any], ...] = ()
    # Neighbours of the table verify() rejects, and integer signedness it accepts (check/rejections.py);
    # computed from `verify` for a spec without errors, the only kind render sees.
    rejections: tuple[Rejection, ...] = ()
    accepted: tuple[Rejection, ...] = ()
    packing: tuple[dict[str, PackedType], ...] = ()  # per instance: operand -> packed register type

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
