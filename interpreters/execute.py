"""Running a function of a PTO module from Python: what `pto-run` does, as an API.

    result = run_function(module, ["rand:32x32xf32:1", "zeros:32x32xf32"], target="a5")
    result.outputs()   # final contents of every array argument (None for scalars)
    result.hazards     # what the pipe model found (empty when the sync is right)

Translation validation runs a kernel before and after a pass with the same arguments and
compares `outputs()` byte for byte.
"""

from __future__ import annotations

import io
import pickle
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any, Literal, cast

import numpy as np
from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Block, Dialect, Operation, Region, SSAValue
from xdsl.printer import Printer
from xdsl.universe import Universe

from interpreters.args import (
    Arg,
    ArgError,
    ArrayArg,
    bind,
    bind_all,
    for_rank,
    link_ranks,
    parse_spec,
)
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.interpreter import BatchListener, PtoInterpreter
from interpreters.engine.source import where
from interpreters.machine.cluster import VECTOR_CORES, Cluster, cores_of
from interpreters.machine.core import Machine
from interpreters.machine.launch import Launch
from interpreters.machine.pipes import (
    GmAccessRecorder,
    Hazard,
    PipeModel,
    UntrackedPipes,
    gm_ranges,
)
from interpreters.progress import CHECK_EVERY, Progress
from pto_dialect import kernels
from pto_dialect.attrs import KernelKind, KernelKindAttr, TargetArch
from pto_dialect.dominance import DominanceError, verify_dominance
from pto_dialect.kernels import KIND, has_cube_code, is_mixed, kernel_pair, takes_subblock
from pto_dialect.ops.base import TARGET_ATTR, target_of
from pto_dialect.ops.simt_common import SIMT_ENTRY
from pto_dialect.parsing import parse_module
from pto_dialect.targets import TargetProfile, parse_target, profile_for_module_attr
from pto_dialect.types import TileTypeBase
from pto_dialect.universe import PTO_UNIVERSE

DEFAULT_MAX_STEPS = 10_000_000
"""Interpreted ops after which a run stops (`--max-steps`): far above a real kernel (the
README's examples lowered by pto-pipeline run at most a few thousand ops), and reached by an
endless loop in under a minute (a few microseconds per op)."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds after which a run stops (`--time-limit`): the slowest model kernel of PTOAS's
samples runs in a few seconds."""


@dataclass(frozen=True)
class Deadlock:
    """The cores of a launch that ended in a deadlock, and each blocked core's wait."""

    machines: list[Machine]
    blocked: list[tuple[int, str]]
    """(index into `machines`, what it waits for)."""


class KernelError(Exception):
    """A run that failed: one line naming the op and the rule (`op`, when there is one,
    is kept for a diagnostic at its place)."""

    def __init__(
        self, message: str, op: Operation | None = None, deadlock: Deadlock | None = None
    ) -> None:
        super().__init__(message if op is None else f"{where(op)}: {message}")
        self.message = message
        self.op = op
        self.deadlock = deadlock


class _OpTracker(BatchListener):
    """Counts executed ops (as they start), remembers the innermost op being executed,
    stops a run after `max_steps` ops and updates `progress` every `CHECK_EVERY` ops."""

    def __init__(
        self,
        machine: Machine,
        max_steps: int,
        progress: Progress | None,
        deadline: float | None = None,
    ) -> None:
        self.machine = machine
        self.current: Operation | None = None
        self.steps_left = max_steps
        self.max_steps = max_steps
        self.progress = progress
        self.deadline = deadline
        """`time.monotonic()` after which the run stops (None: no limit)."""
        self.checkpoint = 0
        """`steps_left` below which `_check` runs (one comparison per op): every
        `CHECK_EVERY` ops, and at the step limit."""
        self._next_checkpoint()

    def _next_checkpoint(self) -> None:
        self.checkpoint = max(0, self.steps_left - CHECK_EVERY + 1)

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self.current = op
        self.machine.op_counts[op.name] += 1
        self.steps_left -= 1
        if self.steps_left < self.checkpoint:
            self._check(op)

    def will_interpret_batch(self, counts: Mapping[str, int]) -> bool:
        """Counts a vecscope's ops run as whole arrays; refuses a batch that would pass the
        step limit (op by op, the limit then stops the run at the op that reaches it)."""
        total = sum(counts.values())
        if total > self.steps_left:
            return False
        self.machine.op_counts.update(counts)
        self.steps_left -= total
        if self.steps_left < self.checkpoint:
            self._next_checkpoint()
            self._check_deadline(self.current)
            if self.progress is not None:
                self.progress.update(self.max_steps - self.steps_left, None)
        return True

    def _check(self, op: Operation) -> None:
        if self.steps_left < 0:
            loop = _enclosing_loop(op)
            raise PtoRuntimeError(
                f"the run exceeds {self.max_steps} interpreted ops (--max-steps): "
                f"{'this loop may never end' if loop is not None else 'it may never end'}",
                loop or op,
            )
        self._next_checkpoint()
        self._check_deadline(op)
        if self.progress is not None:
            pipes = self.machine.pipes
            cycles = pipes.total_cycles if pipes.tracking else None
            self.progress.update(self.max_steps - self.steps_left, cycles)

    def _check_deadline(self, op: Operation | None) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            loop = None if op is None else _enclosing_loop(op)
            raise PtoRuntimeError(
                f"the run exceeds its time limit (--time-limit): "
                f"{'this loop may never end' if loop is not None else 'it may never end'}",
                loop or op,
            )


def _enclosing_loop(op: Operation) -> Operation | None:
    """The innermost scf.for or scf.while around `op`."""
    node = op.parent_op()
    while node is not None and not isinstance(node, scf.ForOp | scf.WhileOp):
        node = node.parent_op()
    return node


@dataclass
class RunResult:
    machine: Machine
    """Block 0's machine (the only one of a single-block run)."""
    args: list[Arg]
    blocks: list[Machine] = field(default_factory=list[Machine])
    """Every block's machine, in block order (of a mixed launch: every core's)."""
    cores: list[str] = field(default_factory=list[str])
    """The names of the cores of a mixed launch, as `blocks` (empty otherwise)."""

    @property
    def makespan(self) -> int:
        """The cycle the last core finishes (a mixed launch: its cores run side by side)."""
        return max(m.pipes.total_cycles for m in self.blocks or [self.machine])

    def outputs(self) -> list[np.ndarray | None]:
        """The final contents of every array argument, None for scalar arguments."""
        return [a.final() if isinstance(a, ArrayArg) else None for a in self.args]

    @property
    def hazards(self) -> list[Hazard]:
        return self.machine.pipes.hazards

    @property
    def printed(self) -> str:
        """The text the kernel printed (`tprint`)."""
        return "".join(self.machine.printed)


@cache
def _dialects() -> dict[str, Callable[[], Dialect]]:
    """Every installed universe's dialects, `pto` included (the entry points scanned once a
    process: a sweep parses a kernel per point)."""
    return {**Universe.get_multiverse().all_dialects, **PTO_UNIVERSE.all_dialects}


def make_context(*, allow_unregistered: bool = False) -> Context:
    """A context that knows every dialect xdsl-opt knows, `pto` included."""
    ctx = Context(allow_unregistered=allow_unregistered)
    for name, factory in _dialects().items():
        ctx.register_dialect(name, factory)
    return ctx


def retarget(module: ModuleOp, target: str) -> None:
    """Pin `module`'s `pto.target_arch` (aliases normalised; raises UnknownTargetError)."""
    module.attributes[TARGET_ATTR] = StringAttr(parse_target(target).value)


def entry_function(module: ModuleOp, entry: str | None = None) -> FuncOp:
    """The function named `entry`, or the only public function with a body that is not a
    SIMT body (`pto.simt_entry`: a launch runs it; a private one is a helper it calls)."""
    funcs = [op for op in module.walk() if isinstance(op, FuncOp) and op.body.blocks]
    if entry is not None:
        for func in funcs:
            if func.sym_name.data == entry:
                return func
        raise KernelError(f"no function named '{entry}' in the module")
    funcs = [f for f in funcs if SIMT_ENTRY not in f.attributes]
    public = [f for f in funcs if f.sym_visibility is None or f.sym_visibility.data != "private"]
    funcs = public or funcs  # a private function is a helper the kernel calls
    marked = [f for f in funcs if "pto.entry" in f.attributes]
    if len(marked) == 1:
        return marked[0]
    pair = kernel_pair(funcs)
    if pair is not None:
        return pair[KernelKind.CUBE]
    if not funcs:
        raise KernelError("the module has no function with a body to run")
    if len(funcs) != 1:
        names = ", ".join(f.sym_name.data for f in funcs)
        raise KernelError(f"the module has several functions ({names}): choose one with --entry")
    return funcs[0]


def run_function(
    module: ModuleOp,
    args: Sequence[str | Arg],
    *,
    entry: str | None = None,
    pipes: PipeModel | None = None,
    index_bitwidth: Literal[32, 64] = 64,
    max_steps: int = DEFAULT_MAX_STEPS,
    progress: Progress | None = None,
    blocks: int = 1,
    batch: bool | None = None,
    jobs: int = 1,
    listeners: Sequence[Interpreter.Listener] = (),
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    ranks: int = 1,
) -> RunResult:
    """Runs `entry` of the verified `module` on `args` (SPEC strings or parsed args).

    The target is the module's `pto.target_arch` (see `retarget`). Raises `KernelError`
    (one line) when the kernel breaks a rule at run time or runs more than `max_steps`
    ops (per block) or for more than `time_limit` seconds (None: no limit); `ArgError` for
    bad arguments. `progress`, if given, hears about a long
    run. `blocks` > 1 runs blocks 0 .. blocks-1 one after another over the same GM (the
    argument arrays), each on a machine of its own (on-chip memories, pipes, DMA registers)
    whose `get_block_idx` is its index; `pipes` is block 0's model, the others get a fresh
    one of the same kind. `batch` runs `pto.vecscope` loops as whole arrays where it can
    (`interpreters.ops.vecscope_batch`: the same bytes); default: when `pipes` tracks
    nothing (no cycles, hazards or trace are asked for) and no `listeners` are given.
    `jobs` > 1 runs the blocks in that many processes at once, each from the arguments as
    they were, then merges GM in block order; when a block read GM bytes an earlier block
    changed, the launch runs again one block after another: the bytes and cycles are
    always the sequential run's (with `listeners`, the blocks run in this process).
    `listeners` hear about every op of the run (the checker's loop iterations,
    `interpreters.check`). `ranks` > 1 runs the launch on that many devices at once, each
    with GM of its own (a copy of every argument array; `rank:` and `comm_ctx` arguments
    say which rank it is), on the cores of one scheduler: a kernel reaches another rank's
    buffer through its communication context (`Memory.peers`); the result holds rank 0's
    arguments.
    """
    if blocks < 1:
        raise ArgError(f"the number of blocks must be at least 1, got {blocks}")
    if ranks < 1:
        raise ArgError(f"the number of ranks must be at least 1, got {ranks}")
    try:
        verify_dominance(module)  # xDSL's verify does not check it; the run relies on it
    except DominanceError as err:
        raise KernelError(err.violation.message, err.violation.user) from None
    pipes = pipes or PipeModel()
    batch = not pipes.tracking and not listeners if batch is None else batch
    target = target_of(module)
    machines = [
        Machine(
            target,
            pipes=pipes if b == 0 else _fresh_pipes(pipes),
            launch=Launch(block_idx=b, block_num=blocks),
            batch_vecscopes=batch,
        )
        for b in range(blocks)
    ]
    kinds = core_entries(module, entry)
    func = (
        entry_function(module, entry)
        if kinds is None
        else kinds.get(KernelKind.CUBE) or kinds[KernelKind.VECTOR]
    )
    inputs = func.function_type.inputs.data
    if len(args) != len(inputs):
        raise KernelError(f"@{func.sym_name.data} takes {len(inputs)} argument(s), got {len(args)}")
    given = [parse_spec(a) if isinstance(a, str) else a for a in args]
    if (blocks > 1 or ranks > 1) and any(isinstance(t, TileTypeBase) for t in inputs):
        raise ArgError(
            "a tile argument lives on one core: --blocks or --ranks > 1 needs pointer arguments"
        )
    parsed = for_rank(given, 0, ranks)
    initial = [a.array.copy() if isinstance(a, ArrayArg) else a for a in parsed]
    bound, values = bind_all(machines[0], parsed, inputs)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    if ranks > 1:
        others = [bind_all(machines[0], for_rank(given, r, ranks), inputs) for r in range(1, ranks)]
        link_ranks([bound, *(b for b, _ in others)])
        return _run_mixed(module, kinds or {KernelKind.VECTOR: func},
                          [values, *(v for _, v in others)], bound, blocks, pipes,
                          index_bitwidth, max_steps, deadline, listeners, ranks)  # fmt: skip
    if kinds is not None:
        return _run_mixed(module, kinds, [values], bound, blocks, pipes, index_bitwidth,
                          max_steps, deadline, listeners)  # fmt: skip
    # a block in another process binds its arguments one by one: no GM buffer shared
    shared = any(a is not b for a, b in zip(parsed, bound, strict=True))
    if blocks > 1 and jobs > 1 and not listeners and not shared:
        launch = _Launch(
            module, func, initial, blocks, pipes, index_bitwidth, max_steps, deadline, batch
        )
        apart = launch.run(jobs)
        if apart is not None:
            for arg, data in zip(parsed, apart.finals, strict=True):
                if isinstance(arg, ArrayArg) and data is not None:
                    assert arg.memory is not None
                    arg.memory.data[: data.size] = data
            return RunResult(apart.machines[0], parsed, apart.machines)
    for machine in machines:
        tracker = _OpTracker(machine, max_steps, progress, deadline)
        _run_block(module, func, values, machine, index_bitwidth, tracker, listeners)
    return RunResult(machines[0], bound, machines)


def core_entries(module: ModuleOp, entry: str | None) -> dict[KernelKind, FuncOp] | None:
    """The function each kind of core runs in a mixed module (None when not mixed): the
    entry (every core; a function of one kind runs on that kind only), or, without one,
    the module's cube and vector kernels (`pto.kernel_kind`), one of each."""
    if not is_mixed(module):
        return None
    funcs = [op for op in module.walk() if isinstance(op, FuncOp) and op.body.blocks]
    marked = [f for f in funcs if "pto.entry" in f.attributes]
    if entry is None and len(marked) == 1:
        entry = marked[0].sym_name.data
    pair = kernel_pair([f for f in funcs if SIMT_ENTRY not in f.attributes])
    if pair is not None and (entry is None or entry in {f.sym_name.data for f in pair.values()}):
        return _same_arguments(pair)
    if entry is not None or len([f for f in funcs if SIMT_ENTRY not in f.attributes]) == 1:
        func = entry_function(module, entry)
        kind = func.attributes.get(KIND)
        if isinstance(kind, KernelKindAttr):
            return {kind.data: func}
        if not has_cube_code(module):  # a vector kernel with a syncall
            return {KernelKind.VECTOR: func}
        return {KernelKind.CUBE: func, KernelKind.VECTOR: func}
    return {KernelKind.VECTOR: entry_function(module, entry)}


def _same_arguments(pair: dict[KernelKind, FuncOp]) -> dict[KernelKind, FuncOp]:
    """`pair`, whose kernels take the launch's arguments: the same, but for one more
    trailing integer of the vector kernel, its subblock index (pypto's
    `%__pypto_spmd_subblock_idx`)."""
    cube, vector = pair[KernelKind.CUBE], pair[KernelKind.VECTOR]
    if cube.function_type.inputs != vector.function_type.inputs and not takes_subblock(pair):
        raise KernelError(
            f"@{cube.sym_name.data} and @{vector.sym_name.data} take different arguments: "
            "a launch gives both kinds of core the same arguments"
        )
    return pair


def _run_mixed(
    module: ModuleOp,
    kinds: dict[KernelKind, FuncOp],
    by_rank: list[list[object]],
    parsed: list[Arg],
    blocks: int,
    pipes: PipeModel,
    index_bitwidth: Literal[32, 64],
    max_steps: int,
    deadline: float | None,
    listeners: Sequence[Interpreter.Listener],
    ranks: int = 1,
) -> RunResult:
    """Every core of every block (of every rank: its argument values `by_rank`) runs its
    kind's function, one at a time (`Cluster`)."""
    target = target_of(module)
    pairs = has_cube_code(module)  # else: a vector kernel's syncall, one core a block
    vectors = VECTOR_CORES if pairs else 1
    cores = [c for c in cores_of(blocks, vectors, ranks) if c.kind in kinds]
    a5 = target.arch is TargetArch.A5
    cluster = Cluster(cores, unsplit_readers=1 if a5 else VECTOR_CORES)
    machines: list[Machine] = []
    for i, core in enumerate(cores):
        subs = VECTOR_CORES if core.kind is KernelKind.VECTOR and pairs else 1
        launch = Launch(core.local_block, blocks, core.sub, subs, core.kind, i)
        model = pipes if i == 0 else _fresh_pipes(pipes)
        machine = Machine(target, pipes=model, launch=launch, cluster=cluster)
        if model.tracking:
            model.observer = partial(cluster.observe, i)
        cluster.memories[i] = machine.memory
        machines.append(machine)

    extra = len(kinds) == 2 and takes_subblock(kinds)

    def body(i: int) -> Callable[[], None]:
        core = cores[i]
        values = by_rank[core.rank or 0]
        mine = [*values, core.sub] if extra and core.kind is KernelKind.VECTOR else values

        def run() -> None:
            func = kinds[core.kind]
            if core.sub > 0 and a5 and KIND in func.attributes and kernels.aiv0_only(func):
                return  # A5 code generation runs the vector kernel on AIV0 alone
            tracker = _OpTracker(machines[i], max_steps, None, deadline)
            _run_block(module, func, mine, machines[i], index_bitwidth, tracker,
                       listeners, name=core.name)  # fmt: skip

        return run

    errors = cluster.scheduler.run([body(i) for i in range(len(cores))])
    failures = [e for e in errors if e is not None]
    if failures:
        failed = cluster.scheduler.failed
        first = failures[0] if failed is None else errors[failed] or failures[0]
        blocked = cluster.scheduler.blocked
        if isinstance(first, KernelError) and blocked:
            raise KernelError(first.message, deadlock=Deadlock(machines, blocked)) from None
        raise first
    hazards = machines[0].pipes.hazards
    hazards.extend(cluster.hazards)
    if machines[0].pipes.tracking:
        hazards.extend(cluster.leftovers())
    result = RunResult(machines[0], parsed, machines)
    result.cores = [c.name for c in cores]
    return result


def _fresh_pipes(model: PipeModel) -> PipeModel:
    """A new pipe model of the kind of `model` (tracking or not, with spans or not)."""
    if not model.tracking:
        return UntrackedPipes()
    return PipeModel(record_spans=model.record_spans)


def _run_block(
    module: ModuleOp,
    func: FuncOp,
    values: list[object],
    machine: Machine,
    index_bitwidth: Literal[32, 64],
    tracker: _OpTracker,
    listeners: Sequence[Interpreter.Listener] = (),
    name: str | None = None,
) -> None:
    """Runs `func` on `values` on `machine` (one block of the launch, or one core `name`)."""
    # imported on the first run, not with this module: what fails before a run (arguments,
    # parsing, verification) does not wait for interpreter functions to load; and only the
    # functions of the module's ops load (the rest if an op nobody foresaw turns up)
    from interpreters.ops.registry import functions_for, rest_of

    progress = tracker.progress
    interpreter = PtoInterpreter(
        module, index_bitwidth=index_bitwidth, listeners=(tracker, *listeners)
    )
    loaded = functions_for(module, machine)
    for functions in loaded:
        interpreter.register_implementations(functions)

    def more() -> None:
        for functions in rest_of(loaded, machine):
            interpreter.register_implementations(functions)

    interpreter.more = more
    try:
        # IEEE exceptions are results, not warnings (the semantics functions rely on it)
        with np.errstate(all="ignore"):
            interpreter.call_op(func, tuple(values))
    except PtoRuntimeError as err:
        if err.message.startswith("deadlock"):
            raise KernelError(err.message) from None
        raise KernelError(
            _in_block(err.message, machine, name), err.op or tracker.current
        ) from None
    except Exception as err:  # an xDSL interpreter failure: still one line
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise KernelError(_in_block(first, machine, name), tracker.current) from None
    finally:
        if progress is not None:
            progress.done()
    machine.pipes.finish()


def _in_block(message: str, machine: Machine, name: str | None = None) -> str:
    """`message`, naming the core of a mixed launch, or the block when there are several."""
    if name is not None:
        return f"{name}: {message}"
    launch = machine.launch
    return message if launch.block_num == 1 else f"block {launch.block_idx}: {message}"


# ---- the blocks of a launch in processes of their own (`jobs`) ----------------------------------


@dataclass
class _Apart:
    finals: list[np.ndarray | None]
    """Per argument: the merged GM bytes (None for scalars)."""
    machines: list[Machine]


@dataclass
class _Launch:
    """The blocks of one launch, each run in a process of its own from the arguments as
    they were; merged when no block read what an earlier block changed."""

    module: ModuleOp
    func: FuncOp
    initial: list[Any]
    """Per argument: its array as given, or the scalar `Arg`."""
    blocks: int
    pipes: PipeModel
    index_bitwidth: Literal[32, 64]
    max_steps: int
    deadline: float | None
    """`time.monotonic()` after which a block stops (one clock for every process)."""
    batch: bool

    def run(self, jobs: int) -> _Apart | None:
        """The merged result, None when the blocks depend on each other through GM; raises
        the first failing block's `KernelError`."""
        text = _located_text(self.module)
        entry = self.func.sym_name.data
        kind = (self.pipes.tracking, self.pipes.record_spans)
        from concurrent.futures import ProcessPoolExecutor  # only --jobs pays its import

        with ProcessPoolExecutor(max_workers=min(jobs, self.blocks)) as pool:
            futures = [
                pool.submit(_block_worker, text, entry, self.initial, b, self.blocks, kind,
                            self.index_bitwidth, self.max_steps, self.deadline, self.batch)
                for b in range(self.blocks)
            ]  # fmt: skip
            payloads = [f.result() for f in futures]
        ops = list(self.module.walk())
        outcomes = [_loads(p, ops) for p in payloads]
        for outcome in outcomes:  # the first block that fails, as a sequential run stops there
            if outcome[0] == "error":
                at = cast(int | None, outcome[2])
                raise KernelError(cast(str, outcome[1]), None if at is None else ops[at])
        return self._merge([cast_outcome(o) for o in outcomes])

    def _merge(self, outcomes: list[_BlockOutcome]) -> _Apart | None:
        base = [_bytes(cast(np.ndarray, a)) if isinstance(a, np.ndarray) else None
                for a in self.initial]  # fmt: skip
        merged = [None if b is None else b.copy() for b in base]
        changed: list[np.ndarray | None] = [
            None if b is None else np.zeros(b.size, bool) for b in base
        ]
        for outcome in outcomes:
            for i, reads in enumerate(outcome.reads):
                mask = changed[i]
                if mask is not None and any(mask[s:e].any() for s, e in reads):
                    return None  # it read bytes an earlier block changed: run in order
            for i, final in enumerate(outcome.finals):
                start, mask = base[i], changed[i]
                target = merged[i]
                if final is None or start is None or mask is None or target is None:
                    continue
                final = final[: start.size]  # a buffer ends on a page: past it, no data
                diff = final != start
                target[diff] = final[diff]
                mask |= diff
        return _Apart(merged, [o.machine for o in outcomes])


def _bytes(array: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(array).reshape(-1).view(np.uint8).copy()


@dataclass
class _BlockOutcome:
    finals: list[np.ndarray | None]
    reads: list[list[tuple[int, int]]]
    machine: Machine


def cast_outcome(outcome: tuple[Any, ...]) -> _BlockOutcome:
    return outcome[1]


def _located_text(module: ModuleOp) -> str:
    """The module's text with every op's location, which a worker parses back."""
    stream = io.StringIO()
    Printer(stream=stream, print_debuginfo=True).print_op(module)
    return stream.getvalue()


class _Pickler(pickle.Pickler):
    """Pickles a block's machine for the parent: ops by their place in the module (the
    parent's module has the same ops in the same order), targets by name."""

    def __init__(self, stream: io.BytesIO, ops: list[Operation]) -> None:
        super().__init__(stream)
        self.index = {id(op): i for i, op in enumerate(ops)}

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, Operation):
            return ("op", self.index[id(obj)])
        if isinstance(obj, TargetProfile):
            return ("target", obj.arch.value)
        if isinstance(obj, SSAValue | Block | Region):
            kind = type(cast(object, obj)).__name__
            raise pickle.PicklingError(f"cannot send a {kind} to the parent")
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, stream: io.BytesIO, ops: list[Operation]) -> None:
        super().__init__(stream)
        self.ops = ops

    def persistent_load(self, pid: Any) -> Any:
        kind, value = cast(tuple[str, Any], pid)
        if kind == "op":
            return self.ops[cast(int, value)]
        return profile_for_module_attr(cast(str, value))


def _loads(payload: bytes, ops: list[Operation]) -> tuple[Any, ...]:
    return cast(tuple[Any, ...], _Unpickler(io.BytesIO(payload), ops).load())


def _block_worker(
    text: str, entry: str, initial: list[Any], block: int, blocks: int,
    kind: tuple[bool, bool], index_bitwidth: Literal[32, 64], max_steps: int,
    deadline: float | None, batch: bool,
) -> bytes:  # fmt: skip
    """Runs block `block` of the launch (in a worker process): its outcome, pickled."""
    module = parse_module(make_context(), text, "<launch>")
    func = entry_function(module, entry)
    ops = list(module.walk())
    tracked, spans = kind
    pipes: PipeModel = PipeModel(record_spans=spans) if tracked else GmAccessRecorder()
    launch = Launch(block_idx=block, block_num=blocks)
    machine = Machine(target_of(module), pipes=pipes, launch=launch, batch_vecscopes=batch)
    args: list[Arg] = [
        ArrayArg(cast(np.ndarray, a).copy()) if isinstance(a, np.ndarray) else cast(Arg, a)
        for a in initial
    ]
    inputs = func.function_type.inputs.data
    values = [bind(machine, i, a, t) for i, (a, t) in enumerate(zip(args, inputs, strict=True))]
    stream = io.BytesIO()
    try:
        tracker = _OpTracker(machine, max_steps, None, deadline)
        _run_block(module, func, values, machine, index_bitwidth, tracker)
    except KernelError as err:
        where_op = None if err.op is None else ops.index(err.op)
        _Pickler(stream, ops).dump(("error", err.message, where_op))
        return stream.getvalue()
    finals: list[np.ndarray | None] = []
    reads: list[list[tuple[int, int]]] = []
    for arg in args:
        if isinstance(arg, ArrayArg) and arg.memory is not None:
            finals.append(arg.memory.data.copy())
            reads.append(gm_ranges(pipes, arg.memory)[0])
        else:
            finals.append(None)
            reads.append([])
    pipes.history.clear()  # only the parent's report reads the machine: no access log
    machine.memories.clear()
    if not tracked:
        machine.pipes = UntrackedPipes()
    _Pickler(stream, ops).dump(("ok", _BlockOutcome(finals, reads, machine)))
    return stream.getvalue()
