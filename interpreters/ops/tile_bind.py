"""Interpreter functions of `pto_dialect.ops.tile_bind`: `bind_tile` is its source buffer
(metadata only); a `pointer_cast` the parser did not make a tile (a buffer some non-tile op
uses) is refused: the interpreter's memrefs do not live in the on-chip memories."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.tile_bind import BindTileOp, PointerCastOp


@register_functions
class TileBindFunctions(MachineFunctions):
    @implements(BindTileOp)
    def run_bind_tile(
        self, interpreter: Interpreter, op: BindTileOp, args: PythonValues
    ) -> PythonValues:
        return (args[0],)

    @implements(PointerCastOp)
    def run_pointer_cast(
        self, interpreter: Interpreter, op: PointerCastOp, args: PythonValues
    ) -> PythonValues:
        raise PtoRuntimeError(
            "a pointer_cast buffer runs only as a tile: every use must be a tile op, and it "
            "must have one address and a tile's shape"
        )
