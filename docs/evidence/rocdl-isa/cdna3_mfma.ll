; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna3_mfma_32x32x2_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load float, ptr addrspace(5) %1, align 4
  %6 = load float, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float %5, float %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_16x16x4_f32_f32_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load float, ptr addrspace(5) %1, align 4
  %6 = load float, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x4f32(float %5, float %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_32x32x8_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x half>, ptr addrspace(5) %1, align 8
  %6 = load <4 x half>, ptr addrspace(5) %2, align 8
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %5, <4 x half> %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_16x16x16_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x half>, ptr addrspace(5) %1, align 8
  %6 = load <4 x half>, ptr addrspace(5) %2, align 8
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half> %5, <4 x half> %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_16x16x32_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x half>, ptr addrspace(5) %1, align 16
  %6 = load <8 x half>, ptr addrspace(5) %2, align 16
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.f16(<8 x half> %5, <8 x half> %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_32x32x16_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x half>, ptr addrspace(5) %1, align 16
  %6 = load <8 x half>, ptr addrspace(5) %2, align 16
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.f16(<8 x half> %5, <8 x half> %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_32x32x8_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %6 = load <4 x i16>, ptr addrspace(5) %2, align 8
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8bf16.1k(<4 x i16> %5, <4 x i16> %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_16x16x16_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <4 x i16>, ptr addrspace(5) %1, align 8
  %6 = load <4 x i16>, ptr addrspace(5) %2, align 8
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16bf16.1k(<4 x i16> %5, <4 x i16> %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_16x16x32_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x bfloat>, ptr addrspace(5) %1, align 16
  %6 = load <8 x bfloat>, ptr addrspace(5) %2, align 16
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf16(<8 x bfloat> %5, <8 x bfloat> %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_32x32x16_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x bfloat>, ptr addrspace(5) %1, align 16
  %6 = load <8 x bfloat>, ptr addrspace(5) %2, align 16
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf16(<8 x bfloat> %5, <8 x bfloat> %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_16x16x32_f8E4M3FNUZ_f8E4M3FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_16x16x32_f8E5M2FNUZ_f8E5M2FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.bf8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_16x16x32_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x float>, ptr addrspace(5) %3, align 16
  %8 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8(i64 %5, i64 %6, <4 x float> %7, i32 0, i32 0, i32 0)
  store <4 x float> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_32x32x16_f8E4M3FNUZ_f8E4M3FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.fp8.fp8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.fp8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_32x32x16_f8E5M2FNUZ_f8E5M2FNUZ_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_32x32x16_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x float>, ptr addrspace(5) %3, align 64
  %8 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.fp8.fp8(i64 %5, i64 %6, <16 x float> %7, i32 0, i32 0, i32 0)
  store <16 x float> %8, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna3_mfma_16x16x32_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.mfma.i32.16x16x32.i8(i64 %5, i64 %6, <4 x i32> %7, i32 0, i32 0, i32 0)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna3_mfma_32x32x16_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i64, ptr addrspace(5) %1, align 4
  %6 = load i64, ptr addrspace(5) %2, align 4
  %7 = load <16 x i32>, ptr addrspace(5) %3, align 64
  %8 = call <16 x i32> @llvm.amdgcn.mfma.i32.32x32x16.i8(i64 %5, i64 %6, <16 x i32> %7, i32 0, i32 0, i32 0)
  store <16 x i32> %8, ptr addrspace(5) %0, align 64
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float, float, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x4f32(float, float, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half>, <4 x half>, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.f16(<8 x half>, <8 x half>, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.f16(<8 x half>, <8 x half>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8bf16.1k(<4 x i16>, <4 x i16>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x16bf16.1k(<4 x i16>, <4 x i16>, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf16(<8 x bfloat>, <8 x bfloat>, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf16(<8 x bfloat>, <8 x bfloat>, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.bf8.bf8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.fp8.fp8(i64, i64, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8(i64, i64, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.fp8(i64, i64, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8(i64, i64, <16 x float>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.mfma.i32.16x16x32.i8(i64, i64, <4 x i32>, i32 immarg, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x i32> @llvm.amdgcn.mfma.i32.32x32x16.i8(i64, i64, <16 x i32>, i32 immarg, i32 immarg, i32 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
