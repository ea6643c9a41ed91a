"""The context the atom template prints, and the rendered, formatted file.

Everything the C++ says is decided in this package, as data (conditions, argument lists,
messages, layout expressions); the templates under templates/cpp/ only lay that data out. The
instance table drives three things that must never disagree: verify() (through
verify_plan), the dispatch in emitAtomCallSSA, and the packed operand types of the shim."""

from __future__ import annotations

import jinja2

from atomgen.check.result import AnalysedAtom
from atomgen.render import escape, llvm_api, wording
from atomgen.render.base import RenderOutput
from atomgen.render.cpp.clang import clang_format
from atomgen.render.cpp.copy import copy_emission, default_val_bits
from atomgen.render.cpp.headers import dialect_headers
from atomgen.render.cpp.helpers import HELPER_FUNCTIONS, helpers_header, helpers_of
from atomgen.render.cpp.layouts import layout_methods, uses_total_bit_width
from atomgen.render.cpp.mma import mma_emission
from atomgen.render.cpp.nvvm import nvvm_context
from atomgen.render.cpp.params import cpp_param, value_stream
from atomgen.render.cpp.rows import rows_table
from atomgen.render.cpp.state import state_model
from atomgen.render.cpp.verifier import verify_model
from atomgen.render.cppexpr import cpp_expr
from atomgen.render.engine import TemplateContext
from atomgen.render.names import atom_cpp_path, backend_names, spec_source
from atomgen.spec.backend import Backend, SharedHelpers
from atomgen.spec.model import AtomSpec

# Every atom file's headers; the backend's own dialects (backend.yaml `dialect.dependent_dialects`) come on top.
MMA_INCLUDES = (
    "mlir/Dialect/LLVMIR/LLVMDialect.h",
    "mlir/IR/BuiltinTypes.h",
)
COPY_INCLUDES = (
    "mlir/Dialect/Arith/IR/Arith.h",
    "mlir/Dialect/LLVMIR/LLVMDialect.h",
    "mlir/Dialect/SCF/IR/SCF.h",
    "mlir/IR/BuiltinTypes.h",
)
DEFAULT_DIALECTS = ("ROCDL::ROCDLDialect",)  # an atom rendered without its backend (FlyDSL's main one)

def includes(spec: AtomSpec, backend: Backend | None = None, helpers_file: str = "") -> tuple[list[str], list[str]]:
    """The MLIR and FlyDSL headers of an atom file; `helpers_file`: the backend's helpers header, where the file
    uses one of its functions."""
    mlir = list(MMA_INCLUDES if spec.kind == "mma" else COPY_INCLUDES)
    mlir += dialect_headers(backend.dialect_decl.dependent_dialects if backend is not None else DEFAULT_DIALECTS)
    mlir = sorted(set(mlir) | set(spec.emission.includes))  # what the pattern's template calls
    if spec.kind == "mma" and (spec.stateful or llvm_api.active().immediates_as_operands):
        mlir = sorted(set(mlir) | {"mlir/Dialect/Arith/IR/Arith.h"})
    if spec.stateful:
        mlir = sorted(set(mlir) | {"llvm/ADT/StringSwitch.h"}) if any(
            f.private for f in spec.state) else mlir
    if any(p.is_type for p in spec.parameters):
        mlir = sorted(set(mlir) | {"mlir/Support/DebugStringHelper.h"})
    fly = ["flydsl/Dialect/Fly/IR/FlyDialect.h"]
    if spec.kind == "copy":
        fly.append("flydsl/Dialect/Fly/Utils/PointerUtils.h")
    helpers = backend.shared_helpers if backend is not None else SharedHelpers()
    fly.append(helpers.layout_macros.removeprefix("include/"))
    header = "include/flydsl/Dialect/FlyROCDL/IR/Dialect.h"
    if backend is not None:
        header = backend.paths.get("dialect_header", header)
    fly.append(header.removeprefix("include/"))
    if spec.emission.buffer:
        fly.append(helpers.buffer_fat_ptr.removeprefix("include/"))
    if helpers_file:
        fly.append(helpers_file.removeprefix("include/"))
    return sorted(mlir), fly


def context(analysed: AnalysedAtom, backend: Backend) -> TemplateContext:
    """Everything the templates print, computed."""
    spec = analysed.spec
    names = backend_names(backend)
    params = {p.name: cpp_param(p, frozenset(str(i.values[p.name]) for i in spec.instances if p.name in i.values))
              for p in spec.parameters}
    plan = analysed.verify
    state = state_model(spec, backend, params)
    verify = verify_model(spec, plan, params)
    # The helper functions this file calls: from the backend's helpers header where it holds them, else
    # defined here (register splitting sizes types with getTotalBitWidth too).
    bit_width = uses_total_bit_width(spec, params) or bool(state and state.bitcast) or spec.emission.registers
    needs = {name for name, needed in (("getTotalBitWidth", bit_width), ("splitRegisters", spec.emission.registers),
                                       ("positionOf", bool(verify.families)), ("soffsetInBytes", spec.emission.buffer),
                                       ("getUmmaInstrDescriptor", spec.pattern == "tcgen05_mma"))
             if needed}
    shared = helpers_of(backend)
    mlir_includes, fly_includes = includes(spec, backend, helpers_header(needs, backend))
    atom: TemplateContext = {
        "spec_path": spec_source(spec),  # the same text from any working folder
        "summary": spec.summary,
        "cls": spec.cpp_class,
        "kind": spec.kind,
        "mnemonic": spec.mnemonic,
        "stateful": spec.stateful,
        "pattern": spec.emission.template_name(),
        "namespace": names.cpp_namespace.removeprefix("::"),
        "mlir_includes": mlir_includes,
        "fly_includes": fly_includes,
        "params": [params[p.name] for p in spec.parameters],
        "layouts": layout_methods(spec, params),
        "total_bit_width": bit_width,
        "shared": {name: name in needs and shared.shares(name) for name in HELPER_FUNCTIONS},
        "verify": verify,
        "words": wording.cpp_model(
            spec.verify_section, [i.values for i in spec.instances],
            lambda name, quoted: name if quoted else value_stream(params[name]),
            lambda text: f'"{escape.cpp_string(text)}"', cpp_expr),
        "state": state,
        "scale_soffset": spec.emission.buffer,
    }
    nvvm = nvvm_context(spec, params, state, backend)
    mma = mma_emission(spec, params, state) if nvvm is None and spec.kind == "mma" else None
    if nvvm is not None:
        atom["nvvm"] = nvvm
    if spec.kind == "mma":
        operand = spec.operand_types
        atom["val_types"] = {
            "A": params[operand["a"]].getter,
            "B": params[operand["b"]].getter,
            "C": params[operand["c"]].getter,
            "D": params[operand.get("d", operand["c"])].getter,
        }
        if mma is not None:
            atom["mma"] = mma
    else:
        if nvvm is None:
            atom["copy_emission"] = copy_emission(spec, params, state)
        atom["val_bits"] = default_val_bits(spec)
    # one table of the rows: what the matcher tests and the constants the shared cases read
    atom["rows_table"] = rows_table(verify.table, mma.constants if mma is not None else None)
    return atom


def render(atom: AnalysedAtom, backend: Backend, env: jinja2.Environment) -> RenderOutput:
    """The atom's C++ implementation file, owned whole."""
    text = env.get_template("cpp/atom.cpp.j2").render(atom=context(atom, backend))
    path = atom_cpp_path(atom.spec, backend_names(backend))
    return RenderOutput(files={path: clang_format(text)})
