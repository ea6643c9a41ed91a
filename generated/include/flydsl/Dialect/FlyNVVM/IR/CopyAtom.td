// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2026 FlyDSL Project Contributors
//===- CopyAtom.td - atomgen aggregation ------------------------*- tablegen -*-===//
//
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
// adds the region below to the hand-written file of this name instead.
//
//===----------------------------------------------------------------------===//

// ---- atomgen:begin atoms sha256:852e16e95da8e243
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM100_Tcgen05Cp.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM100_Tcgen05Ld.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM100_Tcgen05St.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM75_LdMatrix.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM80_CpAsync.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM90_BulkCopy.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM90_StMatrix.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM90_TmaLoad.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM90_TmaLoadIm2col.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM90_TmaLoadMulticast.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM90_TmaReduce.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/CopyOpSM90_TmaStore.td"
// ---- atomgen:end atoms

