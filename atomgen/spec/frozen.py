"""The model's one immutable mapping: what a frozen record holds where the spec writes a mapping."""

from __future__ import annotations

from typing import Any, Iterator, Mapping, TypeVar

K = TypeVar("K")
V = TypeVar("V")


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
