"""Emission records: one frozen dataclass per emission pattern, one module each.

`read` turns a schema-valid `emission:` mapping into the record of its pattern; `RECORDS` lists
them by pattern name. A record holds the section's keys as typed fields, and, as class variables,
the pattern's facts that check (`needs`) and render (`template_name()`, `includes`, `buffer`,
`registers`) read, so a pattern is described in one place.
"""

from __future__ import annotations

from atomgen.spec.emission.base import (
    Direction,
    Emission,
    Feed,
    FormatCodes,
    GenericVariant,
    Immediates,
    PatternNeeds,
    RowEmission,
    Shim,
    ShimResult,
    SingleOp,
    StateOperands,
    Token,
    Tokens,
    Variant,
    Variants,
)
from atomgen.spec.emission.buffer_atomic import BufferAtomic
from atomgen.spec.emission.buffer_copy import BufferCopy
from atomgen.spec.emission.bulk_copy import BulkCopy
from atomgen.spec.emission.call_intrinsic import CallIntrinsic
from atomgen.spec.emission.cp_async import CpAsync
from atomgen.spec.emission.global_lds_dma import GlobalLdsDma
from atomgen.spec.emission.ldmatrix import Ldmatrix
from atomgen.spec.emission.lds_dma import LdsDma
from atomgen.spec.emission.lds_read_trans import LdsReadTrans
from atomgen.spec.emission.mfma import Mfma
from atomgen.spec.emission.mfma_scale import MfmaScale
from atomgen.spec.emission.mma_sp import MmaSp
from atomgen.spec.emission.mma_sync import MmaSync
from atomgen.spec.emission.stmatrix import Stmatrix
from atomgen.spec.emission.tcgen05_cp import Tcgen05Cp
from atomgen.spec.emission.tcgen05_ld import Tcgen05Ld
from atomgen.spec.emission.tcgen05_mma import Tcgen05Mma
from atomgen.spec.emission.tcgen05_st import Tcgen05St
from atomgen.spec.emission.tdm import Tdm
from atomgen.spec.emission.tma_load import TmaLoad
from atomgen.spec.emission.tma_store import TmaStore
from atomgen.spec.emission.wgmma_rs import WgmmaRs
from atomgen.spec.emission.wgmma_sp import WgmmaSp
from atomgen.spec.emission.wgmma_ss import WgmmaSs
from atomgen.spec.emission.wmma_generic import WmmaGeneric
from atomgen.spec.emission.wmma_gfx1250 import WmmaGfx1250
from atomgen.spec.emission.wmma_plain import WmmaPlain
from atomgen.spec.emission.wmma_scale import WmmaScale
from atomgen.spec.yamldata import YamlMap, text

RECORDS: dict[str, type[Emission]] = {
    record.pattern: record
    for record in (
        BufferAtomic, BufferCopy, BulkCopy, CallIntrinsic, CpAsync, GlobalLdsDma, Ldmatrix, LdsDma, LdsReadTrans, Mfma,
        MfmaScale, MmaSp, MmaSync, Stmatrix, Tcgen05Cp, Tcgen05Ld, Tcgen05Mma, Tcgen05St, Tdm, TmaLoad, TmaStore,
        WgmmaRs, WgmmaSp, WgmmaSs,
        WmmaGeneric, WmmaGfx1250, WmmaPlain, WmmaScale,
    )
}


def read(data: YamlMap) -> Emission:
    """The record of a schema-valid `emission:` section (the schema names one of RECORDS' patterns)."""
    return RECORDS[text(data.get("pattern"))].read(data)


__all__ = [
    "RECORDS", "Direction", "Emission", "Feed", "FormatCodes", "GenericVariant", "Immediates",
    "PatternNeeds", "RowEmission", "Shim", "ShimResult", "SingleOp", "StateOperands", "Token", "Tokens", "Variant",
    "Variants", "read", "BufferAtomic", "BufferCopy", "BulkCopy", "CallIntrinsic", "CpAsync", "GlobalLdsDma",
    "Ldmatrix", "LdsDma", "LdsReadTrans", "Mfma", "MfmaScale", "MmaSp", "MmaSync", "Stmatrix", "Tcgen05Cp", "Tcgen05Ld",
    "Tcgen05Mma", "Tcgen05St", "Tdm",
    "TmaLoad", "TmaStore", "WgmmaRs", "WgmmaSp", "WgmmaSs", "WmmaGeneric", "WmmaGfx1250", "WmmaPlain", "WmmaScale",
]
