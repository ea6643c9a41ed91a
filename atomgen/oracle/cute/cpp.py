"""CuTe's C++ MMA traits, for the atoms the CuTe DSL has no Python type for.

The CuTe DSL (nvidia-cutlass-dsl) builds sm80/sm89/sm90 MMAs of the common types, but not
sm70's quad-pair MMA nor sm80's int4 and binary (b1) MMAs. CUTLASS's C++ headers, shipped in
the `nvidia-cutlass` wheel (`cutlass_library/source/include`), define all of them as
`MMA_Traits<Op>` with ThrID / ALayout / BLayout / CLayout. This module writes one small C++
program naming the requested ops, compiles it with the host C++ compiler against those headers
(CuTe's headers need the CUDA runtime headers, found in Triton's wheel or a CUDA toolkit, and
CCCL's `cuda/std`, from the `nvidia-cuda-cccl` wheel or a CUDA toolkit), runs it on the CPU
and reads the printed layouts back. Nothing runs on a GPU.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Callable, Optional

COMPILE_TIMEOUT_S = 240
CACHE_FORMAT = "cute-traits 1"  # bump when what an answer holds changes
_OP = re.compile(r"^SM[0-9]{2}_[0-9]+x[0-9]+x[0-9]+_[A-Z0-9]+_[A-Z]{2}(_[A-Z]+)?$")
# sm100 UMMA ops are class templates: SM100_MMA_<kind>_SS<a, b, c, M, N, a_major, b_major>,
# SM100_MMA_<kind>_2x1SM_SS<...> for a CTA pair (cta_group::2), and _TS for A in tensor memory.
_UMMA_OP = re.compile(r"^SM100_MMA_(F16BF16|TF32|S8)(_2x1SM)?_(SS|TS)<(half_t|bfloat16_t|tfloat32_t|int8_t|uint8_t),"
                      r"(half_t|bfloat16_t|tfloat32_t|int8_t|uint8_t),(half_t|float|int32_t),[0-9]{2,3},[0-9]{1,3},"
                      r"UMMA::Major::(K|MN),UMMA::Major::(K|MN)>$")
# Block-scaled UMMA: SM100_MMA_MXF4_SS<a, b, c, sf, M, N, VS, a_major, b_major> and
# SM100_MMA_MXF8F6F4_SS<a, b, c, sf, M, N, a_major, b_major> (fp6 and fp4 as their unpacked types).
_MX_TYPE = (r"(cutlass::float_e4m3_t|cutlass::float_e5m2_t|cutlass::detail::float_e2m3_unpacksmem_t|"
            r"cutlass::detail::float_e3m2_unpacksmem_t|cutlass::detail::float_e2m1_unpacksmem_t)")
# (_2x1SM: the CTA pair, M 128 or 256)
_UMMA_SCALED_OP = re.compile(r"^(SM100_MMA_MXF4(_2x1SM)?_SS<(cutlass::float_e2m1_t),(cutlass::float_e2m1_t),float,"
                             r"(cutlass::float_ue8m0_t|cutlass::float_ue4m3_t),(128|256),[0-9]{1,3},(16|32),"
                             rf"UMMA::Major::K,UMMA::Major::K>|SM100_MMA_MXF8F6F4(_2x1SM)?_SS<{_MX_TYPE},{_MX_TYPE},"
                             r"float,cutlass::float_ue8m0_t,(128|256),[0-9]{1,3},UMMA::Major::K,UMMA::Major::K>)$")
# Dense kind::f8f6f4: SM100_MMA_F8F6F4_SS is one op for every format (the idesc carries them), its traits a
# template of the types and shape; atomgen names them SM100_MMA_F8F6F4_SS<a, b, c, M, N, a_major, b_major>.
# (MN-major for the fp8 formats only: CuTe's InstrDescriptor)
_UMMA_F8F6F4_OP = re.compile(rf"^SM100_MMA_F8F6F4_SS<{_MX_TYPE},{_MX_TYPE},(half_t|float),(64|128),[0-9]{{1,3}},"
                             r"UMMA::Major::(K|MN),UMMA::Major::(K|MN)>$")
# sm100 tensor-memory copies: SM100_TMEM_LOAD/STORE_<dp>dp<bits>b<num>x[_16b] and the cta_group::1 UTCCP ops.
_COPY_OP = re.compile(r"^SM100_(TMEM_(LOAD|STORE)_(16|32)dp(32|64|128|256)b[0-9]{1,3}x(_16b)?|UTCCP_(128dp256bit|"
                      r"4dp256bit|128dp128bit|2x64dp128bitlw0213|2x64dp128bitlw0123|4x32dp128bit)_1cta)$")
COPY_HEADER = "cute/atom/copy_traits_sm100.hpp"
# tcgen05.mma.ws: CuTe has no MMA op for it, only its accumulator fragment UMMA::tmem_frg_ws_1sm and the generic
# UMMA::make_instr_desc; atomgen names the pair UMMA_WS<a, b, c, M, N, a_major, b_major> (not a CuTe name).
_WS_TYPE = r"(half_t|bfloat16_t|tfloat32_t|int8_t|uint8_t|" + _MX_TYPE[1:]
_UMMA_WS_OP = re.compile(rf"^UMMA_WS<{_WS_TYPE},{_WS_TYPE},(half_t|float|int32_t),(32|64|128),(64|128|256),"
                         r"UMMA::Major::(K|MN),UMMA::Major::(K|MN)>$")
HEADERS = ("cute/atom/mma_traits_sm70.hpp", "cute/atom/mma_traits_sm75.hpp", "cute/atom/mma_traits_sm80.hpp")
UMMA_HEADER = "cute/atom/mma_traits_sm100.hpp"


class TraitsUnavailable(Exception):
    """No compiler or headers to read CuTe's C++ traits with."""


def _package_dir(name: str) -> Optional[Path]:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def include_dirs() -> list[Path]:
    """CUTLASS's include folder, CUDA runtime headers and CCCL, or TraitsUnavailable naming what is missing."""
    found: list[Path] = []
    cutlass = _package_dir("cutlass_library")
    if cutlass is None or not (cutlass / "source" / "include" / HEADERS[0]).is_file():
        raise TraitsUnavailable("CUTLASS's C++ headers not found (pip install nvidia-cutlass)")
    found.append(cutlass / "source" / "include")
    roots = [Path(p) for p in (os.environ.get("CUDA_HOME"), "/usr/local/cuda") if p]
    triton = _package_dir("triton")
    runtime = [triton / "backends" / "nvidia" / "include"] if triton else []
    runtime += [root / "include" for root in roots]
    headers = next((d for d in runtime if (d / "cuda_runtime_api.h").is_file()), None)
    if headers is None:
        raise TraitsUnavailable("cuda_runtime_api.h not found (Triton's wheel or a CUDA toolkit carries it)")
    found.append(headers)
    spec = importlib.util.find_spec("nvidia")  # namespace package of NVIDIA's wheels
    wheels = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    cccl = [w / sub for w in wheels for sub in ("cu13/include/cccl", "cu12/include/cccl", "cuda_cccl/include")]
    cccl += [root / "include" / "cccl" for root in roots] + [root / "include" for root in roots]
    std = next((d for d in cccl if (d / "cuda" / "std" / "utility").is_file()), None)
    if std is None:
        raise TraitsUnavailable("CCCL's cuda/std headers not found (pip install nvidia-cuda-cccl)")
    found.append(std)
    return found


def compiler() -> str:
    for candidate in (os.environ.get("CXX"), "c++", "g++", "clang++"):
        if candidate and shutil.which(candidate):
            return candidate
    raise TraitsUnavailable("no C++ compiler (set CXX or install g++)")


def copy_program(ops: list[str]) -> str:
    """Print each copy op's Copy_Traits: ThrID, ValID (the TMEM address of each TMEM-side value), Src, Dst, Ref."""
    lines = [f"#include <{COPY_HEADER}>", "#include <cstdio>", "using namespace cute;",
             "template <class Op> void show(const char* name) {", "  using T = Copy_Traits<Op>;",
             '  std::printf("%s|", name); print(typename T::ThrID{}); std::printf("|");',
             '  print(typename T::ValID{}); std::printf("|"); print(typename T::SrcLayout{}); std::printf("|");',
             '  print(typename T::DstLayout{}); std::printf("|"); print(typename T::RefLayout{}); std::printf("\\n");',
             "}", "int main() {"]
    lines += [f'  show<{op}>("{op}");' for op in ops]
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def copy_traits(ops: list[str]) -> dict[str, Any]:
    """op name -> {"thr", "val_id", "src", "dst", "ref"} CuTe layout text, or {"error": ...}."""
    bad = [op for op in ops if not _COPY_OP.match(op)]
    if bad:
        return {op: {"error": f"not a CuTe tensor-memory copy op name: {op!r}"} for op in ops}
    unique = sorted(set(ops))
    try:
        includes, cxx = include_dirs(), compiler()
    except TraitsUnavailable as error:
        return {op: {"error": str(error)} for op in unique}
    toolchain = _toolchain(cxx, includes) + "\ncopy"
    cached = {op: answer for op in unique if (answer := _cached(toolchain, op)) is not None}
    missing = [op for op in unique if op not in cached]
    answers = _compiled(missing, cxx, includes, copy_program) if missing else {}
    for op, answer in answers.items():
        if "error" not in answer:
            _remember(toolchain, op, answer)
    return {**cached, **answers}


def copy_record(answer: dict[str, Any], op: str) -> dict[str, Any]:
    """A worker answer record of one tensor-memory copy: layouts in bits, and ValID as `tmem_val_id`."""
    from atomgen.oracle.cute.fields import AtomError, layout_from_text

    if "error" in answer:
        raise AtomError(answer["error"])
    size = 1
    for extent in re.findall(r"-?\d+", answer["thr"].split(":")[0]):
        size *= int(extent)
    return {
        "threads": size,
        "thr": layout_from_text(answer["thr"]),
        "layouts": {role: layout_from_text(answer[role]) for role in ("src", "dst", "ref")},
        "tmem_val_id": layout_from_text(answer["val_id"]),
        "units": "bits",
        "cute_type": f"cute::Copy_Traits<cute::{op}>",
        "provenance": {"source": f"CUTLASS C++ headers, nvidia-cutlass {_version()} (compiled on the host)",
                       "built_with": f"cute::Copy_Traits<{op}> ThrID/ValID/SrcLayout/DstLayout/RefLayout"},
    }


def _umma(op: str) -> bool:
    return bool(_UMMA_OP.match(op) or _UMMA_SCALED_OP.match(op) or _UMMA_F8F6F4_OP.match(op) or _UMMA_WS_OP.match(op))


def _traits_type(op: str) -> str:
    """The MMA_Traits specialisation of an op name (kind::f8f6f4's takes its types and shape as arguments)."""
    if _UMMA_F8F6F4_OP.match(op):
        a, b, c, m, n, major_a, major_b = op[op.index("<") + 1:-1].split(",")
        majors = ",".join(f"integral_constant<UMMA::Major,{major}>" for major in (major_a, major_b))
        scales = ",".join(["integral_constant<UMMA::ScaleIn,UMMA::ScaleIn::One>"] * 2)
        return f"MMA_Traits<SM100_MMA_F8F6F4_SS,{a},{b},{c},C<{m}>,C<{n}>,{majors},{scales}>"
    return f"MMA_Traits<{op}>"


def program(ops: list[str]) -> str:
    ws = [op for op in ops if _UMMA_WS_OP.match(op)]
    ops = [op for op in ops if op not in ws]
    umma = [op for op in ops if _umma(op)] + ws
    scaled = [op for op in ops if _UMMA_SCALED_OP.match(op)]
    lines = [f"#include <{header}>" for header in HEADERS + ((UMMA_HEADER,) if umma else ())]
    lines += ["#include <cstdio>", "using namespace cute;",
              "template <class T> void show(const char* name) {",
              '  std::printf("%s|", name); print(typename T::ThrID{}); std::printf("|");',
              '  print(typename T::ALayout{}); std::printf("|"); print(typename T::BLayout{});',
              '  std::printf("|"); print(typename T::CLayout{}); std::printf("\\n");',
              "}"]
    if umma:
        # The accumulator's TMEM fragment of one MMA tile (of one CTA's M/2 x N half for a CTA pair): (M,N) ->
        # TMEM address (lane << 16 | column, in units of the accumulator type), and that type's bits.
        lines += ["template <class T> void show_tmem(const char* name) {",
                  "  using C = typename T::CLayout;",
                  "  auto t = T::FrgTypeC::make(make_shape(make_shape(size<1,0>(C{}), size<1,1>(C{})), _1{}, _1{}));",
                  '  std::printf("%s|tmem|", name); print(layout<0>(t.layout()));',
                  '  std::printf("|%d\\n", int(sizeof_bits_v<typename T::ValTypeC>));',
                  '  std::printf("%s|idesc|%u\\n", name, uint32_t(T{}.idesc_));', "}",
                  # A's TMEM fragment (the TS ops): (M,K) -> TMEM address in units of A's type.
                  "template <class T> void show_tmem_a(const char* name) {",
                  "  using A = typename T::ALayout;",
                  "  auto t = T::FrgTypeA::make(make_shape(make_shape(size<1,0>(A{}), size<1,1>(A{})), _1{}, _1{}));",
                  '  std::printf("%s|tmem_a|", name); print(layout<0>(t.layout()));',
                  '  std::printf("|%d\\n", int(sizeof_bits_v<typename T::ValTypeA>));', "}"]
    if scaled:
        # The scale factors' TMEM fragments (tmem_sf_frg) of one MMA tile: ((MN, (VS, K / VS))) -> TMEM address in
        # units of the factor type, for A over M rows and for B over N rounded up to whole 32-lane groups.
        lines += ["template <class Op, class Frg, int MN> void show_tmem_sf(const char* name, const char* role) {",
                  "  using T = MMA_Traits<Op>;",
                  "  auto t = Frg::make(make_shape(make_shape(Int<MN>{}, make_shape(Int<T::SFVecSize>{},"
                  " Int<T::K / T::SFVecSize>{})), _1{}, _1{}));",
                  '  std::printf("%s|%s|", name, role); print(layout<0>(t.layout()));',
                  '  std::printf("|%d|%d\\n", int(sizeof_bits_v<typename T::ValTypeSFA>), int(T::SFVecSize));', "}"]
    if ws:
        # .ws: the weight-stationary accumulator fragment of one (M,N) tile and the instruction descriptor
        lines += ["template <class A, class B, class Cc, int M, int N, UMMA::Major MA, UMMA::Major MB>",
                  "void show_ws(const char* name) {",
                  '  std::printf("%s|ws\\n", name);',
                  "  auto t = UMMA::tmem_frg_ws_1sm<Cc>::make(make_shape(make_shape(Int<M>{}, Int<N>{}), _1{}, _1{}));",
                  '  std::printf("%s|tmem|", name); print(layout<0>(t.layout()));',
                  '  std::printf("|%d\\n", int(sizeof_bits_v<Cc>));',
                  '  std::printf("%s|idesc|%u\\n", name, uint32_t(UMMA::make_instr_desc<A, B, Cc, M, N, MA, MB>()));',
                  "}"]
    lines += ["int main() {"]
    lines += [f'  show_ws<{op[len("UMMA_WS<"):-1]}>("{op}");' for op in ws]
    lines += [f'  show<{_traits_type(op)}>("{op}");' for op in ops]
    lines += [f'  show_tmem<{_traits_type(op)}>("{op}");' for op in umma if op not in ws]
    lines += [f'  show_tmem_a<{_traits_type(op)}>("{op}");' for op in umma if "_TS<" in op]
    for op in scaled:
        m, n = (int(x) for x in op.split(",")[4:6])  # <a,b,c,sf,M,N,...> in both forms
        pair = "_2x1SM_" in op  # each CTA holds its M / 2 rows of A's factors and all of N's
        # B's factors over N rounded up to whole 32-lane groups; a pair of M = 128 splits N over lanes 0 and 64
        # (ScaleFactorDuplicated2by2), so in 64-row steps
        step = 64 if pair and m == 128 else 32
        rows = -(-n // step) * step
        lines += [f'  show_tmem_sf<{op}, typename MMA_Traits<{op}>::FrgTypeSFA, {m // 2 if pair else m}>'
                  f'("{op}", "tmem_sfa");',
                  f'  show_tmem_sf<{op}, typename MMA_Traits<{op}>::FrgTypeSFB, {rows}>("{op}", "tmem_sfb");']
    lines += ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def traits(ops: list[str]) -> dict[str, Any]:
    """op name -> {"thr", "a", "b", "c"} CuTe layout text (underscores dropped), or {"error": ...}."""
    bad = [op for op in ops if not (_OP.match(op) or _umma(op))]
    if bad:
        return {op: {"error": f"not a CuTe MMA op name: {op!r}"} for op in ops}
    unique = sorted(set(ops))
    try:
        includes, cxx = include_dirs(), compiler()
    except TraitsUnavailable as error:
        return {op: {"error": str(error)} for op in unique}
    toolchain = _toolchain(cxx, includes)
    cached = {op: answer for op in unique if (answer := _cached(toolchain, op)) is not None}
    missing = [op for op in unique if op not in cached]
    answers = _compiled(missing, cxx, includes) if missing else {}
    for op, answer in answers.items():
        if "error" not in answer:
            _remember(toolchain, op, answer)
    return {**cached, **answers}


# CuTe's answer for an op depends only on the op, the headers and the compiler: a run repeats the compile
# (several seconds of CuTe's templates) only for the ops it has not seen with that toolchain. An answer
# with an error is never kept.
def _toolchain(cxx: str, includes: list[Path]) -> str:
    resolved = shutil.which(cxx) or cxx
    stamp = os.stat(resolved).st_mtime_ns if os.path.exists(resolved) else 0
    return "\n".join([CACHE_FORMAT, resolved, str(stamp), _version(), *map(str, includes)])


def _cache_path(toolchain: str, op: str) -> Path:
    from atomgen.replay import cache_dir

    return cache_dir() / "cute-traits" / (hashlib.sha256(f"{toolchain}\n{op}".encode()).hexdigest() + ".json")


def _cached(toolchain: str, op: str) -> Optional[dict[str, Any]]:
    try:
        answer = json.loads(_cache_path(toolchain, op).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(answer, dict) or answer.pop("op", None) != op or "error" in answer:
        return None
    return answer


def _remember(toolchain: str, op: str, answer: dict[str, Any]) -> None:
    path = _cache_path(toolchain, op)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps({**answer, "op": op}), encoding="utf-8")
        os.replace(temporary, path)  # a reader sees the whole answer or none
    except OSError:
        pass  # a cache that cannot be written only costs time


def _compiled(unique: list[str], cxx: str, includes: list[Path],
              writer: Callable[[list[str]], str] | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="atomgen-cute-cpp-") as folder:
        source = Path(folder) / "traits.cpp"
        binary = Path(folder) / "traits"
        source.write_text((writer or program)(unique), encoding="utf-8")
        command = [cxx, "-std=c++17", "-O0", "-w", *[f"-I{d}" for d in includes], str(source), "-o", str(binary)]
        try:
            built = subprocess.run(command, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S, check=False)
            if built.returncode != 0:
                message = (built.stderr or built.stdout).strip().splitlines()
                first = next((line for line in message if "error" in line), message[0] if message else "?")
                return {op: {"error": f"CuTe C++ traits did not compile: {first[:300]}"} for op in unique}
            ran = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            return {op: {"error": f"CuTe C++ traits: {error}"} for op in unique}
    answers: dict[str, Any] = {}
    for line in ran.stdout.splitlines():
        parts = line.split("|")
        if len(parts) == 2 and parts[1] == "ws":
            answers[parts[0]] = {"ws": True}
        elif len(parts) == 3 and parts[1] == "idesc" and parts[0] in answers:
            answers[parts[0]]["idesc"] = int(parts[2])
        elif len(parts) == 5 and parts[1] in ("tmem_sfa", "tmem_sfb") and parts[0] in answers:
            answers[parts[0]][parts[1]] = {"layout": parts[2].replace("_", ""), "value_bits": int(parts[3]),
                                           "vector_size": int(parts[4])}
        elif len(parts) == 4 and parts[1] in ("tmem", "tmem_a") and parts[0] in answers:
            role = "tmem_c" if parts[1] == "tmem" else "tmem_a"
            answers[parts[0]][role] = {"layout": parts[2].replace("_", ""), "value_bits": int(parts[3])}
        elif len(parts) == 5:
            thr, a, b, c = (text.replace("_", "") for text in parts[1:])
            answers[parts[0]] = {"thr": thr, "a": a, "b": b, "c": c}
        elif len(parts) == 6:  # a copy: ThrID|ValID|Src|Dst|Ref
            thr, val_id, src, dst, ref = (text.replace("_", "") for text in parts[1:])
            answers[parts[0]] = {"thr": thr, "val_id": val_id, "src": src, "dst": dst, "ref": ref}
    return {op: answers.get(op, {"error": f"CuTe printed nothing for {op}"}) for op in unique}


_CPP_TYPES = {"i4": "S4", "si4": "S4", "ui4": "U4", "i8": "S8", "ui8": "U8", "f16": "F16", "f32": "F32"}


# CuTe's BLAS-style operand order letters: A K-major is T, M-major N; B K-major is N, N-major T.
_ORDERS = {(False, False): "TN", (True, True): "NT", (True, False): "NN", (False, True): "TT"}


def op_name(family: str, m: int, n: int, k: int, a: str, b: str, c: str, bit_op: str = "",
            trans: tuple[bool, bool] = (False, False), ctas: int = 1, a_in_tmem: bool = False,
            scale: Optional[tuple[str, int, str]] = None, ws: bool = False) -> Optional[str]:
    """The CuTe C++ op of an instance the DSL cannot build (None: the DSL path applies).

    `trans` is (A MN-major, B MN-major), the spec's transA / transB; `ctas` 2 names the
    cta_group::2 op (its threads are the CTAs of the pair); `a_in_tmem` the TS op (A in tensor memory);
    `scale` (kind, vector size, scale-factor type) a block-scaled op; `ws` the weight-stationary form (atomgen's
    UMMA_WS<...>: CuTe's fragment and descriptor, CuTe having no .ws op).
    """
    if family == "umma" and ws:  # .ws: CuTe's weight-stationary fragment and descriptor
        names = {**_UMMA_TYPES, **_MX_TYPES}
        if scale is not None or ctas != 1 or a_in_tmem or a not in names or b not in names or c not in names:
            return None
        majors = ",".join(f"UMMA::Major::{'MN' if t else 'K'}" for t in trans)
        return f"UMMA_WS<{names[a]},{names[b]},{names[c]},{m},{n},{majors}>"
    if family == "umma" and scale is not None:
        kind, vector_size, sf = scale
        if c != "f32" or sf not in _SCALE_TYPES or any(trans) or ctas not in (1, 2) or a_in_tmem:
            return None
        pair = "_2x1SM" if ctas == 2 else ""
        if kind in ("mxf4", "mxf4nvf4") and a == b == "f4E2M1FN":
            return (f"SM100_MMA_MXF4{pair}_SS<cutlass::float_e2m1_t,cutlass::float_e2m1_t,float,{_SCALE_TYPES[sf]},"
                    f"{m},{n},{vector_size},UMMA::Major::K,UMMA::Major::K>")
        if kind == "mxf8f6f4" and a in _MX_TYPES and b in _MX_TYPES and vector_size == 32:
            return (f"SM100_MMA_MXF8F6F4{pair}_SS<{_MX_TYPES[a]},{_MX_TYPES[b]},float,{_SCALE_TYPES[sf]},{m},{n},"
                    "UMMA::Major::K,UMMA::Major::K>")
        return None
    if family == "quad_pair" and (m, n, k) == (8, 8, 4) and a == b == "f16" and c in ("f16", "f32"):
        return f"SM70_8x8x4_{_CPP_TYPES[c]}F16F16{_CPP_TYPES[c]}_{_ORDERS[trans]}"
    if a in ("i4", "si4", "ui4") and b in ("i4", "si4", "ui4") and c == "i32":
        return f"SM80_{m}x{n}x{k}_S32{_CPP_TYPES[a]}{_CPP_TYPES[b]}S32_TN"
    if a == b == "i1" and c == "i32" and bit_op in ("xor", "and"):
        return f"SM80_{m}x{n}x{k}_S32U1U1S32_TN_{bit_op.upper()}POPC"
    if family == "umma" and a in _MX_TYPES and b in _MX_TYPES and c in ("f16", "f32"):
        # MN-major: fp8 only, and B's needs N % 16 (CuTe's static_asserts; a failing one would break the program)
        narrow = [t for t, fmt in zip(trans, (a, b)) if t and fmt not in _MN_MAJOR_MX]
        if narrow or (trans[1] and n % 16) or ctas != 1 or a_in_tmem:
            return None
        types = f"{_MX_TYPES[a]},{_MX_TYPES[b]},{_UMMA_TYPES[c]}"
        majors = ",".join(f"UMMA::Major::{'MN' if t else 'K'}" for t in trans)
        return f"SM100_MMA_F8F6F4_SS<{types},{m},{n},{majors}>"
    integer = a in ("i8", "ui8") and b in ("i8", "ui8") and c == "i32"
    if family == "umma" and (integer or (a == b and a in ("f16", "bf16", "tf32") and c in ("f16", "f32"))):
        kind = "S8" if integer else "TF32" if a == "tf32" else "F16BF16"
        majors = ",".join(f"UMMA::Major::{'MN' if t else 'K'}" for t in trans)
        pair = "_2x1SM" if ctas == 2 else ""
        source = "TS" if a_in_tmem else "SS"
        return f"SM100_MMA_{kind}{pair}_{source}<{_UMMA_TYPES[a]},{_UMMA_TYPES[b]},{_UMMA_TYPES[c]},{m},{n},{majors}>"
    return None


# kind::mxf8f6f4's A and B: fp6 and fp4 as CuTe's unpacked shared-memory types (a byte each)
_MX_TYPES = {"f8E4M3FN": "cutlass::float_e4m3_t", "f8E5M2": "cutlass::float_e5m2_t",
             "f6E2M3FN": "cutlass::detail::float_e2m3_unpacksmem_t",
             "f6E3M2FN": "cutlass::detail::float_e3m2_unpacksmem_t",
             "f4E2M1FN": "cutlass::detail::float_e2m1_unpacksmem_t"}
_MN_MAJOR_MX = ("f8E4M3FN", "f8E5M2")
# the scale-factor types, UE4M3 carried as f8E4M3FN
_SCALE_TYPES = {"f8E8M0FNU": "cutlass::float_ue8m0_t", "f8E4M3FN": "cutlass::float_ue4m3_t"}
_UMMA_TYPES = {"f16": "half_t", "bf16": "bfloat16_t", "tf32": "tfloat32_t", "f32": "float", "i8": "int8_t",
               "ui8": "uint8_t", "i32": "int32_t"}


def record(answer: dict[str, Any], op: str) -> dict[str, Any]:
    """A worker answer record (as cute_worker gives for DSL atoms) from one traits answer."""
    from atomgen.oracle.cute.fields import AtomError, layout_from_text

    if "error" in answer:
        raise AtomError(answer["error"])
    if answer.get("ws"):
        return _ws_record(answer, op)
    thr = layout_from_text(answer["thr"])
    size = 1
    for extent in re.findall(r"-?\d+", answer["thr"].split(":")[0]):
        size *= int(extent)
    tensor_memory = {}
    if "tmem_c" in answer:  # addresses in units of the accumulator type: scale to 32-bit cells
        tmem = layout_from_text(answer["tmem_c"]["layout"])
        per_cell = 32 // int(answer["tmem_c"]["value_bits"])
        tensor_memory["c"] = {"shape": tmem["shape"], "stride": _scaled(tmem["stride"], per_cell)}
    if "tmem_a" in answer:  # A's elements share 32-bit columns: its addresses are converted one by one (tmem.py)
        tmem = layout_from_text(answer["tmem_a"]["layout"])
        tensor_memory["a"] = {"shape": tmem["shape"], "stride": tmem["stride"],
                              "value_bits": int(answer["tmem_a"]["value_bits"])}
    for role in ("sfa", "sfb"):  # ((rows, (VS, K / VS))): the VS elements of a block share the factor (stride 0)
        if f"tmem_{role}" in answer:
            found = answer[f"tmem_{role}"]
            tmem = layout_from_text(found["layout"])
            tensor_memory[role] = {"shape": tmem["shape"], "stride": tmem["stride"],
                                   "value_bits": int(found["value_bits"]), "vector_size": int(found["vector_size"])}
    return {
        "threads": size,
        "thr": thr,
        "tensor_memory": tensor_memory,
        **({"instruction_descriptor": answer["idesc"]} if "idesc" in answer else {}),
        "layouts": {role: layout_from_text(answer[role]) for role in ("a", "b", "c")},
        "units": "elements",
        "cute_type": f"cute::MMA_Traits<cute::{op}>",
        "provenance": {"source": f"CUTLASS C++ headers, nvidia-cutlass {_version()} (compiled on the host)",
                       "built_with": f"cute::MMA_Traits<{op}> ThrID/ALayout/BLayout/CLayout"},
    }


def _ws_record(answer: dict[str, Any], op: str) -> dict[str, Any]:
    """A .ws answer: only the accumulator's TMEM fragment and the idesc; CuTe has no thread or operand layouts."""
    from atomgen.oracle.cute.fields import layout_from_text

    tmem = layout_from_text(answer["tmem_c"]["layout"])
    per_cell = 32 // int(answer["tmem_c"]["value_bits"])
    return {
        "not_in_cute": ["threads", "thr", "a", "b", "c"],
        "tensor_memory": {"c": {"shape": tmem["shape"], "stride": _scaled(tmem["stride"], per_cell)}},
        **({"instruction_descriptor": answer["idesc"]} if "idesc" in answer else {}),
        "layouts": {},
        "units": "elements",
        "cute_type": "cute::UMMA::tmem_frg_ws_1sm, cute::UMMA::make_instr_desc",
        "provenance": {"source": f"CUTLASS C++ headers, nvidia-cutlass {_version()} (compiled on the host)",
                       "built_with": f"{op}: UMMA::tmem_frg_ws_1sm<c>::make((M,N)) and UMMA::make_instr_desc<...>() "
                       "(CuTe has no .ws MMA op, so no thread or operand layouts)"},
    }


def _scaled(stride: Any, divisor: int) -> Any:
    if isinstance(stride, list):
        return [_scaled(s, divisor) for s in stride]
    return int(stride) // divisor


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("nvidia-cutlass")
    except Exception:  # noqa: BLE001  # metadata missing
        return "unknown"
