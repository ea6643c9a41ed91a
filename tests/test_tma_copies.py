"""The Hopper GEMM's TMA copies beyond load/store (issue 52.3): multicast load, reduction, im2col, non-tensor bulk copy.

specs/nvvm/sm90/tma_load_multicast.yaml is tma_load with `emission.multicast` and the 16-bit MulticastMask
state field; specs/nvvm/sm90/tma_reduce.yaml is tma_store with `emission.reduce` naming its redOp parameter.
specs/nvvm/sm90/bulk_copy.yaml is the `bulk_copy` pattern: cp.async.bulk without a descriptor, the `store`
parameter picking the direction (AG404 holds it to the instruction's destination), the Mbarrier state field the
G2S op's mbar, the byte count the memref's. specs/nvvm/sm90/tma_load_im2col.yaml is tma_load with `emission.im2col`
and the three 16-bit Im2colOffset state fields (rank - 2 used), ranks 3-5.
Each deliberate mistake below is a one-line edit of the shipped spec, rejected with its rule at its line.

The cp.reduce words (`.reduce`, the reduction `.add` ... `.xor`) and the `.multicast::cluster` tie belong to
the AG404 grammar (atomgen/spec/instruction.py, atomgen/check/families/call.py); until PtxInstruction has the
`reduction` and `multicast` fields, the cases that need them are expected failures.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from atomgen.pipeline import analyse_loaded
from atomgen.spec.backend import find_backend_file, load_backend
from atomgen.spec.instruction import PtxInstruction
from atomgen.spec.loader import load_text

ROOT = Path(__file__).resolve().parent.parent
MULTICAST = "specs/nvvm/sm90/tma_load_multicast.yaml"
REDUCE = "specs/nvvm/sm90/tma_reduce.yaml"
BULK = "specs/nvvm/sm90/bulk_copy.yaml"
IM2COL = "specs/nvvm/sm90/tma_load_im2col.yaml"

NO_REDUCE_GRAMMAR = pytest.mark.xfail(
    not hasattr(PtxInstruction, "reduction"), strict=True,
    reason="the AG404 grammar does not read cp.reduce words yet (.reduce, .add ... .xor)")
NO_MULTICAST_FIELD = pytest.mark.xfail(
    not hasattr(PtxInstruction, "multicast"), strict=True,
    reason="the AG404 grammar does not tie .multicast::cluster to emission.multicast yet")


def _analyse(path: Path, text: str) -> list[tuple[str, int, str]]:
    backend_file = find_backend_file(path, path.parent.parent.name)
    backend = load_backend(backend_file, str(backend_file))[0] if backend_file else None
    _, findings = analyse_loaded(load_text(text, str(path)), backend)
    return [(d.rule, d.position.line, d.message) for d in findings if d.severity == "error"]


def _findings(spec: str, old: str, new: str) -> tuple[int, list[tuple[str, int, str]]]:
    """(the edited line, the errors as (rule, line, message)) of the shipped spec with `old` -> `new`."""
    path = ROOT / spec
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must occur once in {spec}"
    line = text[: text.index(old)].count("\n") + 1
    return line, _analyse(path, text.replace(old, new))


def _new_at(spec: str, old: str, new: str, rule: str, words: str) -> None:
    """The edit gives an error of `rule` at its line that names `words` and that the shipped spec does not give."""
    line, found = _findings(spec, old, new)
    before = set(_analyse(ROOT / spec, (ROOT / spec).read_text()))
    fresh = [f for f in found if f not in before]
    assert any(r == rule and at == line and words in message for r, at, message in fresh), fresh


def test_the_multicast_spec_is_clean() -> None:
    assert _analyse(ROOT / MULTICAST, (ROOT / MULTICAST).read_text()) == []


@NO_REDUCE_GRAMMAR
def test_the_reduce_spec_is_clean() -> None:
    assert _analyse(ROOT / REDUCE, (ROOT / REDUCE).read_text()) == []


def test_multicast_wrong_rank_word() -> None:
    _new_at(MULTICAST, 'instruction: "cp.async.bulk.tensor.2d.shared::cluster',
            'instruction: "cp.async.bulk.tensor.3d.shared::cluster', "AG404", ".3d on a row of rank 2")


def test_reduce_wrong_rank_word() -> None:
    # the add family's instruction pinned to .2d: its rows of rank 1, 3, 4, 5 are wrong (at the family's line)
    _new_at(REDUCE, "cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta.add.",
            "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.", "AG404", ".2d on a row of rank 1")


@NO_REDUCE_GRAMMAR
def test_reduce_wrong_reduction_word() -> None:
    _new_at(REDUCE, "shared::cta.min.tile", "shared::cta.max.tile", "AG404", "redOp is min")


@NO_MULTICAST_FIELD
def test_multicast_word_lost() -> None:
    _new_at(MULTICAST, "tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster",
            "tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes", "AG404", "multicast")


def test_multicast_without_its_mask_field() -> None:
    """`multicast: true` reads the MulticastMask field (TmaLoad.required): without it, AG371."""
    text = (ROOT / MULTICAST).read_text()
    mask = next(line for line in text.splitlines(keepends=True) if "enum_case: MulticastMask" in line)
    line, found = _findings(MULTICAST, mask, "")
    assert any(r == "AG371" and "MulticastMask" in message for r, _, message in found), found


def test_multicast_mask_of_the_wrong_width() -> None:
    line, found = _findings(MULTICAST, "enum_case: MulticastMask, llvm_type: i16",
                            "enum_case: MulticastMask, llvm_type: i32")
    assert any(r == "AG367" and at == line for r, at, _ in found), found


def test_reduce_naming_no_parameter() -> None:
    line, found = _findings(REDUCE, "  reduce: redOp\n", "  reduce: redKind\n")
    assert any(r == "AG371" and "'redKind'" in message for r, _, message in found), found


def test_the_payload_prints_the_reduction_in_its_own_brackets() -> None:
    from atomgen.check.runner import analyze_file
    from atomgen.spec.printing import atom_type, sample_values

    spec = analyze_file(ROOT / REDUCE, REDUCE, prove=False).spec
    assert spec is not None
    row = next(i for i in spec.instances if i.values == {"rank": 2, "redOp": "xor"})
    assert atom_type(spec, "fly_nvvm", sample_values(spec, row), 0) == \
        "!fly.copy_atom<!fly_nvvm.sm90.tma.reduce<rank = 2, op = <xor>>, 0>"


def test_the_generated_code_and_tests_call_the_ops() -> None:
    generated = ROOT / "generated"
    reduce_cpp = (generated / "lib/Dialect/FlyNVVM/SM90/CopyOpSM90_TmaReduce.cpp").read_text()
    assert "NVVM::CpAsyncBulkTensorReduceOp::create(builder, loc, tmaDesc, src, getRedOp().getValue()," in reduce_cpp
    assert "redOp.getValue() == ::mlir::NVVM::TMAReduxKind::XOR" in reduce_cpp
    multicast_cpp = (generated / "lib/Dialect/FlyNVVM/SM90/CopyOpSM90_TmaLoadMulticast.cpp").read_text()
    assert "/*multicastMask=*/multicastMask," in " ".join(multicast_cpp.split())
    tests = generated / "tests/mlir/Conversion/atomgen"
    assert "{redKind = #nvvm.tma_redux_kind<xor>}" in (tests / "sm90_tma_reduce.mlir").read_text()
    assert "] multicast_mask = %{{[0-9]+}} : !llvm.ptr<7>" in (tests / "sm90_tma_load_multicast.mlir").read_text()


def test_cute_is_asked_for_the_multicast_and_reduction_ops() -> None:
    from atomgen.check.runner import analyze_file
    from atomgen.oracle.cute.request import build_request

    reduce_spec = analyze_file(ROOT / REDUCE, REDUCE, prove=False).spec
    multicast_spec = analyze_file(ROOT / MULTICAST, MULTICAST, prove=False).spec
    assert reduce_spec is not None and multicast_spec is not None
    row = next(i for i in reduce_spec.instances if i.values == {"rank": 3, "redOp": "inc"})
    assert build_request(reduce_spec, row) == (
        {"family": "tma", "direction": "reduce", "reduction": "inc", "elem_type": "f16", "box": [8, 8, 4]}, "")
    request, _ = build_request(multicast_spec, multicast_spec.instances[0])
    assert request is not None and request["direction"] == "load_multicast" and request["num_multicast"] == 2


def test_the_probe_runs_multicast_and_reduction() -> None:
    """tests/test_probe_tma_copies.py holds their programs and references; here: they are cases, not skips."""
    from atomgen.check.runner import analyze_file
    from atomgen.probe.cases import case_from_instance

    for spec_path, direction in ((MULTICAST, "multicast"), (REDUCE, "reduce")):
        result = analyze_file(ROOT / spec_path, spec_path, prove=False)
        assert result.spec is not None and result.analysis is not None
        case = case_from_instance(result.spec, result.analysis.evaluated[0])
        assert not case.skip and case.tma is not None and case.tma[0] == direction, spec_path


# --- bulk_copy: non-tensor cp.async.bulk (CuTe SM90_BULK_COPY_G2S / S2G) ------------------------------------

def test_the_bulk_copy_spec_is_clean() -> None:
    assert _analyse(ROOT / BULK, (ROOT / BULK).read_text()) == []


def test_bulk_store_row_spelling_the_load_instruction() -> None:
    """AG404: the destination state space of the instruction is held to `store` (and AG359 to the intrinsic)."""
    _new_at(BULK, 'store: true, intrinsic: nvvm.cp.async.bulk.global.shared.cta, instruction: "cp.async.bulk.global.'
            'shared::cta.bulk_group"', 'store: true, intrinsic: nvvm.cp.async.bulk.global.shared.cta, instruction: '
            '"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"', "AG404",
            "the destination is .shared::cluster on a row with store = true")


def test_bulk_load_row_with_the_store_intrinsic() -> None:
    _new_at(BULK, "store: false, intrinsic: nvvm.cp.async.bulk.shared.cluster.global",
            "store: false, intrinsic: nvvm.cp.async.bulk.global.shared.cta", "AG359",
            "is not one nvvm.cp.async.bulk.global.shared.cta emits")


def test_bulk_load_row_marked_store() -> None:
    """Both rows `store: true`: the first is a duplicate (AG351), and its load instruction contradicts it (AG404)."""
    _new_at(BULK, "{id: g2s, store: false,", "{id: g2s, store: true,", "AG404",
            "the destination is .shared::cluster on a row with store = true")


def test_bulk_copy_without_its_mbarrier_field() -> None:
    """The pattern reads the Mbarrier field (BulkCopy.needs): without it, AG371."""
    line, found = _findings(BULK, "enum_case: Mbarrier,", "enum_case: TmaDescriptor,")
    assert any(r == "AG371" and at == line and "Mbarrier" in message for r, at, message in found), found


def test_bulk_mbarrier_of_the_wrong_type() -> None:
    _new_at(BULK, 'enum_case: Mbarrier, llvm_type: "!llvm.ptr<3>"', 'enum_case: Mbarrier, llvm_type: "!llvm.ptr"',
            "AG367", "takes !llvm.ptr<3> for mbar")


def test_bulk_copy_without_its_store_parameter() -> None:
    """The pattern reads the `store` parameter by name (BulkCopy.needs): renamed everywhere, AG371."""
    path = ROOT / BULK
    text = path.read_text().replace("{name: store, cpp_type: bool, python: store,",
                                    "{name: toGlobal, cpp_type: bool, python: to_global,")
    text = text.replace("store: false, intrinsic:", "toGlobal: false, intrinsic:").replace(
        "store: true, intrinsic:", "toGlobal: true, intrinsic:").replace("$store", "$toGlobal")
    text = text.replace("get_args: [store]", "get_args: [to_global]").replace(
        'signature: "BulkCopy(store)"', 'signature: "BulkCopy(to_global)"').replace(
        "fixed: {store:", "fixed: {to_global:")
    found = _analyse(path, text)
    assert any(r == "AG371" and "'store'" in message for r, _, message in found), found


def test_bulk_copy_takes_no_multicast_key() -> None:
    line, found = _findings(BULK, "  pattern: bulk_copy\n", "  pattern: bulk_copy\n  multicast: true\n")
    assert any(r == "AG101" and "multicast" in message for r, _, message in found), found


def test_the_generated_bulk_copy_calls_both_ops_with_the_memref_bytes() -> None:
    generated = ROOT / "generated"
    cpp = " ".join((generated / "lib/Dialect/FlyNVVM/SM90/CopyOpSM90_BulkCopy.cpp").read_text().split())
    assert "NVVM::CpAsyncBulkGlobalToSharedClusterOp::create(builder, loc, dstCluster, src, mbarrier, size," in cpp
    assert "NVVM::CpAsyncBulkSharedCTAToGlobalOp::create(builder, loc, dst, src, size," in cpp
    assert "int64_t bytes = contiguousBytes(srcMem);" in cpp and "contiguousBytes(dstMem) != bytes" in cpp
    test = (generated / "tests/mlir/Conversion/atomgen/sm90_bulk_copy.mlir").read_text()
    assert "CHECK: %[[BYTES:[a-z0-9_]+]] = arith.constant 256 : i32" in test
    assert "nvvm.cp.async.bulk.shared.cluster.global %[[CLUSTER]], %[[SRC]], %{{[0-9]+}}, %[[BYTES]]" in test
    assert "nvvm.cp.async.bulk.global.shared.cta %[[DST]], %[[SRC]], %[[BYTES]]" in test


def test_the_ptx_grammar_reads_the_state_spaces_destination_first() -> None:
    from atomgen.spec.instruction import parse_ptx

    load = parse_ptx("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes")
    store = parse_ptx("cp.async.bulk.global.shared::cta.bulk_group")
    assert load is not None and load.spaces == ("shared::cluster", "global") and not load.unknown
    assert store is not None and store.spaces == ("global", "shared::cta") and not store.unknown


def test_cute_is_asked_for_the_bulk_copy_ops() -> None:
    from atomgen.check.runner import analyze_file
    from atomgen.oracle.cute.request import build_request

    spec = analyze_file(ROOT / BULK, BULK, prove=False).spec
    assert spec is not None
    assert [build_request(spec, row) for row in spec.instances] == [
        ({"family": "bulk", "direction": "load", "bytes": 256}, ""),
        ({"family": "bulk", "direction": "store", "bytes": 256}, "")]


def test_the_probe_runs_the_bulk_copy() -> None:
    from atomgen.check.runner import analyze_file
    from atomgen.probe.cases import case_from_instance

    result = analyze_file(ROOT / BULK, BULK, prove=False)
    assert result.spec is not None and result.analysis is not None
    assert [case_from_instance(result.spec, evaluated).tma[0] for evaluated in result.analysis.evaluated] == \
        ["bulk_load", "bulk_store"]


# --- tma_load_im2col: cp.async.bulk.tensor .im2col (CuTe SM90_TMA_LOAD_IM2COL) --------------------------------

def test_the_im2col_spec_is_clean() -> None:
    assert _analyse(ROOT / IM2COL, (ROOT / IM2COL).read_text()) == []


def test_im2col_word_lost() -> None:
    """A row spelling the tile mode on an atom whose emission passes im2col offsets: AG404 at its line."""
    _new_at(IM2COL, "tensor.4d.shared::cluster.global.im2col.mbarrier",
            "tensor.4d.shared::cluster.global.tile.mbarrier", "AG404",
            ".tile (no .im2col) on an atom whose emission passes im2col offsets")


def test_im2col_on_a_tile_atom() -> None:
    """The emission's `im2col: true` dropped: every .im2col row contradicts it, AG404 at each row's line."""
    text = (ROOT / IM2COL).read_text()
    rows = [n for n, line in enumerate(text.splitlines(), 1) if "instruction: \"cp.async.bulk.tensor" in line]
    _, found = _findings(IM2COL, "  im2col: true\n", "")
    assert sorted(at for r, at, message in found if r == "AG404" and "passes no im2col offsets" in message) == rows


def test_im2col_of_rank_two() -> None:
    """im2col takes ranks 3 to 5 (rank - 2 offsets): a .2d row is rejected at its line."""
    _new_at(IM2COL, '{rank: 3, intrinsic: nvvm.cp.async.bulk.tensor.shared.cluster.global, instruction: '
            '"cp.async.bulk.tensor.3d.', '{rank: 2, intrinsic: nvvm.cp.async.bulk.tensor.shared.cluster.global, '
            'instruction: "cp.async.bulk.tensor.2d.', "AG404", "the im2col mode takes ranks 3 to 5")


def test_im2col_offset_of_the_wrong_width() -> None:
    """The offsets are the op's i16 im2colOffsets: an i32 field is rejected (AG367) at its line."""
    line, found = _findings(IM2COL, "enum_case: Im2colOffset1, llvm_type: i16",
                            "enum_case: Im2colOffset1, llvm_type: i32")
    assert any(r == "AG367" and at == line and "i16" in message for r, at, message in found), found


def test_im2col_without_an_offset_field() -> None:
    """`im2col: true` reads the three Im2colOffset fields (TmaLoad.required): without one, AG371."""
    text = (ROOT / IM2COL).read_text()
    field = next(line for line in text.splitlines(keepends=True) if "enum_case: Im2colOffset2" in line)
    _, found = _findings(IM2COL, field, "")
    assert any(r == "AG371" and "Im2colOffset2" in message for r, _, message in found), found


def test_the_generated_im2col_code_and_test_pass_the_offsets() -> None:
    generated = ROOT / "generated"
    cpp = " ".join((generated / "lib/Dialect/FlyNVVM/SM90/CopyOpSM90_TmaLoadIm2col.cpp").read_text().split())
    assert "/*im2colOffsets=*/im2colOffsets," in cpp and "NVVM::TMALoadMode::IM2COL" in cpp
    assert "for (int32_t i = 0; i + 2 < getRank(); ++i)" in cpp
    test = (generated / "tests/mlir/Conversion/atomgen/sm90_tma_load_im2col.mlir").read_text()
    assert ("] im2col[%{{[0-9]+}}, %{{[0-9]+}}] {mode = #nvvm.tma_load_mode<im2col>} : !llvm.ptr<7>, !llvm.ptr"
            in test)


def test_cute_is_asked_for_the_im2col_op() -> None:
    from atomgen.check.runner import analyze_file
    from atomgen.oracle.cute.request import build_request

    spec = analyze_file(ROOT / IM2COL, IM2COL, prove=False).spec
    assert spec is not None
    assert [build_request(spec, row)[0]["rank"] for row in spec.instances] == [3, 4, 5]  # type: ignore[index]
    assert build_request(spec, spec.instances[0])[0]["direction"] == "load_im2col"  # type: ignore[index]
