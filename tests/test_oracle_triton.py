"""`atomgen oracle triton` against the real Triton 3.9.0 AMD backend (CPU only, no GPU needed).

The shipped ROCDL specs must agree (only declared, evidenced differences), the committed report
must be fresh, and the oracle must bite: a spec with its C strides swapped and one whose fp8 A
layout is a cross-block K permutation each give exactly one error.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import MINIMAL_MMA, REPO, SPECS, SpecTree, run_cli

from atomgen.oracle.triton import layouts as triton_layouts

DOCS = REPO / "docs"
SCALED = (SPECS / "rocdl" / "cdna4" / "mfma_scale.yaml").read_text(encoding="utf-8")
WMMA_SCALED = (SPECS / "rocdl" / "gfx1250" / "wmma_scale.yaml").read_text(encoding="utf-8")
# FlyDSL 0.5.0's CDNA4 fp8 operand layout: 32 consecutive K per lane.
CONSECUTIVE_A = '"((m, G), KPT) : ((1, m*KPT), m)"'
CONSECUTIVE_B = '"((n, GN), KPTN) : ((1, n*KPTN), n)"'


def _oracle(*args: str, cwd: Path = REPO, timeout: float = 300) -> tuple[int, dict]:
    result = run_cli("oracle", "triton", *args, "--format", "json", cwd=cwd, timeout=timeout)
    assert result.returncode in (0, 1), result.output
    return result.returncode, json.loads(result.stdout)


def _one_instance(text: str, keep: str) -> str:
    """The spec with only the instance row(s) containing `keep` (and no FlyDSL declarations)."""
    lines = []
    for line in text.splitlines():
        if line.startswith("  - {m: ") and keep not in line:
            continue
        lines.append(line)
    return "\n".join(lines).split("\nknown_flydsl_defects:")[0] + "\n"


def _with_layouts(text: str, a: str, b: str) -> str:
    """Replace the (possibly piecewise) a/b layouts of a spec by single layouts."""
    return re.sub(r"  a:\n(?:    - .*\n)+  b:\n(?:    - .*\n)+", f"  a: {a}\n  b: {b}\n", text)


# --------------------------------------------------------------------------- the classification itself
def test_shared_permutation_inside_blocks_is_a_note_across_blocks_an_error() -> None:
    swap_inside = {k: (k ^ 8) for k in range(64)}  # swaps 8-runs inside each 32-block
    swap_across = {k: (k ^ 32) for k in range(64)}  # swaps whole 32-blocks
    difference = {"a": "first difference ...", "b": "first difference ..."}
    note = triton_layouts.classify_ab(difference, {"a": swap_inside, "b": swap_inside}, scaled=True)
    assert (note.severity, note.kind) == ("note", "k-permutation")
    error = triton_layouts.classify_ab(difference, {"a": swap_across, "b": swap_across}, scaled=True)
    assert (error.severity, error.kind) == ("error", "cross-block")
    unscaled = triton_layouts.classify_ab(difference, {"a": swap_across, "b": swap_across}, scaled=False)
    assert unscaled.severity == "note"
    identity = {k: k for k in range(64)}
    alone = triton_layouts.classify_ab({"a": "..."}, {"a": swap_inside, "b": identity}, scaled=True)
    assert (alone.severity, alone.kind) == ("error", "no-common-permutation")
    beyond = triton_layouts.classify_ab({"a": "..."}, {"a": None, "b": identity}, scaled=False)
    assert beyond.kind == "no-common-permutation" and "A differs beyond a relabelling of K" in beyond.message


# --------------------------------------------------------------------------- the oracle bites
def test_swapped_c_strides_give_exactly_one_error(spec_tree: SpecTree) -> None:
    text = MINIMAL_MMA.replace("intrinsic: rocdl.mfma.f32.16x16x16f16,",
                               "intrinsic: rocdl.mfma.f32.16x16x16f16, instruction: v_mfma_f32_16x16x16_f16,")
    good = spec_tree.write(text, "good.yaml")
    code, data = _oracle(str(good), cwd=spec_tree.root)
    assert code == 0 and data["totals"]["agreed"] == 1, data
    good.unlink()
    bad = spec_tree.write(text.replace('c: "((16, 4), 4) : ((16, 4), 1)"', 'c: "((16, 4), 4) : ((1, 64), 16)"'))
    code, data = _oracle(str(bad), cwd=spec_tree.root)
    findings = data["specs"][0]["findings"]
    assert code == 1 and len(findings) == 1, findings
    assert findings[0]["operand"] == "c" and findings[0]["kind"] == "layout"
    assert "first difference at (thr=1, val=0)" in findings[0]["message"]
    # Declared with evidence, the same difference no longer fails the command.
    bad.write_text(bad.read_text(encoding="utf-8") + "known_triton_differences:\n"
                   "  - {configuration: '16x16x16_*', operand: c, reason: test, evidence: test}\n", encoding="utf-8")
    code, data = _oracle(str(bad), cwd=spec_tree.root)
    assert code == 0 and data["specs"][0]["findings"][0]["declared"] is True


def test_cross_block_fp8_permutation_gives_exactly_one_error(tmp_path: Path) -> None:
    folder = tmp_path / "specs" / "rocdl" / "cdna4"
    folder.mkdir(parents=True)
    (tmp_path / "specs" / "rocdl" / "backend.yaml").write_text(
        (SPECS / "rocdl" / "backend.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    single = _one_instance(SCALED, "k: 128, elemTyA: f8E4M3FN, elemTyB: f8E4M3FN,")
    both = folder / "both.yaml"
    both.write_text(_with_layouts(single, CONSECUTIVE_A, CONSECUTIVE_B), encoding="utf-8")
    code, data = _oracle(str(both), cwd=tmp_path)
    findings = data["specs"][0]["findings"]
    assert code == 1 and len(findings) == 1, findings
    assert (findings[0]["operand"], findings[0]["kind"]) == ("ab", "cross-block")
    assert data["specs"][0]["instances"][0]["k_width"] == {"a": 16, "b": 16}
    # Only A permuted: A and B no longer share a K order at all.
    both.write_text(_with_layouts(single, CONSECUTIVE_A, '"((n, GN), (16, 2)) : ((1, 16*n), (n, 16*GN*n))"'),
                    encoding="utf-8")
    code, data = _oracle(str(both), cwd=tmp_path)
    findings = data["specs"][0]["findings"]
    assert code == 1 and [f["kind"] for f in findings] == ["no-common-permutation"], findings


def test_permutation_inside_every_scale_block_is_only_a_note(tmp_path: Path) -> None:
    folder = tmp_path / "specs" / "rocdl" / "gfx1250"
    folder.mkdir(parents=True)
    (tmp_path / "specs" / "rocdl" / "backend.yaml").write_text(
        (SPECS / "rocdl" / "backend.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    single = _one_instance(WMMA_SCALED, "elemTyA: f8E4M3FN, elemTyB: f8E4M3FN, elemTyAcc: f32, blockSize: 32")
    runs_of_8 = '"((16, 2), (8, k/16)) : ((1, 128), (16, 256))"'  # FlyDSL's (and the non-scaled WMMA's) order
    path = folder / "x.yaml"
    path.write_text(_with_layouts(single, runs_of_8, runs_of_8), encoding="utf-8")
    code, data = _oracle(str(path), cwd=tmp_path)
    instance = data["specs"][0]["instances"][0]
    assert code == 0 and not data["specs"][0]["findings"], data
    assert instance["status"] == "differed" and "stays inside every scale block" in instance["notes"][0]


# --------------------------------------------------------------------------- shipped specs
@pytest.mark.campaign  # the whole ROCDL corpus through Triton: the focused tests above run by default
@pytest.mark.slow
def test_shipped_rocdl_specs_agree_and_the_committed_report_is_fresh(tmp_path: Path) -> None:
    report = tmp_path / "oracle-triton.md"
    result = run_cli("oracle", "triton", "specs/rocdl", "--report", str(report), timeout=600)
    assert result.returncode == 0, result.output
    data = json.loads((tmp_path / "oracle-triton.json").read_text(encoding="utf-8"))
    totals = data["totals"]
    shipped = len(_rocdl_mma_instances())
    assert totals["undeclared"] == 0 and totals["instances"] == shipped, totals
    assert totals["compared"] >= 60 and totals["compared"] + totals["not_expressible"] == shipped, totals
    for spec in data["specs"]:
        for instance in spec["instances"]:
            assert instance["status"] != "not expressible" or instance.get("detail"), instance
            if instance["status"] != "not expressible":
                assert set(instance["k_width"]) == {"a", "b"}, instance
    hint = "docs/oracle-triton.* are stale: run `atomgen oracle triton specs/rocdl --report docs/oracle-triton.md`"
    assert (DOCS / "oracle-triton.md").read_text(encoding="utf-8") == report.read_text(encoding="utf-8"), hint
    assert json.loads((DOCS / "oracle-triton.json").read_text(encoding="utf-8")) == data, hint
    assert "triton 3.9.0:" in result.stdout and "undeclared error(s)" in result.stdout


def test_wrong_paths_are_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("oracle", "triton", str(tmp_path / "missing"), cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.output, result.output


@pytest.mark.parametrize("role", ["a", "b"])
def test_packed_fp4_bytes_unpack_low_nibble_first(role: str) -> None:
    answer = {"bases": {"register": [[0, 1]], "lane": [[1, 0]]}}
    if role == "b":
        answer = {"bases": {"register": [[1, 0]], "lane": [[0, 1]]}}
    threads, values, points = triton_layouts.triton_coordinates(answer, role, packed=2)
    assert (threads, values) == (2, 4)
    assert points == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3)]


def _rocdl_mma_instances() -> list[tuple[str, str]]:
    """(mnemonic, instance id) of every shipped ROCDL MMA instance, straight from the specs."""
    from atomgen.check.runner import analyze_file, collect_spec_files

    found = []
    for path, display in collect_spec_files([str(SPECS / "rocdl")]):
        spec = analyze_file(path, display, prove=False).spec
        if spec is not None and spec.kind == "mma":
            found += [(spec.mnemonic, instance.id) for instance in spec.instances]
    return found


def test_the_evidence_covers_every_rocdl_mma_instance() -> None:
    from atomgen.site.confirmations import EVIDENCE, evidence_rows

    rows: set[tuple[str, str]] = set()  # (mnemonic, instance id) of the per-spec tables (dense and sparse)
    for name in EVIDENCE:
        rows |= set(evidence_rows((DOCS / "evidence" / name).read_text(encoding="utf-8")))
    missing = [row for row in _rocdl_mma_instances() if row not in rows]
    assert len(rows) >= 150 and not missing, missing
