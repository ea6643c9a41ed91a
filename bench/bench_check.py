"""Benchmark of `atomgen check`: issue 51's targets, as ratios to importing its dependencies.

    python bench/bench_check.py [--runs 5] [--specs specs] [--spec FILE ...] [--copies 100 ...]

Measured in one run, each the median of --runs (at least 5) child processes, interleaved (one of
each per round), wall time and CPU time (user + sys of the child and its workers, os.wait4):

  floor      python -c "import yaml, jsonschema, jinja2"
  cold       atomgen check SPEC --no-cache                    target: <= 1.5 x floor
  warm       atomgen check SPEC, ATOMGEN_CACHE_DIR filled by one untimed run (a replay)
                                                              target: <= 0.5 x floor
             SPEC: specs/nvvm/sm80/mma_sync.yaml and the spec with the most instances (ties: the
             larger file), or the --spec files given
  corpus     atomgen check specs/ --no-cache -j 1, as microseconds per instance (CPU time on one
             core / the instances, counted by atomgen.check.runner.check_paths); then specs/
             copied --copies times with unique tablegen_def / cpp_class / mnemonic (--corpus-runs
             runs each)                                       target: us/instance <= that of specs/
                                                              (linear), peak RSS < 500 MB

The targets are judged on the CPU ratios when the machine is loaded (the 1-minute load average
at the start at least half the usable cores: other processes share the cores and stretch wall
time, not CPU time), on the wall ratios otherwise; --judge cpu|wall forces one.

Every command runs with byte-compiled modules, as an installed atomgen has them: a
PYTHONDONTWRITEBYTECODE in the environment is dropped and bytecode goes to a temporary
PYTHONPYCACHEPREFIX, written by each command's first (untimed) run.

Prints a table and exits 1 when a target is missed (2 when a run itself fails).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BASELINE = [sys.executable, "-c", "import yaml, jsonschema, jinja2"]
CHECK = [sys.executable, "-m", "atomgen", "check"]
SMALL_SPEC = "specs/nvvm/sm80/mma_sync.yaml"

COLD_MAX = 1.5
WARM_MAX = 0.5
LINEAR_MAX = 1.0  # the corpus's us/instance over that of specs/: at most linear growth
MEMORY_MAX_MB = 500.0

# Instances per spec, from atomgen's own runner: every spec modeled (no proofs, no cache, one process).
COUNT_INSTANCES = (
    "import json, sys\n"
    "from atomgen.check.runner import check_paths\n"
    "results = check_paths(sys.argv[1:], use_cache=False, prove=False, keep_models=True, side_files=False,"
    " workers=1)\n"
    "print(json.dumps([[r.path, len(r.spec.instances) if r.spec is not None else None] for r in results]))\n"
)


@dataclass
class Sample:
    wall: float  # seconds
    cpu: float  # user + sys seconds of the child and the children it waited for
    rss_mb: float  # the largest resident set among them


@dataclass
class Timing:
    samples: list[Sample]

    @property
    def wall(self) -> float:
        return statistics.median(s.wall for s in self.samples)

    @property
    def cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples)

    @property
    def peak_mb(self) -> float:
        return max(s.rss_mb for s in self.samples)

    def times(self) -> str:
        return ", ".join(f"{s.wall:.3f}/{s.cpu:.3f}" for s in self.samples)


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def judged_on(choice: str, load_before: float) -> str:
    """'cpu' or 'wall': the CPU ratios when the machine was loaded at the start (or --judge cpu)."""
    if choice != "auto":
        return choice
    return "cpu" if not load_before < usable_cores() / 2 else "wall"


def run_child(command: list[str], env: dict[str, str], expect: int = 0) -> tuple[Sample, str]:
    """One run of `command`: its wall time, its CPU time and peak RSS (os.wait4: this child and the
    workers it waited for, nothing else), and its output."""
    with tempfile.TemporaryFile() as output:
        start = time.perf_counter()
        child = subprocess.Popen(command, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=output,
                                 stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        text = output.read().decode("utf-8", "replace")
    if child.returncode != expect:
        print(f"command failed ({child.returncode}): {' '.join(command)}", file=sys.stderr)
        print(text[-3000:], file=sys.stderr)
        raise SystemExit(2)
    kib = usage.ru_maxrss / 1024 if sys.platform == "darwin" else usage.ru_maxrss
    return Sample(wall, usage.ru_utime + usage.ru_stime, kib / 1024), text


def measure(command: list[str], runs: int, env: dict[str, str], expect: int = 0, warmup: int = 1) -> Timing:
    for _ in range(warmup):
        run_child(command, env, expect)
    return Timing([run_child(command, env, expect)[0] for _ in range(runs)])


def measure_interleaved(commands: list[list[str]], runs: int, env: dict[str, str]) -> list[Timing]:
    """Each command once per round, so that all of them see the same machine load."""
    for command in commands:
        run_child(command, env)  # warm-up: bytecode written, files in the page cache, the cache filled
    samples: list[list[Sample]] = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            samples[index].append(run_child(command, env)[0])
    return [Timing(s) for s in samples]


def instance_counts(paths: list[str], env: dict[str, str]) -> dict[Path, int]:
    """Instances of every spec under `paths` (resolved path -> count), as atomgen models them."""
    _, out = run_child([sys.executable, "-c", COUNT_INSTANCES, *paths], env)
    counts = {}
    for path, count in json.loads(out.strip().splitlines()[-1]):
        if count is None:
            print(f"{path}: did not model; the benchmark needs a clean corpus", file=sys.stderr)
            raise SystemExit(2)
        counts[(REPO / path).resolve()] = count
    return counts


def bench_environment(scratch: Path) -> dict[str, str]:
    """os.environ with the cache under `scratch` and bytecode written to a prefix there."""
    env = dict(os.environ, ATOMGEN_CACHE_DIR=str(scratch / "cache"), PYTHONPYCACHEPREFIX=str(scratch / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


UNIQUE_FIELDS = re.compile(r"^(tablegen_def|cpp_class|mnemonic): *(\S+)", re.M)


def make_corpus(specs: Path, target: Path, copies: int) -> int:
    """specs/ copied `copies` times; every copy renames its atoms so no names collide."""
    count = 0
    for backend in sorted(p for p in specs.iterdir() if p.is_dir()):
        for copy in range(copies):
            out = target / backend.name / f"copy{copy:03d}"
            for file in sorted(backend.rglob("*.yaml")):
                relative = file.relative_to(backend)
                destination = (target / backend.name / relative) if file.name == "backend.yaml" else out / relative
                destination.parent.mkdir(parents=True, exist_ok=True)
                text = file.read_text(encoding="utf-8")
                if file.name != "backend.yaml":
                    text = UNIQUE_FIELDS.sub(functools.partial(_rename, copy=copy), text)
                    count += 1
                destination.write_text(text, encoding="utf-8")
    return count


def _rename(match: re.Match[str], copy: int) -> str:
    field, value = match.group(1), match.group(2).strip("\"'")
    if field == "mnemonic":
        return f"{field}: {value}_c{copy:03d}"
    if field == "cpp_class":
        return f"{field}: {value[: -len('Type')]}C{copy:03d}Type"
    return f"{field}: {value}_C{copy:03d}"


def _status(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per command (median; at least 5)")
    parser.add_argument("--specs", default="specs", help="the spec folder (default specs/)")
    parser.add_argument("--spec", action="append", default=None,
                        help=f"a spec checked alone (repeatable; default {SMALL_SPEC} and the one with the most "
                             "instances)")
    parser.add_argument("--copies", type=int, nargs="*", default=[100],
                        help="sizes of the synthetic corpus, in copies of specs/ (default 100; none: no corpus)")
    parser.add_argument("--corpus-runs", type=int, default=1, help="timed runs of each (slow) corpus check")
    parser.add_argument("--judge", choices=("auto", "cpu", "wall"), default="auto",
                        help="ratios the targets are judged on (auto: CPU when the machine is loaded)")
    args = parser.parse_args(argv)
    runs = max(args.runs, 5)
    specs = (REPO / args.specs).resolve()
    load_before = load_average()
    judge = judged_on(args.judge, load_before)
    with tempfile.TemporaryDirectory(prefix="atomgen-bench-") as scratch:
        root = Path(scratch)
        env = bench_environment(root)
        counts = instance_counts([str(specs)], env)
        instances, spec_count = sum(counts.values()), len(counts)
        if args.spec:
            singles = [(REPO / s).resolve() for s in args.spec]
            for single in singles:
                if single not in counts:
                    counts.update(instance_counts([str(single)], env))
        else:
            largest = max(counts, key=lambda p: (counts[p], p.stat().st_size))
            singles = [(REPO / SMALL_SPEC).resolve()] + ([largest] if largest != (REPO / SMALL_SPEC).resolve()
                                                         else [])
        commands = [BASELINE]
        for single in singles:
            commands += [CHECK + [str(single), "--no-cache"], CHECK + [str(single)]]
        commands.append(CHECK + [str(specs), "--no-cache", "-j", "1"])
        timings = measure_interleaved(commands, runs, env)  # the warm commands' warm-up fills the cache
        floor, whole = timings[0], timings[-1]
        corpora = []
        for copies in args.copies:
            corpus = root / f"corpus{copies}"
            corpus_specs = make_corpus(specs, corpus, copies)
            if corpus_specs != copies * spec_count:
                print(f"corpus of {copies} copies: {corpus_specs} specs, not {copies} x specs/", file=sys.stderr)
                return 2
            # the copies differ from specs/ only in names: the instances are copies x those of specs/
            big = measure(CHECK + [str(corpus), "--no-cache", "-j", "1"], args.corpus_runs, env, warmup=0)
            corpora.append((copies, corpus_specs, copies * instances, big))
            shutil.rmtree(corpus, ignore_errors=True)
    load_after = load_average()

    def display(path: Path) -> str:
        return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)

    rows = []  # (name, timing, target ratio or None)
    for index, single in enumerate(singles):
        name = f"{display(single)} ({counts[single]} inst.)"
        rows.append((f"check {name} --no-cache", timings[1 + 2 * index], COLD_MAX))
        rows.append((f"check {name}, warm cache", timings[2 + 2 * index], WARM_MAX))
    ok = True
    print(f"{'command (median of ' + str(runs) + ')':66} {'wall s':>7} {'CPU s':>7} {'wall x':>7} {'CPU x':>7}"
          f"  target")
    floor_name = "python -c 'import yaml, jsonschema, jinja2' (the floor)"
    print(f"{floor_name:66} {floor.wall:7.3f} {floor.cpu:7.3f} {1.0:7.2f} {1.0:7.2f}")
    for name, timing, target in rows:
        wall_ratio, cpu_ratio = timing.wall / floor.wall, timing.cpu / floor.cpu
        met = (cpu_ratio if judge == "cpu" else wall_ratio) <= target
        ok = ok and met
        print(f"{name:66} {timing.wall:7.3f} {timing.cpu:7.3f} {wall_ratio:7.2f} {cpu_ratio:7.2f}"
              f"  <= {target}x {_status(met)}")
    print()
    print(f"{'check CORPUS --no-cache -j 1':40} {'specs':>6} {'inst.':>8} {'wall s':>8} {'CPU s':>8}"
          f" {'wall us/i':>9} {'CPU us/i':>9} {'CPU x':>6}  target")
    base_us = whole.cpu / instances * 1e6
    folder = args.specs.rstrip("/") + "/"
    size_rows = [(f"{folder} (median of {runs})", spec_count, instances, whole)]
    size_rows += [(f"{folder} x {copies} (runs: {args.corpus_runs})", n, i, t) for copies, n, i, t in corpora]
    for index, (name, files, count, timing) in enumerate(size_rows):
        wall_us, cpu_us = timing.wall / count * 1e6, timing.cpu / count * 1e6
        target = ""
        if index:
            growth = cpu_us / base_us if judge == "cpu" else wall_us / (whole.wall / instances * 1e6)
            met = growth <= LINEAR_MAX
            ok = ok and met
            target = f"us/inst. <= {folder}'s ({growth:.2f}x) {_status(met)}"
        print(f"{name:40} {files:6} {count:8} {timing.wall:8.3f} {timing.cpu:8.3f} {wall_us:9.1f} {cpu_us:9.1f}"
              f" {timing.cpu / floor.cpu:6.2f}  {target}")
    if corpora:
        copies, _, _, timing = corpora[-1]
        memory_ok = timing.peak_mb < MEMORY_MAX_MB
        ok = ok and memory_ok
        print(f"{f'peak RSS, {folder} x {copies}':40} {timing.peak_mb:8.1f} MB"
              f"  < {MEMORY_MAX_MB:.0f} MB {_status(memory_ok)}")
    print()
    print("all times (wall/CPU s): " + " | ".join(t.times() for t in timings + [c[3] for c in corpora]))
    print(f"load average before/after: {load_before:.2f} / {load_after:.2f} on {usable_cores()} cores; "
          f"targets judged on the {'CPU' if judge == 'cpu' else 'wall'} ratios"
          + (" (the machine is loaded)" if args.judge == "auto" and judge == "cpu" else ""))
    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
