"""Spec text never escapes into generated code.

Every shipped spec is rendered with every free-text field (the schema's `x-kind: text`) set
to a hostile string: newline, CR, NUL, quotes, `*/`, `-->`, `{{ }}`, backslashes (one at a line
end), the Unicode line separators, a bidi override, lit and FileCheck directives. The loader
refuses most of these characters (AG007); here they are put into the data after loading, so
the escaping of atomgen/render/escape.py is tested on its own. Then:

  * every generated Python module compiles, and the marker only appears in string and
    comment tokens;
  * in C++ and TableGen, no character of the marker lies outside comments and string
    literals (a real lexer pass: //, /* */, "...", raw strings, line splices);
  * in lit tests, every line holding the marker is a `//` comment with no directive on it,
    and the RUN and CHECK lines are byte for byte those of generated/;
  * no generated file holds NUL, CR or a Unicode line separator.
"""

from __future__ import annotations

import ast
import dataclasses
import io
import json
import re
import tokenize
from pathlib import Path
from typing import Any, Iterator

import pytest
from conftest import REPO, SPECS, shipped_specs

from atomgen.check.runner import analyze_model, model_loaded
from atomgen.render.escape import FILTERS, cpp_comment, cpp_string, py_docstring, py_string
from atomgen.render.plan import build_plan
from atomgen.spec.backend import find_backend_file, load_backend
from atomgen.spec.defects import config_label
from atomgen.spec.loader import load_file
from atomgen.spec.model import KnownDefect
from atomgen.spec.printing import sample_values
from atomgen.write.output import standalone_text

MARK = "INJ"
HOSTILE = (
    'a\nINJ #error INJ\rINJ\x00INJ "INJ\'INJ */ INJ /* --> INJ {{ INJ }} [[INJ]] \\INJ\\\nINJ \u2028INJ\u2029INJ'
    ' \u202eINJ RUN: INJ CHECK: INJ XFAIL: INJ """INJ\'\'\' INJ\\'
)
DIRECTIVE = re.compile(r"(?<![A-Za-z0-9_])(RUN|CHECK[A-Z-]*|REG[A-Z-]*|LLVM[A-Z-]*|VERIFY[A-Z-]*|XFAIL|REQUIRES|"
                       r"UNSUPPORTED)(\{LITERAL\})?:")
FORBIDDEN = re.compile("[\x00\r\u2028\u2029\u202e]")


def _schema() -> dict[str, Any]:
    return json.loads((REPO / "schema" / "atom.schema.json").read_text(encoding="utf-8"))


def _text_paths(schema: dict[str, Any], node: Any, data: Any, path: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    """Paths of `data` whose schema node is a free-text string."""
    definitions = schema["$defs"]
    while "$ref" in node:
        node = definitions[node["$ref"].split("/")[-1]]
    if isinstance(data, str):
        if node.get("x-kind") == "text":
            yield path
        return
    branches = node.get("oneOf") or node.get("anyOf")
    if branches:
        for branch in branches:
            yield from _text_paths(schema, branch, data, path)
        return
    if isinstance(data, dict):
        properties = node.get("properties", {})
        for key, value in data.items():
            sub = properties.get(key, node.get("additionalProperties"))
            if isinstance(sub, dict):
                yield from _text_paths(schema, sub, value, path + (key,))
    elif isinstance(data, list) and isinstance(node.get("items"), dict):
        for index, value in enumerate(data):
            yield from _text_paths(schema, node["items"], value, path + (index,))


def _set(data: Any, path: tuple[Any, ...], value: str) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _code_outside_comments_and_strings(text: str) -> str:
    """C++ / TableGen source with comments and string literals blanked (code blocks kept)."""
    text = text.replace("\\\n", "")  # line splices come first, in comments too
    out: list[str] = []
    index = 0
    while index < len(text):
        if text.startswith("//", index):
            end = text.find("\n", index)
            index = len(text) if end < 0 else end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            index = len(text) if end < 0 else end + 2
        elif text.startswith('R"', index) and (index == 0 or not (text[index - 1].isalnum() or text[index - 1] == "_")):
            delimiter = text[index + 2 : text.find("(", index)]
            end = text.find(f"){delimiter}\"", index)
            index = len(text) if end < 0 else end + len(delimiter) + 2
        elif text[index] in "\"'":
            quote = text[index]
            index += 1
            while index < len(text) and text[index] != quote:
                if text[index] == "\n":
                    raise AssertionError(f"a string literal runs past its line: {text[max(0, index - 80):index]!r}")
                index += 2 if text[index] == "\\" else 1
            index += 1
        else:
            out.append(text[index])
            index += 1
    return "".join(out)


@pytest.fixture(scope="module")
def hostile_plan() -> dict[str, str]:
    schema = _schema()
    atoms = []
    backends: dict[Path, Any] = {}
    fields = 0
    for path in shipped_specs():
        loaded = load_file(path, str(path.relative_to(REPO)))
        for text_path in list(_text_paths(schema, schema, loaded.data, ())):
            _set(loaded.data, text_path, HOSTILE)
            fields += 1
        modeled = model_loaded(loaded)
        assert modeled.spec is not None, [d.format() for d in modeled.diagnostics]
        result = analyze_model(modeled, path, prove=False)
        errors = [d.format() for d in result.diagnostics if d.severity == "error"]
        assert not errors, errors
        # A declared defect's reason is free text that reaches the lit tests' comments. The shipped
        # patterns are kept (they file the same cases as in generated/, now with hostile reasons),
        # and one that matches the first instance files it as an expected failure.
        shipped = load_file(path, str(path.relative_to(REPO))).data.get("known_flydsl_defects") or []
        declared = tuple(dataclasses.replace(d, configuration=s["configuration"])
                         for d, s in zip(modeled.spec.known_flydsl_defects, shipped))
        first = config_label(modeled.spec, sample_values(modeled.spec, modeled.spec.instances[0]))
        spec = dataclasses.replace(modeled.spec, known_flydsl_defects=(
            *declared, KnownDefect(first, HOSTILE, kind="lowering")))
        backend_file = find_backend_file(path, spec.backend)
        assert backend_file is not None
        if backend_file not in backends:
            backend, _ = load_backend(backend_file, str(backend_file.relative_to(REPO)))
            backends[backend_file] = dataclasses.replace(backend, summary=HOSTILE)
        assert result.analysis is not None
        atoms.append(dataclasses.replace(result.analysis, spec=spec, backend=backends[backend_file]))
    assert fields >= 100, fields  # summaries, notes, docs, reasons, evidence of every spec
    plan = build_plan(atoms)
    files = dict(plan.owned)
    files.update({path: standalone_text(shared) for path, shared in plan.shared.items() if shared.bodies})
    return files


def test_hostile_text_reaches_the_outputs(hostile_plan: dict[str, str]) -> None:
    """The test means something only if the marker lands in many files of every kind."""
    touched = {Path(path).suffix for path, text in hostile_plan.items() if MARK in text}
    assert {".py", ".cpp", ".td", ".mlir"} <= touched, touched


def test_no_forbidden_characters(hostile_plan: dict[str, str]) -> None:
    bad = {path: FORBIDDEN.search(text).group() for path, text in hostile_plan.items() if FORBIDDEN.search(text)}
    assert not bad, bad


def test_python_modules_compile_with_text_only_in_strings(hostile_plan: dict[str, str]) -> None:
    modules = {path: text for path, text in hostile_plan.items() if path.endswith(".py")}
    assert modules
    for path, text in modules.items():
        compile(text, path, "exec")
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if MARK in token.string:
                assert token.type in (tokenize.STRING, tokenize.COMMENT), (path, token)


def test_cpp_and_tablegen_have_no_text_outside_comments_and_strings(hostile_plan: dict[str, str]) -> None:
    sources = {p: t for p, t in hostile_plan.items() if p.endswith((".cpp", ".h", ".td", ".inc"))}
    assert len(sources) > 20
    for path, text in sources.items():
        code = _code_outside_comments_and_strings(text)
        assert MARK not in code, (path, code[max(0, code.find(MARK) - 200) : code.find(MARK) + 50])


def test_lit_tests_keep_their_run_and_check_lines(hostile_plan: dict[str, str]) -> None:
    tests = {p: t for p, t in hostile_plan.items() if p.endswith(".mlir")}
    assert len(tests) > 20
    directives: set[str] = set()
    for path, text in tests.items():
        for line in text.split("\n"):
            if MARK in line:
                assert line.startswith("//") and not DIRECTIVE.search(line), (path, line)
            elif DIRECTIVE.search(line):
                directives.add(line)
    # One instance per spec moved to an XFAIL file (its reason is the hostile text): the
    # directives are the same lines as in generated/, plus the XFAIL marker.
    baseline = {line for path in (REPO / "generated").rglob("*.mlir")
                for line in path.read_text(encoding="utf-8").split("\n") if DIRECTIVE.search(line)}
    assert directives - baseline <= {"// XFAIL: *"}, sorted(directives - baseline)[:5]
    assert baseline - directives == set(), sorted(baseline - directives)[:5]


def test_cmake_has_text_only_in_comments(hostile_plan: dict[str, str]) -> None:
    lists = {path: text for path, text in hostile_plan.items() if path.endswith(".txt")}
    assert lists
    for path, text in lists.items():
        assert all(line.lstrip().startswith("#") for line in text.split("\n") if MARK in line), path


@pytest.mark.parametrize("name", sorted(FILTERS))
def test_each_escaper_is_total_and_keeps_one_line(name: str) -> None:
    """Every filter, on every character class, returns text with no raw line break or NUL
    (py_docstring keeps \\n by design: a docstring is multi-line)."""
    escaped = FILTERS[name](HOSTILE + "".join(chr(c) for c in range(0x20)) + "\x7f\x85")
    breaks = re.compile("[\x00\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029" + ("" if name == "py_docstring" else "\n") + "]")
    assert not breaks.search(escaped), (name, escaped)


def test_escapers_round_trip_through_the_real_parsers() -> None:
    text = HOSTILE + "".join(chr(c) for c in range(0x20))
    assert ast.literal_eval(f'"{py_string(text)}"') == text
    assert ast.literal_eval(f"'{py_string(text)}'") == text
    assert ast.literal_eval(f'"""{py_docstring(text)}"""') == text
    # C++: octal escapes are at most three digits, so a digit after one is not swallowed.
    assert cpp_string("\x00" + "1") == "\\000" + "1"
    assert "\n" not in cpp_comment(text) and not cpp_comment("a\\").endswith("\\")
    assert SPECS.is_dir()


KINDS = {"identifier", "name", "expression", "text"}


@pytest.mark.parametrize("schema_name", ["atom", "backend"])
def test_every_string_field_has_a_kind(schema_name: str) -> None:
    """A string field without a declared kind would reach templates with no known escaping;
    a non-text kind must constrain its characters (pattern or enum) or be parsed (expression)."""
    schema = json.loads((REPO / "schema" / f"{schema_name}.schema.json").read_text(encoding="utf-8"))
    problems: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            types = node.get("type")
            if (types == "string" or (isinstance(types, list) and "string" in types)) and not (
                "enum" in node or "const" in node
            ):
                kind = node.get("x-kind")
                if kind not in KINDS:
                    problems.append(f"{path}: kind {kind!r}")
                elif kind in ("identifier", "name") and "pattern" not in node:
                    problems.append(f"{path}: a {kind} without a pattern")
            for key, value in node.items():
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{path}/{index}")

    walk(schema, "")
    assert not problems, problems
