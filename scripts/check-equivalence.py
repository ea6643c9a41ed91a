"""Two revisions of atomgen must report the same findings: a guard for work on check's speed.

    python scripts/check-equivalence.py [BASE] [--mutants 12] [--seed 2026] [--jobs N]

BASE (default HEAD) is checked out into a temporary git worktree. The corpus is specs/ plus,
per shipped spec, --mutants copies with one or two digits changed anywhere (layouts, shapes,
types, packed widths, names), which reaches most rules. Both revisions check it with
`--no-cache --format json`; the working tree also with `-j 1` and `-j --jobs`. The JSON must be
byte-identical once each revision's package path is replaced by a placeholder (catalogue notes
name their file). Prints the first difference and exits 1 when there is one.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def corpus(target: Path, mutants: int, seed: int) -> int:
    rng = random.Random(seed)
    shutil.copytree(REPO / "specs", target)
    for spec in sorted((REPO / "specs").rglob("*.yaml")):
        if spec.name == "backend.yaml":
            continue
        text = spec.read_text(encoding="utf-8")
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        for number in range(mutants):
            chars = list(text)
            for _ in range(rng.choice((1, 1, 2))):
                spot = rng.choice(digits)
                chars[spot] = str((int(chars[spot]) + rng.choice((1, 2, 9))) % 10)
            (target / spec.relative_to(REPO / "specs").parent / f"{spec.stem}__m{number}.yaml").write_text(
                "".join(chars), encoding="utf-8")
    return len(list(target.rglob("*.yaml")))


def findings(tree: Path, folder: Path, *extra: str) -> str:
    environment = dict(os.environ, PYTHONPATH=str(tree), NO_COLOR="1")
    done = subprocess.run([sys.executable, "-m", "atomgen", "check", str(folder), "--no-cache", "--format", "json",
                           *extra], cwd=tree, env=environment, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"check failed ({done.returncode}) in {tree}:\n{done.stderr[-2000:]}")
    return done.stdout.replace(str(tree / "atomgen"), "<atomgen>")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", nargs="?", default="HEAD", help="the revision to compare with (default HEAD)")
    parser.add_argument("--mutants", type=int, default=12, help="mutated copies per shipped spec (default 12)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", default="4", help="the worker count compared with -j 1 (default 4)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        base = root / "base"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "-q", "--detach", str(base), args.base], check=True)
        try:
            files = corpus(root / "corpus", args.mutants, args.seed)
            runs = {
                f"{args.base}": findings(base, root / "corpus"),
                "working tree": findings(REPO, root / "corpus"),
                "working tree -j 1": findings(REPO, root / "corpus", "-j", "1"),
                f"working tree -j {args.jobs}": findings(REPO, root / "corpus", "-j", args.jobs),
            }
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)], check=False)
    reference_name, reference = next(iter(runs.items()))
    rules = collections.Counter(d["rule"] for d in json.loads(reference))
    print(f"{files} files, {sum(rules.values())} findings of {len(rules)} rules "
          f"({', '.join(f'{r} {n}' for r, n in rules.most_common(8))}, ...)")
    for name, text in runs.items():
        if text != reference:
            at = next(i for i, (a, b) in enumerate(zip(text, reference)) if a != b) if text[:1] else 0
            print(f"DIFFERENT: {name} vs {reference_name} at character {at}:\n"
                  f"  {reference[max(0, at - 200):at + 200]!r}\n  {text[max(0, at - 200):at + 200]!r}")
            return 1
        print(f"identical: {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
