"""The intrinsics table: the single typed source of what each backend op takes and emits.

`atomgen/intrinsics/<backend>.yaml` ships the facts (schema/intrinsics.schema.json); a project adds or
replaces entries in `specs/<backend>/intrinsics.yaml` beside its backend.yaml, validated by the
same schema and merged over the shipped file. Check rules compare instances against it; nothing
here knows about specs.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional

from atomgen.diagnostics import Diagnostic, SpecError
from atomgen.intrinsics.compiled import shipped_table
from atomgen.reading import exists
from atomgen.spec.validate import SCHEMA

PROJECT_INTRINSICS_FILE = "intrinsics.yaml"
Chips = Optional[frozenset[str]]  # None: every chip


@dataclass(frozen=True, slots=True)
class Immediate:
    cpp_type: str
    low: Optional[int]
    high: Optional[int]
    enum: Optional[str] = None
    cases: tuple[tuple[str, int], ...] = ()
    formats: tuple[tuple[str, str], ...] = ()  # an enum's element type -> the case that encodes it
    format_of: Optional[str] = None  # the value is the format code of this operand's element type (AG375)
    describes: Optional[int] = None  # the one value the atoms' layouts describe (AG376)

    def code(self, case: str) -> Optional[int]:
        return next((number for name, number in self.cases if name == case), None)

    def format_code(self, element: str) -> Optional[int]:
        """The code of an element type's format, or None when the enum has no format for it."""
        case = next((c for e, c in self.formats if e == element), None)
        return None if case is None else self.code(case)


@dataclass(frozen=True)
class Operand:
    name: str
    types: tuple[tuple[str, Chips], ...] = ()
    elements: tuple[tuple[str, Chips], ...] = ()
    immediate: Optional[Immediate] = None

    def type_names(self) -> tuple[str, ...]:
        return self._type_names

    def element_names(self) -> tuple[str, ...]:
        return self._element_names

    # asked of every instance's operands: worked out once per operand
    @cached_property
    def _type_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.types)

    @cached_property
    def _element_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.elements)


@dataclass(frozen=True)
class IsaInstruction:
    name: Optional[str]
    glob: Optional[str] = None
    subtargets: Chips = None
    blocks: Optional[int] = None
    operands: tuple[Operand, ...] = ()

    @property
    def label(self) -> str:
        return self.name or self.glob or ""

    def matches(self, text: str) -> bool:
        if self.name is not None:
            return text == self.name
        return self.glob is not None and fnmatch.fnmatchcase(text, self.glob)

    def operand(self, name: str) -> Optional[Operand]:
        """The instruction's own register type for an operand (PTX), the first of a name."""
        return self._by_name.get(name)

    @cached_property
    def _by_name(self) -> dict[str, Operand]:
        return _by_name(self.operands)


def _by_name(operands: tuple[Operand, ...]) -> dict[str, Operand]:
    """Operands by name, the first of a name winning (every instance asks for a few)."""
    found: dict[str, Operand] = {}
    for operand in operands:
        found.setdefault(operand.name, operand)
    return found


@dataclass(frozen=True, slots=True)
class DataType:
    type: str
    isa: tuple[str, ...]
    subtargets: Chips = None


@dataclass(frozen=True)
class Intrinsic:
    name: str
    op_class: str
    operands: tuple[Operand, ...]
    result: tuple[tuple[str, Chips], ...]
    data_types: tuple[DataType, ...]
    isa: tuple[IsaInstruction, ...]
    blocks: int
    subtargets: Chips
    source: str
    origin: str  # the intrinsics table file it came from
    patterns: tuple[str, ...] = ()  # emission patterns that lower it (empty: not declared)
    llvm_intrinsic: str = ""  # an op the dialect lacks: the LLVM intrinsic called through llvm.call_intrinsic
    operation: str = ""  # what the op computes (an atomic's add/max/min), matched by a row's operation parameter

    def operand(self, name: str) -> Optional[Operand]:
        return self._by_name.get(name)

    @cached_property
    def _by_name(self) -> dict[str, Operand]:
        return _by_name(self.operands)

    def data_type(self, type_text: str) -> Optional[DataType]:
        wanted = type_text.replace(" ", "")
        return next((d for d in self.data_types if d.type.replace(" ", "") == wanted), None)

    def instruction(self, text: str) -> Optional[IsaInstruction]:
        return next((i for i in self.isa if i.matches(text)), None)


class _Table(Mapping[str, Intrinsic]):
    """An intrinsics table's entries by name, each made from its data when first asked for: a check
    asks for a few dozen of the hundreds a backend's table holds (making them all cost every check
    worker 3 ms). An entry of a later file replaces the earlier one of its name."""

    def __init__(self) -> None:
        self._data: dict[str, tuple[Any, str, dict[str, Immediate]]] = {}
        self._made: dict[str, Intrinsic] = {}

    def add(self, data: dict[str, Any], origin: str, enums: dict[str, Immediate]) -> None:
        for name, value in (data.get("intrinsics") or {}).items():
            self._data[str(name)] = (value, origin, enums)
            self._made.pop(str(name), None)

    def __getitem__(self, name: str) -> Intrinsic:
        made = self._made.get(name)
        if made is None:
            value, origin, enums = self._data[name]
            made = self._made[name] = _intrinsic(name, value, origin, enums)
        return made

    def __contains__(self, name: object) -> bool:
        return name in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


@dataclass(frozen=True, slots=True)
class Intrinsics:
    backend: str
    namespace: str
    entries: Mapping[str, Intrinsic]  # by name
    enums: dict[str, Immediate] = field(default_factory=dict)
    files: tuple[str, ...] = ()

    def get(self, name: str) -> Optional[Intrinsic]:
        return self.entries.get(name)

    def suggest(self, name: str) -> list[str]:
        """Did-you-mean candidates for a name the intrinsics table does not have."""
        import difflib  # only for a finding

        return difflib.get_close_matches(name, list(self.entries), n=3, cutoff=0.6)

    def by_instruction(self, text: str) -> list[Intrinsic]:
        """The intrinsics that emit an ISA instruction (for 'it belongs to ...' hints)."""
        found = [entry for entry in self.entries.values() if entry.instruction(text) is not None]
        found += [e for e in self.entries.values() if any(text in d.isa for d in e.data_types) and e not in found]
        return found


def _chips(value: Any) -> Chips:
    return frozenset(str(v) for v in value) if isinstance(value, list) else None


def _typed(value: Any) -> tuple[tuple[str, Chips], ...]:
    if isinstance(value, str):
        return ((value, None),)
    if isinstance(value, list):
        return tuple((str(v), None) for v in value)
    if isinstance(value, dict):
        return tuple((str(k), _chips(v)) for k, v in value.items())
    return ()


def _immediate(value: Any, enums: dict[str, Immediate]) -> Optional[Immediate]:
    if not isinstance(value, dict):
        return None
    enum = value.get("enum")
    format_of = str(value["format_of"]) if value.get("format_of") is not None else None
    describes = int(value["describes"]) if value.get("describes") is not None else None
    if isinstance(enum, str) and enum in enums:
        base = enums[enum]
        return Immediate(str(value["cpp_type"]), base.low, base.high, enum, base.cases, base.formats, format_of,
                         describes)
    low, high = (value.get("range") or [None, None])[:2]
    return Immediate(str(value["cpp_type"]), low, high, enum if isinstance(enum, str) else None,
                     format_of=format_of, describes=describes)


def _operand(name: str, value: Any, enums: dict[str, Immediate]) -> Operand:
    value = value if isinstance(value, dict) else {}
    return Operand(
        name=name,
        types=_typed(value.get("type")),
        elements=_typed(value.get("elements")),
        immediate=_immediate(value.get("immediate"), enums),
    )


def _isa(item: Any, enums: dict[str, Immediate]) -> IsaInstruction:
    if isinstance(item, str):
        return IsaInstruction(item)
    operands = tuple(_operand(str(k), v, enums) for k, v in (item.get("operands") or {}).items())
    chips = _chips(item.get("subtargets"))
    return IsaInstruction(item.get("name"), item.get("glob"), chips, item.get("blocks"), operands)


def _data_type(type_text: str, value: Any) -> DataType:
    if isinstance(value, list):
        return DataType(type_text, tuple(str(v) for v in value))
    return DataType(type_text, tuple(str(v) for v in value.get("isa", [])), _chips(value.get("subtargets")))


def _enums(data: dict[str, Any]) -> dict[str, Immediate]:
    enums = {}
    for name, value in (data.get("enums") or {}).items():
        cases = tuple((str(k), int(v)) for k, v in value["cases"].items())
        numbers = [number for _, number in cases]
        formats = tuple((str(k), str(v)) for k, v in (value.get("formats") or {}).items())
        enums[str(name)] = Immediate(str(value["cpp_type"]), min(numbers), max(numbers), str(name), cases, formats)
    return enums


def _intrinsic(name: str, value: Any, origin: str, enums: dict[str, Immediate]) -> Intrinsic:
    return Intrinsic(
        name=name,
        op_class=str(value.get("op_class", "")),
        operands=tuple(_operand(str(k), v, enums) for k, v in (value.get("operands") or {}).items()),
        result=_typed(value.get("result")),
        data_types=tuple(_data_type(str(k), v) for k, v in (value.get("data_types") or {}).items()),
        isa=tuple(_isa(item, enums) for item in value.get("isa") or []),
        blocks=int(value.get("blocks", 1)),
        subtargets=_chips(value.get("subtargets")),
        source=str(value.get("source", "")),
        origin=origin,
        patterns=tuple(str(p) for p in value.get("patterns") or ()),
        llvm_intrinsic=str(value.get("llvm_intrinsic", "")),
        operation=str(value.get("operation", "")),
    )


def _load_checked(path: Path, display: str) -> tuple[Optional[dict[str, Any]], list[Diagnostic]]:
    """A intrinsics table file loaded with positions and validated against schema/intrinsics.schema.json."""
    from atomgen.spec.loader import load_file
    from atomgen.spec.validate import validate

    try:
        loaded = load_file(path, display)
    except SpecError as error:
        return None, error.diagnostics
    problems = validate(loaded, "intrinsics")
    if problems:
        return None, problems
    data = loaded.data
    for name, value in (data.get("intrinsics") or {}).items():
        for operand, spec in (value.get("operands") or {}).items():
            enum = ((spec or {}).get("immediate") or {}).get("enum")
            if enum is not None and enum not in (data.get("enums") or {}):
                problems.append(
                    SCHEMA.finding(
                        f"{name}: operand {operand} names enum '{enum}', which this intrinsics table does not declare",
                        display,
                        loaded.position(("intrinsics", name, "operands", operand, "immediate", "enum")),
                    )
                )
    return (None if problems else data), problems


@lru_cache(maxsize=64)
def load_intrinsics(backend: str, project_file: Optional[str] = None
                    ) -> tuple[Optional[Intrinsics], tuple[Diagnostic, ...]]:
    """The shipped intrinsics table of `backend` merged with a project intrinsics file file, if given."""
    shipped = shipped_table(backend)
    data: dict[str, Any] = dict(shipped[0]) if shipped else {"backend": backend, "intrinsics": {}}
    files = [shipped[1]] if shipped else []
    enums = _enums(data)
    intrinsics = _Table()
    intrinsics.add(data, files[0] if files else "", dict(enums))  # the shipped entries see the shipped enums
    problems: list[Diagnostic] = []
    if project_file is not None:
        extra, problems = _load_checked(Path(project_file), project_file)
        if extra is not None:
            enums.update(_enums(extra))
            intrinsics.add(extra, project_file, enums)
            files.append(project_file)
    # A backend with no intrinsics table gets an empty one: every intrinsic is then unknown (AG358), never unchecked.
    namespace = str(data.get("cpp_namespace") or backend.upper())
    return Intrinsics(backend, namespace, intrinsics, enums, tuple(files)), tuple(problems)


def project_intrinsics_for(backend_file: Optional[str]) -> Optional[str]:
    """specs/<backend>/intrinsics.yaml beside the backend file, when there is one."""
    if backend_file is None:
        return None
    candidate = Path(backend_file).parent / PROJECT_INTRINSICS_FILE
    # anything at the name counts: a FIFO or a link loop is refused by the loader (AG106 with AG008/AG009)
    return str(candidate) if exists(candidate) else None


def validate_intrinsics_file(path: Path, display: str) -> list[Diagnostic]:
    """`atomgen check specs/<backend>/intrinsics.yaml`: the intrinsics table schema's findings."""
    return _load_checked(path, display)[1]
