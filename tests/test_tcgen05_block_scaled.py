"""sm100 block-scaled tcgen05.mma (kind::mxf4, kind::mxf4nvf4): the scale factors in tensor memory.

The specs say where each scale factor of A and B lives in tensor memory (scale_factors, cell_bits 8,
four copies); CuTe's MMA_Traits<SM100_MMA_MXF4_SS<...>> give the same as UMMA::tmem_sf_frg
fragments, and the instruction descriptor as make_instr_desc_block_scaled. CuTe's headers are
compiled on the host, once for the module; no GPU is involved (none of the lent ones is a Blackwell).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import require_cute_traits

from atomgen.check.runner import analyze_file, check_paths
from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.oracle.cute import tmem as cute_tmem
from atomgen.spec import tcgen05

REPO = Path(__file__).resolve().parent.parent
MXF4 = REPO / "specs/nvvm/sm100/tcgen05_mma_mxf4.yaml"
NVF4 = REPO / "specs/nvvm/sm100/tcgen05_mma_nvf4.yaml"
MX_TYPES = ["f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"]
# (spec, kind, vector size, n, scale-factor type): N below, at and past one 32-lane group, not a multiple of 32,
# the largest; both scale-factor types of the blocks of 16.
CASES = [(MXF4, "mxf4", 32, 8, "f8E8M0FNU"), (MXF4, "mxf4", 32, 40, "f8E8M0FNU"), (MXF4, "mxf4", 32, 256, "f8E8M0FNU"),
         (NVF4, "mxf4nvf4", 16, 24, "f8E8M0FNU"), (NVF4, "mxf4nvf4", 16, 136, "f8E4M3FN"),
         (NVF4, "mxf4nvf4", 16, 256, "f8E4M3FN")]


def _op(kind: str, vector_size: int, n: int, sf: str) -> str:
    return str(cute_cpp.op_name("umma", 128, n, 64, "f4E2M1FN", "f4E2M1FN", "f32", scale=(kind, vector_size, sf)))


def _mx_op(a: str, b: str, n: int) -> str:
    return str(cute_cpp.op_name("umma", 128, n, 32, a, b, "f32", scale=("mxf8f6f4", 32, "f8E8M0FNU")))


# kind::mxf8f6f4 (no spec yet: its 800 rows cost the suite more than its time budget has left): every A/B format
# pair at N = 8, so that the formats AG350 and the lowering would use are CuTe's
MX_CASES = [(a, b, 8) for a in MX_TYPES for b in MX_TYPES]


@pytest.fixture(scope="module")
def traits() -> dict[str, Any]:
    require_cute_traits()
    answers = cute_cpp.traits([_op(kind, vs, n, sf) for _, kind, vs, n, sf in CASES] +
                              [_mx_op(a, b, n) for a, b, n in MX_CASES])
    assert not [op for op, answer in answers.items() if "error" in answer], answers
    return answers


def _analysed(path: Path) -> Any:
    result = analyze_file(path, str(path.relative_to(REPO)), prove=False)
    assert result.analysis is not None and not [d for d in result.diagnostics if d.severity == "error"]
    return result


def _evaluated(result: Any, n: int, sf: str) -> Any:
    return next(e for e in result.analysis.evaluated
                if e.instance.values["n"] == n and e.instance.values["elemTySF"] == sf)


def test_the_specs_check_clean_with_every_instance() -> None:
    errors = [d for r in check_paths([str(MXF4), str(NVF4)], use_cache=False) for d in r.diagnostics
              if d.severity == "error"]
    assert errors == []
    # kind::mxf4: UE8M0 only; kind::mxf4nvf4 with blocks of 16: UE8M0 and UE4M3; N = 8..256 step 8 (CuTe's asserts)
    assert [len(_analysed(path).analysis.spec.instances) for path in (MXF4, NVF4)] == [32, 64]


def test_the_op_names_are_cutes_mxf4_ops() -> None:
    assert _op("mxf4nvf4", 16, 136, "f8E4M3FN") == ("SM100_MMA_MXF4_SS<cutlass::float_e2m1_t,cutlass::float_e2m1_t,"
                                                    "float,cutlass::float_ue4m3_t,128,136,16,UMMA::Major::K,"
                                                    "UMMA::Major::K>")
    # kind::mxf8f6f4 names fp4 by CuTe's unpacked type (a byte of shared memory an element); no MXF4 op has fp8
    assert _mx_op("f4E2M1FN", "f6E2M3FN", 8) == (
        "SM100_MMA_MXF8F6F4_SS<cutlass::detail::float_e2m1_unpacksmem_t,cutlass::detail::float_e2m3_unpacksmem_t,"
        "float,cutlass::float_ue8m0_t,128,8,UMMA::Major::K,UMMA::Major::K>")
    assert cute_cpp.op_name("umma", 128, 8, 64, "f8E4M3FN", "f4E2M1FN", "f32", scale=("mxf4", 32, "f8E8M0FNU")) is None


def test_instruction_descriptor_is_cutes(traits: dict[str, Any]) -> None:
    assert CASES
    for _, kind, vs, n, sf in CASES:
        ours = tcgen05.block_scaled_descriptor(kind, 128, n, "f4E2M1FN", "f4E2M1FN", sf)
        assert traits[_op(kind, vs, n, sf)]["idesc"] == ours, (kind, n, sf)


def test_layouts_and_scale_factor_tiles_agree_with_cute(traits: dict[str, Any]) -> None:
    assert CASES
    for path, kind, vs, n, sf in CASES:
        op = _op(kind, vs, n, sf)
        record = cute_cpp.record(traits[op], op)
        assert set(record["tensor_memory"]) == {"c", "sfa", "sfb"}, op
        analysed = _analysed(path)
        evaluated, spec = _evaluated(analysed, n, sf), analysed.analysis.spec
        assert cute_tmem.differences(spec, evaluated, record) == [], op
        assert cute_tmem.scale_factor_differences(spec, evaluated, record) == [], op


def test_the_mxf8f6f4_formats_are_cutes(traits: dict[str, Any]) -> None:
    """tcgen05.BLOCK_SCALED_FORMATS for kind::mxf8f6f4 against CuTe's make_instr_desc_block_scaled, every pair;
    e2m1 is 5 under this kind (an fp4 element a byte of shared memory) and 1 under kind::mxf4."""
    assert len(MX_CASES) == 25
    for a, b, n in MX_CASES:
        op = _mx_op(a, b, n)
        assert traits[op]["idesc"] == tcgen05.block_scaled_descriptor("mxf8f6f4", 128, n, a, b, "f8E8M0FNU"), op
        record = cute_cpp.record(traits[op], op)
        assert set(record["tensor_memory"]) == {"c", "sfa", "sfb"}, op
    assert traits[_mx_op("f4E2M1FN", "f4E2M1FN", 8)]["idesc"] >> 7 & 7 == 5


def _mutant(tmp_path: Path, path: Path, old: str, new: str) -> Path:
    (tmp_path / "nvvm" / "sm100").mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "specs/nvvm/backend.yaml", tmp_path / "nvvm" / "backend.yaml")
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    target = tmp_path / "nvvm" / "sm100" / path.name
    target.write_text(text.replace(old, new), encoding="utf-8")
    return target


@pytest.mark.parametrize("old, new, words", [
    # factors of one row along the column's bytes instead of rows of one column: every factor in its own byte
    # of 2 columns, so check accepts it; the hardware reads row 32 s + r from byte 4 s + f (CuTe's tmem_sf_frg)
    ('layout: "(1, ((32, m / 32), k / 32)) : (0, ((65536, 4), 1))"\n    copies: "4 : 2097152"\n    doc: "row',
     'layout: "(1, ((32, m / 32), k / 32)) : (0, ((65536, 1), 4))"\n    copies: "4 : 2097152"\n    doc: "row',
     "TMEM address of element 32"),
    # the four subpartition copies forgotten: one copy of A's factors is in place, CuTe's fragment has four
    ('copies: "4 : 2097152"\n    doc: "row', 'doc: "row', "places 1024 addresses for a tile of 256 elements"),
])
def test_a_misplaced_scale_factor_tile_that_check_accepts_is_found_by_cute(
        tmp_path: Path, traits: dict[str, Any], old: str, new: str, words: str) -> None:
    mutant = _mutant(tmp_path, MXF4, old, new)
    if "(65536, 1), 4" in new:  # the transposed tile takes 2 columns: declared so, check has nothing to say
        mutant.write_text(mutant.read_text(encoding="utf-8").replace("columns: 4\n", "columns: 2\n"), encoding="utf-8")
    result = analyze_file(mutant, str(mutant), prove=False)
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.message for d in result.diagnostics]
    op = _op("mxf4", 32, 8, "f8E8M0FNU")
    record = cute_cpp.record(traits[op], op)
    evaluated = _evaluated(result, 8, "f8E8M0FNU")
    found = cute_tmem.scale_factor_differences(result.analysis.spec, evaluated, record)
    assert [role for role, *_ in found] == ["sf_a"] and words in found[0][1], found


def test_the_generated_lowering_reads_the_addresses_and_their_byte() -> None:
    cpp = (REPO / "generated/lib/Dialect/FlyNVVM/SM100/MmaOpSM100_Tcgen05Nvf4.cpp").read_text(encoding="utf-8")
    assert '" [$0], $1, $2, $3, [$5], [$6], p;\\n}\\n"' in cpp and '"r,l,l,r,r,r,r"' in cpp
    assert "ValueRange{c, a, b, idesc, enableInputD, sfa, sfb}" in cpp
    assert "constant(30)" in cpp and "sfId(sfa, 29)" in cpp and "sfId(sfb, 4)" in cpp
    assert "getUmmaScaleFormat(getElemTySF())" in cpp
    assert '"tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::4X"' in cpp
    test = (REPO / "generated/tests/mlir/Conversion/atomgen/sm100_tcgen05_mma_nvf4.mlir").read_text(encoding="utf-8")
    # 128 x 8, UE4M3: A, B e2m1 (MXF4Format 1) at 7 / 10, N >> 3 = 1 at 17, scale format 0 at 23, M >> 4 at 24
    idesc = (1 << 7) | (1 << 10) | (1 << 17) | (0 << 23) | (8 << 24)
    assert idesc == tcgen05.block_scaled_descriptor("mxf4nvf4", 128, 8, "f4E2M1FN", "f4E2M1FN", "f8E4M3FN")
    block = test.split("@sm100_tcgen05_mma_nvf4_128x8x64_f4E2M1FN_f4E2M1FN_f32_f8E4M3FN(")[1].split("func.func")[0]
    assert f"llvm.mlir.constant({idesc} : i32)" in block
    assert "llvm.lshr %[[S_SFA_ADDRESS]], %[[IDESC_ASHIFT]]" in block and "llvm.lshr %[[S_SFB_ADDRESS]]" in block
    assert "%[[IDESC_ABIT:[0-9]+]] = llvm.mlir.constant(29 : i32)" in block
    assert "%[[IDESC_BBIT:[0-9]+]] = llvm.mlir.constant(4 : i32)" in block
    assert "llvm.zext %[[S_ACCUMULATE]] : i1 to i32" in block
    assert "%[[IDESC_B]], %[[ENABLE]], %[[S_SFA_ADDRESS]], %[[S_SFB_ADDRESS]]" in block


def test_probe_skips_them_and_says_why() -> None:
    from atomgen.probe.cases import NO_BLACKWELL, cases_from_paths

    cases, problems = cases_from_paths([str(MXF4), str(NVF4)])
    assert not problems and len(cases) == 32 + 64
    assert {c.skip for c in cases} == {NO_BLACKWELL}


def _ptxas() -> Path:
    import triton

    found = Path(triton.__file__).parent / "backends" / "nvidia" / "bin"
    if not (found / "ptxas-blackwell").is_file():
        pytest.skip("the triton wheel here ships no ptxas-blackwell")
    return found


def _function(cpp: str, version: int) -> str:
    """A PTX function holding the inline assembly the generated C++ builds, its $N the function's registers."""
    instruction = re.search(r'return "(tcgen05\.mma[^"]*)";', cpp)
    body = re.search(r'\("\{\\n(.*?)" \+ Twine\(getTcgen05Instruction\(getElemTyA\(\)\)\) \+\s*"([^"]*)"\)', cpp,
                     re.S)
    assert instruction and body, "the generated lowering no longer builds its asm as this test reads it"
    text = (body.group(1) + instruction.group(1) + body.group(2)).replace("\\n", "\n").rstrip("}\n ")
    for operand, register in (("$0", "%r1"), ("$1", "%rd1"), ("$2", "%rd2"), ("$3", "%r2"), ("$4", "%r3"),
                              ("$5", "%r4"), ("$6", "%r5")):
        text = text.replace(operand, register)
    return (f".version {version // 10}.{version % 10}\n.target sm_100a\n.address_size 64\n"
            ".visible .func f(.param .b32 p0, .param .b64 p1, .param .b64 p2, .param .b32 p3, .param .b32 p4, "
            ".param .b32 p5, .param .b32 p6)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n"
            "ld.param.b32 %r1, [p0]; ld.param.b64 %rd1, [p1]; ld.param.b64 %rd2, [p2]; ld.param.b32 %r2, [p3];\n"
            "ld.param.b32 %r3, [p4]; ld.param.b32 %r4, [p5]; ld.param.b32 %r5, [p6];\n"
            f"{{\n{text}\n}}\nret;\n}}\n")


@pytest.mark.parametrize("atom, sass", [("Mxf4", "UTCOMMA "), ("Nvf4", "UTCOMMA.4X ")])
def test_nvidias_assembler_takes_the_generated_instruction_at_the_ptx_isa_it_needs(
        tmp_path: Path, atom: str, sass: str) -> None:
    """ptxas-blackwell (the triton wheel's) assembles the inline PTX the generated lowering writes, scale-factor
    addresses in brackets, into a block-scaled UTCOMMA reading both from tensor memory, at the PTX ISA that
    ptx_isa() gives (8.6, sm_100a's own, or 8.7 for kind::mxf4nvf4), and refuses it one version lower."""
    bin_dir = _ptxas()
    cpp = (REPO / f"generated/lib/Dialect/FlyNVVM/SM100/MmaOpSM100_Tcgen05{atom}.cpp").read_text(encoding="utf-8")
    instruction = re.search(r'return "(tcgen05\.mma[^"]*)";', cpp)
    assert instruction
    version = max(86, tcgen05.ptx_isa(instruction.group(1)))
    for ptx_version, accepted in ((version, True), (version - 1, False)):
        source = tmp_path / f"{atom}{ptx_version}.ptx"
        source.write_text(_function(cpp, ptx_version), encoding="utf-8")
        built = subprocess.run([str(bin_dir / "ptxas-blackwell"), "-c", "-arch=sm_100a", str(source), "-o",
                                str(source.with_suffix(".o"))], capture_output=True, text=True, check=False)
        assert (built.returncode == 0) == accepted, (ptx_version, built.stderr)
        if accepted:
            sass_text = subprocess.run([str(bin_dir / "cuobjdump"), "-sass", str(source.with_suffix(".o"))],
                                       capture_output=True, text=True, check=True).stdout
            line = next(row for row in sass_text.splitlines() if "UTC" in row and "MMA" in row)
            assert sass in line and line.count("tmem[") == 3, line  # D and both scale-factor tiles in TMEM
        else:
            assert "requires PTX ISA .version" in built.stderr


def test_the_block_modifiers_each_kind_takes_are_the_ones_ptxas_takes(tmp_path: Path) -> None:
    """tcgen05.BLOCK_MODIFIERS (what AG350 admits) against NVIDIA's assembler, every kind with every modifier
    at PTX ISA 8.8 (which has them all): accepted exactly where the table has the modifier."""
    bin_dir = _ptxas()
    modifiers = [None, "scale_vec::1X", "scale_vec::2X", "scale_vec::4X", "block16", "block32"]
    verdicts = {}
    for kind in tcgen05.BLOCK_MODIFIERS:
        for modifier in modifiers:
            text = f"tcgen05.mma.cta_group::1.kind::{kind}.block_scale" + (f".{modifier}" if modifier else "")
            body = (".version 8.8\n.target sm_100a\n.address_size 64\n.visible .func f(.param .b32 p0)\n{\n"
                    ".reg .b32 %r<4>;\n.reg .b64 %rd<3>;\n.reg .pred p;\nld.param.b32 %r1, [p0];\n"
                    "cvt.u64.u32 %rd1, %r1;\nsetp.ne.b32 p, %r1, 0;\n"
                    f"{text} [%r1], %rd1, %rd1, %r1, [%r1], [%r1], p;\nret;\n}}\n")
            source = tmp_path / f"{kind}-{modifier}.ptx".replace(":", "_")
            source.write_text(body, encoding="utf-8")
            built = subprocess.run([str(bin_dir / "ptxas-blackwell"), "-c", "-arch=sm_100a", str(source), "-o",
                                    str(source.with_suffix(".o"))], capture_output=True, text=True, check=False)
            verdicts[(kind, modifier)] = built.returncode == 0
            assert built.returncode == 0 or "Modifier" in built.stderr, built.stderr  # refused for the modifier
    assert len(verdicts) == 18 and sum(verdicts.values()) == 10
    assert verdicts == {(kind, modifier): modifier in tcgen05.BLOCK_MODIFIERS[kind] for kind, modifier in verdicts}
