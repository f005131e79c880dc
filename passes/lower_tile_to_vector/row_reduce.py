"""`trowsum trowmax trowmin trowprod` as vector loops (interpreters/semantics/row_reduce.py).

R x C is the source's valid region; `dst[i, 0]` is written for `i < R` and nothing else.
Per row i (an `scf.for`), in the target's order (`rules.ROW_REDUCE_ORDER`). A5's
(pto-isa a5/TRowReduce.hpp; also the CPU target's, and `trowprod`'s everywhere):

    acc = pto.vbr identity                       (0, -inf / lowest, +inf / highest)
    scf.for off = 0 to C step N iter_args(rem = C, acc):
        mask = pto.plt rem
        r = pto.vcadd|vcmax|vcmin (pto.vlds src[i * stride + off]), mask
        acc = pto.vadd|vmax|vmin acc, r, lane0      (lane0 = pto.plt 1)
    pto.vsts acc, dst[i * dst_stride], lane0

A2/A3's (a2a3/TRowReduceOps.hpp, `lanes_first`): the row's registers combined lane by lane,
`acc = c0` or `vadd|vmax|vmin c0, c1`, the partial register merged into its valid lanes
(`vsel` of the step and acc), then `c2, c3, ...`; one `vcadd|vcmax|vcmin acc` over all
lanes, and the `vsts` of lane 0 (a row of one register: the cross-lane reduction of its
valid lanes). Unrolled when the valid columns are known, else a loop over registers.

`trowprod` (a5/TRowProd.hpp) starts from 1, steps `acc = vsel (vmul acc, v, mask), acc, mask`
(A5's merging vmul) and, before the store, folds the register in halves: log2(N) times
`low, high = pto.vintlv acc, ones; acc = pto.vmul low, high`.

`trowmax`/`trowmin` of i8/ui8 (no 8-bit vcmax/vcmin) reduce each register in i16 (`WIDENED`):
`vsel` of the identity into the inactive lanes, `vsunpack`/`vzunpack` of both halves, their
`vmax`/`vmin`; the accumulator is i16 and lane 0's low byte is stored.

`tmp` is not touched (A5 needs no scratch). A source that may be read past its buffer's
end is loaded with `pto.vsldb` (lower_tile_to_vector_emit.py). Refused with a diagnostic: an
element type the vector ops lack on the target (`require_vector_ops`), a dst that overlaps
src other than element for element. A DN dst (one column: the results an element apart)
is stored to with one-point stores (`1PT_Bn`, as pto-isa's A5 TRowReduce).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IntegerAttr, IntegerType, i32
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.arg_reduce import lower_col_arg_reduce, lower_row_arg_reduce
from passes.lower_tile_to_vector.buffers import (
    CHUNK_BYTES,
    NAME,
    Buffer,
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
)
from passes.lower_tile_to_vector.emit import Emitter, Operand
from passes.lower_tile_to_vector.row_results import row_dst_buffer, row_store
from pto_dialect.dtypes import I8, I16, U8, DType, mlir_type
from pto_dialect.ops.tile_arg_reduce import ArgReduceTileOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp, TRowProdOp, TRowSumOp
from pto_dialect.ops.vector_arith import VBrOp, VMaxOp, VMulOp
from pto_dialect.ops.vector_common import vreg_of
from pto_dialect.ops.vector_compare import VSelOp
from pto_dialect.ops.vector_convert import VBitcastOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_rearrange import UnpackOp, VIntlvOp, VSunpackOp, VZunpackOp
from pto_dialect.ops.vector_scalar import as_element
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import ROW_REDUCE_ORDER, RowOrder
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VRegType

WIDENED: Mapping[DType, tuple[DType, type[UnpackOp]]] = MappingProxyType(
    {I8: (I16, VSunpackOp), U8: (I16, VZunpackOp)}
)
"""`trowmax`/`trowmin` of 8-bit lanes (no 8-bit vcmax/vcmin): each register, read as i8
(signless: `arith` has no unsigned constants), has its two halves sign- or zero-extended to
i16, whose vmax/vmin is reduced in i16 (exact: an integer extremum does not depend on the
order, and the extended values compare as the 8-bit ones)."""


def identity_constant(op: RowReduceTileOp, dtype: DType, e: Emitter, as_type: DType) -> SSAValue:
    """The scalar the accumulator starts from (semantics.row_reduce.identity of `dtype`),
    as an `as_type` constant."""
    if isinstance(op, TRowSumOp | TRowProdOp):
        value: float = 1.0 if isinstance(op, TRowProdOp) else 0.0
    else:
        largest = op.STEP_OP is VMaxOp
        if dtype.is_float:
            value = -math.inf if largest else math.inf
        else:
            low, high = dtype.int_limits
            value = low if largest else high
    element = mlir_type(as_type)
    if dtype.is_float:
        const = arith.ConstantOp(FloatAttr(value, cast(AnyFloat, element)))
    else:
        bits = as_element(int(value), as_type)  # ui8's 255 as an i8 pad: -1
        const = arith.ConstantOp(IntegerAttr(bits, cast(IntegerType, element)))
    return e.hoist(const, f"init_{as_type.name}").results[0]


def lower_row_reduce(op: RowReduceTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    if op.REFUSED is not None:
        raise pass_error(NAME, f"has no exact vector lowering: {op.REFUSED}", op)
    src = buffer_of(op, op.ins[0], "src")
    dst = row_dst_buffer(op, column=True)
    dtype = src.dtype
    prod = isinstance(op, TRowProdOp)
    widen = None if prod or isinstance(op, TRowSumOp) else WIDENED.get(dtype)
    wide = widen[0] if widen is not None else dtype
    if prod:
        require_vector_ops(op, target, dtype, VMulOp, VSelOp, VIntlvOp, VBrOp, VldsOp, VstsOp)
    else:
        assert op.REDUCE_OP is not None
        require_vector_ops(op, target, wide, op.REDUCE_OP, op.STEP_OP, VBrOp)
        require_vector_ops(op, target, dtype, VldsOp, VstsOp)
    if widen is not None:
        require_vector_ops(op, target, I8, VSelOp, VBrOp, widen[1], VBitcastOp)
        require_vector_ops(op, target, dtype, VBitcastOp)
    if dst.clashes(src):
        raise overlap_error(op, dst, "dst", src, "src")
    e = Emitter.replacing(op, rewriter, dtype)
    rows, cols, lanes = src.valid_rows, src.valid_cols, e.lanes
    src_in = e.operand(src, footprint(rows.bound, src.stride, cols.bound, lanes))
    if src_in.bounded:
        require_vector_ops(op, target, dtype, VsldbOp)
    check_store_in_ub(op, target, dst, footprint(rows.bound, dst.stride, 1, lanes))
    dst_ptr = e.pointer(dst)
    if not prod and ROW_REDUCE_ORDER[target.arch] is RowOrder.LANES_FIRST:
        known = cols.known
        if known is None or (known > lanes and known % lanes):
            require_vector_ops(op, target, dtype, VSelOp)
        _lower_lanes_first(op, e, src_in, dst_ptr, dst, e.plt(e.constant(1, i32))[0])
        e.replace_op()
        return
    wide_vreg = VRegType(mlir_type(wide))
    start = e.emit(VBrOp(identity_constant(op, dtype, e, wide), wide_vreg), "acc0").results[0]
    one = e.constant(1, i32)
    lane0 = e.plt(one, wide.bits)[0]
    full = lane0  # every lane of a register: prod's fold, the widened halves
    if prod or widen is not None:
        full = e.plt(e.constant(CHUNK_BYTES // wide.bytes, i32), wide.bits)[0]
    pad, store_mask = None, lane0
    if widen is not None:
        store_mask = e.plt(one)[0]
        i8_vreg = VRegType(mlir_type(I8))
        pad = e.emit(VBrOp(identity_constant(op, dtype, e, I8), i8_vreg), "pad").results[0]
    with e.rows(rows, name="i") as i:
        base = e.mul(i, src.stride, "row")
        loop = e.loop(Size.of(0), cols, lanes, [e.count(cols), start], "off")
        body = loop.body.block
        body.args[1].name_hint, body.args[2].name_hint = "rem", "acc"
        with e.inside(body):
            mask, rest = e.plt(body.args[1])
            block_mask = e.block_mask(body.args[1]) if src_in.bounded else None
            offset = Size(body.args[0], max(cols.bound - 1, 0))
            value = e.load(src_in, e.add(base, offset, "at"), block_mask)
            if widen is not None and pad is not None:
                value, mask = _widened(op, e, value, mask, pad, widen, full), full
            acc = cross_step(op, e, body.args[2], value, mask, lane0)
            e.emit(scf.YieldOp(rest, acc))
        result = loop.results[1]
        if prod:
            result = _fold_halves(e, result, start, full)
        elif widen is not None:  # lane 0's low byte is the 8-bit result
            result = e.emit(VBitcastOp(result, e.vreg), "result").results[0]
        row_store(e, result, dst_ptr, dst, i, store_mask)
    e.replace_op()


def lanes_first(
    op: RowReduceTileOp, e: Emitter, cols: int, fetch: Callable[[int, SSAValue], SSAValue],
    masks: Callable[[int], SSAValue], full: SSAValue,
) -> SSAValue:  # fmt: skip
    """A2/A3's order (`rules.RowOrder.LANES_FIRST`) over a row of `cols` (> 0, static)
    valid elements: the register whose lane 0 holds the result. `fetch(k, mask)` gives
    register k of the row, `masks(n)` the mask of the first n lanes, `full` all lanes."""
    assert op.REDUCE_OP is not None
    lanes = e.lanes
    whole, remain = divmod(cols, lanes)
    if whole == 0 or (whole == 1 and not remain):
        mask = masks(cols) if whole == 0 else full
        return e.emit(op.REDUCE_OP(fetch(0, mask), mask), "cross").results[0]
    acc = fetch(0, full)
    if whole >= 2:
        acc = e.emit(op.STEP_OP(acc, fetch(1, full), full), "acc").results[0]
    if remain:
        tail = masks(remain)
        merged = e.emit(op.STEP_OP(acc, fetch(whole, tail), tail), "part").results[0]
        acc = e.emit(VSelOp(merged, acc, tail), "acc").results[0]
    for k in range(2, whole):
        acc = e.emit(op.STEP_OP(acc, fetch(k, full), full), "acc").results[0]
    return e.emit(op.REDUCE_OP(acc, full), "cross").results[0]


def _lower_lanes_first(
    op: RowReduceTileOp, e: Emitter, src: Operand, dst_ptr: SSAValue, dst: Buffer,
    lane0: SSAValue,
) -> None:  # fmt: skip
    """The rows of `op` in A2/A3's order: unrolled over a row's registers when its valid
    columns are known, else a loop over registers 1 .. K-1 in the order 1, the partial one,
    2, 3, ... (each merged into its valid lanes), then one cross-lane reduction."""
    rows, cols, lanes = src.buffer.valid_rows, src.buffer.valid_cols, e.lanes
    full = e.plt(e.constant(lanes, i32))[0]
    known = cols.known
    with e.rows(rows, name="i") as i:
        base = e.mul(i, src.buffer.stride, "row")
        if known is not None:

            def fetch(k: int, mask: SSAValue) -> SSAValue:
                count = min(known - k * lanes, lanes)
                blocks = e.block_mask(e.constant(count, i32)) if src.bounded else None
                return e.load(src, e.add(base, Size.of(k * lanes), "at"), blocks)

            def masks(n: int) -> SSAValue:
                return e.plt(e.constant(n, i32))[0]

            result = lanes_first(op, e, known, fetch, masks, full)
        else:
            result = _lanes_first_loop(op, e, src, base, cols, full)
        row_store(e, result, dst_ptr, dst, i, lane0)


def _lanes_first_loop(
    op: RowReduceTileOp, e: Emitter, src: Operand, base: Size, cols: Size, full: SSAValue
) -> SSAValue:
    """A2/A3's order over a row of a run-time number of columns C: register 0, then for
    j = 1 .. K-1 the register `j` (`K-1`, the partial one, at j = 2 and `j-1` after it when
    C % N != 0), each step merged into its valid lanes; one cross-lane reduction, over
    min(C, N) lanes."""
    assert op.REDUCE_OP is not None
    lanes = e.lanes
    count = e.count(cols)
    first = e.block_mask(count) if src.bounded else None
    acc0 = e.load(src, base, first, "c0")
    cross_mask = e.plt(count)[0]
    n = e.constant(lanes)
    c = e.index(cols)
    k_total = e.emit(arith.DivSIOp(e.emit(arith.AddiOp(c, e.constant(lanes - 1))).results[0], n),
                     "k").results[0]  # fmt: skip
    whole = e.emit(arith.DivSIOp(c, n), "whole").results[0]
    remain = e.emit(arith.SubiOp(c, e.emit(arith.MuliOp(whole, n)).results[0]), "remain")
    partial = e.emit(arith.CmpiOp(remain.results[0], e.constant(0), "sgt"), "partial").results[0]
    last = e.emit(arith.SubiOp(k_total, e.constant(1)), "last").results[0]
    loop = e.loop(Size.of(1), Size(k_total, cols.bound), 1, [acc0], "j")
    body = loop.body.block
    j = body.args[0]
    with e.inside(body):
        two = e.constant(2)
        at_two = e.emit(arith.CmpiOp(j, two, "eq")).results[0]
        past_two = e.emit(arith.CmpiOp(j, two, "sgt")).results[0]
        shifted = e.emit(arith.SubiOp(j, e.constant(1))).results[0]
        later = e.emit(arith.SelectOp(past_two, shifted, j)).results[0]
        moved = e.emit(arith.SelectOp(at_two, last, later)).results[0]
        index = e.emit(arith.SelectOp(partial, moved, j), "reg").results[0]
        offset = e.emit(arith.MuliOp(index, n), "off").results[0]
        left = e.emit(arith.SubiOp(c, offset)).results[0]
        left_i32 = e.emit(arith.IndexCastOp(left, i32), "left").results[0]
        mask = e.plt(left_i32)[0]
        blocks = e.block_mask(left_i32) if src.bounded else None
        at = e.add(base, Size(offset, cols.bound), "at")
        value = e.load(src, at, blocks)
        step = e.emit(op.STEP_OP(body.args[1], value, mask), "part").results[0]
        e.emit(scf.YieldOp(e.emit(VSelOp(step, body.args[1], mask), "acc").results[0]))
    mask = e.emit(arith.SelectOp(e.emit(arith.CmpiOp(k_total, e.constant(1), "sgt")).results[0],
                                 full, cross_mask), "cross_mask").results[0]  # fmt: skip
    return e.emit(op.REDUCE_OP(loop.results[0], mask), "cross").results[0]


def _widened(
    op: RowReduceTileOp, e: Emitter, value: SSAValue, mask: SSAValue, pad: SSAValue,
    widen: tuple[DType, type[UnpackOp]], full: SSAValue,
) -> SSAValue:  # fmt: skip
    """An 8-bit register as one 16-bit register of the same extremum: the inactive lanes
    set to the identity (`vsel`), both halves extended (`vsunpack`/`vzunpack`), and their
    lane-wise `vmax`/`vmin`."""
    wide, unpack = widen
    if vreg_of(value).element != I8:
        value = e.emit(VBitcastOp(value, pad.type), "bytes").results[0]
    padded = e.emit(VSelOp(value, pad, mask), "padded").results[0]
    wide_vreg = VRegType(mlir_type(wide))
    halves = [
        e.emit(unpack(padded, e.constant(part), wide_vreg), name).results[0]
        for part, name in ((0, "low"), (1, "high"))
    ]
    return e.emit(op.STEP_OP(halves[0], halves[1], full), "wide").results[0]


def cross_step(
    op: RowReduceTileOp, e: Emitter, acc: SSAValue, value: SSAValue, mask: SSAValue,
    lane0: SSAValue,
) -> SSAValue:  # fmt: skip
    """The accumulator after one register: `step(acc, cross(value))` in lane 0, or for
    `trowprod` the lane-wise product on the active lanes (A5's merging `vmul`: `vmul` then
    `vsel` back to acc where the mask is off)."""
    if isinstance(op, TRowProdOp):
        product = e.emit(VMulOp(acc, value, mask), "prod").results[0]
        return e.emit(VSelOp(product, acc, mask), "acc").results[0]
    assert op.REDUCE_OP is not None
    name = op.REDUCE_OP.name.removeprefix("pto.v")
    partial = e.emit(op.REDUCE_OP(value, mask), name).results[0]
    return e.emit(op.STEP_OP(acc, partial, lane0), "acc").results[0]


def _fold_halves(e: Emitter, acc: SSAValue, ones: SSAValue, full: SSAValue) -> SSAValue:
    """`trowprod`'s register fold (A5 TRowProd.hpp): log2(N) times `low, high = vintlv acc,
    ones; acc = vmul low, high`. Lane 2^k * i of the k-th product is `acc[i] * acc[i + M/2]`
    of the M lanes left (semantics.row_reduce.row_prod); the lanes between hold 1 * 1."""
    steps = e.lanes.bit_length() - 1
    loop = e.loop(Size.of(0), Size.of(steps), 1, [acc], "k")
    body = loop.body.block
    body.args[1].name_hint = "fold"
    with e.inside(body):
        low, high = e.emit(VIntlvOp(body.args[1], ones), "low", "high").results
        e.emit(scf.YieldOp(e.emit(VMulOp(low, high, full), "fold").results[0]))
    return loop.results[0]


def lower_arg_reduce(op: ArgReduceTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """The arg-reductions: lower_tile_to_vector_argreduce.py (a row form's DN dst takes
    one-point stores, as the row reductions')."""
    if op.REFUSED is not None:
        raise pass_error(NAME, f"has no exact vector lowering: {op.REFUSED}", op)
    if op.ROW:
        lower_row_arg_reduce(op, rewriter, target)
    else:
        lower_col_arg_reduce(op, rewriter, target)
