"""The code `pto-lower-tile-to-vector` emits: loops, masks, loads and stores.

Every lowered tile op becomes one `pto.vecscope` right where the op was; the scalars it
needs (constants, pointers, sizes derived from `?` valid sizes) are computed just before the
scope, the per-row and per-chunk arithmetic inside it. A chunk is one vector register: 256
bytes, N = 256 / sizeof(T) lanes, its tail masked by `pto.plt_b<bits>` whose remaining count
is threaded through the loop's `iter_args` (the seed kernel's shape).

`pto.vlds` reads all 256 bytes of a chunk. Where that could read past the end of the tile
buffer (a short last row, a tile smaller than a register) the load is a `pto.vsldb` whose
block mask covers only the 32-byte blocks that hold active lanes, so that every lowered op
touches only bytes of the buffers the tile op names (the sync inserted at tile level stays
correct) and never leaves UB.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, i16, i32
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint
from xdsl.transforms.dead_code_elimination import is_trivially_dead

from passes.lower_tile_to_vector.buffers import CHUNK_BYTES, Buffer, Size, at_least
from pto_dialect.attrs import StoreDist, TargetArch
from pto_dialect.dtypes import DType, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.runtime import MemBarKind, MemBarOp
from pto_dialect.ops.tile_buf_meta import TileBufAddrOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_mask import PLT_OPS
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import vecscope_mem_bar_rule
from pto_dialect.vector_types import VRegType

BLOCK_BYTES = 32
"""The unit of `pto.vsldb` (and the alignment of every tile row)."""
INDEX = IndexType()
VSLDB_CONTIGUOUS = (1, 0)
"""`pto.vsldb` (block, repeat) strides as PTOAS's two i16 operands: consecutive blocks."""


PointerKey = tuple[SSAValue | None, int, tuple[tuple[SSAValue, int], ...], Attribute]
"""A buffer's base, address, run-time shift terms and the pointer's element type."""


@dataclass(frozen=True)
class Operand:
    """A tile buffer as the vector code reads it: its pointer, and whether a plain
    `pto.vlds` may read past the buffer's end (then loads are `pto.vsldb`)."""

    buffer: Buffer
    ptr: SSAValue
    bounded: bool


@dataclass(frozen=True)
class Chunk:
    """The body of a loop over chunks: the offset (elements), one (mask, remaining) per
    count the loop threads, and the block mask of `pto.vsldb` for the first count."""

    offset: Size
    masks: Sequence[SSAValue]
    remaining: Sequence[SSAValue]
    block_mask: SSAValue | None

    @property
    def mask(self) -> SSAValue:
        return self.masks[0]


def _name(value: SSAValue, name: str | None) -> SSAValue:
    if name is not None:
        value.name_hint = name
    return value


def _constant_name(value: int, type: Attribute) -> str:
    suffix = "" if isinstance(type, IndexType) else f"_{type}"
    return f"c{value}{suffix}".replace("-", "m")


@dataclass
class Emitter:
    """Inserts the ops of one lowered tile op: scalars before its `pto.vecscope`, vector
    code at `point` inside it. Sizes fold where they are known."""

    rewriter: PatternRewriter
    op: Operation
    scope: VecScopeOp
    dtype: DType
    point: InsertPoint = field(init=False)
    _setup: InsertPoint = field(init=False)
    _constants: dict[tuple[int, Attribute], SSAValue] = field(
        default_factory=dict[tuple[int, Attribute], SSAValue]
    )
    _counts: dict[SSAValue, SSAValue] = field(default_factory=dict[SSAValue, SSAValue])
    _pointers: dict[PointerKey, SSAValue] = field(default_factory=dict[PointerKey, SSAValue])
    _hoisted_ops: list[Operation] = field(default_factory=list[Operation])

    def __post_init__(self) -> None:
        self.point = InsertPoint.at_end(self.scope.block)
        self._setup = InsertPoint.before(self.scope)

    @staticmethod
    def replacing(op: Operation, rewriter: PatternRewriter, dtype: DType) -> Emitter:
        """An emitter filling a new `pto.vecscope` right before `op`, on `dtype` lanes."""
        scope = VecScopeOp()
        scope.location = op.location
        rewriter.insert(scope, InsertPoint.before(op))
        return Emitter(rewriter, op, scope, dtype)

    # ---- placement ----------------------------------------------------------------------
    @property
    def lanes(self) -> int:
        return CHUNK_BYTES // self.dtype.bytes

    @property
    def vreg(self) -> VRegType:
        return VRegType(self.type)

    @property
    def type(self) -> Attribute:
        return mlir_type(self.dtype)

    def emit(self, op: Operation, *names: str | None) -> Operation:
        """Inserts `op` at the current point and names its results."""
        op.location = self.op.location
        self.rewriter.insert(op, self.point)
        for result, name in zip(op.results, names, strict=False):
            _name(result, name)
        return op

    def hoist(self, op: Operation, *names: str | None) -> Operation:
        """Inserts `op` before the vecscope."""
        with self.before_scope():
            self._hoisted_ops.append(op)
            return self.emit(op, *names)

    def replace_op(self) -> None:
        """Erases the tile op, and the scalars before the vecscope that no path ended up
        using (constants and pointers are made on demand, some for a path not taken)."""
        for op in reversed(self._hoisted_ops):
            if is_trivially_dead(op):
                self.rewriter.erase(op)
        self.rewriter.erase(self.op)

    @contextmanager
    def before_scope(self) -> Generator[None]:
        """Emits the ops of the block before the vecscope."""
        saved, self.point = self.point, self._setup
        try:
            yield
        finally:
            self.point = saved

    @contextmanager
    def inside(self, block: Block) -> Generator[None]:
        saved, self.point = self.point, InsertPoint.at_end(block)
        try:
            yield
        finally:
            self.point = saved

    def _outside(self, value: SSAValue) -> bool:
        owner = value.owner
        op = owner if isinstance(owner, Operation) else owner.parent_op()
        return op is None or not self.scope.is_ancestor(op)

    # ---- scalars --------------------------------------------------------------------------
    def constant(self, value: int, type: IntegerType | IndexType = INDEX) -> SSAValue:
        key = (value, type)
        if key not in self._constants:
            const = arith.ConstantOp(IntegerAttr(value, type))
            self._constants[key] = self.hoist(const, _constant_name(value, type)).results[0]
        return self._constants[key]

    def index(self, size: Size) -> SSAValue:
        return self.constant(size.value) if isinstance(size.value, int) else size.value

    def count(self, size: Size) -> SSAValue:
        """`size` as the i32 lane count `pto.plt` takes."""
        if isinstance(size.value, int):
            return self.constant(size.value, i32)
        value = size.value
        if not self._outside(value):
            return self.emit(arith.IndexCastOp(value, i32), "n").results[0]
        if value not in self._counts:
            cast = arith.IndexCastOp(value, i32)
            self._counts[value] = self.hoist(cast, f"{value.name_hint or 'n'}_i32").results[0]
        return self._counts[value]

    def add(self, a: Size, b: Size, name: str | None = None) -> Size:
        if isinstance(a.value, int) and isinstance(b.value, int):
            return Size.of(a.value + b.value)
        if a.value == 0:
            return b
        if b.value == 0:
            return a
        sum = self.emit(arith.AddiOp(self.index(a), self.index(b)), name).results[0]
        return Size(sum, a.bound + b.bound)

    def mul(self, a: Size, factor: int, name: str | None = None) -> Size:
        if isinstance(a.value, int):
            return Size.of(a.value * factor)
        if factor in (0, 1):
            return a if factor == 1 else Size.of(0)
        product = arith.MuliOp(a.value, self.constant(factor))
        return Size(self.emit(product, name).results[0], a.bound * factor)

    def div(self, a: Size, divisor: int, name: str | None = None) -> Size:
        if isinstance(a.value, int):
            return Size.of(a.value // divisor)
        quotient = arith.DivSIOp(a.value, self.constant(divisor))
        return Size(self.emit(quotient, name).results[0], a.bound // divisor)

    def compare(self, predicate: str, a: Size, b: Size, name: str | None = None) -> SSAValue:
        cmp = arith.CmpiOp(self.index(a), self.index(b), predicate)
        return self.emit(cmp, name).results[0]

    def select(self, cond: SSAValue, a: Size, b: Size, name: str | None = None) -> Size:
        choice = arith.SelectOp(cond, self.index(a), self.index(b))
        return Size(self.emit(choice, name).results[0], max(a.bound, b.bound))

    def min(self, a: Size, b: Size, name: str | None = None) -> Size:
        if at_least(a, b):
            return b
        if at_least(b, a):
            return a
        if isinstance(a.value, int) and isinstance(b.value, int):
            return Size.of(min(a.value, b.value))
        less = self.compare("slt", a, b)
        return Size(self.select(less, a, b, name).value, min(a.bound, b.bound))

    def pointer(self, buffer: Buffer, dtype: DType | None = None) -> SSAValue:
        """`!pto.ptr<T, ub>` to the buffer (T its element type unless `dtype` is given)."""
        element = mlir_type(dtype or buffer.dtype)
        key = (buffer.base, buffer.address, buffer.terms, element)
        if key not in self._pointers:
            hint = buffer.value.name_hint
            name = f"{hint}_ub" if hint else "ub"
            if buffer.base is not None:
                self._pointers[key] = self._in_slot(buffer, element, name)
                return self._pointers[key]
            address = self.constant(buffer.address, IntegerType(64))
            if buffer.terms:
                address = self._shifted(address, buffer.terms, buffer.dtype.bytes)
            ptr = CastPtrOp(address, PtrType(element, MemorySpace.UB))
            self._pointers[key] = self.hoist(ptr, name).results[0]
        return self._pointers[key]

    def _shifted(
        self, address: SSAValue, terms: Sequence[tuple[SSAValue, int]], size: int
    ) -> SSAValue:
        """`address + sum(value x factor) x size` as i64, before the vecscope (a subview at
        run-time offsets: its offsets are defined before the tile op)."""
        i64 = IntegerType(64)
        for value, factor in terms:
            cast = self.hoist(arith.IndexCastOp(value, i64)).results[0]
            scaled = self.hoist(arith.MuliOp(cast, self.constant(factor * size, i64)))
            address = self.hoist(arith.AddiOp(address, scaled.results[0]), "addr").results[0]
        return address

    def _in_slot(self, buffer: Buffer, element: Attribute, name: str) -> SSAValue:
        """The pointer to a popped tile (or a view of one), before the vecscope:
        `pto.tile_buf_addr` of the pop's tile, advanced by the view's offset in elements."""
        assert buffer.base is not None
        own = mlir_type(buffer.dtype)
        ptr = self.hoist(TileBufAddrOp(buffer.base, PtrType(own, MemorySpace.UB)), name)
        at = ptr.results[0]
        offset = Size.of(buffer.address // buffer.dtype.bytes)
        with self.before_scope():
            for value, factor in buffer.terms:
                offset = self.add(offset, self.mul(Size(value, 0), factor))
        if offset.value != 0:
            at = self.hoist(AddPtrOp(at, self.index(offset)), name).results[0]
        if element != own:
            at = self.hoist(CastPtrOp(at, PtrType(element, MemorySpace.UB)), name).results[0]
        return at

    def operand(self, buffer: Buffer, span: int) -> Operand:
        """`buffer` read by chunks that reach at most element `span` from its start."""
        bounded = buffer.past_end(span)
        return Operand(buffer, self.pointer(buffer), bounded)

    # ---- loops ------------------------------------------------------------------------------
    def loop(
        self, lower: Size, upper: Size, step: int, inits: Sequence[SSAValue], name: str
    ) -> scf.ForOp:
        """An `scf.for` at the current point; the caller fills and terminates its body."""
        body = Block(arg_types=[IndexType(), *(v.type for v in inits)])
        _name(body.args[0], name)
        for arg, init in zip(body.args[1:], inits, strict=True):
            _name(arg, init.name_hint)
        loop = scf.ForOp(self.index(lower), self.index(upper), self.constant(step), inits, body)
        self.emit(loop)
        return loop

    @contextmanager
    def rows(self, count: Size, start: int = 0, name: str = "i") -> Generator[Size]:
        """A loop over rows `start .. count - 1`; yields the row index."""
        loop = self.loop(Size.of(start), count, 1, [], name)
        with self.inside(loop.body.block):
            yield Size(loop.body.block.args[0], max(count.bound - 1, 0))
            self.emit(scf.YieldOp())

    @contextmanager
    def chunks(
        self, total: Size, extra: Sequence[Size] = (), *, blocks: bool = False
    ) -> Generator[Chunk]:
        """`scf.for %off = 0 to total step N iter_args(%rem = total, ...)` with one
        `pto.plt` per count (`total` first, then `extra`); `blocks` adds the `pto.vsldb`
        block mask of the first count."""
        counts = [self.count(total), *(self.count(size) for size in extra)]
        names = ["rem", *(f"rem{k}" for k in range(1, len(counts)))]
        loop = self.loop(Size.of(0), total, self.lanes, counts, "off")
        block = loop.body.block
        for arg, name in zip(block.args[1:], names, strict=True):
            _name(arg, name)
        with self.inside(block):
            predicates = [self.plt(rem) for rem in block.args[1:]]
            block_mask = self.block_mask(block.args[1]) if blocks else None
            offset = Size(block.args[0], max(total.bound - 1, 0))
            yield Chunk(offset, [m for m, _ in predicates], list(block.args[1:]), block_mask)
            self.emit(scf.YieldOp(*(n for _, n in predicates)))

    # ---- vector ops ---------------------------------------------------------------------------
    def plt(self, count: SSAValue, bits: int | None = None) -> tuple[SSAValue, SSAValue]:
        op = PLT_OPS[bits or self.dtype.bits](count)
        self.emit(op, "mask", "next")
        return op.results[0], op.results[1]

    def block_mask(self, remaining: SSAValue) -> SSAValue:
        """The mask of `pto.vsldb` that enables the 32-byte blocks holding lanes
        `[0, remaining)`: block b follows mask lane `b * 32 / bits`, so the count is
        `ceil(remaining / per_block) * 4 / sizeof(T)` lanes."""
        per_block = BLOCK_BYTES // self.dtype.bytes
        rounded = arith.AddiOp(remaining, self.constant(per_block - 1, i32))
        blocks = arith.DivSIOp(self.emit(rounded).results[0], self.constant(per_block, i32))
        count = self.emit(blocks, "blocks").results[0]
        scale = 4 // self.dtype.bytes
        if scale != 1:
            count = self.emit(arith.MuliOp(count, self.constant(scale, i32))).results[0]
        return self.plt(count)[0]

    def load(
        self, operand: Operand, offset: Size, block_mask: SSAValue | None, name: str = "v"
    ) -> SSAValue:
        """One chunk of `operand` at element `offset`: `pto.vlds`, or `pto.vsldb` of the
        blocks `block_mask` enables when a full register could leave the buffer."""
        if not operand.bounded:
            load = VldsOp(operand.ptr, self.index(offset), self.vreg)
            return self.emit(load, name).results[0]
        assert block_mask is not None, "a bounded load needs its block mask"
        at = self.emit(AddPtrOp(operand.ptr, self.index(offset)), "at").results[0]
        load = VsldbOp(at, [self.constant(n, i16) for n in VSLDB_CONTIGUOUS], block_mask, self.vreg)
        return self.emit(load, name).results[0]

    def fence(self, arch: TargetArch) -> None:
        """Orders the vector stores before it with the vector loads after it, where the
        target's same-pipe rules ask for it (A5, CPU: `pto.mem_bar "VST_VLD"`, as pto-isa's
        a5/TColSum.hpp fences each level of its pairwise sum)."""
        rule = vecscope_mem_bar_rule(arch)
        if rule is not None and "VST_VLD" in rule.mem_bars:
            self.emit(MemBarOp(MemBarKind.VST_VLD))

    def store(
        self, value: SSAValue, ptr: SSAValue, offset: Size, mask: SSAValue,
        dist: StoreDist | None = None,
    ) -> None:  # fmt: skip
        self.emit(VstsOp(value, ptr, self.index(offset), mask, dist))
