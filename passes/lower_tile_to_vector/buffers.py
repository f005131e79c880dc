"""What `pto-lower-tile-to-vector` knows of a tile op's buffers before it emits code: the
planned tile buffers and their valid sizes (folded where known at compile time), and the
checks that refuse an op no exact vector loop exists for.
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from passes.common import pass_error
from passes.valid_shapes import UnsettledValidShape, valid_operands, valid_values
from pto_dialect import rules
from pto_dialect.attrs import Location
from pto_dialect.dtypes import DType
from pto_dialect.ops.cross_core_pipe import PopOp
from pto_dialect.ops.lowered_pipe import DeclareTileOp
from pto_dialect.ops.tile_memory import AllocTileOp, constant_index
from pto_dialect.ops.tile_view import WindowViewOp
from pto_dialect.ops.vector_arith import VDivOp
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.rules import Pick
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType
from pto_dialect.vector_types import VREG_BITS

NAME = "pto-lower-tile-to-vector"

CHUNK_BYTES = VREG_BITS // 8
"""Bytes of one vector register, the step of every loop over a row."""


@dataclass(frozen=True)
class Size:
    """A size, count or offset: an int when known at compile time, else an `index` value;
    `bound` is the largest value it can take."""

    value: int | SSAValue
    bound: int

    @staticmethod
    def of(n: int) -> Size:
        return Size(n, n)

    @property
    def known(self) -> int | None:
        return self.value if isinstance(self.value, int) else None


def at_least(a: Size, b: Size) -> bool:
    """Whether `a >= b` holds whatever the run-time values (sizes are never negative)."""
    if isinstance(a.value, int):
        return a.value >= b.bound
    return a.value is b.value or b.bound == 0


def footprint(rows: int, stride: int, cols: int, lanes: int) -> int:
    """One past the furthest element a register access touches when the first `cols`
    elements of `rows` rows `stride` elements apart are walked in chunks of `lanes`
    (0: no access)."""
    if rows <= 0 or cols <= 0:
        return 0
    return (rows - 1) * stride + (cols - 1) // lanes * lanes + lanes


@dataclass(frozen=True)
class Shift:
    """Where a `pto.subview` at run-time offsets starts: `sum(value x factor)` elements past
    its buffer's `address`, at most `bound`; the view's valid region lies inside its source
    (pto-run checks it), whose bytes end at `end`."""

    terms: tuple[tuple[SSAValue, int], ...]
    bound: int
    end: int


_RUN_TIME_PLACES = ContextVar("run_time_places", default=False)
"""Whether `buffer_of` takes tiles placed at run time (`run_time_places`)."""


@contextmanager
def run_time_places() -> Generator[None]:
    """Lets `buffer_of` return tiles whose address only the run time knows: subviews at
    run-time offsets (a `Buffer` with a `Shift`) and tiles popped from a cross-core pipe (a
    `Buffer` with a `base`). The op-by-op lowering reaches them by a pointer computed before
    the op; pto-fuse does not set it: its order checks place every buffer at a
    compile-time address."""
    token = _RUN_TIME_PLACES.set(True)
    try:
        yield
    finally:
        _RUN_TIME_PLACES.reset(token)


@dataclass(frozen=True)
class Buffer:
    """A planned `loc=vec` ND tile buffer and its valid region."""

    value: SSAValue
    type: TileBufType
    address: int
    valid_rows: Size
    valid_cols: Size
    step: int | None = None
    """Elements from one row to the next when the tile views another's storage (a
    `pto.subview`: its source's row stride); None: the tile's own cols."""
    shift: Shift | None = None
    """A subview at run-time offsets: its element (0, 0) is `shift` elements past
    `address`; its bytes lie in `[address, shift.end)`."""
    base: SSAValue | None = None
    """A tile popped from a cross-core pipe (or a view of one): its bytes are the slot the
    pop yields at run time (`pto.tile_buf_addr` of `base`), a space of their own as
    `passes.footprint` (sync) and pto-run see it; `address` counts from the slot's start."""

    @property
    def dtype(self) -> DType:
        return self.type.element

    @property
    def rows(self) -> int:
        return self.type.shape[0]

    @property
    def stride(self) -> int:
        """Elements from one row to the next (the tile's cols, or the viewed tile's)."""
        return self.type.shape[1] if self.step is None else self.step

    @property
    def extent(self) -> int:
        """Bytes from element (0, 0) to one past the tile's last element."""
        if self.step is None:
            return self.type.size_bytes
        rows, cols = self.type.shape
        return ((rows - 1) * self.step + cols) * self.dtype.bytes

    @property
    def end(self) -> int:
        """One past the last byte the tile may occupy (a shifted view: its source's end)."""
        return self.address + self.extent if self.shift is None else self.shift.end

    @property
    def shift_bound(self) -> int:
        """The most elements element (0, 0) may lie past `address`."""
        return 0 if self.shift is None else self.shift.bound

    def overlaps(self, other: Buffer) -> bool:
        return self.base is other.base and self.address < other.end and other.address < self.end

    @property
    def terms(self) -> tuple[tuple[SSAValue, int], ...]:
        """The run-time offsets of a shifted view, each with its factor (else none)."""
        return () if self.shift is None else self.shift.terms

    def same_start(self, other: Buffer) -> bool:
        """Element (0, 0) of both tiles is at the same byte, whatever the run-time offsets."""
        return (
            self.base is other.base and self.address == other.address and self.terms == other.terms
        )

    def same_placement(self, other: Buffer) -> bool:
        """Element (i, j) of both tiles is the same byte range."""
        return self.same_start(other) and self.stride == other.stride

    def clashes(self, other: Buffer) -> bool:
        """Whether the tiles may share bytes other than element for element, where a chunked
        loop reading one and writing the other would read what it overwrote. A view at one
        run-time offset (a row or column of its source) beside a tile at a fixed address
        clashes only if some offset it may take puts it across the other but not on it."""
        if not self.overlaps(other) or self.same_placement(other):
            return False
        moving, fixed = (self, other) if other.shift is None else (other, self)
        if fixed.shift is not None or moving.shift is None or len(moving.terms) != 1:
            return True
        factor = moving.terms[0][1]
        unit, last = factor * moving.dtype.bytes, moving.shift.bound // factor
        # offset k puts the view at [address + k unit, + extent): across `fixed` for k in
        # (lo, hi), on it only at k = on (same start and row stride)
        lo = (fixed.address - moving.extent - moving.address) // unit + 1
        hi = -((moving.address - fixed.end) // unit) - 1
        first, final = max(lo, 0), min(hi, last)
        on, rest = divmod(fixed.address - moving.address, unit)
        same = rest == 0 and first <= on <= final and moving.stride == fixed.stride
        return final - first + 1 > int(same)

    def past_end(self, span: int) -> bool:
        """Whether `span` elements from element (0, 0) may reach past the tile's bytes."""
        return self.address + (self.shift_bound + span) * self.dtype.bytes > self.end

    def describe(self, role: str) -> str:
        name = f" %{self.value.name_hint}" if self.value.name_hint else ""
        return f"{role}{name} (bytes [{self.address}, {self.end}))"


def _valid_size(operand: SSAValue | None, static: int, extent: int) -> Size:
    if static != DYNAMIC:
        return Size.of(static)
    assert operand is not None  # alloc_tile's verifier: an operand for every `?`
    known = constant_index(operand)
    return Size(operand, extent) if known is None else Size.of(known)


def buffer_of(op: Operation, value: SSAValue, role: str, column: bool = False) -> Buffer:
    """The planned tile buffer `value` names, or the diagnostic saying why it is not one.
    With `column`, a DN tile of one column is one too: its element i is at i, as in an ND
    tile of stride 1 (a row reduction's dst)."""
    type = value.type
    assert isinstance(type, TileBufType)  # DPS form (checked by the pass) and the verifier
    name = f"{role} tile buffer" + (f" %{value.name_hint}" if value.name_hint else "")
    alloc = value.owner
    if isinstance(alloc, WindowViewOp):
        return _window_of(op, alloc, role)
    if isinstance(alloc, PopOp) and _RUN_TIME_PLACES.get():
        return _popped(op, alloc, name)
    if isinstance(alloc, DeclareTileOp):
        raise pass_error(
            NAME, f"{name} is a pto.declare_tile: its address is the pipe slot a pto.tpop binds "
            "it to at run time", op
        )  # fmt: skip
    if not isinstance(alloc, AllocTileOp):
        raise pass_error(
            NAME,
            f"{name} is not a pto.alloc_tile result, so its address is unknown: run "
            "pto-plan-memory first",
            op,
        )
    address = alloc.address
    if address is None:
        raise pass_error(NAME, f"{name} has no planned address: run pto-plan-memory first", op)
    one_column = column and not type.is_boxed and type.shape[1] == 1
    if type.location is not Location.VEC or not (type.is_nd or one_column):
        raise pass_error(
            NAME,
            f"{name} is a loc={type.location.value} tile with blayout="
            f"{type.blayout.data.value}, slayout={type.slayout.data.value}: the vector "
            "lowering handles loc=vec ND tiles (row-major, none_box)",
            op,
        )
    rows, cols = type.shape
    v_row, v_col = type.valid_shape
    row_value, col_value = valid_at(op, alloc, name)
    return Buffer(
        value,
        type,
        address,
        _valid_size(row_value, v_row, rows),
        _valid_size(col_value, v_col, cols),
    )


def _popped(op: Operation, pop: PopOp, name: str) -> Buffer:
    """A tile popped from a cross-core pipe: at the slot's address, its valid sizes the
    pop's extents (else its type's; a `?` without them is the whole tile, as pto-run pops)."""
    value = pop.tile
    type = value.type
    assert isinstance(type, TileBufType)  # buffer_of's caller
    if type.location is not Location.VEC or not type.is_nd:
        raise pass_error(
            NAME, f"{name} is a popped loc={type.location.value} tile that is not row-major "
            "none_box: the vector lowering handles loc=vec ND tiles", op
        )  # fmt: skip
    try:
        found = valid_values(value, op)
    except UnsettledValidShape as err:
        raise pass_error(NAME, f"{name}: {err}", op) from None
    extents = pop.valid_extents()
    operands = found or (tuple(extents) if extents else (None, None))
    sizes = [
        _valid_size(v, s, n) if v is not None or s != DYNAMIC else Size.of(n)
        for v, s, n in zip(operands, type.valid_shape, type.shape, strict=True)
    ]
    return Buffer(value, type, 0, sizes[0], sizes[1], base=value)


def valid_at(
    op: Operation, alloc: AllocTileOp, name: str
) -> tuple[SSAValue | None, SSAValue | None]:
    """The valid-size values of `alloc`'s tile where `op` runs (`passes.valid_shapes`), or
    the diagnostic when a `pto.set_validshape` may or may not have run before it."""
    try:
        return valid_operands(alloc, op)
    except UnsettledValidShape as err:
        raise pass_error(NAME, f"{name}: {err}", op) from None


def _window_of(op: Operation, view: WindowViewOp, role: str) -> Buffer:
    """A `pto.subview` of a planned tile buffer: its rows where the source holds them,
    the source's row stride apart. Offsets known at compile time move its address; the
    others (under `run_time_views`) are its `Shift`, bounded by the source's shape."""
    source = buffer_of(op, view.source, role)
    type = view.result.type
    rows, cols = type.shape
    v_row, v_col = type.valid_shape
    valid = (
        _valid_size(view.valid_row, v_row, rows),
        _valid_size(view.valid_col, v_col, cols),
    )
    factors = (source.stride, 1)
    start, terms, bound = 0, list(source.shift.terms if source.shift else ()), source.shift_bound
    for value, factor, size, extent in zip(
        view.offsets, factors, valid, source.type.shape, strict=True
    ):
        known = constant_index(value)
        if known is not None:
            start += known * factor
            continue
        if not _RUN_TIME_PLACES.get():
            name = f" %{view.result.name_hint}" if view.result.name_hint else ""
            raise pass_error(
                NAME, f"{role} tile buffer{name} is a pto.subview at a run-time offset: its "
                "address is known only at run time", op
            )  # fmt: skip
        terms.append((value, factor))
        # the valid region lies in the source: offset + valid <= extent (valid >= 1 where
        # any element is accessed)
        bound += (extent - max(size.known or 1, 1)) * factor
    shift = Shift(tuple(terms), bound, source.end) if terms else None
    address = source.address + start * source.dtype.bytes
    return Buffer(view.result, type, address, *valid, source.stride, shift, source.base)


def require_vector_ops(
    op: Operation, target: TargetProfile, dtype: DType, *ops: type[VectorPipeOp]
) -> None:
    """Each vector op of `ops` (`VAddOp`, `VldsOp`, ...) supports `dtype` on `target`,
    by its record."""
    for vector_op in ops:
        legal = vector_op.legal_dtypes(target)
        if vector_op is VDivOp and dtype.is_int and dtype in legal:
            raise pass_error(
                NAME,
                f"{dtype} on target {target.name} has no exact vector lowering: "
                f"{vector_op.name} does not support {dtype} as one instruction (A5's integer "
                "vdiv is PTOAS's software sequence)",
                op,
            )
        if dtype not in legal:
            names = ", ".join(sorted(d.name for d in legal)) or "none"
            raise pass_error(
                NAME,
                f"{dtype} on target {target.name} has no exact vector lowering: "
                f"{vector_op.name} does not support {dtype} (supported: {names})",
                op,
            )


def check_store_in_ub(op: Operation, target: TargetProfile, buffer: Buffer, span: int) -> None:
    """A masked `pto.vsts` still needs its whole 256-byte footprint inside UB: `span` is one
    past the furthest element the stores' footprints reach."""
    end = buffer.address + (buffer.shift_bound + span) * buffer.dtype.bytes
    capacity = target.capacities[Location.VEC]
    if end > capacity:
        raise pass_error(
            NAME,
            f"{buffer.describe('tile')}: the 256-byte footprint of its last pto.vsts would "
            f"reach byte {end}, beyond the {capacity}-byte UB of target {target.name}",
            op,
        )


def reads_ahead(src: Buffer, dst: Buffer, rows: int, cols: int, lanes: int) -> bool:
    """Whether a forward loop over `rows` x `cols` (their bounds) in chunks of `lanes`
    elements, each chunk loaded from `src` and then stored to `dst`, never stores over bytes
    a later chunk still loads: each chunk's store ends at or before where the next chunk's
    load starts (a narrowing `tcvt` into its own source, dst at or below src, as PyPTO's
    kernels write it; pto-isa's A5 TCvt is such a loop). The loads go up, so the next
    chunk's is the nearest. Both gaps (to the next chunk of the row, to the next row's
    first) are linear in the row and chunk, so their corners decide."""
    if src.terms != dst.terms or src.base is not dst.base:
        return False  # a distance known only at run time
    per_row = -(-cols // lanes)
    width, wide = dst.dtype.bytes, src.dtype.bytes

    def store_end(row: int, chunk: int) -> int:
        return dst.address + (row * dst.stride + (chunk + 1) * lanes) * width

    def load(row: int, chunk: int) -> int:
        return src.address + (row * src.stride + chunk * lanes) * wide

    within = [(r, k) for r in {0, rows - 1} for k in {0, per_row - 2}] if per_row > 1 else []
    across = [(r, per_row - 1) for r in {0, rows - 2}] if rows > 1 and per_row else []
    return all(store_end(r, k) <= load(r, k + 1) for r, k in within) and all(
        store_end(r, k) <= load(r + 1, 0) for r, k in across
    )


OVERWRITTEN = " at another position: a chunked loop would read elements it already overwrote"
"""Why a source that overlaps the destination other than element for element is refused."""


def overlap_error(
    op: Operation, a: Buffer, a_role: str, b: Buffer, b_role: str, why: str = OVERWRITTEN
) -> PassFailedException:
    """The diagnostic for buffers `a` and `b` that share bytes a chunked loop cannot."""
    return pass_error(NAME, f"{a.describe(a_role)} overlaps {b.describe(b_role)}{why}", op)


def swap_select(tile_rule: Pick, target: TargetProfile) -> bool:
    """Whether `vmax`/`vmin` need their operands swapped to return, on a false comparison
    (equal or NaN operands), the operand the tile op's `tile_rule` returns."""
    return tile_rule is not rules.VECTOR_ARITH_RULES[target.arch].max_min_fallback
