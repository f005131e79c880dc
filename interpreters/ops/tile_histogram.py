"""Interpreter function of `thistogram` (`semantics.histogram`)."""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics.histogram import cumulative_histogram
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.tile_histogram import BINS, THistogramOp


def _filters(idx: Tile, rows: int, wide: bool, byte: int, arch: TargetArch) -> np.ndarray:
    """The filter bytes: per src row (uint16: idx[r, 0]) or per higher byte (uint32:
    idx[k, 0] for byte 3 - k); A5 reads storage element r (the DN column) or k * cols."""
    count = 3 - byte if wide else rows
    if idx.valid[0] < count:
        raise PtoRuntimeError(f"idx valid rows {idx.valid[0]} must be at least {count}")
    if arch is TargetArch.A5:
        stride = idx.type.shape[1] if wide else 1
        return idx.storage()[: count * stride : stride].copy() if count else np.zeros(0, np.uint8)
    return idx.get()[:count, 0].copy()


@register_functions
class TileHistogramFunctions(MachineFunctions):
    @implements(THistogramOp)
    def run_thistogram(
        self, interpreter: Interpreter, op: THistogramOp, args: PythonValues
    ) -> PythonValues:
        src, idx = args[0], args[1]
        assert isinstance(src, Tile) and isinstance(idx, Tile)
        dst, results = self.destination(op, args)
        rows, cols = src.valid
        if dst.valid[0] < rows or dst.valid[1] < BINS:
            raise PtoRuntimeError(
                f"dst valid region {dst.valid[0]}x{dst.valid[1]} must hold {rows} rows of "
                f"{BINS} bins"
            )
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), src.dtype, rows,
                                              cols, src.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        wide = src.dtype.bits == 32
        filters = _filters(idx, rows, wide, op.byte, self.machine.target.arch)
        counts = cumulative_histogram(src.get()[:rows, :cols], op.byte, filters, wide)
        with dst.edit() as contents:
            contents[:rows, :BINS] = counts
        return results
