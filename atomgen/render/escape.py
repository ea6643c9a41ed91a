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
from typing import Any, Callable

# Every character some tool treats as a line end: \n \r \v \f, the C0 separators, NEL and the
# Unicode line/paragraph separators (str.splitlines splits on all of them).
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LINE_BREAK = re.compile("\r\n|[" + LINE_BREAKS + "]")
# Other controls (C0, DEL, C1) and the bidirectional overrides ("trojan source").
_CONTROL = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def _visible(char: str) -> str:
    """A control character spelled out, readable in any output and free of backslashes."""
    return f"<U+{ord(char):04X}>"


def _one_line(value: Any) -> str:
    """Free text as a single line: line breaks become spaces, other controls are spelled out."""
    text = _LINE_BREAK.sub(" ", str(value))
    text = text.replace("\t", " ")
    return _CONTROL.sub(lambda match: _visible(match.group()), text)


# --- C++ -----------------------------------------------------------------------------------


def cpp_comment(value: Any) -> str:
    """The body of one `//` comment line.

    A backslash at the end of a line would splice the next source line into the comment
    (and clang-format may reflow a comment so that one lands there), so backslashes are
    spelled `\\x5c`: the character after a backslash is then never a space or a line end.
    """
    return _one_line(value).replace("\\", "\\x5c")


def _cpp_escape(char: str) -> str:
    named = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if char in named:
        return named[char]
    if ord(char) < 0x80:
        return f"\\{ord(char):03o}"  # octal escapes stop after three digits; \x would run on
    return f"\\u{ord(char):04x}"


_CPP_SPECIAL = re.compile("[\\\\\"\x00-\x1f\x7f" + LINE_BREAKS[4:] + "\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def cpp_string(value: Any) -> str:
    """The body of a C++ string literal `"..."` (also a valid C string)."""
    return _CPP_SPECIAL.sub(lambda match: _cpp_escape(match.group()), str(value))


# --- TableGen --------------------------------------------------------------------------------


def tablegen_string(value: Any) -> str:
    """The body of a TableGen string `"..."`.

    TableGen knows only \\\\ \\" \\' \\t \\n, and mlir-tblgen copies a `summary` into C++
    comments and docs, where an escaped newline would end the comment: so one line, with
    only backslash and quote escaped.
    """
    return _one_line(value).replace("\\", "\\\\").replace('"', '\\"')


# --- Python ----------------------------------------------------------------------------------


def _py_escape(char: str) -> str:
    named = {"\\": "\\\\", '"': '\\"', "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if char in named:
        return named[char]
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


_BIDI = "\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff"
_PY_SPECIAL = re.compile("[\\\\\"'\x00-\x1f\x7f-\x9f" + LINE_BREAKS[4:] + _BIDI + "]")


def py_string(value: Any) -> str:
    """The body of a Python string literal in single or double quotes."""
    return _PY_SPECIAL.sub(lambda match: _py_escape(match.group()), str(value))


def py_docstring(value: Any) -> str:
    """Text inside a `\"\"\"...\"\"\"` docstring: newlines stay; backslashes and controls
    become escapes; a quote is escaped when another quote or the end follows, so no run of
    quotes can close the docstring early."""
    def escape(match: Any) -> str:
        return match.group() if match.group() in "\"'" else _py_escape(match.group())

    lines = [_PY_SPECIAL.sub(escape, line) for line in str(value).split("\n")]
    return re.sub(r'"(?="|\Z)', r'\\"', "\n".join(lines))


def py_comment(value: Any) -> str:
    """The body of one `#` comment line."""
    return _one_line(value)


# --- MLIR tests and FileCheck ----------------------------------------------------------------

# lit and FileCheck read directives anywhere in a line: `RUN:` in a comment is a command,
# `CHECK:` (or any --check-prefix, with -NEXT, -NOT, {LITERAL} ...) a pattern.
_DIRECTIVE = re.compile(r"(?<![A-Za-z0-9_])([A-Z][A-Z0-9_-]*(?:\{LITERAL\})?):")


def mlir_comment(value: Any) -> str:
    """The body of one `//` comment line in a lit test: one line, and no `WORD:` that lit or
    FileCheck would read as a directive (RUN:, CHECK:, XFAIL: ...)."""
    return _DIRECTIVE.sub(r"\1 :", cpp_comment(value))


def filecheck_literal(value: Any) -> str:
    """Text matched literally in a CHECK pattern: `{{` and `[[` open regexes and variables."""
    text = _one_line(value)
    return re.sub(r"\{\{|\[\[", lambda match: "{{" + re.escape(match.group()) + "}}", text)


# --- CMake -----------------------------------------------------------------------------------


def cmake_comment(value: Any) -> str:
    """The body of one `# ` line comment (never `#[[`, which would open a bracket comment)."""
    text = _one_line(value)
    return text.replace("[[", "[ [") if text.startswith("[") else text


def cmake_string(value: Any) -> str:
    """The body of a quoted CMake argument: no variable references, list splits or escapes."""
    text = _one_line(value)
    for char, escaped in (("\\", "\\\\"), ('"', '\\"'), ("$", "\\$"), (";", "\\;"), ("@", "\\@")):
        text = text.replace(char, escaped)
    return text


# --- Markdown and HTML -----------------------------------------------------------------------


def html_text(value: Any) -> str:
    """Text content or an attribute value in HTML."""
    text = _one_line(value)
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#39;")):
        text = text.replace(char, entity)
    return text


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~>-])")


def markdown_cell(value: Any) -> str:
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
