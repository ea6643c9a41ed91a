"""The analysed call of a row: the op or intrinsic, each operand bound to the value that feeds it and the
role both have.

A spec writes the call as a positional list (`args: [accTy, a, b, c, "0", "0", ...]`, or the row's entry
of `variants`). Analysis binds each position to the operand LLVM 22.1.8 declares there, by LLVM's own
name (atomgen/intrinsics/llvm22/: ROCDLOps.td's arguments, IntrinsicsAMDGPU.td's parameters where the op
takes a variadic list), in the argument order of the LLVM the spec's lists are written for (FlyDSL's pinned
LLVM: the intrinsics table's `llvm_api` profile `llvm-22.1` says how 22.1.8's lists differ from it). Each
operand has a role from the hand-written layer (atomgen/intrinsics/llvm22/roles.yaml); each value gets its
role from what it is: A's fragment, a state field, a row's format code, a parameter named as an operand of
the op. atomgen/check/families/call.py holds the two roles together (AG401-AG403).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from typing import Any, Optional

from atomgen.check.families.semantics import FORMAT_KEYS as FORMAT_PAIRS
from atomgen.check.families.semantics import format_code
from atomgen.check.intrinsics import Intrinsic, Intrinsics
from atomgen.intrinsics import llvm22
from atomgen.spec.emission import GenericVariant, Mfma, MfmaScale, WmmaScale
from atomgen.spec.model import AtomSpec, Instance

_INTEGER = re.compile(r"^-?[0-9]+$")
# The scaled MFMA/WMMA's format codes, as semantics (AG375) reads them: the row's key -> the operand it codes.
FORMAT_KEYS = {pattern: dict(pairs) for pattern, pairs in FORMAT_PAIRS.items()}
# FlyDSL's words for roles LLVM words otherwise (IntrinsicsAMDGPU.td's %A_sign is FlyDSL's signA): the state
# field holding the sparse metadata (the `e` layout of spec/sparsity.py), the signs, the scales' selectors.
# The enum the pinned LLVM's ROCDL builders take for an operand of each role, where the intrinsics table does not
# list the operand (atomgen/intrinsics/rocdl.yaml `enums`; the scaled WMMA's in atomgen/spec/emission/
# wmma_scale.py): a case of another enum, or a bare integer, in such a slot is another operand's value (or does
# not compile).
ENUM_OF_ROLE = {"blgp": "MFMAPermB", "format_a": "MatrixFormat", "format_b": "MatrixFormat",
                "mod_c": "WMMACModifier", "scale_select_a": "WMMAMatrixScale", "scale_select_b": "WMMAMatrixScale",
                "scale_format_a": "WMMAMatrixScaleFormat", "scale_format_b": "WMMAMatrixScaleFormat"}
# Names a pattern defines for a constant of one role (wmma_scale's fmt0: the scales' format, E8M0).
_PATTERN_CONSTANTS = {("wmma_scale", "fmt0"): "scale_format"}
_ALIASES = {"metadata": "sparse_index", "signa": "sign_a", "signb": "sign_b", "opsela": "scale_select_a",
            "opselb": "scale_select_b"}


@dataclass(frozen=True, slots=True)
class Binding:
    """One operand of the call and the value in its slot."""

    operand: str  # LLVM's name of the operand
    role: str  # the operand's role ('' when it has none: a value of any kind may feed it)
    value: str  # the spec's token in the slot
    value_role: str  # what the value is: fragment_a, sign_b, scale_a, constant, ...
    slot: int  # the index in the spec's list
    source: str  # where the operand's name and role come from (a .td file and line)
    path: tuple[Any, ...] = ()  # where the value is written, when not in the list itself (a state operand)
    # the enum the builder takes for it: the intrinsics table's immediate (its `enum`, or "" for an integer
    # immediate), else the one its role takes in the pinned LLVM; None where neither says
    enum: Optional[str] = None


@dataclass(frozen=True, slots=True)
class Call:
    """A row's call, bound: the op, its operand list as LLVM spells it, and each binding."""

    op: str
    signature: str  # `(srcA, srcB, srcC, cbsz, abid, blgp)`
    path: tuple[Any, ...]  # the spec's argument list
    bindings: tuple[Binding, ...] = ()
    # the parameters and state operands this row accepts that must reach an operand, with where they are declared
    accepted: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    arity_error: str = ""
    by_name: tuple[tuple[str, str], ...] = ()  # (value, role) the op takes by name (a generic op's attributes)

    @property
    def received(self) -> set[str]:
        """Every value some operand of the call receives."""
        return {b.value for b in self.bindings} | {name for name, _ in self.by_name}


def _tokens(spec: AtomSpec, instance: Instance) -> Optional[tuple[tuple[str, ...], tuple[Any, ...], tuple[str, ...]]]:
    """(the positional arguments, where they are written, the values passed by name)."""
    emission = spec.emission
    if isinstance(emission, (Mfma, MfmaScale)):
        return tuple(str(t) for t in emission.args), ("emission", "args"), ()
    if not spec.variants:
        return None
    variant = spec.variant(instance.variant)
    name = instance.variant or ""
    if isinstance(variant, GenericVariant):  # the generic op: operands by position (no result type), attributes by name
        return (tuple(str(t) for t in variant.operands), ("emission", "variants", name, "operands"),
                tuple(str(t) for t in variant.attrs))
    if isinstance(variant, tuple):
        return tuple(str(t) for t in variant), ("emission", "variants", name), ()
    return None


def _normal(name: str) -> str:
    return name.replace("_", "").lower()


def _pinned_order(arguments: tuple[llvm22.Binding, ...], op_class: str,
                  profile: dict[str, tuple[str, ...]]) -> tuple[llvm22.Binding, ...]:
    """22.1.8's arguments in the order of the pinned LLVM the specs are written for: where the `llvm-22.1`
    profile reorders an op class ("$i" is the pinned list's i-th argument, 0 the result type; a literal is an
    argument 22.1.8 has and the pinned LLVM does not), the pinned list is the "$i" entries' arguments."""
    template = next((t for pattern, t in profile.items() if fnmatch.fnmatchcase(op_class, pattern)), None)
    if template is None:
        return arguments
    placed: dict[int, llvm22.Binding] = {}
    for position, entry in enumerate(template[1:]):
        if re.fullmatch(r"\$\d+", entry) and position < len(arguments):
            placed[int(entry[1:])] = arguments[position]
    return tuple(placed[i] for i in sorted(placed))


def _value_role(spec: AtomSpec, instance: Instance, token: str, by_name: dict[str, str]) -> str:
    if token in ("a", "b", "c"):
        return f"fragment_{token}"
    if token in ("accTy", "resTy"):
        return "result"
    if "::" in token:
        return "enum:" + token.split("::")[-2]
    if token in ("true", "false") or _INTEGER.match(token):
        return "constant"
    if (spec.pattern, token) in _PATTERN_CONSTANTS:
        return _PATTERN_CONSTANTS[(spec.pattern, token)]
    formats = FORMAT_KEYS.get(spec.pattern, {})
    if token in formats:
        return f"format_{formats[token]}"
    slots = spec.state_operands
    if token in slots:
        slot = slots[token]
        if isinstance(slot, int) and 0 <= slot < len(spec.state):
            field = spec.state[slot]
            return _named_role(field.name, by_name) or _named_role(field.enum_case or "", by_name)
        return ""
    if spec.parameter(token) is not None:
        return _named_role(token, by_name)
    return "constant"  # a name the pattern defines (wmma_scale's fmt0: the scales' format)


def _named_role(name: str, by_name: dict[str, str]) -> str:
    """The role of the op's operand named as `name` is (spelling aside), or of its alias."""
    key = _normal(name)
    return by_name.get(key) or _ALIASES.get(key, "")


def _signature(spec: AtomSpec, instance: Instance) -> Optional[tuple[str, tuple[llvm22.Binding, ...]]]:
    """(op, its operands in the spec's order) for the row's intrinsic, or None where LLVM 22.1.8 (with the
    roles of atomgen/intrinsics/llvm22/roles.yaml) has no operand list for it."""
    if spec.backend != "rocdl":
        return None
    arguments = llvm22.bindings(instance.intrinsic)
    if arguments is None:
        return None
    op = llvm22.rocdl_op(instance.intrinsic)
    if spec.pattern == "call_intrinsic" or op is None:
        intrinsic = llvm22.amdgpu_intrinsic(instance.intrinsic)
        return (intrinsic.name if intrinsic is not None else instance.intrinsic), arguments
    return instance.intrinsic, _pinned_order(arguments, instance.op_class or op.op_class, _reorder())


def _reorder() -> dict[str, tuple[str, ...]]:
    """The `llvm-22.1` profile's reorder templates (atomgen/intrinsics/rocdl.yaml, `llvm_api`)."""
    from atomgen.intrinsics.compiled import shipped_table

    shipped = shipped_table("rocdl")
    api = (shipped[0].get("llvm_api") or {}) if shipped else {}
    profile = (api.get("profiles") or {}).get("llvm-22.1") or {}
    return {str(k): tuple(str(t) for t in v) for k, v in (profile.get("reorder") or {}).items()}


def _enum(entry: Optional[Intrinsic], argument: llvm22.Binding, tabled_name: str) -> Optional[str]:
    operand = None
    if entry is not None:
        operand = next((entry.operand(n) for n in (argument.name, argument.llvm_name, tabled_name)
                        if n and entry.operand(n) is not None), None)
    if operand is not None and operand.immediate is not None:
        return operand.immediate.enum or ""
    return ENUM_OF_ROLE.get(argument.role)


# The intrinsics table's word for a fragment or index operand LLVM names otherwise (srcA is the table's `a`).
_TABLE_WORDS = {"fragment_a": "a", "fragment_b": "b", "fragment_c": "c", "sparse_index": "idx"}


def resolve_call(spec: AtomSpec, instance: Instance, intrinsics: Optional[Intrinsics] = None) -> Optional[Call]:
    """The row's call bound to LLVM's operands, or None where the row has no argument list (NVVM patterns,
    copies) or LLVM 22.1.8 has no operand list for its op."""
    found = _tokens(spec, instance)
    if found is None:
        return None
    signature = _signature(spec, instance)
    if signature is None:
        return None
    op, arguments = signature
    tokens, path, named = found
    first = 0 if spec.pattern == "call_intrinsic" or named or path[-1] == "operands" else 1
    shown = "(" + ", ".join(a.name for a in arguments) + ")"
    if first and (not tokens or tokens[0] not in ("accTy", "resTy")):
        return Call(op, shown, path, arity_error=f"the argument list starts with {tokens[0] if tokens else 'nothing'}"
                    f", not the result type (accTy, or resTy for a D of its own type); {op} takes {shown}")
    values = tokens[first:]
    # every operand of the op names a role, those the list leaves out too (a clamp left out is still accepted)
    by_name = {_normal(name): a.role for a in arguments if a.role for name in (a.name, a.llvm_name)}
    if named or path[-1] == "operands":
        arguments = tuple(a for a in arguments if a.role.startswith("fragment"))  # attributes go by name
    # ODS builders let trailing attributes with a default be left out: they take the default
    required = len(arguments)
    while required and arguments[required - 1].default is not None:
        required -= 1
    if required <= len(values) < len(arguments):
        arguments = arguments[: len(values)]
    if len(values) != len(arguments):
        return Call(op, shown, path, arity_error=f"{len(values)} argument(s) after the result type for the "
                    f"{len(arguments)} operand(s) of {op} {shown}" if first else
                    f"{len(values)} argument(s) for the {len(arguments)} operand(s) of {op} {shown}")
    entry = intrinsics.get(instance.intrinsic) if intrinsics is not None else None
    bindings: list[Binding] = []
    for slot, (token, argument) in enumerate(zip(values, arguments), start=first):
        where: tuple[Any, ...] = ()
        named_role = _named_role(token, by_name)
        value_role = _value_role(spec, instance, token, by_name)
        if token in spec.state_operands and named_role and named_role != value_role:
            # the list names the right operand (scaleA in scaleA's slot) but state_operands maps it to another
            # field's slot: the mapping is what is wrong
            where = ("emission", "state_operands", token)
        # an intrinsic called directly (call_intrinsic) takes integers where a ROCDL builder takes enums
        enum = _enum(entry, argument, _TABLE_WORDS.get(argument.role, "")) if first else (
            "" if argument.immediate else None)
        bindings.append(Binding(argument.name, argument.role, token, value_role, slot, argument.source, where, enum))
    accepted = []
    listed = _listed(spec)
    for name in _accepted(spec, instance, by_name):
        # A value another argument list passes, but not this row's: the row accepts what its op has no slot for
        # (a pin missing), shown at the row. Else it was left out of the list: shown at the slot of the operand of
        # its role, or at the list.
        role = _named_role(name, by_name)
        target = next((b for b in bindings if role and b.role == role), None)
        if name in listed and target is None and name not in named:
            accepted.append((name, instance.path))
        else:
            accepted.append((name, path + (target.slot,) if target is not None else path))
    return Call(op, shown, path, tuple(bindings), tuple(accepted),
                by_name=tuple((name, _named_role(name, by_name)) for name in named))


def _listed(spec: AtomSpec) -> set[str]:
    """Every name some argument list of the spec passes."""
    listed: set[str] = set()
    for other in spec.variants.values():
        listed |= {str(t) for t in (other.operands + other.attrs if isinstance(other, GenericVariant) else other)}
    if isinstance(spec.emission, (Mfma, MfmaScale)):
        listed |= {str(t) for t in spec.emission.args}
    return listed


def _accepted(spec: AtomSpec, instance: Instance, by_name: dict[str, str]) -> list[str]:
    """The values this row accepts that must reach an operand: each free parameter the row does not pin, and
    each state operand, that some argument list of the spec passes or whose role an operand of the op has;
    and each format code the row gives (`emission: {cbsz: ...}`). A sparsity selector the op has no operand
    for (RDNA4 SWMMAC's index_key, realised by shifting the index: AG343) passes no list and has no role."""
    listed = _listed(spec)
    roles = set(by_name.values())
    accepted: list[str] = []
    for parameter in spec.parameters:
        name = parameter.name
        if not parameter.is_free or name in instance.pin:
            continue
        if name in listed or _named_role(name, by_name) in roles:
            accepted.append(name)
    accepted += [str(name) for name in spec.state_operands]
    for key, operand in FORMAT_KEYS.get(spec.pattern, {}).items():  # a format code the row's element type has,
        if f"format_{operand}" not in roles:  # where the op takes one (gfx1250's F4 WMMA has a single format)
            continue
        if instance.emission.format_value(key) is not None or format_code(spec, instance, key, operand) is not None:
            accepted.append(key)
    return accepted


def bound_value(spec: AtomSpec, instance: Instance, binding: Binding,
                intrinsics: Optional[Intrinsics] = None) -> Optional[int]:
    """The integer a binding sends for a row: a parameter's value, a constant, an enum case's code; None where
    it is a value only known at run time (a fragment, a state field) or a code analysis does not know."""
    token = binding.value
    if token in ("true", "false"):
        return int(token == "true")
    if (spec.pattern, token) in _PATTERN_CONSTANTS:  # wmma_scale's fmt0: the record's ROCDL::...Format(N)
        constant = spec.emission.enum("scale_format") if isinstance(spec.emission, WmmaScale) else ""
        written = re.search(r"\((\d+)\)$", constant)
        return int(written.group(1)) if written else None
    if _INTEGER.match(token):
        return int(token)
    if "::" in token and intrinsics is not None:
        enum_type, case = token.rsplit("::", 1)
        enum = next((e for e in intrinsics.enums.values() if e.cpp_type == enum_type), None)
        return enum.code(case) if enum is not None else None
    parameter = spec.parameter(token)
    if parameter is not None and (parameter.is_bool or parameter.is_integral):
        value = instance.values.get(token, parameter.default)
        return int(value) if isinstance(value, (bool, int)) else None
    return None


@dataclass(frozen=True, slots=True)
class Printed:
    """One argument of a row's op as LLVM 22.1.8's ROCDL dialect prints it, with the value the row's call means."""

    name: str  # the MLIR argument name (LLVM's word for a variadic op)
    role: str
    attribute: bool  # an entry of the attr-dict (printed only when it is not its default), else an SSA operand
    immediate: bool  # an ImmArg of the intrinsic
    width: int  # the attribute's integer width (1 for a flag)
    default: int
    value: Optional[int]  # None: known only at run time (a fragment, a state field), or not known to analysis


_WIDTHS = {"I1Attr": 1, "I16Attr": 16, "I32Attr": 32, "I64Attr": 64}


def printed_call(spec: AtomSpec, instance: Instance, meant: dict[str, Optional[int]],
                 intrinsics: Optional[Intrinsics] = None) -> Optional[tuple[Printed, ...]]:
    """The row's op as LLVM 22.1.8 prints it: each argument in 22.1.8's order, with the value its meaning
    fixes (`meant`: check/families/semantics.py meant_immediates), else the value the bound call sends, else
    (an argument 22.1.8 has and the pinned LLVM does not) its default. None where the row has no bound call."""
    call = resolve_call(spec, instance, intrinsics)
    arguments = llvm22.bindings(instance.intrinsic)
    op = llvm22.rocdl_op(instance.intrinsic)
    if call is None or call.arity_error or arguments is None or op is None:
        return None
    constraints = {a.name: a.constraint for a in op.arguments}
    sent = {_normal(b.operand): b for b in call.bindings}
    named = {_normal(name): name for name, _ in call.by_name}
    meanings: dict[str, Optional[int]] = {_normal(name): value for name, value in meant.items()}
    printed = []
    for argument in arguments:
        key = _normal(argument.name)
        default = int(argument.default) if argument.default and _INTEGER.match(argument.default) else 0
        width = next((w for k, w in _WIDTHS.items() if k in (constraints.get(argument.name) or "")), 32)
        value = meanings.get(key, meanings.get(_normal(argument.llvm_name)))
        if value is not None:
            pass  # the value the meaning fixes: a format code, the value the layouts describe
        elif key in sent:
            value = bound_value(spec, instance, sent[key], intrinsics)
        elif key in named:
            parameter = spec.parameter(named[key])
            raw = instance.values.get(named[key], parameter.default if parameter is not None else None)
            value = int(raw) if isinstance(raw, (bool, int)) else None
        elif key not in meanings and _normal(argument.llvm_name) not in meanings:
            value = default  # not in the pinned list: the profile passes its default (llvm_api `reorder`)
        printed.append(Printed(argument.name, argument.role, argument.kind == "attribute", argument.immediate,
                               width, default, value))
    return tuple(printed)
