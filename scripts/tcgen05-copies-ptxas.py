#!/usr/bin/env python3
"""Every tcgen05.ld / st / cp instance as the NVVM op its generated atom builds, lowered by mlir-translate-22 and
llc-22 (sm_100a, +ptx86), each instruction text held to the spec row's; then scripts/ptxas-atoms.sh OUT sm_100a ...
assembles the PTX with ptxas-blackwell.   scripts/tcgen05-copies-ptxas.py OUT_DIR"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from atomgen.spec.loader import load_file  # noqa: E402
from atomgen.spec.model import build_model  # noqa: E402

# (data-path lanes, bits) -> the NVVM shape and how many i32 one repetition carries
LDST_SHAPES = {(32, 32): ("shape_32x32b", 1), (16, 32): ("shape_16x32bx2", 1), (16, 64): ("shape_16x64b", 1),
               (16, 128): ("shape_16x128b", 2), (16, 256): ("shape_16x256b", 4)}
CP_SHAPES = {(128, 256): "shape_128x256b", (4, 256): "shape_4x256b", (128, 128): "shape_128x128b",
             (64, 128): "shape_64x128b", (32, 128): "shape_32x128b"}


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip())


def cp_function(values: dict) -> tuple[str, str]:
    multicast = str(values["multicast"])
    attrs = f"shape = #nvvm.tcgen05_cp_shape<{CP_SHAPES[(values['rows'], values['bits'])]}>"
    if multicast != "none":
        attrs += f", multicast = #nvvm.tcgen05_cp_multicast<{multicast}>"
    return "(%a: i32, %d: i64)", f"nvvm.tcgen05.cp %p, %d {{{attrs}}}"


def ldst_function(name: str, values: dict) -> tuple[str, str]:
    shape, per = LDST_SHAPES[(values["dp"], values["bits"])]
    flag = "pack" if name == "ld" else "unpack"
    count = values["num"] * per
    ty = "i32" if count == 1 else f"vector<{count}xi32>"
    offset = ", %o" if shape == "shape_16x32bx2" else ""
    flagged = f" {flag}" if values[flag] else ""
    attrs = f"{{shape = #nvvm.tcgen05_ldst_shape<{shape}>}}"
    if name == "ld":
        body = (f"%r = nvvm.tcgen05.ld %p{offset}{flagged} {attrs} : {ty}\n"
                f"    llvm.store %r, %out : {ty}, !llvm.ptr")
    else:
        body = f"nvvm.tcgen05.st %p, %v{offset}{flagged} {attrs} : {ty}"
    immediate = values["num"] * (2 if values[flag] else 1)
    return (f"(%a: i32, %v: {ty}, %out: !llvm.ptr)",
            f"%o = llvm.mlir.constant({immediate} : i64) : i64\n    {body}")


def one_kind(name: str, out: pathlib.Path) -> None:
    path = str(ROOT / f"specs/nvvm/sm100/tcgen05_{name}.yaml")
    spec, _ = build_model(load_file(path, path))
    expect, funcs = {}, []
    for i, inst in enumerate(spec.instances):
        signature, body = cp_function(inst.values) if name == "cp" else ldst_function(name, inst.values)
        expect[f"{name}_{i}"] = squeeze(inst.instruction)
        funcs.append(f"  llvm.func @{name}_{i}{signature} {{\n    %p = llvm.inttoptr %a : i32 to !llvm.ptr<6>\n"
                     f"    {body}\n    llvm.return\n  }}")
    mlir = out / f"tcgen05_{name}.mlir"
    mlir.write_text("module {\n" + "\n".join(funcs) + "\n}\n")
    ll, ptx = mlir.with_suffix(".ll"), mlir.with_suffix(".ptx")
    subprocess.run(["mlir-translate-22", "--mlir-to-llvmir", str(mlir), "-o", str(ll)], check=True)
    subprocess.run(["llc-22", "-march=nvptx64", "-mcpu=sm_100a", "-mattr=+ptx86", str(ll), "-o", str(ptx)],
                   check=True)
    found = [squeeze(line) for line in ptx.read_text().splitlines() if line.strip().startswith(f"tcgen05.{name}")]
    missing = [key for key, text in expect.items() if not any(f.startswith(text + " ") for f in found)]
    print(f"tcgen05.{name}: {len(spec.instances)} instances, {len(found)} tcgen05.{name} lines in the PTX, "
          f"spec instruction text not found: {missing}")


def main() -> None:
    out = pathlib.Path(sys.argv[1])
    out.mkdir(exist_ok=True)
    for name in ("ld", "st", "cp"):
        one_kind(name, out)


if __name__ == "__main__":
    main()
