"""Random structural mutations of spec data, for tests/test_contract.py (the check/gen contract).

Each operator changes one thing a spec author could get wrong in the fields `gen` reads
(emission keys and values, intrinsics, instruction labels, element and packed types, variants,
parameters, state fields, enum values) and returns a description; the caller checks the mutant
and, if check accepts it, renders it.
"""

from __future__ import annotations

import random
from typing import Any, Callable

ELEMENTS = ["f16", "bf16", "f32", "f64", "i8", "i32", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "tf32", "i4", "f6E2M3FN"]
PACKED = ["f32", "i32", "i64", "vector<4xf16>", "vector<8xbf16>", "vector<2xi32>", "vector<4xf32>", "i7",
          "vector<3xi32>", "!llvm.struct<(f32, f32)>", "tf32"]
CPP = ["int32_t", "int64_t", "bool", "Type", "::mlir::fly::AtomicOpAttr"]
LLVM = ["i32", "i64", "i1", "f32", "vector<2xi32>"]
TOKENS = ["a", "b", "c", "accTy", "0", "1", "bogus", "m", "k", "ROCDL::MFMAPermB::none", "scaleA", "x=y", "aux=0", ""]


def plain_copy(data: Any) -> Any:
    """A deep copy of loaded spec data (dicts, lists and scalars only), several times faster than
    copy.deepcopy, which the thousands of mutants would otherwise spend a tenth of their time in."""
    if type(data) is dict:
        return {key: plain_copy(value) for key, value in data.items()}
    if type(data) is list:
        return [plain_copy(value) for value in data]
    return data


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))]


def _rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for row in data.get("instances") or [] if isinstance(row, dict)]


def mutate_emission(data: dict[str, Any], rng: random.Random, patterns: list[str], intrinsics: list[str]) -> str:
    emission = data.setdefault("emission", {})
    if not isinstance(emission, dict) or not emission:
        data["emission"] = {"pattern": _pick(rng, patterns)}
        return "emission: replaced"
    choice = rng.randrange(7)
    keys = [k for k in emission if k != "pattern"]
    if choice == 0:
        emission["pattern"] = _pick(rng, patterns + ["global_load", None, 3])
        return f"emission.pattern = {emission['pattern']!r}"
    if choice == 1 and keys:
        key = _pick(rng, keys)
        del emission[key]
        return f"emission: drop {key}"
    if choice == 2:
        emission[_pick(rng, ["argz", "op", "args", "variants", "load", "op_class", "descriptor"])] = _pick(
            rng, ["x", ["a", "b"], {"q": 1}, 7, True])
        return "emission: add or retype a key"
    lists = [k for k in keys if isinstance(emission[k], list)]
    if choice in (3, 4) and lists:
        key = _pick(rng, lists)
        tokens = list(emission[key])
        if tokens and choice == 3:
            tokens[rng.randrange(len(tokens))] = _pick(rng, TOKENS)
        elif tokens:
            del tokens[rng.randrange(len(tokens))]
        emission[key] = tokens
        return f"emission.{key}: token edit"
    dicts = [k for k in keys if isinstance(emission[k], dict)]
    if choice == 5 and dicts:
        key = _pick(rng, dicts)
        part = dict(emission[key])
        if part:
            sub = _pick(rng, list(part))
            part[sub] = _pick(rng, [None, "bogus", 99, ["a"], _pick(rng, intrinsics)])
        emission[key] = part
        return f"emission.{key}: value edit"
    emission["pattern"] = _pick(rng, patterns)
    return f"emission.pattern -> {emission['pattern']}"


def mutate_instance(data: dict[str, Any], rng: random.Random, patterns: list[str], intrinsics: list[str]) -> str:
    rows = _rows(data)
    if not rows:
        return "no rows"
    row = _pick(rng, rows)
    choice = rng.randrange(8)
    if choice == 0:
        row["intrinsic"] = _pick(rng, intrinsics + [row.get("intrinsic", "x") + ".bogus"])
        return "intrinsic"
    if choice == 1:
        row["instruction"] = _pick(rng, ["v_mfma_f32_32x32x4_2b_bf16", "buffer_load_dword", "bogus", "", "a / b"])
        return "instruction"
    if choice == 2:
        keys = [k for k, v in row.items() if isinstance(v, str) and k.startswith("elemTy")]
        if keys:
            row[_pick(rng, keys)] = _pick(rng, ELEMENTS)
            return "element type"
    if choice == 3 and isinstance(row.get("packed"), dict) and row["packed"]:
        packed = dict(row["packed"])
        role = _pick(rng, list(packed))
        if rng.random() < 0.3:
            del packed[role]
        else:
            packed[role] = _pick(rng, PACKED)
        row["packed"] = packed
        return "packed"
    if choice == 4:
        row["variant"] = _pick(rng, ["F8F6F4", "F4", "bogus", "plain", None])
        return "variant"
    if choice == 5:
        row["emission"] = _pick(rng, [{"cbsz": 9}, {"fmtA": "bogus"}, {"store_intrinsic": _pick(rng, intrinsics)}, {}])
        return "row emission"
    if choice == 6:
        enum_keys = [p["name"] for p in data.get("parameters", []) if isinstance(p, dict) and p.get("enum")]
        if enum_keys:
            row[_pick(rng, enum_keys)] = _pick(rng, ["add", "max", "fmax", "ca", "cg", 3])
            return "enum value"
    row[_pick(rng, ["min_subtarget", "subtargets"])] = _pick(rng, ["gfx942", ["gfx950"], ["gfx1250"], "sm_90a"])
    return "chips"


def mutate_parameter(data: dict[str, Any], rng: random.Random, patterns: list[str], intrinsics: list[str]) -> str:
    parameters = [p for p in data.get("parameters") or [] if isinstance(p, dict)]
    if not parameters:
        return "no parameters"
    parameter = _pick(rng, parameters)
    choice = rng.randrange(5)
    if choice == 0:
        parameter["cpp_type"] = _pick(rng, CPP)
        return "cpp_type"
    if choice == 1:
        parameter["free"] = _pick(rng, [{"min": 0, "max": 65535}, {"min": -1, "max": 1 << 33}, {"values": [0, 7]},
                                        {"min": 0, "max": 3}])
        return "free range"
    if choice == 2:
        parameter["default"] = _pick(rng, [0, 1 << 40, "x", True, -5])
        return "default"
    if choice == 3 and len(parameters) > 1:
        data["parameters"] = [p for p in data["parameters"] if p is not parameter]
        return "drop parameter"
    parameter["enum"] = _pick(rng, [{"add": 0, "max": 1}, {"ca": 0}])
    return "enum"


def mutate_state(data: dict[str, Any], rng: random.Random, patterns: list[str], intrinsics: list[str]) -> str:
    state = [s for s in data.get("state") or [] if isinstance(s, dict)]
    if not state:
        data["stateful"] = not data.get("stateful", False)
        return "stateful flipped"
    field = _pick(rng, state)
    choice = rng.randrange(4)
    if choice == 0:
        field["llvm_type"] = _pick(rng, LLVM)
        return "state llvm_type"
    if choice == 1:
        data["state"] = [s for s in data["state"] if s is not field]
        return "drop state field"
    if choice == 2:
        field["enum_case"] = _pick(rng, ["Soffset", "ImmOffset", "ScaleA", "Mbarrier", "Bogus"])
        return "state enum_case"
    field["immediate"] = not field.get("immediate", False)
    return "state immediate"


OPERATORS: list[Callable[[dict[str, Any], random.Random, list[str], list[str]], str]] = [
    mutate_emission, mutate_emission, mutate_instance, mutate_instance, mutate_parameter, mutate_state,
]


def mutant(
    data: dict[str, Any], rng: random.Random, patterns: list[str], intrinsics: list[str]
) -> tuple[dict[str, Any], str]:
    copied = plain_copy(data)
    operator = _pick(rng, OPERATORS)
    return copied, operator(copied, rng, patterns, intrinsics)


# --- whole sections swapped between specs (issue 23) -----------------------------------------

# Every top-level section a spec author could paste from another spec (the identity fields
# included: a copy keeps the other atom's name); not spec_version or backend (check reads the
# backend from the file's folder).
SECTIONS = ["kind", "subtarget", "tablegen_def", "cpp_class", "mnemonic", "stateful", "traits", "summary",
            "notes", "threads", "parameters", "assembly_format", "builders", "let", "layouts", "exceptions",
            "sparse", "tensor_memory", "instances", "state", "python", "emission", "tests", "verify",
            "known_flydsl_defects", "known_cute_differences", "known_triton_differences", "operand_types"]


def swap_sections(data: dict[str, Any], donors: list[dict[str, Any]], rng: random.Random) -> tuple[dict[str, Any], str]:
    """`data` with one to three whole top-level sections taken from a donor spec: the donor's
    section replaces this one's, or this one's is dropped where the donor has none."""
    copied = plain_copy(data)
    donor = _pick(rng, [d for d in donors if d is not data] or donors)
    present = [s for s in SECTIONS if s in copied or s in donor]
    taken = sorted(rng.sample(present, min(len(present), 1 + rng.randrange(3))))
    for section in taken:
        if section in donor:
            copied[section] = plain_copy(donor[section])
        else:
            copied.pop(section, None)
    return copied, f"sections {', '.join(taken)} from {donor.get('mnemonic')}"
