"""lit configuration for atomgen's generated FileCheck tests.

Run the tree written by `atomgen gen specs/ --out generated/`:

    lit -v tests                                   # generated/tests/mlir (the default)
    lit -v tests --param atomgen_tests=/some/tree/tests/mlir

The suite's sources are the generated `.mlir` files (not this folder). `%fly-opt` is the
flydsl-wheel stand-in `python -m atomgen.oracle.flydsl.flyopt` run with this interpreter, and
`FileCheck` is the `filecheck` PyPI tool next to it. Where a FlyDSL build that contains
atomgen's generated C++ is available, pass `--param fly_opt=/path/to/fly-opt` (and, if you have
it, `--param filecheck=/path/to/FileCheck`): that also enables the `atomgen-verifier` feature,
so the `*_verify.mlir` files (exact verify() wording) run instead of being UNSUPPORTED, the
`*_xfail.mlir` files are expected to pass, and the `fly-nvvm` feature (the PTX files, FlyNVVM) is on
unless `--param fly_nvvm=0`. For a build with FlyDSL's own atoms add
`--param atoms=handwritten`.
"""

# ruff: noqa: F821  (lit injects `config` and `lit_config`)
from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

import lit.formats

REPO = Path(__file__).resolve().parent.parent

config.name = "atomgen-filecheck"
# RUN lines use `{ ...; }` grouping: run them with bash, exactly as FlyDSL's runner (eval) does;
# lit's internal shell has no command grouping.
try:
    config.test_format = lit.formats.ShTest(execute_external=True, force_execute_external=True)
except TypeError:  # lit before LLVM 23 has no force_execute_external
    config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]

source = lit_config.params.get("atomgen_tests", str(REPO / "generated" / "tests" / "mlir"))
config.test_source_root = os.path.abspath(source)
config.test_exec_root = os.path.abspath(lit_config.params.get("atomgen_exec", config.test_source_root))

fly_opt = lit_config.params.get("fly_opt")
# Whose atoms that fly-opt holds: atomgen's generated ones (the default with fly_opt), or FlyDSL's
# hand-written ones (`--param atoms=handwritten`, a baseline build): then, as with the wheel, the
# `_xfail` files are expected to fail and the exact-wording files do not apply.
atoms = lit_config.params.get("atoms", "generated" if fly_opt else "handwritten")
if atoms == "generated":
    config.available_features.add("atomgen-verifier")
nvvm = lit_config.params.get("fly_nvvm", "1" if atoms == "generated" else "0")
if fly_opt and nvvm == "1":
    # A build of FlyDSL's branch pr/nvvm-target (PR #976) with atomgen's generated C++ for specs/nvvm has
    # the FlyNVVM dialect with these atoms and its NVVM lowering (--convert-fly-to-nvvm); FlyDSL's main and
    # the flydsl wheel's stand-in have neither, so the PTX files are UNSUPPORTED without one.
    config.available_features.add("fly-nvvm")
if lit_config.params.get("llvm_api"):
    # The LLVM API profile fly-opt was built against (atomgen gen --llvm-api): atoms whose ops it
    # lacks report that instead of lowering, and their files say `XFAIL: llvm-api-<profile>`.
    config.available_features.add("llvm-api-" + lit_config.params["llvm_api"])
if fly_opt:
    fly_opt_command = shlex.quote(fly_opt)
else:
    fly_opt_command = f"{shlex.quote(sys.executable)} -m atomgen.oracle.flydsl.flyopt"

filecheck = lit_config.params.get("filecheck")
if not filecheck:
    beside = Path(sys.executable).parent / "filecheck"
    found = shutil.which("filecheck") or shutil.which("FileCheck") or "filecheck"
    filecheck = str(beside) if beside.exists() else found

config.substitutions.append(("%fly-opt", fly_opt_command))
config.substitutions.append(("FileCheck", shlex.quote(filecheck)))

# The stand-in imports atomgen and flydsl: make the checkout importable, keep the environment small.
python_path = [str(REPO)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])
config.environment["PYTHONPATH"] = os.pathsep.join(python_path)
for name in ("HOME", "TMPDIR", "LD_LIBRARY_PATH"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
