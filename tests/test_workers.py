"""Worker processes for `check` (atomgen/check/workers.py): the output never depends on them.

The uncached specs of a check are analysed by forked workers; these tests hold the promises
that make that invisible: the same findings, names and proofs in the same order for any number
of workers, every item done exactly once, and a worker that dies costs time, never a result.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from conftest import REPO, SPECS, run_cli

from atomgen import replay
from atomgen.check import workers
from atomgen.check.runner import check_paths

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers fork; without fork a check is one process")


def _broken_tree(root: Path) -> Path:
    """specs/ plus mistakes of every stage: bad YAML, a schema error, layout and catalogue findings,
    a cross-spec name collision and an unreadable file."""
    tree = root / "specs"
    shutil.copytree(SPECS, tree)
    mfma = (tree / "rocdl/cdna3/mfma.yaml").read_text(encoding="utf-8")
    (tree / "rocdl/cdna3/bad_yaml.yaml").write_text("threads: [64\n", encoding="utf-8")
    bad_schema = mfma.replace("threads: 64", "threads: sixty-four")
    (tree / "rocdl/cdna3/bad_schema.yaml").write_text(bad_schema, encoding="utf-8")
    (tree / "rocdl/cdna3/twin.yaml").write_text(mfma, encoding="utf-8")  # every name collides with mfma.yaml
    wgmma = (tree / "nvvm/sm90/wgmma_ss.yaml").read_text(encoding="utf-8")
    for number, (before, after) in enumerate([
        ("(64, 8, 512))", "(64, 8, 513))"),  # C misses elements: coverage findings on every row
        ('thr: "128:1"', 'thr: "128:2"'),  # threads that are not lanes 0..127
        ("intrinsic: ", "intrinsic: x"),  # intrinsics the catalogue lacks
    ]):
        text = wgmma.replace(before, after).replace("tablegen_def: ", f"tablegen_def: Mutant{number}", 1)
        text = text.replace("cpp_class: ", f"cpp_class: Mutant{number}", 1)
        text = text.replace("mnemonic: ", f"mnemonic: m{number}", 1)
        (tree / f"nvvm/sm90/mutant{number}.yaml").write_text(text, encoding="utf-8")
    (tree / "rocdl/cdna3/latin1.yaml").write_bytes(b"summary: caf\xe9\n")
    return tree


def _as_data(results: list[Any]) -> list[Any]:
    return [(r.path, [d.to_json() for d in r.diagnostics], r.names, r.proofs, r.internal_error) for r in results]


def test_findings_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    tree = _broken_tree(tmp_path)
    serial = _as_data(check_paths([str(tree)], use_cache=False, workers=1))
    assert sum(len(diagnostics) for _, diagnostics, *_ in serial) > 10  # the tree really has findings
    assert any(proofs for *_, proofs, _ in serial)
    for count in (2, 3, 7):
        assert _as_data(check_paths([str(tree)], use_cache=False, workers=count)) == serial, count


def test_check_command_output_is_the_same_with_one_job_or_many(tmp_path: Path) -> None:
    tree = _broken_tree(tmp_path)
    one = run_cli("check", str(tree), "--no-cache", "--format", "json", "--jobs", "1", cwd=REPO)
    many = run_cli("check", str(tree), "--no-cache", "--format", "json", "-j", "4", cwd=REPO)
    assert one.returncode == many.returncode == 1
    assert one.stdout == many.stdout and one.stderr == many.stderr
    refused = run_cli("check", str(tree), "--jobs", "0", cwd=REPO)
    assert refused.returncode == 2 and "0 is not at least 1" in refused.stderr


def _record(folder: Path) -> Callable[[int], tuple[int, int]]:
    """A work function that leaves a file per call."""

    def work(item: int) -> tuple[int, int]:
        with open(folder / f"{item}.{os.getpid()}", "a", encoding="utf-8") as mark:
            mark.write("x")
        time.sleep(0.002)  # long enough that every worker gets some
        return item, item * item

    return work


def test_each_item_is_done_once_and_results_keep_their_order(tmp_path: Path) -> None:
    items = list(range(300))
    assert workers.map_in_workers(_record(tmp_path), items, 4) == [(i, i * i) for i in items]
    done = sorted(int(name.split(".")[0]) for name in os.listdir(tmp_path))
    assert done == items  # one file per item: nothing was done twice
    assert all((tmp_path / name).read_text(encoding="utf-8") == "x" for name in os.listdir(tmp_path))
    assert len({name.split(".")[1] for name in os.listdir(tmp_path)}) == 4  # four processes did the work


def test_a_queue_longer_than_the_pipe_is_batched(tmp_path: Path) -> None:
    items = list(range(workers._PIPE_CAPACITY * 2 + 5))
    assert workers.map_in_workers(lambda i: -i, items, 3) == [-i for i in items]


def test_a_worker_that_dies_costs_time_not_results(tmp_path: Path) -> None:
    parent = os.getpid()

    def work(item: int) -> int:
        if os.getpid() != parent:
            os._exit(3)  # every worker but this process dies at its first item
        return item + 1

    items = list(range(50))
    assert workers.map_in_workers(work, items, 3) == [i + 1 for i in items]


def test_a_worker_that_sends_something_unreadable_is_not_trusted(tmp_path: Path) -> None:
    parent = os.getpid()

    def work(item: int) -> object:
        return item if os.getpid() == parent else (lambda: item)  # a lambda cannot be pickled

    items = list(range(20))
    assert workers.map_in_workers(work, items, 2) == items


def test_one_worker_or_no_fork_is_a_plain_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    taken: list[tuple[int, int]] = []
    assert workers.map_in_workers(lambda i: i * 2, [1, 2, 3], 1, lambda n, i: taken.append((n, i))) == [2, 4, 6]
    assert taken == [(1, 1), (2, 2), (3, 3)]
    monkeypatch.delattr(os, "fork")
    assert workers.map_in_workers(lambda i: i * 3, [1, 2, 3], 4) == [3, 6, 9]


def test_a_refused_fork_leaves_the_work_to_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> int:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    assert workers.map_in_workers(lambda i: (i, os.getpid()), [1, 2, 3], 3) == [(i, os.getpid()) for i in (1, 2, 3)]


def test_no_fork_beside_other_threads(tmp_path: Path) -> None:
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert workers.map_in_workers(lambda i: os.getpid(), [1, 2, 3, 4], 4) == [os.getpid()] * 4
    finally:
        release.set()
        other.join()


def test_progress_counts_what_the_workers_took(tmp_path: Path) -> None:
    taken: list[int] = []
    mine: list[int] = []

    def seen(count: int, item: int) -> None:
        taken.append(count)
        mine.append(item)

    results = workers.map_in_workers(lambda i: (i, os.getpid()), list(range(30)), 2, seen)
    # never behind this process's own share, never past the end, never backwards
    assert taken == sorted(taken) and all(i + 1 <= n <= 30 for i, n in enumerate(taken))
    assert mine == [i for i, pid in results if pid == os.getpid()]  # the items this process took
    read, write = os.pipe()
    os.write(write, b"\0" * workers._ENTRY.size * 3)
    expected = 3 if sys.platform == "linux" else workers._queued(read)  # FIONREAD: what is still queued
    assert workers._queued(read) == expected == 3 or sys.platform != "linux"
    os.close(read)
    os.close(write)


def test_what_a_worker_reads_is_an_input_of_the_recorded_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay is only safe when every file a worker read is in the record (atomgen/replay.py)."""
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path / "cache"))
    inputs = [tmp_path / f"in{number}.txt" for number in range(100)]
    for path in inputs:
        path.write_text(path.name, encoding="utf-8")
    pids: list[int] = []

    def work(path: Path) -> tuple[str, int]:
        time.sleep(0.002)
        return path.read_text(encoding="utf-8"), os.getpid()

    def run() -> int:
        pids.extend(pid for _, pid in workers.map_in_workers(work, inputs, 2, observer=replay.WORKERS))
        return 0

    assert replay.recorded("check", ["workers"], run) == 0
    assert len(set(pids)) == 2  # the worker read some of them
    record = json.loads(replay._record_path("check", ["workers"]).read_text(encoding="utf-8"))
    assert {str(path) for path in inputs} <= set(record["files"])


def test_a_worker_that_prints_makes_the_run_unrecordable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path / "cache"))
    parent = os.getpid()

    def work(item: int) -> int:
        time.sleep(0.002)
        if os.getpid() != parent:
            print("from a worker", file=sys.stderr)
        return item

    def run() -> int:
        workers.map_in_workers(work, list(range(40)), 2, observer=replay.WORKERS)
        return 0

    assert replay.recorded("check", ["printing"], run) == 0
    assert not replay._record_path("check", ["printing"]).exists()
