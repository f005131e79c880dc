"""The tile ops `pto-fuse` computes in registers, and what each reads and writes per row.

A member works row by row: row i of its result depends on row i of its operands only (and
on row 0 of a column operand, which no member of its group may write). Each operand is read
one way (`Read`), and the result has one of four register forms (`Form`). The checks are
those of the op's own lowering (`pto-lower-tile-to-vector`, run on a scratch vecscope), so a
member is exactly what that lowering would compute, chunk by chunk; on top of them a member
needs static valid sizes and a row-major dst of one element type with its sources (but a
`tcvt`, whose registers are of its wider type).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from xdsl.ir import Block, Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.utils.exceptions import PassFailedException

from passes.lower_tile_to_vector.buffers import (
    CHUNK_BYTES,
    Buffer,
    buffer_of,
    check_store_in_ub,
    footprint,
    require_vector_ops,
)
from passes.lower_tile_to_vector.convert import ConvertForm
from passes.lower_tile_to_vector.elementwise import ElementwiseLowering
from passes.lower_tile_to_vector.emit import Emitter
from passes.lower_tile_to_vector.expand import ExpandLowering
from passes.lower_tile_to_vector.row_reduce import WIDENED
from passes.lower_tile_to_vector.row_results import row_dst_buffer
from passes.lower_tile_to_vector.scalar import ScalarLowering
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType, dtype_of
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_convert import TCvtOp
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_expand import ExpandBinaryTileOp, ExpandTileOp, mode2_blocks
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp, TRowProdOp
from pto_dialect.ops.tile_scalar import ScalarTileOp, TExpandSOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_arith import VBrOp
from pto_dialect.ops.vector_compare import VSelOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_materialize import VDupOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile

Lowering = ElementwiseLowering | ScalarLowering | ExpandLowering | ConvertForm


class Form(Enum):
    """How a buffer's row is held in registers after a member wrote it."""

    ROW = "row"
    """The row's C valid columns in ceil(C / N) registers of N lanes."""
    SCALAR = "scalar"
    """Element (i, 0) in lane 0 (a buffer of one valid column; the other lanes are not
    the buffer's)."""
    UNIFORM = "uniform"
    """One register whose every lane holds the row's value: the buffer's valid columns of
    row i all hold it."""
    PACKED = "packed"
    """A narrowing `tcvt`'s results in the low halves of the wide lanes: stored (`PK`),
    never read from registers."""


class Read(Enum):
    """How a member reads an operand's row i."""

    CHUNKS = "chunks"
    """The row's valid columns, register by register."""
    BRC = "brc"
    """Element (i, 0) in every lane (`vlds {dist = BRC_B<bits>}`)."""
    BLK = "blk"
    """Row i's first 32-byte block in every block of the register (`vlds {dist = BLK}`)."""
    COLUMN = "column"
    """Row 0's valid columns, whatever i (the column operand of `tcolexpand*`)."""


@dataclass(frozen=True)
class Place:
    """A buffer as its bytes are laid out: two tile buffers of one place hold element
    (i, j) at the same bytes."""

    address: int
    dtype: DType
    stride: int

    @staticmethod
    def of(buffer: Buffer, step: int | None = None) -> Place:
        return Place(buffer.address, buffer.dtype, buffer.stride if step is None else step)


@dataclass(frozen=True)
class Access:
    """One operand: its buffer, how it is read, the elements from its row i to row i + 1
    (1 for a col-major per-row tile) and the valid columns the read covers."""

    buffer: Buffer
    read: Read
    step: int
    cols: int

    @property
    def place(self) -> Place:
        return Place.of(self.buffer, self.step)


@dataclass
class Member:
    """A tile op of a group: its operands in the order its chunk computation takes them,
    its dst, the form of its result and its domain (rows, and the valid columns of dst or,
    for a row reduction, of its source)."""

    op: TileOp
    reads: list[Access]
    dst: Buffer
    form: Form
    rows: int
    cols: int
    dst_cols: int
    """The valid columns of dst the member writes."""
    lowering: Lowering | None

    @property
    def dtype(self) -> DType:
        """The element type of the member's registers: dst's, or a `tcvt`'s wider type (of
        a conversion between two types of one width, its result's: its source is loaded
        from UB in its own type)."""
        form = self.lowering
        if not isinstance(form, ConvertForm) or form.src.dtype.bits == form.dst.dtype.bits:
            return self.dst.dtype
        return form.wide

    @property
    def name(self) -> str:
        return self.op.name.removeprefix("pto.")


def _known(buffer: Buffer) -> tuple[int, int] | None:
    rows, cols = buffer.valid_rows.known, buffer.valid_cols.known
    return None if rows is None or cols is None else (rows, cols)


def probe_emitter(op: Operation, dtype: DType) -> Emitter:
    """An emitter whose vecscope sits in a block of its own: a lowering's checks run on it,
    and whatever they hoist is dropped with the block."""
    block = Block()
    scope = VecScopeOp()
    block.add_op(scope)
    return Emitter(PatternRewriter(scope), op, scope, dtype)


def lowering_of(
    op: TileOp, target: TargetProfile, emitter: Emitter, rewriter: PatternRewriter
) -> Lowering | None:
    """The lowering object of an elementwise, tile-scalar or expansion op, the form of a
    `tcvt` (None for a row reduction), its checks made, emitting into `emitter`."""
    if isinstance(op, TCvtOp):
        return ConvertForm.of(op, target)
    if isinstance(op, ElementwiseTileOp):
        return ElementwiseLowering(op, rewriter, target, emitter)
    if isinstance(op, ScalarTileOp):
        return ScalarLowering(op, rewriter, target, emitter)
    if isinstance(op, ExpandTileOp | ExpandBinaryTileOp):
        return ExpandLowering(op, rewriter, target, emitter)
    return None


def member(op: Operation, target: TargetProfile) -> Member | None:
    """`op` as a member of a group, or None when `pto-fuse` leaves it to the per-op lowering
    (another family, a form the lowering refuses, a dynamic or uneven shape)."""
    if not isinstance(op, TileOp) or not op.is_dps or op.pipe() is not Pipe.V:
        return None
    if op.not_lowered() is not None:
        return None
    try:
        found = _member(op, target)
        if found is None or any(_known(a.buffer) is None for a in found.reads):
            return None
        converts = isinstance(found.lowering, ConvertForm)
        if not converts and any(a.buffer.dtype != found.dtype for a in found.reads):
            return None
        lanes = CHUNK_BYTES // found.dtype.bytes
        reach = footprint(found.rows, found.dst.stride, found.dst_cols, lanes)
        check_store_in_ub(op, target, found.dst, reach)
        require_vector_ops(op, target, found.dtype, VldsOp, VstsOp, VDupOp)
        if any(bounded(a, found.rows, lanes) for a in found.reads):
            require_vector_ops(op, target, found.dtype, VsldbOp)
    except PassFailedException:
        return None
    return found


def span(access: Access, rows: int, lanes: int) -> int:
    """One past the furthest element of its buffer a register read of `access` reaches."""
    if access.read is Read.COLUMN:
        return footprint(1, access.buffer.stride, access.cols, lanes)
    return footprint(rows, access.buffer.stride, access.cols, lanes)


def bounded(access: Access, rows: int, lanes: int) -> bool:
    """Whether a full-register read of `access` could leave its buffer (then `vsldb`)."""
    if access.read is not Read.CHUNKS and access.read is not Read.COLUMN:
        return False
    buffer = access.buffer
    return buffer.address + span(access, rows, lanes) * buffer.dtype.bytes > buffer.end


def _member(op: TileOp, target: TargetProfile) -> Member | None:
    if isinstance(op, RowReduceTileOp):
        return _row_reduce(op, target)
    if isinstance(op, TCvtOp):
        return _convert(op, target)
    if not isinstance(op, ElementwiseTileOp | ScalarTileOp | ExpandTileOp | ExpandBinaryTileOp):
        return None
    dst = buffer_of(op, op.outs[0], "dst")
    shape = _known(dst)
    if shape is None:
        return None
    probe = probe_emitter(op, dst.dtype)
    lowering = lowering_of(op, target, probe, probe.rewriter)
    rows, cols = shape
    if isinstance(op, TExpandSOp):
        # `vbr` of the scalar: a register of the group's type (not an unsigned tile's
        # signless scalar), every lane the value, stored over the region as its lowering
        if dtype_of(op.scalar.type) != dst.dtype:
            return None
        require_vector_ops(op, target, dst.dtype, VBrOp)
        return Member(op, [], dst, Form.UNIFORM, rows, cols, cols, lowering)
    if isinstance(lowering, ElementwiseLowering):
        if lowering.fills:
            return None
        reads = [Access(s, Read.CHUNKS, s.stride, cols) for s in lowering.srcs]
        return Member(op, reads, dst, Form.ROW, rows, cols, cols, lowering)
    if isinstance(lowering, ScalarLowering):
        reads = [Access(s, Read.CHUNKS, s.stride, cols) for s in lowering.loaded()]
        return Member(op, reads, dst, Form.ROW, rows, cols, cols, lowering)
    assert isinstance(lowering, ExpandLowering)
    source = lowering.source
    if not lowering.op.ROW:
        column = Access(source, Read.COLUMN, 0, cols)
        full = lowering.full
        reads = [column] if full is None else [Access(full, Read.CHUNKS, full.stride, cols), column]
        return Member(op, reads, dst, Form.ROW, rows, cols, cols, lowering)
    binary = isinstance(op, ExpandBinaryTileOp)
    read = Read.BLK if binary and mode2_blocks(source.type, lowering.target) else Read.BRC
    expanded = Access(source, read, lowering.step, 1)
    if lowering.full is None:
        return Member(op, [expanded], dst, Form.UNIFORM, rows, cols, cols, lowering)
    full = Access(lowering.full, Read.CHUNKS, lowering.full.stride, cols)
    return Member(op, [full, expanded], dst, Form.ROW, rows, cols, cols, lowering)


def _row_reduce(op: RowReduceTileOp, target: TargetProfile) -> Member | None:
    """`trowsum`/`trowmax`/`trowmin` into a dst of one valid column that does not overlap
    the source (its result, a SCALAR, is then the whole of dst's valid region); a DN dst
    (element i at i) takes one-point stores, as the per-op lowering's (`row_store`)."""
    if isinstance(op, TRowProdOp) or op.REFUSED is not None or op.REDUCE_OP is None:
        return None
    src = buffer_of(op, op.ins[0], "src")
    dst = row_dst_buffer(op, column=True)
    shape, dst_shape = _known(src), _known(dst)
    if shape is None or dst_shape is None or dst_shape[1] != 1 or dst.overlaps(src):
        return None
    if src.dtype in WIDENED:
        return None
    require_vector_ops(op, target, src.dtype, op.REDUCE_OP, op.STEP_OP, VBrOp, VSelOp)
    rows, cols = shape
    return Member(op, [Access(src, Read.CHUNKS, src.stride, cols)], dst, Form.SCALAR, rows,
                  cols, 1, None)  # fmt: skip


def _convert(op: TCvtOp, target: TargetProfile) -> Member | None:
    """`tcvt` whose registers are of the group's type: the wider side's (its narrower side
    is loaded unpacking or stored packing, as its lowering does); between two types of one
    width (i32 -> f32), the result's, its source loaded from UB in its own type. A
    narrowing one may write into its source's bytes (PyPTO converts f32 -> bf16 in place):
    the plan then orders its stores after the reads they overwrite, or refuses (order.py:
    a member whose UB read and stored write share bytes is not fused). Left alone: any
    other src that shares dst's bytes other than in place (the per-op loop's order is what
    keeps that exact)."""
    form = ConvertForm.of(op, target)
    source, result = form.src.dtype, form.dst.dtype
    shape = _known(form.dst)
    if shape is None:
        return None
    in_place = source.bits == result.bits and form.src.same_placement(form.dst)
    if form.src.overlaps(form.dst) and not (in_place or form.narrowing):
        return None
    rows, cols = shape
    read = Access(form.src, Read.CHUNKS, form.src.stride, cols)
    kind = Form.PACKED if form.narrowing else Form.ROW
    return Member(op, [read], form.dst, kind, rows, cols, cols, form)
