"""Inputs that are not files (issue 23, point 3): FIFOs, devices, sockets and symbolic link loops,
in a checked folder or given directly, are refused with a rule id in bounded time and memory, and
the other specs of the run are still checked; check and gen agree on a missing backend.yaml.

Every command runs in a child process with a wall-clock timeout and an address-space limit, so a
regression (a FIFO opened for reading, /dev/zero read to the end) fails the test instead of
hanging the suite or filling the machine's memory.
"""

from __future__ import annotations

import os
import resource
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest
from conftest import MINIMAL_MMA, SpecTree

TIMEOUT = 30  # seconds; each command below takes well under 2
MEMORY = 1 << 30  # bytes of address space for the child (atomgen needs about 150 MiB)
NOT_FILES = ("fifo", "zero", "loop", "socket")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


class Run:
    def __init__(self, completed: subprocess.CompletedProcess[str], seconds: float):
        self.returncode = completed.returncode
        self.stdout, self.stderr = completed.stdout, completed.stderr
        self.output = completed.stdout + completed.stderr
        self.seconds = seconds


def atomgen(*args: str, cwd: Path) -> Run:
    environment = dict(os.environ, ATOMGEN_CACHE_DIR=str(cwd / ".cache"))
    started = time.monotonic()
    completed = subprocess.run(
        [sys.executable, "-m", "atomgen", *args], cwd=cwd, env=environment, capture_output=True, text=True,
        timeout=TIMEOUT, preexec_fn=_limit_memory, check=False,
    )
    return Run(completed, time.monotonic() - started)


def _socket(path: Path) -> Callable[[], None]:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    return server.close


def make(kind: str, path: Path) -> None:
    """Something at `path` that is not a regular file."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "loop":
        path.symlink_to(path.name)  # x.yaml -> x.yaml
    elif kind == "socket":
        _socket(path)  # the bound name stays after the socket closes: still a socket file
    else:  # pragma: no cover
        raise AssertionError(kind)


RULE = {"fifo": "AG008", "zero": "AG008", "socket": "AG008", "loop": "AG009"}
WORDS = {"fifo": "a FIFO (named pipe)", "zero": "a character device", "socket": "a socket",
         "loop": "a symbolic link loop"}


@pytest.mark.parametrize("kind", NOT_FILES)
def test_in_a_checked_folder_it_is_refused_and_the_others_are_checked(kind: str, spec_tree: SpecTree) -> None:
    spec_tree.write(MINIMAL_MMA, "a.yaml")
    spec_tree.write(MINIMAL_MMA.replace("threads: 64", "threads: 63"), "c.yaml")  # a finding of its own
    make(kind, spec_tree.folder / "b.yaml")
    result = atomgen("check", "specs", cwd=spec_tree.root)
    assert result.returncode == 1, result.output
    assert f"specs/rocdl/cdna3/b.yaml:1:1: error[{RULE[kind]}]: this path is {WORDS[kind]}" in result.stdout, \
        result.output
    assert "specs/rocdl/cdna3/c.yaml" in result.stdout, result.output  # the other specs still checked
    assert "3 spec(s), 1 backend file(s)" in result.stderr, result.output  # a, b, c and backend.yaml
    assert "internal error" not in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("kind", NOT_FILES)
@pytest.mark.parametrize("command", ["check", "gen", "show"])
def test_given_directly_it_is_refused_with_its_rule(kind: str, command: str, spec_tree: SpecTree) -> None:
    path = spec_tree.folder / "b.yaml"
    make(kind, path)
    extra = ["--out", "out"] if command == "gen" else []
    result = atomgen(command, "specs/rocdl/cdna3/b.yaml", *extra, cwd=spec_tree.root)
    assert result.returncode == 1, result.output
    assert f"error[{RULE[kind]}]: this path is {WORDS[kind]}" in result.output, result.output
    assert "no such file" not in result.output and "internal error" not in result.output, result.output
    assert not (spec_tree.root / "out").exists()


def test_gen_over_a_folder_holding_a_fifo_writes_nothing(spec_tree: SpecTree) -> None:
    spec_tree.write(MINIMAL_MMA, "a.yaml")
    make("fifo", spec_tree.folder / "b.yaml")
    result = atomgen("gen", "specs", "--out", "out", cwd=spec_tree.root)
    assert result.returncode == 1 and "error[AG008]" in result.stderr, result.output
    assert "nothing written" in result.stderr and not (spec_tree.root / "out").exists(), result.output


def test_a_replayed_check_does_not_open_a_fifo_put_where_a_spec_was(spec_tree: SpecTree) -> None:
    """The replay of an unchanged run (atomgen/replay.py) hashes its inputs: it must not open a FIFO
    that replaced one of them (same folder listing, same name)."""
    path = spec_tree.write(MINIMAL_MMA, "a.yaml")
    assert atomgen("check", "specs", cwd=spec_tree.root).returncode == 0
    assert atomgen("check", "specs", cwd=spec_tree.root).returncode == 0  # replayed
    path.unlink()
    make("fifo", path)
    result = atomgen("check", "specs", cwd=spec_tree.root)
    assert result.returncode == 1 and "error[AG008]" in result.stdout, result.output


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_the_output_tree_is_read_only_from_regular_files(kind: str, spec_tree: SpecTree) -> None:
    """gen compares the plan with the files under --out: a FIFO or a device standing at a generated
    path is refused by name, never opened (a link there is refused as a link, before any read)."""
    spec_tree.write(MINIMAL_MMA, "a.yaml")
    listed = atomgen("gen", "specs", "--out", "out", "--list-outputs", cwd=spec_tree.root)
    assert listed.returncode == 0, listed.output
    target = spec_tree.root / listed.stdout.split()[0]
    target.parent.mkdir(parents=True)
    if kind == "zero":
        try:  # a device node of /dev/zero's numbers itself, not a link to it
            os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 5))
        except PermissionError:
            pytest.skip("mknod needs root")
    else:
        make(kind, target)
    result = atomgen("gen", "specs", "--out", "out", cwd=spec_tree.root)
    assert result.returncode == 1, result.output
    assert f"cannot read {target.relative_to(spec_tree.root)}: it is {WORDS[kind]}" in result.stderr, result.output
    assert "nothing written" in result.stderr, result.output


@pytest.mark.parametrize("kind", ["fifo", "zero", "loop"])
def test_a_config_file_that_is_not_a_file_is_refused(kind: str, spec_tree: SpecTree) -> None:
    spec_tree.write(MINIMAL_MMA, "a.yaml")
    make(kind, spec_tree.root / "atomgen.toml")
    result = atomgen("check", cwd=spec_tree.root)
    assert result.returncode == 2, result.output
    assert f"atomgen.toml is {WORDS[kind]}" in result.stderr and f"[{RULE[kind]}]" in result.stderr, result.output


@pytest.mark.parametrize("kind", ["missing", "fifo", "zero", "loop", "dangling", "folder"])
def test_check_and_gen_agree_on_a_backend_file_that_cannot_be_read(kind: str, spec_tree: SpecTree) -> None:
    """Both stop with an error whose rule id names the backend file (check used to exit 0 with a warning)."""
    spec_tree.write(MINIMAL_MMA, "a.yaml")
    backend = spec_tree.specs / "rocdl" / "backend.yaml"
    backend.unlink()
    if kind == "dangling":
        backend.symlink_to("nowhere.yaml")
    elif kind == "folder":
        backend.mkdir()
    elif kind != "missing":
        make(kind, backend)
    expected = {
        "missing": "error[AG105]: backend 'rocdl' has no description: specs/rocdl/backend.yaml is missing",
        "fifo": "specs/rocdl/backend.yaml:1:1: error[AG008]: this path is a FIFO",
        "zero": "specs/rocdl/backend.yaml:1:1: error[AG008]: this path is a character device",
        "loop": "specs/rocdl/backend.yaml:1:1: error[AG009]: this path is a symbolic link loop",
        "dangling": "specs/rocdl/backend.yaml:1:1: error[AG005]: cannot read spec: this path is a symbolic link to "
                    "nothing",
        "folder": "specs/rocdl/backend.yaml:1:1: error[AG005]: cannot read spec: this path is a folder",
    }[kind]
    checked = atomgen("check", "specs", cwd=spec_tree.root)
    generated = atomgen("gen", "specs", "--out", "out", cwd=spec_tree.root)
    assert checked.returncode == 1 and expected in checked.stdout, checked.output
    assert generated.returncode == 1 and expected in generated.stderr, generated.output
    assert not (spec_tree.root / "out").exists()


def test_the_reader_stops_at_the_limit_on_a_file_whose_stat_says_empty() -> None:
    """/proc files are regular and report size 0; the limit applies to the bytes read."""
    from atomgen import reading

    source = Path("/proc/self/maps")
    if not source.is_file():
        pytest.skip("no /proc")
    with pytest.raises(reading.InputError) as refused:
        reading.read_bounded(source, 16)
    assert refused.value.reason == "too-large" and refused.value.size == 17
    assert reading.read_bounded(source, 1 << 20).startswith(reading.read_head(source, 16))
