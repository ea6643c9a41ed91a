"""`atomgen oracle cute`: audit PTX specs against NVIDIA CuTe (rung 3 of the oracle ladder).

For every PTX spec (``backend: nvvm``) each instance is mapped to a request of
``atomgen.oracle.cute.worker`` (which builds the atom with ``nvidia-cutlass-dsl`` on the CPU,
in a subprocess) and CuTe's answer is compared with the spec:

* the thread count, and the thread layout as a function;
* every operand layout (MMA ``a b c`` in elements, copies ``src dst ref`` in bits) as a
  function ``(thr, val) -> index``: the domains must agree (threads x values) and so must
  the index at every (thr, val); the first differing (thr, val) is reported with both
  indices;
* whole-tile copies (``exceptions.whole_tile``, e.g. TMA) are described by a placeholder
  element in the spec, so they are compared structurally: CuTe must also give one thread
  that moves one contiguous run of bits in every layout.

A disagreement is a *finding*. A spec may declare known disagreements::

    known_cute_differences:
      - {configuration: 16x8x16_f16_f16_f32, operand: b, reason: ..., evidence: ...}

``configuration`` is an instance id (``atomgen show`` lists them) or ``*``; ``operand`` is
``threads``, ``thr``, an operand role, or ``request`` (CuTe cannot build the instance). A
worker crash, a timeout or an unreadable answer is a finding, never a traceback. Exit status:
0 when every finding is declared, 1 otherwise, 2 on usage errors or a missing
``nvidia-cutlass-dsl``.

This module runs the audit; each step has its module in this package: ``request`` (an instance's request),
``client`` (the worker subprocess), ``compare`` (CuTe's answer against the spec, and
the declarations), ``report`` (findings and the report).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Sequence

from atomgen.oracle.cute.client import OracleError, require_cutlass, run_worker
from atomgen.oracle.cute.compare import apply_declarations, compare_instance, descriptor_difference
from atomgen.oracle.cute.report import Finding, Report, SpecReport
from atomgen.oracle.cute.request import build_request

DEFAULT_ARCH = "sm_90a"  # the warpgroup atoms demand exactly sm_90a; sm80/sm89 atoms build under it too
DEFAULT_TIMEOUT = 900.0


@dataclass
class _Job:
    key: str
    spec_index: int
    evaluated: Any  # EvaluatedInstance
    request: dict[str, Any]
    formats: dict[str, Any] | None = None  # a format-parameter variant of the row: only its idesc is compared


def _format_jobs(spec: Any, index: int, evaluated: Any) -> list[_Job]:
    """A spec whose A and B types are format parameters (free Type parameters, AG379): its first row once per other
    (A, B) value pair, each compared by its instruction descriptor alone (the layouts do not depend on the formats:
    AG379), so every value CuTe can encode is checked inside the oracle, not only the default."""
    from itertools import product

    from atomgen.spec.frozen import FrozenMap

    names = [spec.operand_types.get(role, f"elemTy{role.upper()}") for role in ("a", "b")]
    parameters = [spec.parameter(name) for name in names]
    if not all(p is not None and p.cpp_type == "Type" and p.free_values for p in parameters):
        return []
    instance = evaluated.instance
    # free majors (transA / transB beside fp8 formats only, AG379) are descriptor bits too: every combination
    majors = [p for p in (spec.parameter("transA"), spec.parameter("transB")) if p is not None and p.is_free]
    jobs = []
    for a, b, *trans in product(*(p.free_values for p in parameters), *([False, True] for _ in majors)):
        if (a, b) == (instance.values.get(names[0]), instance.values.get(names[1])) and not any(trans):
            continue  # the row itself
        variant = {names[0]: a, names[1]: b, **{p.name: t for p, t in zip(majors, trans)}}
        values = FrozenMap({**instance.values, **variant})
        request, _ = build_request(spec, replace(instance, values=values))
        if request is not None:
            key = ":".join([str(index), str(instance.index), *map(str, variant.values())])
            jobs.append(_Job(key, index, evaluated, {"id": key, **request}, {**variant, "all": values}))
    return jobs


def audit(paths: Sequence[str], python: str, arch: str, timeout: float) -> Report:
    """Load the PTX specs under `paths`, ask CuTe about every instance, compare."""
    from atomgen.check.result import UsageError, analyze_file, collect_spec_files
    from atomgen.terminal import Progress

    started = time.monotonic()
    try:
        files = collect_spec_files(paths)
    except UsageError as error:
        raise OracleError(str(error)) from None
    report = Report(arch=arch)
    specs: list[Any] = []
    jobs: list[_Job] = []
    stages = Progress(len(files) + 2, "oracle cute")  # a line on a terminal only
    for path, display in files:
        stages.step(display)
        result = analyze_file(path, display, prove=False)
        spec = result.spec
        if spec is None:
            backend = _peek_backend(path)
            if backend == "nvvm":
                spec_report = SpecReport(display)
                spec_report.findings.append(Finding(display, "*", "request", "spec",
                                                    "the spec does not load; run `atomgen check` on it"))
                report.specs.append(spec_report)
                specs.append(None)
            else:
                report.skipped.append(display)
            continue
        if spec.backend != "nvvm" or spec.sparse:
            # sparse MMAs: CuTe has no SM80 sparse atom and its SM90 sparse GMMA atoms are C++ only
            # (docs/evidence/sparse-mma.md compares their metadata layouts by hand; the H200 confirms)
            report.skipped.append(display)
            continue
        spec_report = SpecReport(display, instances=len(spec.instances), whole_tile=spec.whole_tile)
        errors = [d for d in result.diagnostics if getattr(d, "severity", "error") == "error"]
        if errors:
            spec_report.findings.append(Finding(
                display, "*", "request", "spec",
                f"the spec has {len(errors)} check error(s) (first: {errors[0].message}); run `atomgen check`"))
        index = len(report.specs)
        report.specs.append(spec_report)
        specs.append(spec)
        for evaluated in result.analysis.evaluated if result.analysis is not None else ():
            request, why = build_request(spec, evaluated.instance)
            if request is None:
                spec_report.findings.append(Finding(display, evaluated.instance.id, "request", "unmapped",
                                                    f"no CuTe request for this instance: {why}"))
                continue
            key = f"{index}:{evaluated.instance.index}"
            jobs.append(_Job(key, index, evaluated, {"id": key, **request}))
        if result.analysis is not None and result.analysis.evaluated:
            jobs += _format_jobs(spec, index, result.analysis.evaluated[0])
    if not report.specs:
        raise OracleError("no PTX specs (backend: nvvm) under " + ", ".join(paths))
    stages.step(f"asking CuTe about {len(jobs)} instances")
    if jobs:
        report.cute_version = require_cutlass(python, arch)
        answers, problems = run_worker([job.request for job in jobs], python, arch, timeout)
    else:
        answers, problems = {}, []
    by_key = {job.key: job for job in jobs}
    for problem_key, message in problems:
        job = by_key.get(problem_key) if problem_key is not None else None
        if job is None:
            target = report.specs[0]
            target.findings.append(Finding(target.path, "*", "request", "worker", message))
        else:
            spec_report = report.specs[job.spec_index]
            spec_report.findings.append(Finding(spec_report.path, job.evaluated.instance.id, "request", "worker",
                                                message))
    for job in jobs:
        answer = answers.get(job.key)
        if answer is None:
            continue
        spec_report = report.specs[job.spec_index]
        if job.formats is not None:
            spec_report.findings.extend(_format_findings(specs[job.spec_index], job, answer, spec_report))
            continue
        spec_report.compared += 1
        spec_report.findings.extend(
            compare_instance(specs[job.spec_index], job.evaluated, answer, spec_report.path, spec_report))
    for spec, spec_report in zip(specs, report.specs, strict=True):
        if spec is not None:
            apply_declarations(spec, spec_report)
    stages.done()
    report.seconds = time.monotonic() - started
    return report


def _format_findings(spec: Any, job: _Job, answer: dict[str, Any], spec_report: SpecReport) -> list[Finding]:
    """The instruction descriptor of one format-parameter variant of a row against CuTe's (reported at the row)."""
    assert job.formats is not None
    instance = job.evaluated.instance
    pair = ", ".join(f"{name} = {value}" for name, value in job.formats.items() if name != "all")
    theirs = answer.get("instruction_descriptor") if answer.get("ok") else None
    if theirs is None:
        why = answer.get("error", "no instruction descriptor in CuTe's answer")
        return [Finding(spec_report.path, instance.id, "request", "rejected", f"{pair}: {why}")]
    message = descriptor_difference(spec, job.formats["all"], instance.instruction or "", int(theirs))
    if message is not None:
        return [Finding(spec_report.path, instance.id, "idesc", "descriptor", f"{pair}: {message}")]
    spec_report.descriptor_values += 1
    return []


def _peek_backend(path: Path) -> str | None:
    try:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("backend:"):
                return line.split(":", 1)[1].strip().strip("'\"")
    except OSError:
        pass
    return None
