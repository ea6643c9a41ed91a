# mypy: allow-untyped-defs
"""Subprocess worker that asks Triton's AMD backend (PyPI ``triton`` 3.9.0) about one MMA tile.

Run as ``python -m atomgen.oracle.triton.worker`` with one JSON request on stdin::

    {"items": [{"key": "...", "arch": "gfx950", "wave": 64, "warps": 4,
                "m": 16, "n": 16, "k": 128, "a": "fp8e4nv", "b": "fp8e4nv", "acc": "fp32",
                "scaled": ["e4m3", "e2m1"] | null}, ...]}

For each item it compiles a one-tile ``tl.dot`` (or ``tl.dot_scaled``) kernel for
``GPUTarget("hip", arch, wave)`` on the CPU, reads back what Triton's compiler chose (the
AMDGCN matrix instructions, the MMA attribute, each dot operand's kWidth, tensor shape and
element type) and asks Triton's C++ library for the linear layouts of C, A and B with that
choice, described as one instruction (one warp, ``transposed = False``). It answers one JSON
line per item, flushed at once::

    {"key": K, "ok": true, "instructions": ["v_mfma_..."], "mma": {"kind": "mfma", "version": 4,
     "instr_shape": [16, 16, 128]}, "operands": {"a": {"k_width": 16, "shape": [16, 128],
     "element": "f8E4M3FN", "instr_shape": [...], "bases": {"register": [[r, c], ...],
     "lane": [...]}}, "b": ..., "c": {...}}}
    {"key": K, "ok": false, "error": "..."}

Bases are Triton's: each a coordinate [dim0, dim1] of the operand tensor (A (M, K), B (K, N),
C (M, N), fp4 operands in packed bytes). The worker leaves with ``os._exit`` so that nanobind's
exit-time leak report cannot disturb the answers.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any

import triton  # type: ignore[import-untyped]
import triton.language as tl  # type: ignore[import-untyped]
from triton.backends.compiler import GPUTarget  # type: ignore[import-untyped]
from triton.compiler import ASTSource  # type: ignore[import-untyped]

_INSTRUCTION = re.compile(r"\bv_(?:mfma|wmma|smfmac|swmmac)\w*")
_MMA_ATTR = re.compile(r"^#(\w+) = #ttg\.amd_(mfma|wmma)<\{(.*)\}>", re.M)
_DOT_OPERAND = re.compile(
    r"tensor<(\d+)x(\d+)x(\w+), #ttg\.dot_op<\{opIdx = ([01]), parent = #(\w+), kWidth = (\d+)\}>>")
_RESULT = re.compile(r"tt\.dot(?:_scaled)? .*-> tensor<(\d+)x(\d+)x(\w+), #(\w+)>")


@triton.jit
def _dot_kernel(a_ptr, b_ptr, c_ptr, m: tl.constexpr, n: tl.constexpr, k: tl.constexpr,
                acc: tl.constexpr, precision: tl.constexpr):
    rm = tl.arange(0, m)
    rn = tl.arange(0, n)
    rk = tl.arange(0, k)
    a = tl.load(a_ptr + rm[:, None] * k + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * n + rn[None, :])
    c = tl.dot(a, b, out_dtype=acc, input_precision=precision)
    tl.store(c_ptr + rm[:, None] * n + rn[None, :], c)


@triton.jit
def _scaled_kernel(a_ptr, sa_ptr, b_ptr, sb_ptr, c_ptr, m: tl.constexpr, n: tl.constexpr, k: tl.constexpr,
                   ka: tl.constexpr, kb: tl.constexpr, fa: tl.constexpr, fb: tl.constexpr):
    rm = tl.arange(0, m)
    rn = tl.arange(0, n)
    rka = tl.arange(0, ka)
    rkb = tl.arange(0, kb)
    rs = tl.arange(0, k // 32)
    a = tl.load(a_ptr + rm[:, None] * ka + rka[None, :])
    b = tl.load(b_ptr + rkb[:, None] * n + rn[None, :])
    sa = tl.load(sa_ptr + rm[:, None] * (k // 32) + rs[None, :])
    sb = tl.load(sb_ptr + rn[:, None] * (k // 32) + rs[None, :])
    c = tl.dot_scaled(a, sa, fa, b, sb, fb, out_dtype=tl.float32)
    tl.store(c_ptr + rm[:, None] * n + rn[None, :], c)


_ACC = {"fp32": tl.float32, "fp16": tl.float16, "bf16": tl.bfloat16, "i32": tl.int32}
_SCALED_STORAGE = {"e4m3": "fp8e4nv", "e5m2": "fp8e5", "e2m1": "u8", "e2m3": "u8", "e3m2": "u8"}
_PACKED = {"e2m1": 2}  # elements per stored byte


def _emit(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def _compile(item: dict[str, Any]) -> Any:
    m, n, k = int(item["m"]), int(item["n"]), int(item["k"])
    target = GPUTarget("hip", str(item["arch"]), int(item["wave"]))
    options = {"num_warps": int(item.get("warps", 1))}
    scaled = item.get("scaled")
    if scaled:
        fa, fb = str(scaled[0]), str(scaled[1])
        ka, kb = k // _PACKED.get(fa, 1), k // _PACKED.get(fb, 1)
        signature = {"a_ptr": "*" + _SCALED_STORAGE[fa], "sa_ptr": "*u8", "b_ptr": "*" + _SCALED_STORAGE[fb],
                     "sb_ptr": "*u8", "c_ptr": "*fp32"}
        constants = {"m": m, "n": n, "k": k, "ka": ka, "kb": kb, "fa": fa, "fb": fb}
        source = ASTSource(fn=_scaled_kernel, signature={**signature, **{c: "constexpr" for c in constants}},
                           constexprs=constants)
    else:
        signature = {"a_ptr": "*" + str(item["a"]), "b_ptr": "*" + str(item["b"]), "c_ptr": "*" + str(item["acc"])}
        precision = "ieee" if item["a"] == "fp32" else None
        constants = {"m": m, "n": n, "k": k, "acc": _ACC[str(item["acc"])], "precision": precision}
        source = ASTSource(fn=_dot_kernel, signature={**signature, **{c: "constexpr" for c in constants}},
                           constexprs=constants)
    return triton.compile(source, target=target, options=options)


def _attr_fields(text: str) -> dict[str, str]:
    """``version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 128], ...`` -> name: raw value."""
    fields: dict[str, str] = {}
    for match in re.finditer(r"(\w+) = (\[[^\]]*\]|\{[^}]*\}|[\w.]+)", text):
        fields[match.group(1)] = match.group(2)
    return fields


def _ints(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"-?\d+", text)]


class _Layouts:
    """Triton's linear layouts for one-warp, untransposed AMD MMA descriptions."""

    def __init__(self) -> None:
        from triton._C.libtriton import gluon_ir, ir  # type: ignore[import-untyped]

        self.context = ir.context()
        ir.load_dialects(self.context)
        self.builder = gluon_ir.GluonOpBuilder(self.context)

    def parent(self, kind: str, version: int, instr_shape: list[int]) -> Any:
        from triton.experimental.gluon.language import amd  # type: ignore[import-untyped]

        if kind == "mfma":
            return amd.AMDMFMALayout(version=version, instr_shape=instr_shape, transposed=False,
                                     warps_per_cta=[1, 1])
        return amd.AMDWMMALayout(version=version, transposed=False, warp_bases=[], instr_shape=instr_shape or None)

    def bases(self, layout: Any, shape: list[int]) -> dict[str, Any]:
        linear = self.builder.to_linear_layout(layout._to_ir(self.builder), shape)
        return {"register": [list(b) for b in linear.reg_bases], "lane": [list(b) for b in linear.lane_bases],
                "warp": [list(b) for b in linear.warp_bases]}

    def operand(self, parent: Any, index: int, k_width: int, shape: list[int]) -> dict[str, Any]:
        from triton.experimental.gluon.language import DotOperandLayout  # type: ignore[import-untyped]

        return self.bases(DotOperandLayout(operand_index=index, parent=parent, k_width=k_width), shape)


def describe(item: dict[str, Any], layouts: _Layouts) -> dict[str, Any]:
    """Compile one item and describe Triton's choice (see the module docstring)."""
    compiled = _compile(item)
    ttgir, amdgcn = compiled.asm["ttgir"], compiled.asm["amdgcn"]
    parents = {name: (kind, _attr_fields(body)) for name, kind, body in _MMA_ATTR.findall(ttgir)}
    result_match = _RESULT.search(ttgir)
    if result_match is None or result_match.group(4) not in parents:
        raise ValueError("Triton does not lower this dot to a matrix instruction (no #amd_mfma/#amd_wmma result)")
    c_kind, c_fields = parents[result_match.group(4)]
    version = int(c_fields["version"])
    c_shape = _ints(c_fields.get("instrShape", "[]"))
    operands: dict[str, Any] = {}
    c_parent = layouts.parent(c_kind, version, c_shape)
    c_tensor = [int(result_match.group(1)), int(result_match.group(2))]
    operands["c"] = {"shape": c_tensor, "element": result_match.group(3), "instr_shape": c_shape,
                     "bases": layouts.bases(c_parent, c_tensor)}
    for rows, cols, element, index, parent_name, k_width in _DOT_OPERAND.findall(ttgir):
        role = "a" if index == "0" else "b"
        if role in operands or parent_name not in parents:
            continue
        kind, fields = parents[parent_name]
        shape = _ints(fields.get("instrShape", "[]"))
        tensor = [int(rows), int(cols)]
        parent = layouts.parent(kind, int(fields["version"]), shape)
        operands[role] = {"k_width": int(k_width), "shape": tensor, "element": element, "instr_shape": shape,
                          "bases": layouts.operand(parent, int(index), int(k_width), tensor)}
    return {"instructions": sorted(set(_INSTRUCTION.findall(amdgcn))),
            "mma": {"kind": c_kind, "version": version, "instr_shape": c_shape}, "operands": operands}


def main() -> int:
    try:
        request = json.load(sys.stdin)
        items = list(request["items"])
    except (ValueError, KeyError, TypeError) as error:
        _emit({"ok": False, "error": f"bad request: {error}"})
        return 2
    layouts = _Layouts()
    for item in items:
        key = item.get("key") if isinstance(item, dict) else None
        try:
            _emit({"key": key, "ok": True, **describe(item, layouts)})
        except Exception as error:  # noqa: BLE001 - Triton's refusals are answers, never crashes
            text = " ".join(str(error).split())
            if "^" in text:  # a CompilationError quotes the kernel source; its message follows the caret
                text = text.rsplit("^", 1)[1].strip() or text
            _emit({"key": key, "ok": False, "error": f"{type(error).__name__}: {text[:600]}"})
    return 0


if __name__ == "__main__":
    sys.stdout.flush()
    code = main()
    sys.stdout.flush()
    os._exit(code)
