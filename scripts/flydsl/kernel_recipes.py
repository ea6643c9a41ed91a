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
    runpy.run_path(str(src / path), run_name="__main__")


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


# Kernel sources of kernels/ and examples/ (files with @flyc.kernel / @flyc.jit) without a recipe here,
# and why. scripts/flydsl-kernels.py report lists them in docs/evidence/kernels.md.
NOT_COVERED = {
    "examples/extension/coop/01-warp_collectives.py": "not attempted in this session (no MMA/copy atoms)",
    "examples/extension/coop/02-block_scan.py": "not attempted in this session (no MMA/copy atoms)",
    "examples/utils/print_typst.py": "a layout printer, not a kernel",
    "kernels/attention/flash_attn_gfx950.py": "not attempted: its entry (flash_attn_interface) asks torch for the "
    "device's properties (CU count) to pick a path; a recipe must bypass it",
    "kernels/attention/flash_attn_fp8_gfx950.py": "not attempted (as flash_attn_gfx950)",
    "kernels/attention/flash_attn_generic.py": "not attempted (as flash_attn_gfx950)",
    "kernels/attention/swa_gfx950.py": "not attempted in this session",
    "kernels/attention/mla_fwd_decode_m16x8_fp8_fp8.py": "not attempted in this session",
    "kernels/attention/pa_decode_swa.py": "not attempted in this session",
    "kernels/attention/pa_decode_tile.py": "not attempted in this session",
    "kernels/attention/pa_metadata.py": "not attempted in this session",
    "kernels/attention/fused_rope_cache_kernel.py": "not attempted in this session",
    "kernels/attention/qk_norm_rope_quant.py": "not attempted in this session",
    "kernels/comm/custom_all_reduce_kernel.py": "multi-GPU collective (peer buffers, IPC handles): not attempted",
    "kernels/comm/flydsl_dispatch_combine_intranode_kernel.py": "multi-GPU dispatch/combine: not attempted",
    "kernels/conv/conv3d_implicit_fp8.py": "not attempted in this session",
    "kernels/mega_moe/": "multi-GPU MoE (shmem dispatch): not attempted",
    "kernels/moe/moe_2stage_a16wmix/": "not attempted in this session",
    "kernels/moe/moe_gemm_2stage/": "not attempted in this session",
    "kernels/moe/mxfp_moe/": "not attempted in this session",
    "kernels/moe/moe_sorting_kernel.py": "not attempted in this session",
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
