"""Which instances a generated FileCheck file keeps: one per distinct lowering, not one per instance.

A lit test is read by FlyDSL's reviewers and run on every build, so it holds what can fail
differently, the way a project's hand-written tests do: an instance is kept when it lowers
something no earlier kept instance lowers. What an instance lowers is its set of *features*:

* its intrinsic, op class and variant: every op and C++ path the atom emits;
* each operand's packed register type, as element type and count: every register type the
  conversion builds (wgmma's accumulator struct for every N, each element type once);
* each parameter's value (shapes, element types, transposes, immediates): every value that
  reaches the lowering as a type, a count or a constant;
* the instruction, only for a row lowered as its own inline PTX text (backend.yaml `inline_ptx`).

The features are covered one by one, not as a product: the product is the instance table itself
(456 wgmma instances differ in N times the types, 50 MFMA-scale rows in the A format times the B
format). Instances are taken in table order and one is kept when a feature of it is new, so the
result is deterministic and keeps the first instance of the table. Every instance is proven
where it is cheap and exact: check's layout proofs, the ISA rung (scripts/rocdl-isa.py, each row
on each chip through llc-22) and the execution rung (scripts/lower-atoms.py, then the probe on the
GPU). Those render every instance (`atomgen gen --tests every-instance`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from atomgen.check.result import AnalysedAtom
from atomgen.spec.model import Instance

REPRESENTATIVE = "representative"  # the default: one instance per distinct lowering
EVERY_INSTANCE = "every-instance"  # what the ISA and execution rungs lower
SELECTIONS = (REPRESENTATIVE, EVERY_INSTANCE)
# `gen --tests NAME` selects for a whole run, as `--llvm-api` selects its profile (pipeline.render sets both)
_ACTIVE: ContextVar[str] = ContextVar("test_selection", default=REPRESENTATIVE)


@contextmanager
def using(selection: str) -> Iterator[None]:
    if selection not in SELECTIONS:
        raise ValueError(f"unknown test selection {selection!r}; expected one of {', '.join(SELECTIONS)}")
    token = _ACTIVE.set(selection)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def active() -> str:
    return _ACTIVE.get()


def features(atom: AnalysedAtom, instance: Instance) -> frozenset[Hashable]:
    """What lowering this instance exercises (see the module docstring)."""
    # not the instruction: PTX spells the whole configuration in it (the product again), unless the
    # lowering is that text (backend.yaml inline_ptx), where a swapped type in it is the bug to catch
    found: set[Hashable] = {("intrinsic", instance.intrinsic), ("op_class", instance.op_class),
                            ("variant", instance.variant)}
    if atom.backend is not None and atom.backend.lowers_as_inline_ptx(atom.spec, instance):
        found.add(("instruction", instance.instruction))
    for role, packed in atom.packed_for(instance).items():
        found.update({("element", role, packed.element), ("length", role, packed.length)})
    found.update(("value", name, repr(value)) for name, value in instance.values.items())
    return frozenset(found)


def described(kept: int, total: int) -> str:
    """How the header of a positive file names its functions."""
    if active() == EVERY_INSTANCE or kept == total:
        return "One function per instance"
    return f"One function per distinct lowering ({kept} of {total} instances: atomgen/render/tests/select.py)"


def representatives(atom: AnalysedAtom, instances: Iterable[Instance]) -> list[Instance]:
    """The instances whose test functions a file keeps, in table order, for the active selection."""
    if active() == EVERY_INSTANCE:
        return list(instances)
    covered: set[Hashable] = set()
    kept: list[Instance] = []
    for instance in instances:
        new = features(atom, instance) - covered
        if new:
            kept.append(instance)
            covered |= new
    return kept


__all__ = ["EVERY_INSTANCE", "REPRESENTATIVE", "SELECTIONS", "active", "described", "features", "representatives",
           "using"]
