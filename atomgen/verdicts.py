"""One report type: what an oracle's (or the probe's) committed report says of each instance.

Each oracle writes a report of its own shape, with the detail its comparison has; beside its writer, a
`verdicts` module reads that shape into `Verdicts`, the one type the catalogue (atomgen/site/) and
docs/confirmations.md read. A module lists its report's file name and title with the reader, so a
report's facts sit in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Protocol

# spec path -> [(instance id, FlyDSL configuration label)] of the specs a report is read for
Instances = Mapping[str, list[tuple[str, str]]]
STATES = ("pass", "fail", "known", "skip")


@dataclass(frozen=True, slots=True)
class Verdict:
    state: str  # one of STATES
    text: str


@dataclass
class Verdicts:
    """One report as the catalogue reads it: a verdict per (spec path, instance id), a line per atom."""

    by_instance: dict[tuple[str, str], Verdict] = field(default_factory=dict)
    atom_notes: dict[str, str] = field(default_factory=dict)  # spec path -> one line about the whole atom


class ReportReader(Protocol):
    """A `verdicts` module: its report's file name (under the reports folder), title and reader."""

    FILE: str
    TITLE: str

    def read(self, data: Mapping[str, object], instances: Instances) -> Verdicts: ...


__all__ = ["STATES", "Instances", "ReportReader", "Verdict", "Verdicts"]
