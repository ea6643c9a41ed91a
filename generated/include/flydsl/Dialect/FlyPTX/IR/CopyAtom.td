//===- CopyAtom.td - atomgen aggregation ------------------------*- tablegen -*-===//
//
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout, `atomgen gen --into`
// adds the region below to the hand-written file of this name instead.
//
//===----------------------------------------------------------------------===//

// ---- atomgen:begin atoms sha256:9ccea01e92ce9b8a
include "flydsl/Dialect/FlyPTX/IR/atomgen/CopyOpSM80_CpAsync.td"
include "flydsl/Dialect/FlyPTX/IR/atomgen/CopyOpSM80_LdMatrix.td"
include "flydsl/Dialect/FlyPTX/IR/atomgen/CopyOpSM90_StMatrix.td"
include "flydsl/Dialect/FlyPTX/IR/atomgen/CopyOpSM90_TmaLoad.td"
include "flydsl/Dialect/FlyPTX/IR/atomgen/CopyOpSM90_TmaStore.td"
// ---- atomgen:end atoms

