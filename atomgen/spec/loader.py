"""Load a YAML spec into plain data plus the source position of every node.

Specs are untrusted: the safe loader only, no aliases (the alias bomb needs them), a size
limit, and duplicate keys refused instead of silently keeping the last one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from atomgen.diagnostics import Diagnostic, Position, SpecError

MAX_SPEC_BYTES = 1 << 20
MAX_NODES = 200_000

JsonPath = tuple[Union[str, int], ...]


@dataclass
class LoadedSpec:
    """A spec file as plain data, with positions for values and mapping keys."""

    path: str
    data: Any
    text: str
    value_positions: dict[JsonPath, Position] = field(default_factory=dict)
    key_positions: dict[JsonPath, Position] = field(default_factory=dict)
    # Where a string scalar's first character is (after any opening quote), so that an
    # error inside an expression can point at the exact character.
    string_starts: dict[JsonPath, Position] = field(default_factory=dict)

    def position(self, path: JsonPath) -> Position:
        """The position of the value at `path`, or of its nearest ancestor that has one."""
        probe = tuple(path)
        while probe:
            if probe in self.value_positions:
                return self.value_positions[probe]
            probe = probe[:-1]
        return self.value_positions.get((), Position(1, 1))

    def key_position(self, path: JsonPath) -> Position:
        return self.key_positions.get(tuple(path)) or self.position(path)

    def char_position(self, path: JsonPath, offset: int) -> Position:
        """Position of character `offset` of the (single-line) string at `path`."""
        start = self.string_starts.get(tuple(path))
        if start is None:
            return self.position(path)
        return Position(start.line, start.column + offset)


_FastLoader = getattr(yaml, "CSafeLoader", None)


class _NoAliasLoader(yaml.SafeLoader):
    """The safe loader, refusing aliases before they are expanded."""

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise _AliasRefused(event.start_mark)
        return super().compose_node(parent, index)  # type: ignore[no-any-return]


class _AliasRefused(Exception):
    def __init__(self, mark: Any):
        self.mark = mark


def _mark_position(mark: Any) -> Position:
    return Position(mark.line + 1, mark.column + 1)


def load_text(text: str, path: str) -> LoadedSpec:
    """Parse YAML text; raise SpecError with positioned diagnostics on any problem."""
    if len(text.encode("utf-8", "replace")) > MAX_SPEC_BYTES:
        raise SpecError(
            [
                Diagnostic(
                    "AG003",
                    f"spec is larger than {MAX_SPEC_BYTES // 1024} KiB; refusing to parse it",
                    path,
                    Position(1, 1),
                )
            ]
        )
    try:
        root = yaml.compose(text, Loader=_FastLoader or _NoAliasLoader)
    except _AliasRefused as refused:
        raise SpecError(
            [
                Diagnostic(
                    "AG002",
                    "YAML aliases are not allowed in specs (write the value out)",
                    path,
                    _mark_position(refused.mark),
                )
            ]
        ) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        position = _mark_position(mark) if mark is not None else Position(1, 1)
        problem = (error.problem or error.context or "invalid YAML").strip()
        raise SpecError([Diagnostic("AG001", f"invalid YAML: {problem}", path, position)]) from None
    except yaml.YAMLError as error:
        raise SpecError([Diagnostic("AG001", f"invalid YAML: {error}", path, Position(1, 1))]) from None
    except RecursionError:
        raise SpecError([Diagnostic("AG001", "invalid YAML: nesting is too deep", path, Position(1, 1))]) from None
    loaded = LoadedSpec(path=path, data=None, text=text)
    if root is None:
        raise SpecError([Diagnostic("AG005", "spec is empty", path, Position(1, 1))])
    builder = _Builder(loaded)
    loaded.data = builder.build(root, ())
    if builder.diagnostics:
        raise SpecError(builder.diagnostics)
    return loaded


def load_file(path: Path, display_path: str | None = None) -> LoadedSpec:
    shown = display_path or str(path)
    try:
        size = path.stat().st_size
        if size > MAX_SPEC_BYTES:
            raise SpecError(
                [
                    Diagnostic(
                        "AG003",
                        f"spec is {size} bytes, over the {MAX_SPEC_BYTES // 1024} KiB limit; refusing to parse it",
                        shown,
                        Position(1, 1),
                    )
                ]
            )
        raw = path.read_bytes()
    except OSError as error:
        raise SpecError([Diagnostic("AG005", f"cannot read spec: {error.strerror}", shown)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SpecError(
            [Diagnostic("AG005", f"spec is not UTF-8 text ({error.reason})", shown, Position(1, 1))]
        ) from None
    return load_text(text, shown)


class _Builder:
    """Turns composed nodes into plain data while recording positions."""

    def __init__(self, loaded: LoadedSpec):
        self.loaded = loaded
        self.constructor = yaml.SafeLoader("")
        self.diagnostics: list[Diagnostic] = []
        self.nodes = 0
        self.seen: set[int] = set()

    def build(self, node: Node, path: JsonPath) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise SpecError([Diagnostic("AG003", "spec has too many YAML nodes", self.loaded.path, Position(1, 1))])
        # The C loader resolves an alias to the node it names: a node met twice is an alias.
        # Refuse it before expanding anything (the alias bomb needs expansion), scalars too:
        # docs/spec-format.md refuses every alias.
        if id(node) in self.seen:
            raise SpecError(
                [
                    Diagnostic(
                        "AG002",
                        "YAML aliases are not allowed in specs (write the value out)",
                        self.loaded.path,
                        _mark_position(node.start_mark),
                    )
                ]
            )
        self.seen.add(id(node))
        self.loaded.value_positions[path] = _mark_position(node.start_mark)
        if isinstance(node, MappingNode):
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = self._scalar(key_node) if isinstance(key_node, ScalarNode) else None
                if not isinstance(key, str):
                    self.diagnostics.append(
                        Diagnostic(
                            "AG005",
                            "mapping keys must be plain strings",
                            self.loaded.path,
                            _mark_position(key_node.start_mark),
                        )
                    )
                    continue
                if key in result:
                    self.diagnostics.append(
                        Diagnostic(
                            "AG004",
                            f"duplicate key '{key}'",
                            self.loaded.path,
                            _mark_position(key_node.start_mark),
                        )
                    )
                    continue
                self.loaded.key_positions[path + (key,)] = _mark_position(key_node.start_mark)
                result[key] = self.build(value_node, path + (key,))
            return result
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (index,)) for index, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        value = self._scalar(node)
        if isinstance(value, str) and node.start_mark.line == node.end_mark.line:
            offset = 1 if node.style in ("'", '"') else 0
            start = _mark_position(node.start_mark)
            self.loaded.string_starts[path] = Position(start.line, start.column + offset)
        return value

    def _scalar(self, node: ScalarNode) -> Any:
        if node.tag == "tag:yaml.org,2002:str":
            return node.value  # the common case, without the constructor's bookkeeping
        try:
            value = self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError):  # e.g. an integer of 5000 digits
            value = node.value
        if isinstance(value, (bytes, bytearray)) or type(value).__module__ == "datetime":
            # Binary and timestamp scalars have no meaning in a spec; keep the source text.
            return node.value
        return value
