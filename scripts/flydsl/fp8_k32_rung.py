#!/usr/bin/env python3
"""FlyDSL's fp8 preshuffle GEMM on gfx950 through the declared atom cdna4.mfma_scale_k32 (issue 49 point 3).

    fp8_k32_rung.py --work DIR --generated FLY_OPT [--json PATH]

FlyDSL 0.5.0's cdna4.mfma_scale lays fp8 A/B out as 32 consecutive K per lane; atomgen's cdna4.mfma_scale is
the hardware's order (two 16-byte K runs) and the generated fly-opt refuses the traced kernel at
`fly.mma.make_fragment` (docs/evidence/kernels.md, finding 3). atomgen declares FlyDSL's order as a separate
atom, cdna4.mfma_scale_k32 (specs/rocdl/cdna4/mfma_scale_k32.yaml): the same intrinsic, FlyDSL's K labels,
valid where the scales do not vary within one instruction's K (this kernel issues it with its default scale
operands and scales per row/column in the epilogue). A kernel written against atomgen's atoms names
MFMA_Scale_K32; a kernel the wheel already traced names cdna4.mfma_scale, so this script renames that atom in
the bridged stage-00 IR of `scripts/flydsl-kernels.py run` (DIR/cases/*preshuffle_gemm_gfx950_fp8*/*/
bridged.mlir): a change of meaning, not of spelling, made here explicitly and only for fp8 x fp8 atoms, and
counted. It then lowers the renamed file with FLY_OPT (a codegen fly-opt built with the new spec) through the
same pipeline and compares the ISA with the hand-written fly-opt's (hand.s of that run), byte for byte. The
unrenamed file is lowered too: the hardware atom must still refuse it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import kernel_declared  # noqa: E402
import kernel_isa  # noqa: E402

_spec = importlib.util.spec_from_file_location("flydsl_kernels", HERE.parent / "flydsl-kernels.py")
assert _spec is not None and _spec.loader is not None
kernels = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(kernels)

rename = kernel_declared.rename


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, required=True, help="flydsl-kernels.py run's --work")
    parser.add_argument("--generated", type=Path, required=True, help="a codegen fly-opt with mfma_scale_k32")
    parser.add_argument("--case", default="preshuffle_gemm_gfx950_fp8", help="case-name substring")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--timeout", type=int, default=600)
    args = parser.parse_args(argv)
    kernels.ROCM = args.work / "rocm"
    records: list[dict[str, Any]] = []
    for case in sorted(p for p in (args.work / "cases").iterdir() if args.case in p.name):
        for bridged in sorted(case.glob("*/bridged.mlir")):
            work = bridged.parent
            stage12 = next(iter(sorted((case / "wheel" / work.name).glob("12_*.mlir"))), None)
            target = kernels.wheel_target(stage12.read_text(encoding="utf-8")) if stage12 else {}
            chip = target.get("chip", "gfx950")
            record: dict[str, Any] = {"case": case.name, "kernel": work.name}
            text, count = rename(bridged.read_text(encoding="utf-8"))
            record["renamed"] = count
            renamed = work / "bridged_k32.mlir"
            renamed.write_text(text, encoding="utf-8")
            plain = kernels.lower(args.generated, bridged, chip, target, work / "generated_hw.s", args.timeout)
            record["hardware_atom"] = "refused: " + plain["error"] if plain["rc"] else "lowered"
            k32 = kernels.lower(args.generated, renamed, chip, target, work / "generated_k32.s", args.timeout)
            if k32["rc"]:
                record.update(status="refused", reason=k32["error"])
            elif not (work / "hand.s").exists():
                record.update(status="lowered, no hand-written ISA to compare")
            else:
                cmp = kernel_isa.compare((work / "hand.s").read_text(), (work / "generated_k32.s").read_text())
                record.update(status=cmp.verdict,
                              isa_lines=len(kernel_isa.normalise((work / "hand.s").read_text()).splitlines()))
                if cmp.verdict == "different":
                    record.update(first_difference=cmp.first_difference, differing_lines=cmp.differing_lines)
            record["seconds"] = k32["seconds"]
            records.append(record)
            print(f"{case.name}/{work.name}: renamed {count}, {record['status']}; hardware atom: "
                  f"{record['hardware_atom'][:160]}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    return 0 if records and all(r["status"] == "identical" for r in records) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
