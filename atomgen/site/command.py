"""`atomgen catalog`: a static HTML catalogue of atoms (index, a page per atom, SVG pictures).

The site is built in a temporary folder beside DIR and moved into place whole, so a failed
build leaves DIR as it was; DIR is replaced only when it is empty or an earlier catalogue.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

from atomgen.site.assets import SCRIPT, STYLE
from atomgen.site.pages import AtomPage, PictureRef, atom_page, index_page
from atomgen.site.reports import REPORT_FILES, load_reports
from atomgen.terminal import Progress

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
  atomgen catalog specs/nvvm --out /tmp/ptx --reports docs
"""

MARKER = ".atomgen-catalog"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", help="spec files or folders (default: specs/)")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder to write the site into (replaced whole)")
    parser.add_argument(
        "--reports", default="docs", metavar="DIR", help="folder holding the oracle and probe reports (default docs/)"
    )
    parser.add_argument(
        "--generated", metavar="DIR",
        help="the generated tree each atom page links its .td, .cpp and tests in (default: the project's, "
        "e.g. generated/); only files that exist there are linked",
    )
    parser.add_argument(
        "--generated-base", metavar="URL",
        help="link the generated files under URL (e.g. a repository's web view of generated/) instead of by a "
        "path relative to the site",
    )


def run(args: argparse.Namespace) -> int:
    from atomgen.check.result import UsageError, collect_spec_files

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
    generated, base = _generated_links(args, files, out)
    progress = Progress(len(files), "catalog")
    try:
        site, problems = build_site(files, reports_folder, generated, base, progress)
    finally:
        progress.done()
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


def _generated_links(args: argparse.Namespace, files: list[tuple[Path, str]], out: Path) -> tuple[Optional[Path], str]:
    """The generated tree whose files the pages link, and the prefix of those links: --generated-base,
    else the tree's path relative to the atom pages (atoms/ under --out)."""
    from atomgen.project import default_generated

    folder = args.generated or default_generated([display for _, display in files])
    if folder is None or not Path(folder).is_dir():
        return None, ""
    if args.generated_base:
        return Path(folder), args.generated_base.rstrip("/") + "/"
    relative = os.path.relpath(Path(folder).resolve(), (out / "atoms").resolve())
    return Path(folder), Path(relative).as_posix().rstrip("/") + "/"


TEST_SUFFIXES = ("", "_neg", "_xfail", "_neg_xfail", "_verify")  # atomgen/render/tests/files.py


def generated_files(spec: Any, backend: Any, generated: Path) -> list[tuple[str, str]]:
    """(label, path under the generated tree) of the atom's own files that exist there."""
    from atomgen.render.names import atom_cpp_path, atom_td_path, backend_names, test_file_stem

    names = backend_names(backend)
    candidates = [atom_td_path(spec, names), atom_cpp_path(spec, names)]
    candidates += [f"{names.tests_dir}/atomgen/{test_file_stem(spec)}{suffix}.mlir" for suffix in TEST_SUFFIXES]
    return [(Path(c).name, c) for c in candidates if (generated / c).is_file()]


def _report_path(spec_file: Path, display: str, reports_folder: Path) -> str:
    """The spec's path as reports name it: relative to the folder above the reports folder."""
    root = reports_folder.resolve().parent
    try:
        return Path(os.path.relpath(spec_file.resolve(), root)).as_posix()
    except ValueError:
        return display


def build_site(
    files: list[tuple[Path, str]],
    reports_folder: Path,
    generated: Optional[Path] = None,
    link_base: str = "",
    progress: Optional[Progress] = None,
) -> tuple[dict[str, Any], list[str]]:
    """{relative path: text} of the whole site (plus `_pages`, `_reports`), or the diagnostics
    of the specs that do not check; atom pages link their files in `generated` under `link_base`."""
    from atomgen.check.result import analyze_file, instance_chips
    from atomgen.output_format import format_all
    from atomgen.pictures.facts import register_counts
    from atomgen.pictures.grid import heading
    from atomgen.pictures.model import PictureError, operand_pictures
    from atomgen.pictures.svg import render_svg
    from atomgen.site.usage import signature, usage
    from atomgen.spec.defects import config_label
    from atomgen.spec.printing import atom_type, sample_values

    site: dict[str, Any] = {"style.css": STYLE, "filter.js": SCRIPT, MARKER: "atomgen catalog output\n"}
    pages: list[AtomPage] = []
    problems: list[str] = []
    labels: dict[str, list[tuple[str, str]]] = {}
    # (picture identity, how it is named) -> (file key, width, height, the picture kept alive)
    svg_keys: dict[tuple[Any, ...], tuple[str, int, int, Any]] = {}
    for file, display in files:
        if progress is not None:
            progress.step(display)
        result = analyze_file(file, display, prove=False)
        errors = [d for d in result.diagnostics if d.severity == "error"]
        if errors or result.spec is None or result.analysis is None:
            problems.append(format_all(errors or result.diagnostics, "text"))
            continue
        spec = result.spec
        path = _report_path(file, display, reports_folder)
        stem = "-".join(_safe(part) for part in (spec.backend, spec.subtarget, file.stem))
        page = AtomPage(spec, path, f"{stem}.html", file.read_text(encoding="utf-8"), [], [])
        page.signature = signature(spec)
        backend = result.analysis.backend
        if backend is not None:
            page.register_file = backend.register_file
        if generated is not None and backend is not None:
            page.links = [(name, link_base + relative) for name, relative in generated_files(spec, backend, generated)]
        chip_rank = {chip: i for i, chip in enumerate(backend.chips if backend is not None else ())}
        refs: dict[str, PictureRef] = {}
        shared: dict[str, Any] = {}  # picture key -> an operand drawing it (for its heading)
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
                # an MMA picture is drawn without its element type (a copy's element width is drawn)
                shown = operand.element if operand.role in ("src", "dst", "ref") else ""
                memo = (id(operand.picture), operand.role, operand.value_bits, operand.note, shown)
                if memo not in svg_keys:
                    svg = render_svg(operand, element=False)  # one picture for every element type of a shape
                    key = hashlib.sha256(svg.encode()).hexdigest()[:16]
                    site[f"pictures/{key}.svg"] = svg
                    size = svg.split(">", 1)[0]
                    width = int(size.split('width="', 1)[1].split('"', 1)[0])
                    height = int(size.split('height="', 1)[1].split('"', 1)[0])
                    svg_keys[memo] = (key, width, height, operand.picture)
                key, width, height, _ = svg_keys[memo]
                if key not in refs:
                    refs[key] = PictureRef(key, operand.role, "", width, height)
                    shared[key] = operand
                refs[key].instances.append(instance.id)
                if operand.element not in refs[key].elements:
                    refs[key].elements.append(operand.element)
                row_pictures[operand.label] = key
            packed = dict(instance.packed)
            chips = instance_chips(spec, instance, backend) or frozenset()
            page.rows.append(
                {
                    "id": instance.id,
                    "type": atom_type(spec, f"fly_{spec.backend}", values),
                    "intrinsic": instance.intrinsic,
                    "instruction": instance.instruction,
                    "packed": packed,
                    "pictures": row_pictures,
                    "chips": sorted(chips, key=lambda c: (chip_rank.get(c, len(chip_rank)), c)),
                    "usage": usage(spec, instance),
                    "registers": {
                        r.upper() if spec.kind == "mma" else r: n for r, n in register_counts(spec, instance).items()
                    },
                    "values": dict(instance.values),
                }
            )
        for key, ref in refs.items():  # the heading names every element type the picture is drawn for
            ref.heading = heading(dataclasses.replace(shared[key], element=", ".join(ref.elements)))
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
