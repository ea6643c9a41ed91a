"""The IR text of an instance's payload type and its `!fly.*_atom` wrapper."""

from __future__ import annotations

from typing import Mapping, Optional

from atomgen.spec import asmformat
from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.scalars import ScalarValue


def sample_values(spec: AtomSpec, instance: Instance) -> dict[str, ScalarValue]:
    """Every parameter's value for printing: the row's, else the default, else the smallest free one."""
    values: dict[str, ScalarValue] = dict(instance.values)
    for parameter in spec.parameters:
        if parameter.name in values:
            continue
        if parameter.default is not None:
            values[parameter.name] = parameter.default
        elif parameter.free_values:
            values[parameter.name] = parameter.free_values[0]
        elif parameter.free_min is not None:
            values[parameter.name] = parameter.free_min
    return values


# Enum attributes whose own assembly format is `<` $value `>` (NVVMOps.td: TMAReduxKindAttr,
# Tcgen05CpMulticastAttr): a type parameter of one prints stripped of its dialect prefix, brackets kept
# (`op = <add>`); MLIR 22's parser of the bare value says "expected '<'".
BRACKETED_ENUM_ATTRS = frozenset({"::mlir::NVVM::TMAReduxKindAttr", "::mlir::NVVM::Tcgen05CpMulticastAttr"})


def format_value(spec: AtomSpec, name: str, value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    parameter = spec.parameter(name)
    if parameter is not None and parameter.cpp_type in BRACKETED_ENUM_ATTRS:
        return f"<{value}>"
    return str(value)


def payload_type(spec: AtomSpec, dialect: str, values: Mapping[str, ScalarValue]) -> str:
    """`!fly_rocdl.cdna3.mfma<16x16x16, (f16, f16) -> f32>`."""
    elements = asmformat.parse_format(spec.assembly_format)
    defaults = {p.name: p.default for p in spec.parameters if p.default is not None}
    body = asmformat.print_params(elements, values, defaults, lambda n, v: format_value(spec, n, v))
    return f"!{dialect}.{spec.mnemonic}{body}"


def atom_type(spec: AtomSpec, dialect: str, values: Mapping[str, ScalarValue], val_bits: Optional[int] = None) -> str:
    """The generic wrapper: `!fly.mma_atom<P>` or `!fly.copy_atom<P, valBits>`."""
    payload = payload_type(spec, dialect, values)
    if spec.kind == "mma":
        return f"!fly.mma_atom<{payload}>"
    return f"!fly.copy_atom<{payload}, {0 if val_bits is None else val_bits}>"


def message_value(value: object) -> str:
    """A value as verify()'s messages print it (true/false for a bool)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def describe(spec: AtomSpec, values: Mapping[str, object]) -> str:
    """`16x16x16 (f16, f16) -> f32` for MMAs; `bitSize = 32` style otherwise."""
    key = [p for p in spec.key_parameters]
    parts: list[str] = []
    names = [p.name for p in key]
    if spec.kind == "mma" and all(n in values for n in ("m", "n", "k")):
        text = f"{values['m']}x{values['n']}x{values['k']}"
        a, b, c = (spec.operand_types.get(role, "") for role in ("a", "b", "c"))
        # as messages.describe_stream: a format parameter (a free type, AG379) is not part of the description
        if all(name in values and name in names for name in (a, b, c)):
            text += f" ({values[a]}, {values[b]}) -> {values[c]}"
            names = [n for n in names if n not in (a, b, c)]
        names = [n for n in names if n not in ("m", "n", "k")]
        parts.append(text)
    parts.extend(f"{name} = {message_value(values[name])}" for name in names if name in values)
    return ", ".join(parts) if parts else "default"
