"""Every ROCDL MMA instance executed: random inputs placed by the spec's layouts, the committed LLVM IR run on the
instruction models, D compared with a float64 / int64 reference, and broken lowerings that must fail (issue 50).

The spec is read through atomgen's public API only: `atomgen.check.runner.analyze_file` (what `atomgen show`
reads) and `atomgen.pictures.model.operand_pictures` (the (thr, val) -> (row, col) table `show --format json`
prints, with its replicas). Lane t's fragment of an operand is the instance's values in order, value v at bits
[v*w, (v+1)*w) of the test function's pointer argument (w: the value's register width the picture gives, else the
element width). The IR is docs/evidence/rocdl-isa/<subtarget>_<atom>.ll, function @<subtarget>_<atom>_<instance>.
A sparse instance's index register is placed by the spec's metadata (`atomgen.check.families.sparse.
evaluate_metadata`: layout e, holders, selector bits; the e picture of operand_pictures), a block-scaled one's
E8M0 scales vary per (row / column, K block) and sit where the model's scale layout (Triton's) reads them.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np

from atomgen.check.result import analyze_file, evaluate_metadata, instance_chips
from atomgen.execution import formats, models
from atomgen.execution.executor import Module, NotModelled, Roles, Target, run
from atomgen.execution.models import InstructionModel, ModelError
from atomgen.isa.rung import XFAIL
from atomgen.pictures.model import OperandPicture, operand_pictures
from atomgen.render import llvm_api
from atomgen.render.tests.rocdl import meaning_values
from atomgen.spec.sparsity import chunk_indices, dense_positions, selector_parameter

ROOT = Path(__file__).resolve().parent.parent.parent
IR = ROOT / "docs" / "evidence" / "rocdl-isa"
# spec subtarget folder -> the models' architecture (None: the calculator has no such architecture)
ARCHITECTURES: dict[str, Optional[str]] = {"cdna3": "cdna3", "gfx11": "rdna3", "gfx120x": "rdna4",
                                           "cdna4": "cdna4", "gfx1250": "gfx1250"}
NO_MODEL = "no instruction model for this subtarget"
# gfx1250 instructions without a model, and why (their one layout source, Triton, does not express them)
GFX1250_GAP = {
    "iu4": "; llc-22 -mcpu=gfx1250 cannot select llvm.amdgcn.wmma.i32.16x16x32.iu4 (docs/evidence/rocdl-isa.md; the "
           "intrinsic is in IntrinsicsAMDGPU.td's GFX12 WMMA set, not gfx1250's; llvm-mc-22 still assembles the "
           "mnemonic for gfx1250 with gfx1200's encoding), so no gfx1250 code path emits it and the calculator's "
           "RDNA4 table is not evidence of what gfx1250 computes; gfx1250's layout sources here (Triton 3.9.0, "
           "FlyDSL's kernels) have no int4 WMMA",
}
# specs whose scales are declared uniform over the K blocks of a row / column (their valid domain): their inputs
# keep that, the block-varying scales that break them are shown by tests/test_execution.py
UNIFORM_K_SCALES = {"cdna4.mfma_scale_k32"}


CDNA4_GAP = ("; the CDNA4 documents read here (AMD's ROCm blog 'Matrix Core Programming on AMD CDNA3 and CDNA4 "
             "architecture') give no register layout for it, and the CDNA4 ISA guide (PDF) is not reachable here")


@dataclass
class Outcome:
    spec: str
    instance: str
    instruction: str
    executed: bool
    passed: Optional[bool] = None
    reason: str = ""
    model_source: str = ""
    detail: str = ""
    negatives: dict[str, str] = field(default_factory=dict)  # class -> "detected: ..." / "not applicable: ..."
    seconds: float = 0.0

    def record(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()}


# ---------------------------------------------------------------------------------------------- broken lowerings


def _swap_ab(name: str, roles: Roles, model: InstructionModel) -> Roles:
    out = dict(roles)
    out["a"], out["b"] = roles["b"], roles["a"]
    if "sign_a" in roles:
        out["sign_a"], out["sign_b"] = roles["sign_b"], roles["sign_a"]
    return out


def _flip_signs(name: str, roles: Roles, model: InstructionModel) -> Roles:
    return {**roles, "sign_a": 1 - roles["sign_a"], "sign_b": 1 - roles["sign_b"]}


def _swap_signs(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """A's sign flag sent as B's and B's as A's (the gfx1250 bug of issue 48: signA and signB exchanged)."""
    return {**roles, "sign_a": roles["sign_b"], "sign_b": roles["sign_a"]}


def _flip_clamp(name: str, roles: Roles, model: InstructionModel) -> Roles:
    return {**roles, "clamp": 1 - roles["clamp"]}


def _flip_opsel(name: str, roles: Roles, model: InstructionModel) -> Roles:
    return {**roles, "opsel": 1 - roles["opsel"]}


def a_width(model: InstructionModel, cbsz: int = 0) -> int:
    """A's element bits (a block-scaled MFMA / gfx1250 f8f6f4: the format its code names)."""
    if model.scaled:
        return formats.WIDTH[model.scaled["format_codes"].get(str(cbsz), "fp8_e4m3fn")]
    return formats.WIDTH[model.formats["A"]]


def _reverse_values(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """A's values in each 32-bit register in reverse order (a lowering that packed them high-first)."""
    width = a_width(model, int(roles.get("fmt_a", roles.get("cbsz", 0)) or 0))
    if width < 32 and 32 % width:  # fp6: values straddle registers; the operand's values in reverse order
        count = roles["types"]["a"].bits // width
        mask = (1 << width) - 1
        return {**roles, "a": [sum((x >> (width * i) & mask) << (width * (count - 1 - i)) for i in range(count))
                               for x in roles["a"]]}
    if width >= 32:
        width = 32  # a 32/64-bit element: reverse the registers' order instead within pairs
    bits = roles["types"]["a"].bits
    per = 32 // width if width < 32 else 1
    out = []
    for lane_bits in roles["a"]:
        new = 0
        for register in range(max(1, bits // 32)):
            word = lane_bits >> (32 * register) & 0xFFFFFFFF
            if per > 1:
                items = [word >> (width * i) & ((1 << width) - 1) for i in range(per)]
                word = sum(v << (width * i) for i, v in enumerate(reversed(items)))
            new |= word << (32 * register)
        out.append(new)
    if per == 1:  # one element per register: reverse the register order
        count = max(1, bits // 32)
        out = [sum((x >> (32 * r) & 0xFFFFFFFF) << (32 * (count - 1 - r)) for r in range(count))
               for x in roles["a"]]
    return {**roles, "a": out}


def _index_window(roles: Roles, set_bits: int) -> tuple[int, int]:
    """(low bit, width) of the index set the instruction reads: the selector's set (SMFMAC abid), or the low set
    where the IR already shifted the register (SWMMAC index_key, folded into a shift)."""
    return int(roles.get("selector", 0)) * set_bits, set_bits


def _rotate(lanes: list[int], low: int, width: int, by: int) -> list[int]:
    mask = (1 << width) - 1
    out = []
    for x in lanes:
        window = x >> low & mask
        window = (window >> by | window << (width - by)) & mask
        out.append(x & ~(mask << low) | window << low)
    return out


def _swap_index_set(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """The neighbouring index set read (a lowering that passed the wrong abid / index_key): the register's
    sets rotated by one set."""
    set_bits = roles["set_bits"]
    return {**roles, "index": _rotate(roles["index"], 0, 32, set_bits)}


def _rotate_chunks(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """Each chunk given the next chunk's indices (a lowering that packed the index set in another order): the
    set the instruction reads rotated by one chunk's index bits."""
    low, width = _index_window(roles, roles["set_bits"])
    return {**roles, "index": _rotate(roles["index"], low, width, roles["chunk_bits"])}


def _format_roles(roles: Roles) -> tuple[str, str]:
    return ("fmt_a", "fmt_b") if "fmt_a" in roles else ("cbsz", "blgp")


def _swap_formats(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """A's and B's format codes exchanged (CBSZ/BLGP, matrix_a_fmt/matrix_b_fmt: a lowering that gave A's
    format to B and B's to A)."""
    fa, fb = _format_roles(roles)
    return {**roles, fa: roles[fb], fb: roles[fa]}


def _wrong_format(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """A's format code replaced by its same-width sibling (fp8 <-> bf8, fp6 <-> bf6: the wrong format code)."""
    fa, _ = _format_roles(roles)
    return {**roles, fa: int(roles[fa]) ^ 1}


def _move_scale_byte(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """Each scale operand rotated by one byte (a lowering that put the E8M0 scales in other bytes than the
    instruction reads them from)."""
    width = {k: roles["types"][k].bits for k in ("scale_a", "scale_b")}
    return {**roles, **{k: _rotate(roles[k], 0, width[k], 8) for k in width}}


def _flip_neg_a(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """A's neg modifier flipped (flipping both would cancel: (-A)(-B) = AB)."""
    return {**roles, "neg_a": 1 - int(roles["neg_a"])}


def _flip_c_mod(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """C's neg modifier flipped (a lowering that sent another C modifier)."""
    return {**roles, "c_mod": int(roles["c_mod"]) ^ 1}


def _flip_scale_row(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """B's matrix_b_scale flipped (MATRIX_SCALE_ROW0 <-> ROW1: a lowering that selected the other lane half's
    scales)."""
    return {**roles, "opsel_b": 1 - int(roles["opsel_b"])}


NEGATIVES: dict[str, Callable[[str, Roles, InstructionModel], Roles]] = {
    "format codes exchanged": _swap_formats, "A's format code wrong": _wrong_format,
    "scale byte moved": _move_scale_byte, "B's scale row select flipped": _flip_scale_row,
    "A's neg flag flipped": _flip_neg_a, "C modifier flipped": _flip_c_mod,
    "A/B swapped": _swap_ab, "sign flags flipped": _flip_signs, "sign flags swapped": _swap_signs,
    "clamp flipped": _flip_clamp,
    "OPSEL flipped": _flip_opsel, "value order reversed in A's registers": _reverse_values,
    "index set swapped": _swap_index_set, "chunk indices rotated": _rotate_chunks,
}


def applicable(name: str, roles_present: set[str], model: InstructionModel, a_bits: int,
               sets: int = 0, a_fmt: str = "", b_fmt: str = "", signs: tuple[bool, bool] = (False, False)
               ) -> dict[str, str]:
    """Negative class -> why it does not apply ("" when it does). `sets`: a sparse instance's index sets in the
    register (0: dense); a_fmt, b_fmt: the instance's A and B formats."""
    width = formats.WIDTH[a_fmt] if a_fmt else a_width(model)
    codes = "fmt_a" in roles_present or "cbsz" in roles_present and bool(model.scaled)  # format codes (not broadcasts)
    scaled = {} if not codes else {
        "format codes exchanged": "" if a_fmt != b_fmt else "A and B have one format",
        "A's format code wrong": "" if width in (6, 8) else "A's format (fp4) has no same-width sibling",
    }
    if "scale_a" in roles_present:
        scaled["scale byte moved"] = ""
    if "opsel_b" in roles_present and "B" in model.scaled.get("scale_row1", {}):
        scaled["B's scale row select flipped"] = ""
    gfx1250 = {}
    if "neg_a" in roles_present:
        gfx1250["A's neg flag flipped"] = ""
    if "c_mod" in roles_present:
        gfx1250["C modifier flipped"] = ""
    sparse = {} if not sets else {
        "index set swapped": "" if sets > 1 else "one index set in the register",
        "chunk indices rotated": "",
    }
    return {
        **sparse, **scaled, **gfx1250,
        "A/B swapped": "",
        "sign flags flipped": "" if "sign_a" in roles_present else "no sign flags",
        "sign flags swapped": ("no sign flags" if "sign_a" not in roles_present else
                               "" if signs[0] != signs[1] else "A's and B's sign flags are equal here"),
        "clamp flipped": "" if "clamp" in roles_present else "no clamp",
        "OPSEL flipped": "" if model.variants.get("opsel=4", {}).get("D") and "opsel" in roles_present
        else "no OPSEL",
        "value order reversed in A's registers": "" if width < 32 or a_bits > 32 else "one value per register",
    }


# ------------------------------------------------------------------------------------------------------ inputs


@dataclass
class Operand:
    picture: OperandPicture
    fmt: str
    value_bits: int
    cells: list[tuple[int, int, int, int]]  # (thr, val, row, col), replicas expanded


def _cells(picture: OperandPicture) -> list[tuple[int, int, int, int]]:
    rows = list(picture.picture.table())
    for replica in picture.picture.replicas:
        rows = [(t + replica.step * j, v, r, c) if replica.axis == "thr" else (t, v + replica.step * j, r, c)
                for t, v, r, c in rows for j in range(replica.extent)]
    return rows


def _draw(fmt: str, rng: random.Random, signed: bool, shape: tuple[int, int], clamp_edge: bool = False,
          bound: Optional[float] = None, spread: float = 0.0) -> np.ndarray:
    """Codes of a random matrix: every finite code of a small format (`bound`: those of magnitude <= bound, for a
    16-bit float D the exact sum of all codes would overflow), moderate values of the wide ones (`spread`: a float
    C of about that magnitude, the typical |A| x |B|, so that C's placement and sign always show in D)."""
    rows, cols = shape
    out = np.zeros(shape, dtype=object)
    width = formats.WIDTH[fmt]
    small = [c for c in formats.finite_codes(fmt) if bound is None or abs(formats.decode(fmt, c)) <= bound] \
        if width <= 8 and fmt not in formats.INTEGER else []
    for r in range(rows):
        for c in range(cols):
            if small:
                out[r, c] = rng.choice(small)
            elif fmt in formats.INTEGER and width <= 8:
                out[r, c] = rng.randrange(1 << width)
            elif fmt == "i32":
                value = rng.randrange(-(1 << 20), 1 << 20)
                if clamp_edge and rng.random() < 0.25:
                    value = rng.choice([(1 << 31) - 1 - rng.randrange(64), -(1 << 31) + rng.randrange(64)])
                out[r, c] = value & 0xFFFFFFFF
            else:
                out[r, c] = formats.encode(fmt, rng.uniform(-4.0, 4.0) * max(1.0, spread / 4.0))
    return out


def _values(codes: np.ndarray, fmt: str, signed: Optional[bool]) -> np.ndarray:
    integer = fmt in formats.INTEGER
    decode = (lambda x: formats.decode_int(fmt, int(x), signed)) if integer else (
        lambda x: formats.decode(fmt, int(x), signed))
    return np.vectorize(decode, otypes=[np.int64 if integer else np.float64])(codes)


def _fill(operand: Operand, codes: np.ndarray, lanes: int, values: int, fragment_bytes: int) -> list[bytearray]:
    memory = [0] * lanes
    mask = (1 << operand.value_bits) - 1
    for t, v, r, c in operand.cells:
        memory[t] |= (int(codes[r, c]) & mask) << (v * operand.value_bits)
    return [bytearray(m.to_bytes(fragment_bytes, "little")) for m in memory]


# ------------------------------------------------------------------------------------------------------- runs


def _spec_operands(spec: Any, evaluated: Any) -> dict[str, Operand]:
    out = {}
    for picture in operand_pictures(spec, evaluated):
        if picture.role not in ("a", "b", "c"):
            continue
        fmt = formats.MLIR.get(picture.element)
        if fmt is None:
            raise NotModelled(f"element type {picture.element}")
        bits = picture.value_bits or formats.WIDTH[fmt]
        out[picture.role] = Operand(picture, fmt, bits, _cells(picture))
    return out


def execute_instance(spec_path: Path, spec: Any, evaluated: Any, module: Optional[Module], seed: int = 0,
                     negatives: bool = True, backend: Any = None) -> Outcome:
    instance = evaluated.instance
    name = f"{spec.subtarget}_{spec_path.stem}_{instance.id}"
    outcome = Outcome(str(spec_path.relative_to(ROOT)), instance.id, instance.instruction or "", False)
    start = time.perf_counter()
    try:
        if module is None or name not in module.functions:
            outcome.reason = f"no lowered function @{name} in the committed IR (the ISA rung did not lower it)"
            return outcome
        architecture = ARCHITECTURES.get(spec.subtarget)
        if architecture is None:
            outcome.reason = NO_MODEL
            return outcome
        target = Target(architecture, spec.threads)
        chips = instance_chips(spec, instance, backend)
        if chips and target.chip not in chips and architecture == "cdna3" and "gfx950" in chips:
            target = Target("cdna4", spec.threads)  # a gfx950-only row of a cdna3 spec: CDNA4's models
        if chips and target.chip not in chips:
            outcome.reason = (f"the instance's chips ({', '.join(sorted(chips))}) are not the {architecture} model's "
                              f"({target.chip}); {NO_MODEL}")
            return outcome
        runs: list[tuple[str, Optional[int], dict[str, Any]]] = [(name, None, {})]
        if "k_packed" in evaluated.variables:
            runs += [(f, s, {}) for f, s in _selector_variants(spec, evaluated, module, name)]
        runs += [(f"{name}_{p}", None, {p: v}) for p, v in value_functions(spec, evaluated.instance)
                 if f"{name}_{p}" in module.functions]
        details, sources = [], []
        for function, selector, values in runs:
            try:
                base = _prepare(spec, evaluated, target, seed, selector, values)
                ok, detail, trace = _check(module, function, target, base, None)
            except NotModelled as error:
                gap = CDNA4_GAP if target.architecture == "cdna4" else next(
                    (why for key, why in GFX1250_GAP.items() if key in str(error)), "")
                if function != name and outcome.executed:  # a per-value function outside the model: said, skipped
                    details.append(f"@..._{function.rsplit('_', 1)[1]}: not executed ({error})")
                    continue
                outcome.reason = str(error) + (gap if "no instruction model" in str(error) else "")
                return outcome
            outcome.executed = True
            outcome.passed = ok if outcome.passed is None else outcome.passed and ok
            details.append(detail if function == name else f"@..._{function.rsplit('_', 1)[1]}: {detail}")
            if trace:
                sources.append(trace[0])
            if negatives and trace:
                model = models.find_model(target.architecture, target.wave, trace[0][1])
                assert model is not None
                present = base["roles_present"](module, function)
                suffix = "" if function == name else f" (@..._{function.rsplit('_', 1)[1]})"
                for label, why in applicable("", present, model, base["a_bits"], base.get("sets", 0),
                                             base["ops"]["a"].fmt, base["ops"]["b"].fmt, base["signs"]).items():
                    if why:
                        outcome.negatives.setdefault(label + suffix, f"not applicable: {why}")
                        continue
                    try:
                        bad, detail, _ = _check(module, function, target, base, _with(NEGATIVES[label], base))
                        verdict = ("detected: " + detail) if not bad else "NOT DETECTED"
                    except NotModelled as error:  # the broken call is outside the model's document
                        verdict = f"not applicable: {error}"
                    outcome.negatives[label + suffix] = verdict
        outcome.detail = "; ".join(details)
        if sources:
            outcome.model_source = f"{_source_name(sources[0][2])}: {sources[0][1]} ({sources[0][2]})"
        return outcome
    finally:
        outcome.seconds = round(time.perf_counter() - start, 3)


def _source_name(source: str) -> str:
    """The kind of a model's source, as the evidence's "model" column names it."""
    if source.startswith("single: no AMD document describes gfx1250"):
        if "; corroborated:" in source:
            return "Triton's gfx1250 layout (AMD-engineered), corroborated by FlyDSL's tested gfx1250 kernel"
        return "Triton's gfx1250 layout (AMD-engineered), single-sourced"
    if source.startswith("single: Composable Kernel"):
        return "AMD engineers' code (Composable Kernel), single-sourced"
    if source.startswith("single:"):
        return "AMD document, single-sourced"
    if source.startswith("derived: each operand"):
        return "AMD document layouts per operand format, derived"
    if source.startswith("derived: the calculator's CDNA3 layout"):
        return "AMD Matrix Instruction Calculator layout with the K run doubled, derived"
    if source.startswith("derived:"):
        return "AMD Matrix Instruction Calculator layout + AMD document formats"
    return "AMD Matrix Instruction Calculator"


def _with(mutation: Callable[[str, Roles, InstructionModel], Roles], base: dict[str, Any]
          ) -> Callable[[str, Roles, InstructionModel], Roles]:
    """The mutation, told the index register's geometry (sparse: bits per index set, per chunk)."""
    extra = {"set_bits": base.get("set_bits", 32), "chunk_bits": base.get("chunk_bits", 4)}
    return lambda name, roles, model: mutation(name, {**roles, **extra}, model)


def _selector_variants(spec: Any, evaluated: Any, module: Module, name: str) -> list[tuple[str, Optional[int]]]:
    """The IR's functions of the same instance at the other values of a free sparsity selector
    (`@..._abid2`, `@..._indexKey1`): each runs with its index set placed there."""
    selector = selector_parameter(spec.sparse)
    metadata = evaluate_metadata(spec, evaluated)
    if selector is None or metadata is None or selector in evaluated.instance.pin:
        return []  # a pinned selector: `@..._abid1` is then another instance's function
    return [(f"{name}_{selector}{s}", s) for s in range(1, metadata.selectors)
            if f"{name}_{selector}{s}" in module.functions]


def value_functions(spec: Any, instance: Any) -> list[tuple[str, Any]]:
    """(parameter, value) of each per-value test function the ISA rung lowered (`@..._signA`, `_clamp`, `_modC`,
    `_opselA`): the generator's own choice of the value (atomgen.render.tests.rocdl.meaning_values, for the LLVM
    22.1 rendering the committed IR was lowered from)."""
    with llvm_api.using(llvm_api.load("llvm-22.1")):
        return list(meaning_values(spec, instance))


def _prepare(spec: Any, evaluated: Any, target: Target, seed: int, selector: Optional[int] = None,
             values: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    rng = random.Random(f"{spec.mnemonic}/{evaluated.instance.id}/{seed}/{selector}/{sorted((values or {}).items())}")
    ops = _spec_operands(spec, evaluated)
    variables, params = evaluated.variables, {**evaluated.instance.values, **(values or {})}
    m, n, k, blocks = variables["m"], variables["n"], variables["k"], variables.get("blocks", 1)
    sign_a, sign_b = bool(params.get("signA", False)), bool(params.get("signB", False))
    clamp = bool(params.get("clamp", False))
    int_a = ops["a"].fmt in formats.INTEGER
    d_type = evaluated.instance.values.get(spec.operand_types.get("d", ""))
    d_fmt = formats.MLIR[str(d_type)] if d_type is not None else ops["c"].fmt
    bound = 8.0 if d_fmt == "f16" and formats.WIDTH[ops["a"].fmt] <= 8 and not int_a else None
    signed_a = sign_a if ops["a"].fmt in ("i8", "i4") and "signA" in _parameters(spec) else None
    signed_b = sign_b if ops["b"].fmt in ("i8", "i4") and "signB" in _parameters(spec) else None
    sparse: dict[str, Any] = {}
    if "k_packed" in variables:
        sparse = _sparse_a(spec, evaluated, ops["a"].fmt, rng, bool(signed_a), signed_a, target.wave, selector)
        a_codes, a = sparse.pop("codes"), sparse.pop("dense")
    else:
        a_codes = _draw(ops["a"].fmt, rng, bool(signed_a), (m, k * blocks), bound=bound)
        a = _values(a_codes, ops["a"].fmt, signed_a)
    b_codes = _draw(ops["b"].fmt, rng, bool(signed_b), (k * blocks, n), bound=bound)
    b = _values(b_codes, ops["b"].fmt, signed_b)
    c_codes = _draw(ops["c"].fmt, rng, True, (m, n * blocks), clamp_edge=int_a,
                    spread=float(np.median(np.abs(a[:, :k].astype(np.float64)) @ np.abs(b[:k].astype(np.float64)))))
    c = _values(c_codes, ops["c"].fmt, None)
    scales: dict[str, Any] = {}
    if {"scale_a", "scale_b"} <= {field.name for field in spec.state}:
        model = models.find_model(target.architecture, target.wave, evaluated.instance.instruction or "")
        if model is None or "scale" not in model.scaled:
            raise NotModelled(f"{evaluated.instance.instruction}: no scale placement in the model")
        scales = _scales(rng, model, m, n, k, int(params.get("opselA", 0) or 0), int(params.get("opselB", 0) or 0),
                         spec.mnemonic in UNIFORM_K_SCALES)
        a, b = a * scales["a"], b * scales["b"]  # each element times its row's / column's block scale
    c_ref = c
    if params.get("modC"):  # gfx1250's C modifier: C as the instruction reads it
        c_ref = models.c_modified(c.astype(np.float64), int(params["modC"]))
    ref = np.zeros_like(c)
    magnitude = np.zeros(c.shape, dtype=np.float64)
    for blk in range(blocks):
        ab, bb = a[:, k * blk:k * (blk + 1)], b[k * blk:k * (blk + 1), :]
        ref[:, n * blk:n * (blk + 1)] = (ab @ bb) + c_ref[:, n * blk:n * (blk + 1)]
        magnitude[:, n * blk:n * (blk + 1)] = np.abs(ab.astype(np.float64)) @ np.abs(bb.astype(np.float64)) + \
            np.abs(c[:, n * blk:n * (blk + 1)].astype(np.float64))
    if ops["c"].fmt in formats.INTEGER:
        ref = np.vectorize(lambda x: max(-(1 << 31), min((1 << 31) - 1, int(x))) if clamp else
                           ((int(x) + (1 << 31)) % (1 << 32)) - (1 << 31), otypes=[np.int64])(ref)
    lanes = target.wave
    memories = {}
    for role, codes in (("a", a_codes), ("b", b_codes), ("c", c_codes)):
        op = ops[role]
        fragment = (op.picture.picture.values * op.value_bits + 7) // 8
        memories[role] = _fill(op, codes, lanes, op.picture.picture.values, max(fragment, 8))
    d_type = evaluated.instance.values.get(spec.operand_types.get("d", ""))
    if d_type is not None:  # a D of another format than C (gfx1250 bf16f32): C's placement, D's element width
        fmt = formats.MLIR[str(d_type)]
        ops["d"] = Operand(ops["c"].picture, fmt, formats.WIDTH[fmt], ops["c"].cells)
    else:
        ops["d"] = ops["c"]
    fragment_d = (ops["d"].picture.picture.values * ops["d"].value_bits + 7) // 8

    def roles_present(module: Module, name: str) -> set[str]:
        seen: set[str] = set()

        def spy(intrinsic: str, roles: Roles, model: InstructionModel) -> Roles:
            seen.update(roles)
            return roles
        run(module, name, target, _arguments(memories, lanes, fragment_d, sparse.get("index"), scales.get("words")),
            spy)
        return seen

    return {**sparse, "scales": scales.get("words"), "ops": ops, "signs": (sign_a, sign_b), "ref": ref,
            "magnitude": magnitude,
            "memories": memories, "fragment_d": fragment_d, "lanes": lanes, "roles_present": roles_present,
            "a_bits": ops["a"].picture.picture.values * ops["a"].value_bits}


def _parameters(spec: Any) -> set[str]:
    return {p.name for p in spec.parameters}


def _arguments(memories: dict[str, list[bytearray]], lanes: int, fragment_d: int,
               index: Optional[list[int]] = None, scales: Optional[list[list[int]]] = None) -> list[Any]:
    """The test function's arguments: D, A, B, C fragments (and a sparse atom's index register, a block-scaled
    atom's scale words A and B)."""
    out: list[Any] = [[bytearray(max(fragment_d, 8)) for _ in range(lanes)],
                      [bytearray(x) for x in memories["a"]], [bytearray(x) for x in memories["b"]],
                      [bytearray(x) for x in memories["c"]]]
    return out + ([list(index)] if index is not None else []) + [list(x) for x in scales or []]


def _scales(rng: random.Random, model: InstructionModel, m: int, n: int, k: int, opsel_a: int = 0,
            opsel_b: int = 0, uniform_k: bool = False) -> dict[str, Any]:
    """E8M0 scales varying within the block grid: a random 2^-6 .. 2^6 for every (row of A, K block) and (column
    of B, K block) (`uniform_k`: one per row / column, the same for all its K blocks), placed into each lane's
    scale operand where the model's scale layout reads them (the spec declares the scales atom state, not their
    lane placement: the model's, from its sources). CDNA4: the byte OPSEL selects, the other bytes other random
    scales; gfx1250: the lanes the selected MATRIX_SCALE_ROW does not read, other random scales. Returns the words
    and the (M, K) / (K, N) factors of the reference."""
    block = model.scaled["block"]
    blocks = k // block
    mfma = "opsel_bytes" in model.scaled
    out: dict[str, Any] = {"words": []}
    for which, rows, opsel in (("A", m, opsel_a), ("B", n, opsel_b)):
        grid = np.array([[rng.randrange(121, 134)] * blocks if uniform_k else
                         [rng.randrange(121, 134) for _ in range(blocks)] for _ in range(rows)])
        words = []
        placement = model.scaled["scale"][which]
        if not mfma and opsel:  # gfx1250 MATRIX_SCALE_ROW1 reads other lanes (unmodelled: the model refuses it)
            placement = model.scaled.get(f"scale_row{opsel}", {}).get(which, placement)
        per_lane = max(len(entries) for entries in placement)
        for entries in placement:
            if not entries:  # a lane the selected row does not read: other scales
                words.append(sum(rng.randrange(121, 134) << (8 * j) for j in range(per_lane)))
            elif mfma:  # one scale byte per lane, in the byte OPSEL reads; the others hold other scales
                byte = model.scaled["opsel_bytes"].get(str(opsel), 0)
                word = sum(rng.randrange(121, 134) << (8 * i) for i in range(4) if i != byte)
                row, blk = entries[0]
                words.append(word | int(grid[row, blk]) << (8 * byte))
            else:
                words.append(sum(int(grid[row, blk]) << (8 * j) for j, (row, blk) in enumerate(entries)))
        out["words"].append(words)
        factors = np.vectorize(lambda e: formats.decode("e8m0", int(e)))(grid)[:, np.arange(k) // block]
        out[which.lower()] = factors if which == "A" else factors.T
    return out


def _sparse_a(spec: Any, evaluated: Any, fmt: str, rng: random.Random, signed: bool, signed_a: Optional[bool],
              lanes: int, selector: Optional[int]) -> dict[str, Any]:
    """A 2:4-sparse A: its compressed codes (M, k_packed), the dense values (M, K) they stand for, and each lane's
    index register placed by the spec's metadata (layout e over the index tile, holders e_holders, index set
    `selector` at bits selector * selector_bits; the other sets hold other valid patterns)."""
    metadata = evaluate_metadata(spec, evaluated)
    if metadata is None:
        raise NotModelled("sparse: the spec's metadata does not evaluate")
    sparsity, variables = metadata.sparsity, evaluated.variables
    m, k, kp, ki = variables["m"], variables["k"], variables["k_packed"], variables["k_index"]
    if sparsity.selector_stride:
        raise NotModelled("sparse: selectors by lane stride (NVIDIA) are not placed")
    parameter = selector_parameter(spec.sparse)
    chosen = selector if selector is not None else int(evaluated.instance.values.get(parameter, 0) or 0)
    chunks, nonzeros, per_chunk = k // sparsity.chunk, sparsity.nonzeros, int(sparsity.per_chunk)
    codes = _draw(fmt, rng, signed, (m, kp))
    values = _values(codes, fmt, signed_a)
    dense = np.zeros((m, k), dtype=values.dtype)
    tiles = []
    for index_set in range(metadata.selectors):
        tile = np.zeros((m, ki), dtype=np.int64)
        for r in range(m):
            for chunk in range(chunks):
                positions = sorted(rng.sample(range(sparsity.chunk), nonzeros))
                indices = chunk_indices(sparsity, positions)
                assert dense_positions(sparsity, indices) == positions
                tile[r, per_chunk * chunk:per_chunk * (chunk + 1)] = indices
                if index_set == chosen:
                    for j, position in enumerate(positions):
                        dense[r, sparsity.chunk * chunk + position] = values[r, nonzeros * chunk + j]
        tiles.append(tile)
    picture = next(p for p in operand_pictures(spec, evaluated) if p.role == "e")
    register = [0] * lanes
    set_bits = sparsity.selector_bits or (metadata.register_bits or 32)
    for holder, slot, r, i in _cells(picture):
        for index_set, tile in enumerate(tiles):
            shift = index_set * sparsity.selector_bits + slot * sparsity.index_bits
            register[metadata.holders[holder]] |= int(tile[r, i]) << shift
    return {"codes": codes, "dense": dense, "index": register, "sets": metadata.selectors, "set_bits": set_bits,
            "chunk_bits": per_chunk * sparsity.index_bits, "selector": chosen}


def _check(module: Module, name: str, target: Target, base: dict[str, Any],
           mutate: Optional[Callable[[str, Roles, InstructionModel], Roles]]) -> tuple[bool, str, list[Any]]:
    """(whether D equals the reference, what differs, the intrinsics called)."""
    arguments = _arguments(base["memories"], base["lanes"], base["fragment_d"], base.get("index"), base.get("scales"))
    try:
        trace = run(module, name, target, arguments, mutate)
    except ModelError as error:
        return False, f"the model refuses the registers: {error}", []
    c = base["ops"]["d"]
    mask = (1 << c.value_bits) - 1
    worst, where, count = 0.0, None, 0
    for t, v, r, col in c.cells:
        code = int.from_bytes(bytes(arguments[0][t]), "little") >> (v * c.value_bits) & mask
        want = base["ref"][r, col]
        if c.fmt in formats.INTEGER:
            got: float = formats.decode_int(c.fmt, code)
            bad = got != want
            diff = abs(got - want)
        else:
            got = formats.decode(c.fmt, code)
            diff = abs(got - float(want))
            bad = not diff <= models.tolerance(c.fmt, float(base["magnitude"][r, col]))
        if bad:
            count += 1
            if diff > worst or where is None:
                worst, where = diff, (t, v, r, col, got, want)
    if count:
        t, v, r, col, got, want = where  # type: ignore[misc]
        return False, f"{count} of {len(c.cells)} D values differ (e.g. lane {t} value {v} = D[{r}][{col}]: " \
                      f"{got} vs reference {want})", trace.calls
    return True, f"{len(c.cells)} D values match", trace.calls


def read_ir(stem: str) -> Optional[Module]:
    """A spec's committed IR: its test file's functions and those of its XFAIL file (the instances FlyDSL's wheel
    cannot lower, lowered by the ISA rung with a fly-opt of the generated atoms: atomgen/isa/rung.py)."""
    texts = [path.read_text() for path in (IR / f"{stem}.ll", IR / f"{stem}{XFAIL}.ll") if path.exists()]
    if not texts:
        return None
    module = Module(texts[0])
    for text in texts[1:]:
        module.functions.update(Module(text).functions)
    return module


def run_spec(spec_path: Path, seed: int = 0, negatives: bool = True,
             instances: Optional[set[str]] = None) -> list[Outcome]:
    spec_path = spec_path.resolve()
    result = analyze_file(spec_path, str(spec_path), prove=False)
    spec = result.spec
    if spec is None or result.analysis is None or spec.kind != "mma":
        return []
    module = read_ir(f"{spec.subtarget}_{spec_path.stem}")
    return [execute_instance(spec_path, spec, evaluated, module, seed, negatives, result.analysis.backend)
            for evaluated in result.analysis.evaluated if instances is None or evaluated.instance.id in instances]
