; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_32_modC(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 1, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_32_opselA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 1, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_32_opselB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 1, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E5M2_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f6E2M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 0, <16 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f6E3M2FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 0, <16 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f4E2M1FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 0, <16 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f8E4M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 1, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f8E5M2_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 1, <16 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f6E2M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 1, <16 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f6E3M2FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 1, <16 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f4E2M1FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 1, <16 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f8E4M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 2, <12 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f8E5M2_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 2, <12 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f6E2M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 2, <12 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f6E3M2FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 2, <12 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f4E2M1FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 2, <12 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f8E4M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 3, <12 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f8E5M2_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 3, <12 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f6E2M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 3, <12 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f6E3M2FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 3, <12 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f4E2M1FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 3, <12 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f8E4M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 4, <8 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f8E5M2_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 4, <8 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f6E2M3FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 4, <8 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f6E3M2FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 4, <8 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f4E2M1FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v8i32(i32 4, <8 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 0, <16 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_32_modC(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 1, <16 x float> %11, i32 0, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_32_opselA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 0, <16 x float> %11, i32 1, i32 0, i32 %7, i32 0, i32 0, i32 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_32_opselB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 0, <16 x float> %11, i32 0, i32 0, i32 %7, i32 1, i32 0, i32 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_16_modC(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 1, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_16_opselA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 1, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E4M3FN_f32_16_opselB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 1, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f8E5M2_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f6E2M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 0, <16 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f6E3M2FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 0, <16 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E4M3FN_f4E2M1FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 0, <16 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f8E4M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 1, <16 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f8E5M2_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 1, <16 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f6E2M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 1, <16 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f6E3M2FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 1, <16 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f8E5M2_f4E2M1FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 1, <16 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f8E4M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 2, <12 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f8E5M2_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 2, <12 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f6E2M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 2, <12 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f6E3M2FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 2, <12 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E2M3FN_f4E2M1FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 2, <12 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f8E4M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 3, <12 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f8E5M2_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 3, <12 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f6E2M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 3, <12 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f6E3M2FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 3, <12 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f6E3M2FN_f4E2M1FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 3, <12 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f8E4M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 4, <8 x i32> %9, i32 0, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f8E5M2_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 4, <8 x i32> %9, i32 1, <16 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f6E2M3FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 4, <8 x i32> %9, i32 2, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f6E3M2FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 4, <8 x i32> %9, i32 3, <12 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_16x16x128_f4E2M1FN_f4E2M1FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <8 x float>, ptr addrspace(5) %3, align 32
  %12 = call <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v8i32(i32 4, <8 x i32> %9, i32 4, <8 x i32> %10, i16 0, <8 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <8 x float> %12, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale16.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 0, <16 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_16_modC(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale16.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 1, <16 x float> %11, i32 0, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_16_opselA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale16.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 0, <16 x float> %11, i32 1, i32 0, i64 %7, i32 0, i32 0, i64 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @gfx1250_wmma_scale_32x16x128_f4E2M1FN_f4E2M1FN_f32_16_opselB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <8 x i8> %4, <8 x i8> %5) {
  %7 = bitcast <8 x i8> %4 to i64
  %8 = bitcast <8 x i8> %5 to i64
  %9 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.wmma.scale16.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %9, <8 x i32> %10, i16 0, <16 x float> %11, i32 0, i32 0, i64 %7, i32 1, i32 0, i64 %8, i1 false, i1 false)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 immarg, <16 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 immarg, <16 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 immarg, <16 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 immarg, <12 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 immarg, <12 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 immarg, <12 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 immarg, <8 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 immarg, <8 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v8i32(i32 immarg, <8 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.wmma.scale.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32>, <8 x i32>, i16 immarg, <16 x float>, i32 immarg, i32 immarg, i32, i32 immarg, i32 immarg, i32, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 immarg, <16 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 immarg, <16 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 immarg, <16 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 immarg, <12 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 immarg, <12 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 immarg, <12 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 immarg, <8 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 immarg, <8 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4.v8f32.v8i32.v8i32(i32 immarg, <8 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.wmma.scale16.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32>, <8 x i32>, i16 immarg, <16 x float>, i32 immarg, i32 immarg, i64, i32 immarg, i32 immarg, i64, i1 immarg, i1 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
