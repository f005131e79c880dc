"""`tcvt` as a vector loop of `vlds` / `vcvt` / `vsts`, for the pairs whose `vcvt` form keeps
the lane count (f32 <-> i32, f16 <-> i16, ...: the same element width on both sides).

The domain is dst's valid region (src's is the same: the tile op checks it). Each chunk of
N = 256 / sizeof(T) lanes is loaded from src, converted by one `pto.vcvt` with the tile op's
round mode (`rnd`: RINT/NONE R, ROUND A, FLOOR F, CEIL C, TRUNC Z) and saturation (`sat`,
where the form takes one), and stored into dst under the `plt` tail mask. Width-changing
pairs stay tile ops (`TCvtOp.not_lowered` says why; docs/passes.md).
"""

from __future__ import annotations

from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.lower_tile_to_vector_buffers import (
    Buffer,
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
)
from passes.lower_tile_to_vector_emit import Emitter, Operand
from pto_dialect.attrs import RoundMode
from pto_dialect.dtypes import mlir_type
from pto_dialect.ops.tile_convert import TCvtOp
from pto_dialect.ops.vector_convert import FORMS, ROUND_CODES, SAT_CODES, VCvtOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.types import VRegType

_RND = {mode: code for code, mode in ROUND_CODES.items()} | {RoundMode.NONE: "R"}
_SAT = {mode: code for code, mode in SAT_CODES.items()}


class _Lowering:
    def __init__(self, op: TCvtOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
        self.op = op
        self.target = target
        self.src = buffer_of(op, op.ins[0], "src")
        self.dst = buffer_of(op, op.outs[0], "dst")
        src, dst = self.src.dtype, self.dst.dtype
        require_vector_ops(op, target, src, VldsOp)
        require_vector_ops(op, target, dst, VstsOp)
        if self.src.overlaps(self.dst) and not self.src.same_placement(self.dst):
            raise overlap_error(op, self.src, "src", self.dst, "dst")
        takes_rnd, takes_sat = FORMS[(src, dst)]
        self.rnd = _RND[op.round_mode] if takes_rnd else None
        self.sat = _SAT[op.saturation(target)] if takes_sat else None
        self.result = VRegType(mlir_type(dst))
        self.e = Emitter.replacing(op, rewriter, src)  # same width: one lane count, one mask

    def operands(self, rows: int, cols: int) -> tuple[Operand, Operand]:
        def span(b: Buffer) -> int:
            return footprint(rows, b.stride, cols, self.e.lanes)

        check_store_in_ub(self.op, self.target, self.dst, span(self.dst))
        src = self.e.operand(self.src, span(self.src))
        dst = self.e.operand(self.dst, span(self.dst))
        if src.bounded:
            require_vector_ops(self.op, self.target, self.src.dtype, VsldbOp)
        return src, dst

    def convert(self, value: SSAValue, mask: SSAValue) -> SSAValue:
        vcvt = VCvtOp(value, mask, self.result, self.rnd, self.sat)
        return self.e.emit(vcvt, "cvt").results[0]

    def lower(self) -> None:
        e = self.e
        rows, cols = self.dst.valid_rows, self.dst.valid_cols
        if rows.value == 1 or self.src.stride == self.dst.stride == cols.value:
            with e.before_scope():
                total = cols if rows.value == 1 else e.mul(rows, self.dst.stride, "total")
            src, dst = self.operands(1, total.bound)
            with e.chunks(total, blocks=src.bounded) as ch:
                value = e.load(src, ch.offset, ch.block_mask, "src")
                e.store(self.convert(value, ch.mask), dst.ptr, ch.offset, ch.mask)
            return
        src, dst = self.operands(rows.bound, cols.bound)
        with e.rows(rows) as i:
            src_row = e.mul(i, self.src.stride, "row")
            dst_row = e.mul(i, self.dst.stride, "row")
            with e.chunks(cols, blocks=src.bounded) as ch:
                at_src: Size = e.add(src_row, ch.offset, "at")
                at_dst: Size = e.add(dst_row, ch.offset, "at")
                value = e.load(src, at_src, ch.block_mask, "src")
                e.store(self.convert(value, ch.mask), dst.ptr, at_dst, ch.mask)


def lower_convert(op: TCvtOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    lowering = _Lowering(op, rewriter, target)
    lowering.lower()
    lowering.e.replace_op()
