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
kernel's own. A push costs the transfer pto-isa's TPUSH issues (`slot_space`); elsewhere than
on A5 a pop of a tile loads it back from the GM FIFO on MTE2. The consumer's FIFO memory
(`reserve_buffer`) is not modelled: a popped tile has space of its own. Element types
convert as the pop's type says (the fixpipe's conversion, and the epilogue of an
`acc_push_epilogue` pipe, on the cube side).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.engine.source import location
from interpreters.machine import costs_dma
from interpreters.machine.cluster import CorePipe, Entry
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Memory, Pointer, TensorView, Tile, static_or
from interpreters.ops.fixpipe_quant_state import FixpipePushes
from pto_dialect.attrs import KernelKind, Pipe, SyncCoreType, TargetArch
from pto_dialect.memory_types import MemorySpace, TensorViewType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.cross_core_pipe import (
    DIR_C2V,
    ODD_SPLITS,
    AllocOp,
    FreeOp,
    InitializePipeOp,
    PopOp,
    PushOp,
)
from pto_dialect.ops.ffts import FftsOp, SetFftsOp, SyncAllOp, uses_legacy_semaphores
from pto_dialect.tile_types import TileTypeBase


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


class PipeEnds(MachineFunctions):
    """The ends of a cross-core pipe on the launch's `Cluster`, for both spellings: the
    frontend ops (`tpush_to_aiv`, ...) here and the lowered ones (`lowered_pipe`). `key`
    names the pipe within its block, `direction` is DIR_C2V or DIR_V2C."""

    def _core(self, interpreter: Interpreter | None = None, op: Operation | None = None) -> int:
        """The running core's index; with `op`, where in its loops it is (for a deadlock)."""
        cluster = self.machine.shared()
        core = self.machine.launch.core_index
        if interpreter is not None and op is not None:
            cluster.at[core] = lambda: loop_position(interpreter, op)
        return core

    def _lane(self) -> int:
        """The running core's vector lane (its subblock; -1: the AIC)."""
        launch = self.machine.launch
        return launch.subblock_idx if launch.core is KernelKind.VECTOR else -1

    def open(self, key: int | str, mask: int, slots: int, slot_size: int,
             fifo: object | None) -> None:  # fmt: skip
        """Pipe `key` of the running core's block, with `fifo` (a GM pointer or view) its
        GM slots if it has them."""
        cluster = self.machine.shared()
        block = cluster.cores[self.machine.launch.core_index].block  # of all ranks' blocks
        gm: tuple[Memory, int] | None = None
        if isinstance(fifo, Pointer | TensorView):
            if fifo.memory is None:
                raise PtoRuntimeError("the GM FIFO is an unplaced address")
            gm = (fifo.memory, fifo.offset)
        elif fifo is not None:
            raise PtoRuntimeError("the GM FIFO is not a GM address (a pointer or a view)")
        cluster.open_pipe(block, key, mask, slots, slot_size, gm)

    def alloc_entry(self, interpreter: Interpreter, op: PtoOp, key: int | str, direction: int,
                    split: int, view: TensorViewType) -> TensorView:  # fmt: skip
        """The producer's next free slot of a GM FIFO, as a `view` to write."""
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, key, direction, op)
        entry, release = cluster.allocate(core, pipe, direction, split, op)
        pipes = self.machine.pipes
        if release is not None:  # the slot's earlier reads are done
            cluster.receive(core, release, pipes, op.pipe(), op)
        pipes.execute(op, op.pipe())
        return cluster.slot_view(pipe, entry, self._lane(), view.dims, view.element)

    def push_entry(self, interpreter: Interpreter, op: PtoOp, key: int | str, direction: int,
                   split: int, tile: Tile | TensorView,
                   values: np.ndarray | None = None) -> None:  # fmt: skip
        """The producer fills the next slot with `tile` (a talloc'd GM entry: written already),
        or with `values` computed from it (a fixpipe epilogue's)."""
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, key, direction, op)
        pipes = self.machine.pipes
        pipes.barrier(op, Pipe.ALL, implicit=True)  # the push waits for the core's earlier work
        data = None
        if isinstance(tile, TensorView):
            pipes.execute(op, op.pipe())
        else:
            timing = (self.machine.target, tile.memory.space, slot_space(self.machine, direction),
                      tile.nbytes, 1, tile.valid_rows)  # fmt: skip
            reads = [tile.access()] if pipes.tracking else []
            pipes.execute(op, op.pipe(), reads, (), *costs_dma.transfer_timing(*timing))
            data = tile.get() if values is None else values
            if split in ODD_SPLITS:  # the halves of the valid region
                data = data[: tile.valid_rows, : tile.valid_cols]
        # the tile is in the slot before anything goes on
        pipes.barrier(op, Pipe.ALL, implicit=True)
        cluster.push(core, pipe, direction, split, data,
                     lambda: cluster.signal(core, pipes.settled(op.pipe()), op), op)  # fmt: skip

    def pop_entry(self, interpreter: Interpreter, op: PtoOp, key: int | str, direction: int,
                  split: int, to_tile: bool) -> tuple[np.ndarray, Entry, CorePipe]:  # fmt: skip
        """The consumer's part of the oldest filled slot, once it is filled; `to_tile`: it is
        popped into a tile (`fill`), not as a GM FIFO view."""
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, key, direction, op)
        data, signal, entry = cluster.pop(core, pipe, direction, split, op)
        on = self._pop_pipe(op) if to_tile else op.pipe()
        cluster.receive(core, signal, self.machine.pipes, on, op)
        return data, entry, pipe

    def _pop_pipe(self, op: PtoOp) -> Pipe:
        """Where a pop into a tile runs: elsewhere than on A5 a TLOAD from the GM FIFO."""
        return Pipe.MTE2 if self.machine.target.arch is not TargetArch.A5 else op.pipe()

    def entry_view(self, op: PtoOp, pipe: CorePipe, entry: Entry,
                   view: TensorViewType) -> TensorView:  # fmt: skip
        """Where a popped GM FIFO entry is, as `view`."""
        self.machine.pipes.execute(op, op.pipe())
        return self.machine.shared().slot_view(pipe, entry, self._lane(), view.dims, view.element)

    def fill(self, op: PtoOp, data: np.ndarray, tile: Tile, split: int) -> None:
        """The popped `data` into `tile` (its element type converts as the tile's says; the
        part of an odd split into its top left)."""
        if data.ndim != 2:
            raise PtoRuntimeError(
                "pops a tile from a GM FIFO entry (a talloc'd view was pushed): pop a tensor_view"
            )
        rows, cols = tile.type.shape
        fits = data.shape[0] <= rows and data.shape[1] <= cols
        if not (fits if split in ODD_SPLITS else data.shape == (rows, cols)):
            raise PtoRuntimeError(
                f"pops a {rows}x{cols} tile from a slot holding {data.shape[0]}x{data.shape[1]}"
            )
        tile.set(data.astype(tile.get().dtype))
        pipes = self.machine.pipes
        writes = [tile.access()] if pipes.tracking else []
        on = self._pop_pipe(op)
        if on is Pipe.MTE2:
            timing = (self.machine.target, MemorySpace.GM, tile.memory.space, tile.nbytes)
            pipes.execute(op, on, (), writes, *costs_dma.transfer_timing(*timing))
        else:
            pipes.execute(op, on, writes=writes)
        pipes.fence(op, on)  # the popped tile is ready for every pipe

    def free_entry(self, interpreter: Interpreter, op: PtoOp, key: int | str,
                   direction: int) -> None:  # fmt: skip
        """The consumer releases its oldest popped slot."""
        core = self._core(interpreter, op)
        cluster = self.machine.shared()
        pipe = cluster.pipe_of(core, key, direction, op)
        pipes = self.machine.pipes
        pipes.barrier(op, Pipe.ALL, implicit=True)  # the slot's reads are done
        pipes.execute(op, op.pipe())
        signal = cluster.signal(core, pipes.settled(op.pipe()), op)
        cluster.free(core, pipe, direction, op, signal)


@register_functions
class CrossCorePipeFunctions(PipeEnds):
    """Pipe ends and FFTS flags of one core of a mixed launch."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._legacy: dict[ModuleOp, bool] = {}
        """Per module: whether its sync.set/wait are vpto-dev/PTOAS's A5 semaphore spelling."""
        self._pushes = FixpipePushes()
        """What a push hands over (through its pipe's fixpipe epilogue, if any)."""

    @implements(InitializePipeOp)
    def run_init(
        self, interpreter: Interpreter, op: InitializePipeOp, args: PythonValues
    ) -> PythonValues:
        fifo = None
        for operand in (op.gm_slot_buffer, op.gm_slot_tensor):
            if operand is not None:
                fifo = args[op.operands.index(operand)]
        self.open(op.pipe_id.value.data, op.dir_mask.value.data, op.slots,
                  op.slot_size.value.data, fifo)  # fmt: skip
        return ()

    @implements(AllocOp)
    def run_alloc(self, interpreter: Interpreter, op: AllocOp, args: PythonValues) -> PythonValues:
        view = self.alloc_entry(interpreter, op, op.id_value, op.DIRECTION, op.split_value,
                                op.entry.type)  # fmt: skip
        return (view,)

    @implements(PushOp)
    def run_push(self, interpreter: Interpreter, op: PushOp, args: PythonValues) -> PythonValues:
        tile = cast(Tile | TensorView, args[0])
        values = None
        if isinstance(tile, Tile):
            values = self._pushes.values(self.machine, op, op.id_value, tile)
        self.push_entry(interpreter, op, op.id_value, op.DIRECTION, op.split_value, tile, values)
        return ()

    @implements(PopOp)
    def run_pop(self, interpreter: Interpreter, op: PopOp, args: PythonValues) -> PythonValues:
        result = op.tile.type
        to_tile = isinstance(result, TileTypeBase)
        data, entry, pipe = self.pop_entry(interpreter, op, op.id_value, op.DIRECTION,
                                           op.split_value, to_tile)  # fmt: skip
        if isinstance(result, TensorViewType):  # a GM FIFO's entry: where it is
            return (self.entry_view(op, pipe, entry, result),)
        assert isinstance(result, TileTypeBase)
        rows, cols = result.shape
        vr, vc = result.valid_shape
        extents = [int(cast(int, a)) for a in args[: len(op.valid_extents())]]
        valid = extents if extents else [static_or(vr, rows), static_or(vc, cols)]
        tile = self.machine.tile_at(result, None, valid[0], valid[1])
        self.fill(op, data, tile, op.split_value)
        return (tile,)

    @implements(FreeOp)
    def run_free(self, interpreter: Interpreter, op: FreeOp, args: PythonValues) -> PythonValues:
        self.free_entry(interpreter, op, op.id_value, op.DIRECTION)
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


def slot_space(machine: Machine, direction: int) -> MemorySpace:
    """Where a pushed tile's bytes go (the push's transfer, `PushOp.COST`): on A5 the
    consumer's buffer (pto-isa npu/a5/TPush.hpp: a C2V push is TMOV acc -> vec, the fixpipe's
    L0C -> UB; a V2C push is TINSERT vec -> mat, UB -> L1); elsewhere the GM FIFO
    (npu/a2a3/TPush.hpp: TSTORE, and the pop a TLOAD on MTE2)."""
    if machine.target.arch is not TargetArch.A5:
        return MemorySpace.GM
    return MemorySpace.UB if direction == DIR_C2V else MemorySpace.L1
