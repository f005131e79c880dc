"""Interpreter functions of `pto.fusion_region` (its block runs in place) and `pto.yield`
(its operands are the region's results)."""

from __future__ import annotations

from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl_terminator,
)

from interpreters.engine.impls import implements, register_functions, register_impls
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.fusion_region import FusionRegionOp, YieldOp


@register_functions
class FusionRegionFunctions(MachineFunctions):
    @implements(FusionRegionOp)
    def run_fusion_region(
        self, interpreter: Interpreter, op: FusionRegionOp, args: PythonValues
    ) -> PythonValues:
        return interpreter.run_ssacfg_region(op.body, (), "fusion_region")


@register_impls
class YieldFunctions(InterpreterFunctions):
    """`pto.yield` ends its region with its operands as the region's values."""

    @impl_terminator(YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: YieldOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()
