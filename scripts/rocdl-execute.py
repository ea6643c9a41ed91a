"""Execute every ROCDL MMA instance's lowered IR on the AMD instruction models, and the copy atoms whose model
is simple enough to be honest (issue 50).

    python scripts/rocdl-execute.py            # writes docs/evidence/rocdl-execution.{md,json}
    python scripts/rocdl-execute.py SPEC ...   # prints the rows of those specs only

Per instance: executed or why not, pass / fail against the float64 / int64 reference, the model's source and each
broken-lowering control (atomgen/execution/harness.py). Exit 1 if an executed instance fails or a negative control
that applies is not detected.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path

from atomgen.execution.copy_harness import run_copy_spec
from atomgen.execution.harness import ROOT, Outcome, run_spec

ROCDL = ROOT / "specs" / "rocdl"
EVIDENCE = ROOT / "docs" / "evidence"


HEAD = """# ROCDL atoms executed on instruction models from AMD's tables (issue 50)

Written by `scripts/rocdl-execute.py`. {summary}.

What runs: the committed LLVM IR of every ROCDL MMA instance (docs/evidence/rocdl-isa/*.ll, lowered by a real
fly-opt), read by llvmlite's LLVM (`llvmlite.binding.parse_assembly`; every committed file parses unchanged) and
executed for a whole wave (atomgen/execution/executor.py). Each `llvm.amdgcn.*` matrix intrinsic runs on its
instruction's model (atomgen/execution/models.py): the element <-> (lane, register, bits) placement of A, B, C, D
(and the sparse indices K, and the OPSEL / ABID / index_key variants), committed as facts in
atomgen/execution/models/*.json by scripts/amd-models.py. The models never read a spec. Their sources, per model
(column "model"):

- calculator: AMD's Matrix Instruction Calculator (1.3.2, CDNA3 / RDNA3 / RDNA4), run at regeneration time
  (`scripts/amd-models.py CHECKOUT`; none of its code or text is committed; `--check` compares). Its newest commit
  has no CDNA4 and no gfx1250 architecture.
- document (single): `v_mfma_scale_f32_32x32x64_f8f6f4` fp8 x fp8 (cbsz/blgp 0/1 pairs) and fp4 x fp4, single-sourced
  from AMD's ROCm blog "Matrix Core Programming on AMD CDNA3 and CDNA4 architecture" (ROCm/rocm-blogs, 30 Sep 2025):
  the register loads of its HIP kernels for fp8 x fp8 (A and B as two 16-byte K runs per lane, "valid only if both
  input matrices A and B have FP8 type") and fp4 x fp4 (32 consecutive K), C/D from their stores, the cbsz/blgp
  format codes and the E8M0 scale 2^(e-127) applied after the dot product. OPSEL n reads byte n of the scale word
  (iree-org/wave's test of amdgpu.scaled_mfma: "opsel (byte selection)"; single-sourced). The blog places one
  scale byte per lane in a figure only; which lane's scale byte applies to which row (A) / column (B) and K block
  is single-sourced from Triton 3.9.0's gfx950 scaled-MFMA scale layout (`gluon_ir.get_amd_mfma_scale_layout`,
  the layout its tl.dot_scaled lowering gives the scale operand): lane t holds the scale of row / column t % M for
  K block t // M.
- document layouts per format (derived): the other 20 format pairs of 32x32x64 and all 25 of
  `v_mfma_scale_f32_16x16x128_f8f6f4`: each operand in its own format's blog layout (fp8: two 16-value K runs,
  k = 16*(lane/M) + v%16 + 16*G*(v/16), G = 64/M; fp4: 32 consecutive K; fp6 like fp4, 32 consecutive K packed 6
  bits a value across LLVM's v6i32, a value straddling two registers), at M = 16 with the calculator's CDNA3 16x16
  f32 D. No AMD document gives fp6, the mixed pairs or 16x16x128: these are derivations (marked so per pair in
  the model's `scaled.sources`), and docs/evidence/amd-layouts.md gives the evidence for per-format layouts
  (Triton's fp8 x fp4 lowering, AMD's aiter W4A8 GEMM in production).
- calculator layout, K doubled (derived): the gfx950 dense shapes `v_mfma_f32_{16x16x32,32x32x16}_{f16,bf16}` and
  `v_mfma_i32_{16x16x64,32x32x32}_i8`: the calculator's CDNA3 layout of the same family (16x16x16, 32x32x8,
  16x16x32_i8, 32x32x16_i8) with each lane's K run doubled (IntrinsicsAMDGPU.td: twice the A/B width, the same
  C/D). scripts/amd-models.py asserts it against an AMD engineer's gfx950 kernel for 32x32x16_f16
  (carlushuang/gcnasm matrix_core_gfx950/matrix_core.cc @408f1748: its A/B loads and C stores); Triton 3.9.0's
  gfx950 layout of 32x32x16_f16 (kWidth 8) is the same. The CDNA4 ISA guide (a PDF) is not reachable here.
- CK code (single): the 14 gfx950 SMFMAC (`cdna4/smfmac.yaml`), from Composable Kernel's numbers for them
  (ROCm/composable_kernel include/ck_tile/core/arch/mma/sparse/mfma/sparse_gfx9.hpp @05d45561: K per lane 16 / 32,
  A one K run, B two), C/D the calculator's CDNA3 SMFMAC D of the same M, N; the script asserts that CK's numbers
  read the same way give the calculator's CDNA3 SMFMAC B. No AMD document or calculator covers CDNA4 SMFMAC.
- Triton gfx1250 (single), Triton gfx1250 + FlyDSL kernel (the 32x16x128 f4 forms): every gfx1250 WMMA model
  (atomgen/execution/models/gfx1250.json, `scripts/amd-models.py --gfx1250`, `--check` compares). No AMD document
  describes gfx1250's WMMA registers: the calculator's newest commit (2ef9189) has no gfx1250, and no gfx1250 /
  MI400 / CDNA5 ISA guide is reachable here (one public note cites a "CDNA5 ISA" by line number; the document itself
  is not among the stored sources). The one AMD-engineered source is Triton's AMD backend (AMD's own engineers
  maintain third_party/amd): the models are Triton 3.9.0's layouts computed by its C++ library on this CPU
  (`GluonOpBuilder.to_linear_layout` of `AMDWMMALayout(version=3, instr_shape)` and `DotOperandLayout(k_width)`; the
  kWidth Triton's compiler picks: f32 2, f16/bf16/fp8/i8 8; f8f6f4 A/B per format as Triton's scaled WMMA lays them
  out, kWidth 16 bytes, fp4 two a byte, low nibble first), each lane's operand vector holding Triton's registers in
  order (WMMA.cpp getValuesFromDotOperandLayoutStruct @fd237c7c: kWidth at a time in register order; D element v = C
  register v, no padding since WMMA version 2); block scales by `gluon_ir.get_amd_wmma_scale_layout` (scale factor
  32: lane t's byte j is the scale of row / column t % 16 for K block j; 16: eight bytes, lanes 16-31 repeating
  0-15). Argument conventions are LLVM's (IntrinsicsAMDGPU.td, llvm-22, per operand): float A/B `%A_mod`/`%B_mod` 1
  = neg (negate A / B); IU8 `%A_mod`/`%B_mod` = signedness (llc-22 encodes it as neg_lo[0]/[1], the bit gfx12's IU
  intrinsics name `%A_sign`, and Triton's WMMA lowering passes `!isUnsignedInteger()` there); `%C_mod` 0 none, 1
  neg, 2 abs, 3 neg(abs) of C; `matrix_a_reuse`/`matrix_b_reuse` operand-cache hints (no effect on D); clamp
  saturates the i32 result; `matrix_a_fmt`/`matrix_b_fmt` 0..4 = FP8, BF8, FP6, BF6, FP4 (llc-22 prints `i32 1` as
  MATRIX_FMT_BF8, `i32 4` as MATRIX_FMT_FP4); `matrix_a_scale_fmt` 0 = E8M0; `matrix_a_scale` 0 / 1 =
  MATRIX_SCALE_ROW0 / ROW1 (llc-22's names). Two facts come from a second AMD-engineered source, FlyDSL's gfx1250
  scaled GEMMs (ROCm/FlyDSL kernels/gemm/gemm_fp8fp4_gfx1250.py @33efd75e^, tested against a torch reference by
  tests/kernels/test_gemm_fp8fp4_gfx1250.py; kernels/mxfp4_gemm_gfx1250.py @9fad5968 and its test, which says it
  runs on AMD's gfx1250 simulator):
  - MATRIX_SCALE_ROW0 / ROW1 of the 32-block form (`v_wmma_scale_*`, i32 scales) on a 16-wide operand (16x16x128:
    A and B; 32x16x128: B): ROW0 reads row / column c's four scale bytes from lane c, ROW1 from lane 16 + c. The
    kernels pair two 16-row tiles in one scale VGPR (lanes 0-15 the first tile's scales, 16-31 the second's) and
    pass ROW1 for the second tile (`as32_opsel`, `bs32_opsel`, `ascale_opsel`: "op_sel picks the 16-half"); under
    ROW0 their lanes 16-31 hold another tile's scales, unread. So the model reads ROW0 from lanes 0-15 only (the
    harness fills lanes 16-31 with other scales) and the `_opselA` / `_opselB` functions of the 16x16x128 scale
    rows run, with a new negative class "B's scale row select flipped". Not modelled: ROW1 of the 16-block form
    (`v_wmma_scale16_*`, i64 scales: no source here uses it; Triton's placement is kept, both lane halves) and of
    the 32-row A of 32x16x128 (FlyDSL passes 0 there, "not applicable for 32x16"; no source says what 1 does).
  - The 32x16x128 f4 forms (`v_wmma{,_scale,_scale16}_f32_32x16x128_f4`), modelled now: Triton 3.9.0's
    AMDWMMALayout of instr_shape [32, 16, 64] (bytes), the layout a newer Triton lowering feeds
    `llvm.amdgcn.wmma.scale.f32.32x16x128.f4` with (WmmaGroup.cpp @0310f175 selects it for fp4 x fp4 at M 32;
    its test tritongpu_wmma_dot_scaled gfx1250-strict names the 32x16 scale layouts: A's scale lane t = row t),
    equals what FlyDSL's tested MXFP4 GEMM loads (scripts/amd-models.py asserts it): A (v16i32) lane t holds rows
    t%16 (registers 0-7) and 16 + t%16 (registers 8-15), each as two 32-value K runs at K = 32*(t/16) and
    64 + 32*(t/16); B (v8i32) column t%16, the same K runs; D (v16f32) value v at row 16*(v/8) + 8*(t/16) + v%8,
    column t%16; A's scale lane t byte j = row t, K block j; B's lane c (ROW0) / 16 + c (ROW1).
  Not modelled, said per row: every fp6 / bf6 pair (neither Triton nor FlyDSL's gfx1250 kernels use fp6: LLVM's
  operand widths - v12i32 for 16x16x128, 384 bits = 64 six-bit values a lane - say the values are packed 6 bits
  apiece with no padding, but no source here says which K a lane holds or in which order its values sit in the
  bits), and the gfx1250 iu4 16x16x32 row (see "Not executed").
- calculator layout + document formats: gfx950's OCP fp8/bf8 `v_mfma_f32_{16x16x32,32x32x16}_{fp8,bf8}_{fp8,bf8}`
  (the gfx950-only rows of cdna3/mfma.yaml and mfma_ext.yaml): the calculator's CDNA3 layout of the same opcode,
  with CDNA4's OCP formats (the blog: "the CDNA4 architecture uses E4M3FN and E5M2 (OCP) variants"); the blog's
  32x32x16 fp8 kernel loads exactly the calculator's layout (scripts/amd-models.py asserts it).

Per-value functions: an instance whose free parameter changes the result has, in the committed IR, a function per
other value (`@..._signA`, `_signB`, `_clamp`, `_opselA`, `_opselB`; the value is the generator's own,
atomgen.render.tests.rocdl.meaning_values for the LLVM 22.1 rendering). Each runs like the instance's own function,
its reference computed with that value (signA: A read as signed, clamp: D saturated, opselA: A's scale from byte 1),
with every negative class; "sign flags swapped" (A's flag sent as B's: the gfx1250 bug of issue 48) applies where
the two flags differ, i.e. in the `_signA` and `_signB` functions.

Inputs: random matrices placed into each lane's fragment by the spec's own (thr, val) -> (row, col) tables
(`atomgen show --format json`'s, replicas included): every finite code of the 4/6/8-bit formats, the full range of
8-bit and 4-bit integers (signedness per the instance's signA/signB), moderate f16/bf16/f32/f64 values, and i32
accumulators of which a quarter sit within 64 of INT32_MIN/MAX (so clamp matters). Sparse (SMFMAC, SWMMAC): a
random 2:4 pattern per chunk; A's nonzeros placed by the spec's compressed-A layout, their indices by the spec's
metadata (layout `e` over the index tile, holders `e_holders`, index set s at bits s * selector_bits, as `atomgen
show --format json` prints them; the other index sets of the register hold other valid patterns). A free selector
(cdna3 16-bit SMFMAC abid 0..3, gfx120x index_key) runs every IR function of the instance (`@..._abid2`,
`@..._indexKey1`), each with its set placed there. Block scales vary within the block grid: an E8M0 scale
2^-6..2^6 drawn for every (row of A, K block) and (column of B, K block), placed into each lane's scale operand
where the model's scale layout (Triton's) reads it - the specs declare the scales atom state, not their lane
placement; CDNA4: in the byte OPSEL selects, the other bytes other scales. `cdna4.mfma_scale_k32` (FlyDSL's
32-consecutive fp8 K order) is run in its declared domain, one scale per row / column for all its K blocks; with
block-varying scales it fails where `cdna4.mfma_scale` passes (tests/test_execution.py
test_flydsl_k_order_fails_with_block_varying_scales). gfx1250 `_modC`: C negated in the reference. 8-bit float
inputs of a 16-bit float D keep |v| <= 8 (the exact sum of all codes would leave f16's range); a float C is drawn
at the magnitude of |A| x |B| so that its placement and modifier show. Reference: D = A x B (x scaleA x scaleB) + C per
block in float64 / int64 (i32 wrapped, or saturated under clamp); a float result must be within 4 ulp of D's
format of |A| x |B| + |C| (the model sums exactly and rounds once: the hardware's accumulation order and
intermediate rounding are not modelled), an integer result exact.

Negative controls, per executed instance: the same IR with the intrinsic's arguments broken as a wrong lowering
would emit them - A/B swapped, sign flags flipped, clamp flipped, OPSEL flipped, A's values reversed inside each
register (or its registers reversed for 32/64-bit elements, the operand's values reversed for fp6), A's sign
flag exchanged with B's; sparse: the neighbouring index set read (the index
register rotated by one set: a wrong abid / index_key), each chunk given the next chunk's indices (the set read
rotated by one chunk); block-scaled and gfx1250 f8f6f4: A's and B's format codes exchanged (CBSZ/BLGP,
matrix_a_fmt/matrix_b_fmt), A's format code wrong (fp8 <-> bf8, fp6 <-> bf6), the scale operands rotated by one
byte; gfx1250: A's neg flag flipped, C's neg modifier flipped, the sign flags of IU8 flipped and swapped. A class
that cannot apply (no sign flag, one index set, A and B of one format...) is said per instance in
rocdl-execution.json; "(xN)" counts a class over the selector variants. Every class that applies must change D
(or make the model refuse the registers: for SWMMAC's last index set - wave32 index_key 1, wave64 index_key 3 - the
IR has already shifted the register, so the rotated set is the zeros the shift brought in, and the model refuses a
chunk whose two indices are equal).

What D = A x B + C cannot show: a K order common to A and B that keeps every K in its scale block (any such
permutation applied to both leaves D unchanged). The layouts are checked up to such a permutation; M and N
placements absolutely. So a derived K order (the doubled gfx950 dense runs) is not itself tested by D; the M / N /
C / D placement it inherits is. With block-varying scales, a K order that moves K across scale blocks does show:
FlyDSL's 32-consecutive fp8 order fails on `cdna4.mfma_scale`'s instruction (above); the spec's two 16-byte runs
pass, against Triton's scale placement (an independent AMD-engineered source: the blog gives the data layout,
Triton the scales').

Finding (settled 2026-12-08, the spec corrected): the 32x16x128 f4 rows' A layout was wrong. `gfx1250/wmma_f8f6f4.yaml`
`32x16x128_f4E2M1FN_f4E2M1FN_f32` and `gfx1250/wmma_scale.yaml` `32x16x128_f4E2M1FN_f4E2M1FN_f32_32` / `_16` failed
(511 or 512 of 512 D values differed) with A `(32, k) : (1, 32)` (each lane one full row of 128 fp4), FlyDSL's
provisional layout, which FlyDSL's own source marks "PROVISIONAL ... derived by analogy to the 16-row form and NOT
hardware-verified ... The shipping fp4 kernels feed pre-arranged fragments through a direct mma_atom_call and never
consult them" (lib/Dialect/FlyROCDL/GFX1250/MmaAtomScale.cpp @11c4174d); the spec's note said it was unverified. It
was a real contradiction, not a relabelling: the rows a lane holds differ (lane t row t, against rows t%16 and
16 + t%16), and D = A x B + C fixes M placements absolutely. The model's A is what two independent AMD-engineered
sources feed the instruction (above: FlyDSL's tested MXFP4 GEMM, which swaps A and B so that SRC0 carries its 32
N-rows, and Triton, whose newer lowering selects this instruction from the same layout); the spec's B and C/D
rows already agreed with both (C: the note's "two stacked 16x16 f32 D blocks", confirmed). LLVM's operand widths
(A v16i32, B v8i32, C/D v16f32: 128 / 64 fp4 and 16 f32 a lane) fit both A layouts and cannot settle it. Both
specs' `a:` rows now read `{when: {m: 32}, layout: "((16, 2), (32, 2, 2)) : ((1, 1024), (32, 2048, 16))"}` (over
(M, K) column-major: lane%16 row, lane/16 K + 32, value v%32 K + v, (v/32)%2 K + 64, v/64 row + 16), with the
sources in their notes, and FlyDSL 0.5.0's layout is a declared FlyDSL defect of wmma_scale (`atomgen oracle
flydsl`: 0 open findings). All three rows pass, every negative detected; tests/test_execution.py
test_32x16_f4_a_layout_finding keeps showing the old layout failing and the corrected one passing.

Not executed, and why:

- gfx1250 iu4 16x16x32 (`v_wmma_i32_16x16x32_iu4`): llc-22 -mcpu=gfx1250 cannot select
  `llvm.amdgcn.wmma.i32.16x16x32.iu4` ("Cannot select", docs/evidence/rocdl-isa.md): the intrinsic sits in
  IntrinsicsAMDGPU.td's GFX12 WMMA set, not gfx1250's. llvm-mc-22 still assembles the mnemonic for gfx1250 with
  gfx1200's encoding (`[0x00,0x40,0x4a,0xcc,...]` for both), but no gfx1250 code path emits it, so LLVM does not
  treat it as a gfx1250 instruction and the calculator's RDNA4 table of it is no evidence of what gfx1250 computes
  (nor of whether gfx1250 has it); not modelled. The spec row's own note says the same ("whether gfx1250
  implements it is unverified").
- gfx1250: the fp6 / bf6 pairs of f8f6f4 / wmma_scale / wmma_scale16 (see above), the `_opselA` / `_opselB`
  functions of the scale16 rows and `_opselA` of the 32x16x128 rows (ROW1 there: no source).
- IR functions without an instance of their own whose parameter is neither a sparsity selector nor a per-value
  parameter (gfx11 `..._opsel`, the high-half functions of the OPSEL rows) are not executed.
- Copies: see "Copies" after the MMA table (buffer load / store and LDS DMA executed; the rest said per atom).

A simulator instead of models: gem5's AMD GPU model cannot run here. `apt-cache search gem5` finds no Debian
package, `pip index versions gem5` / `pip download gem5` find no PyPI distribution, and building gem5 from source
needs its sources from the network (unreachable for git here) plus hours of SCons on this machine's 2 cores, and its
GPU model is CDNA-only (no RDNA3/RDNA4 WMMA): not practical as this rung's executor.

Cost: the whole run (`nice .venv/bin/python scripts/rocdl-execute.py`, every instance, every per-value function,
every negative control) takes the seconds stated above on this 2-core machine, shared with other engineers' builds
(limit: 10 minutes).
"""


COPIES = """
## Copies (issue 50 point 5)

{summary}.

What runs: the committed IR of each copy instance's test functions (docs/evidence/rocdl-isa/cdna3_buffer_copy.ll,
cdna3_buffer_copy_lds.ll; @..._load / @..._store, or the one LDS DMA function) for a wave of 64 lanes, on a memory
model of the buffer intrinsics (atomgen/execution/copies.py; harness atomgen/execution/copy_harness.py). The IR's
buffer memref argument is FlyDSL's `{ptr addrspace(8) resource, i32 offset in elements}`; the model executes
`extractvalue` on it and the `llvm.amdgcn.raw.ptr.buffer.{load,store}.iN` / `.load.lds` calls.

What is modelled, and from which source:

- Operands in call order, IntrinsicsAMDGPU.td (llvm-22): load (rsrc, offset, soffset, aux), store (vdata, rsrc,
  offset, soffset, aux), load.lds (rsrc, LDS base, size, voffset, soffset, imm offset, aux); its comments name
  rsrc and soffset SGPR operands, offset / voffset "included in bounds checking and swizzling", soffset "excluded
  from bounds checking and swizzling", the imm offset included (LLVM's SIISelLowering.h says the same of
  splitBufferOffsets). The model's address is base + offset + soffset (+ imm); a raw buffer (stride 0) checks
  offset (+ imm) + size against num_records: an access wholly past it loads 0 / stores nothing.
- An SGPR / M0 / immediate operand holds one value for the wave: a value that differs across lanes is refused.
- LDS DMA placement, single-sourced: lane t's bytes land at M0 + imm offset + 4t (16t for 12- and 16-byte loads),
  the CDNA4 ISA guide §9.1.9 "Memory Buffer Load to LDS" as a public gfx950 kernel port's notes quote it
  (`LDS_ADDR = LDSbase + M0 + inst_offset + TIDinWave * 4`, "TIDinWave * 16 for 3- or 4-dword loads"); another
  public port's measurement says the same imm offset enters both the memory and the LDS address. The guide itself
  is not reachable here.

Not modelled (refused, never guessed): an access that straddles num_records (the per-dword partial rules differ
by generation; Triton's gfx1250 buffer docs count soffset in the check, LLVM's gfx9 comment does not - the harness
keeps every in-range access within num_records with soffset included, so neither reading changes its result);
swizzled access (aux swz); the cache-policy bits (no effect on values in a one-wave model); out-of-range LDS DMA;
overlapping stores within a wave (their order is unspecified); memory ordering, waits (s_waitcnt vmcnt) and
other waves.

Reference: the spec's src and dst layouts (`operand_pictures`: each (thr, val) -> tile element) place the source
tile into the destination: lane t's dst value v' is the src value that names the same element, the src view
starting at byte (offset_t + soffset) x element bytes of the buffer (load) or at the lane's register (store). Each
lane is one thread of the atom (thr 1:1) with its own offset slot; soffset is a whole number of copies, one for
the wave; 16 of 64 lanes' offsets lie wholly past num_records (0 loaded, store dropped). A load is compared lane by
lane, a store over every byte of the buffer (so a write outside a lane's slot shows), the LDS DMA over every LDS
byte.

Negative controls, per function: voffset and soffset swapped; wrong width (a 64-bit copy issued as 32, the
instruction's size halved; 8-bit: issued as 16; LDS DMA: 16 bytes as 12, 4 as 2); the values of a lane's vector
in reverse order (the memref's element width: 64 / 128-bit copies of i32); offsets in elements instead of bytes
(offset and soffset not scaled by the element size). "not applicable" says why per function in
rocdl-execution.json (`copies`). The swap is refused by the uniformity rule (the lane offsets reach the SGPR
soffset); without that rule the bounds check still shows it (the out-of-range lanes' offsets move to soffset,
which is not bounds-checked): tests/test_execution.py shows both.

| spec | instance | instruction | result | detail | model | negative controls detected |
|---|---|---|---|---|---|---|
"""


def copy_row(o: Outcome) -> str:
    status = ("pass" if o.passed else "**FAIL**") if o.executed else "not executed"
    classes: dict[str, list[int]] = {}
    for label, verdict in o.negatives.items():
        counts = classes.setdefault(label.split(" (@")[0], [0, 0])
        counts[0 if verdict.startswith("detected") else 1] += 0 if verdict.startswith("not applicable") else 1
    detected = [k + (f" (x{d})" if d > 1 else "") for k, (d, _) in classes.items() if d]
    missed = [k for k, (_, m) in classes.items() if m]
    negatives = ", ".join(detected) + (f"; **not detected: {', '.join(missed)}**" if missed else "")
    model = "-" if not o.executed else "buffer model + LDS DMA (single)" if "LDS" in o.model_source \
        else "buffer model"
    return (f"| `{o.spec.removeprefix('specs/rocdl/')}` | `{o.instance}` | `{o.instruction}` | {status} | "
            f"{o.detail or o.reason} | {model} | {negatives or '-'} |")


def mma_specs() -> list[Path]:
    return sorted(p for p in ROCDL.rglob("*.yaml") if p.name != "backend.yaml")


def model_label(source: str) -> str:
    if not source:
        return "-"
    labels = {"AMD engineers' code (Composable Kernel)": "CK code (single)",
              "Triton's gfx1250 layout (AMD-engineered), corroborated": "Triton gfx1250 + FlyDSL kernel",
              "Triton's gfx1250 layout": "Triton gfx1250 (single)",
              "AMD document, single-sourced": "document (single)",
              "AMD document layouts per operand format": "document layouts per format (derived)",
              "AMD Matrix Instruction Calculator layout with the K run doubled":
                  "calculator layout, K doubled (derived)",
              "AMD Matrix Instruction Calculator layout +": "calculator layout + document formats"}
    return next((label for start, label in labels.items() if source.startswith(start)), "calculator")


def row(o: Outcome) -> str:
    status = ("pass" if o.passed else "**FAIL**") if o.executed else "not executed"
    counts: dict[str, list[int]] = {}
    for label, verdict in o.negatives.items():
        base = label.split(" (@")[0]
        counts.setdefault(base, [0, 0])
        if verdict.startswith("detected"):
            counts[base][0] += 1
        elif verdict == "NOT DETECTED":
            counts[base][1] += 1
    detected = [k + (f" (x{d})" if d > 1 else "") for k, (d, _) in counts.items() if d]
    missed = [k for k, (_, m) in counts.items() if m]
    negatives = ", ".join(detected) + (f"; **not detected: {', '.join(missed)}**" if missed else "")
    return (f"| `{o.spec.removeprefix('specs/rocdl/')}` | `{o.instance}` | `{o.instruction}` | {status} | "
            f"{o.detail or o.reason} | {model_label(o.model_source)} | {negatives or '-'} |")


def main() -> int:
    paths = [Path(p) for p in sys.argv[1:]] or mma_specs()
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    copy_outcomes: list[Outcome] = []
    for path in paths:
        outcomes += run_spec(path)
        copy_outcomes += run_copy_spec(path)
    seconds = time.perf_counter() - start
    copies_run = [o for o in copy_outcomes if o.executed]
    copies_passed = [o for o in copies_run if o.passed]
    copy_negatives = [v for o in copies_run for v in o.negatives.values() if not v.startswith("not applicable")]
    copies_detected = [v for v in copy_negatives if v.startswith("detected")]
    copy_summary = (f"{len(copy_outcomes)} copy instances; {len(copies_run)} executed "
                    f"({sum(len(o.detail.split('; ')) for o in copies_run)} IR functions), {len(copies_passed)} pass, "
                    f"{len(copies_run) - len(copies_passed)} fail; negative controls: {len(copies_detected)} of "
                    f"{len(copy_negatives)} detected; {sum(o.seconds for o in copy_outcomes):.1f} s of the run")
    executed = [o for o in outcomes if o.executed]
    passed = [o for o in executed if o.passed]
    negatives = [v for o in executed for v in o.negatives.values() if not v.startswith("not applicable")]
    detected = [v for v in negatives if v.startswith("detected")]
    summary = (f"{len(outcomes)} MMA instances; {len(executed)} executed, {len(passed)} pass, "
               f"{len(executed) - len(passed)} fail; negative controls: {len(detected)} of {len(negatives)} "
               f"detected; {seconds:.1f} s on {os.cpu_count()} CPU cores ({platform.machine()})")
    rows = [row(o) for o in outcomes]
    copy_rows = [copy_row(o) for o in copy_outcomes]
    if sys.argv[1:]:
        print("\n".join(rows + copy_rows) + "\n\n" + summary + "\n" + copy_summary)
    else:
        (EVIDENCE / "rocdl-execution.json").write_text(json.dumps(
            {"summary": summary, "seconds": round(seconds, 1), "instances": [o.record() for o in outcomes],
             "copies_summary": copy_summary, "copies": [o.record() for o in copy_outcomes]},
            indent=1) + "\n")
        (EVIDENCE / "rocdl-execution.md").write_text(
            HEAD.replace("{summary}", summary) + "\n| spec | instance | instruction | result | detail | model | "
            "negative controls detected |\n|---|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n"
            + COPIES.replace("{summary}", copy_summary) + "\n".join(copy_rows) + "\n")
        print(summary)
        print(copy_summary)
    ok_mma = len(passed) == len(executed) and len(detected) == len(negatives)
    return 0 if ok_mma and len(copies_passed) == len(copies_run) and len(copies_detected) == len(copy_negatives) \
        else 1


if __name__ == "__main__":
    sys.exit(main())
