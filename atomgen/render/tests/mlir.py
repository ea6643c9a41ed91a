"""MLIR text pieces of the generated tests: types, FileCheck variables, functions, cases, files."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping, Protocol

from atomgen.render import engine
from atomgen.spec.instances import Instance, ScalarValue
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.model import AtomSpec

PIPELINE = "--fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering --convert-fly-to-rocdl"
SSA_PIPELINE = (
    "--fly-rewrite-func-signature --fly-canonicalize --fly-layout-lowering "
    "--fly-convert-atom-call-to-ssa-form --convert-fly-to-rocdl --canonicalize"
)
LLVM_PIPELINE = PIPELINE + " --convert-arith-to-llvm --canonicalize"
POSITIVE_RUN = f"%fly-opt %s {PIPELINE} | FileCheck %s"
REG_RUN = f"%fly-opt %s {SSA_PIPELINE} | FileCheck %s --check-prefix=REG"
LLVM_RUN = f"%fly-opt %s {LLVM_PIPELINE} | FileCheck %s --check-prefix=LLVM"
NEGATIVE_RUN = "{ %fly-opt --split-input-file %s 2>&1 || true; } | FileCheck %s"
VERIFY_RUN = "{ %fly-opt --split-input-file %s 2>&1 || true; } | FileCheck %s --check-prefix=VERIFY"
VERIFIER_FEATURE = "atomgen-verifier"
NEXT_FUNC = "@@NEXT_FUNC_LINE@@"
IMMEDIATE_VALUE = 20  # bytes; distinct from every size/scale constant the lowerings emit


def type_bits(type_text: str) -> int:
    packed = parse_packed(type_text)
    if packed is None:
        raise ValueError(f"cannot size type {type_text!r}")
    return packed.bits


def vector_type(count: int, element: str) -> str:
    return element if count == 1 else f"vector<{count}x{element}>"


def memref_type(element: str, space: str, count: int) -> str:
    return f"!fly.memref<{element}, {space}, {count}:1>"


def ident(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", text)


Macro = Callable[..., str]


class CheckForms(Protocol):
    """templates/tests/checks.j2's macros: a CHECK line (or lines) each, from the values given."""

    stateless: Macro
    state_undef: Macro
    state_default: Macro
    state_insert: Macro
    immediate: Macro
    state_cast: Macro
    label: Macro
    signature: Macro
    operand_load: Macro
    mma_result_exact: Macro
    halves_spread: Macro
    halves_read: Macro
    mma_result: Macro
    load: Macro
    store: Macro
    cast: Macro
    error_at: Macro


@lru_cache(maxsize=None)
def check_forms() -> CheckForms:
    """templates/tests/checks.j2: one macro per form of the CHECK lines test functions share (a test in
    tests/test_gen_filecheck.py holds CheckForms to the template's macros)."""
    forms: CheckForms = engine.environment().get_template("tests/checks.j2").module  # type: ignore[assignment]
    return forms


def function_name(spec: AtomSpec, inst: Instance, suffix: str = "") -> str:
    """The test function of one instance (and direction or configuration, `suffix`)."""
    return f"{ident(spec.mnemonic)}_{ident(inst.id)}{suffix}"


def selector_suffix(spec: AtomSpec, inst: Instance, selector: int | None) -> str:
    """The suffix of a sparse row's function at sparsity selector `selector`: none at the row's own
    (its default, or the value it pins), `_<parameter><selector>` at another (render/tests/nvvm.py
    writes those functions, the probe's generated-atom rung calls them)."""
    from atomgen.spec.printing import sample_values
    from atomgen.spec.sparsity import selector_parameter

    parameter = selector_parameter(spec.sparse)
    if selector is None or parameter is None or selector == sample_values(spec, inst).get(parameter):
        return ""
    return f"_{parameter}{selector}"


def other_selectors(spec: AtomSpec, inst: Instance) -> list[tuple[int, str, dict[str, ScalarValue]]]:
    """(selector, function suffix, the values to call the row with) for every sparsity selector the row
    admits other than its own: the functions the ROCDL and NVVM test writers add for them."""
    from atomgen.check.result import selectors_of
    from atomgen.spec.sparsity import selector_parameter

    name = selector_parameter(spec.sparse)
    if name is None:
        return []
    found: list[tuple[int, str, dict[str, ScalarValue]]] = []
    for selector in selectors_of(spec, inst):
        suffix = selector_suffix(spec, inst, selector)
        if suffix:
            found.append((selector, suffix, {name: selector}))
    return found


def check_var(name: str) -> str:
    """A FileCheck variable name."""
    return ident(name).upper()


def capture(name: str) -> str:
    return f"%[[{check_var(name)}:[a-z0-9_]+]]"


def use(name: str) -> str:
    return f"%[[{check_var(name)}]]"


@dataclass
class SetValue:
    """One `fly.atom.set_value` of a test function; an immediate field's value is an
    `arith.constant` made just before it."""

    field: str
    value: str  # the SSA value set
    type: str
    atom: str  # the atom before
    result: str  # the atom after
    constant: int | None = None


@dataclass
class Function:
    """One test function: make the atom, set its state, call it once on the operands. The MLIR
    text is templates/tests/macros.j2's; the CHECK lines are what its lowering must print."""

    name: str
    atom: str  # "mma" or "copy": fly.make_<atom>_atom, fly.<atom>_atom_call
    atom_type: str
    val_bits: int = 0  # copy atoms: the make_copy_atom valBits
    operands: list[tuple[str, str]] = field(default_factory=list)  # (name, type): d, a, b, c or src, dst
    state: list[SetValue] = field(default_factory=list)
    state_args: list[tuple[str, str]] = field(default_factory=list)  # (name, type) of set values
    checks: list[str] = field(default_factory=list)
    # parameter values the function's atom holds where they differ from its row's (a register-half row's
    # second function sets its selector): the ISA rung expects what these mean
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def args(self) -> list[tuple[str, str]]:
        return self.operands + self.state_args

    @property
    def current(self) -> str:
        """The atom the call takes: the last set_value's result, or the atom made."""
        return self.state[-1].result if self.state else "%atom"


@dataclass
class NegativeCase:
    id: str
    name: str
    title: str
    type: str
    message: str  # the exact atomgen verify message (VERIFY prefix)
    comments: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    # the configuration, for the specs' declared defects
    values: Mapping[str, ScalarValue] = field(default_factory=dict)


def copy_call(name: str, atom_type: str, val_bits: int, src: str, dst: str) -> Function:
    """A test function that calls a copy atom once, from `src` to `dst` (memref types)."""
    return Function(name, "copy", atom_type, val_bits, [("src", src), ("dst", dst)])


def mma_call(name: str, atom_type: str, memrefs: dict[str, str]) -> Function:
    """A test function that calls an MMA atom once on the D, A, B, C memrefs."""
    return Function(name, "mma", atom_type, operands=[(role, memrefs[role]) for role in ("d", "a", "b", "c")])


def resolve_lines(text: str) -> str:
    """Replace NEXT_FUNC placeholders by the line of the next func.func, relative to the CHECK line
    (`[[# @LINE + N]]`, the numeric form both LLVM's FileCheck and the filecheck package read), so
    that a line added above a case does not move every later expectation."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if NEXT_FUNC in line:
            target = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("func.func"))
            lines[index] = line.replace(NEXT_FUNC, f"[[# @LINE + {target - index}]]")
    return "\n".join(lines)


def test_file(runs: list[str], header: list[str], functions: list[Function] = (),  # type: ignore[assignment]
          cases: list[NegativeCase] = (), requires: list[str] = ()) -> str:  # type: ignore[assignment]
    text = engine.render(
        "tests/file.mlir.j2",
        runs=runs,
        requires=list(requires),
        header=header,
        functions=list(functions),
        cases=list(cases),
    )
    return text  # its NEXT_FUNC lines are resolved once the file is whole (render/plan.py: after the licence)
