// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2025 FlyDSL Project Contributors
//===- FlyROCDLExtension.cpp - atomgen bindings ---------------------------------------===//
//
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
// adds the two regions below to the hand-written extension module instead.
//
//===----------------------------------------------------------------------===//

// ---- atomgen:begin types sha256:22511ae6858bba18
namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl {

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

/// Per-thread buffer atomic read-modify-write of one valType value into a buffer_desc destination.
/// (cdna3.buffer_atomic; 7 supported configurations)
struct PyCopyOpCDNA3BufferAtomicType : PyConcreteType<PyCopyOpCDNA3BufferAtomicType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::CopyOpCDNA3BufferAtomicType,
                               "CopyOpCDNA3BufferAtomicType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int atomicOp, PyType &valType, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          if (atomicOp < 0 || atomicOp > 6)
            throw nb::value_error("atomicOp must be in [0, 6]");
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::CopyOpCDNA3BufferAtomicType>(
              ctx,
              ::mlir::fly::AtomicOpAttr::get(ctx, static_cast<::mlir::fly::AtomicOp>(atomicOp)),
              unwrap(valType));
          return PyCopyOpCDNA3BufferAtomicType(context->getRef(), wrap(type));
        },
        "atomic_op"_a, "val_type"_a, nb::kw_only(), "context"_a = nb::none(),
        "Per-thread buffer atomic read-modify-write of one valType value into a buffer_desc "
        "destination. (cdna3.buffer_atomic; 7 supported configurations)");
  }
};

/// Per-thread raw buffer load or store of bitSize bits through a buffer resource (direction from
/// which side is a buffer_desc). (cdna3.buffer_copy; 5 supported configurations)
struct PyCopyOpCDNA3BufferCopyType : PyConcreteType<PyCopyOpCDNA3BufferCopyType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::CopyOpCDNA3BufferCopyType,
                               "CopyOpCDNA3BufferCopyType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t bitSize, int32_t cacheModifier, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::CopyOpCDNA3BufferCopyType>(
              ctx, bitSize, cacheModifier);
          return PyCopyOpCDNA3BufferCopyType(context->getRef(), wrap(type));
        },
        "bit_size"_a, "cache_modifier"_a = 0, nb::kw_only(), "context"_a = nb::none(),
        "Per-thread raw buffer load or store of bitSize bits through a buffer resource (direction "
        "from which side is a buffer_desc). (cdna3.buffer_copy; 5 supported configurations)");
  }
};

/// Per-thread buffer load written directly to LDS (LDS DMA): src buffer_desc, dst shared.
/// (cdna3.buffer_copy_lds; 2 supported configurations)
struct PyCopyOpCDNA3BufferCopyLDSType : PyConcreteType<PyCopyOpCDNA3BufferCopyLDSType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::CopyOpCDNA3BufferCopyLDSType,
                               "CopyOpCDNA3BufferCopyLDSType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t bitSize, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type =
              getCheckedOrRaise<::mlir::fly_rocdl::CopyOpCDNA3BufferCopyLDSType>(ctx, bitSize);
          return PyCopyOpCDNA3BufferCopyLDSType(context->getRef(), wrap(type));
        },
        "bit_size"_a, nb::kw_only(), "context"_a = nb::none(),
        "Per-thread buffer load written directly to LDS (LDS DMA): src buffer_desc, dst shared. "
        "(cdna3.buffer_copy_lds; 2 supported configurations)");
  }
};

/// Asynchronous per-thread buffer load to LDS (tracked with asyncmark / wait_asyncmark).
/// (cdna4.buffer_load_async_lds; 3 supported configurations)
struct PyCopyOpCDNA4BufferLoadAsyncLDSType : PyConcreteType<PyCopyOpCDNA4BufferLoadAsyncLDSType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::CopyOpCDNA4BufferLoadAsyncLDSType,
                               "CopyOpCDNA4BufferLoadAsyncLDSType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t bitSize, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type =
              getCheckedOrRaise<::mlir::fly_rocdl::CopyOpCDNA4BufferLoadAsyncLDSType>(ctx, bitSize);
          return PyCopyOpCDNA4BufferLoadAsyncLDSType(context->getRef(), wrap(type));
        },
        "bit_size"_a, nb::kw_only(), "context"_a = nb::none(),
        "Asynchronous per-thread buffer load to LDS (tracked with asyncmark / wait_asyncmark). "
        "(cdna4.buffer_load_async_lds; 3 supported configurations)");
  }
};

/// Asynchronous per-thread global (addrspace 1) load to LDS. (cdna4.global_load_async_lds; 3
/// supported configurations)
struct PyCopyOpCDNA4GlobalLoadAsyncLDSType : PyConcreteType<PyCopyOpCDNA4GlobalLoadAsyncLDSType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::CopyOpCDNA4GlobalLoadAsyncLDSType,
                               "CopyOpCDNA4GlobalLoadAsyncLDSType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t bitSize, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type =
              getCheckedOrRaise<::mlir::fly_rocdl::CopyOpCDNA4GlobalLoadAsyncLDSType>(ctx, bitSize);
          return PyCopyOpCDNA4GlobalLoadAsyncLDSType(context->getRef(), wrap(type));
        },
        "bit_size"_a, nb::kw_only(), "context"_a = nb::none(),
        "Asynchronous per-thread global (addrspace 1) load to LDS. (cdna4.global_load_async_lds; 3 "
        "supported configurations)");
  }
};

/// gfx950 LDS transposing read (ds_read_tr*): a 16-lane block reads bitSize bits each and
/// redistributes transGranularity-bit elements. (cdna4.lds_read_trans; 4 supported configurations)
struct PyCopyOpCDNA4LdsReadTransposeType : PyConcreteType<PyCopyOpCDNA4LdsReadTransposeType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::CopyOpCDNA4LdsReadTransposeType,
                               "CopyOpCDNA4LdsReadTransposeType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t transGranularity, int32_t bitSize, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::CopyOpCDNA4LdsReadTransposeType>(
              ctx, transGranularity, bitSize);
          return PyCopyOpCDNA4LdsReadTransposeType(context->getRef(), wrap(type));
        },
        "trans_granularity"_a, "bit_size"_a, nb::kw_only(), "context"_a = nb::none(),
        "gfx950 LDS transposing read (ds_read_tr*): a 16-lane block reads bitSize bits each and "
        "redistributes transGranularity-bit elements. (cdna4.lds_read_trans; 4 supported "
        "configurations)");
  }
};

/// GFX1250 Tensor Data Mover: one whole N-D tile global <-> LDS per call, described by descriptor
/// groups built from state. (gfx1250.tdm; 1 supported configurations)
struct PyCopyOpGFX1250TDMType : PyConcreteType<PyCopyOpGFX1250TDMType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::CopyOpGFX1250TDMType, "CopyOpGFX1250TDMType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t rank, int32_t numWarps, int32_t padInterval, int32_t padAmount,
           int32_t cacheModifier, bool atomicBarrier, bool earlyTimeout,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::CopyOpGFX1250TDMType>(
              ctx, rank, numWarps, padInterval, padAmount, cacheModifier, atomicBarrier,
              earlyTimeout);
          return PyCopyOpGFX1250TDMType(context->getRef(), wrap(type));
        },
        "rank"_a, "num_warps"_a, "pad_interval"_a = 0, "pad_amount"_a = 0, "cache_modifier"_a = 0,
        "atomic_barrier"_a = false, "early_timeout"_a = false, nb::kw_only(),
        "context"_a = nb::none(),
        "GFX1250 Tensor Data Mover: one whole N-D tile global <-> LDS per call, described by "
        "descriptor groups built from state. (gfx1250.tdm; 1 supported configurations)");
  }
};

/// CDNA3/CDNA4 wave64 matrix fused multiply-add (MFMA), one single-block instruction per MxNxK
/// tile. (cdna3.mfma; 22 supported configurations)
struct PyMmaOpCDNA3_MFMAType : PyConcreteType<PyMmaOpCDNA3_MFMAType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpCDNA3_MFMAType, "MmaOpCDNA3_MFMAType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpCDNA3_MFMAType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpCDNA3_MFMAType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "context"_a = nb::none(),
        "CDNA3/CDNA4 wave64 matrix fused multiply-add (MFMA), one single-block instruction per "
        "MxNxK tile. (cdna3.mfma; 22 supported configurations)");
  }
};

/// CDNA3/CDNA4 single-block MFMAs FlyDSL has no atom for: xf32 (gfx942 only), f64 16x16x4, the
/// gfx950 i8 K-doubled forms and the gfx950 OCP fp8/bf8 pairs with bf8 (E5M2). (cdna3.mfma_ext; 11
/// supported configurations)
struct PyMmaOpCDNA3_MFMAExtType : PyConcreteType<PyMmaOpCDNA3_MFMAExtType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpCDNA3_MFMAExtType, "MmaOpCDNA3_MFMAExtType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpCDNA3_MFMAExtType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpCDNA3_MFMAExtType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "context"_a = nb::none(),
        "CDNA3/CDNA4 single-block MFMAs FlyDSL has no atom for: xf32 (gfx942 only), f64 16x16x4, "
        "the gfx950 i8 K-doubled forms and the gfx950 OCP fp8/bf8 pairs with bf8 (E5M2). "
        "(cdna3.mfma_ext; 11 supported configurations)");
  }
};

/// CDNA3 multi-block MFMA (v_mfma_*_<M>x<N>x<K>_<B>b_*): one wave64 instruction computes B
/// independent MxNxK products. (cdna3.mfma_multiblock; 13 supported configurations)
struct PyMmaOpCDNA3_MFMAMultiBlockType : PyConcreteType<PyMmaOpCDNA3_MFMAMultiBlockType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpCDNA3_MFMAMultiBlockType,
                               "MmaOpCDNA3_MFMAMultiBlockType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, int32_t b, PyType &elemTyA, PyType &elemTyB,
           PyType &elemTyAcc, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpCDNA3_MFMAMultiBlockType>(
              ctx, m, n, k, b, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpCDNA3_MFMAMultiBlockType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "blocks"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "CDNA3 multi-block MFMA (v_mfma_*_<M>x<N>x<K>_<B>b_*): one wave64 instruction computes B "
        "independent MxNxK products. (cdna3.mfma_multiblock; 13 supported configurations)");
  }
};

/// CDNA3 sparse MFMA (v_smfmac_*): A is 2:4 structured-sparse along K and holds only its nonzeros;
/// a 32-bit VGPR of compression indices says where they sit. (cdna3.smfmac; 24 supported
/// configurations)
struct PyMmaOpCDNA3_SMFMACType : PyConcreteType<PyMmaOpCDNA3_SMFMACType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpCDNA3_SMFMACType, "MmaOpCDNA3_SMFMACType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           int32_t abid, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpCDNA3_SMFMACType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), abid);
          return PyMmaOpCDNA3_SMFMACType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "abid"_a = 0, "context"_a = nb::none(),
        "CDNA3 sparse MFMA (v_smfmac_*): A is 2:4 structured-sparse along K and holds only its "
        "nonzeros; a 32-bit VGPR of compression indices says where they sit. (cdna3.smfmac; 24 "
        "supported configurations)");
  }
};

/// CDNA4 (gfx950) block-scaled MX MFMA f8f6f4 with per-lane E8M0 scales held in atom state.
/// (cdna4.mfma_scale; 50 supported configurations)
struct PyMmaOpCDNA4_MFMAScaleType : PyConcreteType<PyMmaOpCDNA4_MFMAScaleType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpCDNA4_MFMAScaleType,
                               "MmaOpCDNA4_MFMAScaleType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           int32_t opselA, int32_t opselB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpCDNA4_MFMAScaleType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), opselA, opselB);
          return PyMmaOpCDNA4_MFMAScaleType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "opsel_a"_a = 0,
        "opsel_b"_a = 0, nb::kw_only(), "context"_a = nb::none(),
        "CDNA4 (gfx950) block-scaled MX MFMA f8f6f4 with per-lane E8M0 scales held in atom state. "
        "(cdna4.mfma_scale; 50 supported configurations)");
  }
};

/// CDNA4 (gfx950) block-scaled MFMA, fp8 x fp8, with FlyDSL's K order (32 consecutive K per lane):
/// a declared relabelling of the hardware's K, not the hardware's layout. (cdna4.mfma_scale_k32; 8
/// supported configurations)
struct PyMmaOpCDNA4_MFMAScaleK32Type : PyConcreteType<PyMmaOpCDNA4_MFMAScaleK32Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpCDNA4_MFMAScaleK32Type,
                               "MmaOpCDNA4_MFMAScaleK32Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           int32_t opselA, int32_t opselB, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpCDNA4_MFMAScaleK32Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), opselA, opselB);
          return PyMmaOpCDNA4_MFMAScaleK32Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "opsel_a"_a = 0,
        "opsel_b"_a = 0, nb::kw_only(), "context"_a = nb::none(),
        "CDNA4 (gfx950) block-scaled MFMA, fp8 x fp8, with FlyDSL's K order (32 consecutive K per "
        "lane): a declared relabelling of the hardware's K, not the hardware's layout. "
        "(cdna4.mfma_scale_k32; 8 supported configurations)");
  }
};

/// CDNA4 (gfx950) sparse MFMA (the v_smfmac_* that gfx950 adds, twice CDNA3's K): A is 2:4
/// structured-sparse along K and holds only its nonzeros; a 32-bit VGPR of compression indices says
/// where they sit. (cdna4.smfmac; 14 supported configurations)
struct PyMmaOpCDNA4_SMFMACType : PyConcreteType<PyMmaOpCDNA4_SMFMACType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpCDNA4_SMFMACType, "MmaOpCDNA4_SMFMACType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           int32_t abid, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpCDNA4_SMFMACType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), abid);
          return PyMmaOpCDNA4_SMFMACType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "abid"_a = 0, "context"_a = nb::none(),
        "CDNA4 (gfx950) sparse MFMA (the v_smfmac_* that gfx950 adds, twice CDNA3's K): A is 2:4 "
        "structured-sparse along K and holds only its nonzeros; a 32-bit VGPR of compression "
        "indices says where they sit. (cdna4.smfmac; 14 supported configurations)");
  }
};

/// GFX11 (RDNA3/3.5) wave32 WMMA 16x16x16; A/B are replicated across the two lane halves.
/// (gfx11.wmma; 4 supported configurations)
struct PyMmaOpGFX11_WMMAType : PyConcreteType<PyMmaOpGFX11_WMMAType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX11_WMMAType, "MmaOpGFX11_WMMAType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX11_WMMAType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp);
          return PyMmaOpGFX11_WMMAType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "context"_a = nb::none(),
        "GFX11 (RDNA3/3.5) wave32 WMMA 16x16x16; A/B are replicated across the two lane halves. "
        "(gfx11.wmma; 4 supported configurations)");
  }
};

/// GFX11 (RDNA3/3.5) wave32 WMMA with a 16-bit accumulator (f16 -> f16, bf16 -> bf16, 16x16x16):
/// each result sits in one half of a 32-bit register, the half OPSEL chooses. (gfx11.wmma_opsel; 2
/// supported configurations)
struct PyMmaOpGFX11_WMMAOpselType : PyConcreteType<PyMmaOpGFX11_WMMAOpselType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX11_WMMAOpselType,
                               "MmaOpGFX11_WMMAOpselType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool opsel, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX11_WMMAOpselType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), opsel);
          return PyMmaOpGFX11_WMMAOpselType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "opsel"_a = false, "context"_a = nb::none(),
        "GFX11 (RDNA3/3.5) wave32 WMMA with a 16-bit accumulator (f16 -> f16, bf16 -> bf16, "
        "16x16x16): each result sits in one half of a 32-bit register, the half OPSEL chooses. "
        "(gfx11.wmma_opsel; 2 supported configurations)");
  }
};

/// GFX11 (RDNA3/3.5) wave64 WMMA with a 16-bit accumulator (f16 -> f16, bf16 -> bf16, 16x16x16):
/// each result sits in one half of a 32-bit register, the half OPSEL chooses.
/// (gfx11.wmma_opsel_wave64; 2 supported configurations)
struct PyMmaOpGFX11_WMMAOpselWave64Type : PyConcreteType<PyMmaOpGFX11_WMMAOpselWave64Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX11_WMMAOpselWave64Type,
                               "MmaOpGFX11_WMMAOpselWave64Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool opsel, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX11_WMMAOpselWave64Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), opsel);
          return PyMmaOpGFX11_WMMAOpselWave64Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "opsel"_a = false, "context"_a = nb::none(),
        "GFX11 (RDNA3/3.5) wave64 WMMA with a 16-bit accumulator (f16 -> f16, bf16 -> bf16, "
        "16x16x16): each result sits in one half of a 32-bit register, the half OPSEL chooses. "
        "(gfx11.wmma_opsel_wave64; 2 supported configurations)");
  }
};

/// GFX11 (RDNA3/3.5) wave64 WMMA 16x16x16: A/B replicated across the four 16-lane groups, D rows
/// 4*v + lane/16. (gfx11.wmma_wave64; 4 supported configurations)
struct PyMmaOpGFX11_WMMAWave64Type : PyConcreteType<PyMmaOpGFX11_WMMAWave64Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX11_WMMAWave64Type,
                               "MmaOpGFX11_WMMAWave64Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX11_WMMAWave64Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp);
          return PyMmaOpGFX11_WMMAWave64Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "context"_a = nb::none(),
        "GFX11 (RDNA3/3.5) wave64 WMMA 16x16x16: A/B replicated across the four 16-lane groups, D "
        "rows 4*v + lane/16. (gfx11.wmma_wave64; 4 supported configurations)");
  }
};

/// GFX120x (RDNA4) wave32 sparse WMMA (v_swmmac_*): A is 2:4 structured-sparse along K and holds
/// only its nonzeros; a VGPR of compression indices says where they sit. (gfx120x.swmmac; 11
/// supported configurations)
struct PyMmaOpGFX120X_SWMMACType : PyConcreteType<PyMmaOpGFX120X_SWMMACType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX120X_SWMMACType,
                               "MmaOpGFX120X_SWMMACType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, int32_t indexKey, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX120X_SWMMACType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp, indexKey);
          return PyMmaOpGFX120X_SWMMACType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "index_key"_a = 0,
        "context"_a = nb::none(),
        "GFX120x (RDNA4) wave32 sparse WMMA (v_swmmac_*): A is 2:4 structured-sparse along K and "
        "holds only its nonzeros; a VGPR of compression indices says where they sit. "
        "(gfx120x.swmmac; 11 supported configurations)");
  }
};

/// GFX120x (RDNA4) wave64 sparse WMMA (v_swmmac_* issued by a 64-lane wave): A 2:4
/// structured-sparse along K holding only its nonzeros, a VGPR of compression indices, half the
/// registers per lane of wave32. (gfx120x.swmmac_wave64; 11 supported configurations)
struct PyMmaOpGFX120X_SWMMACWave64Type : PyConcreteType<PyMmaOpGFX120X_SWMMACWave64Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX120X_SWMMACWave64Type,
                               "MmaOpGFX120X_SWMMACWave64Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, int32_t indexKey, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX120X_SWMMACWave64Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp, indexKey);
          return PyMmaOpGFX120X_SWMMACWave64Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "index_key"_a = 0,
        "context"_a = nb::none(),
        "GFX120x (RDNA4) wave64 sparse WMMA (v_swmmac_* issued by a 64-lane wave): A 2:4 "
        "structured-sparse along K holding only its nonzeros, a VGPR of compression indices, half "
        "the registers per lane of wave32. (gfx120x.swmmac_wave64; 11 supported configurations)");
  }
};

/// GFX120x (RDNA4) wave64 v_swmmac_i32_16x16x32_iu4: A and its compression indices are read from
/// lanes 0-31 only (lanes 32-63 hold a copy); B and D take the whole wave.
/// (gfx120x.swmmac_wave64_iu4; 1 supported configurations)
struct PyMmaOpGFX120X_SWMMACWave64IU4Type : PyConcreteType<PyMmaOpGFX120X_SWMMACWave64IU4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX120X_SWMMACWave64IU4Type,
                               "MmaOpGFX120X_SWMMACWave64IU4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, int32_t indexKey, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX120X_SWMMACWave64IU4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp, indexKey);
          return PyMmaOpGFX120X_SWMMACWave64IU4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "index_key"_a = 0,
        "context"_a = nb::none(),
        "GFX120x (RDNA4) wave64 v_swmmac_i32_16x16x32_iu4: A and its compression indices are read "
        "from lanes 0-31 only (lanes 32-63 hold a copy); B and D take the whole wave. "
        "(gfx120x.swmmac_wave64_iu4; 1 supported configurations)");
  }
};

/// GFX120x (RDNA4 gfx1200/gfx1201) wave32 WMMA: f16/bf16 -> f32, f16 -> f16, bf16 -> bf16, fp8/bf8
/// -> f32, iu8/iu4 -> i32 (16x16x16; iu4 also 16x16x32). (gfx120x.wmma; 11 supported
/// configurations)
struct PyMmaOpGFX120X_WMMAType : PyConcreteType<PyMmaOpGFX120X_WMMAType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX120X_WMMAType, "MmaOpGFX120X_WMMAType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX120X_WMMAType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp);
          return PyMmaOpGFX120X_WMMAType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "context"_a = nb::none(),
        "GFX120x (RDNA4 gfx1200/gfx1201) wave32 WMMA: f16/bf16 -> f32, f16 -> f16, bf16 -> bf16, "
        "fp8/bf8 -> f32, iu8/iu4 -> i32 (16x16x16; iu4 also 16x16x32). (gfx120x.wmma; 11 supported "
        "configurations)");
  }
};

/// GFX120x (RDNA4 gfx1200/gfx1201) wave64 WMMA 16x16x16 f16/bf16/fp8/bf8/iu8 (bf16 -> bf16 too) and
/// 16x16x32 iu4: the wave32 instructions issued by a 64-lane wave, half the registers per lane.
/// (gfx120x.wmma_wave64; 10 supported configurations)
struct PyMmaOpGFX120X_WMMAWave64Type : PyConcreteType<PyMmaOpGFX120X_WMMAWave64Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX120X_WMMAWave64Type,
                               "MmaOpGFX120X_WMMAWave64Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX120X_WMMAWave64Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp);
          return PyMmaOpGFX120X_WMMAWave64Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "context"_a = nb::none(),
        "GFX120x (RDNA4 gfx1200/gfx1201) wave64 WMMA 16x16x16 f16/bf16/fp8/bf8/iu8 (bf16 -> bf16 "
        "too) and 16x16x32 iu4: the wave32 instructions issued by a 64-lane wave, half the "
        "registers per lane. (gfx120x.wmma_wave64; 10 supported configurations)");
  }
};

/// GFX120x (RDNA4) wave64 v_wmma_i32_16x16x16_iu4: A/B are read from lanes 0-31 only; lanes 32-63
/// hold a copy. (gfx120x.wmma_wave64_iu4; 1 supported configurations)
struct PyMmaOpGFX120X_WMMAWave64IU4Type : PyConcreteType<PyMmaOpGFX120X_WMMAWave64IU4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX120X_WMMAWave64IU4Type,
                               "MmaOpGFX120X_WMMAWave64IU4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX120X_WMMAWave64IU4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp);
          return PyMmaOpGFX120X_WMMAWave64IU4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "sign_a"_a = false, "sign_b"_a = false, "clamp"_a = false, "context"_a = nb::none(),
        "GFX120x (RDNA4) wave64 v_wmma_i32_16x16x16_iu4: A/B are read from lanes 0-31 only; lanes "
        "32-63 hold a copy. (gfx120x.wmma_wave64_iu4; 1 supported configurations)");
  }
};

/// GFX1250 wave32 WMMA, 16x16xK (K = 4 f32, 32 16-bit, 64/128 fp8, 64 iu8, 32 iu4). (gfx1250.wmma;
/// 23 supported configurations)
struct PyMmaOpGFX1250_WMMAType : PyConcreteType<PyMmaOpGFX1250_WMMAType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX1250_WMMAType, "MmaOpGFX1250_WMMAType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           bool signA, bool signB, bool clamp, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX1250_WMMAType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), signA, signB,
              clamp);
          return PyMmaOpGFX1250_WMMAType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "sign_a"_a = false,
        "sign_b"_a = false, "clamp"_a = false, nb::kw_only(), "context"_a = nb::none(),
        "GFX1250 wave32 WMMA, 16x16xK (K = 4 f32, 32 16-bit, 64/128 fp8, 64 iu8, 32 iu4). "
        "(gfx1250.wmma; 23 supported configurations)");
  }
};

/// GFX1250 wave32 unscaled WMMA with mixed 8/6/4-bit operands: 16x16x128 f8f6f4 (any pair of fp8,
/// bf8, fp6, bf6, fp4) and 32x16x128 f4. (gfx1250.wmma_f8f6f4; 26 supported configurations)
struct PyMmaOpGFX1250_WMMAF8F6F4Type : PyConcreteType<PyMmaOpGFX1250_WMMAF8F6F4Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX1250_WMMAF8F6F4Type,
                               "MmaOpGFX1250_WMMAF8F6F4Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX1250_WMMAF8F6F4Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc));
          return PyMmaOpGFX1250_WMMAF8F6F4Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, nb::kw_only(),
        "context"_a = nb::none(),
        "GFX1250 wave32 unscaled WMMA with mixed 8/6/4-bit operands: 16x16x128 f8f6f4 (any pair of "
        "fp8, bf8, fp6, bf6, fp4) and 32x16x128 f4. (gfx1250.wmma_f8f6f4; 26 supported "
        "configurations)");
  }
};

/// GFX1250 wave32 MX-scaled WMMA (E8M0 scales in atom state): 16x16x128 f8f6f4 and 32x16x128 f4.
/// (gfx1250.wmma_scale; 52 supported configurations)
struct PyMmaOpGFX1250_WMMAScaleType : PyConcreteType<PyMmaOpGFX1250_WMMAScaleType> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX1250_WMMAScaleType,
                               "MmaOpGFX1250_WMMAScaleType");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           int32_t opselA, int32_t opselB, int32_t modC, bool reuseA, bool reuseB,
           int32_t blockSize, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX1250_WMMAScaleType>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), opselA, opselB,
              modC, reuseA, reuseB, blockSize);
          return PyMmaOpGFX1250_WMMAScaleType(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "opsel_a"_a = 0,
        "opsel_b"_a = 0, "mod_c"_a = 0, "reuse_a"_a = false, "reuse_b"_a = false,
        "block_size"_a = 32, nb::kw_only(), "context"_a = nb::none(),
        "GFX1250 wave32 MX-scaled WMMA (E8M0 scales in atom state): 16x16x128 f8f6f4 and 32x16x128 "
        "f4. (gfx1250.wmma_scale; 52 supported configurations)");
  }
};

/// GFX1250 wave32 WMMA 16x16x32 bf16 that reads an f32 C and writes a bf16 D
/// (v_wmma_bf16f32_16x16x32_bf16). (gfx1250.wmma_bf16f32; 1 supported configurations)
struct PyMmaOpGFX1250_WMMA_BF16F32Type : PyConcreteType<PyMmaOpGFX1250_WMMA_BF16F32Type> {
  FLYDSL_REGISTER_TYPE_BINDING(::mlir::fly_rocdl::MmaOpGFX1250_WMMA_BF16F32Type,
                               "MmaOpGFX1250_WMMA_BF16F32Type");
  static void bindDerived(ClassTy &c) {
    c.def_static(
        "get",
        [](int32_t m, int32_t n, int32_t k, PyType &elemTyA, PyType &elemTyB, PyType &elemTyAcc,
           PyType &elemTyD, DefaultingPyMlirContext context) {
          MLIRContext *ctx = unwrap(context.get()->get());
          auto type = getCheckedOrRaise<::mlir::fly_rocdl::MmaOpGFX1250_WMMA_BF16F32Type>(
              ctx, m, n, k, unwrap(elemTyA), unwrap(elemTyB), unwrap(elemTyAcc), unwrap(elemTyD));
          return PyMmaOpGFX1250_WMMA_BF16F32Type(context->getRef(), wrap(type));
        },
        "m"_a, "n"_a, "k"_a, "elem_ty_a"_a, "elem_ty_b"_a, "elem_ty_acc"_a, "elem_ty_d"_a,
        nb::kw_only(), "context"_a = nb::none(),
        "GFX1250 wave32 WMMA 16x16x32 bf16 that reads an f32 C and writes a bf16 D "
        "(v_wmma_bf16f32_16x16x32_bf16). (gfx1250.wmma_bf16f32; 1 supported configurations)");
  }
};

} // namespace mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl
// ---- atomgen:end types

NB_MODULE(_mlirDialectsFlyROCDL, m) {
  // clang-format off
  // ---- atomgen:begin register sha256:6df2fa29d9271ba1
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyCopyOpCDNA3BufferAtomicType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyCopyOpCDNA3BufferCopyType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyCopyOpCDNA3BufferCopyLDSType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyCopyOpCDNA4BufferLoadAsyncLDSType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyCopyOpCDNA4GlobalLoadAsyncLDSType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyCopyOpCDNA4LdsReadTransposeType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyCopyOpGFX1250TDMType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpCDNA3_MFMAType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpCDNA3_MFMAExtType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpCDNA3_MFMAMultiBlockType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpCDNA3_SMFMACType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpCDNA4_MFMAScaleType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpCDNA4_MFMAScaleK32Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpCDNA4_SMFMACType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX11_WMMAType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX11_WMMAOpselType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX11_WMMAOpselWave64Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX11_WMMAWave64Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX120X_SWMMACType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX120X_SWMMACWave64Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX120X_SWMMACWave64IU4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX120X_WMMAType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX120X_WMMAWave64Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX120X_WMMAWave64IU4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX1250_WMMAType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX1250_WMMAF8F6F4Type::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX1250_WMMAScaleType::bind(m);
::mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_rocdl::PyMmaOpGFX1250_WMMA_BF16F32Type::bind(m);
  // ---- atomgen:end register
  // clang-format on
}
