"""Interpreter functions of the partial elementwise ops (every `PartialTileOp`).

Over dst's valid region R x C: zeros where neither source is valid (the CPU simulator; the
NPU targets reject such patterns at run time, as their PTO_ASSERTs do, except A5's
`tpartmax`/`tpartmin`: the lowest/highest finite value, `PartialTileOp.UNCOVERED_A5`), each
source copied where only it is valid, and `SEMANTICS`' kernel (the elementwise op's: `tpartmax` is
`tmax`'s select with the target's fallback) on the overlap, its operands in the order the
target's implementation passes them (`swapped_on_a2a3`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import tile_accesses
from interpreters.machine.memory import Tile
from interpreters.ops.tile_kernels import TileKernelFunctions
from interpreters.semantics import elementwise as sem
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.tile_partial import (
    PartialTileOp,
    TPartAddOp,
    TPartMaxOp,
    TPartMinOp,
    TPartMulOp,
    swapped_on_a2a3,
)
from pto_dialect.rules import finite_extreme

SEMANTICS: Mapping[type[PartialTileOp], sem.Maker] = MappingProxyType(
    {
        TPartAddOp: sem.arith_kernel(np.add),
        TPartMulOp: sem.arith_kernel(np.multiply),
        TPartMaxOp: sem.maximum,
        TPartMinOp: sem.minimum,
    }
)
"""The kernel of each partial op on the overlap of its sources (docs/semantics.md)."""


@register_functions
class TilePartialFunctions(TileKernelFunctions):
    @implements(PartialTileOp)
    def run_partial(
        self, interpreter: Interpreter, op: PartialTileOp, args: PythonValues
    ) -> PythonValues:
        src0, src1 = args[0], args[1]
        assert isinstance(src0, Tile) and isinstance(src1, Tile)
        dst, results = self.destination(op, args)
        region = dst.valid
        arch = self.machine.target.arch
        if not op.pattern_ok(arch, region, src0.valid, src1.valid):
            raise PtoRuntimeError(
                f"valid regions src0 {src0.valid[0]}x{src0.valid[1]}, src1 "
                f"{src1.valid[0]}x{src1.valid[1]}, dst {region[0]}x{region[1]}: "
                f"{op.pattern_words(arch, 'region')}"
            )
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), dst.dtype, *region,
                                              dst.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        rows, cols = region
        if rows == 0 or cols == 0:
            return results
        first, second = src0, src1
        if arch is TargetArch.A2A3 and swapped_on_a2a3(region, src0.valid, src1.valid):
            first, second = src1, src0
        out = np.zeros((rows, cols), dst.dtype.numpy)
        if arch is TargetArch.A5 and op.UNCOVERED_A5 is not None:
            out[:] = finite_extreme(dst.dtype, op.UNCOVERED_A5)
        for src in (src1, src0):
            r, c = min(src.valid[0], rows), min(src.valid[1], cols)
            out[:r, :c] = src.get()[:r, :c]
        r = min(src0.valid[0], src1.valid[0], rows)
        c = min(src0.valid[1], src1.valid[1], cols)
        if r and c:
            kernel = self.kernel(op, SEMANTICS[type(op)], dst.dtype)
            kernel([first.get()[:r, :c], second.get()[:r, :c]], out[:r, :c])
        with dst.edit() as contents:
            contents[:rows, :cols] = out
        return results
