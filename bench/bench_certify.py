"""Benchmark: what sympy's certification of the layout facts (atomgen/check/certify.py) costs gen,
as ratios to the import baseline `python -c "import yaml, jsonschema, jinja2"` of the other
benches, measured in the same run.

    python bench/bench_certify.py [--runs 5]

Each timed run of gen starts with the check cache warm, the output tree up to date and no stored
render plan or replay record (so gen checks, certifies, renders and compares), and with the
certificate cache removed (cold: sympy is imported and decides every fact) or kept (warm: every
certificate is read from the cache, sympy is not imported). "certify alone" times only
certify_results() inside a process (sympy's import included when cold). The gen no-op target of
bench_gen.py (a replay, 1.2x) and check's targets of bench_check.py are unaffected: neither
certifies. Prints the table; exits 1 when a warm certification imports sympy or certifies
fewer facts than the specs have, 2 when a command fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_check import BASELINE, bench_environment

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import sys, time\n"
    "from atomgen.check.runner import check_paths\n"
    "results = check_paths([sys.argv[1]], side_files=False)\n"
    "start = time.perf_counter()\n"
    "from atomgen.check.certify import certify_results\n"
    "count = certify_results(results)\n"
    "elapsed = time.perf_counter() - start\n"
    "facts = sum(len(r.proofs) for r in results)\n"
    "print(elapsed, count, facts, 'sympy' in sys.modules)\n"
)


def _run(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode:
        print(f"command failed ({done.returncode}): {' '.join(command)}\n{done.stderr[-3000:]}", file=sys.stderr)
        raise SystemExit(2)
    return elapsed, done.stdout


def _reset(cache: Path, certificates: bool) -> None:
    """No plan, no replay record; the certificates removed too when `certificates`."""
    for name in ("plans", "replay") + (("certificates",) if certificates else ()):
        shutil.rmtree(cache / name, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median is reported; >= 5)")
    args = parser.parse_args()
    runs = max(5, args.runs)
    with tempfile.TemporaryDirectory(prefix="atomgen-bench-") as scratch:
        env = bench_environment(Path(scratch))
        cache = Path(env["ATOMGEN_CACHE_DIR"])
        out = os.path.join(scratch, "out")
        gen = [sys.executable, "-m", "atomgen", "gen", "specs/", "--out", out, "--quiet"]
        probe = [sys.executable, "-c", PROBE, "specs/"]
        _run(gen, env)  # writes the tree, fills the check cache and the certificates, bytecode
        _run(BASELINE, env)
        times: dict[str, list[float]] = {name: [] for name in ("base", "cold", "warm", "alone-cold", "alone-warm")}
        warm_imports, certified = [], []
        for _ in range(runs):  # interleaved, so that all see the same machine load
            times["base"].append(_run(BASELINE, env)[0])
            _reset(cache, certificates=True)
            times["cold"].append(_run(gen, env)[0])
            _reset(cache, certificates=False)
            times["warm"].append(_run(gen, env)[0])
            _reset(cache, certificates=True)
            for name in ("alone-cold", "alone-warm"):
                seconds, count, facts, imported = _run(probe, env)[1].split()
                times[name].append(float(seconds))
                certified.append((int(count), int(facts)))
                if name == "alone-warm":
                    warm_imports.append(imported == "True")
    base = statistics.median(times["base"])
    cold, warm = statistics.median(times["cold"]), statistics.median(times["warm"])
    alone_cold, alone_warm = statistics.median(times["alone-cold"]), statistics.median(times["alone-warm"])
    count, facts = certified[-1]
    rows = [
        ("import yaml, jsonschema, jinja2 (baseline)", base),
        ("gen specs/, no plan, certificates cold", cold),
        ("gen specs/, no plan, certificates warm", warm),
        ("  certification cost to gen, cold (difference)", cold - warm),
        ("  certify_results() alone, cold (sympy import included)", alone_cold),
        ("  certify_results() alone, warm (cached certificates)", alone_warm),
    ]
    print(f"{'measurement':58} {'median s':>9} {'ratio':>7}")
    for name, seconds in rows:
        print(f"{name:58} {seconds:9.3f} {seconds / base:7.2f}")
    print(f"facts certified by sympy: {count} of {facts} in specs/")
    print("all times: " + " | ".join(", ".join(f"{t:.3f}" for t in times[k]) for k in times))
    print(f"load average: {os.getloadavg()[0]:.2f}")
    ok = count == facts and not any(warm_imports)
    print("PASS" if ok else "FAIL: " + ("a warm certification imported sympy" if any(warm_imports)
                                         else "not every fact is certified"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
