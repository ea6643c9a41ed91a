"""One escaping per output language, for spec text pasted into generated files.

Identifiers and names reach templates already validated (whole-string patterns, enum cases,
known types); free text (summaries, notes, docs, reasons) is the only spec text that can hold
quotes, comment closers or newlines, and it passes through exactly one of these functions on
its way into a file. The loader refuses control characters in specs (AG007), but these
functions do not rely on that: each one is total over every string, so a check that misses a
character cannot turn into code.

Each function returns text that stays inside its construct: a comment stays one comment line
(`cpp_comment`), a literal stays one literal (`cpp_string`), a docstring never closes early.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Optional

# Every character some tool treats as a line end: \n \r \v \f, the C0 separators, NEL and the
# Unicode line/paragraph separators (str.splitlines splits on all of them).
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LINE_BREAK = re.compile("\r\n|[" + LINE_BREAKS + "]")
# Other controls (C0, DEL, C1) and the bidirectional overrides ("trojan source").
_CONTROL = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def _visible(char: str) -> str:
    """A control character spelled out, readable in any output and free of backslashes."""
    return f"<U+{ord(char):04X}>"


def _one_line(value: object) -> str:
    """Free text as a single line: line breaks become spaces, other controls are spelled out."""
    text = _LINE_BREAK.sub(" ", str(value))
    text = text.replace("\t", " ")
    return _CONTROL.sub(lambda match: _visible(match.group()), text)


# --- C++ -----------------------------------------------------------------------------------


def cpp_comment(value: object) -> str:
    """The body of one `//` comment line.

    A backslash at the end of a line would splice the next source line into the comment
    (and clang-format may reflow a comment so that one lands there), so backslashes are
    spelled `\\x5c`: the character after a backslash is then never a space or a line end.
    The comments C++ tools obey (`NOLINT...` for clang-tidy, `clang-format off|on`, `IWYU
    pragma:`) get a space inside their keyword (`NO LINT`, `clang -format`, `IWYU pragma :`).
    """
    return _CPP_TOOL.sub(" ", _one_line(value).replace("\\", "\\x5c"))


# zero-width: where the space goes
_CPP_TOOL = re.compile(r"(?<=NO)(?=LINT)|(?<=clang)(?=-format)|(?<=IWYU pragma)(?=:)", re.IGNORECASE)


def _cpp_escape(char: str) -> str:
    named = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if char in named:
        return named[char]
    if ord(char) < 0x80:
        return f"\\{ord(char):03o}"  # octal escapes stop after three digits; \x would run on
    return f"\\u{ord(char):04x}"


_CPP_SPECIAL = re.compile("[\\\\\"\x00-\x1f\x7f" + LINE_BREAKS[4:] + "\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def cpp_string(value: object) -> str:
    """The body of a C++ string literal `"..."` (also a valid C string). A `?` before another
    is written `\\?`, so no trigraph (`??/` is a backslash before C++17) can form."""
    text = _CPP_SPECIAL.sub(lambda match: _cpp_escape(match.group()), str(value))
    return text.replace("??", "?\\?").replace("??", "?\\?")


# --- TableGen --------------------------------------------------------------------------------


def tablegen_string(value: object) -> str:
    """The body of a TableGen string `"..."`.

    TableGen knows only \\\\ \\" \\' \\t \\n, and mlir-tblgen copies a `summary` into C++
    comments and docs, where an escaped newline would end the comment: so one line, with
    only backslash and quote escaped. A backslash that ends the text would end mlir-tblgen's
    `/// summary` comment with a line splice (it trims the summary first), so that one is
    spelled `<U+005C>`.
    """
    text = re.sub(r"\\(\s*)$", lambda match: _visible("\\") + match.group(1), _one_line(value))
    return text.replace("\\", "\\\\").replace('"', '\\"')


# --- Python ----------------------------------------------------------------------------------


def _py_escape(char: str) -> str:
    named = {"\\": "\\\\", '"': '\\"', "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if char in named:
        return named[char]
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


_BIDI = "\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff"
_PY_SPECIAL = re.compile("[\\\\\"'\x00-\x1f\x7f-\x9f" + LINE_BREAKS[4:] + _BIDI + "]")


def py_string(value: object) -> str:
    """The body of a Python string literal in single or double quotes."""
    return _PY_SPECIAL.sub(lambda match: _py_escape(match.group()), str(value))


def py_docstring(value: object) -> str:
    """Text inside a `\"\"\"...\"\"\"` docstring: newlines stay; backslashes and controls
    become escapes; a quote is escaped when another quote or the end follows, so no run of
    quotes can close the docstring early. What tools read in a docstring's value (doctest's
    `>>>`, a reST directive `.. name::`) gets a space inside (`>> >`, `. . name::`)."""
    def escape(match: Any) -> str:
        return match.group() if match.group() in "\"'" else _py_escape(match.group())

    lines = [_PY_SPECIAL.sub(escape, line) for line in str(value).split("\n")]
    text = _PY_DOC_TOOL.sub(" ", "\n".join(lines))
    return re.sub(r'"(?="|\Z)', r'\\"', text)


_PY_DOC_TOOL = re.compile(r"(?<=>>)(?=>)|(?<=\.)(?=\.\s+[\w:+-]+::)")


def py_comment(value: object) -> str:
    """The body of one `#` comment line: a `word:` or `word=` gets a space before the sign, and
    `noqa` one inside, so no `# type: ignore`, `# noqa`, `# fmt: off`, `# pragma: no cover` or
    `-*- coding: ... -*-` reaches a tool."""
    return re.sub(r"(?<=\w)(?=[:=])|(?<=no)(?=qa)", " ", _one_line(value), flags=re.IGNORECASE)


# --- MLIR tests and FileCheck ----------------------------------------------------------------

# The words lit reads in a test file (lit/TestRunner.py, parseIntegratedTestScript). lit finds
# them with one regex over the whole file, as substrings anywhere in a line (`xRUN:` is a RUN
# line), and the first one on a line takes the rest of it.
LIT_KEYWORDS = ("RUN:", "XFAIL:", "REQUIRES:", "UNSUPPORTED:", "ALLOW_RETRIES:", "END.", "DEFINE:", "REDEFINE:")
# FileCheck reads `PREFIX:`, `PREFIX-NEXT:` ... `PREFIX-COUNT-n:`, `PREFIX{LITERAL}:` for every
# prefix of a RUN line (CHECK, REG, LLVM, VERIFY here; COM: and RUN: are its comment prefixes),
# and mlir-opt -verify-diagnostics reads `expected-error {{...}}`. So every run of capitals,
# digits, `_` and `-` directly before a colon counts as a directive, whatever precedes it: that
# covers every keyword and prefix above, future ones too, with no list to keep in sync.
# `// -----` splits an --split-input-file test, and `@@...@@` is atomgen's own placeholder
# (atomgen/render/tests/mlir.py NEXT_FUNC), resolved after the text is placed.
# In a CHECK line also `COM` and `RUN` themselves: the `filecheck` tool (the lit config's
# default FileCheck) drops every line where a comment prefix is followed, anywhere, by a check
# prefix (`// CHECK: RUN out of REGisters` is no check line for --check-prefix=REG).
#
# The spots are those of the regex, leftmost first, never overlapping,
#     [A-Z][A-Z0-9_-]*(\{LITERAL\})?:  |  END\.  |  expected-(?=error|note|remark|warning)  |  -----  |  @@
# with `CO(M)` and `RU(N)` tried first in a CHECK pattern. A regex engine tries the first
# alternative at every capital of a run and reads to the run's end each time: quadratic in a run
# that no colon ends (16k capitals in a verify message made `gen` take a minute, 60k over
# six). `_spots` finds the same spots reading each run once: a later start inside a run that
# failed ends at the same place, so it fails too, and only the fixed-length spots are looked for
# there (`END.`, `-----`, and `COM`, `RUN` in a pattern), by a search that reads each character once.
_WORD_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_RUN = re.compile(r"[A-Z0-9_-]*")
_START = re.compile(r"[A-Z@-]|expected-")  # where a spot can begin
_INSIDE = re.compile(r"END\.|-----")  # spots that can begin inside a run that failed
_INSIDE_PATTERN = re.compile(r"COM|RUN|END\.|-----")
_EXPECTED = ("error", "note", "remark", "warning")


def _run_end(text: str, start: int) -> int:
    """Where the run of [A-Z0-9_-] from `start` ends: the only place the scanner reads a run."""
    match = _RUN.match(text, start)
    assert match is not None  # `*` matches the empty run
    return match.end()


def _spots(text: str, in_pattern: bool) -> Iterator[tuple[int, str, str]]:
    """(start, before, char) of each directive-like spot, leftmost first, not overlapping:
    `text[start:]` begins with `before + char`, and `char` is what makes it a directive."""
    inside = (_INSIDE_PATTERN if in_pattern else _INSIDE).search
    position, failed = 0, -1  # no word that starts before `failed` ends in a colon
    while True:
        hit = inside(text, position, failed + 1) if position < failed else _START.search(text, position)
        if hit is None:
            if position >= failed:
                return
            position = failed  # nothing more in the failed run: go on after it
            continue
        position = hit.start()
        found: Optional[tuple[str, str]] = None
        if in_pattern and text.startswith(("COM", "RUN"), position):
            found = (text[position:position + 2], text[position + 2])
        elif position >= failed and text[position] in _WORD_START:
            run = _run_end(text, position)
            if text.startswith(":", run):
                found = (text[position:run], ":")
            elif text.startswith("{LITERAL}:", run):
                found = (text[position:run] + "{LITERAL}", ":")
            else:
                failed = run
        if found is None:
            if text.startswith("END.", position):
                found = ("END", ".")
            elif text.startswith("expected-", position) and text.startswith(_EXPECTED, position + 9):
                found = ("expected", "-")
            elif text.startswith("-----", position):
                found = ("----", "-")
            elif text.startswith("@@", position):
                found = ("@", "@")
        if found is None:
            position += 1
            continue
        yield position, found[0], found[1]
        position += len(found[0]) + 1


def _break_directives(text: str, broken: Callable[[str, str], str], in_pattern: bool = False) -> str:
    """`text` with each directive-like spot rewritten by `broken(before, char)`, where `char` is
    the one character (`:`, `.`, `-`, `@`; `M`, `N` in a pattern) that makes it a directive."""
    out: list[str] = []
    cursor = 0
    for start, before, char in _spots(text, in_pattern):
        out += (text[cursor:start], broken(before, char))
        cursor = start + len(before) + 1
    out.append(text[cursor:])
    return "".join(out)


def mlir_comment(value: object) -> str:
    """The body of one `//` comment line in a lit test: one line, and nothing that lit, FileCheck
    or mlir-opt reads there. A space goes in before the character that makes a directive
    (`RUN :`, `ALLOW_RETRIES : 3`, `CHECK-NEXT :`, `END .`, `expected -error`, `---- -`, `@ @`):
    the words stay readable, and no keyword is whole any more."""
    return _break_directives(cpp_comment(value), lambda before, char: f"{before} {char}")


def filecheck_literal(value: object) -> str:
    """Text matched literally in a CHECK pattern, also when it must match verbatim (a verify()
    message): `{{` and `[[` would open a regex or a variable, so they are matched as a regex;
    the character that makes a lit keyword or a directive is matched by a one-character regex
    (`ALLOW_RETRIES{{:}} 3`, `END{{[.]}}`, `RU{{N}}`), which FileCheck reads as the same text
    and lit not at all."""
    text = _one_line(value)
    out: list[str] = []
    cursor = 0
    for match in re.finditer(r"\{\{|\[\[", text):
        out.append(_break_directives(text[cursor:match.start()], _regex_char, True))
        out.append("{{" + re.escape(match.group()) + "}}")
        cursor = match.end()
    out.append(_break_directives(text[cursor:], _regex_char, True))
    return "".join(out)


def _regex_char(before: str, char: str) -> str:
    return before + "{{" + ("[.]" if char == "." else char) + "}}"


# --- CMake -----------------------------------------------------------------------------------


def cmake_comment(value: object) -> str:
    """The body of one `# ` line comment (never `#[[`, which would open a bracket comment)."""
    text = _one_line(value)
    return text.replace("[[", "[ [") if text.startswith("[") else text


def cmake_string(value: object) -> str:
    """The body of a quoted CMake argument: no variable references, list splits or escapes."""
    text = _one_line(value)
    for char, escaped in (("\\", "\\\\"), ('"', '\\"'), ("$", "\\$"), (";", "\\;"), ("@", "\\@")):
        text = text.replace(char, escaped)
    return text


# --- Markdown and HTML -----------------------------------------------------------------------


def html_text(value: object) -> str:
    """Text content or an attribute value in HTML."""
    text = _one_line(value)
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#39;")):
        text = text.replace(char, entity)
    return text


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~>-])")


def markdown_cell(value: object) -> str:
    """Text in a Markdown table cell (one line, no `|`, no markup, no raw HTML)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html_text(value))


FILTERS: dict[str, Callable[[Any], str]] = {
    "cpp_comment": cpp_comment,
    "cpp_string": cpp_string,
    "tablegen_string": tablegen_string,
    "py_string": py_string,
    "py_docstring": py_docstring,
    "py_comment": py_comment,
    "mlir_comment": mlir_comment,
    "filecheck_literal": filecheck_literal,
    "cmake_comment": cmake_comment,
    "cmake_string": cmake_string,
    "html_text": html_text,
    "markdown_cell": markdown_cell,
}
