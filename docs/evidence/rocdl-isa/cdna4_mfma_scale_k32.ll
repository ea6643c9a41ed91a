; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna4_mfma_scale_k32_16x16x128_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <4 x float>, ptr addrspace(5) %3, align 16
  %12 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <4 x float> %11, i32 0, i32 0, i32 0, i32 %7, i32 0, i32 %8)
  store <4 x float> %12, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_mfma_scale_k32_16x16x128_f8E4M3FN_f8E4M3FN_f32_opselA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <4 x float>, ptr addrspace(5) %3, align 16
  %12 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <4 x float> %11, i32 0, i32 0, i32 1, i32 %7, i32 0, i32 %8)
  store <4 x float> %12, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_mfma_scale_k32_16x16x128_f8E4M3FN_f8E4M3FN_f32_opselB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <4 x float>, ptr addrspace(5) %3, align 16
  %12 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <4 x float> %11, i32 0, i32 0, i32 0, i32 %7, i32 1, i32 %8)
  store <4 x float> %12, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_mfma_scale_k32_16x16x128_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <4 x float>, ptr addrspace(5) %3, align 16
  %12 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <4 x float> %11, i32 0, i32 1, i32 0, i32 %7, i32 0, i32 %8)
  store <4 x float> %12, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_mfma_scale_k32_16x16x128_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <4 x float>, ptr addrspace(5) %3, align 16
  %12 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <4 x float> %11, i32 1, i32 0, i32 0, i32 %7, i32 0, i32 %8)
  store <4 x float> %12, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_mfma_scale_k32_16x16x128_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <4 x float>, ptr addrspace(5) %3, align 16
  %12 = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <4 x float> %11, i32 1, i32 1, i32 0, i32 %7, i32 0, i32 %8)
  store <4 x float> %12, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_mfma_scale_k32_32x32x64_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <16 x float> %11, i32 0, i32 0, i32 0, i32 %7, i32 0, i32 %8)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_mfma_scale_k32_32x32x64_f8E4M3FN_f8E4M3FN_f32_opselA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <16 x float> %11, i32 0, i32 0, i32 1, i32 %7, i32 0, i32 %8)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_mfma_scale_k32_32x32x64_f8E4M3FN_f8E4M3FN_f32_opselB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <16 x float> %11, i32 0, i32 0, i32 0, i32 %7, i32 1, i32 %8)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_mfma_scale_k32_32x32x64_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <16 x float> %11, i32 0, i32 1, i32 0, i32 %7, i32 0, i32 %8)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_mfma_scale_k32_32x32x64_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <16 x float> %11, i32 1, i32 0, i32 0, i32 %7, i32 0, i32 %8)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_mfma_scale_k32_32x32x64_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, <4 x i8> %4, <4 x i8> %5) {
  %7 = bitcast <4 x i8> %4 to i32
  %8 = bitcast <4 x i8> %5 to i32
  %9 = load <8 x i32>, ptr addrspace(5) %1, align 32
  %10 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %11 = load <16 x float>, ptr addrspace(5) %3, align 64
  %12 = call <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32> %9, <8 x i32> %10, <16 x float> %11, i32 1, i32 1, i32 0, i32 %7, i32 0, i32 %8)
  store <16 x float> %12, ptr addrspace(5) %0, align 64
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v8i32.v8i32(<8 x i32>, <8 x i32>, <4 x float>, i32 immarg, i32 immarg, i32 immarg, i32, i32 immarg, i32) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4.v8i32.v8i32(<8 x i32>, <8 x i32>, <16 x float>, i32 immarg, i32 immarg, i32 immarg, i32, i32 immarg, i32) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
