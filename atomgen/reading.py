"""Reading an input file in bounded time and memory: the one reader of specs, backend.yaml,
intrinsics.yaml, atomgen.toml / pyproject.toml and the files of an output tree.

Only regular files are read. A FIFO, a character or block device, a socket or a folder where a
file is expected is refused from its `stat` alone, before anything opens it (opening a FIFO for
reading blocks until a writer comes; /dev/zero never ends); a symbolic link loop is refused by
name. The file is then opened with O_NONBLOCK (a FIFO swapped in after the `stat` cannot block
the open) and checked again through its descriptor, and at most `limit` + 1 bytes are read, so
a file that grows past the limit while it is read is refused too. This module imports nothing
heavy: the diagnostics printer and the project finder use it.
"""

from __future__ import annotations

import errno
import os
import stat


class InputError(Exception):
    """An input that is not read; `reason` is one of: missing, loop, special, folder, too-large, unreadable."""

    def __init__(self, reason: str, message: str, size: int = 0):
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.size = size


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def _refuse_mode(mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise InputError("folder", "is a folder, not a file")
    raise InputError("special", f"is {kind_of(mode)}, not a regular file")


def _stat_error(path: "os.PathLike[str] | str", error: OSError) -> InputError:
    if error.errno == errno.ELOOP:
        return InputError("loop", "is a symbolic link loop (too many levels of symbolic links)")
    if error.errno == errno.ENOENT:
        if os.path.islink(path):
            return InputError("missing", f"is a symbolic link to nothing ({os.readlink(path)})")
        return InputError("missing", "does not exist")
    return InputError("unreadable", f"cannot be read ({error.strerror or error})")


def check_regular(path: "os.PathLike[str] | str") -> int:
    """The size of a regular file at `path` (symbolic links followed); InputError otherwise."""
    try:
        status = os.stat(path)
    except OSError as error:
        raise _stat_error(path, error) from None
    _refuse_mode(status.st_mode)
    return status.st_size


def read_bounded(path: "os.PathLike[str] | str", limit: int) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; InputError otherwise."""
    size = check_regular(path)
    if size > limit:
        raise InputError("too-large", f"is {size} bytes, over the {limit // 1024} KiB limit", size)
    data = _read(path, limit + 1)
    if len(data) > limit:
        raise InputError("too-large", f"grew past the {limit // 1024} KiB limit while it was read", len(data))
    return data


def read_head(path: "os.PathLike[str] | str", limit: int) -> bytes:
    """The first `limit` bytes of the regular file at `path` (a file longer than that is cut)."""
    check_regular(path)
    return _read(path, limit)


def _read(path: "os.PathLike[str] | str", most: int) -> bytes:
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise _stat_error(path, error) from None
    try:
        _refuse_mode(os.fstat(descriptor).st_mode)  # swapped for a FIFO or a device after the stat
        chunks: list[bytes] = []
        total = 0
        while total < most:
            try:
                chunk = os.read(descriptor, min(1 << 20, most - total))
            except OSError as error:
                raise InputError("unreadable", f"cannot be read ({error.strerror or error})") from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(descriptor)
    return b"".join(chunks)


def exists(path: "os.PathLike[str] | str") -> bool:
    """Whether anything is at `path`, a dangling or looping symbolic link included.

    os.stat first: a replayed run (atomgen/replay.py) notes the paths it asked os.stat about."""
    try:
        os.stat(path)
        return True
    except OSError:
        return os.path.lexists(path)


def real_path(path: "os.PathLike[str] | str") -> str:
    """The absolute path with symbolic links resolved where they resolve; never raises on a loop
    (pathlib's resolve() raises RuntimeError there before Python 3.13)."""
    return os.path.realpath(path)
