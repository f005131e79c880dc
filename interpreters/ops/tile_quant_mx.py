"""Interpreter function of `tquant.mx` (`semantics.mx_quant`).

Over src's valid region (A5 quantises the valid columns; the CPU simulator's axis1 loop also
runs over the padding columns, whose groups land outside the valid regions written here).
Each group-shaped destination receives its values in row-major order over its valid region:
[M, N/32] or the flat [1, M*N/32] (axis1), [M/32, N] (axis0), the interleaved exponents
[M/64, 2N] (byte 2j + h of row p: group row 2p + h, column j), `exp_zz` the exponents in ZZ
order. MXFP4 clears the whole dst first (`InitMxOutput`) and packs two values a byte, the
even column in the low nibble.
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
from interpreters.semantics import mx_quant
from pto_dialect.dtypes import BF16
from pto_dialect.ops.tile_quant_mx import MX_GROUP, TQuantMxOp


def _place(tile: Tile, values: np.ndarray) -> None:
    """`values` in row-major order over `tile`'s valid region, in its element type."""
    rows, cols = tile.valid
    with tile.edit() as contents:
        contents[:rows, :cols] = values.reshape(rows, cols).astype(tile.dtype.numpy)


@register_functions
class TileQuantMxFunctions(MachineFunctions):
    @implements(TQuantMxOp)
    def run_tquant_mx(
        self, interpreter: Interpreter, op: TQuantMxOp, args: PythonValues
    ) -> PythonValues:
        src, dst, exp, peak, scaling, *zz = (cast(Tile, a) for a in args)
        rows, cols = src.valid
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), src.dtype, rows,
                                              cols, src.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        values = src.get()[:rows, :cols].astype(np.float32)
        if op.by_column:
            groups = values.reshape(rows // MX_GROUP, MX_GROUP, cols).transpose(0, 2, 1)
        else:
            groups = values.reshape(rows, cols // MX_GROUP, MX_GROUP)
        fmt: mx_quant.Format = "fp4" if op.fp4 else "fp8"
        codes, exponent, maximum, multiplier = mx_quant.quantize(
            groups, fmt, op.nv, src.dtype == BF16
        )
        if op.by_column:
            codes = codes.transpose(0, 2, 1)
        codes = codes.reshape(rows, cols)
        if op.fp4:
            with dst.edit() as contents:
                contents[...] = 0
            codes = (codes[:, 0::2] | (codes[:, 1::2] << 4)).astype(np.uint8)
        _place(dst, codes.view(dst.dtype.numpy) if not op.fp4 else codes)
        if op.interleaved:
            pairs = exponent.reshape(-1, 2, cols).transpose(0, 2, 1)
            _place(exp, pairs.view(exp.dtype.numpy))
        else:
            _place(exp, exponent.view(exp.dtype.numpy))
        _place(peak, maximum)
        _place(scaling, multiplier)
        if zz:
            check(
                rows % 16 == 0 and exponent.shape[1] % 2 == 0,
                "exp_zz (ZZ order) needs src valid rows a multiple of 16 and an even number "
                "of groups per row (the CPU simulator's ReorderExponentZZ assertion)",
            )
            _place(zz[0], mx_quant.reorder_zz(exponent).view(zz[0].dtype.numpy))
        return ()
