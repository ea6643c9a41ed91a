"""The generated atoms as device functions: the rung of the probe that runs atomgen's *generated* code.

`atomgen probe` (the spec rung) runs each instruction through inline PTX written from the spec.
This rung runs the code atomgen generates instead: every positive FileCheck test function of a PTX
spec (one per instance: `func.func @sm80_mma_sync_16x8x16_f16_f16_f32(%d, %a, %b, %c, state...)`,
register memrefs in, `fly.mma_atom_call` on the generated atom) is lowered by a fly-opt built with the
generated atoms (its RUN line's passes, then MLIR's own conversions to the LLVM dialect), to LLVM IR and
PTX with Debian's mlir-translate-22 and llc-22, on this machine (lower_file). The probe kernel then gives
every thread its fragment by the spec's layouts exactly as the spec rung does, and calls the atom's
function where the spec rung has its inline PTX (templates/probe/mma.cu.j2, atom_call); nvcc links
the lowered PTX in (-rdc) on the device. Same inputs, same reference, same comparison: a difference
between the two verdicts is a difference between the generated code and the spec.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from atomgen.lowering import LLVM_BIN, LoweringError, to_llvm_ir, tool

INDEX = "atoms.json"  # in the --via-atoms folder: function -> PTX file and parameters
CPU_OF_SUBTARGET = {"sm100": "sm_100a"}  # everything else is lowered for the H200 (sm_90a)
PTX_OF_CPU = {"sm_100a": "+ptx86"}  # the oldest PTX ISA with the target (llc: sm_100a needs 8.6); else 8.5
_PARAM = re.compile(r"\.param\s+\.(b|u|s|f)(8|16|32|64)\s+\w+")
_C_TYPE = {"8": "uint8_t", "16": "uint16_t", "32": "uint32_t", "64": "uint64_t"}
# The value each state field gets in the probe kernel: scale-d on (D = A*B + C), the lane's metadata word;
# TMA's descriptor (the generic address of the kernel's __grid_constant__ tensor map) and mbarrier.
STATE_VALUES = {"accumulate": "1", "metadata": "e0", "tma_desc": "map_address", "mbarrier": "bar",
                "multicast_mask": "mask"}
# A copy atom's (src, dst), as the copy kernels (templates/probe/copy.cu.j2, tma.cu.j2) name them: the
# thread's shared-memory address, its registers (a local array: the register memref), its global source.
COPY_OPERANDS = {"ldmatrix": ("address", "regs"), "stmatrix": ("regs", "address"), "cp_async": ("source", "address"),
                 "tma load": ("in", "smem"), "tma store": ("smem", "out"), "bulk load": ("in", "smem"),
                 "bulk store": ("smem", "out")}


class AtomError(LoweringError):
    """A step of the lowering failed (the tool's output in the message), or an atom does not fit its kernel."""


@dataclass(frozen=True, slots=True)
class AtomFunction:
    name: str  # the test function: `<mnemonic>_<instance id>`
    params: tuple[str, ...]  # C parameter types, from the PTX signature
    state: tuple[str, ...]  # the probe kernel's value for each state parameter, in order
    ptx: str  # the PTX file (in the --via-atoms folder) that defines it
    kind: str = "mma"
    fields: tuple[str, ...] = ()  # the state fields, in parameter order

    def copy_call(self, family: str, coordinates: tuple[int, ...] = (), offsets: tuple[int, ...] = ()) -> str:
        """The call of a copy atom: (src, dst, state...) as the kernel's variables, each cast to the
        parameter's width in the PTX signature (a shared address is 32 bits in the kernel, 64 here);
        `offsets` are an im2col load's (the Im2colOffset fields, innermost first)."""
        values = list(COPY_OPERANDS[family])
        for field in self.fields:
            if field.startswith(("coord_", "im2col_offset_")):
                given = coordinates if field.startswith("coord_") else offsets
                index = int(field.rsplit("_", 1)[1])
                values.append(str(given[index]) if index < len(given) else "0")
            else:
                values.append(STATE_VALUES[field])
        if len(values) != len(self.params):
            raise AtomError(f"{self.name}: {len(self.params)} parameters in its PTX, {len(values)} here")
        return f"{self.name}(" + ", ".join(f"({c})({v})" for c, v in zip(self.params, values)) + ");"


def lower_file(fly_opt: str, test_file: Path, out: Path, mcpu: str = "sm_90a", at_least: int = 0) -> Path:
    """One generated test file -> one PTX file of `.visible .func`s, one per instance; its PTX ISA the CPU's
    (PTX_OF_CPU), or `at_least` (87 for 8.7) where an instruction of the file needs a newer one."""
    ir = to_llvm_ir(fly_opt, test_file, out)
    ptx = ir.with_suffix(".ptx")
    ptx_isa = PTX_OF_CPU.get(mcpu, "+ptx85")  # mma.sp with ordered metadata (the generated atom emits it): 8.5
    if at_least > int(ptx_isa.removeprefix("+ptx")):
        ptx_isa = f"+ptx{at_least}"
    tool([str(LLVM_BIN / "llc"), "-mtriple=nvptx64-nvidia-cuda", f"-mcpu={mcpu}", f"-mattr={ptx_isa}",
           str(ir), "-o", str(ptx)], "llc-22")
    return ptx


def signatures(ptx_text: str) -> dict[str, tuple[str, ...]]:
    """`.visible .func name(.param .b64 p0, ...)` -> the C types of its parameters."""
    found: dict[str, tuple[str, ...]] = {}
    for match in re.finditer(r"\.visible\s+\.func\s+(?:\([^)]*\)\s*)?(\w+)\s*\(([^)]*)\)", ptx_text):
        found[match.group(1)] = tuple(_C_TYPE[width] for _, width in _PARAM.findall(match.group(2)))
    return found


def write_index(folder: Path, entries: dict[str, dict[str, Any]]) -> None:
    (folder / INDEX).write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n", encoding="utf-8")


@lru_cache(maxsize=None)
def _spec(spec_path: str) -> Any:
    from atomgen.spec.loader import load_file
    from atomgen.spec.model import build_model

    spec, _ = build_model(load_file(Path(spec_path), spec_path))
    return spec


def function_of(spec_path: str, instance_id: str, selector: Optional[int] = None) -> tuple[str, tuple[str, ...]]:
    """(the instance's test function, its state fields in parameter order); a sparse row probed at
    another sparsity selector than its default calls the function of that selector (render/tests/nvvm.py)."""
    from atomgen.render.tests.mlir import function_name, selector_suffix

    spec = _spec(spec_path)
    instance = next(i for i in spec.instances if i.id == instance_id)
    return function_name(spec, instance, selector_suffix(spec, instance, selector)), tuple(f.name for f in spec.state)


def wrong_variant(spec_path: str, instance_id: str) -> Optional[str]:
    """Another instance of the spec whose atom takes the same registers but is another variant of the
    instruction (other element types, an other-signedness or other-format twin): calling its generated
    atom for this instance is the negative control of the generated-atom rung. None when there is none.
    A copy calls its transpose twin, or the next narrower cp.async (which leaves part of each row
    unwritten); never a wider one (it would write past the tile)."""
    from atomgen.spec.mlir_types import parse_packed

    def bits(text: Any) -> Any:
        parsed = parse_packed(str(text)) if text is not None else None
        return parsed.bits if parsed is not None else text

    spec = _spec(spec_path)
    mine = next(i for i in spec.instances if i.id == instance_id)
    if spec.kind == "copy":
        return _copy_variant(spec, mine)
    roles = ("a", "b", "c")
    for other in spec.instances:
        if other.id == mine.id or any(bits(other.packed.get(r)) != bits(mine.packed.get(r)) for r in roles):
            continue
        if [other.values.get(k) for k in ("m", "n", "k")] != [mine.values.get(k) for k in ("m", "n", "k")]:
            continue
        if other.values != mine.values:
            return str(other.id)
    return None


def _copy_variant(spec: Any, mine: Any) -> Optional[str]:
    if "transpose" in mine.values:
        twin = {**mine.values, "transpose": not mine.values["transpose"]}
        return next((str(o.id) for o in spec.instances if dict(o.values) == twin), None)
    if "bitSize" in mine.values:
        narrower = [o for o in spec.instances if int(o.values["bitSize"]) < int(mine.values["bitSize"])]
        if narrower:
            return str(max(narrower, key=lambda o: int(o.values["bitSize"])).id)
    return None


class AtomIndex:
    """The --via-atoms folder: which PTX file defines each instance's function."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.entries: dict[str, dict[str, Any]] = json.loads((folder / INDEX).read_text(encoding="utf-8"))
        self.failures: dict[str, str] = self.entries.pop("_failures", {})  # spec file name -> why it was not lowered
        self.substitutes: dict[str, str] = {}  # negative control: case slug -> the instance whose atom it calls

    def failure(self, spec_path: str) -> str:
        return self.failures.get(Path(spec_path).name, "not in the lowered folder")

    def lookup_case(self, case: Any) -> Optional[AtomFunction]:
        other = self.substitutes.get(case.slug)
        if other is not None:  # the negative control calls another row's atom, as that row has it
            return self.lookup(case.spec_path, other)
        selector = case.sparse.selector if case.sparse is not None else None
        return self.lookup(case.spec_path, case.instance_id, selector)

    def lookup(self, spec_path: str, instance_id: str, selector: Optional[int] = None) -> Optional[AtomFunction]:
        name, state = function_of(spec_path, instance_id, selector)
        entry = self.entries.get(name)
        if entry is None:
            return None
        if _spec(spec_path).kind == "copy":  # pointers and scalars, straight from the PTX signature
            return AtomFunction(name, tuple(entry["params"]), (), entry["ptx"], kind="copy", fields=state)
        pointers = ("void*",) * 4
        values = tuple(STATE_VALUES.get(field, "0") for field in state)
        params = tuple(entry["params"])
        scalars = tuple(params[4:]) if len(params) >= 4 else ()
        return AtomFunction(name, pointers + scalars, values, entry["ptx"])

    def ptx_files(self) -> list[Path]:
        return sorted({self.folder / e["ptx"] for e in self.entries.values()})
