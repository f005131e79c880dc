"""Interpreter function of the pad fills (every `FillPadTileOp`).

Over dst's valid region (A2/A3, A5) or its whole tile (CPU simulator;
`rules.FILLPAD_WHOLE_TILE`): src's element inside src's valid region, the pad value
elsewhere (dst's `pad`; zero for a mat tile and, whatever the pad, the byte 0 for A5's
8-bit floats). Nothing is written when dst's valid region is
empty (cpu/TFillPad.hpp returns early).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Tile
from pto_dialect.attrs import Location, PadValue
from pto_dialect.ops.tile_fillpad import FillPadTileOp
from pto_dialect.ops.vector_load import VldsOp
from pto_dialect.rules import FILLPAD_WHOLE_TILE, pad_scalar


@register_functions
class TileFillPadFunctions(MachineFunctions):
    @implements(FillPadTileOp)
    def run_fillpad(
        self, interpreter: Interpreter, op: FillPadTileOp, args: PythonValues
    ) -> PythonValues:
        src, dst = cast(Tile, args[0]), cast(Tile, args[1])
        target = self.machine.target
        rows, cols = dst.type.shape if FILLPAD_WHOLE_TILE[target.arch] else dst.valid
        if self.machine.pipes.tracking:
            repeats = costs.repeats_for(rows * cols * dst.dtype.bytes)
            cycles = costs.vector_cycles(target, VldsOp, dst.dtype, repeats)
            self.on_pipe(op, [src.access()], [dst.access()], cycles)
        if dst.valid_rows == 0 or dst.valid_cols == 0:
            return ()
        pad = PadValue.ZERO if dst.location is Location.MAT else dst.type.pad.data
        if dst.dtype.is_float and dst.dtype.bits == 8 and pad is not PadValue.NULL:
            pad = PadValue.ZERO  # A5's 8-bit floats pad with the byte 0 (PadValueMap)
        out = np.full((rows, cols), pad_scalar(dst.dtype, pad), dst.dtype.numpy)
        vr, vc = min(src.valid_rows, rows), min(src.valid_cols, cols)
        out[:vr, :vc] = src.get()[:vr, :vc]
        dst.set(out)
        return ()
