"""Benchmark: `atomgen catalog specs/ --out DIR` (the HTML catalogue, every picture drawn), as a ratio to the
import baseline `python -c "import yaml, jsonschema, jinja2"` measured in the same run.

The catalogue's acceptance was "under 30 s" on the 2-core development machine, where the baseline takes
about 0.12 s: TARGET is that, as a ratio (250x). tests/test_catalog_browser.py asserted the 30 s until
issue 51 (no test compares elapsed time with a limit); the measurement lives here.
    python bench/bench_catalog.py [--runs 5]

Both commands run with byte-compiled modules, as an installed atomgen has them (see bench_check.py).
Prints medians and the ratio; exits 1 when the target is missed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from bench_check import bench_environment
from bench_gen import timed

TARGET = 250.0  # 30 s over a 0.12 s baseline


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median is reported; >= 5)")
    args = parser.parse_args()
    runs = max(5, args.runs)
    with tempfile.TemporaryDirectory() as scratch:
        env = bench_environment(Path(scratch))
        out = os.path.join(scratch, "site")
        catalog = [sys.executable, "-m", "atomgen", "catalog", "specs/", "--out", out]
        baseline = [sys.executable, "-c", "import yaml, jsonschema, jinja2"]
        timed(catalog, env)  # bytecode written, the proof cache warm (as the test's run finds it in a session)
        timed(baseline, env)
        base_times, catalog_times = [], []
        for _ in range(runs):  # interleaved, so both see the same machine load
            base_times.append(timed(baseline, env))
            shutil.rmtree(out, ignore_errors=True)
            catalog_times.append(timed(catalog, env))
    base, built = statistics.median(base_times), statistics.median(catalog_times)
    ratio = built / base
    print(f"{'measurement':44} {'median s':>9} {'ratio':>7} {'target':>7}")
    print(f"{'import yaml, jsonschema, jinja2 (baseline)':44} {base:9.3f} {1.0:7.2f}")
    print(f"{'atomgen catalog specs/ --out DIR':44} {built:9.3f} {ratio:7.1f} {TARGET:7.0f}")
    print(f"all times: {', '.join(f'{t:.3f}' for t in base_times)} | {', '.join(f'{t:.3f}' for t in catalog_times)}")
    print(f"load average: {os.getloadavg()[0]:.2f}")
    ok = ratio <= TARGET
    print("PASS" if ok else "FAIL: the catalogue is over its target")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
