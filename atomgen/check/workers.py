"""Spread a check's independent per-spec work over forked worker processes.

The uncached specs of a check are analysed independently (the cross-spec rules run after,
on the results), so they can run on every core. The caller imports what the work needs before
(check/runner.py imports the analysis code), so every forked worker starts with it. Each worker
takes the next spec from one shared queue, a pipe of spec numbers: the shipped specs differ
fifty-fold in cost, so a fixed split would leave a core idle while another works through the
wgmma tables. Results come back pickled through a pipe per worker; they are plain data
(diagnostics, names, proofs), never the analysed models.

A worker is trusted for nothing it did not report: when one dies or sends something unreadable,
every spec without a result is analysed again in this process, so a crash costs time, never a
finding. Output does not depend on the number of workers (tests/test_workers.py).
"""

from __future__ import annotations

import os
import pickle
import struct
import sys
from typing import Any, Callable, Optional, Protocol, Sequence, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

MAX_WORKERS = 16
_ENTRY = struct.Struct("=I")  # one queue entry: the number of a batch of items
# Entries the queue is written with before any worker reads it: 4 KiB fits every pipe buffer
# (Linux 64 KiB, macOS 16 KiB), so that write never blocks. Beyond this, an entry is a batch.
_PIPE_CAPACITY = 4096 // _ENTRY.size


class Observer(Protocol):
    """Whoever watches this process's inputs (atomgen/replay.py): a worker reads files too."""

    def fork(self) -> int:
        """os.fork(), as the observer wants it done."""

    def report(self) -> Any:
        """In a worker, after its work: what it observed, sent back with its results."""

    def absorb(self, report: Any) -> None:
        """In this process: take a worker's report in."""


def default_workers() -> int:
    """The cores this process may run on (the CPU affinity mask, not the machine's core count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def map_in_workers(
    work: Callable[[Item], Result],
    items: Sequence[Item],
    workers: int,
    taken: Optional[Callable[[int, Item], None]] = None,
    observer: Optional[Observer] = None,
) -> list[Result]:
    """[work(item) for item in items], computed by up to `workers` processes (this one included).

    `taken(n, item)` is called in this process as it takes an item, with how many items all
    workers have taken so far (for a progress line). An `observer` forks the workers and gets
    each one's report. With one worker, without fork (not POSIX) or beside other threads, it is a
    loop; when the system refuses a fork, this process does the share the missing worker would have.
    """
    workers = max(1, min(workers, len(items), MAX_WORKERS))
    if workers == 1 or not _can_fork():
        in_order: list[Result] = []
        for number, item in enumerate(items):
            if taken is not None:
                taken(number + 1, item)
            in_order.append(work(item))
        return in_order
    batch = -(-len(items) // _PIPE_CAPACITY)  # items per queue entry, so the whole queue fits the pipe
    batches = -(-len(items) // batch)
    queue_read, queue_write = os.pipe()
    os.write(queue_write, b"".join(_ENTRY.pack(number) for number in range(batches)))
    os.close(queue_write)  # an empty queue then reads as end of file
    for stream in (sys.stdout, sys.stderr):  # a child must not inherit, and later flush, half-written output
        try:
            stream.flush()
        except (OSError, ValueError):  # closed, or a reader that went away: nothing is pending then
            pass
    children: list[tuple[int, int]] = []  # (pid, read end of its result pipe)
    for _ in range(workers - 1):
        result_read, result_write = os.pipe()
        try:
            pid = observer.fork() if observer is not None else os.fork()
        except OSError:  # out of processes or memory: fewer workers
            os.close(result_read)
            os.close(result_write)
            break
        if pid == 0:  # the worker
            os.close(result_read)
            _serve(work, items, batch, queue_read, result_write, observer)  # never returns
        os.close(result_write)
        children.append((pid, result_read))

    def report(index: int) -> None:
        if taken is not None:
            taken(min(len(items), (batches - _queued(queue_read)) * batch), items[index])

    results: dict[int, Result] = dict(_take(work, items, batch, queue_read, report))
    os.close(queue_read)
    for pid, result_read in children:
        payload = _read_all(result_read)
        _, status = os.waitpid(pid, 0)
        if status != 0:
            continue  # what it sent may be partial
        try:
            done, observed = pickle.loads(payload)  # noqa: S301 - written by our own forked child
        except Exception:  # noqa: BLE001,S112 - its items are done again below
            continue
        results.update(done)
        if observer is not None:
            observer.absorb(observed)
    for number, item in enumerate(items):
        if number not in results:
            results[number] = work(item)
    return [results[number] for number in range(len(items))]


def _can_fork() -> bool:
    """POSIX, and no other thread: a forked child has only the forking thread, and a lock another
    thread held at the fork would stay locked in it forever."""
    if not hasattr(os, "fork"):
        return False
    threading = sys.modules.get("threading")  # not imported: no thread was started from Python
    return threading is None or threading.active_count() == 1


def _take(
    work: Callable[[Item], Result], items: Sequence[Item], batch: int, queue: int,
    report: Callable[[int], None] = lambda index: None,
) -> list[tuple[int, Result]]:
    """Work through queue entries until the queue is empty; (item number, result) pairs."""
    done: list[tuple[int, Result]] = []
    while True:
        entry = os.read(queue, _ENTRY.size)  # pipe reads are atomic: each entry goes to one worker
        if len(entry) < _ENTRY.size:
            return done
        (number,) = _ENTRY.unpack(entry)
        for index in range(number * batch, min(len(items), (number + 1) * batch)):
            report(index)
            done.append((index, work(items[index])))


def _serve(
    work: Callable[[Item], Result], items: Sequence[Item], batch: int, queue: int, out: int,
    observer: Optional[Observer],
) -> None:
    status = 1
    try:
        done = dict(_take(work, items, batch, queue))
        observed = observer.report() if observer is not None else None
        payload = pickle.dumps((done, observed), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(payload)
        while view:
            view = view[os.write(out, view):]
        status = 0
    finally:
        os._exit(status)  # no atexit handlers, no flushing of the parent's buffers


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            os.close(fd)
            return b"".join(chunks)
        chunks.append(chunk)


def _queued(queue: int) -> int:
    """Entries still in the queue (FIONREAD), or 0 where that cannot be asked."""
    try:
        import fcntl
        import termios

        waiting = bytearray(4)
        fcntl.ioctl(queue, termios.FIONREAD, waiting)
        return int.from_bytes(waiting, sys.byteorder) // _ENTRY.size
    except (ImportError, OSError):
        return 0
