"""Every ROCDL MMA instance executed: random inputs placed by the spec's layouts, the committed LLVM IR run on the
instruction models, D compared with a float64 / int64 reference, and broken lowerings that must fail (issue 50).

The spec is read through atomgen's public API only: `atomgen.check.runner.analyze_file` (what `atomgen show`
reads) and `atomgen.pictures.model.operand_pictures` (the (thr, val) -> (row, col) table `show --format json`
prints, with its replicas). Lane t's fragment of an operand is the instance's values in order, value v at bits
[v*w, (v+1)*w) of the test function's pointer argument (w: the value's register width the picture gives, else the
element width). The IR is docs/evidence/rocdl-isa/<subtarget>_<atom>.ll, function @<subtarget>_<atom>_<instance>.
A sparse instance's index register is placed by the spec's metadata (`atomgen.check.families.sparse.
evaluate_metadata`: layout e, holders, selector bits; the e picture of operand_pictures), a block-scaled one's
scale words are one E8M0 word per operand for the wave.
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
from atomgen.pictures.model import OperandPicture, operand_pictures
from atomgen.spec.sparsity import chunk_indices, dense_positions, selector_parameter

ROOT = Path(__file__).resolve().parent.parent.parent
IR = ROOT / "docs" / "evidence" / "rocdl-isa"
# spec subtarget folder -> the models' architecture (None: the calculator has no such architecture)
ARCHITECTURES: dict[str, Optional[str]] = {"cdna3": "cdna3", "gfx11": "rdna3", "gfx120x": "rdna4",
                                           "cdna4": "cdna4", "gfx1250": None}
NO_MODEL = ("gfx1250 instructions are not in AMD's Matrix Instruction Calculator and no gfx1250 ISA document "
            "describing the WMMA register layouts was found here: no model")


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


def _flip_clamp(name: str, roles: Roles, model: InstructionModel) -> Roles:
    return {**roles, "clamp": 1 - roles["clamp"]}


def _flip_opsel(name: str, roles: Roles, model: InstructionModel) -> Roles:
    return {**roles, "opsel": 1 - roles["opsel"]}


def a_width(model: InstructionModel, cbsz: int = 0) -> int:
    """A's element bits (a block-scaled MFMA: the format CBSZ names)."""
    if model.scaled:
        return formats.WIDTH[model.scaled["format_codes"].get(str(cbsz), "fp8_e4m3fn")]
    return formats.WIDTH[model.formats["A"]]


def _reverse_values(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """A's values in each 32-bit register in reverse order (a lowering that packed them high-first)."""
    width = a_width(model, int(roles.get("cbsz", 0)))
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


def _swap_formats(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """CBSZ and BLGP exchanged (a lowering that gave A's format code to B and B's to A)."""
    return {**roles, "cbsz": roles["blgp"], "blgp": roles["cbsz"]}


def _move_scale_byte(name: str, roles: Roles, model: InstructionModel) -> Roles:
    """Each scale word rotated by one byte (a lowering that put the E8M0 scale in another byte than OPSEL reads)."""
    return {**roles, "scale_a": _rotate(roles["scale_a"], 0, 32, 8), "scale_b": _rotate(roles["scale_b"], 0, 32, 8)}


NEGATIVES: dict[str, Callable[[str, Roles, InstructionModel], Roles]] = {
    "CBSZ/BLGP exchanged": _swap_formats, "scale byte moved": _move_scale_byte,
    "A/B swapped": _swap_ab, "sign flags flipped": _flip_signs, "clamp flipped": _flip_clamp,
    "OPSEL flipped": _flip_opsel, "value order reversed in A's registers": _reverse_values,
    "index set swapped": _swap_index_set, "chunk indices rotated": _rotate_chunks,
}


def applicable(name: str, roles_present: set[str], model: InstructionModel, a_bits: int,
               sets: int = 0, a_fmt: str = "", b_fmt: str = "") -> dict[str, str]:
    """Negative class -> why it does not apply ("" when it does). `sets`: a sparse instance's index sets in the
    register (0: dense); a_fmt, b_fmt: the instance's A and B formats."""
    width = formats.WIDTH[a_fmt] if a_fmt else a_width(model)
    scaled = {} if not model.scaled else {
        "CBSZ/BLGP exchanged": "" if a_fmt != b_fmt else "A and B have one format",
        "scale byte moved": "",
    }
    sparse = {} if not sets else {
        "index set swapped": "" if sets > 1 else "one index set in the register",
        "chunk indices rotated": "",
    }
    return {
        **sparse, **scaled,
        "A/B swapped": "",
        "sign flags flipped": "" if "sign_a" in roles_present else "no sign flags",
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


def _draw(fmt: str, rng: random.Random, signed: bool, shape: tuple[int, int], clamp_edge: bool = False
          ) -> np.ndarray:
    """Codes of a random matrix: every finite code of a small format, moderate values of the wide ones."""
    rows, cols = shape
    out = np.zeros(shape, dtype=object)
    width = formats.WIDTH[fmt]
    small = [c for c in formats.finite_codes(fmt)] if width <= 8 and fmt not in formats.INTEGER else []
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
                out[r, c] = formats.encode(fmt, rng.uniform(-4.0, 4.0))
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
        runs: list[tuple[str, Optional[int]]] = [(name, None)]
        if "k_packed" in evaluated.variables:
            runs += _selector_variants(spec, evaluated, module, name)
        details, sources = [], []
        for function, selector in runs:
            base = _prepare(spec, evaluated, target, seed, selector)
            try:
                ok, detail, trace = _check(module, function, target, base, None)
            except NotModelled as error:
                outcome.reason = str(error) + (CDNA4_GAP if target.architecture == "cdna4" else "")
                return outcome
            outcome.executed = True
            outcome.passed = ok if outcome.passed is None else outcome.passed and ok
            details.append(detail if selector is None else f"@..._{function.rsplit('_', 1)[1]}: {detail}")
            if trace:
                sources.append(trace[0])
            if negatives and trace:
                model = models.find_model(target.architecture, target.wave, trace[0][1])
                assert model is not None
                present = base["roles_present"](module, function)
                suffix = "" if selector is None else f" (@..._{function.rsplit('_', 1)[1]})"
                for label, why in applicable("", present, model, base["a_bits"], base.get("sets", 0),
                                             base["ops"]["a"].fmt, base["ops"]["b"].fmt).items():
                    if why:
                        outcome.negatives.setdefault(label, f"not applicable: {why}")
                        continue
                    try:
                        bad, detail, _ = _check(module, function, target, base, _with(NEGATIVES[label], base))
                        verdict = ("detected: " + detail) if not bad else "NOT DETECTED"
                    except NotModelled as error:  # the broken call is outside the model's document
                        verdict = f"not applicable: {error}"
                    if selector is None:
                        outcome.negatives[label] = verdict
                    else:
                        outcome.negatives[label + suffix] = verdict
        outcome.detail = "; ".join(details)
        if sources:
            outcome.model_source = f"{_source_name(sources[0][2])}: {sources[0][1]} ({sources[0][2]})"
        return outcome
    finally:
        outcome.seconds = round(time.perf_counter() - start, 3)


def _source_name(source: str) -> str:
    if source.startswith("single:"):
        return "AMD document, single-sourced"
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


def _prepare(spec: Any, evaluated: Any, target: Target, seed: int, selector: Optional[int] = None
             ) -> dict[str, Any]:
    rng = random.Random(f"{spec.mnemonic}/{evaluated.instance.id}/{seed}/{selector}")
    ops = _spec_operands(spec, evaluated)
    variables, params = evaluated.variables, evaluated.instance.values
    m, n, k, blocks = variables["m"], variables["n"], variables["k"], variables.get("blocks", 1)
    sign_a, sign_b = bool(params.get("signA", False)), bool(params.get("signB", False))
    clamp = bool(params.get("clamp", False))
    int_a = ops["a"].fmt in formats.INTEGER
    signed_a = sign_a if ops["a"].fmt in ("i8", "i4") and "signA" in _parameters(spec) else None
    signed_b = sign_b if ops["b"].fmt in ("i8", "i4") and "signB" in _parameters(spec) else None
    sparse: dict[str, Any] = {}
    if "k_packed" in variables:
        sparse = _sparse_a(spec, evaluated, ops["a"].fmt, rng, bool(signed_a), signed_a, target.wave, selector)
        a_codes, a = sparse.pop("codes"), sparse.pop("dense")
    else:
        a_codes = _draw(ops["a"].fmt, rng, bool(signed_a), (m, k * blocks))
        a = _values(a_codes, ops["a"].fmt, signed_a)
    b_codes = _draw(ops["b"].fmt, rng, bool(signed_b), (k * blocks, n))
    c_codes = _draw(ops["c"].fmt, rng, True, (m, n * blocks), clamp_edge=int_a)
    b, c = _values(b_codes, ops["b"].fmt, signed_b), _values(c_codes, ops["c"].fmt, None)
    scales: dict[str, Any] = {}
    if {"scale_a", "scale_b"} <= {field.name for field in spec.state}:
        scales = _scales(rng, lanes=target.wave)
    ref = np.zeros_like(c)
    magnitude = np.zeros(c.shape, dtype=np.float64)
    for blk in range(blocks):
        ab, bb = a[:, k * blk:k * (blk + 1)], b[k * blk:k * (blk + 1), :]
        factor = scales.get("factor", 1.0)
        ref[:, n * blk:n * (blk + 1)] = (ab @ bb) * factor + c[:, n * blk:n * (blk + 1)]
        magnitude[:, n * blk:n * (blk + 1)] = np.abs(ab.astype(np.float64)) @ np.abs(bb.astype(np.float64)) * \
            factor + np.abs(c[:, n * blk:n * (blk + 1)].astype(np.float64))
    if ops["c"].fmt in formats.INTEGER:
        ref = np.vectorize(lambda x: max(-(1 << 31), min((1 << 31) - 1, int(x))) if clamp else
                           ((int(x) + (1 << 31)) % (1 << 32)) - (1 << 31), otypes=[np.int64])(ref)
    lanes = target.wave
    memories = {}
    for role, codes in (("a", a_codes), ("b", b_codes), ("c", c_codes)):
        op = ops[role]
        fragment = (op.picture.picture.values * op.value_bits + 7) // 8
        memories[role] = _fill(op, codes, lanes, op.picture.picture.values, max(fragment, 8))
    fragment_d = (ops["c"].picture.picture.values * ops["c"].value_bits + 7) // 8

    def roles_present(module: Module, name: str) -> set[str]:
        seen: set[str] = set()

        def spy(intrinsic: str, roles: Roles, model: InstructionModel) -> Roles:
            seen.update(roles)
            return roles
        run(module, name, target, _arguments(memories, lanes, fragment_d, sparse.get("index"), scales.get("words")),
            spy)
        return seen

    return {**sparse, "scales": scales.get("words"), "ops": ops, "ref": ref, "magnitude": magnitude,
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


def _scales(rng: random.Random, lanes: int) -> dict[str, Any]:
    """The E8M0 scale words of A and B: one word for the whole wave (the models know no per-lane scale placement),
    byte 0 (what OPSEL 0 reads) a scale 2^-6 .. 2^6, the other bytes other scales (so a wrong byte shows)."""
    words, factor = [], 1.0
    for _ in range(2):
        chosen = [127 + rng.randint(-6, 6)]
        chosen += [c for c in rng.sample(range(100, 155), 8) if c != chosen[0]][:3]
        words.append([sum(c << (8 * i) for i, c in enumerate(chosen))] * lanes)
        factor *= formats.decode("e8m0", chosen[0])
    return {"words": words, "factor": factor}


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
    c = base["ops"]["c"]
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


def run_spec(spec_path: Path, seed: int = 0, negatives: bool = True,
             instances: Optional[set[str]] = None) -> list[Outcome]:
    spec_path = spec_path.resolve()
    result = analyze_file(spec_path, str(spec_path), prove=False)
    spec = result.spec
    if spec is None or result.analysis is None or spec.kind != "mma":
        return []
    path = IR / f"{spec.subtarget}_{spec_path.stem}.ll"
    module = Module.read(path) if path.exists() else None
    return [execute_instance(spec_path, spec, evaluated, module, seed, negatives, result.analysis.backend)
            for evaluated in result.analysis.evaluated if instances is None or evaluated.instance.id in instances]
