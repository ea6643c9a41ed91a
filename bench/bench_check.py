"""Benchmark of `atomgen check`, as ratios to importing its dependencies.

    python bench/bench_check.py [--runs 5] [--specs specs] [--copies 100]

Measured in one run, each the median of --runs (at least 5) child processes:

  baseline   python -c "import yaml, jsonschema, jinja2"
  no-cache   atomgen check specs/ --no-cache             target: <= 2.5 x baseline
  cached     atomgen check specs/ (warm ATOMGEN_CACHE_DIR) target: <= 0.5 x baseline
  corpus     atomgen check CORPUS --no-cache, CORPUS = specs/ copied --copies times with unique
             tablegen_def / cpp_class / mnemonic         target: time <= copies x no-cache
                                                          (growth at most linear), peak RSS < 500 MB

Every command runs with byte-compiled modules, as an installed atomgen has them: a
PYTHONDONTWRITEBYTECODE in the environment is dropped and bytecode goes to a temporary
PYTHONPYCACHEPREFIX, written by each command's first (untimed) run.

Prints a table and exits 1 when a target is missed (2 when a run itself fails).
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import resource
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

NO_CACHE_MAX = 2.5
CACHED_MAX = 0.5
MEMORY_MAX_MB = 500.0


@dataclass
class Timing:
    seconds: list[float]
    peak_mb: float

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def _load() -> str:
    """The 1-minute load average (the timings are wall-clock: a busy machine slows them)."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "?"


def _peak_rss_mb() -> float:
    """Largest resident set of any waited-for child so far (ru_maxrss is KiB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _timed(command: list[str], env: dict[str, str], expect: int = 0) -> float:
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if completed.returncode != expect:
        print(f"command failed ({completed.returncode}): {' '.join(command)}", file=sys.stderr)
        print((completed.stdout + completed.stderr)[-3000:], file=sys.stderr)
        raise SystemExit(2)
    return elapsed


def measure(command: list[str], runs: int, env: dict[str, str], expect: int = 0, warmup: int = 1) -> Timing:
    for _ in range(warmup):
        _timed(command, env, expect)
    return Timing([_timed(command, env, expect) for _ in range(runs)], _peak_rss_mb())


def measure_interleaved(commands: list[list[str]], runs: int, env: dict[str, str]) -> list[Timing]:
    """Each command once per round, so that all of them see the same machine load."""
    for command in commands:
        _timed(command, env)  # warm-up: bytecode written, files in the page cache
    seconds: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            seconds[index].append(_timed(command, env))
    return [Timing(times, _peak_rss_mb()) for times in seconds]


def measure_memory(command: list[str], env: dict[str, str]) -> float:
    """Peak RSS of one run, in a fresh helper process so earlier children do not count."""
    probe = (
        "import resource, subprocess, sys\n"
        f"subprocess.run({command!r}, cwd={str(REPO)!r}, capture_output=True, check=False)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True).stdout
    kib = int(out.strip().splitlines()[-1])
    return kib / (1024 * 1024) if sys.platform == "darwin" else kib / 1024


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per command (median; at least 5)")
    parser.add_argument("--specs", default="specs", help="the spec folder (default specs/)")
    parser.add_argument("--copies", type=int, default=100, help="size of the synthetic corpus, in copies of specs/")
    parser.add_argument("--corpus-runs", type=int, default=1, help="timed runs of the (slow) corpus check")
    args = parser.parse_args(argv)
    runs = max(args.runs, 5)
    specs = (REPO / args.specs).resolve()
    load_before = _load()
    with tempfile.TemporaryDirectory(prefix="atomgen-bench-") as scratch:
        root = Path(scratch)
        env = bench_environment(root)
        spec_count = len([p for p in specs.rglob("*.yaml") if p.name != "backend.yaml"])
        _timed(CHECK + [str(specs)], env)  # fills the cache
        baseline, no_cache, cached = measure_interleaved(
            [BASELINE, CHECK + [str(specs), "--no-cache"], CHECK + [str(specs)]], runs, env)
        corpus = root / "corpus"
        corpus_count = make_corpus(specs, corpus, args.copies)
        big = measure(CHECK + [str(corpus), "--no-cache"], args.corpus_runs, env, warmup=0)
        big_mb = measure_memory(CHECK + [str(corpus), "--no-cache"], env)
        shutil.rmtree(corpus, ignore_errors=True)

    rows = [
        ("import yaml, jsonschema, jinja2", baseline.median, 1.0, "", True),
        (f"check {args.specs} --no-cache ({spec_count} specs)", no_cache.median, no_cache.median / baseline.median,
         f"<= {NO_CACHE_MAX}x", no_cache.median / baseline.median <= NO_CACHE_MAX),
        (f"check {args.specs} (warm cache)", cached.median, cached.median / baseline.median,
         f"<= {CACHED_MAX}x", cached.median / baseline.median <= CACHED_MAX),
    ]
    growth = big.median / no_cache.median
    print(f"{'command':52} {'median s':>9} {'ratio':>8}  target")
    for name, seconds, ratio, target, ok in rows:
        print(f"{name:52} {seconds:9.3f} {ratio:7.2f}x  {target} {'' if ok or not target else 'MISSED'}")
    growth_ok = growth <= args.copies
    memory_ok = big_mb < MEMORY_MAX_MB
    print(f"{f'check corpus --no-cache ({corpus_count} specs)':52} {big.median:9.3f} {growth:7.2f}x  "
          f"<= {args.copies}x the no-cache run (linear) {'' if growth_ok else 'MISSED'}")
    memory_note = "" if memory_ok else "MISSED"
    print(f"{'corpus peak memory (RSS)':52} {big_mb:8.1f}M {'':8}  < {MEMORY_MAX_MB:.0f} MB {memory_note}")
    times = " | ".join(", ".join(f"{t:.3f}" for t in timing.seconds) for timing in (baseline, no_cache, cached))
    print(f"runs: {runs} per command (corpus: {args.corpus_runs}); all times: {times}")
    print(f"load average before/after: {load_before} / {_load()}")
    ok = all(row[4] for row in rows) and growth_ok and memory_ok
    print("all targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
