// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2026 FlyDSL Project Contributors
//===- MmaAtom.td - atomgen aggregation ------------------------*- tablegen -*-===//
//
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
// adds the region below to the hand-written file of this name instead.
//
//===----------------------------------------------------------------------===//

// ---- atomgen:begin atoms sha256:cb7329b387e5ecdf
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05F8f6f4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05F8f6f4Mn.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05Mxf4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05Mxf8f6f4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05Nvf4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05Pair.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05PairMxf4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05PairMxf8f6f4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05PairNvf4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05PairTs.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05Ts.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05Ws.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM100_Tcgen05WsF8f6f4.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM70_MmaSync.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM80_MmaSp.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM80_MmaSync.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM80_MmaSyncB1.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM89_MmaSync.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM90_WgmmaRS.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM90_WgmmaSS.td"
include "flydsl/Dialect/FlyNVVM/IR/atomgen/MmaOpSM90_WgmmaSp.td"
// ---- atomgen:end atoms

