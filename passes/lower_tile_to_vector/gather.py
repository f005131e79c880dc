"""`tgather` (index form) as `pto.vgather2` loops, as pto-isa's A5 TGather.hpp issues it.

Per row i of dst's valid region, per chunk of N lanes (N = 256 / sizeof(T)): the indices
`vlds` (or `vsldb` where a full register would leave the index tile) from row i of
`indices`, `pto.vgather2` from src's base with the chunk's lanes active, `vsts` into row i
of dst under the tail mask. vgather2 takes as many index lanes as data lanes, so index and
data have one width; other pairs (A2/A3 b16 data with b32 indices, scaled through tmp) and
the mask form stay tile ops (the record's `not_lowered()`). tmp is not touched. An index
outside src is a run-time error of the tile op; the lowered gather reads whatever UB holds
there (the page leaves it undefined).
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import i16
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    NAME,
    buffer_of,
    check_store_in_ub,
    footprint,
    require_vector_ops,
)
from passes.lower_tile_to_vector.emit import VSLDB_CONTIGUOUS, Emitter
from pto_dialect.dtypes import mlir_type
from pto_dialect.ops.pointer import AddPtrOp
from pto_dialect.ops.tile_gather import TGatherOp
from pto_dialect.ops.vector_load import Vgather2Op, VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VRegType


def lower_gather(op: TGatherOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """The index form of `tgather` (DPS, planned buffers) as vgather2 loops."""
    src, idx = buffer_of(op, op.ins[0], "src"), buffer_of(op, op.ins[1], "indices")
    dst = buffer_of(op, op.outs[0], "dst")
    for role, source in (("src", src), ("indices", idx)):
        if dst.overlaps(source):
            raise pass_error(
                NAME,
                f"{dst.describe('dst')} overlaps {source.describe(role)}: a row-by-row gather "
                "would read elements it already overwrote",
                op,
            )
    require_vector_ops(op, target, dst.dtype, Vgather2Op, VstsOp)
    require_vector_ops(op, target, idx.dtype, VldsOp)
    e = Emitter.replacing(op, rewriter, dst.dtype)
    rows, cols = dst.valid_rows, dst.valid_cols
    rows_known, cols_known = rows.bound, cols.bound
    check_store_in_ub(op, target, dst, footprint(rows_known, dst.stride, cols_known, e.lanes))
    span = footprint(rows_known, idx.stride, cols_known, e.lanes)
    bounded = idx.past_end(span)
    src_ptr, idx_ptr, dst_ptr = e.pointer(src), e.pointer(idx), e.pointer(dst)
    index_vreg = VRegType(mlir_type(idx.dtype))
    with e.rows(rows) as i:
        idx_row, dst_row = e.mul(i, idx.stride, "irow"), e.mul(i, dst.stride, "row")
        with e.chunks(cols, blocks=bounded) as ch:
            at = e.index(e.add(idx_row, ch.offset, "iat"))
            if bounded:
                assert ch.block_mask is not None
                ptr = e.emit(AddPtrOp(idx_ptr, at), "ip").results[0]
                load = VsldbOp(
                    ptr, [e.constant(n, i16) for n in VSLDB_CONTIGUOUS], ch.block_mask, index_vreg
                )
            else:
                load = VldsOp(idx_ptr, at, index_vreg)
            offsets = e.emit(load, "idx").results[0]
            left = e.emit(arith.SubiOp(e.index(cols), e.index(ch.offset)), "left").results[0]
            value = e.emit(Vgather2Op(src_ptr, offsets, left, e.vreg), "g").results[0]
            e.store(value, dst_ptr, e.add(dst_row, ch.offset, "at"), ch.mask)
    e.replace_op()
