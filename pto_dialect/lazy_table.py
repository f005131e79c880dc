"""Class-keyed tables: built on their first lookup (`OnFirstUse`), read through a class's
families (`family_entry`).

A table keyed by op classes imports the modules of all of them; when its module is imported
by every run (the cost model's figures, say) that is many op modules a small kernel never
uses. `OnFirstUse` takes a function that imports them and returns the table, and calls it
when the table is first read: keys stay classes (`by_name`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar, overload

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")


class OnFirstUse(Mapping[K, V]):
    """The mapping `build()` returns, built when first read."""

    __slots__ = ("_build", "_table")

    def __init__(self, build: Callable[[], Mapping[K, V]]) -> None:
        self._build = build
        self._table: Mapping[K, V] | None = None

    def table(self) -> Mapping[K, V]:
        if self._table is None:
            self._table = self._build()
        return self._table

    def __getitem__(self, key: K) -> V:
        return self.table()[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self.table())

    def __len__(self) -> int:
        return len(self.table())

    def __contains__(self, key: object) -> bool:
        return key in self.table()

    @overload
    def get(self, key: K, /) -> V | None: ...
    @overload
    def get(self, key: K, default: V | D, /) -> V | D: ...
    def get(self, key: K, default: V | D | None = None, /) -> V | D | None:
        return self.table().get(key, default)


def family_entry(table: Mapping[type[Any], V], cls: type) -> V | None:
    """The entry of `cls` or of its nearest family (base class) that has one, None when
    neither it nor a family has."""
    for family in cls.__mro__:
        found = table.get(family)
        if found is not None:
            return found
    return None
