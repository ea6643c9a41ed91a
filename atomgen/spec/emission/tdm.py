"""The `tdm` emission pattern: gfx1250 tensor data mover: descriptor groups packed from `descriptor`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from atomgen.spec import descriptor as descriptor_fields
from atomgen.spec.emission.base import Emission, Feed, Immediates, PatternNeeds


@dataclass(frozen=True, slots=True, kw_only=True)
class Tdm(Immediates, Emission):
    pattern: ClassVar[str] = "tdm"
    descriptor: tuple[descriptor_fields.Field, ...] = field(metadata={"read": descriptor_fields.read})
    # The descriptor template reads the tensor extents and global strides by name (render/tdm.py).
    # imm_offset is added to the 64-bit global address at run time (not an ImmArg of the TDM ops).
    needs: ClassVar[PatternNeeds] = PatternNeeds(
        "copy", state_cases=("ImmOffset",), positive=("numWarps",),
        state_names=tuple(f"extent_{i}" for i in range(5)) + tuple(f"stride_{i}" for i in range(4)),
        feeds=(Feed("ImmOffset", llvm_type="i64", units="bytes"), Feed("WorkgroupMask", llvm_type="i32"))
        + tuple(Feed(f"extent_{i}", llvm_type="i32", units="elements") for i in range(5))
        + tuple(Feed(f"stride_{i}", llvm_type="i64", units="elements") for i in range(4)))
    includes: ClassVar[tuple[str, ...]] = ("mlir/Dialect/Vector/IR/VectorOps.h", "llvm/Support/MathExtras.h")
