"""Interpreter functions of the tile generators (`tci`, `ttri`, `trandom`): dst's valid region from
the scalar operands (`semantics.generate`); tci's tmp is not read (its contents do not
change the result) but, on A2/A3, counts as written (the record's effects)."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics.generate import index_sequence, random_words, triangle
from interpreters.semantics.vector_arith import to_i32
from pto_dialect.ops.tile_generate import GenerateTileOp, TCIOp, TRandomOp, TTriOp


@register_functions
class TileGenerateFunctions(MachineFunctions):
    def _cost(
        self, op: GenerateTileOp, args: PythonValues, dst: Tile, rows: int, cols: int
    ) -> None:
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), dst.dtype, rows, cols,
                                              dst.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)

    @implements(TCIOp)
    def run_tci(self, interpreter: Interpreter, op: TCIOp, args: PythonValues) -> PythonValues:
        """Row 0, dst's valid columns (the page: GetValidCol only)."""
        dst, results = self.destination(op, args)
        cols = dst.valid[1]
        self._cost(op, args, dst, 1, cols)
        values = index_sequence(cast(int, args[0]), cols, op.descending, dst.dtype)
        with dst.edit() as contents:
            contents[0, :cols] = values
        return results

    @implements(TTriOp)
    def run_ttri(self, interpreter: Interpreter, op: TTriOp, args: PythonValues) -> PythonValues:
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        self._cost(op, args, dst, rows, cols)
        diagonal = to_i32(cast(int, args[0]))
        with dst.edit() as contents:
            contents[:rows, :cols] = triangle(rows, cols, diagonal, op.upper, dst.dtype)
        return results

    @implements(TRandomOp)
    def run_trandom(
        self, interpreter: Interpreter, op: TRandomOp, args: PythonValues
    ) -> PythonValues:
        """A5's arrangement on every target (the CPU target follows A5)."""
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        self._cost(op, args, dst, rows, cols)
        words = [cast(int, a) & 0xFFFFFFFF for a in args[:6]]
        key = (words[0], words[1])
        counter = (words[2], words[3], words[4], words[5])
        values = random_words(key, counter, rows, cols, op.rounds)
        with dst.edit() as contents:
            contents[:rows, :cols] = values.view(dst.dtype.numpy)
        return results
