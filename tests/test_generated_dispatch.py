"""The generated C++ dispatch, run (issue 18.3): every instance of every shipped spec goes through the
generated `matchInstance` chain, read from generated/ and evaluated with MLIR's type predicates, and must
come back as its own row; the wgmma type helper must name every element type's own WGMMATypes case.

This is the class of the ui8-as-s8 bug: `type.isInteger(8)` is true for ui8 as well, so a signless i8
row tested before a ui8 row took the ui8 instance, and the emitted instruction was s8. The check-level
tests read text; this one evaluates the generated conditions on the types each instance really has.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, SPECS

from atomgen.spec.loader import load_file
from atomgen.spec.model import build_model

GENERATED = REPO / "generated"
_INTEGER = re.compile(r"^(s|u)?i([0-9]+)$")
_FLOATS = {"f16": "isF16", "bf16": "isBF16", "f32": "isF32", "f64": "isF64", "tf32": "isTF32"}


class MlirType:
    """A Type value as MLIR's predicates see it (mlir/IR/Types.h)."""

    def __init__(self, name: str):
        self.name = name
        match = _INTEGER.match(name)
        self.width = int(match.group(2)) if match else None
        self.sign = (match.group(1) or "") if match else None

    def isInteger(self, width: int | None = None) -> bool:  # noqa: N802 - MLIR's spelling
        return self.width is not None and (width is None or self.width == width)

    def isUnsignedInteger(self, width: int | None = None) -> bool:  # noqa: N802
        return self.sign == "u" and self.isInteger(width)

    def isSignedInteger(self, width: int | None = None) -> bool:  # noqa: N802
        return self.sign == "s" and self.isInteger(width)

    def isSignlessInteger(self, width: int | None = None) -> bool:  # noqa: N802
        return self.sign == "" and self.isInteger(width)

    def isIntOrFloat(self) -> bool:  # noqa: N802
        return True

    def isa(self, cpp_class: str) -> bool:
        from atomgen.render.cpp.mlirtype import _FLOAT_CLASSES

        return _FLOAT_CLASSES.get(self.name) == cpp_class

    def __getattr__(self, predicate: str) -> Any:
        floats = {value: key for key, value in _FLOATS.items()}
        if predicate in floats:
            return lambda: self.name == floats[predicate]
        raise AttributeError(predicate)


def _python(condition: str) -> str:
    """A generated C++ condition as a Python expression over the parameters (our own output, not spec text)."""
    text = re.sub(r"isa<(\w+)>\((\w+)\)", r'\2.isa("\1")', condition)
    # an enum case is the spec value with C++ capitalisation (Add, CA): compared without case
    text = re.sub(r"\b(\w+)\.getValue\(\) == [\w:]+::(\w+)", lambda m: f'{m[1]}.lower() == "{m[2].lower()}"', text)
    text = text.replace("&&", " and ").replace("||", " or ")
    text = re.sub(r"!(?!=)", " not ", text)
    return text.replace("true", "True").replace("false", "False")


def _match_chain(text: str) -> tuple[list[str], list[tuple[str, str | None, str]]]:
    """(parameter names, [(condition, table or None, return)]) of the first matchInstance overload."""
    head = re.search(r"std::optional<unsigned> matchInstance\(((?:[^()]|\n)*?)\) \{\n(.*?)\n\}\n", text, re.S)
    assert head is not None, "no matchInstance"
    parameters = re.sub(r"/\*(\w+)\*/", r"\1", head.group(1))  # an unused parameter's name is in a comment
    names = [part.split()[-1] for part in parameters.replace("\n", " ").split(",") if part.strip()]
    body = re.sub(r"//[^\n]*", "", head.group(2))
    if re.fullmatch(r"\s*return ([0-9]+);\s*", body):  # one row: every instance is it
        return names, [("true", None, body.split()[1].rstrip(";"))]
    cases = re.findall(r"if \((.*?)\)\s*(?:if \(std::optional<unsigned> position = positionOf\((\w+), \w+\)\)\s*)?"
                       r"return ([^;]+);", body, re.S)
    return names, [(" ".join(c.split()), table or None, value.strip()) for c, table, value in cases]


def _table_matcher(text: str) -> tuple[list[str], list[dict[str, Any]], list[str], str] | None:
    """(parameter names, kInstanceRows entries, isKind predicates, the loop's condition) of a matcher that is a
    table and a loop (render/cpp/verifier.py InstanceTable), or None (a chain of ifs)."""
    if "row < std::size(kInstanceRows)" not in text:
        return None
    head = re.search(r"std::optional<unsigned> matchInstance\(((?:[^()]|\n)*?)\) \{\n(.*?)\n\}\n", text, re.S)
    assert head is not None
    parameters = re.sub(r"/\*(\w+)\*/", r"\1", head.group(1))
    names = [part.split()[-1] for part in parameters.replace("\n", " ").split(",") if part.strip()]
    condition = re.search(r"if \((.*?)\)\s*return row;", head.group(2), re.S)
    fields = re.search(r"struct InstanceRow \{(.*?)\};", text, re.S)
    entries = re.search(r"kInstanceRows\[\] = \{(.*?)\n\};", text, re.S)
    kinds = re.search(r"bool isKind\(unsigned kind, Type type\) \{(.*?)\n\}", text, re.S)
    assert condition and fields and entries and kinds, "a table matcher without its table"
    columns = [line.split()[-1].rstrip(";") for line in fields.group(1).strip().splitlines()]
    body = re.sub(r"//[^\n]*", "", entries.group(1))
    rows = [dict(zip(columns, [c.strip() for c in cells.split(",")])) for cells in re.findall(r"\{([^{}]*)\}", body)]
    predicates = [p for _, p in sorted((int(n), " ".join(p.split())) for n, p in
                                       re.findall(r"case ([0-9]+):\s*return (.*?);", kinds.group(1), re.S))]
    return names, rows, predicates, " ".join(condition.group(1).split())


def _table_row(table: tuple[list[str], list[dict[str, Any]], list[str], str], values: dict[str, Any]) -> int | None:
    """The first kInstanceRows entry the generated loop accepts for these parameter values."""
    names, rows, predicates, condition = table

    def is_kind(kind: int, value: Any) -> bool:
        return bool(eval(compile(_python(predicates[kind]), "<generated>", "eval"),  # noqa: S307
                         {"__builtins__": {}}, {"type": value}))

    scope = {name: (MlirType(str(values[name])) if isinstance(values.get(name), str) and name.startswith("elemTy")
                    or name.endswith("Ty") else values.get(name)) for name in names}
    test = compile(_python(condition).replace("isKind(", "is_kind("), "<generated>", "eval")
    for index, cells in enumerate(rows):
        fields = {k: (v == "true" if v in ("true", "false") else int(v)) for k, v in cells.items()}
        entry = type("InstanceRow", (), fields)
        if eval(test, {"__builtins__": {}}, {**scope, "r": entry, "is_kind": is_kind}):  # noqa: S307
            return index
    return None


def _tables(text: str) -> dict[str, list[int]]:
    tables = {}
    for name, values in re.findall(r"(\w+)\[\] = \{([^}]*)\}", text):
        items = [v.strip() for v in values.replace("\n", " ").split(",") if v.strip()]
        if all(re.fullmatch(r"-?[0-9]+", v) for v in items):
            tables[name] = [int(v) for v in items]
    return tables


def _specs_with_dispatch() -> list[tuple[Path, Path]]:
    pairs = []
    for cpp in sorted(GENERATED.glob("lib/Dialect/*/*/*.cpp")):
        text = cpp.read_text(encoding="utf-8")
        if re.search(r"std::optional<unsigned> matchInstance\(int", text):
            pairs.append(cpp)
    specs = {}
    for path in sorted(SPECS.rglob("*.yaml")):
        if path.name != "backend.yaml":
            spec, _ = build_model(load_file(path, str(path)))
            assert spec is not None
            specs[spec.cpp_class] = path
    return [(specs[cpp.stem + "Type"], cpp) for cpp in pairs if cpp.stem + "Type" in specs]


CASES = _specs_with_dispatch()


def test_every_dispatching_spec_is_run() -> None:
    assert len(CASES) >= 20
    assert {p.parent.parent.name for p, _ in CASES} == {"rocdl", "nvvm"}


def _first_row(names: list[str], chain: list[tuple[str, str | None, str]], tables: dict[str, list[int]],
               values: dict[str, Any]) -> int | None:
    scope = {name: (MlirType(str(values[name])) if isinstance(values.get(name), str) and name.startswith("elemTy")
                    or name.endswith("Ty") else values.get(name)) for name in names}
    for condition, table, result in chain:
        if not eval(compile(_python(condition), "<generated>", "eval"), {"__builtins__": {}}, scope):  # noqa: S307
            continue
        if table is None:
            return int(result)
        lookup = names[1] if "n" not in names else "n"
        if scope[lookup] in tables[table]:
            return int(result.split("+")[0]) + tables[table].index(scope[lookup])
    return None


@pytest.mark.parametrize("spec,cpp", CASES, ids=[str(s.relative_to(SPECS)) for s, _ in CASES])
def test_every_instance_dispatches_to_its_own_row(spec: Path, cpp: Path) -> None:
    model, _ = build_model(load_file(spec, str(spec)))
    assert model is not None
    text = cpp.read_text(encoding="utf-8")
    table = _table_matcher(text)
    names, chain = _match_chain(text) if table is None else ([], [])
    assert chain or table
    tables = _tables(text)
    wrong = []
    for instance in model.instances:
        values = {k: (v if not isinstance(v, bool) else v) for k, v in instance.values.items()}
        row = _first_row(names, chain, tables, values) if table is None else _table_row(table, values)
        if row != instance.index:
            wrong.append(f"{instance.id} -> row {row}")
    assert not wrong, f"{len(wrong)} of {len(model.instances)} instances take another row: {wrong[:5]}"


def test_wgmma_type_helper_keeps_signedness() -> None:
    text = (GENERATED / "lib/Dialect/FlyNVVM/SM90/MmaOpSM90_WgmmaSS.cpp").read_text(encoding="utf-8")
    body = re.search(r"NVVM::WGMMATypes getWgmmaType\(Type type\) \{\n(.*?)\n\}", text, re.S)
    assert body is not None
    chain = re.findall(r"if \((.*?)\)\s*return NVVM::WGMMATypes::(\w+);", body.group(1), re.S)
    expected = {"f16": "f16", "bf16": "bf16", "f32": "f32", "tf32": "tf32", "i8": "s8", "ui8": "u8", "i32": "s32",
                "f8E4M3FN": "e4m3", "f8E5M2": "e5m2"}
    for element, case in expected.items():
        scope = {"type": MlirType(element)}
        first = next(c for condition, c in chain
                     if eval(compile(_python(condition), "<generated>", "eval"), {"__builtins__": {}}, scope))  # noqa: S307
        assert first == case, f"{element} becomes {first}"


# --- the other build defects of the first NVIDIA compile, as classes ---------------------------

def test_every_dialect_source_is_in_its_cmake_list() -> None:
    """A generated dialect library lists every .cpp atomgen writes under it (Dialect.cpp was missing: configure
    failed)."""
    checked = 0
    for cmake in sorted(GENERATED.glob("lib/Dialect/*/CMakeLists.txt")):
        listed = set(re.findall(r"^\s+(\S+\.cpp)\s*$", cmake.read_text(encoding="utf-8"), re.M))
        # a source atomgen writes whole; a region of FlyDSL's own file (dialect_extension: the enum's include in
        # FlyNVVM's Dialect.cpp) is listed by FlyDSL's CMake, outside atomgen's region
        sources = {str(p.relative_to(cmake.parent)) for p in cmake.parent.rglob("*.cpp")
                   if "Standalone tree written by `atomgen gen --out`" not in p.read_text(encoding="utf-8")}
        assert sources and sources == listed, f"{cmake}: not listed {sorted(sources - listed)}"
        checked += 1
    assert checked == len(list(SPECS.glob("*/backend.yaml")))


_DECLARED = re.compile(r"\b(?:int32_t|int64_t|bool|auto|unsigned|Type)\s+(\w+)\s*=")
_IDENTIFIER = re.compile(r"(?<![\w.:>])([A-Za-z_]\w*)\b(?!\s*\()")


def test_every_layout_variable_is_defined() -> None:
    """Each layout method declares every name its FxLayout expression uses (`k_packed` was used undeclared in the
    sparse mma.sync's getThrValLayoutA)."""
    methods = 0
    for cpp in sorted(GENERATED.glob("lib/Dialect/*/*/*.cpp")):
        text = cpp.read_text(encoding="utf-8")
        pattern = r"Attribute \w+::(getThr\w*Layout\w*)\(\) const \{((?: return [^\n]*\}$)|.*?\n\})"
        for name, body in re.findall(pattern, text, re.S | re.M):
            methods += 1
            declared = set(_DECLARED.findall(body))
            for expression in re.findall(r"return (FxLayout\(.*?\));", body, re.S):
                used = {n for n in _IDENTIFIER.findall(expression) if not n.startswith("Fx")}
                assert used <= declared, f"{cpp.name} {name}: {sorted(used - declared)} used but not declared"
    assert methods > 100


def _config_rows(cpp: Path) -> dict[str, str]:
    """`case N: // description` -> the text of that row's `return {...};` in getMmaSyncConfig."""
    text = cpp.read_text(encoding="utf-8")
    body = text.split("MmaSyncConfig getMmaSyncConfig(", 1)[1].split("llvm_unreachable", 1)[0]
    return {m.group(1): m.group(2) for m in re.finditer(r"// (\S+ \([^)]*\) -> \S+)\n\s*return (\{.*?\});", body, re.S)}


def test_fp8_mma_sync_rows_are_inline_ptx_and_no_other_row_is() -> None:
    """backend.yaml inline_ptx: each sm89 fp8 row carries its own instruction text (the one the H200 spec
    probe runs) and goes through createMmaPtx; every other mma.sync row keeps nvvm.mma.sync, with no
    inlinePtx field at all."""
    spec = build_model(load_file(SPECS / "nvvm/sm89/mma_sync_fp8.yaml"))[0]
    assert spec is not None
    fp8 = GENERATED / "lib/Dialect/FlyNVVM/SM89/MmaOpSM89_MmaSync.cpp"
    rows = _config_rows(fp8)
    assert len(rows) == len(spec.instances) == 4
    for instance in spec.instances:
        ends = [row.rstrip("};").rstrip().endswith(f'"{instance.instruction}"') for row in rows.values()]
        assert ends.count(True) == 1, instance.id
    text = fp8.read_text(encoding="utf-8")
    assert "? createMmaPtx(builder, loc, config.inlinePtx, dStructTy, aRegs, bRegs, cRegs)" in text
    for other in ("SM70/MmaOpSM70_MmaSync.cpp", "SM80/MmaOpSM80_MmaSync.cpp", "SM80/MmaOpSM80_MmaSyncB1.cpp"):
        code = (GENERATED / "lib/Dialect/FlyNVVM" / other).read_text(encoding="utf-8")
        assert "inlinePtx" not in code and "createMmaPtx" not in code and "NVVM::MmaOp::create" in code, other
    checks = (GENERATED / "tests/mlir/Conversion/atomgen/sm89_mma_sync.mlir").read_text(encoding="utf-8")
    assert "XFAIL" not in checks and "nvvm.mma.sync" not in checks
    for instance in spec.instances:  # the whole asm text, its constraints and the operand types
        operands = ", ".join(["%{{[0-9]+}}"] * 10)  # one SSA value per register
        assert (f'llvm.inline_asm asm_dialect = att "{instance.instruction} {{$0, $1, $2, $3}}, {{$4, $5, $6, $7}}, '
                f'{{$8, $9}}, {{$10, $11, $12, $13}};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f" {operands} : (i32, i32, i32, '
                'i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>') in checks, instance.id


def test_without_the_inline_ptx_entry_fp8_rows_are_nvvm_ops(tmp_path: Path) -> None:
    """The route is the backend's data: the same spec under a backend.yaml without `inline_ptx` renders
    nvvm.mma.sync for its fp8 rows (what MLIR 22.1.8 rejects)."""
    import shutil

    import yaml

    from atomgen.pipeline import check_for_gen
    from atomgen.render.plan import build_plan

    tree = tmp_path / "specs" / "nvvm"
    shutil.copytree(SPECS / "nvvm", tree)
    backend = tree / "backend.yaml"
    data = yaml.safe_load(backend.read_text(encoding="utf-8"))
    assert data.pop("inline_ptx")
    backend.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    checked = check_for_gen([str(tree / "sm89" / "mma_sync_fp8.yaml")])
    assert not checked.errors and checked.atoms
    files = build_plan(checked.atoms).owned
    cpp = next(text for path, text in files.items() if str(path).endswith("MmaOpSM89_MmaSync.cpp"))
    assert "createMmaPtx" not in cpp and "inlinePtx" not in cpp and "NVVM::MmaOp::create" in cpp
