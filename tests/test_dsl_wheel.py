"""The generated DSL modules (generated/python/flydsl/expr/rocdl/*.py) in place of the flydsl wheel's own: a
flydsl package whose expr/rocdl holds them, over the wheel's native extension, imports; a binding class the
extension lacks is reported by name (the module's MISSING_BINDINGS, and a clear error from the wrapper that needs
it), not an ImportError; and the generated `WMMA`, FlyDSL's architecture switch, answers per chip as the wheel's
own `WMMA` does.

The package is the wheel's, file for file, with the generated modules copied over its expr/rocdl ones: every
other entry is a symbolic link to the installed wheel (its native libraries, ~270 MB, are not copied), and each
import runs in a child interpreter with that package first on sys.path. Nothing is mocked."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

# flydsl.expr imports torch: a CPU build, which scripts/test-setup.sh installs where the machine has its wheel
pytest.importorskip("torch", reason="flydsl.expr imports torch; no torch in this environment (scripts/test-setup.sh "
                    "installs the CPU build where /opt/wheels has it)")

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated/python/flydsl/expr/rocdl"
MODULES = ("universal", "cdna4", "cdna5")


def _wheel() -> Path:
    found = importlib.util.find_spec("flydsl")
    assert found is not None and found.origin, "the flydsl wheel (pyproject's test extra) is not installed"
    return Path(found.origin).parent


def _mirror(source: Path, target: Path, deeper: dict[str, Any]) -> None:
    """`target` as `source`: a link per entry, except the folders of `deeper`, mirrored in turn."""
    target.mkdir(parents=True)
    for entry in source.iterdir():
        if entry.name == "__pycache__":
            continue
        if entry.name in deeper:
            _mirror(entry, target / entry.name, deeper[entry.name])
        else:
            (target / entry.name).symlink_to(entry)


@pytest.fixture(scope="module")
def overlay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding `flydsl` (the wheel's, with the generated rocdl modules) and the wheel's `flydsl.libs`."""
    wheel = _wheel()
    root = tmp_path_factory.mktemp("overlay")
    _mirror(wheel, root / "flydsl", {"expr": {"rocdl": {}}})
    libs = wheel.parent / "flydsl.libs"  # the native extension's own libraries, found from its rpath
    if libs.is_dir():
        (root / "flydsl.libs").symlink_to(libs)
    for name in MODULES:
        module = root / "flydsl/expr/rocdl" / f"{name}.py"
        module.unlink()
        shutil.copy(GENERATED / f"{name}.py", module)
    return root


_IMPORT = """
import json, re, sys
import flydsl
import flydsl.expr.rocdl as rocdl
from flydsl._mlir.dialects import fly_rocdl
modules = {}
for name in sys.argv[1].split(","):
    module = __import__(f"flydsl.expr.rocdl.{name}", fromlist=["_"])
    text = open(module.__file__).read()
    modules[name] = {
        "file": module.__file__,
        "missing": list(module.MISSING_BINDINGS),
        "looked_up": re.findall(r"^(\\w+) = _binding\\(", text, re.M),
        "all": list(module.__all__),
    }
print(json.dumps({"flydsl": flydsl.__file__, "native": sorted(dir(fly_rocdl)), "modules": modules,
                  "rocdl_WMMA": rocdl.WMMA.__module__}))
"""


def _run(overlay: Path | None, code: str, *args: str, stdin: str = "", env: dict[str, str] | None = None) -> Any:
    """`code` in a child interpreter, with the overlay first on sys.path (None: the wheel alone); its JSON."""
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "FLYDSL_GPU_ARCH")}
    if overlay is not None:
        environment["PYTHONPATH"] = str(overlay)
    environment.update(env or {})
    # -B: no bytecode beside the links (the wheel's folders) or the copies
    run = subprocess.run([sys.executable, "-B", "-c", code, *args], input=stdin, capture_output=True, text=True,
                         env=environment, cwd=overlay or ROOT, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.splitlines()[-1])


def test_generated_modules_import_over_the_wheel_and_name_the_missing_bindings(overlay: Path) -> None:
    found = _run(overlay, _IMPORT, ",".join(MODULES))
    assert found["flydsl"] == str(overlay / "flydsl/__init__.py")
    native = set(found["native"])
    for name in MODULES:
        module = found["modules"][name]
        assert module["file"] == str(overlay / f"flydsl/expr/rocdl/{name}.py")
        assert module["looked_up"], name
        # exactly the binding classes this wheel's extension lacks, each once, in the order they are looked up
        assert module["missing"] == [c for c in module["looked_up"] if c not in native], name
    universal = found["modules"]["universal"]
    # the 13 of the issue (49, point 4): the atoms only atomgen has; the wheel's own are bound to its classes
    assert len(universal["missing"]) == 13, universal["missing"]
    assert {"MmaOpCDNA3_MFMAType", "CopyOpCDNA3BufferCopyType", "MmaOpGFX11_WMMAType"} <= native
    assert not {"MmaOpCDNA3_MFMAType", "CopyOpCDNA3BufferCopyType"} & set(universal["missing"])
    assert "MmaOpCDNA4_SMFMACType" in found["modules"]["cdna4"]["missing"]
    assert "WMMA" in universal["all"]
    assert found["rocdl_WMMA"] == "flydsl.expr.rocdl.universal"  # fx.rocdl.WMMA is the generated switch


_MISSING_CALL = """
import json
from flydsl._mlir import ir
from flydsl.expr.rocdl import universal
with ir.Context(), ir.Location.unknown():
    f16 = ir.F16Type.get()
    try:
        universal.WMMAWave64_gfx11(16, 16, 16, f16, f16, ir.F32Type.get())
        print(json.dumps("made"))
    except Exception as error:
        print(json.dumps(f"{type(error).__name__}: {error}"))
"""


def test_a_wrapper_whose_binding_is_missing_says_which(overlay: Path) -> None:
    answer = _run(overlay, _MISSING_CALL)
    assert answer.startswith("NotImplementedError: MmaOpGFX11_WMMAWave64Type (atom gfx11.wmma_wave64) is not in "
                             "this build of FlyDSL's native extension (fly_rocdl)"), answer


# WMMA(...) per chip, each call's answer: the type made, or the exception's type (the wheel's ValueError lists the
# chips it supports in words; the generated one names the chip it was asked for). A configuration the atom rejects
# is not called: the wheel's binding asserts on it, ending the interpreter.
_WMMA = """
import json, sys
from flydsl._mlir import ir
from flydsl.expr.rocdl import universal
answers = []
with ir.Context(), ir.Location.unknown():
    for args, kwargs in json.load(sys.stdin):
        value = lambda v: ir.Type.parse(v["type"]) if isinstance(v, dict) else v
        try:
            made = universal.WMMA(*map(value, args), **{k: value(v) for k, v in kwargs.items()})
            answers.append(str(made))
        except Exception as error:
            answers.append(type(error).__name__)
print(json.dumps(answers))
"""


def _t(name: str) -> dict[str, str]:
    return {"type": name}


CALLS: dict[str, list[Any]] = {
    "gfx1100": [
        [[16, 16, 16, _t("f16")], {}],
        [[16, 16, 16, _t("bf16"), _t("f32")], {}],
        [[16, 16, 16, _t("i8"), _t("i32")], {"sign_a": True, "sign_b": True, "clamp": True}],
        [[16, 16, 16, _t("i4"), _t("i32")], {"sign_a": True}],
    ],
    "gfx1201": [
        [[16, 16, 16, _t("f16")], {}],
        [[16, 16, 16, _t("bf16")], {}],
        [[16, 16, 16, _t("f8E4M3FN")], {"elem_ty_b": _t("f8E5M2")}],
        [[16, 16, 16, _t("f8E5M2"), _t("f32")], {"elem_ty_b": _t("f8E5M2")}],
        [[16, 16, 32, _t("i4"), _t("i32")], {"sign_b": True}],
        [[16, 16, 16, _t("i8"), _t("i32")], {"clamp": True}],
    ],
    "gfx1250": [
        [[16, 16, 4, _t("f32")], {}],
        [[16, 16, 32, _t("f16"), _t("f16")], {}],
        [[16, 16, 32, _t("bf16")], {}],
        [[16, 16, 64, _t("f8E4M3FN")], {"elem_ty_b": _t("f8E5M2")}],
        [[16, 16, 128, _t("f8E5M2"), _t("f16")], {}],
        [[16, 16, 64, _t("i8"), _t("i32")], {"sign_a": True, "sign_b": False, "clamp": True}],
    ],
    "gfx942": [[[16, 16, 16, _t("f16")], {}]],  # no WMMA on CDNA: ValueError from both
}


# one chip per WMMA family in a plain run (gfx11, gfx120x, gfx1250; gfx942 has no WMMA), all in the campaign
@pytest.mark.parametrize("chip", [pytest.param(chip, marks=[pytest.mark.campaign] if chip == "gfx942" else [])
                                  for chip in sorted(CALLS)])
def test_generated_wmma_switch_answers_as_the_wheels_own(overlay: Path, chip: str) -> None:
    calls = json.dumps(CALLS[chip])
    ours = _run(overlay, _WMMA, stdin=calls, env={"FLYDSL_GPU_ARCH": chip})
    theirs = _run(None, _WMMA, stdin=calls, env={"FLYDSL_GPU_ARCH": chip})
    assert ours == theirs, list(zip(CALLS[chip], ours, theirs))
    prefix = {"gfx1100": "gfx11.", "gfx1201": "gfx120x.", "gfx1250": "gfx1250."}.get(chip)
    made = [answer for answer in ours if answer.startswith("!fly_rocdl.")]
    if prefix is None:
        assert ours == ["ValueError"]
    else:
        assert made and all(answer.startswith(f"!fly_rocdl.{prefix}wmma<") for answer in made), ours
