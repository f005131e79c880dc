"""Interpreter functions of `pto_dialect.ops.comm`: GM traffic and signals between ranks.

A GM view names the memory it reaches, local or another rank's (a view of a remote buffer is
a view like any other: its memory is that rank's). Each op is a barrier of the core's pipes
before and after (pto-isa's comm ops end with `pipe_barrier(PIPE_ALL)` and synchronise their
own TLOAD / TSTORE chunks), moving its data on MTE2 (GM -> staging tile) and MTE3 (staging
tile -> GM), so that a race through GM with another core is a hazard naming both ops.

`twait` blocks until every signal of its view holds (pto-isa TWait.hpp); in a run of several
cores it yields to the others, which may notify it; when no core can go on, the run ends with
the wait-for graph. A run of one core ends at once with that diagnosis: nothing else can
change the signal. The staging tiles' contents after an op are not modelled (pto-isa leaves
the last chunk there; a kernel does not read it back).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.engine.source import where
from interpreters.machine import costs_dma
from interpreters.machine.cluster import Signal, join
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, TensorView, Tile
from interpreters.ops.cross_core_pipe import loop_position
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.comm import (
    CollectiveOp,
    CommTGatherOp,
    CommTScatterOp,
    CompareOp,
    TBroadcastOp,
    TNotifyOp,
    TransferOp,
    TReduceOp,
    TTestOp,
)
from pto_dialect.ops.comm_async import (
    AsyncEventOp,
    AsyncTransferOp,
    BuildAsyncSessionOp,
)
from pto_dialect.option_attrs import option_value

COMPARE = {
    "eq": np.equal,
    "ne": np.not_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
    "lt": np.less,
    "le": np.less_equal,
}
"""pto-isa TWait.hpp `CompareSignalRuntime`: signal <cmp> value."""
_SYMBOL = {"eq": "==", "ne": "!=", "gt": ">", "ge": ">=", "lt": "<", "le": "<="}


def combine(reduce: str, acc: np.ndarray, other: np.ndarray, dtype: DType) -> np.ndarray:
    """One step of `treduce` in the element type (TADD / TMAX / TMIN of the tiles): floats
    rounded once from the exact float64 result, integers wrapping."""
    if reduce == "max":
        return np.maximum(acc, other)
    if reduce == "min":
        return np.minimum(acc, other)
    if np.issubdtype(acc.dtype, np.integer):
        return (acc.astype(np.int64) + other.astype(np.int64)).astype(dtype.numpy)
    return (acc.astype(np.float64) + other.astype(np.float64)).astype(dtype.numpy)


def blocks(view: TensorView, count: int, part: tuple[int, ...]) -> list[TensorView]:
    """Where rank k's block of `part` lies in `view` for `tgather` / `tscatter`: at k x the
    per-rank rows (the second-to-last dimension; of a 1-D view, k x its length) from the
    view's start, with the view's strides (pto-isa TGather.hpp / TScatter.hpp address the
    blocks from the view's first element, `r * perRankRows * stride3`, beyond the view's own
    extent when it is smaller: so here, within its memory)."""
    if len(part) != len(view.shape):
        raise PtoRuntimeError(
            f"the group members are {len(part)}-D and the root's view {len(view.shape)}-D"
        )
    axis = -2 if len(part) >= 2 else -1
    step = part[axis] * view.strides[axis] * view.dtype.bytes
    return [
        TensorView(view.memory, view.offset + k * step, part, view.strides, view.dtype)
        for k in range(count)
    ]


def moved_bytes(op: Operation, dst: TensorView, src: TensorView) -> int:
    """The bytes a GM -> GM move of `src` to `dst` carries; views of two shapes are an error."""
    if dst.shape != src.shape:
        raise PtoRuntimeError(
            f"{op.name} moves a {'x'.join(map(str, src.shape))} view to a "
            f"{'x'.join(map(str, dst.shape))} one"
        )
    return int(np.prod(src.shape)) * src.dtype.bytes


@dataclass(eq=False)
class AsyncSession:
    """A `build_async_session` value: the events it started, each done at once."""

    started: int = 0


@register_functions
class CommFunctions(MachineFunctions):
    """The comm ops of one core (of one rank)."""

    def _move(self, op: Operation, reads: list[Access], writes: list[Access], staging: Tile,
              nbytes: int) -> None:  # fmt: skip
        """The pipe record of GM -> staging tile -> GM: a barrier, MTE2, MTE3, a barrier."""
        pipes = self.machine.pipes
        target = self.machine.target
        pipes.barrier(op, Pipe.ALL)
        load = costs_dma.transfer_cycles(target, MemorySpace.GM, MemorySpace.UB, nbytes)
        store = costs_dma.transfer_cycles(target, MemorySpace.UB, MemorySpace.GM, nbytes)
        pipes.execute(op, Pipe.MTE2, reads, [staging.access()], load)
        pipes.barrier(op, Pipe.ALL)  # the op's own MTE2 -> MTE3 flag
        pipes.execute(op, Pipe.MTE3, [staging.access()], writes, store)
        pipes.barrier(op, Pipe.ALL)

    @implements(TransferOp)
    def run_transfer(
        self, interpreter: Interpreter, op: TransferOp, args: PythonValues
    ) -> PythonValues:
        dst, src, ping = cast(TensorView, args[0]), cast(TensorView, args[1]), cast(Tile, args[2])
        nbytes = moved_bytes(op, dst, src)
        self._move(op, [src.access()], [dst.access()], ping, nbytes)
        data = src.array().copy()
        target = dst.array()
        target[...] = combine("sum", target, data, dst.dtype) if op.adds else data
        return ()

    @implements(TNotifyOp)
    def run_notify(
        self, interpreter: Interpreter, op: TNotifyOp, args: PythonValues
    ) -> PythonValues:
        view, value = cast(TensorView, args[0]), int(cast(int, args[1]))
        pipes = self.machine.pipes
        pipes.barrier(op, Pipe.ALL)
        pipes.execute(op, Pipe.S)  # the signal word synchronises: no race to report on it
        first = view.array().reshape(-1)[:1]  # TNotify.hpp: the view's first signal
        add = option_value(op.notify_op) == "atomic_add"
        word = (int(first[0]) + value if add else value) & 0xFFFFFFFF  # i32 wraps
        first[0] = np.array(word, np.uint32).view(np.int32)
        cluster = self.machine.cluster
        if cluster is not None:
            core = self.machine.launch.core_index
            key = (view.memory.uid, view.offset)
            signal = cluster.signal(core, max(pipes.free.values()), op)
            earlier = cluster.notified.get(key)
            cluster.notified[key] = signal if earlier is None else join([earlier, signal])
            cluster.last_notify[key] = signal.by
        pipes.barrier(op, Pipe.ALL)
        return ()

    def _holds(self, op: CompareOp, view: TensorView, value: int) -> bool:
        return bool(COMPARE[op.comparison](view.array(), np.int32(value)).all())

    @implements(CompareOp)
    def run_compare(
        self, interpreter: Interpreter, op: CompareOp, args: PythonValues
    ) -> PythonValues:
        view, value = cast(TensorView, args[0]), int(cast(int, args[1]))
        pipes = self.machine.pipes
        pipes.barrier(op, Pipe.ALL)
        pipes.execute(op, Pipe.S)  # polling a signal is no race
        if isinstance(op, TTestOp):
            return (self._holds(op, view, value),)
        cluster = self.machine.cluster
        if not self._holds(op, view, value):
            if cluster is None:
                raise PtoRuntimeError(
                    "deadlock: "
                    + self._waiting(op, view, value, "nobody")
                    + "; no other core or rank of this run can change it"
                )
            core = self.machine.launch.core_index
            cluster.at[core] = lambda: loop_position(interpreter, op)
            key = (view.memory.uid, view.offset)
            cluster.scheduler.block(
                core,
                lambda: self._holds(op, view, value),
                lambda: self._waiting(op, view, value, cluster.last_notify.get(key, "nobody")),
            )
        if cluster is not None:
            signals: list[Signal] = [
                s for (uid, _), s in cluster.notified.items() if uid == view.memory.uid
            ]
            if signals:
                core = self.machine.launch.core_index
                cluster.receive(core, join(signals), pipes, Pipe.S, op)
        pipes.barrier(op, Pipe.ALL)
        return ()

    @staticmethod
    def _waiting(op: CompareOp, view: TensorView, value: int, by: str) -> str:
        """`pto.comm.twait at f:3:5 waits for gm:arg1 signals [0, 1) >= 32 (they hold 0; last
        notified by ...)`."""
        held = view.array().reshape(-1)
        shown = ", ".join(str(int(v)) for v in held[:8]) + (", ..." if held.size > 8 else "")
        return (
            f"{where(op)} waits for {held.size} signal(s) of {view.memory.name} at byte "
            f"{view.offset} {_SYMBOL[op.comparison]} {value} (they hold {shown}; last notified "
            f"by {by})"
        )

    @implements(CollectiveOp)
    def run_collective(
        self, interpreter: Interpreter, op: CollectiveOp, args: PythonValues
    ) -> PythonValues:
        fixed, _, _, group_values = op.parts()
        n = len(fixed)
        views = [cast(TensorView, a) for a in args]
        first = views[0]
        staging = cast(Tile, args[n])
        group = views[len(args) - len(group_values) :]
        members = [g.array() for g in group]
        part = members[0].shape
        nbytes = sum(int(m.size) for m in members) * first.dtype.bytes
        accesses = [g.access() for g in group]
        if isinstance(op, TBroadcastOp):
            self._move(op, [first.access()], accesses, staging, nbytes)
            data = first.array().copy()
            for member in members:
                member[...] = data.reshape(member.shape)
        elif isinstance(op, CommTScatterOp):
            places = blocks(first, len(group), part)
            self._move(op, [b.access() for b in places], accesses, staging, nbytes)
            for member, block in zip(members, places, strict=True):
                member[...] = block.array().copy()
        elif isinstance(op, CommTGatherOp):
            places = blocks(first, len(group), part)
            self._move(op, accesses, [b.access() for b in places], staging, nbytes)
            data = [m.copy() for m in members]
            for block, member in zip(places, data, strict=True):
                block.array()[...] = member
        else:
            assert isinstance(op, TReduceOp)
            self._move(op, accesses, [first.access()], staging, nbytes)
            root = op.root_index
            reduce = str(option_value(op.reduce_op))
            acc = members[root].copy()
            for rank, member in enumerate(members):
                if rank != root:  # TReduce.hpp: the root's data, then the others in rank order
                    acc = combine(reduce, acc, member, first.dtype)
            first.array()[...] = acc.reshape(first.shape)
        return ()

    @implements(BuildAsyncSessionOp)
    def run_session(
        self, interpreter: Interpreter, op: BuildAsyncSessionOp, args: PythonValues
    ) -> PythonValues:
        return (AsyncSession(),)

    @implements(AsyncTransferOp)
    def run_async(
        self, interpreter: Interpreter, op: AsyncTransferOp, args: PythonValues
    ) -> PythonValues:
        """The SDMA copy, done when issued (the model has no SDMA engine of its own)."""
        dst, src = cast(TensorView, args[0]), cast(TensorView, args[1])
        session = cast(AsyncSession, args[2])
        nbytes = moved_bytes(op, dst, src)
        pipes = self.machine.pipes
        target = self.machine.target
        cycles = costs_dma.transfer_cycles(target, MemorySpace.GM, MemorySpace.GM, nbytes)
        pipes.barrier(op, Pipe.ALL)
        pipes.execute(op, Pipe.MTE3, [src.access()], [dst.access()], cycles)
        dst.array()[...] = src.array().copy()
        session.started += 1
        return (session.started,)

    @implements(AsyncEventOp)
    def run_event(
        self, interpreter: Interpreter, op: AsyncEventOp, args: PythonValues
    ) -> PythonValues:
        """Done: the transfer completed when it was issued."""
        self.machine.pipes.barrier(op, Pipe.ALL)
        return (True,)
