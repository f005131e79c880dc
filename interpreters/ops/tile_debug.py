"""Interpreter function of `tprint`: the tile's printout (`semantics.debug`) appended to
the machine's output stream (`Machine.printed`); with a GM scratch `tmp`, pto-isa's
`TPRINT(src, tmp)` then prints the tile's rows x cols elements at the scratch's start too
(a2a3/TPrint.hpp TPrintMatOrAccTileByTmp: a vec tile is not copied into it)."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import TensorView, Tile
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
        fmt = op.print_format
        self.machine.printed.append(format_tile(src.get(), src.valid, src.dtype, layout, fmt))
        if len(args) == 2:
            tmp = args[1]
            assert isinstance(tmp, TensorView)
            rows, cols = src.type.shape
            flat = tmp.memory.typed(tmp.offset, src.dtype, rows * cols)
            scratch = flat.reshape(rows, cols).copy()
            self.machine.printed.append(format_tile(scratch, src.valid, src.dtype, layout, fmt))
        return ()
