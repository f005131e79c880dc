"""The cores of a mixed launch and what passes between them: a deterministic scheduler,
the cross-core tile pipes, FFTS flags and the happens-before order across cores.

A block has the cores of its target: one cube core (AIC) and two vector cores (AIV0, AIV1,
`get_subblock_idx` 0 and 1) on A2/A3 and A5 (the CPU simulator of pto-isa runs the same
pair: `get_subblockdim()` 2). Each core is a `Machine` of its own (on-chip memories, pipes);
GM is shared. The scheduler runs one core at a time, in core order, until it blocks (a pop
of an empty pipe, a push into a full one, a wait on an unset flag) or ends; then the next
core that can go on runs. When no core can, the run ends at once with the wait-for graph:
every blocked core, what it waits for and who last signalled that (never a hang).

Across cores, a signal (push, flag set) carries the signaller's vector clock and time; the
waiter joins the clock and does not go on before that time. A GM access that conflicts with
an access of another core that does not happen-before it is a hazard naming both ops.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import where
from interpreters.machine.cores import VECTOR_CORES, CoreId
from interpreters.machine.memory import Access, Memory, TensorView
from interpreters.machine.pipes import Hazard, PipeModel
from pto_dialect.attrs import KernelKind, Pipe
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import PtoOp

FLAG_LIMIT = 15
VECTOR_SEMAPHORES = 16
"""Intra-block semaphores of an AIV; the AIC's 32 are 16 per AIV (A5)."""
"""An FFTS flag counter holds 0-15 (4 bits; manual set-cross-core.md)."""

Clock = dict[int, int]
FFTS = "FFTS flag"
SEMAPHORE = "intra-block semaphore"
_SPACES = {FFTS: 0, SEMAPHORE: 64}
"""Flag counters of the two kinds, apart in one table: key offset per kind."""
Runs = tuple[int, int, int] | None


def _intervals(start: int, end: int, runs: Runs) -> np.ndarray:
    """The byte intervals of an access, as an (n, 2) array of [start, end)."""
    if runs is None:
        return np.array([[start, end]], np.int64)
    count, stride, length = runs
    first = start + stride * np.arange(count, dtype=np.int64)
    return np.stack([first, first + length], axis=1)


def _meet(access: Access, start: int, end: int, runs: Runs) -> bool:
    """Whether the bytes of `access` and of the logged access [start, end) with `runs` meet
    (two strided windows of one GM view, e.g. the column halves of two vector cores, share
    their hull and no byte)."""
    if access.runs is None and runs is None:
        return True
    a = _intervals(access.start, access.end, access.runs)
    b = _intervals(start, end, runs)
    # b's intervals are sorted and disjoint: the last one starting before each of a's ends
    last = np.searchsorted(b[:, 0], a[:, 1], side="left") - 1
    hit = last >= 0
    return bool((b[last[hit], 1] > a[hit, 0]).any())


@dataclass
class Signal:
    """What a waiter learns from a signal: the signaller's clock and time, and who it was."""

    clock: Clock
    time: int
    by: str
    op: Operation | None = None
    """The op that gave it (of a joined signal: the last one's)."""


class Scheduler:
    """Runs the bodies of the cores one at a time (threads handing a turn on), in order."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.cond = threading.Condition()
        self.turn = -1
        self.done = [False] * len(names)
        self.waits: dict[int, tuple[Callable[[], bool], Callable[[], str]]] = {}
        self.stop: str | None = None
        """Why every blocked core ends (a deadlock, or another core's error)."""
        self.failed: int | None = None
        """The core whose error stopped the others."""
        self.blocked: list[tuple[int, str]] = []
        """At a deadlock: each blocked core and what it waits for (the wait-for graph)."""

    def run(self, bodies: Sequence[Callable[[], None]]) -> list[BaseException | None]:
        errors: list[BaseException | None] = [None] * len(bodies)

        def thread(i: int) -> None:
            with self.cond:
                self.cond.wait_for(lambda: self.turn == i or self.stop is not None)
            try:
                if self.stop is None:
                    bodies[i]()
            except BaseException as err:
                errors[i] = err
                with self.cond:
                    if self.stop is None:
                        self.stop = f"{self.names[i]} failed"
                        self.failed = i
            finally:
                with self.cond:
                    self.done[i] = True
                    self._hand_on(i)

        threads = [
            threading.Thread(target=thread, args=(i,), daemon=True) for i in range(len(bodies))
        ]
        for t in threads:
            t.start()
        with self.cond:
            self.turn = 0
            self.cond.notify_all()
        for t in threads:
            t.join()
        return errors

    def block(self, i: int, ready: Callable[[], bool], what: Callable[[], str]) -> None:
        """Core `i` (which has the turn) goes on once `ready()`; others run meanwhile."""
        if ready():
            return
        with self.cond:
            self.waits[i] = (ready, what)
            self._hand_on(i)
            self.cond.wait_for(lambda: self.turn == i or self.stop is not None)
            del self.waits[i]
            if self.turn != i:
                raise PtoRuntimeError(self.stop or "stopped")

    def _hand_on(self, i: int) -> None:
        """The turn goes to the next core after `i` that can run; a deadlock when none can."""
        n = len(self.names)
        if self.stop is None:
            for step in range(1, n + 1):
                j = (i + step) % n
                if self.done[j]:
                    continue
                wait = self.waits.get(j)
                if (wait is None and j != i) or (wait is not None and wait[0]()):
                    self.turn = j
                    self.cond.notify_all()
                    return
            if not self.waits:
                return
            self.blocked = [(j, what()) for j, (_, what) in sorted(self.waits.items())]
            lines = [f"  {self.names[j]}: {what}" for j, what in self.blocked]
            ended = [self.names[j] for j in range(n) if self.done[j]]
            if ended:
                lines.append(f"  ended already: {', '.join(ended)}")
            self.stop = "deadlock: no core can go on\n" + "\n".join(lines)
        self.turn = -1
        self.cond.notify_all()


@dataclass
class _Barrier:
    """A syncall barrier: who arrived in the running generation, each generation's release."""

    generation: int = 0
    arrived: list[tuple[int, Signal]] = field(default_factory=list[tuple[int, Signal]])
    released: dict[int, Signal] = field(default_factory=dict[int, Signal])


@dataclass(eq=False)
class Entry:
    """One slot's content in a cross-core pipe (compared by identity: its parts are arrays)."""

    direction: int
    parts: dict[int, np.ndarray] = field(default_factory=dict[int, np.ndarray])
    """C2V: 'lane' -1, the whole tile; V2C: the part each vector lane pushed."""
    lanes: int = 1
    """V2C: the parts that make it complete; C2V: the consumers that must free it."""
    freed: set[int] = field(default_factory=set[int])
    signal: Signal | None = None
    split: int = 0
    lane_signals: list[Signal] = field(default_factory=list[Signal])
    index: int = 0
    """The k-th entry of its direction: it sits in slot k mod slots of a GM FIFO."""
    free_signals: list[Signal] = field(default_factory=list[Signal])


@dataclass
class CorePipe:
    """Pipe `id` of one block: its slot pool, shared by both directions (DIR_BOTH)."""

    key: tuple[int, int | str]
    mask: int
    slots: int
    entries: list[Entry] = field(default_factory=list[Entry])
    """Entries holding a slot, oldest first."""
    pushed: dict[tuple[int, int], int] = field(default_factory=dict[tuple[int, int], int])
    """(direction, lane) -> pushes so far (the V2C lanes fill the same entries)."""
    popped: dict[tuple[int, int], int] = field(default_factory=dict[tuple[int, int], int])
    held: dict[tuple[int, int], list[Entry]] = field(
        default_factory=dict[tuple[int, int], list[Entry]]
    )
    """(direction, consumer lane) -> popped, not yet freed entries, oldest first."""
    made: dict[int, list[Entry]] = field(default_factory=dict[int, list[Entry]])
    """direction -> every entry made, in push order (entry k is the k-th push)."""
    last_push: str = "nothing"
    last_free: str = "nothing"
    released: dict[int, list[Signal]] = field(default_factory=dict[int, list[Signal]])
    """direction -> the frees of its entries, in order (entry k reuses the slot that the
    free of entry k - slots gave back: the producer joins it)."""
    gm: tuple[Memory, int] | None = None
    """A GM FIFO (`gm_slot_buffer` / `gm_slot_tensor`): its memory and first byte."""
    slot_size: int = 0


class Cluster:
    """The state the cores of a launch share."""

    def __init__(
        self, cores: Sequence[CoreId], unsplit_readers: int = VECTOR_CORES, flag_latency: int = 0
    ) -> None:
        self.cores = list(cores)
        self.unsplit_readers = unsplit_readers
        """The AIVs an unsplit C2V slot goes to: both (A2/A3 FFTS mode 2, pto-isa's CPU
        simulator) or AIV0 alone (A5, pto-isa TPush.hpp `SingleModeVec0`)."""
        self.flag_latency = flag_latency
        """Cycles a signal takes from its core to another (`cost_params.CROSS_CORE_LATENCY_A5`
        on A5)."""
        self.scheduler = Scheduler([c.name for c in cores])
        self.clocks: list[Clock] = [{i: 0} for i in range(len(cores))]
        self.pipes: dict[tuple[int, int | str], CorePipe] = {}
        self.flags: dict[tuple[int, int], list[Signal]] = {}
        """(core, event) -> pending FFTS signals."""
        self.partial: dict[tuple[int, object, int], dict[int, list[Signal]]] = {}
        """(mode, group, event) -> per participating core, the sets not yet combined."""
        self.last_set: dict[tuple[int, int], str] = {}
        self.gm: dict[int, dict[tuple[int, int, int, bool], tuple[int, Operation, Runs]]] = {}
        """GM uid -> (core, start, end, write) -> (the core's tick, op): the latest access."""
        self.barriers: dict[tuple[int, ...], _Barrier] = {}
        self.hazards: list[Hazard] = []
        self._seen: set[tuple[int, int, int, int]] = set()
        self.notified: dict[tuple[int, int], Signal] = {}
        """(GM uid, byte) -> the joined signals of the `comm.tnotify`s of that signal word."""
        self.last_notify: dict[tuple[int, int], str] = {}
        self.at: dict[int, Callable[[], str]] = {}
        """core -> where in its loops its running op is (asked when it blocks for good)."""
        self.index = {c: i for i, c in enumerate(self.cores)}
        self.memories: dict[int, Callable[[MemorySpace], Memory]] = {}
        """core -> its on-chip memories (`Machine.memory`): the AIC writes its AIVs' UBs."""

    def cube_l1(self, core: int) -> Memory | None:
        """The L1 of `core`'s block's AIC (None: the launch runs no AIC): where an AIV's UB ->
        L1 transfers write (an AIV has no L1)."""
        other = self.index.get(self.cores[core].peer(KernelKind.CUBE))
        return None if other is None else self.memories[other](MemorySpace.L1)

    def vector_ub(self, core: int, sub: int) -> Memory | None:
        """The UB of vector core `sub` of `core`'s block (None: the launch runs no such core):
        where the AIC's fixpipe and L1 -> UB transfers write (the AIC has no UB)."""
        other = self.index.get(self.cores[core].peer(KernelKind.VECTOR, sub))
        return None if other is None else self.memories[other](MemorySpace.UB)

    def _waiter(self, core: int, op: Operation) -> str:
        """A blocked op, the pipe of its core it blocks and its loop iterations:
        `pto.sync.wait at f:3:5 on PIPE_V (iteration 2 of the loop at f:1:3)`."""
        text = f"{where(op)} on {op.pipe().value}" if isinstance(op, PtoOp) else where(op)
        at = self.at.get(core)
        return text if at is None or not (loops := at()) else f"{text} ({loops})"

    # ---- clocks --------------------------------------------------------------------------------
    def signal(self, core: int, time: int, op: Operation) -> Signal:
        clock = self.clocks[core]
        clock[core] += 1
        return Signal(dict(clock), time, f"{self.cores[core].name} ({where(op)})", op)

    def receive(
        self, core: int, signal: Signal, pipes: PipeModel, pipe: Pipe, op: Operation
    ) -> None:
        clock = self.clocks[core]
        for c, tick in signal.clock.items():
            if tick > clock.get(c, 0):
                clock[c] = tick
        pipes.wait_signal(op, pipe, signal.time + self.flag_latency, f"signal of {signal.by}")

    def observe(
        self, core: int, op: Operation, reads: Sequence[Access], writes: Sequence[Access]
    ) -> None:
        """Checks GM accesses of `core` against the other cores' (happens-before by clocks)."""
        clock = self.clocks[core]
        clock[core] += 1  # this op's tick: a later signal of the core carries it
        for accesses, write in ((reads, False), (writes, True)):
            for access in accesses:
                if access.memory.space is not MemorySpace.GM or access.end <= access.start:
                    continue
                log = self.gm.setdefault(access.memory.uid, {})
                for (other, start, end, wrote), (tick, earlier, runs) in log.items():
                    if other == core or not (wrote or write):
                        continue
                    if end <= access.start or start >= access.end:
                        continue
                    if tick <= clock.get(other, 0) or not _meet(access, start, end, runs):
                        continue
                    self._race(earlier, other, wrote, op, core, write, access, start, end)
                log[(core, access.start, access.end, write)] = (clock[core], op, access.runs)

    def _race(self, earlier: Operation, other: int, wrote: bool, op: Operation, core: int,
              write: bool, access: Access, start: int, end: int) -> None:  # fmt: skip
        key = (id(earlier), other, id(op), core)
        if key in self._seen:
            return
        self._seen.add(key)
        kind = "RAW" if wrote and not write else "WAR" if write and not wrote else "WAW"
        lo, hi = max(start, access.start), min(end, access.end)
        message = (
            f"{kind} hazard on {access.memory.name} bytes [{lo}, {hi}) between cores: "
            f"{where(op)} on {self.cores[core].name} {'writes' if write else 'reads'} what "
            f"{where(earlier)} on {self.cores[other].name} {'wrote' if wrote else 'read'} "
            "without cross-core synchronisation"
        )
        names = [self.cores[other].name, self.cores[core].name]
        details = {"memory": access.memory.name, "bytes": [lo, hi], "cores": names}
        self.hazards.append(Hazard(kind, message, (earlier, op), details))

    def leftovers(self) -> list[Hazard]:
        """What a launch that ended leaves behind: FFTS flags and semaphores set but never
        waited for (their counters keep the count into the next kernel), and pipe slots
        pushed but never popped and freed (pto-run's `unwaited-flag` / `unreleased-buffer`)."""
        found: list[Hazard] = []
        for (target, key), queue in self.flags.items():
            what, event = (SEMAPHORE, key - _SPACES[SEMAPHORE]) if key >= 64 else (FFTS, key)
            for signal in queue:
                found.append(Hazard(
                    "unwaited-flag",
                    f"{signal.by} sets {what} {event} of {self.cores[target].name} but no "
                    "wait takes it before the kernel ends",
                    () if signal.op is None else (signal.op,),
                ))  # fmt: skip
        for pipe in self.pipes.values():
            for entry in pipe.entries:
                by = "nothing" if entry.signal is None else entry.signal.by
                popped = any(entry in held for held in pipe.held.values())
                state = "freed" if popped else "popped"
                found.append(Hazard(
                    "unreleased-buffer",
                    f"a slot of pipe {pipe.key[1]} of block {pipe.key[0]} pushed by {by} is "
                    f"never {state} before the kernel ends",
                    () if entry.signal is None or entry.signal.op is None else (entry.signal.op,),
                ))  # fmt: skip
        return found

    # ---- FFTS flags ------------------------------------------------------------------------------
    def set_flag(self, core: int, event: int, mode: int, signal: Signal) -> None:
        """`sync.set`: mode 2 AIC -> both AIVs, both AIVs -> AIC; mode 1 both AIVs -> both;
        mode 0 every core of the kind in the launch -> each of them (once all have set)."""
        me = self.cores[core]
        index = {c: i for i, c in enumerate(self.cores)}
        if mode == 2 and me.kind is KernelKind.CUBE:
            targets = [index[me.peer(KernelKind.VECTOR, s)] for s in range(VECTOR_CORES)]
            for t in targets:
                self._raise(t, event, signal)
            return
        if mode == 2:
            group, members = me.block, [index[me.peer(KernelKind.VECTOR, s)]
                                        for s in range(VECTOR_CORES)]  # fmt: skip
            targets = [index[me.peer(KernelKind.CUBE)]]
        elif mode == 1:
            if me.kind is KernelKind.CUBE:
                raise PtoRuntimeError(
                    "ffts_mode 1 synchronises the vector subblocks: not on the AIC"
                )
            group = me.block
            members = [index[me.peer(KernelKind.VECTOR, s)] for s in range(VECTOR_CORES)]
            targets = members
        else:
            # the launch's cores of a kind (of the rank)
            group = (me.kind, me.group)
            members = [
                i for i, c in enumerate(self.cores) if c.kind is me.kind and c.group == me.group
            ]
            targets = members
        pending = self.partial.setdefault((mode, group, event), {m: [] for m in members})
        pending[core].append(signal)
        while all(pending[m] for m in members):
            combined = join([pending[m].pop(0) for m in members])
            for t in targets:
                self._raise(t, event, combined)

    def _raise(self, target: int, event: int, signal: Signal, what: str = FFTS) -> None:
        key = (target, _SPACES[what] + event)
        queue = self.flags.setdefault(key, [])
        if len(queue) >= FLAG_LIMIT:
            raise PtoRuntimeError(
                f"{what} {event} of {self.cores[target].name} overflows: {FLAG_LIMIT} "
                "signals are pending already"
            )
        queue.append(signal)
        self.last_set[key] = signal.by

    def wait_flag(self, core: int, event: int, op: Operation, what: str = FFTS) -> Signal:
        key = (core, _SPACES[what] + event)
        queue = self.flags.setdefault(key, [])
        self.scheduler.block(
            core,
            lambda: bool(queue),
            lambda: (
                f"{self._waiter(core, op)} waits for {what} {event} (last set by "
                f"{self.last_set.get(key, 'nobody')})"
            ),
        )
        return queue.pop(0)

    def wait_semaphore(self, core: int, sem: int, op: Operation) -> Signal:
        """An intra-block semaphore wait: the AIC's semaphore `sem` (0-31), an AIV's
        `sem % 16` (its 16; PTOAS's board-tested dual-UB kernel has AIV1 wait with 17 for
        the AIC's set of 17)."""
        if self.cores[core].kind is KernelKind.VECTOR:
            sem %= VECTOR_SEMAPHORES
        return self.wait_flag(core, sem, op, SEMAPHORE)

    def set_semaphore(self, core: int, sem: int, signal: Signal) -> None:
        """A5 `set_intra_block`: the AIC signals AIV0's semaphore `sem` (0-15) or AIV1's
        `sem - 16` (16-31); AIV s signals the AIC's `sem + 16 * s`."""
        me = self.cores[core]
        index = {c: i for i, c in enumerate(self.cores)}
        if me.kind is KernelKind.CUBE:
            sub, local = divmod(sem, VECTOR_SEMAPHORES)
            target = index.get(me.peer(KernelKind.VECTOR, sub))
            if target is None:
                raise PtoRuntimeError(f"semaphore {sem} names AIV{sub}: the block has no such core")
        else:
            target = index[me.peer(KernelKind.CUBE)]
            local = sem % VECTOR_SEMAPHORES + VECTOR_SEMAPHORES * me.sub
        self._raise(target, local, signal, SEMAPHORE)

    # ---- syncall -------------------------------------------------------------------------------
    def syncall(self, core: int, kind: KernelKind | None, used: int | None, signal: Signal,
                op: Operation) -> Signal:  # fmt: skip
        """Core `core` arrives at the barrier of the cores of `kind` (every core: None); it
        goes on once `used` of them (default: all) arrived, with their joined clocks."""
        group = self.cores[core].group
        members = tuple(
            i
            for i, c in enumerate(self.cores)
            if (kind is None or c.kind is kind) and c.group == group
        )
        if core not in members:
            raise PtoRuntimeError(f"a {self.cores[core].name} takes part in no such syncall")
        need = len(members) if used is None else used
        if not 1 <= need <= len(members):
            raise PtoRuntimeError(f"syncall of {need} cores: the launch has {len(members)}")
        barrier = self.barriers.setdefault(members, _Barrier())
        generation = barrier.generation
        barrier.arrived.append((core, signal))
        if len(barrier.arrived) >= need:
            barrier.released[generation] = join([s for _, s in barrier.arrived])
            barrier.arrived = []
            barrier.generation += 1

        def waiting() -> str:
            names = ", ".join(self.cores[c].name for c, _ in barrier.arrived) or "none"
            return f"{self._waiter(core, op)} waits in syncall for {need} cores (arrived: {names})"

        self.scheduler.block(core, lambda: generation in barrier.released, waiting)
        return barrier.released[generation]

    # ---- cross-core tile pipes -----------------------------------------------------------------
    def open_pipe(self, block: int, pipe_id: int | str, mask: int, slots: int, slot_size: int = 0,
                  gm: tuple[Memory, int] | None = None) -> CorePipe:  # fmt: skip
        """Pipe `pipe_id` of `block` (both sides initialise it; they must agree)."""
        pipe = self.pipes.get((block, pipe_id))
        if pipe is None:
            pipe = self.pipes[(block, pipe_id)] = CorePipe((block, pipe_id), mask, slots)
        elif (pipe.mask, pipe.slots) != (mask, slots):
            raise PtoRuntimeError(
                f"pipe {pipe_id} is initialised with dir_mask {mask}, {slots} slots here but "
                f"dir_mask {pipe.mask}, {pipe.slots} slots on the other side"
            )
        pipe.slot_size = slot_size
        pipe.gm = pipe.gm or gm
        return pipe

    def pipe_of(self, core: int, pipe_id: int | str, direction: int, op: Operation) -> CorePipe:
        pipe = self.pipes.get((self.cores[core].block, pipe_id))
        # the peer may not have initialised it yet: wait for it
        self.scheduler.block(
            core,
            lambda: (self.cores[core].block, pipe_id) in self.pipes,
            lambda: (
                f"{self._waiter(core, op)} waits for pipe {pipe_id} to be initialised "
                "(by nobody yet)"
            ),
        )
        pipe = self.pipes[(self.cores[core].block, pipe_id)]
        if not pipe.mask & direction:
            raise PtoRuntimeError(
                f"pipe {pipe_id} has dir_mask {pipe.mask}: it has no "
                f"{'C2V' if direction == 1 else 'V2C'} direction"
            )
        return pipe

    def allocate(
        self, core: int, pipe: CorePipe, direction: int, split: int, op: Operation
    ) -> tuple[Entry, Signal | None]:
        """The entry the next push of `core` fills (a new one, once a slot is free: with the
        free that gave the slot back, which the producer joins)."""
        me = self.cores[core]
        lane = me.sub if me.kind is KernelKind.VECTOR else -1
        made = pipe.made.setdefault(direction, [])
        k = pipe.pushed.get((direction, lane), 0)
        release: Signal | None = None
        if k >= len(made):
            self.scheduler.block(
                core,
                lambda: len(pipe.entries) < pipe.slots,
                lambda: (
                    f"{self._waiter(core, op)} waits for a free slot of pipe {pipe.key[1]} "
                    f"({pipe.slots} slots held; last free: {pipe.last_free})"
                ),
            )
            lanes = (
                (VECTOR_CORES if split else self.unsplit_readers)
                if direction == 1
                else (VECTOR_CORES if split else 1)
            )
            entry = Entry(direction, lanes=lanes, split=split, index=k)
            made.append(entry)
            pipe.entries.append(entry)
        released = pipe.released.get(direction, [])
        if k >= pipe.slots and k - pipe.slots < len(released):
            release = released[k - pipe.slots]
        entry = made[k]
        if entry.split != split:
            raise PtoRuntimeError(f"the lanes of a pipe {pipe.key[1]} slot push with split "
                                  f"{entry.split} and {split}")  # fmt: skip
        return entry, release

    def push(self, core: int, pipe: CorePipe, direction: int, split: int,
             data: np.ndarray | None, signal_at: Callable[[], Signal],
             op: Operation) -> None:  # fmt: skip
        """A producer fills the next slot of `direction` (a V2C lane its part of it); `data`
        None: the entry's GM slot holds it already (`talloc`)."""
        me = self.cores[core]
        lane = me.sub if me.kind is KernelKind.VECTOR else -1
        if direction == 2 and split == 0 and lane > 0:
            return  # an unsplit V2C tile comes from subblock 0 alone (pto-isa TPush.hpp)
        entry, _ = self.allocate(core, pipe, direction, split, op)
        pipe.pushed[(direction, lane)] = entry.index + 1
        entry.parts[lane] = np.zeros(0) if data is None else data.copy()
        entry.lane_signals.append(signal_at())
        if direction == 1 or len(entry.parts) == entry.lanes:
            entry.signal = join(entry.lane_signals)
        pipe.last_push = f"{me.name} ({where(op)})"

    def pop(
        self, core: int, pipe: CorePipe, direction: int, split: int, op: Operation
    ) -> tuple[np.ndarray, Signal, Entry]:
        """A consumer takes the next complete entry of `direction`: its part of it (of a GM
        FIFO's entry: nothing, `slot_view` is where it is)."""
        me = self.cores[core]
        lane = me.sub if me.kind is KernelKind.VECTOR else -1
        made = pipe.made.setdefault(direction, [])
        k = pipe.popped.get((direction, lane), 0)
        if direction == 1 and split == 0 and lane >= self.unsplit_readers:
            self.scheduler.block(
                core,
                lambda: False,
                lambda: (
                    f"{self._waiter(core, op)} waits for an unsplit slot of pipe "
                    f"{pipe.key[1]}, which goes to AIV0 alone on this target (nobody signals "
                    f"AIV{lane})"
                ),
            )
        self.scheduler.block(
            core,
            lambda: k < len(made) and made[k].signal is not None,
            lambda: (
                f"{self._waiter(core, op)} waits for a filled slot of pipe {pipe.key[1]} "
                f"(last push: {pipe.last_push})"
            ),
        )
        entry = made[k]
        pipe.popped[(direction, lane)] = k + 1
        pipe.held.setdefault((direction, lane), []).append(entry)
        assert entry.signal is not None
        # both AIVs hear of every C2V slot on A2/A3 (a2a3 TPush.hpp `record`, whatever the
        # split): a pop takes its split's part of the slot
        if entry.split != split and not (direction == 1 and self.unsplit_readers > 1):
            raise PtoRuntimeError(f"pops with split {split} a slot pushed with split {entry.split}")
        if direction == 2:
            parts = [entry.parts[p] for p in sorted(entry.parts)]
            data = (
                parts[0] if len(parts) == 1 else np.concatenate(parts, axis=1 if split == 2 else 0)
            )
        else:
            data = _part(entry.parts[-1], split, lane) if entry.parts[-1].size else entry.parts[-1]
        return data, entry.signal, entry

    def free(self, core: int, pipe: CorePipe, direction: int, op: Operation,
             signal: Signal) -> None:  # fmt: skip
        me = self.cores[core]
        lane = me.sub if me.kind is KernelKind.VECTOR else -1
        held = pipe.held.get((direction, lane))
        if not held:
            raise PtoRuntimeError(f"frees a slot of pipe {pipe.key[1]} it has not popped")
        entry = held.pop(0)
        entry.freed.add(lane)
        entry.free_signals.append(signal)
        if len(entry.freed) == (entry.lanes if direction == 1 else 1):
            pipe.entries.remove(entry)
            pipe.released.setdefault(direction, []).append(join(entry.free_signals))
            pipe.last_free = f"{me.name} ({where(op)})"

    def slot_view(self, pipe: CorePipe, entry: Entry, lane: int, shape: tuple[int, ...],
                  dtype: DType) -> TensorView:  # fmt: skip
        """The GM of `entry`'s slot that `lane` (-1: the AIC, the whole tile) sees as a
        `shape` view (rows and columns last): its half of the rows or columns for a split
        vector lane (pto-isa TPop.hpp / TPush.hpp `subAIVOffset`), in the row-major slot."""
        if pipe.gm is None:
            raise PtoRuntimeError(
                f"pipe {pipe.key[1]} has no GM FIFO (gm_slot_buffer or gm_slot_tensor)"
            )
        *outer, rows, cols = shape
        split = entry.split if lane >= 0 else 0
        full = (*outer, rows * (2 if split == 1 else 1), cols * (2 if split == 2 else 1))
        if int(np.prod(full)) * dtype.bytes > pipe.slot_size:
            size = "x".join(map(str, shape))
            raise PtoRuntimeError(
                f"a {size} {dtype.name} entry does not fit a slot of {pipe.slot_size} bytes"
            )
        memory, base = pipe.gm
        offset = base + (entry.index % pipe.slots) * pipe.slot_size
        offset += lane * dtype.bytes * (rows * cols if split == 1 else cols if split else 0)
        strides = tuple(int(np.prod(full[i + 1 :])) for i in range(len(full)))
        return TensorView(memory, offset, shape, strides, dtype)


def join(signals: Sequence[Signal]) -> Signal:
    """One signal standing for all of `signals` (the last one names the signaller)."""
    joined: Clock = {}
    for s in signals:
        for c, tick in s.clock.items():
            joined[c] = max(joined.get(c, 0), tick)
    return Signal(joined, max(s.time for s in signals), signals[-1].by, signals[-1].op)


def _part(data: np.ndarray, split: int, lane: int) -> np.ndarray:
    """Vector lane `lane`'s part of a C2V tile: all of it, or its half by rows (1, 3) or
    columns (2, 4); of an odd split (3, 4) AIV0 takes ceil(n / 2), AIV1 the rest."""
    if split == 0:
        return data
    axis = 0 if split in (1, 3) else 1
    n = data.shape[axis]
    half = (n + 1) // 2 if split > 2 else n // 2
    lo, hi = (0, half) if lane == 0 else (half, n if split > 2 else 2 * half)
    return data[lo:hi] if axis == 0 else data[:, lo:hi]
