"""`tcolargmax tcolargmin` of 32-bit sources as vector loops (semantics.arg_reduce).

R x C is the source's valid region; `dst[0, j]` (an i32/ui32 index) is written for `j < C`.
One loop over the columns in registers of N = 64 lanes (tail masked by `pto.plt_b32`); in
each, A5's compare/select loop (pto-isa a5/TColReduceIdx.hpp):

    old = vlds src[0, off]; idx = vbr 0; at = vbr 0; one = vbr 1
    scf.for i = 1 to R iter_args(old, idx, at):
        at = vadd at, one
        new = vlds src[i, off]
        p = vcmp new, old, mask, "gt" | "lt"      (strict: ties and NaN keep old)
        old = vsel new, old, p; idx = vsel at, idx, p
    vsts idx (vbitcast to ui32 for a ui32 dst), dst[0, off], mask

16- and 8-bit sources hold 2 or 4 values per 32-bit index lane: A5 splits them into even and
odd index registers, which needs ops the dialect lacks; such ops stay tile ops (the record's
`not_lowered()`).
"""

from __future__ import annotations

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, i32
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.lower_tile_to_vector_buffers import (
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
)
from passes.lower_tile_to_vector_emit import Emitter
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import I32, mlir_type
from pto_dialect.ops.tile_arg_reduce import ArgReduceTileOp
from pto_dialect.ops.vector_arith import VAddOp, VBrOp
from pto_dialect.ops.vector_compare import VCmpOp, VSelOp
from pto_dialect.ops.vector_convert import VBitcastOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.types import VRegType


def lower_col_arg_reduce(
    op: ArgReduceTileOp, rewriter: PatternRewriter, target: TargetProfile
) -> None:
    """Replaces the column arg-reduction `op` by its vecscope (module docstring)."""
    src = buffer_of(op, op.ins[0], "src")
    dst = buffer_of(op, op.outs[0], "dst")
    dtype, index = src.dtype, dst.dtype
    require_vector_ops(op, target, dtype, VldsOp, VCmpOp, VSelOp)
    require_vector_ops(op, target, I32, VBrOp, VAddOp, VSelOp, VstsOp)
    if dst.overlaps(src):
        raise overlap_error(op, dst, "dst", src, "src", ": the indices would overwrite values")
    e = Emitter.replacing(op, rewriter, dtype)
    rows, cols, lanes = src.valid_rows, src.valid_cols, e.lanes
    src_in = e.operand(src, footprint(rows.bound, src.stride, cols.bound, lanes))
    if src_in.bounded:
        require_vector_ops(op, target, dtype, VsldbOp)
    check_store_in_ub(op, target, dst, footprint(1, 0, cols.bound, lanes))
    dst_ptr = e.pointer(dst)
    ivreg = VRegType(mlir_type(I32))

    def splat(value: int, name: str) -> SSAValue:
        const = e.hoist(arith.ConstantOp(IntegerAttr(value, i32)), f"c{value}_idx").results[0]
        return e.emit(VBrOp(const, ivreg), name).results[0]

    zero, one = splat(0, "zeros"), splat(1, "ones")
    mode = CmpMode.GT if op.LARGEST else CmpMode.LT
    with e.chunks(cols, blocks=src_in.bounded) as ch:
        first = e.load(src_in, ch.offset, ch.block_mask, "old")
        loop = e.loop(Size.of(1), rows, 1, [first, zero, zero], "i")
        body = loop.body.block
        for arg, name in zip(body.args[1:], ("old", "idx", "at"), strict=True):
            arg.name_hint = name
        with e.inside(body):
            old, idx, at = body.args[1], body.args[2], body.args[3]
            at = e.emit(VAddOp(at, one, ch.mask), "at").results[0]
            row = Size(body.args[0], max(rows.bound - 1, 0))
            offset = e.add(e.mul(row, src.stride, "row"), ch.offset, "off_i")
            new = e.load(src_in, offset, ch.block_mask, "new")
            better = e.emit(VCmpOp(new, old, ch.mask, mode), "better").results[0]
            old = e.emit(VSelOp(new, old, better), "old").results[0]
            idx = e.emit(VSelOp(at, idx, better), "idx").results[0]
            e.emit(scf.YieldOp(old, idx, at))
        result = loop.results[1]
        if index != I32:
            result = e.emit(VBitcastOp(result, VRegType(mlir_type(index))), "index").results[0]
        e.store(result, dst_ptr, ch.offset, ch.mask)
    e.replace_op()
