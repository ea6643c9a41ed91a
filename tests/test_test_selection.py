"""The generated FileCheck files hold one function per distinct lowering, sized like a project's own tests.

Read from the committed generated/ tree, as a FlyDSL reviewer reads it:
(i) every lowering feature of every spec's instance table (intrinsic, op class, variant, each
    parameter's value, each operand's packed element type and count) is in some kept function, computed
    here from the specs, not through render/tests/select.py;
(ii) no test file is over 150 KB and all together are under 1.5 MB (they were 5.5 MB, one function per
    instance);
(iii) negative expectations are relative to their CHECK line (`[[# @LINE + N]]`) and point at the case's
    func.func, not at an absolute line;
(iv) `gen --tests every-instance` (what the ISA and execution rungs lower) still writes every instance.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from atomgen.pipeline import check_for_gen
from atomgen.render.names import test_file_stem as stem_of
from atomgen.render.tests.mlir import function_name

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "generated/tests/mlir/Conversion/atomgen"
# 150 kB until kind::mxf8f6f4 (2026-12-08): 32 block-scaled rows, each N its own idesc constant, and 8 functions
# for the other format values
MAX_FILE = 170_000
# 1.5 MB until the block-scaled tcgen05 atoms (2026-12-05): their 2 x 33 functions (every N is its own idesc
# constant, and each shifts both scale-factor bytes in) take 0.27 MB; 1.8 MB until issue 48's functions per
# meaningful value (a sign, a clamp, a scale selector: one op each) and the 2026-12-07 atoms (TMA reduce and
# multicast, bulk copy, cdna4.mfma_scale_k32) took 0.2 MB more; 2.4 MB until issue 52's tcgen05 kinds and copies
# (2026-12-08: f8f6f4, mxf8f6f4, .ws, CTA-pair block-scaled, ld/st/cp, im2col) took 0.37 MB
MAX_TREE = 2_700_000


@pytest.fixture(scope="module")
def atoms() -> list[Any]:
    checked = check_for_gen([str(REPO / "specs")])
    assert not checked.errors and checked.atoms
    return checked.atoms


def _functions(stem: str) -> list[str]:
    names: list[str] = []
    for suffix in ("", "_xfail"):
        path = TESTS / f"{stem}{suffix}.mlir"
        if path.is_file():
            names += re.findall(r"^func\.func @([A-Za-z0-9_]+)\(", path.read_text(encoding="utf-8"), re.M)
    return names


def _kept(atom: Any) -> list[Any]:
    """The instances whose functions the positive files hold: each function name is its instance's
    name, or that name with a direction suffix (the longest instance name that fits wins)."""
    spec = atom.spec
    bases = sorted(((function_name(spec, inst), inst) for inst in spec.instances), key=lambda b: -len(b[0]))
    kept: dict[int, Any] = {}
    for name in _functions(stem_of(spec)):
        inst = next((i for base, i in bases if name == base or name.startswith(base + "_")), None)
        assert inst is not None, f"{spec.mnemonic}: function {name} names no instance"
        kept[inst.index] = inst
    return list(kept.values())


def _lowering(atom: Any, inst: Any) -> set[tuple[Any, ...]]:
    found: set[tuple[Any, ...]] = {("intrinsic", inst.intrinsic), ("op_class", inst.op_class),
                                   ("variant", inst.variant)}
    found |= {("value", name, str(value)) for name, value in inst.values.items()}
    for role, packed in atom.packed_for(inst).items():
        found |= {("element", role, packed.element), ("count", role, packed.length)}
    return found


def test_every_lowering_feature_has_a_function(atoms: list[Any]) -> None:
    tested = 0
    for atom in atoms:
        if not _functions(stem_of(atom.spec)):
            continue  # an atom without positive tests (test_builder none)
        kept = _kept(atom)
        wanted = set().union(*(_lowering(atom, i) for i in atom.spec.instances))
        covered = set().union(*(_lowering(atom, i) for i in kept))
        assert wanted - covered == set(), atom.spec.mnemonic
        tested += 1
    assert tested >= 30
    # the selection does select: wgmma's N sweep, the MFMA-scale format pairs
    by_name = {a.spec.mnemonic: a for a in atoms}
    for mnemonic in ("sm90.wgmma.ss", "cdna4.mfma_scale", "sm100.tcgen05.mma"):
        assert len(_kept(by_name[mnemonic])) < len(by_name[mnemonic].spec.instances) / 3, mnemonic


def test_test_files_are_sized_like_a_projects_own() -> None:
    files = sorted(TESTS.glob("*.mlir"))
    assert len(files) > 60
    sizes = {f.name: f.stat().st_size for f in files}
    assert {name: size for name, size in sizes.items() if size > MAX_FILE} == {}
    assert sum(sizes.values()) < MAX_TREE


def test_negative_expectations_are_relative_to_their_line() -> None:
    checked = cases = 0
    for path in sorted(TESTS.glob("*.mlir")):
        lines = path.read_text(encoding="utf-8").split("\n")
        cases += lines.count("// -----")
        for index, line in enumerate(lines):
            assert not re.search(r"\{\{\.\*\}\}:\d+:", line), f"{path.name}:{index + 1}: an absolute line"
            found = re.search(r"\[\[# @LINE \+ (\d+)\]\]", line)
            if found:
                target = lines[index + int(found.group(1))]
                assert target.startswith("func.func @"), f"{path.name}:{index + 1} points at {target!r}"
                checked += 1
    assert checked == cases > 0  # one expectation per `// -----` case


def test_every_instance_selection_writes_every_instance(atoms: list[Any], tmp_path: Path) -> None:
    spec = REPO / "specs/nvvm/sm90/wgmma_ss.yaml"
    subprocess.run([sys.executable, "-m", "atomgen", "gen", str(spec), "--out", str(tmp_path / "out"), "--only",
                    "owned", "--quiet", "--tests", "every-instance"], check=True, cwd=REPO, timeout=300)
    text = (tmp_path / "out/tests/mlir/Conversion/atomgen/sm90_wgmma_ss.mlir").read_text(encoding="utf-8")
    representative = (TESTS / "sm90_wgmma_ss.mlir").read_text(encoding="utf-8")
    instances = next(len(a.spec.instances) for a in atoms if a.spec.mnemonic == "sm90.wgmma.ss")
    assert text.count("\nfunc.func @") == instances > representative.count("\nfunc.func @") > 0
    assert "One function per instance," in text and "One function per distinct lowering (" in representative
