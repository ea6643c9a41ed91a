"""Trace one of FlyDSL's kernels with the flydsl wheel on the CPU (the driver of scripts/flydsl-kernels.py).

    python kernel_trace.py FLYDSL_SRC RECIPE CONFIG_JSON

Run in a fresh interpreter per case, with the environment scripts/flydsl-kernels.py sets:
COMPILE_ONLY=1 FLYDSL_COMPILE_ONLY=1 FLYDSL_GPU_ARCH=<chip> FLYDSL_DUMP_IR=1 FLYDSL_DUMP_DIR=<dir>
FLYDSL_RUNTIME_ENABLE_CACHE=0 ROCM_PATH=<dir whose llvm/bin/ld.lld is Debian's ld.lld-22>. The
kernel is imported from FLYDSL_SRC (kernels/, examples/), called with CPU tensors of the shapes and
dtypes the recipe names, and the wheel dumps every stage (00 = the traced kernel). Nothing runs on a
device: no device exists here.

Shims, each because the wheel (0.5.0) is newer than the fetched source (11c4174d says 0.3.2) or
because there is no GPU:
- torch's "cuda" device is mapped to the CPU (factory functions, .cuda(), .to("cuda")), and
  torch.cuda.{Stream,current_stream,synchronize,is_available} answer without a device (the stream
  is None, which flydsl takes as fx.Stream(None); is_available says True because FlyDSL's test
  modules, whose argument builders some recipes call, skip themselves at import otherwise);
- flydsl.utils.smem_allocator.check_smem_capacity, which the gfx1250 kernels import and the wheel
  moved to flydsl.runtime.device, is bound to the wheel's own function there;
- torch.cuda.get_device_properties answers for the traced chip: gcnArchName is FLYDSL_GPU_ARCH and
  multi_processor_count the CU count of that chip's product named in CU_COUNT (kernels that ask use it
  for a launch grid or a route between two kernel paths; each recipe that depends on it says so);
- flydsl.compiler.compile returns None under COMPILE_ONLY: it is wrapped to return a launcher that
  does nothing instead, so that a test's runner that compiles and launches several kernels in turn
  (MoE stage 1, then stage 2) goes on to trace the next one.
"""

from __future__ import annotations

import json
import os
import sys
import types
from pathlib import Path
from typing import Any, Callable

_FACTORIES = (
    "arange",
    "empty",
    "empty_like",
    "empty_strided",
    "full",
    "full_like",
    "ones",
    "ones_like",
    "rand",
    "rand_like",
    "randint",
    "randint_like",
    "randn",
    "randn_like",
    "randperm",
    "tensor",
    "zeros",
    "zeros_like",
    "as_tensor",
    "linspace",
    "eye",
)


SKIP_EXIT = 3

# CUs of one product per chip, for torch.cuda.get_device_properties: MI300X (gfx942), MI355X (gfx950),
# RX 7900 XTX (gfx1100), RX 9060 XT (gfx1200), RX 9070 XT (gfx1201); gfx1250 has no public product
# figure: MI355X's 256 is taken.
CU_COUNT = {"gfx942": 304, "gfx950": 256, "gfx1100": 96, "gfx1200": 32, "gfx1201": 64, "gfx1250": 256}


def _cpu(device: object) -> object:
    text = str(device) if device is not None else ""
    return "cpu" if text.startswith("cuda") else device


def install_shims() -> None:
    import flydsl.runtime.device as device
    import flydsl.utils.smem_allocator as smem
    import torch

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            if "device" in kwargs:
                kwargs["device"] = _cpu(kwargs["device"])
            return fn(*args, **kwargs)

        return wrapped

    for name in _FACTORIES:
        if hasattr(torch, name):
            setattr(torch, name, wrap(getattr(torch, name)))
    original_to = torch.Tensor.to

    def to(self: Any, *args: Any, **kwargs: Any) -> Any:
        args = tuple(_cpu(a) if isinstance(a, (str, torch.device)) else a for a in args)
        if "device" in kwargs:
            kwargs["device"] = _cpu(kwargs["device"])
        return original_to(self, *args, **kwargs)

    def none(*args: Any, **kwargs: Any) -> None:
        return None

    setattr(torch.Tensor, "to", to)  # noqa: B010 (setattr: these replace methods of a typed module)
    setattr(torch.Tensor, "cuda", lambda self, *a, **k: self)  # noqa: B010
    for name in ("Stream", "current_stream", "synchronize"):
        setattr(torch.cuda, name, none)
    setattr(torch.cuda, "is_available", lambda: True)  # noqa: B010 (FlyDSL's test modules skip without it)
    chip = os.environ.get("FLYDSL_GPU_ARCH", "")
    props = types.SimpleNamespace(
        name=f"traced for {chip}", gcnArchName=chip, multi_processor_count=CU_COUNT.get(chip, 256)
    )
    setattr(torch.cuda, "get_device_properties", lambda *a, **k: props)  # noqa: B010
    import flydsl.compiler as flyc

    compile_only = flyc.compile

    def compile_and_go_on(*args: Any, **kwargs: Any) -> Any:
        compiled = compile_only(*args, **kwargs)
        return none if compiled is None else compiled

    setattr(flyc, "compile", compile_and_go_on)  # noqa: B010
    if not hasattr(smem, "check_smem_capacity"):
        setattr(smem, "check_smem_capacity", device.check_smem_capacity)  # noqa: B010


def main(argv: list[str]) -> int:
    src, recipe, config = Path(argv[0]).resolve(), argv[1], json.loads(argv[2])
    sys.path.insert(0, str(src))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    os.chdir(src)
    install_shims()
    import kernel_recipes

    try:
        kernel_recipes.RECIPES[recipe].run(src, os.environ["FLYDSL_GPU_ARCH"], config)
    except kernel_recipes.SkipCase as skip:
        print(f"SKIP: {skip}", file=sys.stderr)
        return SKIP_EXIT
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
