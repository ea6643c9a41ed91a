"""Kernels that name an atom the generated fly-opt refuses by design, run through the atom atomgen
declares for FlyDSL's convention instead (issue 49 point 3).

FlyDSL 0.5.0's `cdna4.mfma_scale` lays fp8 A/B out as 32 consecutive K per lane; atomgen's
`cdna4.mfma_scale` is the hardware's order (two 16-byte K runs per lane) and refuses such a kernel at
`fly.mma.make_fragment` (docs/evidence/kernels.md, finding 3). atomgen declares FlyDSL's order as a
separate atom, `cdna4.mfma_scale_k32` (specs/rocdl/cdna4/mfma_scale_k32.yaml): the same intrinsic, FlyDSL's
K labels, valid where the E8M0 scales do not vary within one instruction's K. A kernel written against
atomgen's atoms names `MFMA_Scale_K32`; one the wheel traced names `cdna4.mfma_scale`, so `rename` swaps
the atom type in the bridged stage 00: a change of meaning, not of spelling (never done by
kernel_bridge), made only for fp8 x fp8 atoms, counted, and applied only where the generated fly-opt
refused the kernel as it was traced.
"""

from __future__ import annotations

import re

ATOM_NAME = "cdna4.mfma_scale_k32"
_FP8 = r"f8E4M3FN|f8E5M2"
_ATOM = re.compile(rf"!fly_rocdl\.cdna4\.mfma_scale<(\d+x\d+x\d+), \(({_FP8}), ({_FP8})\)")


def applies(text: str) -> bool:
    """Does the kernel issue an fp8 x fp8 cdna4.mfma_scale (FlyDSL's 32-consecutive-K convention)?"""
    return _ATOM.search(text) is not None


def rename(text: str) -> tuple[str, int]:
    """Every fp8 x fp8 cdna4.mfma_scale type -> cdna4.mfma_scale_k32 (same parameters), and how many."""
    return _ATOM.subn(lambda m: f"!fly_rocdl.cdna4.mfma_scale_k32<{m[1]}, ({m[2]}, {m[3]})", text)
