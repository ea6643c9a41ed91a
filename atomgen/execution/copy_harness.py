"""The ROCDL copy atoms whose model is simple enough to be honest, executed (issue 50 point 5).

A copy instance's test functions (docs/evidence/rocdl-isa/<subtarget>_<atom>.ll: @..._<id>, or @..._<id>_load and
@..._<id>_store) run for a whole wave on the buffer / LDS memory model (atomgen/execution/copies.py). The wave's
64 lanes are 64 threads of the atom (its thr layout is one thread): each lane gets its own memref offset (a
distinct slot of the buffer), the atom's soffset state is one value for the wave. The reference: the spec's src and
dst layouts (`atomgen.pictures.model.operand_pictures`, the (thr, val) -> (row, col) tables `show --format json`
prints) place the source tile's values into the destination - lane t's dst value v' is the src value v that names
the same tile element, the src view starting at byte (offset_t + soffset) * element bytes of the buffer (a load),
or of the lane's register (a store). Bounds: a quarter of the lanes' offsets lie wholly past num_records (a load
gives them 0, a store drops them), the others' accesses end within it, soffset included (so the result does not
depend on whether soffset is bounds-checked). LDS DMA: lane t's bytes land at M0 + imm offset + t * stride.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any, Callable, Optional

from atomgen.check.result import analyze_file
from atomgen.execution import copies
from atomgen.execution.copies import CopyMutation, Resource, World
from atomgen.execution.executor import Module, NotModelled, Target, run
from atomgen.execution.harness import IR, ROOT, Outcome, read_ir
from atomgen.execution.models import ModelError
from atomgen.pictures.model import operand_pictures

WAVE = 64  # cdna3 / cdna4: wave64
HANDLE = 7  # the buffer resource's handle (the ptr addrspace(8) value the test function passes on)
M0 = 256  # the LDS DMA's LDS base (M0)
NOT_EXECUTED = {
    "cdna4.lds_read_trans": "not modelled: no source read here states ds_read_b*_tr_b*'s lane / element mapping "
                            "(the CDNA4 ISA guide's §11.4 'MFMA Transpose Load from LDS' is not reachable here; the "
                            "spec's own note says its permutation is FlyDSL's model, not checked against the ISA), "
                            "so a model would restate the spec",
    "gfx1250.tdm": "not modelled: the tensor_load_to_lds / tensor_store_from_lds descriptor groups (their bit fields: "
                   "extents, strides, padding, workgroup mask) are described by no AMD document reachable here (no "
                   "gfx1250 ISA guide is), only by the lowerings that build them",
    "cdna3.buffer_atomic": "not attempted: atomics are outside point 5's list (buffer load / store, LDS transposing "
                           "reads, async LDS); a read-modify-write model, and float atomic add's rounding / denormal "
                           "handling on gfx942 (no source here states it), are left for later",
}
LOWERING_FAILURES = IR / "lowering-failures.json"

Mutation = Callable[[str, dict[str, Any]], dict[str, Any]]


def _swap_offsets(kind: str, roles: dict[str, Any]) -> dict[str, Any]:
    return {**roles, "voffset": roles["soffset"], "soffset": roles["voffset"]}


def _wrong_width(kind: str, roles: dict[str, Any]) -> dict[str, Any]:
    size = int(roles["size"])
    smaller = {16: 12, 12: 4, 4: 2, 2: 1} if kind == "load.lds" else {1: 2}
    return {**roles, "size": smaller.get(size, size // 2)}


def _in_elements(element_bytes: int) -> Mutation:
    def mutate(kind: str, roles: dict[str, Any]) -> dict[str, Any]:
        return {**roles, "voffset": [v // element_bytes for v in roles["voffset"]],
                "soffset": [s // element_bytes for s in roles["soffset"]]}
    return mutate


def _reversed(element_bits: int) -> Mutation:
    def mutate(kind: str, roles: dict[str, Any]) -> dict[str, Any]:
        return {**roles, "reverse_bits": element_bits}
    return mutate


def negative_classes(kind: str, bits: int, element_bits: int) -> dict[str, Optional[Mutation]]:
    """Broken lowerings of one copy function; None: the class cannot apply, with why in the label."""
    if kind == "load.lds":
        width = f"wrong width ({bits // 8} bytes claimed as {_wrong_width(kind, {'size': bits // 8})['size']})"
    else:
        width = f"wrong width ({bits} claimed as {bits // 2})" if bits > 8 else "wrong width (8 claimed as 16)"
    classes: dict[str, Optional[Mutation]] = {"voffset / soffset swapped": _swap_offsets}
    classes[width] = None if (kind == "load" and bits == 8) else _wrong_width
    values = bits // element_bits
    classes["values reversed in a lane's vector"] = _reversed(element_bits) if kind != "load.lds" and values > 1 \
        else None
    classes["offsets in elements, not bytes"] = _in_elements(element_bits // 8) if element_bits > 8 else None
    return classes


WHY_NOT = {"voffset / soffset swapped": "",
           "wrong width": "a wider load's extra byte is cut by the i8 result the IR takes",
           "values reversed in a lane's vector": "one value a lane (or no register value: memory to memory)",
           "offsets in elements, not bytes": "the memref's elements are bytes"}


def _element_bits(module: Module, name: str) -> int:
    """The element width of the register / source memref: the type the function's load / store moves through
    the lane's private pointer (or i8 for the LDS DMA's byte memrefs)."""
    for block in module.functions[name].blocks:
        for ins in block.instructions:
            typed = ins.type if ins.opcode == "load" else next(iter(ins.operands)).type if ins.opcode == "store" \
                else None
            if typed is not None:
                text = str(typed)
                return int(text.split(" x i")[1].rstrip(">")) if " x i" in text else int(text[1:])
    return 8


def _tables(spec: Any, evaluated: Any) -> tuple[dict[int, tuple[int, int]], dict[tuple[int, int], int], int]:
    """src value -> tile element, tile element -> dst value, the value width (threads are one: thr 0)."""
    pictures = {p.role: p for p in operand_pictures(spec, evaluated)}
    src, dst = pictures["src"], pictures["dst"]
    if src.picture.threads != 1 or dst.picture.threads != 1:
        raise NotModelled("a copy of more than one thread")
    width = src.value_bits or 8
    return ({v: (r, c) for _, v, r, c in src.picture.table()}, {(r, c): v for _, v, r, c in dst.picture.table()},
            width)


def _place(source: int, tables: tuple[dict[int, tuple[int, int]], dict[tuple[int, int], int], int]) -> int:
    """The dst bits the spec's layouts give for src bits `source`."""
    src, dst, width = tables
    mask = (1 << width) - 1
    return sum(((source >> (v * width)) & mask) << (dst[cell] * width) for v, cell in src.items())


def _wave(rng: random.Random, chunk: int, in_range: int = 48) -> tuple[list[int], int, int, int]:
    """Per-lane byte offsets (distinct chunk slots, WAVE - in_range of them wholly past num_records), soffset (a
    whole number of chunks), num_records, the memory's size."""
    k = rng.randrange(1, 4)
    slots = list(range(in_range)) + [in_range + k + j for j in range(WAVE - in_range)]
    rng.shuffle(slots)
    return [s * chunk for s in slots], k * chunk, (in_range + k) * chunk, (WAVE + 2 * k + 4) * chunk


def _run_buffer(module: Module, name: str, kind: str, bits: int, element_bits: int, tables: Any, seed: int,
                mutate: Optional[CopyMutation]) -> tuple[bool, str]:
    rng = random.Random(seed)
    size, eb = bits // 8, element_bits // 8
    offsets, soffset, num_records, memory_size = _wave(rng, size)
    memory = bytearray(rng.randrange(256) for _ in range(memory_size))
    before = bytes(memory)
    world = World({HANDLE: Resource(memory, num_records)}, bytearray(0))
    registers = [bytearray(rng.randrange(256) for _ in range(size)) for _ in range(WAVE)]
    given = [bytes(r) for r in registers]
    descriptor = [(HANDLE, o // eb) for o in offsets]  # the memref's {resource, offset in elements}
    arguments: list[Any] = [descriptor, registers] if kind == "load" else [registers, descriptor]
    run(module, name, Target("cdna3", WAVE), arguments + [[soffset // eb] * WAVE], world=world, copy_mutate=mutate)
    if kind == "load":
        for t, o in enumerate(offsets):
            inside = o + size <= num_records
            view = int.from_bytes(before[o + soffset:o + soffset + size], "little") if inside else 0
            want = _place(view, tables) if inside else 0
            got = int.from_bytes(registers[t], "little")
            if got != want:
                return False, f"lane {t}: register {got:#x}, reference {want:#x}"
        return True, f"{WAVE} lanes' registers match ({sum(o + size <= num_records for o in offsets)} in range)"
    want_memory = bytearray(before)
    for t, o in enumerate(offsets):
        if o + size <= num_records:
            placed = _place(int.from_bytes(given[t], "little"), tables)
            want_memory[o + soffset:o + soffset + size] = placed.to_bytes(size, "little")
    if bytes(memory) != bytes(want_memory):
        first = next(i for i in range(memory_size) if memory[i] != want_memory[i])
        return False, f"buffer byte {first}: {memory[first]:#x}, reference {want_memory[first]:#x}"
    return True, f"{memory_size} buffer bytes match ({sum(o + size <= num_records for o in offsets)} lanes stored)"


def _run_lds(module: Module, name: str, bits: int, tables: Any, imm: int, seed: int,
             mutate: Optional[CopyMutation]) -> tuple[bool, str]:
    rng = random.Random(seed)
    size = bits // 8
    offsets, soffset, _, memory_size = _wave(rng, size, in_range=WAVE)
    memory = bytearray(rng.randrange(256) for _ in range(memory_size + imm))
    stride = 16 if size > 4 else 4
    lds = bytearray(rng.randrange(256) for _ in range(M0 + imm + WAVE * stride + 64))
    want = bytearray(lds)
    world = World({HANDLE: Resource(memory, len(memory))}, lds)
    arguments: list[Any] = [[(HANDLE, o) for o in offsets], [M0] * WAVE, [soffset] * WAVE]
    run(module, name, Target("cdna4", WAVE), arguments, world=world, copy_mutate=mutate)
    for t, o in enumerate(offsets):
        view = int.from_bytes(memory[o + soffset + imm:o + soffset + imm + size], "little")
        at = M0 + imm + t * stride
        want[at:at + size] = _place(view, tables).to_bytes(size, "little")
    if bytes(lds) != bytes(want):
        first = next(i for i in range(len(lds)) if lds[i] != want[i])
        return False, f"LDS byte {first}: {lds[first]:#x}, reference {want[first]:#x}"
    return True, f"{WAVE} lanes x {size} bytes land in LDS as the reference places them"


def _imm_offset(module: Module, name: str) -> int:
    """The LDS DMA's immediate offset, the constant the IR passes (the test function's imm_offset state)."""
    for block in module.functions[name].blocks:
        for ins in block.instructions:
            if ins.opcode == "call" and str(ins).find("buffer.load.lds") >= 0:
                return int(list(ins.operands)[5].get_constant_value())
    raise NotModelled(f"@{name}: no LDS DMA call")


def _execute(module: Module, name: str, kind: str, bits: int, element_bits: int, tables: Any, seed: int,
             mutate: Optional[CopyMutation] = None) -> tuple[bool, str]:
    if kind == "load.lds":
        return _run_lds(module, name, bits, tables, _imm_offset(module, name), seed, mutate)
    return _run_buffer(module, name, kind, bits, element_bits, tables, seed, mutate)


def execute_copy(spec_path: Path, spec: Any, evaluated: Any, module: Optional[Module], seed: int = 0,
                 negatives: bool = True) -> Outcome:
    instance = evaluated.instance.id
    started = time.perf_counter()
    outcome = Outcome(str(spec_path.relative_to(ROOT)), instance, evaluated.instance.instruction or "", False)
    failures = json.loads(LOWERING_FAILURES.read_text()) if LOWERING_FAILURES.exists() else {}
    stem = f"{spec.subtarget}_{spec_path.stem}"
    if spec.mnemonic in NOT_EXECUTED:
        outcome.reason = NOT_EXECUTED[spec.mnemonic]
        return outcome
    if module is None:
        outcome.reason = "not lowered: " + failures.get(stem, "no committed IR")
        return outcome
    base = f"{stem}_{instance}"
    names = [n for n in (base, base + "_load", base + "_store") if n in module.functions]
    if not names:
        outcome.reason = f"no IR function @{base}"
        return outcome
    try:
        tables = _tables(spec, evaluated)
        details = []
        for name in names:
            kind = "store" if name.endswith("_store") else "load" if name.endswith("_load") else "load.lds"
            bits = int(dict(evaluated.instance.values)["bitSize"])
            element_bits = _element_bits(module, name) if kind != "load.lds" else 8
            passed, detail = _execute(module, name, kind, bits, element_bits, tables, seed)
            details.append(f"@..._{name.removeprefix(base).lstrip('_') or instance}: {detail}")
            outcome.passed = passed if outcome.passed is None else outcome.passed and passed
            if not negatives:
                continue
            for label, mutation in negative_classes(kind, bits, element_bits).items():
                key = f"{label} (@{name})"
                if mutation is None:
                    why = next(w for start, w in WHY_NOT.items() if label.startswith(start))
                    outcome.negatives[key] = f"not applicable: {why}"
                    continue
                try:
                    broken, said = _execute(module, name, kind, bits, element_bits, tables, seed, mutation)
                    outcome.negatives[key] = f"detected: {said}" if not broken else "NOT DETECTED"
                except ModelError as error:
                    outcome.negatives[key] = f"detected: the model refuses: {error}"
                except NotModelled as error:
                    outcome.negatives[key] = f"NOT DETECTED (not modelled: {error})"
    except NotModelled as error:
        outcome.reason = f"not modelled: {error}"
        outcome.passed = None
        return outcome
    outcome.executed = True
    outcome.detail = "; ".join(details)
    outcome.model_source = copies.LDS_SOURCE if spec.mnemonic.endswith("_lds") else copies.SOURCE
    outcome.seconds = round(time.perf_counter() - started, 3)
    return outcome


def run_copy_spec(spec_path: Path, seed: int = 0, negatives: bool = True) -> list[Outcome]:
    spec_path = spec_path.resolve()
    result = analyze_file(spec_path, str(spec_path), prove=False)
    spec = result.spec
    if spec is None or result.analysis is None or spec.kind != "copy":
        return []
    module = read_ir(f"{spec.subtarget}_{spec_path.stem}")
    return [execute_copy(spec_path, spec, evaluated, module, seed, negatives)
            for evaluated in result.analysis.evaluated]


__all__ = ["execute_copy", "negative_classes", "run_copy_spec"]
