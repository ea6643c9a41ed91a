; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx11_wmma_opsel_16x16x16_f16_f16_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x half>, ptr addrspace(5) %1, align 32
  %6 = load <16 x half>, ptr addrspace(5) %2, align 32
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = shufflevector <8 x half> %7, <8 x half> %7, <16 x i32> <i32 0, i32 0, i32 1, i32 1, i32 2, i32 2, i32 3, i32 3, i32 4, i32 4, i32 5, i32 5, i32 6, i32 6, i32 7, i32 7>
  %9 = call <16 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v16f16.v16f16(<16 x half> %5, <16 x half> %6, <16 x half> %8, i1 false)
  %10 = shufflevector <16 x half> %9, <16 x half> %9, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  store <8 x half> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_opsel_16x16x16_f16_f16_f16_opsel(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x half>, ptr addrspace(5) %1, align 32
  %6 = load <16 x half>, ptr addrspace(5) %2, align 32
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = shufflevector <8 x half> %7, <8 x half> %7, <16 x i32> <i32 0, i32 0, i32 1, i32 1, i32 2, i32 2, i32 3, i32 3, i32 4, i32 4, i32 5, i32 5, i32 6, i32 6, i32 7, i32 7>
  %9 = call <16 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v16f16.v16f16(<16 x half> %5, <16 x half> %6, <16 x half> %8, i1 true)
  %10 = shufflevector <16 x half> %9, <16 x half> %9, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  store <8 x half> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_opsel_16x16x16_bf16_bf16_bf16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i16>, ptr addrspace(5) %1, align 32
  %6 = load <16 x i16>, ptr addrspace(5) %2, align 32
  %7 = load <8 x i16>, ptr addrspace(5) %3, align 16
  %8 = shufflevector <8 x i16> %7, <8 x i16> %7, <16 x i32> <i32 0, i32 0, i32 1, i32 1, i32 2, i32 2, i32 3, i32 3, i32 4, i32 4, i32 5, i32 5, i32 6, i32 6, i32 7, i32 7>
  %9 = call <16 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v16i16.v16i16(<16 x i16> %5, <16 x i16> %6, <16 x i16> %8, i1 false)
  %10 = shufflevector <16 x i16> %9, <16 x i16> %9, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  store <8 x i16> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx11_wmma_opsel_16x16x16_bf16_bf16_bf16_opsel(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x i16>, ptr addrspace(5) %1, align 32
  %6 = load <16 x i16>, ptr addrspace(5) %2, align 32
  %7 = load <8 x i16>, ptr addrspace(5) %3, align 16
  %8 = shufflevector <8 x i16> %7, <8 x i16> %7, <16 x i32> <i32 0, i32 0, i32 1, i32 1, i32 2, i32 2, i32 3, i32 3, i32 4, i32 4, i32 5, i32 5, i32 6, i32 6, i32 7, i32 7>
  %9 = call <16 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v16i16.v16i16(<16 x i16> %5, <16 x i16> %6, <16 x i16> %8, i1 true)
  %10 = shufflevector <16 x i16> %9, <16 x i16> %9, <8 x i32> <i32 1, i32 3, i32 5, i32 7, i32 9, i32 11, i32 13, i32 15>
  store <8 x i16> %10, ptr addrspace(5) %0, align 16
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <16 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v16f16.v16f16(<16 x half>, <16 x half>, <16 x half>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <16 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v16i16.v16i16(<16 x i16>, <16 x i16>, <16 x i16>, i1 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
