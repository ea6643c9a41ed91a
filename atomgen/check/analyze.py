"""The rules of `atomgen check` (docs/architecture.md, "What `check` proves") over one typed spec.

Each rule family lives in its own module with its rules' documentation (`atomgen explain ID`,
collected by atomgen/check/rules.py): structural rules run on the layout text; coverage,
packing and recast rules on every instance's concrete layouts; parametric facts are also proved
symbolically (atomgen/check/proofs.py). The result is one frozen AnalysedAtom.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Optional

from atomgen.check.evaluate import EvaluatedInstance, evaluate_instance
from atomgen.check.families import (
    against_intrinsics,
    backend_file,
    call,
    coverage,
    emission,
    immediates,
    instances,
    layouts,
    names,
    parameters,
    scale_factors,
    semantics,
    sparse,
    state,
    tcgen05,
    tensor_memory,
    wrappers,
)
from atomgen.check.families.descriptor import check_descriptor
from atomgen.check.families.instance_layouts import check_instance_layouts, thread_count_root_cause
from atomgen.check.families.packing import packed_types
from atomgen.check.families.verify_section import check_verify_section
from atomgen.check.intrinsics import Intrinsics
from atomgen.check.result import AnalysedAtom
from atomgen.diagnostics import Diagnostic
from atomgen.spec.backend import Backend
from atomgen.spec.expr import LAYOUT_SYNTAX, UNKNOWN_NAME
from atomgen.spec.mlir_types import PackedType
from atomgen.spec.model import AtomSpec

# Malformed layout text: evaluating it concretely would only repeat the finding for every instance.
_STRUCTURAL_STOPS = (LAYOUT_SYNTAX.id, layouts.LAYOUT_RANK.id, layouts.CONGRUENCE.id, UNKNOWN_NAME.id)


def analyze(
    spec: AtomSpec, backend: Optional[Backend], intrinsics: Optional[Intrinsics], prove: bool = True
) -> AnalysedAtom:
    out: list[Diagnostic] = []
    out.extend(names.check_names(spec))
    out.extend(wrappers.check_wrappers(spec))
    out.extend(parameters.check_parameters(spec))
    out.extend(parameters.check_assembly_format(spec))
    out.extend(layouts.check_exceptions(spec))
    out.extend(tensor_memory.check_spec(spec))
    out.extend(scale_factors.check_spec(spec))
    out.extend(tcgen05.check_spec(spec))
    structural = list(layouts.check_layout_structure(spec))
    out.extend(structural)
    out.extend(instances.check_instance_table(spec))
    if intrinsics is not None:
        for instance in spec.instances:
            out.extend(against_intrinsics.check_instance(spec, instance, intrinsics, backend))
        out.extend(immediates.check_immediates(spec, intrinsics))
        out.extend(semantics.check_semantics(spec, intrinsics))
    out.extend(state.check_state(spec, backend))
    out.extend(backend_file.check_subtarget(spec, backend))
    out.extend(emission.check_emission(spec))
    out.extend(call.check_call(spec, intrinsics))
    out.extend(check_verify_section(spec))
    out.extend(check_descriptor(spec))
    packing = packed_types(spec)
    if any(d.rule in _STRUCTURAL_STOPS for d in structural):
        return AnalysedAtom(spec, backend, tuple(out), (), packing=packing)
    evaluated = _evaluate(spec, out, packing)
    proofs: tuple[dict[str, Any], ...] = ()
    if prove:
        from atomgen.check.proofs import prove_spec

        proofs = tuple(prove_spec(spec))
    out = instances.fold_unknown_types(spec, out)
    complete = not any(d.severity == "error" for d in out)
    return AnalysedAtom(spec, backend, tuple(out), tuple(evaluated), proofs, packing, complete)


def _evaluate(spec: AtomSpec, out: list[Diagnostic],
              packing: tuple[dict[str, PackedType], ...]) -> list[EvaluatedInstance]:
    """Every instance's concrete layouts, judged; findings are appended to `out`."""
    packed = {instance.index: types for instance, types in zip(spec.instances, packing)}
    ledger = coverage.Ledger()  # this spec's coverage verdicts and enumeration budget
    reported: set[tuple[str, str]] = set()
    evaluated: list[EvaluatedInstance] = []
    start = len(out)
    for instance in spec.instances:
        item, problems = evaluate_instance(spec, instance)
        out.extend(problems)
        if item is None:
            continue
        evaluated.append(item)
        found = chain(check_instance_layouts(spec, item, ledger, packed.get(instance.index, {})),
                      tensor_memory.check_instance(spec, item), scale_factors.check_instance(spec, item))
        for diagnostic in found:
            # One finding per rule and layout piece is enough; later instances repeat it.
            key = (diagnostic.rule, f"{diagnostic.position}")
            if key not in reported:
                reported.add(key)
                out.append(diagnostic)
    out[start:] = thread_count_root_cause(spec, evaluated, out[start:])
    out.extend(layouts.dead_pieces(spec, evaluated))
    out.extend(sparse.check_sparse(spec, evaluated))
    out.extend(semantics.check_placeholder_copies(spec, evaluated))
    return evaluated
