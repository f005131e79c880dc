"""Interpreter function of `pto.tconcatidx`: per row, the column counts read from the index
tiles (bytes / sizeof(index), as C converts the element to unsigned), clamped to dst's valid
columns as pto-isa's A2/A3 and A5 implementations do. Reading past a source tile's columns
is a run-time error (the implementations read the next row's storage)."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions, tile_accesses
from interpreters.machine.memory import Tile
from pto_dialect.ops.tile_concat_idx import TConcatIdxOp
from pto_dialect.ops.vector_load import VldsOp

_UNSIGNED = 1 << 64
"""`unsigned` conversion of the index element (C's usual arithmetic conversions to size_t)."""


def column_counts(index: Tile, rows: int) -> list[int]:
    """Column 0 of the first `rows` rows, as counts of index-sized units."""
    size = index.dtype.bytes
    return [(int(v) % _UNSIGNED) // size for v in index.get()[:rows, 0]]


@register_functions
class TileConcatIdxFunctions(MachineFunctions):
    @implements(TConcatIdxOp)
    def run_tconcatidx(
        self, interpreter: Interpreter, op: TConcatIdxOp, args: PythonValues
    ) -> PythonValues:
        src0, src1, idx0, idx1, dst = (cast(Tile, a) for a in args)
        rows, cols = dst.valid
        for role, tile in (("src0", src0), ("src1", src1), ("src0Idx", idx0), ("src1Idx", idx1)):
            check(
                tile.valid_rows == rows,
                f"{role} valid rows {tile.valid_rows} must equal dst's {rows}",
            )
        if self.machine.pipes.tracking:
            repeats = costs.repeats_for(rows * cols * dst.dtype.bytes)
            cycles = costs.vector_cycles(self.machine.target, VldsOp, dst.dtype, repeats)
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        counts = zip(column_counts(idx0, rows), column_counts(idx1, rows), strict=True)
        first, second = src0.get(), src1.get()
        width0, width1 = src0.type.shape[1], src1.type.shape[1]
        with dst.edit() as contents:
            for i, (n0, n1) in enumerate(counts):
                a = min(n0, cols)
                b = min(n1, cols - a)
                check(
                    a <= width0 and b <= width1,
                    f"row {i} takes {a} columns of src0 ({width0}) and {b} of src1 "
                    f"({width1}): past a source's row",
                )
                contents[i, :a] = first[i, :a]
                contents[i, a : a + b] = second[i, :b]
        return ()
