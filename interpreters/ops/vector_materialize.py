"""Interpreter functions of the materialization micro-ops (`pto.vdup`).

`vdup` of a scalar is `vbr`'s broadcast (integers keep their low bits, floats round to the
element type); of a vreg, its lowest or highest lane. Inactive lanes are zero.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import vector_arith as sem
from pto_dialect.ops.vector_materialize import Position, VDupOp


def duplicate(value: np.ndarray, lane: Position, mask: np.ndarray) -> np.ndarray:
    """The `lane` of vreg `value` in every active lane, zero elsewhere (registers on the last
    axis: leading axes, a batch of registers, work as one)."""
    chosen = value[..., :1] if lane is Position.LOWEST else value[..., -1:]
    return np.where(mask, chosen, np.zeros_like(value))


@register_functions
class VectorMaterializeFunctions(MachineFunctions):
    @implements(VDupOp)
    def run_vdup(self, interpreter: Interpreter, op: VDupOp, args: PythonValues) -> PythonValues:
        vreg = op.result.type
        dtype = vreg.element
        mask = cast(np.ndarray, args[1])
        if op.from_vreg:
            result = duplicate(cast(np.ndarray, args[0]), op.lane, mask)
        else:
            full = sem.broadcast(cast(int | float, args[0]), dtype, vreg.lanes.data)
            result = np.where(mask, full, np.zeros_like(full))
        self.on_vector_pipe(op, dtype)
        return (result,)
