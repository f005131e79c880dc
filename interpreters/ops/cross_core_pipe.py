"""Interpreter functions of `pto_dialect.ops.cross_core_pipe`: the tile pipes between the
cube and vector cores of a block, and FFTS flags, on the launch's `Cluster`.

A push copies the tile's rows x cols contents into the next slot (blocking while every slot
is held); a pop blocks until its slot is filled and gives a fresh tile of its result type
holding its part (C2V split 1/2: its half of the rows/columns; V2C: the lanes' halves put
together); a free releases the consumer's oldest popped slot, the slot returning to the pool
once every consumer freed it. A push and a free are barriers of their core's pipes before
and after; every pipe waits for a pop, but a pop orders nothing else (documented choice:
pto-isa's TPUSH / TPOP / TFREE wait for the pipes that fill or read the slot; its A5 TPOP
waits for the producer's flag on the consuming pipe alone), so the tiles need no flags of the
kernel's own. The consumer's FIFO memory
(`reserve_buffer`) is not modelled: a popped tile has space of its own. Element types
convert as the pop's type says (the fixpipe's conversion on the cube side).
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.engine.source import location
from interpreters.machine import costs
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Memory, Pointer, TensorView, Tile, static_or
from interpreters.ops.fixpipe_quant_state import FixpipePushes
from pto_dialect.attrs import KernelKind, Pipe, SyncCoreType, TargetArch
from pto_dialect.ops.cross_core_pipe import (
    DIR_C2V,
    AllocOp,
    FreeOp,
    InitializePipeOp,
    PopOp,
    PushOp,
)
from pto_dialect.ops.ffts import FftsOp, SetFftsOp, SyncAllOp, uses_legacy_semaphores
from pto_dialect.types import MemorySpace, TensorViewType, TileTypeBase


def loop_position(interpreter: Interpreter, op: Operation) -> str:
    """The iteration of each `scf.for` around `op`, innermost first (`iteration 2 of the loop
    at f:4:5`, as pto-check says it; empty outside loops), from the interpreter's values."""
    parts: list[str] = []
    node = op.parent_op()
    while node is not None and not isinstance(node, func.FuncOp):
        if isinstance(node, scf.ForOp):
            try:
                iv, lb, step = interpreter.get_values((node.body.block.args[0], node.lb, node.step))
            except Exception:  # not bound in this scope: the position is unknown
                return ", ".join(parts)
            index = (int(cast(int, iv)) - int(cast(int, lb))) // max(int(cast(int, step)), 1)
            at = location(node)
            parts.append(f"iteration {index} of the loop" + ("" if at is None else f" at {at}"))
        node = node.parent_op()
    return ", ".join(parts)


@register_functions
class CrossCorePipeFunctions(MachineFunctions):
    """Pipe ends and FFTS flags of one core of a mixed launch."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._legacy: dict[ModuleOp, bool] = {}
        self._pushes = FixpipePushes()
        """What a push hands over (through its pipe's fixpipe epilogue, if any)."""
        """Per module: whether its sync.set/wait are vpto-dev/PTOAS's A5 semaphore spelling."""

    def _core(self, interpreter: Interpreter | None = None, op: Operation | None = None) -> int:
        """The running core's index; with `op`, where in its loops it is (for a deadlock)."""
        cluster = self.machine.shared()
        core = self.machine.launch.core_index
        if interpreter is not None and op is not None:
            cluster.at[core] = lambda: loop_position(interpreter, op)
        return core

    @implements(InitializePipeOp)
    def run_init(
        self, interpreter: Interpreter, op: InitializePipeOp, args: PythonValues
    ) -> PythonValues:
        cluster = self.machine.shared()
        block = cluster.cores[self.machine.launch.core_index].block  # of all ranks' blocks
        gm: tuple[Memory, int] | None = None
        for operand in (op.gm_slot_buffer, op.gm_slot_tensor):
            if operand is not None:
                fifo = cast(Pointer | TensorView, args[op.operands.index(operand)])
                if fifo.memory is None:
                    raise PtoRuntimeError("the GM FIFO is an unplaced address")
                gm = (fifo.memory, fifo.offset)
        cluster.open_pipe(block, op.pipe_id.value.data, op.dir_mask.value.data, op.slots,
                          op.slot_size.value.data, gm)  # fmt: skip
        return ()

    @implements(AllocOp)
    def run_alloc(self, interpreter: Interpreter, op: AllocOp, args: PythonValues) -> PythonValues:
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, op.id_value, op.DIRECTION, op)
        entry, release = cluster.allocate(core, pipe, op.DIRECTION, op.split_value, op)
        pipes = self.machine.pipes
        if release is not None:  # the slot's earlier reads are done
            cluster.receive(core, release, pipes, op.pipe(), op)
        pipes.execute(op, op.pipe())
        launch = self.machine.launch
        lane = launch.subblock_idx if launch.core is KernelKind.VECTOR else -1
        view = op.entry.type
        rows, cols = view.dims
        return (cluster.slot_view(pipe, entry, lane, (rows, cols), view.element),)

    @implements(PushOp)
    def run_push(self, interpreter: Interpreter, op: PushOp, args: PythonValues) -> PythonValues:
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, op.id_value, op.DIRECTION, op)
        tile = cast(Tile | TensorView, args[0])
        gm = isinstance(tile, TensorView)  # a talloc'd GM entry: written already
        pipes = self.machine.pipes
        pipes.barrier(op, Pipe.ALL, implicit=True)  # the push waits for the core's earlier work
        reads = [tile.access()] if pipes.tracking and not gm else []
        if gm:
            pipes.execute(op, op.pipe(), reads=reads)
        else:
            timing = (self.machine.target, tile.memory.space, _slot_space(self.machine, op),
                      tile.nbytes)  # fmt: skip
            pipes.execute(op, op.pipe(), reads=reads, cycles=costs.transfer_cycles(*timing),
                          hold=costs.transfer_hold(*timing))  # fmt: skip
        pipes.barrier(
            op, Pipe.ALL, implicit=True
        )  # the tile is in the slot before anything goes on
        data = (
            None
            if isinstance(tile, TensorView)
            else self._pushes.values(self.machine, op, op.id_value, tile)
        )
        cluster.push(core, pipe, op.DIRECTION, op.split_value, data,
                     lambda: cluster.signal(core, pipes.settled(op.pipe()), op), op)  # fmt: skip
        return ()

    @implements(PopOp)
    def run_pop(self, interpreter: Interpreter, op: PopOp, args: PythonValues) -> PythonValues:
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, op.id_value, op.DIRECTION, op)
        data, signal, entry = cluster.pop(core, pipe, op.DIRECTION, op.split_value, op)
        pipes = self.machine.pipes
        result = op.tile.type
        load = isinstance(result, TileTypeBase) and self.machine.target.arch is not TargetArch.A5
        on = Pipe.MTE2 if load else op.pipe()  # elsewhere than A5: a TLOAD from the GM FIFO
        cluster.receive(core, signal, pipes, on, op)
        if isinstance(result, TensorViewType):  # a GM FIFO's entry: where it is
            pipes.execute(op, op.pipe())
            launch = self.machine.launch
            lane = launch.subblock_idx if launch.core is KernelKind.VECTOR else -1
            rows, cols = result.dims
            return (cluster.slot_view(pipe, entry, lane, (rows, cols), result.element),)
        assert isinstance(result, TileTypeBase)
        if data.ndim != 2:
            raise PtoRuntimeError(
                "pops a tile from a GM FIFO entry (a talloc'd view was pushed): pop a tensor_view"
            )
        rows, cols = result.shape
        if data.shape != (rows, cols):
            raise PtoRuntimeError(
                f"pops a {rows}x{cols} tile from a slot holding {data.shape[0]}x{data.shape[1]}"
            )
        vr, vc = result.valid_shape
        extents = [int(cast(int, a)) for a in args[: len(op.valid_extents())]]
        valid = extents if extents else [static_or(vr, rows), static_or(vc, cols)]
        tile = self.machine.tile_at(result, None, valid[0], valid[1])
        tile.set(data.astype(tile.get().dtype))
        writes = [tile.access()] if pipes.tracking else []
        if load:
            timing = (self.machine.target, MemorySpace.GM, tile.memory.space, tile.nbytes)
            pipes.execute(op, on, writes=writes, cycles=costs.transfer_cycles(*timing),
                          hold=costs.transfer_hold(*timing))  # fmt: skip
        else:
            pipes.execute(op, on, writes=writes)
        pipes.fence(op, on)  # the popped tile is ready for every pipe
        return (tile,)

    @implements(FreeOp)
    def run_free(self, interpreter: Interpreter, op: FreeOp, args: PythonValues) -> PythonValues:
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, op.id_value, op.DIRECTION, op)
        pipes = self.machine.pipes
        pipes.barrier(op, Pipe.ALL, implicit=True)  # the slot's reads are done
        pipes.execute(op, op.pipe())
        cluster.free(
            core, pipe, op.DIRECTION, op, cluster.signal(core, pipes.settled(op.pipe()), op)
        )
        return ()

    @implements(FftsOp)
    def run_ffts(self, interpreter: Interpreter, op: FftsOp, args: PythonValues) -> PythonValues:
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        event = int(cast(int, args[0])) if args else cast(int, op.event_id.value.data)  # type: ignore[union-attr]
        if not 0 <= event < op.id_limit():
            raise PtoRuntimeError(f"{op.name} event id {event} must be in [0, {op.id_limit()})")
        module = op.module()  # vpto-dev/PTOAS's A5 intra-block semaphores (fixed per run)
        if module is not None and module not in self._legacy:
            self._legacy[module] = uses_legacy_semaphores(module)
        legacy = op.is_legacy_semaphore(None if module is None else self._legacy[module])
        pipes = self.machine.pipes
        if op.SIGNALS:
            pipes.execute(op, op.pipe())
            signal = cluster.signal(core, pipes.settled(op.pipe()), op)
            if legacy:
                cluster.set_semaphore(core, event, signal)
            else:
                cluster.set_flag(core, event, op.mode, signal)
        else:
            signal = (
                cluster.wait_semaphore(core, event, op)
                if legacy
                else cluster.wait_flag(core, event, op)
            )
            cluster.receive(core, signal, pipes, op.pipe(), op)
            pipes.execute(op, op.pipe())
        return ()

    @implements(SetFftsOp)
    def run_set_ffts(
        self, interpreter: Interpreter, op: SetFftsOp, args: PythonValues
    ) -> PythonValues:
        """The FFTS base address: the model keeps the flags itself (nothing to change)."""
        return ()

    @implements(SyncAllOp)
    def run_syncall(
        self, interpreter: Interpreter, op: SyncAllOp, args: PythonValues
    ) -> PythonValues:
        """Every core of the kind waits for all (a run of one core: for itself)."""
        pipes = self.machine.pipes
        pipes.barrier(op, Pipe.ALL, implicit=True)
        if self.machine.cluster is None:
            return ()
        core = self._core(interpreter, op)
        kind = _SYNCALL_KINDS[op.core_type.data]
        used = int(cast(int, args[-1])) if op.used_cores is not None else None
        cluster = self.machine.shared()
        signal = cluster.signal(core, pipes.total_cycles, op)
        cluster.receive(core, cluster.syncall(core, kind, used, signal, op), pipes, Pipe.ALL, op)
        return ()


_SYNCALL_KINDS = {
    SyncCoreType.AIV_ONLY: KernelKind.VECTOR,
    SyncCoreType.AIC_ONLY: KernelKind.CUBE,
    SyncCoreType.MIX: None,
}


def _slot_space(machine: Machine, op: PushOp) -> MemorySpace:
    """Where a pushed tile's bytes go (the push's transfer, `PushOp.COST`): on A5 the
    consumer's buffer (pto-isa npu/a5/TPush.hpp: a C2V push is TMOV acc -> vec, the fixpipe's
    L0C -> UB; a V2C push is TINSERT vec -> mat, UB -> L1); elsewhere the GM FIFO
    (npu/a2a3/TPush.hpp: TSTORE, and the pop a TLOAD on MTE2)."""
    if machine.target.arch is not TargetArch.A5:
        return MemorySpace.GM
    return MemorySpace.UB if op.DIRECTION == DIR_C2V else MemorySpace.L1
