"""`atomgen new`: commented spec scaffolds whose unknowns are TODO (rule AG010)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from atomgen.write.atomic import write_new_file

MMA_TEMPLATE = """\
# yaml-language-server: $schema={schema}
# Scaffolded by `atomgen new mma --subtarget {subtarget}`. Replace every TODO, then run
# `atomgen check {path}` until it is clean. Reference: docs/spec-format.md, `atomgen explain`.
spec_version: 1
kind: mma
backend: {backend}
subtarget: {subtarget}
tablegen_def: {prefix}_MmaOp{upper}_{camel}
cpp_class: MmaOp{upper}_{camel}Type
mnemonic: {subtarget}.{name}
stateful: false
summary: TODO            # one line: which instruction family this atom issues
threads: TODO            # lanes that issue one instruction: 64 (wave64), 32 (wave32 / warp)
parameters:
  - {{name: m, cpp_type: int32_t}}
  - {{name: n, cpp_type: int32_t}}
  - {{name: k, cpp_type: int32_t}}
  - {{name: elemTyA, cpp_type: Type, python: elem_ty_a}}
  - {{name: elemTyB, cpp_type: Type, python: elem_ty_b}}
  - {{name: elemTyAcc, cpp_type: Type, python: elem_ty_acc}}
assembly_format: "`<` custom<MNKDimensionList>($m, $n, $k) `,` `(` $elemTyA `,` $elemTyB `)` `->` $elemTyAcc `>`"
layouts:
  # CuTe `shape : stride`, rank 2 (thr, val); leaves may use m, n, k, elemTyA_bits, ...
  thr: TODO              # e.g. "64:1"
  a: TODO                # over (M,K) column-major, e.g. "((m, 64/m), k/(64/m)) : ((1, m*k/(64/m)), m)"
  b: TODO                # over (N,K) column-major
  c: TODO                # over (M,N) column-major (D shares it)
instances:
  # one row per real single-tile instruction
  - m: TODO
    n: TODO
    k: TODO
    elemTyA: TODO        # MLIR type name: f16, bf16, f32, f8E4M3FN, i8, ...
    elemTyB: TODO
    elemTyAcc: TODO
    intrinsic: TODO      # op as printed in IR, e.g. rocdl.mfma.f32.16x16x16f16
    packed:              # the register operand types the intrinsic takes
      a: TODO            # e.g. "vector<4xf16>"
      b: TODO
      c: TODO
    instruction: TODO    # the ISA instruction the intrinsics table lists for it, e.g. v_mfma_f32_16x16x16_f16
python:
  # the DSL side: without a wrapper name the DSL function is named after the C++ class
  binding_class: MmaOp{upper}_{camel}Type
  dsl_module: TODO       # the DSL module the wrapper is exported from, e.g. universal
  get_args: [m, "n", k, elem_ty_a, elem_ty_b, elem_ty_acc]
  wrappers:
    - name: TODO         # the function DSL users call, e.g. MFMA
      # signature: "MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None)"   # FlyDSL's, where it differs from get_args
      # maps: {{elem_ty_a: elem_ty_ab, elem_ty_b: elem_ty_ab}}       # (docs/spec-format.md, "Wrappers")
emission:
  # one pattern and exactly its keys (docs/spec-format.md, "Emission patterns"), e.g. for an MFMA:
  #   pattern: mfma
  #   args: [accTy, a, b, c, "0", "0", "ROCDL::MFMAPermB::none"]
  pattern: TODO          # mfma | mfma_scale | wmma_plain | wmma_gfx1250 | wmma_scale | mma_sync | wgmma_ss | ...
"""

COPY_TEMPLATE = """\
# yaml-language-server: $schema={schema}
# Scaffolded by `atomgen new copy --subtarget {subtarget}`. Replace every TODO, then run
# `atomgen check {path}` until it is clean. Reference: docs/spec-format.md, `atomgen explain`.
spec_version: 1
kind: copy
backend: {backend}
subtarget: {subtarget}
tablegen_def: {prefix}_CopyOp{upper}{camel}
cpp_class: CopyOp{upper}{camel}Type
mnemonic: {subtarget}.{name}
stateful: false          # true: declare `state:` fields (see docs/spec-format.md)
summary: TODO            # one line: which copy instruction this atom issues
threads: TODO            # 1 for a per-thread copy
parameters:
  - {{name: bitSize, cpp_type: int32_t, python: bit_size}}
assembly_format: "`<` $bitSize `>`"
layouts:
  # bit layouts, rank 2 (thr, bits)
  thr: TODO              # e.g. "1:1"
  src: TODO              # e.g. "(1, bitSize) : (1, 1)"
  dst: TODO
  ref: TODO
instances:
  - bitSize: TODO        # e.g. 32
    intrinsic: TODO      # op as printed in IR
    packed:
      value: TODO        # register type of one thread's bits, e.g. i32
python:
  # the DSL side: without a wrapper name the DSL function is named after the C++ class
  binding_class: CopyOp{upper}{camel}Type
  dsl_module: TODO       # the DSL module the wrapper is exported from, e.g. universal
  get_args: [bit_size]
  wrappers:
    - name: TODO         # the function DSL users call, e.g. BufferCopy
emission:
  # one pattern and exactly its keys (docs/spec-format.md, "Emission patterns")
  pattern: TODO          # buffer_copy | lds_dma | global_lds_dma | buffer_atomic | lds_read_trans | ldmatrix | ...
"""

BACKEND_TEMPLATE = """\
# yaml-language-server: $schema=../../schema/backend.schema.json
# Backend description for atomgen: the dialect that {name} atoms are payload types of.
# Scaffolded by `atomgen new backend {name}`; replace every TODO, then `atomgen check specs/{name}/backend.yaml`.
# `atomgen gen` writes the dialect skeleton (generate_dialect). Reference: docs/spec-format.md (backend.yaml).
spec_version: 1
backend: {name}
generate_dialect: true
test_builder: none       # rocdl | nvvm: FileCheck tests in those dialects' idioms; none: no generated tests
summary: TODO            # one line: which hardware and lowering this dialect serves
dialect:
  tablegen_def: {prefix}_Dialect
  name: fly_{name}
  cpp_namespace: "::mlir::fly_{name}"
  dependent_dialects: [TODO]   # the MLIR dialect the atoms lower to, e.g. "NVVM::NVVMDialect"
  use_default_type_printer_parser: true
  use_default_attribute_printer_parser: false   # the skeleton declares types only (AG110)
  cpp_using_namespaces: ["mlir::fly"]
base_classes:
  mma:
    tablegen_class: {prefix}_MmaOp
    template_args: ["string typeName", "string typeMnemonic", "list<Trait> traits = []"]
    interfaces: [Fly_MayStaticTypeInterface, Fly_MmaOpTypeInterface]
    extra_class_declaration: null
  copy:
    tablegen_class: {prefix}_CopyOp
    template_args: ["string typeName", "string typeMnemonic", "list<Trait> traits = []"]
    interfaces: [Fly_MayStaticTypeInterface, Fly_CopyOpTypeInterface]
    extra_class_declaration: null
  stateful_copy:
    tablegen_class: {prefix}_StatefulCopyOp
    template_args: ["string typeName", "string typeMnemonic", "list<Trait> traits = []"]
    interfaces: [Fly_CopyOpTypeInterface, Fly_StatefulOpTypeInterface]
    extra_class_declaration: "static std::optional<unsigned> getFieldIndex(AtomStateField field);"
  stateful_mma:
    tablegen_class: {prefix}_StatefulMmaOp
    template_args: ["string typeName", "string typeMnemonic", "list<Trait> traits = []"]
    interfaces: [Fly_MmaOpTypeInterface, Fly_StatefulOpTypeInterface]
    extra_class_declaration: "static std::optional<unsigned> getFieldIndex(AtomStateField field);"
state_enum:
  tablegen_def: {prefix}_AtomStateField
  cpp_name: AtomStateField
  kind: I32EnumAttr
  gen_specialized_attr: false
  cpp_namespace: "::mlir::fly_{name}"
  symbolize: symbolizeAtomStateField
  python_enum: AtomStateField
  cases:                   # one per state field of this backend's atoms: name, value, IR spelling
    - {{name: ImmOffset, value: 0, string: imm_offset}}
shared_helpers:
  mnk_dimension_list:
    {{parse: parseMNKDimensionList, print: printMNKDimensionList, cpp_namespace: "mlir::fly", syntax: "MxNxK"}}
  layout_macros: include/flydsl/Dialect/Fly/Utils/ThrValLayoutMacro.h.inc
paths:
  tablegen_dir: include/flydsl/Dialect/{dir}/IR
  dialect_td: include/flydsl/Dialect/{dir}/IR/Dialect.td
  atom_td: include/flydsl/Dialect/{dir}/IR/Atom.td
  mma_atom_td: include/flydsl/Dialect/{dir}/IR/MmaAtom.td
  copy_atom_td: include/flydsl/Dialect/{dir}/IR/CopyAtom.td
  dialect_header: include/flydsl/Dialect/{dir}/IR/Dialect.h
  lib_dir: lib/Dialect/{dir}
  lib_cmake: lib/Dialect/{dir}/CMakeLists.txt
  cmake_library: MLIR{dir}Dialect
  tablegen_target: MLIR{dir}IncGen
  python_binding: lib/Bindings/Python/{dir}Extension.cpp
  python_binding_namespace: "mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::fly_{name}"
  python_binding_module: _mlirDialects{dir}
  python_dialect_module: python/mlir_flydsl/dialects/fly_{name}.py
  dsl_dir: python/flydsl/expr/{name}
  tests_dir: tests/mlir/Conversion
  lowering_pass: TODO      # the conversion pass, e.g. --convert-fly-to-nvvm
subtarget_dirs: {{}}       # subtarget -> its lib/ folder name, e.g. {{sm100: SM100}}
chips: []                # every chip, oldest first (min_subtarget compares positions)
subtarget_chips: {{}}      # subtarget -> the chips its atoms run on (the intrinsics table is checked per chip)
"""


def _camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\\W]+", name) if part)


def scaffold(args: argparse.Namespace) -> int:
    specs = Path(args.specs)
    if args.what == "backend":
        name = args.backend_name or ""
        if not re.fullmatch(r"[a-z][a-z0-9_]{0,30}", name):
            print(
                "atomgen new backend: give a lower-case backend name, e.g. `atomgen new backend spirv`", file=sys.stderr
            )
            return 2
        target = specs / name / "backend.yaml"
        prefix = _default_prefix(name)
        text = BACKEND_TEMPLATE.format(name=name, prefix=prefix, dir=prefix)
        return _write(target, text, args.force)
    subtarget = args.subtarget or ""
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,30}", subtarget):
        print(f"atomgen new {args.what}: --subtarget NAME is required (lower case, e.g. cdna5)", file=sys.stderr)
        return 2
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,30}", args.backend):
        print("atomgen new: --backend must be a lower-case name (rocdl, nvvm)", file=sys.stderr)
        return 2
    name = args.name or args.what
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,40}", name):
        print("atomgen new: --name must be lower case letters, digits and '_'", file=sys.stderr)
        return 2
    target = specs / args.backend / subtarget / f"{name}.yaml"
    status = _write(target, scaffold_text(args.what, subtarget, args.backend, name, target), args.force)
    if status == 0:
        _declare_subtarget(specs / args.backend / "backend.yaml", subtarget)
    return status


def _declare_subtarget(backend_file: Path, subtarget: str) -> None:
    """A subtarget the backend does not know yet gets its `subtarget_chips` entry as a TODO (AG010 at its
    line): check compares every row against the subtarget's chips, so they must be named, not guessed."""
    if not backend_file.is_file():
        return
    text = backend_file.read_text(encoding="utf-8")
    entry = f"  {subtarget}: [TODO]   # the chips {subtarget} atoms run on (from `chips`), e.g. [gfx950]"
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if not re.match(r"^subtarget_chips\s*:", line):
            continue
        block = index + 1
        while block < len(lines) and (lines[block].startswith((" ", "\t")) or not lines[block].strip()):
            if re.match(rf"^\s+{re.escape(subtarget)}\s*:", lines[block]):
                return  # declared already
            block += 1
        rest = line.split(":", 1)[1].split("#", 1)[0].strip()
        if rest and rest != "{}":
            print(f"atomgen new: add `{subtarget}: [chips]` to subtarget_chips in {backend_file}", file=sys.stderr)
            return
        lines[index] = "subtarget_chips:"
        lines.insert(block if not rest else index + 1, entry)
        write_new_file(backend_file, "\n".join(lines) + "\n")
        print(f"declared subtarget {subtarget} in {backend_file} (subtarget_chips.{subtarget}: TODO)")
        return
    write_new_file(backend_file, text.rstrip("\n") + f"\nsubtarget_chips:\n{entry}\n")
    print(f"declared subtarget {subtarget} in {backend_file} (subtarget_chips.{subtarget}: TODO)")


def scaffold_text(what: str, subtarget: str, backend: str, name: str, target: Path | str) -> str:
    """The commented `atomgen new mma|copy` spec, every unknown a TODO."""
    template = MMA_TEMPLATE if what == "mma" else COPY_TEMPLATE
    return template.format(
        schema="../../../schema/atom.schema.json",
        subtarget=subtarget,
        backend=backend,
        prefix=_prefix(Path(target), backend),
        upper=subtarget.upper(),
        camel=_camel(name).upper() if what == "mma" else _camel(name),
        name=name,
        path=target,
    )


def _default_prefix(backend: str) -> str:
    """FlyDSL's naming of a backend's dialect: Fly + the backend in capitals (FlyROCDL, FlyNVVM)."""
    return "Fly" + backend.upper()


def _prefix(target: Path, backend: str) -> str:
    """The prefix of the TableGen names in a new spec: what its backend.yaml declares (the dialect's
    `tablegen_def` without `_Dialect`), else FlyDSL's naming, for a backend whose file does not exist
    yet or does not load."""
    from atomgen.diagnostics import SpecError
    from atomgen.spec.backend import find_backend_file, load_backend

    found = find_backend_file(target, backend)
    if found is not None:
        try:
            declared = load_backend(found, str(found))[0].dialect_decl.tablegen_def
        except SpecError:
            declared = None
        if declared and declared.endswith("_Dialect"):
            return declared[: -len("_Dialect")]
    return _default_prefix(backend)


def _write(target: Path, text: str, force: bool) -> int:
    if target.exists() and not force:
        print(f"atomgen new: {target} exists; pass --force to overwrite it", file=sys.stderr)
        return 2
    write_new_file(target, text)
    print(f"wrote {target}; fill in the TODOs, then run `atomgen check {target}`")
    return 0
