"""Typed, immutable AtomSpec objects built from validated spec data.

The model parses every expression and layout once (syntax errors become diagnostics with
the exact character), resolves parameter defaults into each instance, and computes the
instance variables that layouts are evaluated over. It does not judge the spec: that is
the analyze stage's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from atomgen.diagnostics import Diagnostic, Position
from atomgen.spec import tensor_memory as tensor_memory_model
from atomgen.spec.expr import (
    Expr,
    ExprError,
    LayoutText,
    Num,
    evaluate,
    parse_expression,
    parse_layout,
)
from atomgen.spec.loader import JsonPath, LoadedSpec
from atomgen.spec.mlir_types import parse_packed
from atomgen.spec.sparsity import SparsePiece, parse_sparse, sparse_variables
from atomgen.spec.tensor_memory import TensorMemoryOperand

ScalarValue = Union[int, bool, str]

MMA_OPERANDS = ("a", "b", "c")
COPY_OPERANDS = ("src", "dst", "ref")
INSTANCE_FIELDS = (
    "expand",
    "id",
    "intrinsic",
    "op_class",
    "instruction",
    "packed",
    "variant",
    "val_bits",
    "pin",
    "min_subtarget",
    "subtargets",
    "notes",
    "emission",
)
TODO_MARKER = "TODO"
# Shipped specs have at most 456 instances (wgmma); every instance is evaluated, checked and
# rendered, so a cartesian `expand` product must be refused before it is built.
MAX_INSTANCES = 4096
DEFAULT_OPERAND_TYPES = {"a": "elemTyA", "b": "elemTyB", "c": "elemTyAcc"}


@dataclass(frozen=True)
class Parameter:
    name: str
    cpp_type: str
    python: str
    default: Optional[ScalarValue]
    keyword_only: bool
    free_min: Optional[int]
    free_max: Optional[int]
    free_values: Optional[tuple[ScalarValue, ...]]
    enum: tuple[tuple[str, int], ...]
    path: JsonPath

    @property
    def is_free(self) -> bool:
        return self.free_min is not None or self.free_max is not None or self.free_values is not None

    @property
    def is_type(self) -> bool:
        return self.cpp_type == "Type"

    @property
    def is_bool(self) -> bool:
        return self.cpp_type == "bool"

    @property
    def is_integer(self) -> bool:
        return self.cpp_type in ("int32_t", "int64_t")


@dataclass(frozen=True)
class LayoutPiece:
    """One piece of a (possibly piecewise) layout."""

    when: tuple[tuple[str, tuple[ScalarValue, ...]], ...]
    text: str
    parsed: Optional[LayoutText]
    path: JsonPath  # path of the layout string


@dataclass(frozen=True)
class Instance:
    index: int
    id: str
    values: dict[str, ScalarValue]  # every parameter: key values, pins, defaults
    intrinsic: str
    op_class: Optional[str]
    instruction: Optional[str]
    packed: dict[str, str]
    variant: Optional[str]
    val_bits: tuple[int, ...]
    pin: dict[str, ScalarValue]
    path: JsonPath
    raw: dict[str, Any]


@dataclass(frozen=True)
class StateField:
    name: str
    enum_case: Optional[str]
    private: bool
    llvm_type: str
    default: int
    coercion: str
    immediate: bool
    units: str
    path: JsonPath


@dataclass
class AtomSpec:
    path: str
    loaded: LoadedSpec
    kind: str
    backend: str
    subtarget: str
    tablegen_def: str
    cpp_class: str
    mnemonic: str
    stateful: bool
    traits: tuple[str, ...]
    summary: str
    notes: tuple[str, ...]
    threads: int
    parameters: tuple[Parameter, ...]
    assembly_format: str
    let: tuple[tuple[str, Optional[Expr], JsonPath], ...]
    layouts: dict[str, tuple[LayoutPiece, ...]]
    replicated: dict[str, int]
    operand_source: dict[str, str]
    transposing: bool
    whole_tile: bool
    instances: tuple[Instance, ...]
    state: tuple[StateField, ...]
    python: dict[str, Any]
    emission: dict[str, Any]
    tests: dict[str, Any]
    known_flydsl_defects: tuple[dict[str, Any], ...]
    operand_types: dict[str, str]
    data: dict[str, Any] = field(repr=False, default_factory=dict)
    # Copies: exceptions.replicated.{src,dst,ref} as expressions over the instance variables
    # (e.g. ldmatrix x1/x2: 4 / num threads name the same smem row).
    copy_replicated: dict[str, Expr] = field(default_factory=dict)
    # Declared disagreements with Triton's AMD backend (`atomgen oracle triton`), with evidence.
    known_triton_differences: tuple[dict[str, Any], ...] = ()
    lanes: int = 0  # exceptions.lanes: lanes issuing the instruction when more than `threads` (0: threads)
    lane_group: tuple[int, ...] = ()  # exceptions.lane_group: the lanes a lane-group atom's threads occupy
    blocks: Optional[Expr] = None  # exceptions.blocks: independent products per instruction (multi-block MMAs)
    sparse: tuple[SparsePiece, ...] = ()  # `sparse`: structured-sparse A and its metadata (atomgen/spec/sparsity.py)
    tensor_memory: dict[str, TensorMemoryOperand] = field(default_factory=dict)  # tcgen05 TMEM operands

    @property
    def operands(self) -> tuple[str, ...]:
        return MMA_OPERANDS if self.kind == "mma" else COPY_OPERANDS

    @property
    def type_name(self) -> str:
        """TableGen typeName (the C++ class without its `Type` suffix)."""
        return self.cpp_class[: -len("Type")] if self.cpp_class.endswith("Type") else self.cpp_class

    def parameter(self, name: str) -> Optional[Parameter]:
        for parameter in self.parameters:
            if parameter.name == name:
                return parameter
        return None

    @property
    def key_parameters(self) -> tuple[Parameter, ...]:
        return tuple(p for p in self.parameters if not p.is_free)

    def position(self, path: JsonPath) -> Position:
        return self.loaded.position(path)

    def diagnostic(
        self, rule: str, message: str, path: JsonPath, offset: Optional[int] = None, notes: tuple[str, ...] = ()
    ) -> Diagnostic:
        """A diagnostic at `path` (or at character `offset` of the string there)."""
        position = self.loaded.char_position(path, offset) if offset is not None else self.position(path)
        return Diagnostic(rule, message, self.path, position, notes=notes)


def snake_case(name: str) -> str:
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return text.lower()


def _parameter(data: dict[str, Any], index: int) -> Parameter:
    free = data.get("free") or {}
    values = free.get("values")
    return Parameter(
        name=data["name"],
        cpp_type=data["cpp_type"],
        python=data.get("python") or snake_case(data["name"]),
        default=data.get("default"),
        keyword_only=bool(data.get("keyword_only", False)),
        free_min=free.get("min"),
        free_max=free.get("max"),
        free_values=tuple(values) if values is not None else None,
        enum=tuple((data.get("enum") or {}).items()),
        path=("parameters", index),
    )


def _pieces(
    spec_data: Any, role: str, diagnostics: list[Diagnostic], build: "_Context", base: JsonPath = ()
) -> tuple[LayoutPiece, ...]:
    value = spec_data
    base = base or ("layouts", role)
    pieces: list[LayoutPiece] = []
    if isinstance(value, str):
        entries: list[tuple[dict[str, Any], str, JsonPath]] = [({}, value, base)]
    else:
        entries = [
            (piece.get("when") or {}, piece["layout"], base + (index, "layout"))
            for index, piece in enumerate(value)
        ]
    for when, text, path in entries:
        parsed: Optional[LayoutText] = None
        if text.strip() != TODO_MARKER:
            try:
                parsed = parse_layout(text)
            except ExprError as error:  # reported with the exact character
                rule = "AG304" if error.rule in ("AG201", "AG304") else error.rule
                diagnostics.append(build.diagnostic(rule, f"layout '{role}': {error.message}", path, error.offset))
        normalized = tuple((name, tuple(v) if isinstance(v, list) else (v,)) for name, v in when.items())
        pieces.append(LayoutPiece(normalized, text, parsed, path))
    return tuple(pieces)


@dataclass
class _Context:
    loaded: LoadedSpec

    def diagnostic(self, rule: str, message: str, path: JsonPath, offset: Optional[int] = None) -> Diagnostic:
        position = self.loaded.char_position(path, offset) if offset is not None else self.loaded.position(path)
        return Diagnostic(rule, message, self.loaded.path, position)


def instance_id(kind: str, values: dict[str, ScalarValue], key: tuple[Parameter, ...]) -> str:
    """A readable, stable id: `16x16x16_f16_f16_f32` for MMAs, key values joined otherwise."""
    names = [p.name for p in key]
    parts: list[str] = []
    if kind == "mma" and all(n in values for n in ("m", "n", "k")):
        parts.append(f"{values['m']}x{values['n']}x{values['k']}")
        names = [n for n in names if n not in ("m", "n", "k")]
    for name in names:
        value = values.get(name)
        if isinstance(value, bool):
            if value:
                parts.append(name)
        elif value is not None:
            parts.append(str(value))
    text = "_".join(parts) or "default"
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text)


_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
_TEMPLATED_FIELDS = ("id", "instruction", "notes")


def expand_row(
    row: dict[str, Any], path: JsonPath, context: "_Context"
) -> tuple[list[dict[str, Any]], list[Diagnostic]]:
    """An instance family -> its rows.

    `expand: {n: [8, 16, 24]}` makes one row per value (the cartesian product over several
    keys, in the order written); `{expression}` in `id`, `instruction`, `notes` and `packed`
    strings is replaced by its value for that row (integers and int parameters only).
    """
    family = row.get("expand")
    if not family:
        return [row], []
    names = list(family)
    rows_wanted = 1
    for name in names:
        rows_wanted *= len(family[name])
    if rows_wanted > MAX_INSTANCES:
        limit = f"instance family expands to {rows_wanted} rows, over the limit of {MAX_INSTANCES} instances"
        return [], [context.diagnostic("AG360", limit, path + ("expand",))]
    combinations: list[dict[str, Any]] = [{}]
    for name in names:
        combinations = [{**combo, name: value} for combo in combinations for value in family[name]]
    rows: list[dict[str, Any]] = []
    problems: list[Diagnostic] = []
    for combo in combinations:
        expanded = {k: v for k, v in row.items() if k != "expand"}
        expanded.update(combo)
        variables = {k: v for k, v in expanded.items() if isinstance(v, int) and not isinstance(v, bool)}
        try:
            for field_name in _TEMPLATED_FIELDS:
                if isinstance(expanded.get(field_name), str):
                    expanded[field_name] = _fill(expanded[field_name], variables)
            if isinstance(expanded.get("packed"), dict):
                expanded["packed"] = {k: _fill(str(v), variables) for k, v in expanded["packed"].items()}
        except ExprError as error:
            problems.append(context.diagnostic(error.rule, f"instance family: {error.message} for {combo}", path))
            continue
        rows.append(expanded)
    return rows, problems


def _fill(text: str, variables: dict[str, int]) -> str:
    return _PLACEHOLDER.sub(lambda match: str(evaluate(parse_expression(match.group(1)), variables)), text)


def build_model(loaded: LoadedSpec) -> tuple[Optional[AtomSpec], list[Diagnostic]]:
    """Typed spec from schema-valid data; expression syntax errors are reported here."""
    data = loaded.data
    context = _Context(loaded)
    diagnostics: list[Diagnostic] = []
    parameters = tuple(_parameter(p, i) for i, p in enumerate(data["parameters"]))
    by_name = {p.name: p for p in parameters}

    let: list[tuple[str, Optional[Expr], JsonPath]] = []
    for name, text in (data.get("let") or {}).items():
        path: JsonPath = ("let", name)
        try:
            expression = Num(text, 0) if isinstance(text, int) else parse_expression(text)
        except ExprError as error:
            diagnostics.append(context.diagnostic(error.rule, f"let {name}: {error.message}", path, error.offset))
            expression = None
        let.append((name, expression, path))

    layouts = {role: _pieces(value, role, diagnostics, context) for role, value in data["layouts"].items()}
    tensor_memory = tensor_memory_model.parse(
        data,
        lambda value, role, base: _pieces(value, role, diagnostics, context, base),
        lambda rule, message, path, offset: diagnostics.append(context.diagnostic(rule, message, path, offset)),
    )
    exceptions = data.get("exceptions") or {}
    copy_replicated: dict[str, Expr] = {}
    for role, text in (exceptions.get("replicated") or {}).items():
        if role in MMA_OPERANDS:
            continue
        try:
            copy_replicated[role] = Num(text, 0) if isinstance(text, int) else parse_expression(text)
        except ExprError as error:
            diagnostics.append(
                context.diagnostic(
                    error.rule, f"replicated.{role}: {error.message}", ("exceptions", "replicated", role), error.offset
                )
            )
    blocks: Optional[Expr] = None
    if exceptions.get("blocks") is not None:
        text = exceptions["blocks"]
        try:
            blocks = Num(text, 0) if isinstance(text, int) else parse_expression(text)
        except ExprError as error:
            diagnostics.append(context.diagnostic(error.rule, f"blocks: {error.message}", ("exceptions", "blocks"),
                                                  error.offset))
    key = tuple(p for p in parameters if not p.is_free)
    instances: list[Instance] = []
    for row_index, raw_row in enumerate(data["instances"]):
        path = ("instances", row_index)
        if len(instances) >= MAX_INSTANCES:
            diagnostics.append(
                context.diagnostic("AG360", f"the instance table has more than {MAX_INSTANCES} instances", path)
            )
            break
        for name in raw_row:
            if name not in INSTANCE_FIELDS and name not in by_name and name != "expand":
                diagnostics.append(
                    Diagnostic(
                        "AG353",
                        f"instance {row_index}: '{name}' is neither a parameter nor an instance field",
                        loaded.path,
                        loaded.key_position(path + (name,)),
                    )
                )
        rows, problems = expand_row(raw_row, path, context)
        diagnostics.extend(problems)
        rows = rows[: MAX_INSTANCES - len(instances) + 1]  # one over the limit is enough to report it
        for row in rows:
            values: dict[str, ScalarValue] = {}
            for parameter in parameters:
                if parameter.name in row:
                    values[parameter.name] = row[parameter.name]
                elif parameter.name in (row.get("pin") or {}):
                    values[parameter.name] = row["pin"][parameter.name]
                elif parameter.default is not None:
                    values[parameter.name] = parameter.default
            instances.append(
                Instance(
                    index=len(instances),
                    id=str(row.get("id") or instance_id(data["kind"], values, key)),
                    values=values,
                    intrinsic=row["intrinsic"],
                    op_class=row.get("op_class"),
                    instruction=row.get("instruction"),
                    packed=dict(row.get("packed") or {}),
                    variant=row.get("variant"),
                    val_bits=tuple(row.get("val_bits") or ()),
                    pin=dict(row.get("pin") or {}),
                    path=path,
                    raw=row,
                )
            )

    state = tuple(
        StateField(
            name=f["name"],
            enum_case=f.get("enum_case"),
            private=bool(f.get("private", False)),
            llvm_type=f["llvm_type"],
            default=f["default"],
            coercion=f.get("coercion", "none"),
            immediate=bool(f.get("immediate", False)),
            units=f.get("units", "none"),
            path=("state", i),
        )
        for i, f in enumerate(data.get("state") or [])
    )
    spec = AtomSpec(
        path=loaded.path,
        loaded=loaded,
        kind=data["kind"],
        backend=data["backend"],
        subtarget=data["subtarget"],
        tablegen_def=data["tablegen_def"],
        cpp_class=data["cpp_class"],
        mnemonic=data["mnemonic"],
        stateful=data["stateful"],
        traits=tuple(data.get("traits") or ()),
        summary=data.get("summary", ""),
        notes=tuple(data.get("notes") or ()),
        threads=data["threads"],
        parameters=parameters,
        assembly_format=data["assembly_format"],
        let=tuple(let),
        layouts=layouts,
        replicated={r: n for r, n in (exceptions.get("replicated") or {}).items() if r in MMA_OPERANDS},
        operand_source=dict(exceptions.get("operand_source") or {}),
        transposing=bool(exceptions.get("transposing", False)),
        whole_tile=bool(exceptions.get("whole_tile", False)),
        lanes=int(exceptions.get("lanes") or 0),
        lane_group=tuple(int(x) for x in exceptions.get("lane_group") or ()),
        blocks=blocks,
        sparse=parse_sparse(data.get("sparse"), lambda *args: diagnostics.append(context.diagnostic(*args))),
        instances=tuple(instances),
        state=state,
        python=dict(data.get("python") or {}),
        emission=dict(data.get("emission") or {}),
        tests=dict(data.get("tests") or {}),
        known_flydsl_defects=tuple(data.get("known_flydsl_defects") or ()),
        known_triton_differences=tuple(data.get("known_triton_differences") or ()),
        operand_types={**DEFAULT_OPERAND_TYPES, **(data.get("operand_types") or {})}
        if data["kind"] == "mma"
        else dict(data.get("operand_types") or {}),
        data=data,
        copy_replicated=copy_replicated,
        tensor_memory=tensor_memory,
    )
    return spec, diagnostics


class VariableError(Exception):
    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def instance_variables(spec: AtomSpec, instance: Instance) -> dict[str, int]:
    """Integer variables of one instance: int/bool params, `<Type>_bits`, threads, `let`."""
    variables: dict[str, int] = {"threads": spec.threads}
    for parameter in spec.parameters:
        value = instance.values.get(parameter.name)
        if value is None:
            continue
        if parameter.is_type and isinstance(value, str):
            packed = parse_packed(value)  # vector types count their total width
            if packed is not None:
                variables[f"{parameter.name}_bits"] = packed.bits
        elif isinstance(value, bool):
            variables[parameter.name] = int(value)
        elif isinstance(value, int):
            variables[parameter.name] = value
    for name, expression, path in spec.let:
        if expression is None:
            continue
        try:
            variables[name] = evaluate(expression, variables)
        except ExprError as error:
            raise VariableError(
                spec.diagnostic(
                    error.rule,
                    f"let {name} = {spec.data['let'][name]}: {error.message} for instance {instance.id}",
                    path,
                    error.offset if isinstance(spec.data["let"][name], str) else None,
                )
            ) from None
    if spec.blocks is not None:
        try:
            variables["blocks"] = evaluate(spec.blocks, variables)
        except ExprError as error:
            raise VariableError(
                spec.diagnostic(error.rule, f"blocks: {error.message} for instance {instance.id}",
                                ("exceptions", "blocks"))
            ) from None
    if spec.sparse:
        try:
            variables.update(sparse_variables(spec.sparse, instance.values, variables))
        except ExprError as error:
            raise VariableError(spec.diagnostic(error.rule, f"sparse: {error.message} for instance {instance.id}",
                                                ("sparse",))) from None
    return variables


def _same(left: Any, right: Any) -> bool:
    """Equality that keeps bools apart from ints (YAML `true` is not `1`)."""
    return isinstance(left, bool) == isinstance(right, bool) and left == right


def piece_matches(piece: LayoutPiece, instance: Instance, variables: dict[str, int]) -> bool:
    for name, accepted in piece.when:
        if name in instance.values:
            actual: Any = instance.values[name]
        elif name in variables:
            actual = variables[name]
        else:
            return False
        if not any(_same(actual, candidate) for candidate in accepted):
            return False
    return True


def select_piece(spec: AtomSpec, role: str, instance: Instance, variables: dict[str, int]) -> Optional[LayoutPiece]:
    for piece in spec.layouts.get(role, ()):
        if piece_matches(piece, instance, variables):
            return piece
    return None
