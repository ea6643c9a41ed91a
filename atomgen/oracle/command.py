"""`atomgen oracle`: compare specs with an independent oracle (`flydsl`, `cute`, `triton`).

The command lines of the flydsl and cute oracles live here (flags, reports, exit codes;
triton's is in its own module, with the same --report); each oracle's module is imported only
when its sub-command is set up or runs, so `atomgen --help` stays fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Callable

from atomgen.project import ConfigError, default_generated, default_specs
from atomgen.reports import add_deprecated, add_report_argument, warn_deprecated, write_report, write_text

DESCRIPTION = """\
Compare specs with an independent oracle (rungs 2 and 3 of the oracle ladder):

  flydsl   the real FlyDSL compiler (PyPI `flydsl`, >= 0.5.0): layouts as functions, printed
           type syntax, the accepted configuration set around the instance table, and the
           generated FileCheck tests through the wheel's pass pipeline
  cute     NVIDIA CuTe (PyPI `nvidia-cutlass-dsl`) for NVIDIA atoms
  triton   Triton's AMD backend (PyPI `triton` 3.9.0, CPU only) for ROCDL MMA atoms: the
           instruction it issues, C exactly, A/B at the kWidth its compiler picks
"""

EPILOG = """\
exit status: 0 no disagreement except declared ones (known FlyDSL defects, CuTe/Triton differences), 1 disagreements,
2 usage error or missing/old oracle

Every oracle takes --report FILE: the JSON report to FILE, the markdown summary beside it.

examples:
  atomgen oracle flydsl specs/
  atomgen oracle flydsl specs/rocdl/cdna3/mfma.yaml --format json
  atomgen oracle flydsl specs/ --report docs/oracle-flydsl.json   # and docs/oracle-flydsl.md
  atomgen oracle cute specs/nvvm
  atomgen oracle triton specs/rocdl
"""

def add_flydsl_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="spec files or folders (default: the project's specs/)")
    parser.add_argument("--format", choices=("text", "json", "markdown"), default="text",
                        help="what to print on stdout (default text)")
    add_report_argument(parser)
    for flag, metavar in (("--write-report", "DIR"), ("--report-md", "FILE"), ("--report-json", "FILE")):
        add_deprecated(parser, flag, metavar)
    parser.add_argument("--generated", metavar="DIR", default=None,
                        help="gen output whose tests/mlir/Conversion FileCheck tests are run (default: the "
                        "project's generated/)")
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="worker processes (default 2)")
    parser.add_argument("--no-sweep", action="store_true", help="skip the neighbourhood sweep")


def run_flydsl(args: argparse.Namespace) -> int:
    from atomgen.check.result import UsageError
    from atomgen.oracle.flydsl import audit as flydsl
    from atomgen.oracle.flydsl import client as flydsl_client
    from atomgen.oracle.flydsl import report as flydsl_report

    try:
        version = flydsl_client.require_flydsl()
        paths = args.paths or default_specs()
        generated = args.generated or default_generated(args.paths) or "generated"
    except (flydsl_client.OracleError, ConfigError) as error:
        print(f"atomgen oracle flydsl: {error}", file=sys.stderr)
        return 2
    started = time.monotonic()
    try:
        reports = flydsl.audit(paths, jobs=max(1, args.jobs), generated=Path(generated), sweep=not args.no_sweep)
    except UsageError as error:
        print(f"atomgen oracle flydsl: {error}", file=sys.stderr)
        return 2
    elapsed = time.monotonic() - started
    markdown = flydsl_report.render_markdown(reports, version)
    json_text = json.dumps(flydsl_report.render_json(reports, version), indent=1, sort_keys=False) + "\n"
    report = args.report
    if args.write_report:
        warn_deprecated("oracle flydsl", "--write-report DIR", "--report DIR/oracle-flydsl.json")
        report = report or os.path.join(args.write_report, "oracle-flydsl.json")
    legacy = (("--report-md", args.report_md, markdown), ("--report-json", args.report_json, json_text))
    try:
        write_report(report, json_text, markdown)
        for flag, target, content in legacy:
            if target:
                warn_deprecated("oracle flydsl", flag, "--report FILE (JSON, with the markdown beside it)")
                write_text(Path(target), content)
    except OSError as error:
        print(f"atomgen oracle flydsl: cannot write the report: {error}", file=sys.stderr)
        return 2
    if args.format == "json":
        sys.stdout.write(json_text)
    elif args.format == "markdown":
        sys.stdout.write(markdown)
    else:
        sys.stdout.write(flydsl_report.render_text(reports, version, elapsed))
    failed = any(r.open_findings or r.status == "error" for r in reports)
    return 1 if failed else 0


def add_cute_arguments(parser: argparse.ArgumentParser) -> None:
    from atomgen.oracle.cute.audit import DEFAULT_ARCH, DEFAULT_TIMEOUT
    from atomgen.oracle.cute.report import RENDERERS

    parser.description = (
        "Compare every PTX spec instance with NVIDIA CuTe (nvidia-cutlass-dsl, built on the CPU in a "
        "subprocess): thread count, thread layout and every operand layout as functions (thr, val) -> index."
    )
    parser.epilog = (
        "exit status: 0 no disagreement except declared known_cute_differences, 1 disagreements, "
        "2 usage error or nvidia-cutlass-dsl missing\n\n"
        "examples:\n  atomgen oracle cute specs/nvvm\n"
        "  atomgen oracle cute specs/nvvm/sm80/mma_sync.yaml --format json\n"
        "  atomgen oracle cute specs/nvvm --report build/oracle-cute.json"
    )
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="spec files or folders (default: the project's specs/nvvm)")
    parser.add_argument("--format", choices=tuple(RENDERERS), default="text", help="report format (default text)")
    parser.add_argument("--arch", default=os.environ.get("ATOMGEN_CUTE_ARCH", DEFAULT_ARCH),
                        help=f"CUTE_DSL_ARCH for the worker (default {DEFAULT_ARCH}: needed by the sm90 "
                        "warpgroup atoms, and sm80/sm89 atoms build under it)")
    parser.add_argument("--python", default=sys.executable,
                        help="interpreter that has nvidia-cutlass-dsl (default: this one)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT,
                        help=f"seconds for all CuTe queries together (default {DEFAULT_TIMEOUT:.0f})")
    add_report_argument(parser)
    add_deprecated(parser, "--output", "FILE")


def run_cute(args: argparse.Namespace) -> int:
    from atomgen.oracle.cute import audit as cute
    from atomgen.oracle.cute import client as cute_client
    from atomgen.oracle.cute import report as cute_report

    renderer = cute_report.RENDERERS.get(getattr(args, "format", "text"), cute_report.render_text)
    try:
        paths = list(getattr(args, "paths", None) or []) or default_specs("nvvm")
        if getattr(args, "timeout", cute.DEFAULT_TIMEOUT) <= 0:
            raise cute_client.OracleError("--timeout must be positive")
        report = cute.audit(paths, getattr(args, "python", sys.executable), getattr(args, "arch", cute.DEFAULT_ARCH),
                            float(getattr(args, "timeout", cute.DEFAULT_TIMEOUT)))
    except (cute_client.OracleError, ConfigError) as error:
        print(f"atomgen oracle cute: {error}", file=sys.stderr)
        return 2
    text = renderer(report)
    sys.stdout.write(text)
    output = getattr(args, "output", None)
    try:
        write_report(getattr(args, "report", None), cute_report.render_json(report),
                     cute_report.render_markdown(report))
        if output:
            warn_deprecated("oracle cute", "--output FILE", "--report FILE (JSON, with the markdown beside it)")
            write_text(Path(output), text)
    except OSError as error:
        print(f"atomgen oracle cute: cannot write the report: {error}", file=sys.stderr)
        return 2
    return report.exit_code()


def add_triton_arguments(parser: argparse.ArgumentParser) -> None:
    from atomgen.oracle.triton import audit as triton

    triton.add_triton_arguments(parser)


def run_triton(args: argparse.Namespace) -> int:
    from atomgen.oracle.triton import audit as triton

    return int(triton.run_triton(args))


_ORACLES: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int], str]] = {
    "flydsl": (add_flydsl_arguments, run_flydsl, "audit specs against the FlyDSL compiler (flydsl wheel)"),
    "cute": (add_cute_arguments, run_cute, "audit NVIDIA specs against CuTe (nvidia-cutlass-dsl)"),
    "triton": (add_triton_arguments, run_triton, "audit ROCDL MMA specs against Triton's AMD backend (triton==3.9.0)"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    oracles = parser.add_subparsers(dest="oracle", metavar="ORACLE")
    for name, (adder, _run, help_text) in _ORACLES.items():
        sub = oracles.add_parser(name, help=help_text, description=help_text,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        adder(sub)


def run(args: argparse.Namespace) -> int:
    name = getattr(args, "oracle", None)
    if name not in _ORACLES:
        print("atomgen oracle: choose an oracle: " + ", ".join(_ORACLES) + " (see atomgen oracle --help)",
              file=sys.stderr)
        return 2
    return _ORACLES[name][1](args)
