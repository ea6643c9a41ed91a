"""How each field of the spec schema is tied to what it becomes (docs/rules.md, "How each field is tied").

Every field of schema/atom.schema.json is one of:

- ``instruction``: it becomes an operand, immediate, opcode choice, format code, descriptor field
  or enum value of the generated code, and the rules named check it against the intrinsic
  intrinsics table, the backend or the instruction's descriptor;
- ``layout``: a thread/value layout or what sizes one, proved by the layout rules;
- ``name``: an identifier or type name the generated code spells, checked to be valid and unique;
- ``text``: free text that reaches generated files only through the escaping of each output
  language (atomgen/render/escape.py), never as code;
- ``structure``: a container whose meaning is its members';
- ``oracle``: read by the oracles, the catalogue site or the docs, never by the generated C++,
  TableGen, Python or CMake (tests/test_ties.py renders mutants to show it); `known_flydsl_defects`
  and `tests` also file the generated FileCheck cases FlyDSL's hand-written atoms get wrong as
  expected failures (the `*_xfail.mlir` files), which the generated atoms must pass.

tests/test_ties.py walks the schema and fails for a field that is not in TIES, so a new field that
reaches generated code cannot arrive without saying how it is checked.
"""

from __future__ import annotations

import fnmatch
import json
from typing import Any, Iterator, NamedTuple

from atomgen.resources import schema_path


class Tie(NamedTuple):
    how: str  # instruction | layout | name | text | structure | oracle
    rules: tuple[str, ...]  # the rules that judge the field (empty for text, structure, oracle)
    what: str  # what the generated code does with it


def _t(how: str, rules: str, what: str) -> Tie:
    return Tie(how, tuple(rules.split()), what)


# Patterns over the field paths of schema_fields(), first match wins: `[]` is a list item, `*` any key.
TIES: tuple[tuple[str, Tie], ...] = (
    ("spec_version", _t("structure", "AG101", "the format version; only 1 exists")),
    ("kind", _t("instruction", "AG101 AG371", "mma or copy: the interfaces and the template family; the pattern "
                "must lower that kind")),
    ("backend", _t("instruction", "AG105 AG108", "the dialect, its backend.yaml and intrinsics table")),
    ("subtarget", _t("instruction", "AG109 AG384 AG352 AG359", "the lib/ folder and the chips every row is "
                     "checked on (declared in backend.yaml)")),
    ("tablegen_def", _t("name", "AG381 AG382", "the TableGen def")),
    ("cpp_class", _t("name", "AG381 AG382 AG384", "the C++ type class")),
    ("mnemonic", _t("name", "AG381 AG383 AG384", "the type mnemonic")),
    ("stateful", _t("instruction", "AG361", "the stateful base class and the state struct")),
    ("traits", _t("instruction", "AG341", "TableGen traits; whole_tile_copy only with exceptions.whole_tile")),
    ("summary", _t("text", "", "comments and docstrings")),
    ("notes", _t("text", "", "comments")),
    ("threads", _t("layout", "AG311", "the thread count every thr mode must have")),
    ("parameters", _t("structure", "", "the type's parameters")),
    ("parameters[].name", _t("name", "AG381 AG382 AG391", "the C++/TableGen parameter and getter")),
    ("parameters[].cpp_type", _t("instruction", "AG392 AG393 AG394", "the parameter's storage; an immediate's "
                                 "storage must hold the immediate's range")),
    ("parameters[].default", _t("instruction", "AG392 AG394 AG395", "the builder default and the elided "
                                "assembly group")),
    ("parameters[].enum", _t("instruction", "AG395 AG374", "the values of an enum parameter; an operation "
                             "parameter selects the row's intrinsic")),
    ("parameters[].free*", _t("instruction", "AG392 AG393 AG394 AG376", "the values verify() accepts; an "
                              "immediate's range, and the only value an immediate with a meaning may take")),
    ("parameters[].keyword_only", _t("name", "AG381", "the Python signature")),
    ("parameters[].python", _t("name", "AG381 AG382", "the Python argument name")),
    ("parameters[].doc", _t("text", "", "comments")),
    ("assembly_format", _t("instruction", "AG391", "the TableGen assemblyFormat, parsed against the parameters")),
    ("builders", _t("name", "AG391 AG392", "the TableGen builders: parameter lists")),
    ("let", _t("layout", "AG201 AG202 AG203", "names in layout expressions, proved exact")),
    ("operand_types*", _t("instruction", "AG352 AG332", "the parameter naming each operand's element type")),
    ("layouts*", _t("layout", "AG301 AG302 AG303 AG304 AG305 AG311 AG321 AG322 AG323 AG331 AG341 AG355 AG356 "
                    "AG357 AG377", "getThrValLayout*/getThrBitLayout*, proved per instance")),
    ("sparse*", _t("layout", "AG345 AG346 AG347 AG348", "the metadata layouts and register")),
    ("tensor_memory*.doc", _t("text", "", "comments")),
    ("tensor_memory*", _t("layout", "AG349", "tensor-memory addresses of tcgen05 operands")),
    ("scale_factors.*.doc", _t("text", "", "comments")),
    ("scale_factors.vector_size", _t("instruction", "AG350", "the block size the instruction's .block16 / .block32 "
                                     "names")),
    ("scale_factors.type", _t("instruction", "AG350 AG371", "the parameter whose type is the idesc's scale format")),
    ("scale_factors*", _t("layout", "AG350", "tensor-memory addresses of the scale factors")),
    ("exceptions.reason", _t("text", "", "comments")),
    ("exceptions.whole_tile", _t("instruction", "AG341 AG377 AG322", "the whole-tile trait and its placeholder "
                                 "layouts")),
    ("exceptions.operand_source*", _t("instruction", "AG323 AG349", "where an operand is read from (registers, a "
                                      "shared-memory descriptor, tensor memory)")),
    ("exceptions*", _t("layout", "AG323 AG341 AG342 AG354", "declared replication, transposes, lanes and blocks")),
    ("instances", _t("structure", "AG351 AG353 AG360", "the instance table: verify() and the dispatch")),
    ("instances[].id", _t("name", "AG351", "test and case names")),
    ("instances[].intrinsic", _t("instruction", "AG358 AG359 AG371 AG374", "the op each row creates")),
    ("instances[].op_class", _t("instruction", "AG352", "the C++ op class, the intrinsics table's")),
    ("instances[].instruction", _t("instruction", "AG359", "the ISA instruction the row emits (PTX: spelled "
                                   "into the inline assembly)")),
    ("instances[].packed*", _t("instruction", "AG331 AG352 AG332", "the register types built for the call")),
    ("instances[].storage*", _t("instruction", "AG333 AG352", "the element type the register is built of and "
                                "bitcast back from")),
    ("instances[].register_half*", _t("instruction", "AG334 AG331", "the widening of the operand to the "
                                      "intrinsic's register and the half read back")),
    ("instances[].variant", _t("instruction", "AG373", "the builder argument list of the row")),
    ("instances[].val_bits", _t("layout", "AG341 AG342", "the value widths a copy row admits")),
    ("instances[].pin", _t("instruction", "AG353", "the free parameters a row fixes")),
    ("instances[].min_subtarget", _t("instruction", "AG352 AG359", "the chips the row runs on")),
    ("instances[].subtargets", _t("instruction", "AG352 AG359", "the chips the row runs on")),
    ("instances[].notes", _t("text", "", "comments")),
    ("instances[].expand", _t("structure", "AG360", "an instance family, expanded before any rule")),
    ("instances[].emission.cbsz", _t("instruction", "AG375", "the scaled MFMA's A format code")),
    ("instances[].emission.blgp", _t("instruction", "AG375", "the scaled MFMA's B format code")),
    ("instances[].emission.fmt*", _t("instruction", "AG375", "a row's A/B format code")),
    ("instances[].emission.store_*", _t("instruction", "AG358 AG352", "the store direction's op (its intrinsics table "
                                        "entry is checked as the row's own)")),
    ("instances[].emission", _t("structure", "", "a row's own emission arguments")),
    ("state", _t("structure", "AG361 AG365", "the atom's state struct")),
    ("state[].name", _t("name", "AG362 AG381", "the getter and the enum spelling")),
    ("state[].enum_case", _t("instruction", "AG362 AG108", "the AtomStateField case set_value names")),
    ("state[].private", _t("instruction", "AG362", "a field no enum case names")),
    ("state[].llvm_type*", _t("instruction", "AG366 AG367 AG352", "the slot type: the type of the operand the "
                              "field becomes")),
    ("state[].default", _t("instruction", "AG363 AG367", "the constant the slot starts with; an immediate's within "
                           "its range")),
    ("state[].coercion", _t("instruction", "AG364", "how a set value is converted to the slot type")),
    ("state[].immediate", _t("instruction", "AG364 AG367", "whether the value must stay a compile-time constant: "
                             "exactly when the operand is an immediate")),
    ("state[].units", _t("instruction", "AG367", "how the template scales the value (elements: by the element "
                         "width); must be what the pattern does with it")),
    ("state[].doc", _t("text", "", "comments")),
    ("python.wrappers[].signature", _t("name", "AG385", "the generated wrapper's parameters: FlyDSL's signature")),
    ("python.wrappers[].maps*", _t("name", "AG385", "the value each get() argument takes from the signature")),
    ("python.wrappers[].defaults*", _t("name", "AG385", "the value a None parameter takes")),
    ("python*", _t("name", "AG381 AG382", "the binding class, DSL module and wrapper names")),
    ("emission", _t("structure", "AG101", "the emission pattern and its arguments")),
    ("emission.pattern", _t("instruction", "AG101 AG371", "the C++ template; it must lower the kind and the "
                            "rows' intrinsics")),
    ("emission.args", _t("instruction", "AG372 AG376", "the builder arguments; immediates with a meaning hold "
                         "the value the layouts describe")),
    ("emission.variants*", _t("instruction", "AG372 AG373 AG376", "per-variant builder arguments")),
    ("emission.immediates", _t("instruction", "AG394", "which parameter each intrinsic immediate takes")),
    ("emission.state_operands", _t("instruction", "AG371 AG352", "state fields passed as intrinsic operands, "
                                   "typed as the operand")),
    ("emission.format_codes", _t("instruction", "AG375", "element type -> format code")),
    ("emission.format_enum", _t("name", "AG372", "the C++ enum the format codes are cast to")),
    ("emission.enums", _t("name", "AG372", "the C++ enums immediates are cast to")),
    ("emission.descriptor*", _t("instruction", "AG397", "the descriptor's fields, bit by bit")),
    ("emission.shim_result*", _t("name", "AG372", "the result types of the load/store shim")),
    ("emission.op_class", _t("instruction", "AG352 AG371", "the op of a single-op pattern")),
    ("emission.load*", _t("instruction", "AG358 AG352", "the load direction's op")),
    ("emission.store*", _t("instruction", "AG358 AG352", "the store direction's op")),
    ("emission.multicast", _t("instruction", "AG371 AG367 AG404", "tma_load: the op takes the MulticastMask state "
                              "field as its CTA mask; the instruction spells .multicast::cluster")),
    ("emission.im2col", _t("instruction", "AG371 AG367 AG404", "tma_load: the op takes the Im2colOffset state "
                           "fields (rank - 2 of them) in im2col mode; the instruction spells .im2col")),
    ("emission.reduce", _t("instruction", "AG371 AG404", "tma_store: the parameter naming the reduction; the "
                           "instruction spells it (.add, .min, ...)")),
    ("verify.constraints[].message", _t("text", "AG396", "verify() messages (placeholders checked)")),
    ("verify.constraints*", _t("instruction", "AG396", "verify() conditions over integer parameters")),
    ("verify.wording*", _t("text", "AG396", "verify() messages")),
    ("verify.source", _t("text", "", "comments")),
    ("verify", _t("structure", "AG396", "extra verify() conditions and wording")),
    ("known_flydsl_defects*", _t("oracle", "", "declared FlyDSL defects: the generated tests they concern are "
                                 "filed as expected failures of FlyDSL's hand-written atoms")),
    ("known_*", _t("oracle", "", "declared disagreements with an oracle, with evidence")),
    ("tests*", _t("oracle", "", "test options: an atom FlyDSL lacks gets its tests filed as such")),
)


def tie_of(path: str) -> Tie | None:
    return next((tie for pattern, tie in TIES if fnmatch.fnmatchcase(path, pattern)), None)


def untied_fields(schema: Any = None) -> list[str]:
    """The fields of the schema (the shipped one by default) that TIES does not say how to check."""
    return [path for path in schema_fields(schema) if tie_of(path) is None]


def schema_fields(schema: Any = None) -> list[str]:
    """Every field path schema/atom.schema.json declares (`[]` list items, `*` free keys)."""
    if schema is None:
        schema = json.loads(schema_path("atom").read_text(encoding="utf-8"))
    definitions = schema.get("$defs", {})
    found: set[str] = set()

    def walk(node: Any, path: str, seen: frozenset[str]) -> None:
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            name = str(node["$ref"]).rsplit("/", 1)[-1]
            if name not in seen:
                walk(definitions.get(name), path, seen | {name})
            return
        for key in ("oneOf", "anyOf", "allOf"):
            for sub in node.get(key, []):
                walk(sub, path, seen)
        for key in ("then", "else"):
            walk(node.get(key), path, seen)
        for name, sub in (node.get("properties") or {}).items():
            child = f"{path}.{name}" if path else name
            found.add(child)
            walk(sub, child, seen)
        for sub in (node.get("patternProperties") or {}).values():
            walk(sub, f"{path}.*", seen)
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], f"{path}.*", seen)
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}[]", seen)

    walk(schema, "", frozenset())
    return sorted(found)


def markdown() -> Iterator[str]:
    """The docs/rules.md section: every schema field, how it is tied and by which rules."""
    yield "## How each field is tied"
    yield ""
    yield ("Every field of the spec schema, with what the generated code does with it and the rules that check it "
           "(atomgen/check/ties.py; tests/test_ties.py fails for a schema field missing here). `instruction`: "
           "checked against the intrinsics table, the backend or the descriptor; `layout`: proved by the "
           "layout rules; `name`: a checked identifier; `text`: free text, escaped per output language; "
           "`oracle`: read by oracles and docs only, never by generated code.")
    yield ""
    yield "| field | tied as | rules | what the generated code does with it |"
    yield "|---|---|---|---|"
    for pattern, tie in TIES:
        rules = ", ".join(f"`{r}`" for r in tie.rules) or "-"
        yield f"| `{pattern}` | {tie.how} | {rules} | {tie.what} |"
