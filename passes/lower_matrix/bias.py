"""`tmov` of a one-row L1 tile into the bias table as `mte_l1_bt` (MTE1):

    mte_l1_bt %l1, %bt, ceil(n * sizeof(src) / 32) nburst(1, 0, 0)

whole 32-byte units of the row, f16 / bf16 widened to f32; refused where those units leave
the L1 or the bias tile (the row must fill its 32-byte units inside both buffers).
"""

from __future__ import annotations

from math import ceil

from xdsl.pattern_rewriter import PatternRewriter

from passes.index_emitter import Emitter
from passes.lower_matrix.operands import CubeTile, refuse
from pto_dialect.attrs import Location
from pto_dialect.ops.cube_move import MteL1BtOp
from pto_dialect.ops.tile_move import TMovOp


def lower_bias_move(op: TMovOp, src: CubeTile, dst: CubeTile, rewriter: PatternRewriter) -> bool:
    """L1 -> the bias table (False: a move the bias load cannot make)."""
    legal = MteL1BtOp.CONVERSIONS.get(src.dtype, frozenset())
    rows, n = dst.valid
    if dst.type.location is not Location.BIAS or dst.dtype not in legal or rows != 1:
        return False
    if src.type.is_boxed or dst.type.is_boxed or not src.type.is_row_major:
        return False
    units = ceil(n * src.dtype.bytes / MteL1BtOp.UNIT_BYTES)
    moved = units * MteL1BtOp.UNIT_BYTES
    widened = moved // src.dtype.bytes * dst.dtype.bytes
    if moved > src.type.size_bytes or widened > dst.type.size_bytes:
        raise refuse(
            f"the bias load moves whole {MteL1BtOp.UNIT_BYTES}-byte units: {moved} bytes of "
            f"a {src.type.size_bytes}-byte L1 tile into {widened} of a "
            f"{dst.type.size_bytes}-byte bias tile",
            op,
        )
    e = Emitter(rewriter, op)
    source, table = src.pointer(e), dst.pointer(e)
    counts = [e.i64(1), e.i64(units), e.i64(0), e.i64(0)]
    e.add(MteL1BtOp.create(operands=[source, table, *counts]))
    rewriter.erase(op)
    return True
