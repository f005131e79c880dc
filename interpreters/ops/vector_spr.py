"""Interpreter functions of `pto_dialect.ops.vector_spr`: the AR register cleared and stored
to UB as one 32-bit word."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, Pointer
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.vector_spr import SprClrOp, SprStoreOp


@register_functions
class VectorSprFunctions(MachineFunctions):
    @implements(SprClrOp)
    def run_sprclr(
        self, interpreter: Interpreter, op: SprClrOp, args: PythonValues
    ) -> PythonValues:
        self.machine.ar = 0
        self.on_pipe(op)
        return ()

    @implements(SprStoreOp)
    def run_sprst(
        self, interpreter: Interpreter, op: SprStoreOp, args: PythonValues
    ) -> PythonValues:
        ptr = self.machine.place(cast(Pointer, args[0]), MemorySpace.UB)
        assert ptr.memory is not None
        step = int(args[1]) * op.OFFSET_BYTES
        at = ptr.offset + step
        check(
            at >= 0 and at + 4 <= ptr.memory.size and at % 4 == 0,
            f"{op.name} stores AR at byte {at} of {ptr.memory.name}: outside it or not 4-byte "
            "aligned",
        )
        self.on_pipe(op, writes=[Access(ptr.memory, at, at + 4)])
        ptr.memory.data[at : at + 4] = np.array([self.machine.ar & 0xFFFFFFFF], "<u4").view(
            np.uint8
        )
        if op.updated_base is None:
            return ()
        return (Pointer(ptr.memory, at, ptr.dtype),)
