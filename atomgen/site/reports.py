"""Oracle verdicts per instance, read from the committed reports (never re-run here).

Each report is read by the `verdicts` module beside the oracle that writes it, into the one type
atomgen/verdicts.py defines. A missing or unreadable report is no verdict at all (the page says
"no report"), never an error: the catalogue shows what the repository has.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from atomgen.oracle.cute import verdicts as cute
from atomgen.oracle.flydsl import verdicts as flydsl
from atomgen.oracle.triton import verdicts as triton
from atomgen.probe import verdicts as probe
from atomgen.verdicts import Instances, ReportReader, Verdict, Verdicts

# oracle -> the module that reads its report, in the catalogue's column order
READERS: dict[str, ReportReader] = {"flydsl": flydsl, "cute": cute, "triton": triton, "probe": probe}
REPORT_FILES = {oracle: reader.FILE for oracle, reader in READERS.items()}
TITLES = {oracle: reader.TITLE for oracle, reader in READERS.items()}


@dataclass
class Reports:
    """The verdicts of every report found, and which oracles had a report."""

    found: dict[str, Verdicts]
    sources: dict[str, str]  # oracle -> report file name

    def verdict(self, oracle: str, spec_path: str, instance: str) -> Optional[Verdict]:
        verdicts = self.found.get(oracle)
        return None if verdicts is None else verdicts.by_instance.get((spec_path, instance))

    def atom_note(self, oracle: str, spec_path: str) -> Optional[str]:
        verdicts = self.found.get(oracle)
        return None if verdicts is None else verdicts.atom_notes.get(spec_path)


def _load(path: Path) -> Optional[dict[str, object]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def load_reports(folder: Path, instances: Instances) -> Reports:
    """`instances`: spec path -> [(instance id, FlyDSL configuration label)] of the catalogued specs."""
    reports = Reports({}, {})
    for oracle, reader in READERS.items():
        data = _load(folder / reader.FILE)
        if data is None:
            continue
        reports.sources[oracle] = reader.FILE
        reports.found[oracle] = reader.read(data, instances)
    return reports


__all__ = ["READERS", "REPORT_FILES", "TITLES", "Reports", "Verdict", "load_reports"]
