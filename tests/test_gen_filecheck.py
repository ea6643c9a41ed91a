"""The generated FileCheck tests run green against the flydsl wheel, and they are not vacuous.

(i) render every spec's tests into a temporary tree; (ii) every atom type written in them parses
with the wheel's `ir.Type.parse` (in a subprocess: an invalid type can abort the process);
(iii) lit runs them through the real lowering pipeline (`tests/lit.cfg.py`): nothing fails
unexpectedly; (iv) mutations: each positive file with its intrinsic (and, where the intrinsic
line names one, a packed type) changed in one CHECK line fails; and a spec whose A layout is
changed renders a test whose layout-derived register check fails against the real pipeline.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from atomgen.check.families.sparse import admitted_selectors
from atomgen.check.result import AnalysedAtom
from atomgen.check.runner import analyze_file
from atomgen.render.plan import build_plan
from atomgen.render.tests import select
from atomgen.spec.emission import BufferCopy
from atomgen.spec.model import AtomSpec

pytestmark = pytest.mark.xdist_group("filecheck")  # its module fixtures are built once, in one worker

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs" / "rocdl"
LIT_CONFIG_DIR = REPO / "tests"
# Counted from the specs: every ROCDL atom, and the ones FlyDSL does not have (`tests.flydsl_has_no_atom`;
# their tests say REQUIRES: atomgen-verifier: the wheel cannot parse them).
_PATHS = sorted(p for p in SPECS.rglob("*.yaml") if p.name != "backend.yaml")
_DECLARED = [yaml.load(p.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader) for p in _PATHS]
ROCDL_ATOMS = len(_DECLARED)
NEW_ATOMS = {d["mnemonic"] for d in _DECLARED if (d.get("tests") or {}).get("flydsl_has_no_atom")}
WHEEL_ATOMS = ROCDL_ATOMS - len(NEW_ATOMS)
assert NEW_ATOMS and WHEEL_ATOMS > 0
# lit's runs through the wheel's pipeline (about 2 s a file, 4 s a positive one: a fly-opt per RUN line) were
# the suite's longest test (112 s of 1350 single-process on the loaded 2-core machine), and the mutants' run
# the fifth. The CHECK lines come from one test template per kind (an MMA's, a copy's), and what each spec
# claims (its intrinsics, its packed operands) is checked against the wheel for every spec by the campaign
# (`pytest -m campaign`) and, for an MMA and a copy, by tests/test_oracle_flydsl.py: a plain `pytest` runs
# lit and the mutants on the smallest spec of each kind.
_SMALLEST_KIND: dict[str, str] = {}
for _path, _data in sorted(zip(_PATHS, _DECLARED, strict=True), key=lambda pair: (pair[0].stat().st_size, pair[0])):
    if _data["mnemonic"] not in NEW_ATOMS:
        _SMALLEST_KIND.setdefault(_data["kind"], _data["mnemonic"])
ONE_A_KIND = frozenset(_SMALLEST_KIND.values())
SCOPES = [pytest.param(ONE_A_KIND, id="one-spec-a-kind"),
          pytest.param(None, id="every-spec", marks=pytest.mark.campaign)]

pytest.importorskip("flydsl")
pytest.importorskip("lit")
if shutil.which("filecheck", path=str(Path(sys.executable).parent)) is None and shutil.which("filecheck") is None:
    pytest.skip("the filecheck tool is not installed", allow_module_level=True)


def _load(path: Path) -> tuple[AnalysedAtom, Any]:
    atom = analyze_file(path, str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path),
                        prove=False).analysis
    assert atom is not None and atom.backend is not None, path
    return atom, atom.backend


def _render_tree(spec_paths: list[Path], out: Path) -> dict[str, list[Path]]:
    """Render every spec's test files under `out`; return the paths per mnemonic."""
    files: dict[str, list[Path]] = {}
    for path in spec_paths:
        atom, _ = _load(path)
        spec = atom.spec
        rendered = build_plan([atom], kinds=("tests",)).owned  # whole files: licence header, lines resolved
        for relative, text in sorted(item for item in rendered.items() if item[0].endswith(".mlir")):
            target = out / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            files.setdefault(spec.mnemonic, []).append(target)
    return files


def _spec_paths() -> list[Path]:
    return sorted(p for p in SPECS.rglob("*.yaml") if p.name != "backend.yaml")


def _lit(root: Path, *paths: Path) -> dict[str, str]:
    """Run lit on `root` (or only `paths` under it); return {test file name: result code}."""
    report = root.parent / f"lit-{len(list(root.parent.glob('lit-*.json')))}.json"
    lit_script = Path(sys.executable).parent / "lit"
    launcher = [str(lit_script)] if lit_script.exists() else [sys.executable, "-c", "import lit.main; lit.main.main()"]
    command = [
        *launcher, "-j2", "-q", str(LIT_CONFIG_DIR),
        "--param", f"atomgen_tests={root}", "--output", str(report),
    ]
    if paths:
        names = "|".join(re.escape(p.name) for p in paths)
        command += ["--filter", f"/({names})$"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
    assert report.exists(), run.stdout + run.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    return {Path(t["name"].split(" :: ")[-1]).name: t["code"] for t in data["tests"]}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[Path]]]:
    out = tmp_path_factory.mktemp("gen")
    files = _render_tree(_spec_paths(), out)
    return out / "tests" / "mlir", files


def test_render_is_deterministic_and_covers_every_atom(tree: tuple[Path, dict[str, list[Path]]],
                                                       tmp_path: Path) -> None:
    root, files = tree
    assert len(files) == ROCDL_ATOMS
    again = _render_tree(_spec_paths(), tmp_path)
    for mnemonic, paths in files.items():
        for path, other in zip(paths, again[mnemonic], strict=True):
            assert path.read_bytes() == other.read_bytes(), path
        names = {p.name for p in paths}
        stem = mnemonic.replace(".", "_")
        assert f"{stem}.mlir" in names, f"{mnemonic}: no positive test"
        assert names & {f"{stem}_neg.mlir", f"{stem}_neg_xfail.mlir"}, f"{mnemonic}: no negative test"
        for path in paths:
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.startswith("// RUN:"):
                    assert not line.rstrip().endswith("\\"), "RUN lines must be single lines"


ATOM_TYPE = re.compile(r"!fly\.(?:mma|copy)_atom<")


def _atom_types(text: str) -> list[str]:
    """Every balanced `!fly.mma_atom<...>` / `!fly.copy_atom<...>` in the text."""
    found = []
    for match in ATOM_TYPE.finditer(text):
        depth, index = 0, match.end() - 1
        while index < len(text):
            depth += {"<": 1, ">": -1}.get(text[index], 0)
            if depth == 0 and text[index] == ">" and text[index - 1] != "-":
                break
            if text[index] == ">" and text[index - 1] == "-":
                depth += 1  # the `->` arrow is not a bracket
            index += 1
        found.append(text[match.start() : index + 1])
    return found


PARSE_WORKER = """
import json, sys
from flydsl._mlir import ir
from flydsl._mlir.dialects import fly, fly_rocdl  # noqa: F401

out = {}
for kind, text in json.loads(sys.stdin.read()):
    with ir.Context() as ctx, ir.Location.unknown():
        try:
            out[text] = ["ok", str(ir.Type.parse(text))]
        except Exception as error:  # MLIRError
            notes = [str(d.message) for d in getattr(error, "error_diagnostics", [])]
            out[text] = ["error", " | ".join(notes) or str(error)]
print(json.dumps(out))
"""


def test_every_type_parses_with_the_wheel(tree: tuple[Path, dict[str, list[Path]]]) -> None:
    root, files = tree
    items: list[tuple[str, str]] = []
    for mnemonic, paths in files.items():
        if mnemonic in NEW_ATOMS:
            continue  # no such type in the wheel: test_new_atoms_need_an_atomgen_build
        for path in paths:
            name = path.name
            if name.endswith(("_xfail.mlir", "_verify.mlir")):
                # the wheel accepts, rejects or aborts on these (listed in xfail.md); _neg has the rest
                continue
            kind = "negative" if name.endswith("_neg.mlir") else "positive"
            items.extend((kind, t) for t in _atom_types(path.read_text(encoding="utf-8")))
    unique = sorted(set(items))
    result = subprocess.run([sys.executable, "-c", PARSE_WORKER], input=json.dumps(unique),
                            capture_output=True, text=True, timeout=300, check=True)
    answers = json.loads(result.stdout)
    positives = [t for k, t in unique if k == "positive"]
    assert positives
    for text in positives:
        status, printed = answers[text]
        assert status == "ok", f"{text}: {printed}"
        assert printed == text, f"printed back differently: {printed}"
    for kind, text in unique:
        if kind != "negative":
            continue
        status, message = answers[text]
        # The def's syntax must parse; rejection has to come from the verifier, not the parser.
        if status == "error":
            first = message.split(" | ")[0]
            assert not re.match(r"expected|unknown|invalid|custom op", first), f"{text}: syntax error {message}"


@pytest.mark.parametrize("scope", SCOPES)
def test_lit_runs_green(tree: tuple[Path, dict[str, list[Path]]], scope: frozenset[str] | None) -> None:
    root, files = tree
    chosen = [path for mnemonic, paths in files.items() if scope is None or mnemonic in scope for path in paths]
    results = _lit(root, *chosen) if scope is not None else _lit(root)
    assert len(results) == len(chosen)
    bad = {name: code for name, code in results.items() if code not in ("PASS", "XFAIL", "UNSUPPORTED")}
    assert not bad, bad
    for name, code in results.items():
        if code == "XFAIL":
            assert "_xfail" in name, name
        if code == "UNSUPPORTED":
            new_atom = any(name.startswith(m.replace(".", "_") + ".") or name.startswith(m.replace(".", "_") + "_")
                           for m in NEW_ATOMS)
            assert name.endswith("_verify.mlir") or new_atom, name
    positives = [n for n in results if not re.search(r"_(neg|xfail|verify)", n) and results[n] != "UNSUPPORTED"]
    assert len(positives) == (WHEEL_ATOMS if scope is None else len(scope)) and all(results[n] == "PASS"
                                                                                   for n in positives)


def _mutate_intrinsic(text: str, intrinsics: list[str]) -> str | None:
    """Replace the intrinsic in the first CHECK line naming one by a different, real one."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if not line.startswith("// CHECK:"):
            continue
        for name in intrinsics:
            if f" {name} " in line:
                others = [n for n in intrinsics if n != name and name not in n]
                replacement = others[0] if others else name + ".x"
                lines[index] = line.replace(f" {name} ", f" {replacement} ", 1)
                return "\n".join(lines)
    return None


def _mutate_packed(text: str, intrinsics: list[str]) -> str | None:
    """Double the first packed type (vector count or integer width) in an intrinsic CHECK line."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if not line.startswith("// CHECK:") or not any(f" {n} " in line for n in intrinsics):
            continue
        changed = re.sub(r"vector<(\d+)x", lambda m: f"vector<{2 * int(m.group(1))}x", line, count=1)
        if changed == line:
            changed = re.sub(r": i(\d+)$", lambda m: f": i{2 * int(m.group(1))}", line, count=1)
        if changed != line:
            lines[index] = changed
            return "\n".join(lines)
    return None


@pytest.mark.parametrize("scope", SCOPES)
def test_mutated_checks_fail(tree: tuple[Path, dict[str, list[Path]]], tmp_path: Path,
                             scope: frozenset[str] | None) -> None:
    root, files = tree
    mutated_root = tmp_path / "mutated"
    expected: dict[str, str] = {}
    specs = {atom.spec.mnemonic: atom.spec for atom, _ in (_load(p) for p in _spec_paths())}
    for mnemonic, paths in files.items():
        if mnemonic in NEW_ATOMS:
            continue  # unsupported without an atomgen build: a mutation could not fail
        if scope is not None and mnemonic not in scope:
            continue
        spec = specs[mnemonic]
        intrinsics = sorted({i.intrinsic for i in spec.instances} | _extra_intrinsics(spec), key=len, reverse=True)
        positive = next(p for p in paths if p.name == f"{mnemonic.replace('.', '_')}.mlir")
        text = positive.read_text(encoding="utf-8")
        for label, mutate in (("intrinsic", _mutate_intrinsic), ("packed", _mutate_packed)):
            changed = mutate(text, intrinsics)
            if changed is None:
                continue
            assert changed != text
            target = mutated_root / f"{positive.stem}__{label}.mlir"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(changed, encoding="utf-8")
            expected[target.name] = mnemonic
    assert sum(1 for name in expected if name.endswith("__intrinsic.mlir")) == (WHEEL_ATOMS if scope is None
                                                                                  else len(scope))
    results = _lit(mutated_root)
    survivors = {name: code for name, code in results.items() if code != "FAIL"}
    assert not survivors, f"mutations not caught: {survivors}"
    assert set(results) == set(expected)


def _extra_intrinsics(spec: AtomSpec) -> set[str]:
    found = set()
    if isinstance(spec.emission, BufferCopy):
        found |= {spec.emission.load.intrinsic, spec.emission.store.intrinsic}
    for inst in spec.instances:
        if inst.emission.store_intrinsic:
            found.add(inst.emission.store_intrinsic)
    return found


def test_changed_layout_makes_the_test_fail(tmp_path: Path) -> None:
    """cdna3.mfma with A's value mode doubled: the layout-derived register check (REG) changes
    and the rendered file fails against the real pipeline, which loads the packed operand."""
    original = SPECS / "cdna3" / "mfma.yaml"
    folder = tmp_path / "specs" / "rocdl" / "cdna3"
    folder.mkdir(parents=True)
    shutil.copy(SPECS / "backend.yaml", folder.parent / "backend.yaml")
    text = original.read_text(encoding="utf-8")
    old = 'a: "((m, G), KPT) : ((1, m*KPT), m)"'
    assert old in text
    (folder / "mfma.yaml").write_text(text.replace(old, 'a: "((m, G), 2*KPT) : ((1, m*KPT), m)"'), encoding="utf-8")
    good = _render_tree([original], tmp_path / "good")["cdna3.mfma"]
    bad = _render_tree([folder / "mfma.yaml"], tmp_path / "bad")["cdna3.mfma"]
    good_text = next(p for p in good if p.name == "cdna3_mfma.mlir").read_text(encoding="utf-8")
    bad_path = next(p for p in bad if p.name == "cdna3_mfma.mlir")
    bad_text = bad_path.read_text(encoding="utf-8")
    good_reg = [line for line in good_text.splitlines() if line.startswith("// REG: llvm.load %arg1")]
    bad_reg = [line for line in bad_text.splitlines() if line.startswith("// REG: llvm.load %arg1")]
    assert len(good_reg) == len(bad_reg) > 0 and all(g != b for g, b in zip(good_reg, bad_reg, strict=True))
    # the 16x16x16 f16 instance: 4 values of A per thread, 8 after the change
    assert "// REG: llvm.load %arg1 {{.*}}: !llvm.ptr<5> -> vector<4xf16>" in good_text
    assert "// REG: llvm.load %arg1 {{.*}}: !llvm.ptr<5> -> vector<8xf16>" in bad_text
    results = _lit(tmp_path / "bad" / "tests" / "mlir", bad_path)
    assert results == {"cdna3_mfma.mlir": "FAIL"}


PTX_SPECS = REPO / "specs" / "nvvm"


def test_ptx_tests_cover_every_instance_and_are_unsupported_without_fly_nvvm(tmp_path: Path) -> None:
    """FlyNVVM files (`--tests every-instance`, what the execution rung lowers): one positive function per
    instance, `REQUIRES: fly-nvvm`, NVVM ops checked; the flydsl wheel has no FlyNVVM dialect, so lit
    reports every file UNSUPPORTED here."""
    paths = sorted(p for p in PTX_SPECS.rglob("*.yaml") if p.name != "backend.yaml")
    with select.using(select.EVERY_INSTANCE):
        files = _render_tree(paths, tmp_path)
    specs = {atom.spec.mnemonic: atom.spec for atom, _ in (_load(p) for p in paths)}
    assert set(files) == set(specs)
    for mnemonic, rendered in files.items():
        spec = specs[mnemonic]
        positive = next(p for p in rendered if p.name == f"{mnemonic.replace('.', '_')}.mlir")
        text = positive.read_text(encoding="utf-8")
        # and one more per other sparsity selector a row admits (selector-indexed metadata)
        expected = sum(len(admitted_selectors(spec, i)) for i in spec.instances)
        # and, for format parameters (AG379), the first row once more per other value of A's and of B's
        # formats, and once per free major beside them
        free = [q for q in (spec.parameter(spec.operand_types.get(r, "")) for r in ("a", "b"))
                if q is not None and q.is_free]
        if free:
            expected += sum(len(q.free_values or ()) - 1 for q in free)
            expected += sum(1 for name in ("transA", "transB")
                            if (q := spec.parameter(name)) is not None and q.is_free)
        assert expected >= len(spec.instances) and text.count("\nfunc.func @") == expected, mnemonic
        assert "// REQUIRES: fly-nvvm" in text and "--convert-fly-to-nvvm" in text
        pattern = spec.pattern
        op = {"mma_sync": "nvvm.mma.sync", "wgmma_ss": "nvvm.wgmma.mma_async", "wgmma_rs": "llvm.inline_asm",
              "mma_sp": "llvm.inline_asm", "wgmma_sp": "llvm.inline_asm",
              "ldmatrix": "nvvm.ldmatrix", "stmatrix": "nvvm.stmatrix", "cp_async": "nvvm.cp.async.shared.global",
              "tma_load": "nvvm.cp.async.bulk.tensor.shared.cluster.global",
              "tma_store": "nvvm.cp.async.bulk.tensor.reduce" if getattr(spec.emission, "reduce", "")
              else "nvvm.cp.async.bulk.tensor.global.shared.cta", "tcgen05_mma": "llvm.inline_asm",
              "bulk_copy": "nvvm.cp.async.bulk.", "tcgen05_ld": "nvvm.tcgen05.ld", "tcgen05_st": "nvvm.tcgen05.st",
              "tcgen05_cp": "nvvm.tcgen05.cp"}[pattern]  # .shared.cluster.global (G2S), .global.shared.cta (S2G)
        if mnemonic == "sm89.mma.sync":  # backend.yaml inline_ptx: the fp8 rows are their instruction's inline PTX
            op = "llvm.inline_asm"
        assert text.count(f"// CHECK: {op}") + text.count(f"= {op}") >= len(spec.instances), mnemonic
        if pattern.startswith("wgmma"):
            for sync in ("nvvm.wgmma.fence.aligned", "nvvm.wgmma.commit.group.sync.aligned",
                         "nvvm.wgmma.wait.group.sync.aligned 0"):
                assert text.count(f"// CHECK: {sync}") == expected, sync
        if pattern == "tcgen05_mma":  # one thread, no warpgroup fences; the descriptor is a checked constant,
            # and the one the inline PTX takes as its idesc operand
            assert "wgmma" not in text
            assert text.count("// CHECK: %[[IDESC:[0-9]+]] = llvm.mlir.constant(") == expected
            # (a block-scaled one after the scale factors' bytes are shifted into it: IDESC_B)
            idesc = "IDESC_B" if spec.scale_factors is not None else "IDESC"
            assert text.count(f"%[[VB]], %[[{idesc}]], ") == expected
        for path in rendered:
            assert "// REQUIRES: fly-nvvm" in path.read_text(encoding="utf-8"), path
    results = _lit(tmp_path / "tests" / "mlir")
    assert results and all(code == "UNSUPPORTED" for code in results.values()), results


def test_new_atoms_need_an_atomgen_build(tree: tuple[Path, dict[str, list[Path]]]) -> None:
    """The atoms FlyDSL lacks: the wheel cannot parse their types, so every test file of theirs
    says REQUIRES: atomgen-verifier (it runs where fly-opt is built with atomgen's C++)."""
    root, files = tree
    unique = sorted({("positive", t) for m in NEW_ATOMS for p in files[m] for t in
                     _atom_types(p.read_text(encoding="utf-8"))})
    result = subprocess.run([sys.executable, "-c", PARSE_WORKER], input=json.dumps(unique),
                            capture_output=True, text=True, timeout=300, check=True)
    answers = json.loads(result.stdout)
    assert unique and all(answers[t][0] != "ok" for _, t in unique)
    for mnemonic in NEW_ATOMS:
        for path in files[mnemonic]:
            assert "// REQUIRES: atomgen-verifier" in path.read_text(encoding="utf-8"), path
