"""The instance table of a spec: rows expanded from families, defaults resolved, each a typed Instance."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Mapping, Optional, TypedDict, Union

from atomgen.diagnostics import Diagnostic, Example, Rule
from atomgen.spec.emission import RowEmission
from atomgen.spec.expr import Expr, ExprError, evaluate, parse_expression
from atomgen.spec.frozen import FrozenMap
from atomgen.spec.loader import JsonPath, LoadedSpec
from atomgen.spec.scalars import ScalarValue as ScalarValue  # where the model's users have imported it
from atomgen.spec.yamldata import YamlMap, entries, integer, mapping, optional_text, scalar, text, texts

# other modules raise it too, through this object
INSTANCE_KEYS = Rule(
    "AG353",
    "instance-keys",
    "An instance misses a parameter, names an unknown one, or pins a non-free one.",
    "verify() must accept exactly the table; an incomplete row is ambiguous.",
    Example(" k: 16,", "", 26, "{"),
    "Give every key parameter a value.",
)

TOO_MANY_INSTANCES = Rule(
    "AG360",
    "too-many-instances",
    "An instance family (`expand`) or the whole instance table has more than 4096 instances.",
    "Every instance is evaluated, proved and rendered into verify() and tests; a cartesian product of a few "
    "long lists would otherwise be millions of rows from a few lines of YAML.",
    Example(
        "  - {m: 16,",
        "  - {expand: {m: [" + ", ".join(["16"] * 64) + "], k: [" + ", ".join(["16"] * 65) + "]}, m: 16,",
        26, "{m: [", also=frozenset({"AG351"})
    ),
    "List the configurations the hardware has; split unrelated families.",
)

RULES = (
    INSTANCE_KEYS,
    TOO_MANY_INSTANCES,
)

if TYPE_CHECKING:
    from atomgen.spec.model import Parameter


INSTANCE_FIELDS = (
    "expand",
    "id",
    "intrinsic",
    "op_class",
    "instruction",
    "packed",
    "storage",
    "register_half",
    "variant",
    "val_bits",
    "pin",
    "min_subtarget",
    "subtargets",
    "notes",
    "emission",
)
# Shipped specs have at most 456 instances (wgmma); every instance is evaluated, checked and
# rendered, so a cartesian `expand` product must be refused before it is built.
MAX_INSTANCES = 4096


@dataclass(frozen=True, slots=True)
class Instance:
    index: int
    id: str
    values: FrozenMap[str, ScalarValue]  # every parameter: key values, pins, defaults
    intrinsic: str
    op_class: Optional[str]
    instruction: Optional[str]
    packed: FrozenMap[str, str]
    variant: Optional[str]
    val_bits: tuple[int, ...]
    pin: FrozenMap[str, ScalarValue]
    path: JsonPath
    given: frozenset[str]  # the keys the expanded row writes, for the rules that ask what was given explicitly
    emission: RowEmission = RowEmission()  # the row's own emission facts (format codes, a store direction)
    min_subtarget: Optional[str] = None  # the oldest chip the row runs on
    subtargets: tuple[str, ...] = ()  # the chips the row runs on, when listed explicitly
    # operand -> the type the intrinsic carries its elements as, where it differs (bf16 typed i16)
    storage: FrozenMap[str, str] = FrozenMap({})
    # operand -> the bool parameter choosing which 16-bit half of each 32-bit register holds a value
    register_half: FrozenMap[str, str] = FrozenMap({})

    def with_values(self, changed: Mapping[str, ScalarValue]) -> Instance:
        """This row with some parameter values changed (a free parameter set otherwise than its default)."""
        return replace(self, values=FrozenMap({**self.values, **changed})) if changed else self


@dataclass
class Context:
    """Where a spec being modeled came from, for diagnostics with positions."""

    loaded: LoadedSpec

    def diagnostic(self, rule: str, message: str, path: JsonPath, offset: Optional[int] = None,
                   notes: tuple[str, ...] = ()) -> Diagnostic:
        position = self.loaded.char_position(path, offset) if offset is not None else self.loaded.position(path)
        return Diagnostic(rule, message, self.loaded.path, position, notes=notes)


def build_instances(
    data: YamlMap, parameters: tuple["Parameter", ...], context: Context, diagnostics: list[Diagnostic]
) -> tuple[Instance, ...]:
    """Every row of the table, families expanded, with each parameter's value (given, pinned or default)."""
    by_name = {p.name for p in parameters}
    key = tuple(p for p in parameters if not p.is_free)
    instances: list[Instance] = []
    kind = text(data.get("kind"))
    for row_index, raw_row in enumerate(mapping(entry) for entry in entries(data.get("instances"))):
        path = ("instances", row_index)
        if len(instances) >= MAX_INSTANCES:
            diagnostics.append(
                TOO_MANY_INSTANCES.at(context, f"the instance table has more than {MAX_INSTANCES} instances", path)
            )
            break
        unknown = [name for name in raw_row if name not in INSTANCE_FIELDS and name not in by_name]
        rows, problems = expand_row(raw_row, path, context)
        diagnostics.extend(problems)
        rows = rows[: MAX_INSTANCES - len(instances) + 1]  # one over the limit is enough to report it
        if unknown:
            from atomgen.suggest import did_you_mean

            ids = [_row_id(kind, row, parameters, key) for row in rows] or [text(raw_row.get("id"))]
            label = ids[0] if len(ids) == 1 else f"{ids[0]} (and the {len(ids) - 1} other rows of its family)"
            for name in unknown:
                diagnostics.append(
                    INSTANCE_KEYS.finding(
                        f"instance {label}: '{name}' is neither a parameter nor an instance field"
                        + did_you_mean(str(name), INSTANCE_FIELDS + tuple(sorted(by_name))),
                        context.loaded.path,
                        context.loaded.key_position(path + (name,)),
                        notes=("instance fields: " + ", ".join(INSTANCE_FIELDS)
                               + "; parameters: " + ", ".join(p.name for p in parameters),),
                    )
                )
        # what every row of a family shares is read once (wgmma's and tcgen05's families expand one
        # written row into up to 32), unless `expand` varies it
        varied = frozenset(map(str, mapping(raw_row.get("expand"))))
        written = frozenset(map(str, raw_row))
        given = (written - {"expand"}) | varied if varied else written
        shared = _shared(raw_row, given)
        for row in rows:
            values = _row_values(row, parameters)
            instances.append(
                Instance(
                    index=len(instances),
                    id=text(row.get("id")) or instance_id(kind, values, key),
                    values=FrozenMap(values),
                    instruction=optional_text(row.get("instruction")),
                    packed=_texts_by_key(row.get("packed")),
                    path=path,
                    **(_shared(row, given) if varied & _SHARED_KEYS else shared),
                )
            )

    return tuple(instances)


_NO_TEXTS: FrozenMap[str, str] = FrozenMap({})


class _Shared(TypedDict):
    """The Instance fields that a written row gives every row of its family (`given`: the keys each
    row writes, the row's own with `expand` replaced by the keys it varies)."""

    intrinsic: str
    op_class: Optional[str]
    variant: Optional[str]
    val_bits: tuple[int, ...]
    pin: FrozenMap[str, ScalarValue]
    emission: RowEmission
    min_subtarget: Optional[str]
    subtargets: tuple[str, ...]
    storage: FrozenMap[str, str]
    register_half: FrozenMap[str, str]
    given: frozenset[str]


def _shared(row: YamlMap, given: frozenset[str]) -> _Shared:
    return _Shared(
        intrinsic=text(row.get("intrinsic")),
        op_class=optional_text(row.get("op_class")),
        variant=optional_text(row.get("variant")),
        val_bits=tuple(integer(bits) for bits in entries(row.get("val_bits"))),
        pin=FrozenMap({k: v for k, raw in mapping(row.get("pin")).items() if (v := scalar(raw)) is not None}),
        emission=RowEmission.read(mapping(row["emission"]) if "emission" in row else None),
        min_subtarget=text(row.get("min_subtarget")) or None,
        subtargets=texts(row.get("subtargets")),
        storage=_texts_by_key(row.get("storage")),
        register_half=_texts_by_key(row.get("register_half")),
        given=given,
    )


# The fields _shared reads; templated fields (id, instruction, notes, packed) are filled per row.
_SHARED_KEYS = frozenset({"intrinsic", "op_class", "variant", "val_bits", "pin", "emission", "min_subtarget",
                          "subtargets", "storage", "register_half"})


def _texts_by_key(value: object) -> FrozenMap[str, str]:
    """A mapping of strings (packed, storage, register_half); most rows give none of the last two."""
    if not isinstance(value, dict) or not value:
        return _NO_TEXTS
    return FrozenMap({key: item if isinstance(item, str) else text(item) for key, item in value.items()})


def _row_values(row: YamlMap, parameters: tuple["Parameter", ...]) -> dict[str, ScalarValue]:
    """Every parameter's value in a row: given, pinned or default."""
    values: dict[str, ScalarValue] = {}
    pins = mapping(row.get("pin"))
    for parameter in parameters:
        given = scalar(row[parameter.name]) if parameter.name in row else scalar(pins.get(parameter.name))
        if given is not None:
            values[parameter.name] = given
        elif parameter.default is not None:
            values[parameter.name] = parameter.default
    return values


def _row_id(kind: str, row: YamlMap, parameters: tuple["Parameter", ...], key: tuple["Parameter", ...]) -> str:
    """The id an expanded row's instance gets (Instance.id)."""
    return text(row.get("id")) or instance_id(kind, _row_values(row, parameters), key)


def instance_id(kind: str, values: dict[str, ScalarValue], key: tuple[Parameter, ...]) -> str:
    """A readable, stable id: `16x16x16_f16_f16_f32` for MMAs, key values joined otherwise."""
    return id_of(kind, values, [p.name for p in key])


def id_of(kind: str, values: Mapping[str, ScalarValue], names: list[str]) -> str:
    """instance_id over the key parameters' names (the schema's messages name rows of unvalidated data)."""
    parts: list[str] = []
    if kind == "mma" and "m" in values and "n" in values and "k" in values:
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
    return _NOT_IN_IDS.sub("_", text)


_NOT_IN_IDS = re.compile(r"[^A-Za-z0-9_.-]")
_PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
_TEMPLATED_FIELDS = ("id", "instruction", "notes")


def expand_row(row: YamlMap, path: JsonPath, context: Context) -> tuple[list[YamlMap], list[Diagnostic]]:
    """An instance family -> its rows.

    `expand: {n: [8, 16, 24]}` makes one row per value (the cartesian product over several
    keys, in the order written); `{expression}` in `id`, `instruction`, `notes` and `packed`
    strings is replaced by its value for that row (integers and int parameters only).
    """
    family = {name: entries(values) for name, values in mapping(row.get("expand")).items()}
    if not family:
        return [row], []
    names = list(family)
    rows_wanted = 1
    for name in names:
        rows_wanted *= len(family[name])
    if rows_wanted > MAX_INSTANCES:
        limit = f"instance family expands to {rows_wanted} rows, over the limit of {MAX_INSTANCES} instances"
        return [], [TOO_MANY_INSTANCES.at(context, limit, path + ("expand",))]
    combinations: list[dict[str, object]] = [{}]
    for name in names:
        combinations = [{**combo, name: value} for combo in combinations for value in family[name]]
    rows: list[YamlMap] = []
    problems: list[Diagnostic] = []
    written = {k: v for k, v in row.items() if k != "expand"}
    written_integers: dict[str, int] = {
        k: v for k, v in written.items() if isinstance(v, int) and not isinstance(v, bool)}
    for combo in combinations:
        expanded = {**written, **combo}
        variables = dict(written_integers)
        for name, value in combo.items():
            if isinstance(value, int) and not isinstance(value, bool):
                variables[name] = value
            else:
                variables.pop(name, None)
        try:
            for field_name in _TEMPLATED_FIELDS:
                if isinstance(template := expanded.get(field_name), str):
                    expanded[field_name] = _fill(template, variables)
            if isinstance(expanded.get("packed"), dict):
                expanded["packed"] = {k: _fill(text(v), variables) for k, v in mapping(expanded["packed"]).items()}
        except ExprError as error:
            problems.append(context.diagnostic(error.rule, f"instance family: {error.message} for {combo}", path))
            continue
        rows.append(expanded)
    return rows, problems


def _fill(text: str, variables: dict[str, int]) -> str:
    """`text` with each `{expression}` replaced by its value, left to right."""
    parts = _template(text)
    if len(parts) == 1:
        return text
    filled: list[str] = []
    for part in parts:
        if isinstance(part, ExprError):
            raise part.with_traceback(None)  # kept by the cache: no earlier row's frames with it
        filled.append(part if isinstance(part, str) else str(evaluate(part, variables)))
    return "".join(filled)


@lru_cache(maxsize=4096)
def _template(text: str) -> tuple[Union[str, Expr, ExprError], ...]:
    """A templated text split once into its literal pieces and its parsed expressions (a family's rows
    fill the same few templates hundreds of times); an expression that does not parse is kept as its
    error, raised when a row reaches it."""
    parts: list[Union[str, Expr, ExprError]] = []
    end = 0
    for match in _PLACEHOLDER.finditer(text):
        parts.append(text[end:match.start()])
        try:
            parts.append(parse_expression(match.group(1)))
        except ExprError as error:
            parts.append(error)
        end = match.end()
    parts.append(text[end:])
    return tuple(parts)


