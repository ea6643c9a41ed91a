"""What the generated code turns into operands, immediates and opcodes, tied to the instruction
(rule family AG367, AG374-AG378).

The layout rules prove what a spec says about data; these rules prove that the fields the
generated C++ passes to the instruction say the same thing as the instruction: a state field
has the type and immediacy of the operand it becomes, a row's operation is its intrinsic's, a
format code encodes the row's element type, an immediate with a meaning (a broadcast, a block
or lane selection) holds the one value the layouts describe, and a copy moves real bits unless
it declares itself a whole-tile copy, and an atom whose threads are the CTAs of a pair says
cta_group::2 in its instruction. docs/rules.md ("How each field is tied") lists every field.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Optional

from atomgen.check.families.against_intrinsics import companions
from atomgen.check.intrinsics import Immediate, Intrinsic, Intrinsics, Operand
from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.layout import algebra
from atomgen.spec.emission import Feed, FormatCodes, Mfma, MfmaScale
from atomgen.spec.frozen import EMPTY
from atomgen.spec.model import AtomSpec, Instance, StateField
from atomgen.spec.sparsity import selector_parameter

STATE_FEED = Rule(
    "AG367",
    "state-feed",
    "A state field the generated code passes to the instruction has another type or immediacy than the "
    "operand it becomes.",
    "The template hands the field's slot to the intrinsic as it is: an i64 soffset makes the buffer op fail "
    "to verify, and an imm_offset that is not an immediate is folded into a runtime value the ImmArg cannot "
    "take (or hides a compile-time offset in VGPRs).",
    "- {name: imm_offset, enum_case: ImmOffset, llvm_type: i32, immediate: false, ...}   # lds_dma: offset",
    "Give the field the operand's type (the message names it) and `immediate: true` exactly when the operand "
    "is an immediate.",
)

OPERATION_INTRINSIC = Rule(
    "AG374",
    "operation-intrinsic",
    "A row's operation parameter names another operation than its intrinsic performs.",
    "The generated dispatch picks the op from the row: `atomicOp: max` on a fadd row lowers a max as an add.",
    "- {atomicOp: max, valType: f32, intrinsic: rocdl.raw.ptr.buffer.atomic.fadd, ...}",
    "Name the intrinsic of the operation (the intrinsics table's `operation`), or the operation of the intrinsic.",
)

FORMAT_CODE = Rule(
    "AG375",
    "format-code",
    "A matrix format code does not encode the row's element type.",
    "Scaled MFMA/WMMA read their A and B bits as the format the code names: fp8 data sent with the bf8 code "
    "(cbsz: 1) computes with the wrong exponent width, and nothing else in the spec can see it.",
    "- {elemTyA: f8E4M3FN, ..., emission: {cbsz: 1, blgp: 0}}   # 1 is bf8 (f8E5M2)",
    "Use the code the message names (the intrinsics table enum's `formats`).",
)

IMMEDIATE_MEANING = Rule(
    "AG376",
    "immediate-meaning",
    "An immediate that changes which data the instruction reads holds a value the layouts do not describe.",
    "MFMA's cbsz/abid broadcast one block of A to the others and blgp permutes B's lanes: a spec that sends "
    "cbsz = 1 with layouts of the plain product generates an atom that computes another product.",
    "emission: {pattern: mfma, args: [accTy, a, b, c, \"1\", \"0\", \"ROCDL::MFMAPermB::none\"]}",
    "Send the value the intrinsics table says the layouts describe (0 / none), or describe the broadcast in the "
    "layouts and the intrinsics table. A sparse atom's selector (SMFMAC abid) is the exception: sent from the "
    "parameter its sparse section names (`selector: abid`), each value is described there (AG343).",
)

PLACEHOLDER_COPY = Rule(
    "AG377",
    "placeholder-copy",
    "A copy moves less than a byte per thread without declaring itself a whole-tile copy.",
    "(1,1):(1,1) is the placeholder of a whole-tile copy (TMA, TDM), whose tile the descriptor describes; "
    "without `exceptions.whole_tile` it is proved as a real 1-bit copy, and no copy instruction moves less "
    "than a byte.",
    "layouts: {thr: \"1:1\", src: \"(1,1):(1,1)\", ...}   # no exceptions.whole_tile",
    "Declare `exceptions: {whole_tile: true}` and the whole_tile_copy trait, or give the real bit layouts.",
)

CTA_PAIR = Rule(
    "AG378",
    "cta-pair",
    "An atom's CTA count (exceptions.ctas) and its instruction's cta_group, or its thread count, disagree.",
    "With `ctas: 2` the layouts' thread mode is the two CTAs of a tcgen05 pair, each with its own shared and "
    "tensor memory. Written on a cta_group::1 instruction, each CTA's half of A, B and D would be read as "
    "the whole tile; a cta_group::2 row without it describes one CTA's memory for a product that spans two.",
    Example("layouts:\n", "exceptions: {ctas: 2}\nlayouts:\n", 20, "2"),
    "Declare `exceptions: {ctas: 2}` with `threads: 2` exactly when every row's instruction says cta_group::2 "
    "(tcgen05_mma only).",
)

RULES = (
    STATE_FEED,
    OPERATION_INTRINSIC,
    FORMAT_CODE,
    IMMEDIATE_MEANING,
    PLACEHOLDER_COPY,
    CTA_PAIR,
)

_CTA_GROUP = re.compile(r"\.cta_group::([0-9]+)\b")

_WIDTH = re.compile(r"^i([1-9][0-9]{0,3})$")
_CPP_WIDTH = {"int32_t": 32, "uint32_t": 32, "int64_t": 64, "uint64_t": 64, "int16_t": 16, "int8_t": 8, "bool": 1}
_INTEGER = re.compile(r"^-?[0-9]+$")


def check_semantics(spec: AtomSpec, intrinsics: Intrinsics) -> Iterator[Diagnostic]:
    yield from _cta_pair(spec)
    needs = spec.emission.needs
    if needs.kind != spec.kind:
        return  # AG371 says so
    yield from _state_feeds(spec, intrinsics, needs.feeds)
    if needs.operation:
        yield from _operations(spec, intrinsics, needs.operation)
    yield from _format_codes(spec, intrinsics)
    yield from _meaningful_immediates(spec, intrinsics)


# --- AG367: state fields that become operands -------------------------------------------------

def _field(spec: AtomSpec, feed: Feed) -> Optional[StateField]:
    return next((f for f in spec.state if f.enum_case == feed.state or (f.private and f.name == feed.state)), None)


def _entries(spec: AtomSpec, instance: Instance, intrinsics: Intrinsics) -> list[Intrinsic]:
    own = intrinsics.get(instance.intrinsic)
    return ([own] if own is not None else []) + companions(spec, instance, intrinsics)


def _state_feeds(spec: AtomSpec, intrinsics: Intrinsics, feeds: tuple[Feed, ...]) -> Iterator[Diagnostic]:
    reported: set[tuple[str, str]] = set()
    for feed in feeds:
        state_field = _field(spec, feed)
        if state_field is None:
            continue  # AG371 reports a missing field
        for instance in spec.instances:
            llvm_type = state_field.llvm_type_for(instance.values).replace(" ", "")
            if not _WIDTH.match(llvm_type) and not llvm_type.startswith("!llvm.ptr"):
                break  # not a slot type at all: AG366 is the one finding
            if not feed.operand:
                problems = _declared_feed(state_field, llvm_type, feed)
            else:
                problems = _units(state_field, feed) + [
                    p for entry in _entries(spec, instance, intrinsics)
                    for operand in [entry.operand(feed.operand)] if operand is not None
                    for p in _operand_feed(state_field, llvm_type, operand, entry)]
            for key, message in problems:
                if (state_field.name, key) not in reported:
                    reported.add((state_field.name, key))
                    yield STATE_FEED.at(spec, f"state field '{state_field.name}' {message}",
                                          state_field.path + (key,))


def _units(state_field: StateField, feed: Feed) -> list[tuple[str, str]]:
    if state_field.units == feed.units:
        return []
    return [("units", f"is in {state_field.units}, but the generated code takes it in {feed.units}"
                      + (" (it multiplies the value by the element width)" if feed.units == "elements" else ""))]


def _declared_feed(state_field: StateField, llvm_type: str, feed: Feed) -> list[tuple[str, str]]:
    problems = _units(state_field, feed)
    if llvm_type != feed.llvm_type:
        problems.append(("llvm_type", f"is {llvm_type}, but the generated code uses it as {feed.llvm_type}"))
    if state_field.immediate != feed.immediate:
        passed = "an immediate" if feed.immediate else "a runtime value"
        problems.append(("immediate", f"is declared immediate: {str(state_field.immediate).lower()}, but the "
                                      f"generated code passes it as {passed}"))
    return problems


def _operand_feed(state_field: StateField, llvm_type: str, operand: Operand,
                  entry: Intrinsic) -> list[tuple[str, str]]:
    problems = []
    immediate = operand.immediate
    if immediate is None:
        names = [t.replace(" ", "") for t in operand.type_names() if t != "data"]
        if names and llvm_type not in names:
            problems.append(("llvm_type", f"is {llvm_type}, but {entry.name} takes {' or '.join(names)} "
                                          f"for {operand.name}"))
        if state_field.immediate:
            problems.append(("immediate", f"is declared immediate, but {entry.name} takes {operand.name} as a "
                                          "runtime value: the generated code would demand a constant for nothing"))
        return problems
    width = _WIDTH.match(llvm_type)
    wanted = _CPP_WIDTH.get(immediate.cpp_type)
    if wanted is not None and (width is None or int(width.group(1)) != wanted):
        problems.append(("llvm_type", f"is {llvm_type}, but {entry.name}'s {operand.name} is an immediate "
                                      f"{immediate.cpp_type} (i{wanted})"))
    if not state_field.immediate:
        problems.append(("immediate", f"becomes the immediate {operand.name} of {entry.name}: declare "
                                      "`immediate: true` so it stays a compile-time constant"))
    low, high = immediate.low, immediate.high
    if (low is not None and state_field.default < low) or (high is not None and state_field.default > high):
        problems.append(("default", f"default {state_field.default} is outside {entry.name}'s {operand.name} "
                                    f"range {low}..{high}"))
    return problems


# --- AG374: the row's operation is its intrinsic's --------------------------------------------

def _operations(spec: AtomSpec, intrinsics: Intrinsics, parameter: str) -> Iterator[Diagnostic]:
    for instance in spec.instances:
        entry = intrinsics.get(instance.intrinsic)
        value = instance.values.get(parameter)
        if entry is None or not entry.operation or value is None:
            continue
        if str(value) != entry.operation:
            same = sorted(n for n, e in intrinsics.entries.items()
                          if e.operation == str(value) and set(e.patterns) & {spec.pattern})
            hint = (f"; {value} is {', '.join(same)}",) if same else ()
            where = instance.path + ((parameter,) if parameter in instance.given else ())
            yield OPERATION_INTRINSIC.at(spec,
                f"instance {instance.id}: {parameter} is {value}, but {entry.name} performs {entry.operation}: the "
                f"generated code would lower {value} as {entry.operation}",
                where, notes=hint)


# --- AG375: format codes encode the row's element types ---------------------------------------

FORMAT_KEYS = {"mfma_scale": (("cbsz", "a"), ("blgp", "b")), "wmma_scale": (("fmtA", "a"), ("fmtB", "b")),
               "call_intrinsic": (("fmtA", "a"), ("fmtB", "b"))}


def format_code(spec: AtomSpec, instance: Instance, key: str, role: str) -> Optional[int]:
    """The format code the generated code sends for `key` (render reads this too): the row's own
    integer, else the emission's `format_codes` entry of the row's element type of `role`."""
    value = instance.emission.format_value(key)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    codes = spec.emission.format_codes if isinstance(spec.emission, FormatCodes) else EMPTY
    code = codes.get(str(instance.values.get(spec.operand_types.get(role, ""))))
    return code if isinstance(code, int) and not isinstance(code, bool) else None


def _format_enum(spec: AtomSpec, intrinsics: Intrinsics) -> Optional[Immediate]:
    return next((e for e in intrinsics.enums.values() if e.formats), None)


def _format_codes(spec: AtomSpec, intrinsics: Intrinsics) -> Iterator[Diagnostic]:
    keys = FORMAT_KEYS.get(spec.pattern, ())
    enum = _format_enum(spec, intrinsics)
    if not keys or enum is None or not isinstance(spec.emission, FormatCodes):
        return
    for element, given in spec.emission.format_codes.items():
        wanted = enum.format_code(str(element))
        if wanted is None or given != wanted:
            yield FORMAT_CODE.at(
                spec, f"format_codes gives {element} the code {given}, but {enum.cpp_type} encodes it as "
                f"{_code_text(enum, wanted)}", ("emission", "format_codes", element))
    for instance in spec.instances:
        variant = spec.variant(instance.variant)
        for key, role in keys:
            raw = instance.emission.format_value(key)
            if isinstance(variant, tuple) and key not in [str(t) for t in variant]:
                if raw is not None:
                    yield FORMAT_CODE.at(
                        spec, f"instance {instance.id}: the {instance.variant} builder takes no {key}, so "
                        f"emission.{key} is never read", instance.path + ("emission", key))
                continue  # this row's builder takes no format code (gfx1250 F4)
            if raw is not None and not (isinstance(raw, int) and not isinstance(raw, bool)):
                yield FORMAT_CODE.at(
                    spec, f"instance {instance.id}: emission.{key} is {raw!r}, which the generated code never "
                    "reads: a row's format code is an integer (or comes from emission.format_codes)",
                    instance.path + ("emission", key))
                continue
            element = str(instance.values.get(spec.operand_types.get(role, "")))
            code, wanted = format_code(spec, instance, key, role), enum.format_code(element)
            if code is None:
                yield FORMAT_CODE.at(
                    spec, f"instance {instance.id}: the {instance.variant} builder sends {key}, but no format code "
                    f"is given for {role.upper()} elements {element} (emission.format_codes, or the row's "
                    f"emission.{key})", instance.path)
            elif code != wanted:
                where = instance.path + (("emission", key) if raw is not None else ())
                yield FORMAT_CODE.at(
                    spec, f"instance {instance.id}: {key} sends {_code_text(enum, code)} for {role.upper()} "
                    f"elements {element}, which {enum.cpp_type} encodes as {_code_text(enum, wanted)}", where)


def _code_text(enum: Immediate, code: Optional[int]) -> str:
    if code is None:
        return "nothing (no format)"
    name = next((n for n, c in enum.cases if c == code), None)
    return f"{code} ({name})" if name else str(code)


# --- AG376: immediates with a meaning hold the value the layouts describe -----------------------

def argument_tokens(spec: AtomSpec, instance: Instance) -> Optional[tuple[list[str], tuple[Any, ...], int]]:
    """The builder arguments of a row after the result type, the path they are written at and the
    index of the first one there."""
    tokens: object
    path: tuple[Any, ...]
    if isinstance(spec.emission, (Mfma, MfmaScale)):
        tokens, path = spec.emission.args, ("emission", "args")
    else:
        tokens, path = spec.variant(instance.variant), ("emission", "variants", instance.variant or "")
    if not isinstance(tokens, tuple):
        return None
    texts = [str(t) for t in tokens]
    return (texts[1:], path, 1) if texts[:1] in (["accTy"], ["resTy"]) else (texts, path, 0)


def _token_values(spec: AtomSpec, instance: Instance, token: str, intrinsics: Intrinsics) -> Optional[set[int]]:
    """The values a builder argument can take for a row; None when it is not a constant atomgen knows."""
    if _INTEGER.match(token):
        return {int(token)}
    if "::" in token:
        case = token.rsplit("::", 1)[1]
        enum_type = token.rsplit("::", 1)[0]
        enum = next((e for e in intrinsics.enums.values() if e.cpp_type == enum_type), None)
        code = enum.code(case) if enum is not None else None
        return None if code is None else {code}
    raw = instance.emission.format_value(token)
    if isinstance(raw, int) and not isinstance(raw, bool):
        return {raw}
    parameter = spec.parameter(token)
    if parameter is not None and parameter.is_integer:
        if parameter.free_values is not None:
            return {int(v) for v in parameter.free_values if isinstance(v, int)}
        if parameter.free_min is not None or parameter.free_max is not None:
            low, high = parameter.free_min or 0, parameter.free_max if parameter.free_max is not None else 1 << 31
            return set(range(low, min(high, low + 64) + 1))
        value = instance.values.get(token)
        return {int(value)} if isinstance(value, int) else None
    return None


def meant_immediates(spec: AtomSpec, instance: Instance, intrinsics: Intrinsics) -> dict[str, Optional[int]]:
    """Each immediate of the row's intrinsic -> the value its meaning fixes, independent of the
    generated code: the one value the layouts describe (AG376), the format code of the row's element
    type (AG375); else the row's builder argument when it is a constant atomgen knows; None otherwise.
    Generated tests and the ISA rung (atomgen/isa) expect these values."""
    entry = intrinsics.get(instance.intrinsic)
    if entry is None:
        return {}
    found = argument_tokens(spec, instance)
    tokens = found[0] if found is not None and len(found[0]) == len(entry.operands) else None
    formats = dict(FORMAT_KEYS.get(spec.pattern, ()))
    meant: dict[str, Optional[int]] = {}
    selector = selector_parameter(spec.sparse)
    for index, operand in enumerate(entry.operands):
        immediate = operand.immediate
        if immediate is None:
            continue
        if selector is not None and tokens is not None and str(tokens[index]) == selector:
            # the sparsity selector (SMFMAC abid): the row's value, each one described by the sparse section
            value = instance.values.get(selector, instance.pin.get(selector, spec.parameter(selector).default))  # type: ignore[union-attr]
            meant[operand.name] = int(value) if isinstance(value, int) and not isinstance(value, bool) else None
        elif immediate.describes is not None:
            meant[operand.name] = immediate.describes
        elif immediate.format_of is not None or operand.name in formats:
            role = immediate.format_of or formats[operand.name]
            meant[operand.name] = format_code(spec, instance, operand.name, role)
        else:
            values = _token_values(spec, instance, tokens[index], intrinsics) if tokens is not None else None
            if values is None and spec.parameter(operand.name) is not None:  # an atom parameter (signA, clamp)
                value = instance.values.get(operand.name, spec.parameter(operand.name).default)  # type: ignore
                values = {int(value)} if isinstance(value, (bool, int)) else None
            meant[operand.name] = next(iter(values)) if values is not None and len(values) == 1 else None
    # A format the op takes as an attribute the intrinsics table does not list (the scaled WMMA's fmtA/fmtB), where
    # the row's builder takes it (gfx1250's 32x16x128 F4 instruction has one format, and no field).
    variant = spec.variant(instance.variant)
    for key, role in formats.items():
        if key not in meant and not (isinstance(variant, tuple) and key not in [str(t) for t in variant]):
            meant[key] = format_code(spec, instance, key, role)
    return meant


def _meaningful_immediates(spec: AtomSpec, intrinsics: Intrinsics) -> Iterator[Diagnostic]:
    reported: set[tuple[Any, ...]] = set()
    for instance in spec.instances:
        entry = intrinsics.get(instance.intrinsic)
        found = argument_tokens(spec, instance)
        if entry is None or found is None or not any(
                o.immediate is not None and o.immediate.describes is not None for o in entry.operands):
            continue
        tokens, path, first = found
        if len(tokens) != len(entry.operands):
            continue  # builder arguments not in the op's operand order: AG372 / the real build judge them
        for index, (token, operand) in enumerate(zip(tokens, entry.operands)):
            immediate = operand.immediate
            if immediate is None or immediate.describes is None:
                continue
            if str(token) == selector_parameter(spec.sparse):
                continue  # the sparsity selector: the sparse section describes each value (AG343 bounds them)
            values = _token_values(spec, instance, token, intrinsics)
            if values is None or values == {immediate.describes}:
                continue  # None: not a constant atomgen knows (AG372 judges the token)
            where = path + (first + index,)
            parameter = spec.parameter(token)
            if parameter is not None:
                where = parameter.path
            if (where, operand.name) in reported:
                continue
            reported.add((where, operand.name))
            shown = ", ".join(str(v) for v in sorted(values))
            yield IMMEDIATE_MEANING.at(spec,
                f"instance {instance.id}: {operand.name} of {entry.name} is {token} ({shown}), but the layouts "
                f"describe {operand.name} = {immediate.describes} only: another value changes which data the "
                "instruction reads",
                where)


# --- AG377: a copy moves real bits, or is a declared whole-tile copy ----------------------------

def check_placeholder_copies(spec: AtomSpec, evaluated: list[Any]) -> Iterator[Diagnostic]:
    if spec.kind != "copy" or spec.whole_tile:
        return
    for item in evaluated:
        for role in ("src", "dst", "ref"):
            operand = item.operands.get(role)
            if operand is None:
                continue
            bits = algebra.size(operand.layout) // max(spec.threads, 1)
            if bits < 8:
                yield PLACEHOLDER_COPY.at(spec,
                    f"instance {item.instance.id}: layout '{role}' moves {bits} bit(s) per thread "
                    f"({algebra.format_layout(operand.layout)}); a placeholder of a whole-tile copy needs "
                    "exceptions.whole_tile",
                    operand.piece.path)
                return


# --- AG378: the CTAs of a tcgen05 pair --------------------------------------------------------

def _cta_pair(spec: AtomSpec) -> Iterator[Diagnostic]:
    where = ("exceptions", "ctas")
    if spec.ctas != 1:
        if spec.pattern != "tcgen05_mma":
            yield CTA_PAIR.at(spec, f"exceptions.ctas: {spec.ctas} is for tcgen05 (cta_group::2) atoms, whose "
                                  f"threads are CTAs; emission pattern '{spec.pattern}' issues per lane", where)
            return
        if spec.threads != spec.ctas:
            yield CTA_PAIR.at(spec, f"exceptions.ctas: {spec.ctas} makes each thread a CTA of the pair: "
                                  f"threads must be {spec.ctas}, not {spec.threads}", where)
    elif spec.pattern != "tcgen05_mma":
        return
    for instance in spec.instances:
        found = _CTA_GROUP.search(instance.instruction or "")
        group = int(found.group(1)) if found else 1
        if group != spec.ctas:
            said = f"exceptions.ctas is {spec.ctas}" if spec.ctas != 1 else "the atom declares no exceptions.ctas"
            yield CTA_PAIR.at(spec, f"instance {instance.id}: instruction '{instance.instruction}' issues "
                                  f"cta_group::{group}, but {said}", instance.path + ("instruction",))
