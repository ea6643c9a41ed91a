"""`atomgen probe`: run every PTX instance on an NVIDIA GPU and compare it with a reference."""

from __future__ import annotations

import argparse
import datetime
import platform
import re
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

from atomgen.probe.cases import CaseError, ProbeCase, cases_from_paths, mutate
from atomgen.probe.kernel import NVCC_ARCH, output_size, plan, program
from atomgen.probe.report import case_record, markdown
from atomgen.probe.values import ProbeTypeError
from atomgen.reports import add_report_argument, report_pair

DESCRIPTION = """\
Hardware probe, the top rung of the oracle ladder (docs/architecture.md). For every
instance of every PTX spec, generate a CUDA program that gives each thread the input values
the spec's layouts assign to it, runs the instruction through inline PTX (mma.sync, mma.sp,
wgmma with shared-memory descriptors, ldmatrix, stmatrix, cp.async), writes every output register
to the position the spec's layout names, and compares the whole result with a float64 /
int64 reference product computed from exactly representable inputs (copies: every thread
must hold / store exactly the bits the layout names). Sparse MMAs (mma.sp): the metadata
register of each lane is built from the spec's e / e_holders layouts and the reference
decompresses A; the negative control also perturbs e and moves the metadata to another
selector's holders.
TMA (cp.async.bulk.tensor) runs through a real tensor map (cuTensorMapEncodeTiled) with an
mbarrier (loads) or a bulk group (stores); the whole box, or the whole global tensor, is compared.
"""

EPILOG = """\
exit status: 0 every probed instance passes (and, with --negative-control, every perturbed
layout is detected); 1 otherwise; 2 usage error, or --cuda without nvcc / an NVIDIA GPU.

examples:
  atomgen probe specs/nvvm --emit build/probe            write the .cu programs, run nothing
  atomgen probe specs/nvvm --cuda --report docs/probe-h200.json --negative-control --time
  atomgen probe specs/nvvm --cuda --mutate-layout c      one wrong C layout per MMA: must fail
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", help="spec files or folders (default: specs/nvvm)")
    parser.add_argument("--cuda", action="store_true", help="compile with nvcc and run on the local NVIDIA GPU")
    parser.add_argument("--emit", metavar="DIR", help="write the generated .cu programs (and their inputs) to DIR")
    add_report_argument(parser)
    parser.add_argument("--mutate-layout", metavar="ROLE", nargs="?", const="auto",
                        help="perturb one layout of every instance (swap two strides of ROLE; default C for "
                        "MMAs, the register side for copies): the probe must then fail")
    parser.add_argument("--negative-control", action="store_true",
                        help="also run every instance (wgmma: N = 8, 128, 256) with a perturbed layout and "
                        "require the probe to fail for each (recorded in the report)")
    parser.add_argument("--time", action="store_true",
                        help="also time each MMA in a long loop and report TFLOP/s next to the measured peak")
    parser.add_argument("--filter", metavar="TEXT", help="only instances whose 'spec::instance' contains TEXT")
    parser.add_argument("--jobs", type=int, default=None, help="parallel nvcc jobs (default: CPU count)")
    parser.add_argument("--via-atoms", metavar="DIR",
                        help="run the generated atoms instead of the spec's inline PTX: DIR holds the atoms' test "
                        "functions lowered to PTX by a fly-opt built with them (scripts/lower-atoms.py)")


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()


def _command_line(args: argparse.Namespace) -> str:
    words = ["python3", "-m", "atomgen", "probe"] + list(args.paths or ["specs/nvvm"])
    for flag in ("cuda", "negative_control", "time"):
        if getattr(args, flag):
            words.append("--" + flag.replace("_", "-"))
    if args.mutate_layout:
        words += ["--mutate-layout", args.mutate_layout]
    if args.filter:
        words += ["--filter", args.filter]
    if getattr(args, "via_atoms", None):
        words += ["--via-atoms", args.via_atoms]
    if args.report:
        words += ["--report", args.report]
    return " ".join(shlex.quote(w) for w in words)


BATCH = 24
NEGATIVE_WGMMA_N = (8, 128, 256)


def _in_negative_control(case: ProbeCase) -> bool:
    """Every instance, except that wgmma (32 values of N per type) is perturbed at N = 8, 128, 256."""
    return case.family != "wgmma" or case.mnk[1] in NEGATIVE_WGMMA_N


def negatives_of(case: ProbeCase) -> list[ProbeCase]:
    """The perturbed copies of a case the negative control runs (TMA: every coordinate claim)."""
    if case.tma is not None:
        from atomgen.probe.tma import tma_mutations

        return tma_mutations(case)
    if case.sparse is not None:
        from atomgen.probe.sparse import sparse_mutations

        return sparse_mutations(case)
    return [mutate(case)]


def _wrong_variants(cases: list[ProbeCase], atoms: Any) -> list[ProbeCase]:
    """The generated-atom rung's negative control: each runnable case calls the generated atom of another
    variant of its instruction (same parameters: other element types or signedness, the transpose twin, a
    narrower cp.async), which must fail. TMA gets its coordinate claims perturbed instead, as the spec rung
    does: the atom then receives its coordinates in the wrong order or units (a rank-mismatched atom would
    fault the whole program, not fail one case)."""
    from dataclasses import replace

    from atomgen.probe.atoms import wrong_variant

    negative = []
    for case in cases:
        if case.skip or not _in_negative_control(case):
            continue
        if case.tma is not None:
            negative.extend(negatives_of(case))
            continue
        other = wrong_variant(case.spec_path, case.instance_id)
        if other is None:
            continue
        mutated = replace(case, mutation=f"generated atom of {other} called (a wrong variant of the instruction)",
                          mutation_tag="_variant")
        atoms.substitutes[mutated.slug] = other
        negative.append(mutated)
    return negative


def _generate(cases: list[ProbeCase]) -> tuple[dict[str, Any], dict[str, str]]:
    """slug -> plan for every case that can be built; slug -> reason for the others."""
    plans: dict[str, Any] = {}
    failures: dict[str, str] = {}
    for case in cases:
        if case.skip:
            continue
        try:
            plans[case.slug] = plan(case)
        except (CaseError, ProbeTypeError) as error:
            failures[case.slug] = str(error)
    return plans, failures


def _batches(cases: list[ProbeCase], plans: dict[str, Any], size: int = BATCH) -> dict[str, list[ProbeCase]]:
    """Programs to build: runnable cases grouped by spec (and negative control), `size` a program."""
    groups: dict[str, list[ProbeCase]] = {}
    for case in cases:
        if case.slug not in plans:
            continue
        stem = re.sub(r"[^A-Za-z0-9_]", "_", Path(case.spec_path).with_suffix("").as_posix()).strip("_")
        groups.setdefault(stem + ("__neg" if case.mutation else ""), []).append(case)
    batches: dict[str, list[ProbeCase]] = {}
    for stem, members in groups.items():
        for start in range(0, len(members), size):
            batches[f"{stem}__{start // size:03d}"] = members[start:start + size]
    return batches


def run(args: argparse.Namespace) -> int:
    from atomgen.check.result import UsageError
    from atomgen.project import ConfigError, default_specs

    try:
        paths = list(args.paths or default_specs("nvvm"))
        cases, problems = cases_from_paths(paths)
    except (UsageError, ConfigError) as error:
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
    atoms = None
    if getattr(args, "via_atoms", None):
        from dataclasses import replace

        from atomgen.probe.atoms import AtomIndex

        try:
            atoms = AtomIndex(Path(args.via_atoms))
        except (OSError, ValueError) as error:
            print(f"atomgen probe: --via-atoms {args.via_atoms}: {error}", file=sys.stderr)
            return 2
        cases = [replace(c, skip=f"no generated atom lowered: {atoms.failure(c.spec_path)}")
                 if not c.skip and atoms.lookup_case(c) is None else c for c in cases]
    args.atoms = atoms
    negative = [m for c in cases if not c.skip and _in_negative_control(c) for m in negatives_of(c)] \
        if args.negative_control and atoms is None else []
    if args.negative_control and atoms is not None:
        negative = _wrong_variants(cases, atoms)

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

    plans, failures = _generate(cases + negative)
    batches = _batches(cases + negative, plans)
    if args.emit:
        from atomgen.probe.reference import input_bytes

        folder = Path(args.emit)
        folder.mkdir(parents=True, exist_ok=True)
        for name, members in batches.items():
            text, _, _, _ = program(members, timing=args.time, atoms=args.atoms)
            (folder / f"{name}.cu").write_text(text, encoding="utf-8")
            (folder / f"{name}.in").write_bytes(b"".join(input_bytes(plans[c.slug]) for c in members))
        print(f"atomgen probe: wrote {len(batches)} programs ({len(plans)} instances) to {folder}")

    if not args.cuda:
        for slug, reason in sorted(failures.items()):
            print(f"atomgen probe: cannot build {slug}: {reason}", file=sys.stderr)
        skipped = sum(1 for c in cases if c.skip)
        for reason in sorted({c.skip for c in cases if c.skip}):  # say why, once per reason
            count = sum(1 for c in cases if c.skip == reason)
            print(f"atomgen probe: {count} skipped: {reason}")
        print(f"atomgen probe: {len(plans)} instances in {len(batches)} programs ({len(failures)} not buildable, "
              f"{skipped} skipped); use --cuda to run them")
        return 1 if any(not c.mutation for c in cases if c.slug in failures) and not args.mutate_layout else 0

    assert nvcc is not None
    return _run_on_device(args, nvcc, environment, cases, negative, plans, failures, batches, problems)


def _assemble_elsewhere(nvcc: str, cases: list[ProbeCase], atoms: Any) -> tuple[list[ProbeCase], dict[str, str]]:
    """The instances of a GPU not lent here (sm100 is lowered for sm_100a; the GPU is an H200): ptxas assembles
    each one's lowered atom for its own target, and the instance says so. The cases with their reasons, and
    slug -> ptxas's error for each atom that does not assemble (those fail)."""
    from dataclasses import replace

    from atomgen.probe.atoms import CPU_OF_SUBTARGET
    from atomgen.probe.device import assemble_for

    verdicts: dict[Path, tuple[bool, str]] = {}
    unassembled: dict[str, str] = {}
    out = []
    for case in cases:
        arch = CPU_OF_SUBTARGET.get(case.subtarget)
        function = atoms.lookup_case(case) if arch else None
        if arch is None or function is None:
            out.append(case)
            continue
        path = atoms.folder / function.ptx
        if path not in verdicts:
            verdicts[path] = assemble_for(nvcc, path, arch)
        ok, log = verdicts[path]
        if ok:
            out.append(replace(case, skip=f"generated atom {function.name} ({function.ptx}) assembled for {arch} "
                                          f"by ptxas; not run: no {arch} GPU is lent here (the GPU is sm_90a)"))
        else:
            unassembled[case.slug] = f"generated atom {function.name} does not assemble for {arch}: {log[-1500:]}"
            out.append(case)
    return out, unassembled


def _run_on_device(args: argparse.Namespace, nvcc: str, environment: dict[str, Any], cases: list[ProbeCase],
                   negative: list[ProbeCase], plans: dict[str, Any], failures: dict[str, str],
                   batches: dict[str, list[ProbeCase]], problems: list[str]) -> int:
    from atomgen.probe import report as reporting
    from atomgen.probe.device import CaseRun, compile_all, execute, measure_peaks
    from atomgen.probe.reference import compare, input_bytes
    from atomgen.terminal import Progress

    date = _now()
    workdir = Path(args.emit) if args.emit else Path(tempfile.mkdtemp(prefix="atomgen-probe-"))
    workdir.mkdir(parents=True, exist_ok=True)
    results: dict[str, CaseRun] = {}
    build_logs: dict[str, str] = {}
    cases, unassembled = _assemble_elsewhere(nvcc, cases, args.atoms) if args.atoms is not None else (cases, {})

    def build_and_run(programs: dict[str, list[ProbeCase]]) -> None:
        layouts = {}
        files = []
        for name, members in sorted(programs.items()):
            text, offsets, _, out_total = program(members, timing=args.time, atoms=args.atoms)
            path = workdir / f"{name}.cu"
            path.write_text(text, encoding="utf-8")
            files.append(path)
            layouts[name] = (offsets, out_total)
        print(f"atomgen probe: compiling {len(files)} programs with {environment.get('nvcc')} ...", flush=True)
        compiling = Progress(len(files), "probe: compiled")  # a line on a terminal only
        link: dict[str, tuple[Path, ...]] = {}
        if args.atoms is not None:
            from atomgen.probe.device import compile_objects

            needs = {name: {args.atoms.folder / args.atoms.lookup_case(c).ptx  # type: ignore[union-attr]
                            for c in members} for name, members in programs.items()}
            # only what the programs call (an sm_100a file is assembled for its own target, not linked here)
            objects = compile_objects(nvcc, sorted(set().union(*needs.values())))
            link = {name: tuple(objects[p] for p in sorted(needed)) for name, needed in needs.items()}
        builds = compile_all(nvcc, files, args.jobs, done=compiling.step, link=link)
        compiling.done()
        running = Progress(len(programs), "probe: ran")
        for name, members in sorted(programs.items()):
            running.step(name)
            build = builds[name]
            if build.binary is None:
                for case in members:
                    build_logs[case.slug] = build.log
                continue
            offsets, out_total = layouts[name]
            data = b"".join(input_bytes(plans[c.slug]) for c in members)
            sizes = [output_size(plans[c.slug]) for c in members]
            done = execute(build.binary, data, offsets, out_total, sizes, workdir, timing=args.time)
            for index, case in enumerate(members):
                if index in done:
                    results[case.slug] = done[index]
        running.done()

    build_and_run(batches)
    # a program that did not compile, or stopped on a broken CUDA context: each of its cases alone
    retry = {f"{c.slug}__single": [c] for members in batches.values() for c in members
             if c.slug not in results and len(members) > 1}
    if retry:
        print(f"atomgen probe: {len(retry)} instances again, one program each", flush=True)
        build_and_run(retry)

    def probe(case: ProbeCase) -> tuple[str, str, Any, Optional[CaseRun]]:
        if case.slug in unassembled:
            return "fail", unassembled[case.slug], None, None
        if case.skip:
            return "skip", case.skip, None, None
        if case.slug in failures:
            return "fail", f"cannot build the probe: {failures[case.slug]}", None, None
        run = results.get(case.slug)
        if run is None:
            log = build_logs.get(case.slug, "not run")
            return "fail", "nvcc failed: " + log[-1500:], None, None
        if not run.ok:
            return "fail", "run failed: " + run.log[-1500:], None, run
        verdict = compare(plans[case.slug], run.output)
        return ("pass" if verdict.passed else "fail"), "", verdict, run

    records = []
    for case in cases:
        status, reason, verdict, execution = probe(case)
        time_ms = execution.time_ms if execution is not None and status == "pass" else None
        flop = execution.flop if execution is not None else None
        records.append(case_record(case, status, reason, verdict, time_ms, flop))
        if status != "pass":
            print(f"  {status:4} {case.key}" + (f"  ({reason.splitlines()[0][:160]})" if reason else ""), flush=True)
    neg_records = []
    for case in negative:
        status, reason, verdict, _ = probe(case)
        shown = {"pass": "undetected", "fail": "detected", "skip": "skip"}[status]
        if status == "fail" and verdict is None:
            # rejected while planning (the layout cannot describe one instruction): the probe fails
            # before running; a compile or run error is no evidence either way
            shown = "detected" if case.slug in failures else "error"
        neg_records.append(case_record(case, shown, reason, verdict))
        if shown != "detected":
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
        json_path, _ = report_pair(args.report)
        md = reporting.write(document, json_path)
        print(f"atomgen probe: wrote {json_path} and {md}")
    else:
        print(markdown(document))
    ok = summary["fail"] == 0 and all(r["status"] in ("detected", "skip") for r in neg_records)
    return 0 if ok else 1
