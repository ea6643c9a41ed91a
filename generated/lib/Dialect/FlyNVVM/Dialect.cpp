// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2026 FlyDSL Project Contributors
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout,
// `atomgen gen --into` adds the region below to FlyDSL's own Dialect.cpp of this dialect
// (backend.yaml dialect_extension).
// ---- atomgen:begin enums sha256:ca0df20262974984
#include "flydsl/Dialect/FlyNVVM/IR/AtomStateEnums.cpp.inc"
// ---- atomgen:end enums
