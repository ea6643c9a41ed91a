"""`record`: a frozen dataclass made without compiling the methods it can share.

`dataclasses.dataclass` writes each method it generates as Python source and compiles it when the
class is created, and words a missing docstring from `inspect.signature`. `atomgen check` imports
about a hundred frozen classes before it reads a spec, and those steps were half of its import time
(bench/README.md). A record is what `dataclass(frozen=True)` makes, built another way:

* dataclass itself reads the fields (`dataclass(init=False, repr=False, eq=False)` compiles nothing),
  so `dataclasses.fields`, `replace`, `asdict` and `__match_args__` work as for any dataclass;
* `__init__` is the one method compiled per class, written as dataclass writes a frozen one (each
  field set through `object.__setattr__`, defaults in the signature, factories for what was not given);
* `__setattr__` and `__delattr__` raise `FrozenInstanceError` as dataclass's do, closures made per
  class without compiling;
* `__eq__`, `__hash__` and `__repr__` are shared by every record and read the class's fields
  through one getter per class.

tests/test_record.py holds each to the frozen dataclass of the same class body. The one visible
difference: `__dataclass_params__.frozen` is False (dataclass made the fields, record the freezing),
so record does dataclass's own refusal of a frozen class with a non-frozen dataclass base itself.
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
_Method = Callable[..., None]


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(cls: type[T] | None = None, /, *, kw_only: bool = False) -> type[T] | Callable[[type[T]], type[T]]:
    """`@record` or `@record(kw_only=True)`, where one writes `@dataclass(frozen=True[, kw_only=True])`."""

    def make(cls: type[T]) -> type[T]:
        own = dict(cls.__dict__)
        for method in ("__setattr__", "__delattr__"):
            if method in own:  # as dataclass(frozen=True) refuses it
                raise TypeError(f"Cannot overwrite attribute {method} in class {cls.__name__}")
        documented = bool(own.get("__doc__"))
        if not documented:  # spares dataclass wording one from inspect.signature(); made below from the fields
            cls.__doc__ = cls.__name__
        for base in cls.__mro__[1:]:
            params = vars(base).get("__dataclass_params__")  # a dataclass's own (a plain subclass has none)
            if params is not None and base not in _RECORDS and not params.frozen:
                raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
        made = dataclasses.dataclass(cls, init=False, repr=False, eq=False, kw_only=kw_only)
        fields = dataclasses.fields(made)  # type: ignore[arg-type]
        if any(_is_init_var(item.type) for item in made.__dataclass_fields__.values()):  # type: ignore[attr-defined]
            raise TypeError(f"{cls.__name__}: a record takes no InitVar pseudo-fields")
        if "__init__" not in own:
            made.__init__ = _init(made, fields)  # type: ignore[method-assign,misc]
        made.__setattr__, made.__delattr__ = _frozen(made, fields)  # type: ignore[method-assign,assignment]
        _RECORDS.add(made)
        if not documented:
            made.__doc__ = f"{cls.__name__}({', '.join(field.name for field in fields if field.init)})"
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


_RECORDS: set[type] = set()  # every class record made: frozen, though its __dataclass_params__ says not

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


def _is_init_var(annotation: Any) -> bool:
    if isinstance(annotation, str):  # under `from __future__ import annotations`
        return annotation.startswith(("InitVar", "dataclasses.InitVar"))
    return annotation is dataclasses.InitVar or isinstance(annotation, dataclasses.InitVar)


_FACTORY = object()  # an __init__ parameter left to its default_factory


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """The class's __init__, as dataclass(frozen=True) writes it: each field set through
    object.__setattr__, defaults bound in the signature, factories called for what was not given."""
    this = "__record_self__" if any(field.name == "self" for field in fields) else "self"
    namespace: dict[str, Any] = {"__name__": cls.__module__, "__record_set__": object.__setattr__,
                                 "__record_factory__": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    defaulted = False
    for field in fields:
        name = field.name
        has_factory = field.default_factory is not dataclasses.MISSING
        if has_factory:
            namespace[f"__record_make_{name}__"] = field.default_factory
        if not field.init:
            if has_factory:
                body.append(f"__record_set__({this}, {name!r}, __record_make_{name}__())")
            continue
        if field.default is not dataclasses.MISSING:
            namespace[f"__record_default_{name}__"] = field.default
            parameter = f"{name}=__record_default_{name}__"
        elif has_factory:
            parameter = f"{name}=__record_factory__"
        else:
            parameter = name
        if field.kw_only:
            keyword.append(parameter)
        else:
            if parameter == name and defaulted:
                raise TypeError(f"non-default argument {name!r} follows default argument")
            defaulted = parameter != name
            positional.append(parameter)
        value = f"__record_make_{name}__() if {name} is __record_factory__ else {name}" if has_factory else name
        body.append(f"__record_set__({this}, {name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append(f"{this}.__post_init__()")
    parameters = ", ".join([this] + positional + (["*"] + keyword if keyword else []))
    lines = "\n    ".join(body or ["pass"])
    exec(f"def __init__({parameters}):\n    {lines}\n", namespace)  # noqa: S102 - text made from field names
    made: Callable[..., None] = namespace["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    return made


def _frozen(cls: type[Any], fields: tuple[dataclasses.Field[Any], ...]) -> tuple[_Method, _Method]:
    """__setattr__ and __delattr__ as dataclass(frozen=True) writes them, made without compiling source."""
    names = frozenset(field.name for field in fields)

    def setattr_(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def delattr_(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    for method, name in ((setattr_, "__setattr__"), (delattr_, "__delattr__")):
        method.__name__, method.__qualname__ = name, f"{cls.__qualname__}.{name}"
    return setattr_, delattr_
