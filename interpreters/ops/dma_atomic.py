"""Interpreter function of `pto_dialect.ops.dma_atomic`: the store-atomic configuration the
DMA's GM writes read (`machine.dma_transfer.transfer`)."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.dma_atomic import ATOMIC_TYPES, SetAtomicOp


@register_functions
class DmaAtomicFunctions(MachineFunctions):
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
