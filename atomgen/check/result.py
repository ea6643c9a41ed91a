"""The one analysed atom that `check` hands forward (docs/architecture.md, "The contract between the stages"),
and the public API of analysis for every stage after it.

Render, the oracles, the probe, the ISA rung, `show` and the site read this result and nothing rawer: the
typed spec and its backend, what analysis found, each instance's concrete layouts, the
verify plan, the configurations it rejects and each instance's packed register types.
Everything here is computed once, by atomgen/check/analyze.py; the verify plan and the rejected
configurations only when first read (render needs them, `check` does not), then kept.

Below the atom, a small documented set of per-instance facts that analysis decides and the later stages
print: the row's bound call (check/call.py), the value each immediate's meaning fixes, a format code,
the sparsity selectors a row admits, the row's intrinsics table entry and concrete layouts. Render imports
nothing from atomgen.check but this module (tests/test_layering.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Optional

from atomgen.check.call import Binding, Call, Printed, bound_value, printed_call, resolve_call
from atomgen.check.evaluate import EvaluatedInstance, EvaluatedOperand, evaluate_instance
from atomgen.check.families.against_intrinsics import instance_chips
from atomgen.check.families.sparse import Metadata, admitted_selectors, evaluate_metadata, sparse_summary
from atomgen.check.intrinsics import Intrinsic, Intrinsics, load_intrinsics
from atomgen.check.runner import SpecResult, UsageError, analyze_file, collect_spec_files, side_file_kind
from atomgen.check.verify_plan import FreeRange, KeyCondition, Row, VerifyPlan
from atomgen.diagnostics import Diagnostic
from atomgen.spec.backend import Backend
from atomgen.spec.mlir_types import PackedType
from atomgen.spec.model import AtomSpec, Instance

if TYPE_CHECKING:  # imported when first read: `check` never reads them
    from atomgen.check.rejections import Rejection

# The public API of analysis: the stages after it (render) and the satellites (oracles, probe, ISA rung, AMD
# execution, site, pictures, show) import these names from this module and nothing else of atomgen.check
# (tests/test_layering.py).
__all__ = [
    # the analysed atom and the records it holds
    "AnalysedAtom", "Binding", "Call", "EvaluatedInstance", "EvaluatedOperand", "FreeRange", "Intrinsic",
    "Intrinsics", "KeyCondition", "Metadata", "Printed", "Rejection", "Row", "VerifyPlan",
    # running analysis over files (what `atomgen check` runs)
    "SpecResult", "UsageError", "analyze_file", "collect_spec_files", "side_file_kind",
    # per-instance facts analysis decides
    "call_of", "call_values_of", "evaluate_metadata", "evaluated_of", "format_code_of", "format_keys",
    "immediates_of", "instance_chips", "intrinsic_of", "intrinsics_of", "llvm_intrinsic_of", "printed_call_of",
    "selectors_of", "sparse_summary",
]


@dataclass(frozen=True)
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


# --- the per-instance facts of analysis, for the stages after it ------------------------------------

def intrinsics_of(backend: str) -> Optional[Intrinsics]:
    """The shipped intrinsics table of a backend (None: atomgen ships none)."""
    return load_intrinsics(backend)[0]


def intrinsic_of(spec: AtomSpec, instance: Instance) -> Optional[Intrinsic]:
    """The intrinsics table's entry for the row's intrinsic (None when the table has none)."""
    table = intrinsics_of(spec.backend)
    return table.get(instance.intrinsic) if table is not None else None


def llvm_intrinsic_of(backend: str, intrinsic: str) -> Optional[str]:
    """The LLVM intrinsic an op the dialect lacks is called through (the entry's `llvm_intrinsic`), or None."""
    table = intrinsics_of(backend)
    entry = table.get(intrinsic) if table is not None else None
    return entry.llvm_intrinsic or None if entry is not None else None


def call_of(spec: AtomSpec, instance: Instance) -> Optional[Call]:
    """The row's call bound to LLVM's operands (check/call.py), as AG401-AG403 judged it."""
    return resolve_call(spec, instance, intrinsics_of(spec.backend))


def call_values_of(spec: AtomSpec, instance: Instance) -> dict[str, int]:
    """Role -> the integer the row's bound call sends for it (sign_a: 1, clamp: 0, mod_c: 1, scale_select_a: 2,
    ...), for the operands whose value analysis knows: what the ISA must show, from the call, not from a table."""
    call = call_of(spec, instance)
    table = intrinsics_of(spec.backend)
    found: dict[str, int] = {}
    for binding in call.bindings if call is not None else ():
        value = bound_value(spec, instance, binding, table)
        if binding.role and value is not None:
            found[binding.role] = value
    for name, role in call.by_name if call is not None else ():  # a generic op's attributes, by name
        parameter = spec.parameter(name)
        raw = instance.values.get(name, parameter.default if parameter is not None else None)
        if role and isinstance(raw, (bool, int)):
            found[role] = int(raw)
    return found


def immediates_of(spec: AtomSpec, instance: Instance, table: Optional[Intrinsics] = None) -> dict[str, Optional[int]]:
    """Each immediate of the row's intrinsic -> the value its meaning fixes (check/families/semantics.py):
    what the generated tests and the ISA rung expect, never read back from the generated code. `table`: an
    intrinsics table with a project's entries merged (default: the shipped one)."""
    from atomgen.check.families.semantics import meant_immediates

    table = table if table is not None else intrinsics_of(spec.backend)
    return meant_immediates(spec, instance, table) if table is not None else {}


def printed_call_of(spec: AtomSpec, instance: Instance) -> Optional[tuple[Printed, ...]]:
    """The row's op as LLVM 22.1.8's ROCDL dialect prints it, argument by argument, each with the value its
    meaning fixes or the bound call sends (check/call.py printed_call): what the generated CHECK lines spell."""
    table = intrinsics_of(spec.backend)
    return printed_call(spec, instance, immediates_of(spec, instance), table)


def format_keys(pattern: str) -> tuple[tuple[str, str], ...]:
    """(row emission key, the operand whose format it codes) of a scaled pattern: (("cbsz", "a"), ...)."""
    from atomgen.check.families.semantics import FORMAT_KEYS

    return tuple(FORMAT_KEYS.get(pattern, ()))


def format_code_of(spec: AtomSpec, instance: Instance, key: str) -> Optional[int]:
    """The format code `key` (cbsz, blgp, fmtA, fmtB) of a row: its element type's, as AG375 judged it."""
    from atomgen.check.families.semantics import format_code

    role = dict(format_keys(spec.pattern)).get(key)
    return format_code(spec, instance, key, role) if role is not None else None


def selectors_of(spec: AtomSpec, instance: Instance) -> list[int]:
    """The sparsity selectors a row admits (its sparse section, AG343), in order."""
    return list(admitted_selectors(spec, instance))


def evaluated_of(spec: AtomSpec, instance: Instance) -> Optional[EvaluatedInstance]:
    """The row's concrete layouts and instance variables (None when they cannot be evaluated)."""
    return evaluate_instance(spec, instance)[0]
