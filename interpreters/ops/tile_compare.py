"""Interpreter functions of `tcmp`, `tcmps`, `tsel` and `tsels` (`semantics.compare`).

- `tcmp`/`tcmps`: the compared region is src0's valid region R x C; dst's valid region
  must have R rows and at least ceil(C / W) words (W the mask element's bits); its whole
  valid region is written (words past the predicates zero); src1
  lanes outside src1's valid region read all-one bits (tcmp.md); `tcmps`'s tile form
  compares with `src1[0, 0]`.
- `tsel`/`tsels`: dst's valid region R x C; the mask's valid region must cover R rows and
  ceil(C / W) words; `tsel` sources outside their valid regions read all-one bits, `tsels`'s
  src must have dst's valid region.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_a5
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from interpreters.ops.tile_convert import charge
from interpreters.semantics import compare as sem
from interpreters.semantics.elementwise import source_operand
from interpreters.semantics.vector_arith import broadcast
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.tile_compare import (
    MaskWritingTileOp,
    SelectTileOp,
    TCmpSOp,
    TSelSOp,
    packed_cols,
)
from pto_dialect.rules import COMPARE_RULES


def scalar_of(value: object, tile: Tile) -> np.generic:
    """A scalar operand as one element of `tile`'s type (integers: their low bits)."""
    return broadcast(cast(int | float, value), tile.dtype, 1)[0]


@register_functions
class TileCompareFunctions(MachineFunctions):
    @implements(MaskWritingTileOp)
    def run_compare(
        self, interpreter: Interpreter, op: MaskWritingTileOp, args: PythonValues
    ) -> PythonValues:
        src0 = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = src0.valid
        words = packed_cols(cols, dst.dtype.bits)
        check(
            dst.valid_rows == rows and dst.valid_cols >= words,
            f"dst valid region {dst.valid_rows}x{dst.valid_cols} must have {rows} rows and at "
            f"least {words} cols: the packed predicates of src0's {rows}x{cols} region in "
            f"{dst.dtype.bits}-bit words",
        )
        charge(self, op, args, (rows, cols), src0, by_rows=True)
        lhs = src0.get()[:rows, :cols]
        if isinstance(op, TCmpSOp) and op.scalar_form:
            rhs: np.ndarray | np.generic = scalar_of(args[1], src0)
        elif isinstance(op, TCmpSOp):
            rhs = cast(Tile, args[1]).get()[0, 0]
        else:
            src1 = cast(Tile, args[1])
            rhs = source_operand(src1.get(), src1.valid, (rows, cols))
        mode = op.mode
        if src0.dtype in COMPARE_RULES[self.machine.target.arch].eq_only:
            mode = type(mode).EQ
        packed = sem.pack(sem.compare(lhs, rhs, mode), dst.dtype.numpy)
        with dst.edit() as contents:
            contents[:rows, : dst.valid_cols] = 0
            contents[:rows, :words] = packed
        return results

    @implements(SelectTileOp)
    def run_select(
        self, interpreter: Interpreter, op: SelectTileOp, args: PythonValues
    ) -> PythonValues:
        mask, src = cast(Tile, args[0]), cast(Tile, args[1])
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        words = packed_cols(cols, mask.dtype.bits)
        check(
            mask.valid_rows >= rows and mask.valid_cols >= words,
            f"mask valid region {mask.valid_rows}x{mask.valid_cols} must cover {rows}x{words}: "
            f"the packed predicates of dst's {rows}x{cols} region",
        )
        if self.machine.target.arch is not TargetArch.A2A3 and not isinstance(op, TSelSOp):
            if self.machine.pipes.tracking:
                cycles = costs_a5.select_cycles(dst.dtype, rows, cols)
                self.on_pipe(op, *tile_accesses(op, args), cycles)
        else:
            charge(self, op, args, (rows, cols), dst, by_rows=True)
        predicates = sem.unpack(mask.get()[:rows, :words], cols)
        if isinstance(op, TSelSOp):
            check(
                src.valid == dst.valid,
                f"src valid region {src.valid_rows}x{src.valid_cols} must equal the dst "
                f"valid region {rows}x{cols}",
            )
            other: np.ndarray | np.generic = scalar_of(args[len(op.ins) - 1], dst)
            first = src.get()[:rows, :cols]
        else:
            src1 = cast(Tile, args[2])
            first = source_operand(src.get(), src.valid, (rows, cols))
            other = source_operand(src1.get(), src1.valid, (rows, cols))
        selected = sem.select(predicates, first, other)
        with dst.edit() as contents:
            contents[:rows, :cols] = selected
        return results
