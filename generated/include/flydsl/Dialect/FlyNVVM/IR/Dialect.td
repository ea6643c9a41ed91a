// SPDX-License-Identifier: Apache-2.0
// Copyright (c) 2026 FlyDSL Project Contributors
// Standalone tree written by `atomgen gen --out`. In a FlyDSL checkout,
// `atomgen gen --into` adds the region below to FlyDSL's own Dialect.td of this dialect
// (backend.yaml dialect_extension).
// ---- atomgen:begin bases sha256:85ea41352d21daec
// Also defined by FlyROCDL's Dialect.td; guarded so both can be read together.
#ifndef ATOMGEN_TRAIT_FLY_WHOLETILECOPYTRAIT
#define ATOMGEN_TRAIT_FLY_WHOLETILECOPYTRAIT
def Fly_WholeTileCopyTrait : NativeTypeTrait<"WholeTileCopy"> {
  let cppNamespace = "::mlir::fly";
}
#endif

class FlyNVVM_StatefulCopyOp<string typeName, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<FlyNVVM_Dialect, typeName, !listconcat(traits, [
        DeclareTypeInterfaceMethods<Fly_CopyOpTypeInterface>,
        DeclareTypeInterfaceMethods<Fly_StatefulOpTypeInterface>
      ])> {
  let mnemonic = typeMnemonic;
  let extraClassDeclaration = [{
    static std::optional<unsigned> getFieldIndex(AtomStateField field);
  }];
}

class FlyNVVM_StatefulMmaOp<string typeName, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<FlyNVVM_Dialect, typeName, !listconcat(traits, [
        DeclareTypeInterfaceMethods<Fly_MmaOpTypeInterface>,
        DeclareTypeInterfaceMethods<Fly_StatefulOpTypeInterface>
      ])> {
  let mnemonic = typeMnemonic;
  let extraClassDeclaration = [{
    static std::optional<unsigned> getFieldIndex(AtomStateField field);
  }];
}

// ---- atomgen:end bases
