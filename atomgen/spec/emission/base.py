"""What every emission record shares: the base class and its reader, the field groups, the row record.

A record is one emission pattern's `emission:` section as a frozen dataclass. Its fields are the
keys the schema's `oneOf` entry for that pattern allows (tests/test_emission_records.py holds the
two together), with the defaults here and nowhere else. Its class variables are the pattern's
facts for the later stages: what check needs of the rest of the spec (`needs`), which C++ template
renders it and what that template includes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Union, cast

from atomgen.spec.frozen import EMPTY, FrozenMap, frozen
from atomgen.spec.yamldata import YamlMap, entries, text

Token = Union[str, int]  # a builder argument as written: a name, an integer, an enum case
Tokens = tuple[Token, ...]


def tokens(value: object) -> Tokens:
    """A list of builder arguments (other items dropped: the schema allows none)."""
    return tuple(item for item in entries(value) if isinstance(item, (str, int)))


@dataclass(frozen=True, slots=True)
class Feed:
    """A state field the template passes to the instruction (rule AG367).

    With `operand`, the field becomes that operand of the row's intrinsic, and the intrinsics table says
    its type and whether it is an immediate; without one, `llvm_type` and `immediate` say what the
    template's use of the value needs (an address offset added in i64, an i1 predicate).
    """

    state: str  # the AtomStateField case, or the name of a private field
    operand: str = ""
    llvm_type: str = ""
    immediate: bool = False
    units: str = "none"  # how the template scales the value: elements (by the element width), bytes, none


@dataclass(frozen=True, slots=True)
class PatternNeeds:
    """What a pattern's C++ template reads from the rest of the spec (rules AG37x check it)."""

    kind: str  # the atom kind the pattern's template is written for
    parameters: tuple[str, ...] = ()  # parameters the template reads by name
    state_cases: tuple[str, ...] = ()  # AtomStateField cases the template reads
    state_names: tuple[str, ...] = ()  # state fields the template reads by name
    positive: tuple[str, ...] = ()  # parameters the lowering divides by: every admitted value must be >= 1
    packed: tuple[str, ...] = ()  # packed operand types every row must give
    builder_arguments: bool = False  # `args` / `variants` are builder argument lists (AG372)
    variants: bool = False  # rows pick an entry of `variants` (AG373)
    instruction: bool = False  # rows must name their instruction (the template spells it)
    extra_names: tuple[str, ...] = ()  # pattern-defined argument names
    packed_by_element: tuple[str, ...] = ()  # operands whose packed type the template picks by element type
    values_only: bool = False  # arguments are SSA values (call_intrinsic): no result type, enum case or Type
    feeds: tuple[Feed, ...] = ()  # state fields that become instruction operands (AG367)
    operation: str = ""  # the parameter naming the operation the row's intrinsic performs (AG374)


MMA = ("a", "b", "c")
COORDS = tuple(f"Coord{i}" for i in range(5))
SOFFSET = Feed("Soffset", "soffset", units="elements")  # the buffer templates scale it to bytes
COORD_FEEDS = tuple(Feed(case, llvm_type="i32", units="elements") for case in COORDS)  # TMA box coordinates
ACCUMULATE = Feed("Accumulate", llvm_type="i1")  # wgmma scale-d / tcgen05 enable-input-d: an i1 predicate
METADATA = Feed("Metadata", llvm_type="i32")  # the sparse metadata register


def _read_with(reader: Callable[[Any], Any]) -> dict[str, Any]:
    return {"read": reader}


@dataclass(frozen=True, slots=True)
class Direction:
    """One direction of a two-way copy: its intrinsics table intrinsic and its op class."""

    op_class: str
    intrinsic: str

    @classmethod
    def read(cls, data: YamlMap) -> Direction:
        return cls(text(data.get("op_class")), text(data.get("intrinsic")))


@dataclass(frozen=True, slots=True)
class ShimResult:
    """The result and D types of the memref load/call/store shim: `accTy` or `Type{}`."""

    result_ty: str = "accTy"
    d_ty: str = "Type{}"

    @classmethod
    def read(cls, data: YamlMap) -> ShimResult:
        default = cls()
        return cls(text(data.get("resultTy"), default.result_ty), text(data.get("dTy"), default.d_ty))


@dataclass(frozen=True, slots=True)
class GenericVariant:
    """A wmma_generic variant: the operands and the attributes of the generic op."""

    operands: Tokens
    attrs: Tokens = ()

    @classmethod
    def read(cls, data: YamlMap) -> GenericVariant:
        return cls(tokens(data.get("operands")), tokens(data.get("attrs")))


Variant = Union[Tokens, GenericVariant]


@dataclass(frozen=True, slots=True, kw_only=True)
class Emission:
    """An `emission:` section. Subclasses are the patterns; `pattern` names the one a record is."""

    pattern: ClassVar[str] = ""
    needs: ClassVar[PatternNeeds]
    template: ClassVar[str] = ""  # the C++ template (templates/cpp/patterns/<name>.j2); "" for the pattern's own
    includes: ClassVar[tuple[str, ...]] = ()  # headers the template calls beyond the kind's base lists
    buffer: ClassVar[bool] = False  # a buffer op: soffset scaled to bytes, the fat-pointer helpers included
    registers: ClassVar[bool] = False  # operands split into registers (splitRegisters: backend.yaml atom_helpers)

    @classmethod
    def template_name(cls) -> str:
        return cls.template or cls.pattern

    def required(self) -> PatternNeeds:
        """What the template reads for this section: the pattern's `needs`, with what the record's own
        fields add (tma_load's `multicast` reads the MulticastMask field, tma_store's `reduce` its parameter)."""
        return self.needs

    @classmethod
    def read(cls, data: YamlMap) -> Emission:
        """The record from schema-valid data: every key is a field (the schema closes each pattern)."""
        given: dict[str, object] = {}
        for item in dataclasses.fields(cls):
            if item.name in data:
                reader = item.metadata.get("read", frozen)
                given[item.name] = reader(data[item.name])
        return cls(**given)

    @classmethod
    def keys(cls) -> dict[str, bool]:
        """Each key the pattern takes besides `pattern` -> whether it is required (it has no default)."""
        return {
            item.name: item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING
            for item in dataclasses.fields(cls)
        }


# Field groups several patterns share. A pattern that requires what the group makes optional declares
# the field again without a default.


@dataclass(frozen=True, kw_only=True)
class Immediates:
    # intrinsics table immediate of the intrinsic -> the parameter whose value it takes (`{aux: cacheModifier}`)
    immediates: FrozenMap[str, str] = EMPTY


@dataclass(frozen=True, kw_only=True)
class StateOperands:
    # intrinsic operand (local name) -> the state slot whose runtime value it takes
    state_operands: FrozenMap[str, int] = EMPTY


@dataclass(frozen=True, kw_only=True)
class Shim:
    shim_result: ShimResult = field(default=ShimResult(), metadata=_read_with(ShimResult.read))


@dataclass(frozen=True, kw_only=True)
class Variants:
    # builder argument lists per row `variant`
    variants: FrozenMap[str, Tokens]


@dataclass(frozen=True, kw_only=True)
class FormatCodes:
    # element type -> the matrix-format code the scaled instruction takes for it
    format_codes: FrozenMap[str, int]


@dataclass(frozen=True, kw_only=True)
class SingleOp:
    op_class: str  # the op class of the copy intrinsic (must be the intrinsics table's)


def direction_field() -> Direction:
    """A Direction field, read from its mapping (`load:`, `store:`)."""
    return cast(Direction, field(metadata=_read_with(Direction.read)))


def generic_variants_field() -> FrozenMap[str, GenericVariant]:
    """wmma_generic's variants, each read into a GenericVariant."""
    return cast(FrozenMap[str, GenericVariant], field(metadata=_read_with(
        lambda data: FrozenMap({str(k): GenericVariant.read(v) for k, v in data.items()}))))


@dataclass(frozen=True, slots=True)
class RowEmission:
    """A row's own emission facts (`instances[].emission`): format codes, a store direction."""

    cbsz: Token | None = None  # mfma_scale: the A matrix-format code
    blgp: Token | None = None  # mfma_scale: the B matrix-format code
    fmtA: Token | None = None  # noqa: N815 - the spec's key  # wmma_scale: the A format code
    fmtB: Token | None = None  # noqa: N815 - the spec's key  # wmma_scale: the B format code
    store_intrinsic: str = ""  # tdm: the store-direction intrinsic
    store_op_class: str = ""  # tdm: its op class

    FORMAT_KEYS: ClassVar[tuple[str, ...]] = ("cbsz", "blgp", "fmtA", "fmtB")

    @classmethod
    def read(cls, data: YamlMap | None) -> RowEmission:
        data = data or {}
        codes = {key: value for key in cls.FORMAT_KEYS if isinstance(value := data.get(key), (str, int))}
        return cls(**codes, store_intrinsic=text(data.get("store_intrinsic")),
                   store_op_class=text(data.get("store_op_class")))

    def format_value(self, key: str) -> Token | None:
        """The row's format code named `key` (cbsz, blgp, fmtA, fmtB), None for any other name or none given."""
        return getattr(self, key) if key in self.FORMAT_KEYS else None
