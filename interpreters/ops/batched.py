"""Ops evaluated for many loop iterations at once: the whole-array forms a `pto.vecscope`
loop nest runs with when no pipe model watches (`vecscope_batch`).

A value of the nest is an array whose leading axes are the enclosing loops that have run
(`Batch.depth` of them, each of the loop's trip count, or 1 where the value does not vary
with that loop), followed by the value's own shape: `()` for a scalar, `(lanes,)` for a
vreg or a mask. A value that varies with no loop is the plain value op-by-op
interpretation uses. `BATCHED` says, per op class or family, how an op computes on such
arrays (a kernel made once per op, with what the op's IR fixes read once):

- the integer arith ops, `plt_b*` and `addptr` have whole-array forms here;
- `vlds` gathers every iteration's register from UB with the byte map of its mode, found
  once by running the register semantics on memories that hold their own byte indices
  (`load_map`); `vsldb` gathers the 8 blocks `semantics.vector_memory` places; `vsts` of a
  NORM mode records every iteration's active lanes as a pending `Write`: memory changes
  only once the whole nest is known to be safe (`vecscope_batch`);
- the register ops whose numpy semantics work on leading axes (`BATCH_SAFE`) are their
  own interpreter functions, called once with the broadcast arrays; each result's shape
  and dtype are checked against its type.

Anything else raises `Unbatchable`, and the vecscope runs op by op instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute, Operation

from interpreters.engine.interpreter import PtoInterpreter
from interpreters.machine.core import Machine
from interpreters.machine.memory import Memory, Pointer
from interpreters.ops.vector_load import lane_type, strides_of, ub_element, unsigned
from interpreters.semantics import vector_memory as vm
from pto_dialect.attrs import LoadDist, StoreDist
from pto_dialect.dtypes import DType
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.vector_arith import VBrOp, VectorBinaryOp, VectorUnaryOp, VMulAOp
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.ops.vector_convert import VBitcastOp, VCvtOp
from pto_dialect.ops.vector_load import LOAD_DIST_RULES, VldsOp, VsldbOp
from pto_dialect.ops.vector_mask import PltOp, PsetOp
from pto_dialect.ops.vector_materialize import VDupOp
from pto_dialect.ops.vector_reduce import VectorReduceOp
from pto_dialect.ops.vector_scalar import VAxpyOp, VectorScalarOp
from pto_dialect.ops.vector_store import STORE_DIST_RULES, VstsOp
from pto_dialect.types import MaskType, MemorySpace, VRegType


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


_INT_OPS: dict[type[Operation], Callable[[np.ndarray, np.ndarray, int], np.ndarray]] = {
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


def _ints(args: Sequence[Value], depth: int) -> list[np.ndarray]:
    values = [lifted(a, depth) for a in args]
    if any(v.dtype.kind not in "iub" for v in values):
        raise Unbatchable("an integer op on other values")
    return [v if v.dtype == np.int64 else v.astype(np.int64) for v in values]


def int_binary(op: Operation, index_bits: int) -> Kernel:
    """An integer binary op of `_INT_OPS`."""
    compute = _INT_OPS[type(op)]
    width = int_width(op.results[0].type, index_bits)
    division = isinstance(op, _DIVISIONS)
    if isinstance(op, arith.DivUIOp | arith.RemUIOp) and width >= 64:
        raise Unbatchable("unsigned 64-bit division")

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        lhs, rhs = _ints(args, depth)
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
        lhs, rhs = _ints(args, depth)
        if predicate >= 6:  # the unsigned predicates
            lhs, rhs = (v.view(np.uint64) if width >= 64 else v % (1 << width) for v in (lhs, rhs))
        return (Batch(compare(lhs, rhs), depth),)

    return run


def index_cast(op: Operation, index_bits: int) -> Kernel:
    assert isinstance(op, arith.IndexCastOp)
    width = int_width(op.result.type, index_bits)
    return lambda ctx, args, depth: (Batch(wrap(_ints(args, depth)[0], width), depth),)


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
        count = _ints(args, depth)[0]
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
        offsets = base + _ints(args[1:], depth)[0] * size
        if offsets.min(initial=0) < 0:
            raise Unbatchable("a pointer before its memory")  # op by op names it
        return (PointerBatch(offsets, depth, memory, element),)

    return run


def _ub(ctx: Context, pointer: Value, depth: int) -> tuple[Memory, np.ndarray]:
    """The UB memory and the byte addresses (loop axes) of a pointer value."""
    memory, dtype, offsets = _offsets(pointer, depth)
    placed = ctx.machine.place(Pointer(memory, 0, dtype), MemorySpace.UB)
    assert placed.memory is not None
    if isinstance(offsets, int):
        return placed.memory, np.full((1,) * depth, offsets, dtype=np.int64)
    return placed.memory, offsets


# ---- loads and stores ---------------------------------------------------------------------


class _Probe:
    """A memory whose bytes are a function of their index (`load_map`)."""

    def __init__(self, name: str, data: np.ndarray) -> None:
        self.name = name
        self.data = data

    @property
    def size(self) -> int:
        return int(self.data.size)

    @property
    def extent(self) -> str:
        return f"{self.name} ({self.size} bytes)"


@cache
def load_map(mode: LoadDist, lane: DType, unit: DType) -> tuple[np.ndarray, np.ndarray]:
    """(source byte of each register byte, whether it comes from memory at all) of a
    `vlds` mode: the register semantics run once on memories holding the low and the high
    byte of each byte's own index, and on one of all ones (zero-extended bytes stay 0)."""
    size = 2 * vm.VREG_BYTES
    index = np.arange(size)
    probes = [
        (index & 0xFF).astype(np.uint8),
        (index >> 8).astype(np.uint8),
        np.full(size, 0xFF, np.uint8),
    ]
    outputs = [
        np.ascontiguousarray(vm.vlds(_Probe("probe", data), 0, mode, lane, unit)[0]).view(np.uint8)
        for data in probes
    ]
    source = outputs[0].astype(np.int64) | (outputs[1].astype(np.int64) << 8)
    return source, outputs[2] == 0xFF


def _check_starts(memory: Memory, starts: np.ndarray, align: int, footprint: int) -> None:
    """Every access aligned and inside `memory`, else op by op names the one that is not."""
    if starts.size and (
        (starts % align).any() or starts.min() < 0 or starts.max() + footprint > memory.size
    ):
        raise Unbatchable("an unaligned or out-of-bounds access")


def _elements(memory: Memory, dtype: np.dtype[Any]) -> np.ndarray:
    """The memory as elements of `dtype` (its tail bytes left out)."""
    data = memory.data
    return data[: data.size - data.size % dtype.itemsize].view(dtype)


def vlds(op: Operation, index_bits: int) -> Kernel:
    """`vlds` of every iteration: a gather from UB with the mode's byte map."""
    assert isinstance(op, VldsOp)
    if op.updated_base is not None:
        raise Unbatchable("post-update vlds")
    mode = op.dist_mode
    lane = lane_type(op.result)
    rule = LOAD_DIST_RULES[mode]
    unit = lane if rule.memory_bits is None else unsigned(rule.memory_bits)
    size = ub_element(op.source, unit).bytes
    form = vm.LOAD_FORMS[mode]
    footprint, align = form.footprint or lane.bytes, form.align or lane.bytes
    source, from_memory = load_map(mode, lane, unit)
    dtype = np.dtype(lane.numpy)
    lanes = np.arange(vm.VREG_BYTES // lane.bytes)
    whole = mode is LoadDist.NORM

    memo = Memo()

    def where(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Memory, Gather, np.ndarray]:
        """(memory, what it gathers, the start of each execution)."""
        memory, base = _ub(ctx, args[0], depth)
        starts = base + _ints(args[1:], depth)[0] * size
        _check_starts(memory, starts, align, footprint)
        if whole:  # whole elements, in order
            index = (starts // dtype.itemsize)[..., None] + lanes
        else:
            index = starts[..., None] + source
        return memory, Gather.of(index), starts[..., None]

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        key = (key_of(args[0]), key_of(args[1]), depth)
        found = memo.get(key)
        if found is None:
            found = memo.put(key, (where(ctx, args, depth), args))
        (memory, gather, starts), _ = found
        if whole:
            vreg = gather.take(_elements(memory, dtype))
        else:
            raw = gather.take(memory.data).copy()
            raw[..., ~from_memory] = 0
            vreg = raw.view(dtype)
        ctx.pending.reads.append(Read(op, memory, starts, footprint, ctx.stamp))
        return (Batch(vreg, depth),)

    return run


@dataclass(frozen=True)
class Gather:
    """Elements of an array by index: a slice when the index runs through consecutive
    elements (most loads of a loop nest do), else the index itself."""

    index: np.ndarray
    first: int | None

    @staticmethod
    def of(index: np.ndarray) -> Gather:
        flat = index.reshape(-1)
        if flat.size and flat[-1] - flat[0] == flat.size - 1 and (np.diff(flat) == 1).all():
            return Gather(index, int(flat[0]))
        return Gather(index, None)

    def take(self, array: np.ndarray) -> np.ndarray:
        """`array[index]`: a view of `array` for a slice (the scope reads it before any of
        its stores land, and no op writes into its inputs)."""
        if self.first is None:
            return array[self.index]
        shape = self.index.shape
        return array[self.first : self.first + self.index.size].reshape(shape)


def vsldb(op: Operation, index_bits: int) -> Kernel:
    """`vsldb` of every iteration: the 8 blocks of `vector_memory.block_offsets` from each
    base, inactive ones zero (`semantics.vector_memory.vsldb`)."""
    assert isinstance(op, VsldbOp)
    dtype = np.dtype(lane_type(op.result).numpy)
    within = np.arange(vm.BLOCK)

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        memory, starts = _ub(ctx, args[0], depth)
        if any(isinstance(v, Batch) for v in args[1:-1]):
            raise Unbatchable("vsldb strides that vary")
        if (starts % vm.BLOCK).any():
            raise Unbatchable("an unaligned vsldb")
        block, repeat = strides_of(op, args[1:-1])
        active = vm.block_mask(lifted(args[-1], depth))
        lead = lead_shape([starts, active[..., 0]], depth)
        blocks = spread(starts[..., None] + vm.block_offsets(block, repeat), (*lead, vm.BLOCKS))
        active = spread(active, (*lead, vm.BLOCKS))
        reached = blocks[active]
        if reached.size and (reached.min() < 0 or reached.max() + vm.BLOCK > memory.size):
            raise Unbatchable("a vsldb block outside UB")
        raw = memory.data[np.where(active, blocks, 0)[..., None] + within]
        raw[~active] = 0
        vreg = raw.reshape(*lead, vm.VREG_BYTES).view(dtype)
        ctx.pending.reads.append(Read(op, memory, blocks, vm.BLOCK, ctx.stamp, active))
        return (Batch(vreg, depth),)

    return run


_NORM_STORES = (StoreDist.NORM_B8, StoreDist.NORM_B16, StoreDist.NORM_B32)


@cache
def store_map(mode: StoreDist, lane: DType) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(memory byte, register byte, gating mask lane or -1 for none) of every byte a `vsts`
    mode writes, from the store semantics run on probes: a register whose bytes are their
    own indices stored on memories of zeros and of ones (a byte both show alike is
    written), and a mask of one active lane at a time (the bytes that lane lets through)."""
    lanes = vm.VREG_BYTES // lane.bytes
    footprint = vm.STORE_FORMS[mode].footprint or lane.bytes
    value = np.arange(vm.VREG_BYTES, dtype=np.uint8).view(lane.numpy)

    def stored(mask: np.ndarray, fill: int) -> np.ndarray:
        probe = _Probe("probe", np.full(footprint, fill, np.uint8))
        vm.vsts(probe, 0, value, mask, mode)
        return probe.data

    full = np.ones(lanes, bool)
    zeros, ones = stored(full, 0), stored(full, 0xFF)
    written = np.flatnonzero(zeros == ones)
    gate = np.full(footprint, -1, np.int64)
    none = np.zeros(lanes, bool)
    ungated = stored(none, 0) == stored(none, 0xFF)
    for one in range(lanes):
        alone = none.copy()
        alone[one] = True
        let = (stored(alone, 0) == stored(alone, 0xFF)) & ~ungated
        gate[let] = one
    return written, zeros[written].astype(np.int64), gate[written]


def vsts(op: Operation, index_bits: int) -> Kernel:
    """`vsts` of every iteration: the bytes its mode writes where their lanes are active
    become a pending write (NORM modes: whole elements)."""
    assert isinstance(op, VstsOp)
    mode = op.dist_mode
    if op.updated_base is not None:
        raise Unbatchable("a post-update vsts")
    lane = lane_type(op.value)
    rule = STORE_DIST_RULES[mode]
    unit = lane if rule.memory_bits is None else unsigned(rule.memory_bits)
    size = ub_element(op.dest, unit).bytes
    form = vm.STORE_FORMS[mode]
    footprint, align = form.footprint or lane.bytes, form.align or lane.bytes
    lanes = vm.VREG_BYTES // lane.bytes
    whole = mode in _NORM_STORES
    dtype = np.dtype(lane.numpy) if whole else np.dtype(np.uint8)
    offsets, source, gate = (
        (np.arange(lanes), np.arange(lanes), np.arange(lanes)) if whole else store_map(mode, lane)
    )
    gated = gate >= 0
    memo = Memo()

    def where(
        ctx: Context, args: Sequence[Value], depth: int, value: np.ndarray
    ) -> tuple[Memory, np.ndarray, np.ndarray, Placement]:
        """(memory, element index and active units of every execution, their placement)."""
        memory, base = _ub(ctx, args[1], depth)
        mask = lifted(args[3], depth)
        starts = base + _ints(args[2:3], depth)[0] * size
        _check_starts(memory, starts, align, footprint)
        if mask.shape[-1] != lanes or not starts.size:
            raise Unbatchable("a mask of another granularity, or no execution")
        full = (*lead_shape([value, mask, starts], depth), offsets.size)
        index = spread((starts // dtype.itemsize)[..., None] + offsets, full)
        active = mask[..., np.where(gated, gate, 0)]
        active = spread(np.where(gated, active, True) if not whole else active, full)
        grid = ctx.trips[:depth]
        return memory, index, active, placement(index, active, dtype.itemsize, grid)

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        value = lifted(args[0], depth)
        if value.shape[-1] != lanes:
            raise Unbatchable("a register of another width")
        key = (key_of(args[1]), key_of(args[2]), key_of(args[3]), value.shape, ctx.trips[:depth])
        found = memo.get(key)
        if found is None:
            found = memo.put(key, (where(ctx, args, depth, value), args))
        (memory, index, active, place), _ = found
        if not whole:  # the register's bytes in the order the mode writes them
            value = np.ascontiguousarray(value).view(np.uint8)[..., source]
        values = spread(value, index.shape)
        data = values.reshape(-1) if place.everywhere else values[active]
        ctx.pending.writes.append(
            Write(op, memory, dtype, index, values, active, ctx.stamp, place, data)
        )
        return ()

    return run


# ---- register ops through their interpreter functions ----------------------------------------

BATCH_SAFE: tuple[type[Operation], ...] = (
    VectorBinaryOp,
    VectorUnaryOp,
    VMulAOp,
    VectorReduceOp,
    VectorScalarOp,
    VAxpyOp,
    VCmpOp,
    VCmpsOp,
    VSelOp,
    VCvtOp,
    VBitcastOp,
    VDupOp,
)
"""Families whose interpreter functions compute on arrays with leading axes as on one
register (their numpy semantics work on the last axis): called once for all iterations."""

PLAIN: tuple[type[Operation], ...] = (PltOp, PsetOp, CastPtrOp, AddPtrOp, VBrOp, *BATCH_SAFE)
"""Ops without effects on memory: where no operand varies with a loop, their interpreter
function runs once on the plain values and the result serves every iteration."""


def register_op(op: Operation, index_bits: int) -> Kernel:
    """A `BATCH_SAFE` op: its interpreter function on the broadcast operands."""
    registers = [isinstance(v.type, VRegType | MaskType) for v in op.operands]
    expected: list[tuple[int, np.dtype[Any]]] = []
    for result in op.results:
        kind = result.type
        if isinstance(kind, VRegType):
            expected.append((kind.lanes.data, np.dtype(kind.element.numpy)))
        elif isinstance(kind, MaskType):
            expected.append((kind.lanes, np.dtype(bool)))
        else:
            raise Unbatchable(f"{op.name} has a result that is not a register")

    def run(ctx: Context, args: Sequence[Value], depth: int) -> tuple[Value, ...]:
        inputs = list(args)
        arrays: list[np.ndarray] = []
        for i, is_register in enumerate(registers):
            if is_register:
                inputs[i] = lifted(args[i], depth)
                arrays.append(inputs[i])
            elif isinstance(args[i], Batch):
                raise Unbatchable(f"{op.name} with a scalar operand that varies")
        lead = lead_shape(arrays, depth)
        for i, is_register in enumerate(registers):
            if is_register:
                array = cast(np.ndarray, inputs[i])
                inputs[i] = spread(array, lead + array.shape[depth:])
        results = ctx.interpreter.run_quietly(op, tuple(inputs))
        checked: list[Value] = []
        for value, (lanes, dtype) in zip(results, expected, strict=True):
            array = cast(np.ndarray, value)
            if (
                not isinstance(value, np.ndarray)
                or array.shape != (*lead, lanes)
                or array.dtype != dtype
            ):
                raise Unbatchable(f"{op.name} does not compute on leading axes")
            checked.append(Batch(array, depth))
        return tuple(checked)

    return run


BATCHED: dict[type[Operation], Maker] = {
    **dict.fromkeys(_INT_OPS, int_binary),
    arith.CmpiOp: cmpi,
    arith.IndexCastOp: index_cast,
    arith.SelectOp: select,
    PltOp: plt,
    AddPtrOp: addptr,
    VldsOp: vlds,
    VsldbOp: vsldb,
    VstsOp: vsts,
    **dict.fromkeys(BATCH_SAFE, register_op),
}
"""The whole-array form of each op class or family (`maker_of` looks families up)."""


@cache
def maker_of(op: type[Operation]) -> Maker | None:
    """The maker of op class `op`'s kernel (through its families), None if it has none."""
    for cls in op.__mro__:
        maker = BATCHED.get(cast(type[Operation], cls))
        if maker is not None:
            return maker
    return None


@cache
def is_plain(op: type[Operation]) -> bool:
    """Whether `op` has no effect on memory: an invariant instance runs once (`PLAIN`, and
    every arith op)."""
    return op.__module__ == arith.__name__ or any(cls in PLAIN for cls in op.__mro__)
