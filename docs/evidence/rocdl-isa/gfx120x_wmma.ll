; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx120x_wmma_16x16x16_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x half>, ptr addrspace(5) %1, align 16
  %6 = load <8 x half>, ptr addrspace(5) %2, align 16
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v8f16(<8 x half> %5, <8 x half> %6, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i16>, ptr addrspace(5) %1, align 16
  %6 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v8f32.v8i16(<8 x i16> %5, <8 x i16> %6, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.fp8.v8f32.v2i32(<2 x i32> %5, <2 x i32> %6, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8.v8f32.v2i32(<2 x i32> %5, <2 x i32> %6, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.fp8.v8f32.v2i32(<2 x i32> %5, <2 x i32> %6, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8.v8f32.v2i32(<2 x i32> %5, <2 x i32> %6, <8 x float> %7)
  store <8 x float> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i8_i8_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 true, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i8_i8_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 false, <2 x i32> %5, i1 true, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i8_i8_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 true)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v8i32.i32(i1 false, i32 %5, i1 false, i32 %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v8i32.i32(i1 true, i32 %5, i1 false, i32 %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v8i32.i32(i1 false, i32 %5, i1 true, i32 %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x16_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v8i32.i32(i1 false, i32 %5, i1 false, i32 %6, <8 x i32> %7, i1 true)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x32_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x32_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 true, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x32_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 false, <2 x i32> %5, i1 true, <2 x i32> %6, <8 x i32> %7, i1 false)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @gfx120x_wmma_16x16x32_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <8 x i32>, ptr addrspace(5) %3, align 32
  %8 = call <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <8 x i32> %7, i1 true)
  store <8 x i32> %8, ptr addrspace(5) %0, align 32
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v8f16(<8 x half>, <8 x half>, <8 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v8f32.v8i16(<8 x i16>, <8 x i16>, <8 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.fp8.v8f32.v2i32(<2 x i32>, <2 x i32>, <8 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8.v8f32.v2i32(<2 x i32>, <2 x i32>, <8 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.fp8.v8f32.v2i32(<2 x i32>, <2 x i32>, <8 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8.v8f32.v2i32(<2 x i32>, <2 x i32>, <8 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v8i32.v2i32(i1 immarg, <2 x i32>, i1 immarg, <2 x i32>, <8 x i32>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v8i32.i32(i1 immarg, i32, i1 immarg, i32, <8 x i32>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v8i32.v2i32(i1 immarg, <2 x i32>, i1 immarg, <2 x i32>, <8 x i32>, i1 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
