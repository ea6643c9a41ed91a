module {
  func.func @cdna3_mfma_32x32x2_f32_f32_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_layout(%1, %1) : (!fly.int_tuple<1>, !fly.int_tuple<1>) -> !fly.layout<1:1>
    %4 = llvm.mlir.undef : !llvm.struct<()>
    %5 = llvm.load %arg1 : !llvm.ptr<5> -> f32
    %6 = llvm.load %arg2 : !llvm.ptr<5> -> f32
    %7 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %8 = rocdl.mfma.f32.32x32x2f32 %5, %6, %7, %c0_i32, %c0_i32_0, %c0_i32_1 : (f32, f32, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %8, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x4_f32_f32_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_layout(%1, %1) : (!fly.int_tuple<1>, !fly.int_tuple<1>) -> !fly.layout<1:1>
    %4 = llvm.mlir.undef : !llvm.struct<()>
    %5 = llvm.load %arg1 : !llvm.ptr<5> -> f32
    %6 = llvm.load %arg2 : !llvm.ptr<5> -> f32
    %7 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %8 = rocdl.mfma.f32.16x16x4f32 %5, %6, %7, %c0_i32, %c0_i32_0, %c0_i32_1 : (f32, f32, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %8, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x8_f16_f16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> vector<4xf16>
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> vector<4xf16>
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x8f16 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x16_f16_f16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = llvm.mlir.undef : !llvm.struct<()>
    %4 = llvm.load %arg1 : !llvm.ptr<5> -> vector<4xf16>
    %5 = llvm.load %arg2 : !llvm.ptr<5> -> vector<4xf16>
    %6 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %7 = rocdl.mfma.f32.16x16x16f16 %4, %5, %6, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %7, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_f16_f16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> vector<8xf16>
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> vector<8xf16>
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.16x16x32.f16 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<8xf16>, vector<8xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %9, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_f16_f16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> vector<8xf16>
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> vector<8xf16>
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x16.f16 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<8xf16>, vector<8xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x8_bf16_bf16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> vector<4xi16>
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> vector<4xi16>
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x8bf16.1k %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<4xi16>, vector<4xi16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x16_bf16_bf16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = llvm.mlir.undef : !llvm.struct<()>
    %4 = llvm.load %arg1 : !llvm.ptr<5> -> vector<4xi16>
    %5 = llvm.load %arg2 : !llvm.ptr<5> -> vector<4xi16>
    %6 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %7 = rocdl.mfma.f32.16x16x16bf16.1k %4, %5, %6, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<4xi16>, vector<4xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %7, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_bf16_bf16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> vector<8xbf16>
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> vector<8xbf16>
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.16x16x32.bf16 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<8xbf16>, vector<8xbf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %9, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_bf16_bf16_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> vector<8xbf16>
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> vector<8xbf16>
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x16.bf16 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (vector<8xbf16>, vector<8xbf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_f8E4M3FNUZ_f8E4M3FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.16x16x32.fp8.fp8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %9, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_f8E4M3FNUZ_f8E5M2FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.16x16x32.fp8.bf8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %9, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_f8E5M2FNUZ_f8E4M3FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.16x16x32.bf8.fp8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %9, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_f8E5M2FNUZ_f8E5M2FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.16x16x32.bf8.bf8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %9, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_f8E4M3FN_f8E4M3FN_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.16x16x32.fp8.fp8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %9, %arg0 : vector<4xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_f8E4M3FNUZ_f8E4M3FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x16.fp8.fp8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_f8E4M3FNUZ_f8E5M2FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x16.fp8.bf8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_f8E5M2FNUZ_f8E4M3FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x16.bf8.fp8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_f8E5M2FNUZ_f8E5M2FNUZ_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x16.bf8.bf8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_f8E4M3FN_f8E4M3FN_f32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xf32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.f32.32x32x16.fp8.fp8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.store %9, %arg0 : vector<16xf32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_16x16x32_i8_i8_i32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<4>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<4>, !fly.int_tuple<1>) -> !fly.layout<4:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<4xi32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.i32.16x16x32.i8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
    llvm.store %9, %arg0 : vector<4xi32>, !llvm.ptr<5>
    return
  }
  func.func @cdna3_mfma_32x32x16_i8_i8_i32(%arg0: !llvm.ptr<5>, %arg1: !llvm.ptr<5>, %arg2: !llvm.ptr<5>, %arg3: !llvm.ptr<5>) {
    %0 = fly.make_int_tuple() : () -> !fly.int_tuple<16>
    %1 = fly.make_int_tuple() : () -> !fly.int_tuple<1>
    %2 = fly.make_layout(%0, %1) : (!fly.int_tuple<16>, !fly.int_tuple<1>) -> !fly.layout<16:1>
    %3 = fly.make_int_tuple() : () -> !fly.int_tuple<8>
    %4 = fly.make_layout(%3, %1) : (!fly.int_tuple<8>, !fly.int_tuple<1>) -> !fly.layout<8:1>
    %5 = llvm.mlir.undef : !llvm.struct<()>
    %6 = llvm.load %arg1 : !llvm.ptr<5> -> i64
    %7 = llvm.load %arg2 : !llvm.ptr<5> -> i64
    %8 = llvm.load %arg3 : !llvm.ptr<5> -> vector<16xi32>
    %c0_i32 = arith.constant 0 : i32
    %c0_i32_0 = arith.constant 0 : i32
    %c0_i32_1 = arith.constant 0 : i32
    %9 = rocdl.mfma.i32.32x32x16.i8 %6, %7, %8, %c0_i32, %c0_i32_0, %c0_i32_1 : (i64, i64, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
    llvm.store %9, %arg0 : vector<16xi32>, !llvm.ptr<5>
    return
  }
}

