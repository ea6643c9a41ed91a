"""Issue 49 point 3: the gfx950 fp8 scaled MFMA, the hardware's K order against FlyDSL's.

A block-scaled product D[i, j] = sum_k A[i, k] SA[i, k/32] * B[k, j] SB[j, k/32] (fp8 E4M3FN data, E8M0 scales, one
per 32 K of a row of A / a column of B) is computed two ways:

(a) the hardware's placement: A and B placed in the lanes by specs/rocdl/cdna4/mfma_scale.yaml (cdna4.mfma_scale:
    an fp8 lane holds two 16-byte K runs, k = 16*(lane/m) + v%16 + 16*(64/m)*(v/16));
(b) FlyDSL's placement: the same matrices placed by specs/rocdl/cdna4/mfma_scale_k32.yaml (cdna4.mfma_scale_k32,
    FlyDSL 0.5.0's fp8 order: k = 32*(lane/m) + v), with the scales where FlyDSL's labelling puts them (lane l:
    row l%m, its own block l/m);

and both register images are given to the same hardware semantics:

* `hardware` (numpy, both shapes): each register byte is the element the hardware layout (the cdna4.mfma_scale
  picture) names, and lane l's scale byte scales row l%m (A) / column l%n (B) over hardware K block l/m (the CDNA4
  ISA's scale layout, section 7.2.1, as quoted in docs/evidence/amd-layouts.md); exact in float64.
* `model_run` (32x32x64 only): the single-sourced AMD model of v_mfma_scale_f32_32x32x64_f8f6f4
  (atomgen/execution/models/cdna4.json, from AMD's CDNA4 matrix-core blog), run once with every lane's own
  scale byte, which the model places itself (lane t: row / column t % M of K block t // M, Triton's gfx950
  scale layout): scales may vary per block and per row.

Shown: with scales equal across the K blocks both placements give the true product (a K relabelling shared by A
and B is harmless); with scales that differ between blocks FlyDSL's placement does not (its order moves K across
the 32-element scale blocks), while the hardware placement still does; and FlyDSL's placement is right again if
the caller pre-permutes A's and B's K (the k32 atom's stated second condition). `python tests/test_fp8_convention.py`
prints the numbers.
"""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Optional

import numpy as np
import pytest

from atomgen.check.result import analyze_file
from atomgen.execution import formats, models
from atomgen.execution.harness import _cells
from atomgen.pictures.model import operand_pictures

ROOT = Path(__file__).resolve().parent.parent
HARDWARE = ROOT / "specs" / "rocdl" / "cdna4" / "mfma_scale.yaml"
FLYDSL = ROOT / "specs" / "rocdl" / "cdna4" / "mfma_scale_k32.yaml"
SHAPES = {(16, 16, 128): "16x16x128_f8E4M3FN_f8E4M3FN_f32", (32, 32, 64): "32x32x64_f8E4M3FN_f8E4M3FN_f32"}
BLOCK = 32
FP8 = "fp8_e4m3fn"
Cells = dict[str, dict[tuple[int, int], tuple[int, int]]]  # role -> (thr, val) -> (row, col)


@lru_cache(maxsize=None)
def placement(spec_path: Path, instance: str) -> Cells:
    """(thr, val) -> (row, col) of A (row m, col k) and B (row k, col n), from the spec's pictures."""
    result = analyze_file(spec_path.resolve(), str(spec_path.resolve()), prove=False)
    assert result.spec is not None and result.analysis is not None
    evaluated = next(e for e in result.analysis.evaluated if e.instance.id == instance)
    out: Cells = {}
    for picture in operand_pictures(result.spec, evaluated):
        if picture.role in ("a", "b"):
            cells = _cells(picture)
            out[picture.role] = {(t, v): (r, c) for t, v, r, c in cells}
            assert len(out[picture.role]) == len(cells), "an fp8 A/B element held twice"
    return out


# ------------------------------------------------------------------------------------------------ the data


def draw(shape: tuple[int, int, int], seed: int, scales: str) -> dict[str, np.ndarray]:
    """Random fp8 codes A (m x K), B (K x n) and E8M0 scale codes SA (m x K/32), SB (n x K/32).

    scales: "uniform" (one code for the whole tile), "per-row" (per row of A / column of B, equal across the
    K blocks), "per-block" (per K block only: the same for every row, what the model can take), "mx" (per row
    and per block, all different)."""
    m, n, k = shape
    rng = random.Random(seed)
    finite = formats.finite_codes(FP8)
    a = np.array([[rng.choice(finite) for _ in range(k)] for _ in range(m)], dtype=np.int64)
    b = np.array([[rng.choice(finite) for _ in range(n)] for _ in range(k)], dtype=np.int64)
    blocks = k // BLOCK

    def scale_codes(rows: int, of_a: bool) -> np.ndarray:
        if scales == "uniform":
            return np.full((rows, blocks), 127 + rng.randint(-4, 4), dtype=np.int64)
        if scales == "per-row":
            return np.repeat(np.array([[127 + rng.randint(-4, 4)] for _ in range(rows)]), blocks, axis=1)
        if scales == "per-block":  # A 2^-4, 2^-1, 2^2, 2^5; B 2^1, 2^-1, 2^-3, 2^-5: products differ per block
            per = [127 + 3 * j - 4 for j in range(blocks)] if of_a else [128 - 2 * j for j in range(blocks)]
            return np.tile(np.array(per, dtype=np.int64), (rows, 1))
        assert scales == "mx"
        return np.array([[127 + rng.randint(-6, 6) for _ in range(blocks)] for _ in range(rows)], dtype=np.int64)

    return {"a": a, "b": b, "sa": scale_codes(m, True), "sb": scale_codes(n, False)}


def values(codes: np.ndarray, fmt: str) -> np.ndarray:
    return np.vectorize(lambda c: formats.decode(fmt, int(c)), otypes=[np.float64])(codes)


def truth(data: dict[str, np.ndarray]) -> np.ndarray:
    """The block-scaled product in float64, logical K: what every correct kernel computes."""
    a, b = values(data["a"], FP8), values(data["b"], FP8)
    sa = np.repeat(values(data["sa"], "e8m0"), BLOCK, axis=1)  # m x K
    sb = np.repeat(values(data["sb"], "e8m0"), BLOCK, axis=1)  # n x K
    return np.einsum("ik,kj->ij", a * sa, b * sb.T)


# ------------------------------------------------------------------------------------- register images


def registers(shape: tuple[int, int, int], cells: Cells, data: dict[str, np.ndarray],
              k_of: Optional[np.ndarray] = None) -> dict[str, np.ndarray]:
    """Each lane's A and B bytes (64 x values codes) and E8M0 scale byte, as a kernel using `cells` fills them.

    The scale byte of lane l is the scale of row l%m (column l%n) and block l/m (l/n): the block the lane's own
    labelling assigns it (for FlyDSL's order, the 32 consecutive K the lane holds). `k_of` (optional) maps the
    layout's K to the K of memory the kernel loads there (a caller's pre-permutation)."""
    m, n, k = shape
    idx = (lambda x: x) if k_of is None else (lambda x: int(k_of[x]))
    values_a = max(v for _, v in cells["a"]) + 1
    values_b = max(v for _, v in cells["b"]) + 1
    a = np.zeros((64, values_a), dtype=np.int64)
    b = np.zeros((64, values_b), dtype=np.int64)
    for (t, v), (r, c) in cells["a"].items():
        a[t, v] = data["a"][r, idx(c)]
    for (t, v), (r, c) in cells["b"].items():
        b[t, v] = data["b"][idx(r), c]
    sa = np.array([data["sa"][lane % m, lane // m] for lane in range(64)], dtype=np.int64)
    sb = np.array([data["sb"][lane % n, lane // n] for lane in range(64)], dtype=np.int64)
    return {"a": a, "b": b, "sa": sa, "sb": sb}


def hardware(shape: tuple[int, int, int], regs: dict[str, np.ndarray]) -> np.ndarray:
    """What v_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4 (fp8 x fp8) computes from these registers, in float64:
    the bytes read as the hardware layout (cdna4.mfma_scale's picture) places them, lane l's scale over row l%m
    (column l%n) and hardware K block l/m (l/n)."""
    m, n, k = shape
    hw = placement(HARDWARE, SHAPES[shape])
    a = np.zeros((m, k))
    b = np.zeros((k, n))
    for (t, v), (r, c) in hw["a"].items():
        a[r, c] = formats.decode(FP8, int(regs["a"][t, v]))
    for (t, v), (r, c) in hw["b"].items():
        b[r, c] = formats.decode(FP8, int(regs["b"][t, v]))
    sa = np.zeros((m, k // BLOCK))
    sb = np.zeros((n, k // BLOCK))
    for lane in range(64):
        sa[lane % m, lane // m] = formats.decode("e8m0", int(regs["sa"][lane]))
        sb[lane % n, lane // n] = formats.decode("e8m0", int(regs["sb"][lane]))
    return np.einsum("ik,kj->ij", a * np.repeat(sa, BLOCK, axis=1), b * np.repeat(sb, BLOCK, axis=1).T)


def model_run(regs: dict[str, np.ndarray]) -> np.ndarray:
    """The AMD model of v_mfma_scale_f32_32x32x64_f8f6f4 on these registers: every lane's A/B bytes and its own
    E8M0 scale byte, which the model places (lane t: row / column t % M of K block t // M, Triton's gfx950
    scale layout) so that scales may differ between blocks and rows."""
    model = models.find_model("cdna4", 64, "v_mfma_scale_f32_32x32x64_f8f6f4")
    assert model is not None and model.scaled["block"] == BLOCK
    variant = model.variants["cbsz=0,blgp=0"]
    m, n = model.m, model.n
    lanes_a = [sum(int(byte) << (8 * v) for v, byte in enumerate(regs["a"][lane])) for lane in range(64)]
    lanes_b = [sum(int(byte) << (8 * v) for v, byte in enumerate(regs["b"][lane])) for lane in range(64)]
    assert len(variant["A"].lanes) == len(variant["B"].lanes) == 64
    call = models.Call(lanes_a, lanes_b, [0] * 64, scale_a=[int(x) for x in regs["sa"]],
                       scale_b=[int(x) for x in regs["sb"]])
    c = models.execute(model, call)
    d = np.zeros((m, n))
    for lane, cells in enumerate(model.operand("D").lanes):
        for slot, cell in zip(model.operand("D").slots, cells):
            (r, col, _), = cell
            d[r, col] = formats.decode("f32", c[lane] >> (32 * slot[0]) & 0xFFFFFFFF)
    return d


def relabelling(shape: tuple[int, int, int]) -> np.ndarray:
    """k_hw[k_flydsl]: the hardware K that FlyDSL's K lands on (the same lane byte in both pictures)."""
    hw, fly = placement(HARDWARE, SHAPES[shape]), placement(FLYDSL, SHAPES[shape])
    out = np.full(shape[2], -1, dtype=np.int64)
    for key, (_, k_fly) in fly["a"].items():
        _, k_hw = hw["a"][key]
        assert out[k_fly] in (-1, k_hw), "A's relabelling is not a function of K"
        out[k_fly] = k_hw
    for key, (k_fly, _) in fly["b"].items():
        assert out[k_fly] == hw["b"][key][0], "A and B relabelled differently"
    assert sorted(out) == list(range(shape[2]))
    return out


def compare(shape: tuple[int, int, int], seed: int, scales: str) -> dict[str, float]:
    """Max |D - truth| / max |truth| of: the hardware placement, FlyDSL's, FlyDSL's with pre-permuted K (and, for
    32x32x64 with per-block or uniform scales, the same three through the AMD model)."""
    data = draw(shape, seed, scales)
    want = truth(data)
    norm = float(np.abs(want).max())
    hw, fly = placement(HARDWARE, SHAPES[shape]), placement(FLYDSL, SHAPES[shape])
    images = {"hardware": registers(shape, hw, data), "flydsl": registers(shape, fly, data),
              # the caller stores K pre-permuted: FlyDSL's K position k holds memory K k_hw(k)
              "flydsl_prepermuted": registers(shape, fly, data, relabelling(shape))}
    out = {name: float(np.abs(hardware(shape, regs) - want).max()) / norm for name, regs in images.items()}
    out["flydsl_differing_d"] = float(np.count_nonzero(~np.isclose(hardware(shape, images["flydsl"]), want,
                                                                   rtol=1e-9, atol=1e-9 * norm)))
    if shape == (32, 32, 64) and scales in ("uniform", "per-block"):
        for name, regs in images.items():
            out["model_" + name] = float(np.abs(model_run(regs) - want).max()) / norm
    return out


# ------------------------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("shape", list(SHAPES))
def test_the_two_pictures_are_the_stated_formulas(shape: tuple[int, int, int]) -> None:
    m, n, k = shape
    g = 64 // m
    hw, fly = placement(HARDWARE, SHAPES[shape]), placement(FLYDSL, SHAPES[shape])
    for (t, v), (r, c) in hw["a"].items():
        assert (r, c) == (t % m, 16 * (t // m) + v % 16 + 16 * g * (v // 16))
    for (t, v), (r, c) in fly["a"].items():
        assert (r, c) == (t % m, 32 * (t // m) + v)
    for (t, v), (r, c) in fly["b"].items():
        assert (r, c) == (32 * (t // n) + v, t % n)
    # the relabelling moves K into another 32-element scale block: 32x32x64 half of K (FlyDSL's K 16-31 is the
    # hardware's 32-47, ...), 16x16x128 three quarters (only the first and last 16 K of the 128 stay put)
    pi = relabelling(shape)
    crossing = sum(1 for k_fly, k_hw in enumerate(pi) if k_fly // BLOCK != k_hw // BLOCK)
    assert crossing == {64: 32, 128: 96}[k]
    assert pi[16] == 16 * g  # FlyDSL's K 16 (lane 0, value 16) is the hardware's K 16*G


def test_the_hardware_picture_is_the_amd_model() -> None:
    """cdna4.mfma_scale's fp8 A/B pictures are the model's table (AMD blog), byte for byte."""
    model = models.find_model("cdna4", 64, "v_mfma_scale_f32_32x32x64_f8f6f4")
    assert model is not None
    variant = model.variants["cbsz=0,blgp=0"]
    hw = placement(HARDWARE, SHAPES[(32, 32, 64)])
    for lane in range(64):
        for v, (cell_a, cell_b) in enumerate(zip(variant["A"].lanes[lane], variant["B"].lanes[lane])):
            assert variant["A"].slots[v] == (v // 4, 8 * (v % 4), 8 * (v % 4) + 7)
            assert hw["a"][(lane, v)] == cell_a[0][:2]
            assert hw["b"][(lane, v)] == cell_b[0][:2]


def test_numpy_hardware_semantics_is_the_model_where_the_model_applies() -> None:
    """The numpy hardware semantics and the model give the same D (per-block scales, both placements)."""
    shape = (32, 32, 64)
    for seed in range(2):
        data = draw(shape, seed, "per-block")
        for cells in (placement(HARDWARE, SHAPES[shape]), placement(FLYDSL, SHAPES[shape])):
            regs = registers(shape, cells, data)
            want = hardware(shape, regs)
            got = model_run(regs)
            tol = models.tolerance("f32", float(np.abs(want).max())) * 2  # two model runs, two roundings
            assert np.abs(got - want).max() <= tol


@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("scales", ["uniform", "per-row"])
def test_equal_scales_across_blocks_flydsl_order_is_harmless(shape: tuple[int, int, int], scales: str) -> None:
    for seed in range(3):
        out = compare(shape, seed, scales)
        assert out["hardware"] < 1e-12 and out["flydsl"] < 1e-12, out
        assert out["flydsl_differing_d"] == 0
        for key in ("model_hardware", "model_flydsl"):
            if key in out:
                assert out[key] < 1e-6, out  # the model rounds D to f32 (twice)


@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("scales", ["per-block", "mx"])
def test_scales_that_differ_between_blocks_break_flydsl_order(shape: tuple[int, int, int], scales: str) -> None:
    m, n, _ = shape
    for seed in range(3):
        out = compare(shape, seed, scales)
        assert out["hardware"] < 1e-12, out  # the hardware placement is the true product
        assert out["flydsl_prepermuted"] < 1e-12, out  # FlyDSL's order with the caller's pre-permutation
        assert out["flydsl"] > 0.05, out  # FlyDSL's order: wrong, and not by rounding
        assert out["flydsl_differing_d"] > 0.5 * m * n, out
        if "model_flydsl" in out:
            assert out["model_hardware"] < 1e-6 and out["model_flydsl_prepermuted"] < 1e-6, out
            assert out["model_flydsl"] > 0.05, out


if __name__ == "__main__":
    for shape in SHAPES:
        for scales in ("uniform", "per-row", "per-block", "mx"):
            for seed in range(3):
                row = compare(shape, seed, scales)
                print("x".join(map(str, shape)), scales, seed,
                      " ".join(f"{k}={v:.3g}" for k, v in row.items()))
