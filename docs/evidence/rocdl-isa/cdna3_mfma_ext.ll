; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna3_mfma_ext_16x16x8_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x float>, ptr addrspace(5) %1, align 8
  %6 = load <2 x float>, ptr addrspace(5) %2, align 8
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x8.xf32(<2 x float> %5, <2 x float> %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_ext_32x32x4_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <2 x float>, ptr addrspace(5) %1, align 8
  %6 = load <2 x float>, ptr addrspace(5) %2, align 8
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x4.xf32(<2 x float> %5, <2 x float> %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_ext_16x16x4_f64_f64_f64(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load double, ptr addrspace(5) %1, align 8
  %6 = load double, ptr addrspace(5) %2, align 8
  %7 = load <4 x double>, ptr addrspace(5) %3, align 32
  %8 = call <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double %5, double %6, <4 x double> %7, i32 0, i32 0, i32 0)
  store <4 x double> %8, ptr addrspace(5) %0, align 32
  ret void
}

define void @cdna3_mfma_ext_16x16x64_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %6 = load <4 x i32>, ptr addrspace(5) %2, align 16
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.mfma.i32.16x16x64.i8(<4 x i32> %5, <4 x i32> %6, <4 x i32> %7, i32 0, i32 0, i32 0)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_ext_32x32x32_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %6 = load <4 x i32>, ptr addrspace(5) %2, align 16
  %7 = load <16 x i32>, ptr addrspace(5) %3, align 64
  %8 = call <16 x i32> @llvm.amdgcn.mfma.i32.32x32x32.i8(<4 x i32> %5, <4 x i32> %6, <16 x i32> %7, i32 0, i32 0, i32 0)
  store <16 x i32> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_ext_16x16x32_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_ext_16x16x32_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_ext_16x16x32_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.bf8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_ext_32x32x16_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_ext_32x32x16_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.fp8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_ext_32x32x16_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x8.xf32(<2 x float>, <2 x float>, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x4.xf32(<2 x float>, <2 x float>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double, double, <4 x double>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.mfma.i32.16x16x64.i8(<4 x i32>, <4 x i32>, <4 x i32>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x i32> @llvm.amdgcn.mfma.i32.32x32x32.i8(<4 x i32>, <4 x i32>, <16 x i32>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.bf8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8(i64, i64, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.fp8(i64, i64, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8(i64, i64, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
