; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define void @gfx1250_tdm_tdm_load(ptr addrspace(1) %0, ptr addrspace(3) %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6, i32 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12) {
  %14 = ptrtoint ptr addrspace(1) %0 to i64
  %15 = add i64 %14, %12
  %16 = ptrtoint ptr addrspace(3) %1 to i32
  %17 = call i32 @llvm.smax.i32(i32 %3, i32 0)
  %18 = trunc i64 %15 to i32
  %19 = lshr i64 %15, 32
  %20 = trunc i64 %19 to i32
  %21 = and i32 %20, 33554431
  %22 = or i32 %21, -2147483648
  %23 = insertelement <4 x i32> <i32 1, i32 poison, i32 poison, i32 poison>, i32 %16, i64 1
  %24 = insertelement <4 x i32> %23, i32 %18, i64 2
  %25 = insertelement <4 x i32> %24, i32 %22, i64 3
  %26 = and i32 %2, 65535
  %27 = or i32 %26, 65536
  %28 = shl i32 %17, 16
  %29 = lshr i32 %17, 16
  %30 = and i32 %29, 65535
  %31 = insertelement <8 x i32> poison, i32 %27, i64 0
  %32 = insertelement <8 x i32> %31, i32 %28, i64 1
  %33 = insertelement <8 x i32> %32, i32 %30, i64 2
  %34 = insertelement <8 x i32> %33, i32 4194304, i64 3
  %35 = insertelement <8 x i32> %34, i32 0, i64 4
  %36 = insertelement <8 x i32> %35, i32 0, i64 5
  %37 = insertelement <8 x i32> %36, i32 0, i64 6
  %38 = insertelement <8 x i32> %37, i32 0, i64 7
  call void @llvm.amdgcn.tensor.load.to.lds(<4 x i32> %25, <8 x i32> %38, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, i32 0)
  ret void
}

define void @gfx1250_tdm_tdm_store(ptr addrspace(3) %0, ptr addrspace(1) %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6, i32 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12) {
  %14 = ptrtoint ptr addrspace(1) %1 to i64
  %15 = add i64 %14, %12
  %16 = ptrtoint ptr addrspace(3) %0 to i32
  %17 = call i32 @llvm.smax.i32(i32 %3, i32 0)
  %18 = trunc i64 %15 to i32
  %19 = lshr i64 %15, 32
  %20 = trunc i64 %19 to i32
  %21 = and i32 %20, 33554431
  %22 = or i32 %21, -2147483648
  %23 = insertelement <4 x i32> <i32 1, i32 poison, i32 poison, i32 poison>, i32 %16, i64 1
  %24 = insertelement <4 x i32> %23, i32 %18, i64 2
  %25 = insertelement <4 x i32> %24, i32 %22, i64 3
  %26 = and i32 %2, 65535
  %27 = or i32 %26, 65536
  %28 = shl i32 %17, 16
  %29 = lshr i32 %17, 16
  %30 = and i32 %29, 65535
  %31 = insertelement <8 x i32> poison, i32 %27, i64 0
  %32 = insertelement <8 x i32> %31, i32 %28, i64 1
  %33 = insertelement <8 x i32> %32, i32 %30, i64 2
  %34 = insertelement <8 x i32> %33, i32 4194304, i64 3
  %35 = insertelement <8 x i32> %34, i32 0, i64 4
  %36 = insertelement <8 x i32> %35, i32 0, i64 5
  %37 = insertelement <8 x i32> %36, i32 0, i64 6
  %38 = insertelement <8 x i32> %37, i32 0, i64 7
  call void @llvm.amdgcn.tensor.store.from.lds(<4 x i32> %25, <8 x i32> %38, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, i32 0)
  ret void
}

define void @gfx1250_tdm_tdm_pad_load(ptr addrspace(1) %0, ptr addrspace(3) %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6, i32 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12) {
  %14 = icmp eq i64 %8, -2147483648
  %15 = select i1 %14, i64 64, i64 %8
  %16 = ptrtoint ptr addrspace(1) %0 to i64
  %17 = add i64 %16, %12
  %18 = ptrtoint ptr addrspace(3) %1 to i32
  %19 = call i32 @llvm.smax.i32(i32 %4, i32 0)
  %20 = call i32 @llvm.smax.i32(i32 %3, i32 0)
  %21 = trunc i64 %17 to i32
  %22 = lshr i64 %17, 32
  %23 = trunc i64 %22 to i32
  %24 = and i32 %23, 33554431
  %25 = or i32 %24, -2147483648
  %26 = insertelement <4 x i32> <i32 1, i32 poison, i32 poison, i32 poison>, i32 %18, i64 1
  %27 = insertelement <4 x i32> %26, i32 %21, i64 2
  %28 = insertelement <4 x i32> %27, i32 %25, i64 3
  %29 = and i32 %2, 65535
  %30 = or i32 %29, 118554624
  %31 = shl i32 %19, 16
  %32 = lshr i32 %19, 16
  %33 = and i32 %32, 65535
  %34 = shl i32 %20, 16
  %35 = or i32 %33, %34
  %36 = lshr i32 %20, 16
  %37 = and i32 %36, 65535
  %38 = or i32 %37, 4194304
  %39 = trunc i64 %15 to i32
  %40 = lshr i64 %15, 32
  %41 = trunc i64 %40 to i32
  %42 = and i32 %41, 65535
  %43 = insertelement <8 x i32> poison, i32 %30, i64 0
  %44 = insertelement <8 x i32> %43, i32 %31, i64 1
  %45 = insertelement <8 x i32> %44, i32 %35, i64 2
  %46 = insertelement <8 x i32> %45, i32 %38, i64 3
  %47 = insertelement <8 x i32> %46, i32 8, i64 4
  %48 = insertelement <8 x i32> %47, i32 %39, i64 5
  %49 = insertelement <8 x i32> %48, i32 %42, i64 6
  %50 = insertelement <8 x i32> %49, i32 0, i64 7
  call void @llvm.amdgcn.tensor.load.to.lds(<4 x i32> %28, <8 x i32> %50, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, i32 0)
  ret void
}

define void @gfx1250_tdm_tdm_pad_store(ptr addrspace(3) %0, ptr addrspace(1) %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6, i32 %7, i64 %8, i64 %9, i64 %10, i64 %11, i64 %12) {
  %14 = icmp eq i64 %8, -2147483648
  %15 = select i1 %14, i64 64, i64 %8
  %16 = ptrtoint ptr addrspace(1) %1 to i64
  %17 = add i64 %16, %12
  %18 = ptrtoint ptr addrspace(3) %0 to i32
  %19 = call i32 @llvm.smax.i32(i32 %4, i32 0)
  %20 = call i32 @llvm.smax.i32(i32 %3, i32 0)
  %21 = trunc i64 %17 to i32
  %22 = lshr i64 %17, 32
  %23 = trunc i64 %22 to i32
  %24 = and i32 %23, 33554431
  %25 = or i32 %24, -2147483648
  %26 = insertelement <4 x i32> <i32 1, i32 poison, i32 poison, i32 poison>, i32 %18, i64 1
  %27 = insertelement <4 x i32> %26, i32 %21, i64 2
  %28 = insertelement <4 x i32> %27, i32 %25, i64 3
  %29 = and i32 %2, 65535
  %30 = or i32 %29, 118554624
  %31 = shl i32 %19, 16
  %32 = lshr i32 %19, 16
  %33 = and i32 %32, 65535
  %34 = shl i32 %20, 16
  %35 = or i32 %33, %34
  %36 = lshr i32 %20, 16
  %37 = and i32 %36, 65535
  %38 = or i32 %37, 4194304
  %39 = trunc i64 %15 to i32
  %40 = lshr i64 %15, 32
  %41 = trunc i64 %40 to i32
  %42 = and i32 %41, 65535
  %43 = insertelement <8 x i32> poison, i32 %30, i64 0
  %44 = insertelement <8 x i32> %43, i32 %31, i64 1
  %45 = insertelement <8 x i32> %44, i32 %35, i64 2
  %46 = insertelement <8 x i32> %45, i32 %38, i64 3
  %47 = insertelement <8 x i32> %46, i32 8, i64 4
  %48 = insertelement <8 x i32> %47, i32 %39, i64 5
  %49 = insertelement <8 x i32> %48, i32 %42, i64 6
  %50 = insertelement <8 x i32> %49, i32 0, i64 7
  call void @llvm.amdgcn.tensor.store.from.lds(<4 x i32> %28, <8 x i32> %50, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, i32 0)
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #0

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @llvm.amdgcn.tensor.load.to.lds(<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>, i32 immarg) #1

; Function Attrs: convergent nocallback nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @llvm.amdgcn.tensor.store.from.lds(<4 x i32>, <8 x i32>, <4 x i32>, <4 x i32>, i32 immarg) #1

attributes #0 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #1 = { convergent nocallback nofree nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite) }

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
