; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna4_lds_read_trans_4_64(ptr addrspace(3) %0, ptr addrspace(5) %1) {
  %3 = call <2 x i32> @llvm.amdgcn.ds.read.tr4.b64.v2i32(ptr addrspace(3) %0)
  %4 = bitcast <2 x i32> %3 to <16 x i4>
  store <16 x i4> %4, ptr addrspace(5) %1, align 8
  ret void
}

define void @cdna4_lds_read_trans_8_64(ptr addrspace(3) %0, ptr addrspace(5) %1) {
  %3 = call <2 x i32> @llvm.amdgcn.ds.read.tr8.b64.v2i32(ptr addrspace(3) %0)
  %4 = bitcast <2 x i32> %3 to <8 x i8>
  store <8 x i8> %4, ptr addrspace(5) %1, align 8
  ret void
}

define void @cdna4_lds_read_trans_6_96(ptr addrspace(3) %0, ptr addrspace(5) %1) {
  %3 = call <3 x i32> @llvm.amdgcn.ds.read.tr6.b96.v3i32(ptr addrspace(3) %0)
  %4 = bitcast <3 x i32> %3 to <16 x i6>
  store <16 x i6> %4, ptr addrspace(5) %1, align 16
  ret void
}

define void @cdna4_lds_read_trans_16_64(ptr addrspace(3) %0, ptr addrspace(5) %1) {
  %3 = call <4 x i16> @llvm.amdgcn.ds.read.tr16.b64.v4i16(ptr addrspace(3) %0)
  store <4 x i16> %3, ptr addrspace(5) %1, align 8
  ret void
}

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(argmem: read)
declare <2 x i32> @llvm.amdgcn.ds.read.tr4.b64.v2i32(ptr addrspace(3) captures(none)) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(argmem: read)
declare <2 x i32> @llvm.amdgcn.ds.read.tr8.b64.v2i32(ptr addrspace(3) captures(none)) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(argmem: read)
declare <3 x i32> @llvm.amdgcn.ds.read.tr6.b96.v3i32(ptr addrspace(3) captures(none)) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(argmem: read)
declare <4 x i16> @llvm.amdgcn.ds.read.tr16.b64.v4i16(ptr addrspace(3) captures(none)) #0

attributes #0 = { convergent nocallback nofree nounwind willreturn memory(argmem: read) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
