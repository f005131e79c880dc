"""`pto-insert-sync{mode=flags}`: order every cross-pipe dependence with set_flag/wait_flag.

Runs on planned DPS IR, before the two lowerings: there every op runs on one pipe and
touches whole tile buffers and GM windows (`passes/footprint.py`), and the lowerings only
split an op into ops of the same pipe touching subsets of its bytes, so the flags placed
here stay correct after them (docs/passes.md).

The pass executes the function abstractly with the pipe model of the interpreter
(docs/machine.md): one vector clock per pipe, the latest access of each pipe per byte
range, set_flag/wait_flag/barrier/get_buf/rls_buf as happens-before edges. When an op
conflicts (RAW, WAR, WAW) with an earlier access of another pipe that does not
happen-before it, the pass inserts a pair: `set_flag` right after the earlier op and
`wait_flag` right before the later one, both in the innermost block that holds the two
(so that the pair executes as often on both sides), and joins the clocks as the pair
will. For a dependence of several pipes it orders the latest source first, so that a
pair the others imply is never inserted. A same-pipe dependence that the target's rules
(`pto_dialect.rules.SAME_PIPE_RULES`: A2/A3 and CPU, two vector tile instructions) do not
leave to the pipe gets a `pto.barrier` of that pipe.

Loops run twice (the second pass sees the loop-carried dependences); a carried pair is
primed with a `set_flag` before the loop and drained with a `wait_flag` after it, so
that every wait has its set for any trip count. `scf.if` branches run from the same
state and merge conservatively. Event ids are allocated per pipe pair by interval
colouring over program order (pairs whose lifetimes do not overlap share an id) within the
target's ids of the pipe pair (`pto_dialect.rules.event_ids`); when they are exhausted, that
dependence falls back to `pto.barrier #pto.pipe<PIPE_ALL>` marked `pto.sync_fallback` (the
checker reports it).

Hand-written flags are honoured (their edges count and their ids are left alone), so
the pass completes a partly synchronised kernel and is idempotent. A function that has
machine-level memory ops (`pto.vecscope`, `pto.copy_*`) is already lowered: with
explicit synchronisation, or marked `pto.synchronised` (the pass marks every function it
analyses, so a kernel that needed no flag is recognised after the lowerings), it is left as
it is; otherwise the pass fails.

The abstract pipe model is `state.py`; `mode=bufid` and `mode=serial` are `modes.py`.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator, is_side_effect_free

from passes.common import checked_pass, pass_error, pass_target
from passes.footprint import Access, FootprintError, footprint, tsync_access
from passes.insert_sync.modes import serialise, to_buffer_ids
from passes.insert_sync.state import EVENTS, INDEX, PIPES, Pair, Record, State
from passes.periodic import Known, decided, loop_period
from pto_dialect.attrs import Event, EventAttr, Pipe, TargetArch
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.dma import CopyGmToUbufOp, CopyUbufToGmOp
from pto_dialect.ops.dma_v06 import BlockCopyOp, GroupedTransferOp
from pto_dialect.ops.scalar_memory import ScalarAccessOp
from pto_dialect.ops.sync import (
    AcquireBufOp,
    BarrierOp,
    PipeBarrier,
    ReleaseBufOp,
    SetFlagOp,
    WaitFlagOp,
)
from pto_dialect.ops.tile_buf_meta import TileElementOp
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.ops.tile_sync import TSyncOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.rules import event_ids, tile_barrier_rule

NAME = "pto-insert-sync"

SyncedOp = TileOp | TileElementOp | ScalarAccessOp
"""The ops whose memory accesses the pass orders: DPS tile ops and the scalar unit's
element accesses (`tsetval`/`tgetval`, `load_scalar`/`store_scalar`)."""

FALLBACK = "pto.sync_fallback"
"""Attribute of a PIPE_ALL barrier that stands for a flag pair the event ids ran out for."""

MAX_CHOICES = 6
"""Undecided `scf.if` executions of one abstract run followed path by path (2^6 = 64 runs at
most); past that the analysis merges the branches at each join."""

ROUNDS = 4
"""Analyses per function, until one inserts nothing. A second analysis sees the inserted
pairs as existing sync, whose knowledge is merged path-insensitively at `scf.if` joins, and
may still want a barrier the first one derived along one path: running to a fixed point
makes the pass idempotent."""

_MACHINE_LEVEL = (
    VecScopeOp,
    CopyGmToUbufOp,
    CopyUbufToGmOp,
    GroupedTransferOp,
    BlockCopyOp,
)
_SYNC = (SetFlagOp, WaitFlagOp, PipeBarrier, TSyncOp, AcquireBufOp, ReleaseBufOp)
SYNCHRONISED = "pto.synchronised"
"""Unit attribute the pass puts on every function it has analysed. A function so marked is
the pass's own output and is left as it is (idempotence: the analysis of existing flags does
not always reach a fixed point, see `ROUNDS`); a function that needed no flag at all is still
known to be synchronised once it is lowered."""


def _ancestors(op: Operation) -> Iterator[tuple[Block, Operation]]:
    """(block, anchor) from `op`'s own block outwards: the anchor is the op of that block
    that is `op` or contains it."""
    anchor: Operation | None = op
    while anchor is not None and anchor.parent is not None:
        yield anchor.parent, anchor
        if isinstance(anchor.parent_op(), func.FuncOp):
            return
        anchor = anchor.parent_op()


def _common_block(a: Operation, b: Operation) -> tuple[Block, Operation, Operation]:
    """The innermost block holding both ops, and the ops of it that hold `a` and `b`."""
    of_a = dict(_ancestors(a))
    for block, anchor_b in _ancestors(b):
        if block in of_a:
            return block, of_a[block], anchor_b
    raise AssertionError("two ops of one function share its body")


def _carrying_loop(block: Block) -> scf.ForOp:
    op = block.parent_op()
    while not isinstance(op, scf.ForOp):
        assert op is not None and not isinstance(op, func.FuncOp), "a backward dependence"
        op = op.parent_op()
    return op


def _trip_count_positive(loop: scf.ForOp) -> bool:
    lb, ub, step = (constant_index(v) for v in (loop.lb, loop.ub, loop.step))
    return lb is not None and ub is not None and step is not None and step > 0 and ub > lb


class _Inserter:
    """Runs one function abstractly and inserts the synchronisation it lacks."""

    def __init__(self, function: func.FuncOp, arch: TargetArch) -> None:
        self.function = function
        self.arch = arch
        self.barrier_pipes = frozenset(p for p in PIPES if tile_barrier_rule(arch, p) is not None)
        """Pipes whose dependent tile instructions need a `pto.barrier` (the target's rules)."""
        self.position = {op: i for i, op in enumerate(function.walk())}
        self.after: dict[Operation, list[list[int]]] = {}
        self.pairs: list[Pair] = []
        self.inserted = 0
        self.channel_of: dict[Operation, Pair] = {}
        self.footprints: dict[Operation, list[Access]] = {}
        self.choices: list[bool] = []
        """The branches the current run takes at its undecided `scf.if`s, in order."""
        self.made: list[bool] = []
        self.merging = False
        """Whether undecided `scf.if`s merge both branches (too many paths to follow)."""

    # ---- the abstract run ----------------------------------------------------------------
    def run(self) -> None:
        """One abstract run per path through the `scf.if`s whose condition the analysis
        does not know (each loop runs its body twice, so each such `scf.if` in a loop is
        two choices), depth first: a pair another path needs is inserted by that path's run,
        and no join merges what two paths know. Past `MAX_CHOICES` choices the remaining
        analysis merges both branches at each join instead (path-insensitive)."""
        pending: list[list[bool]] = [[]]
        while pending:
            self.choices, self.made = pending.pop(), []
            self.run_block(self.function.body.block, State())
            if len(self.made) > MAX_CHOICES:
                self.merging = True
                self.run_block(self.function.body.block, State())
                break
            pending += [[*self.made[:i], False] for i in range(len(self.choices), len(self.made))]
        self.allocate_events()

    def run_block(self, block: Block, state: State) -> None:
        op = block.first_op
        while op is not None:
            self.run_op(op, state)
            op = op.next_op

    def run_op(self, op: Operation, state: State) -> None:
        if isinstance(op, TileOp | TileElementOp | ScalarAccessOp):
            self.run_tile_op(op, state)
        elif isinstance(op, SetFlagOp):
            state.channels[self._channel(op)].append(tuple(state.clocks[INDEX[op.src]]))
        elif isinstance(op, WaitFlagOp):
            queue = state.channels[self._channel(op)]
            if queue:
                state.join(INDEX[op.dst], queue.popleft())
        elif isinstance(op, PipeBarrier):
            self.run_barrier(op.pipe(), state)
        elif isinstance(op, TSyncOp):
            self.run_tsync(op, state)
        elif isinstance(op, ReleaseBufOp | AcquireBufOp):
            self.run_buf(op, state)
        elif isinstance(op, scf.ForOp):
            self.run_loop(op, state)
        elif isinstance(op, scf.IfOp):
            self.run_if(op, state)
        elif op.regions:
            for region in op.regions:
                for block in region.blocks:
                    self.run_block(block, state)
        self.after[op] = [row[:] for row in state.clocks]

    def run_loop(self, op: scf.ForOp, state: State) -> None:
        """The body twice (the second run meets the loop-carried dependences), or 2N times
        when its `scf.if`s repeat every N iterations (`passes.periodic`: a multi-buffered
        loop's slot dispatch), with the induction variable's value in each run."""
        entry = state.copy()
        iv = op.body.block.args[0]
        lb, step = constant_index(op.lb), constant_index(op.step)
        runs = 2
        if lb is not None and step is not None and step > 0:
            conditions = [o.cond for o in op.body.block.walk() if isinstance(o, scf.IfOp)]
            runs = 2 * max(1, loop_period(conditions, {**state.values, iv: (lb, lb, step)}))
        for t in range(runs):
            if lb is not None and step is not None and step > 0:
                state.values[iv] = (lb + t * step, lb, step)
            self.run_block(op.body.block, state)
        state.values.pop(iv, None)
        if not _trip_count_positive(op):
            state.merge(entry)

    def run_if(self, op: scf.IfOp, state: State) -> None:
        """The branch that runs when the condition is known and periodic, else both from the
        same state, merged."""
        known = decided(op.cond, state.values)
        if known is True:
            self.run_block(op.true_region.block, state)
            return
        if known is False:
            if op.false_region.blocks:
                self.run_block(op.false_region.block, state)
            return
        if not self.merging:
            index = len(self.made)
            choice = self.choices[index] if index < len(self.choices) else True
            self.made.append(choice)
            if choice:
                self.run_block(op.true_region.block, state)
            elif op.false_region.blocks:
                self.run_block(op.false_region.block, state)
            return
        taken = state.copy()
        self.run_block(op.true_region.block, taken)
        if op.false_region.blocks:
            self.run_block(op.false_region.block, state)
        state.merge(taken)

    def _channel(self, op: SetFlagOp | WaitFlagOp) -> object:
        return self.channel_of.get(op) or (op.src, op.dst, op.event.data)

    def run_barrier(self, pipe: Pipe, state: State) -> None:
        if pipe is Pipe.ALL:
            rows = [tuple(max(c[q] for c in state.clocks) for q in range(len(PIPES)))] * len(PIPES)
            for p, row in enumerate(rows):
                state.join(p, row)
                state.synced[p] = state.clocks[p][p]
        else:
            p = INDEX[pipe]
            state.synced[p] = state.clocks[p][p]

    def run_tsync(self, op: TSyncOp, state: State) -> None:
        """`pto.tsync ins(...)`: every pipe's later work comes after the earlier writes of the
        operands' bytes. An operand whose bytes the analysis cannot name orders nothing (a
        smaller edge can only make the pass order more)."""
        row = [0] * len(PIPES)
        for value in op.events:
            try:
                access = tsync_access(value)
            except FootprintError:
                continue
            for (q, start, end, write), record in state.history.get(access.memory, {}).items():
                if write and start < access.end and access.start < end:
                    row[q] = max(row[q], record.tick)
        for p in range(len(PIPES)):
            state.join(p, tuple(row))

    def run_buf(self, op: ReleaseBufOp | AcquireBufOp, state: State) -> None:
        slot = op.buf_id_value
        if not isinstance(slot, int):
            slot = constant_index(slot)
        if slot is None:
            return  # a run-time id: no edge the pass can rely on
        p = INDEX[op.pipe()]
        if isinstance(op, ReleaseBufOp):
            state.slots[slot] = tuple(state.clocks[p])
        elif (row := state.slots.get(slot)) is not None:
            state.join(p, row)

    def run_tile_op(self, op: SyncedOp, state: State) -> None:
        p = INDEX[op.pipe()]
        accesses = self.footprints.get(op)
        if accesses is None:
            try:
                accesses = self.footprints[op] = footprint(op)
            except FootprintError as err:
                raise pass_error(NAME, str(err), op) from None
        latest: dict[int, Record] = {}
        resource: dict[int, object] = {}
        same_pipe: Record | None = None
        for access in accesses:
            for (q, start, end, write), record in state.history.get(access.memory, {}).items():
                if not (write or access.write) or start >= access.end or access.start >= end:
                    continue
                if q == p:
                    if (
                        record.tick > state.synced[p]
                        and op.pipe() in self.barrier_pipes
                        and (same_pipe is None or record.tick > same_pipe.tick)
                    ):
                        same_pipe = record  # the latest: a join below may cover only older ones
                elif record.tick > state.clocks[p][q] and (
                    q not in latest or record.tick > latest[q].tick
                ):
                    latest[q] = record
                    resource[q] = (access.memory, start, end)
        for record in sorted(latest.values(), key=lambda r: -self.position[r.op]):
            if record.tick > state.clocks[p][record.pipe]:
                self.insert_pair(record, op, state, resource[record.pipe])
        if same_pipe is not None and same_pipe.tick > state.synced[p]:
            self.insert_barrier(same_pipe.op, op, state)
        state.clocks[p][p] += 1
        tick = state.clocks[p][p]
        for access in accesses:
            key = (p, access.start, access.end, access.write)
            state.history.setdefault(access.memory, {})[key] = Record(op, p, tick)

    # ---- insertion -----------------------------------------------------------------------
    def insert_pair(self, source: Record, op: SyncedOp, state: State, resource: object) -> None:
        src, dst = PIPES[source.pipe], op.pipe()
        block, anchor_src, anchor_dst = _common_block(source.op, op)
        pair = Pair(src, dst, anchors=(anchor_src, anchor_dst), resource=resource)
        self._add(pair, SetFlagOp(src, dst, Event.EVENT_ID0), InsertPoint.after(anchor_src))
        self._add(pair, WaitFlagOp(src, dst, Event.EVENT_ID0), InsertPoint.before(anchor_dst))
        if self.position[anchor_src] >= self.position[anchor_dst]:  # carried by a loop
            loop = _carrying_loop(block)
            self._add(pair, SetFlagOp(src, dst, Event.EVENT_ID0), InsertPoint.before(loop), 0)
            self._add(pair, WaitFlagOp(src, dst, Event.EVENT_ID0), InsertPoint.after(loop))
        self.pairs.append(pair)
        self.inserted += 1
        state.join(INDEX[dst], tuple(self.after[anchor_src][source.pipe]))

    def _add(
        self, pair: Pair, op: SetFlagOp | WaitFlagOp, where: InsertPoint, index: int = -1
    ) -> None:
        Rewriter.insert_op(op, where)
        pair.ops.insert(len(pair.ops) if index < 0 else index, op)
        self.channel_of[op] = pair

    def insert_barrier(self, source: Operation, op: SyncedOp, state: State) -> None:
        if source is op:
            anchor = op
        else:
            _, _, anchor = _common_block(source, op)
        Rewriter.insert_op(BarrierOp(op.pipe()), InsertPoint.before(anchor))
        self.inserted += 1
        p = INDEX[op.pipe()]
        state.synced[p] = state.clocks[p][p]

    # ---- event ids -----------------------------------------------------------------------
    def allocate_events(self) -> None:
        """Interval colouring per pipe pair over program order, the least recently used
        free id first (as pto-isa's EventIdCounter rotates its ids): two pairs whose lives
        do not overlap in program order may still overlap on the pipes (the source pipe runs
        ahead to the next set while the first wait has not happened), and an event id holds
        one signal, so an id is reused as late as the ids allow. Ids that hand-written flags
        use in this function are left to them."""
        position = {op: i for i, op in enumerate(self.function.walk())}
        taken: dict[tuple[Pipe, Pipe], set[Event]] = defaultdict(set)
        for op in self.function.walk():
            if isinstance(op, SetFlagOp | WaitFlagOp) and op not in self.channel_of:
                taken[(op.src, op.dst)].add(op.event.data)
        by_channel: dict[tuple[Pipe, Pipe], list[Pair]] = defaultdict(list)
        for pair in self.pairs:
            by_channel[(pair.src, pair.dst)].append(pair)
        for channel, pairs in by_channel.items():
            free = [e for e in EVENTS[: event_ids(self.arch, *channel)] if e not in taken[channel]]
            active: list[tuple[int, int, Event]] = []  # (end, tiebreak, event)
            spans = sorted((self.span(p, position) for p in pairs), key=lambda span: span[0])
            for start, end, pair in spans:
                while active and active[0][0] < start:
                    free.append(heapq.heappop(active)[2])  # the least recently used first
                if not free:
                    self.fall_back_to_barrier(pair)
                    continue
                event = free.pop(0)
                heapq.heappush(active, (end, start, event))
                for op in pair.ops:
                    op.properties["event"] = EventAttr(event)

    def span(self, pair: Pair, position: dict[Operation, int]) -> tuple[int, int, Pair]:
        """The program-order interval a pair holds its event id: from its set (or prime) to
        its wait (or drain); a pair inside a branch of a slot dispatch (an `scf.if` whose
        condition repeats with the iteration: a multi-buffered loop) holds it over the whole
        dispatch, so that the pairs of different slots get different ids (the ids rotate
        with the iteration, and a slot's set never meets the previous slot's unwaited one)."""
        start, end = position[pair.ops[0]], position[pair.ops[-1]]
        dispatch = _slot_dispatch(pair.ops[0])
        if dispatch is not None and all(dispatch.is_ancestor(op) for op in pair.ops):
            last = dispatch
            while last.regions and (block := last.regions[-1].last_block) and block.last_op:
                last = block.last_op
            start, end = min(start, position[dispatch]), max(end, position[last])
        return start, end, pair

    def fall_back_to_barrier(self, pair: Pair) -> None:
        """No free id: a PIPE_ALL barrier where the pair's wait was orders everything."""
        wait = next(op for op in pair.ops[1:] if isinstance(op, WaitFlagOp))
        barrier = BarrierOp(Pipe.ALL)
        barrier.attributes[FALLBACK] = StringAttr(
            f"the {event_ids(self.arch, pair.src, pair.dst)} event ids of "
            f"{pair.src.value} -> {pair.dst.value} are taken here"
        )
        Rewriter.insert_op(barrier, InsertPoint.before(wait))
        after = wait.next_op
        if isinstance(after, BarrierOp) and after.pipe() is pair.dst:
            Rewriter.erase_op(after)  # implied by the PIPE_ALL barrier
        for op in pair.ops:
            Rewriter.erase_op(op)


def _slot_dispatch(op: Operation) -> scf.IfOp | None:
    """The outermost `scf.if` around `op` whose condition repeats with the iteration of the
    loops around it (period >= 2), if any."""
    known: dict[SSAValue, Known] = {}
    ifs: list[scf.IfOp] = []
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        if isinstance(parent, scf.ForOp):
            lb, step = constant_index(parent.lb), constant_index(parent.step)
            if lb is not None and step is not None and step > 0:
                known[parent.body.block.args[0]] = (lb, lb, step)
        elif isinstance(parent, scf.IfOp):
            ifs.append(parent)
        parent = parent.parent_op()
    periodic = [i for i in ifs if loop_period([i.cond], known) >= 2]
    return periodic[-1] if periodic else None


def _vector_only(region: Region) -> bool:
    """Whether every memory access in `region` is inside a `pto.vecscope`: one pipe, in
    program order, so there is nothing to synchronise (a lowered VMI kernel on UB)."""
    for block in region.blocks:
        for op in block.ops:
            if isinstance(op, VecScopeOp) or op.has_trait(IsTerminator):
                continue
            if isinstance(op, scf.ForOp | scf.IfOp):
                if not all(_vector_only(r) for r in op.regions):
                    return False
            elif op.regions or not is_side_effect_free(op):
                return False
    return True


def _function_kind(function: func.FuncOp) -> str:
    """ "tile", "lowered" (machine-level ops with explicit sync, or vector scopes only) or
    raises."""
    machine_level: Operation | None = None
    has_sync = SYNCHRONISED in function.attributes
    for op in function.walk():
        if isinstance(op, TileOp) and not op.is_dps:
            raise pass_error(NAME, "SSA tile op: run pto-convert-to-dps first", op)
        if isinstance(op, _MACHINE_LEVEL) and machine_level is None:
            machine_level = op
        has_sync |= isinstance(op, _SYNC)
    if machine_level is None:
        return "tile"
    if has_sync or _vector_only(function.body):
        return "lowered"
    raise pass_error(
        NAME,
        "machine-level memory op without synchronisation: pto-insert-sync analyses tile "
        "ops, so run it before pto-lower-tile-to-vector and pto-lower-dma",
        machine_level,
    )


def _single_block(function: func.FuncOp) -> bool:
    """Whether `function` has a body the pass follows: one block (structured control flow).
    A body of several blocks is refused when it has pto ops, else left alone."""
    if len(function.body.blocks) <= 1:
        return bool(function.body.blocks)
    pto_op = next((o for o in function.walk() if o.dialect_name() == "pto"), None)
    if pto_op is None:
        return False
    raise pass_error(
        NAME,
        f"@{function.sym_name.data} has several blocks: the pass follows the structured "
        "control flow of scf.for and scf.if only",
        function,
    )


MODES = ("flags", "bufid", "serial")


@checked_pass
@dataclass(frozen=True)
class InsertSyncPass(ModulePass):
    name = NAME

    mode: str = "flags"
    """`flags`: set_flag/wait_flag pairs; `bufid`: get_buf/rls_buf wraps (A5 and cpu);
    `serial`: the seed 002 kernel's pattern, every op after the previous one (a baseline)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.mode not in MODES:
            raise pass_error(NAME, f"unknown mode '{self.mode}' (supported: {', '.join(MODES)})")
        if self.mode == "bufid" and pass_target(NAME, op, None).arch is TargetArch.A2A3:
            raise pass_error(
                NAME,
                "mode=bufid: get_buf/rls_buf are A5 instructions (buffer-id sync), the module's "
                "target is a2a3",
            )
        for function in op.walk():
            if (
                isinstance(function, func.FuncOp)
                and SYNCHRONISED not in function.attributes  # its output: left as it is
                and _single_block(function)
                and _function_kind(function) == "tile"
            ):
                if self.mode == "serial":
                    serialise(function.body.block, at_entry=True)
                    function.attributes[SYNCHRONISED] = UnitAttr()
                    continue
                arch = pass_target(NAME, op, None).arch
                for round in range(ROUNDS):
                    inserter = _Inserter(function, arch)
                    inserter.run()
                    if not inserter.inserted:
                        break
                    if self.mode == "bufid" and round == 0:
                        to_buffer_ids(inserter.pairs)
                function.attributes[SYNCHRONISED] = UnitAttr()
