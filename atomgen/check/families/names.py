"""Names (rule family AG38x): identifiers valid in C++, TableGen and Python, unique, conventional.

Collisions across specs (AG382, AG383) are found by `cross_spec_rules` over a whole check run.
"""

from __future__ import annotations

import keyword
import re
from typing import Any, Callable, Iterator, Optional

from atomgen.diagnostics import Diagnostic, Example, Position, Related, Rule
from atomgen.spec.model import AtomSpec

IDENTIFIER_RULE = Rule(
    "AG381",
    "identifier",
    "A name is not a valid C++/TableGen/Python identifier (or is a keyword).",
    "Names are pasted into generated code; quotes or `*/` there would inject code.",
    Example("tablegen_def: FlyROCDL_MmaOpTest", "tablegen_def: __FlyROCDL_MmaOpTest", 5, "__"),
    "Use letters, digits and underscores.",
)

NAME_COLLISION = Rule(
    "AG382",
    "name-collision",
    "Two specs (or parameters) use the same name.",
    "Generated classes and files would overwrite each other.",
    # (two specs with one cpp_class: tests/test_rules.py, test_cross_spec_collision)
    Example("  - {name: k, cpp_type: int32_t}\n",
            "  - {name: k, cpp_type: int32_t}\n  - {name: k, cpp_type: int32_t}\n", 14, "k,"),
    "Rename one.",
)

MNEMONIC_COLLISION = Rule(
    "AG383",
    "mnemonic-collision",
    "Two specs of one backend use the same mnemonic.",
    "The dialect's type parser can only map a mnemonic to one type.",
    "(two cdna3.mfma specs)",
    "Rename one.",
)

NAMING_CONVENTION = Rule(
    "AG384",
    "naming-convention",
    "cpp_class does not end in Type, or the mnemonic does not start with the subtarget.",
    "TableGen appends Type to the typeName; FlyDSL mnemonics are `subtarget.op`.",
    Example("cpp_class: MmaOpTestType", "cpp_class: MmaOpTest", 6, "MmaOp"),
    "cpp_class: MmaOpCDNA3_MFMAType",
)

RULES = (
    IDENTIFIER_RULE,
    NAME_COLLISION,
    MNEMONIC_COLLISION,
    NAMING_CONVENTION,
)


IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\Z")
CPP_KEYWORDS = frozenset(
    [
        "alignas", "alignof", "and", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
        "class", "const", "constexpr", "continue", "decltype", "default", "delete", "do", "double", "else", "enum",
        "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if", "inline", "int", "long",
        "mutable", "namespace", "new", "noexcept", "not", "nullptr", "operator", "or", "private", "protected",
        "public", "register", "return", "short", "signed", "sizeof", "static", "struct", "switch", "template",
        "this", "throw", "true", "try", "typedef", "typename", "union", "unsigned", "using", "virtual", "void",
        "volatile", "while", "xor",
    ]
)


def _bad_identifier(name: str) -> Optional[str]:
    if not IDENTIFIER.match(name):
        return "is not a valid C++/TableGen/Python identifier"
    if name in CPP_KEYWORDS or keyword.iskeyword(name):
        return "is a C++ or Python keyword"
    if name.startswith("__"):
        return "starts with '__' (reserved)"
    return None

def check_names(spec: AtomSpec) -> Iterator[Diagnostic]:
    for key in ("tablegen_def", "cpp_class"):
        problem = _bad_identifier(getattr(spec, key))
        if problem:
            yield IDENTIFIER_RULE.at(spec, f"{key} '{getattr(spec, key)}' {problem}", (key,))
    if not spec.cpp_class.endswith("Type") or spec.cpp_class == "Type":
        yield NAMING_CONVENTION.at(spec,
            f"cpp_class '{spec.cpp_class}' must end in 'Type' (TableGen appends it to the typeName)",
            ("cpp_class",),
        )
    prefix = spec.mnemonic.split(".", 1)[0]
    # FlyDSL may name an atom after the oldest chip its instructions run on (FlyNVVM's sm75.ldmatrix of
    # the sm80 atoms): that chip, an instance's min_subtarget without the underscore, is a prefix too.
    oldest = {str(i.min_subtarget).replace("_", "") for i in spec.instances if i.min_subtarget}
    if prefix != spec.subtarget and prefix not in oldest:
        yield NAMING_CONVENTION.at(spec,
            f"mnemonic '{spec.mnemonic}' must start with the subtarget '{spec.subtarget}.'",
            ("mnemonic",),
        )
    seen: dict[str, int] = {}
    for index, parameter in enumerate(spec.parameters):
        labelled: tuple[tuple[str, str, tuple[str | int, ...]], ...] = (
            ("parameter", parameter.name, ("parameters", index, "name")),
            ("python name", parameter.python, ("parameters", index, "python")),
        )
        for label, name, path in labelled:
            problem = _bad_identifier(name)
            if problem:
                yield IDENTIFIER_RULE.at(spec, f"{label} '{name}' {problem}", path)
        if parameter.name in seen:
            yield NAME_COLLISION.at(
                spec, f"parameter '{parameter.name}' is declared twice", ("parameters", index, "name")
            )
        seen[parameter.name] = index
    for name, _, path in spec.let:
        if spec.parameter(name) is not None or name == "threads":
            yield NAME_COLLISION.at(spec, f"let '{name}' shadows a parameter", path)


def cross_spec_rules(results: list[Any], position_of: Callable[[Any, str], Position]) -> None:
    """AG382/AG383 across a check run: a tablegen_def, cpp_class or (per backend) mnemonic used twice."""
    owners: dict[tuple[str, str], Any] = {}  # the result that used the name first
    for result in results:
        if not result.names:
            continue
        for field_name, rule in (("tablegen_def", NAME_COLLISION), ("cpp_class", NAME_COLLISION),
                                 ("mnemonic", MNEMONIC_COLLISION)):
            value = result.names.get(field_name, "")
            scope = result.names.get("backend", "") if field_name == "mnemonic" else ""
            key = (field_name, scope + ":" + value)
            owner = owners.get(key)
            if owner is not None and owner.path != result.path:
                result.diagnostics.append(
                    rule.finding(
                        f"{field_name} '{value}' is already used by {owner.path}",
                        result.path,
                        position_of(result, field_name),
                        related=(Related(owner.path, position_of(owner, field_name), f"{field_name} '{value}'"),),
                    )
                )
            else:
                owners.setdefault(key, result)
