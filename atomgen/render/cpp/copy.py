"""ROCDL copy emission: buffer, LDS DMA, atomics, transposed LDS reads and the TDM."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from atomgen.render import llvm_api, tdm
from atomgen.render.cpp.mlirtype import CppRenderError, type_builder
from atomgen.render.cpp.params import CppParam, value_stream
from atomgen.render.cpp.rows import CaseGroup, group_rows, op_class, op_namespace
from atomgen.render.cpp.state import StateModel, slot_of
from atomgen.spec.emission import BufferCopy, GlobalLdsDma, LdsDma
from atomgen.spec.model import AtomSpec
from atomgen.spec.printing import describe


@dataclass
class CopyEmission:
    pattern: str
    dispatch: list[CaseGroup] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


def copy_emission(spec: AtomSpec, params: dict[str, CppParam], state: StateModel | None) -> CopyEmission:
    emission = spec.emission
    pattern = spec.pattern
    result = CopyEmission(pattern)
    data = result.data
    if isinstance(emission, BufferCopy):
        data["load_op"] = "ROCDL::" + emission.load.op_class
        data["store_op"] = "ROCDL::" + emission.store.op_class
        data["soffset"] = slot_of(state, "Soffset")
        aux = emission.immediates.get("aux")  # the parameter the cache-policy immediate takes
        data["aux"] = params[aux].getter if aux in params else "0"
        data["bits"] = params["bitSize"].getter
    elif isinstance(emission, LdsDma):
        data["op"] = "ROCDL::" + emission.op_class
        data["soffset"] = slot_of(state, "Soffset")
        data["imm_offset"] = slot_of(state, "ImmOffset")
        data["bits"] = params["bitSize"].getter
    elif isinstance(emission, GlobalLdsDma):
        data["op"] = "ROCDL::" + emission.op_class
        data["bits"] = params["bitSize"].getter
    elif pattern == "buffer_atomic":
        data["soffset"] = slot_of(state, "Soffset")
        result.dispatch = group_rows(
            [(i.index, describe(spec, i.values), f"{op_namespace(spec, i)}::{op_class(i)}") for i in spec.instances]
        )
    elif pattern == "lds_read_trans":
        result.dispatch = group_rows(
            [
                (i.index, describe(spec, i.values),
                 (f"{op_namespace(spec, i)}::{op_class(i)}", type_builder(i.packed["value"], "builder.getContext()")))
                for i in spec.instances
            ]
        )
    elif pattern == "tdm":
        try:
            data.update(tdm.emission_data(spec, params, state, value_stream))
        except tdm.TdmRenderError as error:
            raise CppRenderError(str(error)) from error
    else:
        raise CppRenderError(f"no C++ template for the copy emission pattern '{pattern}'")
    # The LLVM API profile: `aux` as an operand or an attribute; an op this LLVM lacks.
    data["aux_operand"] = llvm_api.active().aux_as_operand
    data["atomic_result"] = llvm_api.active().buffer_atomic_result
    data["lacks"] = next((m for op in (data.get("op"), data.get("load_op"), data.get("store_op")) if op
                          for m in [llvm_api.lacks_message(spec.mnemonic, str(op))] if m), "")
    return result


def default_val_bits(spec: AtomSpec) -> list[CaseGroup]:
    """Per row, the widest valBits it admits (what rebuildStaticValue uses without a hint)."""
    return group_rows([(i.index, describe(spec, i.values), max(i.val_bits) if i.val_bits else 0)
                       for i in spec.instances])
