"""A generated FileCheck test file, lowered by a built fly-opt to LLVM IR: the common first half of the
rungs that run atomgen's generated code (the H200 probe through PTX, the AMD ISA rung through llc).

The file's own RUN-line fly passes, then MLIR's conversions to the LLVM dialect in the same fly-opt
(it knows the fly dialect the layout lowering leaves dead values of), then Debian's mlir-translate-22.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

LLVM_BIN = Path("/usr/lib/llvm-22/bin")
# Folded, then everything else to the LLVM dialect (vector before scf->cf: REAL_BUILD.md). The NVVM
# conversion touches only NVVM ops, so ROCDL files pass through it unchanged.
TO_LLVM = ("--canonicalize", "--cse", "--convert-vector-to-llvm", "--convert-scf-to-cf", "--convert-cf-to-llvm",
           "--convert-arith-to-llvm",
           "--convert-index-to-llvm", "--convert-func-to-llvm", "--convert-nvvm-to-llvm",
           "--reconcile-unrealized-casts")


class LoweringError(Exception):
    """A step of the lowering failed (the tool's output in the message)."""


def run_passes(test_file: Path) -> list[str]:
    """The fly-opt passes of a generated test file's RUN line."""
    for line in test_file.read_text(encoding="utf-8").splitlines():
        match = re.match(r"// RUN: %fly-opt %s (.*?) \|", line)
        if match:
            return shlex.split(match.group(1))
    raise LoweringError(f"{test_file}: no `// RUN: %fly-opt %s ... |` line")


def tool(command: list[str], what: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise LoweringError(f"{what} failed ({' '.join(command[:2])} ...):\n{done.stderr[-3000:]}")
    return done.stdout


def to_llvm_ir(fly_opt: str, test_file: Path, out: Path) -> Path:
    """OUT/<stem>.llvm.mlir and OUT/<stem>.ll from one generated test file; the .ll's path."""
    out.mkdir(parents=True, exist_ok=True)
    stem = out / test_file.stem
    llvm = tool([fly_opt, str(test_file), *run_passes(test_file), *TO_LLVM], "fly-opt")
    stem.with_suffix(".llvm.mlir").write_text(llvm, encoding="utf-8")
    ir = tool([str(LLVM_BIN / "mlir-translate"), "--mlir-to-llvmir", str(stem.with_suffix(".llvm.mlir"))],
              "mlir-translate-22")
    stem.with_suffix(".ll").write_text(ir, encoding="utf-8")
    return stem.with_suffix(".ll")
