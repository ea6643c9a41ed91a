"""The C++ renderer: deterministic, clang-format clean, verify() carries the instance table."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

import pytest
from conftest import run_cli

from atomgen.check.result import AnalysedAtom
from atomgen.check.runner import analyze_file
from atomgen.check.verify_plan import describe
from atomgen.render import cpp
from atomgen.render.cpp import clang, messages, params, verifier
from atomgen.render.dialect import render_backend
from atomgen.render.engine import environment
from atomgen.spec.backend import AtomHelpers, load_backend
from atomgen.spec.expr import parse_layout
from atomgen.spec.model import AtomSpec

REPO = Path(__file__).resolve().parent.parent
ROCDL_FILES = sorted(p for p in (REPO / "specs" / "rocdl").rglob("*.yaml") if p.name != "backend.yaml")
PTX_FILES = sorted(p for p in (REPO / "specs" / "nvvm").rglob("*.yaml") if p.name != "backend.yaml")
SPEC_FILES = ROCDL_FILES + PTX_FILES


def _backend(name: str = "rocdl"):  # type: ignore[no-untyped-def]
    backend, _ = load_backend(REPO / "specs" / name / "backend.yaml", f"specs/{name}/backend.yaml")
    return backend


def _atom(path: Path) -> AnalysedAtom:
    atom = analyze_file(path, str(path.relative_to(REPO)), prove=False).analysis
    assert atom is not None and not atom.errors
    return atom


def _spec(path: Path) -> AtomSpec:
    return _atom(path).spec


def _text(atom: AnalysedAtom) -> str:
    files = cpp.render(atom, _backend(atom.spec.backend), environment()).files
    assert len(files) == 1
    return next(iter(files.values()))


@pytest.fixture(scope="module")
def rendered() -> dict[str, str]:
    return {str(p): _text(_atom(p)) for p in SPEC_FILES}


def test_every_spec_renders_one_file_at_its_path() -> None:
    assert SPEC_FILES
    for path in SPEC_FILES:
        atom = _atom(path)
        spec = atom.spec
        files = cpp.render(atom, _backend(spec.backend), environment()).files
        library = {"rocdl": "FlyROCDL", "nvvm": "FlyNVVM"}[spec.backend]
        assert list(files) == [f"lib/Dialect/{library}/{spec.subtarget.upper()}/{spec.type_name}.cpp"]


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem + "-" + p.parent.name)
def test_rendering_is_deterministic(path: Path, rendered: dict[str, str]) -> None:
    assert _text(_atom(path)) == rendered[str(path)]


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem + "-" + p.parent.name)
def test_clang_format_clean(path: Path, rendered: dict[str, str]) -> None:
    executable = clang._clang_format_executable()
    if executable is None:
        pytest.fail("clang-format is not installed (pip install clang-format, the test extra)")
    completed = subprocess.run(  # noqa: S603
        [executable, f"--style={clang.CLANG_FORMAT_STYLE}", "--assume-filename=atom.cpp"],
        input=rendered[str(path)], capture_output=True, text=True, check=True,
    )
    assert completed.stdout == rendered[str(path)]


def test_every_generated_cpp_file_is_clang_format_clean() -> None:
    """The whole committed tree, bindings and dialect files included, under FlyDSL's own .clang-format (a copy at
    the repository's root): what a reviewer running clang-format on a generated file would see change."""
    files = sorted(p for p in (REPO / "generated").rglob("*") if p.suffix in (".cpp", ".h"))
    assert files
    executable = clang._clang_format_executable()
    changed = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        completed = subprocess.run(  # noqa: S603
            [executable, "--style=file:" + str(REPO / ".clang-format"), f"--assume-filename={path.name}"],
            input=text, capture_output=True, text=True, check=True,
        )
        if completed.stdout != text:
            changed.append(str(path.relative_to(REPO)))
    assert not changed, changed


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem + "-" + p.parent.name)
def test_verify_lists_every_instance(path: Path, rendered: dict[str, str]) -> None:
    atom = _atom(path)
    spec = atom.spec
    text = rendered[str(path)]
    joined = text.replace('"\n', "").replace(' "', "")  # undo adjacent-literal wrapping
    plan = atom.verify
    assert f"{spec.cpp_class}::verify(" in text
    assert plan.unsupported_prefix in text
    model = verifier.verify_model(spec, plan, {p.name: params.cpp_param(p) for p in spec.parameters})
    if model.families:  # compact matcher: every row is one family's first row + position of n
        families = [r for r in model.rows if r.values is not None]
        covered = {}
        for family in families:
            assert f"return {family.index} + *position;" in text
            assert family.condition is not None and family.condition.split(" && ")[0] in text
            for offset, value in enumerate(family.values or []):
                covered[family.index + offset] = value
        for row in plan.rows:
            assert covered.get(row.instance.index) == row.instance.values["n"], row.description
            described = row.description.replace(f"x{row.instance.values['n']}x", "xNx", 1)
            assert described in joined, described
        return
    if model.table is not None:  # a table and a loop: an entry per row, in row order, testing every column
        assert len(model.table.entries) == len(plan.rows) > verifier.TABLE_ROWS
        assert "for (unsigned row = 0; row < std::size(kInstanceRows); ++row)" in text
        # a comment clang-format wrapped or aligned, on one line again with one space before it
        unwrapped = re.sub(r"\}, +//", "}, //", re.sub(r"\n *// ", " ", text))
        cpp_params = {p.name: params.cpp_param(p) for p in spec.parameters}
        names = [field.split()[-1] for field in model.table.fields]
        for row, (cells, _) in zip(plan.rows, model.table.entries):
            assert re.search(re.escape("{" + ", ".join(cells)) + "[,}]", unwrapped), row.description
            assert f"}}, // {row.instance.index}: {row.description}\n" in unwrapped, row.description
            given = {c.parameter.name: c.value for c in row.conditions + row.pins}
            for name, cell in zip(names, cells):  # each cell is the row's value (a type: its kind's predicate)
                parameter = cpp_params[name]
                expected = params.value_condition(parameter, given[name], "type") if parameter.is_type else None
                if expected is not None:
                    assert model.table.kinds[int(cell)] == expected, (row.description, name)
                else:
                    assert cell == (str(given[name]).lower() if parameter.is_bool else str(given[name])), name
        return
    for row in plan.rows:
        assert row.description in joined, row.description
        assert f"return {row.instance.index}; // {row.description}" in text.replace("\n    return", " return")


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem + "-" + p.parent.name)
def test_configuration_stream_matches_verify_describe(path: Path) -> None:
    spec = _spec(path)
    pieces = messages.describe_stream(spec)
    assert spec.instances
    for instance in spec.instances:
        assert messages.simulate_stream(pieces, instance.values) == describe(spec, instance.values)


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem + "-" + p.parent.name)
def test_every_interface_method_is_defined(path: Path, rendered: dict[str, str]) -> None:
    spec = _spec(path)
    text = rendered[str(path)]
    methods = ["getThrLayout() const", "verify("]
    if spec.kind == "mma":
        methods += ["getShapeMNK() const", "getThrValLayoutA() const", "getThrValLayoutB() const",
                    "getThrValLayoutC() const", "emitAtomCall(", "emitAtomCallSSA("]
        methods += [f"getValType{x}() const" for x in "ABCD"]
    else:
        methods += ["getThrBitLayoutSrc() const", "getThrBitLayoutDst() const", "getThrBitLayoutRef() const"]
        for method in ("emitAtomCall(", "emitAtomCallSSA("):
            assert text.count(f"{spec.cpp_class}::{method}") == 2, method  # plain and predicated
    if spec.stateful:
        methods += ["getFieldIndex(", "getConvertedType(", "getDefaultState(", "setAtomState("]
        assert "::isStatic() const" not in text  # the method; layouts may still be isStaticShape()
    else:
        methods += ["isStatic() const", "rebuildStaticValue("]
    for method in methods:
        assert f"{spec.cpp_class}::{method}" in text, method


def test_mutated_layout_changes_the_fxlayout_text() -> None:
    path = REPO / "specs" / "rocdl" / "cdna3" / "mfma.yaml"
    atom = _atom(path)
    spec = atom.spec
    original = _text(atom)
    piece = spec.layouts["c"][0]
    text = "((n, GN), (4, m/4/GN)) : ((m, 4), (1, 8*GN))"
    mutated = dataclasses.replace(spec, layouts={**spec.layouts, "c": (dataclasses.replace(
        piece, text=text, parsed=parse_layout(text)),)})
    changed = _text(dataclasses.replace(atom, spec=mutated))
    assert "FxStride(FxThr(m, 4), FxVal(1, 4 * GN))" in original
    assert "FxStride(FxThr(m, 4), FxVal(1, 8 * GN))" in changed
    assert "FxVal(1, 4 * GN)" not in changed


def test_piecewise_layout_is_an_if_chain_on_the_element_type() -> None:
    text = _text(_atom(REPO / "specs" / "rocdl" / "gfx1250" / "wmma.yaml"))
    assert "if (getElemTyA().isF32())\n    return FxLayout(" in text


def test_free_ranges_and_pins_reach_verify() -> None:
    scale = _text(_atom(REPO / "specs" / "rocdl" / "cdna4" / "mfma_scale.yaml"))
    check = 'if (opselA < 0 || opselA > 3)\n    return emitError() << "opselA must be in [0, 3], got " << opselA;'
    assert check in scale
    wmma = _text(_atom(REPO / "specs" / "rocdl" / "gfx1250" / "wmma.yaml"))
    assert '"signA = false is required for 16x16x4 (f32, f32) -> f32"' in wmma


def test_unknown_state_field_is_a_diagnostic() -> None:
    text = _text(_atom(REPO / "specs" / "rocdl" / "cdna3" / "buffer_copy_lds.yaml"))
    assert "has no state field '" in text
    assert "fields: soffset, imm_offset" in text
    scale = _text(_atom(REPO / "specs" / "rocdl" / "gfx1250" / "wmma_scale.yaml"))
    assert "IntegerType::get(ctx, (getBlockSize() == 16 ? 64 : 32))" in scale
    assert "-bit value, got " in scale


def test_tdm_descriptor_is_packed_from_the_spec_fields(tmp_path: Path) -> None:
    # No hook, no stub: every field of `emission.descriptor` becomes one `word.put` of its dword,
    # split at dword ends; the compile-time sources are checked against their widths.
    source = REPO / "specs" / "rocdl" / "gfx1250" / "tdm.yaml"
    text = _text(_atom(source))
    assert "HAND-WRITTEN" not in text and "STUB" not in text and "extension_hook" not in text
    assert "word.put(int64_t{2}, 0, 2, 30);" in text  # g0 type field, bits [31:30]
    assert "word.put(globalAddr, 32, 25, 0);" in text  # the address's high bits continue in dword 3
    assert "word.put(pad.interval, 0, 3, 22);" in text and "word.put(pad.amount, 0, 7, 25);" in text
    assert "word.put(strideDim[1], 16, 32, 0);" in text  # stride1: 16 bits in dword 6, 32 in dword 7
    assert '<< "gfx1250 TDM: padding (interval=" << padInterval' in text
    assert "fitsDescriptorField(tileDim[0], 16)" in text
    moved = tmp_path / "rocdl"
    moved.mkdir()
    (moved / "backend.yaml").write_text((source.parent.parent / "backend.yaml").read_text())
    (moved / "tdm.yaml").write_text(source.read_text().replace(
        "dword: 0, bit: 21, width: 1, source: \"param:earlyTimeout\"",
        "dword: 0, bit: 19, width: 1, source: \"param:earlyTimeout\""))
    atom = analyze_file(moved / "tdm.yaml", "tdm.yaml", prove=False).analysis
    assert atom is not None and not atom.errors, atom and atom.errors
    assert "word.put(static_cast<int64_t>(earlyTimeout), 0, 1, 19);" in _text(atom)


@pytest.mark.parametrize("path", PTX_FILES, ids=lambda p: p.stem + "-" + p.parent.name)
def test_ptx_atoms_emit_nvvm_ops(path: Path, rendered: dict[str, str]) -> None:
    spec = _spec(path)
    text = rendered[str(path)]
    assert '#include "mlir/Dialect/LLVMIR/NVVMDialect.h"' in text
    assert '#include "flydsl/Dialect/FlyNVVM/IR/Dialect.h"' in text
    assert "namespace mlir::fly_nvvm {" in text and "ROCDL" not in text
    expected = {
        "mma_sync": ["NVVM::MmaOp::create("],
        "mma_sp": ["LLVM::InlineAsmOp::create(", "LLVM::ExtractValueOp>(loc, atomVal"],
        "wgmma_sp": ["NVVM::WgmmaFenceAlignedOp::create(", "LLVM::InlineAsmOp::create(",
                     "operands.push_back(metadata);", "NVVM::WgmmaGroupSyncAlignedOp::create(",
                     "NVVM::WgmmaWaitGroupSyncOp::create("],
        "wgmma_ss": ["NVVM::WgmmaFenceAlignedOp::create(", "NVVM::WgmmaMmaAsyncOp::create(",
                     "NVVM::WgmmaGroupSyncAlignedOp::create(", "NVVM::WgmmaWaitGroupSyncOp::create("],
        "wgmma_rs": ["NVVM::WgmmaFenceAlignedOp::create(", "LLVM::InlineAsmOp::create(",
                     "NVVM::WgmmaGroupSyncAlignedOp::create(", "NVVM::WgmmaWaitGroupSyncOp::create("],
        "ldmatrix": ["NVVM::LdMatrixOp::create("],
        "stmatrix": ["NVVM::StMatrixOp::create("],
        "cp_async": ["NVVM::CpAsyncOp::create("],
        "tma_load": ["NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create("],
        "tma_store": ["NVVM::CpAsyncBulkTensorReduceOp::create(" if getattr(spec.emission, "reduce", "")
                      else "NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create("],
        "bulk_copy": ["NVVM::CpAsyncBulkGlobalToSharedClusterOp::create(",
                      "NVVM::CpAsyncBulkSharedCTAToGlobalOp::create(", "contiguousBytes(srcMem)"],
        "tcgen05_mma": ["LLVM::InlineAsmOp::create(", "getUmmaBlockScaledDescriptor(getUmma"
                        if spec.scale_factors is not None else "getUmmaInstrDescriptor(getUmma"],
        "tcgen05_ld": ["NVVM::Tcgen05LdOp::create("],
        "tcgen05_st": ["NVVM::Tcgen05StOp::create("],
        "tcgen05_cp": ["NVVM::Tcgen05CpOp::create(", "NVVM::Tcgen05CpShapeAttr::get("],
    }[spec.pattern]
    for op in expected:
        assert op in text, op


def test_wgmma_matcher_is_compact() -> None:
    text = _text(_atom(REPO / "specs" / "nvvm" / "sm90" / "wgmma_ss.yaml"))
    assert len(text.splitlines()) < 800
    assert text.count("constexpr int32_t kNValues") == 2  # N = 8..256 step 8, and the int8 list
    assert 'return emitError() << "transA = false is required for 64x" << n << "x8 (tf32, tf32) -> f32";' in text


# Each function the backends' atom_helpers headers may hold, by the text that defines it.
HELPER_DEFINITIONS = {
    "getTotalBitWidth": ("getTotalBitWidth(Type type)",),
    "splitRegisters": ("splitRegisters(OpBuilder", "packRegisters(OpBuilder"),
    "positionOf": ("positionOf(ArrayRef<int32_t>",),
    "soffsetInBytes": ("soffsetInBytes(OpBuilder",),
    "getUmmaInstrDescriptor": ("getUmmaInstrDescriptor(uint32_t",),
}
HELPER_CALLS = {"getTotalBitWidth": "getTotalBitWidth(", "splitRegisters": "Registers(builder",
                "positionOf": "positionOf(k", "soffsetInBytes": "soffsetInBytes(builder",
                "getUmmaInstrDescriptor": "getUmmaInstrDescriptor(getUmma"}


@pytest.mark.parametrize("name", ["rocdl", "nvvm"])
def test_shared_helpers_live_in_one_header(name: str, rendered: dict[str, str]) -> None:
    """Each function backend.yaml's atom_helpers lists is defined once, in the header; every atom file that
    calls one includes the header and defines none of the listed functions itself (issue 20: soffsetInBytes,
    positionOf and getTotalBitWidth were copied into 3-4 files each)."""
    backend = _backend(name)
    helpers = backend.atom_helpers
    assert helpers.header and helpers.functions, "the shipped backend lists its shared functions"
    header = render_backend(backend, environment()).files[helpers.header]
    listed = [d for f in sorted(helpers.functions) for d in HELPER_DEFINITIONS[f]]
    assert [header.count(d) for d in listed] == [1] * len(listed), header
    include = f'#include "{helpers.header.removeprefix("include/")}"'
    users = set()
    files = ROCDL_FILES if name == "rocdl" else PTX_FILES
    assert files
    for path in files:
        text = rendered[str(path)]
        assert not [d for d in listed if f" {d}" in text], path  # defined nowhere else
        calls = {f for f in helpers.functions if HELPER_CALLS[f] in text}
        if calls:
            users |= calls
            assert include in text, path
    assert users == helpers.functions  # every listed function has a caller: none is listed for nothing


def test_a_backend_without_the_header_keeps_file_local_helpers() -> None:
    backend = dataclasses.replace(_backend("nvvm"), atom_helpers=AtomHelpers())
    text = cpp.render(_atom(REPO / "specs" / "nvvm" / "sm80" / "mma_sync.yaml"), backend, environment()).files
    body = next(iter(text.values()))
    assert "AtomHelpers.h" not in body
    assert all(f" {d}" in body for f in ("getTotalBitWidth", "splitRegisters") for d in HELPER_DEFINITIONS[f])
    assert not [path for path in render_backend(backend, environment()).files if path.endswith("AtomHelpers.h")]
    tcgen05 = next(iter(cpp.render(_atom(REPO / "specs" / "nvvm" / "sm100" / "tcgen05_mma.yaml"), backend,
                                   environment()).files.values()))
    assert "AtomHelpers.h" not in tcgen05 and tcgen05.count(HELPER_DEFINITIONS["getUmmaInstrDescriptor"][0]) == 1


def test_shared_helper_headers_are_the_ones_backend_yaml_names(tmp_path: Path) -> None:
    """backend.yaml `shared_helpers` decides the helper headers an atom file includes (issue 20: it was
    declared and never read); a deliberate mistake in it is rejected with its rule id at its line."""
    buffer_copy = _atom(REPO / "specs" / "rocdl" / "cdna3" / "buffer_copy.yaml")
    backend = _backend()
    shipped = _text(buffer_copy)
    assert '#include "flydsl/Dialect/Fly/Utils/ThrValLayoutMacro.h.inc"' in shipped
    assert '#include "flydsl/Dialect/FlyROCDL/Utils/BufferFatPtr.h"' in shipped
    moved = dataclasses.replace(backend, shared_helpers=dataclasses.replace(
        backend.shared_helpers, layout_macros="include/fork/Layouts.h.inc", buffer_fat_ptr="include/fork/Fat.h"))
    text = next(iter(cpp.render(buffer_copy, moved, environment()).files.values()))
    assert '#include "fork/Layouts.h.inc"' in text and '#include "fork/Fat.h"' in text
    assert "Utils/ThrValLayoutMacro.h.inc" not in text and "Utils/BufferFatPtr.h" not in text

    lines = (REPO / "specs" / "rocdl" / "backend.yaml").read_text().splitlines()
    typo = next(n for n, line in enumerate(lines) if line.startswith("  layout_macros: "))
    outside = next(n for n, line in enumerate(lines) if line.startswith("  buffer_fat_ptr: "))
    lines[typo] = lines[typo].replace("layout_macros:", "layout_macro:")
    lines[outside] = "  buffer_fat_ptr: flydsl/Dialect/FlyROCDL/Utils/BufferFatPtr.h"  # not under include/
    output = _check_edited_backend(tmp_path, lines)
    assert f"backend.yaml:{typo + 1}:3: error[AG101]: shared_helpers: unknown key 'layout_macro'; did you mean " \
           "'layout_macros'?" in output, output
    assert f"backend.yaml:{outside + 1}:19: error[AG101]: shared_helpers.buffer_fat_ptr:" in output


def _check_edited_backend(tmp_path: Path, lines: list[str]) -> str:
    """`atomgen check` on a folder of one ROCDL spec and the shipped backend.yaml edited to `lines`: it must fail,
    with the same findings in backend.yaml when given the subtarget folder or the spec alone (before, those two
    passed: only a folder holding backend.yaml had it checked)."""
    folder = tmp_path / "specs" / "rocdl"
    (folder / "cdna3").mkdir(parents=True)
    (folder / "cdna3" / "buffer_copy.yaml").write_text((REPO / "specs/rocdl/cdna3/buffer_copy.yaml").read_text())
    (folder / "backend.yaml").write_text("\n".join(lines) + "\n")
    outputs = []
    for given in ("specs", "specs/rocdl/cdna3", "specs/rocdl/cdna3/buffer_copy.yaml"):
        result = run_cli("check", given, cwd=tmp_path)
        assert result.returncode == 1, (given, result.output)
        outputs.append([line for line in result.stdout.splitlines() if "backend.yaml:" in line])
    assert outputs[0] and outputs[1] == outputs[0] and outputs[2] == outputs[0], outputs
    return "\n".join(outputs[0])


def test_backend_yaml_fields_are_typed(tmp_path: Path) -> None:
    """backend.yaml `type_converter` was a bare object: a misspelt key was dead text and any string reached the
    generated tests' CHECK lines. Now a key outside the known ones, or a type that is not `!llvm.`, is AG101; so is a
    DSL module outside python/, a `paths` key atomgen does not know (it accepted any), a base class of no atom
    kind, and C++ for a base class that would end its TableGen code block."""
    lines = (REPO / "specs" / "rocdl" / "backend.yaml").read_text().splitlines()
    register = next(n for n, line in enumerate(lines) if line.startswith("  register_memref: "))
    stateless = next(n for n, line in enumerate(lines) if line.startswith("  stateless_atom: "))
    lines[register] = lines[register].replace("register_memref:", "register_memrf:")
    lines[stateless] = '  stateless_atom: "ptr<5> // CHECK: x"'
    modules = next(n for n, line in enumerate(lines) if line.startswith("dsl_modules: {universal: python/"))
    lines[modules] = lines[modules].replace("universal: python/", "universal: ../", 1)
    declaration = next(n for n, line in enumerate(lines) if line.startswith("    extra_class_declaration: \"static"))
    lines[declaration] = '    extra_class_declaration: "int x; }] def Evil"'  # would end the TableGen code block
    base = lines.index("  mma:", lines.index("base_classes:"))
    lines[base] = "  mmma:"
    tablegen = next(n for n, line in enumerate(lines) if line.startswith("  tablegen_dir: "))
    lines[tablegen] = lines[tablegen].replace("tablegen_dir:", "tablegen_dirs:")
    output = _check_edited_backend(tmp_path, lines)
    assert f"backend.yaml:{declaration + 1}:30: error[AG101]: base_classes.stateful_copy.extra_class_declaration:" \
           in output, output
    assert f"backend.yaml:{base + 1}:3: error[AG101]: base_classes: 'mmma' is not one of the allowed values; did " \
           "you mean 'mma'?" in output, output
    assert f"backend.yaml:{tablegen + 1}:3: error[AG101]: paths: 'tablegen_dirs' is not one of the allowed values; " \
           "did you mean 'tablegen_dir'?" in output, output
    assert f"backend.yaml:{modules + 1}:26: error[AG101]: dsl_modules.universal:" in output, output
    assert f"backend.yaml:{register + 1}:3: error[AG101]: type_converter: unknown key 'register_memrf'; did you " \
           "mean 'register_memref'?" in output, output
    assert f"backend.yaml:{stateless + 1}:19: error[AG101]: type_converter.stateless_atom:" in output, output


TABLED = ["rocdl/cdna4/mfma_scale.yaml", "rocdl/gfx1250/wmma_scale.yaml", "rocdl/gfx1250/wmma_f8f6f4.yaml"]


@pytest.mark.parametrize("relative", TABLED)
def test_rows_that_differ_only_in_format_codes_share_one_case(relative: str, rendered: dict[str, str]) -> None:
    """Issue 20: a row per case made gfx1250's WMMAScale 1,103 lines of 7-line creates that differ in two
    format codes. The rows of one op now share a case that reads the codes from kInstanceRows, one entry per
    row in row order, each the code check judged (AG375) for that row."""
    from atomgen.check.families.semantics import FORMAT_KEYS, format_code

    path = REPO / "specs" / relative
    atom = _atom(path)
    spec = atom.spec
    text = rendered[str(path)]
    ops = {i.intrinsic for i in spec.instances}
    creates = text.count("::create(\n") + text.count("CallIntrinsicOp::create(")
    entries = re.findall(r"^ +\{([-0-9, a-z]+)\}, +// (\d+): ", text, re.M)
    assert len(entries) == len(spec.instances) > len(ops)
    keys = FORMAT_KEYS[spec.pattern]
    for (values, index), instance in zip(entries, spec.instances):
        assert int(index) == instance.index
        codes = [int(v) for v in values.split(",")[-len(keys):]]  # the format columns follow the matcher's
        assert codes == [format_code(spec, instance, k, r) for k, r in keys]
    start = text.index("  switch (*row) {", text.index("emitAtomCallSSA"))
    switch = text[start:text.index("\n  }\n", start)]
    assert switch.count("return ") == len(ops), "one case per op, not per row"
    assert "kInstanceRows[*row]." in switch
    assert creates >= len(ops)
