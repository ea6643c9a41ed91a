"""The CuTe worker's vocabulary: the fields of a request (element types and their aliases,
integers, counts, operand majors and sources, each checked), CuTe's layout text as the JSON
layout record, and CuTe's error messages without their colours and source frames.
"""

from __future__ import annotations

import re
from typing import Any

NestedInt = int | list[Any]

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_LAYOUT_TEXT = re.compile(r'!cute\.layout<"([^"]*)">')

# MLIR element-type names accepted on input, mapped to the canonical name.
_TYPE_ALIASES: dict[str, str] = {
    "f16": "f16", "bf16": "bf16", "f32": "f32", "tf32": "tf32", "f64": "f64",
    "i8": "i8", "s8": "i8", "si8": "i8", "ui8": "ui8", "u8": "ui8", "i32": "i32", "s32": "i32", "si32": "i32",
    "f8E4M3FN": "f8E4M3FN", "e4m3": "f8E4M3FN", "f8E5M2": "f8E5M2", "e5m2": "f8E5M2",
}
TYPE_BITS: dict[str, int] = {
    "f16": 16, "bf16": 16, "f32": 32, "tf32": 32, "f64": 64, "i8": 8, "ui8": 8, "i32": 32, "f8E4M3FN": 8, "f8E5M2": 8,
}
_KEY_ALIASES: dict[str, tuple[str, ...]] = {
    "a_type": ("a_type", "elemTyA", "elem_ty_a", "a"),
    "b_type": ("b_type", "elemTyB", "elem_ty_b", "b"),
    "c_type": ("c_type", "acc_type", "elemTyAcc", "elem_ty_acc", "c", "d_type"),
}


class AtomError(Exception):
    """An atom request that is malformed or that CuTe/PTX rejects."""


def parse_int_tuple(text: str) -> NestedInt:
    """Parse a CuTe int-tuple such as ``((4,8),(2,2,2))`` into nested lists."""
    pos = 0

    def parse() -> NestedInt:
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            items: list[Any] = []
            while True:
                items.append(parse())
                if text[pos] == ",":
                    pos += 1
                    continue
                if text[pos] == ")":
                    pos += 1
                    return items
                raise ValueError(f"bad int-tuple {text!r} at {pos}")
        match = re.match(r"-?\d+", text[pos:])
        if match is None:
            raise ValueError(f"bad int-tuple {text!r} at {pos}")
        pos += len(match.group(0))
        return int(match.group(0))

    value = parse()
    if pos != len(text):
        raise ValueError(f"trailing text in int-tuple {text!r}")
    return value


def layout_from_text(text: str) -> dict[str, Any]:
    """Split ``shape:stride`` CuTe text into the JSON layout record."""
    text = text.replace(" ", "")
    depth = 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == ":" and depth == 0:
            return {
                "shape": parse_int_tuple(text[:index]),
                "stride": parse_int_tuple(text[index + 1 :]),
                "text": text,
            }
    raise ValueError(f"not a CuTe layout: {text!r}")


def layout_of(layout_type: Any) -> dict[str, Any]:
    """Layout record of a static ``!cute.layout<"...">`` MLIR type."""
    printed = str(layout_type)
    match = _LAYOUT_TEXT.search(printed)
    if match is None:
        raise AtomError(f"CuTe returned a non-static layout: {printed}")
    return layout_from_text(match.group(1))


def size_of(shape: NestedInt) -> int:
    if isinstance(shape, int):
        return shape
    total = 1
    for item in shape:
        total *= size_of(item)
    return total


def lookup(atom: dict[str, Any], key: str, default: Any = None) -> Any:
    """A request field under its name or one of its aliases."""
    for alias in _KEY_ALIASES.get(key, (key,)):
        if alias in atom:
            return atom[alias]
    return default


def element(atom: dict[str, Any], key: str, default: str | None = None) -> str:
    raw = lookup(atom, key, default)
    if raw is None:
        raise AtomError(f"missing element type {key!r}")
    name = _TYPE_ALIASES.get(str(raw))
    if name is None:
        raise AtomError(f"unknown element type {raw!r} for {key!r}")
    return name


def integer(atom: dict[str, Any], key: str, default: int | None = None) -> int:
    raw = atom.get(key, default)
    if raw is None:
        raise AtomError(f"missing integer parameter {key!r}")
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise AtomError(f"parameter {key!r} must be an integer, got {raw!r}")
    return raw


def count(atom: dict[str, Any]) -> int:
    raw = atom.get("count", atom.get("num_matrices", 1))
    if isinstance(raw, str) and raw.lower().startswith("x") and raw[1:].isdigit():
        raw = int(raw[1:])
    if isinstance(raw, bool) or raw not in (1, 2, 4):
        raise AtomError(f"count must be x1, x2 or x4, got {raw!r}")
    return int(raw)


def boolean(atom: dict[str, Any], key: str) -> bool:
    raw = atom.get(key, False)
    if not isinstance(raw, bool):
        raise AtomError(f"parameter {key!r} must be a boolean, got {raw!r}")
    return raw


def major(atom: dict[str, Any], key: str) -> str:
    raw = str(atom.get(key, "k")).lower()
    if raw in ("k", "k_major", "kmajor"):
        return "k"
    if raw in ("mn", "mn_major", "mnmajor", "m", "n"):
        return "mn"
    raise AtomError(f"{key} must be 'k' or 'mn', got {raw!r}")


def a_source(atom: dict[str, Any]) -> str:
    raw = str(atom.get("a_source", "smem")).lower()
    if raw in ("rmem", "register", "registers", "reg", "rs"):
        return "rmem"
    if raw in ("smem", "shared", "shared_memory", "smem_desc", "descriptor", "ss", "shared_memory_descriptor"):
        return "smem"
    raise AtomError(f"a_source must be 'rmem' or 'smem', got {raw!r}")


def clean(message: str) -> str:
    """Drop ANSI colours and the DSL's source-code frame from an exception message."""
    kept: list[str] = []
    in_frame = False
    for line in _ANSI.sub("", message).splitlines():
        stripped = line.strip()
        if stripped.startswith("-->"):
            in_frame = True
            continue
        if stripped.startswith("suggestion:"):
            kept.append(stripped)
            in_frame = False
            continue
        if in_frame or not stripped:
            continue
        kept.append(stripped.removeprefix("error:").strip())
    return " ".join(kept)
