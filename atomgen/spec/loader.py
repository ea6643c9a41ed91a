"""Load a YAML spec into plain data plus the source position of every node.

Specs are untrusted: the safe loader's scalars only (the YAML core schema, no other tags),
no aliases (the alias bomb needs them), limits on size, node count and nesting depth,
duplicate keys refused instead of silently keeping the last one, and no control characters
in strings (they would end a comment or a line in generated code). The document is built
from the parser's event stream with an explicit stack, so no input can exhaust Python's
recursion limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Optional, Union

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from atomgen.diagnostics import Diagnostic, Example, Position, Rule, SpecError
from atomgen.reading import InputError, read_bounded

# other modules raise it too, through this object
NOT_A_SPEC = Rule(
    "AG005",
    "not-a-spec",
    "The file cannot be read as a spec (unreadable, not UTF-8, empty, non-string keys).",
    "Every later stage needs a mapping of named fields.",
    Example("threads: 64\n", "threads: 64\n1: 2\n", 10, 1),
    "Start from `atomgen new`.",
)

YAML_SYNTAX = Rule(
    "AG001",
    "yaml-syntax",
    "The spec is not valid YAML.",
    "Nothing downstream can be trusted if the file does not parse; the position points at the problem.",
    Example("threads: 64\n", "threads: [64\n", 9, "["),
    "Close the bracket: `threads: 64`.",
)

YAML_ALIAS = Rule(
    "AG002",
    "yaml-alias",
    "YAML aliases are refused.",
    "Aliases let a few hundred bytes expand into gigabytes (the 'billion laughs' bomb); specs are untrusted input.",
    "a: &x [1, 2]\nb: *x",
    "Write the value out in each place.",
)

FILE_TOO_LARGE = Rule(
    "AG003",
    "file-too-large",
    "The spec is over the size limit (1 MiB) or has too many nodes.",
    "A spec describes one atom; a huge file is a mistake or an attack, and would stall a pre-commit hook.",
    "(a 10 MB file)",
    "Split the file or remove the generated bulk.",
)

DUPLICATE_KEY = Rule(
    "AG004",
    "duplicate-key",
    "A mapping repeats a key.",
    "YAML loaders silently keep the last value, so the first one is dead text that reviewers still read.",
    Example("threads: 64\n", "threads: 64\nthreads: 32\n", 10, 1),
    "Keep one key.",
)

YAML_TAG = Rule(
    "AG006",
    "yaml-tag",
    "A YAML tag outside the core schema (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq), or a core "
    "tag whose text does not fit it.",
    "Other tags (!!python/object, !!timestamp, !!binary, !!set, local !tags) build values a spec has no use "
    "for, and in other loaders run code; a mis-tagged value (`!!bool maybe`) is a typo to point at.",
    Example("threads: 64\n", "threads: !!timestamp 2024-01-01\n", 9, "!!"),
    "Write the plain value: `threads: 64`.",
)

CONTROL_CHARACTER = Rule(
    "AG007",
    "control-character",
    "A string holds a control character other than newline, a Unicode line or paragraph separator, or a "
    "bidirectional override.",
    "Spec text is pasted into generated comments, strings and docstrings: a CR or U+2028 ends a line for some "
    "tools, NUL breaks Python, and bidi overrides make reviewers read other code than compilers do.",
    Example("stateful: false\n", 'stateful: false\nsummary: "fast\\rpath"\n', 9, '"'),
    "Use printable text; newlines are fine in free text.",
)

NOT_A_REGULAR_FILE = Rule(
    "AG008",
    "not-a-regular-file",
    "An input (a spec, backend.yaml, intrinsics.yaml) is a FIFO, a character or block device or a socket, not "
    "a regular file.",
    "Reading a FIFO blocks until some other process writes to it, and a device such as /dev/zero never ends: "
    "a check in a pre-commit hook would hang or fill the memory. atomgen refuses such a path from its `stat`, "
    "before opening it, and reads at most the size limit from any file.",
    "specs/rocdl/cdna3/x.yaml -> /dev/zero   (or `mkfifo x.yaml`)",
    "Replace it with the regular file it stands for, or remove it from the spec folder.",
)

SYMLINK_LOOP = Rule(
    "AG009",
    "symlink-loop",
    "An input is a symbolic link that leads back to itself.",
    "A link loop has no content; following it fails with ELOOP, and it must not stop the other specs of the "
    "run from being checked.",
    "specs/rocdl/cdna3/x.yaml -> x.yaml",
    "Point the link at a real file, or remove it.",
)

RULES = (
    YAML_SYNTAX,
    YAML_ALIAS,
    FILE_TOO_LARGE,
    DUPLICATE_KEY,
    NOT_A_SPEC,
    YAML_TAG,
    CONTROL_CHARACTER,
    NOT_A_REGULAR_FILE,
    SYMLINK_LOOP,
)

MAX_SPEC_BYTES = 1 << 20
MAX_NODES = 200_000
# Shipped specs nest at most 6 deep (instances: - packed: {...}); 64 leaves room for any
# honest spec while keeping every walk over the data far from the recursion limit.
MAX_NESTING = 64

JsonPath = tuple[Union[str, int], ...]

_CORE = "tag:yaml.org,2002:"
CORE_SCALAR_TAGS = frozenset(_CORE + name for name in ("str", "int", "float", "bool", "null"))
# Every control character but newline, the Unicode line/paragraph separators (editors and
# `str.splitlines` break lines there) and the bidirectional overrides ("trojan source").
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


# A 1-based (line, column): a spec has some thousands of them, and a Position each cost 14% of reading them.
_Where = tuple[int, int]


class _Positions:
    """Where each value and mapping key of a spec starts, by JSON path."""

    def __init__(self) -> None:
        self.values: dict[JsonPath, _Where] = {}
        self.keys: dict[JsonPath, _Where] = {}
        # Where a string scalar's first character is (after any opening quote), so that an
        # error inside an expression can point at the exact character.
        self.string_starts: dict[JsonPath, _Where] = {}


@dataclass
class LoadedSpec:
    """A spec file as plain data, with positions for values and mapping keys."""

    path: str
    data: Any
    text: str

    @cached_property
    def _positions(self) -> _Positions:
        """Read from the text again when first asked for: a check of valid specs asks for almost no
        position, and recording some 40,000 of them while loading was a sixth of the loading."""
        positions = _Positions()
        _parse(self.text, self.path, positions)
        return positions

    def position(self, path: JsonPath) -> Position:
        """The position of the value at `path`, or of its nearest ancestor that has one."""
        values = self._positions.values
        probe = tuple(path)
        while probe:
            found = values.get(probe)
            if found is not None:
                return Position(*found)
            probe = probe[:-1]
        found = values.get(())
        return Position(1, 1) if found is None else Position(*found)

    def key_position(self, path: JsonPath) -> Position:
        found = self._positions.keys.get(tuple(path))
        return self.position(path) if found is None else Position(*found)

    def char_position(self, path: JsonPath, offset: int) -> Position:
        """Position of character `offset` of the (single-line) string at `path`."""
        start = self._positions.string_starts.get(tuple(path))
        if start is None:
            return self.position(path)
        return Position(start[0], start[1] + offset)


_FastLoader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


def _mark_position(mark: Any) -> Position:
    return Position(*_mark_where(mark))


def _mark_where(mark: Any) -> _Where:
    return mark.line + 1, mark.column + 1


def _refuse(rule: Rule, message: str, path: str, position: Position) -> SpecError:
    return SpecError([rule.finding(message, path, position)])


_OPENERS = {"flow mapping": "{", "flow sequence": "[", "quoted scalar": "quote"}


def yaml_error(error: yaml.MarkedYAMLError, text: str, path: str) -> Diagnostic:
    """PyYAML's error as a plain sentence at the character to fix, PyYAML's own words as a note:
    an unclosed `{`, `[` or quote is reported at its opener (PyYAML notices it where the next
    token begins, a line or more later), a tab where indentation belongs says so."""
    problem_mark, context_mark = error.problem_mark, error.context_mark
    problem = (error.problem or "").strip()
    context = (error.context or "").strip()
    mark = problem_mark or context_mark
    position = _mark_position(mark) if mark is not None else Position(1, 1)
    raw = (f"{context} at {_mark_position(context_mark).line}:{_mark_position(context_mark).column}: "
           if context and context_mark is not None else "") + (problem or "invalid YAML")
    notes: tuple[str, ...] = (f"PyYAML: {raw}",)
    at = problem_mark.index if problem_mark is not None else -1
    opened = next((opener for what, opener in _OPENERS.items() if context == f"while scanning a {what}"
                   or context == f"while parsing a {what}"), None)
    if 0 <= at < len(text) and text[at] == "\t" or "tab character" in problem:
        message = "a tab cannot indent YAML; use spaces"
    elif opened is not None and context_mark is not None:
        where = _mark_position(context_mark)
        opener = "'" + text[context_mark.index] + "'" if opened == "quote" and context_mark.index < len(text) \
            else f"'{opened}'"
        if problem_mark is not None and problem_mark.line > context_mark.line or "end of stream" in problem:
            closer = {"{": "}", "[": "]"}.get(opened)
            if closer:
                message = f"unclosed {opener} opened at {where.line}:{where.column}"
                notes = (f"close it ({closer!r}) or put ',' between its items",) + notes
            else:
                message = f"the quoted string opened at {where.line}:{where.column} is not closed"
                notes = (f"close the quote ({opener})",) + notes
            position = where
        else:
            message = f"{problem} in the {opener} opened at {where.line}:{where.column}"
    elif problem_mark is not None and (runaway := _runaway_quote(text, problem_mark)) is not None:
        # A quote left open runs on over the line ends (YAML allows multi-line quoted strings)
        # to the next quote, and what follows that one is the error PyYAML sees, a line or more
        # later ("did not find expected key"): the quote that opened it is the one to fix.
        start, quote = runaway
        position = _mark_position(start)
        closed = _closing_quote(text, start.index, quote)
        message = (f"the quoted string opened at {position.line}:{position.column} is not closed on its line "
                   f"(it runs on to the {quote} at {closed.line}:{closed.column})")
        notes = (f"close the quote ({quote}) on line {position.line}",) + notes
    elif problem == "did not find expected key" and context == "while parsing a block mapping" and context_mark:
        where = _mark_position(context_mark)
        message = (f"this line is not a key of the mapping at {where.line}:{where.column}: "
                   "check its indentation (or a '- ' item where a key belongs)")
    elif problem.startswith("mapping values are not allowed"):
        message = "a ': ' inside a plain value starts a mapping here; quote the value"
    else:
        message = problem or context or "invalid YAML"
        notes = (f"PyYAML: {raw}",) if context else ()
    return YAML_SYNTAX.finding(f"invalid YAML: {message}", path, position, notes=notes)


def _runaway_quote(text: str, problem: Any) -> Optional[tuple[Any, str]]:
    """(start mark, quote) of the quoted scalar just before the `problem` mark when it spans lines
    and the problem is on the line its closing quote is on: a quote never closed on its line,
    whose run ended at the next value's opening quote. (A string meant to wrap ends its line.)"""
    before = problem.index
    last: Any = None
    scanner = _FastLoader(text)
    try:
        while True:
            token = scanner.get_token()
            if token is None or isinstance(token, yaml.StreamEndToken) or token.start_mark.index >= before:
                break
            if isinstance(token, yaml.ScalarToken):
                last = token
    except yaml.YAMLError:
        pass
    finally:
        scanner.dispose()
    if last is None or last.style not in ('"', "'") or last.end_mark.line == last.start_mark.line \
            or last.end_mark.line != problem.line:
        return None
    return last.start_mark, last.style


def _closing_quote(text: str, start: int, quote: str) -> Position:
    """Where PyYAML found the end of the string whose opening quote is at index `start`."""
    index = start + 1
    while index < len(text) and text[index] != quote or text.startswith(quote * 2, index) and quote == "'":
        index += 2 if text[index] == "\\" and quote == '"' or text[index] == quote else 1
    line_start = text.rfind("\n", 0, index) + 1
    return Position(text.count("\n", 0, index) + 1, index - line_start + 1)


def load_text(text: str, path: str) -> LoadedSpec:
    """Parse YAML text; raise SpecError with positioned diagnostics on any problem."""
    if len(text.encode("utf-8", "replace")) > MAX_SPEC_BYTES:
        raise _refuse(FILE_TOO_LARGE, f"spec is larger than {MAX_SPEC_BYTES // 1024} KiB; refusing to parse it", path,
                      Position(1, 1))
    builder = _parse(text, path, None)
    if not builder.documents:
        raise _refuse(NOT_A_SPEC, "spec is empty", path, Position(1, 1))
    if builder.documents > 1:
        raise _refuse(YAML_SYNTAX, "invalid YAML: a spec is one document, this file has several", path,
                      builder.second_document)
    if builder.diagnostics:
        raise SpecError(builder.diagnostics)
    if builder.root is None:
        raise _refuse(NOT_A_SPEC, "spec is empty", path, Position(1, 1))
    return LoadedSpec(path=path, data=builder.root, text=text)


def _parse(text: str, path: str, positions: Optional[_Positions]) -> _Builder:
    """The text's events fed to a builder (recording `positions` when given); YAML errors raised as findings."""
    builder = _Builder(path, positions)
    parser = _FastLoader(text)
    try:
        feed, feed_scalar, stack = builder.feed, builder.feed_scalar, builder.stack
        for event in iter(parser.get_event, None):  # None after the stream's end
            if type(event) is _SCALAR and stack:  # most events: a scalar inside the document
                feed_scalar(event)
            else:
                feed(event)
    except yaml.MarkedYAMLError as error:
        raise SpecError([yaml_error(error, text, path)]) from None
    except yaml.YAMLError as error:
        raise _refuse(YAML_SYNTAX, f"invalid YAML: {error}", path, Position(1, 1)) from None
    finally:
        parser.dispose()
    return builder


_STR, _SEQ, _MAP, _MERGE = (_CORE + name for name in ("str", "seq", "map", "merge"))
_SCALAR = yaml.ScalarEvent


def load_package_data(text: str) -> object:
    """A YAML file shipped inside atomgen (trusted, validated by the tests), as yaml.safe_load
    reads it, three times faster: the C composer builds the nodes and only non-string scalars
    (and anything unusual: merge keys, tags) go through PyYAML's constructor."""
    constructor = yaml.SafeLoader("")

    def value(node: Any) -> Any:
        kind = type(node)
        if kind is ScalarNode and node.tag == _STR:
            return node.value
        if kind is SequenceNode and node.tag == _SEQ:
            return [value(item) for item in node.value]
        if kind is MappingNode and node.tag == _MAP and not any(key.tag == _MERGE for key, _ in node.value):
            return {value(key): value(item) for key, item in node.value}
        return constructor.construct_object(node, deep=True)

    root = yaml.compose(text, Loader=_FastLoader)  # noqa: S506 - package data; composing runs no constructor
    return None if root is None else value(root)


def load_file(path: Path, display_path: str | None = None) -> LoadedSpec:
    """A spec (or backend.yaml, an intrinsics file) read through atomgen/reading.py: regular files only,
    at most MAX_SPEC_BYTES of them, never blocking on a FIFO."""
    shown = display_path or str(path)
    try:
        raw = read_bounded(path, MAX_SPEC_BYTES)
    except InputError as error:
        raise SpecError([input_diagnostic(error, shown)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _refuse(NOT_A_SPEC, f"spec is not UTF-8 text ({error.reason})", shown, Position(1, 1)) from None
    return load_text(text, shown)


def input_diagnostic(error: InputError, shown: str) -> Diagnostic:
    """The loader family's finding for a file that atomgen/reading.py did not read."""
    if error.reason == "too-large":
        return FILE_TOO_LARGE.finding(f"spec {error.message}; refusing to parse it", shown, Position(1, 1))
    if error.reason == "special":
        return NOT_A_REGULAR_FILE.finding(f"this path {error.message}; atomgen reads specs only from regular files, "
                          "and never opens this one", shown, Position(1, 1))
    if error.reason == "loop":
        return SYMLINK_LOOP.finding(f"this path {error.message}; it has no content to check", shown, Position(1, 1))
    return NOT_A_SPEC.finding(f"cannot read spec: this path {error.message}", shown, Position(1, 1))


_DISCARD = object()  # the slot of a value whose key was refused
_PLAIN: dict[str, Any] = {}  # plain scalar text -> its value under the safe resolver


@dataclass
class _Open:
    """A mapping or sequence being built."""

    value: Any  # dict, list, or _DISCARD
    path: JsonPath
    key: Any = None  # mappings: the key waiting for its value (None: expecting a key)


class _Builder:
    """Plain data from parser events (and, given `positions`, where each value starts); an explicit
    stack, no recursion."""

    def __init__(self, path: str, positions: Optional[_Positions]):
        self.path = path
        self.positions = positions
        self._constructor: Any = None
        self.diagnostics: list[Diagnostic] = []
        self.nodes = 0
        self.stack: list[_Open] = []
        self.root: Any = None
        self.documents = 0
        self.second_document = Position(1, 1)

    @property
    def constructor(self) -> Any:
        """PyYAML's resolver and constructor, for the plain scalars not seen before in this process and
        for tagged ones: made when first needed (most specs need none, and each one is a cycle of objects)."""
        if self._constructor is None:
            self._constructor = yaml.SafeLoader("")
        return self._constructor

    def _error(self, rule: Rule, message: str, mark: Any) -> None:
        self.diagnostics.append(rule.finding(message, self.path, _mark_position(mark)))

    def feed(self, event: Any) -> None:
        """Any event (_parse gives a scalar inside the document to feed_scalar, which does the same faster)."""
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents == 2:
                self.second_document = _mark_position(event.start_mark)
            return
        if isinstance(event, yaml.AliasEvent):
            raise _refuse(YAML_ALIAS, "YAML aliases are not allowed in specs (write the value out)", self.path,
                          _mark_position(event.start_mark))
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            finished = self.stack.pop()
            self._place(finished.value, finished.path, None)
            return
        if not isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            return  # stream and document ends
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _refuse(FILE_TOO_LARGE, f"spec has more than {MAX_NODES} YAML nodes", self.path, Position(1, 1))
        parent = self.stack[-1] if self.stack else None
        as_key = parent is not None and isinstance(parent.value, dict) and parent.key is None
        discarded = parent is not None and (parent.value is _DISCARD or parent.key is _DISCARD)
        if isinstance(event, yaml.ScalarEvent):  # the document is a single scalar
            value = self._scalar(event)
            if as_key:
                self._key(parent, value, event)  # type: ignore[arg-type]
                return
            if discarded:
                self._place(_DISCARD, (), None)
                return
            if isinstance(value, str):
                self._check_text(value, event)
            self._place(value, self._child_path(parent), event)
            return
        if len(self.stack) >= MAX_NESTING:
            raise _refuse(FILE_TOO_LARGE, f"YAML nests deeper than {MAX_NESTING} levels", self.path,
                          _mark_position(event.start_mark))
        mapping = isinstance(event, yaml.MappingStartEvent)
        default = _CORE + ("map" if mapping else "seq")
        if event.tag not in (None, "!", default):
            self._error(YAML_TAG, f"YAML tag '{_short_tag(event.tag)}' is not allowed in specs (only the core schema: "
                        f"{'!!map' if mapping else '!!seq'} here)", event.start_mark)
        if as_key:
            self._error(NOT_A_SPEC, "mapping keys must be plain strings", event.start_mark)
            parent.key = _DISCARD  # type: ignore[union-attr]
            self.stack.append(_Open(_DISCARD, ()))
            return
        if discarded:
            self.stack.append(_Open(_DISCARD, ()))
            return
        path: JsonPath = ()
        if self.positions is not None:
            path = self._child_path(parent)
            self.positions.values[path] = _mark_where(event.start_mark)
        self.stack.append(_Open({} if mapping else [], path))

    def feed_scalar(self, event: Any) -> None:
        """A scalar in a mapping or sequence: what feed() does for it, without the dispatch (most events)."""
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _refuse(FILE_TOO_LARGE, f"spec has more than {MAX_NODES} YAML nodes", self.path, Position(1, 1))
        parent = self.stack[-1]
        container = parent.value
        # what _scalar does for a plain scalar seen before in this process, inlined (most scalars)
        value = _PLAIN.get(event.value, _PLAIN) if event.tag is None and event.implicit[0] else _PLAIN
        if value is _PLAIN:
            value = self._scalar(event)
        if container is _DISCARD or parent.key is _DISCARD:
            self._place(_DISCARD, (), None)
            return
        if type(container) is dict:
            key = parent.key
            if key is None:
                self._key(parent, value, event)
                return
            container[key] = value
            parent.key = None
        else:
            key = len(container)
            container.append(value)
        if type(value) is str and CONTROL.search(value) is not None:
            self._check_text(value, event)
        if self.positions is not None:  # what _place records for a scalar, inlined (a spec is mostly scalars)
            path = parent.path + (key,)
            mark = event.start_mark
            start = (mark.line + 1, mark.column + 1)
            self.positions.values[path] = start
            if type(value) is str and mark.line == event.end_mark.line:
                self.positions.string_starts[path] = (start[0], start[1] + 1) if event.style in ("'", '"') else start

    def _child_path(self, parent: _Open | None) -> JsonPath:
        if parent is None:
            return ()
        if isinstance(parent.value, dict):
            return parent.path + (parent.key,)
        if isinstance(parent.value, list):
            return parent.path + (len(parent.value),)
        return ()

    def _place(self, value: Any, path: JsonPath, event: Any) -> None:
        """Attach a finished value to its parent (or make it the document)."""
        if event is not None and value is not _DISCARD and self.positions is not None:
            mark = event.start_mark
            start = (mark.line + 1, mark.column + 1)
            self.positions.values[path] = start
            if isinstance(value, str) and mark.line == event.end_mark.line:
                offset = 1 if event.style in ("'", '"') else 0
                self.positions.string_starts[path] = (start[0], start[1] + offset)
        if not self.stack:
            self.root = None if value is _DISCARD else value
            return
        parent = self.stack[-1]
        if isinstance(parent.value, dict):
            if parent.key is not _DISCARD and value is not _DISCARD:
                parent.value[parent.key] = value
            parent.key = None
        elif isinstance(parent.value, list):
            parent.value.append(value)

    def _key(self, parent: _Open, key: Any, event: Any) -> None:
        if parent.value is _DISCARD:
            parent.key = _DISCARD
            return
        if not isinstance(key, str):
            self._error(NOT_A_SPEC, "mapping keys must be plain strings", event.start_mark)
            parent.key = _DISCARD
            return
        if key in parent.value:
            self._error(DUPLICATE_KEY, f"duplicate key '{key}'", event.start_mark)
            parent.key = _DISCARD
            return
        self._check_text(key, event)
        if self.positions is not None:
            self.positions.keys[parent.path + (key,)] = _mark_where(event.start_mark)
        parent.key = key

    def _check_text(self, text: str, event: Any) -> None:
        found = CONTROL.search(text)
        if found is None:
            return
        position = _mark_position(event.start_mark)
        if event.style in (None, "", "'") and event.start_mark.line == event.end_mark.line:
            # Written verbatim on one line (no escapes): point at the character itself.
            offset = found.start() + (1 if event.style == "'" else 0)
            position = Position(position.line, position.column + offset)
        self.diagnostics.append(
            CONTROL_CHARACTER.finding(
                f"control character {found.group()!r} (U+{ord(found.group()):04X}) in a string; specs hold "
                "printable text and newlines only",
                self.path,
                position,
            )
        )

    def _scalar(self, event: Any) -> Any:
        if event.tag is None and not event.implicit[0]:
            return event.value  # quoted, untagged: a string
        if event.tag is None:
            # Plain: the safe resolver picks int, float, bool, null or str from the text; specs
            # repeat a few hundred distinct plain scalars, so each is resolved once per process.
            known = _PLAIN.get(event.value, _PLAIN)
            if known is not _PLAIN:
                return known
            value = self._resolve_plain(event)
            if len(_PLAIN) > 1 << 14:
                _PLAIN.clear()
            _PLAIN[event.value] = value
            return value
        if event.tag == "!":
            return event.value  # the non-specific tag: a string (YAML 1.1, 7.2)
        tag = event.tag
        if tag not in CORE_SCALAR_TAGS:
            self._error(YAML_TAG, f"YAML tag '{_short_tag(tag)}' is not allowed in specs (only the core schema: "
                        "!!str, !!int, !!float, !!bool, !!null)", event.start_mark)
            return event.value
        return self._construct(event, tag, explicit=True)

    def _resolve_plain(self, event: Any) -> Any:
        tag = self.constructor.resolve(ScalarNode, event.value, (True, False))
        if tag == _CORE + "str":
            return event.value
        return self._construct(event, tag, explicit=False)

    def _construct(self, event: Any, tag: str, explicit: bool) -> Any:
        node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = self.constructor.construct_object(node, deep=True)
        except Exception:  # noqa: BLE001 - the constructors raise anything (KeyError for `!!bool maybe`)
            if explicit:
                self._error(YAML_TAG, f"'{event.value[:40]}' is not a valid {_short_tag(tag)}", event.start_mark)
            # e.g. an integer of 5000 digits: keep the text, the schema then says what is wrong
            return event.value
        if not isinstance(value, (str, int, float, bool, type(None))):
            return event.value  # implicit timestamps: no meaning in a spec, keep the source text
        return value


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag

