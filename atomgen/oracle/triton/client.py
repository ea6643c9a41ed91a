"""Triton itself for `atomgen oracle triton`: the pinned version, the worker subprocess, the answer cache.

The worker (``atomgen.oracle.triton.worker``) is run once per oracle run for every request whose
answer is not cached yet. Answers are cached under ``$ATOMGEN_CACHE_DIR/triton-oracle/`` by
(triton version, the worker's own source, the request), so a changed worker or Triton never reuses
an old answer; a crash is never cached.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REQUIRED_TRITON = "3.9.0"
INSTALL_HINT = f"pip install 'triton=={REQUIRED_TRITON}'  (or: pip install -e '.[test]')"
WORKER_TIMEOUT = 600.0


class OracleError(Exception):
    """A condition that stops the oracle before it runs (exit 2)."""


def require_triton() -> str:
    """The installed triton's version, or OracleError when it is missing or not the pinned one."""
    from importlib import metadata

    try:
        version = metadata.version("triton")
    except metadata.PackageNotFoundError:
        raise OracleError(f"triton is not installed in this Python ({sys.executable}); "
                          f"install it with: {INSTALL_HINT}") from None
    if version.split("+")[0] != REQUIRED_TRITON:
        raise OracleError(f"triton {version} is installed, but this oracle is pinned to {REQUIRED_TRITON} (its "
                          f"layout helpers are private and change between releases); install it with: "
                          f"{INSTALL_HINT}")
    return version


def _cache_folder() -> Path:
    from atomgen.replay import cache_dir

    return cache_dir() / "triton-oracle"


def _worker_fingerprint() -> str:
    """The worker's own source: a changed worker must not reuse old answers."""
    return hashlib.sha256(Path(__file__).with_name("worker.py").read_bytes()).hexdigest()


def cache_key(version: str, item: dict[str, Any]) -> str:
    identity = json.dumps([version, WORKER, item], sort_keys=True)
    return hashlib.sha256(identity.encode()).hexdigest()[:32]


def _run_worker(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Answers by key; an item that kills the worker is answered as a failure and the rest retried."""
    env = dict(os.environ)
    env.setdefault("TRITON_CACHE_DIR", str(_cache_folder() / "triton-cache"))
    env.setdefault("TRITON_DEFAULT_FP_FUSION", "1")  # Triton 3.9 warns when it is unset
    answers: dict[str, dict[str, Any]] = {}
    rest = list(items)
    while rest:
        command = [sys.executable, "-W", "ignore", "-m", "atomgen.oracle.triton.worker"]
        try:
            process = subprocess.run(command, input=json.dumps({"items": rest}), capture_output=True, text=True,
                                     timeout=WORKER_TIMEOUT, env=env)
            stdout, stderr = process.stdout, process.stderr
        except subprocess.TimeoutExpired as expired:
            stdout = expired.stdout.decode(errors="replace") if isinstance(expired.stdout, bytes) else ""
            stderr = f"the Triton worker timed out after {WORKER_TIMEOUT:.0f} s"
        for line in stdout.splitlines():
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict) and value.get("key") is not None:
                answers[str(value["key"])] = value
        rest = [item for item in rest if item["key"] not in answers]
        if rest:  # the first unanswered item took the worker down
            lines = [line for line in stderr.strip().splitlines() if "leaked" not in line and "nanobind" not in line]
            tail = " ".join(lines[-3:])[:400] or "the Triton worker exited without an answer"
            answers[rest[0]["key"]] = {"key": rest[0]["key"], "ok": False, "crashed": True,
                                       "error": f"Triton aborted: {tail}"}
            rest = rest[1:]
    return answers


def ask_triton(version: str, items: list[dict[str, Any]], counts: dict[str, int], use_cache: bool = True
               ) -> dict[str, dict[str, Any]]:
    """Answers for distinct items (keyed by their cache key), from the cache or one worker run.

    `counts` gets how many were "compiled" now and how many came from the "cached" answers."""
    folder = _cache_folder()
    answers: dict[str, dict[str, Any]] = {}
    missing: list[dict[str, Any]] = []
    for item in items:
        key = cache_key(version, item)
        path = folder / f"{key}.json"
        if use_cache and path.is_file():
            try:
                answers[key] = json.loads(path.read_text(encoding="utf-8"))
                counts["cached"] = counts.get("cached", 0) + 1
                continue
            except (OSError, ValueError):
                pass
        missing.append({"key": key, **item})
    if missing:
        counts["compiled"] = counts.get("compiled", 0) + len(missing)
        fresh = _run_worker(missing)
        for key, answer in fresh.items():
            answers[key] = answer
            if use_cache and not answer.get("crashed"):
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                    temporary = folder / f".{key}.{os.getpid()}.tmp"
                    temporary.write_text(json.dumps(answer), encoding="utf-8")
                    temporary.replace(folder / f"{key}.json")
                except OSError:
                    pass  # a cache that cannot be written only costs time
    return answers


WORKER = _worker_fingerprint()
