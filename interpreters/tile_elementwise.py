"""Interpreter functions of the elementwise tile ops (`tadd` ... `tabs`).

They bridge IR and `semantics.elementwise`: the destination's valid region is the
iteration domain; an SSA result is a fresh tile whose dynamic valid sizes are those
of the first source. Numpy's floating-point warnings are expected to be silenced by
whoever runs the interpreter (`pto-run` does), so the bridge does not pay for it per op.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues, impl, register_impls

from interpreters import costs
from interpreters.errors import PtoRuntimeError
from interpreters.machine import MachineFunctions
from interpreters.memory import Tile, static_or
from interpreters.semantics import elementwise
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
    def _run(self, op: ElementwiseTileOp, args: PythonValues) -> PythonValues:
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
        region = dst.valid
        operands: list[np.ndarray] = []
        for index in range(count):
            src: Tile = args[index]
            view = src.valid_view() if src.valid == region else None
            if view is None:
                view = self._operand(op, index, src, region)
            operands.append(view)
        if self.machine.pipes.tracking:
            repeats = costs.repeats_for(region[0] * region[1] * dst.dtype.bytes)
            cycles = costs.vector_cycles(self.machine.target, op.family, dst.dtype, repeats)
            self.on_pipe(op, [cast(Tile, s).access() for s in args[:count]], [dst.access()],
                         cycles)  # fmt: skip
        out = dst.valid_view()
        rules = self._rules[self.machine.target.arch]
        if out is not None:
            elementwise.compute(op.family, operands, out, dst.dtype, rules, guard=False)
            return results
        with dst.edit() as contents:
            elementwise.compute(op.family, operands, contents[: region[0], : region[1]],
                                dst.dtype, rules, guard=False)  # fmt: skip
        return results

    _rules = elementwise.RULES

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

    @impl(TAddOp)
    def run_tadd(self, interpreter: Interpreter, op: TAddOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)

    @impl(TSubOp)
    def run_tsub(self, interpreter: Interpreter, op: TSubOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)

    @impl(TMulOp)
    def run_tmul(self, interpreter: Interpreter, op: TMulOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)

    @impl(TDivOp)
    def run_tdiv(self, interpreter: Interpreter, op: TDivOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)

    @impl(TMaxOp)
    def run_tmax(self, interpreter: Interpreter, op: TMaxOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)

    @impl(TMinOp)
    def run_tmin(self, interpreter: Interpreter, op: TMinOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)

    @impl(TAbsOp)
    def run_tabs(self, interpreter: Interpreter, op: TAbsOp, args: PythonValues) -> PythonValues:
        return self._run(op, args)
