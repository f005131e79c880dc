"""Interpreter functions of the row reductions (every `RowReduceTileOp`).

They bridge IR and `semantics.row_reduce`; `KINDS` is the one line per op. The step that
folds the per-register results is the op's `STEP_OP` with the vector semantics
(`vector_arith.BINARY`, the target's `VECTOR_ARITH_RULES`), so that the tile op and the
vector code it lowers to compute the same bytes; the order of the steps is the target's
(`rules.ROW_REDUCE_ORDER`). `tmp` is left as it is (the lowered code keeps its partial
results in registers). An SSA result is a fresh tile of the source's valid rows and one column.
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
from interpreters.ops.vector_arith import BINARY
from interpreters.semantics import row_reduce
from interpreters.semantics import vector_arith as vsem
from pto_dialect.dtypes import DType
from pto_dialect.ops.tile_row_reduce import (
    RowReduceTileOp,
    TRowMaxOp,
    TRowMinOp,
    TRowProdOp,
    TRowSumOp,
)
from pto_dialect.rules import ROW_REDUCE_ORDER, VECTOR_ARITH_RULES, RowOrder, VectorArithRules

KINDS: Mapping[type[RowReduceTileOp], str] = MappingProxyType(
    {TRowSumOp: "sum", TRowMaxOp: "max", TRowMinOp: "min", TRowProdOp: "prod"}
)
"""What each row reduction computes (semantics.row_reduce)."""


def reduce_rows(
    op: type[RowReduceTileOp], src: np.ndarray, dtype: DType, rules: VectorArithRules,
    order: RowOrder = RowOrder.CROSS_FIRST,
) -> np.ndarray:  # fmt: skip
    """The R results of row reduction `op` of the R x C region `src`, in `order`
    (`rules.ROW_REDUCE_ORDER` of the target; `trowprod` has one order)."""
    kind = KINDS[op]
    if kind == "prod":
        return row_reduce.row_prod(src)
    lane_op = BINARY[op.STEP_OP]

    def step(acc: np.ndarray, partial: np.ndarray) -> np.ndarray:
        mask = np.ones(acc.shape, np.bool_)
        return vsem.binary(lane_op, acc, partial, mask, dtype, rules)

    if order is RowOrder.LANES_FIRST:
        return row_reduce.lanes_first(kind, src, step)
    return row_reduce.row_reduce(kind, src, step)


@register_functions
class TileRowReduceFunctions(MachineFunctions):
    @implements(RowReduceTileOp)
    def run_row_reduce(
        self, interpreter: Interpreter, op: RowReduceTileOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        check(
            rows == dst.valid_rows,
            f"dst valid rows {dst.valid_rows} must equal the src valid rows {rows}",
        )
        if rows == 0:  # no row to write (the emptiness check is a debug PTO_ASSERT)
            return results
        check(cols != 0, f"src valid region {rows}x{cols} must not be empty")
        if self.machine.pipes.tracking:
            cycles = costs.row_reduce_cycles(self.machine.target, type(op), src.dtype, rows,
                                             cols, src.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        arch = self.machine.target.arch
        values = reduce_rows(type(op), src.get()[:rows, :cols], src.dtype,
                             VECTOR_ARITH_RULES[arch], ROW_REDUCE_ORDER[arch])  # fmt: skip
        with dst.edit() as contents:
            contents[:rows, 0] = values
        return results
