"""A `pto.vecscope` run as whole arrays over all of its loop iterations at once.

When no pipe model watches the run (`Machine.batch_vecscopes`: no cycles, no hazards, no
trace), a vecscope's loop nest of `scf.for` over `vlds` / `v*` / `vsts` with `plt` tail
masks is evaluated op by op for every iteration together (`batched`): loop `k` of the nest
is an axis of the arrays. A loop's carried values are of three kinds (`LoopPlan`):

- a `plt` count (`%rem` fed to `plt_bW`, whose count left is yielded): closed form
  `max(init - k * lanes, 0)` (`init` itself at k = 0), as `plt` computes it step by step;
- an affine counter (`addi %c, %step` yielded, `%step` from outside the loop): `init + k * step`;
- anything else (a reduction's accumulator): the ops that depend on it (its slice, which
  must be register or arith ops) run once per iteration, over every other axis at once; a
  slice that is one `vmax`/`vmin` of the accumulator folds as a tree (the selection is
  associative, ties and NaNs included), one `vadd`/`vmul` of NaN-free values as numpy's
  `ufunc.accumulate`, which is sequential like the loop.

Loads read memory as it was when the scope started; stores stay pending. At the end the
accesses are checked (`safe`): no byte a load read may have been written by a store that
runs before that load op by op, and bytes written twice keep the later write. The ops it
stands for are then reported to the run's listeners (op counts, the step limit) and memory
changes (`commit`). Whatever is not handled, and every rule an op would break (bounds,
alignment, a division by zero), makes the scope run op by op instead, which gives the same
bytes and names the error: the fast path never decides a different outcome.

A scope inside a kernel's tile loop runs again and again with the same addresses: what
depends on scalars, masks and pointers only (induction variables, counts, addresses, the
verdict of `safe`) is remembered by its inputs (`batched.Memo`); only the data is new.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, auto
from typing import cast

import numpy as np
from xdsl.dialects import arith, scf
from xdsl.ir import Block, Operation, SSAValue

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.interpreter import PtoInterpreter
from interpreters.machine.core import Machine
from interpreters.ops.batch_table import is_plain, maker_of
from interpreters.ops.batched import (
    Batch,
    Context,
    Kernel,
    Memo,
    Stamp,
    Unbatchable,
    Value,
    Writes,
    depth_of,
    int_width,
    key_of,
    lifted,
    wrap,
)
from interpreters.ops.vecscope_commit import commit, verdict
from interpreters.ops.vecscope_copies import copies_of
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_arith import VAddOp, VMaxOp, VMinOp, VMulOp
from pto_dialect.ops.vector_mask import PltOp
from pto_dialect.vector_types import VRegType


class Carry(Enum):
    PLT_COUNT = auto()
    AFFINE = auto()
    SEQUENTIAL = auto()


FOLDS: dict[type[Operation], np.ufunc | None] = {
    VMaxOp: None,
    VMinOp: None,
    VAddOp: np.add,
    VMulOp: np.multiply,
}
"""Reductions whose iterations combine at once: a selection (None: max/min) pairwise as a
tree, a sum or product with numpy's `accumulate` of the ufunc."""

_IDENTITY: dict[type[Operation], float] = {VAddOp: -0.0, VMulOp: 1.0}
"""x op identity == x, bit for bit (-0.0: +0.0 + -0.0 is +0.0, -0.0 + -0.0 is -0.0)."""


@dataclass(frozen=True)
class OpPlan:
    """What the IR fixes of an op of the nest, read once."""

    op: Operation
    name: str
    operands: tuple[int, ...]
    """The operands' `id`s: `Nest.env` is keyed by them (an SSA value hashes in Python)."""
    results: tuple[int, ...]
    plain: bool
    """No effect on memory (`batch_table.is_plain`): run once where no operand varies."""
    kernel: Kernel | None
    memo: Memo | None
    """For an op of scalars, masks and pointers: its results by its inputs."""


@dataclass
class LoopPlan:
    """How an `scf.for` of the nest runs: its IR (values by `id`), per carried value its
    kind (with the op that steps a count or counter), the ops that must run iteration by
    iteration (`steps`, in order) and `fold` when `steps` is one reduction of the one
    sequential value."""

    loop: scf.ForOp
    bounds: tuple[int, int, int]
    inits: tuple[int, ...]
    iv: int
    args: tuple[int, ...]
    yielded: tuple[int, ...]
    results: tuple[int, ...]
    ops: tuple[Operation, ...]
    carries: tuple[tuple[Carry, Operation | None], ...]
    increments: tuple[int | None, ...]
    """Per carried value: the `id` of an affine counter's step."""
    steps: tuple[Operation, ...]
    fold: type[Operation] | None
    body: tuple[Entry, ...] = ()
    """Its ops as `Nest.run_block` runs them (`ScopePlan.entries`)."""
    step_plans: tuple[OpPlan, ...] = ()
    step_results: frozenset[int] = frozenset()
    counters: Memo = field(default_factory=Memo)
    """Its induction variable and closed-form counts by bounds and inits."""

    @property
    def sequential(self) -> list[int]:
        return [i for i, (c, _) in enumerate(self.carries) if c is Carry.SEQUENTIAL]


def _top(op: Operation, block: Block) -> Operation | None:
    """The op of `block` that is `op` or holds it."""
    node: Operation | None = op
    while node is not None and node.parent_block() is not block:
        node = node.parent_op()
    return node


def _inside(value: SSAValue, region_op: Operation) -> bool:
    """Whether `value` is defined in `region_op`'s regions."""
    owner = value.owner
    node: Operation | None = owner.parent_op() if isinstance(owner, Block) else owner
    while node is not None and node is not region_op:
        node = node.parent_op()
    return node is region_op and owner is not region_op


def loop_plan(loop: scf.ForOp) -> LoopPlan | None:
    """The plan of `loop`, None when a loop or memory op depends on a carried value."""
    block = loop.body.block
    ops = tuple(block.ops)
    terminator = ops[-1]
    yielded = tuple(terminator.operands)
    args = tuple(block.args[1:])
    carries: list[tuple[Carry, Operation | None]] = []
    sequential: list[SSAValue] = []
    for arg, out in zip(args, yielded, strict=True):
        owner = out.owner
        if isinstance(owner, PltOp) and out is owner.results[1] and owner.operands[0] is arg:
            carries.append((Carry.PLT_COUNT, owner))
        elif (
            isinstance(owner, arith.AddiOp)
            and owner.lhs is arg
            and owner.parent_block() is block
            and not _inside(owner.rhs, loop)
        ):
            carries.append((Carry.AFFINE, owner))
        else:
            carries.append((Carry.SEQUENTIAL, None))
            sequential.append(arg)
    steps: dict[Operation, None] = {}
    frontier = list(sequential)
    while frontier:
        for use in frontier.pop().uses:
            user = _top(use.operation, block)
            if user is None or user is terminator or user in steps:
                continue
            if user.regions or not is_plain(type(user)):
                return None
            steps[user] = None
            frontier.extend(user.results)
    order = {op: i for i, op in enumerate(ops)}
    in_order = tuple(sorted(steps, key=order.__getitem__))
    fold = None
    if len(sequential) == 1 and len(in_order) == 1:
        only, acc = in_order[0], sequential[0]
        if (
            type(only) in FOLDS
            and only.operands[0] is acc
            and acc not in only.operands[1:]
            and yielded[args.index(acc)] is only.results[0]
        ):
            fold = type(only)
    bounds = (id(loop.lb), id(loop.ub), id(loop.step))
    increments = tuple(
        id(cast(arith.AddiOp, stepper).rhs) if kind is Carry.AFFINE else None
        for kind, stepper in carries
    )
    return LoopPlan(loop, bounds, _ids(loop.iter_args), id(block.args[0]), _ids(args),
                    _ids(yielded), _ids(loop.results), ops, tuple(carries), increments,
                    in_order, fold)  # fmt: skip


def _ids(values: Sequence[SSAValue]) -> tuple[int, ...]:
    return tuple(id(v) for v in values)


def _scalar_side(op: Operation) -> bool:
    """Whether `op` computes no register from no register (scalars, masks, pointers): its
    results repeat whenever its inputs do."""
    return is_plain(type(op)) and not any(
        isinstance(v.type, VRegType) for v in (*op.operands, *op.results)
    )


Entry = tuple[int, "OpPlan | LoopPlan | CopiesPlan | str"]
"""An op as `Nest.run_block` meets it: (`OP`, its plan), (`STEP`, its plan: it runs
iteration by iteration, here it is only counted), (`LOOP`, the loop's plan), (`YIELD`, the
yield's name) or (`COPIES`, a loop body's copies run as one: `CopiesPlan`)."""
OP, STEP, LOOP, YIELD, COPIES = range(5)


@dataclass(frozen=True)
class CopiesPlan:
    """A loop body's copies (`vecscope_copies`): copy 0's entries, run once with the
    induction variable `iv` plus each copy's `offsets` along an extra axis (wrapped to
    `width` bits); `marker` (copy 0's first op) stands for that axis in a `Path`."""

    iv: int
    offsets: np.ndarray
    width: int
    marker: Operation
    entries: tuple[Entry, ...]
    rows: Memo = field(default_factory=Memo)
    """The induction variable along the extra axis by its value (so that what depends on
    it is remembered too)."""


@dataclass
class ScopePlan:
    """What a vecscope's evaluation needs that its IR fixes: the values it reads from
    outside and their `id`s, and its ops with their plans (`entries`)."""

    captured: tuple[SSAValue, ...]
    captured_ids: tuple[int, ...]
    entries: tuple[Entry, ...]
    verdicts: Memo = field(default_factory=Memo)
    """`safe` by the accesses' placements (the same addresses give the same verdict)."""
    copies: bool = False
    """Some loop runs its body's copies as one (`CopiesPlan`)."""


def scope_plan(scope: VecScopeOp, index_bits: int, copies: bool = True) -> ScopePlan | None:
    """The plan of `scope`, None when some op has no whole-array form (nor is an
    `scf.for`, its yield or a plain op) or some loop cannot run as whole arrays; with
    `copies`, a loop body made of copies of one computation runs it once."""
    captured: dict[SSAValue, None] = {}
    loops: dict[Operation, LoopPlan] = {}
    plans: dict[Operation, OpPlan] = {}
    for op in scope.body.walk():
        if isinstance(op, scf.ForOp):
            plan = loop_plan(op)
            if plan is None:
                return None
            loops[op] = plan
        elif not isinstance(op, scf.YieldOp):
            maker = maker_of(type(op))
            plain = is_plain(type(op))
            if maker is None and not plain:
                return None
            try:
                kernel = None if maker is None else maker(op, index_bits)
            except Unbatchable:
                if not plain:
                    return None
                kernel = None
            memo = Memo() if _scalar_side(op) else None
            plans[op] = OpPlan(op, op.name, _ids(op.operands), _ids(op.results), plain,
                               kernel, memo)  # fmt: skip
        for value in op.operands:
            if not _inside(value, scope):
                captured[value] = None

    def entries(ops: Sequence[Operation], steps: Sequence[Operation]) -> tuple[Entry, ...]:
        made: list[Entry] = []
        for op in ops:
            if op in loops:
                made.append((LOOP, loops[op]))
            elif op in plans:
                made.append((STEP if op in steps else OP, plans[op]))
            else:
                made.append((YIELD, op.name))
        return tuple(made)

    found = False
    for loop in loops.values():
        loop.body = entries(loop.ops, loop.steps)
        loop.step_plans = tuple(plans[op] for op in loop.steps)
        loop.step_results = frozenset(id(r) for op in loop.steps for r in op.results)
        same = copies_of(loop.loop) if copies and not loop.steps else None
        if same is not None and same.first:
            width = int_width(same.seeds[0].results[0].type, index_bits)
            run = CopiesPlan(loop.iv, np.array(same.offsets, dtype=np.int64), width,
                             same.first[0], entries(same.first, ()))  # fmt: skip
            seeds: list[Entry] = [(STEP, plans[op]) for op in same.seeds]
            loop.body = (*seeds, (COPIES, run), loop.body[-1])
            found = True
    body = entries(tuple(scope.body.block.ops), ())
    return ScopePlan(tuple(captured), _ids(tuple(captured)), body, copies=found)


Path = tuple[tuple[Operation, int], ...]


def _plain(value: Value) -> Value:
    """A value of no loop axis as op-by-op has it (the array of a depth-0 `Batch`)."""
    return value.array if isinstance(value, Batch) and not value.depth else value


@dataclass
class Nest:
    """One evaluation of a vecscope's body over all of its iterations."""

    ctx: Context
    env: dict[int, Value]
    """Values by the `id` of their SSA value."""
    plan: ScopePlan
    counts: Counter[str] = field(default_factory=Counter[str])
    sizes: dict[int, tuple[int, int]] = field(default_factory=dict[int, tuple[int, int]])
    """Per loop that ran (by `id`): (trip count, ops one of its iterations executes)."""

    def run_block(self, entries: tuple[Entry, ...], depth: int, times: int, path: Path) -> int:
        """Runs `entries` at `depth`, each `times` times; returns the ops one pass
        executes."""
        offset = 0
        counts = self.counts
        for kind, plan in entries:
            if kind == OP:
                plan = cast(OpPlan, plan)
                counts[plan.name] += times
                self.ctx.stamp = Stamp(path, offset)
                self.run_op(plan, depth)
            elif kind == LOOP:
                plan = cast(LoopPlan, plan)
                counts["scf.for"] += times
                offset += self.run_loop(plan, depth, times, (*path, (plan.loop, offset)))
            elif kind == STEP:
                counts[cast(OpPlan, plan).name] += times
            elif kind == COPIES:
                plan = cast(CopiesPlan, plan)
                offset += self.run_copies(plan, depth, times, (*path, (plan.marker, offset)))
            else:
                counts[cast(str, plan)] += times
            offset += 1
        return offset

    def run_op(self, plan: OpPlan, depth: int) -> None:
        """An op for every iteration at `depth` (a plain op at the depth its operands
        vary), its results into `env`."""
        env = self.env
        args = [env[v] for v in plan.operands]
        memo = plan.memo
        key: object = None
        if memo is not None:
            key = (tuple([key_of(a) for a in args]), self.ctx.trips[:depth])
            found = memo.get(key)
            if found is not None:
                for ref, value in zip(plan.results, found[0], strict=True):
                    env[ref] = value
                return
        deepest = max([a.depth if isinstance(a, Batch) else 0 for a in args], default=0)
        if deepest == 0 and plan.plain:
            results = tuple(self.ctx.interpreter.run_quietly(plan.op, tuple(args)))
        elif plan.kernel is None:
            raise Unbatchable(f"{plan.name} has no whole-array form here")
        else:
            depth = deepest if plan.plain else depth
            results = tuple(map(_plain, plan.kernel(self.ctx, args, depth)))
        for ref, value in zip(plan.results, results, strict=True):
            env[ref] = value
        if memo is not None:
            memo.put(key, (results, args))

    # ---- loops ----------------------------------------------------------------------------
    def run_loop(self, plan: LoopPlan, depth: int, times: int, path: Path) -> int:
        """A loop at `depth`: its iterations become axis `depth`. Returns the ops one
        execution of it executes, itself left out."""
        env = self.env
        bounds = [env[v] for v in plan.bounds]
        if not all(type(b) is int for b in bounds):
            raise Unbatchable("loop bounds that vary")
        lb, ub, step = cast(list[int], bounds)
        if step <= 0:
            raise Unbatchable("a step that is not positive")
        n = len(range(lb, ub, step))
        inits = [env[v] for v in plan.inits]
        self.sizes[id(plan.loop)] = (n, 0)
        if n == 0:
            for result, init in zip(plan.results, inits, strict=True):
                env[result] = init
            return 0
        increments = [None if ref is None else env[ref] for ref in plan.increments]
        counting = tuple(
            None if kind is Carry.SEQUENTIAL else key_of(init)
            for (kind, _), init in zip(plan.carries, inits, strict=True)
        )
        key = (lb, step, n, depth, counting, tuple(map(key_of, increments)))
        found = plan.counters.get(key)
        if found is None:
            counters = self._counters(plan, lb, step, n, depth, inits, increments)
            found = plan.counters.put(key, (counters, inits, increments))
        (iv, carried, finals), _, _ = found
        finals = list(finals)
        env[plan.iv] = iv
        for arg, value in zip(plan.args, carried, strict=True):
            if value is not None:
                env[arg] = value
        outer = self.ctx.trips
        self.ctx.trips = (*outer[:depth], n)
        size = self.run_block(plan.body, depth + 1, times * n, path)
        if plan.steps or plan.sequential:
            self._sequential(plan, depth, n, finals, inits)
        self.ctx.trips = outer
        for result, final in zip(plan.results, finals, strict=True):
            env[result] = final
        self.sizes[id(plan.loop)] = (n, size)
        return n * size

    def _counters(
        self, plan: LoopPlan, lb: int, step: int, n: int, depth: int, inits: list[Value],
        increments: list[Value],
    ) -> tuple[Batch, list[Value], list[Value]]:  # fmt: skip
        """The induction variable, each count's and counter's value per iteration and their
        final values (None for the sequential carried values)."""
        inner = depth + 1
        k = np.arange(n, dtype=np.int64).reshape((1,) * depth + (n,))
        carried: list[Value] = []
        finals: list[Value] = []
        for (kind, stepper), init, increment in zip(plan.carries, inits, increments, strict=True):
            if kind is Carry.PLT_COUNT:
                lanes = cast(PltOp, stepper).lanes
                start = lifted(init, inner).astype(np.int64)
                if start.size and (start.min() < -(1 << 31) or start.max() >= 1 << 31):
                    raise Unbatchable("a plt count outside i32")
                carried.append(Batch(np.where(k == 0, start, np.maximum(start - k * lanes, 0)),
                                     inner))  # fmt: skip
                last = np.maximum(lifted(init, depth).astype(np.int64) - n * lanes, 0)
                finals.append(_plain(Batch(last, depth)))
            elif kind is Carry.AFFINE:
                adder = cast(arith.AddiOp, stepper)
                width = int_width(adder.result.type, self.ctx.interpreter.index_bitwidth)
                values = lifted(init, inner) + k * lifted(increment, inner)
                carried.append(Batch(wrap(values.astype(np.int64), width), inner))
                total = lifted(init, depth) + n * lifted(increment, depth)
                finals.append(_plain(Batch(wrap(total.astype(np.int64), width), depth)))
            else:
                carried.append(None)
                finals.append(None)
        return Batch(lb + k * step, inner), carried, finals

    def run_copies(self, plan: CopiesPlan, depth: int, times: int, path: Path) -> int:
        """A loop body's copies at `depth`: copy 0 over an extra axis, one per copy."""
        env, count = self.env, len(plan.offsets)
        iv = env[plan.iv]
        key = (key_of(iv), depth)
        found = plan.rows.get(key)
        if found is None:
            rows = lifted(iv, depth)[..., None] + plan.offsets.reshape((1,) * depth + (count,))
            found = plan.rows.put(key, (Batch(wrap(rows, plan.width), depth + 1), iv))
        env[plan.iv] = found[0]
        outer = self.ctx.trips
        self.ctx.trips = (*outer[:depth], count)
        self.sizes[id(plan.marker)] = (count, 0)
        size = self.run_block(plan.entries, depth + 1, times * count, path)
        self.sizes[id(plan.marker)] = (count, size)
        self.ctx.trips = outer
        env[plan.iv] = iv
        return count * size

    # ---- carried values that are neither counts nor counters --------------------------------
    def _sequential(
        self, plan: LoopPlan, depth: int, n: int, finals: list[Value], inits: list[Value]
    ) -> None:
        """The sequential carried values, folded (`FOLDS`) or iteration by iteration over
        every enclosing axis at once; their final values into `finals`."""
        index = plan.sequential
        if plan.fold is not None:
            folded = self._fold(plan, inits[index[0]], depth, n)
            if folded is not None:
                finals[index[0]] = folded
                return
        inner = depth + 1
        steps = plan.step_plans
        feeds: dict[int, list[Value]] = {}
        wanted = [v for step in steps for v in step.operands] + [plan.yielded[i] for i in index]
        for ref in wanted:
            value = self.env.get(ref)
            fed = isinstance(value, Batch) and value.depth == inner
            if fed and ref not in feeds and ref not in plan.step_results:
                feeds[ref] = _per_iteration(cast(Batch, value), n)
        carried = [inits[i] for i in index]
        for k in range(n):
            for i, value in zip(index, carried, strict=True):
                self.env[plan.args[i]] = value
            for ref, values in feeds.items():
                self.env[ref] = values[k]
            for step in steps:
                self.run_op(step, depth)
            carried = [self.env[plan.yielded[i]] for i in index]
        for i, value in zip(index, carried, strict=True):
            finals[i] = value

    def _fold(self, plan: LoopPlan, init: Value, depth: int, n: int) -> Value | None:
        """The carried value reduced by one op of `FOLDS` over all iterations at once; None
        when the values do not allow it (the loop then runs iteration by iteration)."""
        step = plan.step_plans[0]
        operands = step.operands
        xs, mask = self.env[operands[1]], self.env[operands[2]]
        if depth_of(mask) > depth or not isinstance(xs, Batch) or xs.depth != depth + 1:
            return None
        values = np.moveaxis(xs.array, depth, 0)  # the iterations first
        if values.shape[0] != n:
            return None
        ufunc = FOLDS[type(step.op)]
        if ufunc is not None:
            start = lifted(init, depth)
            kind = values.dtype.kind
            if kind not in "fiu" or (
                kind == "f" and (np.isnan(values).any() or np.isnan(start).any())
            ):
                return None  # two NaN operands give the first one's: numpy may not
            first = np.broadcast_to(start, values.shape[1:])[None]
            total = ufunc.accumulate(np.concatenate([first, values]), axis=0)[-1]
            if total.dtype != values.dtype:
                return None
            # the op once more, with its identity, gives the inactive lanes their zero
            identity = np.full_like(total, _IDENTITY[type(step.op)])
            result = self._apply(step, (Batch(total, depth), Batch(identity, depth), mask), depth)
        else:
            while values.shape[0] > 1:
                half = values.shape[0] // 2
                pairs = (Batch(values[0 : 2 * half : 2], depth + 1),
                         Batch(values[1 : 2 * half : 2], depth + 1),
                         Batch(lifted(mask, depth)[None], depth + 1))  # fmt: skip
                paired = cast(Batch, self._apply(step, pairs, depth + 1)).array
                odd = values.shape[0] % 2
                values = np.concatenate([paired, values[-1:]]) if odd else paired
            result = self._apply(step, (init, Batch(values[0], depth), mask), depth)
        self.env[operands[1]] = xs
        return result

    def _apply(self, step: OpPlan, operands: Sequence[Value], depth: int) -> Value:
        """`step` on `operands` at `depth`: its (first) result."""
        for ref, value in zip(step.operands, operands, strict=True):
            self.env[ref] = _plain(value)
        self.run_op(step, depth)
        return self.env[step.results[0]]

    # ---- memory ----------------------------------------------------------------------------
    def grid(self, stamp: Stamp) -> tuple[int, ...]:
        """The trip counts of the loops around an op."""
        return tuple(self.sizes[id(loop)][0] for loop, _ in stamp.path)

    def stamps(self, stamp: Stamp, shape: tuple[int, ...]) -> np.ndarray:
        """The position of each execution of an op in the op-by-op order (loop axes of
        `shape`): the loop ops' offsets, their iterations' sizes, the op's offset."""
        total = np.full(shape, stamp.offset, dtype=np.int64)
        for axis, (loop, offset) in enumerate(stamp.path):
            n, size = self.sizes[id(loop)]
            after = (1,) * (len(shape) - axis - 1)
            k = np.arange(n, dtype=np.int64).reshape((1,) * axis + (n,) + after)
            total = total + offset + 1 + k * size
        return total


def _per_iteration(value: Batch, n: int) -> list[Value]:
    """A value of a loop's own axis (its last loop axis) split into its iterations."""
    axis = value.depth - 1
    array = value.array
    if array.shape[axis] == 1:
        return [_plain(Batch(np.take(array, 0, axis=axis), axis))] * n
    return [_plain(Batch(np.take(array, k, axis=axis), axis)) for k in range(n)]


# ---- entry --------------------------------------------------------------------------------------


class Batcher:
    """Runs the vecscopes of one run as whole arrays, each planned once."""

    def __init__(self, machine: Machine) -> None:
        self.machine = machine
        self.plans: dict[VecScopeOp, ScopePlan | None] = {}

    def run(self, interpreter: PtoInterpreter, scope: VecScopeOp) -> bool:
        """Runs `scope` as whole arrays; False (nothing changed) when it must run op by op.
        A plan that runs copies as one and fails (their accesses' order may matter) is
        replaced by the plan without."""
        bits = interpreter.index_bitwidth
        if scope in self.plans:
            plan = self.plans[scope]
        else:
            plan = self.plans[scope] = scope_plan(scope, bits)
        if plan is None or not interpreter.hears_batches():
            return False
        done = self._run(interpreter, plan)
        if done is None:
            plan = self.plans[scope] = scope_plan(scope, bits, copies=False)
            done = plan is not None and self._run(interpreter, plan) is True
        return done

    def _run(self, interpreter: PtoInterpreter, plan: ScopePlan) -> bool | None:
        """Runs a plan; None when a plan with copies failed before changing anything."""
        pending = Writes()
        failed = None if plan.copies else False
        try:
            values = interpreter.get_values(plan.captured)
            env: dict[int, Value] = dict(zip(plan.captured_ids, values, strict=True))
            nest = Nest(Context(self.machine, interpreter, pending), env, plan)
            with np.errstate(all="ignore"):
                nest.run_block(plan.entries, 0, 1, ())
                safe, apart = verdict(nest, plan.verdicts, plan.copies, pending)
                if not safe:
                    return failed
        except (Unbatchable, PtoRuntimeError, ValueError, IndexError, TypeError):
            return failed
        if not interpreter.will_run_batch(nest.counts):
            return False
        commit(nest, pending, apart)
        return True
