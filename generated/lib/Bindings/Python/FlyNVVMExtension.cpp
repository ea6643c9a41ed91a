// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2026 FlyDSL Project Contributors
//===- FlyNVVMExtension.cpp - atomgen bindings ---------------------------------------===//
//
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
// adds the two regions below to the hand-written extension module instead.
//
//===----------------------------------------------------------------------===//

// ---- atomgen:begin types sha256:5c0d79dc6a22c8bf
namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm {

/// `T::getChecked(...)` for a binding's `get`: an invalid configuration raises ValueError with the
/// verifier's message instead of aborting. One copy for every type of the module.
template <typename T, typename... Args> T getCheckedOrRaise(MLIRContext *ctx, Args &&...args) {
  std::string message;
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  T type = T::getChecked([&] { return emitError(UnknownLoc::get(ctx)); }, ctx,
                         std::forward<Args>(args)...);
  if (!type)
    throw nb::value_error(message.c_str());
  return type;
}

/// sm100a tcgen05.cp.cta_group::1 (UTCCP): one thread copies a shared-memory matrix, named by its
/// 64-bit descriptor, into tensor memory: 128x256b, 4x256b, 128x128b, 64x128b (.warpx2::02_13 /
/// ::01_23) or 32x128b (.warpx4). (sm100.tcgen05.cp; 6 supported configurations)
struct PyCopyOpSM100_Tcgen05CpType : PyConcreteType<PyCopyOpSM100_Tcgen05CpType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM100_Tcgen05CpType,
                               "CopyOpSM100_Tcgen05CpType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t rows, int32_t bits, int multicast, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          if (multicast < 0 || multicast > 3)
            throw nb::value_error("multicast must be in [0, 3]");
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM100_Tcgen05CpType>(
              ctx, rows, bits,
              ::mlir::NVVM::Tcgen05CpMulticastAttr::get(
                  ctx, static_cast<::mlir::NVVM::Tcgen05CpMulticast>(multicast)));
          return PyCopyOpSM100_Tcgen05CpType(context->getRef(), wrap(type));
        },
        "rows"_a, "bits"_a, "multicast"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm100a tcgen05.cp.cta_group::1 (UTCCP): one thread copies a shared-memory matrix, named "
        "by its 64-bit descriptor, into tensor memory: 128x256b, 4x256b, 128x128b, 64x128b "
        "(.warpx2::02_13 / ::01_23) or 32x128b (.warpx4). (sm100.tcgen05.cp; 6 supported "
        "configurations)");
  }
};

/// sm100a warp-collective tcgen05.ld (tensor memory -> registers): a dp x bits data-path shape
/// (32x32b, 16x32bx2, 16x64b, 16x128b, 16x256b) repeated num times along the columns, optionally
/// .pack::16b. (sm100.tcgen05.ld; 74 supported configurations)
struct PyCopyOpSM100_Tcgen05LdType : PyConcreteType<PyCopyOpSM100_Tcgen05LdType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM100_Tcgen05LdType,
                               "CopyOpSM100_Tcgen05LdType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t dp, int32_t bits, int32_t num, bool pack, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM100_Tcgen05LdType>(ctx, dp, bits,
                                                                                     num, pack);
          return PyCopyOpSM100_Tcgen05LdType(context->getRef(), wrap(type));
        },
        "dp"_a, "bits"_a, "num"_a, "pack"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm100a warp-collective tcgen05.ld (tensor memory -> registers): a dp x bits data-path "
        "shape (32x32b, 16x32bx2, 16x64b, 16x128b, 16x256b) repeated num times along the columns, "
        "optionally .pack::16b. (sm100.tcgen05.ld; 74 supported configurations)");
  }
};

/// sm100a warp-collective tcgen05.st (registers -> tensor memory): a dp x bits data-path shape
/// (32x32b, 16x32bx2, 16x64b, 16x128b, 16x256b) repeated num times along the columns, optionally
/// .unpack::16b. (sm100.tcgen05.st; 74 supported configurations)
struct PyCopyOpSM100_Tcgen05StType : PyConcreteType<PyCopyOpSM100_Tcgen05StType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM100_Tcgen05StType,
                               "CopyOpSM100_Tcgen05StType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t dp, int32_t bits, int32_t num, bool unpack, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM100_Tcgen05StType>(ctx, dp, bits,
                                                                                     num, unpack);
          return PyCopyOpSM100_Tcgen05StType(context->getRef(), wrap(type));
        },
        "dp"_a, "bits"_a, "num"_a, "unpack"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm100a warp-collective tcgen05.st (registers -> tensor memory): a dp x bits data-path "
        "shape (32x32b, 16x32bx2, 16x64b, 16x128b, 16x256b) repeated num times along the columns, "
        "optionally .unpack::16b. (sm100.tcgen05.st; 74 supported configurations)");
  }
};

/// Warp-collective ldmatrix of num (1, 2, 4) 8x8 b16 matrices, shared memory -> registers,
/// optionally transposed. (sm75.ldmatrix; 6 supported configurations)
struct PyCopyOpSM75_LdMatrixType : PyConcreteType<PyCopyOpSM75_LdMatrixType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM75_LdMatrixType,
                               "CopyOpSM75_LdMatrixType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t num, bool transpose, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type =
              getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM75_LdMatrixType>(ctx, num, transpose);
          return PyCopyOpSM75_LdMatrixType(context->getRef(), wrap(type));
        },
        "num"_a, "trans"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "Warp-collective ldmatrix of num (1, 2, 4) 8x8 b16 matrices, shared memory -> registers, "
        "optionally transposed. (sm75.ldmatrix; 6 supported configurations)");
  }
};

/// sm80 per-thread asynchronous global -> shared copy of 32, 64 or 128 bits (cp.async.ca / .cg).
/// (sm80.cp.async; 4 supported configurations)
struct PyCopyOpSM80_CpAsyncType : PyConcreteType<PyCopyOpSM80_CpAsyncType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM80_CpAsyncType, "CopyOpSM80_CpAsyncType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t bitSize, int cacheModifier, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          if (cacheModifier < 0 || cacheModifier > 1)
            throw nb::value_error("cacheModifier must be in [0, 1]");
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM80_CpAsyncType>(
              ctx, bitSize,
              ::mlir::NVVM::LoadCacheModifierKindAttr::get(
                  ctx, static_cast<::mlir::NVVM::LoadCacheModifierKind>(cacheModifier)));
          return PyCopyOpSM80_CpAsyncType(context->getRef(), wrap(type));
        },
        "bit_size"_a, "cache_modifier"_a = 1, nb::kw_only(), "context"_a = nb::none(),
        "sm80 per-thread asynchronous global -> shared copy of 32, 64 or 128 bits (cp.async.ca / "
        ".cg). (sm80.cp.async; 4 supported configurations)");
  }
};

/// sm90 non-tensor bulk copy (cp.async.bulk) of a whole contiguous memref: global ->
/// shared::cluster completing on an mbarrier (store = false), or shared::cta -> global with
/// bulk_group completion (store = true); the byte count is the memref's. (sm90.bulk.copy; 2
/// supported configurations)
struct PyCopyOpSM90_BulkCopyType : PyConcreteType<PyCopyOpSM90_BulkCopyType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM90_BulkCopyType,
                               "CopyOpSM90_BulkCopyType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](bool store, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM90_BulkCopyType>(ctx, store);
          return PyCopyOpSM90_BulkCopyType(context->getRef(), wrap(type));
        },
        "store"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm90 non-tensor bulk copy (cp.async.bulk) of a whole contiguous memref: global -> "
        "shared::cluster completing on an mbarrier (store = false), or shared::cta -> global with "
        "bulk_group completion (store = true); the byte count is the memref's. (sm90.bulk.copy; 2 "
        "supported configurations)");
  }
};

/// Warp-collective stmatrix of num (1, 2, 4) 8x8 b16 matrices, registers -> shared memory,
/// optionally transposed. (sm90.stmatrix; 6 supported configurations)
struct PyCopyOpSM90_StMatrixType : PyConcreteType<PyCopyOpSM90_StMatrixType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM90_StMatrixType,
                               "CopyOpSM90_StMatrixType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t num, bool transpose, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type =
              getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM90_StMatrixType>(ctx, num, transpose);
          return PyCopyOpSM90_StMatrixType(context->getRef(), wrap(type));
        },
        "num"_a, "transpose"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "Warp-collective stmatrix of num (1, 2, 4) 8x8 b16 matrices, registers -> shared memory, "
        "optionally transposed. (sm90.stmatrix; 6 supported configurations)");
  }
};

/// sm90 TMA tiled bulk tensor load (cp.async.bulk.tensor, rank 1-5): global -> shared::cluster,
/// completing on an mbarrier; descriptor and coordinates are state. (sm90.tma.load; 5 supported
/// configurations)
struct PyCopyOpSM90_TmaLoadType : PyConcreteType<PyCopyOpSM90_TmaLoadType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM90_TmaLoadType, "CopyOpSM90_TmaLoadType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t rank, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM90_TmaLoadType>(ctx, rank);
          return PyCopyOpSM90_TmaLoadType(context->getRef(), wrap(type));
        },
        "rank"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm90 TMA tiled bulk tensor load (cp.async.bulk.tensor, rank 1-5): global -> "
        "shared::cluster, completing on an mbarrier; descriptor and coordinates are state. "
        "(sm90.tma.load; 5 supported configurations)");
  }
};

/// sm90 TMA bulk tensor load in im2col mode (cp.async.bulk.tensor .im2col, rank 3-5): a
/// convolution's im2col tile, global -> shared::cluster, completing on an mbarrier; descriptor,
/// coordinates and the rank - 2 im2col offsets are state. (sm90.tma.load.im2col; 3 supported
/// configurations)
struct PyCopyOpSM90_TmaLoadIm2colType : PyConcreteType<PyCopyOpSM90_TmaLoadIm2colType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM90_TmaLoadIm2colType,
                               "CopyOpSM90_TmaLoadIm2colType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t rank, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM90_TmaLoadIm2colType>(ctx, rank);
          return PyCopyOpSM90_TmaLoadIm2colType(context->getRef(), wrap(type));
        },
        "rank"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm90 TMA bulk tensor load in im2col mode (cp.async.bulk.tensor .im2col, rank 3-5): a "
        "convolution's im2col tile, global -> shared::cluster, completing on an mbarrier; "
        "descriptor, coordinates and the rank - 2 im2col offsets are state. (sm90.tma.load.im2col; "
        "3 supported configurations)");
  }
};

/// sm90 TMA tiled bulk tensor load multicast over a cluster (cp.async.bulk.tensor
/// .multicast::cluster, rank 1-5): global -> the shared memory of every CTA the 16-bit mask names,
/// each completing on its mbarrier; descriptor, coordinates and mask are state.
/// (sm90.tma.load.multicast; 5 supported configurations)
struct PyCopyOpSM90_TmaLoadMulticastType : PyConcreteType<PyCopyOpSM90_TmaLoadMulticastType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM90_TmaLoadMulticastType,
                               "CopyOpSM90_TmaLoadMulticastType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t rank, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type =
              getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM90_TmaLoadMulticastType>(ctx, rank);
          return PyCopyOpSM90_TmaLoadMulticastType(context->getRef(), wrap(type));
        },
        "rank"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm90 TMA tiled bulk tensor load multicast over a cluster (cp.async.bulk.tensor "
        ".multicast::cluster, rank 1-5): global -> the shared memory of every CTA the 16-bit mask "
        "names, each completing on its mbarrier; descriptor, coordinates and mask are state. "
        "(sm90.tma.load.multicast; 5 supported configurations)");
  }
};

/// sm90 TMA tiled bulk tensor reduction (cp.reduce.async.bulk.tensor, rank 1-5): a shared::cta box
/// combined into global memory with add, min, max, inc, dec, and, or or xor, bulk_group completion;
/// descriptor and coordinates are state. (sm90.tma.reduce; 40 supported configurations)
struct PyCopyOpSM90_TmaReduceType : PyConcreteType<PyCopyOpSM90_TmaReduceType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM90_TmaReduceType,
                               "CopyOpSM90_TmaReduceType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t rank, int redOp, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          if (redOp < 0 || redOp > 7)
            throw nb::value_error("redOp must be in [0, 7]");
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM90_TmaReduceType>(
              ctx, rank,
              ::mlir::NVVM::TMAReduxKindAttr::get(ctx,
                                                  static_cast<::mlir::NVVM::TMAReduxKind>(redOp)));
          return PyCopyOpSM90_TmaReduceType(context->getRef(), wrap(type));
        },
        "rank"_a, "red_op"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm90 TMA tiled bulk tensor reduction (cp.reduce.async.bulk.tensor, rank 1-5): a "
        "shared::cta box combined into global memory with add, min, max, inc, dec, and, or or xor, "
        "bulk_group completion; descriptor and coordinates are state. (sm90.tma.reduce; 40 "
        "supported configurations)");
  }
};

/// sm90 TMA tiled bulk tensor store (cp.async.bulk.tensor, rank 1-5): shared::cta -> global,
/// bulk_group completion; descriptor and coordinates are state. (sm90.tma.store; 5 supported
/// configurations)
struct PyCopyOpSM90_TmaStoreType : PyConcreteType<PyCopyOpSM90_TmaStoreType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::CopyOpSM90_TmaStoreType,
                               "CopyOpSM90_TmaStoreType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t rank, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::CopyOpSM90_TmaStoreType>(ctx, rank);
          return PyCopyOpSM90_TmaStoreType(context->getRef(), wrap(type));
        },
        "rank"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm90 TMA tiled bulk tensor store (cp.async.bulk.tensor, rank 1-5): shared::cta -> global, "
        "bulk_group completion; descriptor and coordinates are state. (sm90.tma.store; 5 supported "
        "configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA), cta_group::1, kinds f16, tf32 and i8: A and
/// B from shared-memory descriptors, D in tensor memory. (sm100.tcgen05.mma; 392 supported
/// configurations)
struct PyMmaOpSM100_Tcgen05Type : PyConcreteType<PyMmaOpSM100_Tcgen05Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05Type, "MmaOpSM100_Tcgen05Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transA, bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transA, transB);
          return PyMmaOpSM100_Tcgen05Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_a"_a = false,
        "trans_b"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA), cta_group::1, kinds f16, tf32 and "
        "i8: A and B from shared-memory descriptors, D in tensor memory. (sm100.tcgen05.mma; 392 "
        "supported configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma kind::f8f6f4 (dense fp8 / fp6 / fp4), cta_group::1:
/// A and B from shared-memory descriptors, D in tensor memory; A's and B's formats are descriptor
/// parameters, not instance columns. (sm100.tcgen05.mma.f8f6f4; 128 supported configurations)
struct PyMmaOpSM100_Tcgen05F8f6f4Type : PyConcreteType<PyMmaOpSM100_Tcgen05F8f6f4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05F8f6f4Type,
                               "MmaOpSM100_Tcgen05F8f6f4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05F8f6f4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpSM100_Tcgen05F8f6f4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a = f8E4M3FN, "elem_ty_b"_a = f8E4M3FN, "elem_ty_acc"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma kind::f8f6f4 (dense fp8 / fp6 / fp4), "
        "cta_group::1: A and B from shared-memory descriptors, D in tensor memory; A's and B's "
        "formats are descriptor parameters, not instance columns. (sm100.tcgen05.mma.f8f6f4; 128 "
        "supported configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma kind::f8f6f4 with fp8 A and B (e4m3, e5m2) in
/// either major, cta_group::1: A and B from shared-memory descriptors, D in tensor memory; formats
/// and majors are descriptor parameters. (sm100.tcgen05.mma.f8f6f4_mn; 64 supported configurations)
struct PyMmaOpSM100_Tcgen05F8f6f4MnType : PyConcreteType<PyMmaOpSM100_Tcgen05F8f6f4MnType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05F8f6f4MnType,
                               "MmaOpSM100_Tcgen05F8f6f4MnType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transA, bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05F8f6f4MnType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transA, transB);
          return PyMmaOpSM100_Tcgen05F8f6f4MnType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a = f8E4M3FN, "elem_ty_b"_a = f8E4M3FN, "elem_ty_acc"_a,
        "trans_a"_a = false, "trans_b"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma kind::f8f6f4 with fp8 A and B (e4m3, e5m2) "
        "in either major, cta_group::1: A and B from shared-memory descriptors, D in tensor "
        "memory; formats and majors are descriptor parameters. (sm100.tcgen05.mma.f8f6f4_mn; 64 "
        "supported configurations)");
  }
};

/// sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4 (MXFP4: fp4 A and B, a
/// UE8M0 scale factor per 32 K elements), cta_group::1: A and B from shared-memory descriptors, D
/// and the scale factors in tensor memory. (sm100.tcgen05.mma.mxf4; 32 supported configurations)
struct PyMmaOpSM100_Tcgen05Mxf4Type : PyConcreteType<PyMmaOpSM100_Tcgen05Mxf4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05Mxf4Type,
                               "MmaOpSM100_Tcgen05Mxf4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           PyType &elemTySF, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05Mxf4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), unwrap(elemTySF));
          return PyMmaOpSM100_Tcgen05Mxf4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "elem_ty_sf"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4 (MXFP4: fp4 A and B, "
        "a UE8M0 scale factor per 32 K elements), cta_group::1: A and B from shared-memory "
        "descriptors, D and the scale factors in tensor memory. (sm100.tcgen05.mma.mxf4; 32 "
        "supported configurations)");
  }
};

/// sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf8f6f4 (MXFP8/6/4: A and B
/// each e4m3, e5m2, e2m3, e3m2 or e2m1, a UE8M0 factor per 32 K elements), cta_group::1; the
/// formats are descriptor parameters. (sm100.tcgen05.mma.mxf8f6f4; 32 supported configurations)
struct PyMmaOpSM100_Tcgen05Mxf8f6f4Type : PyConcreteType<PyMmaOpSM100_Tcgen05Mxf8f6f4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05Mxf8f6f4Type,
                               "MmaOpSM100_Tcgen05Mxf8f6f4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           PyType &elemTySF, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05Mxf8f6f4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), unwrap(elemTySF));
          return PyMmaOpSM100_Tcgen05Mxf8f6f4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a = f8E4M3FN, "elem_ty_b"_a = f8E4M3FN, "elem_ty_acc"_a,
        "elem_ty_sf"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf8f6f4 (MXFP8/6/4: A "
        "and B each e4m3, e5m2, e2m3, e3m2 or e2m1, a UE8M0 factor per 32 K elements), "
        "cta_group::1; the formats are descriptor parameters. (sm100.tcgen05.mma.mxf8f6f4; 32 "
        "supported configurations)");
  }
};

/// sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4nvf4 with blocks of 16
/// (NVFP4 with UE4M3 scale factors, or fp4 with UE8M0), cta_group::1: A and B from shared-memory
/// descriptors, D and the scale factors in tensor memory. (sm100.tcgen05.mma.nvf4; 64 supported
/// configurations)
struct PyMmaOpSM100_Tcgen05Nvf4Type : PyConcreteType<PyMmaOpSM100_Tcgen05Nvf4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05Nvf4Type,
                               "MmaOpSM100_Tcgen05Nvf4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           PyType &elemTySF, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05Nvf4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), unwrap(elemTySF));
          return PyMmaOpSM100_Tcgen05Nvf4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "elem_ty_sf"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4nvf4 with blocks of "
        "16 (NVFP4 with UE4M3 scale factors, or fp4 with UE8M0), cta_group::1: A and B from "
        "shared-memory descriptors, D and the scale factors in tensor memory. "
        "(sm100.tcgen05.mma.nvf4; 64 supported configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA) over a CTA pair, cta_group::2, kinds f16,
/// tf32 and i8: A and B from shared-memory descriptors, D in tensor memory, each CTA holding its
/// half. (sm100.tcgen05.mma.pair; 192 supported configurations)
struct PyMmaOpSM100_Tcgen05PairType : PyConcreteType<PyMmaOpSM100_Tcgen05PairType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairType,
                               "MmaOpSM100_Tcgen05PairType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transA, bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transA, transB);
          return PyMmaOpSM100_Tcgen05PairType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_a"_a = false,
        "trans_b"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA) over a CTA pair, cta_group::2, kinds "
        "f16, tf32 and i8: A and B from shared-memory descriptors, D in tensor memory, each CTA "
        "holding its half. (sm100.tcgen05.mma.pair; 192 supported configurations)");
  }
};

/// sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4 (fp4 A and B, a UE8M0
/// factor per 32 K elements) over a CTA pair (cta_group::2, M = 128 or 256).
/// (sm100.tcgen05.mma.pair.mxf4; 32 supported configurations)
struct PyMmaOpSM100_Tcgen05PairMxf4Type : PyConcreteType<PyMmaOpSM100_Tcgen05PairMxf4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairMxf4Type,
                               "MmaOpSM100_Tcgen05PairMxf4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           PyType &elemTySF, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairMxf4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), unwrap(elemTySF));
          return PyMmaOpSM100_Tcgen05PairMxf4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "elem_ty_sf"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4 (fp4 A and B, a "
        "UE8M0 factor per 32 K elements) over a CTA pair (cta_group::2, M = 128 or 256). "
        "(sm100.tcgen05.mma.pair.mxf4; 32 supported configurations)");
  }
};

/// sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf8f6f4 over a CTA pair
/// (cta_group::2, M = 256): A and B each e4m3, e5m2, e2m3, e3m2 or e2m1, a UE8M0 factor per 32 K
/// elements; the formats are descriptor parameters. (sm100.tcgen05.mma.pair.mxf8f6f4; 16 supported
/// configurations)
struct PyMmaOpSM100_Tcgen05PairMxf8f6f4Type : PyConcreteType<PyMmaOpSM100_Tcgen05PairMxf8f6f4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairMxf8f6f4Type,
                               "MmaOpSM100_Tcgen05PairMxf8f6f4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           PyType &elemTySF, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairMxf8f6f4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), unwrap(elemTySF));
          return PyMmaOpSM100_Tcgen05PairMxf8f6f4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a = f8E4M3FN, "elem_ty_b"_a = f8E4M3FN, "elem_ty_acc"_a,
        "elem_ty_sf"_a, nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf8f6f4 over a CTA pair "
        "(cta_group::2, M = 256): A and B each e4m3, e5m2, e2m3, e3m2 or e2m1, a UE8M0 factor per "
        "32 K elements; the formats are descriptor parameters. (sm100.tcgen05.mma.pair.mxf8f6f4; "
        "16 supported configurations)");
  }
};

/// sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4nvf4 (fp4 A and B, a UE8M0
/// or UE4M3 factor per 16 K elements) over a CTA pair (cta_group::2, M = 128 or 256).
/// (sm100.tcgen05.mma.pair.nvf4; 64 supported configurations)
struct PyMmaOpSM100_Tcgen05PairNvf4Type : PyConcreteType<PyMmaOpSM100_Tcgen05PairNvf4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairNvf4Type,
                               "MmaOpSM100_Tcgen05PairNvf4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           PyType &elemTySF, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairNvf4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), unwrap(elemTySF));
          return PyMmaOpSM100_Tcgen05PairNvf4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "elem_ty_sf"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell block-scaled tensor-core MMA tcgen05.mma kind::mxf4nvf4 (fp4 A and B, a "
        "UE8M0 or UE4M3 factor per 16 K elements) over a CTA pair (cta_group::2, M = 128 or 256). "
        "(sm100.tcgen05.mma.pair.nvf4; 64 supported configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma over a CTA pair with A from tensor memory
/// (cta_group::2, the .ts form), kinds f16, tf32 and i8: each CTA's half of A and of D in its own
/// tensor memory, B from shared-memory descriptors. (sm100.tcgen05.mma.pair.ts; 128 supported
/// configurations)
struct PyMmaOpSM100_Tcgen05PairTsType : PyConcreteType<PyMmaOpSM100_Tcgen05PairTsType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairTsType,
                               "MmaOpSM100_Tcgen05PairTsType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05PairTsType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transB);
          return PyMmaOpSM100_Tcgen05PairTsType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_b"_a = false,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma over a CTA pair with A from tensor memory "
        "(cta_group::2, the .ts form), kinds f16, tf32 and i8: each CTA's half of A and of D in "
        "its own tensor memory, B from shared-memory descriptors. (sm100.tcgen05.mma.pair.ts; 128 "
        "supported configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA) with A from tensor memory (the .ts form),
/// cta_group::1, kinds f16, tf32 and i8: A in tensor memory, B from a shared-memory descriptor, D
/// in tensor memory. (sm100.tcgen05.mma.ts; 328 supported configurations)
struct PyMmaOpSM100_Tcgen05TsType : PyConcreteType<PyMmaOpSM100_Tcgen05TsType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05TsType,
                               "MmaOpSM100_Tcgen05TsType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05TsType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transB);
          return PyMmaOpSM100_Tcgen05TsType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_b"_a = false,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma (UMMA) with A from tensor memory (the .ts "
        "form), cta_group::1, kinds f16, tf32 and i8: A in tensor memory, B from a shared-memory "
        "descriptor, D in tensor memory. (sm100.tcgen05.mma.ts; 328 supported configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma.ws (weight-stationary), cta_group::1, kinds f16,
/// tf32 and i8: A and B from shared-memory descriptors, D in tensor memory, M 32 / 64 / 128, N 64 /
/// 128 / 256. (sm100.tcgen05.mma.ws; 72 supported configurations)
struct PyMmaOpSM100_Tcgen05WsType : PyConcreteType<PyMmaOpSM100_Tcgen05WsType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05WsType,
                               "MmaOpSM100_Tcgen05WsType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transA, bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05WsType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transA, transB);
          return PyMmaOpSM100_Tcgen05WsType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_a"_a = false,
        "trans_b"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma.ws (weight-stationary), cta_group::1, kinds "
        "f16, tf32 and i8: A and B from shared-memory descriptors, D in tensor memory, M 32 / 64 / "
        "128, N 64 / 128 / 256. (sm100.tcgen05.mma.ws; 72 supported configurations)");
  }
};

/// sm100a Blackwell tensor-core MMA tcgen05.mma.ws kind::f8f6f4 (weight-stationary, dense fp8 / fp6
/// / fp4), cta_group::1, M 32 / 64 / 128, N 64 / 128 / 256: A and B from shared-memory descriptors,
/// D in tensor memory; A's and B's formats are descriptor parameters, not instance columns.
/// (sm100.tcgen05.mma.ws.f8f6f4; 18 supported configurations)
struct PyMmaOpSM100_Tcgen05WsF8f6f4Type : PyConcreteType<PyMmaOpSM100_Tcgen05WsF8f6f4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM100_Tcgen05WsF8f6f4Type,
                               "MmaOpSM100_Tcgen05WsF8f6f4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM100_Tcgen05WsF8f6f4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpSM100_Tcgen05WsF8f6f4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a = f8E4M3FN, "elem_ty_b"_a = f8E4M3FN, "elem_ty_acc"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "sm100a Blackwell tensor-core MMA tcgen05.mma.ws kind::f8f6f4 (weight-stationary, dense "
        "fp8 / fp6 / fp4), cta_group::1, M 32 / 64 / 128, N 64 / 128 / 256: A and B from "
        "shared-memory descriptors, D in tensor memory; A's and B's formats are descriptor "
        "parameters, not instance columns. (sm100.tcgen05.mma.ws.f8f6f4; 18 supported "
        "configurations)");
  }
};

/// sm70 quad-pair MMA (mma.sync.aligned.m8n8k4, f16 inputs, every A/B operand order): each of a
/// warp's four quad-pairs computes its own 8x8x4 tile. (sm70.mma.sync; 8 supported configurations)
struct PyMmaOpSM70_MmaSyncType : PyConcreteType<PyMmaOpSM70_MmaSyncType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM70_MmaSyncType, "MmaOpSM70_MmaSyncType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transA, bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM70_MmaSyncType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transA, transB);
          return PyMmaOpSM70_MmaSyncType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_a"_a = false,
        "trans_b"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm70 quad-pair MMA (mma.sync.aligned.m8n8k4, f16 inputs, every A/B operand order): each "
        "of a warp's four quad-pairs computes its own 8x8x4 tile. (sm70.mma.sync; 8 supported "
        "configurations)");
  }
};

/// sm80 sparse warp MMA (mma.sp::ordered_metadata.sync.aligned, row.col): A is 2:4
/// structured-sparse along K (1:2 for tf32, 4:8 in pairs for 4-bit) and holds only its nonzeros; a
/// 32-bit metadata register says where they sit. (sm80.mma.sp; 40 supported configurations)
struct PyMmaOpSM80_MmaSpType : PyConcreteType<PyMmaOpSM80_MmaSpType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM80_MmaSpType, "MmaOpSM80_MmaSpType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           int32_t spSel, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM80_MmaSpType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), spSel);
          return PyMmaOpSM80_MmaSpType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sp_sel"_a = 0, "context"_a = nb::none(),
        "sm80 sparse warp MMA (mma.sp::ordered_metadata.sync.aligned, row.col): A is 2:4 "
        "structured-sparse along K (1:2 for tf32, 4:8 in pairs for 4-bit) and holds only its "
        "nonzeros; a 32-bit metadata register says where they sit. (sm80.mma.sp; 40 supported "
        "configurations)");
  }
};

/// sm80 warp-level matrix multiply-accumulate (mma.sync.aligned, row.col), one 32-thread
/// instruction per MxNxK tile. (sm80.mma.sync; 33 supported configurations)
struct PyMmaOpSM80_MmaSyncType : PyConcreteType<PyMmaOpSM80_MmaSyncType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM80_MmaSyncType, "MmaOpSM80_MmaSyncType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM80_MmaSyncType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpSM80_MmaSyncType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "context"_a = nb::none(),
        "sm80 warp-level matrix multiply-accumulate (mma.sync.aligned, row.col), one 32-thread "
        "instruction per MxNxK tile. (sm80.mma.sync; 33 supported configurations)");
  }
};

/// sm80 binary warp MMA (mma.sync.aligned ... .b1.b1.s32.{xor,and}.popc): D = C + popc(A op B) over
/// K, one 32-thread instruction per MxNxK tile. (sm80.mma.sync.b1; 6 supported configurations)
struct PyMmaOpSM80_MmaSyncB1Type : PyConcreteType<PyMmaOpSM80_MmaSyncB1Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM80_MmaSyncB1Type,
                               "MmaOpSM80_MmaSyncB1Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool andPopc, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM80_MmaSyncB1Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), andPopc);
          return PyMmaOpSM80_MmaSyncB1Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "and_popc"_a = false,
        nb::kw_only(), "context"_a = nb::none(),
        "sm80 binary warp MMA (mma.sync.aligned ... .b1.b1.s32.{xor,and}.popc): D = C + popc(A op "
        "B) over K, one 32-thread instruction per MxNxK tile. (sm80.mma.sync.b1; 6 supported "
        "configurations)");
  }
};

/// sm89 warp-level fp8 matrix multiply-accumulate (mma.sync.aligned.m16n8k32, e4m3/e5m2 -> f32).
/// (sm89.mma.sync; 4 supported configurations)
struct PyMmaOpSM89_MmaSyncType : PyConcreteType<PyMmaOpSM89_MmaSyncType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM89_MmaSyncType, "MmaOpSM89_MmaSyncType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM89_MmaSyncType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpSM89_MmaSyncType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "context"_a = nb::none(),
        "sm89 warp-level fp8 matrix multiply-accumulate (mma.sync.aligned.m16n8k32, e4m3/e5m2 -> "
        "f32). (sm89.mma.sync; 4 supported configurations)");
  }
};

/// sm90a warpgroup MMA wgmma.mma_async, A from registers and B from a shared-memory descriptor
/// (RS), m64nNk{8,16,32}. (sm90.wgmma.rs; 456 supported configurations)
struct PyMmaOpSM90_WgmmaRSType : PyConcreteType<PyMmaOpSM90_WgmmaRSType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM90_WgmmaRSType, "MmaOpSM90_WgmmaRSType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM90_WgmmaRSType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transB);
          return PyMmaOpSM90_WgmmaRSType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_b"_a = false,
        nb::kw_only(), "context"_a = nb::none(),
        "sm90a warpgroup MMA wgmma.mma_async, A from registers and B from a shared-memory "
        "descriptor (RS), m64nNk{8,16,32}. (sm90.wgmma.rs; 456 supported configurations)");
  }
};

/// sm90a warpgroup MMA wgmma.mma_async, A and B from shared-memory descriptors (SS),
/// m64nNk{8,16,32}. (sm90.wgmma.ss; 456 supported configurations)
struct PyMmaOpSM90_WgmmaSSType : PyConcreteType<PyMmaOpSM90_WgmmaSSType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM90_WgmmaSSType, "MmaOpSM90_WgmmaSSType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transA, bool transB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM90_WgmmaSSType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transA, transB);
          return PyMmaOpSM90_WgmmaSSType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_a"_a = false,
        "trans_b"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "sm90a warpgroup MMA wgmma.mma_async, A and B from shared-memory descriptors (SS), "
        "m64nNk{8,16,32}. (sm90.wgmma.ss; 456 supported configurations)");
  }
};

/// sm90a sparse warpgroup MMA wgmma.mma_async.sp, A (2:4 structured-sparse, compressed) from
/// registers, B from a shared-memory descriptor, m64nNk{16,32,64}, one 32-bit metadata register per
/// thread. (sm90.wgmma.sp; 456 supported configurations)
struct PyMmaOpSM90_WgmmaSpType : PyConcreteType<PyMmaOpSM90_WgmmaSpType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_nvvm::MmaOpSM90_WgmmaSpType, "MmaOpSM90_WgmmaSpType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool transB, int32_t spSel, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_nvvm::MmaOpSM90_WgmmaSpType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), transB, spSel);
          return PyMmaOpSM90_WgmmaSpType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "trans_b"_a = false,
        nb::kw_only(), "sp_sel"_a = 0, "context"_a = nb::none(),
        "sm90a sparse warpgroup MMA wgmma.mma_async.sp, A (2:4 structured-sparse, compressed) from "
        "registers, B from a shared-memory descriptor, m64nNk{16,32,64}, one 32-bit metadata "
        "register per thread. (sm90.wgmma.sp; 456 supported configurations)");
  }
};

} // namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm
// ---- atomgen:end types

NB_MODULE(_mlirDialectsFlyNVVM, m) {
  // clang-format off
  // ---- atomgen:begin register sha256:bd7239a619b2e0b7
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM100_Tcgen05CpType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM100_Tcgen05LdType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM100_Tcgen05StType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM75_LdMatrixType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM80_CpAsyncType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM90_BulkCopyType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM90_StMatrixType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM90_TmaLoadType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM90_TmaLoadIm2colType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM90_TmaLoadMulticastType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM90_TmaReduceType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyCopyOpSM90_TmaStoreType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05F8f6f4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05F8f6f4MnType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05Mxf4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05Mxf8f6f4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05Nvf4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05PairType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05PairMxf4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05PairMxf8f6f4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05PairNvf4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05PairTsType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05TsType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05WsType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM100_Tcgen05WsF8f6f4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM70_MmaSyncType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM80_MmaSpType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM80_MmaSyncType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM80_MmaSyncB1Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM89_MmaSyncType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM90_WgmmaRSType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM90_WgmmaSSType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_nvvm::PyMmaOpSM90_WgmmaSpType::bind(m);
  // ---- atomgen:end register
  // clang-format on
}
