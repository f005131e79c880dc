"""Parsing with source locations: every op gets `loc("file":line:col)` of its text."""

from __future__ import annotations

from bisect import bisect_right

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.ir import Operation
from xdsl.parser import Parser


class LocatingParser(Parser):
    """A parser that records where each op starts (line and column, 1-based)."""

    def __init__(self, ctx: Context, text: str, name: str) -> None:
        super().__init__(ctx, text, name)
        self._name = StringAttr(name)
        self._line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        op = super().parse_operation()
        if isinstance(op.location, UnknownLoc):
            line = bisect_right(self._line_starts, start)
            column = start - self._line_starts[line - 1] + 1
            op.location = FileLineColLoc(self._name, IntAttr(line), IntAttr(column))
        return op


def parse_module(ctx: Context, text: str, name: str) -> ModuleOp:
    return LocatingParser(ctx, text, name).parse_module()


def where(op: Operation) -> str:
    """`name at file:line:col` for messages."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{op.name} at {loc.filename.data}:{loc.line.data}:{loc.column.data}"
    return op.name
