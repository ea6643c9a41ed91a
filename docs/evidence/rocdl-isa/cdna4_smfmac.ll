; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna4_smfmac_16x16x64_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x half>, ptr addrspace(5) %1, align 16
  %7 = load <16 x half>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x64.f16(<8 x half> %6, <16 x half> %7, <4 x float> %8, i32 %4, i32 0, i32 0)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_16x16x64_f16_f16_f32_abid1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x half>, ptr addrspace(5) %1, align 16
  %7 = load <16 x half>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x64.f16(<8 x half> %6, <16 x half> %7, <4 x float> %8, i32 %4, i32 0, i32 1)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_16x16x64_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x bfloat>, ptr addrspace(5) %1, align 16
  %7 = load <16 x bfloat>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x64.bf16(<8 x bfloat> %6, <16 x bfloat> %7, <4 x float> %8, i32 %4, i32 0, i32 0)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_16x16x64_bf16_bf16_f32_abid1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x bfloat>, ptr addrspace(5) %1, align 16
  %7 = load <16 x bfloat>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x64.bf16(<8 x bfloat> %6, <16 x bfloat> %7, <4 x float> %8, i32 %4, i32 0, i32 1)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_32x32x32_f16_f16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x half>, ptr addrspace(5) %1, align 16
  %7 = load <16 x half>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x32.f16(<8 x half> %6, <16 x half> %7, <16 x float> %8, i32 %4, i32 0, i32 0)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_32x32x32_f16_f16_f32_abid1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x half>, ptr addrspace(5) %1, align 16
  %7 = load <16 x half>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x32.f16(<8 x half> %6, <16 x half> %7, <16 x float> %8, i32 %4, i32 0, i32 1)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_32x32x32_bf16_bf16_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x bfloat>, ptr addrspace(5) %1, align 16
  %7 = load <16 x bfloat>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x32.bf16(<8 x bfloat> %6, <16 x bfloat> %7, <16 x float> %8, i32 %4, i32 0, i32 0)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_32x32x32_bf16_bf16_f32_abid1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <8 x bfloat>, ptr addrspace(5) %1, align 16
  %7 = load <16 x bfloat>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x32.bf16(<8 x bfloat> %6, <16 x bfloat> %7, <16 x float> %8, i32 %4, i32 0, i32 1)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_16x16x128_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.smfmac.i32.16x16x128.i8(<4 x i32> %6, <8 x i32> %7, <4 x i32> %8, i32 %4, i32 0, i32 0)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_16x16x128_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.fp8.fp8(<4 x i32> %6, <8 x i32> %7, <4 x float> %8, i32 %4, i32 0, i32 0)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_16x16x128_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.fp8.bf8(<4 x i32> %6, <8 x i32> %7, <4 x float> %8, i32 %4, i32 0, i32 0)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_16x16x128_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.bf8.fp8(<4 x i32> %6, <8 x i32> %7, <4 x float> %8, i32 %4, i32 0, i32 0)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_16x16x128_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <4 x float>, ptr addrspace(5) %3, align 16
  %9 = call <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.bf8.bf8(<4 x i32> %6, <8 x i32> %7, <4 x float> %8, i32 %4, i32 0, i32 0)
  store <4 x float> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @cdna4_smfmac_32x32x64_i8_i8_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <16 x i32>, ptr addrspace(5) %3, align 64
  %9 = call <16 x i32> @llvm.amdgcn.smfmac.i32.32x32x64.i8(<4 x i32> %6, <8 x i32> %7, <16 x i32> %8, i32 %4, i32 0, i32 0)
  store <16 x i32> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_32x32x64_f8E4M3FN_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.fp8.fp8(<4 x i32> %6, <8 x i32> %7, <16 x float> %8, i32 %4, i32 0, i32 0)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_32x32x64_f8E4M3FN_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.fp8.bf8(<4 x i32> %6, <8 x i32> %7, <16 x float> %8, i32 %4, i32 0, i32 0)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_32x32x64_f8E5M2_f8E4M3FN_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.bf8.fp8(<4 x i32> %6, <8 x i32> %7, <16 x float> %8, i32 %4, i32 0, i32 0)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

define void @cdna4_smfmac_32x32x64_f8E5M2_f8E5M2_f32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load <4 x i32>, ptr addrspace(5) %1, align 16
  %7 = load <8 x i32>, ptr addrspace(5) %2, align 32
  %8 = load <16 x float>, ptr addrspace(5) %3, align 64
  %9 = call <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.bf8.bf8(<4 x i32> %6, <8 x i32> %7, <16 x float> %8, i32 %4, i32 0, i32 0)
  store <16 x float> %9, ptr addrspace(5) %0, align 64
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.smfmac.f32.16x16x64.f16(<8 x half>, <16 x half>, <4 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.smfmac.f32.16x16x64.bf16(<8 x bfloat>, <16 x bfloat>, <4 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.smfmac.f32.32x32x32.f16(<8 x half>, <16 x half>, <16 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.smfmac.f32.32x32x32.bf16(<8 x bfloat>, <16 x bfloat>, <16 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.smfmac.i32.16x16x128.i8(<4 x i32>, <8 x i32>, <4 x i32>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.fp8.fp8(<4 x i32>, <8 x i32>, <4 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.fp8.bf8(<4 x i32>, <8 x i32>, <4 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.bf8.fp8(<4 x i32>, <8 x i32>, <4 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <4 x float> @llvm.amdgcn.smfmac.f32.16x16x128.bf8.bf8(<4 x i32>, <8 x i32>, <4 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x i32> @llvm.amdgcn.smfmac.i32.32x32x64.i8(<4 x i32>, <8 x i32>, <16 x i32>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.fp8.fp8(<4 x i32>, <8 x i32>, <16 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.fp8.bf8(<4 x i32>, <8 x i32>, <16 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.bf8.fp8(<4 x i32>, <8 x i32>, <16 x float>, i32, i32 immarg, i32 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none)
declare <16 x float> @llvm.amdgcn.smfmac.f32.32x32x64.bf8.bf8(<4 x i32>, <8 x i32>, <16 x float>, i32, i32 immarg, i32 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nosync nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
