"""Interpreter functions of pipeline synchronisation: flags, buffer slots and barriers.

Each op only tells the pipe model (`interpreters.machine.pipes.PipeModel`) about the happens-before
edge it creates; none touches memory or takes cycles of its own.

- `set_flag[src, dst, e]` / `wait_flag[src, dst, e]`: a signal from pipe `src` to pipe `dst`
  on event `e`; a wait with no pending signal is reported as a deadlock. `set_flag_dyn` /
  `wait_flag_dyn`: the same with the event id an index in [0, 8).
- `get_buf "P", id, mode` / `rls_buf "P", id, mode`: acquire / release buffer slot `id`
  (a literal or an i64 operand, in [0, 32)) on pipe P (`get_buf_dyn` / `rls_buf_dyn`: an
  index operand). Acquiring a held slot is an error.
  `mode` does not change the model (PTOAS passes 0).
- `barrier P` (and `tsync.op #pto.op<C>`, a barrier on C's pipe): everything issued before
  completes before pipe P (every pipe for PIPE_ALL) goes on.
- `tsync ins(%t...)`: every pipe's later work waits for the earlier writes of the operands'
  bytes (tiles and GM views; a memref or tensor operand names no bytes the run tracks).
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import TensorView, Tile
from pto_dialect.attrs import Event
from pto_dialect.ops.sync import (
    BUF_ID_COUNT,
    AcquireBufOp,
    BufOp,
    FlagDynOp,
    PipeBarrier,
    ReleaseBufOp,
    SetFlagDynOp,
    SetFlagOp,
    WaitFlagDynOp,
    WaitFlagOp,
)
from pto_dialect.ops.tile_sync import TSyncOp


def _slot(op: BufOp, args: PythonValues) -> int:
    """The buffer id: the literal, or the first operand (buf_id precedes mode)."""
    value = op.buf_id_value
    slot = value if isinstance(value, int) else int(cast(int, args[0]))
    check(0 <= slot < BUF_ID_COUNT, f"buffer id {slot} must be in [0, {BUF_ID_COUNT})")
    return slot


def _event(op: FlagDynOp, args: PythonValues) -> Event:
    """The event id operand as `EVENT_ID<n>`."""
    number = int(cast(int, args[0]))
    check(0 <= number < len(Event), f"{op.name} event id {number} must be in [0, {len(Event)})")
    return list(Event)[number]


@register_functions
class SyncFunctions(MachineFunctions):
    """Happens-before edges between pipes."""

    @implements(SetFlagOp)
    def run_set_flag(
        self, interpreter: Interpreter, op: SetFlagOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.set_flag(op, op.src, op.dst, op.event.data)
        return ()

    @implements(WaitFlagOp)
    def run_wait_flag(
        self, interpreter: Interpreter, op: WaitFlagOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.wait_flag(op, op.src, op.dst, op.event.data)
        return ()

    @implements(SetFlagDynOp)
    def run_set_flag_dyn(
        self, interpreter: Interpreter, op: SetFlagDynOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.set_flag(op, op.src, op.dst, _event(op, args))
        return ()

    @implements(WaitFlagDynOp)
    def run_wait_flag_dyn(
        self, interpreter: Interpreter, op: WaitFlagDynOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.wait_flag(op, op.src, op.dst, _event(op, args))
        return ()

    @implements(AcquireBufOp)
    def run_get_buf(
        self, interpreter: Interpreter, op: AcquireBufOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.get_buf(op, op.pipe(), _slot(op, args))
        return ()

    @implements(ReleaseBufOp)
    def run_rls_buf(
        self, interpreter: Interpreter, op: ReleaseBufOp, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.rls_buf(op, op.pipe(), _slot(op, args))
        return ()

    @implements(PipeBarrier)
    def run_barrier(
        self, interpreter: Interpreter, op: PipeBarrier, args: PythonValues
    ) -> PythonValues:
        self.machine.pipes.barrier(op, op.pipe())
        return ()

    @implements(TSyncOp)
    def run_tsync(self, interpreter: Interpreter, op: TSyncOp, args: PythonValues) -> PythonValues:
        accesses = [arg.access() for arg in args if isinstance(arg, Tile | TensorView)]
        self.machine.pipes.wait_writes(op, accesses)
        return ()
