"""Interpreter function of `pto.vecscope`: its body op by op, or as whole arrays over all of
its loop iterations when no pipe model watches the run (`vecscope_batch`)."""

from __future__ import annotations

from xdsl.dialects.builtin import StringAttr
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.engine.interpreter import PtoInterpreter
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.cost_params import VF_STARTUP
from interpreters.ops.vecscope_batch import Batcher
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.vecscope import VecScopeOp


@register_functions
class VecScopeFunctions(MachineFunctions):
    """`pto.vecscope`: a bracket of the vector issue model around its body."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self.batcher = Batcher(machine)

    @implements(VecScopeOp)
    def run_vecscope(
        self, interpreter: Interpreter, op: VecScopeOp, args: PythonValues
    ) -> PythonValues:
        remark = op.attributes.get(VecScopeOp.MATMUL_TILE)
        if isinstance(remark, StringAttr):
            self.machine.remarks[f"vector matmul tile: {remark.data}"] = None
        fused = op.attributes.get(VecScopeOp.FUSED)
        if isinstance(fused, StringAttr):
            self.machine.remarks[f"fused: {fused.data}"] = None
        if (
            self.machine.batch_vecscopes
            and isinstance(interpreter, PtoInterpreter)
            and self.batcher.run(interpreter, op)
        ):
            return ()
        pipes = self.machine.pipes
        vf = self.machine.target.arch is TargetArch.A5  # a vecscope is one vector function
        if vf:
            pipes.vf_launch(VF_STARTUP)
        pipes.issue.begin()
        try:
            interpreter.run_ssacfg_region(op.body, (), "vecscope")
        finally:
            pipes.issue.end()
        if vf:
            pipes.vf_done()
        return ()
