"""Running a function of a PTO module from Python: what `pto-run` does, as an API.

    result = run_function(module, ["rand:32x32xf32:1", "zeros:32x32xf32"], target="a5")
    result.outputs()   # final contents of every array argument (None for scalars)
    result.hazards     # what the pipe model found (empty when the sync is right)

Translation validation runs a kernel before and after a pass with the same arguments and
compares `outputs()` byte for byte.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.args import Arg, ArgError, ArrayArg, bind_all, parse_spec
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.interpreter import PtoInterpreter
from interpreters.engine.source import where
from interpreters.machine.core import Machine
from interpreters.machine.launch import Launch
from interpreters.machine.pipes import Hazard, PipeModel, UntrackedPipes
from interpreters.progress import CHECK_EVERY, Progress
from pto_dialect.dominance import DominanceError, verify_dominance
from pto_dialect.ops.base import TARGET_ATTR, target_of
from pto_dialect.targets import parse_target
from pto_dialect.types import TileTypeBase

DEFAULT_MAX_STEPS = 10_000_000
"""Interpreted ops after which a run stops (`--max-steps`): far above a real kernel (the
README's examples lowered by pto-pipeline run at most a few thousand ops), and reached by an
endless loop in under a minute (a few microseconds per op)."""
DEFAULT_TIME_LIMIT = 60.0
"""Seconds after which a run stops (`--time-limit`): the slowest model kernel of PTOAS's
samples runs in a few seconds."""


class KernelError(Exception):
    """A run that failed: one line naming the op and the rule (`op`, when there is one,
    is kept for a diagnostic at its place)."""

    def __init__(self, message: str, op: Operation | None = None) -> None:
        super().__init__(message if op is None else f"{where(op)}: {message}")
        self.message = message
        self.op = op


class _OpTracker(Interpreter.Listener):
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

    def _check(self, op: Operation) -> None:
        if self.steps_left < 0:
            loop = _enclosing_loop(op)
            raise PtoRuntimeError(
                f"the run exceeds {self.max_steps} interpreted ops (--max-steps): "
                f"{'this loop may never end' if loop is not None else 'it may never end'}",
                loop or op,
            )
        self._next_checkpoint()
        if self.deadline is not None and time.monotonic() > self.deadline:
            loop = _enclosing_loop(op)
            raise PtoRuntimeError(
                f"the run exceeds its time limit (--time-limit): "
                f"{'this loop may never end' if loop is not None else 'it may never end'}",
                loop or op,
            )
        if self.progress is not None:
            pipes = self.machine.pipes
            cycles = pipes.total_cycles if pipes.tracking else None
            self.progress.update(self.max_steps - self.steps_left, cycles)


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
    """Every block's machine, in block order."""

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


def entry_function(module: ModuleOp, entry: str | None = None) -> FuncOp:
    """The function named `entry`, or the only function with a body."""
    funcs = [op for op in module.walk() if isinstance(op, FuncOp) and op.body.blocks]
    if entry is not None:
        for func in funcs:
            if func.sym_name.data == entry:
                return func
        raise KernelError(f"no function named '{entry}' in the module")
    if len(funcs) != 1:
        names = ", ".join(f.sym_name.data for f in funcs) or "none"
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
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> RunResult:
    """Runs `entry` of the verified `module` on `args` (SPEC strings or parsed args).

    The target is the module's `pto.target_arch` (see `retarget`). Raises `KernelError`
    (one line) when the kernel breaks a rule at run time or runs more than `max_steps`
    ops (per block) or for more than `time_limit` seconds (None: no limit); `ArgError` for
    bad arguments. `progress`, if given, hears about a long
    run. `blocks` > 1 runs blocks 0 .. blocks-1 one after another over the same GM (the
    argument arrays), each on a machine of its own (on-chip memories, pipes, DMA registers)
    whose `get_block_idx` is its index; `pipes` is block 0's model, the others get a fresh
    one of the same kind.
    """
    if blocks < 1:
        raise ArgError(f"the number of blocks must be at least 1, got {blocks}")
    try:
        verify_dominance(module)  # xDSL's verify does not check it; the run relies on it
    except DominanceError as err:
        raise KernelError(err.violation.message, err.violation.user) from None
    pipes = pipes or PipeModel()
    target = target_of(module)
    machines = [
        Machine(
            target,
            pipes=pipes if b == 0 else _fresh_pipes(pipes),
            launch=Launch(block_idx=b, block_num=blocks),
        )
        for b in range(blocks)
    ]
    func = entry_function(module, entry)
    inputs = func.function_type.inputs.data
    if len(args) != len(inputs):
        raise KernelError(f"@{func.sym_name.data} takes {len(inputs)} argument(s), got {len(args)}")
    parsed = [parse_spec(a) if isinstance(a, str) else a for a in args]
    if blocks > 1 and any(isinstance(t, TileTypeBase) for t in inputs):
        raise ArgError("a tile argument lives on one core: --blocks > 1 needs pointer arguments")
    bound, values = bind_all(machines[0], parsed, inputs)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    for machine in machines:
        tracker = _OpTracker(machine, max_steps, progress, deadline)
        _run_block(module, func, values, machine, index_bitwidth, tracker)
    return RunResult(machines[0], bound, machines)


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
) -> None:
    """Runs `func` on `values` on `machine` (one block of the launch)."""
    # imported on the first run, not with this module: what fails before a run (arguments,
    # parsing, verification) does not wait for every interpreter function to load
    from interpreters.ops.registry import all_functions

    progress = tracker.progress
    interpreter = PtoInterpreter(module, index_bitwidth=index_bitwidth, listeners=(tracker,))
    for functions in all_functions(machine):
        interpreter.register_implementations(functions)
    try:
        # IEEE exceptions are results, not warnings (the semantics functions rely on it)
        with np.errstate(all="ignore"):
            interpreter.call_op(func, tuple(values))
    except PtoRuntimeError as err:
        raise KernelError(_in_block(err.message, machine), err.op or tracker.current) from None
    except Exception as err:  # an xDSL interpreter failure: still one line
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise KernelError(_in_block(first, machine), tracker.current) from None
    finally:
        if progress is not None:
            progress.done()
    machine.pipes.finish()


def _in_block(message: str, machine: Machine) -> str:
    """`message`, naming the block when the launch has more than one."""
    launch = machine.launch
    return message if launch.block_num == 1 else f"block {launch.block_idx}: {message}"
