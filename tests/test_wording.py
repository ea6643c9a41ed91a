"""The spec's `verify:` section: constraints and FlyDSL's wording, in verify() and in the tests."""

from __future__ import annotations

from pathlib import Path

from test_gen_tree import atomgen

from atomgen.spec import verify as wording

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"


def test_conditions_parse_and_evaluate_without_eval() -> None:
    pow2 = wording.parse_condition("pow2(padInterval)")
    assert [pow2.holds({"padInterval": v}) for v in (0, 1, 48, 64)] == [False, True, False, True]
    pair = wording.parse_condition("(blockSize - 16) * (blockSize - 32) == 0")
    assert [pair.holds({"blockSize": v}) for v in (8, 16, 32)] == [False, True, True]
    for bad in ("padInterval", "__import__('os') == 1", "pow2()"):
        try:
            wording.parse_condition(bad)
        except wording.WordingError:
            continue
        raise AssertionError(f"{bad!r} was accepted")


def test_tdm_padding_is_checked_by_the_generated_verifier_and_tests() -> None:
    cpp = (GENERATED / "lib/Dialect/FlyROCDL/GFX1250/CopyOpGFX1250TDM.cpp").read_text()
    assert '"padInterval and padAmount must both be zero or both non-zero"' in cpp
    assert "((padInterval) & ((padInterval)-1)) == 0" in cpp
    verify = (GENERATED / "tests/mlir/Conversion/atomgen/gfx1250_tdm_verify.mlir").read_text()
    assert "error: padInterval and padAmount must both be zero or both non-zero" in verify
    assert "error: padInterval must be a power of two (in elements), got 3" in verify
    # FlyDSL's own wording begins the message, atomgen's supported list follows.
    assert "error: numWarps must be a positive power of two, got 0; numWarps must be one of" in verify


def test_flydsl_wording_begins_table_and_pin_messages() -> None:
    verify = (GENERATED / "tests/mlir/Conversion/atomgen/gfx120x_wmma_verify.mlir").read_text()
    assert "error: GFX120X WMMA requires M=N=K=16, got 32x16x16; unsupported gfx120x.wmma configuration" in verify
    assert "error: GFX120X WMMA fp16/bf16 path does not accept signA/signB/clamp; " in verify
    cpp = (GENERATED / "lib/Dialect/FlyROCDL/GFX120X/MmaOpGFX120X_WMMA.cpp").read_text()
    # Types print bare in atomgen's text (debugString) and quoted where FlyDSL's wording says {x!q}.
    assert "debugString(elemTyA)" in cpp and '<< "unsupported GFX120X WMMA configuration: "' in cpp


def test_a_constraint_an_instance_breaks_is_a_check_error(tmp_path: Path) -> None:
    specs = tmp_path / "rocdl"
    specs.mkdir()
    (specs / "backend.yaml").write_text((ROOT / "specs/rocdl/backend.yaml").read_text())
    text = (ROOT / "specs/rocdl/gfx1250/tdm.yaml").read_text()
    (specs / "tdm.yaml").write_text(text.replace('when: "padInterval != 0", require: "pow2(padInterval)"',
                                                 'require: "pow2(padInterval)"'))
    result = atomgen("check", str(specs / "tdm.yaml"), "--no-cache")
    assert result.returncode == 1
    assert "error[AG396]: instance tdm breaks constraint 2" in result.stdout + result.stderr
    (specs / "tdm.yaml").write_text(text.replace('require: "pow2(padInterval)"', 'require: "pow2(padding)"'))
    result = atomgen("check", str(specs / "tdm.yaml"), "--no-cache")
    assert "error[AG396]: constraint 2: 'padding' is not a parameter" in result.stdout + result.stderr
