"""`tdequant` of an i16 source as a vector loop (`QuantTileOp`; tquant stays a tile op).

Per valid row r: `pto.vlds {dist = "BRC_B32"}` of `offset[r, 0]` and `scale[r, 0]` (every
lane the row's parameter), then per chunk of 64 columns: `vlds {dist = "UNPK_B16"}` of 64
source elements zero-extended into 32-bit lanes, `vbitcast` to 128 i16 lanes (element i in
lane 2i), `vcvt {part = "EVEN"}` to f32 (exact), `vsub` of the offset, `vmul` by the scale
(each rounded to f32, as the tile op), `vsts` under the tail mask. What stays a tile op says
why in `TDequantOp.not_lowered` (an i8 source, rows that are not whole chunks, DN parameter
tiles, the CPU's per-column parameters); a parameter or source tile sharing bytes with dst is
refused.
"""

from __future__ import annotations

from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    NAME,
    Buffer,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
)
from passes.lower_tile_to_vector.emit import Emitter
from pto_dialect.attrs import LoadDist
from pto_dialect.dtypes import F32, I16, U32, DType, mlir_type
from pto_dialect.ops.tile_quant import QuantTileOp, TDequantOp
from pto_dialect.ops.vector_arith import VMulOp, VSubOp
from pto_dialect.ops.vector_convert import VBitcastOp, VCvtOp
from pto_dialect.ops.vector_load import VldsOp
from pto_dialect.ops.vector_mask import PSET_OPS
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VREG_BITS, VRegType


def _vreg(dtype: DType) -> VRegType:
    return VRegType(mlir_type(dtype), VREG_BITS // dtype.bits)


def lower_quant(op: QuantTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces a lowerable `tdequant` by its vecscope (see the module docstring)."""
    if not isinstance(op, TDequantOp):
        raise pass_error(NAME, "has no vector lowering", op)
    dst = buffer_of(op, op.outs[0], "dst")
    src = buffer_of(op, op.ins[0], "src")
    scale = buffer_of(op, op.ins[1], "scale")
    offset = buffer_of(op, op.ins[2], "offset")
    for role, buffer in (("src", src), ("scale", scale), ("offset", offset)):
        if buffer.overlaps(dst):
            raise overlap_error(op, buffer, role, dst, "dst")
    require_vector_ops(op, target, F32, VSubOp, VMulOp, VstsOp, VCvtOp)
    require_vector_ops(op, target, U32, VldsOp)
    e = Emitter.replacing(op, rewriter, F32)
    rows, cols = dst.valid_rows, dst.valid_cols

    def span(b: Buffer, width: int) -> int:
        return footprint(rows.bound, b.stride, width, e.lanes)

    check_store_in_ub(op, target, dst, span(dst, cols.bound))
    pointers = {b: e.pointer(b) for b in (src, scale, offset)}
    dst_ptr = e.pointer(dst)
    all_lanes = e.emit(PSET_OPS[16]("PAT_ALL"), "all").results[0]
    with e.rows(rows) as i:
        at = {b: e.mul(i, b.stride, "row") for b in (src, scale, offset, dst)}
        params = [
            e.emit(VldsOp(pointers[b], e.index(at[b]), _vreg(F32), LoadDist.BRC_B32), name).results[
                0
            ]
            for b, name in ((offset, "offset"), (scale, "scale"))
        ]
        with e.chunks(cols) as ch:
            where = e.add(at[src], ch.offset, "at")
            load = VldsOp(pointers[src], e.index(where), _vreg(U32), LoadDist.UNPK_B16)
            wide = e.emit(load, "src").results[0]
            narrow = e.emit(VBitcastOp(wide, _vreg(I16)), "narrow").results[0]
            value = e.emit(VCvtOp(narrow, all_lanes, _vreg(F32), "R", None, "EVEN"), "cvt")
            diff = e.emit(VSubOp(value.results[0], params[0], ch.mask), "sub").results[0]
            result = e.emit(VMulOp(diff, params[1], ch.mask), "mul").results[0]
            e.store(result, dst_ptr, e.add(at[dst], ch.offset, "out"), ch.mask)
    e.replace_op()
