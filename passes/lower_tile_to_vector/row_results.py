"""Where a row reduction's results go: one element of dst per row, `dst[i, 0]` (the row
reductions and arg-reductions, and pto-fuse's row reductions)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from xdsl.ir import SSAValue

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import NAME, Buffer, Size, buffer_of
from passes.lower_tile_to_vector.emit import Emitter
from pto_dialect.attrs import StoreDist
from pto_dialect.ops.tile_arg_reduce import ArgReduceTileOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.ops.vector_common import vreg_of
from pto_dialect.tile_types import TileBufType


def row_dst_buffer(op: RowReduceTileOp | ArgReduceTileOp, column: bool = False) -> Buffer:
    """dst as a buffer. A DN dst (one column, element i at i) holds the results 4 or 2
    bytes apart: with `column` it is taken (its stores are one-point: `row_store`), else
    refused (pto-fuse's rows store at 32-byte aligned addresses)."""
    value = op.outs[0]
    tile = value.type
    if not column and isinstance(tile, TileBufType) and not tile.is_nd and not tile.is_boxed:
        raise pass_error(
            NAME,
            "a DN dst (blayout=col_major, cols=1) holds the results a few bytes apart: "
            "a fused row stores to 32-byte aligned addresses",
            op,
        )
    return buffer_of(op, value, "dst", column)


ONE_POINT: Mapping[int, StoreDist] = MappingProxyType(
    {8: StoreDist.ONE_PT_B8, 16: StoreDist.ONE_PT_B16, 32: StoreDist.ONE_PT_B32}
)
"""The one-point store of each element width: lane 0 to an address aligned to its element
(pto-isa a5/TRowReduce.hpp stores a row's result to a DN dst with DIST_ONEPT)."""


def row_store(e: Emitter, value: SSAValue, ptr: SSAValue, dst: Buffer, row: Size,
              mask: SSAValue) -> None:  # fmt: skip
    """Stores lane 0 of `value`, row `row`'s result, to its element of `dst`: a masked
    store to an ND dst's row, a one-point store to a DN dst's element."""
    dist = None if dst.type.is_nd else ONE_POINT[vreg_of(value).element.bits]
    e.store(value, ptr, e.mul(row, dst.stride, "out"), mask, dist)
