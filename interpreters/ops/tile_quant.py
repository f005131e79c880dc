"""Interpreter functions of `tquant` and `tdequant` (`semantics.quant`).

The parameter tiles give one value per row: logical element (r, 0), except for tquant on
A5, which reads storage element r (the row-broadcast load `vlds(scale, ptr, row, BRC_B32)`
of a5/TQuant.hpp; (r, 0) for the pages' R x 1 column-major parameter tiles). The CPU
simulator's tdequant takes column min(c, C_param - 1) of the parameter tiles.
"""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.semantics.quant import dequantize, quantize
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.tile_quant import QuantTileOp, QuantType, TDequantOp, TQuantOp


def _per_row(param: Tile, rows: int, arch: TargetArch, role: str) -> np.ndarray:
    """Rows x 1: the parameter of each of `rows` rows."""
    if param.valid[0] < rows:
        raise PtoRuntimeError(
            f"{role} valid rows {param.valid[0]} must cover the {rows} rows of the region"
        )
    if arch is TargetArch.A5:
        return param.storage()[:rows].reshape(rows, 1)
    return param.get()[:rows, :1]


def _per_element(param: Tile, rows: int, cols: int, arch: TargetArch, role: str) -> np.ndarray:
    """Rows x cols (tdequant): the CPU's column min(c, C_param - 1), else (r, 0) on every
    target (A5's tdequant steps its parameter pointer by the tile's row stride)."""
    if param.valid[0] < rows:
        raise PtoRuntimeError(
            f"{role} valid rows {param.valid[0]} must cover the {rows} rows of the region"
        )
    if arch is not TargetArch.CPU or param.valid[1] <= 1:
        return param.get()[:rows, :1]  # a5/TDeQuant.hpp: row r at r * RowStride
    columns = np.minimum(np.arange(cols), param.valid[1] - 1)
    return param.get()[:rows][:, columns]


@register_functions
class TileQuantFunctions(MachineFunctions):
    def _run(self, op: QuantTileOp, args: PythonValues) -> tuple[Tile, PythonValues, int, int]:
        dst, results = self.destination(op, args)
        src = args[0]
        assert isinstance(src, Tile)
        if src.valid != dst.valid:
            raise PtoRuntimeError(
                f"src valid region {src.valid[0]}x{src.valid[1]} must equal the dst valid "
                f"region {dst.valid[0]}x{dst.valid[1]}"
            )
        rows, cols = src.valid
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), src.dtype, rows,
                                              cols, src.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        return dst, results, rows, cols

    @implements(TQuantOp)
    def run_tquant(
        self, interpreter: Interpreter, op: TQuantOp, args: PythonValues
    ) -> PythonValues:
        dst, results, rows, cols = self._run(op, args)
        arch = self.machine.target.arch
        src: Tile = args[0]
        scale = _per_row(args[1], rows, arch, "scale")
        offset = None
        if op.kind is QuantType.INT8_ASYM:
            offset = _per_row(args[2], rows, arch, "offset")
        values = quantize(src.get()[:rows, :cols], scale, offset, dst.dtype)
        with dst.edit() as contents:
            contents[:rows, :cols] = values
        return results

    @implements(TDequantOp)
    def run_tdequant(
        self, interpreter: Interpreter, op: TDequantOp, args: PythonValues
    ) -> PythonValues:
        dst, results, rows, cols = self._run(op, args)
        arch = self.machine.target.arch
        src: Tile = args[0]
        scale = _per_element(args[1], rows, cols, arch, "scale")
        offset = _per_element(args[2], rows, cols, arch, "offset")
        values = dequantize(src.get()[:rows, :cols], scale, offset)
        with dst.edit() as contents:
            contents[:rows, :cols] = values
        return results
