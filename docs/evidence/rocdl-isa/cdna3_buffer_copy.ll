; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna3_buffer_copy_8_load({ ptr addrspace(8), i32 } %0, ptr addrspace(5) %1, i32 %2) {
  %4 = extractvalue { ptr addrspace(8), i32 } %0, 0
  %5 = extractvalue { ptr addrspace(8), i32 } %0, 1
  %6 = call i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) %4, i32 %5, i32 %2, i32 0)
  store i8 %6, ptr addrspace(5) %1, align 1
  ret void
}

define void @cdna3_buffer_copy_8_store(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load i8, ptr addrspace(5) %0, align 1
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  call void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8 %4, ptr addrspace(8) %5, i32 %6, i32 %2, i32 0)
  ret void
}

define void @cdna3_buffer_copy_16_load({ ptr addrspace(8), i32 } %0, ptr addrspace(5) %1, i32 %2) {
  %4 = mul i32 %2, 2
  %5 = extractvalue { ptr addrspace(8), i32 } %0, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %0, 1
  %7 = mul i32 %6, 2
  %8 = call i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(ptr addrspace(8) %5, i32 %7, i32 %4, i32 0)
  store i16 %8, ptr addrspace(5) %1, align 2
  ret void
}

define void @cdna3_buffer_copy_16_store(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load i16, ptr addrspace(5) %0, align 2
  %5 = mul i32 %2, 2
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %7 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %8 = mul i32 %7, 2
  call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %4, ptr addrspace(8) %6, i32 %8, i32 %5, i32 0)
  ret void
}

define void @cdna3_buffer_copy_32_load({ ptr addrspace(8), i32 } %0, ptr addrspace(5) %1, i32 %2) {
  %4 = mul i32 %2, 4
  %5 = extractvalue { ptr addrspace(8), i32 } %0, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %0, 1
  %7 = mul i32 %6, 4
  %8 = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %5, i32 %7, i32 %4, i32 0)
  store i32 %8, ptr addrspace(5) %1, align 4
  ret void
}

define void @cdna3_buffer_copy_32_store(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load i32, ptr addrspace(5) %0, align 4
  %5 = mul i32 %2, 4
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %7 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %8 = mul i32 %7, 4
  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %4, ptr addrspace(8) %6, i32 %8, i32 %5, i32 0)
  ret void
}

define void @cdna3_buffer_copy_64_load({ ptr addrspace(8), i32 } %0, ptr addrspace(5) %1, i32 %2) {
  %4 = mul i32 %2, 4
  %5 = extractvalue { ptr addrspace(8), i32 } %0, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %0, 1
  %7 = mul i32 %6, 4
  %8 = call i64 @llvm.amdgcn.raw.ptr.buffer.load.i64(ptr addrspace(8) %5, i32 %7, i32 %4, i32 0)
  %9 = bitcast i64 %8 to <2 x i32>
  store <2 x i32> %9, ptr addrspace(5) %1, align 8
  ret void
}

define void @cdna3_buffer_copy_64_store(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load <2 x i32>, ptr addrspace(5) %0, align 8
  %5 = mul i32 %2, 4
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %7 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %8 = mul i32 %7, 4
  %9 = bitcast <2 x i32> %4 to i64
  call void @llvm.amdgcn.raw.ptr.buffer.store.i64(i64 %9, ptr addrspace(8) %6, i32 %8, i32 %5, i32 0)
  ret void
}

define void @cdna3_buffer_copy_128_load({ ptr addrspace(8), i32 } %0, ptr addrspace(5) %1, i32 %2) {
  %4 = mul i32 %2, 4
  %5 = extractvalue { ptr addrspace(8), i32 } %0, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %0, 1
  %7 = mul i32 %6, 4
  %8 = call i128 @llvm.amdgcn.raw.ptr.buffer.load.i128(ptr addrspace(8) %5, i32 %7, i32 %4, i32 0)
  %9 = bitcast i128 %8 to <4 x i32>
  store <4 x i32> %9, ptr addrspace(5) %1, align 16
  ret void
}

define void @cdna3_buffer_copy_128_store(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load <4 x i32>, ptr addrspace(5) %0, align 16
  %5 = mul i32 %2, 4
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %7 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %8 = mul i32 %7, 4
  %9 = bitcast <4 x i32> %4 to i128
  call void @llvm.amdgcn.raw.ptr.buffer.store.i128(i128 %9, ptr addrspace(8) %6, i32 %8, i32 %5, i32 0)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare i8 @llvm.amdgcn.raw.ptr.buffer.load.i8(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare i64 @llvm.amdgcn.raw.ptr.buffer.load.i64(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i64(i64, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare i128 @llvm.amdgcn.raw.ptr.buffer.load.i128(ptr addrspace(8) readonly captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: write)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i128(i128, ptr addrspace(8) writeonly captures(none), i32, i32, i32 immarg) #1

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #1 = { nocallback nofree nosync nounwind willreturn memory(argmem: write) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
