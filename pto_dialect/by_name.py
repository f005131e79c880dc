"""The dialect's classes by name, each defined when first asked for (`name_index`).

Importing `pto_dialect.dialect` defines all of the dialect's six hundred op classes, a
quarter of a trivial `pto-run`. A kernel names a few: `PtoContext` finds each by its name
here and imports only the module that defines it, and `members` finds the ops of a family
(for the interpreter's and the passes' class-keyed tables) by importing only the modules
that hold them.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from importlib import import_module
from typing import Any

from xdsl.ir import Attribute, Operation, TypeAttribute
from xdsl.irdl import IRDLOperation

from pto_dialect import name_index as index


def _class(module: str, where: str) -> Any:
    """The class `where` (a name, or `LIST[i]`) of the module `module`, imported."""
    name, _, place = where.partition("[")
    found = getattr(import_module(module), name)
    return found[int(place[:-1])] if place else found


def op_class(name: str) -> type[Operation] | None:
    """The op class named `name` (`pto.tadd`; an upstream op the dialect brings by its own
    name), defined now if it is not yet; None when the dialect has none."""
    entry = index.OPERATIONS.get(name)
    return None if entry is None else _class(entry[0], entry[1])


def attribute_class(name: str) -> type[Attribute] | None:
    """The attribute class named `name` (`pto.address_space`), or None."""
    entry = index.ATTRIBUTES.get(name)
    return None if entry is None else _class(*entry)


def type_class(name: str) -> type[TypeAttribute] | None:
    """The type class named `name` (`pto.tile`), or None."""
    entry = index.TYPES.get(name)
    return None if entry is None else _class(*entry)


@cache
def _families() -> dict[tuple[str, str], list[str]]:
    """Per family (module, qualified name): the names of the dialect's ops derived from it
    (itself included when it is one), in dialect order."""
    where = {key: (module, key.rpartition(":")[2]) for key, module in index.FAMILIES.items()}
    found: defaultdict[tuple[str, str], list[str]] = defaultdict(list)
    for name, (_, _, families) in index.OPERATIONS.items():
        for family in families:
            found[where[family]].append(name)
    return dict(found)


def members(family: type) -> list[type[Operation]]:
    """The ops of the dialect that are `family` or derive from it, in dialect order (their
    modules imported); an op no other op derives from, or of another dialect, stands for
    itself."""
    if family in IRDLOperation.__mro__:  # a base of every op: the whole dialect
        from pto_dialect.dialect import PTO

        return list(PTO.operations)
    names = _families().get((family.__module__, family.__qualname__), [])
    ops = [op for op in map(op_class, names) if op is not None]
    return ops or [family]
