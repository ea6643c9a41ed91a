"""The symbolic proofs of the specs a check analyses, collected per spec.

The proofs are exact rational-function identities (atomgen/check/proofs.py) that cost a few
milliseconds per spec, so they run inline; a spec whose model breaks the prover (the
check reports it as broken anyway) simply has no proofs.
"""

from __future__ import annotations

from typing import Any

Proofs = dict[str, list[dict[str, Any]]]


class Prover:
    """Proofs for the models submitted, keyed by the spec's display path."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.proofs: Proofs = {}

    def submit(self, display: str, spec: Any) -> None:
        if not self.enabled:
            return
        from atomgen.check.proofs import prove_spec

        try:
            self.proofs[display] = prove_spec(spec)
        except Exception:  # noqa: BLE001 - a spec the check reports as broken has no proofs
            self.proofs[display] = []

    def collect(self) -> Proofs:
        return dict(self.proofs)
