"""Compare AMD sparse MMA layouts with the AMD Matrix Instruction Calculator (evidence tables).

    python scripts/sparse-calculator.py CALCULATOR_CHECKOUT [cdna3|rdna4|rdna4-wave64|rdna4-wave64-iu4]
        (prints docs/evidence/sparse-mma.md's table: cdna3.smfmac, gfx120x.swmmac in wave32,
        gfx120x.swmmac_wave64 in wave64, or gfx120x.swmmac_wave64_iu4)

The calculator (ROCm/amd_matrix_instruction_calculator) draws a sparse A in uncompressed K: each
register slice holds one chunk of 4 K (its 2 nonzeros), each compression-index nibble one chunk.
So A is compared by chunk (the spec's compressed values 2c, 2c+1 of a lane are the nonzeros of the
chunk the calculator puts in the lane's slice c), the indices likewise (index pair j, j+1 of a lane =
nibble j/2), B and D element by element. The indices are compared at every sparsity selector the row
admits (SMFMAC abid, the calculator's --abid; SWMMAC index_key, its --opsel): the same holders and chunks, and
nibble c at bits
s * selector_bits + 4c .. + 3 of the register, as the calculator's column headers name them.
Lanes the calculator leaves out of an operand (wave64 v_swmmac_i32_16x16x32_iu4: A and the indices
from lanes 0-31) are not compared; the spec's copy there is its declared replication.
"""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
from pathlib import Path

from atomgen.check.evaluate import evaluate_instance
from atomgen.check.families.sparse import admitted_selectors, evaluate_metadata
from atomgen.layout import algebra
from atomgen.spec.loader import load_file
from atomgen.spec.model import build_model

ROCDL = Path(__file__).resolve().parent.parent / "specs" / "rocdl"
SPECS = {"cdna3": ROCDL / "cdna3" / "smfmac.yaml", "rdna4": ROCDL / "gfx120x" / "swmmac.yaml",
         "rdna4-wave64": ROCDL / "gfx120x" / "swmmac_wave64.yaml",
         "rdna4-wave64-iu4": ROCDL / "gfx120x" / "swmmac_wave64_iu4.yaml"}
# table -> (the calculator's architecture, its wave size on RDNA)
ARCHS = {"cdna3": ("cdna3", None), "rdna4": ("rdna4", 32), "rdna4-wave64": ("rdna4", 64),
         "rdna4-wave64-iu4": ("rdna4", 64)}
ENTRY = re.compile(r"([ABDK])\[(\d+)\]\[(\d+)\]")
BITS = re.compile(r"\.\[(\d+):(\d+)\]$")


def _run(checkout: Path, arch: str, instruction: str, matrix: str, selector: int = 0) -> str:
    arch, size = ARCHS[arch]
    wave = ["-w", str(size)] if size else []
    # the selector: CDNA3 SMFMAC's abid, RDNA4 SWMMAC's index_key (the calculator models it as OPSEL)
    abid = (["--opsel" if arch.startswith("rdna") else "--abid", str(selector)]) if selector else []
    return subprocess.run([sys.executable, "matrix_calculator.py", "-a", arch, "-i", instruction, f"-{matrix}",
                           "--matrix-layout", "--csv", *wave, *abid], cwd=checkout, capture_output=True, text=True,
                          env={"PYTHONPATH": os.environ.get("PYTHONPATH", "") + os.pathsep + str(checkout / "site")},
                          check=True).stdout


def _table(checkout: Path, arch: str, instruction: str, matrix: str,
           selector: int = 0) -> list[list[list[tuple[int, int]]]]:
    """lane -> register slice -> [(row, col)] as the calculator prints them (wave32 on RDNA)."""
    out = _run(checkout, arch, instruction, matrix, selector)
    rows = [r for r in csv.reader(io.StringIO(out)) if r and r[0].isdigit()]
    return [[[(int(a), int(b)) for _, a, b in ENTRY.findall(cell)] for cell in row[1:]] for row in rows]


def _slices(checkout: Path, arch: str, instruction: str, selector: int) -> list[tuple[int, int]]:
    """The index register's slices as the calculator's header names them: [(low bit, high bit)]."""
    out = _run(checkout, arch, instruction, "k", selector)
    header = next(r for r in csv.reader(io.StringIO(out)) if r and r[0] == "lane")
    found = [BITS.search(cell) for cell in header[1:]]
    return [(int(m.group(2)), int(m.group(1))) for m in found if m is not None]


def compare(checkout: Path, arch: str = "cdna3") -> list[tuple[str, str, int, int, str]]:
    model, _ = build_model(load_file(SPECS[arch]))
    assert model is not None
    results = []
    for instance in model.instances:
        evaluated, _ = evaluate_instance(model, instance)
        assert evaluated is not None
        m, k = evaluated.variables["m"], evaluated.variables["k"]
        ops = {role: evaluated.operands[role].layout for role in ("a", "b", "c", "e")}
        compared = mismatches = 0
        metadata = evaluate_metadata(model, evaluated)
        assert metadata is not None
        bits = metadata.sparsity.selector_bits or metadata.register_bits
        selectors = list(admitted_selectors(model, instance))
        for selector in selectors:  # the index set each selector reads: nibble c at bits selector * bits + 4c
            slices = _slices(checkout, arch, instance.instruction or "", selector)
            want_bits = [(selector * bits + 4 * c, selector * bits + 4 * c + 3) for c in range(len(slices))]
            compared += len(slices)
            mismatches += sum(got != want for got, want in zip(slices, want_bits))
        passes = [("A", "a", 0)] + [("k", "e", s) for s in selectors] + [("B", "b", 0), ("D", "c", 0)]
        for matrix, role, selector in passes:
            for lane, cells in enumerate(_table(checkout, arch, instance.instruction or "", matrix, selector)):
                for slot, entries in enumerate(cells):
                    compared += 1
                    if role in ("a", "e"):  # one chunk per slice: the spec's values 2*slot, 2*slot + 1
                        row, first = entries[0]
                        want = {(row, first // 4)}
                        got = {(algebra.evaluate(ops[role], lane, 2 * slot + j) % m,
                                algebra.evaluate(ops[role], lane, 2 * slot + j) // m // 2) for j in (0, 1)}
                    elif role == "b":  # B[k][j] at j + N*k
                        want = {(entries[0][1], entries[0][0])}
                        index = algebra.evaluate(ops[role], lane, slot)
                        got = {(index % m, index // m)}
                    else:  # D[i][j] at i + M*j
                        want = {entries[0]}
                        index = algebra.evaluate(ops[role], lane, slot)
                        got = {(index % m, index // m)}
                    mismatches += want != got
        del k
        results.append((instance.id, instance.instruction or "", compared, mismatches,
                        ", ".join(str(v) for v in selectors)))
    return results


def main() -> int:
    rows = compare(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "cdna3")
    print("| instance | instruction | AMD calculator | verdict |\n|---|---|---|---|")
    for instance, instruction, compared, mismatches, selectors in rows:
        verdict = "agrees" if not mismatches else f"{mismatches} of {compared} differ"
        print(f"| `{instance}` | `{instruction}` | {verdict} ({compared} A/B/D slices, index nibbles and their "
              f"bits compared; selectors {selectors}) | {'kept' if not mismatches else 'WRONG'} |")
    return 1 if any(r[3] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
