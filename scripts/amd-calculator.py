"""Compare atomgen's AMD MMA specs with the AMD Matrix Instruction Calculator (evidence tables).

    python scripts/amd-calculator.py coverage CALCULATOR_CHECKOUT
        (every instruction the calculator lists, per architecture and wave size, and the instances in
        specs/rocdl that cover it: same `instruction`, `threads` = the wave size, a chip of that architecture)
    python scripts/amd-calculator.py compare CALCULATOR_CHECKOUT [SPEC ...]
        (default: every dense MMA spec under specs/rocdl; a row per instance whose instruction the calculator
        lists for the spec's architecture; exit 1 on any undocumented difference)

The calculator (ROCm/amd_matrix_instruction_calculator) runs as a subprocess in its checkout, with `tabulate`
installed or under CHECKOUT/site (`pip install --target CHECKOUT/site tabulate`). compare reads its
--register-layout CSV of A, B and D (element -> lane, VGPR, bit range; block b of a multi-block instruction
extends K of A and B and N of D by b blocks, as atomgen draws it) and atomgen's `show --format lanes`, and compares
element -> set of (lane, register, bits): a replicated element must be held by the same lanes. RDNA4 16x16x16
f16/bf16 A/B differ by one K relabelling shared by A and B (docs/evidence/amd-layouts.md): "K permutation
(documented)". A 16-bit accumulator in one register half (`register_half: {c: opsel}`) is compared at --opsel 0 and,
moved to bits [31:16], at --opsel 4 (OPSEL[2]). Lanes the calculator leaves out of an operand (wave64
v_wmma_i32_16x16x16_iu4 A/B: lanes 32-63) are said, and atomgen's copy there is not compared. A spec is compared on
its folder's architecture (ARCHS); a row whose chips lack that architecture's (gfx950-only rows of cdna3/) is
compared too and labelled with its chips. Sparse rows (smfmac, swmmac) are scripts/sparse-calculator.py's.
"""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

from atomgen.check.families.against_intrinsics import instance_chips
from atomgen.spec.backend import Backend, load_backend
from atomgen.spec.instances import Instance
from atomgen.spec.loader import load_file
from atomgen.spec.model import AtomSpec, build_model

ROOT = Path(__file__).resolve().parent.parent
ROCDL = ROOT / "specs" / "rocdl"
# calculator architecture -> (atomgen subtarget folders, the first its own; a chip of the architecture)
ARCHS: dict[str, tuple[tuple[str, ...], str]] = {
    "cdna3": (("cdna3", "cdna4"), "gfx942"),
    "cdna4": (("cdna4", "cdna3"), "gfx950"),
    "rdna3": (("gfx11",), "gfx1100"),
    "rdna4": (("gfx120x",), "gfx1200"),
}
UNTARGETED = "atomgen targets FlyDSL's chips: gfx942 and later"
# (architecture, wave, instruction prefix) -> why no instance covers it yet; coverage fails on any other gap
NOT_YET: dict[tuple[str, int, str], str] = {}
K_RELABELLED = {("rdna4", 32, f"v_wmma_{d}_16x16x16_{s}")  # amd-layouts.md, "RDNA4 16x16x16 f16/bf16"
                for d, s in (("f32", "f16"), ("f32", "bf16"), ("f16", "f16"), ("bf16", "bf16"))}
SPARSE = ("v_smfmac", "v_swmmac")
CELL = re.compile(r"v(?:(\d+)|\[(\d+):(\d+)\])\{(\d+)\}(?:\.(\[\d+:\d+\]))?")
LANE_ROW = re.compile(r"\s*(\d+)\s+(\S+)\s+(\[\d+:\d+\])\s+([ABC])\[(\d+)\]\[(\d+)\]\s*$")
Position = tuple[int, str, str]  # lane, register(s) ("v3", "v0:v1"), bits ("[15:0]")
Element = tuple[int, int]  # (row, column) as the tables print them: A[m][k], B[k][n], D[m][n]
Layout = dict[Element, frozenset[Position]]


def calculator(checkout: Path, *args: str) -> str:
    path = [p for p in (os.environ.get("PYTHONPATH"), str(checkout / "site")) if p]
    return subprocess.run([sys.executable, "matrix_calculator.py", *args], cwd=checkout, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(path)}, check=True).stdout


def architectures(checkout: Path) -> list[str]:
    """The architectures --help names (CDNA1 ... RDNA4), lower case as -a takes them."""
    return [a.lower() for a in re.findall(r"^\s+((?:CDNA|RDNA)\d)\s*$", calculator(checkout, "--help"), re.M)]


@lru_cache(maxsize=None)
def instructions(checkout: Path, arch: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in calculator(checkout, "-a", arch, "-L").splitlines() if line[:4] == "    ")


def waves(arch: str) -> tuple[int, ...]:
    return (32, 64) if arch.startswith("rdna") else (64,)


def _position(match: re.Match[str]) -> Position:
    if match[1] is not None:
        return int(match[4]), f"v{match[1]}", match[5] or "[31:0]"
    return int(match[4]), f"v{match[3]}:v{match[2]}", match[5] or "[63:0]"


@lru_cache(maxsize=None)
def calculator_layout(checkout: Path, arch: str, wave: int, instruction: str, matrix: str, opsel: int = 0) -> Layout:
    """Element -> positions from --register-layout --csv (matrix A, B or D)."""
    args = ["-a", arch, "-i", instruction, f"-{matrix}", "--register-layout", "--csv"]
    args += (["-w", str(wave)] if arch.startswith("rdna") else []) + (["--opsel", str(opsel)] if opsel else [])
    block, cells = 0, []
    for row in csv.reader(io.StringIO(calculator(checkout, *args))):
        if row and row[0].startswith("Block "):
            block = int(row[0].split()[1])
        elif row and row[0].isdigit():
            cells += [(block, int(row[0]), column, cell) for column, cell in enumerate(row[1:])]
    rows, columns = max(c[1] for c in cells) + 1, max(c[2] for c in cells) + 1
    return {(r + rows * b, c) if matrix == "B" else (r, c + columns * b): frozenset(map(_position, CELL.finditer(cell)))
            for b, r, c, cell in cells}


def atomgen_layouts(spec: Path) -> dict[str, dict[str, Layout]]:
    """Instance id -> A, B, D (atomgen's C) -> element -> positions, from `atomgen show --format lanes`."""
    out = subprocess.run([sys.executable, "-m", "atomgen", "show", str(spec), "--format", "lanes"], cwd=ROOT,
                         capture_output=True, text=True, check=True, env={**os.environ, "NO_COLOR": "1"}).stdout
    held: dict[str, dict[str, dict[Element, set[Position]]]] = {}
    instance = ""
    for line in out.splitlines():
        if "  ->  " in line:
            instance = line.split()[1]
            held[instance] = {}
        elif match := LANE_ROW.match(line):
            matrix = held[instance].setdefault("D" if match[4] == "C" else match[4], {})
            matrix.setdefault((int(match[5]), int(match[6])), set()).add((int(match[1]), match[2], match[3]))
    return {i: {m: {e: frozenset(p) for e, p in layout.items()} for m, layout in ops.items()}
            for i, ops in held.items()}


def _text(positions: frozenset[Position] | None) -> str:
    return "{" + ", ".join(f"{lane} {reg} {bits}" for lane, reg, bits in sorted(positions or ())) + "}"


def differences(want: Layout, got: Layout, name: str) -> list[str]:
    return [f"{name}[{e[0]}][{e[1]}] calculator {_text(want.get(e))}, atomgen {_text(got.get(e))}"
            for e in sorted(set(want) | set(got)) if want.get(e) != got.get(e)]


def k_permutation(want: dict[str, Layout], got: dict[str, Layout]) -> bool:
    """Whether atomgen's A and B are the calculator's with K relabelled by one bijection, the same for A and B."""
    relabel: dict[int, int] = {}
    for matrix, k_axis in (("A", 1), ("B", 0)):
        theirs = {p: e for e, positions in want[matrix].items() for p in positions}
        ours = {p: e for e, positions in got.get(matrix, {}).items() for p in positions}
        if theirs.keys() != ours.keys():
            return False
        for p, e in theirs.items():
            if e[1 - k_axis] != ours[p][1 - k_axis] or relabel.setdefault(ours[p][k_axis], e[k_axis]) != e[k_axis]:
                return False
    return len(set(relabel.values())) == len(relabel)


def compare_instance(checkout: Path, arch: str, wave: int, instance: Instance, ours: dict[str, Layout]
                     ) -> tuple[str, str, bool]:
    """(what was compared, verdict, whether an undocumented difference was found)."""
    name = instance.instruction or ""
    want = {m: calculator_layout(checkout, arch, wave, name, m) for m in "ABD"}
    notes, failed = [], False
    for m in "ABD":  # lanes the calculator leaves out ("ignored"): atomgen may keep a copy there
        unused = set(range(wave)) - {p[0] for positions in want[m].values() for p in positions}
        kept = {e: frozenset(p for p in positions if p[0] not in unused) for e, positions in ours.get(m, {}).items()}
        if unused and kept != ours.get(m, {}):
            notes.append(f"{m}: lanes {min(unused)}-{max(unused)} unused by the calculator, atomgen's copy there "
                         "not compared")
            ours = {**ours, m: kept}
    found = {m: differences(want[m], ours.get(m, {}), m) for m in "ABD"}
    compared = ", ".join(f"{m} {len(want[m])}" for m in "ABD")
    if (found["A"] or found["B"]) and k_permutation(want, ours):
        documented = (arch, wave, name) in K_RELABELLED
        notes.append(f"A/B: K permutation ({'documented' if documented else 'undocumented'})")
        failed, found["A"], found["B"] = not documented, [], []
    if instance.register_half.get("c") == "opsel":
        high = {e: frozenset((lane, reg, "[31:16]" if bits == "[15:0]" else bits) for lane, reg, bits in positions)
                for e, positions in ours.get("D", {}).items()}
        found["D at OPSEL 4"] = differences(calculator_layout(checkout, arch, wave, name, "D", 4), high, "D")
        compared += f" (+ D {len(high)} at OPSEL 4)"
    for matrix, lines in found.items():
        if lines:
            notes.append(f"{matrix}: {len(lines)} of {len(want[matrix[0]])} differ (first: {lines[0]})")
            failed = True
    if notes and not failed:
        notes.append("the rest agrees")
    return compared, "; ".join(notes) or "agrees", failed


def mma_specs(paths: list[str]) -> list[tuple[Path, AtomSpec]]:
    files = [Path(p).resolve() for p in paths] or sorted(p for p in ROCDL.rglob("*.yaml") if p.name != "backend.yaml")
    models = [(path, build_model(load_file(path))[0]) for path in files]
    return [(path, model) for path, model in models if model is not None and model.kind == "mma"]


def rocdl_backend() -> Backend:
    return load_backend(ROCDL / "backend.yaml", "specs/rocdl/backend.yaml")[0]


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def coverage(checkout: Path) -> int:
    backend, models = rocdl_backend(), mma_specs([])
    print("| architecture | wave | instruction | atomgen instances |\n|---|---|---|---|")
    totals, unexplained = [], 0
    for arch in architectures(checkout):
        names = instructions(checkout, arch)
        if arch not in ARCHS:
            print(f"| {arch} | {'/'.join(map(str, waves(arch)))} | all {len(names)} | not covered: {UNTARGETED} |")
            continue
        folders, chip = ARCHS[arch]
        for wave in waves(arch):
            covered = 0
            for name in names:
                hits = [f"`{path.parent.name}/{path.name}` `{i.id}`" for path, model in models
                        if model.subtarget in folders and model.threads == wave for i in model.instances
                        if i.instruction == name and chip in (instance_chips(model, i, backend) or ())]
                covered += bool(hits)
                reason = next((why for (a, w, prefix), why in NOT_YET.items()
                               if (a, w) == (arch, wave) and name.startswith(prefix)), "")
                unexplained += not hits and not reason
                print(f"| {arch} | {wave} | `{name}` | {'<br>'.join(hits) or 'not covered: ' + (reason or '?')} |")
            totals.append(f"{arch} wave{wave}: {covered} of {len(names)} covered")
    print("\n" + "; ".join(totals) + f"; {unexplained} uncovered without a reason")
    return 1 if unexplained else 0


def compare(checkout: Path, paths: list[str]) -> int:
    backend, known, failed = rocdl_backend(), architectures(checkout), 0
    skipped: dict[str, int] = {}
    print("| spec | instance | instruction | arch, wave | compared (elements) | verdict |\n|---|---|---|---|---|---|")
    for path, model in mma_specs(paths):
        arch = next((a for a, (folders, _) in ARCHS.items() if folders[0] == model.subtarget), "")
        lanes: dict[str, dict[str, Layout]] = {}
        for instance in model.instances:
            name = instance.instruction or ""
            reason = ("sparse (scripts/sparse-calculator.py)" if name.startswith(SPARSE) else
                      f"subtarget {model.subtarget}: no calculator architecture" if arch not in known else
                      f"instruction not in the calculator's {arch} list" if name not in instructions(checkout, arch)
                      else "")
            if reason:
                skipped[reason] = skipped.get(reason, 0) + 1
                continue
            lanes = lanes or atomgen_layouts(path)
            chips = instance_chips(model, instance, backend) or frozenset()
            where = arch if ARCHS[arch][1] in chips else f"{arch} (row's chips: {', '.join(sorted(chips))})"
            compared, verdict, bad = compare_instance(checkout, arch, model.threads, instance, lanes[instance.id])
            failed += bad
            print(f"| `{_name(path)}` | `{instance.id}` | `{name}` | {where}, {model.threads} | {compared} | "
                  f"{verdict} |")
    print(f"\n{failed} instances with an undocumented difference. Not compared: "
          + ("; ".join(f"{count} ({reason})" for reason, count in skipped.items()) or "none"))
    return 1 if failed else 0


def main() -> int:
    if len(sys.argv) < 3 or sys.argv[1] not in ("coverage", "compare"):
        print(__doc__, file=sys.stderr)
        return 2
    checkout = Path(sys.argv[2]).resolve()
    return coverage(checkout) if sys.argv[1] == "coverage" else compare(checkout, sys.argv[3:])


if __name__ == "__main__":
    sys.exit(main())
