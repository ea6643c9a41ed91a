#!/usr/bin/env python3
"""Prepare the generated-atom folders of the TMA copies' GPU run (issue 52.3), small enough to carry.

    scripts/probe-tma-atoms.py ATOMS_PTX OUT

ATOMS_PTX is a folder of scripts/lower-atoms.py (PTX of every generated atom's test function, atoms.json);
OUT/built gets its TMA and bulk-copy files only (tma_load, tma_store, tma_load_multicast, tma_reduce,
bulk_copy, and tma_load_im2col where the build has it). Where it does not, OUT/im2col-opform gets the im2col
functions lowered from the NVVM op that the generated atom's FileCheck test pins (addrspacecast of the
destination to shared::cluster, `nvvm.cp.async.bulk.tensor.shared.cluster.global ... box[...] im2col[...]
{mode = #nvvm.tma_load_mode<im2col>}`) in a function of the test function's signature, by mlir-translate-22
and llc-22 (sm_90a, PTX 8.5): the op the generated C++ creates, not a fly-opt build of it.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from atomgen.lowering import LLVM_BIN, tool  # noqa: E402
from atomgen.probe.atoms import signatures, write_index  # noqa: E402

FILES = ("sm90_tma_load.ptx", "sm90_tma_store.ptx", "sm90_tma_load_multicast.ptx", "sm90_tma_reduce.ptx",
         "sm90_bulk_copy.ptx", "sm90_tma_load_im2col.ptx")
OPFORM = "sm90_tma_load_im2col"


def _opform_mlir() -> str:
    functions = []
    for rank in (3, 4, 5):
        args = ["%src: !llvm.ptr<1>", "%dst: !llvm.ptr<3>", "%desc: !llvm.ptr", "%mbar: !llvm.ptr<3>"]
        args += [f"%c{i}: i32" for i in range(5)] + [f"%o{i}: i16" for i in range(3)]
        box = ", ".join(f"%c{i}" for i in range(rank))
        offsets = ", ".join(f"%o{i}" for i in range(rank - 2))
        functions.append(
            f"llvm.func @{OPFORM}_{rank}({', '.join(args)}) {{\n"
            "  %cluster = llvm.addrspacecast %dst : !llvm.ptr<3> to !llvm.ptr<7>\n"
            f"  nvvm.cp.async.bulk.tensor.shared.cluster.global %cluster, %desc, %mbar, box[{box}] im2col[{offsets}] "
            "{mode = #nvvm.tma_load_mode<im2col>} : !llvm.ptr<7>, !llvm.ptr\n"
            "  llvm.return\n}\n")
    return "\n".join(functions)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    source, out = Path(argv[0]), Path(argv[1])
    index = json.loads((source / "atoms.json").read_text(encoding="utf-8"))
    built = out / "built"
    built.mkdir(parents=True, exist_ok=True)
    kept = {name: entry for name, entry in index.items() if not name.startswith("_") and entry["ptx"] in FILES}
    for ptx in sorted({entry["ptx"] for entry in kept.values()}):
        shutil.copy(source / ptx, built / ptx)
    write_index(built, kept)
    print(f"{built}: {len(kept)} functions")
    if any(entry["ptx"] == f"{OPFORM}.ptx" for entry in kept.values()):
        return 0
    opform = out / "im2col-opform"
    opform.mkdir(parents=True, exist_ok=True)
    mlir = opform / f"{OPFORM}.mlir"
    mlir.write_text(_opform_mlir(), encoding="utf-8")
    ll, ptx = mlir.with_suffix(".ll"), mlir.with_suffix(".ptx")
    tool([str(LLVM_BIN / "mlir-translate"), "--mlir-to-llvmir", str(mlir), "-o", str(ll)], "mlir-translate-22")
    tool([str(LLVM_BIN / "llc"), "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90a", "-mattr=+ptx85", str(ll),
          "-o", str(ptx)], "llc-22")
    entries = {name: {"params": list(params), "ptx": ptx.name, "spec": "tma_load_im2col.yaml",
                      "source": "the NVVM op the generated FileCheck test pins, lowered by mlir-translate-22 and "
                                "llc-22; not a fly-opt build"}
               for name, params in signatures(ptx.read_text(encoding="utf-8")).items()}
    write_index(opform, entries)
    print(f"{opform}: {len(entries)} functions (the op form: no fly-opt build has the im2col atom)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
