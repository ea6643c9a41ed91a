"""A descriptor packed bit by bit from spec data (`emission.descriptor`, the gfx1250 TDM groups).

Each field names a group (a packed `vector<Nxi32>` operand of the instance), a dword, a bit
offset and a width, and a source: `const:N`, `param:NAME`, `state:NAME` or `operand:NAME`, where
the operand names are the values the lowering computes from the copy operands (addresses, tile
and tensor dims, strides, element size, the padding codes). A field wider than the rest of its
dword continues in the next one. `check` finds the mistakes rule AG397 reports; render/descriptor.py's
`cpp_model` gives the template each dword as the list of bit pieces that are OR-ed into it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Optional, Protocol, Sequence

from atomgen.spec.scalars import ScalarValue
from atomgen.spec.verify import placeholders
from atomgen.spec.yamldata import YamlMap, integer, text

# Values computed at lowering time from the operands: runtime SSA values of a known width, or
# compile-time numbers (checked against the field width when the copy is lowered).
RUNTIME_OPERANDS: dict[str, int] = {
    "lds_addr": 32, "global_addr": 64,
    **{f"tensor_dim{j}": 32 for j in range(5)},
    **{f"stride{k}": 64 for k in range(4)},
}
STATIC_OPERANDS = ("data_size", "pad_enable", "pad_interval", "pad_amount", *(f"tile_dim{j}" for j in range(5)))
# Placeholders a field's `unencodable` message may use besides the parameters.
MESSAGE_LOCALS = ("elemBits", "value")

_SOURCE = re.compile(r"^(const|param|state|operand):([A-Za-z_][A-Za-z0-9_]*|-?[0-9]+)\Z")
_VECTOR = re.compile(r"^vector<([0-9]+)xi32>\Z")
_TYPE_BITS = re.compile(r"^i([0-9]+)\Z")


@dataclass(frozen=True, slots=True)
class Field:
    index: int
    name: str
    group: str
    dword: int
    bit: int
    width: int
    kind: str  # const, param, state, operand
    ref: str  # the number, or the parameter / state / operand name
    unencodable: str = ""

    @property
    def start(self) -> int:
        return self.dword * 32 + self.bit

    def pieces(self) -> Iterator[tuple[int, int, int, int]]:
        """(dword, from, n, at): bits [from, from+n) of the value go to bit `at` of that dword."""
        done = 0
        while done < self.width:
            absolute = self.start + done
            at = absolute % 32
            n = min(32 - at, self.width - done)
            yield absolute // 32, done, n, at
            done += n


def read(items: Sequence[YamlMap]) -> tuple[Field, ...]:
    """`emission.descriptor` as fields (the schema fixes each item's keys and its source's form)."""
    out = []
    for index, item in enumerate(items):
        match = _SOURCE.match(text(item.get("source")))
        if not match:
            continue
        out.append(Field(index, text(item.get("name")), text(item.get("group")), integer(item.get("dword")),
                         integer(item.get("bit")), integer(item.get("width")), match.group(1), match.group(2),
                         text(item.get("unencodable"))))
    return tuple(out)


def group_sizes(packed: Mapping[str, str]) -> dict[str, int]:
    return {name: int(m.group(1)) for name, ty in packed.items() if (m := _VECTOR.match(str(ty)))}


def _range_bits(low: int, high: int) -> int:
    """Bits a field needs to hold every value of [low, high] (unsigned); 65 when low < 0."""
    return 65 if low < 0 else max(1, high.bit_length())


class ParameterRange(Protocol):
    """What the descriptor check asks of a parameter (the model's Parameter)."""

    @property
    def cpp_type(self) -> str: ...

    @property
    def free_values(self) -> Optional[tuple[ScalarValue, ...]]: ...

    @property
    def free_min(self) -> Optional[int]: ...

    @property
    def free_max(self) -> Optional[int]: ...


def _parameter_bits(parameter: ParameterRange) -> int | None:
    if parameter.cpp_type == "bool":
        return 1
    values = parameter.free_values or ()
    numbers = [v for v in values if isinstance(v, int)]
    if values and len(numbers) == len(values):
        return _range_bits(min(numbers), max(numbers))
    if isinstance(parameter.free_min, int) and isinstance(parameter.free_max, int):
        return _range_bits(parameter.free_min, parameter.free_max)
    return None


def check(fields: Sequence[Field], parameters: Mapping[str, ParameterRange], state: Mapping[str, str],
          packed: Mapping[str, str]) -> Iterator[tuple[int, str, str]]:
    """(field index, key, problem) for each mistake: a bad source, a field outside its group or
    dword, two fields sharing a bit, a source that does not fit the field's width."""
    sizes = group_sizes(packed)
    taken: dict[str, list[Field]] = {}
    names: set[str] = set()
    for item in fields:
        where = item.index
        if item.name in names:
            yield where, "name", f"descriptor field '{item.name}' is declared twice"
        names.add(item.name)
        if item.group not in sizes:
            yield where, "group", (f"descriptor field '{item.name}': group '{item.group}' is not a vector<Nxi32> "
                                   f"packed operand of the instances ({', '.join(sorted(sizes)) or 'none'})")
            continue
        if not 0 <= item.bit < 32:
            yield where, "bit", f"descriptor field '{item.name}': bit {item.bit} is not in [0, 31] of its dword"
            continue
        end = item.start + item.width
        if item.width < 1 or item.dword < 0 or end > sizes[item.group] * 32:
            yield where, "width", (f"descriptor field '{item.name}' (dword {item.dword}, bit {item.bit}, width "
                                   f"{item.width}) does not lie inside {item.group}'s {sizes[item.group]} dwords")
            continue
        for other in taken.setdefault(item.group, []):
            if item.start < other.start + other.width and other.start < end:
                shared = max(item.start, other.start)
                yield where, "bit", (f"descriptor field '{item.name}' overlaps '{other.name}' in {item.group} "
                                     f"dword {shared // 32}, bit {shared % 32}")
        taken[item.group].append(item)
        problem = _source_problem(item, parameters, state)
        if problem:
            yield where, "source", f"descriptor field '{item.name}': {problem}"
        for name in placeholders(item.unencodable):
            if name not in parameters and name not in MESSAGE_LOCALS:
                yield where, "unencodable", (f"descriptor field '{item.name}': message placeholder '{{{name}}}' is "
                                             f"neither a parameter nor one of {', '.join(MESSAGE_LOCALS)}")


def _source_problem(item: Field, parameters: Mapping[str, Any], state: Mapping[str, str]) -> str:
    if item.kind == "const":
        value = int(item.ref)
        if _range_bits(value, value) > item.width:
            return f"the constant {value} does not fit its {item.width} bits"
        return ""
    if item.kind == "param":
        if item.ref not in parameters:
            return f"'{item.ref}' is not a parameter"
        bits = _parameter_bits(parameters[item.ref])
        if bits is None:
            return f"parameter '{item.ref}' has no bounded range (declare free: min/max or values)"
        if bits > item.width:
            return f"parameter '{item.ref}' needs {bits} bits for its range but the field has {item.width}"
        return ""
    if item.kind == "state":
        type_bits = _TYPE_BITS.match(state.get(item.ref, ""))
        if item.ref not in state or not type_bits:
            return f"'{item.ref}' is not an integer state field"
        if item.width > int(type_bits.group(1)):
            return f"state '{item.ref}' ({state[item.ref]}) is narrower than the field's {item.width} bits"
        return ""
    if item.ref in RUNTIME_OPERANDS:
        if item.width > RUNTIME_OPERANDS[item.ref]:
            return f"operand '{item.ref}' has {RUNTIME_OPERANDS[item.ref]} bits, narrower than the field's {item.width}"
        return ""
    if item.ref not in STATIC_OPERANDS:
        known = ", ".join([*RUNTIME_OPERANDS, *STATIC_OPERANDS])
        return f"'{item.ref}' is not a lowering operand (known: {known})"
    return ""


def static_words(fields: Sequence[Field], values: Mapping[str, ScalarValue]) -> dict[tuple[str, int], int]:
    """The compile-time bits of each dword for the given parameter and static-operand values
    (what the generated tests expect the lowering's constants to be), as signed i32."""
    words: dict[tuple[str, int], int] = {}
    for item in fields:
        if item.kind == "const":
            value = int(item.ref)
        elif item.kind in ("param", "operand") and item.ref in values and item.ref not in RUNTIME_OPERANDS:
            value = int(values[item.ref])
        else:
            continue
        for dword, start, n, at in item.pieces():
            bits = ((value >> start) & ((1 << n) - 1)) << at
            words[(item.group, dword)] = words.get((item.group, dword), 0) | bits
    return {key: word - (1 << 32) if word >= 1 << 31 else word for key, word in words.items()}


def tdm_operands(values: Mapping[str, ScalarValue], shape: list[int], elem_bits: int) -> dict[str, int]:
    """The compile-time lowering operands of a TDM copy of a tile `shape` (tensor order):
    element size code, per-warp tile dims (descriptor order) and padding codes."""
    warps, spare = [1] * len(shape), int(values.get("numWarps", 1))
    for i, extent in enumerate(shape):
        while spare > 1 and warps[i] * 2 <= extent:
            warps[i], spare = warps[i] * 2, spare // 2
    warps[-1] *= spare
    block = [-(-extent // w) for extent, w in zip(shape, warps)]
    out = {"data_size": (elem_bits // 8).bit_length() - 1, "pad_enable": 0, "pad_interval": 0, "pad_amount": 0}
    out.update({f"tile_dim{j}": block[len(shape) - 1 - j] if j < len(shape) else 0 for j in range(5)})
    interval, amount = int(values.get("padInterval", 0)), int(values.get("padAmount", 0))
    if interval > 0 and amount > 0:
        out.update(pad_enable=1, pad_interval=(interval * elem_bits // 32).bit_length() - 2,
                   pad_amount=amount * elem_bits // 32 - 1)
    return out
