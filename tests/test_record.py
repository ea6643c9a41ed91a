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


def _factory_fields() -> dict[str, Any]:
    return {
        "n": 4,
        "items": dataclasses.field(default_factory=list),
        "made": dataclasses.field(default_factory=lambda: ["made"], init=False),
        "kept": dataclasses.field(default="class", init=False),
        "late": dataclasses.field(default=0, kw_only=True),
    }


INIT_CALLS: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
    ((1,), {}), ((1, 2), {}), ((1, 2, [3]), {}), ((), {"m": 1, "items": [5], "late": 9}),
    ((), {}), ((1, 2, [3], 4), {}), ((1,), {"made": []}), ((1,), {"unknown": 1}), ((1,), {"m": 2}),
]


@pytest.mark.parametrize("args, kwargs", INIT_CALLS)
def test_a_records_init_takes_and_refuses_what_the_dataclass_init_does(args: tuple[Any, ...],
                                                                      kwargs: dict[str, Any]) -> None:
    plain, made = _pair(_factory_fields(), {"m": "int", "n": "int", "items": "list[int]", "made": "list[str]",
                                            "kept": "str", "late": "int"})
    outcomes: list[tuple[Any, ...]] = []
    for cls in (plain, made):
        try:
            item = cls(*args, **kwargs)
        except TypeError as error:
            outcomes.append(("TypeError", str(error).split("() ", 1)[-1]))
            continue
        outcomes.append(("made", repr(item), dataclasses.asdict(item), item.kept))
    assert outcomes[0] == outcomes[1]
    if outcomes[1][0] == "made":  # each instance has its own factory-made values
        assert made(1).items is not made(1).items and made(1).made is not made(1).made


def test_a_record_refuses_the_class_bodies_the_frozen_dataclass_refuses() -> None:
    one: dict[str, str] = {"m": "int"}
    refused: list[tuple[dict[str, Any], dict[str, str]]] = [
        ({"m": 1}, {"m": "int", "n": "int"}),  # a field without default after one with
        ({"__setattr__": lambda self, name, value: None}, one),
        ({"__delattr__": lambda self, name: None}, one),
    ]
    assert len(refused) == 3
    for body, fields in refused:
        with pytest.raises(TypeError) as theirs:
            dataclasses.dataclass(frozen=True)(type("Shape", (), {**body, "__annotations__": fields}))
        with pytest.raises(TypeError) as ours:
            record(type("Shape", (), {**body, "__annotations__": fields}))
        assert str(ours.value) == str(theirs.value)
    mutable: type = dataclasses.dataclass(type("Mutable", (), {"__annotations__": {"m": "int"}}))
    with pytest.raises(TypeError, match="non-frozen"):
        record(type("Shape", (mutable,), {"__annotations__": {"n": "int"}}))
    with pytest.raises(TypeError, match="InitVar"):
        record(type("Shape", (), {"__annotations__": {"m": "InitVar[int]"}}))


def test_a_record_subclass_extends_its_base_and_calls_post_init() -> None:
    seen: list[int] = []

    @record
    class Base:
        self: int  # a field may be called self, as in a dataclass
        m: int = 1

    @record
    class Derived(Base):
        n: int = 2

        def __post_init__(self) -> None:
            seen.append(self.n)

    item = Derived(0, n=5)
    assert (item.self, item.m, item.n) == (0, 1, 5) and seen == [5]
    assert repr(item) == (f"{Derived.__qualname__}(self=0, m=1, n=5)")
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.m = 3  # type: ignore[misc]
    assert Base.__doc__ == "Base(self, m)" and Derived.__init__.__qualname__ == f"{Derived.__qualname__}.__init__"
    loose = type("Loose", (Base,), {})  # a plain subclass may take new attributes, as a dataclass's may
    extra = loose(1)
    extra.note = "x"
    assert extra.note == "x"
    below: type = record(type("Below", (loose,), {"k": 3, "__annotations__": {"k": "int"}}))  # a record below it
    assert dataclasses.astuple(below(1, 2, 3)) == (1, 2, 3)
