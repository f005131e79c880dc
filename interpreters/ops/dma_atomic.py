"""Interpreter function of `pto_dialect.ops.dma_atomic`: the store-atomic configuration the
DMA's GM writes read (`machine.dma_transfer.transfer`)."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.dma_atomic import (
    ATOMIC_TYPES,
    CTRL_BITS,
    BitSetOp,
    GetCtrlOp,
    SetAtomicOp,
    SetCtrlOp,
)


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

    @implements(BitSetOp)
    def run_bit_set(
        self, interpreter: Interpreter, op: BitSetOp, args: PythonValues
    ) -> PythonValues:
        value, bit = (int(a) for a in args)
        check(0 <= bit < CTRL_BITS, f"{op.name} bit {bit} must lie in [0, {CTRL_BITS - 1}]")
        mask = 1 << bit
        result = (value | mask) if op.BIT else (value & ~mask)
        return (_signed64(result),)

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


def _signed64(value: int) -> int:
    """`value` as an i64 (two's complement): bit 63 set is negative."""
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >> 63 else value
