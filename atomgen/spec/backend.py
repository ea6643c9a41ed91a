"""Backend descriptions (`specs/<backend>/backend.yaml`): dialect names and state-field enum."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

from atomgen.diagnostics import Rule, SpecError
from atomgen.reading import exists, real_path
from atomgen.spec.frozen import EMPTY, FrozenMap
from atomgen.spec.loader import LoadedSpec, load_file
from atomgen.spec.mlir_types import element_bits
from atomgen.spec.model import AtomSpec, Instance
from atomgen.spec.printing import sample_values
from atomgen.spec.yamldata import YamlMap, text, texts

BACKEND_FILE = "backend.yaml"

BACKEND_FILE_RULE = Rule(
    "AG105",
    "backend-file",
    "specs/<backend>/backend.yaml is missing, unreadable or incomplete (an error: gen cannot write without it).",
    "State-field enum cases, dialect names and every generated path come from the backend description; check "
    "and gen must agree, so a spec whose backend file is missing fails both.",
    "(a spec under specs/rocdl/ with no specs/rocdl/backend.yaml)",
    "Add the backend file (`atomgen new backend NAME`).",
)
RULES = (BACKEND_FILE_RULE,)


@dataclass(frozen=True, slots=True)
class BaseClass:
    """backend.yaml `base_classes.<kind>`: the TableGen class an atom of that kind derives from."""

    tablegen_class: Optional[str] = None  # None: the backend's default name
    interfaces: Optional[tuple[str, ...]] = None  # None: the kind's default interfaces
    extra_class_declaration: str = ""


@dataclass(frozen=True, slots=True)
class EnumCase:
    name: str
    value: int
    string: str


@dataclass(frozen=True, slots=True)
class StateEnum:
    """backend.yaml `state_enum`: the AtomStateField enum that names state fields."""

    cases: tuple[EnumCase, ...] = ()
    cpp_name: str = "AtomStateField"
    symbolize: str = "symbolizeAtomStateField"


@dataclass(frozen=True, slots=True)
class NativeTrait:
    """backend.yaml `traits.<name>` of kind NativeTypeTrait (the only kind the dialect skeleton declares)."""

    tablegen_def: str
    native_name: str
    cpp_namespace: str


@dataclass(frozen=True, slots=True)
class Dialect:
    """backend.yaml `dialect`."""

    name: str
    tablegen_def: Optional[str] = None
    cpp_namespace: Optional[str] = None
    dependent_dialects: tuple[str, ...] = ()
    default_type_parser: bool = True  # use_default_type_printer_parser
    default_attribute_parser: bool = False  # use_default_attribute_printer_parser


@dataclass(frozen=True, slots=True)
class SharedHelpers:
    """backend.yaml `shared_helpers`: FlyDSL headers the atom files of the backend include (paths under
    include/); FlyDSL's own where the backend does not name one."""

    layout_macros: str = "include/flydsl/Dialect/Fly/Utils/ThrValLayoutMacro.h.inc"  # every atom file
    buffer_fat_ptr: str = "include/flydsl/Dialect/FlyROCDL/Utils/BufferFatPtr.h"  # the buffer copy atoms


@dataclass(frozen=True, slots=True)
class TypeConverter:
    """backend.yaml `type_converter`: the LLVM types the backend's type converter gives atom operands,
    which the generated tests check; FlyROCDL's where the backend names none."""

    narrow_float_to_int: bool = True  # f8/f6/f4 elements become same-width integers
    register_memref: str = "!llvm.ptr<5>"
    buffer_desc_memref: str = "!llvm.struct<(ptr<8>, i32)>"
    shared_memref: str = "!llvm.ptr<3>"
    global_memref: str = "!llvm.ptr<1>"
    stateless_atom: str = "!llvm.struct<()>"

    def memref(self, space: str) -> str:
        """The LLVM type a memref of this address space converts to."""
        return {
            "register": self.register_memref,
            "shared": self.shared_memref,
            "global": self.global_memref,
            "#fly_rocdl.buffer_desc": self.buffer_desc_memref,
        }[space]

    def element(self, element: str) -> str:
        """The element type a register of `element` holds after conversion."""
        bits = element_bits(element)
        if self.narrow_float_to_int and bits is not None and bits < 16 and not element.startswith(("i", "si", "ui")):
            return f"i{bits}"
        return element

    @classmethod
    def read(cls, data: YamlMap) -> TypeConverter:
        default = cls()
        narrow = data.get("narrow_float_to_int", default.narrow_float_to_int)
        return dataclasses.replace(
            default, narrow_float_to_int=narrow if isinstance(narrow, bool) else default.narrow_float_to_int,
            **{f.name: text(data.get(f.name), getattr(default, f.name))
               for f in dataclasses.fields(cls) if f.name != "narrow_float_to_int"})


@dataclass(frozen=True, slots=True)
class AtomHelpers:
    """backend.yaml `atom_helpers`: C++ functions the atom files share from one generated header (`header`,
    a path under include/) instead of a copy in each file that needs them. An atom that needs a function
    not listed keeps a file-local copy, so a backend without the section still builds."""

    header: str = ""
    functions: frozenset[str] = frozenset()  # getTotalBitWidth, splitRegisters (and packRegisters), ...

    @classmethod
    def read(cls, data: YamlMap) -> AtomHelpers:
        header = data.get("header")
        functions = data.get("functions")
        if not isinstance(header, str) or not isinstance(functions, list):
            return cls()
        return cls(header, frozenset(texts(functions)))

    def shares(self, function: str) -> bool:
        """Whether the header holds `function` (splitRegisters sizes with getTotalBitWidth: sharing it
        shares both)."""
        held = self.functions | ({"getTotalBitWidth"} if "splitRegisters" in self.functions else set())
        return bool(self.header) and function in held


@dataclass(frozen=True, slots=True)
class RegisterFile:
    """backend.yaml `register_file`: how the pictures and the catalogue name the registers a lane holds
    (`show --format lanes`, `--where`, `--lane`, the catalogue's register column)."""

    prefix: str = "r"  # a register's name is the prefix and its index: v3 (AMD's VGPRs), r3 (PTX)
    plural: str = "registers"  # the catalogue's column
    per_lane: str = "32-bit registers per thread"  # the instruction facts' line

    @classmethod
    def read(cls, data: YamlMap) -> RegisterFile:
        default = cls()
        return cls(**{f.name: text(data.get(f.name), getattr(default, f.name)) for f in dataclasses.fields(cls)})


@dataclass(frozen=True, slots=True)
class LlvmGap:
    """backend.yaml `llvm_gaps[]`: an intrinsic (with these element types) an LLVM API profile lacks:
    the tests of atoms that use it are expected to fail there, with the evidence."""

    profile: str
    intrinsic: str
    evidence: str
    element_types: tuple[str, ...] = ()  # empty: every row of the intrinsic

    @classmethod
    def read(cls, data: YamlMap) -> LlvmGap:
        return cls(text(data.get("profile")), text(data.get("intrinsic")), text(data.get("evidence")),
                   texts(data.get("element_types")))


@dataclass(frozen=True, slots=True)
class InlinePtx:
    """backend.yaml `inline_ptx[]`: rows of this intrinsic with one of these element types are emitted as
    their instruction's inline PTX (an NVVM op an LLVM the code is built against cannot verify)."""

    intrinsic: str
    element_types: tuple[str, ...]
    evidence: str

    @classmethod
    def read(cls, data: YamlMap) -> InlinePtx:
        return cls(text(data.get("intrinsic")), texts(data.get("element_types")), text(data.get("evidence")))


@dataclass(frozen=True, slots=True)
class Backend:
    name: str
    dialect: str
    path: str
    text: str
    state_cases: FrozenMap[str, str] = EMPTY  # enum case -> string
    chips: tuple[str, ...] = ()  # every chip, oldest first (min_subtarget compares positions)
    subtarget_chips: FrozenMap[str, tuple[str, ...]] = EMPTY  # subtarget -> its chips
    file: Optional[str] = None  # the backend.yaml on disk
    summary: str = ""
    # backend.yaml `licence`: (SPDX expression, copyright line), the header of every file gen writes whole
    licence: tuple[str, ...] = ()
    test_builder: Optional[str] = None  # rocdl | ptx | none; None: not declared (AG107)
    generate_dialect: bool = False  # gen writes the dialect skeleton (a backend FlyDSL does not have yet)
    # What gen adds, in marked regions, to a dialect FlyDSL has but that lacks it (FlyNVVM on PR #976):
    # "stateful_bases" (the stateful_* base classes and the traits), "state_enum" (enum def and its tablegen).
    dialect_extension: tuple[str, ...] = ()
    type_converter: TypeConverter = TypeConverter()
    register_file: RegisterFile = RegisterFile()
    atom_helpers: AtomHelpers = AtomHelpers()
    shared_helpers: SharedHelpers = SharedHelpers()
    llvm_gaps: tuple[LlvmGap, ...] = ()  # the generated tests that use one are expected to fail there
    inline_ptx: tuple[InlinePtx, ...] = ()  # rows the generated code emits as inline PTX (the row's instruction)
    dialect_decl: Dialect = field(default_factory=lambda: Dialect(""))
    base_classes: FrozenMap[str, BaseClass] = EMPTY  # mma, copy, stateful_mma, stateful_copy
    state_enum: StateEnum = StateEnum()
    traits: tuple[NativeTrait, ...] = ()
    paths: FrozenMap[str, str] = EMPTY  # where generated files go (render/names.py)
    subtarget_dirs: FrozenMap[str, str] = EMPTY  # subtarget -> its lib/ folder
    dsl_modules: FrozenMap[str, str] = EMPTY  # a spec's python.dsl_module -> its file (else paths.dsl_dir/NAME.py)

    def emits_inline_ptx(self, intrinsic: Optional[str], element_types: Iterable[object]) -> bool:
        """Whether a row of this intrinsic with these element types is emitted as its instruction's inline
        PTX (backend.yaml `inline_ptx`: an NVVM op that an LLVM the code is built against cannot verify)."""
        values = {str(v) for v in element_types}
        return any(entry.intrinsic == intrinsic and values & set(entry.element_types) for entry in self.inline_ptx)

    def lowers_as_inline_ptx(self, spec: AtomSpec, instance: Instance) -> bool:
        """Whether this MMA row's lowering is its instruction's text: then the instruction, not only the
        op's attributes, is what a test of the row checks (render/tests/select.py)."""
        if spec.kind != "mma":
            return False
        values = sample_values(spec, instance)
        return self.emits_inline_ptx(instance.intrinsic, [values[spec.operand_types[r]] for r in ("a", "b", "c")])


def _shared_helpers(data: dict[str, Any]) -> SharedHelpers:
    declared = {key: value for key in ("layout_macros", "buffer_fat_ptr") if isinstance(value := data.get(key), str)}
    return SharedHelpers(**declared)


def find_backend_file(spec_path: Path, backend: str) -> Optional[Path]:
    """The backend.yaml of the nearest ancestor folder named after the backend."""
    for folder in Path(real_path(spec_path)).parents:
        candidate = folder / BACKEND_FILE
        # anything there counts, a FIFO or a link loop too: the loader then says what it is (AG008,
        # AG009) instead of the spec being checked as if the backend had no file
        if folder.name == backend and exists(candidate):
            return candidate
    return None


def backend_folder(spec_path: Path, backend: str) -> Optional[Path]:
    """The nearest ancestor folder named after the backend (where its backend.yaml belongs)."""
    return next((f for f in Path(real_path(spec_path)).parents if f.name == backend), None)


def load_backend(path: Path, display: str) -> tuple[Backend, LoadedSpec]:
    loaded = load_file(path, display)
    data = loaded.data if isinstance(loaded.data, dict) else {}
    cases: dict[str, str] = {}
    enum: dict[str, Any] = data["state_enum"] if isinstance(data.get("state_enum"), dict) else {}
    for entry in enum.get("cases", []) or []:
        if isinstance(entry, dict) and "name" in entry:
            cases[str(entry["name"])] = str(entry.get("string", ""))
    dialect = data.get("dialect")
    dialect_name = dialect.get("name") if isinstance(dialect, dict) else dialect
    if "backend" not in data or not isinstance(dialect_name, str):
        raise SpecError([BACKEND_FILE_RULE.finding("backend.yaml needs 'backend' and 'dialect'", display,
                                                   loaded.position(()))])
    return (
        Backend(
            name=str(data["backend"]),
            dialect=dialect_name,
            path=display,
            text=loaded.text,
            state_cases=FrozenMap(cases),
            chips=tuple(str(c) for c in data.get("chips") or []),
            subtarget_chips=FrozenMap({
                str(k): tuple(str(c) for c in v)
                for k, v in (data.get("subtarget_chips") or {}).items()
                if isinstance(v, list)
            }),
            file=str(path),
            summary=str(data.get("summary") or ""),
            licence=_licence(data.get("licence")),
            test_builder=str(data["test_builder"]) if data.get("test_builder") is not None else None,
            generate_dialect=bool(data.get("generate_dialect")),
            dialect_extension=tuple(str(x) for x in data.get("dialect_extension") or [] if isinstance(x, str)),
            type_converter=TypeConverter.read(_mapping(data.get("type_converter"))),
            register_file=RegisterFile.read(_mapping(data.get("register_file"))),
            atom_helpers=AtomHelpers.read(_mapping(data.get("atom_helpers"))),
            shared_helpers=_shared_helpers(_mapping(data.get("shared_helpers"))),
            llvm_gaps=tuple(LlvmGap.read(g) for g in data.get("llvm_gaps") or [] if isinstance(g, dict)),
            inline_ptx=tuple(InlinePtx.read(g) for g in data.get("inline_ptx") or [] if isinstance(g, dict)),
            dialect_decl=_dialect(dialect, dialect_name),
            base_classes=FrozenMap({str(kind): _base_class(entry)
                                    for kind, entry in _mapping(data.get("base_classes")).items()}),
            state_enum=StateEnum(
                tuple(
                    EnumCase(str(c["name"]), int(c["value"]), str(c["string"]))
                    for c in enum.get("cases", []) or []
                    if isinstance(c, dict) and {"name", "value", "string"} <= set(c)
                ),
                str(enum.get("cpp_name") or "AtomStateField"),
                str(enum.get("symbolize") or "symbolizeAtomStateField"),
            ),
            traits=tuple(
                NativeTrait(
                    str(t["tablegen_def"]), str(t.get("native_name", "")), str(t.get("cpp_namespace", "::mlir::fly"))
                )
                for t in _mapping(data.get("traits")).values()
                if isinstance(t, dict) and t.get("kind") == "NativeTypeTrait" and t.get("tablegen_def")
            ),
            paths=FrozenMap({str(k): str(v) for k, v in _mapping(data.get("paths")).items()}),
            subtarget_dirs=FrozenMap({str(k): str(v) for k, v in _mapping(data.get("subtarget_dirs")).items()}),
            dsl_modules=FrozenMap({str(k): str(v) for k, v in _mapping(data.get("dsl_modules")).items()}),
        ),
        loaded,
    )


def _licence(value: Any) -> tuple[str, ...]:
    if not isinstance(value, dict) or not value.get("spdx") or not value.get("copyright"):
        return ()
    return (str(value["spdx"]), str(value["copyright"]))


def _mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def _dialect(dialect: Any, name: str) -> Dialect:
    entry = _mapping(dialect)
    return Dialect(
        name=name,
        tablegen_def=str(entry["tablegen_def"]) if entry.get("tablegen_def") else None,
        cpp_namespace=str(entry["cpp_namespace"]) if entry.get("cpp_namespace") else None,
        dependent_dialects=tuple(str(d) for d in entry.get("dependent_dialects") or ()),
        default_type_parser=bool(entry.get("use_default_type_printer_parser", True)),
        default_attribute_parser=bool(entry.get("use_default_attribute_printer_parser", False)),
    )


def _base_class(entry: Any) -> BaseClass:
    entry = _mapping(entry)
    interfaces = entry.get("interfaces")
    return BaseClass(
        tablegen_class=str(entry["tablegen_class"]) if entry.get("tablegen_class") else None,
        interfaces=tuple(str(i) for i in interfaces) if isinstance(interfaces, list) else None,
        extra_class_declaration=str(entry.get("extra_class_declaration") or ""),
    )
