"""Interpreter functions of the arg-reductions (every `ArgReduceTileOp`, index-only mode).

They bridge IR and `semantics.arg_reduce`. The indices are written in dst's element type
(`i32`/`ui32`); `tmp` is left as it is (A5 uses no scratch). An SSA result is a fresh tile of
the record's result region (row: R x 1; column: 1 x C).
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics import arg_reduce
from pto_dialect.ops.tile_arg_reduce import ArgReduceTileOp


@register_functions
class TileArgReduceFunctions(MachineFunctions):
    @implements(ArgReduceTileOp)
    def run_arg_reduce(
        self, interpreter: Interpreter, op: ArgReduceTileOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        check(rows != 0 and cols != 0, f"src valid region {rows}x{cols} must not be empty")
        if op.ROW:
            dst_rows = dst.valid_rows
            check(
                rows == dst_rows, f"dst valid rows {dst_rows} must equal the src valid rows {rows}"
            )
        else:
            dst_cols = dst.valid_cols
            check(
                cols == dst_cols, f"dst valid cols {dst_cols} must equal the src valid cols {cols}"
            )
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), src.dtype, rows,
                                              cols, src.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        region = src.get()[:rows, :cols]
        with dst.edit() as contents:
            if op.ROW:
                index = arg_reduce.row_arg(region, op.LARGEST)
                contents[:rows, 0] = index.astype(contents.dtype)
            else:
                index = arg_reduce.col_arg(region, op.LARGEST)
                contents[0, :cols] = index.astype(contents.dtype)
        return results
