"""Interpreter functions of the VMI reductions (`semantics.vmi_reduce`)."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.ops.vmi_common import VmiFunctions, vmi_array
from interpreters.semantics import vmi_reduce as sem
from pto_dialect.ops.vmi_common import vreg_type
from pto_dialect.ops.vmi_reduce import ReduceOp


@register_functions
class VmiReduceFunctions(VmiFunctions):
    @implements(ReduceOp)
    def run_reduce(
        self, interpreter: Interpreter, op: ReduceOp, args: PythonValues
    ) -> PythonValues:
        values, mask = vmi_array(args[0]), vmi_array(args[1])
        bits = vreg_type(op.source).bits
        self.record(op)
        return (sem.reduce(op.KIND, values, mask, op.groups, bits),)
