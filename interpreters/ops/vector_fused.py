"""Interpreter functions of the fused SFU/DSA ops with their own shapes (`vaddreluconv`,
`vmulconv`, `vmull`), `vtrc` and `pbitcast` (`semantics.vector_fused`). `vaddrelu` and
`vsubrelu` are binary-family members (`vector_arith.BINARY`). Register ops: PIPE_V, one
repeat of the record's cost; `pbitcast` is a type cast with no pipe time."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import vector_fused as sem
from pto_dialect.ops.vector_fused import VAddReluConvOp, VectorFusedConvOp, VMulConvOp, VMullOp
from pto_dialect.ops.vector_round_cast import PbitcastOp, VTrcOp
from pto_dialect.vector_types import VRegType

FUSED_CONV: Mapping[type[VectorFusedConvOp], np.ufunc] = MappingProxyType(
    {VAddReluConvOp: np.add, VMulConvOp: np.multiply}
)
"""The arithmetic of each fused conversion (its ReLU is the record's `RELU`)."""


@register_functions
class VectorFusedFunctions(MachineFunctions):
    @implements(VectorFusedConvOp)
    def run_fused_conv(
        self, interpreter: Interpreter, op: VectorFusedConvOp, args: PythonValues
    ) -> PythonValues:
        lhs, rhs = cast(tuple[np.ndarray, np.ndarray], tuple(args[:2]))
        src = cast(VRegType, op.lhs.type).element
        dst = op.result.type
        mask = cast(np.ndarray, args[2]) if len(args) == 3 else np.ones(len(lhs), np.bool_)
        result = sem.fused_convert(
            (FUSED_CONV[type(op)], op.RELU),
            lhs,
            rhs,
            mask,
            (src, dst.element, dst.lanes.data),
            (op.round_mode, op.saturation),
        )
        self.on_vector_pipe(op, src)
        return (result,)

    @implements(VMullOp)
    def run_vmull(self, interpreter: Interpreter, op: VMullOp, args: PythonValues) -> PythonValues:
        lhs, rhs, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        low, high = sem.widening_multiply(lhs, rhs, mask)
        self.on_vector_pipe(op, op.low.type.element)
        return (low, high)

    @implements(VTrcOp)
    def run_vtrc(self, interpreter: Interpreter, op: VTrcOp, args: PythonValues) -> PythonValues:
        values = cast(np.ndarray, args[0])
        mask = cast(np.ndarray, args[1]) if len(args) == 2 else np.ones(len(values), np.bool_)
        dtype = cast(VRegType, op.input.type).element
        result = sem.round_lanes(values, mask, dtype, op.mode)
        self.on_vector_pipe(op, dtype)
        return (result,)

    @implements(PbitcastOp)
    def run_pbitcast(
        self, interpreter: Interpreter, op: PbitcastOp, args: PythonValues
    ) -> PythonValues:
        return (sem.recast_mask(cast(np.ndarray, args[0]), op.result.type.lanes),)
