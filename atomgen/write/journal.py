"""All-or-nothing commits of many files under one root, that survive SIGKILL.

Everything lives in one folder under the output root, while a gen runs:

    .atomgen/lock          flock'ed by the one process writing this root (others wait)
    .atomgen/staged/N      the new text of entry N, complete and fsync'ed before the commit point
    .atomgen/backup/N      the old file of entry N, hard-linked before it is replaced or deleted
    .atomgen/journal.json  the entries; written atomically once every staged file is durable

The journal's appearance is the commit point. Before it, a killed run leaves only staged files,
which the next run deletes: the tree is the old one. After it, the next run redoes every entry
whose staged file is still there (a rename is atomic, so each entry is either done or not):
the tree becomes the new one. A failure that is not a kill (a file that cannot be replaced)
puts every replaced file back from its backup before it is reported. The folder is removed
when the run ends, so a finished gen leaves no trace.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional

from atomgen.write.atomic import sync_folder, write_durably

FOLDER = ".atomgen"
JOURNAL = "journal.json"
LOCK_WAIT_SECONDS = float(os.environ.get("ATOMGEN_LOCK_WAIT", "120"))
# Writers before the journal left `.<name>.<random>.atomgen-tmp` beside their targets.
OLD_TEMPORARY_SUFFIX = ".atomgen-tmp"


class CommitError(Exception):
    """Nothing was changed (or everything was put back); the message says why.

    With `keep_journal`, some old files could not be put back: the journal stays, so that the
    next gen finishes the commit (or puts them back) before anything reads the tree."""

    def __init__(self, message: str, keep_journal: bool = False):
        super().__init__(message)
        self.keep_journal = keep_journal


@dataclass(frozen=True, slots=True)
class Entry:
    path: str  # relative to the root
    action: str  # "write" | "delete"


def _folder(root: Path) -> Path:
    return root / FOLDER


class Held:
    """The lock of a root, held; `also(folder)` takes a second lock file in a tree about to be
    exchanged for the root (atomgen/write/swap.py), so that the root stays locked across the swap."""

    def __init__(self) -> None:
        self.descriptors: list[int] = []

    def also(self, folder: Path) -> None:
        folder.mkdir()
        descriptor = os.open(folder / "lock", os.O_RDWR | os.O_CREAT, 0o666)
        self.descriptors.append(descriptor)
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new file: nobody else has it
        os.write(descriptor, str(os.getpid()).encode())


@contextlib.contextmanager
def locked(root: Path, on_wait: Optional[Callable[[str], None]] = None,
           wait_seconds: float = LOCK_WAIT_SECONDS) -> Iterator[Held]:
    """Hold the root's lock for the body; other gens on this root wait (then refuse clearly).

    flock is released by the kernel when its holder dies, so a killed gen never leaves a
    stale lock. The lock file is removed on the way out; a waiter that then wins the lock on
    the removed file notices (its inode is no longer the one at the path) and tries again.
    The locks taken with Held.also are released only after the one at the path is removed.
    """
    folder = _folder(root)
    lock_path = folder / "lock"
    deadline = time.monotonic() + wait_seconds
    told = False
    while True:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            # pathlib found the folder, then the holder removed it on its way out before pathlib
            # could see it was a folder: a race with a finishing writer, so try again
            continue
        try:
            descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
        except FileNotFoundError:
            continue  # the folder was removed by the holder just now
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(descriptor)
            os.close(descriptor)
            if time.monotonic() > deadline:
                raise CommitError(
                    f"another atomgen gen{holder} is writing {root}; waited {wait_seconds:.0f} s "
                    f"(set ATOMGEN_LOCK_WAIT to wait longer)"
                ) from None
            if not told and on_wait is not None:
                on_wait(f"waiting for another atomgen gen{holder} writing {root}")
                told = True
            time.sleep(0.02)
            continue
        try:
            current = os.stat(lock_path).st_ino
        except FileNotFoundError:
            current = -1
        if current != os.fstat(descriptor).st_ino:
            os.close(descriptor)
            continue
        break
    held = Held()
    keep = False
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, str(os.getpid()).encode())
        yield held
    except CommitError as error:
        keep = error.keep_journal
        raise
    finally:
        if not keep:
            _remove_work_folders(folder)
        with contextlib.suppress(OSError):
            os.unlink(lock_path)
        with contextlib.suppress(OSError):
            os.rmdir(folder)
        os.close(descriptor)
        for extra in held.descriptors:
            os.close(extra)


def _read_holder(descriptor: int) -> str:
    try:
        text = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return f" (pid {text})" if text.isdigit() else ""


def _remove_work_folders(folder: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(folder / JOURNAL)
    for name in ("staged", "backup"):
        shutil.rmtree(folder / name, ignore_errors=True)
    for leftover in folder.glob(f"{JOURNAL}.*"):
        with contextlib.suppress(OSError):
            leftover.unlink()


def pending(root: Path) -> bool:
    """Whether an interrupted gen left work here (to finish or to drop)."""
    folder = _folder(root)
    return (folder / JOURNAL).exists() or (folder / "staged").exists()


def recover(root: Path, target: Callable[[str], Path], folders: Iterable[Path] = ()) -> str:
    """Finish or drop what an interrupted gen left (call with the lock held); says what it did.

    `folders` are searched for the temporaries of writers older than the journal.
    """
    folder = _folder(root)
    done = ""
    journal = folder / JOURNAL
    if journal.exists():
        entries = _read_journal(journal)
        _commit(root, entries, target, redo=True)
        done = f"finished an interrupted gen ({len(entries)} file(s))"
    elif (folder / "staged").exists():
        done = "dropped the staged files of an interrupted gen (the tree was not changed)"
    _remove_work_folders(folder)
    old = 0
    for place in folders:
        if not place.is_dir():
            continue
        for leftover in place.glob(f".*{OLD_TEMPORARY_SUFFIX}"):
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
                old += 1
    if old:
        done += ("; " if done else "") + f"removed {old} temporary file(s) of an interrupted gen"
    return done


def _read_journal(journal: Path) -> list[Entry]:
    try:
        data = json.loads(journal.read_text(encoding="utf-8"))
        return [Entry(str(item["path"]), str(item["action"])) for item in data["entries"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise CommitError(f"the journal {journal} of an interrupted gen is unreadable ({error}); "
                          f"inspect {journal.parent} and remove it by hand") from None


def commit(root: Path, texts: dict[str, str], deletions: list[str],
           target: Callable[[str], Path]) -> None:
    """Replace every file of `texts` and delete every file of `deletions`, all or nothing.

    `target` maps a relative path to its checked absolute path (the caller's safety rules).
    """
    folder = _folder(root)
    staged = folder / "staged"
    entries = [Entry(path, "write") for path in texts] + [Entry(path, "delete") for path in deletions]
    for entry in entries:
        target(entry.path)  # refuse an unsafe path before anything is staged
    staged.mkdir(parents=True, exist_ok=True)
    for index, entry in enumerate(entries):
        if entry.action == "write":
            write_durably(staged / str(index), texts[entry.path])
    _write_journal(folder / JOURNAL, entries)  # the commit point
    _commit(root, entries, target, redo=False)


def _write_journal(journal: Path, entries: list[Entry]) -> None:
    temporary = journal.with_name(f"{JOURNAL}.{os.getpid()}")
    data = {"entries": [{"path": e.path, "action": e.action} for e in entries]}
    write_durably(temporary, json.dumps(data))
    os.replace(temporary, journal)
    sync_folder(journal.parent)


def _commit(root: Path, entries: list[Entry], target: Callable[[str], Path], redo: bool) -> None:
    """Apply every entry in order; on an error put back what was applied, then raise.

    `redo`: finishing an interrupted commit, whose applied entries are known from the disk
    (a write's staged file is gone, a deleted file has its backup), so that they too can be
    put back if this one fails.
    """
    folder = _folder(root)
    backup = folder / "backup"
    backup.mkdir(parents=True, exist_ok=True)
    applied: list[tuple[int, Entry, list[Path]]] = []
    if redo:
        for index, entry in enumerate(entries):
            gone = not (folder / "staged" / str(index)).exists()
            if (entry.action == "write" and gone) or (entry.action == "delete" and (backup / str(index)).exists()):
                applied.append((index, entry, []))
    created: list[Path] = []  # folders made for the entry being applied
    path: Optional[Path] = None  # the file being replaced or deleted
    try:
        for index, entry in enumerate(entries):
            path = target(entry.path)
            staged = folder / "staged" / str(index)
            if entry.action == "write" and not staged.exists():
                continue  # done before the interruption (redo) or nothing to do
            if entry.action == "delete" and not path.exists():
                continue
            saved = backup / str(index)
            if path.exists() and not saved.exists():
                _keep_old(path, saved)
            created = []
            _make_parents(path.parent, root, created)
            if entry.action == "write":
                os.replace(staged, path)
            else:
                path.unlink()
            # Recorded once done: an entry whose replace failed was not applied, and the
            # rollback must neither "restore" it nor stop on it (issue 23: an immutable file).
            applied.append((index, entry, created))
            created = []
        # The renames reach the disk before the journal goes (a power cut, not only a kill).
        for place in sorted({(root / entry.path).parent for _, entry, _ in applied}):
            sync_folder(place)
    except OSError as error:
        # the target, not the staged file os.replace names first
        where = path if path is not None and error.filename2 is not None else error.filename
        problem = f"{error.strerror or error}: {where}" if where else str(error)
        for made in created:  # the failed entry's new folders
            with contextlib.suppress(OSError):
                made.rmdir()
        failures = _roll_back(root, applied)
        if failures:
            raise CommitError(
                f"cannot replace a file ({problem}) nor put back {len(failures)} old file(s) ({'; '.join(failures)}); "
                f"the journal in {folder} lets the next gen finish the job", keep_journal=True
            ) from None
        _remove_work_folders(folder)
        raise CommitError(f"cannot replace a file: {problem}; every file was put back") from None


def _keep_old(path: Path, saved: Path) -> None:
    try:
        os.link(path, saved)
    except OSError:
        shutil.copy2(path, saved)  # no hard links here: a copy keeps the old bytes as well


def _make_parents(folder: Path, root: Path, created: list[Path]) -> None:
    """Make the missing folders down to `folder`; `created` lists each one made, deepest first."""
    missing: list[Path] = []
    current = folder
    while not current.exists() and current != root:
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        path.mkdir()
        created.insert(0, path)


def _roll_back(root: Path, applied: list[tuple[int, Entry, list[Path]]]) -> list[str]:
    """Put back every applied entry, newest first; one that cannot be put back does not stop the
    others. Returns what could not be put back ('path (why)')."""
    backup = _folder(root) / "backup"
    failures: list[str] = []
    for index, entry, created in reversed(applied):
        path = root / entry.path
        saved = backup / str(index)
        try:
            if saved.exists():
                os.replace(saved, path)
            elif path.exists() and entry.action == "write":
                path.unlink()
        except OSError as error:
            failures.append(f"{entry.path}: {error.strerror or error}")
            continue
        for folder in created:
            with contextlib.suppress(OSError):
                folder.rmdir()
    return failures
