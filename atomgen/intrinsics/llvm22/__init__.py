"""LLVM 22.1.8's own word on the ROCDL/NVVM ops and the AMDGPU/NVVM intrinsics (issue 48, point 1).

Reads the tables next to this file (``atomgen/intrinsics/llvm22/``; the reader is the package's
``__init__`` so that the module and its data folder are one name): ``rocdl_ops.json``, ``nvvm_ops.json``,
``amdgpu_intrinsics.json`` and ``nvvm_intrinsics.json`` (written by ``scripts/llvm-operands.py`` from
``llvm-tblgen --dump-json`` of Debian's llvm-22-dev / libmlir-22-dev), and the hand-written
``roles.yaml`` (which parameter is A, B, C, A's sign, a format code, a scale; each fact citing its .td line).

    >>> from atomgen.intrinsics import llvm22
    >>> [a.name for a in llvm22.rocdl_op("rocdl.wmma.i32.16x16x64.iu8").arguments]
    ['signA', 'a', 'signB', 'b', 'c', 'reuseA', 'reuseB', 'clamp']
    >>> [(b.name, b.role) for b in llvm22.bindings("rocdl.mfma.f32.32x32x8f16")][:3]
    [('srcA', 'fragment_a'), ('srcB', 'fragment_b'), ('srcC', 'fragment_c')]
    >>> llvm22.role("rocdl.wmma.i32.16x16x64.iu8", "signA")
    'sign_a'
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).resolve().parent

__all__ = [
    "Argument",
    "Binding",
    "IntrinsicSignature",
    "OpSignature",
    "Param",
    "RoleFact",
    "amdgpu_intrinsic",
    "bindings",
    "llvm_version",
    "nvvm_intrinsic",
    "nvvm_op",
    "rocdl_op",
    "role",
    "role_facts",
    "roles_class",
]


@dataclass(frozen=True, slots=True)
class Argument:
    """One entry of an MLIR op's ``arguments`` (or ``results``) dag, in order."""

    name: str
    kind: str  # "operand" (SSA value) | "attribute" | "property" | "unknown"
    constraint: str  # as ODS spells it: I1Attr, DefaultValuedAttr<I1Attr, "0">, LLVM_ScalarOrVectorOf<F16>, ...
    default: str | None  # DefaultValuedAttr's default, else None
    optional: bool  # OptionalAttr, Optional<...>, or an attribute with a default
    variadic: bool
    summary: str | None


@dataclass(frozen=True, slots=True)
class OpSignature:
    """An MLIR ROCDL/NVVM op as LLVM 22.1.8's ODS defines it."""

    mnemonic: str  # rocdl.wmma.i32.16x16x64.iu8
    op_class: str  # the C++ class in cpp_namespace: wmma_i32_16x16x64_iu8
    cpp_namespace: str | None  # ::mlir::ROCDL
    definition: str  # the TableGen def: ROCDL_wmma_i32_16x16x64_iu8
    classes: tuple[str, ...]  # its dialect classes, base first: (ROCDL_IntrOp, ROCDL_WMMA_ModsABClamp_IntrOp)
    arguments: tuple[Argument, ...]
    results: tuple[Argument, ...]
    intrinsic: str | None  # llvm.amdgcn.wmma.i32.16x16x64.iu8 (LLVM_IntrOpBase ops only)
    imm_arg_positions: tuple[int, ...]  # intrinsic parameter positions the op takes as attributes
    source: tuple[str, ...]  # /usr/lib/llvm-22/include/mlir/Dialect/LLVMIR/ROCDLOps.td:910

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.arguments)

    def argument(self, name: str) -> Argument | None:
        return next((a for a in self.arguments if a.name == name), None)


@dataclass(frozen=True, slots=True)
class Param:
    index: int
    type: str  # llvm_i1_ty, llvm_anyint_ty, LLVMMatchType<0>, ...
    immediate: bool  # ImmArg<ArgIndex<index>>
    comment: str | None  # the trailing // comment of its line in the .td (AMDGPU only)


@dataclass(frozen=True, slots=True)
class IntrinsicSignature:
    name: str  # llvm.amdgcn.wmma.i32.16x16x64.iu8
    definition: str  # int_amdgcn_wmma_i32_16x16x64_iu8
    classes: tuple[str, ...]  # its TableGen classes, base first (Intrinsic/ClangBuiltin left out)
    param_comments: str | None  # the class (or def) whose literal parameter list the comments come from
    params: tuple[Param, ...]
    results: tuple[str, ...]
    source: tuple[str, ...]

    @property
    def immediates(self) -> tuple[int, ...]:
        return tuple(p.index for p in self.params if p.immediate)


@dataclass(frozen=True, slots=True)
class RoleFact:
    """One hand-written fact of roles.yaml: the parameter at ``index`` of an intrinsic class plays ``role``."""

    index: int
    name: str  # LLVM's word for the parameter (srcA, A_sign, matrix_a_fmt, ...)
    role: str
    source: str  # <path>.td:<line> in the Debian 22.1.8 tree
    says: str  # the words of that line the fact rests on
    basis: str | None  # why, where the line does not say the role in so many words
    note: str | None


@dataclass(frozen=True, slots=True)
class Binding:
    """One builder argument of a ROCDL matrix op (after the result type), in call order, with its role."""

    position: int  # 0-based among the builder's arguments after the result type = the LLVM parameter index
    name: str  # the MLIR argument name where 22.1.8's op names its arguments, else LLVM's word (roles.yaml)
    llvm_name: str  # LLVM's word (roles.yaml)
    role: str
    kind: str | None  # how 22.1.8's ROCDL op takes it: "operand" | "attribute"; "operand" for Variadic MFMA
    # args; None where 22.1.8 has no ROCDL op for the intrinsic (swmmac, wmma f8f6f4, wmma 32x16x128.f4)
    immediate: bool  # ImmArg in the LLVM intrinsic
    llvm_type: str
    default: str | None  # the MLIR attribute's default
    source: str  # citation of the role fact
    says: str


# ----------------------------------------------------------------------------------------------
# loading


def _load_json(name: str) -> dict[str, Any]:
    with (DATA / name).open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


@functools.cache
def _rocdl_ops() -> dict[str, Any]:
    return _load_json("rocdl_ops.json")


@functools.cache
def _nvvm_ops() -> dict[str, Any]:
    return _load_json("nvvm_ops.json")


@functools.cache
def _amdgpu() -> dict[str, Any]:
    return _load_json("amdgpu_intrinsics.json")


@functools.cache
def _nvvm() -> dict[str, Any]:
    return _load_json("nvvm_intrinsics.json")


@functools.cache
def _roles() -> dict[str, Any]:
    with (DATA / "roles.yaml").open(encoding="utf-8") as f:
        data: dict[str, Any] = yaml.safe_load(f)
    return data


def llvm_version() -> str:
    """``llvm-tblgen --version`` of the LLVM the tables come from."""
    return str(_rocdl_ops()["llvm"]["version"])


def _argument(raw: dict[str, Any]) -> Argument:
    return Argument(
        name=str(raw["name"]),
        kind=str(raw["kind"]),
        constraint=str(raw["constraint"]),
        default=raw.get("default"),
        optional=bool(raw.get("optional")),
        variadic=bool(raw.get("variadic")),
        summary=raw.get("summary"),
    )


def _op(table: dict[str, Any], mnemonic: str) -> OpSignature | None:
    raw = table["ops"].get(mnemonic)
    if raw is None:
        return None
    return OpSignature(
        mnemonic=mnemonic,
        op_class=raw["op_class"],
        cpp_namespace=raw.get("cpp_namespace"),
        definition=raw["def"],
        classes=tuple(raw["classes"]),
        arguments=tuple(_argument(a) for a in raw["arguments"]),
        results=tuple(_argument(r) for r in raw["results"]),
        intrinsic=raw.get("llvm_intrinsic"),
        imm_arg_positions=tuple(raw.get("imm_arg_positions") or ()),
        source=tuple(raw["source"]),
    )


@functools.cache
def rocdl_op(mnemonic: str) -> OpSignature | None:
    """The ROCDL op ``mnemonic`` (``rocdl.mfma.f32.32x32x8f16``) as MLIR 22.1.8 defines it; None if it has none."""
    return _op(_rocdl_ops(), mnemonic)


@functools.cache
def nvvm_op(mnemonic: str) -> OpSignature | None:
    """The NVVM op ``mnemonic`` (``nvvm.mma.sync``) as MLIR 22.1.8 defines it."""
    return _op(_nvvm_ops(), mnemonic)


def _intrinsic(table: dict[str, Any], name: str, target: str) -> IntrinsicSignature | None:
    intrinsics = table["intrinsics"]
    if name.startswith(f"int_{target}_"):
        name = next((k for k, v in intrinsics.items() if v["def"] == name), name)
    raw = intrinsics.get(name)
    if raw is None:
        return None
    return IntrinsicSignature(
        name=name,
        definition=raw["def"],
        classes=tuple(raw["classes"]),
        param_comments=raw.get("param_comments"),
        params=tuple(
            Param(index=p["index"], type=p["type"], immediate=bool(p["immediate"]), comment=p.get("comment"))
            for p in raw["params"]
        ),
        results=tuple(raw["results"]),
        source=tuple(raw["source"]),
    )


def _llvm_name(mnemonic: str, dialect: str, target: str) -> str:
    # ROCDL_IntrOp: the intrinsic is "amdgcn_" # !subst(".", "_", mnemonic), and the LLVM name of
    # int_amdgcn_<x> is llvm.amdgcn.<x with '_' -> '.'>.
    return f"llvm.{target}." + mnemonic.removeprefix(f"{dialect}.").replace("_", ".")


@functools.cache
def amdgpu_intrinsic(name: str) -> IntrinsicSignature | None:
    """``llvm.amdgcn.*`` by LLVM name, TableGen def (``int_amdgcn_*``) or ROCDL mnemonic (``rocdl.*``)."""
    if name.startswith("rocdl."):
        op = rocdl_op(name)
        name = op.intrinsic if op is not None and op.intrinsic else _llvm_name(name, "rocdl", "amdgcn")
    return _intrinsic(_amdgpu(), name, "amdgcn")


@functools.cache
def nvvm_intrinsic(name: str) -> IntrinsicSignature | None:
    """``llvm.nvvm.*`` by LLVM name or TableGen def (``int_nvvm_*``)."""
    return _intrinsic(_nvvm(), name, "nvvm")


# ----------------------------------------------------------------------------------------------
# roles


@functools.cache
def role_facts(intrinsic_class: str) -> tuple[RoleFact, ...] | None:
    """roles.yaml's facts for an IntrinsicsAMDGPU.td class (``AMDGPUMfmaIntrinsic``), by parameter index."""
    raw = _roles()["intrinsic_classes"].get(intrinsic_class)
    if raw is None:
        return None
    return tuple(
        RoleFact(
            index=i,
            name=str(p["name"]),
            role=str(p["role"]),
            source=str(p["source"]),
            says=str(p["says"]),
            basis=p.get("basis"),
            note=p.get("note"),
        )
        for i, p in enumerate(raw["params"])
    )


def roles_class(intrinsic: IntrinsicSignature) -> str | None:
    """The most derived class of ``intrinsic`` that roles.yaml describes."""
    classes = _roles()["intrinsic_classes"]
    return next((c for c in reversed(intrinsic.classes) if c in classes), None)


@functools.cache
def bindings(mnemonic: str) -> tuple[Binding, ...] | None:
    """A ROCDL matrix op's builder arguments after the result type, in order, each with its role.

    Names are the op's MLIR argument names where MLIR 22.1.8 names them (WMMA), else LLVM's own word
    from roles.yaml (MFMA/SMFMAC/scaled MFMA take ``Variadic<LLVM_Type>:$args``; SWMMAC and some gfx1250
    WMMAs have no ROCDL op in 22.1.8, only the intrinsic). None when roles.yaml does not cover the op."""
    intrinsic = amdgpu_intrinsic(mnemonic)
    if intrinsic is None:
        return None
    cls = roles_class(intrinsic)
    facts = role_facts(cls) if cls else None
    if facts is None or len(facts) != len(intrinsic.params):
        return None
    op = rocdl_op(mnemonic)
    named: tuple[Argument, ...] | None = None
    if op is not None and not any(a.variadic for a in op.arguments):
        named = op.arguments[: len(facts)]
    out = []
    for fact, param in zip(facts, intrinsic.params):
        arg = named[fact.index] if named is not None else None
        out.append(
            Binding(
                position=fact.index,
                name=arg.name if arg is not None else fact.name,
                llvm_name=fact.name,
                role=fact.role,
                kind=(arg.kind if arg is not None else "operand") if op is not None else None,
                immediate=param.immediate,
                llvm_type=param.type,
                default=arg.default if arg is not None else None,
                source=fact.source,
                says=fact.says,
            )
        )
    return tuple(out)


def role(op_mnemonic: str, argument_name: str) -> str | None:
    """The role of ``argument_name`` (the MLIR argument name, or LLVM's word) of a ROCDL matrix op."""
    for b in bindings(op_mnemonic) or ():
        if argument_name in (b.name, b.llvm_name):
            return b.role
    return None
