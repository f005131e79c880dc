"""Interpreter functions of the matrix family: `tmatmul`, `tgemv`, their `.acc`/`.bias` forms
and the MX forms (each group of 32 k scaled by the E8M0 scale of A's row and B's column).

m and k come from the left tile's valid region (`tgemv`: m must be 1 and k is the
right tile's valid rows), n from the right tile's valid columns. The destination's
top-left m x n elements are written; the rest of it is left as it was. In SSA form
the fresh result starts as a copy of acc_in (`.acc`) or zeros.
f32 x f32 forms take the core's TF32 mode (`settf32mode`, A5: `tile_config.matmul_numerics`).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, Tile, static_or
from interpreters.ops.tile_config import matmul_numerics
from interpreters.semantics import cube, matrix
from interpreters.semantics.mx_formats import scale_values, to_f32
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import F8E8M0, DType
from pto_dialect.fractal import l0a_format
from pto_dialect.mx import SCALE_ADDRESS_SHIFT
from pto_dialect.ops.tile_matrix import (
    MatmulTileOp,
    TGemvAccOp,
    TGemvBiasOp,
    TGemvMxAccOp,
    TGemvMxBiasOp,
    TGemvMxOp,
    TGemvOp,
    TMatmulAccOp,
    TMatmulBiasOp,
    TMatmulMxAccOp,
    TMatmulMxBiasOp,
    TMatmulMxOp,
    TMatmulOp,
)
from pto_dialect.tile_types import TileTypeBase


@register_functions
class TileMatrixFunctions(MachineFunctions):
    def _run(self, op: MatmulTileOp, args: PythonValues) -> PythonValues:
        tiles = [cast(Tile, v) for v in args]
        if op.is_dps and tiles[-1].valid == (0, 0):
            return ()  # the 0x0 no-op marker: nothing to compute or write
        acc_in = tiles[0] if op.ACC_INPUT else None
        a, b = tiles[op.lhs_index], tiles[op.rhs_index]
        bias = tiles[op.bias_index] if op.BIAS_INPUT else None
        if op.GEMV:
            m, k, n = a.valid_rows, b.valid_rows, b.valid_cols
        else:
            m, k, n = a.valid_rows, a.valid_cols, b.valid_cols
        sources = [t.access() for t in tiles[: len(op.ins)]]
        scales = None
        if op.MX and self.machine.target.arch is TargetArch.A5:
            scales = (self._mx_buffer(a, m, k, False, sources, op.GEMV),
                      self._mx_buffer(b, n, k, True, sources))  # fmt: skip
        elif op.MX:
            a_scale, b_scale = tiles[op.lhs_index + 1], tiles[op.rhs_index + 1]
            scales = (scale_values(a_scale.get(), a_scale.dtype),
                      scale_values(b_scale.get(), b_scale.dtype))  # fmt: skip
        matrix.check_sizes(m, k, n, op.GEMV)
        bias_row = None
        if bias is not None:
            check(
                bias.type.shape[1] >= n,
                f"the bias row has {bias.type.shape[1]} columns, fewer than n = {n}",
            )
            bias_row = bias.get()
        lhs, rhs = self._operands(op, a, b, (m, k, n))
        result = matrix.matmul(
            self.machine.target.arch,
            self._acc_dtype(op, tiles),
            lhs,
            rhs,
            m,
            k,
            n,
            acc_in=None if acc_in is None else acc_in.get(),
            bias=bias_row,
            operands=(a.dtype, b.dtype),
            scales=scales,
            numerics=matmul_numerics(self.machine, (a.dtype, b.dtype)),
        )
        if op.is_dps:
            dst = tiles[-1]
            results: PythonValues = ()
        else:
            type = cast(TileTypeBase, op.res[0].type)
            vr, vc = type.valid_shape
            dst = self.machine.tile_at(type, None, static_or(vr, m), static_or(vc, n))
            if acc_in is not None:
                dst.set(acc_in.get())
            results = (dst,)
        self.on_pipe(op, sources, [dst.access()],
                     costs.matmul_cycles(m, k, n, a.dtype, target=self.machine.target))  # fmt: skip
        self.machine.pipes.cube_streaming = False  # a tile instruction's end settles the cube
        with dst.edit() as out:
            out[:m, :n] = result
        return results

    def _operands(
        self, op: MatmulTileOp, a: Tile, b: Tile, mkn: tuple[int, int, int]
    ) -> tuple[np.ndarray, np.ndarray]:
        """A and B of the product. An A5 MX form is `mad_mx` on the operand addresses with
        m, k, n (pto-isa a5 `TMATMUL_MX_IMPL`, PTOAS's A5 TileOps), so it reads them as the
        cube does: A in L0A's format with ceil(m/16) boxes a column (a GEMV's row in order),
        B as ZN with ceil(n/16) boxes a row, whatever the tiles' declared shapes (the board's
        `tmatmul_bias_mx` 200 x 192 x 95 declares a right tile of 128 columns); every other
        form reads the tiles' own layouts (docs/decisions.md)."""
        arch = self.machine.target.arch
        if not (op.MX and arch is TargetArch.A5):
            return a.get(), b.get()
        m, k, n = mkn
        a_at = cube.lhs_offsets(m, k, a.dtype, l0a_format(arch), op.GEMV)
        b_at = cube.rhs_offsets(k, n, b.dtype)
        return (cube.gather(a.memory.data, a.address, a_at, a.dtype),
                cube.gather(b.memory.data, b.address, b_at, b.dtype))  # fmt: skip

    def _mx_buffer(
        self,
        operand: Tile,
        rows: int,
        k: int,
        right: bool,
        reads: list[Access],
        gemv: bool = False,
    ) -> np.ndarray:
        """A5: the f32 values of an operand's MX scales, read as the cube's `mad_mx` reads
        them, from the MX buffer of the operand's L0A / L0B at its address >> 4 (pto-isa
        a5 `TMATMUL_MX_IMPL` passes no scale tile; docs/decisions.md)."""
        memory = self.machine.scales_of(operand.memory)
        at = (operand.address >> SCALE_ADDRESS_SHIFT) + cube.scale_offsets(rows, k, right, gemv)
        check(int(at.max()) < memory.size, f"MX scales beyond the {memory.name} buffer")
        reads.append(Access(memory, int(at.min()), int(at.max()) + 1))
        return to_f32(memory.data[at], F8E8M0)

    @staticmethod
    def _acc_dtype(op: MatmulTileOp, tiles: list[Tile]) -> DType:
        """The destination's element type, in which the sum is accumulated."""
        if op.is_dps:
            return tiles[-1].dtype
        return cast(TileTypeBase, op.res[0].type).element

    @implements(
        TMatmulMxOp, TMatmulMxAccOp, TMatmulMxBiasOp, TGemvMxOp, TGemvMxAccOp, TGemvMxBiasOp
    )
    def run_mx(
        self, interpreter: Interpreter, op: MatmulTileOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)

    @implements(TMatmulOp)
    def run_tmatmul(
        self, interpreter: Interpreter, op: TMatmulOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)

    @implements(TMatmulAccOp)
    def run_tmatmul_acc(
        self, interpreter: Interpreter, op: TMatmulAccOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)

    @implements(TMatmulBiasOp)
    def run_tmatmul_bias(
        self, interpreter: Interpreter, op: TMatmulBiasOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)

    @implements(TGemvOp)
    def run_tgemv(self, interpreter: Interpreter, op: TGemvOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)

    @implements(TGemvAccOp)
    def run_tgemv_acc(
        self, interpreter: Interpreter, op: TGemvAccOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)

    @implements(TGemvBiasOp)
    def run_tgemv_bias(
        self, interpreter: Interpreter, op: TGemvBiasOp, args: PythonValues
    ) -> PythonValues:
        return self._run(op, args)
