// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2026 FlyDSL Project Contributors
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout,
// `atomgen gen --into` adds the region below to FlyDSL's own Dialect.h of this dialect
// (backend.yaml dialect_extension).
// ---- atomgen:begin enums sha256:7928d3648ab2c54b
#include "flydsl/Dialect/FlyNVVM/IR/AtomStateEnums.h.inc"
// ---- atomgen:end enums
