"""Running a function of a PTO module from Python: what `pto-run` does, as an API.

    result = run_function(module, ["rand:32x32xf32:1", "zeros:32x32xf32"], target="a5")
    result.outputs()   # final contents of every array argument (None for scalars)
    result.hazards     # what the pipe model found (empty when the sync is right)

Translation validation runs a kernel before and after a pass with the same arguments and
compares `outputs()` byte for byte.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Literal

import numpy as np
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter

from interpreters.launching.args import (
    Arg,
    ArgError,
    ArrayArg,
    bind_all,
    bind_sharing,
    for_rank,
    link_ranks,
    parse_spec,
)
from interpreters.launching.blocks import (
    DEFAULT_MAX_STEPS,
    DEFAULT_TIME_LIMIT,
    Deadlock,
    KernelError,
    OpTracker,
    entry_function,
    fresh_pipes,
    make_context,
    run_block,
    spmd_values,
)
from interpreters.launching.jobs import ApartLaunch
from interpreters.launching.progress import Progress
from interpreters.machine import cost_params as P
from interpreters.machine.cluster import Cluster
from interpreters.machine.core import Machine
from interpreters.machine.cores import VECTOR_CORES, CoreId, cores_of
from interpreters.machine.launch import Launch
from interpreters.machine.pipes import Hazard, PipeModel
from pto_dialect.attrs import SIMT_ENTRY, KernelKind, KernelKindAttr, TargetArch
from pto_dialect.dominance import DominanceError, verify_dominance
from pto_dialect.kernels import (
    KIND,
    aiv0_only,
    has_cube_code,
    is_mixed,
    kernel_pair,
    takes_subblock,
)
from pto_dialect.ops.base import TARGET_ATTR, target_of
from pto_dialect.targets import TargetProfile, parse_target
from pto_dialect.tile_types import TileTypeBase

__all__ = [
    "DEFAULT_MAX_STEPS",
    "DEFAULT_TIME_LIMIT",
    "Deadlock",
    "KernelError",
    "RunResult",
    "Together",
    "core_entries",
    "entry_function",
    "make_context",
    "retarget",
    "run_function",
]


@dataclass(frozen=True)
class Together:
    """A second kernel launched at once with the first (`pto-run --with`): on the same ranks,
    cores of its own, its own blocks and arguments; `@N` among them is the GM buffer of the
    first kernel's argument N, which the two kernels share (a push kernel and the kernel that
    waits for its notifies)."""

    module: ModuleOp
    entry: str | None
    args: Sequence[str | Arg]
    blocks: int = 1


@dataclass
class _Kernel:
    """One kernel of a mixed launch: the function each kind of core runs, its argument
    values per rank and its blocks."""

    module: ModuleOp
    kinds: dict[KernelKind, FuncOp]
    by_rank: list[list[object]]
    blocks: int
    label: str = ""


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


def retarget(module: ModuleOp, target: str) -> None:
    """Pin `module`'s `pto.target_arch` (aliases normalised; raises UnknownTargetError)."""
    module.attributes[TARGET_ATTR] = StringAttr(parse_target(target).value)


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
    together: Together | None = None,
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
    `interpreters.checking.check`). `ranks` > 1 runs the launch on that many devices at once, each
    with GM of its own (a copy of every argument array; `rank:` and `comm_ctx` arguments
    say which rank it is), on the cores of one scheduler: a kernel reaches another rank's
    buffer through its communication context (`Memory.peers`); the result holds rank 0's
    arguments. `together` launches a second kernel at once, on cores of its own (`Together`).
    With several blocks, parameters named as PyPTO's block index and count get each block's
    (`SPMD_PARAMETERS`).
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
            pipes=pipes if b == 0 else fresh_pipes(pipes),
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
    bound, values = bind_all(machines[0], parsed, inputs)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    if ranks > 1 or kinds is not None or together is not None:
        others = [bind_all(machines[0], for_rank(given, r, ranks), inputs) for r in range(1, ranks)]
        per_rank = [bound, *(b for b, _ in others)]
        if ranks > 1:
            link_ranks(per_rank)
        label = func.sym_name.data if together is not None else ""
        launch = [_Kernel(module, kinds or {KernelKind.VECTOR: func},
                          [values, *(v for _, v in others)], blocks, label)]  # fmt: skip
        if together is not None:
            second = _second_kernel(together, machines[0], per_rank, target)
            if second.label == label:  # the same kernel twice: tell their cores apart
                second.label += " (second)"
            launch.append(second)
        return _run_mixed(launch, bound, pipes, index_bitwidth, max_steps, deadline,
                          listeners, ranks)  # fmt: skip
    # a block in another process binds its arguments one by one: no GM buffer shared
    shared = any(a is not b for a, b in zip(parsed, bound, strict=True))
    if blocks > 1 and jobs > 1 and not listeners and not shared:
        # the arrays as given (nothing has run yet): each process binds its own copy; copied
        # only here, as a model's weights are GiBs
        initial = [a.array.copy() if isinstance(a, ArrayArg) else a for a in parsed]
        launch = ApartLaunch(
            module, func, initial, blocks, pipes, index_bitwidth, max_steps, deadline, batch
        )
        apart = launch.run(jobs)
        if apart is not None:
            for arg, data in zip(parsed, apart.finals, strict=True):
                if isinstance(arg, ArrayArg) and data is not None:
                    assert arg.memory is not None
                    arg.memory.data[: data.size] = data
            return RunResult(apart.machines[0], parsed, apart.machines)
    for b, machine in enumerate(machines):
        tracker = OpTracker(machine, max_steps, progress, deadline)
        mine = spmd_values(func, values, b, blocks)
        run_block(module, func, mine, machine, index_bitwidth, tracker, listeners)
    return RunResult(machines[0], bound, machines)


def _second_kernel(
    together: Together, machine: Machine, first: list[list[Arg]], target: TargetProfile
) -> _Kernel:
    """The second kernel of a launch, its arguments bound on every rank (`first`: the first
    kernel's bound arguments per rank)."""
    module = together.module
    if target_of(module) is not target:
        raise KernelError(f"the second kernel is for {target_of(module).arch.value}, the first "
                          f"for {target.arch.value}")  # fmt: skip
    kinds = core_entries(module, together.entry)
    func = entry_function(module, together.entry)
    kinds = kinds or {KernelKind.VECTOR: func}
    func = kinds.get(KernelKind.CUBE) or kinds[KernelKind.VECTOR]
    inputs = func.function_type.inputs.data
    if len(together.args) != len(inputs):
        raise KernelError(f"@{func.sym_name.data} (the second kernel) takes {len(inputs)} "
                          f"argument(s), got {len(together.args)}")  # fmt: skip
    given = [parse_spec(a) if isinstance(a, str) else a for a in together.args]
    ranks = len(first)
    bound = [bind_sharing(machine, for_rank(given, r, ranks), inputs, first[r])
             for r in range(ranks)]  # fmt: skip
    if ranks > 1:
        link_ranks([b for b, _ in bound])
    return _Kernel(module, kinds, [v for _, v in bound], together.blocks, func.sym_name.data)


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
    kernels: list[_Kernel],
    parsed: list[Arg],
    pipes: PipeModel,
    index_bitwidth: Literal[32, 64],
    max_steps: int,
    deadline: float | None,
    listeners: Sequence[Interpreter.Listener],
    ranks: int = 1,
) -> RunResult:
    """Every core of every block (of every rank, of every kernel: its argument values
    `by_rank`) runs its kind's function, one at a time (`Cluster`)."""
    target = target_of(kernels[0].module)
    pairs = [has_cube_code(k.module) for k in kernels]  # else: a syncall, one core a block
    cores: list[CoreId] = []
    first = 0
    for n, kernel in enumerate(kernels):
        vectors = VECTOR_CORES if pairs[n] else 1
        made = cores_of(kernel.blocks, vectors, ranks, n, kernel.label, first)
        cores += [c for c in made if c.kind in kernel.kinds]
        first += kernel.blocks * ranks
    a5 = target.arch is TargetArch.A5
    latency = P.CROSS_CORE_LATENCY_A5 if a5 else 0
    cluster = Cluster(cores, unsplit_readers=1 if a5 else VECTOR_CORES, flag_latency=latency)
    machines: list[Machine] = []
    for i, core in enumerate(cores):
        kernel = kernels[core.kernel]
        subs = VECTOR_CORES if core.kind is KernelKind.VECTOR and pairs[core.kernel] else 1
        launch = Launch(core.local_block, kernel.blocks, core.sub, subs, core.kind, i)
        model = pipes if i == 0 else fresh_pipes(pipes)
        machine = Machine(target, pipes=model, launch=launch, cluster=cluster)
        if model.tracking:
            model.observer = partial(cluster.observe, i)
        cluster.memories[i] = machine.memory
        machines.append(machine)

    def body(i: int) -> Callable[[], None]:
        core = cores[i]
        kernel = kernels[core.kernel]
        func = kernel.kinds[core.kind]
        values = spmd_values(func, kernel.by_rank[core.rank or 0], core.local_block,
                             kernel.blocks)  # fmt: skip
        extra = len(kernel.kinds) == 2 and takes_subblock(kernel.kinds)
        mine = [*values, core.sub] if extra and core.kind is KernelKind.VECTOR else values

        def run() -> None:
            if core.sub > 0 and a5 and KIND in func.attributes and aiv0_only(func):
                return  # A5 code generation runs the vector kernel on AIV0 alone
            tracker = OpTracker(machines[i], max_steps, None, deadline)
            run_block(kernel.module, func, mine, machines[i], index_bitwidth, tracker,
                       listeners, name=core.name)  # fmt: skip

        return run

    errors = cluster.scheduler.run([body(i) for i in range(len(cores))])
    failures = [e for e in errors if e is not None]
    if failures:
        failed = cluster.scheduler.failed
        first_error = failures[0] if failed is None else errors[failed] or failures[0]
        blocked = cluster.scheduler.blocked
        if isinstance(first_error, KernelError) and blocked:
            raise KernelError(first_error.message, deadlock=Deadlock(machines, blocked)) from None
        raise first_error
    hazards = machines[0].pipes.hazards
    hazards.extend(cluster.hazards)
    if machines[0].pipes.tracking:
        hazards.extend(cluster.leftovers())
    result = RunResult(machines[0], parsed, machines)
    result.cores = [c.name for c in cores]
    return result
