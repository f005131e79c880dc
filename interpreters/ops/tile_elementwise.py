"""Interpreter functions of the elementwise tile ops (every `ElementwiseTileOp`).

They bridge IR and `semantics.elementwise`: the destination's valid region is the
iteration domain; an SSA result is a fresh tile whose dynamic valid sizes the op's record
gives (`result_region`: those of the first source). `SEMANTICS` is the one line per op:
the numpy kernel maker of each op class. Numpy's floating-point warnings are expected to be
silenced by whoever runs the interpreter (`pto-run` does), so the bridge does not pay for it
per op. Each op's computation is chosen once and reused on every run of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import tile_accesses
from interpreters.machine.memory import Tile
from interpreters.ops.tile_kernels import TileKernelFunctions, stored_region
from interpreters.semantics import elementwise as sem
from interpreters.semantics import math
from pto_dialect.ops.tile_elementwise import (
    ElementwiseTileOp,
    TAbsOp,
    TAddOp,
    TAndOp,
    TDivOp,
    TMaxOp,
    TMinOp,
    TMulOp,
    TNegOp,
    TNotOp,
    TOrOp,
    TShlOp,
    TShrOp,
    TSubOp,
    TXorOp,
)
from pto_dialect.ops.tile_fused import TAddReluOp
from pto_dialect.ops.tile_math import (
    TAddCOp,
    TExpOp,
    TFModOp,
    TLogOp,
    TPowOp,
    TPreluOp,
    TRecipOp,
    TReluOp,
    TRemOp,
    TRsqrtOp,
    TSqrtOp,
    TSubCOp,
)

SEMANTICS: Mapping[type[ElementwiseTileOp], sem.Maker] = MappingProxyType(
    {
        TAddOp: sem.arith_kernel(np.add),
        TSubOp: sem.arith_kernel(np.subtract),
        TMulOp: sem.arith_kernel(np.multiply),
        TDivOp: sem.divide,
        TMaxOp: sem.maximum,
        TMinOp: sem.minimum,
        TAbsOp: sem.absolute,
        TNegOp: sem.negate,
        TAndOp: sem.bitwise(np.bitwise_and),
        TOrOp: sem.bitwise(np.bitwise_or),
        TXorOp: sem.bitwise(np.bitwise_xor),
        TNotOp: sem.invert,
        TShlOp: sem.shift(left=True),
        TShrOp: sem.shift(left=False),
        TExpOp: math.unary(math.exp_values),
        TLogOp: math.unary(math.ln_values),
        TSqrtOp: math.unary(math.sqrt_values),
        TRsqrtOp: math.unary(math.rsqrt_values),
        TRecipOp: math.unary(math.recip_values),
        TReluOp: math.unary(math.relu_values),
        TPreluOp: math.prelu,
        TPowOp: math.power,
        TFModOp: math.fmod,
        TRemOp: math.rem,
        TAddCOp: math.chained(np.add, np.add),
        TSubCOp: math.chained(np.subtract, np.add),
        TAddReluOp: math.add_relu,
    }
)
"""The numpy semantics of each elementwise tile op (docs/semantics.md says why)."""


@register_functions
class TileElementwiseFunctions(TileKernelFunctions):
    @implements(ElementwiseTileOp)
    def run_elementwise(
        self, interpreter: Interpreter, op: ElementwiseTileOp, args: PythonValues
    ) -> PythonValues:
        """Any elementwise op: its class names the computation."""
        dst, results = self.destination(op, args)
        rows, cols = region = dst.valid_rows, dst.valid_cols
        operands: list[np.ndarray] = []
        roles = op.source_roles()
        for index in range(op.ARITY):
            src: Tile = args[index]
            view = None
            if src.valid_rows == rows and src.valid_cols == cols:
                view = src.valid_view()
            operands.append(self._operand(op, roles[index], src, region) if view is None else view)
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), dst.dtype, rows,
                                              cols, dst.type.shape[1])  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        kernel = self.kernel(op, SEMANTICS[type(op)], dst.dtype)
        out = dst.valid_view()
        if out is not None:
            kernel(operands, out)
            return results
        with dst.edit() as contents:
            kernel(operands, contents[:rows, :cols])
        return results

    @staticmethod
    def _operand(
        op: ElementwiseTileOp, role: str, src: Tile, region: tuple[int, int]
    ) -> np.ndarray:
        """Source `role` over `region` when it is not simply its valid-region view: its
        storage where the op asks for dst's valid region (`stored_region`), else all-one
        bits past its valid region (tadd)."""
        if op.SAME_VALID_REGION:
            return stored_region(src, role, *region)
        return sem.source_operand(src.get(), src.valid, region)
