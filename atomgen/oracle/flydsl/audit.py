"""`atomgen oracle flydsl`: audit specs against the real FlyDSL compiler (rung 2 of the ladder).

For every spec whose mnemonic the installed ``flydsl`` wheel knows, FlyDSL is asked (in
worker subprocesses, see ``worker``) about every instance and about a bounded,
deterministic neighbourhood of configurations around the instance table:

* layouts: thread layout, MNK shape and every operand layout, compared as functions
  (thr, val) -> index; the first differing (thr, val) is reported with both indices.
  Copy layouts are compared in bits (FlyDSL's payload bit layouts) and, for every
  ``val_bits`` of the row, after the same recast FlyDSL applies;
* syntax: the spec's printed type parses and prints back identically;
* acceptance: every instance is accepted and lowers to the spec's intrinsic; every
  neighbour FlyDSL accepts although the spec does not is listed, split into "lowers to an
  intrinsic" and "accepted but cannot lower / crashes / degenerate layout";
* lowering: the instance's generated FileCheck test (when `atomgen gen` has written one)
  passes through the wheel's pass pipeline (``atomgen.oracle.flydsl.flyopt``) and ``filecheck``.

A disagreement is a *finding*. A finding is *known* when the spec declares it in
``known_flydsl_defects``: an entry's ``kind`` equals the finding's check and its
``configuration`` matches the finding's configuration label (see `matches_declaration`).
The exit status is 0 when every finding is known, 1 otherwise, 2 on usage errors.

This module runs the audit; each step has its module in this package: ``configs`` (what is asked),
``client`` (the wheel, asked in workers), ``compare`` (an instance's answer
against the spec), ``lowering`` (modules and generated tests through the pipeline),
``report`` (findings and the report).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from atomgen.oracle.flydsl.client import failure, run_parallel, run_worker
from atomgen.oracle.flydsl.compare import audit_instance, degenerate
from atomgen.oracle.flydsl.configs import Config, dialect, instance_val_bits, make_config, neighbourhood
from atomgen.oracle.flydsl.lowering import (
    PIPELINE,
    generated_test_files,
    has_op,
    lowering_module,
    rocdl_ops,
    run_filecheck_test,
)
from atomgen.oracle.flydsl.report import AtomReport
from atomgen.spec.defects import config_label

_UNKNOWN_MNEMONIC = re.compile(r"unknown\s+type `[^`]*` in dialect|unregistered dialect")


@dataclass
class _Plan:
    """Everything asked of FlyDSL for one spec."""

    report: AtomReport
    spec: Any = None
    evaluated: list[Any] = field(default_factory=list)
    instance_configs: list[list[Config]] = field(default_factory=list)  # per instance: one per valBits
    neighbours: list[Config] = field(default_factory=list)


def _plan(display: str, result: Any) -> _Plan:
    """The questions for one analysed spec (`result`: check.runner's FileResult)."""
    spec = result.spec
    report = AtomReport(display, spec.mnemonic if spec is not None else "?")
    plan = _Plan(report)
    errors = [d for d in result.diagnostics if getattr(d, "severity", "error") == "error"]
    if spec is None or result.analysis is None:
        report.status = "error"
        report.note = "spec does not load: " + (errors[0].message if errors else "unknown error")
        return plan
    plan.spec = spec
    report.kind = spec.kind
    report.instances = len(spec.instances)
    evaluated = {e.instance.index: e for e in (result.analysis.evaluated or [])}
    from atomgen.spec.printing import sample_values

    for instance in spec.instances:
        values = sample_values(spec, instance)
        plan.evaluated.append(evaluated.get(instance.index))
        if spec.kind == "copy":
            plan.instance_configs.append([make_config(spec, values, vb) for vb in instance_val_bits(spec, instance)])
        else:
            plan.instance_configs.append([make_config(spec, values)])
    plan.neighbours = [make_config(spec, values) for values in neighbourhood(spec)]
    report.neighbours = len(plan.neighbours)
    return plan


def _probe_type(spec: Any) -> tuple[str, str] | None:
    """(mnemonic, wrapper type of the first instance) of the analysed model, to ask whether FlyDSL knows it."""
    from atomgen.spec.printing import sample_values

    if spec is None or not spec.instances:
        return None
    try:
        return spec.mnemonic, make_config(spec, sample_values(spec, spec.instances[0])).type_text
    except (KeyError, TypeError, ValueError):
        return None


def audit(paths: Sequence[str], jobs: int = 2, generated: Path | None = None,
          sweep: bool = True, isolate: bool = True) -> list[AtomReport]:
    """Audit every spec under `paths` against the installed flydsl."""
    from atomgen.check.result import collect_spec_files
    from atomgen.terminal import Progress

    files = collect_spec_files(paths)
    stages = Progress(4 + len(files), "oracle flydsl")  # a line on a terminal only: the run takes a while
    stages.step(f"probing {len(files)} spec(s)")
    from atomgen.check.result import analyze_file

    results = {display: analyze_file(path, display, prove=False) for path, display in files}  # once per spec
    probes = {display: _probe_type(result.spec) for display, result in results.items()}
    probe_texts = sorted({t[1] for t in probes.values() if t is not None})
    probe_answers = {text: a for text, a in zip(probe_texts, run_worker("types", probe_texts, isolate), strict=False)}
    plans: list[_Plan] = []
    for display in results:
        probe = probes[display]
        answer = probe_answers.get(probe[1], {}) if probe is not None else {}
        if probe is not None and not answer.get("ok") and _UNKNOWN_MNEMONIC.search(answer.get("error", "")):
            plans.append(_Plan(AtomReport(display, probe[0], status="skipped",
                                          note=f"flydsl does not know {probe[1].split('<')[1]}")))
            continue
        plans.append(_plan(display, results[display]))
    live = [p for p in plans if p.spec is not None]
    type_texts: dict[str, None] = {}
    for plan in live:
        for configs in plan.instance_configs:
            for config in configs:
                type_texts.setdefault(config.type_text, None)
        if sweep:
            for config in plan.neighbours:
                type_texts.setdefault(config.type_text, None)
    texts = list(type_texts)
    stages.step(f"parsing {len(texts)} types")
    types = {text: answer for text, answer in zip(texts, run_parallel("types", texts, jobs, isolate), strict=False)}

    lower_items: list[dict[str, Any]] = []
    pending: list[tuple[_Plan, str, Config, dict[str, Any]]] = []  # (plan, role, config, type answer)
    for plan in live:
        spec, report = plan.spec, plan.report
        first = types.get(plan.instance_configs[0][0].type_text, {}) if plan.instance_configs else {}
        if first and not first.get("ok") and _UNKNOWN_MNEMONIC.search(first.get("error", "")):
            report.status = "skipped"
            report.note = f"flydsl does not know !{dialect(spec)}.{spec.mnemonic}"
            continue
        for evaluated, configs in zip(plan.evaluated, plan.instance_configs, strict=False):
            accepted = audit_instance(report, spec, evaluated, configs, types)
            if accepted is not None:
                pending.append((plan, "instance", *accepted))
        if not sweep:
            continue
        for config in plan.neighbours:
            answer = types.get(config.type_text, {})
            if answer.get("ok"):
                pending.append((plan, "neighbour", config, answer))
            elif answer.get("aborted"):
                report.extras_broken.append((config.label, failure(answer, "parsing the type")))
    for index, (plan, _role, config, answer) in enumerate(pending):
        try:
            module = lowering_module(plan.spec, config, answer)
        except (KeyError, TypeError, ValueError) as error:
            module = f"// cannot build a module: {error}"
        lower_items.append({"name": str(index), "mlir": module, "pipeline": PIPELINE})
    stages.step(f"lowering {len(lower_items)} modules")
    lowered = run_parallel("lower", lower_items, jobs, isolate)
    for (plan, role, config, answer), low in zip(pending, lowered, strict=False):
        spec, report = plan.spec, plan.report
        ops = rocdl_ops(low.get("output", "")) if low.get("ok") else []
        if role == "instance":
            instance = next(i for i, cs in zip(spec.instances, plan.instance_configs, strict=False) if cs[0] is config)
            label = config_label(spec, config.values)
            if not low.get("ok"):
                report.record(spec, "lowering", label,
                        f"does not lower to {instance.intrinsic}: {failure(low, 'lowering')}")
            elif not has_op(low["output"], instance.intrinsic):
                report.record(spec, "lowering", label,
                        f"lowers to {', '.join(ops) or 'no rocdl op'}, spec says {instance.intrinsic}")
            else:
                report.lowered += 1
            continue
        broken_layout = degenerate(answer)
        if not low.get("ok"):
            report.extras_broken.append((config.label, "accepted, " + (
                failure(low, "lowering") if low.get("aborted") else "fails to lower: " + failure(low, "lowering"))))
        elif not ops:
            report.extras_broken.append((config.label, "accepted, lowering produces no rocdl op"))
        elif broken_layout:
            report.extras_broken.append((config.label, f"accepted, lowers to {', '.join(ops)}, degenerate layout: "
                                                       f"{broken_layout}"))
        else:
            report.extras_lower.append((config.label, "lowers to " + ", ".join(ops)))
    stages.step("comparing")
    for plan in live:
        report, spec = plan.report, plan.spec
        stages.step(f"generated tests of {report.path}")
        if report.status != "audited":
            continue
        for label, detail in report.extras_lower:
            report.record(spec, "acceptance", label, f"FlyDSL accepts it (not an instance); {detail}")
        for label, detail in report.extras_broken:
            report.record(spec, "acceptance", label, f"FlyDSL accepts it (not an instance); {detail}"
                    if not detail.startswith("FlyDSL aborts") else detail)
        _generated_tests(report, spec, generated)
        used = {id(f.known) for f in report.findings if f.known is not None}
        report.unused_declarations = [d.configuration for d in spec.known_flydsl_defects
                                      if id(d) not in used]
    stages.done()
    return plans_reports(plans)


def _generated_tests(report: AtomReport, spec: Any, root: Path | None) -> None:
    if root is None:
        return
    files = generated_test_files(spec, root)
    if not files:
        report.tests = "not generated"
        return
    results = []
    for file in files:
        ok, detail = run_filecheck_test(file)
        results.append(ok)
        if not ok:
            report.record(spec, "lowering", f"test {file.name}", f"generated test fails: {detail}")
    report.tests = f"{sum(results)}/{len(results)} pass"


def plans_reports(plans: Iterable[_Plan]) -> list[AtomReport]:
    return [plan.report for plan in plans]
