"""The `wmma_scale` emission pattern.

Gfx1250 scaled WMMA: per-row fmtA/fmtB format codes and the scale state operands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from atomgen.spec.emission.base import MMA, Emission, FormatCodes, PatternNeeds, Shim, StateOperands, Variants
from atomgen.spec.frozen import EMPTY, FrozenMap


@dataclass(frozen=True, slots=True, kw_only=True)
class WmmaScale(Variants, FormatCodes, StateOperands, Shim, Emission):
    pattern: ClassVar[str] = "wmma_scale"
    state_operands: FrozenMap[str, int] = field()  # required here: the scale operands
    enums: FrozenMap[str, str] = EMPTY  # the C++ enum of enum-valued arguments (modC, opsel, scale_format)
    needs: ClassVar[PatternNeeds] = PatternNeeds("mma", packed=MMA, builder_arguments=True, variants=True,
                         extra_names=("fmtA", "fmtB", "fmt0", "modC", "opselA", "opselB"))
    template: ClassVar[str] = "typed_op"
    # The C++ enum each enum-valued argument is cast to where `enums` names none (ROCDL's, MLIR 22).
    ENUM_DEFAULTS: ClassVar[dict[str, str]] = {
        "format": "ROCDL::MatrixFormat",
        "modC": "ROCDL::WMMACModifier",
        "opsel": "ROCDL::WMMAMatrixScale",
        "scale_format": "ROCDL::WMMAMatrixScaleFormat(0)",
    }

    def enum(self, name: str) -> str:
        """The C++ enum type (or, for scale_format, the value) of the argument kind `name`."""
        return str(self.enums.get(name, self.ENUM_DEFAULTS[name]))

    @property
    def format_enum(self) -> str:
        return self.enum("format")
