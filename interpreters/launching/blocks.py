"""Running one core's function of a launch: the step and time limits, the kernel's errors
(one line, or a deadlock's wait-for graph), the module's entry function and PyPTO's SPMD
parameters (`interpreters.launching.execute` runs a whole launch with them)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

import numpy as np
from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Dialect, Operation
from xdsl.universe import Universe

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.interpreter import BatchListener, PtoInterpreter
from interpreters.engine.source import where
from interpreters.launching.progress import CHECK_EVERY, Progress
from interpreters.machine.core import Machine
from interpreters.machine.pipes import PipeModel, UntrackedPipes
from pto_dialect.attrs import SIMT_ENTRY, KernelKind
from pto_dialect.context import PtoContext
from pto_dialect.kernels import kernel_pair
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


class OpTracker(BatchListener):
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


@cache
def _dialects() -> dict[str, Callable[[], Dialect]]:
    """Every installed universe's dialects, `pto` included (the entry points scanned once a
    process: a sweep parses a kernel per point)."""
    return {**Universe.get_multiverse().all_dialects, **PTO_UNIVERSE.all_dialects}


def make_context(*, allow_unregistered: bool = False) -> Context:
    """A context that knows every dialect xdsl-opt knows, `pto` included."""
    ctx = PtoContext(allow_unregistered=allow_unregistered)
    for name, factory in _dialects().items():
        ctx.register_dialect(name, factory)
    return ctx


def entry_function(module: ModuleOp, entry: str | None = None) -> FuncOp:
    """The function named `entry`, or the only public function with a body that is not a
    SIMT body (`pto.simt_entry`: a launch runs it; a private one is a helper it calls) and
    that no `func.call` of the module names (a function another one calls, as a backend
    child module's definition of a sibling's declaration, is not the kernel)."""
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
    called = {op.callee.string_value() for op in module.walk() if isinstance(op, CallOp)}
    funcs = [f for f in funcs if f.sym_name.data not in called] or funcs
    pair = kernel_pair(funcs)
    if pair is not None:
        return pair[KernelKind.CUBE]
    if not funcs:
        raise KernelError("the module has no function with a body to run")
    if len(funcs) != 1:
        names = ", ".join(f.sym_name.data for f in funcs)
        raise KernelError(f"the module has several functions ({names}): choose one with --entry")
    return funcs[0]


SPMD_PARAMETERS = ("__pypto_spmd_block_idx", "__pypto_spmd_block_num")
"""PyPTO's block index and block count, passed as parameters of these names."""


def spmd_values(func: FuncOp, values: list[object], block: int, blocks: int) -> list[object]:
    """`values` for block `block` of a launch of `blocks`: its index and the count in the
    parameters PyPTO passes them in (`SPMD_PARAMETERS`), when there are several blocks."""
    names = [a.name_hint for a in func.args]
    if blocks == 1 or not any(n in SPMD_PARAMETERS for n in names):
        return values
    given: dict[str, object] = dict(zip(SPMD_PARAMETERS, (block, blocks), strict=True))
    return [given.get(n or "", v) for n, v in zip(names, values, strict=True)]


def fresh_pipes(model: PipeModel) -> PipeModel:
    """A new pipe model of the kind of `model` (tracking or not, with spans or not)."""
    if not model.tracking:
        return UntrackedPipes()
    return PipeModel(record_spans=model.record_spans)


def run_block(
    module: ModuleOp,
    func: FuncOp,
    values: list[object],
    machine: Machine,
    index_bitwidth: Literal[32, 64],
    tracker: OpTracker,
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
        raise KernelError(in_block(err.message, machine, name), err.op or tracker.current) from None
    except Exception as err:  # an xDSL interpreter failure: still one line
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise KernelError(in_block(first, machine, name), tracker.current) from None
    finally:
        if progress is not None:
            progress.done()
    machine.pipes.finish()


def in_block(message: str, machine: Machine, name: str | None = None) -> str:
    """`message`, naming the core of a mixed launch, or the block when there are several."""
    if name is not None:
        return f"{name}: {message}"
    launch = machine.launch
    return message if launch.block_num == 1 else f"block {launch.block_idx}: {message}"
