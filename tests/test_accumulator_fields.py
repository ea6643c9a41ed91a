"""Issue 21's spec-format extensions: the accumulator fields `storage` (AG333), `register_half` (AG334) and
a D of its own type (`operand_types.d`, AG331/AG352/AG372), call_intrinsic's format codes and sized
immediates (AG375/AG372/AG394), selector-indexed sparse metadata (AG343), the CTAs of a tcgen05 pair
(`exceptions.ctas`, AG378/AG349), tcgen05's A in tensor memory (the .ts form, AG371/AG349) and its copies. The
mistake a user would make in a shipped spec that uses them is rejected with its rule at its line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import SPECS

from atomgen.check.runner import check_paths

OPSEL = "rocdl/gfx11/wmma_opsel.yaml"
RDNA4 = "rocdl/gfx120x/wmma.yaml"
WRITTEN = "rocdl/gfx1250/wmma_bf16f32.yaml"
GFX1250 = "rocdl/gfx1250/wmma.yaml"
UNSCALED = "rocdl/gfx1250/wmma_f8f6f4.yaml"
SPARSE = "nvvm/sm80/mma_sp.yaml"
SMFMAC = "rocdl/cdna3/smfmac.yaml"
SWMMAC = "rocdl/gfx120x/swmmac.yaml"
PAIR = "nvvm/sm100/tcgen05_mma_pair.yaml"
PAIR_ROW = "m: 128, k: 16, elemTyA: f16, elemTyB: f16, elemTyAcc: f32"
TS = "nvvm/sm100/tcgen05_mma_ts.yaml"
TS_ROW = "m: 64, k: 8, elemTyA: tf32"
MXF4 = "nvvm/sm100/tcgen05_mma_mxf4.yaml"
PAIR_TS = "nvvm/sm100/tcgen05_mma_pair_ts.yaml"

# (spec, text, replacement, the rule, a snippet of the row's line it must be reported at, words of its message)
MISTAKES = [
    # a typo in the selector: AG334, with the parameter it meant
    (OPSEL, "c: vector<16xf16>}, register_half: {c: opsel}", "c: vector<16xf16>}, register_half: {c: opsl}", "AG334",
     "elemTyAcc: f16", "did you mean 'opsel'"),
    # a selector the op never receives: the hardware would write the low half, the atom read the high one
    (OPSEL, "Opsel: [accTy, a, b, c, opsel]", "Opsel: [accTy, a, b, c]", "AG334", "elemTyAcc: f16",
     "never receives it"),
    # register halves on a 32-bit accumulator
    (OPSEL, "elemTyAcc: f16, intrinsic", "elemTyAcc: f32, intrinsic", "AG334", "elemTyAcc: f32", "32-bit"),
    # the field forgotten: the packed C holds twice the layout's values
    (OPSEL, "c: vector<16xf16>}, register_half: {c: opsel}", "c: vector<16xf16>}", "AG331", "elemTyAcc: f16",
     "register_half"),
    # a storage type of another width
    (RDNA4, "c: vector<8xi16>}, storage: {c: i16}", "c: vector<8xi16>}, storage: {c: i32}", "AG333",
     "elemTyAcc: bf16", "is 32 bits"),
    # a packed C that is not the storage type
    (RDNA4, "c: vector<8xi16>}, storage: {c: i16}", "c: vector<8xf16>}, storage: {c: i16}", "AG333",
     "elemTyAcc: bf16", "holds f16"),
    # the field forgotten: AG331, suggesting it
    (RDNA4, "c: vector<8xi16>}, storage: {c: i16}", "c: vector<8xi16>}", "AG331", "elemTyAcc: bf16",
     "storage: {c: i16}"),
    # D's register in C's element type
    (WRITTEN, "d: vector<8xbf16>}", "d: vector<8xf32>}", "AG331", "elemTyD: bf16", "the D elements are bf16"),
    # D's register of the wrong size
    (WRITTEN, "d: vector<8xbf16>}", "d: vector<4xbf16>}", "AG331", "elemTyD: bf16", "operand D holds 8 values"),
    # packed.d forgotten
    (WRITTEN, ", d: vector<8xbf16>}", "}", "AG331", "elemTyD: bf16", "no packed type for operand D"),
    # operand_types.d forgotten: the row's packed.d has no type to hold
    (WRITTEN, "operand_types: {d: elemTyD}\n", "", "AG331", "elemTyD: bf16", "D is written as C"),
    # the op created with C's register type as its result
    (WRITTEN, "ModsAllReuse: [resTy,", "ModsAllReuse: [accTy,", "AG372", "ModsAllReuse: [accTy", "not accTy"),
    # the bf16f32 instruction written into the one-accumulator atom: it returns bf16, not C's f32
    (GFX1250, "intrinsic: rocdl.wmma.f32.16x16x32.bf16, instruction: v_wmma_f32_16x16x32_bf16",
     "intrinsic: rocdl.wmma.bf16f32.16x16x32.bf16, instruction: v_wmma_bf16f32_16x16x32_bf16", "AG352",
     "wmma.bf16f32", "operand_types: {d: ...}"),
    # a format code that is another format's (bf6 for fp6)
    (UNSCALED, "f6E2M3FN: 2, f6E3M2FN", "f6E2M3FN: 3, f6E3M2FN", "AG375", "format_codes:", "encodes it as 2"),
    # the format codes forgotten: fmtA has nothing to send
    (UNSCALED, "  format_codes: {f8E4M3FN: 0, f8E5M2: 1, f6E2M3FN: 2, f6E3M2FN: 3, f4E2M1FN: 4}\n", "", "AG375",
     "elemTyA: f8E4M3FN, elemTyB: f8E4M3FN", "no format code"),
    # a misspelt format operand
    (UNSCALED, "[fmtA, a, fmtB,", "[fmtA, a, fmtb,", "AG372", "F8F6F4: [fmtA", "fmtA/fmtB"),
    # a C modifier the 2-bit field cannot hold
    (UNSCALED, 'fmtB, b, "0", c]', 'fmtB, b, "4", c]', "AG394", "F8F6F4: [fmtA", "int16_t 0..3"),
    # selector-indexed metadata: a row with one selector that does not pin it
    (SPARSE, "m16n8k64.row.col.s32.s8.s8.s32, packed: {a: \"vector<16xi8>\", b: \"vector<16xi8>\", "
     "c: \"vector<4xi32>\", e: i32}, min_subtarget: sm_80, pin: {spSel: 0}}",
     "m16n8k64.row.col.s32.s8.s8.s32, packed: {a: \"vector<16xi8>\", b: \"vector<16xi8>\", "
     "c: \"vector<4xi32>\", e: i32}, min_subtarget: sm_80}", "AG343", "m16n8k64.row.col.s32.s8.s8", "one selector, 0"),
    # a free range wider than the selectors the metadata has
    (SPARSE, "free: {min: 0, max: 3}}", "free: {min: 0, max: 4}}", "AG343", "m16n8k16.row.col.f32.f16.f16.f32",
     "4 selectors, 0..3"),
    # a two-selector row left free over the atom's four
    (SPARSE, "aligned.m16n8k32.row.col.f32.f16.f16.f32, packed: {a: \"vector<8xf16>\", b: \"vector<8xf16>\", "
     "c: \"vector<4xf32>\", e: i32}, min_subtarget: sm_80, pin: {spSel: 0}}",
     "aligned.m16n8k32.row.col.f32.f16.f16.f32, packed: {a: \"vector<8xf16>\", b: \"vector<8xf16>\", "
     "c: \"vector<4xf32>\", e: i32}, min_subtarget: sm_80}", "AG343",
     "m: 16, n: 8, k: 32, elemTyA: f16, elemTyB: f16, elemTyAcc: f32", "2 selectors, 0..1"),
    # a misspelt selector parameter
    (SPARSE, 'ratio: "1:2", index_bits: 2, selector_stride: "k_index / 8", selector: spSel}',
     'ratio: "1:2", index_bits: 2, selector_stride: "k_index / 8", selector: spsel}', "AG343", "elemTyA: tf32}, ratio",
     "did you mean 'spSel'"),
    # AMD (SMFMAC abid, index sets within the register): an 8-bit row holds 2 sets, not 3
    (SMFMAC, "e: i32}, min_subtarget: gfx942, pin: {abid: 0}}\n  - {id: 16x16x64_i8_i8_i32_abid1",
     "e: i32}, min_subtarget: gfx942}\n  - {id: 16x16x64_i8_i8_i32_abid1", "AG343",
     "elemTyAcc: i32, intrinsic: rocdl.smfmac.i32.16x16x64.i8, instruction: v_smfmac_i32_16x16x64_i8, packed: {a: "
     "\"vector<2xi32>\", b: \"vector<4xi32>\", c: \"vector<4xi32>\", e: i32}, min_subtarget: gfx942}",
     "2 selectors, 0..1"),
    (SMFMAC, "e: i32}, min_subtarget: gfx942, pin: {abid: 1}}\n  - {m: 16, n: 16, k: 64, elemTyA: f8E4M3FNUZ",
     "e: i32}, min_subtarget: gfx942, pin: {abid: 2}}\n  - {m: 16, n: 16, k: 64, elemTyA: f8E4M3FNUZ", "AG343",
     "16x16x64_i8_i8_i32_abid1", "2 selectors, 0..1"),
    # RDNA4 SWMMAC (index_key, by shifting the index): the K 64 iu4 row holds one set and must pin it
    (SWMMAC, "variant: IU, pin: {indexKey: 0}}", "variant: IU}", "AG343",
     "k: 64, elemTyA: i4", "one selector, 0"),
    # a free range of 2^31 values: judged by its ends (it once built a tuple of them: MemoryError)
    (SMFMAC, "free: {min: 0, max: 3}}", "free: {min: 0, max: 2147483647}}", "AG343",
     "m: 16, n: 16, k: 32, elemTyA: f16", "4 selectors, 0..3"),
    # the CTAs of a tcgen05 pair: the declaration forgotten (each CTA's descriptors then read as the whole tile)
    (PAIR, "  ctas: 2\n", "", "AG378", PAIR_ROW, "declares no exceptions.ctas"),
    # ... declared, but with the threads of one CTA's issuing lane
    (PAIR, "\nthreads: 2\n", "\nthreads: 1\n", "AG378", "  ctas: 2", "threads must be 2, not 1"),
    # a cta_group::1 row among the pair's
    (PAIR, f"{PAIR_ROW}, intrinsic: nvvm.inline_ptx, min_subtarget: sm_100a, instruction: "
     "\"tcgen05.mma.cta_group::2.kind::f16\"",
     f"{PAIR_ROW}, intrinsic: nvvm.inline_ptx, min_subtarget: sm_100a, instruction: "
     "\"tcgen05.mma.cta_group::1.kind::f16\"", "AG378", PAIR_ROW, "issues cta_group::1, but exceptions.ctas is 2"),
    # M = 128 with a CTA's 64 rows in lanes 0..63 for every column: n columns, where the pair allocates n / 2
    (PAIR, "(2, (64, (n / 2, 2))) : (0, (65536, (1, 4194304)))", "(2, (64, n)) : (0, (65536, 1))", "AG349",
     "{when: {m: 128}", "column"),
    # tcgen05 .ts: A's TMEM address packed as a shared-memory descriptor (the .ss form's i64)
    (TS, f"{TS_ROW}, elemTyB: tf32, elemTyAcc: f32, intrinsic: nvvm.inline_ptx, min_subtarget: sm_100a, instruction: "
     "\"tcgen05.mma.cta_group::1.kind::tf32\", packed: {a: i32,",
     f"{TS_ROW}, elemTyB: tf32, elemTyAcc: f32, intrinsic: nvvm.inline_ptx, min_subtarget: sm_100a, instruction: "
     "\"tcgen05.mma.cta_group::1.kind::tf32\", packed: {a: i64,", "AG371", TS_ROW, "takes packed {a: i32"),
    # ... A's K elements a 32-bit column each, as D's are: 16 columns for 16 f16 where A is given 8
    (TS, "layout: \"(1, (128, k)) : (0, (65536, 32 / k))\"", "layout: \"(1, (128, k)) : (0, (65536, 4))\"", "AG349",
     "(65536, 4)", "column"),
    # tensor-memory copies (a CTA pair's A at M = 128): the copy 32 lanes on, over the values' own rows 32..63
    (PAIR_TS, "layout: \"2 : 4194304\"}", "layout: \"2 : 2097152\"}", "AG349", "2 : 2097152", "share lane 32"),
    # ... or a copy 8 bytes on, over the values' own K elements 4.. (bytes 8..)
    (PAIR_TS, "layout: \"2 : 4194304\"}", "layout: \"2 : 8\"}", "AG349", "2 : 8", "share lane 0, column 2"),
    # scale factors (block-scaled tcgen05): a block size the instruction does not name
    (MXF4, "vector_size: 32", "vector_size: 16", "AG350", "vector_size: 16", "scales blocks of 32"),
    # ... A's factors copied 16 lanes on instead of 32, over the factors of rows 16..31
    (MXF4, 'copies: "4 : 2097152"\n    doc: "row', 'copies: "4 : 1048576"\n    doc: "row', "AG350", "4 : 1048576",
     "share lane 16, column 0, byte 0"),
    # ... B's tile without its padding to whole 32-lane groups: 8 rows where the layout places 32
    (MXF4, 'rows: "NR"', 'rows: "n"', "AG350", "NR / 32), k / 32", "scale-factor tile"),
    # ... a UE4M3 factor where kind::mxf4 takes UE8M0 only
    (MXF4, "f32, elemTySF: f8E8M0FNU", "f32, elemTySF: f8E4M3FN", "AG350", "elemTySF: f8E4M3FN", "f8E8M0FNU"),
    # ... and the state that holds B's factor address forgotten
    (MXF4, "sfb_address, enum_case: SfbAddress, llvm_type: i32", "sfb_address, enum_case: SfbAddress, llvm_type: i64",
     "AG371", "llvm_type: i64", "holds a TMEM address"),
]


@pytest.mark.parametrize("spec, old, new, rule, line_snippet, words", MISTAKES,
                         ids=[f"{m[3]}-{i}" for i, m in enumerate(MISTAKES)])
def test_a_mistake_in_a_spec_using_the_field_is_rejected_at_its_line(
    tmp_path: Path, spec: str, old: str, new: str, rule: str, line_snippet: str, words: str
) -> None:
    # the backend and the one spec: what a mistake in it is judged against
    backend = spec.split("/")[0]
    path = tmp_path / spec
    path.parent.mkdir(parents=True)
    shutil.copy(SPECS / backend / "backend.yaml", tmp_path / backend)
    shutil.copy(SPECS / spec, path)
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old  # the row's text, not a note's
    edited = text.replace(old, new, 1)
    path.write_text(edited, encoding="utf-8")
    expected_line = next(n for n, line in enumerate(edited.splitlines(), 1) if line_snippet in line)  # the row
    results = check_paths([str(tmp_path / backend)], use_cache=False, side_files=False)
    errors = [d for r in results for d in r.diagnostics if d.severity == "error"]
    found = [d for d in errors if d.rule == rule and d.position.line == expected_line]
    assert found, "\n".join(d.format() for d in errors)
    assert any(words in d.message or any(words in note for note in d.notes) for d in found), \
        "\n".join(d.format() for d in found)
    # AG394: a range the immediate cannot hold; AG323, AG311, AG371: a pair's descriptors, threads and
    # instruction as a CTA pair's mistake also leaves them; AG402: a selector a broken variant no longer passes
    allowed = {rule, "AG331", "AG334", "AG352", "AG343", "AG394", "AG323", "AG311", "AG371", "AG402"}
    assert {d.rule for d in errors} <= allowed, "\n".join(d.format() for d in errors)
    edited_back = text.replace(old, old, 1)  # the shipped spec itself is clean (no finding is the mistake's alone)
    path.write_text(edited_back, encoding="utf-8")
    clean = check_paths([str(tmp_path / backend)], use_cache=False, side_files=False)
    assert not [d for r in clean for d in r.diagnostics if d.severity == "error"]


def test_show_puts_a_register_half_value_in_its_half() -> None:
    """`show --format lanes` and `--where` place GFX11 OPSEL values one per register, in the half the
    selector's default (false: bits 15:0) chooses, where a packed 16-bit C would put two per register."""
    from conftest import REPO, run_cli

    spec, instance = "specs/" + OPSEL, "16x16x16_f16_f16_f16"
    lanes = run_cli("show", spec, "--instance", instance, "--format", "lanes", cwd=REPO)
    assert lanes.returncode == 0, lanes.output
    c_part = lanes.stdout.split("\nC: ", 1)[1]
    assert "opsel = false: value v is bits [15:0] of register v (opsel = true: bits [31:16])" in c_part
    rows = [line.split() for line in c_part.splitlines() if line.strip().startswith("0 ")]
    assert rows[:3] == [["0", "v0", "[15:0]", "C[0][0]"], ["0", "v1", "[15:0]", "C[2][0]"],
                        ["0", "v2", "[15:0]", "C[4][0]"]], rows[:3]
    where = run_cli("show", spec, "--instance", instance, "--where", "C[3][5]", cwd=REPO)
    assert where.returncode == 0 and re.search(r"^\s+21\s+1\s+v1\s+\[15:0\]\s*$", where.stdout, re.M), where.stdout
