"""The CuTe worker request for one PTX spec instance (`atomgen.oracle.cute.worker` documents the
protocol): the CuTe family (CuTe's C++ traits where the DSL has no type), its shape, types and
operand sources.
"""

from __future__ import annotations

from typing import Any

from atomgen.oracle.cute import cpp as cute_cpp
from atomgen.spec import tcgen05

# A representative box per TMA rank (CuTe needs one to build the atom; the spec's layout does not depend on it).
TMA_BOX = (8, 8, 4, 2, 2)
# Non-tensor bulk copies (cp.async.bulk): intrinsic -> the worker's direction, and the bytes asked of CuTe (the
# atom's byte count is its memref's; CuTe's num_bits_per_copy only scales its one contiguous run)
BULK_COPIES = {"nvvm.cp.async.bulk.shared.cluster.global": "load", "nvvm.cp.async.bulk.global.shared.cta": "store"}
BULK_BYTES = 256


TMEM_COPIES = ("nvvm.tcgen05.ld", "nvvm.tcgen05.st", "nvvm.tcgen05.cp")
# tcgen05.cp (cta_group::1): (rows, bits, multicast) -> CuTe's UTCCP op
UTCCP_OPS: dict[tuple[Any, Any, str], str] = {
    (128, 256, "none"): "128dp256bit", (4, 256, "none"): "4dp256bit", (128, 128, "none"): "128dp128bit",
    (64, 128, "warpx2_02_13"): "2x64dp128bitlw0213", (64, 128, "warpx2_01_23"): "2x64dp128bitlw0123",
    (32, 128, "warpx4"): "4x32dp128bit"}


def tmem_copy_op(intrinsic: str, values: dict[str, Any]) -> str | None:
    """CuTe's C++ op of a tcgen05.ld / st / cp row: SM100_TMEM_LOAD_16dp64b2x_16b, SM100_UTCCP_4dp256bit_1cta..."""
    if intrinsic == "nvvm.tcgen05.cp":
        found = UTCCP_OPS.get((values.get("rows"), values.get("bits"), str(values.get("multicast"))))
        return f"SM100_UTCCP_{found}_1cta" if found else None
    kind, flag = ("LOAD", "pack") if intrinsic == "nvvm.tcgen05.ld" else ("STORE", "unpack")
    dp, bits, num = values.get("dp"), values.get("bits"), values.get("num")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (dp, bits, num)):
        return None
    return f"SM100_TMEM_{kind}_{dp}dp{bits}b{num}x" + ("_16b" if values.get(flag) is True else "")


def _types(spec: Any, instance: Any) -> dict[str, Any]:
    values = instance.values
    return {
        "a_type": values.get(spec.operand_types.get("a", "elemTyA")),
        "b_type": values.get(spec.operand_types.get("b", "elemTyB")),
        "c_type": values.get(spec.operand_types.get("c", "elemTyAcc")),
    }


def _scale(spec: Any, instance: Any) -> tuple[str, int, str] | None:
    """(kind, vector size, scale-factor type) of a block-scaled row, None for any other."""
    factors = getattr(spec, "scale_factors", None)
    scale = tcgen05.block_scale(instance.instruction or "")
    if factors is None or scale is None or scale.vector_size is None:
        return None
    return scale.kind, scale.vector_size, str(instance.values.get(factors.type_parameter))


def build_request(spec: Any, instance: Any) -> tuple[dict[str, Any] | None, str]:
    """The worker request for one instance, or (None, why it has no CuTe counterpart)."""
    values = instance.values
    intrinsic = instance.intrinsic
    if spec.kind == "mma" and getattr(spec, "sparse", ()):
        # CuTe's sparse MMA ops are not requested: a name built like a dense op's would not exist and would
        # break the one compiled program every C++ trait shares.
        return None, "a sparse MMA (mma.sp): its CuTe traits are not compared"
    if spec.kind == "mma":
        mnk = {name: values.get(name) for name in ("m", "n", "k")}
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in mnk.values()):
            return None, "an MMA instance without integer m, n, k"
        types = _types(spec, instance)
        bit_op = next((op for op in ("xor", "and") if (instance.instruction or "").endswith(f".{op}.popc")), "")
        family = "quad_pair" if getattr(spec, "lanes", 0) and spec.threads == 8 else "mma_sync"
        ctas = getattr(spec, "ctas", 1)
        if spec.threads == ctas and spec.operand_source.get("c") == "tensor_memory":
            family = "umma"  # sm100 tcgen05: CuTe's C++ SM100_MMA_*_SS traits (*_2x1SM_SS for a CTA pair)
        m, n, k = (int(mnk[d] or 0) for d in ("m", "n", "k"))
        trans = (values.get("transA") is True, values.get("transB") is True)
        scale = _scale(spec, instance)
        cpp_op = cute_cpp.op_name(family, m, n, k, str(types["a_type"]), str(types["b_type"]), str(types["c_type"]),
                                  bit_op, trans, ctas, spec.operand_source.get("a") == "tensor_memory", scale,
                                  ws=".ws." in (instance.instruction or ""))
        if scale is not None and cpp_op is None:
            return None, f"no CuTe traits for block-scaled kind::{scale[0]} with these types"
        if cpp_op is not None:  # no CuTe DSL type: CuTe's C++ traits
            return {"family": "mma_cpp", "op": cpp_op}, ""
        if spec.threads == 32:
            return {"family": "mma_sync", **mnk, **types}, ""
        if spec.threads == 128:
            source = "smem" if spec.operand_source.get("a") == "shared_memory_descriptor" else "rmem"
            return {"family": "wgmma", **mnk, **_types(spec, instance), "a_source": source,
                    "a_major": "k", "b_major": "k"}, ""
        return None, f"no CuTe MMA family has {spec.threads} threads"
    if intrinsic in TMEM_COPIES:
        op = tmem_copy_op(intrinsic, values)
        return ({"family": "copy_cpp", "op": op}, "") if op else (None, "no CuTe tensor-memory copy op of this row")
    if intrinsic in ("nvvm.ldmatrix", "nvvm.stmatrix"):
        num, transpose = values.get("num"), values.get("transpose", False)
        if not isinstance(num, int) or not isinstance(transpose, bool):
            return None, "ldmatrix/stmatrix instance without integer num and bool transpose"
        return {"family": intrinsic.split(".")[1], "count": num, "transpose": transpose}, ""
    if intrinsic == "nvvm.cp.async.shared.global":
        bits, cache = values.get("bitSize"), values.get("cacheModifier", "ca")  # FlyNVVM's bitSize
        nbytes = bits // 8 if isinstance(bits, int) and bits % 8 == 0 else values.get("bytes")
        if not isinstance(nbytes, int):
            return None, "cp.async instance without integer bytes"
        return {"family": "cp_async", "bytes": nbytes, "cache": str(cache)}, ""
    if intrinsic in BULK_COPIES:  # the byte count is the memref's: any multiple of 16 shows CuTe's structure
        return {"family": "bulk", "direction": BULK_COPIES[intrinsic], "bytes": BULK_BYTES}, ""
    if intrinsic.startswith("nvvm.cp.async.bulk.tensor."):
        rank = values.get("rank")
        if not isinstance(rank, int) or not 1 <= rank <= len(TMA_BOX):
            return None, "TMA instance without a rank in 1..5"
        request: dict[str, Any] = {"family": "tma", "direction": "load" if intrinsic.endswith(".global") else "store",
                                   "elem_type": "f16", "box": list(TMA_BOX[:rank])}
        reduce = str(getattr(spec.emission, "reduce", ""))  # tma_store's reduction parameter
        if intrinsic == "nvvm.cp.async.bulk.tensor.reduce":
            if not reduce or not isinstance(values.get(reduce), str):
                return None, "TMA reduction instance without its reduction"
            request.update(direction="reduce", reduction=values[reduce])
        elif getattr(spec.emission, "im2col", False):  # a (pixels, channels) box of an N-d activation tensor
            if rank < 3:
                return None, "TMA im2col instance of rank below 3"
            request.update(direction="load_im2col", rank=rank, box=[32, 64])
        elif getattr(spec.emission, "multicast", False):
            request.update(direction="load_multicast", num_multicast=2)  # a pair of CTAs shares the box
        return request, ""
    return None, f"no CuTe copy family for {intrinsic}"
