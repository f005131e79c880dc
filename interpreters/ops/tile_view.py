"""Interpreter functions of the views: `pto.treshape` and `pto.talias` (a tile of another type
over the same bytes; a window of a subview has no contiguous bytes: refused) and `pto.subview`, a
`SubTile` viewing a window of its parent.

The view shares the parent's storage (subview.md: no data movement): element (i, j) is
the parent's (r + i, c + j), read and written through the parent, so writes through either
are seen by the other. An ND parent gives a strided numpy view; a boxed one is read and
written element-wise through the parent's box layout. The window's valid region must lie
within the parent's rows and columns at run time; the rest of the window may reach past
them (PTOAS's verifier bounds only the valid region, and its model kernels take a 16-row
window of one valid row at any row): such a window reads zeros there, and a write that
reaches past the parent is an error (docs/semantics.md).
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, Tile, static_or
from pto_dialect.ops.tile_view import ReinterpretOp, WindowViewOp
from pto_dialect.tile_types import TileTypeBase


@dataclass(eq=False)
class SubTile(Tile):
    """A window of `parent` at `at`, of this tile's type's shape."""

    parent: Tile = field(kw_only=True)
    at: tuple[int, int] = field(kw_only=True)

    def _window(self, array: np.ndarray) -> np.ndarray:
        (r, c), (rows, cols) = self.at, self.type.shape
        return array[r : r + rows, c : c + cols]

    @property
    def inside(self) -> tuple[int, int]:
        """The rows and columns of the window that lie within the parent."""
        (r, c), (rows, cols), (pr, pc) = self.at, self.type.shape, self.parent.type.shape
        return min(rows, pr - r), min(cols, pc - c)

    @property
    def clipped(self) -> bool:
        """Whether the window reaches past the parent's rows or columns."""
        return self.inside != self.type.shape

    def storage(self) -> np.ndarray:
        raise PtoRuntimeError(
            "a pto.subview tile has no storage of its own (its rows keep the parent's "
            "stride): this op cannot take it"
        )

    def view(self) -> np.ndarray | None:
        if self._view is None and not self.clipped:
            parent = self.parent.view()
            self._view = None if parent is None else self._window(parent)
        return self._view

    def get(self) -> np.ndarray:
        view = self.view()
        if view is not None:
            return view
        window = self._window(self.parent.get())
        if not self.clipped:
            return window
        full = np.zeros(self.type.shape, window.dtype)  # past the parent: zeros
        full[: window.shape[0], : window.shape[1]] = window
        return full

    def set(self, values: np.ndarray, rows: int | None = None, cols: int | None = None) -> None:
        r = values.shape[0] if rows is None else rows
        c = values.shape[1] if cols is None else cols
        ir, ic = self.inside
        check(
            r <= ir and c <= ic,
            f"a write of {r}x{c} elements through a pto.subview at {self.at} reaches past "
            f"its source's {self.parent.type.shape[0]}x{self.parent.type.shape[1]}",
        )
        with self.parent.edit() as contents:
            self._window(contents)[:r, :c] = values[:r, :c]

    @contextmanager
    def edit(self) -> Generator[np.ndarray]:
        if not self.clipped:
            with self.parent.edit() as contents:
                yield self._window(contents)
            return
        full = self.get().copy()
        yield full
        self.set(full, *self.inside)

    def access(self) -> Access:
        """The parent's bytes (a window's rows are spread over them)."""
        return self.parent.access()


@register_functions
class TileViewFunctions(MachineFunctions):
    @implements(WindowViewOp)
    def run_subview(
        self, interpreter: Interpreter, op: WindowViewOp, args: PythonValues
    ) -> PythonValues:
        parent = args[0]
        if not isinstance(parent, Tile):
            raise PtoRuntimeError("pto.subview source is not a tile buffer")
        at = (int(args[1]), int(args[2]))
        result = op.result.type
        rows, cols = result.shape
        vr, vc = result.valid_shape
        if op.valid_row is not None:
            vr, vc = min(int(args[3]), rows), min(int(args[4]), cols)
        vr, vc = static_or(vr, rows), static_or(vc, cols)
        check(
            at[0] >= 0
            and at[1] >= 0
            and at[0] + vr <= parent.type.shape[0]
            and at[1] + vc <= parent.type.shape[1],
            f"pto.subview window {rows}x{cols} (valid {vr}x{vc}) at ({at[0]}, {at[1]}) "
            f"exceeds the source's {parent.type.shape[0]}x{parent.type.shape[1]}",
        )
        tile = SubTile(parent.memory, parent.address, result, vr, vc, parent=parent, at=at)
        return (tile,)

    @implements(ReinterpretOp)
    def run_treshape(
        self, interpreter: Interpreter, op: ReinterpretOp, args: PythonValues
    ) -> PythonValues:
        src = args[0]
        if not isinstance(src, Tile) or isinstance(src, SubTile):
            raise PtoRuntimeError(
                f"{op.name} source must be a tile with its own storage, not a pto.subview"
            )
        result = op.result.type
        assert isinstance(result, TileTypeBase)
        rows, cols = result.shape
        vr, vc = result.valid_shape
        return (Tile(src.memory, src.address, result, static_or(vr, rows), static_or(vc, cols)),)
