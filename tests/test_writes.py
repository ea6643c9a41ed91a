"""The writer under failure, SIGKILL and concurrency: every tree is the old or the new one.

The kill test forks a child that writes the new version of a 120-file tree (the shipped
generated/ tree, each file changed, some added, some pruned) through the journal (what `--into`
uses, and `--out` where the tree cannot be exchanged; tests/test_kill.py kills `gen --out`'s
exchange), and SIGKILLs it after a random delay spread over its whole run. The next
run's first step (lock, recover) must then leave exactly the old or the new tree, with no
temporary file anywhere. Forking after import keeps each trial to milliseconds, so the test
runs 60 of them; the real CLI is killed and run concurrently a few times as well.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Iterator

import pytest
from conftest import REPO, SPECS, SpecTree, run_cli

from atomgen.write import journal
from atomgen.write.output import Plan
from atomgen.write.tree import WriteError, target_of, write

GENERATED = REPO / "generated"
TRIALS = 60  # the campaign tier
QUICK_TRIALS = 15  # the default run


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under root (temporaries and the journal folder included: they must be gone)."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _versions() -> tuple[dict[str, str], dict[str, str]]:
    old = {path: text.decode() for path, text in _tree(GENERATED).items()}
    new = {path: text + f"// version 2 of {path}\n" for path, text in old.items() if not path.endswith("0.mlir")}
    new.update({f"include/added/File{i}.td": f"// added {i}\n" for i in range(8)})
    return old, new


def _write(root: Path, texts: dict[str, str], force: bool = False, exchange: bool | None = None) -> None:
    write(Plan(owned=dict(texts)), root, into=False, prune=True, force=force, report=lambda _: None,
          exchange=exchange)


def _write_journal(root: Path, texts: dict[str, str]) -> None:
    """Through the journal, as `--into` writes (and `--out` where the tree cannot be exchanged)."""
    _write(root, texts, exchange=False)


def _materialize(root: Path, texts: dict[str, str]) -> None:
    for path, text in texts.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")


def _next_run_recovers(root: Path) -> None:
    with journal.locked(root):
        journal.recover(root, lambda path: target_of(root, path), [p for p in root.rglob("*") if p.is_dir()])


def _fork(function: object, *args: object) -> int:
    pid = os.fork()
    if pid == 0:  # the child: write, then leave without running the parent's cleanup
        status = 0
        try:
            function(*args)  # type: ignore[operator]
        except BaseException:  # noqa: BLE001 - the exit status says it failed, stderr why
            traceback.print_exc()  # pytest shows it under "Captured stderr" of the failing test
            sys.stderr.flush()
            status = 1
        os._exit(status)
    return pid


def _phase(root: Path) -> str:
    folder = root / journal.FOLDER
    if (folder / journal.JOURNAL).exists():
        return "committing"
    if (folder / "staged").exists():
        return "staging"
    return "outside"


@pytest.fixture
def fast_tmp(tmp_path: Path) -> Iterator[Path]:
    """A folder on tmpfs where there is one: fsync costs nothing there, so 60 trials take
    seconds, and the order of operations (what a kill can interrupt) is the same."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="atomgen-kill-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# a plain `pytest` kills QUICK_TRIALS writers (the campaign's first, same seed), `pytest -m campaign` TRIALS;
# both go on past their count until each window was hit and each outcome seen three times
@pytest.mark.slow
@pytest.mark.parametrize("trials", [pytest.param(QUICK_TRIALS, id="quick"),
                                    pytest.param(TRIALS, id="campaign", marks=pytest.mark.campaign)])
def test_sigkill_at_random_points_leaves_the_old_or_the_new_tree(fast_tmp: Path, trials: int) -> None:
    tmp_path = fast_tmp
    old, new = _versions()
    expected_old = {p: t.encode() for p, t in old.items()}
    expected_new = {p: t.encode() for p, t in new.items()}
    # How long one uninterrupted write takes in a forked child here, so the kills spread
    # over all of it (the median of three: the machine may be busy).
    durations = []
    for attempt in range(3):
        probe = tmp_path / f"probe{attempt}"
        _materialize(probe, old)
        started = time.perf_counter()
        os.waitpid(_fork(_write_journal, probe, new), 0)
        durations.append(time.perf_counter() - started)
        assert _tree(probe) == expected_new
    duration = sorted(durations)[1]
    generator = random.Random(20261201)
    outcomes: dict[str, int] = {}
    phases: dict[str, int] = {}
    trial = 0
    # At least `trials` kills; more (up to 240 in all) until the staging and commit windows were each hit a
    # few times, since timing on a shared machine varies (a busy one stretched the windows' share: 60 kills
    # once hit staging twice). A run that hits them early stops early.
    cap = max(4 * trials, 240)
    while trial < trials or (trial < cap and min(phases.get("staging", 0), phases.get("committing", 0)) < 3):
        root = tmp_path / f"t{trial}"
        _materialize(root, old)
        pid = _fork(_write_journal, root, new)
        time.sleep(generator.uniform(0, duration))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        phases[_phase(root)] = phases.get(_phase(root), 0) + 1
        _next_run_recovers(root)
        after = _tree(root)
        outcome = "old" if after == expected_old else "new" if after == expected_new else "mixed"
        assert outcome != "mixed", (trial, sorted(set(after) ^ set(expected_new))[:5])
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        shutil.rmtree(root)
        trial += 1
    print(f"{trial} kills: where {phases}, after the next run {outcomes}")
    # The random points hit the staging and the commit windows, and both outcomes occurred.
    assert phases.get("staging", 0) >= 3 and phases.get("committing", 0) >= 3, phases
    assert outcomes.get("old", 0) >= 3 and outcomes.get("new", 0) >= 3, outcomes


def test_concurrent_writers_take_turns(fast_tmp: Path) -> None:
    """Two processes writing different trees to one root: the result is one of them, whole."""
    tmp_path = fast_tmp
    old, new = _versions()
    other = {path: text.replace("version 2", "version 3") for path, text in new.items()}
    for trial in range(10):
        root = tmp_path / f"c{trial}"
        _materialize(root, old)
        first, second = _fork(_write, root, new), _fork(_write, root, other)
        statuses = [os.waitpid(pid, 0)[1] for pid in (first, second)]
        assert statuses == [0, 0]
        after = _tree(root)
        assert after in ({p: t.encode() for p, t in new.items()}, {p: t.encode() for p, t in other.items()})


def test_a_writer_whose_lock_folder_vanishes_under_it_tries_again(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The race test_concurrent_writers_take_turns once hit: pathlib's mkdir(exist_ok=True) found the lock
    folder, the finishing holder removed it, and pathlib raised FileExistsError. The writer must try again."""
    real = Path.mkdir
    raised = []

    def vanishing(self: Path, *args: object, **kwargs: object) -> None:
        if self.name == journal.FOLDER and not raised:
            raised.append(self)
            raise FileExistsError(17, "File exists", str(self))
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", vanishing)
    _write(tmp_path / "root", {"a.td": "x\n"})
    assert raised and (tmp_path / "root" / "a.td").read_text() == "x\n"


def test_modes_follow_the_umask(tmp_path: Path) -> None:
    for umask, expected in ((0o022, 0o644), (0o027, 0o640)):
        root = tmp_path / f"u{umask:o}"
        previous = os.umask(umask)
        try:
            _write(root, {"a/new.cpp": "x\n", "b.td": "y\n"})
            _write(root, {"a/new.cpp": "x2\n", "b.td": "y\n"})  # a replaced file too
        finally:
            os.umask(previous)
        modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in root.rglob("*") if p.is_file()}
        assert modes == {"new.cpp": expected, "b.td": expected}


def test_read_only_target_is_refused_unless_forced(tmp_path: Path) -> None:
    root = tmp_path / "ro"
    _materialize(root, {"a.cpp": "old\n", "b.cpp": "old\n"})
    (root / "b.cpp").chmod(0o444)
    with pytest.raises(WriteError, match=r"b\.cpp is read-only; pass --force"):
        _write(root, {"a.cpp": "new\n", "b.cpp": "new\n"})
    assert _tree(root) == {"a.cpp": b"old\n", "b.cpp": b"old\n"}
    _write(root, {"a.cpp": "new\n", "b.cpp": "new\n"}, force=True)
    assert _tree(root) == {"a.cpp": b"new\n", "b.cpp": b"new\n"}


def test_a_failed_replace_puts_every_file_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fault injection: the 4th rename fails (an I/O error in the middle of the commit)."""
    root = tmp_path / "fail"
    old = {f"f{i}.cpp": f"old {i}\n" for i in range(8)}
    _materialize(root, old)
    real_replace = os.replace
    calls = {"n": 0}

    def failing_replace(source: object, destination: object) -> None:
        if str(destination).startswith(str(root)) and journal.FOLDER not in str(destination):
            calls["n"] += 1
            if calls["n"] == 4:
                raise OSError(5, "Input/output error", str(destination))
        real_replace(source, destination)  # type: ignore[arg-type]

    monkeypatch.setattr(journal.os, "replace", failing_replace)
    with pytest.raises(WriteError, match="every file was put back"):
        _write_journal(root, {**{p: "new\n" for p in old}, "added.cpp": "new\n"})
    monkeypatch.undo()
    assert _tree(root) == {p: t.encode() for p, t in old.items()}


def test_old_writer_temporaries_are_removed(tmp_path: Path) -> None:
    root = tmp_path / "old"
    _materialize(root, {"lib/a.cpp": "a\n"})
    leftovers = [root / "lib" / f".a.cpp.{i}abc.atomgen-tmp" for i in range(3)]
    for leftover in leftovers:
        leftover.write_text("partial")
    _write(root, {"lib/a.cpp": "a2\n"})
    assert _tree(root) == {"lib/a.cpp": b"a2\n"}


def test_cli_killed_then_rerun_and_concurrent_cli(spec_tree: SpecTree, tmp_path: Path) -> None:
    """The real entry point: killed mid-run (several points), rerun, and two at once."""
    shutil.copy(SPECS / "rocdl" / "cdna3" / "buffer_copy.yaml", spec_tree.folder)
    out = tmp_path / "out"
    first = run_cli("gen", str(spec_tree.specs), "--out", str(out), "--prune")
    assert first.returncode == 0, first.output
    reference = _tree(out)
    generator = random.Random(7)
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    for trial in range(4):
        for path in out.rglob("*.cpp"):
            path.write_text("stale\n")
        child = subprocess.Popen(
            [sys.executable, "-m", "atomgen", "gen", str(spec_tree.specs), "--out", str(out), "--prune", "-q"],
            cwd=REPO, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        time.sleep(generator.uniform(0.2, 1.5))
        child.send_signal(signal.SIGKILL)
        child.wait()
        rerun = run_cli("gen", str(spec_tree.specs), "--out", str(out), "--prune")
        assert rerun.returncode == 0, rerun.output
        assert _tree(out) == reference, trial
    for path in out.rglob("*.cpp"):
        path.write_text("stale\n")
    command = [sys.executable, "-m", "atomgen", "gen", str(spec_tree.specs), "--out", str(out), "--prune"]
    runs = [subprocess.Popen(command, cwd=REPO, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    results = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], results
    assert _tree(out) == reference


def test_a_held_lock_makes_gen_wait_then_refuse_clearly(spec_tree: SpecTree, tmp_path: Path) -> None:
    shutil.copy(SPECS / "rocdl" / "cdna3" / "buffer_copy.yaml", spec_tree.folder)
    out = tmp_path / "out"
    environment = {**os.environ, "PYTHONPATH": str(REPO), "ATOMGEN_LOCK_WAIT": "1"}
    command = [sys.executable, "-m", "atomgen", "gen", str(spec_tree.specs), "--out", str(out)]
    with journal.locked(out):
        held = subprocess.run(command, cwd=REPO, env=environment, capture_output=True, text=True, timeout=120)
    assert held.returncode == 1, held.stderr
    assert f"waiting for another atomgen gen (pid {os.getpid()}) writing {out}" in held.stderr, held.stderr
    assert "waited 1 s (set ATOMGEN_LOCK_WAIT to wait longer); nothing written" in held.stderr, held.stderr
    assert not [p for p in out.rglob("*") if p.is_file()]
    free = subprocess.run(command, cwd=REPO, env=environment, capture_output=True, text=True, timeout=120)
    assert free.returncode == 0, free.stderr
    assert not (out / journal.FOLDER).exists()


def test_check_finishes_an_interrupted_gen_before_it_reads_the_tree(spec_tree: SpecTree, tmp_path: Path) -> None:
    """gen --check (and --list-outputs, --cmake-manifest --prune) read the tree: what an interrupted
    gen left is finished or dropped first, under the lock (docs/architecture.md)."""
    shutil.copy(SPECS / "rocdl" / "cdna3" / "buffer_copy.yaml", spec_tree.folder)
    out = tmp_path / "out"
    assert run_cli("gen", str(spec_tree.specs), "--out", str(out)).returncode == 0
    (out / journal.FOLDER / "staged").mkdir(parents=True)
    checked = run_cli("gen", str(spec_tree.specs), "--out", str(out), "--check")
    assert checked.returncode == 0, checked.output
    assert "dropped the staged files of an interrupted gen" in checked.stderr, checked.output
    assert "is up to date" in checked.stderr, checked.output
    assert not (out / journal.FOLDER).exists()
