"""Typed, immutable AtomSpec objects built from validated spec data.

The model parses every expression and layout once (syntax errors become diagnostics with
the exact character), resolves parameter defaults into each instance, and computes the
instance variables that layouts are evaluated over. It does not judge the spec: that is
the analyze stage's job.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping, Optional

from atomgen.diagnostics import Diagnostic, Position
from atomgen.spec import emission as emission_records
from atomgen.spec import tensor_memory as tensor_memory_model
from atomgen.spec import yamldata
from atomgen.spec.emission import Emission, StateOperands, Variant, Variants, WmmaGeneric
from atomgen.spec.expr import (
    LAYOUT_SYNTAX,
    SYNTAX,
    Expr,
    ExprError,
    LayoutText,
    Num,
    parse_expression,
    parse_layout,
)
from atomgen.spec.frozen import EMPTY, FrozenMap
from atomgen.spec.instances import Context, ScalarValue, build_instances
from atomgen.spec.instances import Instance as Instance  # the model's instances: imported from here
from atomgen.spec.loader import JsonPath, LoadedSpec
from atomgen.spec.sections import FileCheckOptions, PythonSection
from atomgen.spec.sparsity import SparsePiece, parse_sparse
from atomgen.spec.tensor_memory import ScaleFactors, TensorMemoryOperand
from atomgen.spec.verify import VerifySection, read_section
from atomgen.spec.yamldata import YamlMap

MMA_OPERANDS = ("a", "b", "c")
COPY_OPERANDS = ("src", "dst", "ref")
TODO_MARKER = "TODO"
DEFAULT_OPERAND_TYPES = {"a": "elemTyA", "b": "elemTyB", "c": "elemTyAcc"}


INTEGRAL_TYPES = ("int32_t", "int64_t", "uint32_t", "uint64_t", "int", "unsigned")


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

    @cached_property  # asked of every parameter of every instance
    def is_type(self) -> bool:
        return self.cpp_type == "Type"

    @property
    def is_bool(self) -> bool:
        return self.cpp_type == "bool"

    @property
    def is_integer(self) -> bool:
        return self.cpp_type in ("int32_t", "int64_t")

    @property
    def is_integral(self) -> bool:
        """Any C++ integer type: an intrinsic called directly takes such a parameter as an i32 constant."""
        return self.cpp_type in INTEGRAL_TYPES


@dataclass(frozen=True, slots=True)
class LayoutPiece:
    """One piece of a (possibly piecewise) layout."""

    when: tuple[tuple[str, tuple[ScalarValue, ...]], ...]
    text: str
    parsed: Optional[LayoutText]
    path: JsonPath  # path of the layout string


@dataclass(frozen=True, slots=True)
class TypeCase:
    """One `llvm_type_when` case of a state field: its type where the instance's values match."""

    when: tuple[tuple[str, tuple[ScalarValue, ...]], ...]
    llvm_type: str

    def matches(self, values: Mapping[str, ScalarValue]) -> bool:
        return all(any(same_value(values.get(name), v) for v in accepted) for name, accepted in self.when)


@dataclass(frozen=True, slots=True)
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
    llvm_type_when: tuple[TypeCase, ...] = ()  # per-instance types; the first case that matches wins

    def llvm_type_for(self, values: Mapping[str, ScalarValue]) -> str:
        """The slot's LLVM type for an instance with these parameter values."""
        for case in self.llvm_type_when:
            if case.matches(values):
                return case.llvm_type
        return self.llvm_type


@dataclass(frozen=True, slots=True)
class KnownDefect:
    """A declared disagreement with an oracle (`known_flydsl_defects`, `known_triton_differences`,
    `known_cute_differences`): the configurations it covers, what differs and why, with evidence."""

    configuration: str  # an instance id or label pattern ('*', globs, ' | ' alternatives, /regex/)
    reason: str
    kind: str = "acceptance"  # FlyDSL: the check that fails (layout, syntax, acceptance, lowering)
    operand: str = ""  # Triton and CuTe: the operand (or request) that differs
    evidence: str = ""
    given: tuple[str, ...] = ()  # the keys the spec wrote, in its order (the catalogue shows those)

    def as_written(self) -> dict[str, str]:
        """The declaration with the keys the spec wrote, in its order (reports quote it so)."""
        return {key: str(getattr(self, key)) for key in self.given}

    @classmethod
    def read(cls, data: YamlMap) -> KnownDefect:
        default = cls("", "")
        return cls(
            configuration=yamldata.text(data.get("configuration")),
            reason=yamldata.text(data.get("reason")),
            kind=yamldata.text(data.get("kind"), default.kind),
            operand=yamldata.text(data.get("operand")),
            evidence=yamldata.text(data.get("evidence")),
            given=tuple(str(key) for key in data),
        )


def _known(entries: Any) -> tuple[KnownDefect, ...]:
    return tuple(KnownDefect.read(entry) for entry in entries or () if isinstance(entry, Mapping))


@dataclass(frozen=True)
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
    layouts: FrozenMap[str, tuple[LayoutPiece, ...]]
    replicated: FrozenMap[str, int]
    operand_source: FrozenMap[str, str]
    transposing: bool
    whole_tile: bool
    instances: tuple[Instance, ...]
    state: tuple[StateField, ...]
    python: PythonSection
    emission: Emission  # the pattern's record (atomgen/spec/emission/)
    tests: FileCheckOptions
    known_flydsl_defects: tuple[KnownDefect, ...]
    operand_types: FrozenMap[str, str]
    operand_types_declared: bool = False  # `operand_types:` written (else the defaults elemTyA/B/Acc)
    # Copies: exceptions.replicated.{src,dst,ref} as expressions over the instance variables
    # (e.g. ldmatrix x1/x2: 4 / num threads name the same smem row).
    copy_replicated: FrozenMap[str, Expr] = EMPTY
    # Declared disagreements with Triton's AMD backend (`atomgen oracle triton`), with evidence.
    known_triton_differences: tuple[KnownDefect, ...] = ()
    known_cute_differences: tuple[KnownDefect, ...] = ()  # the same for `atomgen oracle cute`
    verify_section: VerifySection = field(default_factory=VerifySection)  # `verify:` (spec/verify.py)
    let_text: FrozenMap[str, str | int] = EMPTY  # each `let` as written (messages and the catalogue show it)
    exceptions_text: FrozenMap[str, str] = EMPTY  # each `exceptions:` key as declared, in JSON (the catalogue)
    builders: tuple[tuple[str, ...], ...] = ()  # inferred-context builders: the parameters each takes
    lanes: int = 0  # exceptions.lanes: lanes issuing the instruction when more than `threads` (0: threads)
    ctas: int = 1  # exceptions.ctas: the threads are the CTAs of a tcgen05 cta_group::2 pair (2), else 1
    lane_group: tuple[int, ...] = ()  # exceptions.lane_group: the lanes a lane-group atom's threads occupy
    blocks: Optional[Expr] = None  # exceptions.blocks: independent products per instruction (multi-block MMAs)
    sparse: tuple[SparsePiece, ...] = ()  # `sparse`: structured-sparse A and its metadata (atomgen/spec/sparsity.py)
    tensor_memory: FrozenMap[str, TensorMemoryOperand] = EMPTY  # tcgen05 TMEM operands
    scale_factors: Optional[ScaleFactors] = None  # block-scaled tcgen05: the scale factors in TMEM
    # Modeled with schema errors set aside (free text, unknown keys: spec/validate.py `neutralised`):
    # its rules run for check's report; nothing renders, draws or compares it.
    partial: bool = False

    @property
    def pattern(self) -> str:
        """The emission pattern: which template emits the atom and which rules judge its emission fields."""
        return self.emission.pattern

    @property
    def state_operands(self) -> FrozenMap[str, int]:
        """`emission.state_operands`: the intrinsic operand (local name) each state field (slot) feeds;
        empty where the pattern wires none."""
        return self.emission.state_operands if isinstance(self.emission, StateOperands) else EMPTY

    @property
    def variants(self) -> FrozenMap[str, Variant]:
        """`emission.variants`: the builder argument list (or generic op) of each instance variant; empty where none."""
        if isinstance(self.emission, (Variants, WmmaGeneric)):
            return self.emission.variants  # type: ignore[return-value]
        return EMPTY

    def variant(self, name: str | None) -> Optional[Variant]:
        """The emission of one instance's variant (`emission.variants[name]`), None where there is none."""
        return self.variants.get(name or "")

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

    @cached_property  # asked for each instance
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


def _when(when: dict[str, Any]) -> tuple[tuple[str, tuple[ScalarValue, ...]], ...]:
    """A `when:` mapping as (name, accepted values) pairs: a list accepts any of its values."""
    return tuple((str(name), tuple(v) if isinstance(v, list) else (v,)) for name, v in when.items())


def same_value(left: object, right: object) -> bool:
    """Equality that keeps bools apart from ints (YAML `true` is not `1`)."""
    return isinstance(left, bool) == isinstance(right, bool) and left == right


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
    spec_data: Any, role: str, diagnostics: list[Diagnostic], build: Context, base: JsonPath = ()
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
                rule = LAYOUT_SYNTAX.id if error.rule in (SYNTAX.id, LAYOUT_SYNTAX.id) else error.rule
                diagnostics.append(build.diagnostic(rule, f"layout '{role}': {error.message}", path, error.offset))
        pieces.append(LayoutPiece(_when(when), text, parsed, path))
    return tuple(pieces)


def build_model(loaded: LoadedSpec) -> tuple[Optional[AtomSpec], list[Diagnostic]]:
    """Typed spec from schema-valid data; expression syntax errors are reported here."""
    data = loaded.data
    context = Context(loaded)
    diagnostics: list[Diagnostic] = []
    parameters = tuple(_parameter(p, i) for i, p in enumerate(data["parameters"]))

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
    scale_factors = tensor_memory_model.parse_scale_factors(
        data,
        lambda value, role, base: _pieces(value, role, diagnostics, context, base),
        lambda rule, message, path, offset: diagnostics.append(context.diagnostic(rule, message, path, offset)),
    )
    exceptions = data.get("exceptions") or {}
    copy_replicated: dict[str, Expr] = {}
    for role, text in (exceptions.get("replicated") or {}).items():
        if role in MMA_OPERANDS or role == "e":
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
    instances = build_instances(data, parameters, context, diagnostics)

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
            llvm_type_when=tuple(
                TypeCase(_when(case.get("when") or {}), str(case["llvm_type"]))
                for case in f.get("llvm_type_when") or ()
            ),
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
        layouts=FrozenMap(layouts),
        replicated=FrozenMap({r: n for r, n in (exceptions.get("replicated") or {}).items()
                              if r in MMA_OPERANDS or r == "e"}),  # e: a sparse MMA's metadata
        operand_source=FrozenMap(exceptions.get("operand_source") or {}),
        transposing=bool(exceptions.get("transposing", False)),
        whole_tile=bool(exceptions.get("whole_tile", False)),
        lanes=int(exceptions.get("lanes") or 0),
        ctas=int(exceptions.get("ctas") or 1),
        lane_group=tuple(int(x) for x in exceptions.get("lane_group") or ()),
        blocks=blocks,
        sparse=parse_sparse(data.get("sparse"), lambda *args: diagnostics.append(context.diagnostic(*args))),
        instances=tuple(instances),
        state=state,
        python=PythonSection.read(data.get("python")),
        emission=emission_records.read(data["emission"]),
        tests=FileCheckOptions.read(data.get("tests")),
        known_flydsl_defects=_known(data.get("known_flydsl_defects")),
        known_triton_differences=_known(data.get("known_triton_differences")),
        known_cute_differences=_known(data.get("known_cute_differences")),
        verify_section=read_section(data),
        let_text=FrozenMap({str(k): v if isinstance(v, int) else str(v) for k, v in (data.get("let") or {}).items()}),
        exceptions_text=FrozenMap({str(k): json.dumps(v) for k, v in exceptions.items()}),
        builders=tuple(tuple(str(name) for name in subset) for subset in data.get("builders") or ()),
        operand_types=FrozenMap({**DEFAULT_OPERAND_TYPES, **(data.get("operand_types") or {})}
                                if data["kind"] == "mma" else data.get("operand_types") or {}),
        operand_types_declared="operand_types" in data,
        copy_replicated=FrozenMap(copy_replicated),
        tensor_memory=FrozenMap(tensor_memory),
        scale_factors=scale_factors,
    )
    return spec, diagnostics
