"""What `pto-lower-tile-to-vector` knows of a tile op's buffers before it emits code: the
planned tile buffers and their valid sizes (folded where known at compile time), and the
checks that refuse an op no exact vector loop exists for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from xdsl.ir import Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from passes.common import pass_error
from passes.valid_shapes import UnsettledValidShape, valid_operands
from pto_dialect import rules
from pto_dialect.attrs import Location
from pto_dialect.dtypes import DType
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
    def end(self) -> int:
        if self.step is None:
            return self.address + self.type.size_bytes
        rows, cols = self.type.shape
        return self.address + ((rows - 1) * self.step + cols) * self.dtype.bytes

    def overlaps(self, other: Buffer) -> bool:
        return self.address < other.end and other.address < self.end

    def same_placement(self, other: Buffer) -> bool:
        """Element (i, j) of both tiles is the same byte range."""
        return self.address == other.address and self.stride == other.stride

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
    the source's row stride apart."""
    source = buffer_of(op, view.source, role)
    offsets = [constant_index(v) for v in view.offsets]
    if None in offsets:
        name = f" %{view.result.name_hint}" if view.result.name_hint else ""
        raise pass_error(
            NAME, f"{role} tile buffer{name} is a pto.subview at a run-time offset: its "
            "address is known only at run time", op
        )  # fmt: skip
    row, col = cast(list[int], offsets)
    type = view.result.type
    rows, cols = type.shape
    v_row, v_col = type.valid_shape
    return Buffer(
        view.result,
        type,
        source.address + (row * source.stride + col) * source.dtype.bytes,
        _valid_size(view.valid_row, v_row, rows),
        _valid_size(view.valid_col, v_col, cols),
        source.stride,
    )


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
    end = buffer.address + span * buffer.dtype.bytes
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
