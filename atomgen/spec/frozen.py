"""The model's one immutable mapping: what a frozen record holds where the spec writes a mapping."""

from __future__ import annotations

from typing import Any, ItemsView, Iterator, KeysView, Mapping, TypeVar, ValuesView, overload

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class FrozenMap(Mapping[K, V]):
    """A read-only mapping that pickles (the check workers send models back) and hashes."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._items: dict[K, V] = dict(items or {})

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    # The dict's own methods: Mapping's mixins reach them through __getitem__ and KeyError, and check
    # calls get() some 60,000 times a run (bench/bench_check.py).
    def __contains__(self, key: object) -> bool:
        return key in self._items

    @overload
    def get(self, key: K, /) -> V | None: ...

    @overload
    def get(self, key: K, default: V | T, /) -> V | T: ...

    def get(self, key: K, default: object = None, /) -> object:
        return self._items.get(key, default)

    def keys(self) -> KeysView[K]:
        return self._items.keys()

    def items(self) -> ItemsView[K, V]:
        return self._items.items()

    def values(self) -> ValuesView[V]:
        return self._items.values()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        return isinstance(other, Mapping) and self._items == dict(other.items())

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __getstate__(self) -> dict[K, V]:
        return self._items

    def __setstate__(self, state: dict[K, V]) -> None:
        self._items = state


def frozen(value: object) -> object:
    """Spec data made immutable: mappings become FrozenMaps, lists tuples."""
    if isinstance(value, Mapping):
        return FrozenMap({key: frozen(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(frozen(item) for item in value)
    return value


EMPTY: FrozenMap[Any, Any] = FrozenMap()
