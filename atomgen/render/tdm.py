"""What the `tdm` copy template prints: the descriptor model, state slots, ops under the LLVM API."""

from __future__ import annotations

from typing import Callable, Mapping

from atomgen.render import descriptor, escape, llvm_api
from atomgen.render.cpp.params import CppParam
from atomgen.render.cpp.state import StateModel
from atomgen.spec import descriptor as fields_of
from atomgen.spec.emission import Tdm
from atomgen.spec.model import AtomSpec

# Global stride state that says "take the static layout stride" (the spec's stride_i default).
_STRIDE = "stride_"
_EXTENT = "extent_"


class TdmRenderError(ValueError):
    pass


def emission_data(spec: AtomSpec, params: Mapping[str, CppParam], state: StateModel | None,
                  stream: Callable[[CppParam], str]) -> dict[str, object]:
    if state is None or not spec.instances:
        raise TdmRenderError("the tdm emission needs the descriptor state and one instance")
    slots = {slot.name: slot for slot in state.slots}
    by_case = {slot.enum_case: slot for slot in state.slots if slot.enum_case}
    extents = [f"{_EXTENT}{i}" for i in range(5)]
    strides = [f"{_STRIDE}{i}" for i in range(4)]
    if not set(extents + strides) <= set(slots) or "ImmOffset" not in by_case:
        raise TdmRenderError("the tdm emission needs state extent_0..4, stride_0..3 and an ImmOffset field")
    instance = spec.instances[0]
    profile = llvm_api.active()
    groups = sorted(fields_of.group_sizes(instance.packed))[: profile.tensor_groups]
    if not isinstance(spec.emission, Tdm):
        raise TdmRenderError(f"the tdm template renders the tdm pattern, not {spec.pattern}")
    fields = spec.emission.descriptor
    dropped = {f.group for f in fields} - set(groups)
    if dropped:
        raise TdmRenderError(f"LLVM API '{profile.name}' passes {profile.tensor_groups} descriptor groups; "
                             f"fields in {', '.join(sorted(dropped))} would be lost")
    wave_id = ("ROCDL::WaveId::create(builder, loc, i32Ty)" if not profile.lacks("WaveId") else
               # No wave-id op in this LLVM: the wave is thread id x / 32, made uniform.
               "ROCDL::ReadfirstlaneOp::create(builder, loc, i32Ty, arith::DivUIOp::create(builder, loc, "
               "ROCDL::ThreadIdXOp::create(builder, loc, i32Ty), i32(32)))")
    model = descriptor.cpp_model(
        fields, instance.packed, groups, spec.mnemonic,
        param_getter=lambda name: name,
        state_slot=lambda name: slots[name].constant,
        stream_param=lambda name: stream(params[name]),
        literal=lambda text: f'"{escape.cpp_string(text)}"')
    return {
        "descriptor": model,
        "group_names": groups,
        "extent_slots": [slots[s].constant for s in extents],
        "stride_slots": [slots[s].constant for s in strides],
        "stride_unset": slots[strides[0]].default,
        "imm_offset": by_case["ImmOffset"].constant,
        "wave_id": wave_id,
        # The cache-policy immediate takes this parameter (emission.immediates), else 0.
        "cache_policy": spec.emission.immediates.get("cache_policy", "0"),
        "load_op": "ROCDL::" + str(instance.op_class or "TensorLoadToLDSOp"),
        "store_op": "ROCDL::" + (instance.emission.store_op_class or "TensorStoreFromLDSOp"),
    }
