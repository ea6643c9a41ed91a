"""What backend.yaml itself must get right (rules AG108, AG109): enum cases unique in name, value and
spelling, and every subtarget a spec names declared with its chips.

The state enum becomes a C++ `switch` and a TableGen I32EnumAttr: two cases with one value do not
compile, and one name with two values makes `fly.atom.set_value` reach the wrong slot. A subtarget the
backend does not declare used to switch the chip checks off (an empty chip set, nothing to compare).
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Optional

from atomgen.diagnostics import Diagnostic, Rule
from atomgen.spec.backend import Backend
from atomgen.spec.loader import LoadedSpec
from atomgen.spec.model import TODO_MARKER, AtomSpec
from atomgen.spec.validate import UNFILLED

ENUM_COLLISION = Rule(
    "AG108",
    "enum-collision",
    "Two cases of the backend's state enum share a name, a value or a spelling.",
    "The enum becomes a C++ switch and an I32EnumAttr: a repeated value is a duplicate `case` that does not "
    "compile, and a repeated name or spelling makes set_value reach another slot than the spec means.",
    "cases:\n  - {name: Mbarrier, value: 2, string: mbarrier}\n  - {name: Coord1, value: 2, string: coord_1}",
    "Give every case its own name, value and string.",
)

UNKNOWN_SUBTARGET = Rule(
    "AG109",
    "unknown-subtarget",
    "A spec's subtarget (or a chip of a subtarget) is not declared in backend.yaml.",
    "The chips of a subtarget are what every row's intrinsic and instruction are checked against; an "
    "undeclared subtarget had no chips, so those checks silently compared nothing.",
    "subtarget: cdna5   # backend.yaml subtarget_chips has cdna3, cdna4, ...",
    "Name a declared subtarget, or declare it: `subtarget_chips: {cdna5: [gfx9xx]}` (`atomgen new mma "
    "--subtarget cdna5` scaffolds the entry as a TODO).",
)

PARSER_WITHOUT_SYNTAX = Rule(
    "AG110",
    "parser-without-syntax",
    "A generated dialect asks for the default attribute parser/printer, but declares no attribute.",
    "mlir-tblgen then declares FlyNVVMDialect::parseAttribute/printAttribute and defines them only for the "
    "attributes it generates: with none, the link fails (`parseAttribute` undefined).",
    "generate_dialect: true\ndialect: {use_default_attribute_printer_parser: true, ...}",
    "Set `use_default_attribute_printer_parser: false` (atomgen's dialect skeleton has types only).",
)

RULES = (
    ENUM_COLLISION,
    UNKNOWN_SUBTARGET,
    PARSER_WITHOUT_SYNTAX,
)


def check_backend_data(loaded: LoadedSpec) -> list[Diagnostic]:
    """Findings in a backend.yaml's own data (its schema is checked before)."""
    data = loaded.data if isinstance(loaded.data, dict) else {}
    found: list[Diagnostic] = []
    enum: dict[str, Any] = data["state_enum"] if isinstance(data.get("state_enum"), dict) else {}
    cases: list[Any] = enum["cases"] if isinstance(enum.get("cases"), list) else []
    seen: dict[tuple[str, Any], int] = {}
    for index, case in enumerate(cases):
        if not isinstance(case, dict):
            continue
        for key in ("name", "value", "string"):
            if key not in case:
                continue
            first = seen.setdefault((key, case[key]), index)
            if first != index:
                other = cases[first].get("name", first)
                found.append(ENUM_COLLISION.finding(
                    f"state enum case {case.get('name')!s} repeats the {key} {case[key]!r} of case {other}",
                    loaded.path, loaded.position(("state_enum", "cases", index, key))))
    dialect: dict[str, Any] = data["dialect"] if isinstance(data.get("dialect"), dict) else {}
    if data.get("generate_dialect") and dialect.get("use_default_attribute_printer_parser"):
        found.append(PARSER_WITHOUT_SYNTAX.finding(
            "the generated dialect declares no attributes, so a default attribute parser/printer would be "
            "declared and never defined: set use_default_attribute_printer_parser: false",
            loaded.path, loaded.position(("dialect", "use_default_attribute_printer_parser"))))
    chips = [str(c) for c in data.get("chips") or []]
    for subtarget, members in (data.get("subtarget_chips") or {}).items():
        for index, chip in enumerate(members if isinstance(members, list) else []):
            if str(chip) != TODO_MARKER and chips and str(chip) not in chips:
                found.append(UNKNOWN_SUBTARGET.finding(
                    f"subtarget {subtarget} names the chip {chip}, which `chips` does not list",
                    loaded.path, loaded.position(("subtarget_chips", subtarget, index))))
    return found


def check_subtarget(spec: AtomSpec, backend: Optional[Backend]) -> Iterator[Diagnostic]:
    """The spec's subtarget is one the backend declares; a scaffolded TODO entry is reported as AG010
    at its line in backend.yaml (the same finding `check` gives for that file, so it prints once)."""
    if backend is None or not backend.subtarget_chips:
        return
    chips = backend.subtarget_chips.get(spec.subtarget)
    if chips is None:
        import difflib  # only for a subtarget the backend does not declare

        close = difflib.get_close_matches(spec.subtarget, list(backend.subtarget_chips), n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        yield UNKNOWN_SUBTARGET.at(
            spec, f"subtarget '{spec.subtarget}' is not declared in {backend.path} (subtarget_chips: "
            f"{', '.join(sorted(backend.subtarget_chips))}){hint}", ("subtarget",),
            notes=(f"declare it there: `{spec.subtarget}: [chips...]`, e.g. with `atomgen new mma --subtarget "
                   f"{spec.subtarget}`",))
    elif TODO_MARKER in chips:
        yield todo_entry(backend, spec.subtarget)


def todo_entry(backend: Backend, subtarget: str) -> Diagnostic:
    """The AG010 of a subtarget_chips entry left TODO, at its line of backend.yaml."""
    from atomgen.diagnostics import Position

    line = column = 0
    inside = False
    for number, text in enumerate(backend.text.splitlines(), 1):
        if re.match(r"^subtarget_chips\s*:", text):
            inside = True
            continue
        match = re.match(rf"^(\s+){re.escape(subtarget)}\s*:.*{TODO_MARKER}", text)
        if inside and match:
            line, column = number, text.index(TODO_MARKER) + 1
            break
    message = f"subtarget_chips.{subtarget}[0] is still TODO: fill it in (see `atomgen explain AG010`)"
    return UNFILLED.finding(message, backend.path, Position(line, column))
