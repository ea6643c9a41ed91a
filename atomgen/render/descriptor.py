"""The C++ that packs a TDM descriptor: each dword's bit pieces and the lowering-time width checks.

The descriptor's fields, their sources and rule AG397's checks are atomgen/spec/descriptor.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from atomgen.render.engine import TemplateContext
from atomgen.render.wording import stream
from atomgen.spec.descriptor import MESSAGE_LOCALS, STATIC_OPERANDS, Field, group_sizes


@dataclass
class Word:
    group: str
    dword: int
    statics: list[tuple[str, int, int, int]] = field(default_factory=list)  # (C++ int64 expr, from, n, at)
    runtime: list[tuple[str, int, int, int]] = field(default_factory=list)  # (C++ Value expr, from, n, at)


@dataclass
class FitCheck:
    expr: str
    width: int
    message: list[str]  # `<<` operands


def _operand_expr(ref: str) -> str:
    digits = re.search(r"[0-9]+$", ref)
    index = digits.group(0) if digits else ""
    stem = ref[: len(ref) - len(index)]
    names = {"lds_addr": "ldsAddr", "global_addr": "globalAddr", "tensor_dim": "tensorDim", "stride": "strideDim",
             "tile_dim": "tileDim", "data_size": "dataSize", "pad_enable": "pad.enable",
             "pad_interval": "pad.interval", "pad_amount": "pad.amount"}
    return f"{names[stem]}[{index}]" if index else names[stem]


def cpp_model(fields: Sequence[Field], packed: Mapping[str, str], groups: list[str], mnemonic: str,
              param_getter: Callable[[str], str], state_slot: Callable[[str], str],
              stream_param: Callable[[str], str], literal: Callable[[str], str]) -> TemplateContext:
    """Per group (in operand order) its dwords' pieces, and the lowering-time width checks."""
    sizes = group_sizes(packed)
    words = {g: [Word(g, d) for d in range(sizes[g])] for g in groups}
    fits: list[FitCheck] = []
    for item in fields:
        if item.kind == "const":
            expr, static = f"int64_t{{{item.ref}}}", True
        elif item.kind == "param":
            expr, static = f"static_cast<int64_t>({param_getter(item.ref)})", True
        elif item.kind == "state":
            expr, static = f"readState({state_slot(item.ref)})", False
        else:
            expr, static = _operand_expr(item.ref), item.ref in STATIC_OPERANDS
            if static:
                text = item.unencodable or f"{mnemonic}: descriptor field {item.name} = {{value}} does not fit its " \
                                           f"{item.width} bits"
                def operand(name: str, _quoted: bool, value: str = expr) -> str:
                    return value if name == "value" else name if name in MESSAGE_LOCALS else stream_param(name)

                fits.append(FitCheck(expr, item.width, stream(text, operand, literal)))
        for dword, start, n, at in item.pieces():
            if item.group in words:
                (words[item.group][dword].statics if static else words[item.group][dword].runtime).append(
                    (expr, start, n, at))
    return {"groups": [(g, sizes[g], words[g]) for g in groups], "fits": fits}
