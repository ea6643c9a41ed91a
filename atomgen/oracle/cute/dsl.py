"""The CuTe DSL (nvidia-cutlass-dsl) as the worker uses it: its modules, loaded once, and the
type helpers the atom families share. Only the worker subprocess imports this module.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from atomgen.oracle.cute.fields import layout_of, size_of

DEFAULT_ARCH = "sm_90a"


class CuteDsl:
    """The DSL's modules; the helpers need an active MLIR context (`atomgen.oracle.cute.worker`)."""

    def __init__(self) -> None:
        os.environ.setdefault("CUTE_DSL_ARCH", DEFAULT_ARCH)
        # Imported by name so that type checkers treat the (large, partly untyped,
        # optional) DSL as Any and never need it installed.
        load = importlib.import_module
        self.cutlass: Any = load("cutlass")
        self.cute: Any = load("cutlass.cute")
        self.cute_ir: Any = load("cutlass._mlir.dialects.cute")
        self.nvgpu_ir: Any = load("cutlass._mlir.dialects.cute_nvgpu")
        self.ir: Any = load("cutlass._mlir.ir")
        self.pack_shape: Any = load("cutlass.cute.core")._pack_shape
        nvgpu = load("cutlass.cute.nvgpu")
        self.major_mode: Any = nvgpu.OperandMajorMode
        self.cpasync: Any = load("cutlass.cute.nvgpu.cpasync")
        self.warp: Any = load("cutlass.cute.nvgpu.warp")
        self.warpgroup: Any = load("cutlass.cute.nvgpu.warpgroup")
        self.T: Any = load("cutlass.cutlass_dsl").T
        self.version = package_version()

    def numeric(self, name: str) -> Any:
        c = self.cutlass
        table: dict[str, Any] = {
            "f16": c.Float16, "bf16": c.BFloat16, "f32": c.Float32, "tf32": c.TFloat32, "f64": c.Float64,
            "i8": c.Int8, "ui8": c.Uint8, "i32": c.Int32, "f8E4M3FN": c.Float8E4M3FN, "f8E5M2": c.Float8E5M2,
        }
        return table[name]

    def mlir_type(self, name: str) -> Any:
        """MLIR type as CuTe's atom types spell it (signed/unsigned int8 explicit)."""
        if name == "i8":
            return self.T.si8()
        if name == "ui8":
            return self.T.ui8()
        return self.numeric(name).mlir_type

    def shape_attr(self, mnk: tuple[int, int, int]) -> Any:
        return self.pack_shape(mnk).type.attribute

    def provenance(self, built_with: str, **more: str) -> dict[str, str]:
        return {"source": f"nvidia-cutlass-dsl {self.version} (running package)", "built_with": built_with, **more}

    def thread_layouts(self, ty: Any) -> tuple[int, dict[str, Any]]:
        """(thread count, thread layout record) of an atom type."""
        thr = layout_of(ty.thr_id)
        return size_of(thr["shape"]), thr


def package_version() -> str:
    try:
        from importlib.metadata import version

        return version("nvidia-cutlass-dsl")
    except Exception:  # noqa: BLE001  # metadata missing
        return "unknown"
