"""Interpreter functions of the row and column expansions (`pto_dialect/ops/tile_expand.py`).

The domain is dst's valid region R x C. The expanded operand is widened to R x C first,
as pto-isa's CPU simulator indexes it (TRowExpandOp: `src[i, j mod valid_cols]`, which
covers Mode 1 and Mode 2; TColExpandOp: `src1[0, j]`); the fused op then runs the
elementwise kernel of its binary op (`SEMANTICS`), so each step rounds once exactly as
`tadd`/`tsub`/... do; `*expdif` is the subtraction, rounded, then `texp`'s exponential
(docs/semantics.md). A tmp operand is A2/A3's broadcast buffer: it is left unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import tile_accesses
from interpreters.machine.memory import Tile
from interpreters.ops.tile_kernels import TileKernelFunctions
from interpreters.semantics import elementwise as sem
from interpreters.semantics import math
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.tile_expand import (
    ExpandBinaryTileOp,
    ExpandTileOp,
    TColExpandAddOp,
    TColExpandDivOp,
    TColExpandExpdifOp,
    TColExpandMaxOp,
    TColExpandMinOp,
    TColExpandMulOp,
    TColExpandSubOp,
    TRowExpandAddOp,
    TRowExpandDivOp,
    TRowExpandExpdifOp,
    TRowExpandMaxOp,
    TRowExpandMinOp,
    TRowExpandMulOp,
    TRowExpandSubOp,
    block_elems,
)


def expdif(dtype: DType, arch: TargetArch) -> sem.Kernel:
    """`exp(src0 - src1)`: `tsub`'s rounded difference, then `texp` of it."""
    subtract = sem.arith_kernel(np.subtract)(dtype, arch)

    def kernel(sources: Sequence[np.ndarray], out: np.ndarray) -> None:
        diff = np.empty_like(out)
        subtract(sources, diff)
        out[...] = math.exp_values(diff, dtype)

    return kernel


SEMANTICS: Mapping[type[ExpandBinaryTileOp], sem.Maker] = MappingProxyType(
    {
        TRowExpandAddOp: sem.arith_kernel(np.add),
        TRowExpandSubOp: sem.arith_kernel(np.subtract),
        TRowExpandMulOp: sem.arith_kernel(np.multiply),
        TRowExpandDivOp: sem.divide,
        TRowExpandMaxOp: sem.maximum,
        TRowExpandMinOp: sem.minimum,
        TRowExpandExpdifOp: expdif,
        TColExpandAddOp: sem.arith_kernel(np.add),
        TColExpandSubOp: sem.arith_kernel(np.subtract),
        TColExpandMulOp: sem.arith_kernel(np.multiply),
        TColExpandDivOp: sem.divide,
        TColExpandMaxOp: sem.maximum,
        TColExpandMinOp: sem.minimum,
        TColExpandExpdifOp: expdif,
    }
)
"""The binary step of each fused expansion: the elementwise op's kernel (docs/semantics.md)."""


def row_widened(src: Tile, rows: int, cols: int) -> np.ndarray:
    """`src[i, j mod valid_cols]` over rows x cols (a copy)."""
    width = src.valid_cols
    return src.get()[:rows, np.arange(cols) % width]


def col_widened(src: Tile, rows: int, cols: int) -> np.ndarray:
    """`src[0, j]` in each of `rows` rows (a copy of row 0, so dst may alias src)."""
    return np.broadcast_to(src.get()[0, :cols].copy(), (rows, cols))


@register_functions
class TileExpandFunctions(TileKernelFunctions):
    def _cost(self, op: ExpandTileOp | ExpandBinaryTileOp, args: PythonValues, dst: Tile) -> None:
        if self.machine.pipes.tracking:
            rows, cols = dst.valid
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), dst.dtype, rows,
                                              cols, dst.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)

    @implements(ExpandTileOp)
    def run_expand(
        self, interpreter: Interpreter, op: ExpandTileOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        if op.ROW:
            check(
                src.valid_rows == rows,
                f"src valid rows {src.valid_rows} must equal the dst valid rows {rows}",
            )
            check(src.valid_cols > 0 or rows * cols == 0, "src valid cols must not be 0")
            values = np.broadcast_to(src.get()[:rows, :1].copy(), (rows, cols))
        else:
            check(
                src.valid_cols == cols,
                f"src valid cols {src.valid_cols} must equal the dst valid cols {cols}",
            )
            check(src.valid_rows > 0 or rows * cols == 0, "src valid rows must not be 0")
            values = col_widened(src, rows, cols)
        self._cost(op, args, dst)
        with dst.edit() as contents:
            contents[:rows, :cols] = values
        return results

    @implements(ExpandBinaryTileOp)
    def run_expand_binary(
        self, interpreter: Interpreter, op: ExpandBinaryTileOp, args: PythonValues
    ) -> PythonValues:
        dst, results = self.destination(op, args)
        rows, cols = dst.valid
        k = op.expanded_index()
        roles = op.source_roles()
        full, expanded = cast(Tile, args[1 - k]), cast(Tile, args[k])
        check(
            full.valid == (rows, cols),
            f"{roles[1 - k]} valid region {full.valid_rows}x{full.valid_cols} must equal the "
            f"dst valid region {rows}x{cols}",
        )
        if rows * cols == 0:  # nothing to write: the operand's shape checks are debug asserts
            self._cost(op, args, dst)
            return results
        if op.ROW:
            width = block_elems(dst.dtype) if expanded.type.is_row_major else 1
            check(
                expanded.valid == (rows, width),
                f"{roles[k]} (the per-row operand) valid region "
                f"{expanded.valid_rows}x{expanded.valid_cols} must be {rows}x{width}",
            )
            widened = row_widened(expanded, rows, cols)
        else:
            check(
                expanded.valid_cols == cols and expanded.valid_rows > 0,
                f"src1 valid region {expanded.valid_rows}x{expanded.valid_cols} must have "
                f"{cols} cols and at least one row",
            )
            widened = col_widened(expanded, rows, cols)
        self._cost(op, args, dst)
        operands = [full.get()[:rows, :cols], widened]
        if k == 0:
            operands.reverse()
        kernel = self.kernel(op, SEMANTICS[type(op)], dst.dtype)
        with dst.edit() as contents:
            kernel(operands, contents[:rows, :cols])
        return results
