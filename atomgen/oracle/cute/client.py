"""The CuTe worker (`atomgen.oracle.cute.worker`), run in a subprocess with the interpreter that
has nvidia-cutlass-dsl: the installed version, and the answers to a list of requests, with a
fresh worker past every atom that kills one.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any, Sequence

INSTALL_HINT = "pip install 'nvidia-cutlass-dsl==4.8.1'  (or: pip install -e '.[test]')"
MAX_RESTARTS = 8


class OracleError(Exception):
    """A condition that stops the oracle before it runs (exit 2)."""


def _worker_env(arch: str) -> dict[str, str]:
    env = dict(os.environ)
    env["CUTE_DSL_ARCH"] = arch
    package_root = str(Path(__file__).resolve().parents[3])  # the folder holding atomgen/ (cute/ oracle/ atomgen/)
    env["PYTHONPATH"] = package_root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def require_cutlass(python: str, arch: str) -> str:
    """The installed nvidia-cutlass-dsl version for `python`, or OracleError (exit 2)."""
    probe = (
        "import importlib.util, sys\n"
        "if importlib.util.find_spec('cutlass') is None: sys.exit(3)\n"
        "from importlib.metadata import version\n"
        "try:\n    print(version('nvidia-cutlass-dsl'))\n"
        "except Exception:\n    print('unknown')\n"
    )
    try:
        done = subprocess.run([python, "-c", probe], capture_output=True, text=True, timeout=120,
                              env=_worker_env(arch), check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise OracleError(f"cannot run {python}: {error}") from None
    if done.returncode == 3:
        raise OracleError(f"nvidia-cutlass-dsl is not installed for {python}; install it: {INSTALL_HINT}")
    if done.returncode != 0:
        raise OracleError(f"{python} failed to look for nvidia-cutlass-dsl: {done.stderr.strip()[-400:]}")
    return done.stdout.strip() or "unknown"


def _tail(text: Any, limit: int = 400) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    text = str(text or "").strip()
    return text[-limit:]


def run_worker(requests: Sequence[dict[str, Any]], python: str, arch: str, timeout: float
               ) -> tuple[dict[str, dict[str, Any]], list[tuple[str | None, str]]]:
    """Answers by request id, and worker problems as (request id or None, message).

    The worker answers one line per atom, in order; when it dies, the first unanswered
    atom is blamed and the rest is sent to a fresh worker (at most MAX_RESTARTS times).
    """
    answers: dict[str, dict[str, Any]] = {}
    problems: list[tuple[str | None, str]] = []
    pending = list(requests)
    deadline = time.monotonic() + timeout
    restarts = 0
    while pending:
        left = deadline - time.monotonic()
        if left <= 0:
            problems.extend((r["id"], f"CuTe worker timed out after {timeout:.0f} s") for r in pending)
            break
        command = [python, "-m", "atomgen.oracle.cute.worker"]
        payload = json.dumps({"atoms": pending})
        try:
            done = subprocess.run(command, input=payload, capture_output=True, text=True, timeout=left,
                                  env=_worker_env(arch), check=False)
            stdout, stderr, code = done.stdout, done.stderr, done.returncode
            timed_out = False
        except subprocess.TimeoutExpired as expired:
            stdout, stderr, code, timed_out = _tail(expired.stdout, 10**9), _tail(expired.stderr), None, True
        except OSError as error:
            problems.extend((r["id"], f"cannot start the CuTe worker: {error}") for r in pending)
            break
        wanted = {r["id"] for r in pending}
        for line in stdout.splitlines():
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                problems.append((None, f"unreadable CuTe worker output: {line[:200]!r}"))
                continue
            if not isinstance(record, dict) or record.get("id") not in wanted:
                problems.append((None, f"unexpected CuTe worker record: {line[:200]!r}"))
                continue
            answers[record["id"]] = record
        pending = [r for r in pending if r["id"] not in answers]
        if not pending:
            break
        if timed_out:
            problems.extend((r["id"], f"CuTe worker timed out after {timeout:.0f} s") for r in pending)
            break
        culprit = pending.pop(0)
        problems.append((culprit["id"], f"the CuTe worker died on this atom (exit {code}): {_tail(stderr)}"))
        restarts += 1
        if restarts > MAX_RESTARTS:
            problems.extend((r["id"], "not tried: the CuTe worker kept crashing") for r in pending)
            break
    return answers, problems
