#!/usr/bin/env python3
"""Lower every generated PTX atom to PTX, for `atomgen probe --cuda --via-atoms DIR` on the GPU machine.

    scripts/lower-atoms.py FLY_OPT OUT_DIR [--tests DIR] [--specs specs/nvvm]

FLY_OPT is a fly-opt built with atomgen's generated atoms (scripts/flydsl-nvvm-build.sh). The positive
FileCheck files of the PTX specs are rendered with one test function per instance (`atomgen gen
--tests every-instance`, into a temporary folder; --tests DIR reads such files from DIR instead:
generated/ holds one function per distinct lowering only). Each, MMA or copy, goes through its RUN line's
fly passes, then mlir-opt-22 (to the LLVM dialect), mlir-translate-22 and llc-22 (sm_90a; sm_100a for
sm100 specs), into OUT_DIR/<file>.ptx. OUT_DIR/atoms.json maps each instance's function to its PTX file
and parameter types. Nothing here needs a GPU; the PTX files are small text files the device run carries.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from atomgen.lowering import LoweringError  # noqa: E402
from atomgen.probe.atoms import CPU_OF_SUBTARGET, lower_file, signatures, write_index  # noqa: E402
from atomgen.render.tests.mlir import ident  # noqa: E402
from atomgen.spec.loader import load_file  # noqa: E402
from atomgen.spec.model import build_model  # noqa: E402
from atomgen.spec.tcgen05 import ptx_isa  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fly_opt")
    parser.add_argument("out")
    parser.add_argument("--tests", help="every-instance test files (default: rendered here)")
    parser.add_argument("--specs", default=str(REPO / "specs/nvvm"))
    args = parser.parse_args()
    if args.tests:
        return lower(args)
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([sys.executable, "-m", "atomgen", "gen", args.specs, "--out", scratch, "--only", "owned",
                        "--quiet", "--tests", "every-instance"], check=True, cwd=REPO)
        args.tests = str(Path(scratch) / "tests/mlir/Conversion/atomgen")
        return lower(args)


def lower(args: argparse.Namespace) -> int:
    out = Path(args.out)
    entries: dict = {}
    reasons: dict[str, str] = {}
    failures = 0
    for path in sorted(Path(args.specs).rglob("*.yaml")):
        if path.name == "backend.yaml":
            continue
        spec, _ = build_model(load_file(path, str(path)))
        if spec is None:
            continue
        test_file = Path(args.tests) / f"{ident(spec.mnemonic)}.mlir"  # the test file is named after the mnemonic
        if not test_file.is_file():
            print(f"lower-atoms: no {test_file}", file=sys.stderr)
            failures += 1
            continue
        started = time.perf_counter()
        try:
            needed = max((ptx_isa(instance.instruction or "") for instance in spec.instances), default=0)
            ptx = lower_file(args.fly_opt, test_file, out, CPU_OF_SUBTARGET.get(spec.subtarget, "sm_90a"), needed)
        except LoweringError as error:
            print(f"lower-atoms: {test_file.name}: {error}", file=sys.stderr)
            lines = [line for line in str(error).splitlines() if "error:" in line]
            reasons[path.name] = (lines[0].split("error:", 1)[1].strip() if lines else str(error).splitlines()[0])[:300]
            failures += 1
            continue
        found = signatures(ptx.read_text(encoding="utf-8"))
        for name, params in found.items():
            entries[name] = {"ptx": ptx.name, "params": list(params), "spec": path.name}
        print(f"lower-atoms: {test_file.name}: {len(found)} functions, {time.perf_counter() - started:.1f} s")
    write_index(out, {**entries, "_failures": reasons})
    print(f"lower-atoms: {len(entries)} functions in {out}; {failures} file(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
