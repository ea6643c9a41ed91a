"""Write a plan under one root: all files or none, never outside the root, unchanged files untouched.

Safety: every relative path is checked (no absolute paths, no `..`, plain characters only),
and no existing component of a target path may be a symbolic link, so a link planted in
the tree cannot redirect a write outside it. Atomicity: every new text is first written to
a temporary file beside its target; only when all are staged are they renamed into place.
"""

from __future__ import annotations

import difflib
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from atomgen.render.plan import Plan, anchors_for, region_indent, standalone_text
from atomgen.write.regions import RegionError, place

_SAFE_PART = re.compile(r"^[A-Za-z0-9_.+-]+\Z")


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
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise WriteError(f"cannot read {path}: {error}") from None


def plan_standalone(plan: Plan, root: Path, prune: bool) -> TreeChanges:
    changes = TreeChanges(root)
    texts = dict(plan.owned)
    for path, shared in plan.shared.items():
        if shared.bodies:
            texts[path] = standalone_text(shared)
    return _diff(changes, texts, prune)


def plan_into(plan: Plan, root: Path, force: bool) -> TreeChanges:
    """Owned files whole; shared files changed only inside their regions."""
    if not root.is_dir():
        raise WriteError(f"--into {root}: not a folder")
    changes = TreeChanges(root)
    texts = dict(plan.owned)
    for path, shared in plan.shared.items():
        if not shared.bodies:
            continue
        target = _target(root, check_relative(path))
        current = _read(target)
        if current is None:
            texts[path] = standalone_text(shared)
            continue
        text = current
        for region, body in shared.bodies.items():
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


def apply(changes: TreeChanges) -> None:
    """Stage every changed file, then rename them all; on any failure nothing is replaced."""
    staged: list[tuple[str, Path]] = []
    try:
        for path in changes.changed:
            target = _target(changes.root, check_relative(path))
            target.parent.mkdir(parents=True, exist_ok=True)
            _target(changes.root, check_relative(path))  # the new folders are ours, but check again
            descriptor, temporary = tempfile.mkstemp(
                prefix=f".{target.name}.", suffix=".atomgen-tmp", dir=target.parent
            )
            staged.append((temporary, target))
            with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(changes.texts[path])
    except BaseException:
        for temporary, _ in staged:
            if os.path.exists(temporary):
                os.unlink(temporary)
        raise
    for temporary, target in staged:
        os.replace(temporary, target)
    for path in changes.stale:
        target = _target(changes.root, check_relative(path))
        target.unlink()
