#!/usr/bin/env python3
"""FlyDSL's own kernels as the test of atomgen's atoms (issue 49): trace, bridge, lower twice, compare ISA.

    flydsl-kernels.py run --src FLYDSL_CHECKOUT --hand FLY_OPT --generated FLY_OPT --work DIR
                          [--only SUBSTR ...] [--chip CHIP ...] [--timeout S] [--force] [--retrace]
                          [--pydeps DIR]
    flydsl-kernels.py report --work DIR [--json PATH] [--md PATH]

run: for every recipe x chip x configuration of scripts/flydsl/kernel_recipes.py (filtered by
--only / --chip), (1) traces the kernel with the flydsl wheel of this interpreter on the CPU
(scripts/flydsl/kernel_trace.py; COMPILE_ONLY, every stage dumped, 00 = the traced kernel),
(2) bridges stage 00 to FlyDSL 11c4174d's IR (scripts/flydsl/kernel_bridge.py: each rewrite and its
reason), (3) lowers the bridged file with each fly-opt through 11c4174d's ROCm pipeline
(python/flydsl/compiler/backends/rocm.py) ending in gpu-module-to-binary{format=isa}, with the
target options the wheel attached (its stage-12 #rocdl.target), and (4) compares the two ISAs
(scripts/flydsl/kernel_isa.py: raw bytes first, then without comments). (5) Where they differ, both
sides are lowered to the LLVM dialect, the two known differences of the generated atoms are undone on
the generated side (the TDM address mask; a buffer store's bitcast before its offset) and the ISA is
compared again, to say whether those explain every differing line; where they do not, the generated
side's TDM descriptors are also put in FlyDSL's order (kernel_isa.tdm_descriptor_in_flydsl_order) and
compared once more. (6) Where the generated fly-opt
refuses a kernel that issues fp8 x fp8 cdna4.mfma_scale (FlyDSL's 32-consecutive-K convention), the
kernel is lowered again through the atom atomgen declares for it, cdna4.mfma_scale_k32
(scripts/flydsl/kernel_declared.py), and compared with the hand-written ISA: "identical through a
declared atom". Both fly-opts must be
built against the same LLVM (scripts/flydsl-build.sh builds both on Debian's 22.1.8): ISA is never
compared across LLVMs. Results go to DIR/results.json (one record per case, resumable: a case
already there is not redone without --force) and the files of each case to DIR/cases/<case>/
(the wheel's trace is kept there and reused by a later run unless --retrace).

report: docs/evidence/kernels.{json,md} from DIR/results.json.

The final link of the wheel needs `ld.lld`: ROCM_PATH is set to DIR/rocm, whose llvm/bin/ld.lld is
Debian's ld.lld-22 (created if missing). fly-opt's gpu-module-to-binary links ocml/ockl into kernels that
call math functions from $ROCM_PATH/amdgcn/bitcode: DIR/rocm/amdgcn/bitcode is Debian's rocm-device-libs
(5.2.3, `apt-get install rocm-device-libs`), the same for both fly-opts.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "flydsl"))

import kernel_bridge  # noqa: E402
import kernel_declared  # noqa: E402
import kernel_isa  # noqa: E402
import kernel_recipes  # noqa: E402

LLD = Path("/usr/lib/llvm-22/bin/ld.lld")
# ocml/ockl for kernels that call math functions: gpu-module-to-binary links them from
# $ROCM_PATH/amdgcn/bitcode. Debian's rocm-device-libs (5.2.3) is the only copy here.
DEVICE_LIBS = Path("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode")
SKIP_EXIT = 3
TO_ISA = 'gpu-module-to-binary{format=isa opts=""}'


def pipeline(chip: str, target: dict[str, str], isa: bool = True) -> str:
    """FlyDSL 11c4174d's ROCm pipeline (backends/rocm.py _pipeline_parts), ending in ISA instead of a fatbin."""
    opts = {
        "O": target.get("O", "2"),
        "abi": target.get("abi", "600"),
        "chip": chip,
        "correct-sqrt": "true",
        "daz": target.get("daz", "false"),
        "fast": target.get("fast", "false"),
        "features": target.get("features", ""),
        "finite-only": target.get("finite-only", "false"),
        "module": "",
        "triple": target.get("triple", "amdgcn-amd-amdhsa"),
        "unsafe-math": target.get("unsafe-math", "false"),
        "wave64": "true" if chip.startswith("gfx9") else "false",
    }
    attach = " ".join(f"{k}={v}" for k, v in opts.items())
    passes = [
        "fly-rewrite-func-signature",
        "fly-canonicalize",
        "fly-layout-lowering",
        "fly-int-swizzle-simplify",
        "canonicalize",
        "fly-convert-atom-call-to-ssa-form",
        "fly-promote-regmem-to-vectorssa",
        "convert-fly-to-rocdl",
        "canonicalize",
        f"gpu.module(convert-scf-to-cf,cse,convert-gpu-to-rocdl{{chipset={chip} index-bitwidth=0 runtime=HIP "
        "use-bare-ptr-memref-call-conv=true},fly-rocdl-cluster-attr)",
        f"rocdl-attach-target{{{attach}}}",
        "convert-scf-to-cf",
        "convert-cf-to-llvm",
        "gpu-to-llvm{use-bare-pointers-for-host=true use-bare-pointers-for-kernels=true}",
        "convert-vector-to-llvm",
        "convert-arith-to-llvm",
        "convert-func-to-llvm",
        "reconcile-unrealized-casts",
    ]
    if isa:
        passes.append(TO_ISA)
    return "builtin.module(" + ",".join(passes) + ")"


_TARGET = re.compile(r"#rocdl\.target<([^>]*)>")


def wheel_target(stage12: str) -> dict[str, str]:
    """The options of the #rocdl.target the wheel attached (O, chip, features, abi, triple, flags)."""
    match = _TARGET.search(stage12)
    if not match:
        return {}
    body = match.group(1)
    out: dict[str, str] = {}
    for key, value in re.findall(r'(\w+)\s*=\s*("[^"]*"|\d+)', body):
        out[key] = value.strip('"')
    flags = re.search(r"flags\s*=\s*\{([^}]*)\}", body)
    for flag in flags.group(1).split(",") if flags else []:
        flag = flag.strip().split("=")[0].strip()
        if flag:
            out[{"finite_only": "finite-only", "unsafe_math": "unsafe-math"}.get(flag, flag)] = "true"
    return out


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")


def tail(text: str, lines: int = 12) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def first_error(text: str) -> str:
    if "Stack dump:" in text:
        # a crash, not a diagnostic: name the first frame outside LLVM's signal handling
        frames = re.findall(r"^\s*#\d+ 0x[0-9a-f]+ (\S.*)$", text, re.M)
        named = [f for f in frames if not f.startswith("(") and "llvm::sys::" not in f]
        where = "crashed (stack dump), in " + (named[0] if named else "an unnamed frame")
        # and the first of FlyDSL's ops on the stack, which says what was being built or verified
        op = next((f for f in named if re.search(r"mlir::fly\w*::\w+Op::", f)), None)
        if op:
            where += ", under " + re.sub(r"\(.*", "", op)
        return where[:400]
    for line in text.splitlines():
        if "error:" in line or "Error" in line or "error" in line.lower().split(":")[0]:
            return line.strip()[:400]
    return tail(text, 3)[:400]


def trace(case: kernel_recipes.Case, src: Path, dump: Path, rocm: Path, timeout: int) -> dict[str, Any]:
    env = dict(os.environ)
    env.update(
        COMPILE_ONLY="1",
        FLYDSL_COMPILE_ONLY="1",
        FLYDSL_GPU_ARCH=case.chip,
        FLYDSL_DUMP_IR="1",
        FLYDSL_DUMP_DIR=str(dump),
        FLYDSL_RUNTIME_ENABLE_CACHE="0",
        ROCM_PATH=str(rocm),
        PYTHONPATH=os.pathsep.join([str(src), *([str(PYDEPS)] if PYDEPS else [])]),
    )
    command = [
        sys.executable,
        str(HERE / "flydsl" / "kernel_trace.py"),
        str(src),
        case.recipe,
        json.dumps(case.settings),
    ]
    started = time.monotonic()
    try:
        proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
        rc, out = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as exc:
        rc, out = 124, f"timed out after {timeout} s\n" + str(exc.stdout or "")[-2000:]
    (dump.parent / "trace.log").write_text(out, encoding="utf-8")
    return {"rc": rc, "seconds": round(time.monotonic() - started, 1), "log": out}


def lower(fly_opt: Path, bridged: Path, chip: str, target: dict[str, str], out: Path, timeout: int) -> dict[str, Any]:
    started = time.monotonic()
    command = [str(fly_opt), str(bridged), f"--pass-pipeline={pipeline(chip, target)}"]
    env = dict(os.environ, ROCM_PATH=str(ROCM))
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)
        rc, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired:
        rc, stdout, stderr = 124, "", f"fly-opt timed out after {timeout} s"
    result: dict[str, Any] = {"rc": rc, "seconds": round(time.monotonic() - started, 1)}
    if rc != 0:
        result["error"] = first_error(stderr)
        (out.with_suffix(".err")).write_text(stderr, encoding="utf-8")
        return result
    assembly = kernel_isa.extract_assembly(stdout)
    if not assembly:
        result.update(rc=1, error="no assembly in fly-opt's output")
        return result
    out.write_text("".join(assembly), encoding="utf-8")
    return result


def explain(args: argparse.Namespace, bridged: Path, chip: str, target: dict[str, str], work: Path) -> dict[str, Any]:
    """Are the two known differences between atomgen's and FlyDSL's atoms the whole difference? Both
    fly-opts lower to the LLVM dialect; on the generated side the TDM atom's 0x1FFFFFF global-address mask
    is taken out (kernel_isa.drop_tdm_address_mask) and each buffer store's value bitcast is put after its
    offset multiply, FlyDSL's order (kernel_isa.buffer_store_in_flydsl_order); LLVM's gpu-module-to-binary
    then makes ISA of both. "identical" means those two account for every differing line."""
    llvm = {}
    env = dict(os.environ, ROCM_PATH=str(ROCM))
    for side, fly_opt in (("hand", args.hand), ("generated", args.generated)):
        proc = subprocess.run(
            [str(fly_opt), str(bridged), f"--pass-pipeline={pipeline(chip, target, isa=False)}"],
            capture_output=True,
            text=True,
            timeout=args.timeout,
            env=env,
        )
        if proc.returncode != 0:
            return {"verdict": "not lowered", "reason": first_error(proc.stderr)}
        llvm[side] = proc.stdout
    llvm["generated"], masks = kernel_isa.drop_tdm_address_mask(llvm["generated"])
    llvm["generated"], stores = kernel_isa.buffer_store_in_flydsl_order(llvm["generated"])
    isa = {}
    for side, text in llvm.items():
        path = work / f"{side}.llvm-dialect.mlir"
        path.write_text(text, encoding="utf-8")
        isa[side], error = to_isa(args, path, env)
        if error:
            return {"verdict": "not lowered", "reason": error}
    (work / "generated.explained.s").write_text(isa["generated"], encoding="utf-8")
    residue = kernel_isa.compare(isa["hand"], isa["generated"])
    result: dict[str, Any] = {
        "tdm_masks_removed": masks,
        "buffer_stores_reordered": stores,
        "verdict": kernel_isa.explain_residue(isa["hand"], isa["generated"]),
    }
    if residue.verdict == "different":
        result.update(first_difference=residue.first_difference, differing_lines=residue.differing_lines)
    if result["verdict"] != "identical":
        # What is left: is it the order in which the generated TDM atom builds its descriptor? The generated
        # side again, its clamped dims where and as FlyDSL builds them (kernel_isa.tdm_descriptor_in_flydsl_order).
        text, moved = kernel_isa.tdm_descriptor_in_flydsl_order(llvm["generated"])
        if moved:
            path = work / "generated.flydsl-order.llvm-dialect.mlir"
            path.write_text(text, encoding="utf-8")
            ordered, error = to_isa(args, path, env)
            result["tdm_descriptor_order"] = {
                "dims_moved": moved,
                "verdict": f"not lowered ({error})" if error else kernel_isa.explain_residue(isa["hand"], ordered),
            }
    return result


def to_isa(args: argparse.Namespace, llvm_dialect: Path, env: dict[str, str]) -> tuple[str, str]:
    """The assembly gpu-module-to-binary makes of an LLVM-dialect file (the hand-written build's fly-opt;
    at this stage no atom is left) and "", or "" and the error."""
    proc = subprocess.run(
        [str(args.hand), str(llvm_dialect), f"--pass-pipeline=builtin.module({TO_ISA})"],
        capture_output=True,
        text=True,
        timeout=args.timeout,
        env=env,
    )
    if proc.returncode != 0:
        return "", first_error(proc.stderr)
    return "".join(kernel_isa.extract_assembly(proc.stdout)), ""


def declared(
    args: argparse.Namespace, entry: dict[str, Any], bridged_text: str, chip: str, target: dict[str, str], work: Path
) -> None:
    """The generated fly-opt refused a kernel that names FlyDSL's fp8 convention through the hardware atom:
    lower it again through the atom atomgen declares for that convention (kernel_declared), compare with the
    hand-written fly-opt's ISA and record both outcomes."""
    text, count = kernel_declared.rename(bridged_text)
    renamed = work / "bridged_k32.mlir"
    renamed.write_text(text, encoding="utf-8")
    lowered = lower(args.generated, renamed, chip, target, work / "generated_k32.s", args.timeout)
    record: dict[str, Any] = {"atom": kernel_declared.ATOM_NAME, "renamed": count, "hardware_atom": entry["reason"]}
    if lowered["rc"] != 0:
        record.update(verdict="refused", reason=lowered["error"])
    else:
        hand_s = (work / "hand.s").read_text()
        cmp = kernel_isa.compare(hand_s, (work / "generated_k32.s").read_text())
        record.update(verdict=cmp.verdict, isa_lines=len(kernel_isa.normalise(hand_s).splitlines()))
        if cmp.verdict == "different":
            record.update(first_difference=cmp.first_difference, differing_lines=cmp.differing_lines)
    entry["declared_atom"] = record
    entry["status"] = f"{record['verdict']} through a declared atom"


def run_case(case: kernel_recipes.Case, args: argparse.Namespace, rocm: Path) -> dict[str, Any]:
    record: dict[str, Any] = {"case": case.id, "recipe": case.recipe, "chip": case.chip, "config": case.config}
    record["source"] = kernel_recipes.RECIPES[case.recipe].source
    base = args.work / "cases" / slug(case.id)
    dump = base / "wheel"
    saved = base / "trace.json"
    if saved.exists() and not args.retrace:
        traced = json.loads(saved.read_text(encoding="utf-8"))  # the wheel's trace of an earlier run
    else:
        if dump.exists():
            subprocess.run(["rm", "-rf", str(dump)], check=True)
        dump.mkdir(parents=True)
        traced = trace(case, args.src, dump, rocm, args.timeout)
        saved.write_text(json.dumps(traced), encoding="utf-8")
    record["trace_seconds"] = traced["seconds"]
    origins = sorted(dump.glob("*/00_origin.mlir"))
    if traced["rc"] == SKIP_EXIT:
        record.update(status="not run", reason=tail(traced["log"], 1).removeprefix("SKIP: "))
        return record
    if not origins:
        record.update(status="not traceable", reason=first_error(traced["log"]), trace_log=tail(traced["log"]))
        return record
    if traced["rc"] != 0:
        # The wheel traced stage 00 but a later stage of its own pipeline failed: still comparable.
        record["wheel_pipeline_error"] = first_error(traced["log"])
    kernels = []
    for origin in origins:
        kernel = origin.parent.name
        entry: dict[str, Any] = {"kernel": kernel}
        stage12 = next(iter(sorted(origin.parent.glob("12_*.mlir"))), None)
        target = wheel_target(stage12.read_text(encoding="utf-8")) if stage12 else {}
        entry["target"] = target
        try:
            bridged_text, fired = kernel_bridge.bridge(origin.read_text(encoding="utf-8"))
        except kernel_bridge.BridgeError as error:
            entry.update(status="not bridged", reason=str(error))
            kernels.append(entry)
            continue
        entry["bridged"] = fired
        work = base / kernel
        work.mkdir(parents=True, exist_ok=True)
        bridged = work / "bridged.mlir"
        bridged.write_text(bridged_text, encoding="utf-8")
        results = {}
        for side, fly_opt in (("hand", args.hand), ("generated", args.generated)):
            results[side] = lower(fly_opt, bridged, case.chip, target, work / f"{side}.s", args.timeout)
        entry["lower"] = results
        hand, gen = results["hand"], results["generated"]
        if hand["rc"] != 0 and gen["rc"] != 0 and record.get("wheel_pipeline_error"):
            # The wheel's own pipeline (its LLVM) fails on this kernel for this chip as well.
            entry.update(
                status="not for this chip",
                reason="the wheel: " + record["wheel_pipeline_error"] + "; both fly-opts: " + hand["error"],
            )
        elif hand["rc"] != 0 and gen["rc"] != 0:
            same = hand.get("error") == gen.get("error")
            entry.update(status="not lowered", reason=("both fly-opts: " if same else "hand-written: ") + hand["error"])
            if not same:
                entry["reason_generated"] = gen["error"]
        elif hand["rc"] != 0 or gen["rc"] != 0:
            entry.update(
                status="refused",
                side="hand-written" if hand["rc"] != 0 else "generated",
                reason=(hand if hand["rc"] != 0 else gen)["error"],
            )
            if gen["rc"] != 0 and hand["rc"] == 0 and kernel_declared.applies(bridged_text):
                declared(args, entry, bridged_text, case.chip, target, work)
        else:
            cmp = kernel_isa.compare((work / "hand.s").read_text(), (work / "generated.s").read_text())
            entry.update(
                status=cmp.verdict, isa_lines=len(kernel_isa.normalise((work / "hand.s").read_text()).splitlines())
            )
            if cmp.verdict == "different":
                entry.update(first_difference=cmp.first_difference, differing_lines=cmp.differing_lines)
                entry["explained"] = explain(args, bridged, case.chip, target, work)
        kernels.append(entry)
    record["kernels"] = kernels
    statuses = {k["status"] for k in kernels}
    record["status"] = (
        statuses.pop() if len(statuses) == 1 else "mixed: " + ", ".join(sorted(k["status"] for k in kernels))
    )
    return record


ROCM = Path("rocm")  # set by cmd_run: DIR/rocm
PYDEPS: Path | None = None  # set by cmd_run: --pydeps


def cmd_run(args: argparse.Namespace) -> int:
    global ROCM, PYDEPS
    PYDEPS = args.pydeps.resolve() if args.pydeps else None
    args.work.mkdir(parents=True, exist_ok=True)
    rocm = ROCM = args.work / "rocm"
    (rocm / "llvm" / "bin").mkdir(parents=True, exist_ok=True)
    (rocm / "amdgcn").mkdir(parents=True, exist_ok=True)
    for link, target in ((rocm / "llvm" / "bin" / "ld.lld", LLD), (rocm / "amdgcn" / "bitcode", DEVICE_LIBS)):
        if not link.is_symlink() and target.exists():
            link.symlink_to(target)
    results_path = args.work / "results.json"
    results: dict[str, Any] = json.loads(results_path.read_text()) if results_path.exists() else {}
    todo = kernel_recipes.cases(args.only, args.chip)
    for i, case in enumerate(todo, 1):
        if case.id in results and not args.force:
            continue
        started = time.monotonic()
        record = run_case(case, args, rocm)
        record["seconds"] = round(time.monotonic() - started, 1)
        results[case.id] = record
        results_path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(
            f"[{i}/{len(todo)}] {case.id}: {record['status']} ({record['seconds']} s)"
            + (f" -- {record.get('reason', '')[:160]}" if record.get("reason") else ""),
            flush=True,
        )
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run")
    run.add_argument("--src", type=Path, required=True)
    run.add_argument("--hand", type=Path, required=True)
    run.add_argument("--generated", type=Path, required=True)
    run.add_argument("--work", type=Path, required=True)
    run.add_argument("--only", action="append")
    run.add_argument("--chip", action="append")
    run.add_argument("--timeout", type=int, default=900)
    run.add_argument("--force", action="store_true", help="redo cases already in results.json")
    run.add_argument("--retrace", action="store_true", help="trace again even where a case's trace is kept")
    run.add_argument(
        "--pydeps",
        type=Path,
        help="a `pip install --target` folder put on the traces' PYTHONPATH: pandas, which FlyDSL's "
        "tests/test_common.py imports (the MoE recipes call tests/kernels/test_moe_gemm.py's runners)",
    )
    report = sub.add_parser("report")
    report.add_argument("--work", type=Path, required=True)
    report.add_argument("--json", type=Path)
    report.add_argument("--md", type=Path)
    args = parser.parse_args(argv)
    if args.command == "run":
        args.src, args.work = args.src.resolve(), args.work.resolve()
        return cmd_run(args)
    import kernel_report

    return kernel_report.main(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
