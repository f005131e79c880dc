"""Interpreter functions of `tpartargmax` / `tpartargmin` (every `PartArgTileOp`).

Over dstVal's valid region: each source's (value, index) pair copied where only it is valid,
and on the overlap the pair `part_arg.takes_src1` picks for the target. A validity pattern
the implementations do not compute (one source's region is dst's, the other within it) or
index tiles whose regions differ from their value tiles' is a run-time error, as the
implementations' PTO_ASSERTs are.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics.part_arg import takes_src1
from pto_dialect.ops.tile_part_arg import PartArgTileOp
from pto_dialect.ops.tile_partial import supported_pattern


@register_functions
class TilePartArgFunctions(MachineFunctions):
    @implements(PartArgTileOp)
    def run_part_arg(
        self, interpreter: Interpreter, op: PartArgTileOp, args: PythonValues
    ) -> PythonValues:
        val0, val1, idx0, idx1, dst_val, dst_idx = (cast(Tile, a) for a in args)
        for value, index, role in ((val0, idx0, "src0"), (val1, idx1, "src1"),
                                   (dst_val, dst_idx, "dst")):  # fmt: skip
            check(
                value.valid == index.valid,
                f"{role}Idx valid region {index.valid_rows}x{index.valid_cols} must be the "
                f"{role}Val valid region {value.valid_rows}x{value.valid_cols}",
            )
        rows, cols = dst_val.valid
        check(
            supported_pattern(dst_val.valid, val0.valid, val1.valid),
            f"valid regions src0 {val0.valid_rows}x{val0.valid_cols}, src1 "
            f"{val1.valid_rows}x{val1.valid_cols}, dst {rows}x{cols}: one source's valid "
            "region must equal dst's and the other must not exceed it",
        )
        if self.machine.pipes.tracking:
            # One compare and two selects per 256 bytes of values.
            repeats = 3 * costs.repeats_for(rows * cols * dst_val.dtype.bytes)
            cycles = costs.vector_cycles(self.machine.target, type(op), dst_val.dtype, repeats)
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        if rows == 0 or cols == 0:
            return ()
        values = np.empty((rows, cols), dst_val.dtype.numpy)
        indices = np.empty((rows, cols), dst_idx.dtype.numpy)
        for value, index in ((val1, idx1), (val0, idx0)):
            r, c = value.valid
            values[:r, :c] = value.get()[:r, :c]
            indices[:r, :c] = index.get()[:r, :c]
        r, c = min(val0.valid_rows, val1.valid_rows), min(val0.valid_cols, val1.valid_cols)
        if r and c:
            first, second = val0.get()[:r, :c], val1.get()[:r, :c]
            pick = takes_src1(first, second, op.PICKS_MAX, self.machine.target.arch)
            values[:r, :c] = np.where(pick, second, first)
            indices[:r, :c] = np.where(pick, idx1.get()[:r, :c], idx0.get()[:r, :c])
        with dst_val.edit() as contents:
            contents[:rows, :cols] = values
        with dst_idx.edit() as contents:
            contents[:rows, :cols] = indices
        return ()
