"""The generated DSL modules as FlyDSL would take them: FlyDSL's style check (black and ruff with its settings),
and an import through the real flydsl wheel after `gen --into --replace-handwritten` has put the wrappers into
FlyDSL's own modules (the wheel's copies of them)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_gen_tree import FLYDSL_MARKERS, atomgen

ROOT = Path(__file__).resolve().parent.parent
# FlyDSL's own ruff settings (its pyproject.toml: [tool.ruff], [tool.ruff.lint], [tool.ruff.lint.isort]).
FLYDSL_RUFF = ["--isolated", "--line-length", "120", "--select", "E,W,F,I", "--ignore", "E501,F403,F405,E731",
               "--config", 'lint.isort.known-first-party=["flydsl"]', "--output-format", "concise"]
MODULES = ("universal", "cdna4", "cdna5")  # FlyDSL's ROCDL DSL modules that the ROCDL specs write into


def flydsl_style(*paths: Path) -> str:
    """What FlyDSL's Python style check (.github/scripts/check_python_style.sh: black, then ruff) finds."""
    found = ""
    for tool in (["black", "--check", "--diff", "-q", "-l", "120", "-t", "py310"], ["ruff", "check", *FLYDSL_RUFF]):
        run = subprocess.run([sys.executable, "-m", *tool, *map(str, paths)], capture_output=True, text=True,
                             check=False)
        found += "" if run.returncode == 0 else run.stdout + run.stderr
    return found


def test_generated_modules_pass_flydsl_lint() -> None:
    modules = sorted((ROOT / "generated/python").rglob("*.py"))
    assert modules, "no generated DSL module"
    assert flydsl_style(*modules) == ""
    for module in modules:
        assert "noqa: E402" not in module.read_text(), f"{module}: an import in the middle of the module"


def _wheel_expr() -> Path:
    found = importlib.util.find_spec("flydsl")
    assert found is not None and found.origin, "the flydsl wheel (pyproject's test extra) is not installed"
    return Path(found.origin).parent / "expr"


def _wheel_classes() -> set[str]:
    listed = subprocess.run([sys.executable, "-c", "import flydsl._mlir.dialects.fly_rocdl as f; print(*dir(f))"],
                            capture_output=True, text=True, check=True)
    return set(listed.stdout.split())


# flydsl.expr's __init__ imports the JIT compiler, which needs torch; the DSL modules themselves do not. So the
# package is entered through its modules: `flydsl.expr` is a package over the checkout's expr/ first, then the
# wheel's (and `flydsl._mlir._atomgen`, codegen mode's, the build's folder). Everything imported (the
# checkout's modules, the wheel's numeric/typing/meta and _mlir, the build's module) is real.
_IMPORT = """
import importlib, json, os, sys, types
expr, wheel, built, modules = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(",")
for name, path in (("flydsl.expr", [expr, wheel]), ("flydsl._mlir._atomgen", [built] if built else [])):
    package = types.ModuleType(name)
    package.__path__ = path
    sys.modules[name] = package
for name in modules:  # a checkout folder without __init__.py (a test's tree) is its own package, not the wheel's
    parent = name.rsplit(".", 1)[0]
    folder = os.path.join(expr, *parent.split(".")[2:])
    if parent not in sys.modules and os.path.isdir(folder) and not os.path.exists(os.path.join(folder, "__init__.py")):
        package = types.ModuleType(parent)
        package.__path__ = [folder]
        sys.modules[parent] = package
found = {}
for name in modules:
    module = importlib.import_module(name)
    assert module.__file__.startswith(expr), module.__file__
    exported = list(getattr(module, "__all__", []))
    missing = [n for n in exported if not hasattr(module, n)]
    assert not missing, f"{name}: __all__ names {missing}, which the module does not define"
    found[name] = {"all": exported, "public": sorted(n for n in vars(module) if not n.startswith("_")),
                   "docs": {n: (getattr(module, n).__doc__ or "") for n in exported if callable(getattr(module, n))}}
print(json.dumps(found))
"""


def import_through_wheel(expr: Path, modules: list[str], built: Path | None = None) -> dict[str, dict[str, Any]]:
    """Import `modules` (flydsl.expr.*) from the checkout's `expr` folder over the real wheel: per module its
    `__all__`, public names and docstrings (every `__all__` name must resolve: `from m import *` would fail)."""
    # -B: the checkout is a git tree whose status the tests read, not a place for bytecode
    imported = subprocess.run([sys.executable, "-B", "-c", _IMPORT, str(expr), str(_wheel_expr()), str(built or ""),
                               ",".join(modules)], capture_output=True, text=True, check=False)
    assert imported.returncode == 0, imported.stderr[-3000:]
    result: dict[str, dict[str, Any]] = json.loads(imported.stdout)
    return result


@dataclass(frozen=True)
class Adopted:
    """A FlyDSL-shaped checkout holding the wheel's rocdl package, with the specs of the atoms the wheel has
    bindings for generated into it (`gen --into --replace-handwritten`); the others' classes exist only in a
    build of the generated C++."""

    checkout: Path
    specs: list[Path]
    stderr: str


@pytest.fixture(scope="module")
def adopted(tmp_path_factory: pytest.TempPathFactory) -> Adopted:
    wheel = _wheel_expr()
    checkout = tmp_path_factory.mktemp("adopted") / "FlyDSL"
    for relative, text in FLYDSL_MARKERS.items():
        (checkout / relative).parent.mkdir(parents=True, exist_ok=True)
        (checkout / relative).write_text(text)
    shutil.copytree(wheel / "rocdl", checkout / "python/flydsl/expr/rocdl",
                    ignore=shutil.ignore_patterns("__pycache__"))
    classes = _wheel_classes()
    specs = [path for path in sorted((ROOT / "specs/rocdl").glob("*/*.yaml"))
             if path.name != "backend.yaml" and (yaml.safe_load(path.read_text()).get("python") or {})
             .get("binding_class") in classes]
    assert len(specs) >= 10, specs
    result = atomgen("gen", *map(str, specs), "--into", str(checkout), "--replace-handwritten")
    assert result.returncode == 0, result.stderr
    return Adopted(checkout, specs, result.stderr)


@pytest.mark.slow
@pytest.mark.xdist_group("adopted")  # one worker builds the checkout both tests read
def test_wrappers_put_into_flydsl_modules_import_through_the_wheel(adopted: Adopted) -> None:
    checkout, result_stderr = adopted.checkout, adopted.stderr
    manifest = json.loads((checkout / "atomgen-manifest.json").read_text())
    wanted: dict[str, list[str]] = {}
    for owner in manifest["owners"].values():
        pieces = [piece for piece in owner["pieces"] if piece[1] == "exports"]
        for path, _, _, text in pieces:
            wanted.setdefault(Path(path).stem, []).extend(line.split('"')[1] for line in text.splitlines())
    assert sum(map(len, wanted.values())) >= 20, wanted
    expr = checkout / "python/flydsl/expr"
    found = import_through_wheel(expr, ["flydsl.expr.rocdl", *(f"flydsl.expr.rocdl.{name}" for name in MODULES)])
    for name in MODULES:
        module = found[f"flydsl.expr.rocdl.{name}"]
        assert set(wanted.get(name, [])) <= set(module["public"]), (name, wanted.get(name))
        if "__all__" in (checkout / f"python/flydsl/expr/rocdl/{name}.py").read_text():
            assert set(wanted.get(name, [])) <= set(module["all"]), name
    assert "MFMAScale" in found["flydsl.expr.rocdl.cdna4"]["all"]
    # and FlyDSL's style check finds nothing: no import out of place, twice, unsorted or left unused, no undefined
    # name, and black's layout around every region
    assert flydsl_style(*(expr / f"rocdl/{name}.py" for name in MODULES)) == ""
    assert "import of T (only the removed code read it)" in result_stderr, result_stderr
    # FlyDSL's architecture switch is generated too: the hand-written WMMA goes, the generated one takes its place
    assert "python/flydsl/expr/rocdl/universal.py" in result_stderr and "DSL wrapper WMMA" in result_stderr, \
        result_stderr
    assert "WMMA" in found["flydsl.expr.rocdl.universal"]["public"]


# Each call (module, function, args, kwargs; a type written {"type": name}) made on the checkout's modules over
# the wheel's: the type the binding returns, the exception the call raises, or "aborted" (FlyDSL's binding asserts
# on some arguments, e.g. MFMA(16, 16, 32, i8) without an accumulator type: the calls run in a child, and a new
# one takes over after the call that aborted it).
_CALL = """
import importlib, json, os, sys, types
expr, wheel = sys.argv[1], sys.argv[2]
package = types.ModuleType("flydsl.expr")
package.__path__ = [expr, wheel] if expr else [wheel]
sys.modules["flydsl.expr"] = package
from flydsl._mlir import ir
calls, answers = json.load(sys.stdin), []
for module, _, _, _ in calls:
    importlib.import_module(module)
def answer(module, function, args, kwargs):
    with ir.Context(), ir.Location.unknown():
        def value(v):
            return ir.Type.parse(v["type"]) if isinstance(v, dict) else v
        try:
            made = getattr(sys.modules[module], function)(*map(value, args), **{k: value(v) for k, v in kwargs.items()})
            return str(made)
        except Exception as error:
            return f"{type(error).__name__}: {error}"
start = 0
while start < len(calls):  # a child answers the calls from `start` on, a line each, until one aborts it
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
        for call in calls[start:]:
            os.write(write, (json.dumps(answer(*call)) + "\\n").encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        got = [json.loads(line) for line in pipe.read().decode().splitlines()]
    _, status = os.waitpid(child, 0)
    answers += got
    start += len(got)
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
        answers.append("aborted")
        start += 1
print(json.dumps(answers))
"""


def call_through_wheel(expr: Path | None, calls: list[Any]) -> list[str]:
    """The answers of `calls` on the checkout's modules (`expr`), or on the wheel's own (None: FlyDSL's)."""
    run = subprocess.run([sys.executable, "-c", _CALL, str(expr or ""), str(_wheel_expr())], input=json.dumps(calls),
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    answers: list[str] = json.loads(run.stdout)
    return answers


def declared_calls(spec: Any, module: str) -> list[Any]:
    """Calls of the spec's main wrapper in FlyDSL's signature, one per instance with every optional parameter given
    (a keyword-only one by keyword), one per instance with none given."""
    from atomgen.spec.wrapper_call import Name, call_plan

    main = spec.python.wrappers[0]
    by_python = {p.python: p for p in spec.parameters}
    plan = call_plan(main.signature, main.name, main.maps, main.defaults,
                     [(p.python, p.default is not None) for p in spec.parameters])
    source = {expr.name: argument for argument, expr in plan.arguments if isinstance(expr, Name)}
    calls, seen = [], set()
    for instance in spec.instances:
        for with_optional in (True, False):
            args: list[Any] = []
            kwargs: dict[str, Any] = {}
            for argument in plan.signature.arguments:
                parameter = by_python[source[argument.name]] if argument.name in source else None
                if parameter is None or (argument.has_default and not with_optional):
                    continue
                raw = instance.values[parameter.name] if parameter.name in instance.values else (
                    parameter.free_values[0] if parameter.free_values else parameter.free_min)  # a free one: its least
                # a type as parsed MLIR, an enum case as FlyDSL's callers pass it (its IntEnum value)
                given = {"type": str(raw)} if parameter.is_type else dict(parameter.enum)[raw] if parameter.enum \
                    else raw
                if argument.keyword_only or (kwargs and argument.has_default):
                    kwargs[argument.name] = given
                else:
                    args.append(given)
            key = json.dumps([args, kwargs], sort_keys=True)
            if key not in seen:
                seen.add(key)
                calls.append([module, main.name, args, kwargs])
    return calls


@pytest.mark.slow
@pytest.mark.xdist_group("adopted")
def test_generated_wrappers_answer_as_flydsls_own(adopted: Adopted) -> None:
    """FlyDSL's hand-written wrappers (the wheel's modules) and the generated ones, put into copies of those
    modules, called alike through the wheel's bindings: every answer equal. Atoms the wheel has and whose
    generated wrapper takes FlyDSL's declared signature."""
    from atomgen.pipeline import model
    from atomgen.spec.loader import load_file

    atoms = []
    for path in adopted.specs:
        spec, problems = model(load_file(path))
        assert spec is not None, problems
        if spec.python.wrappers and spec.python.wrappers[0].signature and not spec.python.wrappers[0].arch_dispatch:
            atoms.append(spec)
    calls = [call for spec in atoms
             for call in declared_calls(spec, f"flydsl.expr.rocdl.{spec.python.dsl_module}")]
    assert len({call[1] for call in calls}) >= 5 and len(calls) >= 100, [call[1] for call in calls]
    theirs = call_through_wheel(None, calls)
    ours = call_through_wheel(adopted.checkout / "python/flydsl/expr", calls)
    made = [answer for answer in theirs if not answer.endswith(")") or "<" in answer]
    assert len(made) >= 100, theirs[:5]  # the calls make atoms, not only errors
    differ = [(call, mine, flydsl) for call, mine, flydsl in zip(calls, ours, theirs) if mine != flydsl]
    assert not differ, differ[:5]


def test_a_dsl_module_that_does_not_parse_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    """The regions are placed by the module's syntax tree: a module that does not parse stops gen at its
    file:line:col, before any file of the checkout changes."""
    from test_gen_tree import make_checkout, tree

    checkout = tmp_path / "flydsl"
    make_checkout(checkout)
    module = checkout / "python/flydsl/expr/rocdl/cdna4.py"
    module.write_text("__all__ = []\n\n\ndef broken(:\n    pass\n")
    before = tree(checkout)
    result = atomgen("gen", "specs/rocdl", "--into", str(checkout))
    assert result.returncode != 0
    assert "python/flydsl/expr/rocdl/cdna4.py:4:12: not valid Python" in result.stderr, result.stderr
    assert tree(checkout) == before


@pytest.mark.slow
@pytest.mark.campaign  # the generated switch against the wheel's, every chip, in the adopted modules (15 s);
# tests/test_dsl_wheel.py asks the same of the standalone modules in a plain run
@pytest.mark.xdist_group("adopted")
def test_generated_wmma_switch_in_flydsls_module_answers_as_its_own(adopted: Adopted,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The generated `WMMA` (FlyDSL's architecture switch over gfx11, gfx120x and gfx1250), put into the wheel's
    universal.py in place of the hand-written one, and the wheel's own: the same answers on each chip."""
    pytest.importorskip("torch", reason="flydsl.expr imports torch; no torch in this environment")
    from test_dsl_wheel import CALLS

    assert len(CALLS) >= 4  # gfx11, gfx120x, gfx1250 and a chip with no WMMA
    for chip, chip_calls in sorted(CALLS.items()):
        monkeypatch.setenv("FLYDSL_GPU_ARCH", chip)  # get_rocm_arch() reads it first
        calls = [["flydsl.expr.rocdl.universal", "WMMA", args, kwargs] for args, kwargs in chip_calls]
        theirs = call_through_wheel(None, calls)
        ours = call_through_wheel(adopted.checkout / "python/flydsl/expr", calls)
        # a chip without WMMA: ValueError from both (worded differently)
        assert [a.partition(":")[0] for a in ours] == [a.partition(":")[0] for a in theirs], (chip, ours, theirs)
        assert [a for a in ours if not a.startswith("ValueError")] == \
            [a for a in theirs if not a.startswith("ValueError")], (chip, ours, theirs)
