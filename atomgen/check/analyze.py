"""The rules of `atomgen check` (docs/architecture.md, "What `check` proves") over one typed spec.

Each rule yields Diagnostics with a stable id; `atomgen explain ID` documents it
(atomgen/check/rules.py). Structural rules run on the layout text; coverage, packing and
recast rules run on every instance's concrete layouts; parametric facts are also proved
symbolically (atomgen/check/proofs.py).
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, Iterator, Optional

from atomgen.check import against_catalog, coverage, emission, immediates, sparse, tcgen05, tensor_memory
from atomgen.check.catalog import Catalog
from atomgen.check.descriptor import check_descriptor
from atomgen.check.evaluate import EvaluatedInstance, evaluate_instance
from atomgen.check.verify_section import check_verify_section
from atomgen.diagnostics import Diagnostic
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout, RecastError
from atomgen.spec import asmformat
from atomgen.spec.backend import Backend
from atomgen.spec.expr import ExprError, Tup, congruent, evaluate, names_in
from atomgen.spec.mlir_types import element_bits, parse_packed
from atomgen.spec.model import AtomSpec, Instance, LayoutPiece
from atomgen.spec.sparsity import SPARSE_ROLES

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\Z")
CPP_KEYWORDS = frozenset(
    [
        "alignas",
        "alignof",
        "and",
        "asm",
        "auto",
        "bitand",
        "bitor",
        "bool",
        "break",
        "case",
        "catch",
        "char",
        "class",
        "const",
        "constexpr",
        "continue",
        "decltype",
        "default",
        "delete",
        "do",
        "double",
        "else",
        "enum",
        "explicit",
        "export",
        "extern",
        "false",
        "float",
        "for",
        "friend",
        "goto",
        "if",
        "inline",
        "int",
        "long",
        "mutable",
        "namespace",
        "new",
        "noexcept",
        "not",
        "nullptr",
        "operator",
        "or",
        "private",
        "protected",
        "public",
        "register",
        "return",
        "short",
        "signed",
        "sizeof",
        "static",
        "struct",
        "switch",
        "template",
        "this",
        "throw",
        "true",
        "try",
        "typedef",
        "typename",
        "union",
        "unsigned",
        "using",
        "virtual",
        "void",
        "volatile",
        "while",
        "xor",
    ]
)
POINTER_TYPE = re.compile(r"^!llvm\.ptr(<[0-9]+>)?$")
STANDARD_VAL_BITS = (8, 16, 32, 64)


@dataclass
class Analysis:
    """What analyzing one spec found: diagnostics, and the evaluated instances for `show`."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    evaluated: list[EvaluatedInstance] = field(default_factory=list)
    proofs: list[dict[str, Any]] = field(default_factory=list)


def analyze(
    spec: AtomSpec, backend: Optional[Backend], catalog: Optional[Catalog], prove: bool = True
) -> Analysis:
    analysis = Analysis()
    out = analysis.diagnostics
    out.extend(check_names(spec))
    out.extend(check_parameters(spec))
    out.extend(check_assembly_format(spec))
    out.extend(check_exceptions(spec))
    out.extend(tensor_memory.check_spec(spec))
    out.extend(tcgen05.check_spec(spec))
    structural = list(check_layout_structure(spec))
    out.extend(structural)
    out.extend(check_instance_table(spec))
    if catalog is not None:
        for instance in spec.instances:
            out.extend(against_catalog.check_instance(spec, instance, catalog, backend))
        out.extend(immediates.check_immediates(spec, catalog))
    out.extend(check_state(spec, backend))
    out.extend(emission.check_emission(spec))
    out.extend(check_verify_section(spec))
    out.extend(check_descriptor(spec))
    if any(d.rule in ("AG304", "AG301", "AG303", "AG202") for d in structural):
        return analysis  # concrete evaluation of malformed layouts only repeats the finding
    reported: set[tuple[str, str]] = set()
    global _LEDGER
    _LEDGER = coverage.Ledger()
    for instance in spec.instances:
        evaluated, problems = evaluate_instance(spec, instance)
        out.extend(problems)
        if evaluated is None:
            continue
        analysis.evaluated.append(evaluated)
        for diagnostic in chain(check_instance_layouts(spec, evaluated), tensor_memory.check_instance(spec, evaluated)):
            # One finding per rule and layout piece is enough; later instances repeat it.
            key = (diagnostic.rule, f"{diagnostic.position}")
            if key not in reported:
                reported.add(key)
                out.append(diagnostic)
    out.extend(_dead_pieces(spec, analysis.evaluated))
    out.extend(sparse.check_sparse(spec, analysis.evaluated))
    if prove:
        from atomgen.check.proofs import prove_spec

        analysis.proofs = prove_spec(spec)
    return analysis


# --- names (rule 9) -----------------------------------------------------------------------


def _bad_identifier(name: str) -> Optional[str]:
    if not IDENTIFIER.match(name):
        return "is not a valid C++/TableGen/Python identifier"
    if name in CPP_KEYWORDS or keyword.iskeyword(name):
        return "is a C++ or Python keyword"
    if name.startswith("__"):
        return "starts with '__' (reserved)"
    return None


def check_names(spec: AtomSpec) -> Iterator[Diagnostic]:
    for key in ("tablegen_def", "cpp_class"):
        problem = _bad_identifier(getattr(spec, key))
        if problem:
            yield spec.diagnostic("AG381", f"{key} '{getattr(spec, key)}' {problem}", (key,))
    if not spec.cpp_class.endswith("Type") or spec.cpp_class == "Type":
        yield spec.diagnostic(
            "AG384",
            f"cpp_class '{spec.cpp_class}' must end in 'Type' (TableGen appends it to the typeName)",
            ("cpp_class",),
        )
    prefix = spec.mnemonic.split(".", 1)[0]
    if prefix != spec.subtarget:
        yield spec.diagnostic(
            "AG384",
            f"mnemonic '{spec.mnemonic}' must start with the subtarget '{spec.subtarget}.'",
            ("mnemonic",),
        )
    seen: dict[str, int] = {}
    for index, parameter in enumerate(spec.parameters):
        labelled: tuple[tuple[str, str, tuple[str | int, ...]], ...] = (
            ("parameter", parameter.name, ("parameters", index, "name")),
            ("python name", parameter.python, ("parameters", index, "python")),
        )
        for label, name, path in labelled:
            problem = _bad_identifier(name)
            if problem:
                yield spec.diagnostic("AG381", f"{label} '{name}' {problem}", path)
        if parameter.name in seen:
            yield spec.diagnostic(
                "AG382", f"parameter '{parameter.name}' is declared twice", ("parameters", index, "name")
            )
        seen[parameter.name] = index
    for name, _, path in spec.let:
        if spec.parameter(name) is not None or name == "threads":
            yield spec.diagnostic("AG382", f"let '{name}' shadows a parameter", path)


# --- parameters and assembly format -------------------------------------------------------


def _value_fits(cpp_type: str, value: Any) -> bool:
    if cpp_type == "bool":
        return isinstance(value, bool)
    if cpp_type in ("int32_t", "int64_t"):
        bound = 1 << (31 if cpp_type == "int32_t" else 63)
        return isinstance(value, int) and not isinstance(value, bool) and -bound <= value < bound
    if cpp_type == "Type":
        return isinstance(value, str) and (element_bits(value) is not None or parse_packed(value) is not None)
    return isinstance(value, (str, int)) and not isinstance(value, bool)


STORAGE_BOUNDS = {"int32_t": (-(1 << 31), (1 << 31) - 1), "int64_t": (-(1 << 63), (1 << 63) - 1)}


def check_parameters(spec: AtomSpec) -> Iterator[Diagnostic]:
    for index, parameter in enumerate(spec.parameters):
        bounds = STORAGE_BOUNDS.get(parameter.cpp_type)
        if bounds is not None:
            for label, bound in (("min", parameter.free_min), ("max", parameter.free_max)):
                if isinstance(bound, int) and not bounds[0] <= bound <= bounds[1]:
                    yield spec.diagnostic(
                        "AG393",
                        f"free {label} {bound} of '{parameter.name}' does not fit its storage type "
                        f"{parameter.cpp_type} ({bounds[0]}..{bounds[1]})",
                        ("parameters", index, "free", label),
                    )
        if parameter.enum and parameter.default is not None and parameter.default not in dict(parameter.enum):
            yield spec.diagnostic(
                "AG395",
                f"default {parameter.default!r} of '{parameter.name}' is not one of its enum cases "
                f"({', '.join(name for name, _ in parameter.enum)})",
                ("parameters", index, "default"),
            )
        if parameter.default is not None and not _value_fits(parameter.cpp_type, parameter.default):
            yield spec.diagnostic(
                "AG392",
                f"default {parameter.default!r} of '{parameter.name}' is not a {parameter.cpp_type}",
                ("parameters", index, "default"),
            )
        if parameter.is_free and isinstance(parameter.default, int) and not isinstance(parameter.default, bool):
            # verify() rejects a value outside the free set, so a default there builds an atom
            # that nothing can use (and the generated tests divide by such values).
            outside = (parameter.free_values is not None and parameter.default not in parameter.free_values) or (
                parameter.free_min is not None and parameter.default < parameter.free_min) or (
                parameter.free_max is not None and parameter.default > parameter.free_max)
            if outside:
                yield spec.diagnostic(
                    "AG392",
                    f"default {parameter.default!r} of '{parameter.name}' is outside its free values",
                    ("parameters", index, "default"),
                )
        if parameter.is_free and parameter.free_values:
            for value in parameter.free_values:
                if not _value_fits(parameter.cpp_type, value):
                    yield spec.diagnostic(
                        "AG392",
                        f"free value {value!r} of '{parameter.name}' is not a {parameter.cpp_type}",
                        ("parameters", index, "free"),
                    )
    if spec.kind == "mma":
        for name in ("m", "n", "k"):
            dimension = spec.parameter(name)
            if dimension is None or not dimension.is_integer:
                yield spec.diagnostic("AG392", f"an MMA spec needs an integer parameter '{name}'", ("parameters",))
        for operand, name in spec.operand_types.items():
            element = spec.parameter(name)
            if element is None or not element.is_type:
                yield spec.diagnostic(
                    "AG392",
                    f"operand {operand.upper()}'s element type parameter '{name}' is not a Type parameter",
                    ("operand_types",) if "operand_types" in spec.data else ("parameters",),
                )


def check_assembly_format(spec: AtomSpec) -> Iterator[Diagnostic]:
    path = ("assembly_format",)
    try:
        elements = asmformat.parse_format(spec.assembly_format)
    except asmformat.FormatError as error:
        yield spec.diagnostic("AG391", error.message, path, error.offset)
        return
    mentioned = asmformat.variables(elements)
    names = {p.name for p in spec.parameters}
    for name, offset in mentioned:
        if name not in names:
            yield spec.diagnostic("AG391", f"assembly format uses unknown parameter '${name}'", path, offset)
    used = {name for name, _ in mentioned}
    for index, parameter in enumerate(spec.parameters):
        if parameter.name not in used:
            yield spec.diagnostic(
                "AG391",
                f"parameter '{parameter.name}' does not appear in the assembly format, so the "
                "printed type cannot round-trip",
                ("parameters", index, "name"),
            )
    for element in elements:
        if isinstance(element, asmformat.Group):
            anchor = element.anchor
            anchored = spec.parameter(anchor) if anchor else None
            if anchor is None:
                yield spec.diagnostic("AG391", "optional group has no anchor ('^')", path, element.offset)
            elif anchored is not None and anchored.default is None:
                yield spec.diagnostic(
                    "AG391",
                    f"optional group anchored on '{anchor}', which has no default to elide",
                    path,
                    element.offset,
                )


def check_exceptions(spec: AtomSpec) -> Iterator[Diagnostic]:
    path = ("exceptions",)
    if spec.kind == "copy" and (spec.replicated or spec.operand_source):
        yield spec.diagnostic("AG323", "replication/operand_source exceptions are for MMA operands", path)
    if spec.kind == "mma" and spec.copy_replicated:
        yield spec.diagnostic("AG323", "src/dst/ref replication exceptions are for copy operands", path)
    if spec.kind == "mma" and (spec.transposing or spec.whole_tile):
        yield spec.diagnostic("AG341", "transposing/whole_tile exceptions are for copies", path)
    if spec.whole_tile and "whole_tile_copy" not in spec.traits:
        yield spec.diagnostic("AG341", "a whole_tile copy must carry the whole_tile_copy trait", ("traits",))
    for operand, source in spec.operand_source.items():
        # One issuing thread (tcgen05) names the whole tile once: nothing is replicated.
        if source == "shared_memory_descriptor" and operand not in spec.replicated and spec.threads > 1:
            yield spec.diagnostic(
                "AG323",
                f"operand {operand.upper()} comes from a shared-memory descriptor: every thread "
                f"names the whole tile, so declare replicated.{operand}: {spec.threads}",
                ("exceptions", "operand_source", operand),
            )


# --- layout structure (rules 1, 8 names) --------------------------------------------------


def known_names(spec: AtomSpec) -> set[str]:
    names = {"threads"}
    for parameter in spec.parameters:
        if parameter.is_type:
            names.add(f"{parameter.name}_bits")
        elif parameter.is_integer or parameter.is_bool:
            names.add(parameter.name)
    names.update(name for name, _, _ in spec.let)
    if spec.sparse:
        names.update(("k_packed", "k_index"))  # the compressed K of A, the indices per row
    return names


def _offset_of_name(piece_text: str, name: str) -> Optional[int]:
    match = re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", piece_text)
    return match.start() if match else None


def check_layout_structure(spec: AtomSpec) -> Iterator[Diagnostic]:
    required = ("thr",) + spec.operands
    for role in required:
        if role not in spec.layouts:
            yield spec.diagnostic("AG301", f"a {spec.kind} spec needs layout '{role}'", ("layouts",))
    for role in spec.layouts:
        if role not in required and not (spec.sparse and role in SPARSE_ROLES):
            yield spec.diagnostic(
                "AG301", f"layout '{role}' is not an operand of a {spec.kind} atom", ("layouts", role)
            )
    names = known_names(spec)
    let_names = [name for name, _, _ in spec.let]
    for index, (name, expression, path) in enumerate(spec.let):
        if expression is None:
            continue
        defined_before = (names - set(let_names)) | set(let_names[:index])
        for used in sorted(names_in(expression) - defined_before):
            text = str(spec.data["let"][name])
            offset = _offset_of_name(text, used)
            yield spec.diagnostic("AG202", f"let {name}: unknown name '{used}'", path, offset)
    for role, pieces in spec.layouts.items():
        for piece in pieces:
            if piece.parsed is None:
                continue
            shape, stride = piece.parsed.shape, piece.parsed.stride
            if role not in ("thr", "e_holders") and (not isinstance(shape, Tup) or len(shape.items) != 2):
                yield spec.diagnostic(
                    "AG301",
                    f"layout '{role}' must be rank 2 (thr, val), got rank "
                    f"{len(shape.items) if isinstance(shape, Tup) else 1}",
                    piece.path,
                )
            if not congruent(shape, stride):
                yield spec.diagnostic(
                    "AG303",
                    f"layout '{role}': shape and stride are not congruent",
                    piece.path,
                    piece.parsed.stride_offset,
                )
            for used in sorted(names_in(shape) | names_in(stride)):
                if used not in names:
                    yield spec.diagnostic(
                        "AG202",
                        f"layout '{role}': unknown name '{used}' (known: {', '.join(sorted(names))})",
                        piece.path,
                        _offset_of_name(piece.text, used),
                    )
            for name, accepted in piece.when:
                if name not in names and spec.parameter(name) is None:
                    yield spec.diagnostic("AG202", f"layout '{role}': 'when' names unknown '{name}'", piece.path[:-1])
                    continue
                wrong = _when_value_mismatch(spec, name, accepted)
                if wrong is not None:
                    yield spec.diagnostic(
                        "AG356",
                        f"layout '{role}': 'when' compares '{name}' with {wrong!r}, which never matches "
                        f"its values ({_when_kind(spec, name)})",
                        piece.path[:-1] + ("when", name),
                    )


def _when_kind(spec: AtomSpec, name: str) -> str:
    parameter = spec.parameter(name)
    if parameter is None:
        return "an integer"
    if parameter.is_bool:
        return "true or false"
    if parameter.is_type:
        return "a type name"
    return "an integer" if parameter.is_integer else "its enum cases"


def _when_value_mismatch(spec: AtomSpec, name: str, accepted: tuple[Any, ...]) -> Any:
    """A `when` value of the wrong kind (`0` for a bool never equals `false`), or None."""
    kind = _when_kind(spec, name)
    for value in accepted:
        if kind == "true or false" and not isinstance(value, bool):
            return value
        if kind == "an integer" and (isinstance(value, bool) or not isinstance(value, int)):
            return value
        if kind == "a type name" and not isinstance(value, str):
            return value
    return None


def _dead_pieces(spec: AtomSpec, evaluated: list[EvaluatedInstance]) -> Iterator[Diagnostic]:
    """A layout piece that no instance selects is dead text, and usually a mis-written `when`."""
    if len(evaluated) != len(spec.instances):
        return  # some instance did not evaluate: its diagnostics already explain more
    used = {id(operand.piece) for item in evaluated for operand in item.operands.values()}
    for role, pieces in spec.layouts.items():
        if len(pieces) < 2:
            continue
        for index, piece in enumerate(pieces):
            if id(piece) not in used:
                yield spec.diagnostic(
                    "AG357",
                    f"piece {index} of layout '{role}' applies to no instance (an earlier piece or a "
                    "mis-written 'when' shadows it)",
                    piece.path,
                )


# --- instance table (rules 6) -------------------------------------------------------------


def check_instance_table(spec: AtomSpec) -> Iterator[Diagnostic]:
    key = spec.key_parameters
    seen: dict[tuple[Any, ...], int] = {}
    for instance in spec.instances:
        path = instance.path
        for parameter in key:
            if parameter.name not in instance.values:
                yield spec.diagnostic(
                    "AG353", f"instance {instance.index} gives no value for parameter '{parameter.name}'", path
                )
            elif not _value_fits(parameter.cpp_type, instance.values[parameter.name]):
                value = instance.values[parameter.name]
                rule = "AG332" if parameter.is_type else "AG353"
                yield spec.diagnostic(
                    rule,
                    f"instance {instance.id}: {parameter.name} = {value!r} is not a {parameter.cpp_type}"
                    + (" atomgen knows" if parameter.is_type else ""),
                    path + (parameter.name,),
                )
        for parameter in key:
            given = instance.values.get(parameter.name)
            if parameter.enum and parameter.name in instance.raw and given not in dict(parameter.enum):
                yield spec.diagnostic(
                    "AG395",
                    f"instance {instance.id}: {parameter.name} = {given!r} is not one of its enum cases "
                    f"({', '.join(name for name, _ in parameter.enum)})",
                    path + (parameter.name,),
                )
        for name, value in instance.pin.items():
            pinned = spec.parameter(name)
            if pinned is None or not pinned.is_free:
                yield spec.diagnostic(
                    "AG353",
                    f"instance {instance.id}: 'pin' names '{name}', which is not a free parameter",
                    path + ("pin", name),
                )
            elif not _free_value_ok(pinned, value):
                yield spec.diagnostic(
                    "AG353",
                    f"instance {instance.id}: pinned {name} = {value!r} is outside its free range",
                    path + ("pin", name),
                )
        signature = tuple(repr(instance.values.get(p.name)) for p in key) + tuple(
            sorted((k, repr(v)) for k, v in instance.pin.items())
        )
        if signature in seen:
            yield spec.diagnostic(
                "AG351",
                f"instance {instance.id} duplicates instance {seen[signature]} (same {', '.join(p.name for p in key)})",
                path,
            )
        else:
            seen[signature] = instance.index
        for operand, text in instance.packed.items():
            if parse_packed(text) is None:
                yield spec.diagnostic(
                    "AG332",
                    f"instance {instance.id}: packed type '{text}' is not one atomgen can size",
                    path + ("packed", operand),
                )


def _free_value_ok(parameter: Any, value: Any) -> bool:
    if parameter.free_values is not None:
        return any(value == v and isinstance(value, bool) == isinstance(v, bool) for v in parameter.free_values)
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    if parameter.free_min is not None and value < parameter.free_min:
        return False
    return not (parameter.free_max is not None and value > parameter.free_max)


# --- state (rule 7) ------------------------------------------------------------------------


def check_state(spec: AtomSpec, backend: Optional[Backend]) -> Iterator[Diagnostic]:
    if spec.stateful and not spec.state:
        yield spec.diagnostic("AG361", "a stateful atom must declare its state fields", ("stateful",))
    if not spec.stateful and spec.state:
        yield spec.diagnostic(
            "AG361", "state fields on a stateless atom: set stateful: true or remove them", ("state",)
        )
    names: dict[str, int] = {}
    for index, state_field in enumerate(spec.state):
        path = state_field.path
        if state_field.name in names:
            yield spec.diagnostic("AG365", f"state field '{state_field.name}' is declared twice", path + ("name",))
        names[state_field.name] = index
        if state_field.private == (state_field.enum_case is not None):
            yield spec.diagnostic(
                "AG362",
                f"state field '{state_field.name}' must be either an enum_case or private: true",
                path,
            )
        elif state_field.enum_case is not None and backend is not None:
            if state_field.enum_case not in backend.state_cases:
                yield spec.diagnostic(
                    "AG362",
                    f"state field '{state_field.name}': '{state_field.enum_case}' is not an "
                    f"AtomStateField case of {backend.name} ({', '.join(sorted(backend.state_cases))})",
                    path + ("enum_case",),
                )
            elif backend.state_cases[state_field.enum_case] != state_field.name:
                yield spec.diagnostic(
                    "AG362",
                    f"state field '{state_field.name}': enum case {state_field.enum_case} is "
                    f"spelled '{backend.state_cases[state_field.enum_case]}' in IR",
                    path + ("name",),
                )
        width = _int_width(state_field.llvm_type)
        if width is None and not POINTER_TYPE.match(state_field.llvm_type.strip()):
            yield spec.diagnostic(
                "AG366",
                f"state field '{state_field.name}' is {state_field.llvm_type}: state slots are integers iN or "
                "pointers !llvm.ptr<N> (bitcast coercion turns a float value into an integer)",
                path + ("llvm_type",),
            )
        raw = spec.data["state"][index] if isinstance(spec.data["state"][index], dict) else {}
        for case_index, case in enumerate(raw.get("llvm_type_when") or []):
            where = path + ("llvm_type_when", case_index)
            if width is None or _int_width(str(case.get("llvm_type", ""))) is None:
                yield spec.diagnostic(
                    "AG366", f"state field '{state_field.name}': a per-instance llvm_type must be iN, like the field's",
                    where + ("llvm_type",))
            for name in case.get("when") or {}:
                if spec.parameter(str(name)) is None:
                    yield spec.diagnostic(
                        "AG366", f"state field '{state_field.name}': llvm_type_when names '{name}', not a parameter",
                        where + ("when", name))
        if width is not None:
            low, high = -(1 << (width - 1)), (1 << width) - 1
            if not low <= state_field.default <= high:
                yield spec.diagnostic(
                    "AG363",
                    f"state field '{state_field.name}': default {state_field.default} "
                    f"does not fit {state_field.llvm_type}",
                    path + ("default",),
                )
        if state_field.immediate and state_field.coercion != "none":
            yield spec.diagnostic(
                "AG364",
                f"state field '{state_field.name}' is an immediate: it must reach the intrinsic as "
                "the constant the user wrote, so it cannot be coerced",
                path + ("coercion",),
            )
        if state_field.immediate and width is None:
            yield spec.diagnostic(
                "AG364", f"immediate state field '{state_field.name}' must be an integer", path + ("llvm_type",)
            )


def _int_width(llvm_type: str) -> Optional[int]:
    match = re.fullmatch(r"i([1-9][0-9]{0,3})", llvm_type)
    return int(match.group(1)) if match else None


# --- concrete per-instance rules (2, 3, 4, 5) ---------------------------------------------


def tile_size(spec: AtomSpec, role: str, variables: dict[str, int]) -> Optional[int]:
    if spec.kind == "mma":
        dims = {"a": ("m", "k"), "b": ("n", "k"), "c": ("m", "n")}[role]
        if all(d in variables for d in dims):
            # a multi-block MMA's reference tiles carry the block index as a third coordinate;
            # a sparse MMA's A holds only its nonzeros, the compressed (M, k_packed)
            second = variables.get("k_packed", variables[dims[1]]) if role == "a" else variables[dims[1]]
            return variables[dims[0]] * second * variables.get("blocks", 1)
        return None
    return None


def check_instance_layouts(spec: AtomSpec, evaluated: EvaluatedInstance) -> Iterator[Diagnostic]:
    instance = evaluated.instance
    variables = evaluated.variables
    thread_layout = evaluated.operands.get("thr")
    if thread_layout is not None:
        yield from _zero_modes(spec, thread_layout.layout, thread_layout.piece, "thr", instance)
        threads = algebra.size(thread_layout.layout)
        if threads != spec.threads:
            yield spec.diagnostic(
                "AG311",
                f"thread layout has {threads} threads, the atom has {spec.threads} (instance {instance.id})",
                thread_layout.piece.path,
            )
        elif spec.lanes:
            # A declared lane group: the atom's threads are distinct lanes of the issuing `lanes`.
            lanes = algebra.image(thread_layout.layout)
            declared = set(spec.lane_group) if spec.lane_group else set(lanes)
            if len(set(lanes)) < len(lanes) or not all(0 <= lane < spec.lanes for lane in lanes) \
                    or set(lanes) != declared:
                yield spec.diagnostic(
                    "AG321",
                    f"thread layout {algebra.format_layout(thread_layout.layout)} does not map its "
                    f"{threads} threads one-to-one into lanes 0..{spec.lanes - 1}"
                    + (f", onto the declared lane_group {list(spec.lane_group)}" if spec.lane_group else "")
                    + f" (instance {instance.id})",
                    thread_layout.piece.path,
                )
        elif threads > 0 and not _LEDGER.judge(thread_layout.piece, thread_layout.layout, threads, 1).exact:
            # The thread layout names the lanes that issue the atom: one lane per thread, all of them.
            lanes = algebra.image(thread_layout.layout)
            rule = "AG321" if len(set(lanes)) < len(lanes) else "AG322"
            yield spec.diagnostic(
                rule,
                f"thread layout {algebra.format_layout(thread_layout.layout)} does not map its "
                f"{threads} threads one-to-one onto lanes 0..{threads - 1} (instance {instance.id})",
                thread_layout.piece.path,
            )
    copy_bits: Optional[int] = None
    moved: dict[str, tuple[int, LayoutPiece]] = {}
    for role in spec.operands:
        operand = evaluated.operands.get(role)
        if operand is None:
            continue
        layout, piece = operand.layout, operand.piece
        zero = list(_zero_modes(spec, layout, piece, role, instance))
        yield from zero
        if zero or algebra.rank(layout) != 2 or not algebra.congruent(layout.shape, layout.stride):
            continue
        thread_mode = algebra.mode(layout, 0)
        value_mode = algebra.mode(layout, 1)
        threads = algebra.size(thread_mode)
        if threads != spec.threads:
            yield spec.diagnostic(
                "AG311",
                f"layout '{role}' has {threads} threads in its thr mode, the atom has "
                f"{spec.threads} (instance {instance.id}: {algebra.format_layout(layout)})",
                piece.path,
            )
            continue
        if spec.kind == "mma":
            yield from _mma_coverage(spec, role, layout, piece, instance, variables)
            yield from _mma_packing(spec, role, value_mode, piece, instance, variables)
        else:
            holders, problem = _copy_holders(spec, role, layout, instance, variables)
            if problem is not None:
                yield problem
                continue
            yield from _copy_coverage(spec, role, layout, piece, instance, holders)
            bits = algebra.size(value_mode) // holders  # bits each thread really moves
            moved[role] = (bits, piece)
            if copy_bits is None:
                copy_bits = bits
            if role in ("dst", "src"):
                yield from _copy_recast(spec, role, layout, piece, instance, bits)
    yield from _copy_widths_agree(spec, moved, instance)
    if spec.kind == "copy" and copy_bits is not None and not spec.whole_tile:
        packed_text = instance.packed.get("value")
        packed = parse_packed(packed_text) if packed_text else None
        if packed is not None and packed.bits != copy_bits:
            yield spec.diagnostic(
                "AG331",
                f"instance {instance.id}: each thread moves {copy_bits} bits, but the packed "
                f"value {packed.text} holds {packed.bits}",
                instance.path + ("packed", "value"),
            )


def _copy_widths_agree(
    spec: AtomSpec, moved: dict[str, tuple[int, LayoutPiece]], instance: Instance
) -> Iterator[Diagnostic]:
    """src, dst and ref describe one transfer: each thread moves the same number of bits in all three."""
    widths = [bits for bits, _ in moved.values()]
    if len(set(widths)) < 2:
        return
    # The width most layouts agree on is the reference (ties: ref's); the others are reported.
    expected = max(widths, key=lambda w: (widths.count(w), w == moved.get("ref", (None,))[0]))
    for role, (bits, piece) in moved.items():
        if bits != expected:
            others = ", ".join(f"'{r}'" for r, (b, _) in moved.items() if b == expected)
            yield spec.diagnostic(
                "AG322",
                f"copy layout '{role}' moves {bits} bits per thread, but {others} move {expected} "
                f"(instance {instance.id})",
                piece.path,
            )


def _zero_modes(
    spec: AtomSpec, layout: Layout, piece: LayoutPiece, role: str, instance: Instance
) -> Iterator[Diagnostic]:
    for extent in algebra.flatten(layout.shape):
        if extent <= 0:
            yield spec.diagnostic(
                "AG302",
                f"layout '{role}' has a mode of size {extent} (instance {instance.id}: "
                f"{algebra.format_layout(layout)})",
                piece.path,
            )
            return
    for stride in algebra.flatten(layout.stride):
        if stride < 0:
            yield spec.diagnostic(
                "AG302",
                f"layout '{role}' has a negative stride {stride} (instance {instance.id})",
                piece.path,
            )
            return


_LEDGER = coverage.Ledger()  # the spec being analyzed: its coverage verdicts and budget


def _over_limit(spec: AtomSpec, role: str, layout: Layout, tile: int, piece: LayoutPiece) -> Iterator[Diagnostic]:
    points = max(tile, algebra.size(layout))
    if points > coverage.MAX_OPERAND_POINTS:
        yield spec.diagnostic(
            "AG305",
            f"layout '{role}' has {points} points, over the limit of {coverage.MAX_OPERAND_POINTS} per operand",
            piece.path,
        )


def _over_budget(spec: AtomSpec, role: str, points: int, piece: LayoutPiece, instance: Instance) -> Diagnostic:
    return spec.diagnostic(
        "AG305",
        f"layout '{role}' (instance {instance.id}) is not a compact layout, and enumerating its {points} "
        f"points would take this spec over its budget of {coverage.MAX_ENUMERATED_POINTS} enumerated points",
        piece.path,
    )


def _mma_coverage(
    spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, variables: dict[str, int]
) -> Iterator[Diagnostic]:
    tile = tile_size(spec, role, variables)
    if tile is None:
        return
    too_large = list(_over_limit(spec, role, layout, tile, piece))
    if too_large:
        yield from too_large
        return
    expected = spec.replicated.get(role, 1) if role in ("a", "b") else 1
    judged = _LEDGER.judge(piece, layout, tile, expected)
    if judged.exact or judged.repeated:
        return
    if judged.fault is None:
        yield _over_budget(spec, role, judged.over_budget, piece, instance)
        return
    fault = judged.fault
    dims = {"a": "(M,K)", "b": "(N,K)", "c": "(M,N)"}[role]
    text = algebra.format_layout(layout)
    if fault.out_of_tile:
        linear, index = fault.out_of_tile
        thr, val = algebra.domain_coordinate(layout, linear)
        yield spec.diagnostic(
            "AG322",
            f"layout '{role}' maps (thr={thr}, val={val}) to {index}, outside the {dims} tile of "
            f"{tile} elements (instance {instance.id}: {text})",
            piece.path,
        )
        return
    if fault.over:
        index, count = fault.over
        rule = "AG321" if expected == 1 else "AG323"
        what = "not injective" if expected == 1 else f"replicated more than the declared {expected}x"
        yield spec.diagnostic(
            rule,
            f"layout '{role}' is {what}: {dims} element {index} is held by {count} (thr, val) "
            f"pairs (instance {instance.id}: {text})",
            piece.path,
            notes=()
            if role == "c" or expected > 1
            else (f"if the hardware really replicates {role.upper()}, declare exceptions.replicated.{role}",),
        )
        return
    if fault.missing:
        yield spec.diagnostic(
            "AG322",
            f"layout '{role}' does not cover its {dims} tile: element {fault.missing[0]} "
            f"(of {tile}) is held by no thread, {fault.missing[1]} missing (instance {instance.id}: {text})",
            piece.path,
        )
        return
    if fault.under:
        index, count = fault.under
        yield spec.diagnostic(
            "AG323",
            f"layout '{role}' declares {expected}x replication but {dims} element {index} is held "
            f"{count}x (instance {instance.id}: {text})",
            ("exceptions", "replicated", role),
        )


def _mma_packing(
    spec: AtomSpec, role: str, value_mode: Layout, piece: LayoutPiece, instance: Instance, variables: dict[str, int]
) -> Iterator[Diagnostic]:
    if spec.operand_source.get(role) in ("shared_memory_descriptor", "tensor_memory"):
        return  # the packed type is the descriptor / the TMEM address, not the elements
    packed_text = instance.packed.get(role)
    if packed_text is None:
        yield spec.diagnostic(
            "AG331", f"instance {instance.id} gives no packed type for operand {role.upper()}", instance.path
        )
        return
    packed = parse_packed(packed_text)
    if packed is None:
        return
    type_name = spec.operand_types.get(role, "")
    element = instance.values.get(type_name)
    if role == "c" and isinstance(element, str) and packed.element != element:
        # The accumulator register holds accumulator elements; the emission builds it from elemTyAcc.
        yield spec.diagnostic(
            "AG331",
            f"instance {instance.id}: packed c {packed.text} holds {packed.element}, but the accumulator "
            f"elements are {element}",
            instance.path + ("packed", "c"),
        )
    bits = variables.get(f"{type_name}_bits")
    if bits is None:
        return
    values = algebra.size(value_mode)
    if values * bits != packed.bits:
        hint: tuple[str, ...] = ()
        if packed.bits > values * bits and packed.bits % (values * bits) == 0:
            hint = (
                f"the register holds {packed.bits // (values * bits)}x what one tile needs: a "
                "multi-block instruction, or a layout that misses values",
            )
        yield spec.diagnostic(
            "AG331",
            f"instance {instance.id}: operand {role.upper()} holds {values} values of {bits} bits "
            f"per thread = {values * bits} bits, but its packed type {packed.text} is {packed.bits} bits",
            instance.path + ("packed", role),
            notes=hint,
        )


def _copy_holders(
    spec: AtomSpec, role: str, layout: Layout, instance: Instance, variables: dict[str, int]
) -> tuple[int, Optional[Diagnostic]]:
    """Declared replication of a copy operand for one instance (1 when none is declared)."""
    expression = spec.copy_replicated.get(role)
    if expression is None:
        return 1, None
    path = ("exceptions", "replicated", role)
    try:
        holders = evaluate(expression, variables)
    except ExprError as error:
        return 1, spec.diagnostic(error.rule, f"replicated.{role}, instance {instance.id}: {error.message}", path)
    if holders < 1 or algebra.size(layout) % holders:
        return 1, spec.diagnostic(
            "AG323",
            f"replicated.{role} is {holders} for instance {instance.id}, which does not divide the "
            f"{algebra.size(layout)} (thr, bit) pairs of {algebra.format_layout(layout)}",
            path,
        )
    return holders, None


def _copy_coverage(
    spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, holders: int = 1
) -> Iterator[Diagnostic]:
    if spec.whole_tile:
        if algebra.size(layout) != 1:
            yield spec.diagnostic(
                "AG322",
                f"whole-tile copy layout '{role}' must be a single placeholder element, got "
                f"{algebra.format_layout(layout)}",
                piece.path,
            )
        return
    tile = algebra.size(layout) // holders
    too_large = list(_over_limit(spec, role, layout, tile, piece))
    if too_large:  # a hostile extent must not hang the check
        yield from too_large
        return
    judged = _LEDGER.judge(piece, layout, tile, holders)
    if judged.exact or judged.repeated:
        return
    if judged.fault is None:
        yield _over_budget(spec, role, judged.over_budget, piece, instance)
        return
    fault = judged.fault
    text = algebra.format_layout(layout)
    if fault:
        duplicate = fault.over or fault.under
        detail = (
            f"bit {duplicate[0]} is held by {duplicate[1]} (thr, bit) pairs, not {holders}"
            if duplicate and holders > 1
            else f"bit {duplicate[0]} is moved twice"
            if duplicate
            else f"bit {fault.out_of_tile[1]} lies outside the {tile} bits moved"
            if fault.out_of_tile
            else f"bit {fault.missing[0] if fault.missing else 0} is never moved"
        )
        yield spec.diagnostic(
            "AG321" if duplicate else "AG322",
            f"copy layout '{role}' is not a {'bijection' if holders == 1 else f'{holders}x cover'} "
            f"onto (threads x bits): {detail} "
            f"(instance {instance.id}: {text})",
            piece.path,
        )


def _copy_recast(
    spec: AtomSpec, role: str, layout: Layout, piece: LayoutPiece, instance: Instance, bits: int
) -> Iterator[Diagnostic]:
    if spec.whole_tile:
        return
    if instance.val_bits:
        candidates = instance.val_bits
        declared = True
    elif spec.transposing:
        yield spec.diagnostic(
            "AG342",
            f"instance {instance.id}: a transposing copy must declare the val_bits it admits",
            instance.path,
        )
        return
    else:
        candidates = tuple(v for v in STANDARD_VAL_BITS if v <= bits and bits % v == 0) or (bits,)
        declared = False
    for value_bits in candidates:
        problem = None
        if bits % value_bits:
            problem = f"{bits} bits per thread is not a whole number of {value_bits}-bit values"
        else:
            try:
                algebra.recast_thread_value(layout, value_bits)
            except RecastError as error:
                problem = str(error)
        if problem:
            yield spec.diagnostic(
                "AG341",
                f"instance {instance.id}: layout '{role}' does not recast to {value_bits}-bit values: {problem}",
                instance.path + ("val_bits",) if declared else piece.path,
            )
            return
