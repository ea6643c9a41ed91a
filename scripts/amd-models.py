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


def blog_scale_32x32x64() -> dict[str, Any]:
    fp8_a = _operand(_slots(32, 8), lambda t, v: (t % 32, 16 * (t // 32) + v % 16 + 32 * (v // 16)))
    fp8_b = _operand(_slots(32, 8), lambda t, v: (16 * (t // 32) + v % 16 + 32 * (v // 16), t % 32))
    fp4_a = _operand(_slots(32, 4), lambda t, v: (t % 32, 32 * (t // 32) + v))
    fp4_b = _operand(_slots(32, 4), lambda t, v: (32 * (t // 32) + v, t % 32))
    d = _blog_d32()
    variants = {f"cbsz={a},blgp={b}": {"A": fp8_a, "B": fp8_b} for a in (0, 1) for b in (0, 1)}
    variants["cbsz=4,blgp=4"] = {"A": fp4_a, "B": fp4_b}
    return {"m": 32, "n": 32, "k": 64, "blocks": 1, "formats": {"A": "cbsz", "B": "blgp", "C": "f32", "D": "f32"},
            "sparse": False, "modifiers": {"opsel_hi": False, "neg": False, "cbsz_abid": True, "blgp": True},
            "scaled": {"block": 32, "format_codes": FORMAT_CODES, "opsel_bytes": {"0": 0}, "uniform": True},
            "source": f"single: {BLOG}, sections '__builtin_amdgcn_mfma_scale_f32_32x32x64_f8f8' (fp8 x fp8: the "
                      "kernel's a_reg/b_reg loads, 'valid only if both input matrices A and B have FP8 type') and "
                      "'__builtin_amdgcn_mfma_scale_f32_32x32x64_f4f4' (fp4 x fp4), C/D from their c_reg stores, "
                      "format codes from the intrinsic description; scales: one E8M0 word per wave, OPSEL 0",
            "operands": {"C": d, "D": d}, "variants": variants}


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
    found["v_mfma_scale_f32_32x32x64_f8f6f4"] = blog_scale_32x32x64()
    return {"source": f"AMD CDNA4 documents (per instruction: 'single: ...' or 'derived: ...'); {BLOG}",
            "architecture": "cdna4", "wave": 64, "instructions": found}


def main() -> int:
    if "--cdna4" in sys.argv:
        path, text = MODELS / "cdna4.json", dumps(cdna4())
        if "--check" in sys.argv:
            if not path.exists() or path.read_text() != text:
                print(f"{path.relative_to(ROOT)}: differs from the document's layouts", file=sys.stderr)
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
    sys.exit(main())
