"""`atomgen probe`: run every PTX instance on an NVIDIA GPU and compare it with a reference."""

from __future__ import annotations

import argparse
import datetime
import platform
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

from atomgen.probe.cases import CaseError, ProbeCase, cases_from_paths, mutate
from atomgen.probe.kernel import NVCC_ARCH, plan, source
from atomgen.probe.report import case_record, markdown
from atomgen.probe.values import ProbeTypeError

DESCRIPTION = """\
Hardware probe (DESIGN.md §5, rung 4). For every instance of every PTX spec, generate a CUDA
program that gives each thread the input values the spec's layouts assign to it, runs the
instruction through inline PTX (mma.sync, wgmma with shared-memory descriptors, ldmatrix,
stmatrix, cp.async), writes every output register to the position the spec's layout names,
and compares the whole result with a float64 / int64 reference product computed from exactly
representable inputs (copies: every thread must hold / store exactly the bits the layout names).
"""

EPILOG = """\
exit status: 0 every probed instance passes (and, with --negative-control, every perturbed
layout is detected); 1 otherwise; 2 usage error, or --cuda without nvcc / an NVIDIA GPU.

examples:
  atomgen probe specs/ptx --emit build/probe            write the .cu programs, run nothing
  atomgen probe specs/ptx --cuda --report docs/probe-h200.json --negative-control --time
  atomgen probe specs/ptx --cuda --mutate-layout c      one wrong C layout per MMA: must fail
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", help="spec files or folders (default: specs/ptx)")
    parser.add_argument("--cuda", action="store_true", help="compile with nvcc and run on the local NVIDIA GPU")
    parser.add_argument("--emit", metavar="DIR", help="write the generated .cu programs (and their inputs) to DIR")
    parser.add_argument("--report", metavar="FILE", help="write the JSON report to FILE and a markdown summary "
                        "beside it (FILE with suffix .md)")
    parser.add_argument("--mutate-layout", metavar="ROLE", nargs="?", const="auto",
                        help="perturb one layout of every instance (swap two strides of ROLE; default C for "
                        "MMAs, the register side for copies): the probe must then fail")
    parser.add_argument("--negative-control", action="store_true",
                        help="also run every instance with a perturbed layout and require the probe to fail "
                        "for each (recorded in the report)")
    parser.add_argument("--time", action="store_true",
                        help="also time each MMA in a long loop and report TFLOP/s next to the measured peak")
    parser.add_argument("--filter", metavar="TEXT", help="only instances whose 'spec::instance' contains TEXT")
    parser.add_argument("--jobs", type=int, default=None, help="parallel nvcc jobs (default: CPU count)")


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()


def _command_line(args: argparse.Namespace) -> str:
    words = ["python3", "-m", "atomgen", "probe"] + list(args.paths or ["specs/ptx"])
    for flag in ("cuda", "negative_control", "time"):
        if getattr(args, flag):
            words.append("--" + flag.replace("_", "-"))
    if args.mutate_layout:
        words += ["--mutate-layout", args.mutate_layout]
    if args.filter:
        words += ["--filter", args.filter]
    if args.report:
        words += ["--report", args.report]
    return " ".join(shlex.quote(w) for w in words)


def _generate(cases: list[ProbeCase]) -> tuple[dict[str, str], dict[str, str]]:
    """slug -> source for every case that can be built; slug -> reason for the others."""
    sources: dict[str, str] = {}
    failures: dict[str, str] = {}
    for case in cases:
        if case.skip:
            continue
        try:
            sources[case.slug] = source(case)
        except (CaseError, ProbeTypeError) as error:
            failures[case.slug] = str(error)
    return sources, failures


def run(args: argparse.Namespace) -> int:
    paths = list(args.paths or ["specs/ptx"])
    from atomgen.check.runner import UsageError

    try:
        cases, problems = cases_from_paths(paths)
    except UsageError as error:
        print(f"atomgen probe: {error}", file=sys.stderr)
        return 2
    if args.filter:
        cases = [c for c in cases if args.filter in c.key]
    if not cases:
        print(f"atomgen probe: no PTX instances under {' '.join(paths)}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"atomgen probe: {problem}", file=sys.stderr)
    if args.mutate_layout:
        role = None if args.mutate_layout == "auto" else args.mutate_layout
        cases = [mutate(c, role) for c in cases]
    negative = [mutate(c) for c in cases if not c.skip] if args.negative_control else []

    nvcc: Optional[str] = None
    environment: dict[str, Any] = {}
    if args.cuda:
        from atomgen.probe.device import NoDevice, require_device

        try:
            nvcc, environment = require_device()
        except NoDevice as error:
            print(f"atomgen probe: --cuda needs nvcc and an NVIDIA GPU: {error}", file=sys.stderr)
            return 2
    environment["nvcc_flags"] = f"-O2 -std=c++17 {NVCC_ARCH}"
    environment["host"] = f"{platform.system()} {platform.machine()}, Python {platform.python_version()}"

    sources, failures = _generate(cases + negative)
    if args.emit:
        from atomgen.probe.reference import input_bytes

        folder = Path(args.emit)
        folder.mkdir(parents=True, exist_ok=True)
        for case in cases + negative:
            if case.slug in sources:
                (folder / f"{case.slug}.cu").write_text(sources[case.slug], encoding="utf-8")
                (folder / f"{case.slug}.in").write_bytes(input_bytes(plan(case)))
        print(f"atomgen probe: wrote {len(sources)} programs to {folder}")

    if not args.cuda:
        for slug, reason in sorted(failures.items()):
            print(f"atomgen probe: cannot build {slug}: {reason}", file=sys.stderr)
        skipped = sum(1 for c in cases if c.skip)
        print(f"atomgen probe: generated {len(sources)} programs ({len(failures)} not buildable, "
              f"{skipped} skipped); use --cuda to run them")
        return 1 if failures else 0

    assert nvcc is not None
    return _run_on_device(args, nvcc, environment, cases, negative, sources, failures, problems)


def _run_on_device(args: argparse.Namespace, nvcc: str, environment: dict[str, Any], cases: list[ProbeCase],
                   negative: list[ProbeCase], sources: dict[str, str], failures: dict[str, str],
                   problems: list[str]) -> int:
    from atomgen.probe import report as reporting
    from atomgen.probe.device import compile_all, execute, measure_peaks
    from atomgen.probe.reference import compare, input_bytes

    date = _now()
    workdir = Path(args.emit) if args.emit else Path(tempfile.mkdtemp(prefix="atomgen-probe-"))
    workdir.mkdir(parents=True, exist_ok=True)
    files = []
    for slug, text in sorted(sources.items()):
        path = workdir / f"{slug}.cu"
        path.write_text(text, encoding="utf-8")
        files.append(path)
    print(f"atomgen probe: compiling {len(files)} programs with {environment.get('nvcc')} ...", flush=True)
    builds = compile_all(nvcc, files, args.jobs)

    def probe(case: ProbeCase, timing: bool) -> tuple[str, str, Any, Any]:
        if case.skip:
            return "skip", case.skip, None, None
        if case.slug in failures:
            return "fail", f"cannot build the probe: {failures[case.slug]}", None, None
        build = builds.get(case.slug)
        if build is None or build.binary is None:
            log = build.log if build else "no build"
            return "fail", "nvcc failed: " + log[-1500:], None, None
        planned = plan(case)
        execution = execute(build.binary, input_bytes(planned), workdir, timing=timing)
        if not execution.ok:
            return "fail", "run failed: " + execution.log[-1500:], None, None
        verdict = compare(planned, execution.output)
        return ("pass" if verdict.passed else "fail"), "", verdict, execution

    records = []
    for case in cases:
        status, reason, verdict, execution = probe(case, args.time and case.kind == "mma")
        time_ms = execution.time_ms if execution is not None and status == "pass" else None
        flop = execution.flop if execution is not None else None
        records.append(case_record(case, status, reason, verdict, time_ms, flop))
        print(f"  {status:4} {case.key}" + (f"  ({reason.splitlines()[0][:160]})" if reason else ""), flush=True)
    neg_records = []
    for case in negative:
        status, reason, verdict, _ = probe(case, False)
        shown = {"pass": "undetected", "fail": "detected", "skip": "skip"}[status]
        if status == "fail" and verdict is None:
            shown = "error"  # failed to build or run: not evidence either way
        neg_records.append(case_record(case, shown, reason, verdict))
        print(f"  {shown:10} {case.key} [{case.mutation}]", flush=True)
    peaks = measure_peaks() if args.time else {}
    document = reporting.build_report(_command_line(args), environment, records, neg_records, peaks, date, problems)
    summary = document["summary"]
    print(f"atomgen probe: {summary['pass']} pass, {summary['fail']} fail, {summary['skip']} skipped "
          f"on {environment.get('gpu')}")
    if neg_records:
        neg = summary["negative_control"]
        print(f"atomgen probe: negative control: {neg['detected']}/{neg['mutated']} perturbed layouts detected")
    if args.report:
        md = reporting.write(document, Path(args.report))
        print(f"atomgen probe: wrote {args.report} and {md}")
    else:
        print(markdown(document))
    ok = summary["fail"] == 0 and all(r["status"] in ("detected", "skip") for r in neg_records)
    return 0 if ok else 1
