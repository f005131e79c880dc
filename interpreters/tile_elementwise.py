"""Interpreter functions of the elementwise tile ops (`tadd` ... `tabs`).

They bridge IR and `semantics.elementwise`: the destination's valid region is the
iteration domain; an SSA result is a fresh tile whose dynamic valid sizes are those
of the first source. Numpy's floating-point warnings are expected to be silenced by
whoever runs the interpreter (`pto-run` does), so the bridge does not pay for it per op.
Each op's computation is chosen once (`elementwise.kernel`) and reused on every run of it.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls

from interpreters import costs
from interpreters.errors import PtoRuntimeError
from interpreters.machine import Machine, MachineFunctions
from interpreters.memory import Tile, static_or
from interpreters.semantics import elementwise
from pto_dialect.dtypes import DType
from pto_dialect.ops.tile_elementwise import (
    ElementwiseTileOp,
    TAbsOp,
    TAddOp,
    TDivOp,
    TMaxOp,
    TMinOp,
    TMulOp,
    TSubOp,
)
from pto_dialect.types import TileTypeBase


def _dims(valid: tuple[int, int]) -> str:
    return f"{valid[0]}x{valid[1]}"


@register_impls
class TileElementwiseFunctions(MachineFunctions):
    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._kernels: dict[ElementwiseTileOp, elementwise.Kernel] = {}

    def _kernel(self, op: ElementwiseTileOp, dtype: DType) -> elementwise.Kernel:
        """The op's computation, made once per op: its dtype and the target are fixed."""
        kernel = elementwise.kernel(op.family, dtype, elementwise.RULES[self.machine.target.arch])
        self._kernels[op] = kernel
        return kernel

    def _run(
        self, interpreter: Interpreter, op: ElementwiseTileOp, args: PythonValues
    ) -> PythonValues:
        """Any elementwise op: its family names the computation."""
        count = op.NUM_INS
        results: PythonValues = ()
        if len(args) > count:  # DPS: the destination buffer follows the sources
            dst: Tile = args[count]
        else:
            type = cast(TileTypeBase, op.res[0].type)
            vr, vc = type.valid_shape
            first: Tile = args[0]
            dst = self.machine.tile_at(
                type, None, static_or(vr, first.valid_rows), static_or(vc, first.valid_cols)
            )
            results = (dst,)
        rows, cols = region = dst.valid_rows, dst.valid_cols
        operands: list[np.ndarray] = []
        for index in range(count):
            src: Tile = args[index]
            view = None
            if src.valid_rows == rows and src.valid_cols == cols:
                view = src.valid_view()
            operands.append(self._operand(op, index, src, region) if view is None else view)
        if self.machine.pipes.tracking:
            repeats = costs.repeats_for(rows * cols * dst.dtype.bytes)
            cycles = costs.vector_cycles(self.machine.target, op.family, dst.dtype, repeats)
            self.on_pipe(op, [cast(Tile, s).access() for s in args[:count]], [dst.access()],
                         cycles)  # fmt: skip
        kernel = self._kernels.get(op) or self._kernel(op, dst.dtype)
        out = dst.valid_view()
        if out is not None:
            kernel(operands, out)
            return results
        with dst.edit() as contents:
            kernel(operands, contents[:rows, :cols])
        return results

    @staticmethod
    def _operand(
        op: ElementwiseTileOp, index: int, src: Tile, region: tuple[int, int]
    ) -> np.ndarray:
        """Source `index` over `region` when it is not simply its valid-region view."""
        if src.valid != region and op.SAME_VALID_REGION:
            raise PtoRuntimeError(
                f"{op.source_roles()[index]} valid region {_dims(src.valid)} must "
                f"equal the dst valid region {_dims(region)}"
            )
        return elementwise.source_operand(src.get(), src.valid, region)

    run_tadd = impl(TAddOp)(_run)
    run_tsub = impl(TSubOp)(_run)
    run_tmul = impl(TMulOp)(_run)
    run_tdiv = impl(TDivOp)(_run)
    run_tmax = impl(TMaxOp)(_run)
    run_tmin = impl(TMinOp)(_run)
    run_tabs = impl(TAbsOp)(_run)
