"""What the ISA of one ROCDL instance must be on one chip, from the spec and the intrinsics table.

Never from the generated code: the instruction is the intrinsics table's name for the row's intrinsic on
that chip (the row's own `instruction` label for copies), each register operand spans the dwords of
the row's packed type, and each modifier is what the row's immediates *mean*: an immediate the
layouts describe at one value (cbsz/abid/blgp = 0, AG376) must print as that value, a format code is
the code of the row's element type (AG375), and a copy's compile-time offset is the instruction's
`offset:` field. llc omits a modifier at its default, so an instance whose immediates are all zero
expects none (the scaled MFMA always prints `op_sel_hi:[0,0,0]`, the zero scale selectors).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

from atomgen.check.result import Intrinsic, Intrinsics, call_values_of, immediates_of
from atomgen.render.cpp import intrinsic_call
from atomgen.render.tests.mlir import IMMEDIATE_VALUE
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.model import AtomSpec, Instance

# How llc prints the scaled WMMA's matrix formats (AMDGPUInstPrinter: matrix_a_fmt / matrix_b_fmt).
WMMA_FORMAT_NAMES = {1: "MATRIX_FMT_BF8", 2: "MATRIX_FMT_FP6", 3: "MATRIX_FMT_BF6", 4: "MATRIX_FMT_FP4"}
# Sparse MMAs tie the accumulator to the destination: llc prints `vdst, srcA, srcB, idx` (no C).
SPARSE_PREFIXES = ("v_smfmac", "v_swmmac")
MMA_PREFIXES = ("v_mfma", "v_smfmac", "v_wmma", "v_swmmac")
COPY_PREFIXES = ("buffer_", "global_load_lds", "ds_read", "tensor_")


@dataclass(frozen=True, slots=True)
class Slot:
    """One register operand the instruction must have: what it is, its register files, its dwords."""

    role: str
    files: str  # "v", "va" (an MFMA accumulator may live in AGPRs), "s"
    dwords: int


@dataclass(frozen=True, slots=True)
class Expected:
    mnemonic: str
    slots: tuple[Slot, ...]
    modifiers: tuple[tuple[str, str], ...]  # exactly these, in any order
    prefixes: tuple[str, ...]  # which instructions of the function are this instance's


def _dwords(type_text: str) -> int:
    packed = parse_packed(type_text)
    return max(1, math.ceil(packed.bits / 32)) if packed is not None else 1


def _chip_name(entry: Optional[Intrinsic], label: str, chip: str) -> str:
    """The row's label, spelled as on `chip` where the intrinsics table spells the same instruction per chip
    (the label v_mfma_f32_16x16x16bf16_1k is v_mfma_f32_16x16x16_bf16 on gfx942). A label that is not
    one of the intrinsic's names stays as written, and fails against the ISA."""
    names = [isa for isa in (entry.isa if entry is not None else ()) if isa.name]
    if any(isa.name == label for isa in names):
        for isa in names:
            if isa.subtargets is None or chip in isa.subtargets:
                return str(isa.name)
    return label


# How llc prints an immediate the row gives a meaning to, when it is not 0: `cbsz:3` (MFMA family),
# `matrix_a_fmt:MATRIX_FMT_BF6` (the scaled WMMA's formats, AMDGPUInstPrinter).
_PRINTED = {"cbsz": "cbsz", "abid": "abid", "blgp": "blgp", "fmtA": "matrix_a_fmt", "fmtB": "matrix_b_fmt"}


# How llc-22 prints the values of the bound call's operands (AMDGPUInstPrinter; each seen on llc-22 22.1.8):
# A's and B's sign (IU WMMA) or neg modifier are neg_lo's first two bits, C's modifier neg_lo's (neg) and
# neg_hi's (abs) third, clamp a word; the scaled MFMA's scale selectors split into op_sel (bit 0) and
# op_sel_hi (bit 1), A first, and llc prints op_sel_hi even at [0,0,0]; the scaled WMMA's are
# matrix_a_scale / matrix_b_scale.
_SCALE_ROWS = {1: "MATRIX_SCALE_ROW1"}


def _bits(*values: int) -> str:
    return "[" + ",".join(str(v) for v in values) + "]"


def _call_modifiers(values: dict[str, int], mnemonic: str) -> list[tuple[str, str]]:
    """The modifiers the row's bound call (atomgen/check/result.py call_values_of) must print as."""
    found: list[tuple[str, str]] = []
    neg_a = values.get("sign_a", 0) or values.get("mod_a", 0)
    neg_b = values.get("sign_b", 0) or values.get("mod_b", 0)
    mod_c = values.get("mod_c", 0)
    if neg_a or neg_b or mod_c & 1:
        found.append(("neg_lo", _bits(int(bool(neg_a)), int(bool(neg_b)), mod_c & 1)))
    if mod_c & 2:
        found.append(("neg_hi", _bits(0, 0, 1)))
    if values.get("clamp"):
        found.append(("clamp", ""))
    select_a, select_b = values.get("scale_select_a", 0), values.get("scale_select_b", 0)
    if mnemonic.startswith("v_mfma_scale"):
        if select_a & 1 or select_b & 1:
            found.append(("op_sel", _bits(select_a & 1, select_b & 1, 0)))
        found.append(("op_sel_hi", _bits(select_a >> 1, select_b >> 1, 0)))
    elif mnemonic.startswith("v_wmma_scale"):
        for name, select in (("matrix_a_scale", select_a), ("matrix_b_scale", select_b)):
            if select:
                found.append((name, _SCALE_ROWS.get(select, str(select))))
    return found


def _mma_modifiers(spec: AtomSpec, inst: Instance, intrinsics: Intrinsics, mnemonic: str) -> list[tuple[str, str]]:
    """The modifiers of the row's immediates, each at the value its meaning fixes (atomgen/check/result.py
    immediates_of, the same values the generated CHECK lines expect)."""
    found: list[tuple[str, str]] = []
    for name, value in immediates_of(spec, inst, intrinsics).items():
        if name == "opsel" and value:  # GFX11 WMMA: the half of C and D, the third source's op_sel bit
            found.append(("op_sel", "[0,0,1]"))
        elif name in _PRINTED and value:
            shown = WMMA_FORMAT_NAMES.get(value, str(value)) if name.startswith("fmt") else str(value)
            found.append((_PRINTED[name], shown))
    found += _call_modifiers(call_values_of(spec, inst), mnemonic)
    shift = intrinsic_call.index_shift(spec, inst, spec.variant(inst.variant))
    if shift is not None and inst.values.get(shift[0]):  # SWMMAC: the shifted index set is llc's index_key
        found.append(("index_key", str(inst.values[shift[0]])))
    return found


def mma(spec: AtomSpec, inst: Instance, intrinsics: Intrinsics, chip: str) -> Expected:
    entry = intrinsics.get(inst.intrinsic)
    mnemonic = _chip_name(entry, str(inst.instruction or ""), chip)
    accumulator = "va" if mnemonic.startswith(("v_mfma", "v_smfmac")) else "v"
    packed = {role: _dwords(str(inst.packed[role])) for role in ("a", "b", "c")}
    written = _dwords(str(inst.packed.get("d", inst.packed["c"])))  # D, in its own type where it has one
    extras = [Slot(o.name, "v", _dwords(o.type_names()[0])) for o in (entry.operands if entry else ())
              if o.name not in ("a", "b", "c") and o.immediate is None and o.type_names()]
    if mnemonic.startswith(SPARSE_PREFIXES):
        slots = [Slot("d", accumulator, written), Slot("a", "v", packed["a"]), Slot("b", "v", packed["b"])]
    else:
        slots = [Slot("d", accumulator, written), Slot("a", "v", packed["a"]), Slot("b", "v", packed["b"]),
                 Slot("c", accumulator, packed["c"])]
    modifiers = _mma_modifiers(spec, inst, intrinsics, mnemonic)
    return Expected(mnemonic, tuple(slots + extras), tuple(modifiers), MMA_PREFIXES)


def _label(inst: Instance, direction: str) -> tuple[str, tuple[str, ...]]:
    """A copy row's label for one direction: `buffer_load_ubyte / buffer_store_byte` -> the load's or
    the store's name; `buffer_load_dword ... lds` -> the name and its flag."""
    names = [part.strip() for part in str(inst.instruction or "").split("/")]
    name = names[1] if direction == "store" and len(names) > 1 else names[0]
    words = name.replace("...", " ").split()
    return words[0], tuple(words[1:])


def copy(spec: AtomSpec, inst: Instance, function: str) -> Expected:
    """A copy function (`..._load`, `..._store`, or the instance's only one)."""
    pattern = spec.pattern
    direction = "store" if function.endswith("_store") else "load"
    mnemonic, flags = _label(inst, direction)
    modifiers: list[tuple[str, str]] = [(flag, "") for flag in flags]
    value = _dwords(str(inst.packed.get("value", "i32")))
    slots: tuple[Slot, ...]
    if pattern in ("buffer_copy", "buffer_atomic"):
        slots = (Slot("value", "v", value), Slot("voffset", "v", 1), Slot("rsrc", "s", 4), Slot("soffset", "s", 1))
        modifiers.append(("offen", ""))
    elif pattern == "lds_dma":
        # The LDS address goes in M0; the compile-time offset is the instruction's own offset field.
        slots = (Slot("voffset", "v", 1), Slot("rsrc", "s", 4), Slot("soffset", "s", 1))
        modifiers.append(("offen", ""))
        if any(field.immediate for field in spec.state):
            modifiers.append(("offset", str(IMMEDIATE_VALUE)))
    elif pattern == "lds_read_trans":
        slots = (Slot("value", "v", value), Slot("address", "v", 1))
    elif pattern == "tdm":
        groups = [_dwords(str(inst.packed[g])) for g in sorted(inst.packed)][:4]
        slots = tuple(Slot(f"g{i}", "s", dwords) for i, dwords in enumerate(groups))
    else:
        slots = ()
    return Expected(mnemonic, slots, tuple(sorted(set(modifiers))), COPY_PREFIXES)
