"""Probe cases: one spec instance made concrete for the hardware probe.

A case carries what the kernel generator, the reference and the comparison need: the
PTX instruction, the family it belongs to (mma.sync, wgmma, ldmatrix, stmatrix, cp.async,
TMA), the element types, the tile shape and the concrete thread/value layouts the spec
gives for that instance. Nothing here knows about CUDA or the device.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Optional

from atomgen.layout.algebra import Layout, flatten, image, is_tuple, size

FAMILIES = ("mma_sync", "mma_sp", "wgmma", "ldmatrix", "stmatrix", "cp_async", "tma")  # those the probe runs
MMA_FAMILIES = ("mma_sync", "mma_sp", "wgmma")
COPY_FAMILIES = ("ldmatrix", "stmatrix", "cp_async", "tma")
SMEM_SOURCES = ("shared_memory_descriptor", "shared_memory", "smem")

# tcgen05 (UMMA, tensor memory) exists from sm_100a on; the lent GPU is an H200 (sm_90a).
NO_BLACKWELL = ("tcgen05 needs a Blackwell (sm_100a) GPU and none is lent here (the H200 is sm_90a); "
                "this instance is confirmed by CuTe's C++ traits on the CPU only")

_SHAPE = re.compile(r"\.m(\d+)n(\d+)k(\d+)\.")


class CaseError(ValueError):
    """A spec instance the probe cannot turn into a kernel (reported as a failure)."""


@dataclass(frozen=True, slots=True)
class ProbeCase:
    spec_path: str
    instance_id: str
    subtarget: str
    kind: str  # mma | copy
    family: str  # one of FAMILIES, or tcgen05 (skipped: no Blackwell GPU here)
    instruction: str  # the spec's instruction text, verbatim
    opcode: str  # its first token, without a trailing ';'
    threads: int
    layouts: dict[str, Layout]  # thr, a, b, c  |  thr, src, dst, ref
    types: dict[str, str] = field(default_factory=dict)  # a, b, c -> MLIR element type names
    mnk: tuple[int, int, int] = (0, 0, 0)
    a_from_smem: bool = False
    packed: dict[str, str] = field(default_factory=dict)
    mutation: Optional[str] = None  # set on a deliberately perturbed copy (negative control)
    mutation_tag: str = ""  # tells apart several perturbed copies of one instance
    skip: Optional[str] = None  # why the probe does not run this case
    tma: Optional[tuple[str, int, Any]] = None  # TMA: (direction, rank, claim), see tma.py
    lanes: int = 0  # lanes that issue the instruction when more than `threads` (sm70 quad-pairs)
    sparse: Any = None  # sparse MMAs: atomgen/probe/sparse.py SparseCase (the e layout is in `layouts`)

    @property
    def key(self) -> str:
        return f"{self.spec_path}::{self.instance_id}{self._selector_tag}"

    @property
    def slug(self) -> str:
        stem = Path(self.spec_path).with_suffix("").as_posix()
        text = (f"{stem}__{self.instance_id}{self._selector_tag}"
                + ("__mutated" + self.mutation_tag if self.mutation else ""))
        return re.sub(r"[^A-Za-z0-9_]", "_", text).strip("_")

    @property
    def _selector_tag(self) -> str:
        """A sparse row runs once per sparsity selector it admits: each run is its own case (its own
        plan, program and result), named apart from the selector-0 one."""
        return f"@selector{self.sparse.selector}" if self.sparse is not None and self.sparse.selector else ""


# The family of an instruction by the start of its opcode, first match wins (cp.async.bulk before
# cp.async.ca / cp.async.cg).
_FAMILY_PREFIXES = (("mma.sync", "mma_sync"), ("mma.sp", "mma_sp"), ("wgmma.mma_async", "wgmma"),
                    ("ldmatrix", "ldmatrix"), ("stmatrix", "stmatrix"), ("cp.async.bulk", "tma"),
                    ("cp.reduce.async.bulk.tensor", "tma"),
                    ("cp.async.c", "cp_async"))


def family_of(opcode: str) -> Optional[str]:
    return next((family for prefix, family in _FAMILY_PREFIXES if opcode.startswith(prefix)), None)


def opcode_of(instruction: str) -> str:
    text = instruction.strip()
    return text.split()[0].rstrip(";") if text else ""


def _thread_strides_zero(layout: Layout) -> bool:
    thr_stride = layout.stride[0] if is_tuple(layout.shape) else layout.stride
    return all(s == 0 for s in flatten(thr_stride))


def case_from_instance(spec: Any, evaluated: Any, selector: int = 0) -> ProbeCase:
    """A ProbeCase from an AtomSpec and one of its EvaluatedInstance records (a sparse one at the
    sparsity selector `selector`)."""
    instance = evaluated.instance
    instruction = str(instance.instruction or "")
    opcode = opcode_of(instruction)
    family = family_of(opcode) or ""
    layouts = {role: operand.layout for role, operand in evaluated.operands.items()}
    base = ProbeCase(
        spec_path=spec.path,
        instance_id=instance.id,
        subtarget=spec.subtarget,
        kind=spec.kind,
        family=family,
        instruction=instruction,
        opcode=opcode,
        threads=spec.threads,
        layouts=layouts,
        packed=dict(instance.packed),
        lanes=getattr(spec, "lanes", 0),
    )
    if not instruction:
        return replace(base, skip="the instance names no PTX instruction")
    if opcode.startswith("tcgen05."):
        return replace(base, family="tcgen05", skip=NO_BLACKWELL)
    if not family:
        return replace(base, skip=f"no probe for instruction '{opcode}'")
    if spec.kind == "mma":
        types = {}
        for role in ("a", "b", "c"):
            value = instance.values.get(spec.operand_types.get(role, ""))
            if not isinstance(value, str):
                return replace(base, skip=f"no element type for operand {role}")
            types[role] = value
        match = _SHAPE.search(opcode + ".")
        if match is None:
            return replace(base, skip=f"no mMnNkK shape in '{opcode}'")
        mnk = (int(match.group(1)), int(match.group(2)), int(match.group(3)))
        a_smem = spec.operand_source.get("a") in SMEM_SOURCES or (
            family == "wgmma" and "a" in layouts and _thread_strides_zero(layouts["a"])
        )
        missing = [r for r in ("a", "b", "c") if r not in layouts]
        if missing:
            return replace(base, skip=f"layouts not evaluated: {', '.join(missing)}")
        if spec.sparse:  # mma.sp, wgmma.mma_async.sp
            from atomgen.probe.sparse import sparse_case

            sparse = sparse_case(spec, evaluated, selector)
            if sparse is None:
                return replace(base, skip="the sparse metadata layouts did not evaluate")
            return replace(base, types=types, mnk=mnk, sparse=sparse)
        return replace(base, types=types, mnk=mnk, a_from_smem=a_smem)
    if family == "tma":
        from atomgen.probe.tma import tma_case

        return tma_case(base, spec, evaluated)
    missing = [r for r in ("src", "dst") if r not in layouts]
    if missing:
        return replace(base, skip=f"layouts not evaluated: {', '.join(missing)}")
    return base


def cases_from_paths(paths: list[str]) -> tuple[list[ProbeCase], list[str]]:
    """Cases of every spec under `paths` (specs with errors are reported, not probed)."""
    from atomgen.check.result import analyze_file, collect_spec_files, selectors_of

    cases: list[ProbeCase] = []
    problems: list[str] = []
    backends: dict[Any, Any] = {}
    for file, display in collect_spec_files(paths):
        result = analyze_file(file, display, prove=False, backends=backends)
        if result.spec is None or result.analysis is None:
            errors = [d for d in result.diagnostics if d.severity == "error"]
            problems.append(f"{display}: not analyzable ({errors[0].message if errors else 'unknown'})")
            continue
        if result.spec.backend != "nvvm":
            continue
        for evaluated in result.analysis.evaluated:
            # selector-indexed metadata: a sparse row runs at every sparsity selector it admits
            for selector in selectors_of(result.spec, evaluated.instance) if result.spec.sparse else (0,):
                cases.append(case_from_instance(result.spec, evaluated, selector))
    return cases, problems


# ---------------------------------------------------------------- negative control

def _leaves(layout: Layout) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return flatten(layout.shape), flatten(layout.stride)


def _rebuild(template: Any, leaves: list[int]) -> Any:
    if is_tuple(template):
        return tuple(_rebuild(sub, leaves) for sub in template)
    return leaves.pop(0)


def swap_strides(layout: Layout) -> Optional[Layout]:
    """Two leaf strides swapped so that the layout covers the same points in another order
    (the wrong-but-plausible layout a hand-written atom gets), if such a swap exists."""
    shapes, strides = _leaves(layout)
    original = image(layout)
    points = sorted(original)
    for i in range(len(strides)):
        for j in range(i + 1, len(strides)):
            if strides[i] == strides[j] or shapes[i] == 1 or shapes[j] == 1:
                continue
            swapped = list(strides)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            candidate = Layout(layout.shape, _rebuild(layout.stride, swapped))
            moved = image(candidate)
            if moved != original and sorted(moved) == points:
                return candidate
    return None


def reorder_leaves(layout: Layout) -> Optional[Layout]:
    """Two leaves (extent and stride together) of one top-level mode exchanged: the same points,
    reached by other (thread, value) coordinates."""
    if not is_tuple(layout.shape):
        return None
    original = image(layout)
    for index in range(len(layout.shape)):
        shapes, strides = flatten(layout.shape[index]), flatten(layout.stride[index])
        for i in range(len(shapes)):
            for j in range(i + 1, len(shapes)):
                if (shapes[i], strides[i]) == (shapes[j], strides[j]):
                    continue
                new_shapes, new_strides = list(shapes), list(strides)
                new_shapes[i], new_shapes[j] = new_shapes[j], new_shapes[i]
                new_strides[i], new_strides[j] = new_strides[j], new_strides[i]
                shape = list(layout.shape)
                stride = list(layout.stride)
                shape[index] = _rebuild(layout.shape[index], new_shapes)
                stride[index] = _rebuild(layout.stride[index], new_strides)
                candidate = Layout(tuple(shape), tuple(stride))
                if image(candidate) != original:
                    return candidate
    return None


def interleave(layout: Layout) -> Optional[Layout]:
    """Split the largest value leaf s:d into (s/2, 2):(2d, d): the same points, another order."""
    if not is_tuple(layout.shape) or len(layout.shape) != 2:
        return None
    shapes, strides = flatten(layout.shape[1]), flatten(layout.stride[1])
    best = max(range(len(shapes)), key=lambda i: (shapes[i] % 2 == 0 and strides[i] != 0, shapes[i]))
    extent, stride = shapes[best], strides[best]
    if extent < 4 or extent % 2 or stride == 0:
        return None
    new_shapes: list[Any] = list(shapes)
    new_strides: list[Any] = list(strides)
    new_shapes[best] = (extent // 2, 2)
    new_strides[best] = (2 * stride, stride)
    val_shape = tuple(new_shapes) if len(new_shapes) > 1 else new_shapes[0]
    val_stride = tuple(new_strides) if len(new_strides) > 1 else new_strides[0]
    return Layout((layout.shape[0], val_shape), (layout.stride[0], val_stride))


def mutate(case: ProbeCase, role: Optional[str] = None) -> ProbeCase:
    """A copy of `case` whose `role` layout (default: C for MMAs, the register side of copies)
    has two strides swapped: the probe must report it as failing."""
    if case.tma is not None:
        from atomgen.probe.tma import tma_mutations

        found = tma_mutations(case)
        return found[0] if found else replace(case, mutation="no perturbation", skip=case.skip or "skipped")
    if role is None:
        if case.kind == "mma":
            role = "c"
        else:
            role = "src" if case.family == "stmatrix" else "dst"
    layout = case.layouts.get(role)
    if layout is None:
        return replace(case, mutation=f"{role}: no such layout", skip=case.skip or f"no layout '{role}'")
    swapped = swap_strides(layout) or reorder_leaves(layout) or interleave(layout)
    if swapped is None or size(swapped) != size(layout):
        return replace(case, mutation=f"{role}: no stride swap, leaf reorder or interleave changes it",
                       skip=case.skip or f"layout '{role}' cannot be perturbed")
    layouts = dict(case.layouts)
    layouts[role] = swapped
    text = f"{role}: {format_layout(layout)} -> {format_layout(swapped)}"
    return replace(case, layouts=layouts, mutation=text)


def format_layout(layout: Layout) -> str:
    def text(value: Any) -> str:
        if is_tuple(value):
            return "(" + ",".join(text(v) for v in value) + ")"
        return str(value)

    return f"{text(layout.shape)}:{text(layout.stride)}"
