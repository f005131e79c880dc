"""Interpreter function of `pto.ttrans`: dst[j, i] = src[i, j] over src's valid region, the
bits copied; dst's other elements keep their values."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Tile
from pto_dialect.ops.tile_transpose import TTransOp
from pto_dialect.ops.vector_load import VldsOp


@register_functions
class TileTransposeFunctions(MachineFunctions):
    @implements(TTransOp)
    def run_ttrans(
        self, interpreter: Interpreter, op: TTransOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        check(
            cols <= dst.type.shape[0] and rows <= dst.type.shape[1],
            f"ttrans of src's valid {rows}x{cols} does not fit dst's "
            f"{dst.type.shape[0]}x{dst.type.shape[1]}",
        )
        if self.machine.pipes.tracking:
            repeats = costs.repeats_for(rows * cols * dst.dtype.bytes)
            cycles = costs.vector_cycles(self.machine.target, VldsOp, dst.dtype, repeats)
            reads = [t.access() for t in (src, *args[1 : len(op.ins)]) if isinstance(t, Tile)]
            self.on_pipe(op, reads, [dst.access()], cycles)
        block = src.get()[:rows, :cols].T.view(dst.dtype.numpy)
        with dst.edit() as contents:
            contents[:cols, :rows] = block
        return results
