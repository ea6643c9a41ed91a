; FlyDSL kernels/gemm/gemm_a8w8_gfx1250.py (ptpc, 256x256x512, tiles 256x256x128, 2x2 warps, 4 buffers, bf16),
; gfx1250: lines 1-56 of the ISA of fly-opt with the hand atoms (scripts/flydsl-kernels.py; Debian LLVM 22.1.8).
; The kernel's first TDM descriptor: group 0 dword 3 = global address bits 32.. | type 2 << 30.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1250"
	.amdhsa_code_object_version 6
	.text
	.globl	kernel_gemm_a8w8_0
	.p2align	8
	.type	kernel_gemm_a8w8_0,@function
kernel_gemm_a8w8_0:
	s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 25, 1), 1
	s_clause 0x3
	s_load_b64 s[34:35], s[0:1], 0x38
	s_load_b96 s[28:30], s[0:1], 0x28
	s_load_b64 s[42:43], s[0:1], 0x20
	s_load_b256 s[4:11], s[0:1], 0x0
	s_bfe_u32 s2, ttmp6, 0x4000c
	v_readfirstlane_b32 s16, v0
	s_add_co_i32 s2, s2, 1
	s_wait_xcnt 0x0
	s_and_b32 s0, ttmp6, 15
	s_mul_i32 s1, ttmp9, s2
	s_getreg_b32 s13, hwreg(HW_REG_IB_STS2, 6, 4)
	s_add_co_i32 s1, s0, s1
	s_lshr_b32 s17, s16, 5
	s_mov_b32 s0, 1
	s_wait_kmcnt 0x0
	s_ashr_i32 s21, s34, 31
	s_cmp_eq_u32 s13, 0
	s_mov_b32 s20, s34
	s_cselect_b32 s2, ttmp9, s1
	s_mov_b32 s1, 0
	s_lshl_b32 s40, s2, 8
	s_delay_alu instid0(SALU_CYCLE_1)
	s_ashr_i32 s41, s40, 31
	s_sub_co_i32 s33, s28, s40
	s_cmp_eq_u32 s17, 0
	s_mul_u64 s[2:3], s[20:21], s[40:41]
	s_cselect_b32 s12, -1, 0
	s_cmp_lg_u32 s17, 0
	s_add_nc_u64 s[36:37], s[6:7], s[2:3]
	s_cbranch_scc1 .LBB0_2
	s_cmp_lg_u32 s20, 0x80000000
	s_mov_b32 s2, s36
	s_cselect_b32 s49, s20, 0x80
	s_cselect_b32 s6, s21, 0
	s_max_i32 s7, s33, 0
	s_or_b32 s3, s37, 0x80000000
	s_lshl_b32 s14, s7, 16
	s_lshr_b32 s7, s7, 16
	s_or_b32 s46, s14, 0x7fff
	s_or_b32 s47, s7, 0x800000
	s_and_b32 s50, s6, 0xffff
	s_movk_i32 s48, 0x100
	s_mov_b32 s45, 0xffff0000
	s_mov_b32 s44, 0x7300000
	s_mov_b32 s51, s1
	s_delay_alu instid0(SALU_CYCLE_1)
	tensor_load_to_lds s[0:3], s[44:51]
