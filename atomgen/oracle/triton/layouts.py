"""What `atomgen oracle triton` asks Triton, and how it compares Triton's answer with a spec.

* `request_for`: the one-tile ``tl.dot`` / ``tl.dot_scaled`` that should make Triton's AMD
  backend issue an instance's instruction (target, wave size, element types), or why Triton
  cannot express the instance at all;
* `triton_image`: Triton's linear layout of one operand as atomgen's function
  ``(thr, val) -> index`` (A (M, K), B (N, K), C (M, N), column-major; fp4 unpacked from bytes,
  low nibble first);
* `classify_ab`: when A or B differ, whether the difference is a K permutation that A and B
  share (the product is unchanged), and whether that permutation keeps every K inside its
  scale block (scaled instructions apply one scale per block of K).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atomgen.layout.algebra import Layout, image, is_tuple, product, size

# Triton's element type names (pointer types in a kernel signature) and dot_scaled formats.
DOT_TYPES = {
    "f16": "fp16", "bf16": "bf16", "f32": "fp32", "i8": "i8", "i32": "i32",
    "f8E4M3FNUZ": "fp8e4b8", "f8E5M2FNUZ": "fp8e5b16", "f8E4M3FN": "fp8e4nv", "f8E5M2": "fp8e5",
}
SCALED_FORMATS = {"f8E4M3FN": "e4m3", "f8E5M2": "e5m2", "f4E2M1FN": "e2m1", "f6E2M3FN": "e2m3", "f6E3M2FN": "e3m2"}
PACKED_PER_BYTE = {"f4E2M1FN": 2}
OCP_FP8 = ("f8E4M3FN", "f8E5M2")
# Which AMD target stands for a spec's subtarget (Triton picks instructions per target).
TARGETS = {"cdna3": ("gfx942", 64), "cdna4": ("gfx950", 64), "gfx11": ("gfx1100", 32),
           "gfx120x": ("gfx1200", 32), "gfx1250": ("gfx1250", 32)}
SCALE_BLOCK = 32  # dot_scaled's only block size (OCP MX)


def target_for(spec: Any, instance: Any) -> tuple[str, int] | None:
    """(arch, wave size) for an instance: gfx950 for gfx950-only rows and OCP fp8 on CDNA."""
    target = TARGETS.get(str(spec.subtarget))
    if target is None:
        return None
    arch, wave = target
    if arch.startswith("gfx1") and spec.threads in (32, 64):
        wave = spec.threads  # RDNA issues WMMA in wave32 and wave64
    values = instance.values
    if arch == "gfx942":
        minimum = instance.min_subtarget or ""
        types = {str(values.get(name)) for name in ("elemTyA", "elemTyB")}
        if minimum == "gfx950" or types & set(OCP_FP8):
            arch = "gfx950"
    return arch, wave


def request_for(spec: Any, instance: Any) -> tuple[dict[str, Any] | None, str]:
    """The worker item for an instance, or (None, why Triton cannot express it)."""
    values = instance.values
    types = spec.operand_types
    a = str(values.get(types.get("a", "elemTyA")))
    b = str(values.get(types.get("b", "elemTyB")))
    acc = str(values.get(types.get("c", "elemTyAcc")))
    target = target_for(spec, instance)
    if spec.kind != "mma" or target is None:
        return None, f"Triton's AMD backend has no target for subtarget {spec.subtarget}"
    mnk = {name: values.get(name) for name in ("m", "n", "k")}
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in mnk.values()):
        return None, "an MMA instance without integer m, n, k"
    arch, wave = target
    item: dict[str, Any] = {"arch": arch, "wave": wave, **mnk}
    if spec.stateful and "scale" in str(instance.intrinsic):
        block = values.get("blockSize", SCALE_BLOCK)
        if block != SCALE_BLOCK:
            return None, (f"scale blocks of {block}: tl.dot_scaled has only {SCALE_BLOCK}-element "
                          "(OCP MX) scale blocks")
        if a not in SCALED_FORMATS or b not in SCALED_FORMATS:
            return None, f"tl.dot_scaled has no format for {a} x {b}"
        # Triton's native scaled MFMA path needs more than one warp; the layouts are per warp.
        item.update(scaled=[SCALED_FORMATS[a], SCALED_FORMATS[b]], warps=4 if wave == 64 else 1)
        return item, ""
    if a not in DOT_TYPES or b not in DOT_TYPES or acc not in DOT_TYPES:
        missing = next(t for t in (a, b, acc) if t not in DOT_TYPES)
        return None, f"tl.dot has no {missing} operands"
    if a != b and not (a.startswith("f8") and b.startswith("f8")):
        return None, f"tl.dot needs equal operand types ({a} x {b})"
    if a != b:
        # Triton picks the transposed C layout and issues the instruction with its A and B swapped,
        # so the spec's A x B instruction comes from the B x A dot. The operand layouts depend only
        # on the element width (kWidth), which the swap keeps.
        a, b = b, a
        item["swapped"] = True
    item.update(a=DOT_TYPES[a], b=DOT_TYPES[b], acc=DOT_TYPES[acc], warps=1)
    return item, ""


def domain(layout: Layout) -> tuple[int, int]:
    """(threads, values) of a (thr, val) layout."""
    if is_tuple(layout.shape) and len(layout.shape) >= 2:
        return product(layout.shape[0]), product(layout.shape[1:])
    return size(layout), 1


def _combine(bases: list[list[int]], bits: int) -> tuple[int, int]:
    row = col = 0
    for position, basis in enumerate(bases):
        if bits >> position & 1:
            row ^= int(basis[0])
            col ^= int(basis[1])
    return row, col


def triton_coordinates(answer: dict[str, Any], role: str, packed: int = 1) -> tuple[int, int, list[tuple[int, int]]]:
    """(threads, values, [(row, col) of the operand tile]) over linear = thr + threads * val.

    Rows/cols are atomgen's tile coordinates: A (m, k), B (n, k), C (m, n). Triton's B is
    (K, N), so its coordinates are swapped; a packed operand's byte column becomes
    ``packed * byte + nibble`` and its value ``packed * register + nibble``.
    """
    bases = answer["bases"]
    lanes, registers = bases["lane"], bases["register"]
    threads, values = 1 << len(lanes), (1 << len(registers)) * packed
    points: list[tuple[int, int]] = []
    for value in range(values):
        register, nibble = divmod(value, packed)
        for thread in range(threads):
            lane_row, lane_col = _combine(lanes, thread)
            reg_row, reg_col = _combine(registers, register)
            row, col = lane_row ^ reg_row, lane_col ^ reg_col
            if role == "b":
                row, col = col, row
            if role in ("a", "b"):
                col = col * packed + nibble
            points.append((row, col))
    return threads, values, points


def spec_coordinates(layout: Layout, rows: int) -> list[tuple[int, int]]:
    """The spec's (thr, val) -> index as (row, col) of a column-major tile with `rows` rows."""
    return [divmod(index, rows)[::-1] for index in image(layout)]


def first_difference(mine: list[tuple[int, int]], theirs: list[tuple[int, int]], threads: int,
                     rows: int) -> str | None:
    """None when equal, else where the first (thr, val) differs (indices as atomgen computes them)."""
    for linear, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        if a != b:
            thr, val = linear % threads, linear // threads
            return (f"first difference at (thr={thr}, val={val}): spec -> {a[0] + rows * a[1]}, "
                    f"Triton -> {b[0] + rows * b[1]}")
    return None


def k_permutation(mine: list[tuple[int, int]], theirs: list[tuple[int, int]]) -> dict[int, int] | None:
    """The K map spec -> Triton when the operands differ only by relabelling K, else None."""
    mapping: dict[int, int] = {}
    for (row, k), (their_row, their_k) in zip(mine, theirs, strict=True):
        if row != their_row or mapping.setdefault(k, their_k) != their_k:
            return None
    if len(set(mapping.values())) != len(mapping):
        return None
    return mapping


@dataclass
class Classification:
    """How the A/B difference of one instance is judged."""

    severity: str  # "note" | "error"
    kind: str  # "k-permutation" | "cross-block" | "no-common-permutation"
    message: str


def classify_ab(differences: dict[str, str], permutations: dict[str, dict[int, int] | None],
                scaled: bool, block: int = SCALE_BLOCK) -> Classification:
    """Judge A/B differences (at least one of A, B differs; `permutations` has both roles)."""
    a, b = permutations.get("a"), permutations.get("b")
    roles = " and ".join(role.upper() for role in ("a", "b") if role in differences)
    if a is None or b is None or a != b:
        which = [role.upper() for role in ("a", "b") if permutations.get(role) is None]
        beyond = "differs" if len(which) == 1 else "differ"
        why = (f"{' and '.join(which)} {beyond} beyond a relabelling of K" if which
               else "A and B relabel K differently")
        verb = "differs" if len(differences) == 1 else "differ"
        return Classification("error", "no-common-permutation",
                              f"{roles} {verb} with no K permutation shared by A and B ({why}): the product "
                              f"changes; {next(iter(differences.values()))}")
    moved = sorted(k for k, to in a.items() if k // block != to // block)
    if scaled and moved:
        k = moved[0]
        return Classification("error", "cross-block",
                              f"A and B differ by a shared K permutation that moves K across {block}-element "
                              f"scale blocks (spec K {k} is Triton's K {a[k]}; {len(moved)} K moved): results "
                              "differ as soon as the scales differ")
    where = "stays inside every scale block" if scaled else "leaves the product unchanged"
    return Classification("note", "k-permutation",
                          f"A and B differ by the same K permutation, which {where} (a convention difference)")
