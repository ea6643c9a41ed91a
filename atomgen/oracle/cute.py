"""`atomgen oracle cute`: audit PTX specs against NVIDIA CuTe (rung 3 of the oracle ladder).

For every PTX spec (``backend: ptx``) each instance is mapped to a request of
``atomgen.oracle.cute_worker`` (which builds the atom with ``nvidia-cutlass-dsl`` on the CPU,
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
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from atomgen.layout.algebra import Layout, coalesce, format_layout, from_json, image, is_tuple, product, size
from atomgen.oracle import cute_cpp
from atomgen.render.escape import markdown_cell

INSTALL_HINT = "pip install 'nvidia-cutlass-dsl==4.8.1'  (or: pip install -e '.[test]')"
DEFAULT_ARCH = "sm_90a"  # the warpgroup atoms demand exactly sm_90a; sm80/sm89 atoms build under it too
DEFAULT_TIMEOUT = 900.0
MAX_RESTARTS = 8
# A representative box per TMA rank (CuTe needs one to build the atom; the spec's layout does not depend on it).
TMA_BOX = (8, 8, 4, 2, 2)


class OracleError(Exception):
    """A condition that stops the oracle before it runs (exit 2)."""


# --------------------------------------------------------------------------- data


@dataclass
class Finding:
    spec: str
    configuration: str
    operand: str
    kind: str  # threads | layout | rejected | unmapped | worker | spec
    message: str
    spec_layout: str | None = None
    cute_layout: str | None = None
    first_difference: dict[str, int] | None = None
    declared: bool = False
    reason: str | None = None
    evidence: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = {
            "spec": self.spec,
            "configuration": self.configuration,
            "operand": self.operand,
            "kind": self.kind,
            "message": self.message,
            "declared": self.declared,
        }
        for key in ("spec_layout", "cute_layout", "first_difference", "reason", "evidence"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        return data


@dataclass
class SpecReport:
    path: str
    instances: int = 0
    compared: int = 0  # instances CuTe answered and that were compared
    operands_agreeing: int = 0
    whole_tile: bool = False
    findings: list[Finding] = field(default_factory=list)
    stale: list[dict[str, Any]] = field(default_factory=list)  # declarations that matched nothing


@dataclass
class Report:
    arch: str
    cute_version: str = "unknown"
    specs: list[SpecReport] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # non-PTX specs
    seconds: float = 0.0

    @property
    def findings(self) -> list[Finding]:
        return [f for spec in self.specs for f in spec.findings]

    @property
    def undeclared(self) -> list[Finding]:
        return [f for f in self.findings if not f.declared]

    def exit_code(self) -> int:
        return 1 if self.undeclared else 0


@dataclass
class _Job:
    key: str
    spec_index: int
    evaluated: Any  # EvaluatedInstance
    request: dict[str, Any]


# --------------------------------------------------------------------------- layout comparison


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


# --------------------------------------------------------------------------- requests


def _types(spec: Any, instance: Any) -> dict[str, Any]:
    values = instance.values
    return {
        "a_type": values.get(spec.operand_types.get("a", "elemTyA")),
        "b_type": values.get(spec.operand_types.get("b", "elemTyB")),
        "c_type": values.get(spec.operand_types.get("c", "elemTyAcc")),
    }


def build_request(spec: Any, instance: Any) -> tuple[dict[str, Any] | None, str]:
    """The worker request for one instance, or (None, why it has no CuTe counterpart)."""
    values = instance.values
    intrinsic = instance.intrinsic
    if spec.kind == "mma":
        mnk = {name: values.get(name) for name in ("m", "n", "k")}
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in mnk.values()):
            return None, "an MMA instance without integer m, n, k"
        types = _types(spec, instance)
        bit_op = next((op for op in ("xor", "and") if (instance.instruction or "").endswith(f".{op}.popc")), "")
        family = "quad_pair" if getattr(spec, "lanes", 0) and spec.threads == 8 else "mma_sync"
        m, n, k = (int(mnk[d] or 0) for d in ("m", "n", "k"))
        cpp_op = cute_cpp.op_name(family, m, n, k, str(types["a_type"]), str(types["b_type"]), str(types["c_type"]),
                                  bit_op)
        if cpp_op is not None:  # no CuTe DSL type: CuTe's C++ traits
            return {"family": "mma_cpp", "op": cpp_op}, ""
        if spec.threads == 32:
            return {"family": "mma_sync", **mnk, **types}, ""
        if spec.threads == 128:
            source = "smem" if spec.operand_source.get("a") == "shared_memory_descriptor" else "rmem"
            return {"family": "wgmma", **mnk, **_types(spec, instance), "a_source": source,
                    "a_major": "k", "b_major": "k"}, ""
        return None, f"no CuTe MMA family has {spec.threads} threads"
    if intrinsic in ("nvvm.ldmatrix", "nvvm.stmatrix"):
        num, transpose = values.get("num"), values.get("transpose", False)
        if not isinstance(num, int) or not isinstance(transpose, bool):
            return None, "ldmatrix/stmatrix instance without integer num and bool transpose"
        return {"family": intrinsic.split(".")[1], "count": num, "transpose": transpose}, ""
    if intrinsic == "nvvm.cp.async.shared.global":
        nbytes, cache = values.get("bytes"), values.get("cacheModifier", "ca")
        if not isinstance(nbytes, int):
            return None, "cp.async instance without integer bytes"
        return {"family": "cp_async", "bytes": nbytes, "cache": str(cache)}, ""
    if intrinsic.startswith("nvvm.cp.async.bulk.tensor."):
        rank = values.get("rank")
        if not isinstance(rank, int) or not 1 <= rank <= len(TMA_BOX):
            return None, "TMA instance without a rank in 1..5"
        direction = "load" if intrinsic.endswith(".global") else "store"
        return {"family": "tma", "direction": direction, "elem_type": "f16", "box": list(TMA_BOX[:rank])}, ""
    return None, f"no CuTe copy family for {intrinsic}"


# --------------------------------------------------------------------------- the worker


def _worker_env(arch: str) -> dict[str, str]:
    env = dict(os.environ)
    env["CUTE_DSL_ARCH"] = arch
    package_root = str(Path(__file__).resolve().parent.parent.parent)
    env["PYTHONPATH"] = package_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def require_cutlass(python: str, arch: str) -> str:
    """The installed nvidia-cutlass-dsl version for `python`, or OracleError (exit 2)."""
    probe = (
        "import importlib.util, sys\n"
        "if importlib.util.find_spec('cutlass') is None: sys.exit(3)\n"
        "from importlib.metadata import version\n"
        "try:\n    print(version('nvidia-cutlass-dsl'))\n"
        "except Exception:\n    print('unknown')\n"
    )
    try:
        done = subprocess.run([python, "-c", probe], capture_output=True, text=True, timeout=120,
                              env=_worker_env(arch), check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise OracleError(f"cannot run {python}: {error}") from None
    if done.returncode == 3:
        raise OracleError(f"nvidia-cutlass-dsl is not installed for {python}; install it: {INSTALL_HINT}")
    if done.returncode != 0:
        raise OracleError(f"{python} failed to look for nvidia-cutlass-dsl: {done.stderr.strip()[-400:]}")
    return done.stdout.strip() or "unknown"


def _tail(text: Any, limit: int = 400) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    text = str(text or "").strip()
    return text[-limit:]


def run_worker(requests: Sequence[dict[str, Any]], python: str, arch: str, timeout: float
               ) -> tuple[dict[str, dict[str, Any]], list[tuple[str | None, str]]]:
    """Answers by request id, and worker problems as (request id or None, message).

    The worker answers one line per atom, in order; when it dies, the first unanswered
    atom is blamed and the rest is sent to a fresh worker (at most MAX_RESTARTS times).
    """
    answers: dict[str, dict[str, Any]] = {}
    problems: list[tuple[str | None, str]] = []
    pending = list(requests)
    deadline = time.monotonic() + timeout
    restarts = 0
    while pending:
        left = deadline - time.monotonic()
        if left <= 0:
            problems.extend((r["id"], f"CuTe worker timed out after {timeout:.0f} s") for r in pending)
            break
        command = [python, "-m", "atomgen.oracle.cute_worker"]
        payload = json.dumps({"atoms": pending})
        try:
            done = subprocess.run(command, input=payload, capture_output=True, text=True, timeout=left,
                                  env=_worker_env(arch), check=False)
            stdout, stderr, code = done.stdout, done.stderr, done.returncode
            timed_out = False
        except subprocess.TimeoutExpired as expired:
            stdout, stderr, code, timed_out = _tail(expired.stdout, 10**9), _tail(expired.stderr), None, True
        except OSError as error:
            problems.extend((r["id"], f"cannot start the CuTe worker: {error}") for r in pending)
            break
        wanted = {r["id"] for r in pending}
        for line in stdout.splitlines():
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                problems.append((None, f"unreadable CuTe worker output: {line[:200]!r}"))
                continue
            if not isinstance(record, dict) or record.get("id") not in wanted:
                problems.append((None, f"unexpected CuTe worker record: {line[:200]!r}"))
                continue
            answers[record["id"]] = record
        pending = [r for r in pending if r["id"] not in answers]
        if not pending:
            break
        if timed_out:
            problems.extend((r["id"], f"CuTe worker timed out after {timeout:.0f} s") for r in pending)
            break
        culprit = pending.pop(0)
        problems.append((culprit["id"], f"the CuTe worker died on this atom (exit {code}): {_tail(stderr)}"))
        restarts += 1
        if restarts > MAX_RESTARTS:
            problems.extend((r["id"], "not tried: the CuTe worker kept crashing") for r in pending)
            break
    return answers, problems


# --------------------------------------------------------------------------- comparison


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
        threads = int(answer["threads"])
        cute_thr = _cute_layout(answer["thr"])
        cute_layouts = {role: _cute_layout(record) for role, record in answer["layouts"].items()}
    except (KeyError, TypeError, ValueError) as error:
        finding("request", "worker", f"malformed CuTe answer ({error}): {json.dumps(answer)[:200]}")
        return findings
    if threads != spec.threads:
        finding("threads", "threads", f"thread count: spec {spec.threads}, CuTe {threads}")
    thr = evaluated.operands.get("thr")
    if thr is not None:
        difference = compare_functions(thr.layout, cute_thr, thread_layout=True)
        if difference is not None:
            finding("thr", "layout", f"thread layout: {difference[0]}", spec_layout=format_layout(thr.layout),
                    cute_layout=format_layout(cute_thr), first_difference=difference[1])
    for role in spec.operands:
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
    return findings


def _declaration(spec: Any, finding: Finding) -> dict[str, Any] | None:
    for entry in spec.data.get("known_cute_differences") or ():
        if not isinstance(entry, dict):
            continue
        if entry.get("configuration") in ("*", finding.configuration) and entry.get("operand") == finding.operand:
            return entry
    return None


def _apply_declarations(spec: Any, spec_report: SpecReport) -> None:
    used: set[int] = set()
    declarations = [d for d in (spec.data.get("known_cute_differences") or ()) if isinstance(d, dict)]
    for finding in spec_report.findings:
        entry = _declaration(spec, finding)
        if entry is not None:
            finding.declared = True
            finding.reason = str(entry.get("reason", ""))
            finding.evidence = str(entry.get("evidence", ""))
            used.add(id(entry))
    spec_report.stale = [d for d in declarations if id(d) not in used]


# --------------------------------------------------------------------------- driver


def audit(paths: Sequence[str], python: str, arch: str, timeout: float) -> Report:
    """Load the PTX specs under `paths`, ask CuTe about every instance, compare."""
    from atomgen.check.runner import UsageError, analyze_file, collect_spec_files
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
            if backend == "ptx":
                spec_report = SpecReport(display)
                spec_report.findings.append(Finding(display, "*", "request", "spec",
                                                    "the spec does not load; run `atomgen check` on it"))
                report.specs.append(spec_report)
                specs.append(None)
            else:
                report.skipped.append(display)
            continue
        if spec.backend != "ptx":
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
    if not report.specs:
        raise OracleError("no PTX specs (backend: ptx) under " + ", ".join(paths))
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
        spec_report.compared += 1
        spec_report.findings.extend(
            compare_instance(specs[job.spec_index], job.evaluated, answer, spec_report.path, spec_report))
    for spec, spec_report in zip(specs, report.specs, strict=True):
        if spec is not None:
            _apply_declarations(spec, spec_report)
    stages.done()
    report.seconds = time.monotonic() - started
    return report


def _peek_backend(path: Path) -> str | None:
    try:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("backend:"):
                return line.split(":", 1)[1].strip().strip("'\"")
    except OSError:
        pass
    return None


# --------------------------------------------------------------------------- output


def render_json(report: Report) -> str:
    data = {
        "oracle": "cute",
        "cute_version": report.cute_version,
        "arch": report.arch,
        "exit": report.exit_code(),
        "seconds": round(report.seconds, 1),
        "summary": _summary(report),
        "specs": [
            {
                "path": s.path,
                "instances": s.instances,
                "compared": s.compared,
                "operands_agreeing": s.operands_agreeing,
                "whole_tile": s.whole_tile,
                "findings": [f.to_json() for f in s.findings],
                "stale_declarations": s.stale,
            }
            for s in report.specs
        ],
        "skipped": report.skipped,
    }
    return json.dumps(data, indent=2) + "\n"


def _summary(report: Report) -> dict[str, int]:
    return {
        "specs": len(report.specs),
        "instances": sum(s.instances for s in report.specs),
        "compared": sum(s.compared for s in report.specs),
        "operands_agreeing": sum(s.operands_agreeing for s in report.specs),
        "findings": len(report.findings),
        "declared": len(report.findings) - len(report.undeclared),
        "undeclared": len(report.undeclared),
        "stale_declarations": sum(len(s.stale) for s in report.specs),
    }


def _finding_text(finding: Finding) -> str:
    text = f"{finding.spec}: {finding.configuration}: {finding.operand}: {finding.message}"
    if finding.spec_layout or finding.cute_layout:
        text += f"\n    spec {finding.spec_layout}\n    CuTe {finding.cute_layout}"
    if finding.declared:
        text += f"\n    declared: {finding.reason} (evidence: {finding.evidence})"
    return text


def render_text(report: Report) -> str:
    lines: list[str] = []
    for spec in report.specs:
        mode = " (whole-tile: compared structurally)" if spec.whole_tile else ""
        undeclared = sum(1 for f in spec.findings if not f.declared)
        lines.append(f"{spec.path}: {spec.compared}/{spec.instances} instances compared, "
                     f"{spec.operands_agreeing} operand layouts agree, {undeclared} undeclared finding(s){mode}")
        for finding in spec.findings:
            prefix = "  known " if finding.declared else "  DISAGREES "
            lines.append(prefix + _finding_text(finding).replace("\n", "\n  "))
        for stale in spec.stale:
            lines.append(f"  warning: declared difference matched nothing: {stale.get('configuration')} "
                         f"{stale.get('operand')}")
    for skipped in report.skipped:
        lines.append(f"{skipped}: skipped (not a PTX spec)")
    s = _summary(report)
    lines.append(
        f"atomgen oracle cute (nvidia-cutlass-dsl {report.cute_version}, {report.arch}): {s['specs']} spec(s), "
        f"{s['compared']}/{s['instances']} instances, {s['operands_agreeing']} operand layouts agree, "
        f"{s['undeclared']} undeclared and {s['declared']} declared disagreement(s) [{report.seconds:.1f} s]"
    )
    return "\n".join(lines) + "\n"


def render_markdown(report: Report) -> str:
    s = _summary(report)
    lines = [
        "# atomgen oracle cute",
        "",
        f"nvidia-cutlass-dsl {report.cute_version}, `CUTE_DSL_ARCH={report.arch}`: {s['specs']} spec(s), "
        f"{s['compared']}/{s['instances']} instances compared, {s['operands_agreeing']} operand layouts agree "
        f"as functions, {s['undeclared']} undeclared and {s['declared']} declared disagreement(s).",
        "",
        "| spec | instances | compared | operand layouts agreeing | undeclared | declared |",
        "|---|---|---|---|---|---|",
    ]
    for spec in report.specs:
        undeclared = sum(1 for f in spec.findings if not f.declared)
        name = spec.path + (" (whole-tile)" if spec.whole_tile else "")
        lines.append(f"| `{name}` | {spec.instances} | {spec.compared} | {spec.operands_agreeing} | "
                     f"{undeclared} | {len(spec.findings) - undeclared} |")
    if report.findings:
        lines += ["", "## Findings", "", "| spec | configuration | operand | status | finding |",
                  "|---|---|---|---|---|"]
        for f in report.findings:
            message = f.message.replace("|", "\\|")
            if f.spec_layout or f.cute_layout:
                message += f" (spec `{f.spec_layout}`, CuTe `{f.cute_layout}`)"
            status = f"declared: {markdown_cell(f.reason)}" if f.declared else "**undeclared**"
            lines.append(f"| `{f.spec}` | `{f.configuration}` | {f.operand} | {status} | {message} |")
    return "\n".join(lines) + "\n"


RENDERERS = {"text": render_text, "json": render_json, "markdown": render_markdown}
