"""What a run did on each pipe, in program order: the checker's record of a run.

`TracingPipes` is a pipe model that checks nothing while the kernel runs: it records every
op that runs on a pipe (its accesses and cycles) and every synchronisation op as a `Step`,
with the loop iterations and the vecscope execution it belongs to (`Iterations`, an
interpreter listener). `machine.sync_replay` then runs the steps of each (core, pipe)
stream in order, as the hardware would, and finds hazards, deadlocks and stalls. The
interpreter still computes data in program order, so removing a synchronisation op changes
only the replay, never the trace: the checker replays one trace with and without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from xdsl.dialects import scf
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Block, Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import where
from interpreters.machine.memory import Access
from interpreters.machine.pipes import PipeModel
from pto_dialect.attrs import Event, Pipe
from pto_dialect.ops.vecscope import VecScopeOp

Node = tuple[int, Pipe]
"""A stream of in-order instructions: (core, pipe). A run models core 0 of a block; the
streams of several cores join the same replay (its wait-for graph is over nodes)."""


class Kind(Enum):
    EXEC = "exec"
    SET = "set_flag"
    WAIT = "wait_flag"
    GET = "get_buf"
    RLS = "rls_buf"
    BARRIER = "barrier"


Iteration = tuple[tuple[Operation, int], ...]
"""The enclosing scf.for loops, outermost first, each with its iteration (from 0)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One op on one pipe, in program order (`index`)."""

    index: int
    kind: Kind
    op: Operation
    node: Node
    iteration: Iteration
    scope: int
    """The vecscope execution it ran in (0: none)."""
    cycles: int = 0
    reads: tuple[Access, ...] = ()
    writes: tuple[Access, ...] = ()
    channel: tuple[Pipe, Pipe, Event] | None = None
    """A flag's (source, destination, event)."""
    slot: int | None = None
    released: int | None = None
    """A get_buf: the index of the rls_buf of its slot before it in program order."""

    def where(self) -> str:
        """`op at file:line:col`, with its loop iterations."""
        return where(self.op) + iterations_text(self.iteration)


def iterations_text(iteration: Iteration) -> str:
    if not iteration:
        return ""
    loops = ", ".join(f"{it} of the loop at {_at(loop)}" for loop, it in iteration)
    return f" (iteration {loops})"


def _at(op: Operation) -> str:
    text = where(op)
    return text.split(" at ", 1)[1] if " at " in text else text


class Iterations(Interpreter.Listener):
    """The iteration of every scf.for the run is in, and the vecscope execution."""

    def __init__(self) -> None:
        self.loops: list[tuple[scf.ForOp, Block, list[int]]] = []
        self.scopes: list[int] = []
        self.scope_count = 0

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        loops = self.loops
        if loops and op.parent is loops[-1][1] and op.prev_op is None:
            loops[-1][2][0] += 1  # the first op of the innermost loop's body: a new iteration
        if isinstance(op, scf.ForOp):
            loops.append((op, op.body.block, [-1]))
        elif isinstance(op, VecScopeOp):
            self.scope_count += 1
            self.scopes.append(self.scope_count)

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        if isinstance(op, scf.ForOp) and self.loops:
            self.loops.pop()
        elif isinstance(op, VecScopeOp) and self.scopes:
            self.scopes.pop()

    def current(self) -> tuple[Iteration, int]:
        iteration = tuple((loop, count[0]) for loop, _, count in self.loops)
        return iteration, self.scopes[-1] if self.scopes else 0


class TracingPipes(PipeModel):
    """A pipe model that records steps instead of checking them (`sync_replay` checks).

    `serial`: every op is ordered after everything before it (a full barrier first), as
    Level-1 code is: a stage of a pipeline that has no synchronisation yet (`bisect`)."""

    def __init__(self, iterations: Iterations, core: int = 0, serial: bool = False) -> None:
        super().__init__()
        self.iterations = iterations
        self.core = core
        self.serial = serial
        self.steps: list[Step] = []
        self.holders: dict[int, tuple[Pipe, Operation]] = {}
        self.last_release: dict[int, int] = {}

    def _step(self, kind: Kind, op: Operation, pipe: Pipe, **fields: object) -> None:
        iteration, scope = self.iterations.current()
        step = Step(len(self.steps), kind, op, (self.core, pipe), iteration, scope, **fields)  # pyright: ignore[reportArgumentType]
        self.steps.append(step)

    def execute(
        self,
        op: Operation,
        pipe: Pipe,
        reads: Sequence[Access] = (),
        writes: Sequence[Access] = (),
        cycles: int = 0,
    ) -> None:
        if pipe is Pipe.ALL:
            raise PtoRuntimeError("an op cannot execute on PIPE_ALL")
        if self.serial:
            self._step(Kind.BARRIER, op, Pipe.ALL)
        self.busy[pipe] += cycles
        self._step(Kind.EXEC, op, pipe, cycles=cycles, reads=tuple(reads), writes=tuple(writes))
        if self.observer is not None:  # another core's accesses race with these (`cluster`)
            self.observer(op, reads, writes)

    def set_flag(self, op: Operation, src: Pipe, dst: Pipe, event: Event) -> None:
        self._step(Kind.SET, op, src, channel=(src, dst, event))

    def wait_flag(self, op: Operation, src: Pipe, dst: Pipe, event: Event) -> None:
        self._step(Kind.WAIT, op, dst, channel=(src, dst, event))

    def get_buf(self, op: Operation, pipe: Pipe, slot: int) -> None:
        held = self.holders.get(slot)
        if held is not None:
            raise PtoRuntimeError(
                f"buffer slot {slot} is already held by {held[0].value} ({where(held[1])}); "
                "release it with rls_buf first"
            )
        self.holders[slot] = (pipe, op)
        self._step(Kind.GET, op, pipe, slot=slot, released=self.last_release.get(slot))

    def rls_buf(self, op: Operation, pipe: Pipe, slot: int) -> None:
        held = self.holders.pop(slot, None)
        if held is None or held[0] is not pipe:
            owner = "nobody" if held is None else held[0].value
            raise PtoRuntimeError(f"{pipe.value} releases buffer slot {slot} held by {owner}")
        self.last_release[slot] = len(self.steps)
        self._step(Kind.RLS, op, pipe, slot=slot)

    def barrier(self, op: Operation, pipe: Pipe) -> None:
        self._step(Kind.BARRIER, op, pipe)

    def wait_writes(self, op: Operation, accesses: Sequence[Access]) -> None:
        """`pto.tsync`: the replay gives it no edge (it could only hide a hazard the
        checker would otherwise report; docs/semantics.md)."""
        return

    def finish(self) -> None:
        return
