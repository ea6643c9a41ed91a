"""`atomgen gen`: check, render, then write (standalone, into a checkout, or just compare)."""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

DESCRIPTION = """\
Generate every file FlyDSL's add-an-atom recipe asks for, from checked specs: TableGen defs,
C++ interface implementations, nanobind bindings, DSL wrappers, FileCheck tests and CMake.
Specs with any check error produce no output at all.

  --out DIR     write a standalone tree mirroring FlyDSL's paths (shared files hold only
                atomgen's regions)
  --into DIR    add to an existing FlyDSL checkout (refused unless DIR is one): owned files
                whole, shared files (.td aggregation, CMakeLists.txt, binding module, DSL
                modules) only inside `atomgen:begin/end` regions; a region edited by hand is
                refused without --force. Hand-written definitions of the same atoms are refused
                with file:line (--replace-handwritten removes exactly them). The checkout's
                atomgen-manifest.json records which spec owns what, so runs over different spec
                sets add up; --prune removes what no spec owns any more. docs/adopt-flydsl.md
  --into DIR --codegen cmake
                the once-only edit for generating at build time, as mlir-tblgen does: the
                specs are copied to DIR/specs, each region holds a stable hook (an include of
                a file the build writes), the top CMakeLists.txt calls atomgen_generate(...
                CODEGEN) and hand-written atoms are removed as above; generated code never
                enters DIR (`git status` shows specs and hooks). The build then runs
                `gen --out BUILD/atomgen --codegen cmake` itself
  --check       write nothing; print a unified diff and exit 1 when the tree is stale

Writing is all-or-nothing, also when gen is killed. --out builds the new tree beside DIR and
exchanges the two in one step (renameat2), so a reader sees the old tree or the new one; --into
(and --out where the exchange is unavailable, which gen then says) stages files under
DIR/.atomgen and commits them through a journal that the next gen, --check included, finishes
(or drops) before it reads the tree (docs/architecture.md). Gens on one DIR take
turns (a waiting one says so; ATOMGEN_LOCK_WAIT seconds, default 120). New files get the
umask's mode; a read-only file is replaced only with --force.

With no PATH, the project's spec folder; with neither --out nor --into, the project's
generated tree (the project is found from the first PATH, or the working folder: the
nearest atomgen.toml, pyproject.toml with [tool.atomgen], or folder holding specs/).
"""

EPILOG = """\
examples:
  atomgen gen specs/ --out generated/            the repository's own generated tree
  atomgen gen specs/ --out generated/ --check    CI: fail when generated/ is stale
  atomgen gen specs/rocdl --into ~/FlyDSL        add the atoms to a FlyDSL checkout
  atomgen gen specs/rocdl --into ~/FlyDSL --replace-handwritten --llvm-api llvm-22.1
                                                 replace FlyDSL's own atoms, for Debian's LLVM 22
  atomgen gen specs/rocdl --into ~/FlyDSL --codegen cmake --replace-handwritten --llvm-api llvm-22.1
                                                 FlyDSL's build generates the atoms from ~/FlyDSL/specs
  atomgen gen specs/rocdl/cdna3/mfma.yaml --out build/gen --list-outputs
  atomgen gen --check                           the project's specs/ against its generated/

exit status: 0 written or up to date, 1 check errors / stale tree / refused region, 2 usage
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths", nargs="*", metavar="PATH", help="spec files or folders (default: the project's specs/)"
    )
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--out", metavar="DIR", help="write a standalone tree under DIR (default: the project's "
                        "generated/)")
    target.add_argument("--into", metavar="CHECKOUT", help="add to an existing FlyDSL checkout")
    parser.add_argument("--check", action="store_true", help="write nothing; diff and exit 1 when stale")
    parser.add_argument(
        "--force", action="store_true",
        help="overwrite regions that were edited by hand, read-only files, and (--codegen) a checkout's spec that "
        "differs from the run's"
    )
    parser.add_argument(
        "--prune",
        action="store_true",
        help="with --out: delete (or, with --check, report) files under DIR no spec produces; with --into: "
        "delete files the manifest's owners no longer produce and owners whose spec file is gone",
    )
    parser.add_argument(
        "--replace-handwritten",
        action="store_true",
        help="with --into: remove hand-written definitions of the generated atoms (each is reported)",
    )
    parser.add_argument(
        "--codegen",
        choices=("cmake",),
        help="with --into: adopt the checkout for generation at build time (hooks, specs/, the atomgen_generate "
        "call; remembered by later runs); with --out: write what those hooks include (atomgen_generate does)",
    )
    parser.add_argument(
        "--hooks-of",
        metavar="CHECKOUT",
        help="with --out --codegen: also write an empty file for each hook CHECKOUT holds that no spec feeds",
    )
    parser.add_argument(
        "--llvm-api",
        metavar="NAME",
        help="the LLVM API profile the C++ is written for (intrinsics table `llvm_api`): rocm-pinned (FlyDSL's "
        "pinned LLVM, the default) or llvm-22.1 (upstream 22.1.8, e.g. Debian's llvm-22)",
    )
    parser.add_argument(
        "--tests",
        choices=("representative", "every-instance"),
        default="representative",
        help="which instances the positive FileCheck files hold: one per distinct lowering (every intrinsic, "
        "table row, packed register type and parameter value once; the default, what generated/ holds), or "
        "every instance (what the ISA and execution rungs lower: scripts/rocdl-isa.py, scripts/lower-atoms.py)",
    )
    parser.add_argument(
        "--only",
        choices=("all", "owned", "shared"),
        default="all",
        help="write only per-atom files, or only what all specs share (shared-file regions and each backend's "
        "dialect skeleton), or both (default)",
    )
    parser.add_argument(
        "--cmake-manifest",
        metavar="FILE",
        help="write a CMake file listing each spec's outputs and inputs and the shared ones "
        "(what cmake/AtomGen.cmake includes at configure time); with --out, also write the files (the "
        "first build then has nothing to generate); with --prune, also delete stale files",
    )
    parser.add_argument(
        "--list-outputs", action="store_true", help="print the files this run would write, one per line"
    )
    parser.add_argument(
        "--list-deps",
        action="store_true",
        help="print the inputs (specs, backend files, templates, atomgen sources), one per line",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    parser.add_argument(
        "--exit-non-zero-on-fix",
        action="store_true",
        help="write, then exit 1 listing the files written or removed (exit 0 when nothing changed): the "
        "atomgen-gen pre-commit hook, a fixing hook as ruff-format's",
    )
    parser.add_argument(
        "--brief-errors",
        action="store_true",
        help="on spec errors print one line (how many, and `atomgen check` to see them) instead of the "
        "diagnostics: what the hooks run, since the atomgen-check hook prints them",
    )


def _checked_atoms(paths: list[str], brief: bool = False, shown: Any = None) -> tuple[list[Any], int]:
    """The analysed atoms of clean specs (atomgen/pipeline.py); any error prints diagnostics (with
    `brief`, one line counting them) and yields exit 1."""
    from atomgen.check.runner import UsageError
    from atomgen.output_format import format_all
    from atomgen.pipeline import check_for_gen
    from atomgen.terminal import wants_color

    try:
        checked = check_for_gen(paths)
    except UsageError as error:
        print(f"atomgen gen: {error}", file=sys.stderr)
        return [], 2
    errors = checked.errors
    for line in checked.internal_errors:
        print(f"atomgen gen: {line} (please report this)", file=sys.stderr)
    if checked.internal_errors:
        if errors:
            print(format_all(errors, "text"), file=sys.stderr)
        print("atomgen gen: nothing written", file=sys.stderr)
        return [], 2
    if errors and brief:
        specs = len({d.path for d in errors})
        print(f"atomgen gen: {len(errors)} spec error(s) in {specs} spec(s), nothing written: see atomgen-check "
              f"(`atomgen check{''.join(' ' + shlex.quote(p) for p in paths)}`)", file=sys.stderr)
        return [], 1
    if errors:
        print(format_all(errors, "text", color=wants_color(sys.stderr), shown=shown), file=sys.stderr)
        print(f"atomgen gen: {len(errors)} check error(s); nothing written", file=sys.stderr)
        return [], 1
    if not checked.results:
        print("atomgen gen: no spec files found", file=sys.stderr)
        return [], 2
    for atom in checked.atoms:
        if atom.backend is None:
            print(f"atomgen gen: {atom.spec.path}: no backend.yaml for '{atom.spec.backend}'", file=sys.stderr)
            return [], 1
    return checked.atoms, 0


def run(args: argparse.Namespace) -> int:
    from atomgen.check.runner import UsageError, collect_spec_files
    from atomgen.pipeline import RenderFailure, render, write
    from atomgen.project import ConfigError, default_generated, default_specs
    from atomgen.render.cache import load_plan, plan_key, render_inputs, store_plan
    from atomgen.write import journal
    from atomgen.write.adopt import adopt, adopt_codegen
    from atomgen.write.tree import WriteError, plan_standalone, settle, unified_diff

    given_out = args.out
    try:
        paths = args.paths or default_specs()
        spec_files = collect_spec_files(paths)
        if not args.out and not args.into:
            args.out = default_generated(args.paths)
            if args.out is None:
                raise UsageError("give --out DIR or --into CHECKOUT (no project with a specs/ folder here)")
    except (UsageError, ConfigError) as error:
        print(f"atomgen gen: {error}", file=sys.stderr)
        return 2
    if args.hooks_of and not (args.codegen and args.out):
        print("atomgen gen: --hooks-of goes with --out DIR --codegen cmake (what atomgen_generate runs)",
              file=sys.stderr)
        return 2
    from atomgen.render import llvm_api

    if args.into:  # the mode and profile this checkout was last generated for, if any
        from atomgen.write.adopt import remembered

        mode, profile_name, where = remembered(Path(args.into))
        if not args.codegen and mode and not args.quiet:
            print(f"atomgen gen: --codegen {mode} (remembered in {where})", file=sys.stderr)
        args.codegen = args.codegen or mode
        if not args.llvm_api:
            args.llvm_api = profile_name
            if args.llvm_api and args.llvm_api != llvm_api.load(None).name and not args.quiet:
                print(f"atomgen gen: --llvm-api {args.llvm_api} (remembered in {where})", file=sys.stderr)
    try:
        profile = llvm_api.load(args.llvm_api)
    except llvm_api.ProfileError as error:
        print(f"atomgen gen: {error}", file=sys.stderr)
        return 2
    key = plan_key(spec_files, f"plan-v5:{profile.name}:{args.tests}")  # v5: the test selection
    plan = None if args.list_deps else load_plan(key)
    if plan is None:
        from atomgen import replay

        if replay.abandon_rehearsal():  # its memos (parsed specs, proofs) are no inputs a fresh process reads
            return 2
        from atomgen.project import root_relative

        atoms, status = _checked_atoms(paths, args.brief_errors, None if args.paths else root_relative())
        if status:
            return status
        if args.list_deps:
            print("\n".join(str(path) for path in render_inputs(spec_files)))
            return 0
        try:
            plan = render(atoms, profile, args.tests)
        except RenderFailure as failure:
            print(f"atomgen gen: internal error: {failure}; nothing written (please report this)", file=sys.stderr)
            return 2
        store_plan(key, plan)
    root = Path(args.out or args.into)
    if args.codegen and args.out:
        from atomgen.render.hooks import codegen_plan

        plan = codegen_plan(plan, Path(args.hooks_of) if args.hooks_of else None)
    elif args.codegen:
        from atomgen.render.hooks import checkout_plan

        plan = checkout_plan(plan, profile.name)
    if args.cmake_manifest:
        from atomgen.render.manifest import write_manifest

        status = write_manifest(plan, spec_files, root, Path(args.cmake_manifest), prune=args.prune)
        if status or not args.out:
            return status
        # Configure has rendered every file: written now, the first build has nothing to generate again
        # (cmake/AtomGen.cmake records each step's inputs; a step whose inputs did not change since
        # only touches its stamp).
    plan.select(args.only)

    adoptions: list[Any] = []

    def changes_on_disk() -> Any:
        if args.out:
            return plan_standalone(plan, root, prune=args.prune)
        if args.codegen:
            adoption = adopt_codegen(plan, root, args.force, args.replace_handwritten)
        else:
            adoption = adopt(plan, root, args.force, args.replace_handwritten, args.prune, profile.name)
        adoptions[:] = [adoption]
        return adoption.changes

    if args.check and args.out and not root.exists() and not args.list_outputs:
        count = len(plan.owned) + len(plan.shared)
        print(f"atomgen gen --check: {root} does not exist ({count} file(s) to generate); run "
              f"`{_fix_command(args, given_out)}`", file=sys.stderr)
        return 1
    if args.list_outputs or args.check:
        try:
            # what an interrupted gen left is finished (or dropped) first: the diff reads a whole tree
            settle(root, lambda message: print(f"atomgen gen: {message}", file=sys.stderr))
            changes = changes_on_disk()
        except WriteError as error:
            print(f"atomgen gen: {error}; nothing written", file=sys.stderr)
            return 1
        if args.list_outputs:
            print("\n".join(str(root / path) for path in changes.texts))
            return 0
        for adoption in adoptions:
            _report_adoption(adoption, args)
        if journal.pending(root):
            print(f"atomgen gen --check: {root} has an interrupted gen in {root / journal.FOLDER}; run gen "
                  "without --check to finish it", file=sys.stderr)
            return 1
        if changes.changed or changes.stale:
            # a missing file is one line, not a diff of all its lines
            missing = [path for path in changes.changed if path not in changes.old]
            sys.stdout.write(unified_diff(replace(changes, changed=[p for p in changes.changed if p in changes.old])))
            sys.stdout.write("".join(f"missing file: {root / path}\n" for path in missing))
            print(
                f"atomgen gen --check: {root} is stale ({len(changes.changed) - len(missing)} file(s) differ, "
                f"{len(missing)} missing, {len(changes.stale)} stale); run `{_fix_command(args, given_out)}`",
                file=sys.stderr,
            )
            return 1
        if not args.quiet:
            print(f"atomgen gen --check: {root} is up to date ({len(changes.texts)} files)", file=sys.stderr)
        return 0
    if args.into and not root.is_dir():
        print(f"atomgen gen: --into {root}: not a folder; nothing written", file=sys.stderr)
        return 1
    existed = root.exists()
    def report(message: str) -> None:
        if not args.quiet:
            print(f"atomgen gen: {message}", file=sys.stderr)

    try:
        changes = write(plan, root, into=bool(args.into), prune=args.prune, force=args.force, report=report,
                        planner=changes_on_disk)
    except (WriteError, OSError) as error:
        text = f"{error.strerror}: {error.filename}" if isinstance(error, OSError) and error.filename else error
        print(f"atomgen gen: {text}; nothing written", file=sys.stderr)
        return 1
    for adoption in adoptions:
        _report_adoption(adoption, args)
    if args.into and not args.quiet:  # each file --prune deleted, by name (a cut hand-written file is reported above)
        cut = {line.split(":", 1)[0] for adoption in adoptions for line in adoption.removed}
        why = "the build generates it now: --codegen" if args.codegen else "no spec produces it any more"
        for path in changes.stale:
            if path not in cut:
                print(f"atomgen gen: removed {root / path} ({why})", file=sys.stderr)
    if args.exit_non_zero_on_fix and (changes.changed or changes.stale):
        _report_fix(changes, root, existed)
        return 1
    if not args.quiet:
        print(
            f"atomgen gen: {len(changes.changed)} file(s) written, {len(changes.texts) - len(changes.changed)} "
            f"unchanged, {len(changes.stale)} removed under {root}",
            file=sys.stderr,
        )
    return 0


def _report_adoption(adoption: Any, args: argparse.Namespace) -> None:
    verb = "would remove" if args.check else "removed"
    for line in adoption.removed:
        print(f"atomgen gen: {verb} hand-written {line}", file=sys.stderr)
    for path in adoption.orphans:
        print(f"atomgen gen: {path}: no spec produces it any more (run with --prune to delete it)", file=sys.stderr)


FIXES_LISTED = 20  # a fixing run names this many of the files it wrote, then counts the rest


def _report_fix(changes: Any, root: Path, existed: bool) -> None:
    """What --exit-non-zero-on-fix prints after writing: the files, so the user stages them."""
    if not existed:
        print(f"atomgen gen: created {root} with {len(changes.changed)} file(s); stage it and commit again",
              file=sys.stderr)
        return
    lines = [f"atomgen gen: {root} was stale: {len(changes.changed)} file(s) written, {len(changes.stale)} removed; "
             "stage them and commit again"]
    named = [f"  wrote {root / path}" for path in changes.changed]
    named += [f"  removed {root / path}" for path in changes.stale]
    lines += named[:FIXES_LISTED]
    if len(named) > FIXES_LISTED:
        lines.append(f"  ... and {len(named) - FIXES_LISTED} more")
    print("\n".join(lines), file=sys.stderr)


def _fix_command(args: argparse.Namespace, given_out: Any) -> str:
    """The gen command that brings the tree up to date: this one, without --check."""
    words = ["atomgen", "gen", *args.paths]
    if given_out:
        words += ["--out", given_out]
    if args.into:
        words += ["--into", args.into]
    words += [flag for flag, on in (("--prune", args.prune), ("--replace-handwritten", args.replace_handwritten))
              if on]
    if args.llvm_api:
        words += ["--llvm-api", args.llvm_api]
    if args.only != "all":
        words += ["--only", args.only]
    if args.tests != "representative":
        words += ["--tests", args.tests]
    return " ".join(shlex.quote(word) for word in words)
