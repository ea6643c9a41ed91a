"""The shipped specs: all clean, all 13 FlyDSL atoms present, every instance evaluates.

The FlyDSL table is transcribed from FLYDSL_FACTS.md section 6 (FlyDSL HEAD), not read from
the specs, so a renamed or lost spec fails here.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from conftest import REPO, SPECS, run_cli, shipped_specs

from atomgen.check.runner import check_paths
from atomgen.layout import algebra
from atomgen.spec.loader import load_file
from atomgen.spec.model import COPY_OPERANDS, MMA_OPERANDS, build_model
from atomgen.spec.sparsity import SPARSE_ROLES

# (TableGen def, C++ class, mnemonic) of every FlyDSL ROCDL atom.
FLYDSL_ATOMS = (
    ("FlyROCDL_MmaOpCDNA3_MFMA", "MmaOpCDNA3_MFMAType", "cdna3.mfma"),
    ("FlyROCDL_MmaOpCDNA4_MFMAScale", "MmaOpCDNA4_MFMAScaleType", "cdna4.mfma_scale"),
    ("FlyROCDL_MmaOpGFX1250_WMMA", "MmaOpGFX1250_WMMAType", "gfx1250.wmma"),
    ("FlyROCDL_MmaOpGFX1250_WMMAScale", "MmaOpGFX1250_WMMAScaleType", "gfx1250.wmma_scale"),
    ("FlyROCDL_MmaOpGFX11_WMMA", "MmaOpGFX11_WMMAType", "gfx11.wmma"),
    ("FlyROCDL_MmaOpGFX120X_WMMA", "MmaOpGFX120X_WMMAType", "gfx120x.wmma"),
    ("FlyROCDL_CopyOpBufferCopy", "CopyOpCDNA3BufferCopyType", "cdna3.buffer_copy"),
    ("FlyROCDL_CopyOpBufferCopyLDS", "CopyOpCDNA3BufferCopyLDSType", "cdna3.buffer_copy_lds"),
    ("FlyROCDL_CopyOpBufferAtomic", "CopyOpCDNA3BufferAtomicType", "cdna3.buffer_atomic"),
    ("FlyROCDL_CopyOpLdsReadTranspose", "CopyOpCDNA4LdsReadTransposeType", "cdna4.lds_read_trans"),
    ("FlyROCDL_CopyOpBufferLoadAsyncLDS", "CopyOpCDNA4BufferLoadAsyncLDSType", "cdna4.buffer_load_async_lds"),
    ("FlyROCDL_CopyOpGlobalLoadAsyncLDS", "CopyOpCDNA4GlobalLoadAsyncLDSType", "cdna4.global_load_async_lds"),
    ("FlyROCDL_CopyOpGFX1250TDM", "CopyOpGFX1250TDMType", "gfx1250.tdm"),
)

SPEC_IDS = [str(p.relative_to(SPECS)) for p in shipped_specs()]


def test_check_specs_exits_clean() -> None:
    result = run_cli("check", "specs/", "--no-cache", cwd=REPO)
    assert result.returncode == 0, result.output
    assert "error[" not in result.output and "Traceback" not in result.output
    assert " 0 error(s)" in result.stderr


@pytest.mark.parametrize("spec", shipped_specs(), ids=SPEC_IDS)
def test_each_shipped_spec_is_clean_and_proved(spec: Path) -> None:
    [result] = check_paths([str(spec)], use_cache=False, prove=True)
    assert result.diagnostics == [], "\n".join(d.format() for d in result.diagnostics)
    # No symbolic proof may come out false (a false one would also be a concrete failure).
    assert not [p for p in result.proofs if p["status"] == "false"], result.proofs


def test_every_flydsl_atom_has_a_spec() -> None:
    found = set()
    for path in shipped_specs():
        data = load_file(path).data
        if data["backend"] == "rocdl":
            found.add((data["tablegen_def"], data["cpp_class"], data["mnemonic"]))
    # every FlyDSL atom, plus the atoms FlyDSL does not have yet (issue 13), nothing else
    beyond = {("FlyROCDL_MmaOpCDNA3_MFMAMultiBlock", "MmaOpCDNA3_MFMAMultiBlockType", "cdna3.mfma_multiblock"),
              ("FlyROCDL_MmaOpCDNA3_MFMAExt", "MmaOpCDNA3_MFMAExtType", "cdna3.mfma_ext"),
              ("FlyROCDL_MmaOpCDNA3_SMFMAC", "MmaOpCDNA3_SMFMACType", "cdna3.smfmac"),
              ("FlyROCDL_MmaOpGFX11_WMMAWave64", "MmaOpGFX11_WMMAWave64Type", "gfx11.wmma_wave64"),
              ("FlyROCDL_MmaOpGFX120X_WMMAWave64", "MmaOpGFX120X_WMMAWave64Type", "gfx120x.wmma_wave64"),
              ("FlyROCDL_MmaOpGFX120X_WMMAWave64IU4", "MmaOpGFX120X_WMMAWave64IU4Type", "gfx120x.wmma_wave64_iu4"),
              ("FlyROCDL_MmaOpGFX120X_SWMMAC", "MmaOpGFX120X_SWMMACType", "gfx120x.swmmac"),
              # issue 21: GFX11's 16-bit accumulators, OPSEL-placed (spec field register_half)
              ("FlyROCDL_MmaOpGFX11_WMMAOpsel", "MmaOpGFX11_WMMAOpselType", "gfx11.wmma_opsel"),
              ("FlyROCDL_MmaOpGFX11_WMMAOpselWave64", "MmaOpGFX11_WMMAOpselWave64Type", "gfx11.wmma_opsel_wave64"),
              ("FlyROCDL_MmaOpGFX120X_SWMMACWave64", "MmaOpGFX120X_SWMMACWave64Type", "gfx120x.swmmac_wave64"),
              # issue 21: C read as f32, D written as bf16 (spec field operand_types.d)
              ("FlyROCDL_MmaOpGFX1250_WMMA_BF16F32", "MmaOpGFX1250_WMMA_BF16F32Type", "gfx1250.wmma_bf16f32"),
              # issue 21: the unscaled f8f6f4/f4 WMMAs, through llvm.call_intrinsic with format codes
              ("FlyROCDL_MmaOpGFX1250_WMMAF8F6F4", "MmaOpGFX1250_WMMAF8F6F4Type", "gfx1250.wmma_f8f6f4"),
              # issue 21: the SMFMAC forms gfx950 adds (CDNA4)
              ("FlyROCDL_MmaOpCDNA4_SMFMAC", "MmaOpCDNA4_SMFMACType", "cdna4.smfmac"),
              # issue 21: wave64 iu4 K32 SWMMAC, A and its indices from lanes 0-31 (replicated a and e)
              ("FlyROCDL_MmaOpGFX120X_SWMMACWave64IU4", "MmaOpGFX120X_SWMMACWave64IU4Type",
               "gfx120x.swmmac_wave64_iu4"),
              # issue 49: FlyDSL's fp8 K order of the gfx950 scaled MFMA, declared as a convention atom
              ("FlyROCDL_MmaOpCDNA4_MFMAScaleK32", "MmaOpCDNA4_MFMAScaleK32Type", "cdna4.mfma_scale_k32")}
    assert found == set(FLYDSL_ATOMS) | beyond


# A coordinate table: [[thr, val, row, col], ...], nothing but digits, ", " and brackets, up to its closing "]]".
COORDINATES = re.compile(r'"coordinates": (\[\[[0-9, \[\]]*\]\])')


@pytest.mark.parametrize("spec", shipped_specs(), ids=SPEC_IDS)
@pytest.mark.slow
def test_show_json_covers_every_instance_and_operand(spec: Path) -> None:
    result = run_cli("show", str(spec.relative_to(REPO)), "--format", "json", cwd=REPO)
    assert result.returncode == 0, result.output
    # The coordinate tables are most of the text (130 MB for tcgen05's 392 instances) and are checked per
    # instance, against the layouts, by test_show_pictures (check_json); here each is set aside as an empty
    # list (COORDINATES matches only digits, commas and brackets).
    tables = COORDINATES.findall(result.stdout)
    records = json.loads(COORDINATES.sub('"coordinates": []', result.stdout))
    assert len(tables) == sum(1 for record in records if "coordinates" in record)
    data = load_file(spec).data
    operands = ("thr",) + (MMA_OPERANDS if data["kind"] == "mma" else COPY_OPERANDS)
    operands += SPARSE_ROLES if "sparse" in data else ()  # the metadata layouts of a sparse MMA
    by_instance: dict[str, set[str]] = {}
    for record in records:
        by_instance.setdefault(record["instance"], set()).add(record["operand"])
        layout = algebra.Layout(algebra.from_json(record["shape"]), algebra.from_json(record["stride"]))
        # Concrete: plain integers, consistent with the printed text and the sizes.
        assert all(isinstance(v, int) for v in algebra.flatten(layout.shape) + algebra.flatten(layout.stride))
        assert algebra.size(layout) == record["size"] > 0
        assert algebra.cosize(layout) == record["cosize"]
        if record["operand"] == "thr":
            assert record["size"] == data["threads"]
        elif record["operand"] in SPARSE_ROLES:
            assert record["size"] <= data["threads"] * 32  # holders x slots: metadata of some lanes
        else:
            assert record["threads"] == data["threads"]
            assert record["threads"] * record["values"] == record["size"]
    model, _ = build_model(load_file(spec))
    assert model is not None
    assert sorted(by_instance) == sorted(i.id for i in model.instances)  # rows after any `expand:`
    for instance, seen in by_instance.items():
        assert seen == set(operands), instance


def test_show_text_and_one_instance() -> None:
    spec = "specs/rocdl/cdna3/mfma.yaml"
    text = run_cli("show", spec, cwd=REPO)
    assert text.returncode == 0, text.output
    assert "cdna3.mfma 16x16x16_f16_f16_f32  ->  rocdl.mfma.f32.16x16x16f16" in text.stdout
    one = run_cli("show", spec, "--instance", "16x16x16_f16_f16_f32", "--format", "json", cwd=REPO)
    records = json.loads(one.stdout)
    assert {r["operand"] for r in records} == {"thr", "a", "b", "c"}
    assert {r["layout"] for r in records if r["operand"] == "a"} == {"((16,4),4):((1,64),16)"}
    missing = run_cli("show", spec, "--instance", "nope", cwd=REPO)
    assert missing.returncode == 2 and "no instance 'nope'" in missing.stderr


def test_cache_is_keyed_by_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A repeated run is served from the cache; any edit is a miss and is re-checked."""
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path / "cache"))
    shutil.copytree(SPECS / "rocdl", tmp_path / "specs" / "rocdl")
    first = check_paths([str(tmp_path / "specs")], side_files=False)
    assert not any(r.cached for r in first)
    second = check_paths([str(tmp_path / "specs")], side_files=False)
    assert all(r.cached for r in second)
    assert [r.diagnostics for r in second] == [r.diagnostics for r in first] == [[]] * len(first)
    assert [r.proofs for r in second] == [r.proofs for r in first]
    mfma = tmp_path / "specs" / "rocdl" / "cdna3" / "mfma.yaml"
    mfma.write_text(mfma.read_text().replace('thr: "64:1"', 'thr: "32:1"'), encoding="utf-8")
    third = {r.path: r for r in check_paths([str(tmp_path / "specs")], side_files=False)}
    assert not third[str(mfma)].cached
    assert [d.rule for d in third[str(mfma)].diagnostics] == ["AG311"]
    assert sum(r.cached for r in third.values()) == len(first) - 1
    # Editing the backend description invalidates the specs below it too.
    backend = tmp_path / "specs" / "rocdl" / "backend.yaml"
    backend.write_text(backend.read_text() + "\n# edited\n", encoding="utf-8")
    assert not any(r.cached for r in check_paths([str(tmp_path / "specs")], side_files=False))


def test_cache_key_covers_every_module_that_decides_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every module a check imports from check/, spec/ and layout/ (the rule families of check/families/
    too) is in the cache's code fingerprint: a key without check/families/ kept an edited rule's old
    findings (found adding AG334's did-you-mean)."""
    import atomgen.check.rules  # noqa: F401  (imports every rule family)
    import atomgen.check.runner as runner

    fingerprinted = {path.relative_to(runner._PACKAGE).as_posix()
                     for folder in runner._CODE_FOLDERS for path in (runner._PACKAGE / folder).rglob("*.py")}
    fingerprinted |= set(runner._CODE_FILES)
    check_modules = {name for name in sys.modules if name.startswith("atomgen.")
                     and name.split(".")[1] in ("check", "spec", "layout")}
    assert "atomgen.check.families.packing" in check_modules
    for name in check_modules:
        module_file = Path(sys.modules[name].__file__ or "")
        assert module_file.relative_to(runner._PACKAGE).as_posix() in fingerprinted, name
    copy = tmp_path / "atomgen"
    shutil.copytree(runner._PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "_data"))
    monkeypatch.setattr(runner, "_PACKAGE", copy)
    before = runner._code_fingerprint()
    packing = copy / "check" / "families" / "packing.py"
    packing.write_text(packing.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert runner._code_fingerprint() != before
