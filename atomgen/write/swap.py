"""`gen --out DIR` in one step for readers: build the new tree beside DIR, exchange the two names.

The new tree is built in `.<DIR>.atomgen-swap`, beside DIR (same parent, so same filesystem):
every file of DIR that gen does not replace or prune is carried over as a hard link (same inode,
same bytes, same mtime; a copy where the filesystem has no hard links), foreign files and
symbolic links included, and each changed file is written new and fsync'ed. Then one
renameat2(RENAME_EXCHANGE) swaps the two names: a reader that opens DIR, or any path under it,
sees the whole old tree before that instant and the whole new tree after it, never a mix. The
old tree, now at the hidden name, is removed; if a kill leaves either tree there, the next gen
removes it before it writes (under the lock). The writer's lock moves with the exchange: the
new tree holds its own `.atomgen/lock`, taken before the swap, so no other gen can start on
DIR between the exchange and the end of this one.

`Unavailable` means nothing changed and the caller should write through the journal instead
(atomgen/write/journal.py): not Linux, no renameat2, a filesystem that refuses the exchange, a
parent folder atomgen cannot create the new tree in, the working folder inside DIR, or an entry
that cannot be carried over or removed (an immutable or append-only file, a FIFO or a device
inside DIR). docs/architecture.md says what a reader sees in each case.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import platform
import shutil
import stat
import sys
from pathlib import Path
from typing import Any, Callable, Optional

from atomgen.write.atomic import sync_folder, write_durably

AT_FDCWD = -100
RENAME_EXCHANGE = 2
# renameat2's number where libc has no wrapper (glibc before 2.28)
SYSCALL_NUMBERS = {"x86_64": 316, "aarch64": 276}
SUFFIX = ".atomgen-swap"
LOCK_FOLDER = ".atomgen"  # journal.FOLDER: the lock lives there and never travels to the new tree


class Unavailable(Exception):
    """The tree cannot be exchanged here; nothing was changed (the message says why)."""


def beside(root: Path) -> Path:
    """Where the new tree is built (and where a killed gen's leftover tree would be)."""
    real = Path(os.path.realpath(root))
    return real.parent / f".{real.name}{SUFFIX}"


_EXCHANGE: list[Optional[Callable[[bytes, bytes], int]]] = []


def _exchange_function() -> Optional[Callable[[bytes, bytes], int]]:
    if _EXCHANGE:
        return _EXCHANGE[0]
    function: Optional[Callable[[bytes, bytes], int]] = None
    if sys.platform.startswith("linux"):
        try:
            libc: Any = ctypes.CDLL(None, use_errno=True)
        except OSError:
            libc = None
        native = getattr(libc, "renameat2", None) if libc is not None else None
        if native is not None:
            native.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            native.restype = ctypes.c_int

            def function(first: bytes, second: bytes) -> int:
                return int(native(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE))
        elif libc is not None and platform.machine() in SYSCALL_NUMBERS:
            number = SYSCALL_NUMBERS[platform.machine()]
            syscall = libc.syscall
            syscall.restype = ctypes.c_long

            def function(first: bytes, second: bytes) -> int:
                return int(syscall(ctypes.c_long(number), ctypes.c_int(AT_FDCWD), ctypes.c_char_p(first),
                                   ctypes.c_int(AT_FDCWD), ctypes.c_char_p(second), ctypes.c_uint(RENAME_EXCHANGE)))
    _EXCHANGE.append(function)
    return function


def exchange(first: Path, second: Path) -> None:
    """Swap two existing paths in one step; Unavailable (nothing changed) where that cannot be done."""
    function = _exchange_function()
    if function is None:
        raise Unavailable(f"renameat2 is not available on {sys.platform}")
    if function(os.fsencode(first), os.fsencode(second)) == 0:
        return
    code = ctypes.get_errno()
    raise Unavailable(f"the filesystem refused to exchange {first} and {second} ({os.strerror(code)})")


def remove_leftover(root: Path) -> str:
    """Remove the tree a killed gen left beside `root` (call with the lock held); says what it did."""
    leftover = beside(root)
    try:
        os.stat(leftover)  # os.stat, not lexists: a replayed gen (atomgen/replay.py) notes the probe
    except OSError:
        if not os.path.lexists(leftover):
            return ""
    try:
        _remove(leftover)
    except OSError as error:
        return f"cannot remove {leftover}, left by an interrupted gen ({error.strerror}: {error.filename})"
    return f"removed {leftover}, the unfinished tree of an interrupted gen (the tree was not changed)"


def replace_tree(root: Path, texts: dict[str, str], dropped: set[str], hold: Callable[[Path], None]) -> str:
    """Exchange `root` for a copy of itself with `texts` written and `dropped` left out.

    `hold(folder)` takes the writer's lock in the new tree's lock folder before the exchange.
    Returns a note, empty when the old tree was removed too. Raises Unavailable (nothing changed).
    """
    real = Path(os.path.realpath(root))
    try:
        here = os.path.realpath(os.getcwd())
    except OSError:
        here = ""
    if here == str(real) or here.startswith(os.path.join(str(real), "")):
        raise Unavailable(f"the working folder is inside {root}, and would stay in the old tree")
    new = beside(root)
    try:
        os.mkdir(new, 0o700)
    except OSError as error:
        raise Unavailable(f"cannot create {new} beside it ({error.strerror})") from None
    try:
        hold(new / LOCK_FOLDER)
        _build(real, new, texts, dropped)
        _sync_tree(new)
        exchange(new, real)
    except BaseException:
        shutil.rmtree(new, ignore_errors=True)  # the old tree was not touched
        raise
    sync_folder(real.parent)
    try:
        _remove(new)  # the old tree, now at the hidden name
    except OSError as error:
        return (f"wrote the new tree, but cannot remove the previous one, left at {new} ({error.strerror}: "
                f"{error.filename}); the next gen tries again")
    return ""


def _remove(path: Path) -> None:
    if os.path.islink(path) or not os.path.isdir(path):
        os.unlink(path)
        return
    errors: list[BaseException] = []
    shutil.rmtree(path, onerror=lambda _f, _p, info: errors.append(info[1]))
    if errors:
        raise errors[0] if isinstance(errors[0], OSError) else OSError(str(errors[0]))


def _build(real: Path, new: Path, texts: dict[str, str], dropped: set[str]) -> None:
    folders: list[tuple[Path, os.stat_result]] = [(new, os.stat(real))]
    probe = new / LOCK_FOLDER / "probe"
    for folder, subfolders, files in os.walk(real):
        relative = os.path.relpath(folder, real)
        target = new if relative == "." else new / relative
        if relative == ".":
            subfolders[:] = [name for name in subfolders if name != LOCK_FOLDER]
            files = [name for name in files if name != LOCK_FOLDER]
        for name in list(subfolders):
            source = os.path.join(folder, name)
            status = os.lstat(source)
            if stat.S_ISLNK(status.st_mode):  # a link to a folder: carried as a link, never followed
                os.symlink(os.readlink(source), target / name)
                continue
            os.mkdir(target / name, 0o700)  # its own mode once everything is inside (below)
            folders.append((target / name, status))
        for name in files:
            source = os.path.join(folder, name)
            relative_file = name if relative == "." else f"{Path(relative).as_posix()}/{name}"
            if relative_file in texts or relative_file in dropped:
                _removable(source, probe)  # unlinked with the old tree: it must be unlinkable
                continue
            _carry(source, target / name)
    for relative_file, text in texts.items():
        written = new / relative_file
        written.parent.mkdir(parents=True, exist_ok=True)
        write_durably(written, text)
    for made, status in reversed(folders):  # deepest first: a read-only folder is filled by then
        os.chmod(made, stat.S_IMODE(status.st_mode))
        if (status.st_uid, status.st_gid) != (os.geteuid(), os.getegid()):
            with contextlib.suppress(OSError):
                os.chown(made, status.st_uid, status.st_gid)


def _carry(source: str, target: Path) -> None:
    status = os.lstat(source)
    if stat.S_ISLNK(status.st_mode):
        os.symlink(os.readlink(source), target)
        return
    if not stat.S_ISREG(status.st_mode):
        raise Unavailable(f"{source} is not a regular file and cannot be carried into a new tree")
    try:
        os.link(source, target)
    except OSError as error:
        if error.errno == errno.EPERM:  # link(2) refuses immutable and append-only files
            raise Unavailable(f"{source} is immutable or append-only (it could not be removed with the old "
                              "tree)") from None
        shutil.copy2(source, target, follow_symlinks=False)  # no hard links here: the same bytes, mode, mtime


def _removable(source: str, probe: Path) -> None:
    """Refuse (Unavailable) a file that link(2) says is immutable or append-only: removing the old
    tree would fail on it after the exchange. Other files pass; a probe link is made and undone."""
    if not stat.S_ISREG(os.lstat(source).st_mode):
        return
    try:
        os.link(source, probe)
    except OSError as error:
        if error.errno == errno.EPERM:
            raise Unavailable(f"{source} is immutable or append-only") from None
        return
    os.unlink(probe)


def _sync_tree(root: Path) -> None:
    """Every folder's entries on disk before the exchange (a power cut, not only a kill)."""
    for folder, _, _ in os.walk(root):
        sync_folder(Path(folder))
