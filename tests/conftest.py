"""Shared helpers: the CLI in a subprocess, and minimal valid specs in a temporary tree.

Every test runs with ATOMGEN_CACHE_DIR pointing into pytest's temporary folder, so the
user's proof cache is never read or written.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import importlib
import io
import os
import pkgutil
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

# the smallest clean specs, which the rules' failing examples edit; the tests use them as bases
from atomgen.check.examples import MINIMAL as MINIMAL
from atomgen.check.examples import MINIMAL_COPY as MINIMAL_COPY
from atomgen.check.examples import MINIMAL_MMA as MINIMAL_MMA
from atomgen.spec.frozen import FrozenMap

REPO = Path(__file__).resolve().parent.parent
if os.environ.get("PYTEST_XDIST_WORKER"):
    # pytest-xdist's workers export COLUMNS=80 / LINES=24 of a terminal they do not have; the commands the tests
    # run must see what CI's processes see (no terminal: atomgen's own 120-column default)
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)
SPECS = REPO / "specs"
ROCDL_BACKEND = SPECS / "rocdl" / "backend.yaml"


def session_temp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of this test session that every pytest-xdist worker sees (each worker's
    basetemp is a `popen-gwN` folder in it), or this process's basetemp without xdist."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the user's cache: in-process calls and child processes both see this. The workers
    share one: it is keyed by content and by atomgen's own files, and every entry is written to a
    file of the writer's pid, then renamed into place, so a reader sees a whole entry or none.
    Shared, a proof, a CuTe compile or a Triton answer is paid once a session, not once a worker."""
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(session_temp(tmp_path_factory) / "atomgen-cache"))


@dataclass
class Cli:
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def run_cli(*args: str, cwd: Path | None = None, timeout: float = 120) -> Cli:
    """`atomgen ARGS` as a child process: its own exit code, streams (pipes, not a terminal), working
    folder and environment. The child is forked from this worker, where atomgen is already imported,
    and runs `atomgen.cli.command()` as `python -m atomgen` does; a fresh interpreter would spend
    about 0.15 s of CPU starting and importing, some 230 times a suite. The tests about the entry point
    itself (an interpreter's start, its imports, hash seeds, memory limits, a terminal) exec
    `python -m atomgen` on their own: test_gen_tree, test_inputs, test_diagnostics, test_kill, test_writes."""
    environment = dict(os.environ)
    environment.setdefault("ATOMGEN_CACHE_DIR", str(Path(cwd or REPO) / ".atomgen-test-cache"))
    if not hasattr(os, "fork"):  # no fork (Windows): a fresh interpreter
        completed = subprocess.run(
            [sys.executable, "-m", "atomgen", *args],
            cwd=str(cwd or REPO),
            env=environment,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        return Cli(completed.returncode, completed.stdout, completed.stderr)
    return _forked_cli(list(args), cwd or REPO, environment, timeout)


# Modules a forked child must not find imported: the entry point (importing it runs the CLI) and the
# oracles' programs of their own (flyopt and every `.worker`), which import flydsl, triton or cutlass.
_NOT_PRELOADED = ("atomgen.__main__", "atomgen.oracle.flydsl.flyopt")


@functools.cache
def preload_atomgen() -> None:
    """Import every atomgen module once in this worker, before it forks children that run the CLI
    (run_cli, test_kill): a child inherits them, where it would otherwise import the 70-odd modules
    of a `gen` afresh each time, 0.1 to 0.2 s of CPU, hundreds of times a suite. What the child then
    does is unchanged; the tests about what a command imports exec a fresh interpreter."""
    import atomgen

    for module in pkgutil.walk_packages(atomgen.__path__, "atomgen."):
        if module.name in _NOT_PRELOADED or module.name.endswith(".worker"):
            continue
        importlib.import_module(module.name)
    importlib.import_module("black")  # what render/black.py imports on the first wrapper it formats (0.15 s)


def _forked_cli(args: list[str], cwd: Path, environment: dict[str, str], timeout: float) -> Cli:
    preload_atomgen()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # the child: exits from here, whatever happens
            gc.freeze()  # what it inherits is never garbage here: its collections skip the worker's heap
            status = 70
            try:
                os.chdir(cwd)
                os.environ.clear()
                os.environ.update(environment)
                null = os.open(os.devnull, os.O_RDONLY)
                os.dup2(null, 0)
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                # as a fresh interpreter opens them on a pipe: UTF-8 here, block-buffered stdout
                sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", errors="strict")
                sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                              errors="backslashreplace", line_buffering=True)
                sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
                sys.argv = [str(REPO / "atomgen" / "__main__.py"), *args]
                from atomgen.cli import command

                command()
                status = 0
            except SystemExit as exit:
                code = exit.code
                status = code if isinstance(code, int) else (0 if code is None else 1)
                if code is not None and not isinstance(code, int):
                    print(code, file=sys.stderr)
            except BaseException:  # noqa: BLE001 - what the interpreter prints for an uncaught exception
                traceback.print_exc()
                status = 1
            finally:
                for stream in (sys.stdout, sys.stderr):
                    try:
                        stream.flush()
                    except (OSError, ValueError):
                        pass
                os._exit(status)
        deadline = time.monotonic() + timeout
        while True:
            done, wait_status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise subprocess.TimeoutExpired(["atomgen", *args], timeout)
            time.sleep(0.002)
        texts = []
        for stream in (out, err):  # read as subprocess's text mode reads a pipe: universal newlines
            stream.seek(0)
            texts.append(io.TextIOWrapper(stream, encoding="utf-8").read())
        return Cli(os.waitstatus_to_exitcode(wait_status), texts[0], texts[1])


@dataclass
class SpecTree:
    """tmp/specs/rocdl/{backend.yaml, cdna3/}: where fixtures write their specs."""

    root: Path

    @property
    def specs(self) -> Path:
        return self.root / "specs"

    @property
    def folder(self) -> Path:
        return self.specs / "rocdl" / "cdna3"

    def write(self, text: str, name: str = "x.yaml") -> Path:
        path = self.folder / name
        path.write_text(text, encoding="utf-8")
        return path


@pytest.fixture
def spec_tree(tmp_path: Path) -> Iterator[SpecTree]:
    tree = SpecTree(tmp_path)
    tree.folder.mkdir(parents=True)
    shutil.copy(ROCDL_BACKEND, tree.specs / "rocdl" / "backend.yaml")
    yield tree


@pytest.fixture
def minimal_mma(spec_tree: SpecTree) -> Path:
    """A clean minimal MMA spec at tmp/specs/rocdl/cdna3/x.yaml."""
    return spec_tree.write(MINIMAL_MMA)


def shipped_specs() -> list[Path]:
    """Every shipped atom spec (not the backend descriptions), sorted."""
    return sorted(p for p in SPECS.rglob("*.yaml") if p.name != "backend.yaml")


def require_cute_traits() -> None:
    """Skip, with the reason, where CuTe's C++ traits cannot be compiled here (no g++, or the wheel's headers
    missing): a missing system tool skips, never fails."""
    from atomgen.oracle.cute import cpp as cute_cpp

    try:
        cute_cpp.include_dirs()
        cute_cpp.compiler()
    except cute_cpp.TraitsUnavailable as why:
        pytest.skip(f"CuTe's C++ traits cannot be compiled here: {why}")


def spec_instances(*paths: Path | str) -> list[Any]:
    """The instances the specs at `paths` declare, as the model expands them (tables, `expand`): the count a
    test compares against comes from the specs, so that adding a row cannot leave a literal behind."""
    from atomgen.check.runner import model_file

    found: list[Any] = []
    for path in paths:
        modeled = model_file(Path(path), str(path))
        assert modeled.spec is not None, [d.format() for d in modeled.diagnostics]
        found.extend(modeled.spec.instances)
    assert found, paths
    return found


def pytest_configure(config: pytest.Config) -> None:
    """Byte-compile atomgen once, before the workers start. The suite runs `python -m atomgen` in
    hundreds of subprocesses; where PYTHONDONTWRITEBYTECODE is set (as on this project's
    machines) none of them would keep its compiled modules, and each would compile atomgen again
    (0.31 s against 0.13 s for `atomgen explain`). Stale files are no risk: Python checks each
    against its source's mtime."""
    if not hasattr(config, "workerinput"):  # the controller (or a run without xdist), not each worker
        import compileall

        compileall.compile_dir(str(REPO / "atomgen"), quiet=2, workers=0)
    # A worker's heap grows to millions of objects (parsed specs, analyses, pictures memoized by the
    # modules), and every full collection walks all of it: 127 of them, about 0.25 s each, were 30 s of
    # the workers' CPU in one run. Cycles still die young (generations 0 and 1 are untouched); a full
    # collection waits for ten times as many generation-1 collections.
    threshold0, threshold1, _ = gc.get_threshold()
    gc.set_threshold(threshold0, threshold1, 100)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """What is alive at the end of a worker's session is kept from the five full collections pytest
    runs at exit to surface unraisable exceptions (5 s of wall time at the very end of a run): the
    suite's objects are records without __del__, and each test's own unraisable exceptions were
    reported by that test."""
    gc.freeze()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The modules with slow tests first, their slow tests leading, so that pytest-xdist's workers do not
    end on one long test alone. A module stays in one piece: split, its module-scoped fixtures (the
    catalogue build, the pre-commit hook environment) would be torn down and built again."""
    def module(item: pytest.Item) -> str:
        return item.nodeid.split("::", 1)[0]

    first = {}
    for position, item in enumerate(items):
        first.setdefault(module(item), position)
    slow = {module(item) for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: (module(item) not in slow, first[module(item)],
                                 item.get_closest_marker("slow") is None))


def mutable_leaves(value: Any, where: str) -> list[str]:
    """Paths inside a record (a spec model, a backend) that hold a dict, a list or a set: a frozen model
    holds none, only frozen records, tuples, FrozenMaps and scalars."""
    if isinstance(value, (dict, list, set)):
        return [f"{where}: {type(value).__name__}"]
    if isinstance(value, FrozenMap):
        return [leaf for key, item in value.items() for leaf in mutable_leaves(item, f"{where}[{key!r}]")]
    if isinstance(value, (tuple, frozenset)):
        return [leaf for index, item in enumerate(value) for leaf in mutable_leaves(item, f"{where}[{index}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [leaf for f in dataclasses.fields(value)
                for leaf in mutable_leaves(getattr(value, f.name), f"{where}.{f.name}")]
    assert isinstance(value, (str, int, float, bool, type(None))), f"{where}: {type(value).__name__}"
    return []
