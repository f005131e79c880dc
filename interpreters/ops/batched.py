"""Ops evaluated for many loop iterations at once: the whole-array forms a `pto.vecscope`
loop nest runs with when no pipe model watches (`vecscope_batch`).

A value of the nest is an array whose leading axes are the enclosing loops that have run
(`Batch.depth` of them, each of the loop's trip count, or 1 where the value does not vary
with that loop), followed by the value's own shape: `()` for a scalar, `(lanes,)` for a
vreg or a mask. A value that varies with no loop is the plain value op-by-op
interpretation uses. `batch_table.BATCHED` says, per op class or family, how an op computes on such
arrays (a kernel made once per op, with what the op's IR fixes read once):

- the integer arith ops, `plt_b*` and `addptr` have whole-array forms here;
- the vector loads and stores: `batched_memory`;
- the table of op classes and the register ops run as their own interpreter functions:
  `batch_table`.

Anything else raises `Unbatchable`, and the vecscope runs op by op instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute, Operation

from interpreters.engine.interpreter import PtoInterpreter
from interpreters.machine.core import Machine
from interpreters.machine.memory import Memory, Pointer
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.pointer import AddPtrOp
from pto_dialect.ops.vector_mask import PltOp


class Unbatchable(Exception):
    """The whole-array evaluation does not handle this op, value or case."""


@dataclass
class Batch:
    """A value of the nest that varies with its first `depth` enclosing loops."""

    array: np.ndarray
    depth: int


@dataclass
class PointerBatch(Batch):
    """A pointer that varies with loops: `array` holds its byte offsets."""

    memory: Memory | None
    dtype: DType | None


Value = Any
"""A value of the nest: a `Batch`, or the plain value (int, float, vreg, mask, pointer)."""


class Memo:
    """The last few results of a computation by key (a kernel's address side, a loop's
    counters): executions of a scope with the same scalar inputs reuse them."""

    SIZE = 8

    def __init__(self) -> None:
        self.entries: dict[object, Any] = {}

    def get(self, key: object) -> Any:
        return self.entries.get(key)

    def put(self, key: object, value: Any) -> Any:
        if len(self.entries) >= self.SIZE:
            del self.entries[next(iter(self.entries))]
        self.entries[key] = value
        return value


def key_of(value: Value) -> object:
    """A key that tells values apart: a plain scalar or pointer itself, an array by its
    identity (memo entries keep the arrays they saw alive, so an identity is not reused)."""
    if isinstance(value, Batch):
        return (id(value.array), value.depth)
    if isinstance(value, np.ndarray):
        return id(cast(object, value))
    if isinstance(value, bool | int | float):
        return (type(value), value)
    return value


def depth_of(value: Value) -> int:
    return value.depth if isinstance(value, Batch) else 0


def lifted(value: Value, depth: int) -> np.ndarray:
    """`value` as an array with `depth` leading loop axes (size 1 where it does not vary)."""
    if isinstance(value, Batch):
        if isinstance(value, PointerBatch):
            raise Unbatchable("a pointer used as an array")
        array, have = value.array, value.depth
    elif isinstance(value, Pointer):
        raise Unbatchable("a pointer used as an array")
    else:
        array, have = np.asarray(value), 0
    if have == depth:
        return array
    shape = array.shape
    return array.reshape(shape[:have] + (1,) * (depth - have) + shape[have:])


def lead_shape(arrays: Sequence[np.ndarray], depth: int) -> tuple[int, ...]:
    """The broadcast shape of the loop axes of `arrays` (each has `depth` of them)."""
    lead = [1] * depth
    for array in arrays:
        for axis, size in enumerate(array.shape[:depth]):
            if size != 1:
                if lead[axis] not in (1, size):
                    raise Unbatchable("loop axes that do not broadcast")
                lead[axis] = size
    return tuple(lead)


def spread(array: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """`array` broadcast to `shape` (itself when it has that shape)."""
    return array if array.shape == shape else np.broadcast_to(array, shape)


def wrap(values: np.ndarray, width: int) -> np.ndarray:
    """Integers wrapped to the signed range of `width` bits (numpy int64 wraps at 64)."""
    if width >= 64:
        return values
    half = 1 << (width - 1)
    return ((values + half) & ((1 << width) - 1)) - half


def int_width(type: Attribute, index_bits: int) -> int:
    if isinstance(type, IndexType):
        return index_bits
    if isinstance(type, IntegerType):
        return type.bitwidth
    raise Unbatchable(f"{type} is not an integer type")


# ---- pending memory accesses ----------------------------------------------------------------


@dataclass
class Stamp:
    """Where an op sits in the nest, to order its executions as op-by-op runs them:
    `path` holds, per enclosing loop, the loop and its offset in its parent's iteration;
    `offset` is the op's offset in its own iteration (`vecscope_batch.Nest.stamps`)."""

    path: tuple[tuple[Operation, int], ...]
    offset: int


@dataclass
class Read:
    """Every execution of a load: `width` bytes at each of `starts` (loop axes, then the
    units one execution reads)."""

    op: Operation
    memory: Memory
    starts: np.ndarray
    width: int
    stamp: Stamp
    active: np.ndarray | None = None
    """Which units it really reads (the shape of `starts`), None for all."""

    def span(self) -> tuple[int, int] | None:
        """The bytes [first, end) it reads, None when it reads none."""
        starts = self.starts if self.active is None else self.starts[self.active]
        if not starts.size:
            return None
        return int(starts.min()), int(starts.max()) + self.width


@dataclass
class Write:
    """Every execution of a store: elements `index` (loop axes, then lanes) of `memory`
    seen as `dtype` take `values` where `active`; `elements` and `data` are the active
    ones in execution order."""

    op: Operation
    memory: Memory
    dtype: np.dtype[Any]
    index: np.ndarray
    values: np.ndarray
    active: np.ndarray
    stamp: Stamp
    place: Placement
    data: np.ndarray

    @property
    def elements(self) -> np.ndarray:
        return self.place.elements

    def span(self) -> tuple[int, int] | None:
        return self.place.span


@dataclass
class Placement:
    """Where every execution of a store writes: its active elements in execution order,
    the bytes [first, end) they span and whether none is written twice (`unique`)."""

    elements: np.ndarray
    span: tuple[int, int] | None
    unique: bool
    everywhere: bool
    """Every lane of every execution is active."""


def placement(
    index: np.ndarray, active: np.ndarray, width: int, grid: tuple[int, ...]
) -> Placement:
    """The `Placement` of elements `index` where `active`; `grid` holds the trip counts of
    the loops around the store (an axis of size 1 where they are more: the same elements
    again, so not unique)."""
    everywhere = bool(active.all())
    elements = index.reshape(-1) if everywhere else index[active]
    if not elements.size:
        return Placement(elements, None, True, everywhere)
    span = int(elements.min()) * width, (int(elements.max()) + 1) * width
    repeated = any(a == 1 and g > 1 for a, g in zip(index.shape, grid, strict=False))
    unique = not repeated and bool(elements.size < 2 or (np.diff(elements) > 0).all())
    return Placement(elements, span, unique, everywhere)


@dataclass
class Writes:
    """What the loads of a nest read and what its stores will write."""

    reads: list[Read] = field(default_factory=list[Read])
    writes: list[Write] = field(default_factory=list[Write])


@dataclass
class Context:
    """What a batched op sees: the machine, the interpreter and the nest's accesses."""

    machine: Machine
    interpreter: PtoInterpreter
    pending: Writes
    stamp: Stamp = field(default_factory=lambda: Stamp((), 0))
    trips: tuple[int, ...] = ()
    """The trip counts of the loops around the running op."""


Kernel = Callable[[Context, Sequence[Value], int], tuple[Value, ...]]
"""Computes an op at `depth` from its operand values (plain or `Batch`); returns its
results (a `Batch` of that depth, or a plain value)."""

Maker = Callable[[Operation, int], Kernel]
"""Makes the kernel of an op (given the interpreter's index width), reading its IR once."""


# ---- arith --------------------------------------------------------------------------------


def _trunc_div(lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    quotient = np.abs(lhs) // np.abs(rhs)
    return np.where((lhs > 0) != (rhs > 0), -quotient, quotient)


INT_OPS: dict[type[Operation], Callable[[np.ndarray, np.ndarray, int], np.ndarray]] = {
    arith.AddiOp: lambda a, b, w: wrap(a + b, w),
    arith.SubiOp: lambda a, b, w: wrap(a - b, w),
    arith.MuliOp: lambda a, b, w: wrap(a * b, w),
    arith.DivSIOp: lambda a, b, w: wrap(_trunc_div(a, b), w),
    arith.RemSIOp: lambda a, b, w: a - _trunc_div(a, b) * b,
    arith.DivUIOp: lambda a, b, w: wrap((a % (1 << w)) // (b % (1 << w)), w),
    arith.RemUIOp: lambda a, b, w: wrap((a % (1 << w)) % (b % (1 << w)), w),
    arith.AndIOp: lambda a, b, w: wrap(a & b, w),
    arith.OrIOp: lambda a, b, w: wrap(a | b, w),
    arith.XOrIOp: lambda a, b, w: wrap(a ^ b, w),
    arith.MaxSIOp: lambda a, b, w: np.maximum(a, b),
    arith.MinSIOp: lambda a, b, w: np.minimum(a, b),
}
"""xDSL's integer semantics (`xdsl.interpreters.arith`, `ops.upstream.arith`) on int64
arrays: results wrapped to the signed range of the width; divisions truncate toward zero
(`divsi`, `remsi`) or read the operands unsigned (`divui`, `remui`)."""

_DIVISIONS = (arith.DivSIOp, arith.RemSIOp, arith.DivUIOp, arith.RemUIOp)
_CMPI: tuple[Callable[[np.ndarray, np.ndarray], np.ndarray], ...] = (
    np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal,
    np.less, np.less_equal, np.greater, np.greater_equal,
)  # fmt: skip


def ints(args: Sequence[Value], depth: int) -> list[np.ndarray]:
    values = [lifted(a, depth) for a in args]
    if any(v.dtype.kind not in "iub" for v in values):
        raise Unbatchable("an integer op on other values")
    return [v if v.dtype == np.int64 else v.astype(np.int64) for v in values]


def int_binary(op: Operation, index_bits: int) -> Kernel:
    """An integer binary op of `INT_OPS`."""
    compute = INT_OPS[type(op)]
    width = int_width(op.results[0].type, index_bits)
    division = isinstance(op, _DIVISIONS)
    if isinstance(op, arith.DivUIOp | arith.RemUIOp) and width >= 64:
        raise Unbatchable("unsigned 64-bit division")

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        lhs, rhs = ints(args, depth)
        if division and (rhs % (1 << min(width, 63)) == 0).any():
            raise Unbatchable("division by zero")  # op by op names the error
        return (Batch(compute(lhs, rhs, width), depth),)

    return run


def cmpi(op: Operation, index_bits: int) -> Kernel:
    assert isinstance(op, arith.CmpiOp)
    width = int_width(op.lhs.type, index_bits)
    predicate = op.predicate.value.data
    if not 0 <= predicate < len(_CMPI):
        raise Unbatchable("unknown cmpi predicate")
    compare = _CMPI[predicate]

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        lhs, rhs = ints(args, depth)
        if predicate >= 6:  # the unsigned predicates
            lhs, rhs = (v.view(np.uint64) if width >= 64 else v % (1 << width) for v in (lhs, rhs))
        return (Batch(compare(lhs, rhs), depth),)

    return run


def index_cast(op: Operation, index_bits: int) -> Kernel:
    assert isinstance(op, arith.IndexCastOp)
    width = int_width(op.result.type, index_bits)
    return lambda ctx, args, depth: (Batch(wrap(ints(args, depth)[0], width), depth),)


def select(op: Operation, index_bits: int) -> Kernel:
    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        cond, lhs, rhs = (lifted(a, depth) for a in args)
        if cond.ndim != depth:  # a shaped condition: not a kernel's scalar select
            raise Unbatchable("arith.select of shaped values")
        return (Batch(np.where(cond, lhs, rhs), depth),)

    return run


# ---- predicates and pointers ----------------------------------------------------------------


def plt(op: Operation, index_bits: int) -> Kernel:
    """`plt_bW` of every iteration's count: lane i active iff i < count; the count left is
    `max(count - lanes, 0)` (`semantics.vector_arith.plt`, on i32 counts)."""
    assert isinstance(op, PltOp)
    lanes = op.lanes
    index = np.arange(lanes)

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        count = ints(args, depth)[0]
        low, high = count.min(initial=0), count.max(initial=0)
        if low < -(1 << 31) or high >= 1 << 31:
            raise Unbatchable("plt count outside i32")
        mask = index < count[..., None]
        return Batch(mask, depth), Batch(np.maximum(count - lanes, 0), depth)

    return run


def _offsets(pointer: Value, depth: int) -> tuple[Memory | None, DType | None, np.ndarray | int]:
    """(memory, element type, byte offsets with loop axes, or one offset) of a pointer."""
    if isinstance(pointer, PointerBatch):
        return pointer.memory, pointer.dtype, lifted(Batch(pointer.array, pointer.depth), depth)
    if isinstance(pointer, Pointer):
        return pointer.memory, pointer.dtype, pointer.offset
    raise Unbatchable("not a pointer")


def addptr(op: Operation, index_bits: int) -> Kernel:
    """`addptr` of every iteration: the pointer moved by whole elements of the result's type."""
    assert isinstance(op, AddPtrOp)
    element = op.result.type.element
    if element is None:
        raise Unbatchable("addptr of an untyped pointer")
    size = element.bytes

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        memory, _, base = _offsets(args[0], depth)
        offsets = base + ints(args[1:], depth)[0] * size
        if offsets.min(initial=0) < 0:
            raise Unbatchable("a pointer before its memory")  # op by op names it
        return (PointerBatch(offsets, depth, memory, element),)

    return run


def ub_of(ctx: Context, pointer: Value, depth: int) -> tuple[Memory, np.ndarray]:
    """The UB memory and the byte addresses (loop axes) of a pointer value."""
    memory, dtype, offsets = _offsets(pointer, depth)
    placed = ctx.machine.place(Pointer(memory, 0, dtype), MemorySpace.UB)
    assert placed.memory is not None
    if isinstance(offsets, int):
        return placed.memory, np.full((1,) * depth, offsets, dtype=np.int64)
    return placed.memory, offsets
