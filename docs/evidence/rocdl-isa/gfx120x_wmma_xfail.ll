; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx120x_wmma_16x16x16_f16_f16_f16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x half>, ptr addrspace(5) %1, align 16
  %6 = load <8 x half>, ptr addrspace(5) %2, align 16
  %7 = load <8 x half>, ptr addrspace(5) %3, align 16
  %8 = call <8 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v8f16.v8f16(<8 x half> %5, <8 x half> %6, <8 x half> %7, i1 false)
  store <8 x half> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_16x16x16_bf16_bf16_bf16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <8 x i16>, ptr addrspace(5) %1, align 16
  %6 = load <8 x i16>, ptr addrspace(5) %2, align 16
  %7 = load <8 x i16>, ptr addrspace(5) %3, align 16
  %8 = call <8 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v8i16.v8i16(<8 x i16> %5, <8 x i16> %6, <8 x i16> %7, i1 false)
  store <8 x i16> %8, ptr addrspace(5) %0, align 16
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x half> @llvm.amdgcn.wmma.f16.16x16x16.f16.v8f16.v8f16(<8 x half>, <8 x half>, <8 x half>, i1 immarg) #0

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <8 x i16> @llvm.amdgcn.wmma.bf16.16x16x16.bf16.v8i16.v8i16(<8 x i16>, <8 x i16>, <8 x i16>, i1 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
