; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v4f32.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x float> %8, i32 %4)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 8
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v4f32.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f32_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v4f32.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f32_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 24
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v4f32.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf16.v4f32.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x float> %8, i32 %4)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_f32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 8
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf16.v4f32.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_f32_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf16.v4f32.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_f32_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 24
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf16.v4f32.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x half>, ptr addrspace(5) %3, align 8
  %9 = call <4 x half> @llvm.amdgcn.swmmac.f16.16x16x32.f16.v4f16.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x half> %8, i32 %4)
  store <4 x half> %9, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f16_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x half>, ptr addrspace(5) %3, align 8
  %9 = lshr i32 %4, 8
  %10 = call <4 x half> @llvm.amdgcn.swmmac.f16.16x16x32.f16.v4f16.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x half> %8, i32 %9)
  store <4 x half> %10, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f16_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x half>, ptr addrspace(5) %3, align 8
  %9 = lshr i32 %4, 16
  %10 = call <4 x half> @llvm.amdgcn.swmmac.f16.16x16x32.f16.v4f16.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x half> %8, i32 %9)
  store <4 x half> %10, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f16_f16_f16_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x half>, ptr addrspace(5) %1, align 8
  %7 = load <8 x half>, ptr addrspace(5) %2, align 16
  %8 = load <4 x half>, ptr addrspace(5) %3, align 8
  %9 = lshr i32 %4, 24
  %10 = call <4 x half> @llvm.amdgcn.swmmac.f16.16x16x32.f16.v4f16.v4f16.v8f16.i32(<4 x half> %6, <8 x half> %7, <4 x half> %8, i32 %9)
  store <4 x half> %10, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_i8_i8_i32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 8
  %10 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %9, i1 false)
  store <4 x i32> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_i8_i8_i32_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %9, i1 false)
  store <4 x i32> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_i8_i8_i32_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 24
  %10 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %9, i1 false)
  store <4 x i32> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_i8_i8_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 true, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_i8_i8_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 true, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_i8_i8_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 true)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x64_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x64_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.i32(i1 true, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x64_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 true, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x64_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %4, i1 true)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x64_i4_i4_i32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.i32(i1 false, i32 %6, i1 false, <2 x i32> %7, <4 x i32> %8, i32 %9, i1 false)
  store <4 x i32> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %4)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E4M3FN_f32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 8
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E4M3FN_f32_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E4M3FN_f32_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 24
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %4)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E5M2_f32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 8
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E5M2_f32_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E4M3FN_f8E5M2_f32_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 24
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %4)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E4M3FN_f32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 8
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E4M3FN_f32_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E4M3FN_f32_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 24
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %4)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E5M2_f32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 8
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E5M2_f32_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_f8E5M2_f8E5M2_f32_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 24
  %10 = call <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8.v4f32.i32.v2i32.i32(i32 %6, <2 x i32> %7, <4 x float> %8, i32 %9)
  store <4 x float> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_bf16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x i16>, ptr addrspace(5) %3, align 8
  %9 = call <4 x i16> @llvm.amdgcn.swmmac.bf16.16x16x32.bf16.v4i16.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x i16> %8, i32 %4)
  store <4 x i16> %9, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_bf16_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x i16>, ptr addrspace(5) %3, align 8
  %9 = lshr i32 %4, 8
  %10 = call <4 x i16> @llvm.amdgcn.swmmac.bf16.16x16x32.bf16.v4i16.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x i16> %8, i32 %9)
  store <4 x i16> %10, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_bf16_indexKey2(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x i16>, ptr addrspace(5) %3, align 8
  %9 = lshr i32 %4, 16
  %10 = call <4 x i16> @llvm.amdgcn.swmmac.bf16.16x16x32.bf16.v4i16.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x i16> %8, i32 %9)
  store <4 x i16> %10, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_swmmac_wave64_16x16x32_bf16_bf16_bf16_indexKey3(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %7 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %8 = load <4 x i16>, ptr addrspace(5) %3, align 8
  %9 = lshr i32 %4, 24
  %10 = call <4 x i16> @llvm.amdgcn.swmmac.bf16.16x16x32.bf16.v4i16.v4i16.v8i16.i32(<4 x i16> %6, <8 x i16> %7, <4 x i16> %8, i32 %9)
  store <4 x i16> %10, ptr addrspace(5) %0, align 8
  ret void
}

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.f16.v4f32.v4f16.v8f16.i32(<4 x half>, <8 x half>, <4 x float>, i32) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf16.v4f32.v4i16.v8i16.i32(<4 x i16>, <8 x i16>, <4 x float>, i32) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x half> @llvm.amdgcn.swmmac.f16.16x16x32.f16.v4f16.v4f16.v8f16.i32(<4 x half>, <8 x half>, <4 x half>, i32) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu8.v4i32.i32.v2i32.i32(i1 immarg, i32, i1 immarg, <2 x i32>, <4 x i32>, i32, i1 immarg) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x64.iu4.v4i32.i32.v2i32.i32(i1 immarg, i32, i1 immarg, <2 x i32>, <4 x i32>, i32, i1 immarg) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8.v4f32.i32.v2i32.i32(i32, <2 x i32>, <4 x float>, i32) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8.v4f32.i32.v2i32.i32(i32, <2 x i32>, <4 x float>, i32) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8.v4f32.i32.v2i32.i32(i32, <2 x i32>, <4 x float>, i32) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8.v4f32.i32.v2i32.i32(i32, <2 x i32>, <4 x float>, i32) #0

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x i16> @llvm.amdgcn.swmmac.bf16.16x16x32.bf16.v4i16.v4i16.v8i16.i32(<4 x i16>, <8 x i16>, <4 x i16>, i32) #0

attributes #0 = { convergent nocreateundeforpoison nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
