"""Interpreter function of `pto.vci` (`semantics.generate.index_sequence` over its lanes)."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.semantics.generate import index_sequence
from pto_dialect.ops.vector_index import VciOp


@register_functions
class VectorIndexFunctions(MachineFunctions):
    @implements(VciOp)
    def run_vci(self, interpreter: Interpreter, op: VciOp, args: PythonValues) -> PythonValues:
        vreg = op.result.type
        dtype = vreg.element
        result = index_sequence(cast(float, args[0]), vreg.lanes.data, op.descending, dtype)
        self.on_vector_pipe(op, dtype)
        return (result,)
