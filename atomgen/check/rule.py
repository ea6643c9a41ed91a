"""One check rule: a stable id, a name, and what `atomgen explain ID` prints."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    name: str
    summary: str
    why: str
    bad: str
    fix: str
