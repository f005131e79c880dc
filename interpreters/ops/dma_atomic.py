"""Interpreter function of `pto_dialect.ops.dma_atomic`: the store-atomic configuration the
DMA's GM writes read (`machine.dma_transfer.transfer`)."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.dma_atomic import ATOMIC_TYPES, GetCtrlOp, SetAtomicOp, SetCtrlOp


@register_functions
class DmaAtomicFunctions(MachineFunctions):
    @implements(GetCtrlOp)
    def run_get_ctrl(
        self, interpreter: Interpreter, op: GetCtrlOp, args: PythonValues
    ) -> PythonValues:
        return (self.machine.ctrl,)

    @implements(SetCtrlOp)
    def run_set_ctrl(
        self, interpreter: Interpreter, op: SetCtrlOp, args: PythonValues
    ) -> PythonValues:
        self.machine.ctrl = int(args[0])
        return ()

    @implements(SetAtomicOp)
    def run_set_atomic(
        self, interpreter: Interpreter, op: SetAtomicOp, args: PythonValues
    ) -> PythonValues:
        atomic, dtype = self.machine.store_atomic
        if op.FIELD == "op":
            self.machine.store_atomic = (op.VALUE, dtype)
        else:
            self.machine.store_atomic = (atomic, ATOMIC_TYPES[op.VALUE])
        self.on_pipe(op)
        return ()
