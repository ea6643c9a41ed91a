; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx11_wmma_wave64_16x16x16_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x half>, ptr addrspace(5) %1, align 32
  %6 = load <16 x half>, ptr addrspace(5) %2, align 32
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v4f32.v16f16(<16 x half> %5, <16 x half> %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i16>, ptr addrspace(5) %1, align 32
  %6 = load <16 x i16>, ptr addrspace(5) %2, align 32
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v4f32.v16i16(<16 x i16> %5, <16 x i16> %6, <4 x float> %7)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %6 = load <4 x i32>, ptr addrspace(5) %2, align 16
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.v4i32(i1 false, <4 x i32> %5, i1 false, <4 x i32> %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i8_i8_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %6 = load <4 x i32>, ptr addrspace(5) %2, align 16
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.v4i32(i1 true, <4 x i32> %5, i1 false, <4 x i32> %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i8_i8_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %6 = load <4 x i32>, ptr addrspace(5) %2, align 16
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.v4i32(i1 false, <4 x i32> %5, i1 true, <4 x i32> %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i8_i8_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %6 = load <4 x i32>, ptr addrspace(5) %2, align 16
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.v4i32(i1 false, <4 x i32> %5, i1 false, <4 x i32> %6, <4 x i32> %7, i1 true)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.v2i32(i1 true, <2 x i32> %5, i1 false, <2 x i32> %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.v2i32(i1 false, <2 x i32> %5, i1 true, <2 x i32> %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_wave64_16x16x16_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x i32>, ptr addrspace(5) %1, align 8
  %6 = load <2 x i32>, ptr addrspace(5) %2, align 8
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.v2i32(i1 false, <2 x i32> %5, i1 false, <2 x i32> %6, <4 x i32> %7, i1 true)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v4f32.v16f16(<16 x half>, <16 x half>, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.wmma.f32.16x16x16.bf16.v4f32.v16i16(<16 x i16>, <16 x i16>, <4 x float>) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu8.v4i32.v4i32(i1 immarg, <4 x i32>, i1 immarg, <4 x i32>, <4 x i32>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.v2i32(i1 immarg, <2 x i32>, i1 immarg, <2 x i32>, <4 x i32>, i1 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
