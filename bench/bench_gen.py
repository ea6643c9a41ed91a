"""Benchmark: `atomgen gen specs/ --out DIR` with nothing to write, as a ratio to the floor
`python -c "import yaml, jsonschema, jinja2"` measured in the same run.

    python bench/bench_gen.py [--runs 7] [--judge auto|cpu|wall] [--specs specs/]

Target (issue 51, after issue 8): the gen no-op, `atomgen gen specs/ --out DIR` run a second time
with nothing to write, at most 1.2x the floor. Two measurements, interleaved with the floor (one of
each per round), wall time and CPU time (user + sys of the child, os.wait4):

  second   the first gen into DIR after one that wrote: each round first edits one generated
           file and runs gen (untimed), which writes it back, as a build step after an edit
           does; the timed gen then finds nothing to write. A gen that writes is never
           recorded itself, but it rehearses the next identical run and records that
           (atomgen/replay.py), so this is a replay too (until issue 51's fix it was an
           ordinary run at 2.3x the floor: plan key, plan and tree read afresh).
                                                        target: <= 1.2x the floor
  replay   the third gen and later: the second was recorded, so this one verifies its inputs
           and prints the recorded output (what bench_gen.py measured until issue 51)
                                                        target: <= 1.2x the floor

The targets are judged on the CPU ratios when the machine is loaded, on the wall ratios otherwise
(bench_check.py's rule; --judge forces one). Every command runs with byte-compiled modules, as an
installed atomgen has them (see bench_check.py: PYTHONDONTWRITEBYTECODE dropped, bytecode in a
temporary PYTHONPYCACHEPREFIX). Prints the table; exits 1 when a target is missed (2 when a
command fails or a timed gen writes anything).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_check import BASELINE, Sample, Timing, bench_environment, judged_on, load_average, run_child, usable_cores

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.2
NOTHING_WRITTEN = re.compile(r"\b0 file\(s\) written\b.*\b0 removed\b")


def timed(command: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one run (bench_catalog.py's measurement)."""
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def _no_op(command: list[str], env: dict[str, str]) -> Sample:
    sample, output = run_child(command, env)
    if not NOTHING_WRITTEN.search(output):
        print(f"a timed gen was not a no-op: {output.strip()[-500:]}", file=sys.stderr)
        raise SystemExit(2)
    return sample


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="runs per measurement (median is reported; >= 5)")
    parser.add_argument("--judge", choices=("auto", "cpu", "wall"), default="auto",
                        help="ratios the targets are judged on (auto: CPU when the machine is loaded)")
    parser.add_argument("--specs", default="specs/", help="the spec folder (default: specs/, the target's)")
    args = parser.parse_args()
    runs = max(5, args.runs)
    load_before = load_average()
    judge = judged_on(args.judge, load_before)
    with tempfile.TemporaryDirectory(prefix="atomgen-bench-") as scratch:
        env = bench_environment(Path(scratch))
        out = os.path.join(scratch, "out")
        gen = [sys.executable, "-m", "atomgen", "gen", args.specs, "--out", out]  # the target's command line
        first = run_child(gen, env)[1]  # writes the tree; check cache, certificates, render plan, bytecode
        if NOTHING_WRITTEN.search(first):
            print(f"the first gen wrote nothing: {first.strip()[-500:]}", file=sys.stderr)
            return 2
        run_child(BASELINE, env)  # bytecode of the floor's modules written
        edited = sorted(Path(out).rglob("*.cpp"))[0]
        floor, second, replay = Timing([]), Timing([]), Timing([])
        for _ in range(runs):  # interleaved, so that all see the same machine load
            floor.samples.append(run_child(BASELINE, env)[0])
            edited.write_text(edited.read_text(encoding="utf-8") + "// edited\n", encoding="utf-8")
            if NOTHING_WRITTEN.search(run_child(gen, env)[1]):  # writes the file back (untimed)
                print("the gen after an edit of the tree wrote nothing", file=sys.stderr)
                return 2
            second.samples.append(_no_op(gen, env))
            replay.samples.append(_no_op(gen, env))
    load_after = load_average()
    ok = True
    print(f"{'measurement (median of ' + str(runs) + ')':58} {'wall s':>7} {'CPU s':>7} {'wall x':>7} {'CPU x':>7}"
          "  target")
    floor_name = "import yaml, jsonschema, jinja2 (the floor)"
    print(f"{floor_name:58} {floor.wall:7.3f} {floor.cpu:7.3f} {1.0:7.2f} {1.0:7.2f}")
    for name, timing in (("gen specs/ --out DIR, first run after a write (nothing to write)", second),
                         ("gen specs/ --out DIR, third run on (a replay)", replay)):
        wall_ratio, cpu_ratio = timing.wall / floor.wall, timing.cpu / floor.cpu
        met = (cpu_ratio if judge == "cpu" else wall_ratio) <= TARGET
        ok = ok and met
        print(f"{name:58} {timing.wall:7.3f} {timing.cpu:7.3f} {wall_ratio:7.2f} {cpu_ratio:7.2f}"
              f"  <= {TARGET}x {'ok' if met else 'MISSED'}")
    print("all times (wall/CPU s): " + " | ".join(t.times() for t in (floor, second, replay)))
    print(f"load average before/after: {load_before:.2f} / {load_after:.2f} on {usable_cores()} cores; "
          f"targets judged on the {'CPU' if judge == 'cpu' else 'wall'} ratios"
          + (" (the machine is loaded)" if args.judge == "auto" and judge == "cpu" else ""))
    print("PASS" if ok else "FAIL: a gen with nothing to write is over its target")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
