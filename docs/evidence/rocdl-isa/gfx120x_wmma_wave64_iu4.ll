; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx120x_wmma_wave64_iu4_16x16x16_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 false, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_iu4_16x16x16_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 true, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_iu4_16x16x16_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 false, i32 %5, i1 true, i32 %6, <4 x i32> %7, i1 false)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_wmma_wave64_iu4_16x16x16_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load i32, ptr addrspace(5) %1, align 4
  %6 = load i32, ptr addrspace(5) %2, align 4
  %7 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %8 = call <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 false, i32 %5, i1 false, i32 %6, <4 x i32> %7, i1 true)
  store <4 x i32> %8, ptr addrspace(5) %0, align 16
  ret void
}

; Function Attrs: convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.wmma.i32.16x16x16.iu4.v4i32.i32(i1 immarg, i32, i1 immarg, i32, <4 x i32>, i1 immarg) #0

attributes #0 = { convergent nocallback nocreateundeforpoison nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
