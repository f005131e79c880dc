"""Replays a run's steps as the hardware would run them: every (core, pipe) stream in order.

A pipe runs its instructions in order and waits only at its synchronisation: the k-th
`wait_flag` of a channel (source, destination, event) takes the k-th `set_flag` of it, a
`get_buf` waits for the `rls_buf` of its slot before it in program order (mode 0), a
`barrier PIPE_ALL` waits until every stream of its core has reached it. The replay executes
the streams in that order (the ready step earliest in program order first), so that:

- happens-before comes from the synchronisation actually matched: one vector clock per
  stream, and an access that conflicts with one of another stream that does not happen
  before it is a hazard (RAW, WAR, WAW);
- a wait that can never be satisfied ends the replay with the wait-for chain over the
  streams ((core, pipe) nodes): each stuck stream waits for the stream of the set, release
  or barrier it needs, until the chain closes into a cycle or reaches a wait with no set
  left; a hang of the board is a report here;
- the target's same-pipe rules (`pto_dialect.rules.SAME_PIPE_RULES`) are checked like the
  cross-pipe ones: two accesses of one pipe that the rule does not leave to the pipe need
  the barrier or `mem_bar` it names between them;
- each op starts when its stream is free and its waits are satisfied, as in
  `pipes.PipeModel`: the total cycles and the cycles each synchronisation op held its pipe.

`drop` replays the same steps without some synchronisation ops: what the checker's
redundancy analysis asks ("is the kernel still hazard-free without this pair?").
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation

from interpreters.machine import cost_params as P
from interpreters.machine.pipes import AccessLog, AccessRecord, Hazard, flag_name, short
from interpreters.machine.sync_trace import Kind, Node, Step
from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.runtime import MemBarOp
from pto_dialect.rules import AccessClass, SamePipeRule

FALLBACK = "pto.sync_fallback"
"""The attribute pto-insert-sync puts on a barrier that replaces a flag pair (no id left)."""


@dataclass
class Replay:
    """What the replay of one run found."""

    hazards: list[Hazard] = field(default_factory=list[Hazard])
    total_cycles: int = 0
    stalls: dict[Operation, int] = field(default_factory=dict[Operation, int])
    """Cycles each synchronisation op held its pipe (summed over its executions)."""
    links: list[tuple[Operation, Operation]] = field(
        default_factory=list[tuple[Operation, Operation]]
    )
    """Synchronisation ops that act together: a set and the wait that took its signal, a
    release and the get that waited for it, a get and the release of the same holding."""
    remarks: list[str] = field(default_factory=list[str])

    @property
    def deadlocked(self) -> bool:
        return any(h.kind == "deadlock" for h in self.hazards)


def _node_name(node: Node) -> str:
    core, pipe = node
    return f"{pipe.value}" if core == 0 else f"core {core} {pipe.value}"


def access_class(op: Operation, write: bool) -> AccessClass:
    if isinstance(op, TileOp):
        return AccessClass.TILE
    return AccessClass.VST if write else AccessClass.VLD


class _Rule:
    """The state of one same-pipe rule: per stream the highest tick of its own ops known to
    be complete (`synced`: raised by the barrier or mem_bar the rule names, and by a wait
    whose signal carries the stream's own work, as pto-insert-sync's analysis does) and the
    earlier accesses, each with its tick."""

    def __init__(self, rule: SamePipeRule) -> None:
        self.rule = rule
        self.synced: dict[Node, int] = defaultdict(int)
        self.logs: dict[int, AccessLog[Node]] = defaultdict(AccessLog[Node])


class _Replayer:
    def __init__(
        self, steps: Sequence[Step], rules: Sequence[SamePipeRule], drop: frozenset[Operation]
    ) -> None:
        self.live = [s for s in steps if s.op not in drop]
        self.position = {s.index: i for i, s in enumerate(self.live)}
        self.out = Replay()
        self.rules = [_Rule(r) for r in rules]
        self.streams: dict[Node, list[int]] = {}
        self.nodes_of: dict[int, list[Node]] = defaultdict(list)
        self._build_streams()
        self.match: dict[int, int | None] = {}
        self.waiters: dict[int, list[int]] = defaultdict(list)
        """Per set / release: the waits / gets it satisfies."""
        self.reverse = False
        self._match()
        self.cursor = dict.fromkeys(self.streams, 0)
        self.done = [False] * len(self.live)
        self.clock: dict[Node, dict[Node, int]] = {
            n: dict.fromkeys(self.streams, 0) for n in self.streams
        }
        self.free = dict.fromkeys(self.streams, 0)
        self.landed = dict.fromkeys(self.streams, 0)
        """When the ops of each stream so far have completed (`PipeModel.done`)."""
        self.signal: dict[int, tuple[dict[Node, int], int]] = {}
        self.history: dict[int, AccessLog[Node]] = defaultdict(AccessLog[Node])
        self.seen: set[tuple[int, int, str]] = set()
        self.arrived: dict[int, set[Node]] = defaultdict(set)
        """Per PIPE_ALL barrier: the streams whose next step it is."""
        self.by_index = {s.index: s for s in self.live}
        self.taken: dict[int, int] = {}
        """Per executed wait / get: its stream's tick when it took its signal."""

    # ---- structure -----------------------------------------------------------------------
    def _build_streams(self) -> None:
        for step in self.live:
            core, pipe = step.node
            if pipe is not Pipe.ALL and step.node not in self.streams:
                self.streams[step.node] = []
                self.nodes_of[core].append(step.node)
        for i, step in enumerate(self.live):
            core, pipe = step.node
            if pipe is Pipe.ALL:
                for node in self.nodes_of[core]:
                    self.streams[node].append(i)
            else:
                self.streams[step.node].append(i)

    def _match(self) -> None:
        sets: dict[tuple[int, object], list[int]] = defaultdict(list)
        waits: dict[tuple[int, object], list[int]] = defaultdict(list)
        for i, step in enumerate(self.live):
            if step.kind is Kind.SET:
                sets[(step.node[0], step.channel)].append(i)
            elif step.kind is Kind.WAIT:
                waits[(step.node[0], step.channel)].append(i)
            elif step.kind is Kind.GET:
                released = None if step.released is None else self.position.get(step.released)
                self.match[i] = released
                if released is not None:
                    self.waiters[released].append(i)
        for key, queue in waits.items():
            given = sets.get(key, [])
            for k, wait in enumerate(queue):
                set_ = given[k] if k < len(given) else None
                self.match[wait] = set_
                if set_ is not None:
                    self.waiters[set_].append(wait)
                    self.reverse |= set_ > wait
        self.sets = sets
        self.waits = waits

    # ---- the schedule ----------------------------------------------------------------------
    def head(self, node: Node) -> int | None:
        stream = self.streams[node]
        at = self.cursor[node]
        return stream[at] if at < len(stream) else None

    def ready(self, i: int) -> bool:
        step = self.live[i]
        source = self.match.get(i)
        if step.kind is Kind.WAIT:
            return source is not None and self.done[source]
        if step.kind is Kind.GET:
            return source is None or self.done[source]
        if step.node[1] is Pipe.ALL:
            return len(self.arrived[i]) == len(self.nodes_of[step.node[0]])
        return True

    def run(self) -> Replay:
        heap: list[tuple[int, int]] = []
        queued: set[int] = set()

        def offer(node: Node) -> None:
            i = self.head(node)
            if i is None or i in queued:
                return
            if self.live[i].node[1] is Pipe.ALL:
                self.arrived[i].add(node)
            if self.ready(i):
                queued.add(i)
                heapq.heappush(heap, (i, i))

        for node in self.streams:
            offer(node)
        while heap:
            _, i = heapq.heappop(heap)
            step = self.live[i]
            self.done[i] = True
            nodes = self.nodes_of[step.node[0]] if step.node[1] is Pipe.ALL else [step.node]
            self.execute(i, step)
            for node in nodes:
                self.cursor[node] += 1
            for node in nodes:
                offer(node)
            for waiter in self.waiters.get(i, ()):
                node = self.live[waiter].node
                if self.head(node) == waiter:
                    offer(node)
        if not all(self.head(n) is None for n in self.streams):
            self.deadlock()
        else:
            self.finish()
        self.out.total_cycles = max(
            max(self.free.values(), default=0), max(self.landed.values(), default=0)
        )
        return self.out

    # ---- one step --------------------------------------------------------------------------
    def execute(self, i: int, step: Step) -> None:
        node = step.node
        kind = step.kind
        if kind is Kind.EXEC:
            clock = self.clock[node]
            clock[node] += 1
            self.check_accesses(step, clock)
            self.same_pipe(step, clock[node])
            start = self.free[node]
            self.free[node] += step.cycles if step.hold is None else step.hold
            self.landed[node] = max(self.landed[node], start + step.cycles)
        elif kind in (Kind.SET, Kind.RLS):
            clock = self.clock[node]
            clock[node] += 1
            self.signal[i] = (dict(clock), self.settled(node) + P.FLAG_LATENCY)
            if kind is Kind.SET:
                self.check_occupied(i, step, clock)
        elif kind in (Kind.WAIT, Kind.GET):
            source = self.match.get(i)
            if source is not None:
                clock, time = self.signal[source]
                self._join(node, clock)
                self.learn(node, clock)
                self._stall(step.op, node, time)
                self.out.links.append((self.live[source].op, step.op))
            own = self.clock[node]
            own[node] += 1
            self.taken[i] = own[node]
        elif node[1] is Pipe.ALL:
            nodes = self.nodes_of[node[0]]
            joined = {p: max(self.clock[n][p] for n in nodes) for p in self.streams}
            time = max(self.settled(n) for n in nodes)
            time += 0 if step.implicit else P.BARRIER_ALL
            for n in nodes:
                self._join(n, joined)
                self._stall(step.op, n, time)
            self.barrier_rules(step, nodes)
            if FALLBACK in step.op.attributes:
                note = step.op.attributes[FALLBACK]
                text = note.data if isinstance(note, StringAttr) else str(note)
                self.remark(f"{step.where()}: a PIPE_ALL barrier stands for a flag pair: {text}")
        else:
            self.free[node] = self.settled(node)  # its transfers in flight land first
            self.barrier_rules(step, [node])

    def settled(self, node: Node) -> int:
        """When every op of stream `node` so far has completed."""
        return max(self.free[node], self.landed[node])

    def check_occupied(self, i: int, step: Step, clock: dict[Node, int]) -> None:
        """A set of an event whose previous set may not have been taken yet: pto-isa's
        simulator stops there ("Event ID still occupied"), the board may lose the signal
        and hang (PTOAS #823)."""
        key = (step.node[0], step.channel)
        given = self.sets[key]
        k = given.index(i)
        if k == 0:
            return
        waits = self.waits.get(key, [])
        previous = waits[k - 1] if k - 1 < len(waits) else None
        if previous is not None:
            wait = self.live[previous]
            tick = self.taken.get(previous)
            if tick is not None and tick <= clock.get(wait.node, 0):
                return
        assert step.channel is not None
        name = flag_name(*step.channel)
        taker = (
            "no wait_flag takes it"
            if previous is None
            else (f"{self.live[previous].where()}, which takes it, is not ordered before this set")
        )
        self.out.hazards.append(
            Hazard(
                "event-reuse",
                f"{step.where()} sets {name} while its previous signal "
                f"({self.live[given[k - 1]].where()}) may still be pending: {taker} "
                "(an event id holds one signal)",
                (self.live[given[k - 1]].op, step.op),
            )
        )

    def remark(self, text: str) -> None:
        if text not in self.out.remarks:
            self.out.remarks.append(text)

    def _join(self, node: Node, other: dict[Node, int]) -> None:
        clock = self.clock[node]
        for p, tick in other.items():
            if tick > clock.get(p, 0):
                clock[p] = tick

    def _stall(self, op: Operation, node: Node, time: int) -> None:
        stalls = self.out.stalls
        stalls.setdefault(op, 0)
        if time > self.free[node]:
            stalls[op] += time - self.free[node]
            self.free[node] = time

    # ---- hazards between streams ---------------------------------------------------------
    def check_accesses(self, step: Step, clock: dict[Node, int]) -> None:
        node = step.node
        tick = clock[node]
        for write, accesses in ((False, step.reads), (True, step.writes)):
            for access in accesses:
                if access.end <= access.start:
                    continue
                log = self.history[access.memory.uid]
                for record in log.conflicts(access.start, access.end, node, write, clock):
                    self.conflict(record, step, write, access.memory.name, access.start, access.end)
                if self.reverse:
                    self.reordered(log, step, write, clock, access.start, access.end)
                if write:
                    log.drop((node, access.start, access.end, False))
                log.put(
                    (node, access.start, access.end, write),
                    AccessRecord(
                        step.op,
                        node,
                        tick,
                        access.start,
                        access.end,
                        write,
                        self.free[node],
                        step.index,
                    ),
                )

    def conflict(
        self, record: AccessRecord[Node], step: Step, write: bool, memory: str, lo: int, hi: int
    ) -> None:
        earlier_write, later_write = (
            (record.write, write) if record.seq < step.index else (write, record.write)
        )
        kind = (
            "RAW"
            if earlier_write and not later_write
            else ("WAR" if later_write and not earlier_write else "WAW")
        )
        other = self.by_index.get(record.seq)
        first, second = (other, step) if record.seq < step.index else (step, other)
        key = (id(first.op if first else record.op), id(second.op if second else step.op), kind)
        if key in self.seen:
            return
        self.seen.add(key)
        lo, hi = max(lo, record.start), min(hi, record.end)
        a = first.where() if first is not None else str(record.op.name)
        b = second.where() if second is not None else str(record.op.name)
        pa = _node_name(first.node if first else record.pipe)
        pb = _node_name(second.node if second else record.pipe)
        verb = "reads" if kind == "RAW" else "writes"
        done = "wrote" if earlier_write else "read"
        message = (
            f"{kind} hazard on {memory} bytes [{lo}, {hi}): {b} on {pb} {verb} what {a} on "
            f"{pa} {done} without synchronisation"
        )
        ops = (first.op if first else record.op, second.op if second else step.op)
        self.out.hazards.append(
            Hazard(kind, message, ops, {"memory": memory, "bytes": [lo, hi], "pipes": [pa, pb]})
        )

    def reordered(
        self,
        log: AccessLog[Node],
        step: Step,
        write: bool,
        clock: dict[Node, int],
        lo: int,
        hi: int,
    ) -> None:
        """An access ordered before this one by a wait that took a later set's signal, but
        later in program order: the board runs them the other way round from the run."""
        for record in log.conflicts(lo, hi, step.node, write, None):
            if record.seq > step.index and record.tick <= clock.get(record.pipe, 0):
                key = (id(record.op), id(step.op), "reordered")
                if key in self.seen:
                    continue
                self.seen.add(key)
                other = self.by_index.get(record.seq)
                a = other.where() if other is not None else record.op.name
                self.out.hazards.append(
                    Hazard(
                        "reordered",
                        f"{a} runs before {step.where()} (a wait takes the signal of a set that "
                        "comes later in program order), but it comes after it in the program: "
                        "the board computes other data than program order",
                        (record.op, step.op),
                    )
                )

    # ---- same-pipe rules ---------------------------------------------------------------------
    def same_pipe(self, step: Step, tick: int) -> None:
        node = step.node
        for state in self.rules:
            rule = state.rule
            if rule.pipe is not node[1]:
                continue
            if isinstance(step.op, MemBarOp):
                if step.op.kind.data in rule.mem_bars:
                    state.synced[node] = tick
                continue
            if rule.in_vecscope and step.scope == 0:
                continue
            before = {node: state.synced[node]}
            unit = -step.scope if step.scope else step.index
            """The instruction the access belongs to: a vecscope execution or a tile op."""
            accesses = [(False, a) for a in step.reads] + [(True, a) for a in step.writes]
            for write, access in accesses:
                if access_class(step.op, write) not in rule.later or access.end <= access.start:
                    continue
                log = state.logs[access.memory.uid]
                for record in log.conflicts(access.start, access.end, None, write, before):
                    kind = (
                        "RAW"
                        if record.write and not write
                        else ("WAR" if write and not record.write else "WAW")
                    )
                    if kind in rule.kinds and (record.time == unit) == rule.in_vecscope:
                        self.same_pipe_hazard(
                            rule,
                            kind,
                            record,
                            step,
                            access.memory.name,
                            max(access.start, record.start),
                            min(access.end, record.end),
                        )
            for write, access in accesses:
                if access_class(step.op, write) in rule.earlier and access.end > access.start:
                    state.logs[access.memory.uid].put(
                        (node, access.start, access.end, write),
                        AccessRecord(
                            step.op, node, tick, access.start, access.end, write, unit, step.index
                        ),
                    )

    def barrier_rules(self, step: Step, nodes: Iterable[Node]) -> None:
        pipe = step.node[1]
        for state in self.rules:
            if pipe in state.rule.barriers:
                for node in nodes:
                    if node[1] is state.rule.pipe:
                        state.synced[node] = self.clock[node][node]

    def learn(self, node: Node, clock: dict[Node, int]) -> None:
        """`node` took a signal carrying `clock`: its own ops up to it are complete."""
        for state in self.rules:
            own = clock.get(node, 0)
            if own > state.synced[node]:
                state.synced[node] = own

    def same_pipe_hazard(
        self,
        rule: SamePipeRule,
        kind: str,
        record: AccessRecord[Node],
        step: Step,
        memory: str,
        lo: int,
        hi: int,
    ) -> None:
        key = (id(record.op), id(step.op), "same-pipe")  # the first kind found (RAW first)
        if key in self.seen:
            return
        self.seen.add(key)
        earlier = self.by_index.get(record.seq)
        a = earlier.where() if earlier is not None else record.op.name
        verb = "reads" if kind == "RAW" else "writes"
        done = "wrote" if record.write else "read"
        message = (
            f"{kind} hazard on {memory} bytes [{lo}, {hi}) within {rule.pipe.value}: "
            f"{step.where()} {verb} what {a} {done}, with no {rule.remedy()} between them"
        )
        self.out.hazards.append(
            Hazard(
                kind,
                message,
                (record.op, step.op),
                {"memory": memory, "bytes": [lo, hi], "same_pipe": rule.remedy()},
            )
        )

    # ---- the end -----------------------------------------------------------------------------
    def finish(self) -> None:
        for key, given in self.sets.items():
            taken = len(self.waits.get(key, []))
            for i in given[taken:]:
                step = self.live[i]
                assert step.channel is not None
                src, dst, event = step.channel
                self.out.hazards.append(
                    Hazard(
                        "unwaited-flag",
                        f"{step.where()} sets {src.value} -> {dst.value} {event.value} but no "
                        "wait_flag consumes it before the kernel ends",
                        (step.op,),
                    )
                )
        held: dict[int, Step] = {}
        for step in self.live:
            if step.kind is Kind.GET and step.slot is not None:
                held[step.slot] = step
            elif step.kind is Kind.RLS and step.slot is not None:
                get = held.pop(step.slot, None)
                if get is not None:
                    self.out.links.append((get.op, step.op))
        for slot, step in held.items():
            self.out.hazards.append(
                Hazard(
                    "unreleased-buffer",
                    f"buffer slot {slot} acquired by {step.where()} on {step.node[1].value} is "
                    "never released",
                    (step.op,),
                )
            )

    def deadlock(self) -> None:
        stuck = {n: h for n in self.streams if (h := self.head(n)) is not None}
        node = min(stuck, key=lambda n: stuck[n])
        chain: list[dict[str, object]] = []
        lines: list[str] = []
        visited: list[Node] = []
        ops: list[Operation] = []
        while True:
            visited.append(node)
            i = stuck[node]
            step = self.live[i]
            ops.append(step.op)
            link, nxt = self.blocker(i, step, stuck)
            chain.append({"op": step.where(), "pipe": _node_name(step.node), "waits_for": link})
            lines.append(f"{step.where()} on {_node_name(step.node)} waits for {link}")
            if nxt is None:
                break
            if nxt in visited:
                lines.append(f"back to {_node_name(nxt)}: a cycle")
                break
            node = nxt
        self.out.hazards.append(
            Hazard(
                "deadlock",
                "; ".join(lines),
                tuple(ops),
                {"chain": chain},
            )
        )

    def blocker(self, i: int, step: Step, stuck: dict[Node, int]) -> tuple[str, Node | None]:
        """What the stuck step `i` waits for, and the stream that would give it (None: no
        stream ever will)."""
        if step.kind is Kind.WAIT:
            assert step.channel is not None
            src, dst, event = step.channel
            name = flag_name(src, dst, event)
            source = self.match.get(i)
            key = (step.node[0], step.channel)
            if source is None:
                given = self.sets.get(key, [])
                k = self.waits[key].index(i)
                last = ""
                if given:
                    prev = self.live[given[-1]]
                    taker = next((w for w, s in self.match.items() if s == given[-1]), None)
                    by = f", taken by {self.live[taker].where()}" if taker is not None else ""
                    last = f"; the last matching set is {prev.where()}{by}"
                return (
                    f"signal {k + 1} of {name}, which no set_flag gives ({len(given)} set"
                    f"{'s' if len(given) != 1 else ''} in the run){last}",
                    None,
                )
            set_ = self.live[source]
            return f"{name} from {set_.where()}, which {short(src)} has not reached", set_.node
        if step.kind is Kind.GET:
            source = self.match.get(i)
            assert source is not None
            rls = self.live[source]
            return f"slot {step.slot} released by {rls.where()}", rls.node
        behind = [n for n in self.nodes_of[step.node[0]] if stuck.get(n) != i]
        return "every pipe to reach it", behind[0] if behind else None


def replay(
    steps: Sequence[Step],
    rules: Sequence[SamePipeRule] = (),
    drop: frozenset[Operation] = frozenset(),
) -> Replay:
    """The hazards, deadlock, cycles and stalls of `steps` run as the hardware runs them,
    without the synchronisation ops in `drop`, under the same-pipe `rules`."""
    return _Replayer(steps, rules, drop).run()
