"""Interpreter function of `pto_dialect.ops.trap`: the run stops with an error at the op."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.trap import TrapOp


@register_functions
class TrapFunctions(MachineFunctions):
    @implements(TrapOp)
    def run_trap(self, interpreter: Interpreter, op: TrapOp, args: PythonValues) -> PythonValues:
        raise PtoRuntimeError("the kernel trapped")
