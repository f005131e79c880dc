"""Compare and select tile ops as vector loops through predicate stores and loads.

The packed mask tile (tile_compare.py): row i holds the predicates of row i, predicate j
is bit j % 8 of byte j // 8 of the row. A predicate register stores as 256 bits in 32
bytes (`psts "NORM"`), lane i of a bW mask being bit i * W / 8 (vector_predicate_memory.py).

- `tcmp`/`tcmps` (scalar form): per row of src0's valid region R x C, per 32-byte chunk j of
  the mask row's valid bytes, the 256 elements from column 256 j are compared by
  `256 / N` `pto.vcmp`/`pto.vcmps` (N lanes per register, each seeded by `pto.plt` over the
  columns left, so lanes past C are false), narrowed to one b8 mask whose lane k is
  column 256 j + k (`pto.ppack` LOWER / HIGHER into halves, `pto.por`: b32 -> b16 -> b8),
  and stored with `pto.psts "NORM"`. Chunks past C store all-false masks: the tile op
  zeroes the mask's whole valid region. Loads that could leave src are `pto.vsldb`.
- `tsel`/`tsels`: per row of dst's valid region, per register of N columns from column c,
  the predicates are loaded from byte c / 8 of the mask row: 8-bit data `pto.plds "NORM"`
  (a b8 mask), 16-bit `pto.plds "US"` (16 bytes, each bit doubled: a b16 mask), 32-bit
  `"US"` then `pto.punpack` LOWER (b16 -> b32); then `pto.vsel` (tsels: of a `pto.vbr`
  register) and a `pto.vsts` masked to the C columns.

Where this does not apply the op stays a tile op (`not_lowered` of the records): a mask row
whose valid bytes are not a multiple of 32 (tcmp) or whose last chunk's load would leave
the mask row (tsel), sources whose valid regions may not cover the region (all-one fill),
tcmps's tile form, 64-bit elements.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.dialects.builtin import i32
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.lower_tile_to_vector.buffers import (
    Buffer,
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
)
from passes.lower_tile_to_vector.emit import Emitter, Operand
from pto_dialect.dtypes import U8
from pto_dialect.ops.tile_compare import (
    MaskWritingTileOp,
    SelectTileOp,
    TCmpSOp,
    TSelSOp,
    compare_mode,
)
from pto_dialect.ops.vector_arith import VBrOp
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_mask import PSET_OPS
from pto_dialect.ops.vector_predicate import POrOp, PPackOp, PUnpackOp
from pto_dialect.ops.vector_predicate_memory import PldsOp, PstsOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import MaskType

STORE_BYTES = 32
"""Bytes of one `psts "NORM"`: the predicates of 256 columns."""
GROUP = 8 * STORE_BYTES
"""Columns one predicate store covers."""


def _loaded(e: Emitter, buffer: Buffer, span: int, op: Operation, target: TargetProfile) -> Operand:
    """`buffer` as a source read up to element `span` (vsldb when a load could leave it)."""
    operand = e.operand(buffer, span)
    if operand.bounded:
        require_vector_ops(op, target, buffer.dtype, VsldbOp)
    return operand


def _all_true(e: Emitter, bits: int) -> dict[int, SSAValue]:
    """`pset "PAT_ALL"` of each granularity narrower than `bits` (the por masks of `_narrow`)."""
    out: dict[int, SSAValue] = {}
    while bits > 8:
        bits //= 2
        out[bits] = e.emit(PSET_OPS[bits]("PAT_ALL"), f"all{bits}").results[0]
    return out


def _narrow(
    e: Emitter, masks: list[SSAValue | None], bits: int, all_true: dict[int, SSAValue]
) -> SSAValue | None:
    """Masks of `bits` granularity, each holding consecutive columns, as one b8 mask:
    pairs are packed into the LOWER / HIGHER halves of the next narrower granularity. None
    stands for a mask known to be all false (columns past the valid ones), which packs to
    all false and leaves `por` its other operand."""
    while bits > 8:
        narrower = MaskType(bits // 2)
        pairs: list[SSAValue | None] = []
        for low, high in zip(masks[0::2], masks[1::2], strict=True):
            lo = None if low is None else e.emit(PPackOp(low, "LOWER", narrower), "lo").results[0]
            hi = (None if high is None
                  else e.emit(PPackOp(high, "HIGHER", narrower), "hi").results[0])  # fmt: skip
            if lo is None or hi is None:
                pairs.append(lo if hi is None else hi)
                continue
            pairs.append(e.emit(POrOp(lo, hi, all_true[bits // 2]), "packed").results[0])
        masks, bits = pairs, bits // 2
    (mask,) = masks
    return mask


def lower_compare(op: MaskWritingTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `tcmp`/`tcmps` by its vecscope (see the module docstring)."""
    src0 = buffer_of(op, op.ins[0], "src0")
    mask = buffer_of(op, op.outs[0], "dst")
    srcs = [src0]
    if not (isinstance(op, TCmpSOp) and op.scalar_form):
        srcs.append(buffer_of(op, op.ins[1], "src1"))
    dtype = src0.dtype
    vector_op = VCmpsOp if len(srcs) == 1 else VCmpOp
    require_vector_ops(op, target, dtype, vector_op, VldsOp)
    for src, role in zip(srcs, ("src0", "src1"), strict=False):
        if src.overlaps(mask):
            raise overlap_error(op, src, role, mask, "dst", ": the mask is written by chunks")
    rows, cols = src0.valid_rows, src0.valid_cols
    row_bytes = mask.valid_cols.known
    assert row_bytes is not None  # not_lowered: a static multiple of 32 bytes
    chunks = row_bytes * mask.dtype.bytes // STORE_BYTES
    mode = compare_mode(op, target)
    e = Emitter.replacing(op, rewriter, dtype)
    lanes = e.lanes
    operands = [
        _loaded(e, s, footprint(rows.bound, s.stride, chunks * GROUP, lanes), op, target)
        for s in srcs
    ]
    bounded = any(o.bounded for o in operands)
    out = e.pointer(mask, U8)
    all_true = _all_true(e, dtype.bits)
    known = cols.known
    none = None  # pset_b8 "PAT_ALLF": the mask of a chunk of columns past the valid ones
    if known is not None and known <= (chunks - 1) * GROUP:
        none = e.emit(PSET_OPS[8]("PAT_ALLF"), "none").results[0]
    with e.rows(rows) as i:
        starts = {
            stride: e.mul(i, stride, "row") for stride in dict.fromkeys(s.stride for s in srcs)
        }
        out_row = e.mul(i, mask.stride * mask.dtype.bytes, "mrow")

        def compare(col: Size, seed: SSAValue, block_mask: SSAValue | None) -> SSAValue:
            values = [
                e.load(o, e.add(starts[o.buffer.stride], col, "at"), block_mask, role)
                for o, role in zip(operands, ("src0", "src1"), strict=False)
            ]
            if len(values) == 1:
                cmp = VCmpsOp(values[0], op.ins[1], seed, mode)
            else:
                cmp = VCmpOp(values[0], values[1], seed, mode)
            return e.emit(cmp, "cmp").results[0]

        if known is not None:  # unrolled: registers past the valid columns are all false
            for j in range(chunks):
                found: list[SSAValue | None] = []
                for k in range(GROUP // lanes):
                    left = known - j * GROUP - k * lanes
                    if left <= 0:
                        found.append(None)
                        continue
                    count = e.constant(left, i32)
                    block_mask = e.block_mask(count) if bounded else None
                    seed = e.plt(count)[0]
                    found.append(compare(Size.of(j * GROUP + k * lanes), seed, block_mask))
                packed = _narrow(e, found, dtype.bits, all_true) or none
                assert packed is not None
                at = e.add(out_row, Size.of(j * STORE_BYTES), "at")
                e.emit(PstsOp(packed, out, e.index(at), "NORM"))
        else:
            loop = e.loop(Size.of(0), Size.of(chunks), 1, [e.count(cols)], "j")
            block = loop.body.block
            with e.inside(block):
                j = Size(block.args[0], chunks - 1)
                remaining: SSAValue = block.args[1]
                first = e.mul(j, GROUP, "col")
                found = []
                for k in range(GROUP // lanes):
                    col = e.add(first, Size.of(k * lanes), "col")
                    before = remaining
                    seed, remaining = e.plt(before)
                    block_mask = e.block_mask(before) if bounded else None
                    found.append(compare(col, seed, block_mask))
                packed = _narrow(e, found, dtype.bits, all_true)
                assert packed is not None
                at = e.add(out_row, e.mul(j, STORE_BYTES, "byte"), "at")
                e.emit(PstsOp(packed, out, e.index(at), "NORM"))
                e.emit(scf.YieldOp(remaining))
    e.replace_op()


def lower_select(op: SelectTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `tsel`/`tsels` by its vecscope (see the module docstring)."""
    mask = buffer_of(op, op.ins[0], "mask")
    dst = buffer_of(op, op.outs[0], "dst")
    scalar = op.scalar if isinstance(op, TSelSOp) else None
    roles = ["src"] if scalar is not None else ["src0", "src1"]
    srcs = [buffer_of(op, op.ins[k + 1], role) for k, role in enumerate(roles)]
    dtype = dst.dtype
    require_vector_ops(op, target, dtype, VSelOp, VldsOp, VstsOp)
    if scalar is not None:
        require_vector_ops(op, target, dtype, VBrOp)
    for src, role in zip(srcs, roles, strict=True):
        if src.clashes(dst):
            raise overlap_error(op, src, role, dst, "dst")
    if mask.overlaps(dst):
        raise overlap_error(op, mask, "mask", dst, "dst", ": later chunks read the mask")
    rows, cols = dst.valid_rows, dst.valid_cols
    e = Emitter.replacing(op, rewriter, dtype)
    lanes = e.lanes

    def span(b: Buffer) -> int:
        return footprint(rows.bound, b.stride, cols.bound, lanes)

    check_store_in_ub(op, target, dst, span(dst))
    operands = [_loaded(e, s, span(s), op, target) for s in srcs]
    out = e.pointer(dst)
    other = None if scalar is None else e.emit(VBrOp(scalar, e.vreg), "other").results[0]
    predicates = e.pointer(mask, U8)
    dist, bits = ("NORM", 8) if dtype.bits == 8 else ("US", 16)
    strides = dict.fromkeys(t.stride for t in [dst, *srcs])
    with e.rows(rows) as i:
        starts = {stride: e.mul(i, stride, "row") for stride in strides}
        mask_row = e.mul(i, mask.stride * mask.dtype.bytes, "mrow")
        with e.chunks(cols, blocks=any(o.bounded for o in operands)) as ch:
            at = {stride: e.add(start, ch.offset, "at") for stride, start in starts.items()}
            values = [
                e.load(o, at[o.buffer.stride], ch.block_mask, role)
                for o, role in zip(operands, roles, strict=True)
            ]
            byte = e.add(mask_row, e.div(ch.offset, 8, "byte"), "mat")
            pred = e.emit(PldsOp(predicates, e.index(byte), dist, bits), "pred").results[0]
            if dtype.bits == 32:
                pred = e.emit(PUnpackOp(pred, "LOWER", MaskType(32)), "pred").results[0]
            second = values[1] if other is None else other
            sel = e.emit(VSelOp(values[0], second, pred), "sel").results[0]
            e.store(sel, out, at[dst.stride], ch.mask)
    e.replace_op()
