"""The device side of the probe: find nvcc and a GPU, compile the programs, run them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from atomgen.probe.kernel import NVCC_ARCH

COMPILE_TIMEOUT_S = 300
RUN_TIMEOUT_S = 60


class NoDevice(Exception):
    """No nvcc or no NVIDIA GPU on this machine."""


def find_nvcc() -> Optional[str]:
    explicit = os.environ.get("NVCC")
    if explicit and Path(explicit).is_file():
        return explicit
    found = shutil.which("nvcc")
    if found:
        return found
    for candidate in ("/usr/local/cuda/bin/nvcc",):
        if Path(candidate).is_file():
            return candidate
    return None


def _run(command: list[str], timeout: float = 30) -> tuple[int, str]:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return 127, str(error)
    return done.returncode, (done.stdout + done.stderr).strip()


def gpu_info() -> dict[str, str]:
    """GPU name, driver and compute capability from nvidia-smi (empty dict without one)."""
    if shutil.which("nvidia-smi") is None:
        return {}
    code, text = _run(["nvidia-smi", "--query-gpu=name,driver_version,compute_cap",
                       "--format=csv,noheader"])
    if code != 0 or not text:
        return {}
    fields = [f.strip() for f in text.splitlines()[0].split(",")]
    info = {"gpu": fields[0]}
    if len(fields) > 1:
        info["driver"] = fields[1]
    if len(fields) > 2:
        info["compute_capability"] = fields[2]
    return info


def nvcc_version(nvcc: str) -> str:
    code, text = _run([nvcc, "--version"])
    match = re.search(r"release [^\n]*", text)
    return match.group(0) if match else text.splitlines()[-1] if text else ""


def require_device() -> tuple[str, dict[str, str]]:
    """(nvcc path, GPU info) or NoDevice with a message saying what is missing."""
    nvcc = find_nvcc()
    info = gpu_info()
    missing = []
    if nvcc is None:
        missing.append("nvcc not found (set NVCC or put it on PATH)")
    if not info:
        missing.append("no NVIDIA GPU (nvidia-smi found none)")
    if missing:
        raise NoDevice("; ".join(missing))
    assert nvcc is not None
    info["nvcc"] = nvcc_version(nvcc)
    return nvcc, info


@dataclass
class Build:
    slug: str
    binary: Optional[Path]
    log: str


def compile_one(nvcc: str, source: Path, link: tuple[Path, ...] = ()) -> Build:
    """One probe program; `link`: relocatable device objects it calls into (the generated atoms)."""
    binary = source.with_suffix("")
    command = [nvcc, "-O2", "-std=c++17", NVCC_ARCH, *(["-rdc=true"] if link else []), "-o", str(binary),
               str(source), *map(str, link)]
    code, text = _run(command, timeout=COMPILE_TIMEOUT_S)
    return Build(source.stem, binary if code == 0 and binary.is_file() else None, text)


def compile_objects(nvcc: str, ptx_files: list[Path]) -> dict[Path, Path]:
    """Each lowered atom PTX file as a relocatable device object (once, before the programs link it)."""
    objects = {}
    for ptx in ptx_files:
        target = ptx.with_suffix(".o")
        code, text = _run([nvcc, NVCC_ARCH, "-rdc=true", "-dc", str(ptx), "-o", str(target)],
                          timeout=COMPILE_TIMEOUT_S)
        if code != 0:
            raise RuntimeError(f"ptxas failed on {ptx.name}: {text[-2000:]}")
        objects[ptx] = target
    return objects


def assemble_for(nvcc: str, ptx: Path, arch: str) -> tuple[bool, str]:
    """One lowered atom PTX file assembled (ptxas, through nvcc) for `arch`, e.g. sm_100a, a GPU that need not be
    present: whether it assembles, and nvcc's output."""
    target = ptx.with_name(f"{ptx.stem}.{arch}.o")
    gencode = f"-gencode=arch=compute_{arch.removeprefix('sm_')},code={arch}"
    code, text = _run([nvcc, gencode, "-rdc=true", "-dc", str(ptx), "-o", str(target)], timeout=COMPILE_TIMEOUT_S)
    return code == 0, text


def compile_all(nvcc: str, sources: list[Path], jobs: Optional[int] = None,
                done: Optional[Callable[[str], None]] = None,
                link: Optional[dict[str, tuple[Path, ...]]] = None) -> dict[str, Build]:
    """Every source compiled in parallel; `done(name)` is called as each one finishes."""
    workers = jobs or max(1, min(32, (os.cpu_count() or 2)))

    def build(source: Path) -> Build:
        result = compile_one(nvcc, source, (link or {}).get(source.stem, ()))
        if done is not None:
            done(source.name)
        return result

    with ThreadPoolExecutor(max_workers=workers) as pool:
        builds = list(pool.map(build, sources))
    return {b.slug: b for b in builds}


@dataclass
class CaseRun:
    ok: bool
    output: bytes
    log: str
    time_ms: Optional[float] = None
    flop: Optional[int] = None


def execute(binary: Path, input_data: bytes, offsets: list[tuple[int, int]], out_total: int,
            out_sizes: list[int], workdir: Path, timing: bool = False) -> dict[int, CaseRun]:
    """Run a probe program; index -> result for every case it completed or failed on.

    A case missing from the answer was not reached (an earlier case broke the CUDA context).
    """
    in_path = workdir / f"{binary.name}.in"
    out_path = workdir / f"{binary.name}.out"
    in_path.write_bytes(input_data)
    command = [str(binary), str(in_path), str(out_path)] + (["time"] if timing else [])
    code, text = _run(command, timeout=RUN_TIMEOUT_S + 2 * len(offsets))
    output = out_path.read_bytes() if out_path.is_file() else b""
    results: dict[int, CaseRun] = {}
    errors: dict[int, str] = {}
    times: dict[int, tuple[float, int]] = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 3 and words[0] == "PROBE_ERROR" and words[1].isdigit():
            errors[int(words[1])] = " ".join(words[2:])
        elif len(words) == 4 and words[0] == "PROBE_TIME" and words[1].isdigit():
            times[int(words[1])] = (float(words[2]), int(words[3]))
    for line in text.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "PROBE_CASE" and words[1].isdigit():
            index = int(words[1])
            if words[2] == "ok" and len(output) >= out_total:
                start = offsets[index][1]
                run = CaseRun(True, output[start:start + out_sizes[index]], "")
                if index in times:
                    run.time_ms, run.flop = times[index]
                results[index] = run
            elif words[2] != "ok":
                results[index] = CaseRun(False, b"", errors.get(index, f"exit {code}: {text[-500:]}"))
    return results


def measure_peaks() -> dict[str, float]:
    """Dense matrix-product TFLOP/s through PyTorch (cuBLAS), 8192^3, when torch is there."""
    script = r"""
import json, torch
out = {}
def bench(name, fn, flop):
    try:
        for _ in range(3): fn()
        torch.cuda.synchronize()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(10): fn()
        e.record(); torch.cuda.synchronize()
        out[name] = flop * 10 / (s.elapsed_time(e) / 1e3) / 1e12
    except Exception as error:
        out[name + "_error"] = str(error)[:200]
n = 8192
flop = 2 * n ** 3
a = torch.randn(n, n, device="cuda", dtype=torch.bfloat16); b = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
bench("bf16", lambda: a @ b, flop)
a16 = a.half(); b16 = b.half()
bench("f16", lambda: a16 @ b16, flop)
torch.backends.cuda.matmul.allow_tf32 = True
a32 = a.float(); b32 = b.float()
bench("tf32", lambda: a32 @ b32, flop)
ai = torch.randint(-8, 8, (n, n), device="cuda", dtype=torch.int8)
bi = torch.randint(-8, 8, (n, n), device="cuda", dtype=torch.int8)
bench("int8", lambda: torch._int_mm(ai, bi.t().contiguous().t()), flop)
a8 = a.to(torch.float8_e4m3fn); b8 = b.to(torch.float8_e4m3fn).t().contiguous().t()
one = torch.tensor(1.0, device="cuda")
bench("fp8", lambda: torch._scaled_mm(a8, b8, scale_a=one, scale_b=one, out_dtype=torch.bfloat16), flop)
m = 4096
a64 = torch.randn(m, m, device="cuda", dtype=torch.float64); b64 = torch.randn(m, m, device="cuda", dtype=torch.float64)
bench("f64", lambda: a64 @ b64, 2 * m ** 3)
print(json.dumps(out))
"""
    python = shutil.which("python3") or "python3"
    code, text = _run([python, "-c", script], timeout=240)
    if code != 0:
        return {}
    import json

    try:
        data = json.loads(text.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {}
    return {k: round(float(v), 1) for k, v in data.items() if isinstance(v, (int, float))}
