; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna3_buffer_copy_lds_32({ ptr addrspace(8), i32 } %0, ptr addrspace(3) %1, i32 %2) {
  %4 = extractvalue { ptr addrspace(8), i32 } %0, 0
  %5 = extractvalue { ptr addrspace(8), i32 } %0, 1
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %4, ptr addrspace(3) %1, i32 4, i32 %5, i32 %2, i32 20, i32 0)
  ret void
}

define void @cdna3_buffer_copy_lds_128({ ptr addrspace(8), i32 } %0, ptr addrspace(3) %1, i32 %2) {
  %4 = extractvalue { ptr addrspace(8), i32 } %0, 0
  %5 = extractvalue { ptr addrspace(8), i32 } %0, 1
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %4, ptr addrspace(3) %1, i32 16, i32 %5, i32 %2, i32 20, i32 0)
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) readonly captures(none), ptr addrspace(3) writeonly captures(none), i32 immarg, i32, i32, i32 immarg, i32 immarg) #0

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
