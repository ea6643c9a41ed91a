"""The C++ header that declares each MLIR dialect a backend depends on, in one place: Dialect.h
includes them (its typedefs name NVVM/ROCDL attributes), and so does each atom file of the backend."""

from __future__ import annotations

DIALECT_HEADERS = {
    "NVVM::NVVMDialect": "mlir/Dialect/LLVMIR/NVVMDialect.h",
    "ROCDL::ROCDLDialect": "mlir/Dialect/LLVMIR/ROCDLDialect.h",
    "LLVM::LLVMDialect": "mlir/Dialect/LLVMIR/LLVMDialect.h",
}


def dialect_headers(dialects: tuple[str, ...]) -> list[str]:
    """The headers of the dialects atomgen knows, in the order given (others are the backend's own)."""
    return [DIALECT_HEADERS[d] for d in dialects if d in DIALECT_HEADERS]
