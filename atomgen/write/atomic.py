"""Atomic file writes: a temporary file in the same folder, then a rename (mode from the umask)."""

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


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
