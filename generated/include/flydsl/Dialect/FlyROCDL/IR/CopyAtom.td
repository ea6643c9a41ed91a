// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2025 FlyDSL Project Contributors
//===- CopyAtom.td - atomgen aggregation ------------------------*- tablegen -*-===//
//
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
// adds the region below to the hand-written file of this name instead.
//
//===----------------------------------------------------------------------===//

// ---- atomgen:begin atoms sha256:032256eb9823972f
include "flydsl/Dialect/FlyROCDL/IR/atomgen/CopyOpCDNA3BufferAtomic.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/CopyOpCDNA3BufferCopy.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/CopyOpCDNA3BufferCopyLDS.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/CopyOpCDNA4BufferLoadAsyncLDS.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/CopyOpCDNA4GlobalLoadAsyncLDS.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/CopyOpCDNA4LdsReadTranspose.td"
include "flydsl/Dialect/FlyROCDL/IR/atomgen/CopyOpGFX1250TDM.td"
// ---- atomgen:end atoms

