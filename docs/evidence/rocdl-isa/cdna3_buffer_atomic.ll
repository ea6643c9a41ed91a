; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @cdna3_buffer_atomic_add_f32(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load float, ptr addrspace(5) %0, align 4
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %7 = mul i32 %6, 4
  %8 = mul i32 %2, 4
  %9 = call float @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f32(float %4, ptr addrspace(8) %5, i32 %7, i32 %8, i32 0)
  ret void
}

define void @cdna3_buffer_atomic_add_vector_2xf16_(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load <2 x half>, ptr addrspace(5) %0, align 4
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %7 = mul i32 %6, 2
  %8 = mul i32 %2, 2
  %9 = call <2 x half> @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2f16(<2 x half> %4, ptr addrspace(8) %5, i32 %7, i32 %8, i32 0)
  ret void
}

define void @cdna3_buffer_atomic_add_vector_2xbf16_(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load <2 x bfloat>, ptr addrspace(5) %0, align 4
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %7 = mul i32 %6, 2
  %8 = mul i32 %2, 2
  %9 = call <2 x bfloat> @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2bf16(<2 x bfloat> %4, ptr addrspace(8) %5, i32 %7, i32 %8, i32 0)
  ret void
}

define void @cdna3_buffer_atomic_add_f64(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load double, ptr addrspace(5) %0, align 8
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %7 = mul i32 %6, 8
  %8 = mul i32 %2, 8
  %9 = call double @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f64(double %4, ptr addrspace(8) %5, i32 %7, i32 %8, i32 0)
  ret void
}

define void @cdna3_buffer_atomic_max_f64(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load double, ptr addrspace(5) %0, align 8
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %7 = mul i32 %6, 8
  %8 = mul i32 %2, 8
  %9 = call double @llvm.amdgcn.raw.ptr.buffer.atomic.fmax.f64(double %4, ptr addrspace(8) %5, i32 %7, i32 %8, i32 0)
  ret void
}

define void @cdna3_buffer_atomic_max_i32(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load i32, ptr addrspace(5) %0, align 4
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %7 = mul i32 %6, 4
  %8 = mul i32 %2, 4
  %9 = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.smax.i32(i32 %4, ptr addrspace(8) %5, i32 %7, i32 %8, i32 0)
  ret void
}

define void @cdna3_buffer_atomic_min_i32(ptr addrspace(5) %0, { ptr addrspace(8), i32 } %1, i32 %2) {
  %4 = load i32, ptr addrspace(5) %0, align 4
  %5 = extractvalue { ptr addrspace(8), i32 } %1, 0
  %6 = extractvalue { ptr addrspace(8), i32 } %1, 1
  %7 = mul i32 %6, 4
  %8 = mul i32 %2, 4
  %9 = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.umin.i32(i32 %4, ptr addrspace(8) %5, i32 %7, i32 %8, i32 0)
  ret void
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare float @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f32(float, ptr addrspace(8) captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare <2 x half> @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2f16(<2 x half>, ptr addrspace(8) captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare <2 x bfloat> @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2bf16(<2 x bfloat>, ptr addrspace(8) captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare double @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f64(double, ptr addrspace(8) captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare double @llvm.amdgcn.raw.ptr.buffer.atomic.fmax.f64(double, ptr addrspace(8) captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.smax.i32(i32, ptr addrspace(8) captures(none), i32, i32, i32 immarg) #0

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.umin.i32(i32, ptr addrspace(8) captures(none), i32, i32, i32 immarg) #0

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
