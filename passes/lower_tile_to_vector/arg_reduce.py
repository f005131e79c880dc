"""`tcolargmax tcolargmin` and `trowargmax trowargmin` as vector loops
(semantics.arg_reduce; the row forms: `lower_row_arg_reduce`).

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

16- and 8-bit sources hold 2 or 4 values per 32-bit index lane: their indices live in i16
registers, widened for the store (`_narrow_col_arg`).
"""

from __future__ import annotations

import math
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IntegerAttr, i16, i32
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.lower_tile_to_vector.buffers import (
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
)
from passes.lower_tile_to_vector.emit import Emitter, Operand
from passes.lower_tile_to_vector.row_results import row_dst_buffer, row_store
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import I16, I32, DType, mlir_type
from pto_dialect.ops.tile_arg_reduce import ArgReduceTileOp
from pto_dialect.ops.vector_arith import VAddOp, VBrOp
from pto_dialect.ops.vector_compare import VCmpOp, VSelOp
from pto_dialect.ops.vector_convert import VBitcastOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_predicate import PARTS, PUnpackOp
from pto_dialect.ops.vector_rearrange import VDintlvOp, VZunpackOp
from pto_dialect.ops.vector_reduce import VCmaxOp, VCminOp
from pto_dialect.ops.vector_round_cast import PbitcastOp
from pto_dialect.ops.vector_scalar import VAddsOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import MaskType, VRegType


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
    if dtype.bits < 32:
        require_vector_ops(op, target, I16, VBrOp, VAddOp, VSelOp, VZunpackOp)
    e = Emitter.replacing(op, rewriter, dtype)
    rows, cols, lanes = src.valid_rows, src.valid_cols, e.lanes
    src_in = e.operand(src, footprint(rows.bound, src.stride, cols.bound, lanes))
    if src_in.bounded:
        require_vector_ops(op, target, dtype, VsldbOp)
    check_store_in_ub(op, target, dst, footprint(1, 0, cols.bound, lanes))
    dst_ptr = e.pointer(dst)
    if dtype.bits < 32:
        _narrow_col_arg(op, e, src_in, dst_ptr, index)
        return
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


def _narrow_col_arg(
    op: ArgReduceTileOp, e: Emitter, src_in: Operand, dst_ptr: SSAValue, index: DType
) -> None:
    """The column loop of a 16- or 8-bit source (N = 128 or 256 columns per register): the
    row counter and the indices in i16 registers (a UB tile has fewer than 2^15 rows of 32
    bytes), one per 128 columns (an 8-bit compare mask split with `punpack`), each stored as
    two i32 halves (`vzunpack`) under `plt_b32` masks chained from the tail count."""
    src = src_in.buffer
    rows, cols = src.valid_rows, src.valid_cols
    parts = e.lanes // 128
    hvreg = VRegType(mlir_type(I16))

    def splat(value: int, name: str) -> SSAValue:
        return e.emit(VBrOp(e.constant(value, i16), hvreg), name).results[0]

    zero, one = splat(0, "zeros"), splat(1, "ones")
    full16 = e.plt(e.constant(128, i32), 16)[0]
    mode = CmpMode.GT if op.LARGEST else CmpMode.LT
    with e.chunks(cols, blocks=src_in.bounded) as ch:
        first = e.load(src_in, ch.offset, ch.block_mask, "old")
        loop = e.loop(Size.of(1), rows, 1, [first, *[zero] * parts, zero], "i")
        body = loop.body.block
        names = ["old", *(f"idx{p}" for p in range(parts)), "at"]
        for arg, name in zip(body.args[1:], names, strict=True):
            arg.name_hint = name
        with e.inside(body):
            old, at = body.args[1], body.args[-1]
            at = e.emit(VAddOp(at, one, full16), "at").results[0]
            row = Size(body.args[0], max(rows.bound - 1, 0))
            offset = e.add(e.mul(row, src.stride, "row"), ch.offset, "off_i")
            new = e.load(src_in, offset, ch.block_mask, "new")
            better = e.emit(VCmpOp(new, old, ch.mask, mode), "better").results[0]
            old = e.emit(VSelOp(new, old, better), "old").results[0]
            indices: list[SSAValue] = []
            for part, idx in enumerate(body.args[2 : 2 + parts]):
                mask = better
                if parts > 1:
                    half = PUnpackOp(better, PARTS[part], MaskType(16))
                    mask = e.emit(half, "better16").results[0]
                indices.append(e.emit(VSelOp(at, idx, mask), "idx").results[0])
            e.emit(scf.YieldOp(old, *indices, at))
        remaining = ch.remaining[0]
        for k in range(2 * parts):
            wide = VZunpackOp(loop.results[1 + k // 2], e.constant(k % 2), VRegType(i32))
            result = e.emit(wide, "index").results[0]
            if index != I32:
                result = e.emit(VBitcastOp(result, VRegType(mlir_type(index))), "index")
                result = result.results[0]
            mask, remaining = e.plt(remaining, 32)
            e.store(result, dst_ptr, e.add(ch.offset, Size.of(64 * k)), mask)
    e.replace_op()


def lower_row_arg_reduce(
    op: ArgReduceTileOp, rewriter: PatternRewriter, target: TargetProfile
) -> None:
    """Replaces the row arg-reduction `op` (f16/f32 source) by its vecscope: per valid row,
    A5's loop over the row's registers (pto-isa a5/TRowReduceIdx.hpp):

        val = vbr lowest|highest; idx = vbr 0 (i32)
        scf.for off iter_args(rem, val, idx):
            r = vcmax|vcmin (vlds src[i, off]), plt rem     (value lane 0, index lane 1)
            value, raw = vdintlv r, zeros                    (index now in lane 0 of raw)
            at = vadds (vbitcast raw to i32), off, lane0
            p = vcmp val, value, lane0, "lt"|"gt"           (strict: ties, NaN keep val)
            val = vsel value, val, p; idx = vsel at, idx, p  (p as b32: pbitcast)
        vsts idx (vbitcast to ui32 for a ui32 dst), dst[i, 0], lane0
    """
    src = buffer_of(op, op.ins[0], "src")
    dst = row_dst_buffer(op, column=True)
    dtype, index = src.dtype, dst.dtype
    reduce_op = VCmaxOp if op.LARGEST else VCminOp
    require_vector_ops(op, target, dtype, VldsOp, reduce_op, VDintlvOp, VCmpOp, VSelOp, VBrOp)
    require_vector_ops(op, target, I32, VBrOp, VAddsOp, VSelOp, VstsOp)
    if dst.overlaps(src):
        raise overlap_error(op, dst, "dst", src, "src", ": the indices would overwrite values")
    e = Emitter.replacing(op, rewriter, dtype)
    rows, cols, lanes = src.valid_rows, src.valid_cols, e.lanes
    src_in = e.operand(src, footprint(rows.bound, src.stride, cols.bound, lanes))
    if src_in.bounded:
        require_vector_ops(op, target, dtype, VsldbOp)
    check_store_in_ub(op, target, dst, footprint(rows.bound, dst.stride, 1, 64))
    dst_ptr = e.pointer(dst)
    ivreg = VRegType(mlir_type(I32))
    start = math.inf if not op.LARGEST else -math.inf
    init = e.hoist(arith.ConstantOp(FloatAttr(start, cast(AnyFloat, e.type))), "init")
    zero = e.hoist(arith.ConstantOp(FloatAttr(0.0, cast(AnyFloat, e.type))), "zero")
    val0 = e.emit(VBrOp(init.results[0], e.vreg), "val0").results[0]
    zeros = e.emit(VBrOp(zero.results[0], e.vreg), "zeros").results[0]
    index0 = e.hoist(arith.ConstantOp(IntegerAttr(0, i32)), "c0_idx").results[0]
    idx0 = e.emit(VBrOp(index0, ivreg), "idx0").results[0]
    one = e.constant(1, i32)
    lane0, _ = e.plt(one)
    lane0_32 = lane0 if dtype.bits == 32 else e.plt(one, 32)[0]
    mode = CmpMode.LT if op.LARGEST else CmpMode.GT
    with e.rows(rows, name="i") as i:
        base = e.mul(i, src.stride, "row")
        loop = e.loop(Size.of(0), cols, lanes, [e.count(cols), val0, idx0], "off")
        body = loop.body.block
        for arg, name in zip(body.args[1:], ("rem", "val", "idx"), strict=True):
            arg.name_hint = name
        with e.inside(body):
            mask, rest = e.plt(body.args[1])
            block_mask = e.block_mask(body.args[1]) if src_in.bounded else None
            offset = Size(body.args[0], max(cols.bound - 1, 0))
            value = e.load(src_in, e.add(base, offset, "at"), block_mask)
            name = reduce_op.name.removeprefix("pto.v")
            reduced = e.emit(reduce_op(value, mask), name).results[0]
            value, raw = e.emit(VDintlvOp(reduced, zeros), "value", "raw").results
            at = e.emit(VBitcastOp(raw, ivreg), "lane").results[0]
            at = e.emit(VAddsOp(at, e.count(offset), lane0_32), "at").results[0]
            val, idx = body.args[2], body.args[3]
            better = e.emit(VCmpOp(val, value, lane0, mode), "better").results[0]
            val = e.emit(VSelOp(value, val, better), "val").results[0]
            if dtype.bits != 32:
                better = e.emit(PbitcastOp(better, lane0_32.type), "better32").results[0]
            idx = e.emit(VSelOp(at, idx, better), "idx").results[0]
            e.emit(scf.YieldOp(rest, val, idx))
        result = loop.results[2]
        if index != I32:
            result = e.emit(VBitcastOp(result, VRegType(mlir_type(index))), "index").results[0]
        row_store(e, result, dst_ptr, dst, i, lane0_32)
    e.replace_op()
