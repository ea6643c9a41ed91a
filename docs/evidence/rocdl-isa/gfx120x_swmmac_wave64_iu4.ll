; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx120x_swmmac_wave64_iu4_16x16x32_i4_i4_i32(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load i32, ptr addrspace(5) %2, align 4
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu4.v4i32.i32.i32.i32(i1 false, i32 %6, i1 false, i32 %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_iu4_16x16x32_i4_i4_i32_indexKey1(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load i32, ptr addrspace(5) %2, align 4
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = lshr i32 %4, 16
  %10 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu4.v4i32.i32.i32.i32(i1 false, i32 %6, i1 false, i32 %7, <4 x i32> %8, i32 %9, i1 false)
  store <4 x i32> %10, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_iu4_16x16x32_i4_i4_i32_signA(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load i32, ptr addrspace(5) %2, align 4
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu4.v4i32.i32.i32.i32(i1 true, i32 %6, i1 false, i32 %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_iu4_16x16x32_i4_i4_i32_signB(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load i32, ptr addrspace(5) %2, align 4
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu4.v4i32.i32.i32.i32(i1 false, i32 %6, i1 true, i32 %7, <4 x i32> %8, i32 %4, i1 false)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

define void @gfx120x_swmmac_wave64_iu4_16x16x32_i4_i4_i32_clamp(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3, i32 %4) {
  %6 = load i32, ptr addrspace(5) %1, align 4
  %7 = load i32, ptr addrspace(5) %2, align 4
  %8 = load <4 x i32>, ptr addrspace(5) %3, align 16
  %9 = call <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu4.v4i32.i32.i32.i32(i1 false, i32 %6, i1 false, i32 %7, <4 x i32> %8, i32 %4, i1 true)
  store <4 x i32> %9, ptr addrspace(5) %0, align 16
  ret void
}

; Function Attrs: convergent nocreateundeforpoison nounwind willreturn memory(none)
declare <4 x i32> @llvm.amdgcn.swmmac.i32.16x16x32.iu4.v4i32.i32.i32.i32(i1 immarg, i32, i1 immarg, i32, <4 x i32>, i32, i1 immarg) #0

attributes #0 = { convergent nocreateundeforpoison nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
