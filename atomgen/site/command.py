"""`atomgen catalog`: a static HTML catalogue of atoms (index, a page per atom, SVG pictures).

The site is built in a temporary folder beside DIR and moved into place whole, so a failed
build leaves DIR as it was; DIR is replaced only when it is empty or an earlier catalogue.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from atomgen.site.assets import SCRIPT, STYLE
from atomgen.site.pages import AtomPage, PictureRef, atom_page, index_page
from atomgen.site.reports import REPORT_FILES, load_reports

DESCRIPTION = f"""\
Write a static HTML catalogue of the atoms in PATH (default specs/): an index by backend and
subtarget, and a page per atom with its summary, parameters, TableGen type syntax, layouts,
instance table, pictures of every instance's operands (SVG, one file per distinct picture),
known defects with their evidence, and each instance's oracle verdicts read from the committed
reports in --reports ({", ".join(REPORT_FILES.values())}).
Pages use only the site's own CSS and JavaScript: no network at view time. A filter box on
every page narrows the tables as you type.
"""

EPILOG = """\
examples:
  atomgen catalog specs/ --out site/          then open site/index.html
  atomgen catalog specs/ptx --out /tmp/ptx --reports docs
"""

MARKER = ".atomgen-catalog"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", help="spec files or folders (default: specs/)")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder to write the site into (replaced whole)")
    parser.add_argument(
        "--reports", default="docs", metavar="DIR", help="folder holding the oracle and probe reports (default docs/)"
    )


def run(args: argparse.Namespace) -> int:
    from atomgen.check.runner import UsageError, collect_spec_files

    started = time.monotonic()
    try:
        files = collect_spec_files(args.paths or ["specs"])
    except UsageError as error:
        print(f"atomgen catalog: {error}", file=sys.stderr)
        return 2
    if not files:
        print("atomgen catalog: no spec files found", file=sys.stderr)
        return 2
    out = Path(args.out)
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).is_file())):
        print(f"atomgen catalog: {out} exists and is not an earlier catalogue; not replacing it", file=sys.stderr)
        return 2
    reports_folder = Path(args.reports)
    site, problems = build_site(files, reports_folder)
    if problems:
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"atomgen catalog: {len(problems)} spec(s) do not check; nothing written", file=sys.stderr)
        return 1
    seconds = time.monotonic() - started
    pages = site.pop("_pages")
    site["index.html"] = index_page(pages, site.pop("_reports"), "")
    _write_site(out, site)
    print(
        f"atomgen catalog: {len(pages)} atom page(s), {sum(1 for k in site if k.startswith('pictures/'))} "
        f"picture(s) in {out} ({time.monotonic() - started:.1f} s, {seconds:.1f} s to analyse and draw)",
        file=sys.stderr,
    )
    return 0


def _report_path(spec_file: Path, display: str, reports_folder: Path) -> str:
    """The spec's path as reports name it: relative to the folder above the reports folder."""
    root = reports_folder.resolve().parent
    try:
        return Path(os.path.relpath(spec_file.resolve(), root)).as_posix()
    except ValueError:
        return display


def build_site(files: list[tuple[Path, str]], reports_folder: Path) -> tuple[dict[str, Any], list[str]]:
    """{relative path: text} of the whole site (plus `_pages`, `_reports`), or the diagnostics
    of the specs that do not check."""
    from atomgen.check.runner import analyze_file
    from atomgen.diagnostics import format_all
    from atomgen.pictures.grid import heading
    from atomgen.pictures.model import PictureError, operand_pictures
    from atomgen.pictures.svg import render_svg
    from atomgen.spec.defects import config_label
    from atomgen.spec.printing import atom_type, sample_values

    site: dict[str, Any] = {"style.css": STYLE, "filter.js": SCRIPT, MARKER: "atomgen catalog output\n"}
    pages: list[AtomPage] = []
    problems: list[str] = []
    labels: dict[str, list[tuple[str, str]]] = {}
    # (picture identity, how it is named) -> (file key, width, height, the picture kept alive)
    svg_keys: dict[tuple[Any, ...], tuple[str, int, int, Any]] = {}
    for file, display in files:
        result = analyze_file(file, display, prove=False)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        if errors or result.spec is None or result.analysis is None:
            problems.append(format_all(errors or result.diagnostics, "text"))
            continue
        spec = result.spec
        path = _report_path(file, display, reports_folder)
        stem = "-".join(_safe(part) for part in (spec.backend, spec.subtarget, file.stem))
        page = AtomPage(spec, path, f"{stem}.html", file.read_text(encoding="utf-8"), [], [])
        refs: dict[str, PictureRef] = {}
        labels[path] = []
        for evaluated in result.analysis.evaluated:
            instance = evaluated.instance
            values = sample_values(spec, instance)
            labels[path].append((instance.id, config_label(spec, values)))
            try:
                operands = operand_pictures(spec, evaluated)
            except PictureError as error:
                problems.append(f"{display}: instance {instance.id}: {error}")
                operands = []
            row_pictures = {}
            for operand in operands:
                memo = (id(operand.picture), operand.role, operand.element, operand.value_bits, operand.note)
                if memo not in svg_keys:
                    svg = render_svg(operand)
                    key = hashlib.sha256(svg.encode()).hexdigest()[:16]
                    site[f"pictures/{key}.svg"] = svg
                    size = svg.split(">", 1)[0]
                    width = int(size.split('width="', 1)[1].split('"', 1)[0])
                    height = int(size.split('height="', 1)[1].split('"', 1)[0])
                    svg_keys[memo] = (key, width, height, operand.picture)
                key, width, height, _ = svg_keys[memo]
                if key not in refs:
                    refs[key] = PictureRef(key, operand.role, heading(operand, element=False), width, height)
                refs[key].instances.append(instance.id)
                row_pictures[operand.label] = key
            packed = dict(instance.packed)
            page.rows.append(
                {
                    "id": instance.id,
                    "type": atom_type(spec, f"fly_{spec.backend}", values),
                    "intrinsic": instance.intrinsic,
                    "instruction": instance.instruction,
                    "packed": packed,
                    "pictures": row_pictures,
                }
            )
        page.pictures = list(refs.values())
        pages.append(page)
    reports = load_reports(reports_folder, labels)
    for page in pages:
        site[f"atoms/{page.page}"] = atom_page(page, reports)
    site["_pages"] = pages
    site["_reports"] = reports
    return site, problems


def _safe(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "_." else "_" for ch in text).lstrip(".") or "_"


def _write_site(out: Path, site: dict[str, str]) -> None:
    """Write into a fresh folder beside `out`, then swap it in (the old catalogue goes last)."""
    parent = out.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=parent))
    try:
        for relative, text in sorted(site.items()):
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8", newline="\n")
        os.chmod(staging, 0o755)
        old = None
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=parent))
            os.replace(out, old / "site")
        os.replace(staging, out)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
