"""Marked regions in shared files: the only bytes `gen --into` may change in them.

    // ---- atomgen:begin <id> sha256:<first 16 hex of the body's hash>
    ...body...
    // ---- atomgen:end <id>

The hash in the begin marker is the body atomgen wrote; a body whose hash no longer matches
was edited by hand, and atomgen refuses to overwrite it without --force.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Optional

from atomgen.write import python_module

COMMENT_BY_SUFFIX = {".td": "//", ".cpp": "//", ".h": "//", ".inc": "//", ".py": "#", ".txt": "#", ".cmake": "#"}


class RegionError(Exception):
    """A region cannot be placed or updated safely (message says where and why)."""


def comment_for(path: str) -> str:
    for suffix, comment in COMMENT_BY_SUFFIX.items():
        if path.endswith(suffix):
            return comment
    return "#"


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def block(path: str, region: str, body: str, indent: str = "") -> str:
    comment = comment_for(path)
    if body and not body.endswith("\n"):
        body += "\n"
    return (
        f"{indent}{comment} ---- atomgen:begin {region} sha256:{body_hash(body)}\n"
        f"{body}"
        f"{indent}{comment} ---- atomgen:end {region}\n"
    )


@dataclass(frozen=True, slots=True)
class FoundRegion:
    start: int  # offset of the begin marker line
    body_start: int
    body_end: int  # offset of the end marker line
    end: int  # offset after the end marker line
    recorded_hash: str
    indent: str


def find(text: str, path: str, region: str) -> Optional[FoundRegion]:
    comment = re.escape(comment_for(path))
    begin = re.compile(
        rf"^([ \t]*){comment} ---- atomgen:begin {re.escape(region)} sha256:([0-9a-f]{{16}})[ \t]*\n", re.M
    )
    end = re.compile(rf"^[ \t]*{comment} ---- atomgen:end {re.escape(region)}[ \t]*(?:\n|$)", re.M)
    opened = list(begin.finditer(text))
    if not opened:
        return None
    if len(opened) > 1:
        raise RegionError(f"{path}: region '{region}' appears {len(opened)} times")
    match = opened[0]
    closing = end.search(text, match.end())
    if closing is None:
        raise RegionError(f"{path}: region '{region}' has a begin marker but no end marker")
    return FoundRegion(match.start(), match.end(), closing.start(), closing.end(), match.group(2), match.group(1))


def names(text: str, path: str) -> list[str]:
    """The ids of the regions a file's text holds, in order (their begin markers)."""
    comment = re.escape(comment_for(path))
    return re.findall(rf"^[ \t]*{comment} ---- atomgen:begin (\S+) sha256:[0-9a-f]{{16}}", text, re.M)


@dataclass(frozen=True, slots=True)
class Anchor:
    """Where a region goes in a file that does not have it yet."""

    pattern: str  # regex matched per line (re.M)
    where: str  # "before" | "after" | "end" | "before_last", or one of PYTHON_ANCHORS


# Places in a Python module, found from its syntax tree (atomgen/write/python_module.py).
PYTHON_ANCHORS = {"before_imports": python_module.imports_start, "before_definitions": python_module.definitions_start,
                  "after_all": python_module.all_end}


def place(text: str, path: str, region: str, body: str, anchor: Anchor, force: bool, indent: str = "") -> str:
    """`text` with `region` set to `body`; every byte outside the region stays as it was."""
    found = find(text, path, region)
    if found is not None:
        current = text[found.body_start : found.body_end]
        if body_hash(current) != found.recorded_hash and not force:
            line = text.count("\n", 0, found.start) + 1
            raise RegionError(
                f"{path}:{line}: region '{region}' was edited by hand since atomgen wrote it; "
                "move the edit into the spec, or pass --force to overwrite it"
            )
        return text[: found.start] + block(path, region, body, found.indent) + text[found.end :]
    new_block = block(path, region, body, indent)
    if anchor.where == "end":
        separator = "" if text.endswith("\n") or not text else "\n"
        return text + separator + new_block
    if anchor.where in PYTHON_ANCHORS:
        try:
            offset = PYTHON_ANCHORS[anchor.where](text, path)
        except python_module.ModuleError as error:
            raise RegionError(str(error)) from None
        return text[:offset] + new_block + text[offset:]
    matches = list(re.finditer(anchor.pattern, text, re.M))
    if not matches:
        raise RegionError(
            f"{path}: cannot find where to add region '{region}' (looked for /{anchor.pattern}/); "
            f"add the two marker lines by hand: '{comment_for(path)} ---- atomgen:begin {region} sha256:"
            f"{body_hash('')}' and '{comment_for(path)} ---- atomgen:end {region}'"
        )
    match = matches[-1] if anchor.where == "before_last" else matches[0]
    if anchor.where == "after":
        line_end = text.find("\n", match.end())
        offset = len(text) if line_end < 0 else line_end + 1
    else:
        offset = text.rfind("\n", 0, match.start()) + 1
    return text[:offset] + new_block + text[offset:]
