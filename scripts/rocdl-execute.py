"""Execute every ROCDL MMA instance's lowered IR on the AMD instruction models (issue 50).

    python scripts/rocdl-execute.py            # writes docs/evidence/rocdl-execution.{md,json}
    python scripts/rocdl-execute.py SPEC ...   # prints the rows of those specs only

Per instance: executed or why not, pass / fail against the float64 / int64 reference, the model's source and each
broken-lowering control (atomgen/execution/harness.py). Exit 1 if an executed instance fails or a negative control
that applies is not detected.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path

from atomgen.execution.harness import ROOT, Outcome, run_spec

ROCDL = ROOT / "specs" / "rocdl"
EVIDENCE = ROOT / "docs" / "evidence"


HEAD = """# ROCDL atoms executed on instruction models from AMD's tables (issue 50)

Written by `scripts/rocdl-execute.py`. {summary}.

What runs: the committed LLVM IR of every ROCDL MMA instance (docs/evidence/rocdl-isa/*.ll, lowered by a real
fly-opt), read by llvmlite's LLVM (`llvmlite.binding.parse_assembly`; every committed file parses unchanged) and
executed for a whole wave (atomgen/execution/executor.py). Each `llvm.amdgcn.*` matrix intrinsic runs on its
instruction's model (atomgen/execution/models.py): the element <-> (lane, register, bits) placement of A, B, C, D
(and the sparse indices K, and the OPSEL / ABID / index_key variants), committed as facts in
atomgen/execution/models/*.json by scripts/amd-models.py. The models never read a spec. Their sources, per model
(column "model"):

- calculator: AMD's Matrix Instruction Calculator (1.3.2, CDNA3 / RDNA3 / RDNA4), run at regeneration time
  (`scripts/amd-models.py CHECKOUT`; none of its code or text is committed; `--check` compares). Its newest commit
  has no CDNA4 and no gfx1250 architecture.
- document (single): `v_mfma_scale_f32_32x32x64_f8f6f4`, single-sourced from AMD's ROCm blog "Matrix Core
  Programming on AMD CDNA3 and CDNA4 architecture" (ROCm/rocm-blogs, 30 Sep 2025): the register loads of its HIP
  kernels for fp8 x fp8 (A and B as two 16-byte K runs per lane, "valid only if both input matrices A and B have
  FP8 type") and fp4 x fp4 (32 consecutive K), C/D from their stores, the cbsz/blgp format codes and the E8M0
  scale 2^(e-127) applied after the dot product. The blog places one scale byte per lane in a figure only; the
  model takes one scale word for the whole wave (the blog's own example) and refuses lanes that differ, and knows
  OPSEL 0 (byte 0) only. `scripts/amd-models.py --cdna4` writes it (and `--check`s it).
- calculator layout + document formats: gfx950's OCP fp8/bf8 `v_mfma_f32_{16x16x32,32x32x16}_{fp8,bf8}_{fp8,bf8}`
  (the gfx950-only rows of cdna3/mfma.yaml and mfma_ext.yaml): the calculator's CDNA3 layout of the same opcode,
  with CDNA4's OCP formats (the blog: "the CDNA4 architecture uses E4M3FN and E5M2 (OCP) variants"); the blog's
  32x32x16 fp8 kernel loads exactly the calculator's layout (scripts/amd-models.py asserts it).

Inputs: random matrices placed into each lane's fragment by the spec's own (thr, val) -> (row, col) tables
(`atomgen show --format json`'s, replicas included): every finite code of the 4/6/8-bit formats, the full range of
8-bit and 4-bit integers (signedness per the instance's signA/signB), moderate f16/bf16/f32/f64 values, and i32
accumulators of which a quarter sit within 64 of INT32_MIN/MAX (so clamp matters). Sparse (SMFMAC, SWMMAC): a
random 2:4 pattern per chunk; A's nonzeros placed by the spec's compressed-A layout, their indices by the spec's
metadata (layout `e` over the index tile, holders `e_holders`, index set s at bits s * selector_bits, as `atomgen
show --format json` prints them; the other index sets of the register hold other valid patterns). A free selector
(cdna3 16-bit SMFMAC abid 0..3, gfx120x index_key) runs every IR function of the instance (`@..._abid2`,
`@..._indexKey1`), each with its set placed there. Block-scaled MFMA: one E8M0 scale word per operand for the
wave, byte 0 a scale 2^-6..2^6, the other bytes other scales. Reference: D = A x B (x scaleA x scaleB) + C per
block in float64 / int64 (i32 wrapped, or saturated under clamp); a float result must be within 4 ulp of D's
format of |A| x |B| + |C| (the model sums exactly and rounds once: the hardware's accumulation order and
intermediate rounding are not modelled), an integer result exact.

Negative controls, per executed instance: the same IR with the intrinsic's arguments broken as a wrong lowering
would emit them - A/B swapped, sign flags flipped, clamp flipped, OPSEL flipped, A's values reversed inside each
register (or its registers reversed for 32/64-bit elements); sparse: the neighbouring index set read (the index
register rotated by one set: a wrong abid / index_key), each chunk given the next chunk's indices (the set read
rotated by one chunk); block-scaled: CBSZ and BLGP exchanged, the scale in another byte than OPSEL reads. A class
that cannot apply (no sign flag, one index set, A and B of one format...) is said per instance in
rocdl-execution.json; "(xN)" counts a class over the selector variants. Every class that applies must change D
(or make the model refuse the registers: for SWMMAC's last index set - wave32 index_key 1, wave64 index_key 3 - the
IR has already shifted the register, so the rotated set is the zeros the shift brought in, and the model refuses a
chunk whose two indices are equal).

What D = A x B + C cannot show: a K order common to A and B (any permutation of K applied to both leaves D
unchanged). The layouts are checked up to such a permutation; M and N placements absolutely. In particular the
block-scaled fp8 rows pass equally with the spec's two 16-byte K runs per lane and with FlyDSL's 32 consecutive K
(specs/rocdl/cdna4/mfma_scale.yaml known_flydsl_defects): with one scale for the whole wave the order only moves
products between K blocks of equal scale. This run neither confirms nor refutes that defect; per-lane scales
(whose placement the blog gives in a figure only) or a mixed fp8 x fp4 row (no layout in the blog) would.

Not executed, and why:

- gfx1250 (all 102 WMMA rows): not in the calculator, and no gfx1250 document describing the WMMA register layouts
  was found here (LLVM's AMDGPU sources do not describe them): no model. Not written.
- CDNA4 rows the blog gives no layout for: v_mfma_scale_f32_16x16x128_f8f6f4 (all 25), the 32x32x64 rows with an
  fp6 operand or mixed fp8 x fp4 (20), the new gfx950 shapes v_mfma_f32_{16x16x32,32x32x16}_{f16,bf16} and
  v_mfma_i32_{16x16x64,32x32x32}_i8 (6), and cdna4/smfmac.yaml (14): the CDNA4 ISA guide (PDF) is not reachable
  here, and the spec is never a model's source.
- gfx120x/wmma.yaml `16x16x16_f16_f16_f16` and `16x16x16_bf16_bf16_bf16`: no lowered function in the committed IR.
- IR functions without an instance of their own whose parameter is not a sparsity selector (gfx11 `..._opsel`)
  are not executed.
- Copies (buffer, LDS, TDM): not attempted.

A simulator instead of models: gem5's AMD GPU model cannot run here. `apt-cache search gem5` finds no Debian
package, `pip index versions gem5` / `pip download gem5` find no PyPI distribution, and building gem5 from source
needs its sources from the network (unreachable for git here) plus hours of SCons on this machine's 2 cores, and its
GPU model is CDNA-only (no RDNA3/RDNA4 WMMA): not practical as this rung's executor.

Cost: the whole run takes the seconds stated above on this 2-core machine (limit: 10 minutes).
"""


def mma_specs() -> list[Path]:
    return sorted(p for p in ROCDL.rglob("*.yaml") if p.name != "backend.yaml")


def model_label(source: str) -> str:
    if not source:
        return "-"
    if source.startswith("AMD document, single-sourced"):
        return "document (single)"
    if source.startswith("AMD Matrix Instruction Calculator layout +"):
        return "calculator layout + document formats"
    return "calculator"


def row(o: Outcome) -> str:
    status = ("pass" if o.passed else "**FAIL**") if o.executed else "not executed"
    counts: dict[str, list[int]] = {}
    for label, verdict in o.negatives.items():
        base = label.split(" (@")[0]
        counts.setdefault(base, [0, 0])
        if verdict.startswith("detected"):
            counts[base][0] += 1
        elif verdict == "NOT DETECTED":
            counts[base][1] += 1
    detected = [k + (f" (x{d})" if d > 1 else "") for k, (d, _) in counts.items() if d]
    missed = [k for k, (_, m) in counts.items() if m]
    negatives = ", ".join(detected) + (f"; **not detected: {', '.join(missed)}**" if missed else "")
    return (f"| `{o.spec.removeprefix('specs/rocdl/')}` | `{o.instance}` | `{o.instruction}` | {status} | "
            f"{o.detail or o.reason} | {model_label(o.model_source)} | {negatives or '-'} |")


def main() -> int:
    paths = [Path(p) for p in sys.argv[1:]] or mma_specs()
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    for path in paths:
        outcomes += run_spec(path)
    seconds = time.perf_counter() - start
    executed = [o for o in outcomes if o.executed]
    passed = [o for o in executed if o.passed]
    negatives = [v for o in executed for v in o.negatives.values() if not v.startswith("not applicable")]
    detected = [v for v in negatives if v.startswith("detected")]
    summary = (f"{len(outcomes)} MMA instances; {len(executed)} executed, {len(passed)} pass, "
               f"{len(executed) - len(passed)} fail; negative controls: {len(detected)} of {len(negatives)} "
               f"detected; {seconds:.1f} s on {os.cpu_count()} CPU cores ({platform.machine()})")
    rows = [row(o) for o in outcomes]
    if sys.argv[1:]:
        print("\n".join(rows) + "\n\n" + summary)
    else:
        (EVIDENCE / "rocdl-execution.json").write_text(json.dumps(
            {"summary": summary, "seconds": round(seconds, 1), "instances": [o.record() for o in outcomes]},
            indent=1) + "\n")
        (EVIDENCE / "rocdl-execution.md").write_text(
            HEAD.replace("{summary}", summary) + "\n| spec | instance | instruction | result | detail | model | "
            "negative controls detected |\n|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n")
        print(summary)
    return 0 if len(passed) == len(executed) and len(detected) == len(negatives) else 1


if __name__ == "__main__":
    sys.exit(main())
