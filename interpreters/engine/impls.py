"""How the project registers interpreter functions: one style, keyed by op class.

`@implements(A, B, ...)` marks a method as the implementation of ops `A`, `B`: concrete op
classes or family base classes, which stand for every op of the dialect derived from them.
`@register_functions` on the class expands the families and hands the result to xDSL's
`register_impls`. So a new op of a family needs no interpreter line at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from xdsl import interpreter as xi
from xdsl.interpreter import InterpreterFunctions, impl
from xdsl.ir import Operation

from pto_dialect.by_name import members

_F = TypeVar("_F", bound=Callable[..., Any])
_C = TypeVar("_C", bound=type[InterpreterFunctions])

_MARK = "__pto_implements__"

PLAIN = "__pto_plain__"
"""Attribute of a registered implementation: the method it wraps, which returns the op's
result values itself (`PtoInterpreter` calls it without xDSL's `OpImplResult`)."""


def concrete_ops(family: type[Operation]) -> list[type[Operation]]:
    """The ops of the dialect that are `family` or derive from it, in dialect order; an op
    of another dialect stands for itself (only the modules that hold them are imported:
    `by_name`)."""
    return members(family)


def implements(*ops: type[Operation]) -> Callable[[_F], _F]:
    """Marks a method `(self, interpreter, op, args) -> results` as the implementation of
    `ops` (op classes or family base classes)."""

    def mark(method: _F) -> _F:
        setattr(method, _MARK, ops)
        return method

    return mark


def register_functions(cls: _C) -> _C:
    """`register_impls` of `cls` with every `@implements` family expanded to its ops."""
    for name, method in list(vars(cls).items()):
        families: tuple[type[Operation], ...] | None = getattr(method, _MARK, None)
        if families is None:
            continue
        ops = {op: None for family in families for op in concrete_ops(family)}
        for op in ops:
            wrapped = impl(op)(method)
            setattr(wrapped, PLAIN, method)
            setattr(cls, f"_impl_{name}_{op.__name__}", wrapped)
    return register_impls(cls)


_KINDS = (
    (xi._IMPL_OP_TYPE_KEY, xi._IMPL_DICT_KEY),  # pyright: ignore[reportPrivateUsage]
    (xi._CAST_IMPL_TYPES_KEY, xi._CAST_IMPL_DICT_KEY),  # pyright: ignore[reportPrivateUsage]
    (xi._EXT_FUNC_NAME_KEY, xi._EXT_FUNC_DICT_KEY),  # pyright: ignore[reportPrivateUsage]
    (xi._ATTR_IMPL_TYPES_KEY, xi._ATTR_IMPL_DICT_KEY),  # pyright: ignore[reportPrivateUsage]
    (xi._CALLABLE_OP_TYPE_KEY, xi._CALLABLE_IMPL_DICT_KEY),  # pyright: ignore[reportPrivateUsage]
)
"""Per kind of implementation xDSL registers: the mark on a method, the table of the class."""


def register_impls(cls: _C) -> _C:
    """xDSL's `register_impls` (the same tables, by the same rules: a subclass's method
    wins), reading the marks in each method's own attributes instead of listing all of its
    attributes (`__dir__`, most of the cost of registering a class; test_pto_interpreter.py
    compares the two)."""
    tables: list[dict[object, object]] = [{} for _ in _KINDS]
    for owner in cls.mro():
        for value in vars(owner).values():
            marks: dict[str, object] = getattr(value, "__dict__", {})
            for (mark, _), table in zip(_KINDS, tables, strict=True):
                if mark in marks:
                    table.setdefault(marks[mark], value)
                    break
    for (_, key), table in zip(_KINDS, tables, strict=True):
        setattr(cls, key, table)
    return cls
