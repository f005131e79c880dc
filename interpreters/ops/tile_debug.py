"""Interpreter function of `tprint`: the tile's printout (`semantics.debug`) appended to
the machine's output stream (`Machine.printed`)."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics.debug import format_tile, layout_name
from pto_dialect.ops.tile_debug import TPrintOp


@register_functions
class TileDebugFunctions(MachineFunctions):
    @implements(TPrintOp)
    def run_tprint(
        self, interpreter: Interpreter, op: TPrintOp, args: PythonValues
    ) -> PythonValues:
        src = args[0]
        assert isinstance(src, Tile)
        if self.machine.pipes.tracking:
            self.on_pipe(op, *tile_accesses(op, args))
        layout = layout_name(src.type.blayout.data, src.type.slayout.data)
        self.machine.printed.append(format_tile(src.get(), src.valid, src.dtype, layout))
        return ()
