"""`atomgen oracle`: compare specs with an independent oracle (sub-commands `flydsl`, `cute`).

Only argparse wiring lives here; each oracle's module is imported when its sub-command is
set up or runs, so `atomgen --help` stays fast and a missing oracle is a message, not a crash.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

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

examples:
  atomgen oracle flydsl specs/
  atomgen oracle flydsl specs/rocdl/cdna3/mfma.yaml --format json
  atomgen oracle flydsl specs/ --write-report docs      # docs/oracle-flydsl.{md,json}
  atomgen oracle cute specs/ptx
  atomgen oracle triton specs/rocdl
"""

_ORACLES = {
    # name: (module, add-arguments function, run function, one-line help)
    "flydsl": ("atomgen.oracle.flydsl", "add_flydsl_arguments", "run_flydsl",
               "audit specs against the FlyDSL compiler (flydsl wheel)"),
    "cute": ("atomgen.oracle.cute", "add_cute_arguments", "run_cute",
             "audit NVIDIA specs against CuTe (nvidia-cutlass-dsl)"),
    "triton": ("atomgen.oracle.triton", "add_triton_arguments", "run_triton",
               "audit ROCDL MMA specs against Triton's AMD backend (triton==3.9.0)"),
}


def _load(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(_ORACLES[name][0])
    except ImportError:
        return None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    oracles = parser.add_subparsers(dest="oracle", metavar="ORACLE")
    for name, (_module_name, add_name, _run_name, help_text) in _ORACLES.items():
        sub = oracles.add_parser(name, help=help_text, description=help_text,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        module = _load(name)
        adder = getattr(module, add_name, None) if module is not None else None
        if adder is not None:
            adder(sub)
        else:  # keep the command line parseable; `run` explains what is missing
            sub.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    name = getattr(args, "oracle", None)
    if name not in _ORACLES:
        print("atomgen oracle: choose an oracle: " + ", ".join(_ORACLES) + " (see atomgen oracle --help)",
              file=sys.stderr)
        return 2
    module_name, _add_name, run_name, _help = _ORACLES[name]
    module = _load(name)
    runner = getattr(module, run_name, None) if module is not None else None
    if runner is None:
        print(f"atomgen oracle {name}: this installation has no {module_name}.{run_name} "
              f"(the {name} oracle is not available)", file=sys.stderr)
        return 2
    return int(runner(args))
