"""The SIMT executor: a SIMT body run once for all the workitems of a launch.

Each SSA value is a numpy array over the lanes (`vector<NxT>`: lanes x N; `!pto.hif8x2`:
lanes x 2 codes; a pointer: a `LanePointer`, one byte offset per lane), so an op is one numpy
call whatever the launch size. Divergence is a mask: each op gets `active`, the lanes that
run it; `scf.if` runs its `then` region for the active lanes whose condition holds and its
`else` region for the others, merging the results by the condition; `scf.for` and
`scf.while` go on while any active lane's loop does, each iteration masked to the lanes
still in it, whose carried values alone change. Stores, atomics and collectives see only
active lanes; pure ops compute every lane (an inactive lane's value is never used).

Each op class has one lane implementation in `LANE_IMPLS` (`@lane`): the control flow here,
`arith`/`math`/`llvm` and the pointer ops in `simt_upstream`, the SIMT ops in `simt_ops`.
An op without one stops the run with a diagnostic at the op.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar, cast

import ml_dtypes
import numpy as np
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    Signedness,
    VectorType,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.traits import SymbolTable

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import where
from interpreters.machine import costs
from interpreters.machine.core import Machine
from interpreters.machine.memory import Access, Memory, Pointer
from interpreters.machine.pipes import Hazard
from interpreters.semantics.simt import LaneIds
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import dtype_of
from pto_dialect.memory_types import PtrType
from pto_dialect.packed_types import HiF8x2Type

MAX_LANE_OPS = 10_000_000
"""Ops a launch may run (each over all its lanes) before it stops: an endless loop ends."""


@dataclass(frozen=True)
class LanePointer:
    """A pointer in SIMT code: one memory, a byte offset per lane."""

    memory: Memory | None
    offsets: np.ndarray


Value = np.ndarray | LanePointer
LaneImpl = Callable[["Lanes", Any, list[Any], np.ndarray], Sequence[Value]]

LANE_IMPLS: dict[type[Operation], LaneImpl] = {}
"""The lane implementation of each op class SIMT code may hold."""

_F = TypeVar("_F", bound=LaneImpl)


def lane(*ops: type[Operation]) -> Callable[[_F], _F]:
    """Registers a function `(lanes, op, args, active) -> results` for `ops` (classes, or
    family bases standing for the dialect's ops derived from them)."""
    from interpreters.engine.impls import concrete_ops

    def register(impl: _F) -> _F:
        for family in ops:
            for op in concrete_ops(family):
                LANE_IMPLS[op] = impl
        return impl

    return register


# ---- value formats -------------------------------------------------------------------------


def lane_format(attr: Attribute) -> tuple[np.dtype[Any], int | None]:
    """The numpy dtype of a value of type `attr` and its lanes per workitem (None: one)."""
    if isinstance(attr, IntegerType):
        width = attr.bitwidth
        if width == 1:
            return np.dtype(bool), None
        if width not in (8, 16, 32, 64):
            raise PtoRuntimeError(f"SIMT code cannot hold {attr} values (8 to 64-bit integers)")
        integer = cast("IntegerType[int, Signedness]", attr)
        unsigned = integer.signedness.data is Signedness.UNSIGNED
        return np.dtype(f"{'u' if unsigned else 'i'}{width // 8}"), None
    if isinstance(attr, IndexType):
        return np.dtype(np.int64), None
    if isinstance(attr, Float64Type):
        return np.dtype(np.float64), None
    if isinstance(attr, HiF8x2Type):
        return np.dtype(np.uint8), 2
    if isinstance(attr, VectorType):
        vector = cast("VectorType[Attribute]", attr)
        element, _ = lane_format(vector.element_type)
        return element, vector.get_shape()[0]
    dtype = dtype_of(attr)
    if dtype is None:
        raise PtoRuntimeError(f"SIMT code cannot hold {attr} values")
    return np.dtype(dtype.numpy), None


def to_lanes(value: object, attr: Attribute, count: int) -> Value:
    """An interpreter value of type `attr` (the same in every lane) as lane values."""
    if isinstance(value, Pointer):
        return LanePointer(value.memory, np.full(count, value.offset, dtype=np.int64))
    dtype, width = lane_format(attr)
    if width is not None:
        row = np.asarray(value).astype(dtype).reshape(width)
        return np.broadcast_to(row, (count, width)).copy()
    if dtype.kind in "iu" and isinstance(value, int | np.integer):
        bits = dtype.itemsize * 8
        raw = np.array(int(cast(int, value)) & ((1 << bits) - 1), dtype=f"u{dtype.itemsize}")
        return np.full(count, raw.view(dtype))
    return np.full(count, value, dtype=dtype)


def from_lane(value: Value, attr: Attribute, lane: int = 0) -> object:
    """Lane `lane` of a lane value as the interpreter's scalar (int, float, bool, numpy array
    for a packed value, `Pointer`)."""
    if isinstance(value, LanePointer):
        element = attr.element if isinstance(attr, PtrType) else None
        return Pointer(value.memory, int(value.offsets[lane]), element)
    item = value[lane]
    if value.ndim > 1:
        return np.array(item)
    if value.dtype == bool:
        return bool(item)
    if value.dtype.kind in "iu":
        return int(item)
    return float(item)


def zeros(attr: Attribute, count: int) -> Value:
    """Zero lane values of type `attr` (the result of a region no lane ran)."""
    if isinstance(attr, PtrType):
        return LanePointer(None, np.zeros(count, dtype=np.int64))
    dtype, width = lane_format(attr)
    return np.zeros((count,) if width is None else (count, width), dtype=dtype)


def merge(mask: np.ndarray, new: Value, old: Value) -> Value:
    """`new` in the lanes of `mask`, `old` elsewhere."""
    if isinstance(new, LanePointer) and isinstance(old, LanePointer):
        memory = new.memory if new.memory is not None else old.memory
        return LanePointer(memory, np.where(mask, new.offsets, old.offsets))
    assert isinstance(new, np.ndarray) and isinstance(old, np.ndarray)
    shaped = mask.reshape(-1, *([1] * (new.ndim - 1)))
    return np.where(shaped, new, old)


# ---- the launch state ----------------------------------------------------------------------


@dataclass(frozen=True)
class Touch:
    """One op's accesses in one memory: a start byte and the lane per access."""

    op: Operation
    memory: Memory
    starts: np.ndarray
    size: int
    lanes: np.ndarray
    write: bool
    atomic: bool


class Race(NamedTuple):
    """Two accesses of one launch that race: `writer` (at `lane`) and `other` (at
    `other_lane`, another warp) on bytes [lo, hi) of `memory`."""

    memory: Memory
    lo: int
    hi: int
    writer: Touch
    lane: int
    other: Touch
    other_lane: int


def races(touches: Sequence[Touch]) -> list[Race]:
    """Per memory, the first pair of accesses that race: one writes bytes another warp
    reads or writes (atomics with atomics excepted). Warps run in lockstep each, so lanes
    of one warp see each other's effects in program order."""
    found: list[Race] = []
    for memory in dict.fromkeys(t.memory for t in touches):
        mine = [t for t in touches if t.memory is memory and t.starts.size]
        if not mine:
            continue
        data = np.concatenate([(t.starts[:, None] + np.arange(t.size)).ravel() for t in mine])
        lane = np.concatenate([np.repeat(t.lanes, t.size) for t in mine])
        which = np.concatenate([np.full(t.starts.size * t.size, i) for i, t in enumerate(mine)])
        order = np.lexsort((lane // 32, data))
        data, lane, which = data[order], lane[order], which[order]
        write = np.array([t.write for t in mine])[which]
        atomic = np.array([t.atomic for t in mine])[which]
        warp = lane // 32
        heads = np.flatnonzero(np.r_[True, data[1:] != data[:-1]])
        tails = np.r_[heads[1:], data.size] - 1
        racing = (
            np.logical_or.reduceat(write, heads)
            & ~np.logical_and.reduceat(atomic, heads)
            & (warp[heads] != warp[tails])
        )
        if not racing.any():
            continue
        segment = int(np.argmax(racing))
        lo, hi = int(heads[segment]), int(tails[segment]) + 1
        w = lo + int(np.argmax(write[lo:hi]))
        o = lo + int(np.argmax(warp[lo:hi] != warp[w]))
        bytes_ = data[heads[racing]]
        first, last = int(bytes_.min()), int(bytes_.max()) + 1
        found.append(
            Race(memory, first, last, mine[which[w]], int(lane[w]), mine[which[o]], int(lane[o]))
        )
    return found


@dataclass
class AccessSet:
    """Byte ranges one launch read or wrote, per memory."""

    starts: dict[Memory, list[np.ndarray]] = field(default_factory=dict[Memory, list[np.ndarray]])
    ends: dict[Memory, list[np.ndarray]] = field(default_factory=dict[Memory, list[np.ndarray]])

    def add(self, memory: Memory, starts: np.ndarray, size: int) -> None:
        if starts.size:
            self.starts.setdefault(memory, []).append(starts)
            self.ends.setdefault(memory, []).append(starts + size)

    def ranges(self) -> list[Access]:
        """The accesses as few disjoint ranges: overlapping or adjacent ones joined."""
        found: list[Access] = []
        for memory, starts in self.starts.items():
            begin = np.concatenate(starts)
            end = np.concatenate(self.ends[memory])
            order = np.argsort(begin, kind="stable")
            begin, end = begin[order], np.maximum.accumulate(end[order])
            new = np.r_[True, begin[1:] > end[:-1]]
            firsts = np.flatnonzero(new)
            lasts = np.r_[firsts[1:] - 1, begin.size - 1]
            found += [
                Access(memory, int(begin[a]), int(end[b]))
                for a, b in zip(firsts, lasts, strict=True)
            ]
        return found


class Lanes:
    """One launch: its workitems, the values of the body, what it touched and issued."""

    def __init__(self, machine: Machine, ids: LaneIds, slots: dict[int, np.ndarray]) -> None:
        self.machine = machine
        self.ids = ids
        self.count = ids.count
        self.everyone = np.ones(self.count, dtype=bool)
        self.full_warps = -(-self.count // 32)
        self.env: dict[SSAValue, Value] = {}
        self.reads = AccessSet()
        self.writes = AccessSet()
        self.issued = 0
        """Warp instructions: per executed op, the warps with an active lane."""
        self.steps = 0
        self.slots = slots
        """Keep/resume slots of the machine: 32-bit words per lane (`simt_ops`)."""
        self.depth = 0
        self.touches: list[Touch] = []
        """The memory accesses since the last `pto.syncthreads` (`races`)."""

    # ---- running ------------------------------------------------------------------------------
    def warps(self, active: np.ndarray) -> int:
        if active is self.everyone:
            return self.full_warps
        pad = -self.count % 32
        padded = np.concatenate([active, np.zeros(pad, dtype=bool)]) if pad else active
        return int(np.count_nonzero(padded.reshape(-1, 32).any(axis=1)))

    def run_block(
        self, block: Block, args: Sequence[Value], active: np.ndarray
    ) -> tuple[Operation | None, list[Value]]:
        """Runs `block` for the `active` lanes; its terminator and the terminator's values."""
        env = self.env
        for arg, value in zip(block.args, args, strict=True):
            env[arg] = value
        for op in block.ops:
            if isinstance(op, scf.YieldOp | scf.ConditionOp | func.ReturnOp):
                return op, [env[v] for v in op.operands]
            impl = LANE_IMPLS.get(type(op))
            if impl is None:
                raise PtoRuntimeError(
                    "this op cannot run in SIMT code (the SIMT executor runs arith, math, "
                    "scf, func.call and the SIMT ops)",
                    op,
                )
            self.steps += 1
            if self.steps > MAX_LANE_OPS:
                raise PtoRuntimeError(
                    f"the SIMT launch exceeds {MAX_LANE_OPS} executed ops: a loop may never end",
                    op,
                )
            self.machine.op_counts[op.name] += 1
            self.issued += self.warps(active)
            try:
                results = impl(self, op, [env[v] for v in op.operands], active)
            except PtoRuntimeError as err:
                raise err.with_op(op) from None
            except (ValueError, TypeError, IndexError, OverflowError, ArithmeticError) as err:
                raise PtoRuntimeError(f"{type(err).__name__}: {err}", op) from None
            for result, value in zip(op.results, results, strict=True):
                env[result] = value
        return None, []

    def run_function(
        self, function: func.FuncOp, args: Sequence[Value], active: np.ndarray
    ) -> list[Value]:
        if not function.body.blocks:
            raise PtoRuntimeError(f"@{function.sym_name.data} is a declaration without a body")
        if self.depth >= 16:
            raise PtoRuntimeError("SIMT calls nest more than 16 deep (an endless recursion?)")
        self.depth += 1
        try:
            _, values = self.run_block(function.body.blocks.first, args, active)  # pyright: ignore[reportArgumentType]
        finally:
            self.depth -= 1
        return values

    # ---- memory -------------------------------------------------------------------------------
    def place(self, ptr: LanePointer, attr: Attribute) -> Memory:
        """The memory `ptr` (of pointer type `attr`) points into."""
        if ptr.memory is not None:
            return ptr.memory
        assert isinstance(attr, PtrType)
        return self.machine.memory(attr.memory)

    def cycles(self) -> int:
        return costs.simt_launch_cycles(self.issued)

    def touch(self, touch: Touch) -> None:
        if self.count > 32:  # one warp cannot race with itself
            self.touches.append(touch)

    def check_races(self, at: Operation) -> None:
        """Reports the races among the accesses since the last barrier (on PIPE_V, at
        `at`: the barrier or the launch) and starts a new interval."""
        pipes = self.machine.pipes
        for race in races(self.touches):
            verb = "writes" if race.other.write else "reads"
            message = (
                f"SIMT race on {race.memory.name} bytes [{race.lo}, {race.hi}): "
                f"{where(race.writer.op)} (lane {race.lane}) writes and {where(race.other.op)} "
                f"(lane {race.other_lane}, another warp) {verb} them in one launch with no "
                "pto.syncthreads between"
            )
            details = {
                "memory": race.memory.name,
                "bytes": [race.lo, race.hi],
                "pipes": ["PIPE_V", "PIPE_V"],
            }
            ops = (race.writer.op, race.other.op)
            pipes.report(Hazard("SIMT-race", message, ops, details), at, Pipe.V)
        self.touches = []


# ---- control flow --------------------------------------------------------------------------


@lane(scf.IfOp)
def _if(lanes: Lanes, op: scf.IfOp, args: list[Any], active: np.ndarray) -> Sequence[Value]:
    cond = np.asarray(args[0], dtype=bool)
    taken = active & cond
    other = active & ~cond
    then_values: list[Value] | None = None
    else_values: list[Value] | None = None
    if taken.any():
        _, then_values = lanes.run_block(op.true_region.block, (), taken)
    if other.any() and op.false_region.blocks:
        _, else_values = lanes.run_block(op.false_region.block, (), other)
    if then_values is None and else_values is None:
        return [zeros(r.type, lanes.count) for r in op.results]
    if then_values is None:
        return else_values or []
    if else_values is None:
        return then_values
    return [merge(cond, t, e) for t, e in zip(then_values, else_values, strict=True)]


@lane(scf.ForOp)
def _for(lanes: Lanes, op: scf.ForOp, args: list[Any], active: np.ndarray) -> Sequence[Value]:
    lb, ub, step, *carried = args
    if np.any(active & (step <= 0)):
        raise PtoRuntimeError("the step must be positive")
    iv = np.array(lb, dtype=np.int64)
    live = active & (iv < ub)
    values: list[Value] = list(carried)
    body = op.body.block
    while live.any():
        _, new = lanes.run_block(body, [iv, *values], live)
        values = [merge(live, n, o) for n, o in zip(new, values, strict=True)]
        iv = np.where(live, iv + step, iv)
        live = live & (iv < ub)
    return values


@lane(scf.WhileOp)
def _while(lanes: Lanes, op: scf.WhileOp, args: list[Any], active: np.ndarray) -> Sequence[Value]:
    values: list[Value] = list(args)
    results: list[Value] = [zeros(r.type, lanes.count) for r in op.results]
    live = active
    while True:
        _, (cond, *forwarded) = lanes.run_block(op.before_region.block, values, live)
        go = np.asarray(cond, dtype=bool)
        leaving = live & ~go
        results = [merge(leaving, f, r) for f, r in zip(forwarded, results, strict=True)]
        live = live & go
        if not live.any():
            return results
        _, values = lanes.run_block(op.after_region.block, forwarded, live)


@lane(scf.ExecuteRegionOp)
def _execute_region(
    lanes: Lanes, op: scf.ExecuteRegionOp, args: list[Any], active: np.ndarray
) -> Sequence[Value]:
    _, values = lanes.run_block(op.region.block, (), active)
    return values


@lane(func.CallOp)
def _call(lanes: Lanes, op: func.CallOp, args: list[Any], active: np.ndarray) -> Sequence[Value]:
    callee = SymbolTable.lookup_symbol(op, op.callee)
    if not isinstance(callee, func.FuncOp):
        raise PtoRuntimeError(f"no function @{op.callee.string_value()} in the module")
    return lanes.run_function(callee, args, active)


BOOL = np.dtype(bool)
BF16 = np.dtype(cast(Any, ml_dtypes.bfloat16))
FLOAT_TYPES = (Float16Type, Float32Type)
