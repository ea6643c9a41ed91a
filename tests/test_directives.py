"""No text from a spec becomes a directive in any output language (issue 23, point 5).

The way it was found: `ALLOW_RETRIES: 3` in a verify message reached a generated `// VERIFY:`
line, and lit read it. So every free-text field of the schema (walked from
schema/atom.schema.json, never listed by hand: every `x-kind: text` string and every string
whose pattern admits a space, a capital and a colon) is set to hostile payloads (lit keywords
with their colon at the start, middle and end, FileCheck prefixes with every suffix,
`expected-error`, comment closers, quotes, backslashes, newline forms, `${`, `{{`, `[[`,
`<script>`, unicode ...), the specs are rendered, and each output goes through its real consumer:

  * lit test files: lit's own parser (`lit.TestRunner._parseKeywords`, what
    parseIntegratedTestScript runs) finds exactly the directives of the same file rendered from
    plain text, and FileCheck's prefix scan (every --check-prefix of the RUN lines, with -NEXT,
    -SAME, -NOT, -DAG, -LABEL, -EMPTY, -COUNT-n, {LITERAL}, and COM:) finds the same directive
    kinds in the same order; the verbatim literals (filecheck_literal) go through the real
    LLVM FileCheck and the `filecheck` tool, and match the text they stand for;
  * C++: the code outside comments and literals is token for token that of the plain render,
    and every comment line and string literal is compiled by g++ in a small translation unit
    (a comment that swallowed the next line, a literal that ended early, fail it);
  * TableGen: the same for .td, and every `let ... = "..."` string and comment line goes
    through llvm-tblgen where it is installed;
  * Python: every module compiles, its tokens outside strings and comments are those of the
    plain render, and no docstring holds a doctest example;
  * CMake: no spec text reaches a CMakeLists.txt; the CMake escapers run through `cmake -P`;
  * HTML: the catalogue's pages parse (html.parser) to the same tags and attributes as the
    plain ones: no script, no attribute, no element injected.

The loader refuses control characters (AG007) and the schema refuses directives in verbatim
messages (AG101); the payloads are put into the data after loading, so the escaping of
atomgen/render/escape.py is tested on its own, as the last line of defence.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import doctest
import io
import json
import re
import shutil
import subprocess
import sys
import tokenize
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Iterator

import pytest
from conftest import REPO, SPECS
from test_hostile_text import _code_outside_comments_and_strings

from atomgen.check.runner import analyze_model, model_loaded
from atomgen.render import escape
from atomgen.render.plan import build_plan
from atomgen.spec.backend import find_backend_file, load_backend
from atomgen.spec.defects import config_label
from atomgen.spec.loader import load_file, load_text
from atomgen.spec.model import KnownDefect
from atomgen.spec.printing import sample_values
from atomgen.spec.validate import ecma_pattern
from atomgen.spec.verify import PLACEHOLDER
from atomgen.write.output import standalone_text

pytestmark = pytest.mark.xdist_group("directives")  # its module fixtures are built once, in one worker

lit_runner = pytest.importorskip("lit.TestRunner")

LIT_KEYWORDS = ["RUN:", "XFAIL:", "REQUIRES:", "UNSUPPORTED:", "ALLOW_RETRIES:", "END.", "DEFINE:", "REDEFINE:"]
SUFFIXES = ["", "-NEXT", "-SAME", "-NOT", "-DAG", "-LABEL", "-EMPTY", "-COUNT-2", "{LITERAL}", "-NEXT{LITERAL}"]


def _payloads() -> list[str]:
    found: list[str] = []
    for keyword in LIT_KEYWORDS:
        word = keyword.rstrip(":.")
        value = {"ALLOW_RETRIES:": "3", "DEFINE:": "%{x}=echo pwned", "REDEFINE:": "%{x}=rm -rf /",
                 "END.": ""}.get(keyword, "echo pwned")
        found += [f"{keyword} {value}".strip(), f"some text {keyword} {value} more", f"it ends with {keyword}",
                  f"x{word}{keyword[-1]} {value}", f"{word} {keyword[-1]}{keyword}"]
    for prefix in ("CHECK", "REG", "LLVM", "VERIFY"):
        found += [f"{prefix}{suffix}: pwned" for suffix in SUFFIXES]
        found += [f"mid {prefix}-NOT: x", f"end {prefix}:", f"{prefix}_NEXT: misspelled"]
    found += ["COM: CHECK: x", "expected-error {{boom}}", "expected-warning@+1 {{x}}", "x expected-remark {{y}}",
              "// -----", "@@NEXT_FUNC_LINE@@", "*/ /* -->", '"', "'", '"""', "'''", "\\", "a\\", "\\n\\x41",
              "line\nRUN: next", "cr\rRUN: next", "crlf\r\nRUN: next", "ls\u2028RUN: next", "ps\u2029RUN: x",
              "nel\x85RUN: x", "vt\x0bRUN: x", "tab\tRUN: x", "nul\x00RUN: x", "${HOME} $ENV{PATH} @VAR@ ;",
              ") ]] }} ]=] #[[ #", "#error boom", "#include <x>", "<script>alert(1)</script>",
              "<img src=x onerror=alert(2)> \" onmouseover=\"alert(3)", "{{ .* }} [[X:.*]] [[#N]] {{", "}} ]]",
              "unicode \u03b1\u03b2 \u2211 \U0001f642 \u202eevil\u202c \ufeff", ">>> import os",
              ".. raw:: html", "# type: ignore", "NOLINTBEGIN", "clang-format off", "??/ trigraph ??=",
              "%s %{x} %(line)", "`rm -rf /` $(id)", "R\"x(raw)x\""]
    return found


PAYLOADS = _payloads()
SCHEMA = json.loads((REPO / "schema" / "atom.schema.json").read_text(encoding="utf-8"))
SHORTEST = 300  # the smallest maxLength of a free-text field (summary); test_groups_fit holds it


def _groups(limit: int) -> list[list[str]]:
    """The payloads packed into field values (joined by newlines) of at most `limit` characters:
    every (field, payload) pair is then rendered in len(GROUPS) renders."""
    groups: list[list[str]] = [[]]
    for payload in PAYLOADS:
        if groups[-1] and len("\n".join(groups[-1] + [payload])) > limit:
            groups.append([])
        groups[-1].append(payload)
    return groups


GROUPS = _groups(SHORTEST)
PROBE = "A B: c"  # a string field whose pattern admits this is free text for this test
MAX_ROWS = 3

# Specs that together carry every free-text field of the schema (the test fails if one is missed).
SUBJECTS = ["rocdl/gfx1250/tdm.yaml", "rocdl/gfx1250/wmma_scale.yaml", "rocdl/gfx120x/wmma.yaml",
            "nvvm/sm80/mma_sync.yaml", "nvvm/sm100/tcgen05_mma.yaml", "nvvm/sm100/tcgen05_mma_mxf4.yaml",
            "rocdl/cdna3/mfma.yaml",
            "rocdl/cdna3/mfma_ext.yaml", "rocdl/cdna3/buffer_atomic.yaml", "nvvm/sm80/cp_async.yaml"]
# Free-text fields no shipped spec has: added to the data (field -> (spec, where, value)).
ADDED = {
    "#/properties/known_triton_differences/items/properties/configuration": "rocdl/cdna3/mfma.yaml",
    "#/properties/known_triton_differences/items/properties/reason": "rocdl/cdna3/mfma.yaml",
    "#/properties/known_triton_differences/items/properties/evidence": "rocdl/cdna3/mfma.yaml",
    # one wording for every rejected row (gfx120x's table words per shape since it gained 16x16x32)
    "#/properties/verify/properties/wording/properties/table/oneOf/0": "rocdl/cdna3/mfma.yaml",
    # documentation of a wrapper FlyDSL keeps only to raise (rocdl/cdna3/buffer_copy_lds.yaml)
    "#/$defs/wrapper/properties/raises": "rocdl/cdna3/mfma.yaml",
    }
# Verbatim fields: what a consumer must see unchanged (a verify() message, an instruction), so
# check would refuse a payload (AG101) before it got here; the test asserts that too.
VERBATIM_KIND = "name"
# Free text by its pattern, but tied to the intrinsic catalogue by a rule (AG359): no spec that
# check accepts carries a payload there (test_check_refuses_text_in_tied_fields).
TIED = {"#/$defs/instance/properties/instruction"}


# --- the fields, from the schema ---------------------------------------------------------------


def _resolve(node: Any, where: str) -> tuple[Any, str]:
    while "$ref" in node:
        name = node["$ref"].split("/")[-1]
        node, where = SCHEMA["$defs"][name], f"#/$defs/{name}"
    return node, where


def is_free_text(node: Any) -> bool:
    types = node.get("type")
    if not (types == "string" or (isinstance(types, list) and "string" in types)) or "enum" in node or "const" in node:
        return False
    if node.get("x-kind") == "text":
        return True
    pattern = node.get("pattern")
    return node.get("x-kind") != "expression" and pattern is not None and bool(ecma_pattern(pattern).search(PROBE))


def schema_fields() -> set[str]:
    found: set[str] = set()

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if is_free_text(node):
                found.add(where)
            for key, value in node.items():
                walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, f"{where}/{index}")

    walk(SCHEMA, "#")
    return found


def data_fields(data: Any) -> Iterator[tuple[str, tuple[Any, ...]]]:
    """(schema field, path in `data`) of every free-text string in a spec's data."""
    seen: set[tuple[Any, ...]] = set()

    def walk(node: Any, where: str, value: Any, path: tuple[Any, ...]) -> Iterator[tuple[str, tuple[Any, ...]]]:
        node, where = _resolve(node, where)
        branches = node.get("oneOf") or node.get("anyOf")
        if branches:
            for index, branch in enumerate(branches):
                yield from walk(branch, f"{where}/oneOf/{index}", value, path)
            return
        if isinstance(value, str):
            if is_free_text(node) and path not in seen:
                seen.add(path)
                yield where, path
            return
        if isinstance(value, dict):
            for key, item in value.items():
                sub, at = node.get("properties", {}).get(key), f"{where}/properties/{key}"
                if sub is None:
                    sub, at = node.get("additionalProperties"), f"{where}/additionalProperties"
                if isinstance(sub, dict):
                    yield from walk(sub, at, item, path + (key,))
        elif isinstance(value, list) and isinstance(node.get("items"), dict):
            for index, item in enumerate(value):
                yield from walk(node["items"], f"{where}/items", item, path + (index,))

    yield from walk(SCHEMA, "#", data, ())


def _node(field: str) -> Any:
    node: Any = SCHEMA
    for part in field.lstrip("#/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _kind(field: str) -> str:
    return str(_node(field).get("x-kind"))


def _with_text(section: Any, text: str) -> Any:
    """A verify section whose every message and wording ends with `text` (placeholders removed)."""
    text = PLACEHOLDER.sub("", text)

    def more(value: str) -> str:
        return f"{value} {text}" if value else value

    wording = section.wording
    wording = dataclasses.replace(wording, free={k: more(v) for k, v in wording.free.items()}, pin=more(wording.pin),
                                  shape=more(wording.shape), table={k: more(v) for k, v in wording.table.items()})
    constraints = tuple(dataclasses.replace(c, message=more(c.message)) for c in section.constraints)
    return dataclasses.replace(section, wording=wording, constraints=constraints)


def _set(data: Any, path: tuple[Any, ...], value: str) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _add_missing(data: dict[str, Any], name: str) -> None:
    """The fields of ADDED, put into the spec that carries them (plain values; payloads replace them)."""
    if name == "rocdl/cdna3/mfma.yaml":
        data["known_triton_differences"] = [{"configuration": "c", "operand": "c", "reason": "r", "evidence": "e"}]
        verify = data.setdefault("verify", {})
        verify.setdefault("wording", {})["table"] = "unsupported CDNA3 MFMA {m}x{n}x{k}"
        data["python"]["wrappers"][0]["raises"] = "ValueError"


# --- rendering ---------------------------------------------------------------------------------


@dataclasses.dataclass
class Subject:
    name: str
    loaded: Any
    backend: Any
    fields: list[tuple[str, tuple[Any, ...]]]


@pytest.fixture(scope="module")
def subjects() -> list[Subject]:
    found = []
    for name in SUBJECTS:
        path = SPECS / name
        loaded = load_file(path, str(path.relative_to(REPO)))
        data = copy.deepcopy(loaded.data)
        rows = data.get("instances") or []
        sampled = dict(data, instances=rows[:: max(1, len(rows) // MAX_ROWS)][:MAX_ROWS])
        modeled = model_loaded(dataclasses.replace(loaded, data=sampled))
        if modeled.spec is not None and not [d for d in analyze_model(modeled, path, prove=False).diagnostics
                                             if d.severity == "error"]:
            data = sampled  # a sample of the rows, where it still checks clean
        _add_missing(data, name)
        backend_file = find_backend_file(path, str(data["backend"]))
        assert backend_file is not None
        backend, _ = load_backend(backend_file, str(backend_file.relative_to(REPO)))
        loaded = dataclasses.replace(loaded, data=data)
        found.append(Subject(name, loaded, backend, list(data_fields(data))))
    return found


def _render(subjects: list[Subject], value_of: Any) -> dict[str, str]:
    """The generated files, every free-text field set to `value_of(field, occurrence)`."""
    atoms = []
    for subject in subjects:
        data = copy.deepcopy(subject.loaded.data)
        for occurrence, (field, path) in enumerate(subject.fields):
            if field in TIED:
                continue
            value = value_of(field, occurrence)
            if _kind(field) == VERBATIM_KIND:  # what the schema admits there; the rest below
                pattern = ecma_pattern(_node(field)["pattern"])
                pieces = [PLACEHOLDER.sub("", p) for p in value.split("\n")]
                value = " ".join(p for p in pieces if pattern.search(p)) or "plain"
            _set(data, path, value)
        modeled = model_loaded(dataclasses.replace(subject.loaded, data=data))
        assert modeled.spec is not None, [d.format() for d in modeled.diagnostics]
        result = analyze_model(modeled, SPECS / subject.name, prove=False)
        errors = [d.format() for d in result.diagnostics if d.severity == "error"]
        assert not errors, (subject.name, errors)
        # The verify messages with every payload, also those the schema refuses (after check).
        spec = dataclasses.replace(modeled.spec, verify_section=_with_text(modeled.spec.verify_section,
                                                                           value_of("verify", 0)))
        # A declared FlyDSL defect's reason reaches the lit tests only when it matches an
        # instance: one that matches the first instance files it as an expected failure.
        first = config_label(spec, sample_values(spec, spec.instances[0]))
        defect = KnownDefect(first, value_of("defect", 0), kind="lowering")
        spec = dataclasses.replace(spec, known_flydsl_defects=(*spec.known_flydsl_defects, defect))
        backend = dataclasses.replace(subject.backend, summary=value_of("backend", 0))
        assert result.analysis is not None
        atoms.append(dataclasses.replace(result.analysis, spec=spec, backend=backend))
    plan = build_plan(atoms)
    files = dict(plan.owned)
    files.update({path: standalone_text(shared) for path, shared in plan.shared.items() if shared.bodies})
    return files


def _plain(field: str, occurrence: int) -> str:
    return "plain text"


@pytest.fixture(scope="module")
def renders(subjects: list[Subject]) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The plain render, and one render per payload group rotation: the field occurrence j of
    render r holds group (r + j) mod G, so every occurrence of every field sees every payload."""
    plain = _render(subjects, _plain)
    hostile = []
    for shift in range(len(GROUPS)):
        def value_of(field: str, occurrence: int, shift: int = shift) -> str:
            return "\n".join(GROUPS[(shift + occurrence + len(field)) % len(GROUPS)])
        hostile.append(_render(subjects, value_of))
    return plain, hostile


def test_groups_fit_every_free_text_field() -> None:
    lengths = [_node(f).get("maxLength") for f in schema_fields() - TIED]
    assert min(n for n in lengths if n is not None) == SHORTEST
    assert sorted(p for group in GROUPS for p in group) == sorted(PAYLOADS)


def test_every_free_text_field_is_covered(subjects: list[Subject]) -> None:
    """The subjects (and ADDED) carry every free-text field the schema has; a new one fails here."""
    carried = {field for subject in subjects for field, _ in subject.fields}
    assert schema_fields() - carried == set(), sorted(schema_fields() - carried)
    assert set(ADDED) <= carried
    assert len(carried) >= 25, len(carried)


# --- lit and FileCheck -------------------------------------------------------------------------


def _lit_directives(text: str, tmp: Path) -> list[tuple[str, str]]:
    """What lit's own parser reads in a test file: (keyword, value) in order."""
    path = tmp / "t.mlir"
    path.write_bytes(text.encode("utf-8"))
    parsed = lit_runner._parseKeywords(str(path), require_script=False)
    out: list[tuple[str, str]] = []
    for keyword, value in sorted(parsed.items(), key=lambda item: item[0]):
        for item in value or []:
            out.append((keyword, str(getattr(item, "command", None) or vars(item) if hasattr(item, "__dict__")
                                     else item)))
    return out


def _check_prefixes(text: str) -> list[str]:
    prefixes: list[str] = []
    for line in text.split("\n"):
        if "RUN:" in line and "FileCheck" in line:
            match = re.search(r"--check-prefix(?:es)?=(\S+)", line)
            prefixes += match.group(1).split(",") if match else ["CHECK"]
    return sorted(set(prefixes))


def _filecheck_directives(text: str, prefixes: list[str]) -> list[str]:
    """FileCheck's scan of a check file: per line, the first prefix (check or comment prefix) not
    preceded by a word character and followed by a directive suffix and `:` is a directive, and
    takes the rest of the line. The kinds found, in order."""
    names = sorted(set(prefixes) | {"COM", "RUN"}, key=len, reverse=True)
    start = re.compile("(?<![A-Za-z0-9_-])(" + "|".join(names) + ")")
    suffix = re.compile(r"(-(?:NEXT|SAME|NOT|DAG|LABEL|EMPTY|COUNT-[0-9]+))?(\{LITERAL\})?:")
    found = []
    for line in text.split("\n"):
        for match in start.finditer(line):
            rest = suffix.match(line, match.end())
            if rest:
                found.append(match.group(1) + (rest.group(1) or "") + (rest.group(2) or ""))
                break
    return found


def test_lit_and_filecheck_read_only_the_generated_directives(renders: Any, tmp_path: Path) -> None:
    plain, hostile = renders
    tests = sorted(p for p in plain if p.endswith(".mlir"))
    assert len(tests) >= 10
    compared = 0
    for files in hostile:
        assert sorted(p for p in files if p.endswith(".mlir")) == tests
        for path in tests:
            want = _lit_directives(plain[path], tmp_path)
            assert _lit_directives(files[path], tmp_path) == want, path
            prefixes = _check_prefixes(plain[path])
            assert _filecheck_directives(files[path], prefixes) == _filecheck_directives(plain[path], prefixes), path
            compared += 1
    assert compared == len(tests) * len(GROUPS)


def test_the_payloads_reach_the_lit_tests(renders: Any) -> None:
    """The test means something only if hostile text lands in the lit files, in comments and in
    verbatim CHECK lines (the verify messages)."""
    _, hostile = renders
    text = "\n".join(t for files in hostile for p, t in files.items() if p.endswith(".mlir"))
    assert "ALLOW_RETRIES :" in text and "xRUN :" in text and "END ." in text and "expected -error" in text
    assert re.search(r"// VERIFY: .*ALLOW_RETRIES\{\{:\}\}", text)


def _filecheck_tools() -> list[list[str]]:
    tools = []
    for name in ("/usr/lib/llvm-14/bin/FileCheck", shutil.which("FileCheck")):
        if name and Path(name).exists():
            tools.append([name])
            break
    pip_tool = Path(sys.executable).parent / "filecheck"
    if pip_tool.exists():
        tools.append([str(pip_tool)])
    return tools


@pytest.mark.parametrize("prefix", ["CHECK", "VERIFY"])
def test_filecheck_literals_match_verbatim_and_read_as_no_directive(prefix: str, tmp_path: Path) -> None:
    """A verbatim message in a CHECK line: the real FileCheck (and the `filecheck` tool the lit
    config uses) match it against the text it stands for, and lit reads no directive in it."""
    tools = _filecheck_tools()
    if not tools:
        pytest.skip("no FileCheck installed")
    texts = [escape._one_line(p) for p in PAYLOADS]
    checks = tmp_path / "checks.mlir"
    checks.write_text(f"// {prefix}: start\n" + "".join(
        f"// {prefix}-NEXT: error: {escape.filecheck_literal(p)} END_OF_LINE\n" for p in PAYLOADS), encoding="utf-8")
    assert _lit_directives(checks.read_text(encoding="utf-8"), tmp_path) == []
    assert set(_filecheck_directives(checks.read_text(encoding="utf-8"), [prefix])) == {prefix, f"{prefix}-NEXT"}
    good = "start\n" + "".join(f"error: {t} END_OF_LINE\n" for t in texts)
    for tool in tools:
        flags = ["--check-prefix", prefix, "--match-full-lines"]
        ran = subprocess.run([*tool, str(checks), *flags], input=good, capture_output=True, text=True)
        assert ran.returncode == 0, (tool, ran.stdout[-2000:], ran.stderr[-2000:])
        bad = good.replace("ALLOW_RETRIES: 3", "ALLOW_RETRIES; 3", 1)
        assert subprocess.run([*tool, str(checks), *flags], input=bad, capture_output=True, text=True).returncode, tool


# --- C++, TableGen -----------------------------------------------------------------------------


def _code(text: str) -> list[str]:
    return _code_outside_comments_and_strings(text).split()


def _pieces(text: str) -> Iterator[tuple[str, str]]:
    """('comment', body) of every // comment line and ('string', literal) of every "..." literal."""
    index = 0
    while index < len(text):
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = len(text) if end < 0 else end
            yield "comment", text[index:end]
            index = end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            index = len(text) if end < 0 else end + 2
        elif text.startswith('R"', index) and not (text[index - 1].isalnum() or text[index - 1] == "_"):
            index = text.find(")" + text[index + 2 : text.find("(", index)] + '"', index) + 1
        elif text[index] == '"' or (text[index] == "'" and not text[index - 1].isalnum()):
            quote, start = text[index], index
            index += 1
            while index < len(text) and text[index] != quote:
                index += 2 if text[index] == "\\" else 1
            index += 1
            if quote == '"':
                yield "string", text[start:index]
        else:
            index += 1


def test_cpp_and_tablegen_code_is_the_plain_code(renders: Any) -> None:
    plain, hostile = renders
    sources = [p for p in plain if p.endswith((".cpp", ".h", ".inc", ".td", ".cu"))]
    assert len(sources) >= 10
    for files in hostile:
        for path in sources:
            assert _code(files[path]) == _code(plain[path]), path


def test_cpp_comments_and_literals_compile(renders: Any, tmp_path: Path) -> None:
    """Every comment line and string literal of the hostile C++ in one translation unit: a line
    after each comment and a use of every literal, so a splice, an early end or a trigraph shows."""
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no C++ compiler")
    _, hostile = renders
    comments: set[str] = set()
    strings: set[str] = set()
    for files in hostile:
        for path, text in files.items():
            if path.endswith((".cpp", ".h", ".inc")):
                for kind, piece in _pieces(text):
                    (comments if kind == "comment" else strings).add(piece)
    strings |= {f'"{escape.cpp_string(p)}"' for p in PAYLOADS}
    comments |= {f"// {escape.cpp_comment(p)}" for p in PAYLOADS}
    lines = ["#include <cstdio>", "#include <cstring>", "unsigned long total = 0;"]
    for number, comment in enumerate(sorted(comments)):
        lines += [comment, f"int line_after_comment_{number} = {number};"]
    for number, literal in enumerate(sorted(strings)):
        lines.append(f"static const char s{number}[] = {literal};")
    lines.append("int main() {")
    lines += [f"  total += line_after_comment_{n};" for n in range(len(comments))]
    lines += [f"  std::puts(s{n});" for n in range(len(strings))]
    lines.append("  return 0;\n}")
    source = tmp_path / "pieces.cpp"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for std in ("-std=c++17", "-std=c++14"):  # C++14 with trigraphs on (-trigraphs): no ??/ splices
        flags = [std, "-fsyntax-only", "-Wall", "-Werror=comment"] + (["-trigraphs", "-Werror=trigraphs"]
                                                                       if std == "-std=c++14" else [])
        ran = subprocess.run([compiler, *flags, str(source)], capture_output=True, text=True)
        assert ran.returncode == 0, ran.stderr[-3000:]
    assert len(comments) > 50 and len(strings) > 50
    # The literals mean what the spec said: compiled and run, cpp_string gives the payload back.
    program = tmp_path / "round.cpp"
    program.write_text("#include <cstdio>\nint main() {\n" + "".join(
        f'  {{ static const char s[] = "{escape.cpp_string(p)}"; std::fwrite(s, 1, sizeof s - 1, stdout); }}'
        '  std::fputs("\\x01", stdout);\n' for p in PAYLOADS) + "}\n", encoding="utf-8")
    binary = tmp_path / "round"
    subprocess.run([compiler, "-std=c++17", "-o", str(binary), str(program)], check=True)
    printed = subprocess.run([str(binary)], capture_output=True, check=True).stdout.decode("utf-8")
    assert printed.split("\x01")[:-1] == PAYLOADS


def test_tablegen_strings_and_comments_parse(renders: Any, tmp_path: Path) -> None:
    tblgen = shutil.which("llvm-tblgen") or next(iter(sorted(Path("/usr/lib").glob("llvm-*/bin/llvm-tblgen"))), None)
    if tblgen is None:
        pytest.skip("llvm-tblgen is not installed: TableGen escaping is tested by construction only")
    _, hostile = renders
    lets: set[str] = set()
    comments: set[str] = set()
    for files in hostile:
        for path, text in files.items():
            if path.endswith(".td"):
                for line in text.split("\n"):
                    if re.match(r'\s*let \w+ = ".*";$', line):
                        lets.add(line.strip())
                    elif line.lstrip().startswith("//"):
                        comments.add(line)
    lets |= {f'let summary = "{escape.tablegen_string(p)}";' for p in PAYLOADS}
    names = sorted({re.match(r"let (\w+)", let).group(1) for let in lets} | {"summary"})  # type: ignore[union-attr]
    body = ["class Atom { " + " ".join(f'string {name} = "";' for name in names) + " }"]
    for number, comment in enumerate(sorted(comments)):
        body += [comment, f"def comment_{number} : Atom;"]
    for number, let in enumerate(sorted(lets)):
        body.append(f"def let_{number} : Atom {{ {let} }}")
    source = tmp_path / "pieces.td"
    source.write_text("\n".join(body) + "\n", encoding="utf-8")
    ran = subprocess.run([str(tblgen), "--print-records", str(source)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-3000:]
    defs = re.findall(r"^def (\w+) \{", ran.stdout, re.M)
    assert len(defs) == len(comments) + len(lets) and len(lets) > 20
    # TableGen reads back exactly the one-line text (mlir-tblgen copies it into /// comments).
    for line in ran.stdout.split("\n"):
        if "string summary" in line:
            assert not line.rstrip().rstrip(";").rstrip('"').endswith("\\\\"), line


# --- Python ------------------------------------------------------------------------------------


def _python_tokens(text: str) -> list[tuple[int, str]]:
    return [(t.type, t.string) for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type not in (tokenize.STRING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)]


def _comments(text: str) -> list[str]:
    """Comment tokens, less the region markers (they carry a hash of the region's text)."""
    return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type == tokenize.COMMENT and not t.string.startswith("# ---- atomgen:")]


def test_python_compiles_to_the_plain_tokens_without_doctests(renders: Any) -> None:
    plain, hostile = renders
    modules = [p for p in plain if p.endswith(".py")]
    assert modules
    parser = doctest.DocTestParser()
    docstrings = 0
    for files in hostile:
        for path in modules:
            tree = compile(files[path], path, "exec", ast.PyCF_ONLY_AST)
            assert _python_tokens(files[path]) == _python_tokens(plain[path]), path
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    doc = ast.get_docstring(node, clean=False)
                    if doc:
                        docstrings += 1
                        assert parser.get_examples(doc) == [], (path, doc[:200])
                        assert not re.search(r"^\s*\.\. [\w:+-]+::", doc, re.M), (path, doc[:200])
            assert _comments(files[path]) == _comments(plain[path]), path  # no spec text in a Python comment
    assert docstrings > 0


def test_python_escapers_round_trip_and_break_tool_comments() -> None:
    assert PAYLOADS
    for payload in PAYLOADS:
        assert ast.literal_eval(f'"{escape.py_string(payload)}"') == payload
        doc = ast.literal_eval(f'"""{escape.py_docstring(payload)}"""')
        assert doctest.DocTestParser().get_examples(doc) == []
        comment = "# " + escape.py_comment(payload)
        tokens = list(tokenize.generate_tokens(io.StringIO(f"x = 1  {comment}\n").readline))
        assert [t.type for t in tokens[:4]] == [tokenize.NAME, tokenize.OP, tokenize.NUMBER, tokenize.COMMENT]
        assert not re.search(r"#\s*(type|fmt|pragma|ruff|mypy|isort|pylint)[:=]|coding[:=]|noqa", comment, re.I)


# --- CMake -------------------------------------------------------------------------------------


def test_no_spec_text_reaches_cmake(renders: Any) -> None:
    plain, hostile = renders
    lists = [p for p in plain if p.endswith(".txt") or p.endswith(".cmake")]
    assert lists and hostile
    for files in hostile:
        for path in lists:
            assert files[path] == plain[path], path


def test_cmake_escapers_through_cmake(tmp_path: Path) -> None:
    cmake = Path(sys.executable).parent / "cmake"
    tool = str(cmake) if cmake.exists() else shutil.which("cmake")
    if tool is None:
        pytest.skip("cmake is not installed")
    lines = []
    for number, payload in enumerate(PAYLOADS):
        lines += [f"# {escape.cmake_comment(payload)}", f"set(after_comment_{number} 1)",
                  f"#{escape.cmake_comment(payload)}", f"set(after_bare_{number} 1)",
                  f'file(APPEND "${{OUT}}" "{escape.cmake_string(payload)}\\n")']
    lines.append("set(all)")
    lines += [f'string(APPEND all "${{after_comment_{n}}}${{after_bare_{n}}}")' for n in range(len(PAYLOADS))]
    lines.append('file(APPEND "${OUT}" "${all}\\n")')
    script = tmp_path / "escape.cmake"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    ran = subprocess.run([tool, f"-DOUT={out}", "-P", str(script)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-3000:]
    written = out.read_text(encoding="utf-8").split("\n")
    # cmake_string keeps a `;` as `\\;` (one list element wherever the value goes)
    assert written[: len(PAYLOADS)] == [escape._one_line(p).replace(";", "\\;") for p in PAYLOADS]
    assert written[len(PAYLOADS)] == "11" * len(PAYLOADS)


# --- HTML --------------------------------------------------------------------------------------


class _Structure(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, tuple[str, ...]]] = []
        self.scripts: list[str] = []
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, tuple(sorted(name for name, _ in attrs))))
        self.urls += [value or "" for name, value in attrs if name in ("href", "src")]

    def handle_data(self, data: str) -> None:
        if self.lasttag == "script":
            self.scripts.append(data)


def _structure(text: str) -> _Structure:
    parser = _Structure()
    parser.feed(text)
    parser.close()
    return parser


def test_catalogue_pages_keep_their_structure(subjects: list[Subject]) -> None:
    from atomgen.site.command import build_site
    from atomgen.site.pages import atom_page, index_page

    files = [(SPECS / s.name, str((SPECS / s.name).relative_to(REPO))) for s in subjects[:4]]
    site, problems = build_site(files, REPO / "docs")
    assert not problems
    reports = site["_reports"]
    pages = site["_pages"]
    checked = 0
    for group in GROUPS:
        text = "\n".join(group)
        hostile = []
        for page, subject in zip(pages, subjects):
            data = copy.deepcopy(subject.loaded.data)
            for field, path in subject.fields:
                _set(data, path, text if _kind(field) == "text" else "plain")
            modeled = model_loaded(dataclasses.replace(subject.loaded, data=data))
            assert modeled.spec is not None
            rows = [dict(row, instruction=text) for row in page.rows]
            hostile.append(dataclasses.replace(page, spec=modeled.spec, source=page.source + text, rows=rows))
        for plain_page, page in zip(pages, hostile):
            want, got = _structure(atom_page(plain_page, reports)), _structure(atom_page(page, reports))
            assert got.tags == want.tags and got.scripts == want.scripts and got.urls == want.urls, page.page
            checked += 1
        want, got = _structure(index_page(pages, reports, "")), _structure(index_page(hostile, reports, ""))
        assert got.tags == want.tags and got.scripts == want.scripts
    assert checked == len(pages) * len(GROUPS)


# --- what check refuses ------------------------------------------------------------------------


@pytest.mark.parametrize("keyword", LIT_KEYWORDS + ["CHECK-DAG:", "VERIFY{LITERAL}:", "expected-error", "@@"])
def test_check_refuses_directives_in_verbatim_messages(keyword: str) -> None:
    """A verify() message must reach the C++ and its VERIFY line verbatim: one with a lit keyword
    or a directive of a prefix in use is refused by the schema, with AG101 at the message's line."""
    path = SPECS / "rocdl" / "gfx1250" / "tdm.yaml"
    text = path.read_text(encoding="utf-8")
    original = "message: \"padInterval and padAmount must both be zero or both non-zero\"}"
    line = text[: text.index(original)].count("\n") + 1
    hostile = text.replace(original, f"message: \"padInterval and {keyword} padAmount\"}}", 1)
    loaded = load_text(hostile, str(path.relative_to(REPO)))
    from atomgen.pipeline import analyse_loaded

    backend_file = find_backend_file(path, "rocdl")
    assert backend_file is not None
    _, problems = analyse_loaded(loaded, load_backend(backend_file, str(backend_file))[0])
    errors = [(d.rule, d.position.line) for d in problems if d.severity == "error"]
    assert errors == [("AG101", line)], [d.format() for d in problems]


def test_verbatim_fields_are_the_message_fields() -> None:
    """The fields of kind `name` that admit free text are exactly the verify messages, the TDM
    `unencodable` message and the PTX instruction; each has the pattern that refuses directives
    (the instruction's own pattern admits no space before a colon-word that lit reads: it reaches
    CHECK lines only through filecheck_literal)."""
    names = sorted(f for f in schema_fields() if _kind(f) == VERBATIM_KIND)
    assert [n.rsplit("/properties/", 1)[-1] for n in names] == [
        "unencodable", "instruction", "message", "free/additionalProperties", "pin", "shape", "table/oneOf/0",
        "table/oneOf/1/additionalProperties"]
    for field in names:
        node: Any = SCHEMA
        for part in field.lstrip("#/").split("/"):
            node = node[int(part)] if isinstance(node, list) else node[part]
        if not field.endswith("/instruction"):
            for keyword in LIT_KEYWORDS + ["CHECK:", "REG-NEXT:", "COM:", "expected-error"]:
                assert not ecma_pattern(node["pattern"]).search(f"a {keyword} b"), (field, keyword)
