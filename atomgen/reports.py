"""One `--report FILE` flag for every oracle and the probe.

`--report FILE` writes the JSON report to FILE and its markdown summary beside it (FILE
with suffix .md); naming the .md file instead writes the same pair, and a FILE with neither
suffix gets both (FILE.json, FILE.md). The flags each command
had before stay as hidden, deprecated aliases that say what to type instead.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

REPORT_HELP = "write the JSON report to FILE and a markdown summary beside it (FILE with suffix .md)"


def add_report_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--report", metavar="FILE", help=REPORT_HELP)


def add_deprecated(parser: argparse.ArgumentParser, flag: str, metavar: str) -> None:
    """An old flag, accepted but not shown in --help."""
    parser.add_argument(flag, metavar=metavar, help=argparse.SUPPRESS)


def warn_deprecated(command: str, flag: str, instead: str) -> None:
    print(f"atomgen {command}: {flag} is deprecated; use {instead}", file=sys.stderr)


def report_pair(report: str) -> tuple[Path, Path]:
    """(JSON file, markdown file) for a `--report` value."""
    path = Path(report)
    if path.suffix in (".md", ".json"):
        return path.with_suffix(".json"), path.with_suffix(".md")
    return Path(f"{report}.json"), Path(f"{report}.md")


def write_text(path: Path, text: str) -> None:
    """Whole or not at all: a report is replaced by a rename, never left half-written."""
    from atomgen.write.atomic import write_new_file

    write_new_file(path, text)


def write_report(report: Optional[str], json_text: str, markdown: str) -> list[Path]:
    """Both files of `--report FILE` (nothing when FILE is None); the paths written."""
    if not report:
        return []
    json_path, markdown_path = report_pair(report)
    write_text(json_path, json_text)
    write_text(markdown_path, markdown)
    return [json_path, markdown_path]
