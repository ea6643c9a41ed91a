; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx120x_wmma_wave64_16x16x16_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x half>, ptr addrspace(5) %1, align 8
  %6 = load <4 x half>, ptr addrspace(5) %2, align 8
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v4f32.v4f16(<4 x half> %5, <4 x half> %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %6 = load <4 x i16>, ptr addrspace(5) %2, align 8
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v4f32.v4i16(<4 x i16> %5, <4 x i16> %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_f16_f16_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x half>, ptr addrspace(5) %1, align 8
  %6 = load <4 x half>, ptr addrspace(5) %2, align 8
  %7 = load <4 x half>, ptr addrspace(5) %3, align 8
  %8 = call <4 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v4f16.v4f16(<4 x half> %5, <4 x half> %6, <4 x half> %7, i1 false)
  store <4 x half> %8, ptr addrspace(5) %0, align 8
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.fp8.v4f32.i32(i32 %5, i32 %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8.v4f32.i32(i32 %5, i32 %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.fp8.v4f32.i32(i32 %5, i32 %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8.v4f32.i32(i32 %5, i32 %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.i32(i1 false, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_i8_i8_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.i32(i1 true, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_i8_i8_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.i32(i1 false, i32 %5, i1 true, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_i8_i8_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.i32(i1 false, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 true)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x32_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v4i32.i32(i1 false, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x32_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v4i32.i32(i1 true, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x32_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v4i32.i32(i1 false, i32 %5, i1 true, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x32_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v4i32.i32(i1 false, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 true)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_16x16x16_bf16_bf16_bf16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %6 = load <4 x i16>, ptr addrspace(5) %2, align 8
  %7 = load <4 x i16>, ptr addrspace(5) %3, align 8
  %8 = call <4 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v4i16.v4i16(<4 x i16> %5, <4 x i16> %6, <4 x i16> %7, i1 false)
  store <4 x i16> %8, ptr addrspace(5) %0, align 8
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v4f32.v4f16(<4 x half>, <4 x half>, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v4f32.v4i16(<4 x i16>, <4 x i16>, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v4f16.v4f16(<4 x half>, <4 x half>, <4 x half>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.fp8.v4f32.i32(i32, i32, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8.v4f32.i32(i32, i32, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.fp8.v4f32.i32(i32, i32, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8.v4f32.i32(i32, i32, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.i32(i1 immarg, i32, i1 immarg, i32, <4 x i32>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.wmma.i32.16x16x32.iu4.v4i32.i32(i1 immarg, i32, i1 immarg, i32, <4 x i32>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v4i16.v4i16(<4 x i16>, <4 x i16>, <4 x i16>, i1 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
