// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2026 FlyDSL Project Contributors
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout,
// `atomgen gen --into` adds the region below to FlyDSL's own Atom.td of this dialect
// (backend.yaml dialect_extension).
// ---- atomgen:begin enum sha256:daf9405a323d0791
include "mlir/IR/EnumAttr.td"

def FlyNVVM_AtomStateField : I32EnumAttr<"AtomStateField", "", [
  I32EnumAttrCase<"Accumulate", 0, "accumulate">,
  I32EnumAttrCase<"TmaDescriptor", 1, "tma_desc">,
  I32EnumAttrCase<"Mbarrier", 2, "mbarrier">,
  I32EnumAttrCase<"Coord0", 3, "coord_0">,
  I32EnumAttrCase<"Coord1", 4, "coord_1">,
  I32EnumAttrCase<"Coord2", 5, "coord_2">,
  I32EnumAttrCase<"Coord3", 6, "coord_3">,
  I32EnumAttrCase<"Coord4", 7, "coord_4">,
  I32EnumAttrCase<"Metadata", 8, "metadata">,
  I32EnumAttrCase<"SfaAddress", 9, "sfa_address">,
  I32EnumAttrCase<"SfbAddress", 10, "sfb_address">,
  I32EnumAttrCase<"MulticastMask", 11, "multicast_mask">,
  I32EnumAttrCase<"Im2colOffset0", 12, "im2col_offset_0">,
  I32EnumAttrCase<"Im2colOffset1", 13, "im2col_offset_1">,
  I32EnumAttrCase<"Im2colOffset2", 14, "im2col_offset_2">
]> {
  let genSpecializedAttr = 0;
  let cppNamespace = FlyNVVM_Dialect.cppNamespace;
}

// ---- atomgen:end enum
