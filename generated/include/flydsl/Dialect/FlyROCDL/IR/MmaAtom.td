// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2025 FlyDSL Project Contributors
//===- MmaAtom.td - atomgen aggregation ------------------------*- tablegen -*-===//
//
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
// adds the region below to the hand-written file of this name instead.
//
//===----------------------------------------------------------------------===//

// ---- atomgen:begin atoms sha256:bf3b2824f499137d
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMA.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMAExt.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_MFMAMultiBlock.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA3_SMFMAC.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA4_MFMAScale.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA4_MFMAScaleK32.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpCDNA4_SMFMAC.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX11_WMMA.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX11_WMMAOpsel.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX11_WMMAOpselWave64.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX11_WMMAWave64.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX120X_SWMMAC.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX120X_SWMMACWave64.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX120X_SWMMACWave64IU4.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX120X_WMMA.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX120X_WMMAWave64.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX120X_WMMAWave64IU4.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX1250_WMMA.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX1250_WMMAF8F6F4.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX1250_WMMAScale.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/MmaOpGFX1250_WMMA_BF16F32.td"
// ---- atomgen:end atoms

