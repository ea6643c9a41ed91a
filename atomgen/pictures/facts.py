"""Instruction facts of an instance, each with where it comes from (`show`, the catalogue).

Only what is derived from the spec is given: registers per lane from the packed types, the
operation count from the tile shape. Cycles, passes and FLOPs per CU per clock are not: no
public source atomgen cites (atomgen/intrinsics/*.yaml `source`, docs/evidence/) gives them per
instruction, and a number without a source is not added.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atomgen.pictures.model import REGISTER_BITS
from atomgen.spec.backend import RegisterFile
from atomgen.spec.mlir_types import parse_packed

PACKED_SOURCE = "derived from packed types"
SHAPE_SOURCE = "derived from the tile shape"


@dataclass(frozen=True, slots=True)
class Fact:
    name: str
    value: str
    source: str


def register_counts(spec: Any, instance: Any) -> dict[str, int]:
    """Operand -> 32-bit registers per lane its packed type fills (`vector<4xf16>`: 2)."""
    return {role: n for role, (n, _) in _registers(spec, instance).items()}


def _registers(spec: Any, instance: Any) -> dict[str, tuple[int, str]]:
    counts = {}
    for role, text in instance.packed.items():
        if spec.operand_source.get(role) in ("shared_memory_descriptor", "tensor_memory"):
            continue  # a descriptor (or tensor memory) operand: its packed type is not the data's
        packed = parse_packed(text)
        if packed is not None and packed.bits:
            counts[role] = (-(-packed.bits // REGISTER_BITS), str(text))
    return counts


def operations(spec: Any, evaluated: Any) -> int | None:
    """2 * M * N * K (times blocks): one multiply-add counts two; None for copies."""
    variables = evaluated.variables
    if spec.kind != "mma" or not all(isinstance(variables.get(v), int) for v in ("m", "n", "k")):
        return None
    return 2 * variables["m"] * variables["n"] * variables["k"] * int(variables.get("blocks", 1))


def instruction_facts(spec: Any, evaluated: Any, register_file: RegisterFile) -> list[Fact]:
    facts = []
    counts = _registers(spec, evaluated.instance)
    if counts:
        name = register_file.per_lane  # backend.yaml register_file
        text = ", ".join(
            f"{role.upper() if spec.kind == 'mma' else role} {n} ({packed})" for role, (n, packed) in counts.items()
        )
        facts.append(Fact(name, text, PACKED_SOURCE))
    ops = operations(spec, evaluated)
    if ops is not None:
        variables = evaluated.variables
        blocks = int(variables.get("blocks", 1))
        formula = "2*M*N*K" + ("*blocks" if blocks > 1 else "")
        sparse = " (the logical K: A is structured-sparse)" if "k_packed" in variables else ""
        facts.append(Fact("operations per instruction", f"{ops} = {formula}{sparse}", SHAPE_SOURCE))
    return facts


def facts_text(facts: list[Fact]) -> list[str]:
    return [f"  {f.name}: {f.value}  [{f.source}]" for f in facts]
