"""The vector cores' copy of a split function works on half the rows: vector core s (of
the block's two, `pto.get_subblock_idx`) takes rows [s * R/2, (s + 1) * R/2) of every
vector tile and of the GM windows it loads and stores (pto-isa TPush/TPop's TILE_UP_DOWN
split of the cube's tiles gives each vector core these rows)."""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IndexType, IntAttr, IntegerAttr
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from passes.common import pass_error
from passes.split_cores.handoffs import NAME
from passes.split_cores.kinds import row_wise
from pto_dialect.attrs import Location
from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.runtime import GetSubBlockIdxOp
from pto_dialect.ops.tile_memory import PartitionViewOp, TLoadOp, TStoreOp
from pto_dialect.tile_types import TileTypeBase

SUBBLOCKS = 2
"""Vector cores per block on a2a3 and a5 (the runs' cores; pto-isa `get_subblockdim()`)."""


def half(type: Attribute, op: Operation) -> Attribute:
    """A vector tile type with half the rows (and valid rows)."""
    if not isinstance(type, TileTypeBase) or type.location is not Location.VEC:
        return type
    rows, v_row = type.rows.data, type.v_row.data
    if rows % SUBBLOCKS or v_row != rows:
        raise pass_error(
            NAME,
            f"a vector tile of {rows} rows (valid {v_row}) cannot be shared by the "
            f"{SUBBLOCKS} vector cores: the rows must be even and all valid",
            op,
        )
    params = list(type.parameters)
    params[2], params[4] = IntAttr(rows // SUBBLOCKS), IntAttr(v_row // SUBBLOCKS)
    return type.new(params)


def halve_rows(function: func.FuncOp) -> None:
    """Every vector tile of `function` (the vector cores' copy) becomes its subblock's half."""
    entry = function.body.block
    offsets: dict[int, SSAValue] = {}
    start = _Start(entry)
    ops = list(function.walk())
    windows: list[tuple[TileOp, int]] = []
    for op in ops:
        if isinstance(op, TileOp):
            if not row_wise(op):
                raise pass_error(
                    NAME,
                    "mixes the rows of its tiles: the vector cores each take half of them",
                    op,
                )
            if isinstance(op, TLoadOp | TStoreOp):
                tile = (op.res[0] if isinstance(op, TLoadOp) else op.src).type
                assert isinstance(tile, TileTypeBase)
                windows.append((op, tile.rows.data // SUBBLOCKS))
    for op, rows in windows:
        if rows not in offsets:
            offsets[rows] = start.offset(rows)
        _halve_window(op, 0 if isinstance(op, TLoadOp) else 1, rows, offsets[rows])
    for arg in entry.args:
        if half(arg.type, function) != arg.type:
            raise pass_error(
                NAME,
                f"vector tile argument %{arg.name_hint or arg.index}: the vector cores each "
                "take half of its rows, which its caller does not know (pass GM pointers)",
                function,
            )
    for op in ops[1:]:  # the function's own arguments were checked above
        for value in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)):
            new = half(value.type, op)
            if new != value.type:
                Rewriter.replace_value_with_new_type(value, new)


class _Start:
    """`%sb * rows` at the top of the function: the first row of this vector core's half."""

    def __init__(self, entry: Block) -> None:
        self.entry = entry
        self.index: SSAValue | None = None

    def offset(self, rows: int) -> SSAValue:
        if self.index is None:
            sb = GetSubBlockIdxOp()
            cast = arith.IndexCastOp(sb, IndexType())
            Rewriter.insert_op([sb, cast], InsertPoint.at_start(self.entry))
            self.index = cast.result
        count = arith.ConstantOp(IntegerAttr(rows, IndexType()))
        first = arith.MuliOp(self.index, count)
        anchor = self.index.owner
        assert isinstance(anchor, Operation)
        Rewriter.insert_op([count, first], InsertPoint.after(anchor))
        return first.result


def _halve_window(op: TileOp, slot: int, rows: int, first: SSAValue) -> None:
    """The GM window of `op`'s operand `slot` moved to this core's rows."""
    view = op.ins[slot] if slot < len(op.ins) else op.outs[0]
    owner = view.owner
    shape = view.type
    if (
        not isinstance(owner, PartitionViewOp)
        or not isinstance(shape, PartitionTensorViewType)
        or len(shape.dims) != 2
        or shape.dims[0] != SUBBLOCKS * rows
    ):
        raise pass_error(
            NAME,
            "the vector cores take half the rows of a tile: its GM window must be a 2-d "
            f"pto.partition_view of {SUBBLOCKS * rows} rows",
            op,
        )
    row = arith.AddiOp(owner.offsets[0], first)
    count = arith.ConstantOp(IntegerAttr(rows, IndexType()))
    window = PartitionViewOp(
        owner.source,
        [row, *owner.offsets[1:]],
        [count, *owner.sizes[1:]],
        PartitionTensorViewType([rows, shape.dims[1]], shape.element_type),
    )
    Rewriter.insert_op([row, count, window], InsertPoint.before(op))
    op.operands = [window.result if v is view else v for v in op.operands]
