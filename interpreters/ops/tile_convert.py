"""Interpreter function of `pto.tcvt`: `semantics.convert.convert` over the valid region.

The source's valid region must equal the destination's (tcvt.md, "compatible shapes"); the
round mode is the op's (RINT by default) and the saturation the op's or the target's
default for the pair (`rules.CONVERT_RULES`).
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
from interpreters.semantics import mx_formats
from interpreters.semantics.convert import convert
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import FP4_DTYPES
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
        if src.dtype in FP4_DTYPES or dst.dtype in FP4_DTYPES:
            return self.fp4(op, args, src, dst, results)
        check(
            src.valid == dst.valid,
            f"src valid region {src.valid_rows}x{src.valid_cols} must equal the dst valid "
            f"region {rows}x{cols}",
        )
        target = self.machine.target
        wider = dst if target.arch is TargetArch.A2A3 and dst.dtype.bytes > src.dtype.bytes else src
        charge(self, op, args, (rows, cols), wider)  # A2/A3: repeats of the wider type
        wrap = CONVERT_RULES[target.arch].wrap_bits
        values = src.get()[:rows, :cols]
        converted = convert(
            values, src.dtype, dst.dtype, op.round_mode, op.saturation(target), wrap
        )
        with dst.edit() as contents:
            contents[:rows, :cols] = converted
        return results

    def fp4(
        self, op: TCvtOp, args: PythonValues, src: Tile, dst: Tile, results: PythonValues
    ) -> PythonValues:
        """bf16 <-> FP4: two values a byte, the even column's nibble low (PTOAS's
        board-tested tilelang_st tcvt golden); to FP4 rounds with the op's mode."""
        rows, cols = src.valid
        to_fp4 = dst.dtype in FP4_DTYPES
        want = (rows, cols * src.dtype.values // dst.dtype.values)
        check(
            dst.valid == want and cols * src.dtype.values % dst.dtype.values == 0,
            f"dst valid region {dst.valid_rows}x{dst.valid_cols} must be {want[0]}x{want[1]} "
            f"for src's {rows}x{cols} ({src.dtype} -> {dst.dtype}: FP4 holds two values a byte)",
        )
        charge(self, op, args, (rows, cols), src)
        values = src.get()[:rows, :cols]
        if to_fp4:
            nibbles = mx_formats.encode_fp4(values.astype(np.float64), dst.dtype, op.round_mode)
            converted = mx_formats.pack_fp4(nibbles)
        else:
            converted = mx_formats.unpack_fp4(values.astype(np.uint8), src.dtype)
        with dst.edit() as contents:
            contents[: want[0], : want[1]] = converted.astype(contents.dtype)
        return results
