"""`pto-run --arg auto[:SEED]` (`run(..., args="auto")`): arguments for a kernel that comes
without them, as a generator writes kernels.

Every GM pointer gets a random buffer as large as the largest view the kernel makes of it:
each `pto.make_tensor_view` whose pointer is the parameter (also through `pto.addptr`,
`pto.castptr` and calls of the module's functions) reaches `offset + sum((shape_i - 1) *
stride_i) + 1` elements, and the buffer holds the largest such reach. Shapes, strides and
offsets are bounded by an interval evaluation of the ops that compute them: constants, the
scalar arguments' values, `arith` integer ops, loop induction variables (from the lower
bound to the last value below the upper bound), `scf.if` results, integers an op reads
through a GM pointer (the data below) and loop-carried values whose range settles (the body
selects among the initial value, such data and constants); a view whose extent depends on
anything else (a counter carried by a loop, a tile's element) does not size its buffer. A
pointer without a view that sizes it (one that micro-op DMA ops read and write directly)
gets `UNSIZED_BYTES`.

Every scalar parameter gets a default, `DEFAULT_INT` / `DEFAULT_FLOAT` (the values PTOAS's
board harness passes: test/npu_validation/scripts/generate_testcase.py sets an integer
scalar to 1, a float to 1.0, a bool to true), unless `values` names it (`--arg-value
NAME=V`); but an integer whose every use is a partition offset starts at 0, one that is a
view's extent is raised to hold every partition the kernel takes of the view, and PyPTO's
SPMD scalars (`NAMED_DEFAULTS`) are block 0 of 1. A tile parameter gets a random tile of its
type, a GM memref or static view parameter a random buffer of its shape, an on-chip
pointer (`!pto.ptr<T, ub>`) an address of its memory (`ON_CHIP_SPAN` apart). The
data (`_random`): f32 uniform in [-1, 1), narrower floats on a grid of that interval; integers
uniform in [1, `INT_LIMIT`], small and positive, since generated kernels read integer buffers
as lengths, positions, indices and divisors; but a buffer that holds communication signals
(`comm.tnotify`, `twait`, `ttest`) starts at zeros, as a host clears them before a launch
(PyPTO's models run `*_signal_clear` kernels), and so does one whose elements (read by
`pto.load_scalar`, through integer arithmetic and calls) become a `pto.addptr` offset: it
holds addresses or address differences (PyPTO's communication context), which no random
draw gets right, and zeros keep every pointer at its buffer.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from math import prod

import numpy as np
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, ModuleOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue

from interpreters.launching.args import (
    MAX_ARRAY_BYTES,
    Arg,
    ArgError,
    ArrayArg,
    ScalarArg,
    gm_array,
    gm_window,
)
from pto_dialect.dtypes import DType, dtype_named, dtype_of
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.comm import SignalOp
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.scalar_memory import LoadScalarOp
from pto_dialect.ops.tile_memory import MakeTensorViewOp, PartitionViewOp
from pto_dialect.tile_types import TileTypeBase

DEFAULT_INT = 1
DEFAULT_FLOAT = 1.0
NAMED_DEFAULTS: dict[str, int] = {
    "__pypto_spmd_block_idx": 0,
    "__pypto_spmd_subblock_idx": 0,
    "__pypto_spmd_block_num": 1,
}
"""Scalars PyPTO's model exports pass by these names: the SPMD block index, sub-block index
and block count, given as block 0 of 1 (as PTOAS's harness launches them,
test/npu_validation/scripts/generate_testcase.py)."""
INT_LIMIT = 8
"""Integer buffers hold values in [1, INT_LIMIT] (a power of 2): small, and never a zero
divisor."""
UNSIZED_BYTES = 1 << 20
"""The buffer of a pointer no view sizes (a micro-op kernel's pointer, which its DMA ops
reach directly: their extents are not worked out): 1 MiB, the largest allocation CANN's
`aclrtMalloc` still makes of normal pages (args.HUGE_PAGE_BYTES), more than any of PTOAS's
board-tested micro-op kernels reaches (16 KiB at most: vcmp, vsel, fixpipe)."""
MAX_AUTO_BYTES = 2 << 30
"""The largest buffer `--arg auto` makes (a model's embedding table is 1.5 GiB)."""

Range = tuple[int, int]
_MAX_DEPTH = 200
"""Ops followed back from one value (a longer chain is unknown: no deep recursion)."""


def _span(*ranges: Range | None) -> Range | None:
    """The smallest range holding all of `ranges` (None if any is unknown)."""
    known = [r for r in ranges if r is not None]
    if len(known) != len(ranges) or not known:
        return None
    return min(r[0] for r in known), max(r[1] for r in known)


def _products(a: Range, b: Range) -> Range:
    corners = [x * y for x in a for y in b]
    return min(corners), max(corners)


def _quotients(a: Range, b: Range, floor: bool) -> Range | None:
    """a / b over ranges with a positive divisor (else unknown)."""
    if b[0] <= 0:
        return None
    if floor:
        corners = [x // y for x in a for y in b]
    else:  # towards zero
        corners = [x // y if x >= 0 else -(-x // y) for x in a for y in b]
    return min(corners), max(corners)


class CallIndex:
    """The `func.call` ops of a module by callee name, gathered in one walk on first use
    (a walk per call site's lookup made a large module's plan quadratic)."""

    def __init__(self, module: ModuleOp) -> None:
        self.module = module
        self._calls: dict[str, list[func.CallOp]] | None = None

    def calls(self, name: str) -> list[func.CallOp]:
        if self._calls is None:
            self._calls = {}
            for op in self.module.walk():
                if isinstance(op, func.CallOp):
                    self._calls.setdefault(op.callee.string_value(), []).append(op)
        return self._calls.get(name, [])

    def operands(self, callee: func.FuncOp, index: int) -> list[SSAValue]:
        """Operand `index` of every call of `callee`."""
        calls = self.calls(callee.sym_name.data)
        return [op.operands[index] for op in calls if index < len(op.operands)]


@dataclass
class _Ranges:
    """Interval bounds of integer SSA values of a module, given the entry's scalars."""

    module: ModuleOp
    entry: func.FuncOp
    scalars: dict[BlockArgument, int]
    memo: dict[SSAValue, Range | None] = field(default_factory=dict[SSAValue, "Range | None"])
    calls: CallIndex | None = None

    def __post_init__(self) -> None:
        if self.calls is None:
            self.calls = CallIndex(self.module)

    @property
    def index(self) -> CallIndex:
        assert self.calls is not None
        return self.calls

    depth: int = 0

    def of(self, value: SSAValue) -> Range | None:
        if value in self.memo:
            return self.memo[value]
        self.memo[value] = None  # a cycle (loop-carried value) stays unknown
        if self.depth >= _MAX_DEPTH:
            return None
        self.depth += 1
        try:
            found = self._compute(value)
        finally:
            self.depth -= 1
        self.memo[value] = found
        return found

    def _compute(self, value: SSAValue) -> Range | None:
        if isinstance(value, BlockArgument):
            return self._argument(value)
        assert isinstance(value, OpResult)
        op = value.op
        if isinstance(op, arith.ConstantOp):
            attr = op.value
            return (attr.value.data, attr.value.data) if isinstance(attr, IntegerAttr) else None
        if isinstance(op, scf.IfOp):
            return _span(*(self._yielded(r.block, value.index) for r in op.regions if r.blocks))
        if isinstance(op, scf.ForOp):  # a loop's result: its carried value's range
            return self.of(op.body.block.args[1 + value.index])
        if isinstance(value.type, IntegerType | IndexType) and any(
            isinstance(v.type, PtrType) and v.type.memory is MemorySpace.GM for v in op.operands
        ):  # an integer read from a GM buffer: auto's data
            return 1, INT_LIMIT
        operands = [self.of(v) for v in op.operands]
        if any(r is None for r in operands):
            return None
        return _arith_range(op, [r for r in operands if r is not None])

    def _yielded(self, block: Block, index: int) -> Range | None:
        last = block.last_op
        if last is None or index >= len(last.operands):
            return None
        return self.of(last.operands[index])

    def _argument(self, arg: BlockArgument) -> Range | None:
        if arg in self.scalars:
            return self.scalars[arg], self.scalars[arg]
        owner = arg.block.parent_op()
        if isinstance(owner, scf.ForOp) and arg.index == 0:  # the induction variable
            lb, ub, step = (self.of(v) for v in (owner.lb, owner.ub, owner.step))
            if lb is None or ub is None or step is None or step[0] <= 0:
                return None
            if lb[0] == lb[1] and step[0] == step[1] and ub[1] > lb[0]:  # the last value
                return lb[0], lb[0] + (ub[1] - 1 - lb[0]) // step[0] * step[0]
            return lb[0], max(lb[1], ub[1] - 1)
        if isinstance(owner, func.FuncOp) and owner is not self.entry:
            return _span(*(self.of(v) for v in self.index.operands(owner, arg.index)))
        if isinstance(owner, scf.ForOp):
            return self._carried(owner, arg.index - 1)
        return None

    def _carried(self, loop: scf.ForOp, index: int) -> Range | None:
        """The range of a loop-carried value: its initial value's, widened by what the body
        yields for it, when that settles (a value the body only selects among its initial
        value, loaded data and constants does; a counter does not: unknown)."""
        carried = loop.body.block.args[1 + index]
        known = self.of(loop.iter_args[index])
        for _ in range(2):
            if known is None:
                return None
            trial = _Ranges(self.module, self.entry, self.scalars, {carried: known}, self.calls)
            step = _span(known, trial._yielded(loop.body.block, index))
            if step == known:
                return known
            known = step
        return None


def _arith_range(op: Operation, ranges: list[Range]) -> Range | None:
    """The range of `op`'s result from its operands' (None where it is not bounded)."""
    if isinstance(op, arith.AddiOp):
        return ranges[0][0] + ranges[1][0], ranges[0][1] + ranges[1][1]
    if isinstance(op, arith.SubiOp):
        return ranges[0][0] - ranges[1][1], ranges[0][1] - ranges[1][0]
    if isinstance(op, arith.MuliOp):
        return _products(ranges[0], ranges[1])
    if isinstance(op, arith.DivSIOp | arith.DivUIOp):
        return _quotients(ranges[0], ranges[1], floor=False)
    if isinstance(op, arith.FloorDivSIOp):
        return _quotients(ranges[0], ranges[1], floor=True)
    if isinstance(op, arith.CeilDivSIOp | arith.CeilDivUIOp):
        low = _quotients(ranges[0], ranges[1], floor=True)
        return None if low is None else (low[0], low[1] + 1)
    if isinstance(op, arith.RemSIOp | arith.RemUIOp):
        if ranges[1][0] <= 0 or ranges[0][0] < 0:
            return None
        return 0, min(ranges[0][1], ranges[1][1] - 1)
    if isinstance(op, arith.MaxSIOp | arith.MaxUIOp):
        return max(ranges[0][0], ranges[1][0]), max(ranges[0][1], ranges[1][1])
    if isinstance(op, arith.MinSIOp | arith.MinUIOp):
        return min(ranges[0][0], ranges[1][0]), min(ranges[0][1], ranges[1][1])
    if isinstance(op, arith.IndexCastOp | arith.ExtSIOp | arith.ExtUIOp | arith.TruncIOp):
        return ranges[0]
    if isinstance(op, arith.SelectOp):
        return _span(ranges[1], ranges[2])
    if isinstance(op, arith.ShLIOp) and ranges[1][0] >= 0 and ranges[1][1] < 64:
        return _products(ranges[0], (1 << ranges[1][0], 1 << ranges[1][1]))
    return None


def _each_once(pending: list[SSAValue]) -> Iterator[SSAValue]:
    """Each value of `pending` once, those the caller appends while iterating included (the
    work list of the data-flow walks below)."""
    seen: set[SSAValue] = set()
    while pending:
        value = pending.pop()
        if value not in seen:
            seen.add(value)
            yield value


def _root(value: SSAValue, ranges: _Ranges) -> tuple[BlockArgument, int] | None:
    """The parameter of the entry a pointer derives from and its largest byte offset."""
    offset = 0
    seen: set[SSAValue] = set()
    while value not in seen:
        seen.add(value)
        if isinstance(value, BlockArgument):
            owner = value.block.parent_op()
            if owner is ranges.entry and value.block is ranges.entry.body.blocks.first:
                return value, offset
            if isinstance(owner, func.FuncOp):
                calls = ranges.index.operands(owner, value.index)
                if len(calls) != 1:  # several callers: sized by their own views
                    return None
                value = calls[0]
                continue
            return None
        op = value.owner
        if isinstance(op, AddPtrOp):
            step = ranges.of(op.offset)
            element = op.ptr.type.element if isinstance(op.ptr.type, PtrType) else None
            if step is None or element is None:
                return None
            offset += max(step[1], 0) * element.bytes
            value = op.ptr
        elif isinstance(op, CastPtrOp) and isinstance(op.input.type, PtrType):
            value = op.input
        else:
            return None
    return None  # a cycle through calls


def pointer_bytes(
    module: ModuleOp, entry: func.FuncOp, scalars: Mapping[int, int], calls: CallIndex | None = None
) -> dict[int, int]:
    """Per pointer parameter of `entry` that a view sizes: the bytes its views reach."""
    block = entry.body.blocks.first
    assert block is not None
    ranges = _Ranges(module, entry, {block.args[i]: v for i, v in scalars.items()}, calls=calls)
    sizes: dict[int, int] = {}
    for op in module.walk():
        if not isinstance(op, MakeTensorViewOp):
            continue
        root = _root(op.ptr, ranges)
        if root is None:
            continue
        arg, offset = root
        shape = [ranges.of(v) for v in op.shape]
        strides = [ranges.of(v) for v in op.strides]
        if any(r is None for r in shape + strides):
            continue
        element = op.result.type.element  # pyright: ignore[reportAttributeAccessIssue]
        dims = [r[1] for r in shape if r is not None]
        steps = [max(r[1], 0) for r in strides if r is not None]
        if min(dims, default=1) <= 0:
            continue
        reach = 1 + sum((d - 1) * s for d, s in zip(dims, steps, strict=True))
        nbytes = offset + reach * element.bytes
        sizes[arg.index] = max(sizes.get(arg.index, 0), nbytes)
    return sizes


def signal_pointers(
    module: ModuleOp, entry: func.FuncOp, scalars: Mapping[int, int], calls: CallIndex | None = None
) -> set[int]:
    """The pointer parameters of `entry` whose views hold the signals of `comm.tnotify`,
    `twait` or `ttest`."""
    block = entry.body.blocks.first
    assert block is not None
    ranges = _Ranges(module, entry, {block.args[i]: v for i, v in scalars.items()}, calls=calls)
    found: set[int] = set()
    for op in module.walk():
        if not isinstance(op, SignalOp):
            continue
        view = op.signal
        while isinstance(view.owner, PartitionViewOp):
            view = view.owner.source
        if isinstance(view.owner, MakeTensorViewOp) and (root := _root(view.owner.ptr, ranges)):
            found.add(root[0].index)
    return found


def _parameters_of(value: SSAValue, entry: func.FuncOp, calls: CallIndex) -> set[int]:
    """The entry's parameters a pointer derives from (through `addptr`, `castptr` and
    every call of the module's functions)."""
    found: set[int] = set()
    pending: list[SSAValue] = [value]
    for value in _each_once(pending):
        if isinstance(value, BlockArgument):
            owner = value.block.parent_op()
            if owner is entry:
                found.add(value.index)
            elif isinstance(owner, func.FuncOp):
                pending.extend(calls.operands(owner, value.index))
        elif isinstance(value.owner, AddPtrOp):
            pending.append(value.owner.ptr)
        elif isinstance(value.owner, CastPtrOp):
            pending.append(value.owner.input)
    return found


def _reaches_addptr(value: SSAValue, calls: CallIndex) -> bool:
    """Whether `value` becomes a `pto.addptr` offset through integer arithmetic, returns
    and calls."""
    pending: list[SSAValue] = [value]
    for value in _each_once(pending):
        for use in value.uses:
            op = use.operation
            if isinstance(op, AddPtrOp) and use.index == 1:
                return True
            if isinstance(op, _INDEX_MATH):
                pending.extend(op.results)
            elif isinstance(op, func.ReturnOp) and isinstance(fn := op.parent_op(), func.FuncOp):
                for call in calls.calls(fn.sym_name.data):
                    pending.append(call.results[use.index])
    return False


def address_pointers(
    module: ModuleOp, entry: func.FuncOp, calls: CallIndex | None = None
) -> set[int]:
    """The pointer parameters of `entry` whose elements, read by `pto.load_scalar`, become
    a `pto.addptr` offset."""
    found: set[int] = set()
    index = calls or CallIndex(module)
    for op in module.walk():
        if isinstance(op, LoadScalarOp) and _reaches_addptr(op.value, index):
            found |= _parameters_of(op.ptr, entry, index)
    return found


_CASTS = (arith.IndexCastOp, arith.ExtSIOp, arith.ExtUIOp, arith.TruncIOp)
_INDEX_MATH = (*_CASTS, arith.AddiOp, arith.SubiOp, arith.MuliOp, arith.MaxSIOp,
               arith.MinSIOp, arith.MaxUIOp, arith.MinUIOp, arith.DivSIOp, arith.DivUIOp,
               arith.FloorDivSIOp, arith.CeilDivSIOp, arith.RemSIOp, arith.RemUIOp)  # fmt: skip


def _only_offsets(arg: BlockArgument) -> bool:
    """Whether every use of `arg` (through integer arithmetic) is a partition offset."""
    pending: list[SSAValue] = [arg]
    found = False
    for value in _each_once(pending):
        for use in value.uses:
            op = use.operation
            if isinstance(op, _INDEX_MATH):
                pending.extend(op.results)
            elif isinstance(op, PartitionViewOp) and 1 <= use.index <= len(op.offsets):
                found = True
            else:
                return False
    return found


def _param(value: SSAValue, params: Mapping[BlockArgument, int]) -> BlockArgument | None:
    """The one parameter that `value` is computed from by integer arithmetic (with
    constants), if there is exactly one."""
    found: set[BlockArgument] = set()
    pending: list[SSAValue] = [value]
    for value in _each_once(pending):
        if isinstance(value, BlockArgument):
            if value not in params:
                return None
            found.add(value)
        elif isinstance(value.owner, _INDEX_MATH):
            pending.extend(value.owner.operands)
        elif not isinstance(value.owner, arith.ConstantOp):
            return None
    return found.pop() if len(found) == 1 else None


def _smallest(ranges: _Ranges, dim: SSAValue, param: BlockArgument, need: int) -> int | None:
    """The smallest value of `param`, from its current one, that makes `dim` reach `need`
    (a doubling search, then a bisection: `dim` grows with `param`), if one does."""
    scalars = ranges.scalars

    def reaches(value: int) -> bool:
        trial = _Ranges(ranges.module, ranges.entry, {**scalars, param: value}, calls=ranges.calls)
        extent = trial.of(dim)
        return extent is not None and extent[1] >= need

    low = scalars[param]
    if reaches(low):
        return None
    high = max(1, low * 2)
    while not reaches(high):
        if high > MAX_ARRAY_BYTES:
            return None
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if reaches(middle) else (middle, high)
    return high


def _extents(module: ModuleOp, entry: func.FuncOp, scalars: dict[BlockArgument, int],
             fixed: set[BlockArgument], calls: CallIndex) -> None:  # fmt: skip
    """Raises each scalar that gives a view's extent (alone, through integer arithmetic;
    not in `fixed`) to the smallest one holding every partition the kernel takes of that
    view, in place."""
    for _ in range(3):  # an offset may depend on another extent
        ranges = _Ranges(module, entry, scalars, calls=calls)
        changed = False
        for op in module.walk():
            if not isinstance(op, PartitionViewOp):
                continue
            view = op.source.owner
            if not isinstance(view, MakeTensorViewOp):
                continue
            for dim, offset, size in zip(view.shape, op.offsets, op.sizes, strict=False):
                param = _param(dim, scalars)
                low, high = ranges.of(offset), ranges.of(size)
                if param is None or param in fixed or low is None or high is None:
                    continue
                value = _smallest(ranges, dim, param, max(low[1], 0) + max(high[1], 0))
                if value is not None:
                    scalars[param] = value
                    ranges = _Ranges(module, entry, scalars, calls=calls)
                    changed = True
        if not changed:
            return


def _scalar_default(type: Attribute) -> int | float | None:
    if isinstance(type, IntegerType | IndexType):
        return DEFAULT_INT
    dtype = dtype_of(type)
    return DEFAULT_FLOAT if dtype is not None and dtype.is_float else None


_CHUNK = 1 << 22
"""Elements generated at a time (a model's weights are hundreds of MiB)."""


def _random(dtype: DType, count: int, rng: np.random.Generator) -> np.ndarray:
    """`count` random elements of `dtype`, in a buffer with GM's pages (`gm_array`): f32
    uniform in [-1, 1); narrower floats the points of [-1, 1) spaced 2^-15 apart rounded to
    the type; integers uniform in [1, INT_LIMIT]."""
    out = gm_array(dtype.numpy, count)
    table = _grid(dtype) if dtype.is_float and dtype.bytes < 4 else None
    for start in range(0, count, _CHUNK):
        part = out[start : start + _CHUNK]
        if table is not None:  # by the bits (numpy's take is slow on ml_dtypes' types; every
            # index is in range, and clip is take's fast mode)
            bits = part.view(f"u{dtype.bytes}")
            np.take(
                table, rng.integers(0, 1 << 16, part.size, dtype=np.uint16), out=bits, mode="clip"
            )
        elif dtype.is_float:
            values = rng.random(part.size, dtype=np.float32)
            values *= 2
            values -= 1
            part[...] = values
        else:  # full-range bytes are numpy's fastest draw; INT_LIMIT is a power of 2
            draw = rng.integers(0, 256, part.size, dtype=np.uint8)
            np.bitwise_and(draw, INT_LIMIT - 1, out=draw)
            part[...] = np.add(draw, 1, out=draw)
    return out


def _grid(dtype: DType) -> np.ndarray:
    """The 2^16 points k / 2^15 - 1 of [-1, 1), rounded to `dtype`, as their bits."""
    points = (np.arange(1 << 16, dtype=np.float64) / (1 << 15) - 1).astype(dtype.numpy)
    return points.view(f"u{dtype.bytes}")


@dataclass(frozen=True)
class AutoPlan:
    """What `--arg auto` gives each parameter, before any data is made."""

    scalars: dict[int, int | float]
    """Per scalar parameter: its value."""
    pointer_bytes: dict[int, int]
    """Per GM pointer parameter: the bytes of its buffer."""
    signals: set[int] = field(default_factory=set[int])
    """The GM pointer parameters that hold communication signals: zeros."""
    addresses: set[int] = field(default_factory=set[int])
    """The GM pointer parameters whose elements become pointer offsets: zeros."""


ON_CHIP_SPAN = 16 * 1024
"""`--arg auto`: the bytes apart at which the on-chip pointer parameters of one memory are
placed (0, 16 KiB, 32 KiB, ... of UB, L1, ...; zeros, as the memories start)."""


def _on_chip_addresses(params: Sequence[tuple[BlockArgument, Attribute]]) -> dict[int, int]:
    """Each on-chip pointer parameter's byte address, by parameter index."""
    taken: dict[MemorySpace, int] = {}
    addresses: dict[int, int] = {}
    for arg, type in params:
        if isinstance(type, PtrType) and type.is_typed and type.memory is not MemorySpace.GM:
            slot = taken.get(type.memory, 0)
            taken[type.memory] = slot + 1
            addresses[arg.index] = slot * ON_CHIP_SPAN
    return addresses


def auto_plan(
    module: ModuleOp, entry: func.FuncOp, values: Mapping[str, int | float] | None = None
) -> AutoPlan:
    """The scalars and buffer sizes of `auto_args` (see the module's docstring)."""
    block = entry.body.blocks.first
    assert block is not None
    params = list(zip(block.args, entry.function_type.inputs.data, strict=True))
    chosen = _chosen(params, values or {})
    scalars: dict[int, int | float] = {}
    for arg, type in params:
        default = _scalar_default(type)
        if default is not None and arg.name_hint in NAMED_DEFAULTS:
            default = NAMED_DEFAULTS[arg.name_hint]
        value = chosen.get(arg.index, default)
        if value is not None and not isinstance(type, PtrType | TileTypeBase):
            scalars[arg.index] = value
    ints = {block.args[i]: v for i, v in scalars.items() if isinstance(v, int)}
    for arg in ints:
        if arg.index not in chosen and arg.name_hint not in NAMED_DEFAULTS and _only_offsets(arg):
            ints[arg] = 0
    calls = CallIndex(module)
    _extents(module, entry, ints, {block.args[i] for i in chosen}, calls)
    scalars.update({arg.index: v for arg, v in ints.items()})
    scalars.update(_on_chip_addresses(params))
    sizes = pointer_bytes(module, entry, {arg.index: v for arg, v in ints.items()}, calls)
    for arg, type in params:
        if isinstance(type, PtrType):
            sizes.setdefault(arg.index, UNSIZED_BYTES)
    signals = signal_pointers(module, entry, {arg.index: v for arg, v in ints.items()}, calls)
    return AutoPlan(scalars, sizes, signals, address_pointers(module, entry, calls))


def auto_args(
    module: ModuleOp,
    entry: func.FuncOp,
    seed: int | None = None,
    values: Mapping[str, int | float] | None = None,
) -> list[Arg]:
    """One argument per parameter of `entry` (see the module's docstring). `values` sets
    scalars by parameter name (`arg3` or `%arg3`) or position (`"3"`)."""
    plan = auto_plan(module, entry, values)
    rng = np.random.default_rng(seed)
    args: list[Arg] = []
    for index, type in enumerate(entry.function_type.inputs.data):
        if index in plan.scalars:
            args.append(ScalarArg(plan.scalars[index], str(type)))
        elif isinstance(type, PtrType):
            dtype = type.element or dtype_named("ui8")
            nbytes = plan.pointer_bytes[index]
            if nbytes > MAX_AUTO_BYTES:
                raise ArgError(f"--arg auto: the views of argument {index} reach {nbytes} "
                               f"bytes, more than pto-run makes ({MAX_AUTO_BYTES})")  # fmt: skip
            count = -(-nbytes // dtype.bytes)
            if index in plan.signals or index in plan.addresses:  # see the docstring
                array = np.zeros(count, dtype.numpy)
            else:
                array = _random(dtype, count, rng)
            args.append(ArrayArg(array, in_place=True))
        elif (window := gm_window(type)) is not None:  # a GM buffer of exactly its shape
            count = prod(window[0])
            if count * window[1].bytes > MAX_AUTO_BYTES:
                raise ArgError(f"--arg auto: argument {index} ({type}) reaches more than "
                               f"{MAX_AUTO_BYTES} bytes")  # fmt: skip
            args.append(ArrayArg(_random(window[1], count, rng), in_place=True))
        elif isinstance(type, TileTypeBase):
            shape = type.shape
            if prod(shape) * type.element.bytes > MAX_ARRAY_BYTES:
                raise ArgError(f"--arg auto: argument {index} ({type}) is a tile of more "
                               f"than {MAX_ARRAY_BYTES} bytes")  # fmt: skip
            args.append(ArrayArg(_random(type.element, prod(shape), rng).reshape(shape)))
        else:
            raise ArgError(f"--arg auto: argument {index} ({type}) has no default")
    return args


def _chosen(
    params: list[tuple[BlockArgument, Attribute]], values: Mapping[str, int | float]
) -> dict[int, int | float]:
    """The parameter index of each named value, checked against the parameter's kind."""
    by_name = {a.name_hint: a.index for a, _ in params if a.name_hint}
    chosen: dict[int, int | float] = {}
    for name, value in values.items():
        key = name.removeprefix("%")
        index = by_name.get(key, int(key) if key.isdigit() else None)
        if index is None or index >= len(params):
            names = ", ".join(f"%{n}" for n in by_name) or "none"
            raise ArgError(f"--arg-value {name}: no such parameter (its names: {names})")
        type = params[index][1]
        if isinstance(type, IntegerType | IndexType):
            if not isinstance(value, int):
                raise ArgError(f"--arg-value {name}: parameter {index} ({type}) needs an integer")
        elif _scalar_default(type) is None:
            raise ArgError(f"--arg-value {name}: parameter {index} ({type}) is not a scalar")
        chosen[index] = value if isinstance(type, IntegerType | IndexType) else float(value)
    return chosen
