"""xDSL's scf semantics with the rule the manual adds: an `scf.for` step is positive."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.interpreters.scf import ScfFunctions

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions


@register_functions
class CheckedScfFunctions(ScfFunctions):
    """xDSL's scf semantics (its scf.for loop, spelled out: an `impl` cannot call the one
    it overrides), with the rule that an scf.for step is positive."""

    @implements(scf.ForOp)
    def run_checked_for(
        self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues
    ) -> PythonValues:
        lb, ub, step, *carried = args
        if step <= 0:
            raise PtoRuntimeError(f"the step must be positive, got {step}")
        values = tuple(carried)
        for i in range(lb, ub, step):
            values = interpreter.run_ssacfg_region(op.body, (i, *values), "for_loop")
        return values
