"""Interpreter functions of `pto_dialect.ops.runtime`: launch queries, `mem_bar`, sections."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from pto_dialect.attrs import KernelKind, TargetArch
from pto_dialect.kernels import aiv0_only
from pto_dialect.ops.runtime import BlockQueryOp, MemBarOp, SectionOp


@register_functions
class RuntimeFunctions(MachineFunctions):
    """Launch coordinates from the machine's `Launch`; `mem_bar` an ordering point on V;
    a section's body runs on the cores of its kind (one vector core unless the launch is
    mixed, `machine.cluster`; on A5 a vector section with an unsplit pipe end on AIV0
    alone, `aiv0_only`)."""

    @implements(BlockQueryOp)
    def run_query(
        self, interpreter: Interpreter, op: BlockQueryOp, args: PythonValues
    ) -> PythonValues:
        launch = self.machine.launch
        values = {
            "block_idx": launch.block_idx,
            "block_num": launch.block_num,
            "subblock_idx": launch.subblock_idx,
            "subblock_num": launch.subblock_num,
        }
        return (values[op.KEY],)

    @implements(MemBarOp)
    def run_mem_bar(
        self, interpreter: Interpreter, op: MemBarOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.execute(op, op.pipe())
        return ()

    @implements(SectionOp)
    def run_section(
        self, interpreter: Interpreter, op: SectionOp, args: PythonValues
    ) -> PythonValues:
        launch = self.machine.launch
        if (launch.core is KernelKind.VECTOR) != op.RUNS:
            return ()
        if launch.subblock_idx > 0 and self.machine.target.arch is TargetArch.A5 and aiv0_only(op):
            return ()  # A5 code generation runs it on AIV0 alone
        interpreter.run_ssacfg_region(op.body, (), op.name)
        return ()
