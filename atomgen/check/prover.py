"""Run the symbolic proofs beside the concrete checks, on the other core.

Importing sympy costs about half a second, as much as all the other checks together, and
`check` runs in pre-commit hooks. So a forked child imports sympy while the parent loads,
validates and models the specs; the parent streams each model to it (pickled, framed, through
a pipe that a reader thread drains, so the parent never blocks) and the child proves while the
parent evaluates instances. Where fork is unavailable the proofs run inline.
"""

from __future__ import annotations

import json
import os
import pickle
import queue
import threading
from typing import Any, Optional

Proofs = dict[str, list[dict[str, Any]]]


def _prove_models(models: list[tuple[str, Any]]) -> Proofs:
    from atomgen.check.proofs import prove_spec

    results: Proofs = {}
    for display, spec in models:
        try:
            results[display] = prove_spec(spec)
        except Exception:  # noqa: BLE001 - a spec the parent reports as broken has no proofs
            results[display] = []
    return results


def _child(requests: int, answers: int) -> None:
    frames: queue.Queue[Optional[bytes]] = queue.Queue()

    def read_frames() -> None:
        with os.fdopen(requests, "rb") as pipe:
            while True:
                header = pipe.read(8)
                if len(header) < 8:
                    break
                frames.put(pipe.read(int.from_bytes(header, "little")))
        frames.put(None)

    threading.Thread(target=read_frames, daemon=True).start()
    import sympy  # noqa: F401 - the import is the point: it overlaps the parent's work

    results: Proofs = {}
    while (frame := frames.get()) is not None:
        display, spec = pickle.loads(frame)  # noqa: S301 - written by our own parent
        results.update(_prove_models([(display, spec)]))
    with os.fdopen(answers, "wb") as out:
        out.write(json.dumps(results).encode())


class Prover:
    """Proofs for the models submitted, computed in a child process when possible."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.models: list[tuple[str, Any]] = []  # proved inline (no fork, or not picklable)
        self.pid: Optional[int] = None
        self.to_child: Optional[int] = None
        self.from_child: Optional[int] = None
        if enabled and hasattr(os, "fork"):
            requests_read, requests_write = os.pipe()
            answers_read, answers_write = os.pipe()
            pid = os.fork()
            if pid == 0:  # child
                os.close(requests_write)
                os.close(answers_read)
                status = 0
                try:
                    _child(requests_read, answers_write)
                except BaseException:
                    status = 1
                os._exit(status)
            os.close(requests_read)
            os.close(answers_write)
            self.pid, self.to_child, self.from_child = pid, requests_write, answers_read

    def submit(self, display: str, spec: Any) -> None:
        if not self.enabled:
            return
        if self.to_child is None:
            self.models.append((display, spec))
            return
        try:
            frame = pickle.dumps((display, spec))
        except Exception:  # noqa: BLE001 - unpicklable model: prove it inline instead
            self.models.append((display, spec))
            return
        os.write(self.to_child, len(frame).to_bytes(8, "little"))
        view = memoryview(frame)
        while view:
            view = view[os.write(self.to_child, view):]

    def start(self) -> None:
        """No more models: close the pipe so the child finishes."""
        if self.to_child is not None:
            os.close(self.to_child)
            self.to_child = None

    def collect(self) -> Proofs:
        if not self.enabled:
            return {}
        proofs: Proofs = {}
        if self.pid is not None and self.from_child is not None:
            self.start()
            with os.fdopen(self.from_child, "rb") as pipe:
                payload = pipe.read()
            os.waitpid(self.pid, 0)
            try:
                proofs = json.loads(payload.decode() or "{}")
            except ValueError:
                proofs = {}
        proofs.update(_prove_models(self.models))
        return proofs
