; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx1250_wmma_16x16x4_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x float>, ptr addrspace(5) %1, align 8
  %6 = load <2 x float>, ptr addrspace(5) %2, align 8
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32(i1 false, <2 x float> %5, i1 false, <2 x float> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x32_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x half>, ptr addrspace(5) %1, align 32
  %6 = load <16 x half>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.f16.v8f32.v16f16(i1 false, <16 x half> %5, i1 false, <16 x half> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x32_f16_f16_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x half>, ptr addrspace(5) %1, align 32
  %6 = load <16 x half>, ptr addrspace(5) %2, align 32
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x32.f16.v8f16.v16f16(i1 false, <16 x half> %5, i1 false, <16 x half> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x32_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x bfloat>, ptr addrspace(5) %1, align 32
  %6 = load <16 x bfloat>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.bf16.v8f32.v16bf16(i1 false, <16 x bfloat> %5, i1 false, <16 x bfloat> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x32_bf16_bf16_bf16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x bfloat>, ptr addrspace(5) %1, align 32
  %6 = load <16 x bfloat>, ptr addrspace(5) %2, align 32
  %7 = load <8 x bfloat>, ptr addrspace(5) %3, align 16
  %8 = call <8 x bfloat> @llvm.amdgcn.wmma.bf16.16x16x32.bf16.v8bf16.v16bf16(i1 false, <16 x bfloat> %5, i1 false, <16 x bfloat> %6, i16 0, <8 x bfloat> %7, i1 false, i1 false)
  store <8 x bfloat> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.fp8.fp8.v8f32.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.fp8.bf8.v8f32.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.bf8.fp8.v8f32.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.bf8.bf8.v8f32.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E4M3FN_f8E4M3FN_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.fp8.fp8.v8f16.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E4M3FN_f8E5M2_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.fp8.bf8.v8f16.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E5M2_f8E4M3FN_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.bf8.fp8.v8f16.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x64_f8E5M2_f8E5M2_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.bf8.bf8.v8f16.v8i32(<8 x i32> %5, <8 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8.v8f32.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.fp8.bf8.v8f32.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.bf8.fp8.v8f32.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.bf8.bf8.v8f32.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E4M3FN_f8E4M3FN_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.fp8.fp8.v8f16.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E4M3FN_f8E5M2_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.fp8.bf8.v8f16.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E5M2_f8E4M3FN_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.bf8.fp8.v8f16.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x128_f8E5M2_f8E5M2_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.bf8.bf8.v8f16.v16i32(<16 x i32> %5, <16 x i32> %6, i16 0, <8 x half> %7, i1 false, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx1250_wmma_16x16x64_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 false, <8 x i32> %5, i1 false, <8 x i32> %6, <8 x i32> %7, i1 false, i1 false, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x64_i8_i8_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 true, <8 x i32> %5, i1 false, <8 x i32> %6, <8 x i32> %7, i1 false, i1 false, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x64_i8_i8_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 false, <8 x i32> %5, i1 true, <8 x i32> %6, <8 x i32> %7, i1 false, i1 false, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x64_i8_i8_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 false, <8 x i32> %5, i1 false, <8 x i32> %6, <8 x i32> %7, i1 false, i1 false, i1 true)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x32_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x32_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 true, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x32_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 false, <2 x i32> %5, i1 true, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_16x16x32_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 true)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x4.f32.v8f32.v2f32(i1 immarg, <2 x float>, i1 immarg, <2 x float>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.f16.v8f32.v16f16(i1 immarg, <16 x half>, i1 immarg, <16 x half>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x32.f16.v8f16.v16f16(i1 immarg, <16 x half>, i1 immarg, <16 x half>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x32.bf16.v8f32.v16bf16(i1 immarg, <16 x bfloat>, i1 immarg, <16 x bfloat>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x bfloat> @llvm.amdgcn.wmma.bf16.16x16x32.bf16.v8bf16.v16bf16(i1 immarg, <16 x bfloat>, i1 immarg, <16 x bfloat>, i16 immarg, <8 x bfloat>, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.fp8.fp8.v8f32.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.fp8.bf8.v8f32.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.bf8.fp8.v8f32.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x64.bf8.bf8.v8f32.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.fp8.fp8.v8f16.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.fp8.bf8.v8f16.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.bf8.fp8.v8f16.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x64.bf8.bf8.v8f16.v8i32(<8 x i32>, <8 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8.v8f32.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.fp8.bf8.v8f32.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.bf8.fp8.v8f32.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.bf8.bf8.v8f32.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.fp8.fp8.v8f16.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.fp8.bf8.v8f16.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.bf8.fp8.v8f16.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x128.bf8.bf8.v8f16.v16i32(<16 x i32>, <16 x i32>, i16 immarg, <8 x half>, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x64.iu8.v8i32.v8i32(i1 immarg, <8 x i32>, i1 immarg, <8 x i32>, <8 x i32>, i1 immarg, i1 immarg, i1 immarg) #1

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 immarg, <2 x i32>, i1 immarg, <2 x i32>, <8 x i32>, i1 immarg) #1

attributes #0 = { convergent nocallback nofree nounwind willreturn memory(none) }
attributes #1 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
