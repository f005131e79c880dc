"""The abstract pipe model `pto-insert-sync` runs a function on: one vector clock per pipe,
the latest access of each pipe per byte range, the flags in flight (`State`), the flag pairs
the pass inserts (`Pair`) and how two paths' knowledge merges at an `scf.if` join."""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import cast

from xdsl.ir import Operation, SSAValue

from passes.footprint import MemoryKey
from passes.periodic import Known
from pto_dialect.attrs import Event, Pipe
from pto_dialect.ops.sync import SetFlagOp, WaitFlagOp

PIPES = tuple(p for p in Pipe if p is not Pipe.ALL)
INDEX = {p: i for i, p in enumerate(PIPES)}
EVENTS = tuple(Event)
"""The pipes the clocks count (PIPE_ALL is none), their index in a clock row, the event ids."""

Row = tuple[int, ...]
Key = tuple[Pipe, Pipe, object]
"""The channel of a set/wait the pass did not insert: (src, dst, event)."""


@dataclass(frozen=True)
class Record:
    op: Operation
    pipe: int
    tick: int


@dataclass(eq=False)
class Pair:
    """One inserted set/wait pair (with its prime and drain when loop-carried)."""

    src: Pipe
    dst: Pipe
    ops: list[SetFlagOp | WaitFlagOp] = field(default_factory=list[SetFlagOp | WaitFlagOp])
    anchors: tuple[Operation, Operation] | None = None
    """The ops of the common block after and before which the set and the wait stand."""
    resource: object = None
    """The bytes the dependence is on: (memory, start, end) of the earlier access."""


@dataclass
class State:
    """The abstract pipe model at one program point."""

    clocks: list[list[int]] = field(default_factory=lambda: [[0] * len(PIPES) for _ in PIPES])
    synced: list[int] = field(default_factory=lambda: [0] * len(PIPES))
    """synced[p]: the highest tick of p's own ops known to be complete on p."""
    history: dict[MemoryKey, dict[tuple[int, float, float, bool], Record]] = field(
        default_factory=dict[MemoryKey, dict[tuple[int, float, float, bool], Record]]
    )
    channels: dict[object, deque[Row]] = field(
        default_factory=lambda: defaultdict[object, deque[Row]](deque)
    )
    slots: dict[int, Row] = field(default_factory=dict[int, Row])
    values: dict[SSAValue, Known] = field(default_factory=dict[SSAValue, Known])
    """Induction variables in the current abstract iteration (`passes.periodic`)."""

    def copy(self) -> State:
        return State(
            [row[:] for row in self.clocks],
            self.synced[:],
            {key: dict(log) for key, log in self.history.items()},
            defaultdict(deque, {k: deque(q) for k, q in self.channels.items()}),
            dict(self.slots),
            dict(self.values),
        )

    def merge(self, other: State) -> None:
        """The state after either path: knowledge only where both paths have it, every
        access of both. Slots stay this path's; a flag both paths have queued carries what
        each path's entry covers of that path's accesses (`merge_rows`)."""
        mine_records, their_records = self._records(), other._records()
        self.values = {v: k for v, k in self.values.items() if other.values.get(v) == k}
        for p, (mine, theirs) in enumerate(zip(self.clocks, other.clocks, strict=True)):
            for q in range(len(PIPES)):
                mine[q] = max(mine[q], theirs[q]) if p == q else min(mine[q], theirs[q])
        self.synced = [min(a, b) for a, b in zip(self.synced, other.synced, strict=True)]
        for key, log in other.history.items():
            mine_log = self.history.setdefault(key, {})
            for slot, record in log.items():
                current = mine_log.get(slot)
                if current is None or record.tick > current.tick:
                    mine_log[slot] = record
        merged = [r for log in self.history.values() for r in log.values()]
        for channel, queue in self.channels.items():
            theirs = other.channels.get(channel)
            if theirs is None or len(theirs) != len(queue) or list(theirs) == list(queue):
                continue  # unbalanced flags are reported by pto-run, not merged here
            dst = channel.dst if isinstance(channel, Pair) else cast(Key, channel)[1]
            d = INDEX[dst]
            known = tuple(
                self.synced[d] if q == d else self.clocks[d][q] for q in range(len(PIPES))
            )
            self.channels[channel] = deque(
                merge_rows(a, mine_records, b, their_records, merged, known)
                for a, b in zip(queue, theirs, strict=True)
            )

    def _records(self) -> set[int]:
        return {id(r) for log in self.history.values() for r in log.values()}

    def join(self, pipe: int, row: Row) -> None:
        """`pipe` learns everything `row` (another pipe's clock) knows."""
        clock = self.clocks[pipe]
        for q, tick in enumerate(row):
            if q != pipe and tick > clock[q]:
                clock[q] = tick
        self.synced[pipe] = max(self.synced[pipe], row[pipe])


def merge_rows(
    mine: Row,
    mine_records: set[int],
    theirs: Row,
    their_records: set[int],
    merged: list[Record],
    known: Row,
) -> Row:
    """One flag entry after two paths: for each pipe q the highest tick such that every
    access of q in the merged history up to it is covered by the entry of each path that
    made the access (ticks of the two paths may coincide, so membership decides), or is
    already `known` to the waiting pipe."""
    row: list[int] = []
    for q in range(len(PIPES)):
        uncovered = [
            r.tick
            for r in merged
            if r.pipe == q
            and r.tick > known[q]
            and (
                (id(r) in mine_records and r.tick > mine[q])
                or (id(r) in their_records and r.tick > theirs[q])
            )
        ]
        row.append(min(uncovered) - 1 if uncovered else max(mine[q], theirs[q]))
    return tuple(row)
