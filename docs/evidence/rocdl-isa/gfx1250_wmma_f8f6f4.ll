; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %5, i32 0, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 0, <16 x i32> %5, i32 1, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E4M3FN_f6E2M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 0, <16 x i32> %5, i32 2, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E4M3FN_f6E3M2FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 0, <16 x i32> %5, i32 3, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E4M3FN_f4E2M1FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 0, <16 x i32> %5, i32 4, <8 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 1, <16 x i32> %5, i32 0, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 1, <16 x i32> %5, i32 1, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E5M2_f6E2M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 1, <16 x i32> %5, i32 2, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E5M2_f6E3M2FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 1, <16 x i32> %5, i32 3, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f8E5M2_f4E2M1FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 1, <16 x i32> %5, i32 4, <8 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E2M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 2, <12 x i32> %5, i32 0, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E2M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 2, <12 x i32> %5, i32 1, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E2M3FN_f6E2M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 2, <12 x i32> %5, i32 2, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E2M3FN_f6E3M2FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 2, <12 x i32> %5, i32 3, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E2M3FN_f4E2M1FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 2, <12 x i32> %5, i32 4, <8 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E3M2FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 3, <12 x i32> %5, i32 0, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E3M2FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 3, <12 x i32> %5, i32 1, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E3M2FN_f6E2M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 3, <12 x i32> %5, i32 2, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E3M2FN_f6E3M2FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 3, <12 x i32> %5, i32 3, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f6E3M2FN_f4E2M1FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <12 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 3, <12 x i32> %5, i32 4, <8 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f4E2M1FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 4, <8 x i32> %5, i32 0, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f4E2M1FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <16 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 4, <8 x i32> %5, i32 1, <16 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f4E2M1FN_f6E2M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 4, <8 x i32> %5, i32 2, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f4E2M1FN_f6E3M2FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <12 x i32>, ptr addrspace(5) %2, align 64
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 4, <8 x i32> %5, i32 3, <12 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_16x16x128_f4E2M1FN_f4E2M1FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v8i32(i32 4, <8 x i32> %5, i32 4, <8 x i32> %6, i16 0, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx1250_wmma_f8f6f4_32x16x128_f4E2M1FN_f4E2M1FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i32>, ptr addrspace(5) %1, align 64
  %6 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.wmma.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %5, <8 x i32> %6, i16 0, <16 x float> %7)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v16i32(i32 immarg, <16 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v12i32(i32 immarg, <16 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v16i32.v8i32(i32 immarg, <16 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v16i32(i32 immarg, <12 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v12i32(i32 immarg, <12 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v12i32.v8i32(i32 immarg, <12 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v16i32(i32 immarg, <8 x i32>, i32 immarg, <16 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v12i32(i32 immarg, <8 x i32>, i32 immarg, <12 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x128.f8f6f4.v8f32.v8i32.v8i32(i32 immarg, <8 x i32>, i32 immarg, <8 x i32>, i16 immarg, <8 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.wmma.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32>, <8 x i32>, i16 immarg, <16 x float>) #1

attributes #0 = { convergent nocallback nofree nounwind willreturn memory(none) }
attributes #1 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
