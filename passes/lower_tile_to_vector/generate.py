"""Tile generators as vector loops (`GenerateTileOp`: tci, ttri).

- `tci`: row 0 of dst over its valid columns, one chunk per register: `pto.vci` of
  `start + off` (`start - off` and `order = "DESC"` when descending), stored under the
  chunk's tail mask. The chunk's base is computed in the scalar's (signless) integer type,
  so it wraps as the tile op does.
- `ttri`: per valid row `i`, per chunk at `off`: the "fill" register (lower: 0, upper: 1) is
  stored under the tail mask, then the other one under `plt(clamp(k - off, 0, rem))` with
  `k = i + diagonal + 1` (lower) or `i + diagonal` (upper): the columns `< k`. Both are
  `pto.vbr` registers made once.

Integer tiles take registers of the signless integer of their width, stored through a
pointer of that type (the same bytes). Refused with a diagnostic: a tci start of a signed
or unsigned MLIR type (`ui32`, as PTOAS spells it: arith computes on signless integers only,
and an `arith.constant` is always signless, so there is nothing to fold).
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IndexType, IntegerType, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    NAME,
    Buffer,
    buffer_of,
    check_store_in_ub,
    footprint,
    require_vector_ops,
)
from passes.lower_tile_to_vector.emit import Emitter
from pto_dialect.dtypes import DType, dtype_of, mlir_type
from pto_dialect.ops.tile_generate import GenerateTileOp, TCIOp, TTriOp
from pto_dialect.ops.vector_arith import VBrOp
from pto_dialect.ops.vector_index import IndexOrder, VciOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VRegType


def _lanes_type(dtype: DType) -> Attribute:
    """The register element type of a `dtype` tile: integers as signless ones."""
    return IntegerType(dtype.bits) if dtype.is_int else mlir_type(dtype)


def _region_span(e: Emitter, dst: Buffer, rows: int, cols: int) -> int:
    return footprint(rows, dst.stride, cols, e.lanes)


def _signless_start(op: TCIOp, lanes_type: Attribute) -> SSAValue:
    """tci's start, which the chunk bases are computed from: a signless integer."""
    start = op.start
    if start.type != lanes_type:
        raise pass_error(
            NAME,
            f"the {start.type} start cannot be offset per chunk: arith computes on signless "
            f"integers only (pass an {lanes_type} start)",
            op,
        )
    return start


def _lower_tci(op: TCIOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    dst = buffer_of(op, op.outs[0], "dst")
    require_vector_ops(op, target, dst.dtype, VciOp, VstsOp)
    lanes_type = _lanes_type(dst.dtype)
    start = _signless_start(op, lanes_type)
    e = Emitter.replacing(op, rewriter, dst.dtype)
    cols = dst.valid_cols
    check_store_in_ub(op, target, dst, _region_span(e, dst, 1, cols.bound))
    ptr = e.pointer(dst, dtype_of(lanes_type))
    order = IndexOrder.DESC if op.descending else IndexOrder.ASC
    step = arith.SubiOp if op.descending else arith.AddiOp
    with e.chunks(cols) as ch:
        offset = e.emit(arith.IndexCastOp(e.index(ch.offset), lanes_type), "off").results[0]
        base = e.emit(step(start, offset), "base").results[0]
        values = e.emit(VciOp(base, VRegType(lanes_type), order), "seq").results[0]
        e.store(values, ptr, ch.offset, ch.mask)
    e.replace_op()


def _constant(value: int, dtype: DType) -> arith.ConstantOp:
    """`value` in the register element type of a `dtype` tile."""
    if dtype.is_int:
        return arith.ConstantOp.from_int_and_width(value, dtype.bits)
    return arith.ConstantOp(FloatAttr(float(value), cast(AnyFloat, mlir_type(dtype))))


def _lower_ttri(op: TTriOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    dst = buffer_of(op, op.outs[0], "dst")
    require_vector_ops(op, target, dst.dtype, VBrOp, VstsOp)
    lanes_type = _lanes_type(dst.dtype)
    e = Emitter.replacing(op, rewriter, dst.dtype)
    rows, cols = dst.valid_rows, dst.valid_cols
    check_store_in_ub(op, target, dst, _region_span(e, dst, rows.bound, cols.bound))
    ptr = e.pointer(dst, dtype_of(lanes_type))
    index = IndexType()
    one = e.hoist(_constant(1, dst.dtype), "one").results[0]
    zero = e.hoist(_constant(0, dst.dtype), "zero").results[0]
    diagonal = e.hoist(arith.IndexCastOp(op.diagonal, index), "diag").results[0]
    vreg = VRegType(lanes_type)
    ones = e.emit(VBrOp(one, vreg), "ones").results[0]
    zeros = e.emit(VBrOp(zero, vreg), "zeros").results[0]
    fill, prefix = (ones, zeros) if op.upper else (zeros, ones)
    with e.rows(rows) as i:
        k = e.emit(arith.AddiOp(e.index(i), diagonal), "k").results[0]
        if not op.upper:
            k = e.emit(arith.AddiOp(k, e.constant(1)), "k").results[0]
        row = e.mul(i, dst.stride, "row")
        with e.chunks(cols) as ch:
            at = e.add(row, ch.offset, "at")
            e.store(fill, ptr, at, ch.mask)
            left = e.emit(arith.SubiOp(k, e.index(ch.offset)), "left").results[0]
            rem = e.emit(arith.IndexCastOp(ch.remaining[0], index), "rem").results[0]
            left = _clamp(e, left, e.constant(0), rem)
            count = e.emit(arith.IndexCastOp(left, i32), "n").results[0]
            mask = e.plt(count)[0]
            e.store(prefix, ptr, at, mask)
    e.replace_op()


def _clamp(e: Emitter, value: SSAValue, low: SSAValue, high: SSAValue) -> SSAValue:
    """`min(max(value, low), high)` on `index` values (cmpi + select: arith's min/max ops
    have no interpreter)."""
    below = e.emit(arith.CmpiOp(value, low, "slt")).results[0]
    value = e.emit(arith.SelectOp(below, low, value)).results[0]
    above = e.emit(arith.CmpiOp(value, high, "sgt")).results[0]
    return e.emit(arith.SelectOp(above, high, value), "left").results[0]


def lower_generate(op: GenerateTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    if isinstance(op, TCIOp):
        _lower_tci(op, rewriter, target)
    else:
        assert isinstance(op, TTriOp)
        _lower_ttri(op, rewriter, target)
