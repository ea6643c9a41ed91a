"""`record`: a frozen dataclass whose value methods are shared by every class, not compiled per class.

`dataclasses.dataclass` writes each method it generates as Python source and compiles it when the
class is created. `atomgen check` imports about a hundred frozen classes before it reads a spec,
and compiling their six methods each was about half of its import time (bench/README.md). A
record is `dataclass(frozen=True, eq=False, repr=False)` given `__eq__`, `__hash__` and `__repr__`
that read the class's fields through one getter per class: the same comparisons, hashes and texts
as the dataclass's own (tests/test_record.py holds them to it), and half the methods to compile.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
import sys
from typing import Any, Callable, TypeVar, overload

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # Python 3.10
    from typing_extensions import dataclass_transform

T = TypeVar("T")
_Fields = Callable[[Any], tuple[Any, ...]]


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T] | None = None, /, *, kw_only: bool = False) -> type[T] | Callable[[type[T]], type[T]]:
    """`@record` or `@record(kw_only=True)`, where one writes `@dataclass(frozen=True[, kw_only=True])`."""

    def make(cls: type[T]) -> type[T]:
        own = dict(cls.__dict__)
        made = dataclasses.dataclass(cls, frozen=True, eq=False, repr=False, kw_only=kw_only)
        # what dataclass keeps: a method the class writes itself (a __hash__ that Python set to None
        # because the class wrote __eq__ is not one)
        if "__eq__" not in own:
            made.__eq__ = _eq  # type: ignore[method-assign,assignment]
        if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
            made.__hash__ = _hash  # type: ignore[method-assign,assignment]
        if "__repr__" not in own:
            made.__repr__ = _repr  # type: ignore[method-assign,assignment]
        return made

    return make if cls is None else make(cls)


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    compared = _getters(self.__class__)[0]
    return compared(self) == compared(other)


def _hash(self: Any) -> int:
    return hash(_getters(self.__class__)[1](self))


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _getters(self.__class__)[2])
    return f"{self.__class__.__qualname__}({shown})"


# per class: its compared fields, its hashed fields, the names its repr shows
_GETTERS: dict[type, tuple[_Fields, _Fields, tuple[str, ...]]] = {}


def _getters(cls: type) -> tuple[_Fields, _Fields, tuple[str, ...]]:
    found = _GETTERS.get(cls)
    if found is None:
        fields = dataclasses.fields(cls)
        compared = [f.name for f in fields if f.compare]
        hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
        found = _GETTERS[cls] = (_tuple_of(compared), _tuple_of(hashed), tuple(f.name for f in fields if f.repr))
    return found


def _tuple_of(names: list[str]) -> _Fields:
    """The named attributes as a tuple (attrgetter gives one attribute bare, and takes no zero)."""
    if not names:
        return lambda item: ()
    if len(names) == 1:
        get = operator.attrgetter(names[0])
        return lambda item: (get(item),)
    return operator.attrgetter(*names)  # type: ignore[return-value]
