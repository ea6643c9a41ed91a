#!/usr/bin/env python3
"""The ISA rung for AMD: every ROCDL instance x every chip its row claims, through llc-22.

    scripts/rocdl-isa.py [--fly-opt FLY_OPT] [--ir DIR] [--report MD] [--update-evidence]

With --fly-opt (a fly-opt built from the generated C++: scripts/flydsl-build.sh --atoms generated),
the positive test files (rendered for llvm-22.1, the LLVM that fly-opt is built against, with every
instance: `--tests every-instance`) are first lowered to LLVM IR into DIR. Then llc-22 compiles DIR's
IR for each claimed chip and every function's assembly is judged against the spec
(atomgen/isa/rung.py): the report MD and MD's .json beside it. Exit 1 when a row fails.

Nothing committed is written unless asked: by default the report goes to
build/rocdl-isa/rocdl-isa.md, and with --fly-opt the IR to build/rocdl-isa/ir (without --fly-opt,
DIR defaults to the committed IR, docs/evidence/rocdl-isa, which is only read). --update-evidence
writes the committed evidence instead: the IR to docs/evidence/rocdl-isa (so that the second step
runs wherever llc-22 is installed, CI included) and the report to docs/evidence/rocdl-isa.md(.json).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from atomgen.isa import rung  # noqa: E402
from atomgen.pipeline import check_for_gen  # noqa: E402
from atomgen.render.names import spec_source  # noqa: E402

HEADER = """# The ISA rung for AMD: generated ROCDL atoms through llc-22

Written by `scripts/rocdl-isa.py` (atomgen/isa/rung.py); do not edit. Each row is one instance's
generated test function, lowered by a fly-opt built from the generated C++ (FlyDSL 11c4174d on
Debian LLVM 22.1.8; the IR is in docs/evidence/rocdl-isa/) and compiled by `llc-22
-mtriple=amdgcn-amd-amdhsa -mcpu=<chip>` for every chip its row claims (`+wavefrontsize64` for the
wave64 atoms on RDNA). A row passes when the function holds exactly one instruction of its kind, named
as the catalogue names the row's intrinsic on that chip (the row's label for copies), with one register
operand per slot of the dwords its packed type takes (an MFMA accumulator in VGPRs or AGPRs), and
exactly the modifiers its immediates mean (atomgen/isa/expect.py): none where every immediate is the
value the layouts describe, the format codes of the row's element types, a copy's compile-time
offset as the instruction's `offset:` field, and what the row's bound call sends (atomgen/check/result.py
call_values_of): A's and B's sign as `neg_lo`, C's modifier as `neg_lo`/`neg_hi`, `clamp`, the scale
selectors as `op_sel`/`op_sel_hi` or `matrix_a_scale`/`matrix_b_scale`. A row whose free parameter changes
the result has a function per value (`..._signA`, `..._clamp`, `..._opselB`): its rows check that value.
"""


EVIDENCE_IR = REPO / "docs/evidence/rocdl-isa"
EVIDENCE_REPORT = REPO / "docs/evidence/rocdl-isa.md"
SCRATCH = REPO / "build/rocdl-isa"  # ignored by git


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                   formatter_class=argparse.RawDescriptionHelpFormatter,
                                   epilog=__doc__.split("\n\n", 2)[2])
    made.add_argument("--fly-opt", help="lower the generated tests with this fly-opt first (into DIR)")
    made.add_argument("--ir", metavar="DIR", help="the LLVM IR: written with --fly-opt, else read (default: "
                      "build/rocdl-isa/ir with --fly-opt, the committed docs/evidence/rocdl-isa without)")
    made.add_argument("--report", metavar="MD", help="the report (and MD's .json) (default: build/rocdl-isa/"
                      "rocdl-isa.md; docs/evidence/rocdl-isa.md with --update-evidence)")
    made.add_argument("--update-evidence", action="store_true",
                      help="write the committed evidence: the IR (with --fly-opt) to docs/evidence/rocdl-isa and "
                      "the report to docs/evidence/rocdl-isa.md; commit them after")
    return made


def outputs(args: argparse.Namespace) -> tuple[Path, Path]:
    """(IR folder, report file) for these arguments: never the committed evidence unless
    --update-evidence names it (or --ir / --report name it themselves)."""
    if args.ir:
        ir = Path(args.ir)
    else:
        ir = EVIDENCE_IR if args.update_evidence or not args.fly_opt else SCRATCH / "ir"
    if args.report:
        report = Path(args.report)
    else:
        report = EVIDENCE_REPORT if args.update_evidence else SCRATCH / "rocdl-isa.md"
    return ir, report


def main() -> int:
    args = parser().parse_args()
    ir, report = outputs(args)
    checked = check_for_gen([str(REPO / "specs/rocdl")])
    if checked.errors:
        print("rocdl-isa: the specs do not check clean (run atomgen check specs/rocdl)", file=sys.stderr)
        return 2
    if args.fly_opt:
        with tempfile.TemporaryDirectory() as scratch:
            subprocess.run([sys.executable, "-m", "atomgen", "gen", str(REPO / "specs/rocdl"), "--out", scratch,
                            "--only", "owned", "--quiet", "--llvm-api", "llvm-22.1", "--tests", "every-instance"],
                           check=True, cwd=REPO)
            failures = rung.lower(checked.atoms, Path(scratch) / "tests/mlir/Conversion/atomgen", ir, args.fly_opt)
        for stem, why in failures.items():
            print(f"rocdl-isa: {stem}: not lowered: {why}")
    rows = rung.judge(checked.atoms, ir, spec_source)
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(rung.to_markdown(rows, HEADER), encoding="utf-8")
    report.with_suffix(".json").write_text(rung.to_json(rows), encoding="utf-8")
    print(f"rocdl-isa: {rung.summary(rows)} -> {report}")
    for row in rows:
        if row.verdict == "fail":
            print(f"rocdl-isa: FAIL {row.function} on {row.chip}: {'; '.join(row.reasons)}")
    return 1 if any(r.verdict == "fail" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
