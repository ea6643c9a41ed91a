"""The instruction call, tied to the spec (rule family AG401-AG404).

A spec says which instruction each row calls in two ways: the builder arguments of the emission (`args`,
`variants`: the op's operands in the op's order) and the row's instruction text. Both used to be taken
as written: a sign flag in B's slot, a clamp replaced by `false`, A and B swapped, or `.col.row` written
on a row whose layouts are `.col.col`, changed the generated call and passed every other rule.

Here every argument is bound to the operand it feeds, by the name LLVM 22.1.8's TableGen gives that
operand (atomgen/intrinsics/llvm22/, derived by scripts/llvm-operands.py), and each operand has a role
(A's fragment, B's sign, A's format code, A's scale, ...) from the hand-written layer
(atomgen/intrinsics/llvm22/roles.yaml, each fact citing its .td line). A binding's value must have the
operand's role (AG401); a parameter or state field a row accepts must reach an operand (AG402); the
argument list must have the op's length (AG403); every word of a PTX instruction text is parsed
(atomgen/spec/instruction.py) and held to the row (AG404).
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from atomgen.check.call import Binding, Call, resolve_call
from atomgen.check.intrinsics import Intrinsics
from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.spec.emission import BulkCopy
from atomgen.spec.instruction import ELEMENT_TYPES, PtxInstruction, parse_ptx
from atomgen.spec.model import AtomSpec, Instance

OPERAND_ROLE = Rule(
    "AG401",
    "operand-role",
    "A builder argument feeds an operand whose role is not the argument's: B's fragment in A's slot, A's sign "
    "flag in B's, B's scale or format code where A's belongs.",
    "The op takes its operands by position; a swapped pair still compiles, lowers and runs, and computes "
    "another product (the transpose of D, A's signedness applied to B, A scaled by B's scales). Nothing "
    "after check sees it: the generated tests are rendered from the same spec.",
    Example("args: [accTy, a, b, c,", "args: [accTy, b, a, c,", 30, "b, a, c"),
    "Put each value in the slot of the operand with its role; the message names the operand, its role and "
    "the slot (LLVM's operand names: atomgen/intrinsics/llvm22/).",
)

UNBOUND_VALUE = Rule(
    "AG402",
    "unbound-value",
    "A parameter or state field a row accepts reaches no operand of the row's call.",
    "The atom accepts the value, prints it and verifies it, and the instruction never receives it: a clamp "
    "replaced by `false` in the argument list makes every clamped atom compute without clamping.",
    'variants: {IU: [accTy, signA, a, signB, b, c, "false"]}   # clamp is accepted by the IU rows',
    "Pass the parameter to the operand of its role, or pin it in the rows whose instruction has no such operand "
    "(`pin: {clamp: false}`).",
)

CALL_ARITY = Rule(
    "AG403",
    "call-arity",
    "A builder argument list does not have one argument per operand of the row's op.",
    "An argument list one short or one long binds every later argument to the wrong operand, or fails to compile "
    "only in the real build; the operand list is LLVM's (atomgen/intrinsics/llvm22/).",
    Example('c, "0", "0", "ROCDL::MFMAPermB::none"]', 'c, "0", "ROCDL::MFMAPermB::none"]', 30, "["),
    "Give one argument per operand, in the op's order (the message lists them).",
)

INSTRUCTION_WORD = Rule(
    "AG404",
    "instruction-word",
    "A word of a row's PTX instruction text contradicts the row: `.row`/`.col` against transA/transB, an element "
    "type against the row's, `.trans` or `.xN` against transpose/num, `.cg` with less than 16 bytes, `.Nd` against "
    "the rank, a kind against the element types, or a word the instruction's grammar does not have.",
    "The generated code emits the instruction's fields as the text spells them: a `.col.row` label on a row whose "
    "layouts are `.col.col` runs another instruction than the layouts describe, and the generated tests, rendered "
    "from the same text, agree with it.",
    "- {transA: true, transB: false, instruction: mma.sync.aligned.m8n8k4.col.row.f32.f16.f16.f32, ...}",
    "Spell the instruction the row's parameters describe (the message names the word and what the row says).",
)

OPERAND_DOMAIN = Rule(
    "AG405",
    "operand-domain",
    "A row accepts a value of a parameter that its instruction cannot take for the row's element types: a "
    "transposed (MN-major) A or B on a wgmma row whose types are not f16/bf16.",
    "The pin is the only thing that keeps verify() from accepting the configuration: without it the atom "
    "accepts transA = true on a tf32 row and emits imm-trans-a = 1, which wgmma does not define for tf32, fp8 "
    "or integer operands.",
    "- {..., elemTyA: tf32, elemTyB: tf32, ...}   # no `pin: {transA: false, transB: false}`",
    "Pin the parameter to the value the instruction takes for these types (`pin: {transA: false}`).",
)

RULES = (OPERAND_ROLE, UNBOUND_VALUE, CALL_ARITY, INSTRUCTION_WORD, OPERAND_DOMAIN)

# PTX ISA 9.7.15.5.1 (wgmma.mma_async): "imm-trans-a and imm-trans-b ... transpose ... only for the .f16/.bf16
# types"; the other types are K-major only.
_TRANSPOSABLE = {"wgmma_ss": ("f16", "bf16"), "wgmma_sp": ("f16", "bf16"), "wgmma_rs": ("f16", "bf16")}


def check_call(spec: AtomSpec, intrinsics: Optional[Intrinsics] = None) -> Iterator[Diagnostic]:
    """AG401-AG405 over every row: the bound call, the values the instruction takes, the instruction's words."""
    reported: set[tuple[str, Any, str]] = set()
    for instance in spec.instances:
        call = resolve_call(spec, instance, intrinsics)
        if call is not None:
            for finding in _call_findings(spec, instance, call):
                key = (finding.rule, finding.position, "")  # one finding per slot: later rows repeat it
                if key not in reported:
                    reported.add(key)
                    yield finding
        yield from _domain_findings(spec, instance)
        if instance.instruction:
            parsed = parse_ptx(instance.instruction)
            for finding in _word_findings(spec, instance, parsed) if parsed is not None else ():
                key = (finding.rule, finding.position, finding.message.split("': ", 1)[-1])
                if key not in reported:  # the rows of one family share their instruction's line
                    reported.add(key)
                    yield finding


# --- AG401-AG403: the builder arguments bound to the op's operands --------------------------------

def _call_findings(spec: AtomSpec, instance: Instance, call: Call) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    if call.arity_error:
        findings.append(CALL_ARITY.at(
            spec, f"instance {instance.id}: {call.arity_error}", call.path))
        return findings
    for binding in call.bindings:
        problem = _role_problem(binding)
        if problem:
            findings.append(OPERAND_ROLE.at(
                spec, f"instance {instance.id}: {problem}", binding.path or call.path + (binding.slot,),
                notes=(f"{call.op}: {call.signature}", binding.source)))
    received = call.received
    for name, path in call.accepted:
        if name not in received:
            findings.append(UNBOUND_VALUE.at(
                spec, f"instance {instance.id}: {name} is accepted by this row but no operand of {call.op} receives "
                f"it ({call.signature})", path))
    return findings


def _role_problem(binding: Binding) -> str:
    """Why a binding's value cannot feed its operand ('' when it can)."""
    want, have, enum = binding.role, binding.value_role, binding.enum
    if have.startswith("enum:"):
        if enum is None and not want or enum and have[len("enum:"):] == enum:
            return ""
        takes = f"a {enum} case" if enum else "an integer" if enum == "" else "no enum case"
        return f"operand {binding.operand} ({_describe(want)}) takes {takes}, not {binding.value}"
    if not want or want == have or have and want.startswith(have):  # fmt0: the scale format of A or B
        return ""
    if have == "constant":
        if want.startswith("fragment"):
            return f"operand {binding.operand} ({_describe(want)}) takes the constant {binding.value}"
        if enum:
            return f"operand {binding.operand} ({_describe(want)}) takes a {enum} case, not {binding.value}"
        return ""  # a constant where the row accepts no value: AG402 judges what was dropped
    return (f"operand {binding.operand} is {_describe(want)}, but its slot holds {binding.value} "
            f"({_describe(have) if have else 'no role this operand has'})")


_WORDS = {"fragment": "{}'s fragment", "sign": "{}'s sign", "format": "{}'s format code", "scale": "{}'s scale",
          "scale_select": "the selector of {}'s scale", "reuse": "{}'s reuse hint", "mod": "{}'s modifier",
          "scale_format": "the format of {}'s scales"}


def _describe(role: str) -> str:
    head, _, operand = role.rpartition("_")
    if head in _WORDS and operand in ("a", "b", "c"):
        return _WORDS[head].format(operand.upper())
    return role.replace("_", " ")


# --- AG405: values the instruction cannot take for the row's types -------------------------------

def _domain_findings(spec: AtomSpec, instance: Instance) -> list[Diagnostic]:
    allowed = _TRANSPOSABLE.get(spec.pattern)
    if allowed is None:
        return []
    findings = []
    for name, operand in (("transA", "a"), ("transB", "b")):
        parameter = spec.parameter(name)
        element = _value(instance, spec.operand_types.get(operand, ""))
        if parameter is None or not parameter.is_free or name in instance.pin or element in allowed:
            continue
        findings.append(OPERAND_DOMAIN.at(
            spec, f"instance {instance.id}: {name} is free on a row whose {operand.upper()} is {element}; wgmma "
            f"transposes {'/'.join(allowed)} operands only (PTX ISA wgmma.mma_async: imm-trans): pin {name}: false",
            instance.path))
    return findings


# --- AG404: the words of a PTX instruction --------------------------------------------------------

_KINDS = {
    "f16": ("f16", "bf16"), "tf32": ("tf32",), "i8": ("i8", "ui8"),
    "f8f6f4": ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"),
    "mxf8f6f4": ("f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"),
    "mxf4": ("f4E2M1FN",), "mxf4nvf4": ("f4E2M1FN",),
}


def _value(instance: Instance, name: str) -> object:
    return instance.values.get(name)


def _word_findings(spec: AtomSpec, instance: Instance, parsed: PtxInstruction) -> list[Diagnostic]:
    problems: list[str] = [f"'.{word}' is not a word of the {parsed.family} instruction's grammar"
                           for word in parsed.unknown]
    if parsed.family == "mma":
        want = ("col" if _value(instance, "transA") is True else "row",
                "row" if _value(instance, "transB") is True else "col")
        if parsed.layouts != want:
            problems.append(
                f"the operand orders are .{'.'.join(parsed.layouts) or '(none)'}, the row's transA/transB "
                f"({_value(instance, 'transA') is True}, {_value(instance, 'transB') is True}) and layouts say "
                f".{'.'.join(want)}")
    if parsed.family in ("mma", "wgmma") and parsed.types:
        problems += _type_problems(spec, instance, parsed)
    if parsed.family in ("ldmatrix", "stmatrix"):
        if spec.parameter("transpose") is not None and parsed.transposed != (_value(instance, "transpose") is True):
            problems.append(f"{'.trans' if parsed.transposed else 'no .trans'} on a row with transpose = "
                            f"{_value(instance, 'transpose') is True}")
        if spec.parameter("num") is not None and parsed.count != _value(instance, "num"):
            problems.append(f".x{parsed.count} on a row with num = {_value(instance, 'num')}")
    if parsed.family == "cp" and parsed.cache:
        if spec.parameter("cacheModifier") is not None and parsed.cache != _value(instance, "cacheModifier"):
            problems.append(f".{parsed.cache} on a row with cacheModifier = {_value(instance, 'cacheModifier')}")
        size = _value(instance, "bitSize")
        if parsed.cache == "cg" and isinstance(size, int) and size != 128:
            problems.append(f"cp.async.cg copies 16 bytes only (PTX ISA cp.async: cp-size 16 for .cg); the row "
                            f"copies {size // 8}")
    if parsed.family == "cp" and parsed.rank is not None and spec.parameter("rank") is not None \
            and parsed.rank != _value(instance, "rank"):
        problems.append(f".{parsed.rank}d on a row of rank {_value(instance, 'rank')}")
    reduce = str(getattr(spec.emission, "reduce", "") or "")  # the parameter naming a TMA reduction's operation
    if parsed.family == "cp" and reduce and spec.parameter(reduce) is not None \
            and parsed.reduction != _value(instance, reduce):
        problems.append(f".{parsed.reduction or '(no reduction)'} on a row whose {reduce} is "
                        f"{_value(instance, reduce)}")
    multicast = bool(getattr(spec.emission, "multicast", False))  # tma_load's: the op takes the CTA mask
    if parsed.family == "cp" and spec.pattern == "tma_load" and parsed.multicast != multicast:
        problems.append(f"{'.multicast::cluster' if parsed.multicast else 'no .multicast::cluster'} on an atom "
                        f"whose emission {'passes' if multicast else 'passes no'} CTA mask (emission.multicast)")
    im2col = bool(getattr(spec.emission, "im2col", False))  # tma_load's: the op takes the im2col offsets
    if parsed.family == "cp" and spec.pattern == "tma_load" and parsed.im2col != im2col:
        problems.append(f"{'.im2col' if parsed.im2col else '.tile (no .im2col)'} on an atom whose emission "
                        f"{'passes' if im2col else 'passes no'} im2col offsets (emission.im2col)")
    if parsed.family == "cp" and parsed.im2col and parsed.rank is not None and parsed.rank < 3:
        problems.append(f".im2col on a {parsed.rank}d copy: the im2col mode takes ranks 3 to 5 (PTX ISA "
                        f"cp.async.bulk.tensor: rank - 2 im2col offsets)")
    if parsed.family == "cp" and isinstance(spec.emission, BulkCopy) and parsed.spaces \
            and isinstance(store := _value(instance, "store"), bool) and (parsed.spaces[0] == "global") != store:
        problems.append(f"the destination is .{parsed.spaces[0]} on a row with store = {str(store).lower()} "
                        f"(store: the copy goes {'shared -> global' if store else 'global -> shared'})")
    if parsed.family == "tcgen05" and parsed.kind:
        a_type = _value(instance, spec.operand_types.get("a", "elemTyA"))
        allowed = _KINDS.get(parsed.kind)
        if allowed is None:
            problems.append(f"kind::{parsed.kind} is no tcgen05.mma kind")
        elif a_type not in allowed:
            problems.append(f"kind::{parsed.kind} takes A as {', '.join(allowed)}, the row's A is {a_type}")
    if parsed.family == "tcgen05" and parsed.kind:
        named = spec.mnemonic.rsplit(".", 1)[-1]  # an atom named for its kind (sm100.tcgen05.mma.mxf4) issues it
        if named in _KINDS and named != parsed.kind:
            problems.append(f"kind::{parsed.kind} in the atom {spec.mnemonic}, which is named for kind::{named}")
    if parsed.family == "tcgen05" and spec.pattern in ("tcgen05_ld", "tcgen05_st", "tcgen05_cp"):
        problems += _tmem_copy_problems(spec, instance, parsed)
    where = instance.path + ("instruction",)
    return [INSTRUCTION_WORD.at(spec, f"instance {instance.id}: instruction '{parsed.text}': {problem}", where)
            for problem in problems]


# tcgen05.ld / st: (dp, bits) -> the shape word, and the most repetitions PTX gives it (9.7.16.8.4: the
# registers of one thread are at most 128)
_TMEM_SHAPE_WORDS = {(32, 32): ("32x32b", 128), (16, 32): ("16x32bx2", 128), (16, 64): ("16x64b", 128),
                     (16, 128): ("16x128b", 64), (16, 256): ("16x256b", 32)}
# tcgen05.cp: (rows, bits) -> the multicast cases the shape takes (9.7.16.8.3)
_CP_MULTICASTS = {(128, 256): ("none",), (4, 256): ("none",), (128, 128): ("none",),
                  (64, 128): ("warpx2_02_13", "warpx2_01_23"), (32, 128): ("warpx4",)}


def _tmem_copy_problems(spec: AtomSpec, instance: Instance, parsed: PtxInstruction) -> list[str]:
    """tcgen05.ld / st / cp: the operation, the shape, the repetition, (un)packing and multicast words against
    the row (what the lowering passes to NVVM's op comes from the row, the layouts from the same values)."""
    op = spec.pattern.rsplit("_", 1)[-1]
    words = parsed.text.split(".")
    problems = [] if len(words) > 1 and words[1] == op else [f"the atom's pattern issues tcgen05.{op}"]
    if op == "cp":
        rows, bits, multicast = _value(instance, "rows"), _value(instance, "bits"), str(_value(instance, "multicast"))
        word = f"{rows}x{bits}b"
        takes = _CP_MULTICASTS.get((rows, bits), ()) if isinstance(rows, int) and isinstance(bits, int) else ()
        if not takes:
            problems.append(f"no tcgen05.cp shape has rows = {rows}, bits = {bits}")
        elif parsed.tmem_shape != word:
            problems.append(f".{parsed.tmem_shape or '(no shape)'} on a row with rows = {rows}, bits = {bits} "
                            f"(the .{word} shape)")
        spelled = parsed.cp_multicast.replace("::", "_") or "none"
        if spelled != multicast:
            problems.append(f"{'.' + parsed.cp_multicast if parsed.cp_multicast else 'no multicast'} on a row "
                            f"whose multicast is {multicast}")
        elif takes and multicast not in takes:
            problems.append(f"the {word} shape takes multicast {', '.join(takes)}, not {multicast}")
        return problems
    dp, bits, num = _value(instance, "dp"), _value(instance, "bits"), _value(instance, "num")
    known = _TMEM_SHAPE_WORDS.get((dp, bits)) if isinstance(dp, int) and isinstance(bits, int) else None
    if known is None:
        problems.append(f"no tcgen05.{op} shape has dp = {dp}, bits = {bits}")
    elif parsed.tmem_shape != known[0]:
        problems.append(f".{parsed.tmem_shape or '(no shape)'} on a row with dp = {dp}, bits = {bits} "
                        f"(the .{known[0]} shape)")
    elif isinstance(num, int) and num > known[1]:
        problems.append(f"the .{known[0]} shape repeats at most .x{known[1]}, the row has num = {num}")
    if parsed.repetition != num:
        problems.append(f".x{parsed.repetition} on a row with num = {num}" if parsed.repetition is not None
                        else f"no repetition (.x1 ... .x128) on a row with num = {num}")
    flag, word = ("pack", "pack::16b") if op == "ld" else ("unpack", "unpack::16b")
    if parsed.pack and parsed.pack != word:
        problems.append(f".{parsed.pack} is not a tcgen05.{op} word (tcgen05.{op} takes .{word})")
    elif (parsed.pack == word) != (_value(instance, flag) is True):
        problems.append(f"{'.' + word if parsed.pack else 'no .' + word} on a row with {flag} = "
                        f"{str(_value(instance, flag) is True).lower()}")
    return problems


def _type_problems(spec: AtomSpec, instance: Instance, parsed: PtxInstruction) -> list[str]:
    problems = []
    types = spec.operand_types
    spelled = parsed.element_types
    for operand in ("d", "a", "b", "c"):
        if operand not in spelled:
            continue
        parameter = types.get(operand) or (types.get("c") if operand == "d" else None)
        row = _value(instance, parameter) if parameter else None
        word = parsed.types[("d", "a", "b", "c").index(operand)]
        if row is not None and ELEMENT_TYPES.get(word) != row and not _same_integer(word, row):
            problems.append(f"'.{word}' is {operand.upper()}'s type, the row's {operand.upper()} is {row}")
    return problems


def _same_integer(word: str, row: object) -> bool:
    """`.s32` accumulates an ui8 product too (and `.u8` is ui8, `.s8` i8): only the width and signedness
    the instruction spells must agree."""
    return word == "s32" and row in ("i32", "si32")


def words_of(instance: Instance) -> Optional[PtxInstruction]:
    """The parsed instruction of a row, for render (None: no PTX text)."""
    return parse_ptx(instance.instruction) if instance.instruction else None
