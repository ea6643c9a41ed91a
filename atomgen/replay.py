"""Replay: a command whose inputs did not change prints what it printed last time, at once.

`atomgen check` runs in pre-commit hooks and editors, and `gen` with nothing changed is a
build step; both are functions of files. A recorded run notes every file it read (an audit
hook on `open`), every folder it listed (`os.scandir`, `os.listdir`), every path it asked
about (`os.stat`: a backend.yaml that is absent is an input too), every module it imported,
and what it printed. The next run with the same command line, working folder and
environment verifies those inputs and, when all are as they were, prints the same text and
exits with the same status, without importing YAML, JSON Schema, Jinja or the checks.

Files outside the Python installation (atomgen itself, specs, generated trees) are compared
by content (BLAKE2, hashed when the run opened them), the standard library and installed
packages by size and modification time. A run is recorded only when it exited 0 or 1,
started no process, and changed nothing but the cache and gen's transient `.atomgen` lock
folder: a gen that wrote files would print something else the next time. That next time is
the usual one (a build step, a pre-commit hook, an editor: the first gen after an edit writes,
the following ones find nothing to write), so a gen that could not be recorded (it wrote, or
rendered: clang-format is a process) rehearses it at once: it runs the same command again in
this process, printing nothing, and records that run, which reads the tree just written. A
rehearsal that would write, or render (a plan missing from the cache: what this process holds in
memory is no input a fresh process would read), records nothing.
"""

from __future__ import annotations

import json
import os
import stat  # imported by os already
import sys
from pathlib import Path
from typing import Any, Callable, Optional, TextIO

try:  # CPython's built-in BLAKE2: `hashlib` would load OpenSSL, a third of a warm check
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b

VERSION = "1"
# What else decides the output: colour (NO_COLOR, TERM, a terminal), width, encodings, where
# the cache lives, which atomgen is imported (PYTHONPATH, sys.path).
ENVIRONMENT = ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS", "HOME", "XDG_CACHE_HOME", "PYTHONPATH",
               "PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_ALL", "LC_CTYPE")
# atomgen/write/journal.FOLDER: gen's lock and journal, created and removed by every gen.
TRANSIENT = ".atomgen"
MUTATIONS = frozenset(("os.rename", "os.remove", "os.rmdir", "os.mkdir", "os.truncate", "os.symlink", "os.link",
                       "os.chmod", "os.chown", "os.utime", "shutil.rmtree", "shutil.move", "shutil.copyfile"))
PROCESSES = frozenset(("subprocess.Popen", "os.system", "os.posix_spawn", "os.exec", "os.fork", "os.spawn"))
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
MAX_HASHED_BYTES = 64 << 20  # a recorded input bigger than this is compared by size and mode only
_real_stat = os.stat  # while a run is recorded, os.stat also notes the path (see recorded())


def cache_dir() -> Path:
    explicit = os.environ.get("ATOMGEN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "atomgen"


def _installed_prefixes() -> tuple[str, ...]:
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    return tuple(os.path.join(os.path.realpath(p), "") for p in prefixes)


def _fingerprint(path: str, installed: tuple[str, ...]) -> Any:
    """Size and mtime for an installed file, its content's hash for any other; None if absent."""
    try:
        status = _real_stat(path)
        if os.path.realpath(path).startswith(installed):
            return [status.st_size, status.st_mtime_ns]
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_HASHED_BYTES:
            # a FIFO or a device now stands where a file was (opening it could block, reading it
            # never end): it differs from any recorded hash, and is never opened
            return ["not hashed", status.st_mode, status.st_size]
        with open(path, "rb") as handle:
            return blake2b(handle.read(MAX_HASHED_BYTES + 1), digest_size=20).hexdigest()
    except OSError:
        return None


def _listing(folder: str) -> Any:
    try:
        with os.scandir(folder) as entries:
            names = sorted(f"{e.name}/" if e.is_dir() else e.name for e in entries if e.name != TRANSIENT)
    except OSError:
        return None
    return blake2b("\0".join(names).encode("utf-8", "surrogateescape"), digest_size=20).hexdigest()


def _kind(path: str) -> str:
    try:
        mode = _real_stat(path).st_mode
    except OSError:
        return "absent"
    return "dir" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else "other"


def _record_path(command: str, argv: list[str]) -> Path:
    environment = {k: v for k, v in os.environ.items() if k in ENVIRONMENT or k.startswith("ATOMGEN_")}
    terminals = [os.isatty(fd) for fd in (1, 2)]
    identity = json.dumps([VERSION, command, argv, os.getcwd(), sys.executable, sys.version, sys.path,
                           sorted(environment.items()), terminals])
    return cache_dir() / "replay" / f"{blake2b(identity.encode(), digest_size=20).hexdigest()}.json"


def replayed(command: str, argv: list[str]) -> Optional[int]:
    """The exit status after printing the recorded output, when every input is unchanged."""
    try:
        record = json.loads(_record_path(command, argv).read_text(encoding="utf-8"))
        if record.get("version") != VERSION or not _unchanged(record):
            return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    streams = {1: sys.stdout, 2: sys.stderr}
    for fd, text in record["output"]:
        streams[fd].write(text)
        streams[fd].flush()
    return int(record["status"])


def _unchanged(record: dict[str, Any]) -> bool:
    installed = _installed_prefixes()
    return (all(_kind(path) == kind for path, kind in record["probes"].items())
            and all(_listing(folder) == listing for folder, listing in record["folders"].items())
            and all(_fingerprint(path, installed) == seen for path, seen in record["files"].items()))


class _Tee:
    """A stream that also keeps what is written to it (progress lines, which start with a
    carriage return and depend on timing, are passed on but not kept). A rehearsal's tee keeps
    the text and passes nothing on."""

    def __init__(self, stream: TextIO, fd: int, recorder: "_Recorder", silent: bool = False):
        self._stream, self._fd, self._recorder, self._silent = stream, fd, recorder, silent

    def write(self, text: str) -> int:
        if self._recorder.active and not text.startswith("\r"):
            self._recorder.output.append((self._fd, text))
        return len(text) if self._silent else self._stream.write(text)

    def flush(self) -> None:
        if not self._silent:
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # bytes written there would bypass the record
            self._recorder.unrecordable = True
        return getattr(self._stream, name)


def _module_files() -> list[str]:
    files = (getattr(module, "__file__", None) for module in list(sys.modules.values()))
    return [file for file in files if isinstance(file, str)]


_ACTIVE: list["_Recorder"] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _ACTIVE and not _ACTIVE[-1].busy:
        recorder = _ACTIVE[-1]
        recorder.busy = True  # the recorder's own opens and listings are no inputs
        try:
            recorder.event(event, args)
        finally:
            recorder.busy = False


def _recording_stat(path: Any, *args: Any, **kwargs: Any) -> Any:
    recording = _ACTIVE and not _ACTIVE[-1].busy and not args and not kwargs.get("dir_fd")
    if recording and isinstance(path, (str, os.PathLike)):
        _ACTIVE[-1].probed(os.fspath(path))
    return _real_stat(path, *args, **kwargs)


_HOOKED: list[bool] = []


class _Recorder:
    def __init__(self) -> None:
        self.active = True
        self.busy = False
        self.unrecordable = False
        self.installed = _installed_prefixes()
        self.cache = os.path.join(os.path.abspath(cache_dir()), "")
        prefix = getattr(sys, "pycache_prefix", None)
        self.bytecode = os.path.join(os.path.abspath(prefix), "") if prefix else None
        self.files: dict[str, Any] = {}
        self.folders: dict[str, Any] = {}
        self.probes: set[str] = set()
        self.output: list[tuple[int, str]] = []
        self.status = 2
        self.rehearsal = False

    def _ignored(self, path: str) -> bool:
        """atomgen's own cache, a transient folder, and bytecode: Python writes a module's .pyc (in
        __pycache__, or under PYTHONPYCACHEPREFIX) when its source changed, and that is no output."""
        parts = Path(path).parts
        return (os.path.join(path, "").startswith(self.cache) or TRANSIENT in parts or "__pycache__" in parts
                or (self.bytecode is not None and os.path.join(path, "").startswith(self.bytecode)))

    @staticmethod
    def _no_op(event: str, path: Optional[str]) -> bool:
        """mkdir of a folder that exists, or removing what is absent, changes nothing."""
        if path is None:
            return False
        kind = _kind(path)
        return (event == "os.mkdir" and kind == "dir") or (event in ("os.remove", "os.rmdir") and kind == "absent")

    def _path(self, value: Any) -> Optional[str]:
        if isinstance(value, bytes):
            value = os.fsdecode(value)
        return os.path.abspath(os.fspath(value)) if isinstance(value, (str, os.PathLike)) else None

    def event(self, event: str, args: tuple[Any, ...]) -> None:
        if event == "open":
            path, mode, flags = (list(args) + [None, None, 0])[:3]
            path = self._path(path)
            writing = any(c in mode for c in "wax+") if isinstance(mode, str) else bool((flags or 0) & WRITE_FLAGS)
            if path is None or self._ignored(path):
                return
            if writing:
                self.unrecordable = True
            elif not path.endswith(".pyc") and path not in self.files and _kind(path) == "file":
                self.files[path] = _fingerprint(path, self.installed)
        elif event in ("os.scandir", "os.listdir"):
            folder = self._path(args[0] if args and args[0] is not None else ".")
            if folder is not None and not self._ignored(folder) and folder not in self.folders:
                self.folders[folder] = _listing(folder)
        elif event in MUTATIONS:
            paths = [self._path(a) for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
            if any(p is not None and not self._ignored(p) for p in paths) and not self._no_op(event, paths[0]):
                self.unrecordable = True
        elif event in PROCESSES:
            self.unrecordable = True

    def add_modules(self, files: list[str]) -> None:
        """Imported modules are inputs too (a worker's included, jsonschema to word an error)."""
        for file in files:
            path = os.path.abspath(file)
            if path not in self.files:
                self.files[path] = _fingerprint(path, self.installed)

    def probed(self, path: str) -> None:
        absolute = os.path.abspath(path)
        if not os.path.join(absolute, "").startswith(self.cache):
            self.probes.add(absolute)

    def save(self, command: str, argv: list[str], status: int) -> None:
        self.add_modules(_module_files())
        record = {
            "version": VERSION,
            "status": status,
            "output": self.output,
            "files": self.files,
            "folders": self.folders,
            # Probes are taken as the run leaves things: gen's lock folder is gone by then.
            "probes": {path: _kind(path) for path in sorted(self.probes)},
        }
        target = _record_path(command, argv)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
            temporary.write_text(json.dumps(record), encoding="utf-8")
            os.replace(temporary, target)
        except OSError:
            pass  # a replay that cannot be stored is only slower next time


class _Workers:
    """The observer of atomgen/check/workers.py. Its forked workers read specs and intrinsics tables
    that are inputs of this run: each records them with its copy of the recorder and sends them
    back, so its fork hides nothing and is not an unrecordable process. A worker that printed
    or wrote makes the run unrecordable, as it would here."""

    printed = 0  # this run's output entries when the worker was forked

    def fork(self) -> int:
        recorder = _ACTIVE[-1] if _ACTIVE else None
        if recorder is None:
            return os.fork()
        self.printed = len(recorder.output)
        recorder.busy = True  # the audit event of this fork is no process of the run's own
        try:
            return os.fork()
        finally:
            recorder.busy = False

    def report(self) -> Any:
        if not _ACTIVE:
            return None
        recorder = _ACTIVE[-1]
        return {"files": recorder.files, "folders": recorder.folders, "probes": sorted(recorder.probes),
                "modules": _module_files(),
                "unrecordable": recorder.unrecordable or len(recorder.output) > self.printed}

    def absorb(self, report: Any) -> None:
        if not _ACTIVE or not isinstance(report, dict):
            return
        recorder = _ACTIVE[-1]
        for path, seen in report["files"].items():
            recorder.files.setdefault(path, seen)
        for folder, listing in report["folders"].items():
            recorder.folders.setdefault(folder, listing)
        recorder.probes.update(report["probes"])
        recorder.add_modules(report["modules"])
        recorder.unrecordable = recorder.unrecordable or bool(report["unrecordable"])


WORKERS = _Workers()


def recorded(command: str, argv: list[str], run: Callable[[], int],
             rehearsal: Optional[Callable[[], int]] = None) -> int:
    """`run()`, recorded for replay when it exits 0 or 1 having changed nothing. When it could not be
    recorded (it wrote files, or rendered, which runs clang-format), `rehearsal()`, the same
    command run afresh, runs at once, silently, and is recorded instead if it changes nothing and
    starts no process: the next identical command then replays."""
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return run()  # the recorder swaps process-wide streams and os.stat: one thread only
    if not _HOOKED:
        sys.addaudithook(_audit)
        _HOOKED.append(True)
    recorder = _record(run, silent=False)
    if recorder.status in (0, 1) and not recorder.unrecordable:
        recorder.save(command, argv, recorder.status)
    elif rehearsal is not None and recorder.status in (0, 1):
        try:
            rehearsed = _record(rehearsal, silent=True)
        except (Exception, SystemExit):  # noqa: BLE001 - the run itself is done; only its record is lost
            return recorder.status
        if rehearsed.status in (0, 1) and not rehearsed.unrecordable:
            rehearsed.save(command, argv, rehearsed.status)
    return recorder.status


def _record(run: Callable[[], int], silent: bool) -> _Recorder:
    recorder = _Recorder()
    recorder.rehearsal = silent
    streams = sys.stdout, sys.stderr
    _ACTIVE.append(recorder)
    os.stat = _recording_stat
    sys.stdout = _Tee(streams[0], 1, recorder, silent)  # type: ignore[assignment]
    sys.stderr = _Tee(streams[1], 2, recorder, silent)  # type: ignore[assignment]
    try:
        recorder.status = run()
    finally:
        sys.stdout, sys.stderr = streams
        os.stat = _real_stat
        recorder.active = False
        _ACTIVE.remove(recorder)
    return recorder


def abandon_rehearsal() -> bool:
    """True in a rehearsal, which is then not recorded: asked by a run about to rely on what this
    process computed before (gen rendering a plan the cache lacks), so that it stops at once. A fresh
    process would read inputs this one holds in memory, which its record would miss."""
    if _ACTIVE and _ACTIVE[-1].rehearsal:
        _ACTIVE[-1].unrecordable = True
        return True
    return False
