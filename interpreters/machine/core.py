"""The machine a PTO kernel runs on: its target and its memories.

GM holds one memory per kernel argument; each on-chip location has one memory of
the target's capacity, used by tiles with an address (`alloc_tile addr = ...`,
`castptr`). A tile without an address gets fresh space of its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from xdsl.interpreter import InterpreterFunctions, PythonValues
from xdsl.ir import Operation, SSAValue

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.machine import cost_params, costs
from interpreters.machine.cluster import Cluster
from interpreters.machine.dma_state import DmaState
from interpreters.machine.launch import Launch
from interpreters.machine.memory import (
    Access,
    GmAddresses,
    Memory,
    Pointer,
    TensorView,
    Tile,
    static_or,
)
from interpreters.machine.pipes import PipeModel
from pto_dialect.attrs import KernelKind, Location, Pipe, TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import SPACE_OF_LOCATION, MemorySpace
from pto_dialect.mx import SCALE_ADDRESS_SHIFT
from pto_dialect.ops.base import PtoOp, TileOp
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileTypeBase

_LOCATION_OF_SPACE = {space: loc for loc, space in SPACE_OF_LOCATION.items()}


@dataclass
class Machine:
    target: TargetProfile
    memories: dict[MemorySpace, Memory] = field(default_factory=dict[MemorySpace, Memory])
    fresh_count: int = 0
    op_counts: Counter[str] = field(default_factory=Counter[str])
    pipes: PipeModel = field(default_factory=PipeModel)
    dma: DmaState = field(default_factory=DmaState)
    remarks: dict[str, None] = field(default_factory=dict[str, None])
    """What the running code says of itself (a lowering's choices), each once, in order."""
    vms4_sr: tuple[int, ...] = (0, 0, 0, 0)
    """VMS4_SR: the pairs each list gave in the last merge sort (vmrgsort4, tmrgsort)."""
    launch: Launch = field(default_factory=Launch)
    """Which block of the launch this machine runs."""
    semaphores: Counter[int] = field(default_factory=Counter[int])
    """The cluster's cross-core semaphores (`set_cross_core`, `set_intra_block`, ...)."""
    ctrl: int = 0
    """The CTRL register as the kernel set it (`get_ctrl`/`set_ctrl`, `settf32mode`); A5's
    tile matmuls read its TF32 bits (`pto_dialect.ops.tile_config`)."""
    hf32: bool = False
    """Whether `sethf32mode` enabled HF32 for later f32 tile matmuls."""
    fixpipe_quant: dict[tuple[str, int], object] = field(
        default_factory=dict[tuple[str, int], object]
    )
    """The quantisation state of pushes through a fixpipe, per (`scalar`|`vector`, pipe id):
    a scalar word (`set_quant_scalar`) or a scaling tile (`set_quant_vector`)."""
    store_atomic: tuple[str, str] = ("none", "f32")
    """The DMA store-atomic operation and element type (`set_atomic_*`)."""
    ub_mask: tuple[int, int] = (-1, -1)
    """The A2/A3 vector mask (mask0: lanes 0-63, mask1: 64-127) `pto.ub.set_mask` sets;
    all lanes on at the start (docs/semantics.md)."""
    ar: int = 0
    """The AR special register: `sprclr` clears it, `vstur` leaves its address register
    there, `sprsti`/`sprsts` store it."""
    printed: list[str] = field(default_factory=list[str])
    """The text the kernel printed (`tprint`), in order: `pto-run` writes it to stdout."""
    scales: dict[MemorySpace, Memory] = field(default_factory=dict[MemorySpace, Memory])
    """The MX scale buffers of L0A and L0B (`scale_memory`)."""
    own_scales: dict[int, Memory] = field(default_factory=dict[int, Memory])
    """The MX scale buffers of fresh L0A / L0B spaces, by their memory's uid (`scales_of`)."""
    batch_vecscopes: bool = False
    """Run each `pto.vecscope` as whole arrays over its loop iterations where it can
    (`interpreters.ops.vecscope_batch`): only when no pipe model watches the ops."""
    gm: GmAddresses = field(default_factory=GmAddresses)
    """Integer addresses of GM pointers (`castptr` both ways)."""
    cluster: Cluster | None = None
    """The cores of a mixed launch this core shares pipes and flags with (None: one core)."""

    def shared(self) -> Cluster:
        """The launch's cluster; an error when the run models one core only."""
        if self.cluster is None:
            raise PtoRuntimeError(
                "cross-core pipes and FFTS flags need the cores of a mixed launch (a module "
                "with pto.kernel_kind, pto.section.cube or a cross-core op)"
            )
        return self.cluster

    def place(self, ptr: Pointer, space: MemorySpace) -> Pointer:
        """`ptr` in memory `space`: an untyped castptr address is placed there; a pointer
        already in a memory must be in `space`."""
        if ptr.memory is None:
            return Pointer(self.memory(space), ptr.offset, ptr.dtype)
        if ptr.memory.space is not space:  # (runs per vector op: no message unless it fails)
            raise PtoRuntimeError(
                f"pointer into {ptr.memory.name} is used where a {space.value} address is needed"
            )
        return ptr

    def memory(self, space: MemorySpace) -> Memory:
        """The on-chip memory of `space`, of the target's hardware size (`sizes`: on A5 the
        whole 256 KiB of UB, of which memory planning gives tiles 248 KiB). The AIC of a
        mixed launch has no UB: a UB address there names its block's AIV0's UB; an AIV has no
        L1: an L1 address there names its block's AIC's L1."""
        memory = self.memories.get(space)
        if memory is None:
            check(space is not MemorySpace.GM, "GM has no fixed memory: it is the kernel arguments")
            memory = self._peer(space)
            if memory is None:
                size = self.target.sizes[_LOCATION_OF_SPACE[space]]
                memory = Memory.zeros(space.value, space, size)
            self.memories[space] = memory
        return memory

    def _peer(self, space: MemorySpace) -> Memory | None:
        """The memory of another core of the block that `space` names here: the AIC's UB is
        AIV0's, an AIV's L1 the AIC's (None: this core's own)."""
        if self.cluster is None:
            return None
        if space is MemorySpace.UB:
            return self._peer_ub(0)
        if space is MemorySpace.L1 and self.launch.core is KernelKind.VECTOR:
            return self.cluster.cube_l1(self.launch.core_index)
        return None

    def _peer_ub(self, sub: int) -> Memory | None:
        """On the AIC of a mixed launch: the UB of its block's AIV `sub`, if the launch runs it."""
        if self.cluster is None or self.launch.core is not KernelKind.CUBE:
            return None
        return self.cluster.vector_ub(self.launch.core_index, sub)

    def vector_ub(self, sub: int) -> Memory:
        """The UB of vector core `sub` (0 or 1) of this block, where the fixpipe and L1 -> UB
        transfers of the AIC write: that AIV's in a mixed launch; in a run of one core, its
        own UB stands for sub-block 0's and sub-block 1 has none."""
        memory = self._peer_ub(sub)
        if memory is not None:
            return memory
        if sub == 0:
            return self.memory(MemorySpace.UB)
        raise PtoRuntimeError(
            f"the UB of vector core {sub} is not in this run: a mixed launch (pto.section.cube "
            "and pto.section.vector, or a cube and a vector kernel) runs both AIVs of a block"
        )

    def scale_memory(self, space: MemorySpace) -> Memory:
        """The MX scale buffer of L0A or L0B: an operand's scales lie at its address >> 4
        (`pto_dialect.mx.SCALE_ADDRESS_SHIFT`), so it holds 1/16 of the operand buffer."""
        if space not in self.scales:
            size = self.memory(space).size >> SCALE_ADDRESS_SHIFT
            self.scales[space] = Memory.zeros(f"{space.value}_mx", space, size)
        return self.scales[space]

    def scales_of(self, memory: Memory) -> Memory:
        """The MX scale buffer that addresses in `memory` (an L0A / L0B) map to: the core's
        (`scale_memory`), or one of its own, as large, for a tile's fresh space."""
        core = self.scale_memory(memory.space)
        if self.memories.get(memory.space) is memory:
            return core
        scales = self.own_scales.get(memory.uid)
        if scales is None:
            scales = Memory.zeros(f"{memory.name}_mx", memory.space, core.size)
            self.own_scales[memory.uid] = scales
        return scales

    def fresh(self, location: Location, nbytes: int) -> Memory:
        """Fresh space for a tile without an address (checked against the capacity first)."""
        space = SPACE_OF_LOCATION[location]
        capacity = self.target.capacities[location]
        check(
            nbytes <= capacity,
            f"a tile of {nbytes} bytes does not fit in {space.value} ({capacity} bytes on "
            f"{self.target.name})",
        )
        self.fresh_count += 1
        return Memory.zeros(f"{space.value}#{self.fresh_count}", space, nbytes)

    def tile_at(
        self, type: TileTypeBase, address: int | None, valid_rows: int, valid_cols: int
    ) -> Tile:
        """A tile of `type` at `address` in its location's memory (fresh space if None)."""
        if address is None:
            return Tile(self.fresh(type.location, type.size_bytes), 0, type, valid_rows,
                        valid_cols)  # fmt: skip
        memory = self.memory(SPACE_OF_LOCATION[type.location])
        # (runs per executed alloc: messages only when a check fails)
        if address % 32:
            raise PtoRuntimeError(f"tile address {address} in {memory.name} is not 32-byte aligned")
        if address < 0 or address + type.size_bytes > memory.size:
            raise PtoRuntimeError(
                f"tile of {type.size_bytes} bytes at address {address} does not fit in "
                f"{memory.name} ({memory.size} bytes on {self.target.name})"
            )
        return Tile(memory, address, type, valid_rows, valid_cols)


class TileShapes:
    """`Shapes` of an op's run-time arguments: the valid regions of its tiles (ints)."""

    def __init__(self, op: Operation, args: PythonValues) -> None:
        self._args = {operand: arg for operand, arg in zip(op.operands, args, strict=False)}

    def valid(self, value: SSAValue) -> tuple[int, int]:
        tile = self._args[value]
        assert isinstance(tile, Tile)
        return tile.valid

    def window(self, value: SSAValue) -> tuple[int, int]:
        shape = cast(TensorView, self._args[value]).shape
        return (1, shape[-1]) if len(shape) == 1 else (shape[-2], shape[-1])


def tile_accesses(op: TileOp, args: PythonValues) -> tuple[list[Access], list[Access]]:
    """The bytes of its tile arguments `op` reads and writes, from its record's effects
    (`operand_effects`): a scratch tile is read and written, an unused one not touched."""
    reads: list[Access] = []
    writes: list[Access] = []
    for effect, arg in zip(op.operand_effects(), args, strict=False):
        if not isinstance(arg, Tile):
            continue
        if effect.reads:
            reads.append(arg.access())
        if effect.writes:
            writes.append(arg.access())
    return reads, writes


class MachineFunctions(InterpreterFunctions):
    """Base of the project's interpreter functions: they share one `Machine`."""

    def __init__(self, machine: Machine) -> None:
        self.machine = machine
        self._placement: dict[PtoOp, tuple[Pipe, bool, bool]] = {}
        """Per op: its pipe, whether it is an SSA tile op and whether it is an A5 vector
        function (the IR is fixed during a run)."""

    def destination(self, op: TileOp, args: PythonValues) -> tuple[Tile, PythonValues]:
        """The tile `op` writes and its results: the DPS `outs` tile (which follows the
        sources) and none, or a fresh tile with the record's result region and itself."""
        if op.is_dps:
            return cast(Tile, args[len(op.ins)]), ()
        result = cast(TileTypeBase, op.res[0].type)
        vr, vc = result.valid_shape
        rows, cols = op.result_region(TileShapes(op, args))
        dst = self.machine.tile_at(result, None, static_or(vr, rows), static_or(vc, cols))
        return dst, (dst,)

    def on_pipe(
        self,
        op: PtoOp,
        reads: Sequence[Access] = (),
        writes: Sequence[Access] = (),
        cycles: int = 0,
        hold: int | None = None,
    ) -> None:
        """Record that `op` ran on its pipe, touching these bytes for `cycles` cycles, holding
        the pipe for `hold` of them (None: all; `PipeModel.execute`).

        Level-1 (SSA) tile code has no explicit synchronisation: the compiler inserts it. The
        model therefore orders an SSA tile op after everything before it (a full barrier).
        """
        placement = self._placement.get(op)
        if placement is None:
            pipe = op.pipe()
            vf = (isinstance(op, TileOp) and pipe is Pipe.V
                  and self.machine.target.arch is TargetArch.A5)  # fmt: skip
            placement = (pipe, isinstance(op, TileOp) and not op.is_dps, vf)
            self._placement[op] = placement
        pipe, ssa_tile_op, vf = placement
        pipes = self.machine.pipes
        if ssa_tile_op:
            pipes.barrier(op, Pipe.ALL, implicit=True)
        if vf:  # an A5 tile op on PIPE_V is one vector function
            pipes.vf_launch(cost_params.VF_STARTUP)
        pipes.execute(op, pipe, reads, writes, cycles, hold)
        if vf:
            pipes.vf_done()

    def on_vector_pipe(self, op: PtoOp, dtype: DType) -> None:
        """Record register op `op` (elements of `dtype`) on its pipe, costed by the vector
        issue model: alone outside a vecscope, in the scope's stream inside one."""
        pipes = self.machine.pipes
        if pipes.tracking:
            cycles = costs.micro_op_cycles(self.machine.target, pipes.issue, op, dtype)
            pipes.execute(op, op.pipe(), cycles=cycles)
