"""Base of the interpreter functions that run a tile op through a numpy kernel of its class.

The elementwise and tile-scalar bridges share it: the op's destination (the DPS `outs`
tile, or a fresh tile whose dynamic valid sizes the op's record gives) and the op's kernel,
made once per op and reused on every run of it (its dtype and the target are fixed).
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import PythonValues

from interpreters.machine import Machine, MachineFunctions, TileShapes
from interpreters.memory import Tile, static_or
from interpreters.semantics.elementwise import Kernel, Maker
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import TileOp
from pto_dialect.types import TileTypeBase


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

    def destination(self, op: TileOp, args: PythonValues) -> tuple[Tile, PythonValues]:
        """The tile the op writes and the op's results: the DPS destination (which follows
        the sources) and none, or a fresh result tile and itself."""
        if op.outs:
            return args[len(op.ins)], ()
        result = cast(TileTypeBase, op.res[0].type)
        vr, vc = result.valid_shape
        rows, cols = op.result_region(TileShapes(op, args))
        dst = self.machine.tile_at(result, None, static_or(vr, rows), static_or(vc, cols))
        return dst, (dst,)
