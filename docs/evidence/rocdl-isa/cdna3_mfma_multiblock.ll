; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna3_mfma_multiblock_32x32x1_2_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load float, ptr addrspace(5) %1, align 4
  %6 = load float, ptr addrspace(5) %2, align 4
  %7 = load <32 x float>, ptr addrspace(5) %3, align 128
  %8 = call <32 x float> @llvm.amdgcn.mfma.f32.32x32x1f32(float %5, float %6, <32 x float> %7, i32 0, i32 0, i32 0)
  store <32 x float> %8, ptr addrspace(5) %0, align 128
  ret void
}

define void @cdna3_mfma_multiblock_16x16x1_4_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load float, ptr addrspace(5) %1, align 4
  %6 = load float, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.16x16x1f32(float %5, float %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_multiblock_4x4x1_16_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load float, ptr addrspace(5) %1, align 4
  %6 = load float, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %5, float %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_multiblock_32x32x4_2_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x half>, ptr addrspace(5) %1, align 8
  %6 = load <4 x half>, ptr addrspace(5) %2, align 8
  %7 = load <32 x float>, ptr addrspace(5) %3, align 128
  %8 = call <32 x float> @llvm.amdgcn.mfma.f32.32x32x4f16(<4 x half> %5, <4 x half> %6, <32 x float> %7, i32 0, i32 0, i32 0)
  store <32 x float> %8, ptr addrspace(5) %0, align 128
  ret void
}

define void @cdna3_mfma_multiblock_16x16x4_4_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x half>, ptr addrspace(5) %1, align 8
  %6 = load <4 x half>, ptr addrspace(5) %2, align 8
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.16x16x4f16(<4 x half> %5, <4 x half> %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_multiblock_4x4x4_16_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x half>, ptr addrspace(5) %1, align 8
  %6 = load <4 x half>, ptr addrspace(5) %2, align 8
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> %5, <4 x half> %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_multiblock_32x32x4_2_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %6 = load <4 x i16>, ptr addrspace(5) %2, align 8
  %7 = load <32 x float>, ptr addrspace(5) %3, align 128
  %8 = call <32 x float> @llvm.amdgcn.mfma.f32.32x32x4bf16.1k(<4 x i16> %5, <4 x i16> %6, <32 x float> %7, i32 0, i32 0, i32 0)
  store <32 x float> %8, ptr addrspace(5) %0, align 128
  ret void
}

define void @cdna3_mfma_multiblock_16x16x4_4_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %6 = load <4 x i16>, ptr addrspace(5) %2, align 8
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.16x16x4bf16.1k(<4 x i16> %5, <4 x i16> %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_multiblock_4x4x4_16_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %6 = load <4 x i16>, ptr addrspace(5) %2, align 8
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4bf16.1k(<4 x i16> %5, <4 x i16> %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_multiblock_32x32x4_2_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <32 x i32>, ptr addrspace(5) %3, align 128
  %8 = call <32 x i32> @llvm.amdgcn.mfma.i32.32x32x4i8(i32 %5, i32 %6, <32 x i32> %7, i32 0, i32 0, i32 0)
  store <32 x i32> %8, ptr addrspace(5) %0, align 128
  ret void
}

define void @cdna3_mfma_multiblock_16x16x4_4_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <16 x i32>, ptr addrspace(5) %3, align 64
  %8 = call <16 x i32> @llvm.amdgcn.mfma.i32.16x16x4i8(i32 %5, i32 %6, <16 x i32> %7, i32 0, i32 0, i32 0)
  store <16 x i32> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_multiblock_4x4x4_16_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.mfma.i32.4x4x4i8(i32 %5, i32 %6, <4 x i32> %7, i32 0, i32 0, i32 0)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_multiblock_4x4x4_4_f64_f64_f64(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load double, ptr addrspace(5) %1, align 8
  %6 = load double, ptr addrspace(5) %2, align 8
  %7 = load double, ptr addrspace(5) %3, align 8
  %8 = call double @llvm.amdgcn.mfma.f64.4x4x4f64(double %5, double %6, double %7, i32 0, i32 0, i32 0)
  store double %8, ptr addrspace(5) %0, align 8
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <32 x float> @llvm.amdgcn.mfma.f32.32x32x1f32(float, float, <32 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.16x16x1f32(float, float, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <32 x float> @llvm.amdgcn.mfma.f32.32x32x4f16(<4 x half>, <4 x half>, <32 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.16x16x4f16(<4 x half>, <4 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half>, <4 x half>, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <32 x float> @llvm.amdgcn.mfma.f32.32x32x4bf16.1k(<4 x i16>, <4 x i16>, <32 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.16x16x4bf16.1k(<4 x i16>, <4 x i16>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x4bf16.1k(<4 x i16>, <4 x i16>, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <32 x i32> @llvm.amdgcn.mfma.i32.32x32x4i8(i32, i32, <32 x i32>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x i32> @llvm.amdgcn.mfma.i32.16x16x4i8(i32, i32, <16 x i32>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.mfma.i32.4x4x4i8(i32, i32, <4 x i32>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare double @llvm.amdgcn.mfma.f64.4x4x4f64(double, double, double, i32 immarg, i32 immarg, i32 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
