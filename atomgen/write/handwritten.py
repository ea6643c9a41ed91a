"""Hand-written definitions, in a FlyDSL checkout, of the atoms `gen --into` is about to generate.

A checkout that already defines an atom by hand (FlyDSL's own 13 ROCDL atoms) would end up with
two definitions of it: duplicate TableGen defs, C++ methods defined twice, two binding structs.
`find` lists each such definition with its file and line; `remove` cuts exactly those spans.

Kinds searched, each outside atomgen's own files and regions:
  tablegen  `def X : Base<"TypeName", "mnemonic" ...> { ... }` in the dialect's .td files
  cpp       `... TypeNameType::method(...) ... { ... }` at namespace level in the dialect's .cpp files
  binding   `struct PyTypeNameType ... { ... };` and its `...PyTypeNameType::bind(m);` line
  dsl       top-level `def Name(` / `Name = ...` of a DSL wrapper name the spec generates
  cmake     the source entry of a .cpp file left with no code at all (the file goes too)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_REGION = re.compile(r"^[ \t]*(?://|#) ---- atomgen:begin .*?^[ \t]*(?://|#) ---- atomgen:end [^\n]*\n?", re.M | re.S)


@dataclass(frozen=True, slots=True)
class Definition:
    path: str  # relative to the checkout
    line: int
    kind: str
    name: str
    start: int
    end: int

    def describe(self) -> str:
        return f"{self.path}:{self.line}: {self.kind} {self.name}"


@dataclass
class Wanted:
    """What the atoms about to be generated are called."""

    type_names: set[str] = field(default_factory=set)  # TableGen typeName, e.g. MmaOpCDNA3_MFMA
    mnemonics: set[str] = field(default_factory=set)
    wrappers: set[str] = field(default_factory=set)  # DSL function names


def _blank(text: str, pattern: re.Pattern[str]) -> str:
    """`text` with every match replaced by spaces (newlines kept), so offsets and lines stay."""
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


_C_NOISE = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])\'|^[ \t]*#[^\n]*(?:\\\n[^\n]*)*', re.M | re.S
)
_TD_NOISE = re.compile(r"//[^\n]*|/\*.*?\*/|\[\{.*?\}\]|\"(?:\\.|[^\"\\\n])*\"", re.S)


def _close(code: str, open_at: int) -> int:
    """Offset just past the brace matching the one at `open_at` (in comment-free code)."""
    depth = 0
    for index in range(open_at, len(code)):
        if code[index] == "{":
            depth += 1
        elif code[index] == "}":
            depth -= 1
            if depth == 0:
                return index + 1
    return len(code)


def _line_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to whole lines, with one trailing blank line if there is one."""
    start = text.rfind("\n", 0, start) + 1
    newline = text.find("\n", end)
    end = len(text) if newline < 0 else newline + 1
    if text.startswith("\n", end):
        end += 1
    return start, end


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _tablegen(path: str, text: str, wanted: Wanted) -> list[Definition]:
    code = _blank(text, _TD_NOISE)
    found = []
    for match in re.finditer(r"^def\s+(\w+)\s*:\s*\w+\s*<", code, re.M):
        depth, index = 1, match.end()
        while index < len(code) and depth:
            depth += {"<": 1, ">": -1}.get(code[index], 0)
            index += 1
        strings = re.findall(r'"([^"]*)"', text[match.end() : index])
        if not (set(strings[:2]) & (wanted.type_names | wanted.mnemonics)):
            continue
        after = re.match(r"\s*([;{])", code[index:])
        if after is None:
            continue
        opened = index + after.end() - 1
        end = opened + 1 if after.group(1) == ";" else _close(code, opened)
        start, stop = _line_span(text, match.start(), end)
        found.append(Definition(path, _line(text, match.start()), "TableGen def", match.group(1), start, stop))
    return found


def _namespace_depths(code: str) -> list[int]:
    """Per offset: the number of enclosing braces that are not namespace (or extern "C") braces."""
    depths = [0] * (len(code) + 1)
    stack: list[bool] = []  # True for a namespace brace
    level = 0
    for index, char in enumerate(code):
        if char == "{":
            head = code[max(0, code.rfind(";", 0, index), code.rfind("}", 0, index), code.rfind("{", 0, index)) : index]
            is_namespace = re.search(r"\bnamespace\b[\w:\s]*$|\bextern\s*$", head) is not None
            stack.append(is_namespace)
            if not is_namespace:
                level += 1
        elif char == "}" and stack and not stack.pop():
            level -= 1
        depths[index] = level
    return depths


def _cpp(path: str, text: str, wanted: Wanted) -> list[Definition]:
    code = _blank(text, _C_NOISE)
    classes = "|".join(sorted(re.escape(name + "Type") for name in wanted.type_names))
    if not classes:
        return []
    depths = _namespace_depths(code)
    found = []
    for match in re.finditer(rf"\b({classes})::(~?\w+)\s*\(", code):
        if depths[match.start()] != 0:
            continue
        # A definition: the parameter list closes, then (after const/override/-> T) a body opens.
        depth, index = 0, match.end() - 1
        while index < len(code):
            depth += {"(": 1, ")": -1}.get(code[index], 0)
            index += 1
            if depth == 0:
                break
        tail = re.match(r"[\s\w:<>,&*\->]*?\{", code[index:])
        if tail is None:
            continue
        body = index + tail.end() - 1
        head = max(
            code.rfind(";", 0, match.start()), code.rfind("}", 0, match.start()), code.rfind("{", 0, match.start())
        )
        begin = head + 1 + (len(code[head + 1 : match.start()]) - len(code[head + 1 : match.start()].lstrip()))
        start, stop = _line_span(text, begin, _close(code, body))
        found.append(
            Definition(path, _line(text, begin), "C++ method", f"{match.group(1)}::{match.group(2)}", start, stop)
        )
    return found


def _binding(path: str, text: str, wanted: Wanted) -> list[Definition]:
    code = _blank(text, _C_NOISE)
    found = []
    for name in sorted(wanted.type_names):
        struct = f"Py{name}Type"
        for match in re.finditer(rf"^[ \t]*struct\s+{struct}\b[^;{{]*\{{", code, re.M):
            end = _close(code, match.end() - 1)
            semicolon = code.find(";", end)
            start, stop = _line_span(text, match.start(), semicolon + 1 if semicolon >= 0 else end)
            found.append(Definition(path, _line(text, match.start()), "binding struct", struct, start, stop))
        for match in re.finditer(rf"^[ \t]*[\w:]*\b{struct}::bind\([^)]*\);[ \t]*\n", code, re.M):
            found.append(
                Definition(path, _line(text, match.start()), "binding registration", struct, match.start(), match.end())
            )
    return found


def _dsl(path: str, text: str, wanted: Wanted) -> list[Definition]:
    names = "|".join(sorted(re.escape(name) for name in wanted.wrappers))
    if not names:
        return []
    found = []
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    top = re.compile(rf"^(?:def\s+({names})\s*\(|class\s+({names})\b|({names})\s*=[^=])")
    for number, line in enumerate(lines):
        match = top.match(line)
        if match is None:
            continue
        first = number
        while first > 0 and lines[first - 1].startswith("@"):
            first -= 1
        last = number + 1
        while last < len(lines) and (not lines[last].strip() or lines[last][0] in " \t)]}"):
            last += 1
        while last > number + 1 and not lines[last - 1].strip():
            last -= 1
        end = offsets[last] + (1 if last < len(lines) and not lines[last].strip() else 0)
        name = next(group for group in match.groups() if group)
        found.append(Definition(path, first + 1, "DSL wrapper", name, offsets[first], min(end, len(text))))
    return found


def _outside_regions(text: str, definitions: list[Definition]) -> list[Definition]:
    regions = [(m.start(), m.end()) for m in _REGION.finditer(text)]
    return [d for d in definitions if not any(a <= d.start < b for a, b in regions)]


def find(root: Path, wanted: Wanted, search: dict[str, list[str]], owned: set[str]) -> list[Definition]:
    """Every hand-written definition of a wanted atom under `root`, in file order.

    `search` maps a kind (tablegen, cpp, binding, dsl) to glob patterns relative to `root`; files
    atomgen owns (`owned`) and text inside atomgen's regions are never reported.
    """
    finders = {"tablegen": _tablegen, "cpp": _cpp, "binding": _binding, "dsl": _dsl}
    found: list[Definition] = []
    seen: set[tuple[str, str]] = set()
    for kind, patterns in search.items():
        for pattern in patterns:
            for file in sorted(root.glob(pattern)):
                relative = file.relative_to(root).as_posix()
                if relative in owned or (kind, relative) in seen or not file.is_file() or file.is_symlink():
                    continue
                seen.add((kind, relative))
                try:
                    text = file.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                found.extend(_outside_regions(text, finders[kind](relative, text, wanted)))
    return sorted(found, key=lambda d: (d.path, d.start))


def remove(text: str, definitions: list[Definition]) -> str:
    """`text` without the given spans (of one file); overlapping spans are cut once."""
    result, cursor = [], 0
    for definition in sorted(definitions, key=lambda d: d.start):
        if definition.start < cursor:
            continue
        result.append(text[cursor : definition.start])
        cursor = definition.end
    result.append(text[cursor:])
    return "".join(result)


def nothing_left(path: str, text: str) -> bool:
    """True when a .cpp file holds no code any more: only comments, includes, `using` lines and
    empty namespaces (a file that still has helpers keeps them, and its CMake entry)."""
    if not path.endswith(".cpp"):
        return False
    code = _blank(text, _C_NOISE)
    code = re.sub(r"\busing\b[^;]*;", " ", code)
    previous = None
    while previous != code:
        previous = code
        code = re.sub(r"\bnamespace\b[\w:\s]*\{\s*\}", " ", code)
    return not code.strip()


def cmake_entry(text: str, source: str) -> re.Match[str] | None:
    """The line listing `source` (relative to the CMakeLists.txt's folder) in a source list."""
    return re.search(rf"^[ \t]*{re.escape(source)}[ \t]*\n", text, re.M)
