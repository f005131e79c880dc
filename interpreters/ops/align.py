"""Interpreter function of `pto.init_align`: an empty store-side alignment state."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics.vector_memory import AlignState
from pto_dialect.ops.align import InitAlignOp


@register_functions
class AlignFunctions(MachineFunctions):
    """`init_align`: a state with no buffered bytes, which the first store step continues."""

    @implements(InitAlignOp)
    def run_init_align(
        self, interpreter: Interpreter, op: InitAlignOp, args: PythonValues
    ) -> PythonValues:
        return (AlignState(origin=op),)
