"""atomgen.record: a record compares, hashes, prints and refuses changes exactly as the frozen dataclass
it replaces (same class bodies, each made both ways, on the same values)."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any, Optional

import pytest

from atomgen.diagnostics import Diagnostic, Position
from atomgen.record import record


def _pair(body: dict[str, Any], annotations: dict[str, Any], **options: Any) -> tuple[type, type]:
    """The same class made by dataclass(frozen=True, ...) and by record(...)."""
    def make(name: str) -> type:
        return type(name, (), {**body, "__annotations__": dict(annotations), "__qualname__": "Shape"})

    plain: type = dataclasses.dataclass(frozen=True, **options)(make("Shape"))
    made: type = record(**options)(make("Shape")) if options else record(make("Shape"))
    return plain, made


FIELDS = {"m": "int", "name": "str", "tags": "tuple[str, ...]"}
CASES: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, {}),
    ({"tags": ()}, {}),
    ({"tags": dataclasses.field(default=(), compare=False)}, {}),
    ({"tags": dataclasses.field(default=(), repr=False)}, {}),
    ({"tags": dataclasses.field(default=(), hash=False)}, {}),
    ({"name": dataclasses.field(default="x", hash=True, compare=False), "tags": ()}, {}),
    ({}, {"kw_only": True}),
]
VALUES = [(16, "a", ("x",)), (16, "a", ("y",)), (16, "b", ("x",)), (32, "a", ()), (16, "a", ("x",))]


@pytest.mark.parametrize("body, options", CASES)
def test_a_record_is_its_frozen_dataclass(body: dict[str, Any], options: dict[str, Any]) -> None:
    plain, made = _pair(body, FIELDS, **options)
    build = [(cls, [cls(m=m, name=n, tags=t) for m, n, t in VALUES]) for cls in (plain, made)]
    (_, ours), (_, theirs) = build[0], build[1]
    for i, (left, right) in enumerate(zip(ours, theirs)):
        assert repr(left) == repr(right)
        assert hash(left) == hash(right)
        for j in range(len(VALUES)):
            assert (left == ours[j]) == (right == theirs[j]), (i, j)
            assert (left != ours[j]) == (right != theirs[j]), (i, j)
        assert (right == left) is False  # another class: NotImplemented both ways, then identity
        with pytest.raises(dataclasses.FrozenInstanceError):
            right.m = 1  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            del right.m  # type: ignore[misc]
        assert dataclasses.replace(right, m=64).m == 64 and dataclasses.asdict(right) == dataclasses.asdict(left)
    assert [f.name for f in dataclasses.fields(made)] == list(FIELDS)
    assert made.__match_args__ == plain.__match_args__  # type: ignore[attr-defined]


def _equal_to_everything(self: object, other: object) -> bool:
    return True


WRITTEN: dict[str, dict[str, Any]] = {
    "eq, hash None and repr": {"__eq__": _equal_to_everything, "__hash__": None, "__repr__": lambda self: "mine"},
    "eq only": {"__eq__": _equal_to_everything},
    "hash only": {"__hash__": lambda self: 7},
}


@pytest.mark.parametrize("written", sorted(WRITTEN))
def test_the_methods_a_class_writes_are_kept_as_dataclass_keeps_them(written: str) -> None:
    def make() -> type:
        body = dict(WRITTEN[written])
        if "__eq__" in body and "__hash__" not in body:
            body["__hash__"] = None  # what Python itself does to a class body that writes __eq__
        return type("Written", (), {**body, "__annotations__": {"value": "int"}})

    plain: type = dataclasses.dataclass(frozen=True)(make())
    made: type = record(make())
    for one, two in ((plain(1), plain(2)), (made(1), made(2))):
        assert (one == two) == (plain(1) == plain(2)) and repr(one)[-6:] == repr(plain(1))[-6:]
    assert hash(made(5)) == hash(plain(5))


def test_a_recursive_record_prints_as_dataclass_does() -> None:
    @record
    class Node:
        children: list[Any]
        parent: Optional[Any] = None

    node = Node([])
    node.children.append(node)
    assert repr(node) == "test_a_recursive_record_prints_as_dataclass_does.<locals>.Node(children=[...], parent=None)"


def test_the_models_records_keep_their_value_semantics() -> None:
    at = Diagnostic("AG101", "m", "a.yaml", Position(3, 4))
    same = Diagnostic("AG101", "m", "a.yaml", Position(3, 4))
    assert at == same and hash(at) == hash(same) and len({at, same}) == 1
    assert at != dataclasses.replace(at, message="n")
    assert repr(at).startswith("Diagnostic(rule='AG101', message='m', path='a.yaml', "
                               "position=Position(line=3, column=4)")
    assert pickle.loads(pickle.dumps(at)) == at
