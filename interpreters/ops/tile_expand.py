"""Interpreter functions of the row and column expansions (`pto_dialect/ops/tile_expand.py`).

The domain is dst's valid region R x C. The expanded operand is widened to R x C first,
as pto-isa's CPU simulator indexes it (TRowExpandOp: `src[i, j mod valid_cols]`, which
covers Mode 1 and Mode 2; TColExpandOp: `src1[0, j]`); the fused op then runs the
elementwise kernel of its binary op (`SEMANTICS`), so each step rounds once exactly as
`tadd`/`tsub`/... do; `*expdif` is the subtraction, rounded, then `texp`'s exponential
(docs/semantics.md). A tmp operand is A2/A3's broadcast buffer: it is left unchanged.
An operand whose run-time valid region is not the one pto-isa's `PTO_ASSERT`s ask for
supplies the region from its storage, as on the board (`stored_region`).
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
from interpreters.ops.tile_kernels import TileKernelFunctions, stored_region
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
    mode2_blocks,
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


def row_widened(src: Tile, rows: int, cols: int, width: int, role: str) -> np.ndarray:
    """`src[i, j mod width]` over rows x cols (a copy)."""
    return stored_region(src, role, rows, width)[:, np.arange(cols) % width]


def col_widened(src: Tile, rows: int, cols: int, role: str = "src") -> np.ndarray:
    """`src[0, j]` in each of `rows` rows (a copy of row 0, so dst may alias src)."""
    return np.broadcast_to(stored_region(src, role, 1, cols)[0].copy(), (rows, cols))


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
        # src's valid rows (trowexpand) or cols (tcolexpand) against dst's: a PTO_ASSERT
        # (stored_region); an empty src is one too, kept as the region's emptiness rule
        if op.ROW:
            check(src.valid_cols > 0 or rows * cols == 0, "src valid cols must not be 0")
            values = np.broadcast_to(stored_region(src, "src", rows, 1).copy(), (rows, cols))
        else:
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
        if rows * cols == 0:  # nothing to write
            self._cost(op, args, dst)
            return results
        # the operands' valid regions against dst's are PTO_ASSERTs: each supplies what the
        # instructions address in its storage (stored_region)
        if op.ROW:
            blocks = mode2_blocks(expanded.type, self.machine.target)
            width = block_elems(dst.dtype) if blocks else 1
            widened = row_widened(expanded, rows, cols, width, roles[k])
        else:
            widened = col_widened(expanded, rows, cols, roles[k])
        self._cost(op, args, dst)
        operands = [stored_region(full, roles[1 - k], rows, cols), widened]
        if k == 0:
            operands.reverse()
        kernel = self.kernel(op, SEMANTICS[type(op)], dst.dtype)
        with dst.edit() as contents:
            kernel(operands, contents[:rows, :cols])
        return results
