"""llc-22 on the lowered test functions, one chip at a time: the assembly, or why a function has none.

A module is compiled for a chip with only the functions whose instances claim that chip
(llvm-extract): an instruction another row's chip lacks would stop llc for the whole module. When
llc still stops (it cannot select an op on a chip the row claims), each function is compiled alone,
so that one failure is that function's finding and the others are still checked.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from atomgen.lowering import LLVM_BIN

TRIPLE = "amdgcn-amd-amdhsa"


def _run(command: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=600)


def _reason(stderr: str) -> str:
    """llc's one-line reason (`LLVM ERROR: Cannot select: intrinsic %llvm.amdgcn...`), without the stack dump."""
    for line in stderr.splitlines():
        if "error" in line.lower():
            return line.strip()[:300]
    return (stderr.strip().splitlines() or ["llc failed without a message"])[0][:300]


def extract(ir: Path, names: list[str]) -> subprocess.CompletedProcess[str]:
    return _run([str(LLVM_BIN / "llvm-extract"), "-S", *(f"--func={name}" for name in names), str(ir), "-o", "-"])


def llc(ir_text: str, chip: str, wave64: bool = False) -> subprocess.CompletedProcess[str]:
    # An RDNA chip runs wave32 unless told otherwise; a wave64 atom's instructions exist only in wave64 mode.
    mode = ["-mattr=+wavefrontsize64"] if wave64 and chip.startswith("gfx1") else []
    return _run([str(LLVM_BIN / "llc"), f"-mtriple={TRIPLE}", f"-mcpu={chip}", *mode, "-o", "-", "-"], ir_text)


def compile_functions(ir: Path, names: list[str], chip: str, wave64: bool = False) -> tuple[str, dict[str, str]]:
    """(the assembly of the functions that compile for `chip`, {function: why not} for the others)."""
    failed: dict[str, str] = {}
    if not names:
        return "", failed
    part = extract(ir, names)
    if part.returncode != 0:
        return "", {name: f"llvm-extract: {_reason(part.stderr)}" for name in names}
    done = llc(part.stdout, chip, wave64)
    if done.returncode == 0:
        return done.stdout, failed
    pieces = []
    for name in names:
        alone = llc(extract(ir, [name]).stdout, chip, wave64)
        if alone.returncode == 0:
            pieces.append(alone.stdout)
        else:
            failed[name] = f"llc-22 -mcpu={chip}: {_reason(alone.stderr)}"
    return "\n".join(pieces), failed
