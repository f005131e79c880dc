"""Pipes of the machine: happens-before by vector clocks, hazards, and per-pipe timelines.

The interpreter executes ops sequentially in program order, but the hardware runs each
pipe (MTE2, V, MTE3, M, ...) on its own. Every op that touches memory tells the model its
pipe, the byte ranges it reads and writes, and its cycles (`PipeModel.execute`):

- Happens-before: one vector clock per pipe. An op ticks its pipe's own component.
  `set_flag(src, dst, e)` sends src's clock; the matching `wait_flag` joins it into dst's.
  `rls_buf(p, id)` publishes p's clock for slot id; the next `get_buf(q, id)` joins it.
  `barrier` joins all clocks (PIPE_ALL) or orders the named pipe after everything before;
  `wait_writes` (`pto.tsync`) orders every pipe after the earlier writes of some bytes.
- Hazards: an access conflicting (RAW, WAR, WAW) with an earlier access of another pipe that
  does not happen-before it. Also: a wait with no matching set (it would deadlock), a set
  never waited at kernel end, a buffer slot still held at kernel end.
- Timelines: an op starts when its pipe is free and its waits are satisfied, holds the pipe
  for its occupancy and completes after its cycles (a GM transfer holds its MTE queue for
  less than its start-up latency: the next transfer starts while it is in flight). A flag,
  a buffer release or a barrier fires when the pipe's ops have completed, plus the flag's
  latency (`cost_params.FLAG_LATENCY`, `BARRIER_ALL`); waits move the waiting pipe's clock
  to the signal's time.

With `record_spans` the model also keeps what a trace shows (`machine.report`): the ops'
spans, the stalls (time a pipe waits on a flag, a buffer slot or a barrier), the edges
(set_flag -> wait_flag, rls_buf -> get_buf) and where on which pipe each hazard happened.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import where
from interpreters.machine import cost_params as P
from interpreters.machine.costs import VectorIssue
from interpreters.machine.memory import Access, Memory
from pto_dialect.attrs import Event, Pipe
from pto_dialect.memory_types import MemorySpace

PIPES = tuple(p for p in Pipe if p is not Pipe.ALL)

Clock = dict[Pipe, int]

K = TypeVar("K", bound=Hashable)
"""Who made an access: a pipe here; a (core, pipe) stream in the checker's replay."""


class AccessRecord(NamedTuple, Generic[K]):  # a tuple: made for every access, so cheap to build
    op: Operation
    pipe: K
    tick: int  # the pipe's own clock component when the op ran
    start: int
    end: int
    write: bool
    time: int  # the cycle the op started on its pipe
    seq: int  # when it was logged: conflicts are reported oldest first


_Record = AccessRecord[Pipe]

LEVELS = (9, 14, 19, 24)
"""Bucket sizes of the access index: 512 B, 16 KiB, 512 KiB, 16 MiB (as shifts)."""
SPAN = 32
"""A range is indexed at the finest level where it spans at most this many buckets."""


def _level(start: int, end: int) -> int:
    """The index level of bytes [start, end); len(LEVELS) for a range too wide for all."""
    for level, shift in enumerate(LEVELS):
        if ((end - 1) >> shift) - (start >> shift) < SPAN:
            return level
    return len(LEVELS)


class AccessLog(Generic[K]):
    """The accesses of one memory: for each (pipe, byte range, write), the latest record.

    Indexed by bucket, at the finest of a few bucket sizes where the range spans at most
    `SPAN` buckets (a vector register: one 512-byte bucket; a strided GM window of a wide
    tensor: a few 512 KiB ones), so that an access meets only the records near its bytes
    and the time per access does not grow with the number of distinct ranges logged (a
    streaming kernel touches a new GM range per tile)."""

    __slots__ = ("levels", "records", "rest", "used")

    def __init__(self) -> None:
        self.records: dict[tuple[K, int, int, bool], AccessRecord[K]] = {}
        self.levels: list[dict[int, dict[tuple[K, int, int, bool], None]]] = [{} for _ in LEVELS]
        self.used: list[tuple[int, dict[int, dict[tuple[K, int, int, bool], None]]]] = []
        """(shift, buckets) of the levels that have held a record, finest first."""
        self.rest: dict[tuple[K, int, int, bool], None] = {}

    def __len__(self) -> int:
        return len(self.records)

    def overlapping(self, start: int, end: int) -> list[AccessRecord[K]]:
        """The records whose bytes meet [start, end)."""
        return self.conflicts(start, end, None, True, None)

    def conflicts(
        self, start: int, end: int, pipe: K | None, write: bool, clock: Mapping[K, int] | None
    ) -> list[AccessRecord[K]]:
        """The records whose bytes meet [start, end) that conflict with an access of `pipe`
        (None: any pipe) that writes or not: of another pipe, one of the two a write, and
        not before the access by `clock` (None: all count). A key is filtered on its pipe
        and write before its record is fetched: most records near a vector register are the
        vector pipe's own."""
        records = self.records
        found: list[AccessRecord[K]] = []
        for shift, buckets in self.used:
            first, last = start >> shift, (end - 1) >> shift
            if first == last:  # most accesses: one vector register, one small row
                for key in buckets.get(first, ()):
                    if key[0] is pipe or not (write or key[3]):
                        continue
                    record = records[key]
                    if (
                        record.start < end
                        and start < record.end
                        and (clock is None or record.tick > clock[record.pipe])
                    ):
                        found.append(record)
                continue
            if last - first < len(buckets):
                groups = [buckets.get(b) for b in range(first, last + 1)]
            else:  # a wide access: walk the buckets there are
                groups = [keys for b, keys in buckets.items() if first <= b <= last]
            seen: set[tuple[K, int, int, bool]] = set()
            for keys in groups:
                for key in keys or ():
                    if key not in seen:
                        seen.add(key)
                        found += self._conflict(key, start, end, pipe, write, clock)
        for key in self.rest:
            found += self._conflict(key, start, end, pipe, write, clock)
        return found

    def _conflict(
        self,
        key: tuple[K, int, int, bool],
        start: int,
        end: int,
        pipe: K | None,
        write: bool,
        clock: Mapping[K, int] | None,
    ) -> tuple[AccessRecord[K], ...]:
        """The record of `key` if it conflicts (`conflicts`), else nothing."""
        if key[0] is pipe or not (write or key[3]):
            return ()
        record = self.records[key]
        if (
            record.start < end
            and start < record.end
            and (clock is None or record.tick > clock[record.pipe])
        ):
            return (record,)
        return ()

    def put(self, key: tuple[K, int, int, bool], record: AccessRecord[K]) -> None:
        if key not in self.records:
            level = _level(record.start, record.end)
            if level == len(LEVELS):
                self.rest[key] = None
            else:
                shift, buckets = LEVELS[level], self.levels[level]
                if not any(b is buckets for _, b in self.used):
                    self.used.append((shift, buckets))
                    self.used.sort(key=lambda level: level[0])
                for bucket in range(record.start >> shift, ((record.end - 1) >> shift) + 1):
                    buckets.setdefault(bucket, {})[key] = None
        self.records[key] = record

    def drop(self, key: tuple[K, int, int, bool]) -> None:
        record = self.records.pop(key, None)
        if record is None:
            return
        level = _level(record.start, record.end)
        if level == len(LEVELS):
            del self.rest[key]
            return
        shift, buckets = LEVELS[level], self.levels[level]
        for bucket in range(record.start >> shift, ((record.end - 1) >> shift) + 1):
            keys = buckets[bucket]
            del keys[key]
            if not keys:
                del buckets[bucket]


@dataclass(frozen=True)
class Hazard:
    kind: str  # RAW, WAR, WAW, deadlock, unwaited-flag, unreleased-buffer
    message: str
    ops: tuple[Operation, ...] = ()
    details: dict[str, Any] = field(default_factory=dict[str, Any])

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "ops": [where(op) for op in self.ops],
            **self.details,
        }


@dataclass(frozen=True)
class Span:
    """One op on one pipe's timeline."""

    op: Operation
    pipe: Pipe
    start: int
    cycles: int


@dataclass(frozen=True)
class Stall:
    """Cycles a pipe spent waiting (for a flag, a buffer slot or a barrier) with nothing to do."""

    op: Operation  # the op that waited
    pipe: Pipe
    start: int
    cycles: int
    reason: str  # e.g. "wait_flag MTE2->V ev0"


@dataclass(frozen=True)
class Edge:
    """A happens-before edge between two ops: set_flag -> wait_flag or rls_buf -> get_buf."""

    name: str  # e.g. "MTE2->V ev0"
    src_op: Operation
    src: Pipe
    src_time: int  # when the signal is given (the source pipe's earlier work is done)
    dst_op: Operation
    dst: Pipe
    dst_time: int  # when the waiting pipe goes on


@dataclass(frozen=True)
class HazardMark:
    """Where one op of a hazard ran: a hazard of two ops has a mark on each op's pipe."""

    hazard: Hazard
    op: Operation
    pipe: Pipe
    time: int


def short(pipe: Pipe) -> str:
    """`MTE2` for PIPE_MTE2."""
    return pipe.value.removeprefix("PIPE_")


def flag_name(src: Pipe, dst: Pipe, event: Event) -> str:
    """`MTE2->V ev0` for a flag from PIPE_MTE2 to PIPE_V on EVENT_ID0."""
    return f"{short(src)}->{short(dst)} ev{event.value.removeprefix('EVENT_ID')}"


class _Signal(NamedTuple):
    clock: Clock
    time: int
    op: Operation
    pipe: Pipe  # the pipe that gave the signal


class PipeModel:
    """Vector clocks, access history and timelines of all pipes."""

    tracking = True
    """False for a model that records nothing: callers may skip computing accesses."""

    def __init__(self, record_spans: bool = False) -> None:
        self.clocks: dict[Pipe, Clock] = {p: dict.fromkeys(PIPES, 0) for p in PIPES}
        self.free: dict[Pipe, int] = dict.fromkeys(PIPES, 0)
        self.done: dict[Pipe, int] = dict.fromkeys(PIPES, 0)
        """When the ops issued on each pipe so far have all completed (`free` or later)."""
        self.busy: dict[Pipe, int] = dict.fromkeys(PIPES, 0)
        self.history: dict[int, AccessLog[Pipe]] = defaultdict(AccessLog[Pipe])
        self._seq = 0
        self.flags: dict[tuple[Pipe, Pipe, Event], deque[_Signal]] = defaultdict(deque)
        self.slots: dict[int, tuple[Pipe, Operation] | None] = {}
        self.released: dict[int, _Signal] = {}
        self.hazards: list[Hazard] = []
        self.record_spans = record_spans
        self.spans: list[Span] = []
        self.stalls: list[Stall] = []
        self.edges: list[Edge] = []
        self.hazard_marks: list[HazardMark] = []
        self._barrier_stalls: dict[Pipe, Stall] = {}
        """A barrier's wait per pipe, a stall only once the pipe runs something after it."""
        self._seen_hazards: set[tuple[int, int, str]] = set()
        self.issue = VectorIssue()
        """The A5 vector function issue state of the running vecscope (`costs`)."""
        self._vf_end: int | None = None
        """A5: when the last vector function on PIPE_V ended (`vf_launch`)."""
        self._vf_pull = 0
        """A5: how much earlier the next op on PIPE_V starts (its VF's launch overlapped)."""
        self.cube_streaming = False
        """Whether a `mad` has run since the cube's queue was last settled (a sync on PIPE_M,
        a tile-level matmul): the next `mad` then pays no head (`cost_params.CUBE_HEAD`)."""
        self.observer: Callable[[Operation, Sequence[Access], Sequence[Access]], None] | None = None
        """Hears every op's accesses (the cross-core happens-before check, `cluster`)."""

    # ---- ops touching memory ----------------------------------------------------------------
    def execute(
        self,
        op: Operation,
        pipe: Pipe,
        reads: Sequence[Access] = (),
        writes: Sequence[Access] = (),
        cycles: int = 0,
        hold: int | None = None,
    ) -> None:
        """Record that `op` ran on `pipe`, reading and writing these bytes: it completes
        `cycles` after its start and holds the pipe for `hold` of them (None: all)."""
        if pipe is Pipe.ALL:
            raise PtoRuntimeError("an op cannot execute on PIPE_ALL")
        clock = self.clocks[pipe]
        clock[pipe] += 1
        start = self.free[pipe]
        if self._vf_pull and pipe is Pipe.V and cycles > self._vf_pull:
            start -= self._vf_pull
            self.busy[pipe] -= self._vf_pull
            self._vf_pull = 0
        if self._barrier_stalls:
            self._keep_barrier_stall(pipe)
        for access in reads:
            self._check_and_log(op, pipe, clock, access, start, write=False)
        for access in writes:
            self._check_and_log(op, pipe, clock, access, start, write=True)
        held = cycles if hold is None else hold
        self.free[pipe] = start + held
        if start + cycles > self.done[pipe]:
            self.done[pipe] = start + cycles
        self.busy[pipe] += held
        if self.observer is not None:
            self.observer(op, reads, writes)
        if self.record_spans and cycles:
            self.spans.append(Span(op, pipe, start, cycles))

    def _check_and_log(
        self, op: Operation, pipe: Pipe, clock: Clock, access: Access, time: int, write: bool
    ) -> None:
        if access.end <= access.start:
            return
        log = self.history[access.memory.uid]
        # a record whose tick the clock has reached happens-before this access
        conflicts = log.conflicts(access.start, access.end, pipe, write, clock)
        if conflicts:
            conflicts.sort(key=lambda r: r.seq)
            for record in conflicts:
                kind = "RAW" if record.write and not write else \
                    "WAR" if write and not record.write else "WAW"  # fmt: skip
                self._report_conflict(kind, record, op, pipe, access, time)
        # An older access of the same pipe to the same bytes can no longer decide anything:
        # whatever is unordered with it is unordered with this newer one too.
        if write:
            log.drop((pipe, access.start, access.end, False))
        key = (pipe, access.start, access.end, write)
        self._seq += 1
        log.put(
            key, _Record(op, pipe, clock[pipe], access.start, access.end, write, time, self._seq)
        )

    def _report_conflict(
        self, kind: str, earlier: _Record, op: Operation, pipe: Pipe, access: Access, time: int
    ) -> None:
        key = (id(earlier.op), id(op), kind)
        if key in self._seen_hazards:
            return
        self._seen_hazards.add(key)
        lo, hi = max(earlier.start, access.start), min(earlier.end, access.end)
        message = (
            f"{kind} hazard on {access.memory.name} bytes [{lo}, {hi}): {where(op)} on "
            f"{pipe.value} {'writes' if kind != 'RAW' else 'reads'} what {where(earlier.op)} on "
            f"{earlier.pipe.value} {'wrote' if earlier.write else 'read'} without "
            "synchronisation"
        )
        hazard = Hazard(
            kind,
            message,
            (earlier.op, op),
            {
                "memory": access.memory.name,
                "bytes": [lo, hi],
                "pipes": [earlier.pipe.value, pipe.value],
            },
        )
        self._add_hazard(hazard, (earlier.op, earlier.pipe, earlier.time), (op, pipe, time))

    def report(self, hazard: Hazard, op: Operation, pipe: Pipe) -> None:
        """Report a hazard found outside the clocks (a race between the workitems of one
        SIMT launch), marked on `pipe` at its current time."""
        self._add_hazard(hazard, (op, pipe, self.free[pipe]))

    def _add_hazard(self, hazard: Hazard, *marks: tuple[Operation, Pipe, int]) -> None:
        """Report `hazard`; a trace marks it on each (op, pipe, time) of `marks`."""
        self.hazards.append(hazard)
        if self.record_spans:
            self.hazard_marks += [HazardMark(hazard, *mark) for mark in marks]

    # ---- synchronisation ---------------------------------------------------------------------
    def vf_launch(self, overlap: int) -> None:
        """An A5 vector function (a tile op, a vecscope) is about to start on PIPE_V. Queued
        right behind the previous one (the pipe free exactly when that one ended), its
        launch runs under it, `overlap` cycles earlier: the scalar unit launches VFs without
        stalling (PTOAS docs/vpto-spec.md, "Execution Scopes"), so back-to-back VFs pay
        their start-up once (docs/machine.md, "Back-to-back vector functions")."""
        queued = self._vf_end is not None and self.free[Pipe.V] == self._vf_end
        self._vf_pull = overlap if queued else 0
        self._vf_end = None

    def vf_done(self) -> None:
        """The vector function `vf_launch` announced has been issued."""
        self._vf_pull = 0
        self._vf_end = self.free[Pipe.V]

    def set_flag(self, op: Operation, src: Pipe, dst: Pipe, event: Event) -> None:
        clock = self.clocks[src]
        clock[src] += 1
        time = self.settled(src) + P.FLAG_LATENCY
        self.flags[(src, dst, event)].append(_Signal(dict(clock), time, op, src))

    def wait_flag(self, op: Operation, src: Pipe, dst: Pipe, event: Event) -> None:
        if src is Pipe.M:
            self.cube_streaming = False
        queue = self.flags[(src, dst, event)]
        if not queue:
            self._add_hazard(
                Hazard(
                    "deadlock",
                    f"{where(op)} waits for {src.value} -> {dst.value} {event.value} but no "
                    "set_flag is pending: the pipe would wait forever",
                    (op,),
                ),
                (op, dst, self.free[dst]),
            )
            return
        signal = queue.popleft()
        self._join(dst, signal.clock)
        name = flag_name(src, dst, event)
        self._wait_until(dst, signal.time, op, f"wait_flag {name}")
        if self.record_spans:
            self.edges.append(Edge(name, signal.op, src, signal.time, op, dst, self.free[dst]))

    def get_buf(self, op: Operation, pipe: Pipe, slot: int) -> None:
        held = self.slots.get(slot)
        if held is not None:
            raise PtoRuntimeError(
                f"buffer slot {slot} is already held by {held[0].value} ({where(held[1])}); "
                "release it with rls_buf first"
            )
        self.slots[slot] = (pipe, op)
        if (released := self.released.get(slot)) is not None:
            self._join(pipe, released.clock)
            self._wait_until(pipe, released.time, op, f"get_buf {short(pipe)} slot {slot}")
            if self.record_spans:
                source = (released.op, released.pipe, released.time)
                self.edges.append(Edge(f"slot {slot}", *source, op, pipe, self.free[pipe]))

    def rls_buf(self, op: Operation, pipe: Pipe, slot: int) -> None:
        held = self.slots.get(slot)
        if held is None or held[0] is not pipe:
            owner = "nobody" if held is None else held[0].value
            raise PtoRuntimeError(f"{pipe.value} releases buffer slot {slot} held by {owner}")
        self.slots[slot] = None
        clock = self.clocks[pipe]
        clock[pipe] += 1
        self.released[slot] = _Signal(dict(clock), self.settled(pipe) + P.FLAG_LATENCY, op, pipe)

    def barrier(self, op: Operation, pipe: Pipe, implicit: bool = False) -> None:
        """PIPE_ALL: everything issued before completes before anything after, on every pipe.

        A single pipe P (`pipe_barrier(P)`) only makes P's later ops wait for its earlier ones
        to complete (a dependence through memory between two ops of one pipe); it orders
        nothing across pipes, which need set_flag/wait_flag. The model runs each pipe in
        order, so it records the end of P's transfers in flight and of the cube's stream of
        `mad`s. `implicit`: an order the model gives an op that is no barrier instruction
        (an SSA tile op, a cross-core push/pop, a scalar access): no `BARRIER_ALL`.
        """
        if pipe in (Pipe.M, Pipe.ALL):
            self.cube_streaming = False
        if pipe is not Pipe.ALL:
            self.free[pipe] = self.settled(pipe)  # its transfers in flight land first
            return
        joined = {p: max(self.clocks[q][p] for q in PIPES) for p in PIPES}
        time = self.total_cycles + (0 if implicit else P.BARRIER_ALL)
        for target in PIPES:
            self._join(target, joined)
            start = self.free[target]
            if time > start:
                self.free[target] = time
                if self.record_spans:
                    stall = Stall(op, target, start, time - start, "barrier ALL")
                    self._barrier_stalls[target] = stall

    def fence(self, op: Operation, pipe: Pipe) -> None:
        """Every pipe's later work waits for `pipe`'s work so far (a cross-core pop: the popped
        tile is ready for every pipe). Unlike a PIPE_ALL barrier no pipe waits for another
        pipe's work in flight."""
        clock = self.clocks[pipe]
        time = self.settled(pipe)
        for target in PIPES:
            self._join(target, clock)
            self._wait_until(target, time, op, f"{op.name} on {pipe.value}")

    def wait_writes(self, op: Operation, accesses: Sequence[Access]) -> None:
        """`pto.tsync`: every pipe's later work waits for the earlier writes of these bytes
        (the scalar unit blocks until they complete). A writer's pipe is waited for as far as
        it has run (its ops run in order; the record keeps no end)."""
        clock: Clock = dict.fromkeys(PIPES, 0)
        time = 0
        for access in accesses:
            log = self.history.get(access.memory.uid)
            if log is None or access.end <= access.start:
                continue
            for record in log.overlapping(access.start, access.end):
                if record.write:
                    clock[record.pipe] = max(clock[record.pipe], record.tick)
                    time = max(time, self.free[record.pipe])
        for target in PIPES:
            self._join(target, clock)
            self._wait_until(target, time, op, "tsync")

    def wait_signal(self, op: Operation, pipe: Pipe, time: int, reason: str) -> None:
        """`pipe` waits in `op` for another core's signal given at `time`."""
        if pipe is Pipe.ALL:
            for p in PIPES:
                self._wait_until(p, time, op, reason)
        else:
            self._wait_until(pipe, time, op, reason)

    def _wait_until(self, pipe: Pipe, time: int, op: Operation, reason: str) -> None:
        """`pipe` (waiting in `op` for `reason`) does nothing until `time`: a stall."""
        if self._barrier_stalls:
            self._keep_barrier_stall(pipe)
        start = self.free[pipe]
        if time > start:
            self.free[pipe] = time
            if self.record_spans:
                self.stalls.append(Stall(op, pipe, start, time - start, reason))

    def _keep_barrier_stall(self, pipe: Pipe) -> None:
        """`pipe` goes on after a barrier: the time it waited there was a stall."""
        if (stall := self._barrier_stalls.pop(pipe, None)) is not None:
            self.stalls.append(stall)

    def _join(self, pipe: Pipe, other: Clock) -> None:
        clock = self.clocks[pipe]
        for p, tick in other.items():
            if tick > clock[p]:
                clock[p] = tick

    # ---- end of kernel -----------------------------------------------------------------------
    def finish(self) -> None:
        """Report flags set but never waited and buffer slots never released."""
        for (src, dst, event), queue in self.flags.items():
            for signal in queue:
                self._add_hazard(
                    Hazard(
                        "unwaited-flag",
                        f"{where(signal.op)} sets {src.value} -> {dst.value} {event.value} but "
                        "no wait_flag consumes it before the kernel ends",
                        (signal.op,),
                    ),
                    (signal.op, src, signal.time),
                )
        for slot, held in self.slots.items():
            if held is not None:
                pipe, op = held
                self._add_hazard(
                    Hazard(
                        "unreleased-buffer",
                        f"buffer slot {slot} acquired by {where(op)} on {pipe.value} is "
                        "never released",
                        (op,),
                    ),
                    (op, pipe, self.free[pipe]),
                )

    def settled(self, pipe: Pipe) -> int:
        """When every op issued on `pipe` so far has completed."""
        return max(self.free[pipe], self.done[pipe])

    @property
    def total_cycles(self) -> int:
        return max(max(self.free.values()), max(self.done.values()))

    @property
    def pipe_bound(self) -> int:
        return max(self.busy.values())


class UntrackedPipes(PipeModel):
    """A pipe model that records nothing: semantics only (no hazards, no cycles, and no
    check of the synchronisation ops: flags, buffer slots and barriers are no-ops)."""

    tracking = False

    def execute(
        self,
        op: Operation,
        pipe: Pipe,
        reads: Sequence[Access] = (),
        writes: Sequence[Access] = (),
        cycles: int = 0,
        hold: int | None = None,
    ) -> None:
        return

    def set_flag(self, op: Operation, src: Pipe, dst: Pipe, event: Event) -> None:
        return

    def wait_flag(self, op: Operation, src: Pipe, dst: Pipe, event: Event) -> None:
        return

    def get_buf(self, op: Operation, pipe: Pipe, slot: int) -> None:
        return

    def rls_buf(self, op: Operation, pipe: Pipe, slot: int) -> None:
        return

    def barrier(self, op: Operation, pipe: Pipe, implicit: bool = False) -> None:
        return

    def wait_writes(self, op: Operation, accesses: Sequence[Access]) -> None:
        return

    def fence(self, op: Operation, pipe: Pipe) -> None:
        return

    def report(self, hazard: Hazard, op: Operation, pipe: Pipe) -> None:
        return

    def finish(self) -> None:
        return


class GmAccessRecorder(UntrackedPipes):
    """Semantics only, but every access to GM is recorded (`gm`: per memory, the byte
    ranges read and written): what tells whether the blocks of a launch may run apart
    (`interpreters.launching.execute`, `--jobs`). Ops report their accesses to it (`tracking`)."""

    tracking = True

    def __init__(self) -> None:
        super().__init__()
        self.gm: dict[int, tuple[list[tuple[int, int]], list[tuple[int, int]]]] = {}

    def execute(
        self,
        op: Operation,
        pipe: Pipe,
        reads: Sequence[Access] = (),
        writes: Sequence[Access] = (),
        cycles: int = 0,
        hold: int | None = None,
    ) -> None:
        for accesses, slot in ((reads, 0), (writes, 1)):
            for access in accesses:
                if access.memory.space is MemorySpace.GM and access.end > access.start:
                    ranges = self.gm.setdefault(access.memory.uid, ([], []))[slot]
                    ranges.append((access.start, access.end))


Ranges = list[tuple[int, int]]


def gm_ranges(pipes: PipeModel, memory: Memory) -> tuple[Ranges, Ranges]:
    """(read, written) byte ranges of GM `memory` a run recorded: the `GmAccessRecorder`'s,
    or those of the pipe model's access log."""
    if isinstance(pipes, GmAccessRecorder):
        return pipes.gm.get(memory.uid, ([], []))
    log = pipes.history.get(memory.uid)
    reads: list[tuple[int, int]] = []
    writes: list[tuple[int, int]] = []
    for _, start, end, write in log.records if log is not None else ():
        (writes if write else reads).append((start, end))
    return reads, writes
