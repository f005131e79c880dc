"""Interpreter functions of `vcmp`, `vcmps` and `vsel` (`semantics.compare`): register ops on
PIPE_V, one repeat of their record's cost."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics import compare as sem
from interpreters.semantics.vector_arith import broadcast
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.vector_types import VRegType


@register_functions
class VectorCompareFunctions(MachineFunctions):
    @implements(VCmpOp)
    def run_vcmp(self, interpreter: Interpreter, op: VCmpOp, args: PythonValues) -> PythonValues:
        lhs, rhs, seed = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        self.on_vector_pipe(op, cast(VRegType, op.src0.type).element)
        return (sem.compare_lanes(lhs, rhs, seed, op.mode),)

    @implements(VCmpsOp)
    def run_vcmps(self, interpreter: Interpreter, op: VCmpsOp, args: PythonValues) -> PythonValues:
        vreg = cast(VRegType, op.src.type)
        lhs, seed = cast(np.ndarray, args[0]), cast(np.ndarray, args[2])
        scalar = broadcast(cast(int | float, args[1]), vreg.element, 1)[0]
        self.on_vector_pipe(op, vreg.element)
        return (sem.compare_lanes(lhs, scalar, seed, op.mode),)

    @implements(VSelOp)
    def run_vsel(self, interpreter: Interpreter, op: VSelOp, args: PythonValues) -> PythonValues:
        src0, src1, mask = cast(tuple[np.ndarray, np.ndarray, np.ndarray], tuple(args))
        self.on_vector_pipe(op, cast(VRegType, op.src0.type).element)
        return (sem.select(mask, src0, src1),)
