"""Helpers of scripts/flydsl-build.sh: edits to the copy of a FlyDSL checkout, the lit config, the table.

    edit.py cmake SRC                  add the FLYDSL_FLY_OPT_ONLY option (no Python bindings, no HIP runtime)
    edit.py port-llvm22 SRC            port FlyDSL's hand-written atoms to LLVM 22.1.8's ROCDL ops (baseline)
    edit.py lit-config CFG TESTS FLY_OPT FILECHECK   write a lit config for FlyDSL's tests/mlir
    edit.py table OUTDIR ATOMS COMMIT  results.tsv + summary.txt from the two lit logs (fly-to-nvvm files apart)
    edit.py compare BASE GEN           markdown table, baseline and generated side by side per file

Each edit names the few tokens it expects and fails loudly (exit 1) when the checkout differs,
instead of building something else than it says: the edits are tied to FlyDSL 11c4174d with
494b2cbd reverted, and to the branch pr/nvvm-target (feb45ce0, scripts/flydsl-nvvm-build.sh), and
the scripts apply them to a fresh copy each run.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

MARK = "flydsl-build"


class EditError(Exception):
    pass


def _replace(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    if new in text and old not in text:
        return  # already applied
    found = text.count(old)
    if found != count:
        raise EditError(f"{path}: expected {count} occurrence(s) of {old!r}, found {found}")
    path.write_text(text.replace(old, new), encoding="utf-8")


def _regex(path: Path, pattern: str, new: str, count: int) -> None:
    text = path.read_text(encoding="utf-8")
    result, found = re.subn(pattern, new, text)
    if found == 0 and MARK in text:
        return
    if found != count:
        raise EditError(f"{path}: expected {count} match(es) of /{pattern}/, found {found}")
    path.write_text(result, encoding="utf-8")


def edit_cmake(src: Path) -> None:
    top = src / "CMakeLists.txt"
    option = f'option(FLYDSL_FLY_OPT_ONLY "{MARK}: build fly-opt only, no Python bindings, no HIP runtime" OFF)\n'
    text = top.read_text(encoding="utf-8")
    if "FLYDSL_FLY_OPT_ONLY" in text:
        return
    _replace(top, "find_package(MLIR REQUIRED CONFIG)\n", option + "find_package(MLIR REQUIRED CONFIG)\n")
    _replace(
        top,
        "mlir_configure_python_dev_packages()\n",
        "if(NOT FLYDSL_FLY_OPT_ONLY)\n  mlir_configure_python_dev_packages()\nendif()\n",
    )
    _replace(
        top,
        "add_subdirectory(python/mlir_flydsl)",
        "if(NOT FLYDSL_FLY_OPT_ONLY)\n  add_subdirectory(python/mlir_flydsl)\nendif()",
    )
    _replace(
        src / "lib" / "CMakeLists.txt",
        "add_subdirectory(Runtime)",
        "if(NOT FLYDSL_FLY_OPT_ONLY)\n  add_subdirectory(Runtime)\nendif()",
    )


def _missing(op: str, intrinsic: str) -> str:
    return f'(void)noAttrs; return mlir::emitError(loc) << "{MARK}: {intrinsic} is not in LLVM 22.1.8";'


def port_llvm22(src: Path) -> None:
    """LLVM 22.1.8's ROCDL differs from the LLVM FlyDSL pinned before PR #945 in a few op signatures.

    Only the hand-written atoms need this (the generated ones come from `--llvm-api llvm-22.1`);
    each change is the smallest that compiles and keeps the emitted IR the same.
    """
    atoms = src / "lib" / "Dialect" / "FlyROCDL"
    arith = '#include "mlir/Dialect/Arith/IR/Arith.h"\n'
    # MFMA: cbsz/abid/blgp are i32 operands of one variadic list, not attributes.
    cdna3 = atoms / "CDNA3" / "MmaAtom.cpp"
    _replace(
        cdna3,
        '#include "mlir/Dialect/LLVMIR/LLVMDialect.h"\n',
        arith + '#include "mlir/Dialect/LLVMIR/LLVMDialect.h"\n',
    )
    _replace(
        cdna3,
        "auto zeroAttr = builder.getI32IntegerAttr(0);",
        "Value zeroI32 = arith::ConstantIntOp::create(builder, loc, 0, 32);",
    )
    _replace(cdna3, "a, b, c, zeroAttr, zeroAttr, zeroAttr)", "ValueRange{a, b, c, zeroI32, zeroI32, zeroI32})")
    # MFMA scale: the same for cbsz/blgp/opsel.
    cdna4 = atoms / "CDNA4" / "MmaAtom.cpp"
    _regex(
        cdna4,
        r"auto (cbsz|blgp|opselA|opselB)Attr = builder\.getI32IntegerAttr\(([^;]*)\);",
        r"Value \1Attr = arith::ConstantIntOp::create(builder, loc, \2, 32);",
        4,
    )
    _regex(
        cdna4,
        r"accTy, a, b, c, cbszAttr,(\s*)blgpAttr, opselAAttr, scaleA, opselBAttr,(\s*)scaleB\)",
        r"accTy, ValueRange{a, b, c, cbszAttr,\1blgpAttr, opselAAttr, scaleA, opselBAttr,\2scaleB})",
        2,
    )
    # Async LDS loads: LLVM 22.1.8 has neither op; the atom reports it where it would create one.
    # FlyDSL's branch pr/nvvm-target forks before those atoms (#1023): nothing to port there.
    copy4 = atoms / "CDNA4" / "CopyAtom.cpp"
    for op, intrinsic in (
        ("RawPtrBufferLoadAsyncLdsOp", "rocdl.raw.ptr.buffer.load.async.lds"),
        ("GlobalLoadAsyncLDSOp", "rocdl.global.load.async.lds"),
    ):
        if f"ROCDL::{op}" in copy4.read_text(encoding="utf-8"):
            _regex(copy4, rf"ROCDL::{op}::create\([^;]*\);", _missing(op, intrinsic), 1)
    # TDM: no rocdl.wave.id (thread id x / 32, made uniform); the tensor ops take 4 descriptor groups.
    tdm = atoms / "GFX1250" / "CopyAtom.cpp"
    _replace(
        tdm,
        "ROCDL::WaveId::create(builder, loc, builder.getI32Type());",
        "ROCDL::ReadfirstlaneOp::create(builder, loc, builder.getI32Type(), arith::DivUIOp::create("
        "builder, loc, ROCDL::ThreadIdXOp::create(builder, loc, builder.getI32Type()), i32Const(builder, loc, 32)));",
    )
    _replace(tdm, "dgroup0, dgroup1, dg2, dg3, dg4, cachePolicy", "dgroup0, dgroup1, dg2, dg3, cachePolicy", count=2)


LIT_CONFIG = """\
# {mark}: lit config for FlyDSL's tests/mlir (FlyDSL runs them with scripts/run_tests.sh, which
# substitutes %fly-opt and FileCheck and evals each RUN line with bash: the same here).
import os
import lit.formats

config.name = "flydsl-mlir"
try:
    config.test_format = lit.formats.ShTest(execute_external=True, force_execute_external=True)
except TypeError:  # lit before LLVM 23
    config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["atomgen", "Inputs"]  # atomgen's own tests run in their own suite
config.test_source_root = {tests!r}
config.test_exec_root = os.path.dirname(os.path.abspath(__file__))
config.substitutions.append(("%fly-opt", {fly_opt!r}))
config.substitutions.append(("%FileCheck", {filecheck!r}))
config.environment["PATH"] = os.path.dirname({filecheck!r}) + os.pathsep + os.environ.get("PATH", "")
"""


def lit_config(cfg: Path, tests: str, fly_opt: str, filecheck: str) -> None:
    cfg.write_text(LIT_CONFIG.format(mark=MARK, tests=tests, fly_opt=fly_opt, filecheck=filecheck), encoding="utf-8")


_RESULT = re.compile(r"^(PASS|FAIL|XFAIL|XPASS|UNSUPPORTED|UNRESOLVED|TIMEOUT): [^:]+ :: (\S+)")


def _results(log: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    if log.exists():
        for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
            match = _RESULT.match(line)
            if match:
                found[match.group(2)] = match.group(1)
    return found


# FlyDSL's NVIDIA branch (pr/nvvm-target) keeps its NVVM lowering tests here: their own suite in the table.
NVVM_TESTS = "Conversion/fly-to-nvvm/"
SUITES = ("fly-to-nvvm", "flydsl", "atomgen")


def table(outdir: Path, atoms: str, commit: str) -> None:
    rows = []
    for suite, log in (("flydsl", "flydsl-lit.log"), ("atomgen", "atomgen-lit.log")):
        for name, result in sorted(_results(outdir / log).items()):
            rows.append(("fly-to-nvvm" if suite == "flydsl" and name.startswith(NVVM_TESTS) else suite, name, result))
    (outdir / "results.tsv").write_text("".join(f"{s}\t{n}\t{r}\n" for s, n, r in rows), encoding="utf-8")
    seconds = (outdir / "build-seconds").read_text().strip() if (outdir / "build-seconds").exists() else "?"
    lines = [f"FlyDSL {commit}, atoms: {atoms}, fly-opt build: {seconds} s"]
    for suite in SUITES:
        if suite == "fly-to-nvvm" and not any(s == suite for s, _, _ in rows):
            continue  # a tree without the NVIDIA branch's tests (FlyDSL main)
        counts: dict[str, int] = {}
        for s, _, r in rows:
            if s == suite:
                counts[r] = counts.get(r, 0) + 1
        total = sum(counts.values())
        lines.append(f"{suite}: {total} files: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    (outdir / "summary.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _tsv(path: Path) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        suite, name, result = line.split("\t")
        out[(suite, name)] = result
    return out


def compare(base: Path, gen: Path) -> str:
    left, right = _tsv(base / "results.tsv"), _tsv(gen / "results.tsv")
    lines = []
    for suite in SUITES:
        if not any(k[0] == suite for k in set(left) | set(right)):
            continue
        lines += [f"\n### {suite}\n", "| file | hand-written | generated |", "|---|---|---|"]
        for key in sorted(k for k in set(left) | set(right) if k[0] == suite):
            a, b = left.get(key, "-"), right.get(key, "-")
            flag = " **(regression)**" if a == "PASS" and b != "PASS" else ""
            lines.append(f"| {key[1]} | {a} | {b}{flag} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    try:
        if argv[:1] == ["cmake"] and len(argv) == 2:
            edit_cmake(Path(argv[1]))
        elif argv[:1] == ["port-llvm22"] and len(argv) == 2:
            port_llvm22(Path(argv[1]))
        elif argv[:1] == ["lit-config"] and len(argv) == 5:
            lit_config(Path(argv[1]), argv[2], argv[3], argv[4])
        elif argv[:1] == ["table"] and len(argv) == 4:
            table(Path(argv[1]), argv[2], argv[3])
        elif argv[:1] == ["compare"] and len(argv) == 3:
            sys.stdout.write(compare(Path(argv[1]), Path(argv[2])))
        else:
            sys.stderr.write(__doc__ or "")
            return 2
    except (EditError, OSError) as error:
        print(f"flydsl-build: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
