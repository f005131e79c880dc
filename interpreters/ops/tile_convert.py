"""Interpreter function of `pto.tcvt`: `semantics.convert.convert` over the valid region.

The source's valid region must equal the destination's (tcvt.md, "compatible shapes"); the
round mode is the op's (RINT by default) and the saturation the op's or the target's
default for the pair (`rules.CONVERT_RULES`).
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics.convert import convert
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_convert import TCvtOp
from pto_dialect.rules import CONVERT_RULES


def charge(
    functions: MachineFunctions,
    op: TileOp,
    args: PythonValues,
    region: tuple[int, int],
    tile: Tile,
    by_rows: bool = False,
) -> None:
    """Put `op` on its pipe for its cost over `region` (rows, cols) of `tile`'s elements
    (`by_rows`: a loop per row on A5, `costs.tile_vector_cycles`)."""
    machine = functions.machine
    if machine.pipes.tracking:
        cycles = costs.tile_vector_cycles(machine.target, type(op), tile.dtype, *region,
                                          tile.type.shape[1], by_rows=by_rows)  # fmt: skip
        functions.on_pipe(op, *tile_accesses(op, args), cycles)


@register_functions
class TileConvertFunctions(MachineFunctions):
    @implements(TCvtOp)
    def run_tcvt(self, interpreter: Interpreter, op: TCvtOp, args: PythonValues) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        check(
            src.valid == dst.valid,
            f"src valid region {src.valid_rows}x{src.valid_cols} must equal the dst valid "
            f"region {rows}x{cols}",
        )
        charge(self, op, args, (rows, cols), src)
        target = self.machine.target
        wrap = CONVERT_RULES[target.arch].wrap_bits
        values = src.get()[:rows, :cols]
        converted = convert(
            values, src.dtype, dst.dtype, op.round_mode, op.saturation(target), wrap
        )
        with dst.edit() as contents:
            contents[:rows, :cols] = converted
        return results
