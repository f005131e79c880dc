"""Interpreter functions of `pto.reserve_buffer` and `pto.import_reserved_buffer`.

The result is the buffer's `base` (`auto = false`; an import gives its peer's). With
`auto = true` PTOAS's PlanMemory chooses the address; pto-plan-memory does not plan
reserved buffers, so the result is an `Unplanned` address: the cross-core pipes take it
(they do not model the FIFO's place in memory), any arithmetic on it stops the run, rather
than invent an address that could overlap the kernel's tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.ops.reserved_buffer import ImportReservedBufferOp, ReserveBufferOp


@dataclass(frozen=True)
class Unplanned:
    """The address of an `auto = true` reserved buffer: not modelled."""

    name: str

    def __int__(self) -> int:
        raise PtoRuntimeError(
            f'pto.reserve_buffer "{self.name}" has auto = true: its address comes from '
            "PTOAS's memory planning, which is not modelled (give auto = false, base = N)"
        )


def _base(op: ReserveBufferOp) -> int | Unplanned:
    if op.base is None:
        return Unplanned(op.buffer_name.data)
    return op.base.value.data


@register_functions
class ReservedBufferFunctions(MachineFunctions):
    @implements(ReserveBufferOp)
    def run_reserve_buffer(
        self, interpreter: Interpreter, op: ReserveBufferOp, args: PythonValues
    ) -> PythonValues:
        return (_base(op),)

    @implements(ImportReservedBufferOp)
    def run_import_reserved_buffer(
        self, interpreter: Interpreter, op: ImportReservedBufferOp, args: PythonValues
    ) -> PythonValues:
        peer = op.reserved()
        if peer is None:  # the verifier refuses this; a module changed after verifying
            raise PtoRuntimeError(f'pto.import_reserved_buffer "{op.buffer_name.data}" has no peer')
        return (_base(peer),)
