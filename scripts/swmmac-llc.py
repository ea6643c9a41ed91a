"""Check the catalogue's llvm.call_intrinsic entries (RDNA4 SWMMAC) against LLVM's AMDGPU backend.

    python scripts/swmmac-llc.py [LLC]   (default /usr/lib/llvm-22/bin/llc; prints one line per entry)

For every catalogue entry with `llvm_intrinsic`, builds a one-call LLVM IR function with exactly the
entry's operand and result types (i1 false for the sign/clamp immediates) and compiles it for its first
subtarget. The entry holds when llc accepts the types and selects the entry's ISA instruction: the
evidence that the generated llvm.call_intrinsic lowers to that instruction.
"""

from __future__ import annotations

import re
import subprocess
import sys

from atomgen.check.intrinsics import load_intrinsics

VECTOR = re.compile(r"^vector<(\d+)x(\w+)>$")
SCALARS = {"f16": "half", "f32": "float", "bf16": "bfloat"}


def llvm_type(mlir: str) -> str:
    vector = VECTOR.match(mlir)
    if vector:
        return f"<{vector.group(1)} x {SCALARS.get(vector.group(2), vector.group(2))}>"
    return SCALARS.get(mlir, mlir)


def mangle(text: str) -> str:
    vector = VECTOR.match(text)
    return f"v{vector.group(1)}{vector.group(2)}" if vector else text


def module(name: str, operands: list[tuple[str, str]], result: str) -> str:
    params = ", ".join(f"{llvm_type(t)} %{n}" for n, t in operands if t != "i1")
    args = ", ".join("i1 false" if t == "i1" else f"{llvm_type(t)} %{n}" for n, t in operands)
    overloads = [result] + [t for n, t in operands if n in ("a", "b", "idx")]
    callee = name + "." + ".".join(mangle(t) for t in overloads)
    return (f"define amdgpu_ps void @f({params}, ptr addrspace(1) %out) {{\n"
            f"  %d = call {llvm_type(result)} @{callee}({args})\n"
            f"  store {llvm_type(result)} %d, ptr addrspace(1) %out\n  ret void\n}}\n")


def main() -> int:
    llc = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/llvm-22/bin/llc"
    catalog, _ = load_intrinsics("rocdl")
    assert catalog is not None
    failed = 0
    for entry in catalog.entries.values():
        if not entry.llvm_intrinsic:
            continue
        operands = [(o.name, "i1" if o.immediate else o.types[0][0]) for o in entry.operands]
        chip = sorted(entry.subtargets or ())[0]
        wanted = entry.isa[0].name or ""
        run = subprocess.run([llc, "-mtriple=amdgcn", f"-mcpu={chip}", "-o", "-"], input=module(
            entry.llvm_intrinsic, operands, entry.result[0][0]), capture_output=True, text=True)
        selected = re.findall(r"^\s+(v_swmmac\w+|v_\w*mma\w*)", run.stdout, re.M)
        ok = run.returncode == 0 and selected == [wanted]
        failed += not ok
        print(f"| `{entry.name}` | `{entry.llvm_intrinsic}` | {chip} | "
              f"{'selects `' + selected[0] + '`' if ok else 'FAILS: ' + (run.stderr.strip()[:120] or str(selected))} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
