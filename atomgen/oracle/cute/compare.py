"""CuTe's answer for one instance against the spec: the thread count, the thread layout and every
operand layout as functions (thr, val) -> index (whole-tile copies structurally), and the
spec's `known_cute_differences` that declare a finding.
"""

from __future__ import annotations

import json
from typing import Any

from atomgen.layout.algebra import Layout, coalesce, format_layout, from_json, image, is_tuple, product, size
from atomgen.oracle.cute import tmem as cute_tmem
from atomgen.oracle.cute.report import Finding, SpecReport
from atomgen.spec.model import AtomSpec, KnownDefect


def _domain(layout: Layout) -> tuple[int, int]:
    """(threads, values) of a rank-2 (thr, val) layout; a rank-1 layout is all threads."""
    if is_tuple(layout.shape) and len(layout.shape) == 2:
        return product(layout.shape[0]), product(layout.shape[1])
    return size(layout), 1


_SAME: dict[tuple[Any, ...], tuple[str, dict[str, int] | None] | None] = {}


def compare_functions(mine: Layout, theirs: Layout, thread_layout: bool = False
                      ) -> tuple[str, dict[str, int] | None] | None:
    """None when both layouts are the same function (thr, val) -> index.

    Otherwise (message, first difference): the first (thr, val) in CuTe's colexicographic
    order where the indices differ, with both indices. Coalescing keeps the function, so
    equal coalesced forms prove equality without evaluating every point.
    """
    key = (mine, theirs, thread_layout)
    if key in _SAME:
        return _SAME[key]
    result: tuple[str, dict[str, int] | None] | None = None
    my_domain = (size(mine), 1) if thread_layout else _domain(mine)
    their_domain = (size(theirs), 1) if thread_layout else _domain(theirs)
    if my_domain != their_domain:
        result = (
            f"domain differs: spec {my_domain[0]} threads x {my_domain[1]} values, "
            f"CuTe {their_domain[0]} threads x {their_domain[1]} values",
            None,
        )
    elif coalesce(mine) != coalesce(theirs):
        threads = my_domain[0]
        for linear, (a, b) in enumerate(zip(image(mine), image(theirs), strict=True)):
            if a != b:
                thr, val = linear % threads, linear // threads
                where = f"thr={thr}" if thread_layout else f"(thr={thr}, val={val})"
                result = (
                    f"first difference at {where}: spec -> {a}, CuTe -> {b}",
                    {"thr": thr, "val": val, "spec_index": a, "cute_index": b},
                )
                break
    _SAME[key] = result
    return result


def _contiguous_single_thread(layout: Layout) -> bool:
    """One thread moving one contiguous run [0, size) of bits (CuTe's whole-tile TMA)."""
    threads, _ = _domain(layout)
    return threads == 1 and sorted(image(layout)) == list(range(size(layout)))


def _cute_layout(record: dict[str, Any]) -> Layout:
    return Layout(from_json(record["shape"]), from_json(record["stride"]))


def compare_instance(spec: Any, evaluated: Any, answer: dict[str, Any], display: str,
                     spec_report: SpecReport) -> list[Finding]:
    """Findings for one instance CuTe answered (not yet matched against declarations)."""
    instance = evaluated.instance
    findings: list[Finding] = []

    def finding(operand: str, kind: str, message: str, **extra: Any) -> None:
        findings.append(Finding(display, instance.id, operand, kind, message, **extra))

    if not answer.get("ok"):
        finding("request", "rejected", f"CuTe cannot build this instance: {answer.get('error', '?')}")
        return findings
    try:
        threads = int(answer.get("threads", spec.threads))
        cute_thr = _cute_layout(answer.get("thr", {"shape": 1, "stride": 0}))
        cute_layouts = {role: _cute_layout(record) for role, record in answer["layouts"].items()}
    except (KeyError, TypeError, ValueError) as error:
        finding("request", "worker", f"malformed CuTe answer ({error}): {json.dumps(answer)[:200]}")
        return findings
    absent = set(answer.get("not_in_cute") or ())  # what CuTe has no counterpart of (.ws: only its TMEM fragment)
    if threads != spec.threads and "threads" not in absent:
        finding("threads", "threads", f"thread count: spec {spec.threads}, CuTe {threads}")
    thr = evaluated.operands.get("thr")
    if thr is not None and "thr" not in absent:
        difference = compare_functions(thr.layout, cute_thr, thread_layout=True)
        if difference is not None:
            finding("thr", "layout", f"thread layout: {difference[0]}", spec_layout=format_layout(thr.layout),
                    cute_layout=format_layout(cute_thr), first_difference=difference[1])
    # tcgen05.cp: CuTe's tile is the tensor-memory side, the multicast a mode of it; the spec's is the shared-memory
    # matrix, the multicast its copies: the two meet only in the relation element -> TMEM bits (tmem.py).
    by_relation = "tmem_val_id" in answer and spec.threads == 1
    for role in () if by_relation else spec.operands:
        if role in absent:
            continue
        operand = evaluated.operands.get(role)
        theirs = cute_layouts.get(role)
        if operand is None:
            finding(role, "spec", f"the spec gives no concrete layout '{role}' for this instance")
            continue
        if theirs is None:
            finding(role, "worker", f"CuTe's answer has no layout '{role}'")
            continue
        if spec.whole_tile:
            if not _contiguous_single_thread(theirs):
                finding(role, "layout", "whole-tile copy: CuTe's layout is not one thread moving one contiguous "
                        "run of bits", spec_layout=format_layout(operand.layout), cute_layout=format_layout(theirs))
            else:
                spec_report.operands_agreeing += 1
            continue
        difference = compare_functions(operand.layout, theirs)
        if difference is None:
            spec_report.operands_agreeing += 1
        else:
            finding(role, "layout", f"layout '{role}': {difference[0]}", spec_layout=format_layout(operand.layout),
                    cute_layout=format_layout(theirs), first_difference=difference[1])
    if "instruction_descriptor" in answer:
        message = descriptor_difference(spec, instance.values, instance.instruction or "",
                                        int(answer["instruction_descriptor"]))
        if message is None:
            spec_report.operands_agreeing += 1
        else:
            finding("idesc", "descriptor", message)
    if getattr(spec, "tensor_memory", None) and "tmem_val_id" in answer:  # tcgen05.ld / st / cp
        tmem_differences = cute_tmem.copy_tmem_differences(spec, evaluated, answer)
        for role, message, mine, theirs_text in tmem_differences:
            finding(f"tmem_{role}", "layout", message, spec_layout=mine, cute_layout=theirs_text)
        if not tmem_differences:
            spec_report.operands_agreeing += len(spec.tensor_memory) + (len(spec.operands) if by_relation else 0)
    elif getattr(spec, "tensor_memory", None):
        tmem_differences = cute_tmem.differences(spec, evaluated, answer) + \
            cute_tmem.scale_factor_differences(spec, evaluated, answer)
        for role, message, mine, theirs_text in tmem_differences:
            finding(f"tmem_{role}", "layout", message, spec_layout=mine, cute_layout=theirs_text)
        factors = spec.scale_factors.operands if spec.scale_factors is not None else {}
        spec_report.operands_agreeing += len(spec.tensor_memory) + len(factors) - len(tmem_differences)
    return findings


def descriptor_difference(spec: Any, values: Any, instruction: str, theirs: int) -> str | None:
    """The tcgen05 instruction descriptor the emission builds for a row (its types at `values`: a format
    parameter at its default, or at each of its values for the audit's format jobs) against CuTe's. A
    block-scaled row's is compared with both scale-factor ids 0 (the run-time bits)."""
    from atomgen.spec import tcgen05

    a, b, c = (str(values.get(spec.operand_types.get(role, name))) for role, name in
               (("a", "elemTyA"), ("b", "elemTyB"), ("c", "elemTyAcc")))
    scale = tcgen05.block_scale(instruction)
    factors = getattr(spec, "scale_factors", None)
    try:
        m, n = int(values["m"]), int(values["n"])
        if scale is not None and factors is not None:
            sf = str(values.get(factors.type_parameter))
            mine = tcgen05.block_scaled_descriptor(scale.kind, m, n, a, b, sf, values.get("transA") is True,
                                                   values.get("transB") is True)
        else:
            mine = tcgen05.instruction_descriptor(m, n, a, b, c, values.get("transA") is True,
                                                  values.get("transB") is True)
    except (KeyError, TypeError, ValueError) as error:
        return f"no instruction descriptor for this row: {error}"
    if mine is None or mine != theirs:
        return f"instruction descriptor: spec {mine if mine is None else hex(mine)}, CuTe {hex(theirs)}"
    return None


def _declaration(spec: AtomSpec, finding: Finding) -> KnownDefect | None:
    for entry in spec.known_cute_differences:
        if entry.configuration in ("*", finding.configuration) and entry.operand == finding.operand:
            return entry
    return None


def apply_declarations(spec: Any, spec_report: SpecReport) -> None:
    used: set[int] = set()
    declarations = list(spec.known_cute_differences)
    for finding in spec_report.findings:
        entry = _declaration(spec, finding)
        if entry is not None:
            finding.declared = True
            finding.reason = entry.reason
            finding.evidence = entry.evidence
            used.add(id(entry))
    spec_report.stale = [d.as_written() for d in declarations if id(d) not in used]
