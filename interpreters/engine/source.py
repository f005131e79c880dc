"""Source locations of ops for `pto-run`'s messages (the parser is `pto_dialect.parsing`)."""

from __future__ import annotations

from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation

from pto_dialect.parsing import LocatingParser, parse_module

__all__ = ["LocatingParser", "location", "parse_module", "where"]


def location(op: Operation) -> str | None:
    """`file:line:col` of `op`, if it has one."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    return None


def where(op: Operation) -> str:
    """`name at file:line:col` for messages."""
    at = location(op)
    return op.name if at is None else f"{op.name} at {at}"
