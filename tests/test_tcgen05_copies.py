"""The Blackwell tensor-memory copies (issue 52.3): tcgen05.ld, tcgen05.st and tcgen05.cp.

specs/nvvm/sm100/tcgen05_{ld,st}.yaml: every data-path shape and repetition of CuTe's SM100_TMEM_LOAD/STORE
atoms (32x32b, 16x32bx2, 16x64b x1..x128, 16x128b x1..x64, 16x256b x1..x32), each with and without
.pack::16b / .unpack::16b; specs/nvvm/sm100/tcgen05_cp.yaml: the cta_group::1 UTCCP shapes with their multicast.
The tensor-memory side's placement is `tensor_memory.src` / `.dst` in bits (cell_bits 1), judged by AG349.
Each deliberate mistake below is a one-line edit of a shipped spec, rejected with its rule at its line; the
layouts are compared with CuTe's C++ Copy_Traits (g++ against the nvidia-cutlass headers, skipped without them).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from atomgen.check.evaluate import evaluate_instance
from atomgen.layout import algebra
from atomgen.layout.algebra import Layout
from atomgen.pipeline import analyse_loaded
from atomgen.spec.backend import find_backend_file, load_backend
from atomgen.spec.expr import evaluate_item
from atomgen.spec.loader import load_file, load_text
from atomgen.spec.model import build_model
from atomgen.spec.variables import first_match

ROOT = Path(__file__).resolve().parent.parent
LD = "specs/nvvm/sm100/tcgen05_ld.yaml"
ST = "specs/nvvm/sm100/tcgen05_st.yaml"
CP = "specs/nvvm/sm100/tcgen05_cp.yaml"


def _analyse(path: Path, text: str) -> list[tuple[str, int, str]]:
    backend_file = find_backend_file(path, path.parent.parent.name)
    backend = load_backend(backend_file, str(backend_file))[0] if backend_file else None
    _, findings = analyse_loaded(load_text(text, str(path)), backend)
    return [(d.rule, d.position.line, d.message) for d in findings if d.severity == "error"]


def _rejected_at(spec: str, old: str, new: str, rule: str, words: str) -> None:
    """The one-line edit `old` -> `new` gives an error of `rule` at the edited line that names `words`."""
    path = ROOT / spec
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must occur once in {spec}"
    line = text[: text.index(old)].count("\n") + 1
    found = _analyse(path, text.replace(old, new))
    assert any(r == rule and at == line and words in message for r, at, message in found), found


@pytest.mark.parametrize("spec", [LD, ST, CP])
def test_shipped_specs_are_clean(spec: str) -> None:
    assert _analyse(ROOT / spec, (ROOT / spec).read_text()) == []


# --- AG404: the instruction's words against the row -------------------------------------------------------

def test_a_shape_word_that_is_not_the_rows_shape_is_rejected() -> None:
    _rejected_at(LD, 'tcgen05.ld.sync.aligned.16x64b.x{num}.b32", packed: {value: "i32"}',
                 'tcgen05.ld.sync.aligned.16x128b.x{num}.b32", packed: {value: "i32"}', "AG404", "the .16x64b shape")


def test_pack_on_a_row_without_pack_is_rejected() -> None:
    _rejected_at(LD, 'tcgen05.ld.sync.aligned.32x32b.x{num}.b32", packed: {value: "i32"}',
                 'tcgen05.ld.sync.aligned.32x32b.x{num}.pack::16b.b32", packed: {value: "i32"}', "AG404",
                 "pack = false")


def test_unpack_on_a_load_is_rejected() -> None:
    _rejected_at(LD, 'tcgen05.ld.sync.aligned.16x256b.x{num}.pack::16b.b32"',
                 'tcgen05.ld.sync.aligned.16x256b.x{num}.unpack::16b.b32"', "AG404", "not a tcgen05.ld word")


def test_a_repetition_the_shape_does_not_have_is_rejected() -> None:
    # 16x256b repeats at most .x32 (128 registers a thread): x64 is no PTX instruction
    _rejected_at(LD, "expand: {num: [1, 2, 4, 8, 16, 32]}, dp: 16, bits: 256, pack: false",
                 "expand: {num: [1, 2, 4, 8, 16, 32, 64]}, dp: 16, bits: 256, pack: false", "AG404", "at most .x32")


def test_a_repetition_word_that_is_not_num_is_rejected() -> None:
    _rejected_at(ST, 'tcgen05.st.sync.aligned.16x32bx2.x{num}.b32", packed: {value: "i32"}',
                 'tcgen05.st.sync.aligned.16x32bx2.x2.b32", packed: {value: "i32"}', "AG404", "num = 1")


def test_a_cp_multicast_that_is_not_the_rows_is_rejected() -> None:
    _rejected_at(CP, '"tcgen05.cp.cta_group::1.64x128b.warpx2::02_13"',
                 '"tcgen05.cp.cta_group::1.64x128b.warpx2::01_23"', "AG404", "multicast is warpx2_02_13")


def test_a_cp_shape_without_its_multicast_is_rejected() -> None:
    # the row and its instruction agree, but the 32x128b shape exists only as .warpx4 (ptxas refuses the rest)
    _rejected_at(CP, 'warpx4, intrinsic: nvvm.tcgen05.cp, instruction: "tcgen05.cp.cta_group::1.32x128b.warpx4"',
                 'none, intrinsic: nvvm.tcgen05.cp, instruction: "tcgen05.cp.cta_group::1.32x128b"',
                 "AG404", "takes multicast warpx4")


# --- AG349: where the tensor-memory side lives --------------------------------------------------------------

@pytest.mark.campaign  # a whole-spec check of a mutant (10 s)
def test_pack_placing_two_halves_in_one_column_is_rejected() -> None:
    # packed 16-bit halves come from the low halves of two columns (stride 32 bits), not one column's two halves
    _rejected_at(LD, 'layout: "(32, ((16, W / 16), dp)) : (0, ((1, 32), 65536))"',
                 'layout: "(32, ((16, W / 16), dp)) : (0, ((1, 16), 65536))"', "AG349", "")


def test_a_multicast_copy_missing_is_rejected() -> None:
    # .warpx4 writes the 32 rows into every lane quarter: without the copies the declared columns are all used,
    # but a copy over the same lanes is two values in one cell
    _rejected_at(CP, '{when: {multicast: warpx4}, layout: "4 : 2097152"}',
                 '{when: {multicast: warpx4}, layout: "4 : 1"}', "AG349", "")


def test_the_tensor_memory_side_must_be_the_patterns() -> None:
    _rejected_at(ST, "operand_source: {dst: tensor_memory}", "operand_source: {src: tensor_memory}", "AG349",
                 "tensor_memory.src does not place it")


# --- AG32x: the register side -------------------------------------------------------------------------------

def test_a_register_layout_that_is_not_cutes_is_rejected() -> None:
    # the 16x128b register side with the repetition's stride written for 16x256b: two threads' bits collide
    _rejected_at(LD, '{when: {bits: 128}, layout: "((4, 8), (32, 2, num)) : ((32, 128 * num), (1, 1024 * num, 128))"}',
                 '{when: {bits: 128}, layout: "((4, 8), (32, 2, num)) : ((32, 128 * num), (1, 1024 * num, 256))"}',
                 "AG322", "not a bijection")


# --- CuTe's C++ Copy_Traits as the oracle -------------------------------------------------------------------

def _cute_traits(ops: list[str]) -> dict[str, list[str]]:
    from atomgen.oracle.cute import cpp

    try:
        includes, cxx = cpp.include_dirs(), cpp.compiler()
    except cpp.TraitsUnavailable as error:
        pytest.skip(str(error))
    lines = ["#include <cute/atom/copy_traits_sm100.hpp>", "#include <cstdio>", "using namespace cute;",
             "template <class Op> void show(const char* n) { using T = Copy_Traits<Op>; std::printf(\"%s|\", n);",
             " print(typename T::ThrID{}); std::printf(\"|\"); print(typename T::ValID{}); std::printf(\"|\");",
             " print(typename T::SrcLayout{}); std::printf(\"|\"); print(typename T::DstLayout{}); std::printf(\"|\");",
             " print(typename T::RefLayout{}); std::printf(\"\\n\"); }", "int main() {"]
    lines += [f'show<{op}>("{op}");' for op in ops] + ["}"]
    work = Path(__import__("tempfile").mkdtemp())
    (work / "t.cpp").write_text("\n".join(lines) + "\n")
    subprocess.run([cxx, "-std=c++17", "-O0", "-w", *[f"-I{d}" for d in includes], str(work / "t.cpp"), "-o",
                    str(work / "t")], check=True, timeout=600)
    out = subprocess.run([str(work / "t")], check=True, capture_output=True, text=True).stdout
    return {line.split("|")[0]: line.split("|")[1:] for line in out.splitlines()}


def _same(a: Layout, b: Layout) -> bool:
    """The same function: equal after coalescing (both are compact CuTe layouts of the same domain)."""
    return algebra.size(a) == algebra.size(b) and algebra.coalesce(a) == algebra.coalesce(b)


def _bit_addresses(layout: Layout) -> Layout:
    """A spec TMEM layout's value mode with each stride's lane * 65536 + bit rewritten as CuTe's lane * 2^21 + bit."""
    value = algebra.mode(layout, 1)

    def convert(stride):  # type: ignore[no-untyped-def]
        if isinstance(stride, tuple):
            return tuple(convert(item) for item in stride)
        lane, bit = divmod(stride, 65536)
        return lane * DP_B + bit

    return Layout(value.shape, convert(value.stride))


DP_B = 1 << 21  # CuTe's TMEM::DP_b: the lane stride of a bit address


@pytest.mark.parametrize("path,kind", [(LD, "LOAD"), (ST, "STORE")])
def test_tcgen05_ld_st_layouts_are_cutes(path: str, kind: str) -> None:
    spec, _ = build_model(load_file(str(ROOT / path), path))
    assert spec is not None
    flag = "pack" if kind == "LOAD" else "unpack"
    names = {}
    for inst in spec.instances:
        v = inst.values
        names[f"SM100_TMEM_{kind}_{v['dp']}dp{v['bits']}b{v['num']}x" + ("_16b" if v[flag] else "")] = inst
    cute = _cute_traits(sorted(names))
    assert set(cute) == set(names)  # every CuTe atom of the family is an instance (CuTe would not compile one it lacks)
    side = "src" if kind == "LOAD" else "dst"
    for op, inst in names.items():
        _, val_id, src, dst, ref = (algebra.parse_layout_text(text.replace("_", "")) for text in cute[op])
        evaluated, problems = evaluate_instance(spec, inst)
        assert evaluated is not None, problems
        for role, theirs in (("src", src), ("dst", dst), ("ref", ref)):
            assert _same(evaluated.operands[role].layout, theirs), (op, role)
        operand = spec.tensor_memory[side]
        piece = first_match(operand.pieces, inst, evaluated.variables)
        tmem = Layout(evaluate_item(piece.parsed.shape, evaluated.variables),
                      evaluate_item(piece.parsed.stride, evaluated.variables))
        assert _same(_bit_addresses(tmem), val_id), (op, "tensor memory (CuTe's ValID)")


# CuTe's UTCCP source index -> (row, bit) of the shared-memory matrix, read from each op's printed SrcLayout:
# its tile is the tensor-memory side, so the source indexes that tile (4x256b: rows 32 lanes apart) or, for
# .warpx2::01_23, (32 rows, 128 bits, 2 row halves).
UTCCP_SOURCE = {
    "SM100_UTCCP_128dp256bit_1cta": lambda s: (s % 128, s // 128),
    "SM100_UTCCP_128dp128bit_1cta": lambda s: (s % 128, s // 128),
    "SM100_UTCCP_4dp256bit_1cta": lambda s: (s % 128 // 32, s // 128),
    "SM100_UTCCP_2x64dp128bitlw0213_1cta": lambda s: (s % 64, s // 64),
    "SM100_UTCCP_2x64dp128bitlw0123_1cta": lambda s: (s % 32 + 32 * (s // 4096), s // 32 % 128),
    "SM100_UTCCP_4x32dp128bit_1cta": lambda s: (s % 32, s // 32),
}


def test_tcgen05_cp_placement_is_cutes() -> None:
    """Every bit of the shared-memory matrix lands on the TMEM bits CuTe's UTCCP traits give, copies included:
    CuTe's bit (0, j) reads source SrcLayout(j) and writes ValID(DstLayout(j))."""
    from atomgen.oracle.cute.request import tmem_copy_op
    from atomgen.spec.tensor_memory import copies_at

    spec, _ = build_model(load_file(str(ROOT / CP), CP))
    assert spec is not None
    ops = {tmem_copy_op("nvvm.tcgen05.cp", inst.values): inst for inst in spec.instances}
    assert set(ops) == set(UTCCP_SOURCE)
    cute = _cute_traits(sorted(ops))
    for op, inst in ops.items():
        _, val_id, src, dst, _ref = (algebra.parse_layout_text(text.replace("_", "")) for text in cute[op])
        rows, bits = inst.values["rows"], inst.values["bits"]
        theirs: dict[tuple[int, int], set[int]] = {}
        addresses = algebra.image(val_id)
        for source, target in zip(algebra.image(src), algebra.image(dst), strict=True):
            lane, bit = divmod(addresses[target], DP_B)
            theirs.setdefault(UTCCP_SOURCE[op](source), set()).add(lane * 65536 + bit)
        evaluated, problems = evaluate_instance(spec, inst)
        assert evaluated is not None, problems
        operand = spec.tensor_memory["dst"]
        piece = first_match(operand.pieces, inst, evaluated.variables)
        tmem = Layout(evaluate_item(piece.parsed.shape, evaluated.variables),
                      evaluate_item(piece.parsed.stride, evaluated.variables))
        _, offsets = copies_at(operand, inst, evaluated.variables)
        tile = algebra.image(evaluated.operands["src"].layout)
        mine = {(i % rows, i // rows): {address + offset for offset in offsets}
                for i, address in zip(tile, algebra.image(tmem), strict=True)}
        assert len(mine) == rows * bits and mine == theirs, op


def test_the_oracle_compares_tcgen05_cp_with_cute(tmp_path: Path) -> None:
    """`atomgen oracle cute` on tcgen05.cp: every instance compared, only the declared order of .warpx2::01_23's
    source differs; the 4x256b rows written to adjacent lanes (PTX: lanes 0, 32, 64, 96) is a finding."""
    import sys

    from atomgen.oracle.cute import audit as cute
    from atomgen.oracle.cute import client

    wrong = tmp_path / "nvvm" / "sm100" / "tcgen05_cp.yaml"
    wrong.parent.mkdir(parents=True)
    text = (ROOT / CP).read_text()
    old = '{when: {rows: 4}, layout: "(1, (4, 256)) : (0, (2097152, 1))"}'
    assert text.count(old) == 1
    wrong.write_text(text.replace(old, old.replace("2097152", "65536")))
    (tmp_path / "nvvm" / "backend.yaml").write_text((ROOT / "specs/nvvm/backend.yaml").read_text())
    try:
        report = cute.audit([str(ROOT / CP), str(wrong)], sys.executable, cute.DEFAULT_ARCH, cute.DEFAULT_TIMEOUT)
    except client.OracleError as error:
        pytest.skip(str(error))
    mutant, shipped = sorted(report.specs, key=lambda r: str(tmp_path) not in r.path)
    assert shipped.compared == mutant.compared == 6
    assert [(f.configuration, f.operand, f.declared) for f in shipped.findings] == \
        [("64_128_warpx2_01_23", "tmem_dst", True)]
    assert [(f.configuration, f.declared) for f in mutant.findings if f.operand == "tmem_dst"] == \
        [("4_256_none", False), ("64_128_warpx2_01_23", True)]


# --- the generated FileCheck tests as FlyDSL's NVVM build reads them -------------------------------------

_COPY_CALL = re.compile(r"fly\.copy_atom_call\(.*\) : \([^,]+, !fly\.memref<(\w+), [^>]*>, !fly\.memref<(\w+), ")
NVVM_OPS_TD = Path("/usr/lib/llvm-22/include/mlir/Dialect/LLVMIR/NVVMOps.td")


@pytest.mark.parametrize("spec", [LD, ST, CP])
def test_generated_copy_calls_take_one_element_type(spec: str) -> None:
    """FlyDSL's CopyAtomCallLowering (lib/Conversion/FlyToNVVM) refuses a copy_atom_call whose src and dst
    memrefs differ in element type ('src/dst element types mismatch': fly-opt then reports 'failed to legalize
    operation fly.copy_atom_call'); the register holding the TMEM address or the descriptor is typed as the data."""
    from atomgen.check.runner import analyze_file
    from atomgen.render.plan import build_plan

    atom = analyze_file(ROOT / spec, spec, prove=False).analysis
    assert atom is not None
    texts = [text for name, text in build_plan([atom], kinds=("tests",)).owned.items()
             if name.endswith(".mlir") and not name.endswith("_neg.mlir")]
    calls = [m.groups() for text in texts for m in _COPY_CALL.finditer(text)]
    assert calls and all(src == dst for src, dst in calls), sorted(set(calls))


def test_bracketed_enum_attrs_are_nvvms() -> None:
    """A spec's NVVM enum-attribute parameter prints as MLIR 22's parser reads it: `<value>` where NVVMOps.td
    gives the attribute the format `<` $value `>` (else "expected '<'"), the bare value where it keeps
    EnumAttr's default `$value`."""
    from atomgen.spec.printing import BRACKETED_ENUM_ATTRS

    if not NVVM_OPS_TD.exists():
        pytest.skip(f"{NVVM_OPS_TD} is not installed (mlir-22-tools / libmlir-22-dev)")
    td = NVVM_OPS_TD.read_text()
    classes = dict(re.findall(r'def (\w+)\s*:\s*I32(?:Bit)?EnumAttr<"(\w+)"', td))
    bracketed = {}
    for enum, body in re.findall(r"def \w+\s*:\s*EnumAttr<NVVM_Dialect,\s*(\w+),[^>]*>\s*(\{[^}]*\}|;)", td):
        bracketed[f"::mlir::NVVM::{classes.get(enum, enum)}Attr"] = "`<` $value `>`" in body
    used = set()
    for path in sorted((ROOT / "specs" / "nvvm").rglob("*.yaml")):
        if path.name == "backend.yaml":
            continue
        spec, _ = build_model(load_file(str(path), str(path.relative_to(ROOT))))
        assert spec is not None, path
        used |= {p.cpp_type for p in spec.parameters if p.cpp_type.startswith("::mlir::NVVM::")}
    assert used, "no NVVM enum parameter: the test would be vacuous"
    for cpp_type in sorted(used):
        assert cpp_type in bracketed, f"{cpp_type} is not an enum attribute of NVVMOps.td"
        assert (cpp_type in BRACKETED_ENUM_ATTRS) == bracketed[cpp_type], cpp_type
