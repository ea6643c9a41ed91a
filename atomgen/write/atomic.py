"""Atomic file writes (a temporary file in the same folder, then a rename; mode from the umask) and the
durable steps the journal and the tree exchange build on (a new file fsynced, a folder's entries fsynced)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_new_file(target: Path, text: str) -> None:
    """Write `text` to `target` atomically, creating parent folders."""
    target.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes 0600; a new file honours the umask
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def write_durably(path: Path, text: str) -> None:
    """A new file (never an existing one), on disk when this returns; 0o666 and the process umask, the
    mode any other tool would give it."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def sync_folder(folder: Path) -> None:
    """The folder's entries (names created, renamed or removed in it) on disk."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
