"""The synchronisation checker: what `pto-check` does, from Python.

    from interpreters.api import parse_file
    from interpreters.checking.check import check, without_redundant

    module = parse_file("kernel.mlir")
    report = check(module, "rand:64x32xf32:1", "zeros:64x32xf32", 4, redundancy=True)
    report.findings          # hazards, deadlocks, unwaited flags, each with its trip counts
    report.redundant         # sync the kernel is hazard-free without, with its stall cycles
    clean = without_redundant(module, report)

A check runs the kernel several times: once as its arguments say, then with every loop of
a dynamic bound forced to 0, 1, 2 and 3 iterations (`trip_counts`), loops whose bounds come
from the same kernel arguments together ("per argument"), every other dynamic loop on its
own ("per loop"). Each run is traced (`machine.sync_trace`) and replayed as the hardware
runs its pipes (`machine.sync_replay`): cross-pipe hazards, the target's same-pipe rules,
deadlocks with their wait-for chain, unwaited flags and unreleased buffer slots are
reported with the trip counts of the run. With `redundancy`, every set/wait group, barrier,
mem_bar and buffer slot is replayed away on every run: those the kernel stays hazard-free
without are redundant, with the cycles they stall their pipe.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import BlockArgument, Operation, OpResult, SSAValue

from interpreters import api
from interpreters.api import PtoError, PtoRunError
from interpreters.engine.source import where
from interpreters.launching.execute import DEFAULT_MAX_STEPS, KernelError, entry_function
from interpreters.machine.pipes import Hazard, flag_name
from interpreters.machine.sync_replay import Replay, replay
from interpreters.machine.sync_trace import Iterations, Kind, Step, TracingPipes
from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import target_of
from pto_dialect.ops.runtime import MemBarOp
from pto_dialect.ops.sync import GetBufOp, PipeBarrier, RlsBufOp, SetFlagOp, WaitFlagOp
from pto_dialect.ops.sync_cross_core import PipeBarrierOp
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.rules import SAME_PIPE_RULES, SamePipeRule

TRIP_COUNTS = (0, 1, 2, 3)
MAX_RUNS = 64
SYNC_OPS = (SetFlagOp, WaitFlagOp, GetBufOp, RlsBufOp, PipeBarrier, PipeBarrierOp, MemBarOp)

# ---- loops -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoopGroup:
    """Loops of dynamic bounds that run the same number of times: those whose bounds come
    from the same kernel arguments (`bound` names them), or one loop."""

    loops: tuple[scf.ForOp, ...]
    bound: str

    def name(self) -> str:
        places = ", ".join(_place(loop) for loop in self.loops)
        noun = "loop" if len(self.loops) == 1 else "loops"
        return f"{noun} at {places}" + (f" (bound {self.bound})" if self.bound else "")


def _place(op: Operation) -> str:
    text = where(op)
    return text.split(" at ", 1)[1] if " at " in text else text


def _arguments(value: SSAValue, seen: set[SSAValue] | None = None) -> set[int] | None:
    """The kernel arguments `value` is computed from (through arith ops); None when it
    depends on anything else (an induction variable, a value read from memory)."""
    seen = seen if seen is not None else set()
    if value in seen:
        return set()
    seen.add(value)
    if isinstance(value, BlockArgument):
        owner = value.block.parent_op()
        entry = isinstance(owner, FuncOp) and value.block is owner.body.blocks.first
        return {value.index} if entry else None  # another block's: what branched there
    assert isinstance(value, OpResult)
    op = value.op
    if isinstance(op, arith.ConstantOp):
        return set()
    if op.dialect_name() != "arith":
        return None
    found: set[int] = set()
    for operand in op.operands:
        sources = _arguments(operand, seen)
        if sources is None:
            return None
        found |= sources
    return found


def loop_groups(function: FuncOp) -> list[LoopGroup]:
    """The dynamic-bound loops of `function`, grouped by the arguments of their bounds."""
    by_key: dict[object, list[scf.ForOp]] = {}
    names: dict[object, str] = {}
    for op in function.walk():
        if not isinstance(op, scf.ForOp):
            continue
        bounds = (op.lb, op.ub, op.step)
        if all(constant_index(v) is not None for v in bounds):
            continue
        sources: set[int] | None = set()
        for value in bounds:
            found = _arguments(value)
            sources = None if found is None or sources is None else sources | found
        key: object = op if not sources else frozenset(sources)
        by_key.setdefault(key, []).append(op)
        if sources:
            args = function.args
            names[key] = ", ".join(
                f"%{args[i].name_hint}" if args[i].name_hint else f"argument {i}"
                for i in sorted(sources)
            )
    return [LoopGroup(tuple(loops), names.get(key, "")) for key, loops in by_key.items()]


@dataclass(frozen=True)
class Trips:
    """The trip count forced on each loop group in one run (None: as the arguments say)."""

    counts: tuple[tuple[LoopGroup, int], ...] = ()

    def label(self) -> str:
        if not self.counts:
            return "as given"
        return ", ".join(
            f"{group.name()} {'runs' if len(group.loops) == 1 else 'run'} {n} "
            f"time{'s' if n != 1 else ''}"
            for group, n in self.counts
        )


def trip_plans(
    groups: Sequence[LoopGroup], counts: Sequence[int], max_runs: int = MAX_RUNS
) -> list[Trips]:
    """The runs of a check: as given, then every combination of `counts` over the groups
    when there are at most `max_runs`, else all groups at each count and each group alone
    at each count."""
    plans = [Trips()]
    if not groups or not counts:
        return plans
    if len(counts) ** len(groups) <= max_runs:
        combos = product(counts, repeat=len(groups))
        plans += [Trips(tuple(zip(groups, combo, strict=True))) for combo in combos]
        return plans
    plans += [Trips(tuple((g, n) for g in groups)) for n in counts]
    plans += [Trips(((g, n),)) for g in groups for n in counts]
    return plans


def _force(loop: scf.ForOp, count: int) -> None:
    """`loop` runs exactly `count` times from its lower bound: ub = lb + count * step."""
    kind = loop.lb.type
    assert isinstance(kind, IntegerType | IndexType), "an scf.for bound is an integer"
    n = arith.ConstantOp.from_int_and_width(count, cast(IntegerType | IndexType, kind))
    span = arith.MuliOp(n, loop.step)
    ub = arith.AddiOp(loop.lb, span)
    block = loop.parent_block()
    assert block is not None
    block.insert_ops_before([n, span, ub], loop)
    loop.operands[1] = ub.result


# ---- runs ------------------------------------------------------------------------------------


@dataclass
class CheckRun:
    """One run of a check: its trip counts, its trace and what the replay found."""

    trips: Trips
    steps: list[Step]
    replay: Replay
    original: dict[Operation, Operation]
    """Each op of the run's copy of the module -> the op of the checked module."""
    error: str | None = None
    """A run-time error (the run stopped there)."""
    outputs: list[object] = field(default_factory=list[object])
    between_cores: list[Hazard] = field(default_factory=list[Hazard])
    """GM races between the cores of a mixed launch (`machine.cluster`)."""

    def ops_of(self, originals: Iterable[Operation]) -> frozenset[Operation]:
        """The run's copies of ops of the checked module."""
        wanted = set(originals)
        return frozenset(c for c, o in self.original.items() if o in wanted)


@dataclass(frozen=True)
class Finding:
    """A hazard, deadlock or unbalanced synchronisation of one run."""

    trips: Trips
    hazard: Hazard

    def line(self) -> str:
        return f"{self.hazard.kind}: {self.hazard.message} [{self.trips.label()}]"


@dataclass(frozen=True)
class Redundant:
    """Synchronisation the kernel is hazard-free without on every checked run."""

    ops: tuple[Operation, ...]
    what: str
    stall: int
    """Cycles it held its pipe in the run as given."""
    saves: int
    """Total cycles of the run as given, less those without it."""
    removed: bool
    """Part of what `without_redundant` removes (with the others removed it is still
    redundant)."""

    def line(self) -> str:
        places = ", ".join(_place(op) for op in self.ops)
        kept = "" if self.removed else " (kept: needed once the others are removed)"
        return (
            f"redundant: {self.what} ({places}): stalls {self.stall} cycles, "
            f"the run as given takes {self.saves} cycles less without it{kept}"
        )


@dataclass
class CheckReport:
    """Every run of a check and what it found."""

    module: ModuleOp
    """The module the runs ran (a copy when a target was given)."""
    runs: list[CheckRun]
    redundant: list[Redundant] = field(default_factory=list[Redundant])
    notes: list[str] = field(default_factory=list[str])

    @property
    def findings(self) -> list[Finding]:
        """Every hazard of every run, each once (with the first run that had it)."""
        seen: set[str] = set()
        found: list[Finding] = []
        for run in self.runs:
            for hazard in [*run.replay.hazards, *run.between_cores]:
                if hazard.message not in seen:
                    seen.add(hazard.message)
                    found.append(Finding(run.trips, hazard))
        return found

    @property
    def errors(self) -> list[tuple[Trips, str]]:
        return [(run.trips, run.error) for run in self.runs if run.error is not None]

    @property
    def remarks(self) -> list[str]:
        return list(dict.fromkeys(r for run in self.runs for r in run.replay.remarks))

    @property
    def clean(self) -> bool:
        return not self.findings and not self.errors


def _same_pipe_rules(module: ModuleOp) -> tuple[SamePipeRule, ...]:
    return SAME_PIPE_RULES[target_of(module).arch]


def run_traced(
    module: ModuleOp,
    args: Sequence[object],
    *,
    function: str | None = None,
    trips: Trips = Trips(),
    serial: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> CheckRun:
    """Runs a copy of the verified `module` with `trips` forced and returns its trace and
    replay (a run-time error is kept in `error`, the replay covers what ran)."""
    copy = module.clone()
    original = dict(zip(copy.walk(), module.walk(), strict=True))
    copies = {o: c for c, o in original.items()}
    for group, count in trips.counts:
        for loop in group.loops:
            forced = copies[loop]
            assert isinstance(forced, scf.ForOp)
            _force(forced, count)
    iterations = Iterations()
    pipes = TracingPipes(iterations, serial=serial)
    error: str | None = None
    outputs: list[object] = []
    between: list[Hazard] = []
    try:
        result = api.run(
            copy,
            *args,
            function=function,
            pipes=pipes,
            listeners=(iterations,),
            check=False,
            max_steps=max_steps,
        )
        outputs = list(result.finals)
        between = [h for h in result.hazards if "cores" in h.details]
    except PtoRunError as err:  # the kernel broke a rule: where and why, for this run
        error = err.message if err.loc is None else f"{err.loc}: {err.message}"
    steps = pipes.steps
    replayed = replay(steps, _same_pipe_rules(module))
    return CheckRun(trips, steps, replayed, original, error, outputs, between)


def check(
    module: ModuleOp,
    *args: object,
    function: str | None = None,
    target: str | None = None,
    trip_counts: Sequence[int] = TRIP_COUNTS,
    max_runs: int = MAX_RUNS,
    redundancy: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> CheckReport:
    """Checks the synchronisation of `function` of `module` on `args` (as `api.run` takes
    them) at the trip counts of its dynamic loops (module docstring). `target` overrides
    the module's; the module itself is not changed."""
    if target is not None:
        module = module.clone()
        api.set_target(module, target)
    api.verify(module)
    func = _entry(module, function)
    plans = trip_plans(loop_groups(func), trip_counts, max_runs)
    runs = [
        run_traced(module, args, function=function, trips=plan, max_steps=max_steps)
        for plan in plans
    ]
    report = CheckReport(module, runs)
    if redundancy:
        if report.clean:
            report.redundant = redundant_sync(module, runs)
        else:
            report.notes.append(
                "redundancy not analysed: the kernel has hazards or errors on some run"
            )
    return report


def _entry(module: ModuleOp, function: str | None) -> FuncOp:
    try:
        return entry_function(module, function)
    except KernelError as err:
        raise PtoError(str(err).replace("with --entry", "with function=")) from None


# ---- redundancy --------------------------------------------------------------------------


class _Groups:
    """Union-find over synchronisation ops that act together."""

    def __init__(self) -> None:
        self.parent: dict[Operation, Operation] = {}

    def find(self, op: Operation) -> Operation:
        self.parent.setdefault(op, op)
        while self.parent[op] is not op:
            self.parent[op] = self.parent[self.parent[op]]
            op = self.parent[op]
        return op

    def union(self, a: Operation, b: Operation) -> None:
        self.parent[self.find(a)] = self.find(b)


def _describe(ops: Sequence[Operation]) -> str:
    first = ops[0]
    if isinstance(first, SetFlagOp | WaitFlagOp):
        names = sorted(
            {
                flag_name(o.src, o.dst, o.event.data)
                for o in ops
                if isinstance(o, SetFlagOp | WaitFlagOp)
            }
        )
        return f"set_flag/wait_flag {', '.join(names)}"
    if isinstance(first, GetBufOp | RlsBufOp):
        slots = sorted({str(o.buf_id_value) for o in ops if isinstance(o, GetBufOp | RlsBufOp)})
        return f"get_buf/rls_buf of buffer slot {', '.join(slots)}"
    if isinstance(first, MemBarOp):
        return f'pto.mem_bar "{first.kind.data}"'
    assert isinstance(first, PipeBarrier | PipeBarrierOp)
    return f"pto.barrier #pto.pipe<{first.pipe().value}>"


def _clean(run: CheckRun, drop: frozenset[Operation], rules: Sequence[SamePipeRule]) -> Replay:
    return replay(run.steps, rules, run.ops_of(drop))


def redundant_sync(module: ModuleOp, runs: Sequence[CheckRun]) -> list[Redundant]:
    """The synchronisation of `module` every run is hazard-free without (module doc)."""
    rules = _same_pipe_rules(module)
    groups = _Groups()
    executed: set[Operation] = set()
    for run in runs:
        for step in run.steps:
            op = run.original.get(step.op)
            if isinstance(op, SYNC_OPS):
                executed.add(op)
                groups.find(op)
        for a, b in run.replay.links:
            oa, ob = run.original.get(a), run.original.get(b)
            if oa is not None and ob is not None:
                groups.union(oa, ob)
    for run in runs:  # a PIPE_ALL barrier after the last op drains the pipes at the end
        last = max((s.index for s in run.steps if s.kind is Kind.EXEC), default=-1)
        for step in run.steps:
            op = run.original.get(step.op)
            tail = step.kind is Kind.BARRIER and step.node[1] is Pipe.ALL and step.index > last
            if tail and op in executed:
                executed.discard(op)
    members: dict[Operation, list[Operation]] = {}
    order = {op: i for i, op in enumerate(module.walk())}
    for op in sorted(executed, key=order.__getitem__):
        members.setdefault(groups.find(op), []).append(op)
    base = runs[0]
    stall = {
        root: sum(base.replay.stalls.get(c, 0) for c in base.ops_of(ops))
        for root, ops in members.items()
    }
    candidates = sorted(members, key=lambda r: (-stall[r], order[members[r][0]]))
    alone: list[tuple[Operation, int]] = []
    for root in candidates:
        drop = frozenset(members[root])
        replays = [_clean(run, drop, rules) for run in runs]
        if all(not r.hazards for r in replays):
            alone.append((root, base.replay.total_cycles - replays[0].total_cycles))
    removed: set[Operation] = set()
    chosen: set[Operation] = set()
    for root, _ in alone:
        drop = frozenset(removed | set(members[root]))
        if all(not _clean(run, drop, rules).hazards for run in runs):
            removed |= set(members[root])
            chosen.add(root)
    return [
        Redundant(
            tuple(members[root]), _describe(members[root]), stall[root], saves, root in chosen
        )
        for root, saves in alone
    ]


def without_redundant(module: ModuleOp, report: CheckReport) -> ModuleOp:
    """A copy of `module` (the checked one, or the text it was parsed from) without the
    redundant synchronisation the report removes."""
    index = {op: i for i, op in enumerate(report.module.walk())}
    copy = module.clone()
    ops = list(copy.walk())
    for item in report.redundant:
        if item.removed:
            for op in item.ops:
                twin = ops[index[op]]
                twin.detach()
                twin.erase()
    return copy
