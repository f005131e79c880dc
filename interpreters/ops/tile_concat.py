"""Interpreter function of `pto.tconcat`: `[src0 | src1]` over the sources' valid columns
and dst's valid rows; dst's other elements keep their values. The valid shapes must meet the
page's rules at run time (one row count, dst's columns the sum)."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Tile
from pto_dialect.ops.tile_concat import TConcatOp
from pto_dialect.ops.vector_load import VldsOp


@register_functions
class TileConcatFunctions(MachineFunctions):
    @implements(TConcatOp)
    def run_tconcat(
        self, interpreter: Interpreter, op: TConcatOp, args: PythonValues
    ) -> PythonValues:
        src0, src1 = cast(Tile, args[0]), cast(Tile, args[1])
        dst, results = self.destination(op, args)
        (r0, c0), (r1, c1), (rd, cd) = src0.valid, src1.valid, dst.valid
        check(
            r0 == r1 == rd and cd == c0 + c1,
            f"tconcat valid shapes src0 {r0}x{c0}, src1 {r1}x{c1}, dst {rd}x{cd}: the rows "
            "must be equal and dst's columns the sum of the sources'",
        )
        if self.machine.pipes.tracking:
            repeats = costs.repeats_for(rd * cd * dst.dtype.bytes)
            cycles = costs.vector_cycles(self.machine.target, VldsOp, dst.dtype, repeats)
            self.on_pipe(op, [src0.access(), src1.access()], [dst.access()], cycles)
        with dst.edit() as contents:
            contents[:rd, :c0] = src0.get()[:rd, :c0]
            contents[:rd, c0 : c0 + c1] = src1.get()[:rd, :c1]
        return results
