"""A PTX instruction text read into its fields, by the grammar of the PTX ISA's instruction families.

A spec row names its instruction (`instruction: mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32`). Every
word of it means something: the operand orders, the element types, `.trans`, the matrix count, the cache
level, the tensor rank, the kind. This module splits the text into those fields, and nothing else:
check (atomgen/check/families/call.py, AG404) holds each field to the row's parameters, and render reads
the fields, never a substring of the text. A word the grammar of the instruction's family does not know
is kept in `unknown`, so that check can say which word it is.

The grammar follows the PTX ISA 8.x/9.x syntax sections: mma (9.7.14.5.14), mma.sp (9.7.14.6),
wgmma.mma_async (9.7.15.5.2), ldmatrix / stmatrix (9.7.14.5.15-16), cp.async (9.7.9.25.3),
cp.async.bulk (9.7.9.25.4.1), cp.async.bulk.tensor (9.7.9.25.5.1), tcgen05.mma (9.7.16.10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

# PTX element type word -> the MLIR element type name the specs use
ELEMENT_TYPES = {
    "f64": "f64", "f32": "f32", "f16": "f16", "bf16": "bf16", "tf32": "tf32",
    "e4m3": "f8E4M3FN", "e5m2": "f8E5M2", "e2m3": "f6E2M3FN", "e3m2": "f6E3M2FN", "e2m1": "f4E2M1FN",
    "s32": "i32", "s8": "i8", "u8": "ui8", "s4": "i4", "u4": "ui4", "b1": "i1",
}
_BIT_TYPES = ("b8", "b16", "b32", "b64", "b128")  # ldmatrix / stmatrix: the bits of one matrix element
# cp.reduce.async.bulk(.tensor): the reduction (PTX ISA 9.7.9.25.4.2 / 9.7.9.25.5.2, `.redOp`)
_REDUCTIONS = ("add", "min", "max", "inc", "dec", "and", "or", "xor")
# cp.async(.bulk)(.tensor): the state spaces, written destination first (PTX ISA 9.7.9.25: `.dst.src`)
_SPACES = ("shared", "shared::cta", "shared::cluster", "global")
_SHAPE = re.compile(r"^m(\d+)n(\d+)(?:k(\d+))?$")
_COUNT = re.compile(r"^x(1|2|4)$")
_RANK = re.compile(r"^([1-5])d$")
# tcgen05.ld / tcgen05.st (9.7.16.8.4-5): the data-path shape, the repetition .num; tcgen05.cp (9.7.16.8.3): its shape
_TMEM_SHAPES = ("16x64b", "16x128b", "16x256b", "32x32b", "16x32bx2")
_CP_SHAPES = ("128x256b", "4x256b", "128x128b", "64x128b", "32x128b")
_TMEM_COUNT = re.compile(r"^x(1|2|4|8|16|32|64|128)$")
_CP_MULTICAST = ("warpx2::02_13", "warpx2::01_23", "warpx4")
# words a family's grammar allows beside its fields (state spaces, completion mechanisms, modifiers)
_PLAIN = {
    "mma": {"sync", "aligned", "satfinite", "popc", "xor", "and", "sp", "sp::ordered_metadata"},
    "wgmma": {"mma_async", "sync", "aligned", "sp"},
    "ldmatrix": {"sync", "aligned", "shared", "shared::cta"},
    "stmatrix": {"sync", "aligned", "shared", "shared::cta"},
    "cp": {"async", "shared", "global", "shared::cta", "shared::cluster", "bulk", "tensor", "tile", "im2col",
           "mbarrier::complete_tx::bytes", "bulk_group", "multicast::cluster", "L2::cache_hint", "reduce"},
    "tcgen05": {"mma", "block_scale", "ws", "sp", "ld", "st", "cp", "sync", "aligned", "b32"},
}


@dataclass(frozen=True, slots=True)
class PtxInstruction:
    """The fields of one PTX instruction text (absent fields are None / empty)."""

    text: str
    family: str  # the first word: mma, wgmma, ldmatrix, stmatrix, cp, tcgen05
    shape: Optional[tuple[int, ...]] = None  # (m, n, k) or (m, n)
    layouts: tuple[str, ...] = ()  # mma: the A and B orders, `row` / `col`
    types: tuple[str, ...] = ()  # element types in the order written (mma: D, A, B, C; wgmma: D, A, B)
    bits: str = ""  # ldmatrix / stmatrix: the element word (`b16`)
    transposed: bool = False  # `.trans`
    count: Optional[int] = None  # ldmatrix / stmatrix `.x1/.x2/.x4`
    cache: str = ""  # cp.async `.ca` / `.cg`
    rank: Optional[int] = None  # cp.async.bulk.tensor `.1d` ... `.5d`
    kind: str = ""  # tcgen05 `kind::f16`
    cta_group: Optional[int] = None  # tcgen05 `cta_group::1|2`
    scale_vec: str = ""  # tcgen05 block scaling `scale_vec::2X`
    bit_op: str = ""  # binary mma: `xor` / `and`
    reduction: str = ""  # cp.reduce.async.bulk: `add`, `min`, ...
    multicast: bool = False  # cp.async.bulk(.tensor) `.multicast::cluster`
    im2col: bool = False  # cp.async.bulk.tensor load mode `.im2col` (else `.tile`)
    spaces: tuple[str, ...] = ()  # cp: the state spaces in the order written, the destination's first
    sparse: bool = False  # mma.sp / wgmma .sp / tcgen05 .sp
    tmem_shape: str = ""  # tcgen05.ld / st / cp: the shape word (`32x32b`, `16x32bx2`, `128x256b`)
    repetition: Optional[int] = None  # tcgen05.ld / st `.x1` ... `.x128`
    pack: str = ""  # tcgen05.ld `pack::16b`, tcgen05.st `unpack::16b`
    cp_multicast: str = ""  # tcgen05.cp `warpx2::02_13`, `warpx2::01_23`, `warpx4`
    unknown: tuple[str, ...] = ()  # words the family's grammar does not know

    @property
    def element_types(self) -> dict[str, str]:
        """Operand -> element type (MLIR name) as the instruction spells them: mma names D, A, B, C;
        wgmma D, A, B."""
        names = ("d", "a", "b", "c")[: len(self.types)]
        return {name: ELEMENT_TYPES.get(word, word) for name, word in zip(names, self.types)}


@lru_cache(maxsize=4096)
def parse_ptx(text: str) -> Optional[PtxInstruction]:
    """The fields of a PTX instruction text, or None when its first word is no family atomgen reads."""
    words = text.strip().split(".")
    family = words[0]
    if family not in _PLAIN or len(words) < 2:
        return None
    fields: dict[str, object] = {}
    layouts: list[str] = []
    types: list[str] = []
    unknown: list[str] = []
    spaces: list[str] = []
    plain = _PLAIN[family]
    for position, word in enumerate(words[1:], start=1):
        shape = _SHAPE.match(word)
        if shape is not None and "shape" not in fields:
            fields["shape"] = tuple(int(g) for g in shape.groups() if g is not None)
        elif word in ("row", "col") and family == "mma":
            layouts.append(word)
        elif word in ELEMENT_TYPES and family in ("mma", "wgmma"):
            types.append(word)
        elif word in _BIT_TYPES and family in ("ldmatrix", "stmatrix"):
            fields["bits"] = word
        elif word == "trans" and family in ("ldmatrix", "stmatrix"):
            fields["transposed"] = True
        elif (count := _COUNT.match(word)) is not None and family in ("ldmatrix", "stmatrix"):
            fields["count"] = int(count.group(1))
        elif word in ("ca", "cg") and family == "cp" and words[1] == "async" and position == 2:
            fields["cache"] = word
        elif word in _REDUCTIONS and family == "cp" and "reduce" in words[1:position]:
            fields["reduction"] = word
        elif (rank := _RANK.match(word)) is not None and family == "cp":
            fields["rank"] = int(rank.group(1))
        elif word.startswith("kind::") and family == "tcgen05":
            fields["kind"] = word[len("kind::"):]
        elif word.startswith("cta_group::") and family == "tcgen05" and word[len("cta_group::"):].isdigit():
            fields["cta_group"] = int(word[len("cta_group::"):])
        elif word in _TMEM_SHAPES + _CP_SHAPES and family == "tcgen05" and "tmem_shape" not in fields:
            fields["tmem_shape"] = word
        elif (count := _TMEM_COUNT.match(word)) is not None and family == "tcgen05" and words[1] in ("ld", "st"):
            fields["repetition"] = int(count.group(1))
        elif word in ("pack::16b", "unpack::16b") and family == "tcgen05":
            fields["pack"] = word
        elif word in _CP_MULTICAST and family == "tcgen05":
            fields["cp_multicast"] = word
        elif word.startswith("scale_vec::") and family == "tcgen05":
            fields["scale_vec"] = word[len("scale_vec::"):]
        elif word in plain:
            if word in ("xor", "and"):
                fields["bit_op"] = word
            if word.startswith("sp"):
                fields["sparse"] = True
            if word == "multicast::cluster":
                fields["multicast"] = True
            if word == "im2col":
                fields["im2col"] = True
            if family == "cp" and word in _SPACES:
                spaces.append(word)
        else:
            unknown.append(word)
    return PtxInstruction(text=text, family=family, layouts=tuple(layouts), types=tuple(types),
                          spaces=tuple(spaces), unknown=tuple(unknown), **fields)  # type: ignore[arg-type]
