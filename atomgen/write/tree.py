"""Write a plan under one root: all files or none, never outside the root, unchanged files untouched.

Safety: every relative path is checked (no absolute paths, no `..`, plain characters only),
and no existing component of a target path may be a symbolic link, so a link planted in
the tree cannot redirect a write outside it; a read-only file is refused unless forced.
Atomicity: a standalone tree (`--out`) is built beside the root and exchanged for it in one
step (atomgen/write/swap.py), so a reader sees the old tree or the new one; files among a
checkout's own (`--into`), and `--out` where the exchange is unavailable, go through
atomgen/write/journal.py: every new text is staged, then committed through a journal that the
next run finishes if this one is killed.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Callable

from atomgen.reading import InputError, read_bounded
from atomgen.write import journal, python_module, swap
from atomgen.write.output import Plan, anchors_for, ordered_regions, region_indent, standalone_text
from atomgen.write.regions import RegionError, place

_SAFE_PART = re.compile(r"^[A-Za-z0-9_.+-]+\Z")
MAX_TREE_FILE_BYTES = 64 << 20  # a generated or FlyDSL file; anything bigger is not one


class WriteError(Exception):
    """Nothing was written; the message says why."""


def check_relative(path: str) -> PurePosixPath:
    relative = PurePosixPath(path)
    if relative.is_absolute() or not relative.parts:
        raise WriteError(f"refusing to write '{path}': not a relative path")
    for part in relative.parts:
        if part in ("..", ".") or not _SAFE_PART.match(part):
            raise WriteError(f"refusing to write '{path}': unsafe path component '{part}'")
    return relative


def _target(root: Path, relative: PurePosixPath) -> Path:
    current = root
    for part in relative.parts:
        current = current / part
        if current.is_symlink():
            raise WriteError(f"refusing to write through the symbolic link {current}")
    return current


@dataclass
class TreeChanges:
    root: Path
    texts: dict[str, str] = field(default_factory=dict)  # every file the plan wants, final text
    changed: list[str] = field(default_factory=list)  # differs from disk (or missing)
    stale: list[str] = field(default_factory=list)  # on disk, not in the plan (with prune)
    old: dict[str, str] = field(default_factory=dict)


def _read(path: Path) -> str | None:
    """A file of the output tree, or None where there is none; a FIFO or a device there is
    refused from its stat, never opened (atomgen/reading.py)."""
    try:
        raw = read_bounded(path, MAX_TREE_FILE_BYTES)
    except InputError as error:
        if error.reason == "missing":
            return None
        raise WriteError(f"cannot read {path}: it {error.message}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise WriteError(f"cannot read {path}: {error}") from None


def plan_standalone(plan: Plan, root: Path, prune: bool) -> TreeChanges:
    changes = TreeChanges(root)
    texts = dict(plan.owned)
    for path, shared in plan.shared.items():
        if shared.bodies:
            texts[path] = standalone_text(shared)
    return _diff(changes, texts, prune)


def plan_into(plan: Plan, root: Path, force: bool, base: dict[str, str] | None = None) -> TreeChanges:
    """Owned files whole; shared files changed only inside their regions.

    `base` gives the starting text of files that an earlier step (removing hand-written
    definitions, atomgen/write/adopt.py) already changed in memory.
    """
    base = base or {}
    if not root.is_dir():
        raise WriteError(f"--into {root}: not a folder")
    changes = TreeChanges(root)
    texts = dict(plan.owned)
    for path, shared in plan.shared.items():
        if not shared.bodies:
            continue
        target = _target(root, check_relative(path))
        current = base[path] if path in base else _read(target)
        if current is None:
            if not shared.skeleton:  # only the manifest knows this file, and it left the checkout
                raise WriteError(f"--into {root}: {path} is missing; restore it from git, or gen the specs that own it")
            texts[path] = standalone_text(shared)
            continue
        text = current
        for region in ordered_regions(shared):
            body = shared.bodies[region]
            if shared.kind == "python":  # what this hand-written module takes (atomgen/write/python_module.py)
                try:
                    body = python_module.fitted(text, path, region, body)
                except python_module.ModuleError as error:
                    raise WriteError(str(error)) from None
            anchors = anchors_for(shared.kind, region)
            last_error: RegionError | None = None
            for anchor in anchors:
                try:
                    text = place(text, path, region, body, anchor, force, region_indent(shared.kind, region))
                    last_error = None
                    break
                except RegionError as error:
                    if "edited by hand" in str(error) or "appears" in str(error) or "no end marker" in str(error):
                        raise WriteError(str(error)) from None
                    last_error = error
            if last_error is not None:
                raise WriteError(str(last_error))
        texts[path] = text
    return _diff(changes, texts, prune=False)


def _diff(changes: TreeChanges, texts: dict[str, str], prune: bool) -> TreeChanges:
    changes.texts = dict(sorted(texts.items()))
    for path, text in changes.texts.items():
        target = _target(changes.root, check_relative(path))
        old = _read(target)
        if old != text:
            changes.changed.append(path)
            if old is not None:
                changes.old[path] = old
    if prune and changes.root.is_dir():
        wanted = set(changes.texts)
        for file in sorted(changes.root.rglob("*")):
            if file.is_file() and not file.is_symlink():
                relative = file.relative_to(changes.root).as_posix()
                if relative.split("/", 1)[0] == journal.FOLDER:
                    continue  # a concurrent or interrupted gen's own files, never the tree's
                if relative not in wanted:
                    changes.stale.append(relative)
    return changes


def unified_diff(changes: TreeChanges) -> str:
    lines: list[str] = []
    for path in changes.changed:
        old = changes.old.get(path)
        new = changes.texts[path]
        lines.extend(
            difflib.unified_diff(
                [] if old is None else old.splitlines(keepends=True),
                new.splitlines(keepends=True),
                fromfile="/dev/null" if old is None else f"a/{path}",
                tofile=f"b/{path}",
            )
        )
    for path in changes.stale:
        lines.append(f"stale file (no spec produces it): {path}\n")
    return "".join(lines)


def target_of(root: Path, path: str) -> Path:
    """The checked absolute path of a relative output path (see the module docstring)."""
    return _target(root, check_relative(path))


def read_only(path: Path) -> bool:
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return False
    # Mode bits, not os.access: root may write anything, but a file someone made read-only
    # says it is not to be regenerated casually.
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK)


def apply(changes: TreeChanges, force: bool = False, held: journal.Held | None = None) -> str:
    """Every changed file written and every stale one deleted, or (on any failure) none.

    Call it with the root's lock held (journal.locked), after journal.recover. With `held` (a
    standalone `--out` tree), the new tree is built beside the root and exchanged for it in one
    step (atomgen/write/swap.py); where that is unavailable, and always without `held` (`--into`),
    through the journal. Returns a note for the user (empty when there is nothing to say).
    """
    def target(path: str) -> Path:
        return target_of(changes.root, path)

    refused = [p for p in changes.changed + changes.stale if read_only(target(p))]
    if refused and not force:
        more = f" and {len(refused) - 1} more" if len(refused) > 1 else ""
        raise WriteError(f"{changes.root / refused[0]}{more} is read-only; pass --force to replace read-only files")
    if not changes.changed and not changes.stale:
        return ""  # nothing written, nothing swapped: a no-op gen only compares
    note = ""
    if held is not None:
        try:
            return swap.replace_tree(changes.root, {p: changes.texts[p] for p in changes.changed},
                                     set(changes.stale), held.also)
        except swap.Unavailable as why:
            note = f"cannot exchange {changes.root} in one step ({why}); wrote it through the journal"
    # CommitError goes up through journal.locked, which keeps the journal when it must stay
    journal.commit(changes.root, {p: changes.texts[p] for p in changes.changed}, list(changes.stale), target)
    return note


def settle(root: Path, report: Callable[[str], None], folders: list[Path] | None = None) -> None:
    """Before a command reads `root` (gen --check, --list-outputs, --cmake-manifest --prune): finish
    or drop what an interrupted gen left, under the lock, so that it reads the old or the new tree,
    never a journal's half. Nothing is locked or written where nothing was left."""
    if not root.is_dir() or not (journal.pending(root) or os.path.lexists(swap.beside(root))):
        return
    try:
        with journal.locked(root, on_wait=report):
            done = journal.recover(root, lambda path: target_of(root, path), folders or [])
            leftover = swap.remove_leftover(root)
    except journal.CommitError as error:
        raise WriteError(str(error)) from None
    for message in (done, leftover):
        if message:
            report(message)


def write(plan: Plan, root: Path, into: bool, prune: bool, force: bool, report: Callable[[str], None],
          planner: Callable[[], TreeChanges] | None = None, exchange: bool | None = None) -> TreeChanges:
    """The whole write of one gen: lock the root, finish or drop an interrupted gen, diff the
    plan against the disk and commit it. Diffing under the lock means two gens on one root
    take turns, each comparing against the tree the other left.

    `exchange` (default: not `into`) builds a standalone tree beside the root and swaps it in
    (atomgen/write/swap.py); False writes through the journal, as `--into` always does."""
    exchange = not into if exchange is None else exchange
    folders = sorted({(root / path).parent for path in [*plan.owned, *plan.shared]})
    try:
        with journal.locked(root, on_wait=report) as held:
            recovered = journal.recover(root, lambda path: target_of(root, path), folders)
            if recovered:
                report(recovered)
            if exchange:
                leftover = swap.remove_leftover(root)
                if leftover:
                    report(leftover)
            if planner is not None:  # `--into` adopting a checkout (atomgen/write/adopt.py)
                changes = planner()
            else:
                changes = plan_into(plan, root, force=force) if into else plan_standalone(plan, root, prune=prune)
            note = apply(changes, force=force, held=held if exchange else None)
            if note:
                report(note)
    except journal.CommitError as error:
        raise WriteError(str(error)) from None
    return changes
