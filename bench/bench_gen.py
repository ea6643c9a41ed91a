"""Benchmark: `atomgen gen specs/ --out DIR` with nothing changed, as a ratio to the import
baseline `python -c "import yaml, jsonschema, jinja2"` measured in the same run.

Target (issue 8): at most 1.2x. Prints medians and the ratio; exits 1 when the target is missed.
    python bench/bench_gen.py [--runs 7]

Both commands run with byte-compiled modules, as an installed atomgen has them (see
bench_check.py: PYTHONDONTWRITEBYTECODE dropped, bytecode in a temporary PYTHONPYCACHEPREFIX).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_check import bench_environment

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.2


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="runs per measurement (median is reported; >= 5)")
    args = parser.parse_args()
    runs = max(5, args.runs)
    with tempfile.TemporaryDirectory() as scratch:
        env = bench_environment(Path(scratch))
        out = os.path.join(scratch, "out")
        gen = [sys.executable, "-m", "atomgen", "gen", "specs/", "--out", out, "--quiet"]
        baseline = [sys.executable, "-c", "import yaml, jsonschema, jinja2"]
        timed(gen, env)  # first run writes the tree and warms the proof cache
        timed(gen, env)  # the first run with nothing to write (what is measured from now on)
        timed(baseline, env)  # bytecode of the baseline's modules written
        base_times, gen_times = [], []
        for _ in range(runs):  # interleaved, so both see the same machine load
            base_times.append(timed(baseline, env))
            gen_times.append(timed(gen, env))
    base, unchanged = statistics.median(base_times), statistics.median(gen_times)
    ratio = unchanged / base
    print(f"{'measurement':44} {'median s':>9} {'ratio':>7} {'target':>7}")
    print(f"{'import yaml, jsonschema, jinja2 (baseline)':44} {base:9.3f} {1.0:7.2f}")
    print(f"{'atomgen gen specs/ --out DIR (unchanged)':44} {unchanged:9.3f} {ratio:7.2f} {TARGET:7.1f}")
    ok = ratio <= TARGET
    print(f"all times: {', '.join(f'{t:.3f}' for t in base_times)} | {', '.join(f'{t:.3f}' for t in gen_times)}")
    print(f"load average: {os.getloadavg()[0]:.2f}")
    print("PASS" if ok else "FAIL: gen with nothing changed is over its target")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
