"""Interpreter functions of the column reductions (every `ColReduceTileOp`).

They bridge IR and `semantics.reduce`; `STEPS` is the one line per op: the reduction step
of each op class. An SSA result is a fresh tile whose dynamic valid sizes the op's record
gives (`result_region`: 1 row, the source's valid columns). In DPS form `tcolsum`'s scratch
tile receives the partial sums of the pairwise path; in SSA form the scratch tile is a
value and is left unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics import reduce
from pto_dialect.ops.tile_reduce import (
    ColReduceTileOp,
    TColMaxOp,
    TColMinOp,
    TColProdOp,
    TColSumOp,
)
from pto_dialect.rules import REDUCE_RULES

STEPS: Mapping[type[ColReduceTileOp], reduce.StepMaker] = MappingProxyType(
    {
        TColMinOp: reduce.min_step,
        TColMaxOp: reduce.max_step,
        TColSumOp: reduce.add_step,
        TColProdOp: reduce.mul_step,
    }
)
"""The reduction step of each column reduction (docs/semantics.md)."""


@register_functions
class TileReduceFunctions(MachineFunctions):
    @implements(ColReduceTileOp)
    def run_col_reduce(
        self, interpreter: Interpreter, op: ColReduceTileOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        check(
            cols == dst.valid_cols,
            f"src valid cols {cols} must equal the dst valid cols {dst.valid_cols}",
        )
        binary = isinstance(op, TColSumOp) and op.binary
        if self.machine.pipes.tracking:
            cycles = costs.col_reduce_cycles(self.machine.target, type(op), src.dtype, rows,
                                             cols, binary)  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        rules = REDUCE_RULES[self.machine.target.arch]
        region = src.get()[:rows, :cols]
        with dst.edit() as contents:
            if not binary:
                reduce.col_reduce(STEPS[type(op)], region, contents[0, :cols], rules)
                return results
            if len(op.ins) == 1:  # PTOAS level 2: a materialised tmp nobody reads afterwards
                scratch = np.zeros((max(rows // 2, 1), cols), src.dtype.numpy)
                reduce.col_sum_binary(region, contents[0, :cols], scratch, src.dtype, rules)
                return results
            tmp = cast(Tile, args[1])
            if op.is_dps:
                with tmp.edit() as scratch:
                    reduce.col_sum_binary(region, contents[0, :cols], scratch, src.dtype, rules)
            else:
                scratch = tmp.get().copy()
                reduce.col_sum_binary(region, contents[0, :cols], scratch, src.dtype, rules)
        return results
