"""The flydsl wheel, asked in worker subprocesses (`atomgen.oracle.flydsl.worker`): its version,
the workers (restarted past an item that kills one), and the first line of a failure.

FlyDSL may abort or crash on configurations it does not expect, so nothing runs in this
process: an item that kills its worker is answered `{"ok": false, "aborted": true, ...}`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Sequence

MIN_FLYDSL = (0, 5, 0)
INSTALL_HINT = "pip install 'flydsl>=0.5.0'  (or: pip install -e '.[test]')"


class OracleError(Exception):
    """A condition that stops the oracle before it runs (exit 2)."""


def installed_flydsl_version() -> str | None:
    """The installed flydsl's version, or None when it is not installed."""
    from importlib import metadata

    try:
        return metadata.version("flydsl")
    except metadata.PackageNotFoundError:
        return None


def version_tuple(text: str) -> tuple[int, ...]:
    parts: list[int] = []
    for piece in re.split(r"[.+-]", text):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)


def require_flydsl() -> str:
    """The flydsl version, or OracleError with an install hint / a too-old message."""
    version = installed_flydsl_version()
    if version is None:
        raise OracleError(f"flydsl is not installed in this Python ({sys.executable}); install it with: {INSTALL_HINT}")
    if version_tuple(version) < MIN_FLYDSL:
        minimum = ".".join(map(str, MIN_FLYDSL))
        raise OracleError(f"flydsl {version} is older than the minimum {minimum} this oracle is pinned to; "
                          f"upgrade with: {INSTALL_HINT}")
    return version


def run_worker(key: str, items: Sequence[Any], isolate: bool = True, timeout: float = 300.0,
               python: str | None = None) -> list[dict[str, Any]]:
    """Answers for `items` ("types" or "lower") in order; a dead worker is restarted past its item.

    An item that kills the worker process (abort, segfault, timeout) is answered with
    ``{"ok": False, "aborted": True, "error": ...}``; nothing here raises for FlyDSL's sake. A worker that
    dies before it is ready (its imports failed) raises OracleError: restarting it past each item would
    start it once per item, to the same death.
    """
    ident = "type" if key == "types" else "name"
    answers: list[dict[str, Any]] = []
    rest = list(items)
    command = [python or sys.executable, "-m", "atomgen.oracle.flydsl.worker"]
    while rest:
        request = json.dumps({key: rest, "isolate": isolate})
        try:
            process = subprocess.run(command, input=request, capture_output=True, text=True, timeout=timeout)
            stdout, stderr, code = process.stdout, process.stderr, process.returncode
        except subprocess.TimeoutExpired as expired:
            stdout = _text(expired.stdout)
            stderr = _text(expired.stderr) + f"\nworker timed out after {timeout:.0f} s"
            code = -9
        got: list[dict[str, Any]] = []
        ready = False
        for line in stdout.splitlines():
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict) and ident in value:
                got.append(value)
            ready = ready or (isinstance(value, dict) and value.get("ready") is True)
        if not ready:  # it died importing flydsl or atomgen: every restart would too, once per item
            tail = "\n".join(stderr.strip().splitlines()[-3:]) or f"exit status {code}"
            raise OracleError(f"the FlyDSL worker ({' '.join(command)}) did not start: {tail}")
        got = got[: len(rest)]
        answers.extend(got)
        rest = rest[len(got):]
        if rest:
            item = rest.pop(0)
            tail = "\n".join(stderr.strip().splitlines()[-6:]) or f"worker exited with status {code}"
            answers.append({ident: item if key == "types" else item.get("name"), "ok": False,
                            "aborted": True, "returncode": code, "error": tail})
    return answers


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


def run_parallel(key: str, items: Sequence[Any], jobs: int, isolate: bool = True) -> list[dict[str, Any]]:
    """`run_worker` over `jobs` interleaved shares of `items`, answers in input order."""
    if not items:
        return []
    jobs = max(1, min(jobs, len(items)))
    shares = [list(items[i::jobs]) for i in range(jobs)]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(lambda share: run_worker(key, share, isolate), shares))
    ordered: list[dict[str, Any]] = [{} for _ in items]
    for offset, part in enumerate(parts):
        for position, answer in enumerate(part):
            ordered[offset + position * jobs] = answer
    return ordered


def first_line(text: str, limit: int = 200) -> str:
    lines = [ln for ln in str(text).strip().splitlines() if ln.strip()]
    line = lines[0] if lines else ""
    line = re.sub(r'^loc\("(?:[^"\\]|\\.)*":\d+:\d+\): ', "", line)
    line = re.sub(r"^[\w.+-]+: (?=/)", "", line)  # assertion text starts with the program name
    return line if len(line) <= limit else line[: limit - 3] + "..."


def failure(answer: dict[str, Any], stage: str) -> str:
    if answer.get("aborted"):
        return f"FlyDSL aborts while {stage}: {first_line(answer.get('error', ''))}"
    return first_line(answer.get("error", "") or "no answer")
