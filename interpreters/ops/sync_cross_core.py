"""Interpreter functions of `pto_dialect.ops.sync_cross_core`: cluster semaphores.

A signal increments the semaphore it names, a wait takes one signal. A run of one core
(not a mixed launch) satisfies a wait only by a signal of the same run: a wait with nothing
to take is an error, where the hardware would wait for ever. In a mixed launch the signals
go to the other cores (`_across_cores`) and a wait blocks until one arrives. A2/A3
counters are 4 bits: a 16th pending signal overflows (manual: set-cross-core.md).
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.cluster import FFTS
from interpreters.machine.core import MachineFunctions
from interpreters.ops.cross_core_pipe import loop_position
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.sync_cross_core import (
    CrossCoreOp,
    PipeBarrierOp,
    PipeSemaphoreOp,
)

COUNTER_LIMIT = 15
"""A semaphore counter holds 0-15 (4 bits)."""


@register_functions
class CrossCoreFunctions(MachineFunctions):
    """Semaphore signals and waits on the machine's counters."""

    @implements(CrossCoreOp)
    def run_cross_core(
        self, interpreter: Interpreter, op: CrossCoreOp, args: PythonValues
    ) -> PythonValues:
        static = op.event_id if isinstance(op, PipeSemaphoreOp) else None
        sem = int(cast(int, args[-1])) if static is None else static.value.data
        check(
            0 <= sem < op.SEMAPHORES,
            f"semaphore id {sem} must be in [0, {op.SEMAPHORES})",
        )
        if self.machine.cluster is not None:
            return self._across_cores(interpreter, op, sem)
        counters = self.machine.semaphores
        if op.SIGNALS:
            check(
                counters[sem] < COUNTER_LIMIT,
                f"semaphore {sem} overflows: {COUNTER_LIMIT} signals are pending already",
            )
            counters[sem] += 1
        else:
            check(
                counters[sem] > 0,
                f"waits for semaphore {sem}, which nothing of this run has signalled (a run "
                "models one vector core: the cube core is not modelled)",
            )
            counters[sem] -= 1
        self.machine.pipes.execute(op, op.pipe())
        return ()

    def _across_cores(self, interpreter: Interpreter, op: CrossCoreOp, sem: int) -> PythonValues:
        """In a mixed launch: `set_cross_core` is an FFTS mode-2 set (AIC to both AIVs, both
        AIVs to the AIC), `set_intra_block` an intra-block semaphore (`Cluster.set_semaphore`;
        PTOAS's form on A2/A3 an FFTS mode-2 set); the waits take their core's own."""
        cluster = self.machine.shared()
        core = self.machine.launch.core_index
        cluster.at[core] = lambda: loop_position(interpreter, op)
        pipes = self.machine.pipes
        pipe = op.pipe()
        # PTOAS lowers the named intra-block ops on A2/A3 to an FFTS mode-2 set / wait
        semaphore = isinstance(op, PipeSemaphoreOp) and self.machine.target.arch is not (
            TargetArch.A2A3
        )
        if op.SIGNALS:
            pipes.execute(op, pipe)
            signal = cluster.signal(core, pipes.free[pipe], op)
            if semaphore:
                cluster.set_semaphore(core, sem, signal)
            else:
                cluster.set_flag(core, sem, 2, signal)
        else:
            signal = (
                cluster.wait_semaphore(core, sem, op)
                if semaphore
                else cluster.wait_flag(core, sem, op, FFTS)
            )
            cluster.receive(core, signal, pipes, pipe, op)
            pipes.execute(op, pipe)
        return ()

    @implements(PipeBarrierOp)
    def run_pipe_barrier(
        self, interpreter: Interpreter, op: PipeBarrierOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.barrier(op, op.pipe())
        return ()
