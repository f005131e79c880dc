"""Interpreter functions of the column reductions (`tcolmin`, `tcolmax`, `tcolsum`).

They bridge IR and `semantics.reduce`. An SSA result is a fresh tile whose dynamic
valid sizes are 1 row and the source's valid columns. In DPS form `tcolsum`'s scratch
tile receives the partial sums of the pairwise path; in SSA form the scratch tile is a
value and is left unchanged.
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls

from interpreters import costs
from interpreters.errors import check
from interpreters.machine import MachineFunctions
from interpreters.memory import Tile, static_or
from interpreters.semantics import reduce
from pto_dialect.ops.tile_reduce import ColReduceTileOp, TColMaxOp, TColMinOp, TColSumOp
from pto_dialect.types import TileTypeBase


@register_impls
class TileReduceFunctions(MachineFunctions):
    def _destination(self, op: ColReduceTileOp, args: PythonValues) -> tuple[Tile, PythonValues]:
        """The destination tile and the op's results."""
        if op.is_dps:
            return cast(Tile, args[len(op.ins)]), ()
        src = cast(Tile, args[0])
        type = cast(TileTypeBase, op.res[0].type)
        vr, vc = type.valid_shape
        dst = self.machine.tile_at(type, None, static_or(vr, 1), static_or(vc, src.valid_cols))
        return dst, (dst,)

    def _run(self, op: ColReduceTileOp, args: PythonValues) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self._destination(op, args)
        rows, cols = src.valid
        check(
            cols == dst.valid_cols,
            f"src valid cols {cols} must equal the dst valid cols {dst.valid_cols}",
        )
        reads = [cast(Tile, t).access() for t in args[: len(op.ins)]]
        self.on_pipe(op, reads, [dst.access()], costs.vector_cycles(
            self.machine.target, op.family, src.dtype,
            costs.repeats_for(rows * cols * src.dtype.bytes)))  # fmt: skip
        rules = reduce.RULES[self.machine.target.arch]
        region = src.get()[:rows, :cols]
        binary = isinstance(op, TColSumOp) and op.binary and len(op.ins) == 2
        with dst.edit() as contents:
            if not binary:
                reduce.col_reduce(op.family, region, contents[0, :cols], rules)
                return results
            tmp = cast(Tile, args[1])
            if op.is_dps:
                with tmp.edit() as scratch:
                    reduce.col_sum_binary(region, contents[0, :cols], scratch, src.dtype, rules)
            else:
                scratch = tmp.get().copy()
                reduce.col_sum_binary(region, contents[0, :cols], scratch, src.dtype, rules)
        return results

    @impl(TColMinOp)
    def run_tcolmin(
        self, interpreter: Interpreter, op: TColMinOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)

    @impl(TColMaxOp)
    def run_tcolmax(
        self, interpreter: Interpreter, op: TColMaxOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)

    @impl(TColSumOp)
    def run_tcolsum(
        self, interpreter: Interpreter, op: TColSumOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)
