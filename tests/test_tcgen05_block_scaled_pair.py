"""Block-scaled tcgen05.mma over a CTA pair (cta_group::2, issue 52.2): specs/nvvm/sm100/tcgen05_mma_pair_mxf8f6f4.yaml
(formats as descriptor parameters), tcgen05_mma_pair_mxf4.yaml and tcgen05_mma_pair_nvf4.yaml.

Each CTA of the pair holds the scale factors of what it multiplies: its M / 2 rows of A's, all of B's (over a
pair of M = 128 split across lanes 0 and 64, CuTe's ScaleFactorDuplicated2by2). CuTe's C++ traits
(SM100_MMA_MXF8F6F4_2x1SM_SS, SM100_MMA_MXF4_2x1SM_SS) are the oracle, compiled on the host; no GPU. Each
deliberate mistake is a one-line edit of a shipped spec, rejected with its rule at its line.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import require_cute_traits

from atomgen.check.runner import analyze_file, check_paths
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.spec import tcgen05

REPO = Path(__file__).resolve().parent.parent
SPECS = REPO / "specs"
MXF8F6F4 = "nvvm/sm100/tcgen05_mma_pair_mxf8f6f4.yaml"
MXF4 = "nvvm/sm100/tcgen05_mma_pair_mxf4.yaml"
NVF4 = "nvvm/sm100/tcgen05_mma_pair_nvf4.yaml"
FORMATS = ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN")


def _edited(tmp_path: Path, spec: str, old: str, new: str) -> int:
    """A copy of the tree with `old` replaced by `new` in the spec; the line of the edit."""
    path = tmp_path / spec
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(SPECS / "nvvm" / "backend.yaml", tmp_path / "nvvm")
    text = (SPECS / spec).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def _errors(tmp_path: Path) -> list[Any]:
    results = check_paths([str(tmp_path / "nvvm")], use_cache=False, side_files=False)
    return [d for r in results for d in r.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("spec, instances", [(MXF8F6F4, 16), (MXF4, 32), (NVF4, 64)])
def test_shipped_specs_are_clean(spec: str, instances: int) -> None:
    atom = analyze_file(SPECS / spec, spec)
    assert [d.format() for d in atom.diagnostics if d.severity == "error"] == []
    assert atom.spec is not None and len(atom.spec.instances) == instances and atom.spec.ctas == 2


MISTAKES = [
    # A's factors of one CTA: its M / 2 rows, not M / 4
    (MXF8F6F4, 'rows: "m / 2"', 'rows: "m / 4"', "AG350", "rows of A a CTA holds"),
    # a pair spec's row naming the one-CTA instruction
    (MXF4, "m: 256, k: 64, elemTyA: f4E2M1FN, elemTyB: f4E2M1FN, elemTyAcc: f32, elemTySF: f8E8M0FNU, intrinsic: "
     'nvvm.inline_ptx, min_subtarget: sm_100a, instruction: "tcgen05.mma.cta_group::2',
     "m: 256, k: 64, elemTyA: f4E2M1FN, elemTyB: f4E2M1FN, elemTyAcc: f32, elemTySF: f8E8M0FNU, intrinsic: "
     'nvvm.inline_ptx, min_subtarget: sm_100a, instruction: "tcgen05.mma.cta_group::1', "AG378", "cta_group"),
    # B's factors of M = 128 with the two halves of N in the same lanes
    (NVF4, 'layout: "(2, ((32, NR / 64, 2), k / 16)) : (0, ((65536, 4, 4194304), 1))"',
     'layout: "(2, ((32, NR / 64, 2), k / 16)) : (0, ((65536, 4, 0), 1))"', "AG350", ""),
]


@pytest.mark.parametrize("spec, old, new, rule, words", MISTAKES, ids=[m[3] + f"-{i}" for i, m in enumerate(MISTAKES)])
def test_a_mistake_is_rejected_at_its_line(tmp_path: Path, spec: str, old: str, new: str, rule: str,
                                           words: str) -> None:
    line = _edited(tmp_path, spec, old, new)
    errors = _errors(tmp_path)
    assert any(d.rule == rule and d.position.line == line and words in d.message for d in errors), \
        "\n".join(d.format() for d in errors)


@pytest.mark.campaign  # every pair instance through CuTe's C++ traits (16 s)
def test_the_oracle_compares_the_pairs_with_cute(tmp_path: Path) -> None:
    """`atomgen oracle cute`: every row's A, B, C layouts, D's and both factor tiles' TMEM fragments are CuTe's;
    B's factors of M = 128 with the halves of N 32 lanes apart and the copies 64 (the same cells, so check takes
    it) is a finding of CuTe's ScaleFactorDuplicated2by2 fragment."""
    from atomgen.oracle.cute import audit as cute
    from atomgen.oracle.cute import client

    _edited(tmp_path, NVF4, '(0, ((65536, 4, 4194304), 1))"}\n      - layout: "(2, ((32, NR / 32), k / 16))',
            '(0, ((65536, 4, 2097152), 1))"}\n      - layout: "(2, ((32, NR / 32), k / 16))')
    text = (tmp_path / NVF4).read_text(encoding="utf-8")
    (tmp_path / NVF4).write_text(text.replace('{when: {m: 128}, layout: "2 : 2097152"}',
                                              '{when: {m: 128}, layout: "2 : 4194304"}', 1), encoding="utf-8")
    assert _errors(tmp_path) == []
    try:
        report = cute.audit([str(SPECS / s) for s in (MXF8F6F4, MXF4, NVF4)] + [str(tmp_path / NVF4)],
                            sys.executable, cute.DEFAULT_ARCH, cute.DEFAULT_TIMEOUT)
    except client.OracleError as error:
        pytest.skip(str(error))
    shipped = [r for r in report.specs if str(tmp_path) not in r.path]
    (mutant,) = [r for r in report.specs if str(tmp_path) in r.path]
    assert sorted((r.compared, len(r.findings)) for r in shipped) == [(16, 0), (32, 0), (64, 0)]
    wrong = {f.configuration for f in mutant.findings if f.operand == "tmem_sf_b" and not f.declared}
    assert mutant.compared == 64 and len(wrong) == 32 and all(name.startswith("128x") for name in wrong)


def test_instruction_descriptors_are_cutes() -> None:
    """CuTe's InstrDescriptorBlockScaled of the 2x1SM ops is atomgen's: every mxf8f6f4 format pair, both fp4 kinds
    at M = 128 and 256 with each scale-factor type."""
    require_cute_traits()
    cases = [("mxf8f6f4", 256, 32, a, b, "f8E8M0FNU") for a in FORMATS for b in FORMATS]
    cases += [(kind, m, vs, "f4E2M1FN", "f4E2M1FN", sf) for m in (128, 256)
              for kind, vs, sf in (("mxf4", 32, "f8E8M0FNU"), ("mxf4nvf4", 16, "f8E8M0FNU"),
                                   ("mxf4nvf4", 16, "f8E4M3FN"))]
    ops = {case: cute_cpp.op_name("umma", case[1], 64, 32, case[3], case[4], "f32", ctas=2,
                                  scale=(case[0], case[2], case[5])) for case in cases}
    assert all(op is not None and "_2x1SM_SS<" in op for op in ops.values())
    answers = cute_cpp.traits([str(op) for op in ops.values()])
    for (kind, m, _, a, b, sf), op in ops.items():
        assert answers[str(op)]["idesc"] == tcgen05.block_scaled_descriptor(kind, m, 64, a, b, sf), op
