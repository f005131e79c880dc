"""Base of the interpreter functions that run a tile op through a numpy kernel of its class.

The elementwise and tile-scalar bridges share it: the op's kernel, made once per op and
reused on every run of it (its dtype and the target are fixed). `stored_region` is how an
operand whose run-time valid region differs from the one the op reads supplies it.
"""

from __future__ import annotations

import numpy as np

from interpreters.engine.errors import check
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Tile
from interpreters.semantics.elementwise import Kernel, Maker
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import TileOp


class TileKernelFunctions(MachineFunctions):
    """Interpreter functions whose ops each run one cached kernel into a destination tile."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._kernels: dict[TileOp, Kernel] = {}

    def kernel(self, op: TileOp, make: Maker, dtype: DType) -> Kernel:
        """The op's computation: made by `make` on the op's first run, then reused."""
        kernel = self._kernels.get(op)
        if kernel is None:
            kernel = self._kernels[op] = make(dtype, self.machine.target.arch)
        return kernel


def stored_region(src: Tile, role: str, rows: int, cols: int) -> np.ndarray:
    """The top-left `rows x cols` of `src`'s storage, whatever its valid region.

    pto-isa checks an operand's run-time valid region against dst's only with `PTO_ASSERT`,
    a debug check compiled out on the board; the instructions then address dst's valid
    region in the operand's storage (docs/decisions.md, "operand valid regions checked only
    by PTO_ASSERT"). A region past the operand's storage is an error.
    """
    have_rows, have_cols = src.type.shape
    check(
        rows <= have_rows and cols <= have_cols,
        f"{role} tile {have_rows}x{have_cols} cannot supply the {rows}x{cols} region the op "
        f"reads (its valid region is {src.valid_rows}x{src.valid_cols})",
    )
    return src.get()[:rows, :cols]
