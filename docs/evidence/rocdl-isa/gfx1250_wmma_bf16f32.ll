; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx1250_wmma_bf16f32_16x16x32_bf16_bf16_f32_bf16(ptr addrspace(5) %0, ptr addrspace(5) %1, ptr addrspace(5) %2, ptr addrspace(5) %3) {
  %5 = load <16 x bfloat>, ptr addrspace(5) %1, align 32
  %6 = load <16 x bfloat>, ptr addrspace(5) %2, align 32
  %7 = load <8 x float>, ptr addrspace(5) %3, align 32
  %8 = call <8 x bfloat> @llvm.amdgcn.wmma.bf16f32.16x16x32.bf16.v8bf16.v16bf16.v8f32(i1 false, <16 x bfloat> %5, i1 false, <16 x bfloat> %6, i16 0, <8 x float> %7, i1 false, i1 false)
  store <8 x bfloat> %8, ptr addrspace(5) %0, align 16
  ret void
}

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(none)
declare <8 x bfloat> @llvm.amdgcn.wmma.bf16f32.16x16x32.bf16.v8bf16.v16bf16.v8f32(i1 immarg, <16 x bfloat>, i1 immarg, <16 x bfloat>, i16 immarg, <8 x float>, i1 immarg, i1 immarg) #0

attributes #0 = { convergent nocallback nofree nounwind willreturn memory(none) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
