"""Interpreter function of `pto.tpack`: each element of src's valid region keeps its low bytes
in dst (`semantics.rearrange.low_bytes`); dst's other elements keep their values."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Tile
from interpreters.semantics.rearrange import low_bytes
from pto_dialect.ops.tile_pack import TPackOp
from pto_dialect.ops.vector_load import VldsOp


@register_functions
class TilePackFunctions(MachineFunctions):
    @implements(TPackOp)
    def run_tpack(self, interpreter: Interpreter, op: TPackOp, args: PythonValues) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        check(
            (rows, cols) == dst.valid,
            f"tpack src valid {rows}x{cols} must equal dst valid {dst.valid[0]}x{dst.valid[1]}",
        )
        if self.machine.pipes.tracking:
            repeats = costs.repeats_for(rows * cols * dst.dtype.bytes)
            cycles = costs.vector_cycles(self.machine.target, VldsOp, dst.dtype, repeats)
            self.on_pipe(op, [src.access()], [dst.access()], cycles)
        packed = low_bytes(src.get()[:rows, :cols], dst.dtype)
        with dst.edit() as contents:
            contents[:rows, :cols] = packed
        return results
