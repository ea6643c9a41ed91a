# ruff: noqa: N806  (M, N, K: the GEMM dimensions, named as FlyDSL's kernels and tests name them)
"""How scripts/flydsl-kernels.py calls each of FlyDSL's kernels: one recipe per kernel source file.

A recipe names the source file (FlyDSL 11c4174d, kernels/ or examples/), the chips it is traced
for, and its configurations: the kernel's own default ("default") and the ones FlyDSL's tests use
(the test file and parameter row in the id). `run` is executed by kernel_trace.py in a fresh
interpreter with the flydsl wheel, COMPILE_ONLY=1 and CPU tensors: the values never matter, only
shapes, dtypes and the Constexpr arguments the kernel is specialised on. Where FlyDSL's tests have a
builder for the arguments, the recipe calls that builder (with torch's cuda device mapped to the CPU).
"""

from __future__ import annotations

import os
import runpy
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

CDNA = ("gfx942", "gfx950")
RDNA3 = ("gfx1100",)
RDNA4 = ("gfx1200", "gfx1201")
GFX1250 = ("gfx1250",)
ALL_CHIPS = CDNA + RDNA3 + RDNA4 + GFX1250


@dataclass(frozen=True)
class Recipe:
    name: str
    source: str  # path in the FlyDSL checkout
    chips: tuple[str, ...]
    configs: dict[str, dict[str, Any]]
    run: Callable[[Path, str, dict[str, Any]], None]
    note: str = ""


RECIPES: dict[str, Recipe] = {}


def recipe(
    name: str, source: str, chips: tuple[str, ...], configs: dict[str, dict[str, Any]] | None = None, note: str = ""
) -> Callable[[Callable[[Path, str, dict[str, Any]], None]], Callable[[Path, str, dict[str, Any]], None]]:
    def register(fn: Callable[[Path, str, dict[str, Any]], None]) -> Callable[[Path, str, dict[str, Any]], None]:
        RECIPES[name] = Recipe(name, source, chips, configs or {"default": {}}, fn, note)
        return fn

    return register


# ---------------------------------------------------------------------------------------------
# examples/: each runs its own module-level driver (its default configuration) under the shims.


def _example(src: Path, _chip: str, _cfg: dict[str, Any], path: str) -> None:
    sys.argv = [str(src / path)]
    try:
        runpy.run_path(str(src / path), run_name="__main__")
    except SystemExit as done:
        # The coop examples end by comparing the device's result and `raise SystemExit(1)` on a
        # mismatch; under COMPILE_ONLY nothing ran, so that check says nothing. Without stage 00
        # the case is still "not traceable".
        print(f"the example's own result check exited with {done.code} (nothing ran: COMPILE_ONLY)")


def _example_runner(path: str) -> Callable[[Path, str, dict[str, Any]], None]:
    def run(src: Path, chip: str, cfg: dict[str, Any]) -> None:
        _example(src, chip, cfg, path)

    return run


for _path in (
    "examples/01-vectorAdd.py",
    "examples/02-tiledCopy.py",
    "examples/03-tiledMma.py",
    "examples/04-preshuffle_gemm.py",
    "examples/05-gather_scatter.py",
    "examples/extension/coop/01-warp_collectives.py",
    "examples/extension/coop/02-block_scan.py",
):
    _name = _path.removesuffix(".py")
    RECIPES[_name] = Recipe(_name, _path, ALL_CHIPS, {"default": {}}, _example_runner(_path))


# ---------------------------------------------------------------------------------------------
# kernels/gemm/preshuffle_gemm.py: tests/kernels/test_preshuffle_gemm.py::test_mfma_a8_flyc_preshuffle


def _preshuffle_configs() -> dict[str, dict[str, Any]]:
    configs: dict[str, dict[str, Any]] = {}
    rows = {
        "16x5120x8192_t16x64x512": (16, 5120, 8192, 16, 64, 512),
        "33x1024x2048_t32x64x512": (33, 1024, 2048, 32, 64, 512),
    }
    for dtype in ("fp8", "int8", "fp16", "bf16"):
        for row_id, row in rows.items():
            for async_copy in (False, True):
                key = f"{dtype}/{row_id}/{'async' if async_copy else 'sync'}"
                configs[key] = {"in_dtype": dtype, "shape": row, "async": async_copy}
    return configs


@recipe(
    "kernels/gemm/preshuffle_gemm",
    "kernels/gemm/preshuffle_gemm.py",
    CDNA,
    _preshuffle_configs(),
    note="test_preshuffle_gemm.py skips async copy off gfx950; the recipe does the same",
)
def _preshuffle(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import flydsl.compiler as flyc
    import torch
    from kernels.gemm.preshuffle_gemm import compile_preshuffle_gemm

    if cfg["async"] and chip != "gfx950":
        raise SkipCase("test_preshuffle_gemm.py: async copy (buffer_load_lds) is only run on gfx950")
    M, N, K, tm, tn, tk = cfg["shape"]
    dtype = cfg["in_dtype"]
    launch = compile_preshuffle_gemm(
        N=N,
        K=K,
        tile_m=tm,
        tile_n=tn,
        tile_k=tk,
        in_dtype=dtype,
        out_dtype="bf16",
        waves_per_eu=None,
        use_async_copy=cfg["async"],
        xcd_swizzle=0,
    )
    wide = dtype in ("fp16", "bf16")
    tdt = {"fp16": torch.float16, "bf16": torch.bfloat16}.get(dtype, torch.int8)
    a = torch.empty(M * K, dtype=tdt)
    b = torch.empty(N * K, dtype=tdt)
    sa = torch.empty(0 if wide else M, dtype=torch.float32)
    sb = torch.empty(0 if wide else N, dtype=torch.float32)
    c = torch.empty(M * N, dtype=torch.bfloat16)
    flyc.compile(launch, c, a, b, sa, sb, torch.empty(0, dtype=torch.bfloat16), M, N, None)


# ---------------------------------------------------------------------------------------------
# kernels/gemm/gemm_a8w8_gfx1250.py and gemm_a8w4_mxscale_gfx1250.py: the builders of
# tests/kernels/test_gemm_fp8fp4_gfx1250.py (_PTPC_CASES, _BLOCKSCALE_CASES, _A8W4_CASES).


def _gfx1250_test() -> Any:
    import importlib

    return importlib.import_module("tests.kernels.test_gemm_fp8fp4_gfx1250")


def _a8w8_configs() -> dict[str, dict[str, Any]]:
    ptpc = [
        (256, 256, 512, 256, 256, 128, 2, 2, 4, "bf16"),
        (128, 256, 512, 128, 256, 128, 2, 2, 4, "bf16"),
        (128, 128, 1024, 128, 128, 256, 2, 2, 3, "bf16"),
        (64, 64, 512, 64, 64, 128, 2, 2, 2, "bf16"),
        (128, 96, 512, 128, 96, 128, 2, 2, 2, "bf16"),
        (128, 128, 512, 128, 128, 128, 1, 2, 2, "bf16"),
        (256, 256, 512, 256, 256, 128, 2, 2, 4, "f16"),
    ]
    block: list[tuple[int, ...]] = [(128, 256, 512, 128, 256, 128, 2, 2, 2), (256, 256, 512, 256, 256, 128, 2, 2, 4)]
    configs: dict[str, dict[str, Any]] = {}
    for i, row in enumerate(ptpc):
        configs[f"ptpc{i}:" + "x".join(map(str, row[:9])) + f"/{row[9]}"] = {"mode": "ptpc", "row": row}
    for i, dims in enumerate(block):
        configs[f"blockscale{i}:" + "x".join(map(str, dims))] = {"mode": "blockscale", "row": dims}
    return configs


@recipe("kernels/gemm/gemm_a8w8_gfx1250", "kernels/gemm/gemm_a8w8_gfx1250.py", GFX1250, _a8w8_configs())
def _a8w8(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    from kernels.gemm.gemm_a8w8_gfx1250 import launch_gemm_a8w8

    t = _gfx1250_test()
    row = cfg["row"]
    if cfg["mode"] == "ptpc":
        _, make_args, _, _ = t._build_a8w8_ptpc_case(*row[:9], row[9])
    else:
        _, make_args, _, _ = t._build_a8w8_blockscale_case(*row)
    launch_gemm_a8w8(*make_args(None))


_A8W4 = [
    (128, 256, 512, 128, 256, 128, 2, 2, 2, "bf16"),
    (128, 512, 1024, 128, 256, 256, 2, 2, 2, "bf16"),
    (256, 256, 512, 256, 256, 256, 2, 2, 2, "bf16"),
    (128, 256, 512, 128, 256, 128, 2, 2, 2, "f16"),
]


@recipe(
    "kernels/gemm/gemm_a8w4_mxscale_gfx1250",
    "kernels/gemm/gemm_a8w4_mxscale_gfx1250.py",
    GFX1250,
    {f"a8w4_{i}:" + "x".join(map(str, r[:9])) + f"/{r[9]}": {"row": r} for i, r in enumerate(_A8W4)},
)
def _a8w4(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    from kernels.gemm.gemm_a8w4_mxscale_gfx1250 import launch_gemm_a8w4_mxscale

    t = _gfx1250_test()
    _, make_args, _, _ = t._build_a8w4_case(*cfg["row"])
    launch_gemm_a8w4_mxscale(*make_args(None))


# ---------------------------------------------------------------------------------------------
# RDNA GEMMs: tests/kernels/test_rdna_gemm.py (test_f16_gemm_correctness, test_fp8_gemm_correctness).

_F16_ROWS = {"128x128x128": (128, 128, 128), "256x256x512": (256, 256, 512)}
_F16_TYPES = (("bf16", "bf16"), ("f16", "bf16"), ("f16", "f16"), ("bf16", "f16"))
_F16_CONFIGS = {f"{r}/{i}->{o}": {"shape": s, "in": i, "out": o} for r, s in _F16_ROWS.items() for i, o in _F16_TYPES}


def _f16_gemm(module: str, cfg: dict[str, Any]) -> None:
    import importlib

    import torch

    create = importlib.import_module(module).create_wmma_gemm_module
    M, N, K = cfg["shape"]
    launch, *_ = create(M, N, K, in_dtype=cfg["in"], out_dtype=cfg["out"])
    tin = torch.bfloat16 if cfg["in"] == "bf16" else torch.float16
    tout = torch.bfloat16 if cfg["out"] == "bf16" else torch.float16
    launch(torch.empty(M, N, dtype=tout), torch.empty(M, K, dtype=tin), torch.empty(N, K, dtype=tin), None)


@recipe("kernels/gemm/rdna3_f16_gemm", "kernels/gemm/rdna3_f16_gemm.py", RDNA3, _F16_CONFIGS)
def _rdna3_f16(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    _f16_gemm("kernels.gemm.rdna3_f16_gemm", cfg)


@recipe("kernels/gemm/rdna_f16_gemm", "kernels/gemm/rdna_f16_gemm.py", RDNA4, _F16_CONFIGS)
def _rdna4_f16(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    _f16_gemm("kernels.gemm.rdna_f16_gemm", cfg)


@recipe(
    "kernels/gemm/rdna_fp8_preshuffle_gemm",
    "kernels/gemm/rdna_fp8_preshuffle_gemm.py",
    RDNA4,
    {f"{m}x{n}x{k}": {"shape": (m, n, k)} for m, n, k in ((32, 128, 128), (32, 256, 256))},
)
def _rdna_fp8(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.gemm.rdna_fp8_preshuffle_gemm import compile_fp8_gemm

    M, N, K = cfg["shape"]
    launch = compile_fp8_gemm(M=M, N=N, K=K, tile_m=32, tile_n=None, tile_k=32)
    f32 = torch.float32
    launch(
        torch.empty(M, N, dtype=torch.bfloat16),
        torch.empty(M * K // 4, dtype=f32),
        torch.empty(N * K // 4, dtype=f32),
        torch.empty(M, dtype=f32),
        torch.empty(N, dtype=f32),
        None,
    )


# ---------------------------------------------------------------------------------------------
# Norms (all chips): tests/kernels/test_softmax.py, test_layernorm.py, test_rmsnorm.py.


@recipe(
    "kernels/norm/softmax_kernel",
    "kernels/norm/softmax_kernel.py",
    ALL_CHIPS,
    {f"{m}x{n}/{d}": {"shape": (m, n), "dtype": d} for m, n, d in ((32, 1024, "f32"), (64, 4096, "bf16"))},
)
def _softmax(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.norm.softmax_kernel import build_softmax_module

    M, N = cfg["shape"]
    tdt = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}[cfg["dtype"]]
    launch = build_softmax_module(M, N, cfg["dtype"])
    launch(torch.empty(M, N, dtype=tdt), torch.empty(M, N, dtype=tdt), M, None)


@recipe(
    "kernels/norm/layernorm_kernel",
    "kernels/norm/layernorm_kernel.py",
    ALL_CHIPS,
    {f"{m}x{n}/{d}": {"shape": (m, n), "dtype": d} for m, n, d in ((3, 257, "f32"), (2, 8192, "bf16"))},
)
def _layernorm(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import torch
    from kernels.norm.layernorm_kernel import build_layernorm_module

    M, N = cfg["shape"]
    tdt = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}[cfg["dtype"]]
    launch = build_layernorm_module(N, cfg["dtype"])
    x, g, b, y = (
        torch.empty(M, N, dtype=tdt),
        torch.empty(N, dtype=tdt),
        torch.empty(N, dtype=tdt),
        torch.empty(M, N, dtype=tdt),
    )

    def ptr(t: Any) -> Any:
        return flyc.from_c_void_p(fx.Uint8, t.data_ptr())

    launch(ptr(x), ptr(g), ptr(b), ptr(y), M, None)


@recipe(
    "kernels/norm/rmsnorm_kernel",
    "kernels/norm/rmsnorm_kernel.py",
    ALL_CHIPS,
    {
        f"{m}x{n}/{d}": {"shape": (m, n), "dtype": d}
        for m, n, d in ((16, 512, "f16"), (64, 3001, "bf16"), (512, 4096, "f16"))
    },
)
def _rmsnorm(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.norm.rmsnorm_kernel import build_rmsnorm_module

    M, N = cfg["shape"]
    tdt = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}[cfg["dtype"]]
    launch = build_rmsnorm_module(N, cfg["dtype"])
    launch(torch.empty(M, N, dtype=tdt), torch.empty(N, dtype=tdt), torch.empty(M, N, dtype=tdt), M, None)


# ---------------------------------------------------------------------------------------------
# CDNA4 row-scale FP8 and FP4 GEMMs: tests/kernels/test_fp8_gemm_rowscale.py (skips off gfx95*),
# test_fp4_gemm_4wave.py. Sizes: the tests' first rows (large M/N/K only enter as runtime values).

_FP8_ROWS = {"4wave": (512, 2112, 7168, 64, 64), "8wave": (512, 2112, 7168, 128, 256)}


def _fp8_rowscale(cfg: dict[str, Any], eight: bool) -> None:
    import flydsl.compiler as flyc
    import torch

    M, N, K, tm, tn = cfg["shape"]
    if eight:
        from kernels.gemm.fp8_gemm_8wave import compile_fp8_gemm_8w

        launch = compile_fp8_gemm_8w(K=K, BLOCK_M=tm, BLOCK_N=tn, b_preshuffled=cfg["preshuffle_b"])
    else:
        from kernels.gemm.fp8_gemm_4wave import compile_fp8_gemm_4w

        launch = compile_fp8_gemm_4w(K=K, BLOCK_M=tm, BLOCK_N=tn, use_xcd_remap=True, b_preshuffled=cfg["preshuffle_b"])
    b = flyc.from_torch_tensor(torch.empty(N * K, dtype=torch.int8))
    sa = flyc.from_torch_tensor(torch.empty(M, dtype=torch.float32))
    sb = flyc.from_torch_tensor(torch.empty(N, dtype=torch.float32))
    flyc.compile(
        launch, torch.empty(M * K, dtype=torch.int8), b, torch.empty(M * N, dtype=torch.bfloat16), sa, sb, M, N, None
    )


_FP8_CONFIGS = {"512x2112x7168/rowmajor": False, "512x2112x7168/preshuffle_b": True}


@recipe(
    "kernels/gemm/fp8_gemm_4wave",
    "kernels/gemm/fp8_gemm_4wave.py",
    ("gfx950",),
    {k: {"shape": _FP8_ROWS["4wave"], "preshuffle_b": v} for k, v in _FP8_CONFIGS.items()},
)
def _fp8_4w(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    _fp8_rowscale(cfg, eight=False)


@recipe(
    "kernels/gemm/fp8_gemm_8wave",
    "kernels/gemm/fp8_gemm_8wave.py",
    ("gfx950",),
    {k: {"shape": _FP8_ROWS["8wave"], "preshuffle_b": v} for k, v in _FP8_CONFIGS.items()},
)
def _fp8_8w(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    _fp8_rowscale(cfg, eight=True)


@recipe(
    "kernels/gemm/fp4_gemm_4wave",
    "kernels/gemm/fp4_gemm_4wave.py",
    ("gfx950",),
    {"8192x8192x8192": {"shape": (8192, 8192, 8192)}},
)
def _fp4_4w(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import flydsl.compiler as flyc
    import torch
    from kernels.gemm.fp4_gemm_4wave import compile_fp4_gemm_4w

    M, N, K = cfg["shape"]
    u8 = torch.uint8
    launch = compile_fp4_gemm_4w(K=K, MN=(M, N))
    flyc.compile(
        launch,
        torch.empty(M * K // 2, dtype=u8),
        torch.empty(N * K // 2, dtype=u8),
        torch.empty(M * N, dtype=torch.bfloat16),
        torch.empty(M * K // 32, dtype=u8),
        torch.empty(N * K // 32, dtype=u8),
        M,
        N,
        None,
    )


_W4_ROWS = {
    "64x8192x8192_t64x128x128": (64, 8192, 8192, 64, 128, 128),
    "32x8192x8192_t32x128x256": (32, 8192, 8192, 32, 128, 256),
}


@recipe(
    "kernels/gemm/mxfp4_preshuffle",
    "kernels/gemm/mxfp4_preshuffle.py",
    ("gfx950",),
    {f"fp4/{r}/{o}": {"row": v, "out": o} for r, v in _W4_ROWS.items() for o in ("bf16", "fp16")},
    note="test_preshuffle_gemm.py::test_mfma_w4_flyc_preshuffle (gfx950 only; fp8-A rows skipped there)",
)
def _mxfp4(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    # The call of test_preshuffle_gemm.py's _mxfp4_launcher (that module imports pandas, absent here).
    import flydsl.compiler as flyc
    import flydsl.expr as fx
    import torch
    from kernels.gemm.mxfp4_preshuffle import launch_gemm

    M, N, K, tm, tn, tk = cfg["row"]
    u8 = torch.uint8
    m32, n32 = (M + 31) // 32 * 32, (N + 31) // 32 * 32
    out = torch.bfloat16 if cfg["out"] == "bf16" else torch.float16
    tensors = (
        torch.empty(M * N, dtype=out),
        torch.empty(M * K // 2, dtype=u8),
        torch.empty(N * K // 2, dtype=u8),
        torch.empty(m32 * K // 32, dtype=u8),
        torch.empty(n32 * K // 32, dtype=u8),
    )
    ptrs = [flyc.from_c_void_p(fx.Uint8, t.data_ptr()) for t in tensors]
    launch_gemm(*ptrs, M, N, None, N, K, tm, tn, tk, "fp4", cfg["out"], "fp4", 1, -1, -1, -1, -1, -1, -1, 0, 0)


# ---------------------------------------------------------------------------------------------
# MoE, top-k gating, conv (their tests' first rows).


@recipe(
    "kernels/moe/moe_a8w4_mxscale_gfx1250",
    "kernels/moe/moe_a8w4_mxscale_gfx1250.py",
    GFX1250,
    {"E1_512x256_t64_k1": {"row": (1, 512, 256, 64, 1)}, "E8_256x256_t128_k2": {"row": (8, 256, 256, 128, 2)}},
    note="test_moe_a8w4_mxscale_gfx1250.py::test_grouped_moe_accuracy: its _build_case and _grouped_moe",
)
def _moe_a8w4(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import importlib

    t = importlib.import_module("tests.kernels.test_moe_a8w4_mxscale_gfx1250")
    args, _ = t._build_case(*cfg["row"])
    t._grouped_moe(**args)


@recipe(
    "kernels/moe/topk_gating_softmax_kernel",
    "kernels/moe/topk_gating_softmax_kernel.py",
    ALL_CHIPS,
    {
        f"e{e}_k{k}/{d}": {"experts": e, "topk": k, "dtype": d}
        for e, k, d in ((128, 6, "bf16"), (64, 2, "bf16"), (8, 2, "f32"), (128, 6, "f16"))
    },
)
def _topk(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.moe.topk_gating_softmax_kernel import build_topk_gating_softmax_module

    tokens, e, k = 64, cfg["experts"], cfg["topk"]
    tdt = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}[cfg["dtype"]]
    launch = build_topk_gating_softmax_module(num_experts=e, topk=k, dtype_str=cfg["dtype"], renormalize=True)
    i32 = torch.int32
    launch(
        torch.empty(tokens, e, dtype=tdt),
        torch.empty(tokens, k, dtype=torch.float32),
        torch.empty(tokens, k, dtype=i32),
        torch.empty(tokens, k, dtype=i32),
        tokens,
        stream=None,
    )


@recipe(
    "kernels/conv/conv3d_implicit",
    "kernels/conv/conv3d_implicit.py",
    ("gfx950",),
    {
        "1x32x8x16x16_k64_s1p0": {"row": (1, 32, 8, 16, 16, 64, 1, 0)},
        "1x32x9x17x17_k96_s1p1": {"row": (1, 32, 9, 17, 17, 96, 1, 1)},
    },
    note="test_conv3d_implicit.py::test_conv3d_vs_torch (CDNA4 only there)",
)
def _conv3d(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.conv.conv3d_implicit import conv3d_implicit

    n, c, t, h, w, k, stride, padding = cfg["row"]
    bf16 = torch.bfloat16
    x, weight = torch.empty((n, c, t, h, w), dtype=bf16), torch.empty((k, c, 3, 3, 3), dtype=bf16)
    conv3d_implicit(x, weight, bias=torch.empty((k,), dtype=torch.float32), stride=stride, padding=padding)


@recipe(
    "kernels/gemm/gemm_a16w16_gfx950",
    "kernels/gemm/gemm_a16w16_gfx950.py",
    ("gfx950",),
    {f"2048x2048x2048/{d}/{lay}": {"dtype": d, "layout": lay} for d in ("bf16", "fp16") for lay in ("nn", "nt")},
    note="its entry gemm_a16w16() with default kwargs (test_gemm_a16w16_gfx950.py's 2048^3 rows)",
)
def _a16w16(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.gemm.gemm_a16w16_gfx950 import gemm_a16w16

    m = n = k = 2048
    tdt = torch.bfloat16 if cfg["dtype"] == "bf16" else torch.float16
    layout = cfg["layout"]
    a = torch.empty(k, m, dtype=tdt).t() if layout[0] == "t" else torch.empty(m, k, dtype=tdt)
    b = torch.empty(n, k, dtype=tdt).t() if layout[1] == "t" else torch.empty(k, n, dtype=tdt)
    gemm_a16w16(a, b, layout=layout)


@recipe(
    "kernels/norm/softmax_bwd_kernel",
    "kernels/norm/softmax_bwd_kernel.py",
    ALL_CHIPS,
    {f"{m}x{n}/{d}": {"shape": (m, n), "dtype": d} for m, n, d in ((32, 1024, "f32"), (64, 4096, "bf16"))},
)
def _softmax_bwd(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.norm.softmax_bwd_kernel import build_softmax_bwd_module

    M, N = cfg["shape"]
    tdt = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}[cfg["dtype"]]
    launch = build_softmax_bwd_module(N, cfg["dtype"])
    launch(torch.empty(M, N, dtype=tdt), torch.empty(M, N, dtype=tdt), torch.empty(M, N, dtype=tdt), M, None)


@recipe(
    "kernels/norm/rmsnorm_bwd_kernel",
    "kernels/norm/rmsnorm_bwd_kernel.py",
    ALL_CHIPS,
    {f"{m}x{n}/{d}": {"shape": (m, n), "dtype": d} for m, n, d in ((16, 512, "f16"), (64, 3001, "bf16"))},
    note="the one-block-per-row path (build_rmsnorm_bwd_module) of test_rmsnorm.py's bwd test",
)
def _rmsnorm_bwd(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.norm.rmsnorm_bwd_kernel import build_rmsnorm_bwd_module

    M, N = cfg["shape"]
    tdt = {"f32": torch.float32, "bf16": torch.bfloat16, "f16": torch.float16}[cfg["dtype"]]
    launch = build_rmsnorm_bwd_module(N, cfg["dtype"])
    f32 = torch.float32
    x, g, dy = torch.empty(M, N, dtype=tdt), torch.empty(N, dtype=tdt), torch.empty(M, N, dtype=tdt)
    launch(x, g, dy, torch.empty(M, dtype=f32), torch.empty(M, N, dtype=tdt), torch.empty(N, dtype=f32), M, None)


# ---------------------------------------------------------------------------------------------
# Flash attention (kernels/attention/flash_attn_*.py). Their entry, flash_attn_interface.py's
# flydsl_flash_attn_func, asks torch for the device (is_cuda, gcnArchName, CU count) to route; the
# recipe takes the same route by hand and calls the interface's own builders (_build_dense_dualwave,
# _build_dense, _build_dense_fp8) with its default kwargs, then the launcher as the interface does.
# The CU count (kernel_trace.CU_COUNT) enters only the generic path's tile choice (_dense_generic_tile).

_ATTN_DEFAULTS = dict(waves_per_eu=2, daz=True, lazy_rescale=True, setprio=True, enable_stagger=True)


def _attn_tensors(cfg: dict[str, Any], dtype: Any) -> tuple[Any, Any, Any, Any]:
    import torch

    B, S, H, Hkv, D = cfg["shape"]
    q = torch.empty(B, S, H, D, dtype=dtype)
    k, v = torch.empty(B, S, Hkv, D, dtype=dtype), torch.empty(B, S, Hkv, D, dtype=dtype)
    out = torch.empty(B, S, H, D, dtype=torch.bfloat16 if dtype == torch.float8_e4m3fn else dtype)
    return q, k, v, out


def _attn_dtype(name: str) -> Any:
    import torch

    return {"bf16": torch.bfloat16, "f16": torch.float16, "fp8": torch.float8_e4m3fn}[name]


@recipe(
    "kernels/attention/flash_attn_gfx950",
    "kernels/attention/flash_attn_gfx950.py",
    ("gfx950",),
    {
        "default/1x8192x64x64x128/bf16/causal": {"shape": (1, 8192, 64, 64, 128), "dtype": "bf16", "causal": True},
        "lse_dense/2x256x8x8x128/bf16/causal": {
            "shape": (2, 256, 8, 8, 128),
            "dtype": "bf16",
            "causal": True,
            "lse": True,
        },
        "lse_dense/2x256x8x2x128/f16/noncausal": {
            "shape": (2, 256, 8, 2, 128),
            "dtype": "f16",
            "causal": False,
            "lse": True,
        },
    },
    note="the DUALWAVE_SWP route of flydsl_flash_attn_func (dense, D 64/128, seq >= 256): "
    "test_flash_attn_fwd.py DEFAULT_CONFIGS[0] shape with D 128 and test_lse_dense rows",
)
def _flash_gfx950(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.attention import flash_attn_interface as fai
    from kernels.attention.flash_attn_utils import DUALWAVE_SWP_BLOCK_M, MIN_Q_BLOCKS_XCD_SWIZZLE, NUM_XCD_GFX950

    B, S, H, Hkv, D = cfg["shape"]
    q, k, v, out = _attn_tensors(cfg, _attn_dtype(cfg["dtype"]))
    causal, lse = cfg["causal"], cfg.get("lse", False)
    blocks = -(-S // DUALWAVE_SWP_BLOCK_M)
    exe = fai._build_dense_dualwave(
        num_heads=H, num_kv_heads=Hkv, head_dim=D, causal=causal, dtype_str=cfg["dtype"], cross_seqlen=False,
        debug_lazy_counts=False, return_lse=lse,
        xcd_swizzle=not causal and H % NUM_XCD_GFX950 == 0 and blocks >= MIN_Q_BLOCKS_XCD_SWIZZLE,
        **_ATTN_DEFAULTS,
    )  # fmt: skip
    exe(q, k, v, out, B, S, stream=None, lse=torch.empty(B, H, S, dtype=torch.float32) if lse else None)


@recipe(
    "kernels/attention/flash_attn_generic",
    "kernels/attention/flash_attn_generic.py",
    CDNA,
    {
        "lse_dense/2x192x4x4x64/bf16/causal": {"shape": (2, 192, 4, 4, 64), "dtype": "bf16", "causal": True},
        "lse_dense/2x256x8x2x128/f16/causal": {"shape": (2, 256, 8, 2, 128), "dtype": "f16", "causal": True},
    },
    note="the generic route of flydsl_flash_attn_func (every dense case on gfx942; D 64 or seq < 256 on "
    "gfx950): test_lse_dense rows; on gfx950 the 2x256 row routes to DUALWAVE_SWP and is not run here",
)
def _flash_generic(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.attention import flash_attn_interface as fai

    B, S, H, Hkv, D = cfg["shape"]
    if chip == "gfx950" and D in (64, 128) and fai._dense_routes_to_dualwave(B, S):
        raise SkipCase("flydsl_flash_attn_func routes this row to DUALWAVE_SWP on gfx950 (flash_attn_gfx950)")
    q, k, v, out = _attn_tensors(cfg, _attn_dtype(cfg["dtype"]))
    # the interface's tile choice, with the CU count of kernel_trace.CU_COUNT (the rows' 16 and 32
    # q-blocks are fewer than gfx942's 304 and gfx950's 256 CUs: the light 64x128 "N32" tile)
    block_m, wg, tag = fai._dense_generic_tile(B, S, H, D, cfg["dtype"], torch.device("cpu"))
    exe = fai._build_dense(
        num_heads=H, num_kv_heads=Hkv, head_dim=D, causal=cfg["causal"], dtype_str=cfg["dtype"],
        cross_seqlen=False, block_m=block_m, flat_work_group_size=wg, path_tag=tag, waves_per_eu=2, daz=True,
        return_lse=True,
    )  # fmt: skip
    exe(q, k, v, out, B, S, stream=None, lse=torch.empty(B, H, S, dtype=torch.float32))


@recipe(
    "kernels/attention/flash_attn_fp8_gfx950",
    "kernels/attention/flash_attn_fp8_gfx950.py",
    ("gfx950",),
    {
        "fp8/1x1024x8x8x128/causal": {"shape": (1, 1024, 8, 8, 128), "dtype": "fp8", "causal": True},
        "fp8/2x512x8x2x128/noncausal": {"shape": (2, 512, 8, 2, 128), "dtype": "fp8", "causal": False},
    },
    note="the fp8 route of flydsl_flash_attn_func (gfx950, D 128, dense): test_flash_attn_fwd.py run_fp8_config",
)
def _flash_fp8(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.attention import flash_attn_interface as fai

    B, S, H, Hkv, D = cfg["shape"]
    q, k, v, out = _attn_tensors(cfg, torch.float8_e4m3fn)
    exe = fai._build_dense_fp8(num_heads=H, num_kv_heads=Hkv, causal=cfg["causal"], **_ATTN_DEFAULTS)
    one = torch.ones(1, dtype=torch.float32)
    exe(q.view(-1), k.view(-1), v.view(-1), out.view(-1), B, S, stream=None, q_descale=one, k_descale=one,
        v_descale=one)  # fmt: skip


@recipe(
    "kernels/attention/swa_gfx950",
    "kernels/attention/swa_gfx950.py",
    ("gfx950",),
    {
        "B2_N4096_win512_0": {"row": (2, 4096, 512, 0)},
        "B2_N4096_win256_256": {"row": (2, 4096, 256, 256)},
    },
    note="test_swa_gfx950.py::test_swa_gqa_attention (gfx950 only; H 32, H_KV 16, D 128, bf16)",
)
def _swa(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import flydsl.expr as fx
    import torch
    from kernels.attention.swa_gfx950 import build_gqa_attn

    B, N, left, right = cfg["row"]
    H, H_KV, D = 32, 16, 128
    bf16 = torch.bfloat16
    q, out = torch.empty(B * N * H * D, dtype=bf16), torch.empty(B * N * H * D, dtype=bf16)
    k, v = torch.empty(B * N * H_KV * D, dtype=bf16), torch.empty(B * N * H_KV * D, dtype=bf16)
    launch = build_gqa_attn(ATTN_B=B, ATTN_H=H, ATTN_H_KV=H_KV, ATTN_D=D, sliding_window=(left, right))
    launch.compile(q, k, v, out, H * D, H_KV * D, H_KV * D, H * D, N, N, fx.Stream(None))


_NOT_COMPILED = "'NoneType' object is not callable"  # flyc.compile's result under COMPILE_ONLY, called


def _test_runner_result(fn: Callable[[], Any]) -> None:
    """Call a runner of FlyDSL's test module that builds, launches and then checks the device's result.
    Under COMPILE_ONLY nothing runs: its verdict (an AssertionError or a False) says nothing, and a runner
    that calls what `flyc.compile` returned calls None. Both come after stage 00 was dumped; without a
    stage 00 the error is a real failure and goes on."""
    try:
        fn()
    except (AssertionError, TypeError) as after:
        traced = any(Path(os.environ["FLYDSL_DUMP_DIR"]).glob("*/00_origin.mlir"))
        if not traced or (isinstance(after, TypeError) and str(after) != _NOT_COMPILED):
            raise
        print(f"after the trace (nothing ran: COMPILE_ONLY): {type(after).__name__}: {str(after)[:200]}")


@recipe(
    "kernels/attention/fused_rope_cache_kernel",
    "kernels/attention/fused_rope_cache_kernel.py",
    ALL_CHIPS,
    {
        "decode_flash/T1_32x8x128/bf16": {"row": (1, 128, 32, 8), "flash": True, "dtype": "bf16"},
        "nonflash/T32_8x1x64/bf16": {"row": (32, 64, 8, 1), "flash": False, "dtype": "bf16"},
        "fp8_cache/T32_8x1x128/flash": {"row": (32, 128, 8, 1), "flash": True, "dtype": "bf16", "scale": True},
    },
    note="test_fused_rope_cache.py run_test (test_decode_flash, test_nonflash_bf16, test_fp8_cache rows)",
)
def _fused_rope(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import importlib

    t = importlib.import_module("tests.kernels.test_fused_rope_cache")
    tokens, head_dim, hq, hkv = cfg["row"]
    _test_runner_result(
        lambda: t.run_test(
            num_tokens=tokens,
            head_dim=head_dim,
            num_q_heads=hq,
            num_kv_heads=hkv,
            flash_layout=cfg["flash"],
            dtype_str=cfg["dtype"],
            apply_scale=cfg.get("scale", False),
        )  # fmt: skip
    )


@recipe(
    "kernels/moe/moe_sorting_kernel",
    "kernels/moe/moe_sorting_kernel.py",
    CDNA,
    {
        "oneshot/T1_E256_k8": {"row": (1, 256, 8)},
        "oneshot/T16_E257_k9": {"row": (16, 257, 9)},
        "multiphase/T128_E256_k8": {"row": (128, 256, 8)},
    },
    note="test_moe_sorting.py run_test (ONESHOT_CONFIGS, MULTIPHASE_CONFIGS rows; CDNA only there)",
)
def _moe_sorting(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import importlib

    t = importlib.import_module("tests.kernels.test_moe_sorting")
    _test_runner_result(lambda: t.run_test(*cfg["row"]))


def _moe2_rows() -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = {}
    for in_dtype in ("fp8", "int8", "int4"):
        rows[f"gemm1/{in_dtype}/f16/tile_m16_tokens8"] = {"stage": 1, "in": in_dtype, "out": "f16", "tm": (16, 8)}
        rows[f"gemm2/{in_dtype}/atomic/f16/tile_m16_tokens8"] = {
            "stage": 2,
            "in": in_dtype,
            "out": "f16",
            "tm": (16, 8),
            "accumulate": True,
        }
    rows["gemm1/fp8/bf16/tile_m64_tokens128"] = {"stage": 1, "in": "fp8", "out": "bf16", "tm": (64, 128)}
    rows["gemm2/fp8/reduce/bf16/tile_m64_tokens128"] = {
        "stage": 2,
        "in": "fp8",
        "out": "bf16",
        "tm": (64, 128),
        "accumulate": False,
    }
    return rows


@recipe(
    "kernels/moe/moe_gemm_2stage",
    "kernels/moe/moe_gemm_2stage/",
    CDNA,
    _moe2_rows(),
    note="test_moe_gemm_2stage.py::test_moe_gemm1_numeric / test_moe_gemm2_numeric through its _run_gemm1 / "
    "_run_gemm2 (_SHAPE, tile_n 64, tile_k 128)",
)
def _moe_2stage(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import importlib

    t = importlib.import_module("tests.kernels.test_moe_gemm_2stage")
    tile_m, tokens = cfg["tm"]
    kw = dict(tokens=tokens, **t._SHAPE, tile_m=tile_m, tile_n=64, tile_k=128, out_dtype=cfg["out"], in_dtype=cfg["in"])
    if cfg["stage"] == 1:
        _test_runner_result(lambda: t._run_gemm1(**kw))
    else:
        _test_runner_result(lambda: t._run_gemm2(accumulate=cfg["accumulate"], **kw))


def _cuda_tensors() -> None:
    """torch's cuda device is the CPU in these traces (kernel_trace.py); for a test runner that asserts
    `t.is_cuda` on what it made, tensors say they are. Only the recipes that call this (a fresh
    interpreter per case), so that no other kernel's host code takes a different branch."""
    import torch

    setattr(torch.Tensor, "is_cuda", property(lambda self: True))  # noqa: B010


def _moe_gemm_test() -> Any:
    """tests/kernels/test_moe_gemm.py. It imports tests/test_common.py, which imports pandas (its
    benchmark tables): `flydsl-kernels.py run --pydeps DIR` with `pip install --target DIR pandas`."""
    import importlib

    _cuda_tensors()
    return importlib.import_module("tests.kernels.test_moe_gemm")


@recipe(
    "kernels/moe/mxfp_moe",
    "kernels/moe/mxfp_moe/",
    ("gfx950",),
    {f"{a}/{v}": {"a": a, "variant": v} for a, v in (("fp4", "bm32_atomic"), ("fp8", "inline_bm16"))},
    note="test_moe_gemm.py::test_mxfp_moe_variants (gfx95* only; its fp4/fp8 rows are xfail(run=False) there "
    "as numerically broken, which the ISA comparison would not mind); its a16w4 row builds "
    "moe_2stage_a16wmix's kernels and is that recipe's",
)  # fmt: skip
def _mxfp_moe(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    t = _moe_gemm_test()
    _test_runner_result(lambda: t.test_mxfp_moe_variants(cfg["a"], cfg["variant"]))


@recipe(
    "kernels/moe/moe_2stage_a16wmix",
    "kernels/moe/moe_2stage_a16wmix/",
    ("gfx950",),
    {f"small/{w}": {"w": w} for w in ("mxfp4", "bf16")},
    note="test_moe_gemm.py::test_a16w4_moe_e2e, row `small` (128x1024x256, E8, k2, tile_m 32), a16w4 and a16w16",
)
def _a16wmix(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    t = _moe_gemm_test()
    _test_runner_result(lambda: t.test_a16w4_moe_e2e(128, 1024, 256, 8, 2, 32, cfg["w"]))


@recipe(
    "kernels/conv/conv3d_implicit_fp8",
    "kernels/conv/conv3d_implicit_fp8.py",
    ("gfx950",),
    {
        "1x128x3x18x18_k128_s1p0": {"row": (1, 128, 3, 18, 18, 128, 1, 0)},
        "1x96x4x8x9_k96_s1p1": {"row": (1, 96, 4, 8, 9, 96, 1, 1)},
    },
    note="test_conv3d_implicit_fp8.py::test_conv3d_fp8_vs_fp8cast_reference (gfx95* only there)",
)
def _conv3d_fp8(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.conv.conv3d_implicit_fp8 import conv3d_implicit_fp8

    n, c, t, h, w, k, stride, padding = cfg["row"]
    fp8 = torch.float8_e4m3fn
    x, weight = torch.empty((n, c, t, h, w), dtype=fp8), torch.empty((k, c, 3, 3, 3), dtype=fp8)
    conv3d_implicit_fp8(x, weight, stride=stride, padding=padding)


@recipe(
    "kernels/attention/qk_norm_rope_quant",
    "kernels/attention/qk_norm_rope_quant.py",
    CDNA,
    {
        "bf16/H8_D512_RD64": {"quant": False, "group": None},
        "fp8/H8_D512_RD64/g128/fp32": {"quant": True, "group": 128, "scale": "fp32"},
        "fp8/H8_D512_RD64/g32/e8m0": {"quant": True, "group": 32, "scale": "e8m0"},
    },
    note="no FlyDSL test: its entry flydsl_qk_norm_rope_quant with the module's V4-Pro shape (one wave64 per "
    "head: D 512, RoPE dim 64), 8 heads, 4 tokens; unquantised and fp8 with fp32 / e8m0 group scales",
)
def _qk_norm_rope_quant(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.attention.qk_norm_rope_quant import flydsl_qk_norm_rope_quant

    T, H, D, RD, max_pos = 4, 8, 512, 64, 256
    bf16 = torch.bfloat16
    kw: dict[str, Any] = dict(num_q_heads=H, head_dim=D, rope_head_dim=RD, quant=cfg["quant"], stream=None)
    if cfg["quant"]:
        kw.update(quant_group_size=cfg["group"], scale_dtype=cfg["scale"])
    flydsl_qk_norm_rope_quant(
        torch.empty(T, H * D, dtype=bf16), torch.empty(T, D, dtype=bf16), torch.empty(D, dtype=bf16),
        torch.empty(max_pos, RD // 2, dtype=bf16), torch.empty(max_pos, RD // 2, dtype=bf16),
        torch.zeros(T, dtype=torch.int64), **kw,
    )  # fmt: skip


@recipe(
    "kernels/attention/mla_fwd_decode_m16x8_fp8_fp8",
    "kernels/attention/mla_fwd_decode_m16x8_fp8_fp8.py",
    ("gfx950",),
    {"s4_h16_pages256": {"seqs": 4, "heads": 16, "pages": 256}},
    note="its launcher launch_mla_fwd_decode_m16x8_fp8_fp8 called directly: the entry (mla_fwd_decode.py) "
    "takes the CU count from aiter and the LDS size from rocminfo, and test_mla_decode.py needs aiter for "
    "the work schedule; here num_cus = 256 (kernel_trace.CU_COUNT) and lds_size = 160 KiB (gfx950's LDS "
    "per CU); the work tensors' values never matter, only their dtypes",
)
def _mla_decode(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    import torch
    from kernels.attention import mla_fwd_decode_m16x8_fp8_fp8 as mla

    seqs, heads, pages = cfg["seqs"], cfg["heads"], cfg["pages"]
    fp8, i32, f32 = torch.float8_e4m3fn, torch.int32, torch.float32
    num_cus, partial = 256, 2 * seqs
    mla.launch_mla_fwd_decode_m16x8_fp8_fp8(
        torch.empty(seqs * heads, mla.QK_HEAD_DIM, dtype=fp8), torch.empty(pages, mla.QK_HEAD_DIM, dtype=fp8),
        torch.zeros(pages, dtype=i32), torch.zeros(num_cus + 1, dtype=i32), torch.zeros(num_cus * 8, dtype=i32),
        torch.empty(seqs * heads, mla.V_HEAD_DIM, dtype=torch.bfloat16),
        torch.empty(partial * heads, mla.V_HEAD_DIM, dtype=f32), torch.empty(partial * heads, dtype=f32),
        0.0416, num_cus, 160 * 1024, stream=None,
    )  # fmt: skip


@recipe(
    "kernels/comm/custom_all_reduce_kernel",
    "kernels/comm/custom_all_reduce_kernel.py",
    CDNA,
    {
        "1stage/ws8/N32768/f16": {"launcher": "run_1stage_arr", "ws": 8, "N": 32768, "dtype": "f16"},
        "2stage/ws8/N1048576/bf16": {"launcher": "run_2stage_arr", "ws": 8, "N": 1 << 20, "dtype": "bf16"},
        "2stage_write/ws8/N4194304/f32": {"launcher": "run_2stage_write_mode", "ws": 8, "N": 1 << 22, "dtype": "f32"},
    },
    note="one rank's kernels of make_allreduce_kernels: the peers' buffers and signal tables enter as raw i64 "
    "addresses (kernel arguments), so one process traces what every rank runs; 0 for each address",
)  # fmt: skip
def _all_reduce(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    from kernels.comm.custom_all_reduce_kernel import make_allreduce_kernels

    fns = make_allreduce_kernels(N=cfg["N"], dtype_str=cfg["dtype"], world_size=cfg["ws"])
    pointers = 6 if cfg["launcher"] == "run_1stage_arr" else 7
    fns[cfg["launcher"]](0, 1, *([0] * (pointers - 2)), stream=None)


# Paged attention (kernels/attention/pa_decode_fp8.py pa_decode_ps_launch, FlyDSL's own host dispatch): the
# three device paths, each with the first row of the test_pa.py parametrisation that takes it. FlyDSL's test
# builds its arguments with aiter (fp8 quantisation) and triton (cdiv) and checks against a reference; here
# the same shapes, dtypes and host calls without them (the values never matter: nothing runs).
_PA_ROWS = {
    # test_sliding_window_accuracy: sliding window 1023 -> pa_decode_swa (the partitioned kernel + reduce)
    "swa/b128_h8x1_d128_ctx8192_bs1024_q1_per_token": {"path": "kernels/attention/pa_decode_swa",
        "batch": 128, "heads": (8, 1), "head": 128, "ctx": 8192, "block": 1024, "qlen": 1, "quant": "per_token",
        "window": 1023},
    # test_normal_accuracy: block size 16 -> pa_decode_tile (the small-block path)
    "tile/b3_h8x1_d128_ctx1027_bs16_q1_per_token": {"path": "kernels/attention/pa_decode_tile",
        "batch": 3, "heads": (8, 1), "head": 128, "ctx": 1027, "block": 16, "qlen": 1, "quant": "per_token",
        "window": 0},
    # test_metadata_accuracy: block size 1024 -> get_pa_metadata + pa_metadata (the persistent worklist)
    "metadata/b3_h16x1_d128_ctx1027_bs1024_q1_per_tensor": {"path": "kernels/attention/pa_metadata",
        "batch": 3, "heads": (16, 1), "head": 128, "ctx": 1027, "block": 1024, "qlen": 1, "quant": "per_tensor",
        "window": 0},
}  # fmt: skip


def _pa(src: Path, chip: str, cfg: dict[str, Any]) -> None:
    """test_pa.py run_pa_decode_ps_test up to its call of pa_decode_ps_launch, without aiter and triton."""
    import torch
    from kernels.attention import pa_decode_fp8 as pa

    batch, (hq, hkv), head, ctx, block, qlen = (cfg[k] for k in ("batch", "heads", "head", "ctx", "block", "qlen"))
    fp8 = torch.float8_e4m3fn if chip == "gfx950" else torch.float8_e4m3fnuz  # aiter.dtypes.fp8 on that chip
    bf16, i32, f32 = torch.bfloat16, torch.int32, torch.float32
    query = torch.empty(batch * qlen, hq + 2 * hkv, head, dtype=bf16)[:, :hq]  # a split of the qkv tensor
    blocks_per_seq = -(-max(16384, ctx) // block)
    total_blocks = blocks_per_seq * batch
    used = -(-ctx // block)
    block_tables = torch.zeros(batch, used, dtype=i32)
    context_lengths = torch.full((batch,), ctx, dtype=i32)
    x = 16  # fp8 elements per 16-byte vector
    key_cache = torch.empty(total_blocks, hkv, head // x, block, x, dtype=fp8)
    value_cache = torch.empty(total_blocks, hkv, block // x, head, x, dtype=fp8)  # shuffle_value_cache_layout
    if cfg["quant"] == "per_token":  # pertoken_quant's scales of (blocks, heads, block, head)
        key_scale, value_scale = (torch.ones(total_blocks, hkv, block, 1, dtype=f32) for _ in range(2))
    else:
        key_scale, value_scale = torch.ones(1, dtype=f32), torch.ones(1, dtype=f32)
    kv_indptr = torch.arange(batch + 1, dtype=i32) * used  # build_ps_page_data
    kv_page_indices = torch.zeros(batch * used, dtype=i32)
    metadata = pa.get_pa_metadata(
        query, key_cache, context_lengths, kv_indptr, hq, hkv, per_token_kv=cfg["quant"] == "per_token"
    )
    splits = pa.get_recommended_splits(
        batch, hkv, 256 // block, sliding_window=cfg["window"], context_partition_size=256, query_length=qlen
    )
    shape = (batch, hkv, splits, qlen * (hq // hkv))
    pa.pa_decode_ps_launch(
        torch.empty(batch * qlen, hq, head, dtype=bf16), query, key_cache, value_cache, context_lengths,
        kv_page_indices, kv_indptr, 1.0 / head**0.5, key_scale=key_scale, value_scale=value_scale,
        sliding_window=cfg["window"], metadata=metadata, block_tables=block_tables,
        max_context_partition_num=splits, exp_sums=torch.empty(shape, dtype=f32),
        max_logits=torch.empty(shape, dtype=f32), temporary_output=torch.empty(*shape, head, dtype=bf16),
    )  # fmt: skip


for _config, _row in _PA_ROWS.items():
    recipe(
        _row["path"],
        _row["path"] + ".py",
        CDNA,
        {_config: _row},
        note="test_pa.py's row through pa_decode_fp8.pa_decode_ps_launch, arguments built without aiter",
    )(_pa)


# Kernel sources of kernels/ and examples/ (files with @flyc.kernel / @flyc.jit) without a recipe here,
# and why (helper modules such as kernels/common/, flash_attn_utils.py, pa_common.py are covered through
# the kernels that use them). scripts/flydsl-kernels.py report lists them in docs/evidence/kernels.md.
NOT_COVERED = {
    "examples/utils/print_typst.py": "a layout printer, not a kernel",
    "kernels/comm/flydsl_dispatch_combine_intranode_kernel.py": "imports mori.ir.flydsl (AMD's MORI shmem "
    "library, not installed; its device functions enter the kernel body), so the module does not import",
    "kernels/mega_moe/": "imports mori.ir.flydsl for its shmem dispatch (kernels/mega_moe/dispatch.py), as "
    "flydsl_dispatch_combine_intranode_kernel; its GEMM stages (gemm1.py, gemm2.py) are built by "
    "mega_moe.py's multi-rank host code, not attempted",
}


class SkipCase(Exception):
    """A configuration that FlyDSL's own tests do not run on this chip (reported, not traced)."""


@dataclass
class Case:
    recipe: str
    chip: str
    config: str
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.recipe}@{self.chip}[{self.config}]"


def cases(only: list[str] | None = None, chips: list[str] | None = None) -> list[Case]:
    out = []
    for name, r in RECIPES.items():
        if only and not any(o in name for o in only):
            continue
        for chip in r.chips:
            if chips and chip not in chips:
                continue
            for config, settings in r.configs.items():
                out.append(Case(name, chip, config, settings))
    return out
