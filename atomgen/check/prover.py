"""Run the symbolic proofs beside the concrete checks, on the other core.

Importing sympy costs about half a second, as much as all the other checks together; the
check runs in pre-commit hooks, so the proofs run in a forked child while the parent
validates and evaluates. Where fork is unavailable they run inline.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Optional


def _prove_files(files: list[tuple[Path, str]]) -> dict[str, list[dict[str, Any]]]:
    from atomgen.check.proofs import prove_spec
    from atomgen.spec.loader import load_file
    from atomgen.spec.model import build_model

    results: dict[str, list[dict[str, Any]]] = {}
    for path, display in files:
        try:
            loaded = load_file(path, display)
            spec, _ = build_model(loaded)
            if spec is not None:
                results[display] = prove_spec(spec)
        except Exception:  # noqa: BLE001 - a spec the parent reports as broken has no proofs
            continue
    return results


class Prover:
    """Proofs for a list of spec files, computed in a child process when possible."""

    def __init__(self, files: list[tuple[Path, str]]):
        self.files = files
        self.pid: Optional[int] = None
        self.read_end: Optional[int] = None
        self.inline: Optional[dict[str, list[dict[str, Any]]]] = None
        if not files:
            self.inline = {}
        elif hasattr(os, "fork"):
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:  # child
                os.close(read_end)
                status = 0
                try:
                    payload = json.dumps(_prove_files(files)).encode()
                    with os.fdopen(write_end, "wb") as out:
                        out.write(payload)
                except BaseException:
                    status = 1
                os._exit(status)
            os.close(write_end)
            self.pid, self.read_end = pid, read_end

    def collect(self) -> dict[str, list[dict[str, Any]]]:
        if self.inline is not None:
            return self.inline
        if self.pid is None or self.read_end is None:
            self.inline = _prove_files(self.files)
            return self.inline
        with os.fdopen(self.read_end, "rb") as pipe:
            payload = pipe.read()
        os.waitpid(self.pid, 0)
        try:
            self.inline = json.loads(payload.decode() or "{}")
        except ValueError:
            self.inline = _prove_files(self.files)
        return self.inline
