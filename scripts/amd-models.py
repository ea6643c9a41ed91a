"""Instruction models from AMD's Matrix Instruction Calculator, committed as facts (issue 50).

    python scripts/amd-models.py CALCULATOR_CHECKOUT            # rewrite atomgen/execution/models/*.json
    python scripts/amd-models.py CALCULATOR_CHECKOUT --check    # exit 1 if the committed facts differ

The calculator (ROCm/amd_matrix_instruction_calculator) runs as a subprocess in its checkout, with `tabulate`
installed or under CHECKOUT/site, exactly as scripts/amd-calculator.py runs it; none of its code or text is
committed, only what its answers say per instruction: M, N, K, blocks, the data format of each register operand,
whether A is sparse, and for each operand A, B, C, D (and K, a sparse instruction's compression indices) the
element held by every (lane, register slice) of the wave (--matrix-layout --csv). Modifier effects are recorded as
layouts at that modifier value: OPSEL 4 on RDNA3's 16-bit C/D (the result in bits [31:16]), the sparse selector
(CDNA3 SMFMAC ABID, RDNA4 SWMMAC index_key = the calculator's OPSEL) on K. The models never read a spec.

Architectures: the calculator's CDNA3 (wave64), RDNA3 and RDNA4 (wave32 and wave64) - the ones whose chips
atomgen targets. gfx950 (CDNA4) and gfx1250 instructions are not in the calculator (1.3.2, its newest commit has
no CDNA4): cdna4.json is written from AMD's CDNA4 document instead, each instruction marked with its source:

    python scripts/amd-models.py --cdna4            # rewrite atomgen/execution/models/cdna4.json
    python scripts/amd-models.py --cdna4 --check
    python scripts/amd-models.py --gfx1250          # rewrite atomgen/execution/models/gfx1250.json (needs triton 3.9.0)
    python scripts/amd-models.py --gfx1250 --check

gfx1250 has no AMD document or calculator table: its models are Triton 3.9.0's gfx1250 WMMA layouts (TRITON below),
single-sourced, computed by Triton's own library at regeneration time (no spec is read). The CDNA4 scaled MFMA's
per-lane scale placement is Triton's gfx950 scaled-MFMA scale layout (TRITON_MFMA_SCALE).

- v_mfma_scale_f32_32x32x64_f8f6f4: single-sourced from AMD's ROCm blog "Matrix Core Programming on AMD CDNA3 and
  CDNA4 architecture" (BLOG below): its HIP kernels' register loads for fp8 x fp8 and fp4 x fp4 (A, B) and stores
  (C/D); the format codes (cbsz/blgp 0..4) from its intrinsic description; the scale E8M0 2^(e-127), applied after
  the dot product of each 32-element K block. Which lane's scale byte applies to which (row, K block) is in the
  blog's figure only (not readable here) and the CDNA4 ISA guide (not reachable here): the model takes one scale
  word for the whole wave (the blog's own example) and refuses lanes that differ. OPSEL: only 0 (byte 0, the
  blog's example) is modelled. fp6 and the mixed fp8 x fp4 / fp8 x fp6 layouts, and 16x16x128, are not in the
  blog: no model.
- the OCP fp8/bf8 MFMAs of gfx950 (same opcodes as gfx942's v_mfma_f32_{16x16x32,32x32x16}_{fp8,bf8}_{fp8,bf8}):
  the calculator's CDNA3 layout of the same instruction, with the formats CDNA4 reads (BLOG: "the CDNA4
  architecture uses E4M3FN and E5M2 (OCP) variants"); the blog's 32x32x16 fp8 kernel loads that layout (checked
  below).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "atomgen" / "execution" / "models"
# model file -> (calculator architecture, wave size or None where the calculator takes no -w)
TARGETS = {"cdna3": ("cdna3", None), "rdna3-wave32": ("rdna3", 32), "rdna3-wave64": ("rdna3", 64),
           "rdna4-wave32": ("rdna4", 32), "rdna4-wave64": ("rdna4", 64)}
# the calculator's data-type descriptions (its -d "Register data types") -> format names the executor decodes;
# an unknown description stops the script (a new format is a decision, not a default)
FORMATS = {
    "FP64 (IEEE binary64 floating point)": "f64",
    "FP32 (IEEE binary32 floating point)": "f32",
    "FP16 (IEEE binary16 floating point)": "f16",
    "BF16 (Brain floating point)": "bf16",
    "int32 (Signed 32-bit integer)": "i32",
    "int8 (Signed 8-bit integer)": "i8",
    "IU8 (Signed/unsigned 8-bit integer)": "iu8",
    "IU4 (Signed/unsigned 4-bit integer)": "iu4",
    "FP8 (AMD 4-bit exponent, 3-bit mantissa floating point)": "fp8_e4m3fnuz",
    "BF8 (AMD 5-bit exponent, 2-bit mantissa floating point)": "bf8_e5m2fnuz",
    "FP8 (OCP 4-bit exponent, 3-bit mantissa floating point)": "fp8_e4m3fn",
    "BF8 (OCP 5-bit exponent, 2-bit mantissa floating point)": "bf8_e5m2",
    "A matrix compression indices": "index",
}
CELL = re.compile(r"([ABCDK])\[(\d+)\]\[(\d+)\](?:\.B(\d+))?")
SLOT = re.compile(r"v(?:(\d+)|\[(\d+):(\d+)\])(?:\.\[(\d+):(\d+)\])?$")


def calculator(checkout: Path, *args: str) -> str:
    path = [p for p in (os.environ.get("PYTHONPATH"), str(checkout / "site")) if p]
    return subprocess.run([sys.executable, "matrix_calculator.py", *args], cwd=checkout, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(path)}, check=True).stdout


def version(checkout: Path) -> str:
    return calculator(checkout, "--version").strip().splitlines()[-1]


def instructions(checkout: Path, arch: str) -> list[str]:
    return [line.strip() for line in calculator(checkout, "-a", arch, "-L").splitlines() if line[:4] == "    "]


def _slot(header: str) -> list[int]:
    """'v3' -> [3, 0, 31]; 'v2.[15:0]' -> [2, 0, 15]; 'v[1:0]' -> [0, 0, 63] (register, low bit, high bit)."""
    match = SLOT.match(header.strip())
    if match is None:
        raise ValueError(f"unknown register slice {header!r}")
    if match[1] is not None:
        register, width = int(match[1]), 32
    else:
        register, width = int(match[3]), 32 * (int(match[2]) - int(match[3]) + 1)
    if match[4] is not None:
        return [register, int(match[5]), int(match[4])]
    return [register, 0, width - 1]


def layout(checkout: Path, arch: str, wave: int | None, name: str, matrix: str, flag: str = "",
           value: int = 0) -> dict[str, Any]:
    """{"slots": [[register, low, high], ...], "lanes": [[cell per slot] per lane]}, a cell the elements
    [[row, column, block], ...] the slice holds (several: a sparse A or K chunk; none: a lane the operand leaves
    unused)."""
    args = ["-a", arch, "-i", name, "-k" if matrix == "K" else f"-{matrix}", "--matrix-layout", "--csv"]
    args += ["-w", str(wave)] if wave else []
    args += [f"--{flag}", str(value)] if flag else []
    rows = list(csv.reader(io.StringIO(calculator(checkout, *args))))
    header = next(r for r in rows if r and r[0] == "lane")
    lanes: list[list[list[list[int]]]] = []
    for row in rows:
        if row and row[0].isdigit():
            assert int(row[0]) == len(lanes), (name, matrix, row[0])
            lanes.append([[[int(m[2]), int(m[3]), int(m[4] or 0)] for m in CELL.finditer(cell) if m[1] == matrix
                           or (matrix == "C" and m[1] == "D")] for cell in row[1:]])
    return {"slots": [_slot(h) for h in header[1:]], "lanes": lanes}


def details(checkout: Path, arch: str, wave: int | None, name: str) -> dict[str, Any]:
    text = calculator(checkout, "-a", arch, "-i", name, "-d", *(["-w", str(wave)] if wave else []))
    found = {key: int(value) for key, value in re.findall(r"^\s+(M|N|K|blocks): (\d+)$", text, re.M)}
    types = dict(re.findall(r"^\s+(Src0|Src1|Src2|Vdst): (.+?)\s*$", text, re.M))
    unknown = sorted({t for t in types.values() if t not in FORMATS})
    if unknown:
        raise SystemExit(f"{arch} {name}: unknown data type(s) {unknown}: add them to FORMATS")
    flags = dict(re.findall(r"^\s+(Sparse A matrix|OPSEL\[2\] supported|NEG bits supported|"
                            r"CBSZ and ABID bits supported|BLGP bits supported): (True|False)$", text, re.M))
    return {"m": found["M"], "n": found["N"], "k": found["K"], "blocks": found.get("blocks", 1),
            "formats": {"A": FORMATS[types["Src0"]], "B": FORMATS[types["Src1"]], "C": FORMATS[types["Src2"]],
                        "D": FORMATS[types["Vdst"]]},
            "sparse": flags.get("Sparse A matrix") == "True" or name.startswith(("v_smfmac", "v_swmmac")),
            "modifiers": {"opsel_hi": flags.get("OPSEL[2] supported") == "True",
                          "neg": flags.get("NEG bits supported") == "True",
                          "cbsz_abid": flags.get("CBSZ and ABID bits supported") == "True",
                          "blgp": flags.get("BLGP bits supported") == "True"}}


def model(checkout: Path, arch: str, wave: int | None, name: str) -> dict[str, Any]:
    facts = details(checkout, arch, wave, name)
    matrices = "ABDK" if facts["sparse"] else "ABCD"  # sparse: C is D's registers (the calculator has no -C)
    facts["operands"] = {m: layout(checkout, arch, wave, name, m) for m in matrices}
    variants: dict[str, Any] = {}
    if facts["modifiers"]["opsel_hi"] and facts["formats"]["D"] in ("f16", "bf16"):
        variants["opsel=4"] = {m: layout(checkout, arch, wave, name, m, "opsel", 4) for m in "CD"}
    if facts["sparse"]:  # the selector: CDNA3 ABID, RDNA4 index_key (the calculator's OPSEL)
        flag = "opsel" if arch.startswith("rdna") else "abid"
        for value in range(1, 4):
            try:
                variants[f"{flag}={value}"] = {"K": layout(checkout, arch, wave, name, "K", flag, value)}
            except subprocess.CalledProcessError:
                break  # the calculator refuses a selector the instruction lacks
    if variants:
        facts["variants"] = variants
    return facts


def generate(checkout: Path, target: str) -> dict[str, Any]:
    arch, wave = TARGETS[target]
    names = instructions(checkout, arch)
    with ThreadPoolExecutor(max_workers=2) as pool:
        found = list(pool.map(lambda n: model(checkout, arch, wave, n), names))
    return {"source": f"{version(checkout)} (ROCm/amd_matrix_instruction_calculator"
                      f" @{_commit(checkout)}), --architecture {arch}" + (f" --wavefront {wave}" if wave else ""),
            "architecture": arch, "wave": wave or 64, "instructions": dict(zip(names, found))}


def _commit(checkout: Path) -> str:
    try:
        return subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short=8", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown"


def dumps(facts: dict[str, Any]) -> str:
    """One instruction per block, one operand per line: reviewable diffs, no megabyte lines."""
    head = {k: v for k, v in facts.items() if k != "instructions"}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()] + ['  "instructions": {']
    names = list(facts["instructions"])
    for index, name in enumerate(names):
        fact = facts["instructions"][name]
        lines.append(f"    {json.dumps(name)}: {{")
        keys = list(fact)
        for position, key in enumerate(keys):
            end = "," if position < len(keys) - 1 else ""
            if key in ("operands", "variants"):
                lines.append(f"      {json.dumps(key)}: {{")
                items = list(fact[key].items())
                for i, (sub, value) in enumerate(items):
                    lines.append(f"        {json.dumps(sub)}: {json.dumps(value, separators=(',', ':'))}"
                                 + ("," if i < len(items) - 1 else ""))
                lines.append("      }" + end)
            else:
                lines.append(f"      {json.dumps(key)}: {json.dumps(fact[key])}{end}")
        lines.append("    }" + ("," if index < len(names) - 1 else ""))
    return "\n".join(lines + ["  }", "}", ""])


BLOG = ("AMD ROCm blog 'Matrix Core Programming on AMD CDNA3 and CDNA4 architecture' (Salykov, Luo, Huang, Sun, "
        "30 Sep 2025; ROCm/rocm-blogs blogs/software-tools-optimization/matrix-cores-cdna/README.md)")
OCP = {"fp8_e4m3fnuz": "fp8_e4m3fn", "bf8_e5m2fnuz": "bf8_e5m2"}
# the blog's intrinsic description: "Atype ... 0 = E4M3 (fp8), 1 = E5M2 (bf8), 2 = E2M3 (fp6), 3 = E3M2 (bf6),
# 4 = E2M1 (fp4)" (cbsz for A, blgp for B)
FORMAT_CODES = {"0": "fp8_e4m3fn", "1": "bf8_e5m2", "2": "fp6_e2m3", "3": "bf6_e3m2", "4": "fp4_e2m1"}


def _operand(slots: list[list[int]], place: Any) -> dict[str, Any]:
    """An operand model from `place(lane, slot index) -> (row, column)`."""
    return {"slots": slots, "lanes": [[[[*place(lane, i), 0]] for i in range(len(slots))] for lane in range(64)]}


def _slots(count: int, bits: int) -> list[list[int]]:
    per = 32 // bits
    return [[v // per, bits * (v % per), bits * (v % per) + bits - 1] for v in range(count)]


def _blog_d32() -> dict[str, Any]:
    # the 32x32 kernels' stores: C[t%32 + (t/32)*4*32 + j*32 + i*32*8] = c_reg[4i + j] (row-major, 32 columns)
    return _operand(_slots(16, 32), lambda t, v: (8 * (v // 4) + 4 * (t // 32) + v % 4, t % 32))


CK_SPARSE = ("Composable Kernel's gfx950 sparse amdgcn_mma numbers (ROCm/composable_kernel "
             "include/ck_tile/core/arch/mma/sparse/mfma/sparse_gfx9.hpp @05d45561, amdgcn_mma_base: K per lane, "
             "A's and B's K accesses; read, not copied)")
GCNASM = ("AMD engineer's gfx950 example carlushuang/gcnasm matrix_core_gfx950/matrix_core.cc @408f1748 "
          "(matrix_core_kernel_standard: v_mfma_f32_32x32x16_f16's A, B loads and C stores)")
WAVE_OPSEL = ("iree-org/wave lit test of amdgpu.scaled_mfma's opsel ('use opsel (byte selection) ... select the byte "
              "from a packed VGPR')")
# gfx950 instructions that are CDNA3's same-family instruction with each lane's K run doubled (IntrinsicsAMDGPU.td:
# twice the A/B operand width, the same C/D)
TRITON_MFMA_SCALE = ("Triton 3.9.0's gfx950 scaled-MFMA scale layout (gluon_ir.get_amd_mfma_scale_layout, the layout "
                     "its tl.dot_scaled lowering gives the scale operand): one scale byte per lane, lane t for row "
                     "(A) / column (B) t % M and K block t // M")
DOUBLED = {"v_mfma_f32_16x16x32_f16": "v_mfma_f32_16x16x16_f16", "v_mfma_f32_32x32x16_f16": "v_mfma_f32_32x32x8_f16",
           "v_mfma_f32_16x16x32_bf16": "v_mfma_f32_16x16x16_bf16",
           "v_mfma_f32_32x32x16_bf16": "v_mfma_f32_32x32x8_bf16",
           "v_mfma_i32_16x16x64_i8": "v_mfma_i32_16x16x32_i8", "v_mfma_i32_32x32x32_i8": "v_mfma_i32_32x32x16_i8"}
# gfx950 SMFMAC -> (CDNA3 SMFMAC of the same M, N and formats: its C/D; CK's K per lane; B's K accesses)
SMFMAC = {
    **{f"v_smfmac_f32_16x16x64_{t}": (f"v_smfmac_f32_16x16x32_{t}", 16, 2) for t in ("f16", "bf16")},
    **{f"v_smfmac_f32_32x32x32_{t}": (f"v_smfmac_f32_32x32x16_{t}", 16, 2) for t in ("f16", "bf16")},
    **{f"v_smfmac_{d}_16x16x128_{t}": (f"v_smfmac_{d}_16x16x64_{t}", 32, 2)
       for d, t in (("i32", "i8"), ("f32", "fp8_fp8"), ("f32", "fp8_bf8"), ("f32", "bf8_fp8"), ("f32", "bf8_bf8"))},
    **{f"v_smfmac_{d}_32x32x64_{t}": (f"v_smfmac_{d}_32x32x32_{t}", 32, 2)
       for d, t in (("i32", "i8"), ("f32", "fp8_fp8"), ("f32", "fp8_bf8"), ("f32", "bf8_fp8"), ("f32", "bf8_bf8"))},
}


def _packed_slots(count: int, bits: int) -> list[list[int]]:
    """Value v at bits [v*bits, (v+1)*bits) of the operand's registers taken as one bit string (a 6-bit value
    may straddle two registers: [register, low, high] with high past 31)."""
    return [[v * bits // 32, v * bits % 32, v * bits % 32 + bits - 1] for v in range(count)]


def _scaled_operand(m: int, fmt: str, transpose: bool) -> dict[str, Any]:
    """A (or B, transposed) of v_mfma_scale_f32_{32x32x64,16x16x128}_f8f6f4 in format `fmt`: fp8 two 16-value K
    runs per lane (the blog's fp8 kernel, k = 16*(lane/m) + v%16 + 16*G*(v/16), G = 64/m), fp4 and fp6 32
    consecutive K (the blog's fp4 kernel, k = 32*(lane/m) + v)."""
    groups, bits = 64 // m, int(fmt[2]) if fmt[:2] in ("fp", "bf") else 8
    if fmt.startswith(("fp8", "bf8")):
        bits = 8

        def k_of(t: int, v: int) -> int:
            return 16 * (t // m) + v % 16 + 16 * groups * (v // 16)
    else:
        def k_of(t: int, v: int) -> int:
            return 32 * (t // m) + v

    def place(t: int, v: int) -> tuple[int, int]:
        return (k_of(t, v), t % m) if transpose else (t % m, k_of(t, v))
    return _operand(_packed_slots(32, bits), place)


def scaled(m: int, d: dict[str, Any]) -> dict[str, Any]:
    """v_mfma_scale_f32_{32x32x64,16x16x128}_f8f6f4: A, B per format pair (cbsz, blgp), each operand in its own
    format's layout; C/D `d`; one E8M0 scale word per wave, OPSEL n reads byte n."""
    k = 64 * 32 // m
    variants = {f"cbsz={a},blgp={b}": {"A": _scaled_operand(m, FORMAT_CODES[str(a)], False),
                                       "B": _scaled_operand(m, FORMAT_CODES[str(b)], True)}
                for a in range(5) for b in range(5)}
    documented = {"cbsz=0,blgp=0", "cbsz=0,blgp=1", "cbsz=1,blgp=0", "cbsz=1,blgp=1", "cbsz=4,blgp=4"}
    sources = {}
    for pair in variants:
        if m == 32 and pair in documented:
            kernel = "mfma_fp32_32x32x64_fp4_fp4" if pair == "cbsz=4,blgp=4" else "mfma_fp32_32x32x64_fp8_fp8"
            sources[pair] = f"single: {BLOG}, the kernel '{kernel}''s a_reg/b_reg loads and c_reg stores"
        else:
            sources[pair] = (f"derived: each operand in its own format's layout of the blog's 32x32x64 kernels "
                             f"(fp8: two 16-value K runs; fp4, and fp6 like fp4: 32 consecutive K, fp6 packed 6 bits "
                             f"a value across LLVM's v6i32){', M = 16 (G = 4)' if m == 16 else ''}; C/D "
                             f"{'the calculator CDNA3 v_mfma_f32_16x16x16_f16 D' if m == 16 else 'the blog'}")
    triton = TritonLayouts()
    lanes = {matrix: _scale_lanes(triton.mfma_scale(index, m, k), 64) for index, matrix in enumerate("AB")}
    return {"m": m, "n": m, "k": k, "blocks": 1, "formats": {"A": "cbsz", "B": "blgp", "C": "f32", "D": "f32"},
            "sparse": False, "modifiers": {"opsel_hi": False, "neg": False, "cbsz_abid": True, "blgp": True},
            "scaled": {"block": 32, "format_codes": FORMAT_CODES, "opsel_bytes": {str(i): i for i in range(4)},
                       "sources": sources, "scale": lanes,
                       "scale_source": f"single: {TRITON_MFMA_SCALE}"},
            "source": (f"single: {BLOG} (the 32x32x64 fp8 x fp8 and fp4 x fp4 kernels; the format codes; the E8M0 "
                       f"scale 2^(e-127) after the dot product); other pairs and 16x16x128 derived per operand format "
                       f"(scaled.sources); OPSEL n reads scale byte n: {WAVE_OPSEL}; the lane whose scale applies to a "
                       f"row (A) / column (B) and K block: {TRITON_MFMA_SCALE}"),
            "operands": {"C": d, "D": d}, "variants": variants}


def _double_k(operand: dict[str, Any], along: int) -> dict[str, Any]:
    """CDNA3's operand with each lane's K run doubled: a lane holding K g*L .. g*L+L-1 in its L slots holds
    2gL .. 2gL+2L-1 in 2L slots (the second L in the registers after)."""
    slots = operand["slots"]
    run = len(slots)
    registers = max(s[0] for s in slots) + 1
    lanes = []
    for cells in operand["lanes"]:
        ks = [cell[0][along] for cell in cells]
        group = ks[0] // run
        assert ks == [group * run + j for j in range(run)], ks  # one contiguous run per lane, in slot order
        first = [[[*c[0][:along], 2 * run * group + j, *c[0][along + 1:]]] for j, c in enumerate(cells)]
        second = [[[*c[0][:along], 2 * run * group + run + j, *c[0][along + 1:]]] for j, c in enumerate(cells)]
        lanes.append(first + second)
    return {"slots": slots + [[r + registers, lo, hi] for r, lo, hi in slots], "lanes": lanes}


def doubled(cdna3: dict[str, Any], name: str, base: str) -> dict[str, Any]:
    fact = cdna3["instructions"][base]
    ops = {"A": _double_k(fact["operands"]["A"], 1), "B": _double_k(fact["operands"]["B"], 0),
           "C": fact["operands"]["C"], "D": fact["operands"]["D"]}
    return {**{k: v for k, v in fact.items() if k not in ("operands", "variants")}, "k": 2 * fact["k"],
            "source": f"derived: the calculator's CDNA3 layout of {base} ({cdna3['source']}) with each lane's K run "
                      f"doubled (IntrinsicsAMDGPU.td: twice the A/B width, the same C/D); checked against {GCNASM}",
            "operands": ops}


def _ck_k(per_lane: int, accesses: int, k: int, group: int, item: int) -> int:
    """CK's K of item `item` of a lane of K group `group`: K = K2 * K1 * K0, the lane (K1, row), the item (K2, K0)."""
    runs, groups = per_lane // accesses, k // per_lane
    return (item // runs) * groups * runs + group * runs + item % runs


def smfmac(cdna3: dict[str, Any], name: str) -> dict[str, Any]:
    base, per_lane, b_accesses = SMFMAC[name]
    fact = cdna3["instructions"][base]
    m, n, k = fact["m"], fact["n"], 2 * fact["k"]
    width = 16 if fact["formats"]["A"] in ("f16", "bf16") else 8
    chunks = per_lane // 4
    a_slots = [[2 * c * width // 32, 2 * c * width % 32, 2 * c * width % 32 + 2 * width - 1] for c in range(chunks)]

    def chunk(t: int, c: int) -> list[list[int]]:
        k0 = _ck_k(per_lane, 1, k, t // m, 4 * c)
        return [[t % m, k0 + i, 0] for i in range(4)]
    a = {"slots": a_slots, "lanes": [[chunk(t, c) for c in range(chunks)] for t in range(64)]}
    b = _operand(_slots(per_lane, width), lambda t, v: (_ck_k(per_lane, b_accesses, k, t // n, v), t % n))

    def index(set_: int) -> dict[str, Any]:
        return {"slots": [[0, 4 * chunks * set_ + 4 * c, 4 * chunks * set_ + 4 * c + 3] for c in range(chunks)],
                "lanes": [[chunk(t, c) for c in range(chunks)] for t in range(64)]}
    formats = {mat: OCP.get(f, f) for mat, f in fact["formats"].items()}
    out = {"m": m, "n": n, "k": k, "blocks": 1, "formats": formats, "sparse": True, "modifiers": fact["modifiers"],
           "source": f"single: {CK_SPARSE}: A one K run of {per_lane} (2 nonzeros a chunk of 4), B {b_accesses} runs, "
                     f"index j of a lane at bits 2j (a set of {4 * chunks} bits, abid picks the set); C/D the "
                     f"calculator's CDNA3 {base} D; CK's CDNA3 numbers give the calculator's CDNA3 SMFMAC layouts "
                     "(docs/evidence/sparse-mma.md)",
           "operands": {"A": a, "B": b, "D": fact["operands"]["D"], "K": index(0)}}
    if 32 // (4 * chunks) > 1:
        out["variants"] = {f"abid={s}": {"K": index(s)} for s in range(1, 32 // (4 * chunks))}
    return out


def cdna4() -> dict[str, Any]:
    cdna3 = json.loads((MODELS / "cdna3.json").read_text())
    found: dict[str, Any] = {}
    for name, fact in cdna3["instructions"].items():
        if fact["sparse"] or not {fact["formats"]["A"], fact["formats"]["B"]} <= set(OCP):
            continue
        ocp = {**fact, "formats": {m: OCP.get(f, f) for m, f in fact["formats"].items()}}
        ocp["source"] = (f"derived: the CDNA3 layout of {name} ({cdna3['source']}) with CDNA4's OCP fp8/bf8 ({BLOG}, "
                         "'Low-Precision Floating-Point Types': 'the CDNA4 architecture uses E4M3FN and E5M2 (OCP) "
                         "variants')")
        found[name] = dict(sorted(ocp.items(), key=lambda kv: kv[0] in ("operands", "variants")))
    # the blog's 32x32x16 fp8 kernel: a_reg = A[t%32][8*(t/32) + i], b_reg[i] = B[i + 8*(t/32)][t%32], C as 32x32
    blog = {"A": _operand(_slots(8, 8), lambda t, v: (t % 32, 8 * (t // 32) + v)),
            "B": _operand(_slots(8, 8), lambda t, v: (8 * (t // 32) + v, t % 32)), "D": _blog_d32()}
    for matrix, operand in blog.items():
        assert operand == found["v_mfma_f32_32x32x16_fp8_fp8"]["operands"][matrix], matrix
    for name, base in DOUBLED.items():
        found[name] = doubled(cdna3, name, base)
    # gcnasm's v_mfma_f32_32x32x16_f16 kernel: A[t%32][8*(t/32) + i], B (stored N x K) [t%32][8*(t/32) + i],
    # C row 4*(t/32) + i%4 + 8*(i/4), column t%32
    gcnasm = {"A": _operand(_slots(8, 16), lambda t, v: (t % 32, 8 * (t // 32) + v)),
              "B": _operand(_slots(8, 16), lambda t, v: (8 * (t // 32) + v, t % 32)), "D": _blog_d32()}
    for matrix, operand in gcnasm.items():
        assert operand == found["v_mfma_f32_32x32x16_f16"]["operands"][matrix], matrix
    for name in SMFMAC:
        found[name] = smfmac(cdna3, name)
    # CK's numbers read the same way give the calculator's CDNA3 SMFMAC (one run of A and of B)
    for base, per_lane, _ in SMFMAC.values():
        fact = cdna3["instructions"][base]
        k, n = fact["k"], fact["n"]
        want = [[[[_ck_k(per_lane // 2, 1, k, t // n, v), t % n, 0]] for v in range(per_lane // 2)] for t in range(64)]
        assert fact["operands"]["B"]["lanes"] == want, base
    found["v_mfma_scale_f32_32x32x64_f8f6f4"] = scaled(32, _blog_d32())
    found["v_mfma_scale_f32_16x16x128_f8f6f4"] = scaled(16, cdna3["instructions"]["v_mfma_f32_16x16x16_f16"]
                                                        ["operands"]["D"])
    return {"source": f"AMD CDNA4 documents and AMD engineers' code (per instruction: 'single: ...' or 'derived: "
                      f"...'); {BLOG}", "architecture": "cdna4", "wave": 64, "instructions": found}


# ------------------------------------------------------------------------------------------------- gfx1250

TRITON = ("Triton 3.9.0 (PyPI wheel; triton-lang/triton third_party/amd), its gfx1250 layouts computed by its own "
          "C++ library: gluon_ir.GluonOpBuilder.to_linear_layout of AMDWMMALayout(version=3, instr_shape) and "
          "DotOperandLayout(k_width) (LinearLayoutConversions.cpp, wmma v3), gluon_ir.get_amd_wmma_scale_layout")
PACKING = ("each lane's operand vector holds Triton's registers in order, kWidth at a time (WMMA.cpp "
           "getValuesFromDotOperandLayoutStruct @fd237c7c), D's element v is Triton's C register v (version >= 2: "
           "no padding), fp4 two values a byte, low nibble first (tl.dot_scaled's e2m1 packing)")
NO_GFX1250_DOCUMENT = ("single: no AMD document describes gfx1250's WMMA registers (the calculator's newest commit "
                       "2ef9189 has no gfx1250; no gfx1250 / MI400 / CDNA5 ISA guide is reachable here); the model is "
                       "Triton's gfx1250 layout, AMD-engineered: ")
# LLVM's MatrixFMT (llc-22 prints i32 0..4 as MATRIX_FMT_FP8, _BF8, _FP6, _BF6, _FP4); Triton expresses no fp6
GFX1250_FORMATS = {"0": "fp8_e4m3fn", "1": "bf8_e5m2", "2": "fp6_e2m3", "3": "bf6_e3m2", "4": "fp4_e2m1"}
TRITON_FORMATS = ("0", "1", "4")
# instruction -> (M, N, K, A/B format, C format, D format, Triton's kWidth): Triton's own kWidth choice per format
# (docs: /work/shared/TRITON_AMD_LAYOUTS.md: gfx1250 f16 and fp8 8, f32 2); i8 like fp8 (8-bit)
GFX1250_DENSE = {
    "v_wmma_f32_16x16x4_f32": (16, 16, 4, "f32", "f32", "f32", 2),
    "v_wmma_f32_16x16x32_f16": (16, 16, 32, "f16", "f32", "f32", 8),
    "v_wmma_f16_16x16x32_f16": (16, 16, 32, "f16", "f16", "f16", 8),
    "v_wmma_f32_16x16x32_bf16": (16, 16, 32, "bf16", "f32", "f32", 8),
    "v_wmma_bf16_16x16x32_bf16": (16, 16, 32, "bf16", "bf16", "bf16", 8),
    "v_wmma_bf16f32_16x16x32_bf16": (16, 16, 32, "bf16", "f32", "bf16", 8),
    "v_wmma_i32_16x16x64_iu8": (16, 16, 64, "iu8", "i32", "i32", 8),
    **{f"v_wmma_{d}_16x16x{k}_{a}_{b}": (16, 16, k, f"{a}_{b}", d, d, 8)
       for d in ("f32", "f16") for k in (64, 128) for a in ("fp8", "bf8") for b in ("fp8", "bf8")},
}
OCP8 = {"fp8": "fp8_e4m3fn", "bf8": "bf8_e5m2"}


class TritonLayouts:
    """Triton's linear layouts (its C++ library, no GPU): register, lane bases of an operand tile."""

    def __init__(self) -> None:
        from triton._C.libtriton import gluon_ir, ir  # type: ignore[import-untyped]

        self.gluon_ir = gluon_ir
        self.context = ir.context()
        ir.load_dialects(self.context)
        self.builder = gluon_ir.GluonOpBuilder(self.context)

    def _bases(self, layout: Any, shape: list[int]) -> tuple[list[list[int]], list[list[int]]]:
        linear = self.builder.to_linear_layout(layout._to_ir(self.builder), shape)
        return [list(b) for b in linear.reg_bases], [list(b) for b in linear.lane_bases]

    def wmma(self, instr: list[int]) -> Any:
        from triton.experimental.gluon.language import amd  # type: ignore[import-untyped]

        return amd.AMDWMMALayout(version=3, transposed=False, warp_bases=[], instr_shape=instr)

    def c(self, m: int, n: int, k: int) -> tuple[list[list[int]], list[list[int]]]:
        return self._bases(self.wmma([m, n, k]), [m, n])

    def operand(self, index: int, instr: list[int], k_width: int, shape: list[int]
                ) -> tuple[list[list[int]], list[list[int]]]:
        from triton.experimental.gluon.language import DotOperandLayout  # type: ignore[import-untyped]

        return self._bases(DotOperandLayout(operand_index=index, parent=self.wmma(instr), k_width=k_width), shape)

    def wmma_scale(self, index: int, m: int, n: int, block: int, k: int) -> tuple[list[list[int]], list[list[int]]]:
        linear = self.gluon_ir.get_amd_wmma_scale_layout(index, [m if index == 0 else n, k // block], m, n, False,
                                                         block, [], [], [])
        return [list(b) for b in linear.reg_bases], [list(b) for b in linear.lane_bases]

    def mfma_scale(self, index: int, m: int, k: int) -> tuple[list[list[int]], list[list[int]]]:
        linear = self.gluon_ir.get_amd_mfma_scale_layout(index, [m, k // 32], m, [1, 1], [1, 1])
        return [list(b) for b in linear.reg_bases], [list(b) for b in linear.lane_bases]


def _point(bases: list[list[int]], bits: int) -> tuple[int, int]:
    row = col = 0
    for position, basis in enumerate(bases):
        if bits >> position & 1:
            row ^= basis[0]
            col ^= basis[1]
    return row, col


def _triton_operand(bases: tuple[list[list[int]], list[list[int]]], bits: int, lanes: int = 32,
                    packed: int = 1) -> dict[str, Any]:
    """An operand model from Triton's (register, lane) bases: lane t's value v (Triton's register v // packed,
    nibble v % packed along the second coordinate) at bits [v*bits, (v+1)*bits) of the operand vector."""
    registers, lane_bases = bases
    count = (1 << len(registers)) * packed

    def place(t: int, v: int) -> tuple[int, int]:
        lane_row, lane_col = _point(lane_bases, t)
        reg_row, reg_col = _point(registers, v // packed)
        return lane_row ^ reg_row, (lane_col ^ reg_col) * packed + v % packed
    return {"slots": _packed_slots(count, bits),
            "lanes": [[[[*place(t, v), 0]] for v in range(count)] for t in range(lanes)]}


def _transposed(operand: dict[str, Any]) -> dict[str, Any]:
    """Triton's B is (K, N) as our B; a packed B's nibble runs along K: built as (N, K) then swapped here."""
    return {"slots": operand["slots"], "lanes": [[[[c[0][1], c[0][0], 0]] for c in lane] for lane in operand["lanes"]]}


def _scaled_ab(triton: TritonLayouts, m: int, n: int, fmt: str, index: int) -> dict[str, Any]:
    """A (index 0) or B (index 1) of a gfx1250 f8f6f4 WMMA in `fmt`, as Triton's scaled WMMA lays it out:
    fp8/bf8 bytes at kWidth 16 on instr K 128, fp4 packed bytes at kWidth 16 on instr K 64 (bytes)."""
    fp4 = fmt == "fp4_e2m1"
    kb = 64 if fp4 else 128
    rows = m if index == 0 else n
    shape = [rows, kb] if index == 0 else [kb, rows]
    bases = triton.operand(index, [m, n, kb], 16, shape)
    if index == 1:  # (K, N) -> (N, K) so that nibbles run along the second coordinate, then back
        bases = ([b[::-1] for b in bases[0]], [b[::-1] for b in bases[1]])
        return _transposed(_triton_operand(bases, 4 if fp4 else 8, packed=2 if fp4 else 1))
    return _triton_operand(bases, 4 if fp4 else 8, packed=2 if fp4 else 1)


def _scale_lanes(bases: tuple[list[list[int]], list[list[int]]], lanes: int) -> list[list[list[int]]]:
    """Lane t's scale bytes: [[row (A) or column (B), K block] per byte j] (Triton's register j = byte j)."""
    registers, lane_bases = bases
    out = []
    for t in range(lanes):
        lane_row, lane_block = _point(lane_bases, t)
        out.append([[lane_row ^ _point(registers, j)[0], lane_block ^ _point(registers, j)[1]]
                    for j in range(1 << len(registers))])
    return out


# The 32x16x128 f4 forms: Triton 3.9.0's AMDWMMALayout of instr_shape [32, 16, 64] (bytes), the layout a newer
# Triton lowering feeds llvm.amdgcn.wmma.scale.f32.32x16x128.f4 with (WmmaGroup.cpp @0310f175), equals what
# FlyDSL's gfx1250 MXFP4 GEMM (ROCm/FlyDSL kernels/gemm/gemm_fp8fp4_gfx1250.py @33efd75e^, tested against a torch
# reference by tests/kernels/test_gemm_fp8fp4_gfx1250.py) loads: _assert_flydsl_32x16 checks it.
FLYDSL_32X16 = ("corroborated: the same layout is what FlyDSL's gfx1250 MXFP4 GEMM feeds "
                "v_wmma_scale_f32_32x16x128_f4 (ROCm/FlyDSL kernels/gemm/gemm_fp8fp4_gfx1250.py @33efd75e^, A/B "
                "swapped: SRC0 its 32 N-rows, SRC1 its 16 M-rows; tests/kernels/test_gemm_fp8fp4_gfx1250.py) and a "
                "newer Triton's scaled-WMMA lowering selects for 32x16 fp4 (WmmaGroup.cpp @0310f175): A lane t holds "
                "rows t%16 (registers 0-7) and 16+t%16 (8-15), B column t%16, each as 32-value K runs at "
                "K = 32*(t/16) and 64 + 32*(t/16); D value v row 16*(v/8) + 8*(t/16) + v%8, column t%16")
ROW_SELECT = ("matrix_a_scale / matrix_b_scale of a 16-wide operand (16x16x128: A and B; 32x16x128: B): 0 "
              "(MATRIX_SCALE_ROW0) reads row / column c's scales from lane c, 1 (ROW1) from lane 16 + c (FlyDSL's "
              "gfx1250 scaled GEMMs pair two 16-row tiles in one scale VGPR, lanes 0-15 the first, 16-31 the second, "
              "and select the second with ROW1: kernels/gemm/gemm_fp8fp4_gfx1250.py @33efd75e^ as32_opsel / "
              "bs32_opsel / ascale_opsel; under ROW0 lanes 16-31 hold another tile's scales, unread: "
              "kernels/mxfp4_gemm_gfx1250.py @9fad5968 with its simulator-tested test); the 32-row A of "
              "32x16x128: ROW0 only (FlyDSL passes 0 there, 'not applicable for 32x16'; no source says what 1 does)")


def _lane_half(placement: list[list[list[int]]], half: int) -> list[list[list[int]]]:
    """A 16-wide operand's scale placement read from lanes 16*half .. 16*half+15 only (the others: unread)."""
    for t, entries in enumerate(placement):
        assert all(row == t % 16 for row, _ in entries), "Triton's 16-wide scale lane t holds row t%16"
    return [entries if t // 16 == half else [] for t, entries in enumerate(placement)]


def _assert_flydsl_32x16(ab: dict[str, Any], c: dict[str, Any]) -> None:
    """Triton's 32x16x128 f4 model is what FlyDSL's tested MXFP4 GEMM loads (A/B from LDS, D by its epilogue)."""
    for t in range(32):
        h, lo = t // 16, t % 16
        for v in range(128):
            assert ab["A"]["lanes"][t][v][0][:2] == [lo + 16 * (v // 64), 32 * h + 64 * (v % 64 // 32) + v % 32]
        for v in range(64):
            assert ab["B"]["lanes"][t][v][0][:2] == [32 * h + 64 * (v // 32) + v % 32, lo]
        for v in range(16):
            assert c["lanes"][t][v][0][:2] == [16 * (v // 8) + 8 * h + v % 8, lo]


def gfx1250() -> dict[str, Any]:
    triton = TritonLayouts()
    source = NO_GFX1250_DOCUMENT + TRITON + "; " + PACKING
    found: dict[str, Any] = {}
    for name, (m, n, k, ab, fc, fd, k_width) in GFX1250_DENSE.items():
        fa, fb = (OCP8[ab.split("_")[0]], OCP8[ab.split("_")[1]]) if "_" in ab else (ab, ab)
        bits = formats_width(fa)
        a = _triton_operand(triton.operand(0, [m, n, k], k_width, [m, k]), bits)
        b = _triton_operand(triton.operand(1, [m, n, k], k_width, [k, n]), bits)
        c = _triton_operand(triton.c(m, n, k), 32 if fc in ("f32", "i32") else 16)
        d = _triton_operand(triton.c(m, n, k), 32 if fd in ("f32", "i32") else 16)
        found[name] = {"m": m, "n": n, "k": k, "blocks": 1, "formats": {"A": fa, "B": fb, "C": fc, "D": fd},
                       "sparse": False, "modifiers": {"opsel_hi": False, "neg": True, "cbsz_abid": False,
                                                      "blgp": False},
                       "source": f"{source}; kWidth {k_width}", "operands": {"A": a, "B": b, "C": c, "D": d}}
    for name, (m, scaled, block) in {
            "v_wmma_f32_16x16x128_f8f6f4": (16, False, 0), "v_wmma_scale_f32_16x16x128_f8f6f4": (16, True, 32),
            "v_wmma_scale16_f32_16x16x128_f8f6f4": (16, True, 16), "v_wmma_f32_32x16x128_f4": (32, False, 0),
            "v_wmma_scale_f32_32x16x128_f4": (32, True, 32), "v_wmma_scale16_f32_32x16x128_f4": (32, True, 16)}.items():
        n, k = 16, 128
        codes = TRITON_FORMATS if m == 16 else ("4",)
        variants = {f"fmt_a={x},fmt_b={y}": {"A": _scaled_ab(triton, m, n, GFX1250_FORMATS[x], 0),
                                             "B": _scaled_ab(triton, m, n, GFX1250_FORMATS[y], 1)}
                    for x in codes for y in codes}
        c = _triton_operand(triton.c(m, n, k), 32)
        fact: dict[str, Any] = {
            "m": m, "n": n, "k": k, "blocks": 1, "formats": {"A": "fmt_a", "B": "fmt_b", "C": "f32", "D": "f32"},
            "sparse": False, "modifiers": {"opsel_hi": False, "neg": True, "cbsz_abid": False, "blgp": False},
            "source": (f"{source}; A/B per format as Triton's scaled WMMA (tl.dot_scaled) lays them out "
                       f"(kWidth 16 bytes; fp6 and bf6: Triton has none, no layout)"
                       + (f"; {FLYDSL_32X16}" if m == 32 else "")
                       + ("; scales: Triton's get_amd_wmma_scale_layout (scale factor "
                          f"{block}): lane t's byte j is the scale of row t%{m} (A) / column t%16 (B) for K "
                          "block j; scale format 0 (E8M0) only; " + (
                              ROW_SELECT if block == 32 else "matrix_a_scale / matrix_b_scale 0 (MATRIX_SCALE_ROW0) "
                              "only: no source here uses the 16-block form with ROW1") if scaled else "")),
            "scaled": {"block": block, "format_codes": {c_: GFX1250_FORMATS[c_] for c_ in codes},
                       "selects": ["0"], "scale_formats": {"0": "e8m0"}} if scaled else
                      {"block": 0, "format_codes": {c_: GFX1250_FORMATS[c_] for c_ in codes}},
            "operands": {"C": c, "D": c}, "variants": variants}
        if m == 32:
            _assert_flydsl_32x16(variants["fmt_a=4,fmt_b=4"], c)
        if scaled:
            placement = {"A": _scale_lanes(triton.wmma_scale(0, m, n, block, k), 32),
                         "B": _scale_lanes(triton.wmma_scale(1, m, n, block, k), 32)}
            fact["scaled"]["scale"] = placement
            if block == 32:  # MATRIX_SCALE_ROW0 / ROW1 of a 16-wide operand: lanes 0-15 / 16-31 (FlyDSL's kernels)
                wide16 = [w for w, rows in (("A", m), ("B", n)) if rows == 16]
                fact["scaled"]["selects"] = {w: ["0", "1"] if w in wide16 else ["0"] for w in "AB"}
                fact["scaled"]["scale"] = {w: _lane_half(placement[w], 0) if w in wide16 else placement[w]
                                           for w in "AB"}
                fact["scaled"]["scale_row1"] = {w: _lane_half(placement[w], 1) for w in wide16}
        found[name] = fact
    return {"source": f"{TRITON} (per instruction: 'single: ...')", "architecture": "gfx1250", "wave": 32,
            "instructions": found}


def formats_width(fmt: str) -> int:
    return {"f32": 32, "f16": 16, "bf16": 16}.get(fmt, 8)


def main() -> int:
    for flag, name, build in (("--cdna4", "cdna4", cdna4), ("--gfx1250", "gfx1250", gfx1250)):
        if flag not in sys.argv:
            continue
        path, text = MODELS / f"{name}.json", dumps(build())
        if "--check" in sys.argv:
            if not path.exists() or path.read_text() != text:
                print(f"{path.relative_to(ROOT)}: differs from its sources' layouts", file=sys.stderr)
                return 1
            return 0
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)} ({len(json.loads(text)['instructions'])} instructions)")
        return 0
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    checkout, check = Path(args[0]).resolve(), "--check" in sys.argv
    MODELS.mkdir(parents=True, exist_ok=True)
    stale = 0
    for target in TARGETS:
        text = dumps(generate(checkout, target))
        path = MODELS / f"{target}.json"
        if check:
            if not path.exists() or path.read_text() != text:
                print(f"{path.relative_to(ROOT)}: differs from the calculator's answers", file=sys.stderr)
                stale += 1
        else:
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)} ({len(json.loads(text)['instructions'])} instructions)")
    return 1 if stale else 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # Triton's nanobind would print a harmless leak report at interpreter exit
