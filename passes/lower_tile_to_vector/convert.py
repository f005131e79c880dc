"""`tcvt` as a vector loop of `vlds` / `vcvt` / `vsts` (vcvt.md), chunk by chunk over dst's
valid region (src's is the same: the tile op checks it), one run or rows x chunks as the
elementwise ops. The `vcvt` carries the tile op's round mode (`rnd`: RINT/NONE R, ROUND A,
FLOOR F, CEIL C, TRUNC Z, ODD O) and saturation (`sat`, where the form takes one; the
target's default when the op has none).

- Same element width (f32 <-> i32, f16 <-> i16): `vlds` N lanes of src, `vcvt`, `vsts`
  under the `plt` tail mask. f32 -> f32 (tcvt.md "round-only": an integral value in the
  same type) is the same loop with `vtrc` (vtrc.md) in place of `vcvt`, its mode the tile
  op's (RINT/NONE R, ROUND A, FLOOR F, CEIL C, TRUNC Z; tcvt refuses ODD for the pair).
- Narrowing 2:1 (f32 -> f16/bf16/i16, i32 -> i16, f16 -> i8/ui8, ...): `vlds` N lanes of src,
  `vcvt {part = "EVEN"}` puts lane i's result in lane 2i of the narrow register, which
  `vbitcast` reads as N lanes of the source width whose low halves hold the results; `vsts
  {dist = "PK_B<bits>"}` stores those low halves, N dst elements, under src's tail mask.
- Widening 1:2 (f16 -> f32, i8 -> f16, i16 -> i32, ...): `vlds {dist = "UNPK_B<bits>"}` puts
  N src elements zero-extended into N wide lanes, `vbitcast` reads them as 2N narrow lanes
  (element i in lane 2i), `vcvt {part = "EVEN"}` (all lanes enabled) converts lane 2i into wide
  lane i, `vsts` under dst's tail mask. The unpacking load has no block-masked form: a row of
  the tile must hold a whole number of chunks (`TCvtOp.not_lowered`).

Other pairs stay tile ops (`TCvtOp.not_lowered`; docs/passes.md).
"""

from __future__ import annotations

from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.lower_tile_to_vector.buffers import (
    Buffer,
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    reads_ahead,
    require_vector_ops,
)
from passes.lower_tile_to_vector.emit import Emitter, Operand
from pto_dialect.attrs import LoadDist, RoundMode, StoreDist
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.ops.tile_convert import TCvtOp
from pto_dialect.ops.vector_convert import FORMS, ROUND_CODES, SAT_CODES, VBitcastOp, VCvtOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_mask import PSET_OPS
from pto_dialect.ops.vector_round_cast import VTrcOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VREG_BITS, VRegType

_RND = {mode: code for code, mode in ROUND_CODES.items() if code != "H"} | {RoundMode.NONE: "R"}
"""The `rnd` code of each tile round mode (H is HiFloat8's own, no tile mode's)."""
_SAT = {mode: code for code, mode in SAT_CODES.items()}


def _vreg(dtype: DType, lanes: int | None = None) -> VRegType:
    return VRegType(mlir_type(dtype), lanes or VREG_BITS // dtype.bits)


def _unsigned(bits: int) -> DType:
    return dtype_named(f"ui{bits}")


ChunkMasks = tuple[SSAValue, SSAValue | None]
"""A chunk's tail mask and, for a bounded load, its block mask."""


class _Lowering:
    def __init__(self, op: TCvtOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
        self.op = op
        self.target = target
        self.src = buffer_of(op, op.ins[0], "src")
        self.dst = buffer_of(op, op.outs[0], "dst")
        src, dst = self.src.dtype, self.dst.dtype
        self.narrowing = dst.bits < src.bits
        self.widening = dst.bits > src.bits
        if self.widening:
            require_vector_ops(op, target, _unsigned(dst.bits), VldsOp)
        else:
            require_vector_ops(op, target, src, VldsOp)
        require_vector_ops(op, target, _unsigned(src.bits) if self.narrowing else dst, VstsOp)
        self.rounds_only = src == dst
        if self.rounds_only:  # vtrc: the mode only (a float keeps its type, no saturation)
            require_vector_ops(op, target, src, VTrcOp)
            takes_rnd, takes_sat = True, False
        else:
            takes_rnd, takes_sat = FORMS[(src, dst)]
        self.rnd = _RND[op.round_mode] if takes_rnd else None
        self.sat = _SAT[op.saturation(target)] if takes_sat else None
        self.part = "EVEN" if src.bits != dst.bits else None
        # one chunk is one register of the wider type: its lanes, its masks
        self.e = Emitter.replacing(op, rewriter, dst if self.widening else src)
        self.all_lanes: SSAValue | None = None
        self.one_run = self.dst.valid_rows.value == 1 or (
            self.src.stride == self.dst.stride == self.dst.valid_cols.value
        )
        if self.src.overlaps(self.dst) and not self.in_order():
            raise overlap_error(op, self.src, "src", self.dst, "dst")

    def in_order(self) -> bool:
        """Whether the chunked loop never stores over what a later chunk loads: the same
        placement of elements of one width, or a store that stays behind the loads."""
        src, dst = self.src, self.dst
        if src.dtype.bits == dst.dtype.bits and src.same_placement(dst):
            return True
        rows, cols = dst.valid_rows.bound, dst.valid_cols.bound
        if self.one_run:
            rows, cols = 1, cols if dst.valid_rows.value == 1 else rows * dst.stride
        return reads_ahead(src, dst, rows, cols, self.e.lanes)

    def operands(self, rows: int, cols: int) -> tuple[Operand, Operand]:
        def span(b: Buffer) -> int:
            return footprint(rows, b.stride, cols, self.e.lanes)

        check_store_in_ub(self.op, self.target, self.dst, span(self.dst))
        src = self.e.operand(self.src, span(self.src))
        dst = self.e.operand(self.dst, span(self.dst))
        if src.bounded:
            require_vector_ops(self.op, self.target, self.src.dtype, VsldbOp)
        return src, dst

    def chunk(self, src: Operand, dst: Operand, at: tuple[Size, Size], masks: ChunkMasks) -> None:
        """Load, convert and store the chunk at element `at` (src, dst)."""
        e = self.e
        source, dtype = self.src.dtype, self.dst.dtype
        mask, block_mask = masks
        if self.widening:
            load = VldsOp(src.ptr, e.index(at[0]), _vreg(_unsigned(dtype.bits)),
                          LoadDist(f"UNPK_B{source.bits}"))  # fmt: skip
            wide = e.emit(load, "src").results[0]
            value = e.emit(VBitcastOp(wide, _vreg(source)), "narrow").results[0]
            assert self.all_lanes is not None
            result = self.convert(value, self.all_lanes)
            e.store(result, dst.ptr, at[1], mask)
            return
        value = e.load(src, at[0], block_mask, "src")
        result = self.convert(value, mask)
        if not self.narrowing:
            e.store(result, dst.ptr, at[1], mask)
            return
        packed = e.emit(VBitcastOp(result, _vreg(_unsigned(source.bits))), "halves").results[0]
        dist = StoreDist(f"PK_B{source.bits}")
        e.emit(VstsOp(packed, dst.ptr, e.index(at[1]), mask, dist))

    def convert(self, value: SSAValue, mask: SSAValue) -> SSAValue:
        if self.rounds_only:
            assert self.rnd is not None
            return self.e.emit(VTrcOp(value, mask, self.rnd), "trc").results[0]
        vcvt = VCvtOp(value, mask, _vreg(self.dst.dtype), self.rnd, self.sat, self.part)
        return self.e.emit(vcvt, "cvt").results[0]

    def lower(self) -> None:
        e = self.e
        if self.widening:  # vcvt of every narrow lane; dst's tail mask keeps the chunk's
            pset = PSET_OPS[self.src.dtype.bits]("PAT_ALL")
            self.all_lanes = e.emit(pset, "all").results[0]
        rows, cols = self.dst.valid_rows, self.dst.valid_cols
        if self.one_run:
            with e.before_scope():
                total = cols if rows.value == 1 else e.mul(rows, self.dst.stride, "total")
            src, dst = self.operands(1, total.bound)
            with e.chunks(total, blocks=src.bounded) as ch:
                self.chunk(src, dst, (ch.offset, ch.offset), (ch.mask, ch.block_mask))
            return
        src, dst = self.operands(rows.bound, cols.bound)
        with e.rows(rows) as i:
            src_row = e.mul(i, self.src.stride, "row")
            dst_row = e.mul(i, self.dst.stride, "row")
            with e.chunks(cols, blocks=src.bounded) as ch:
                at = (e.add(src_row, ch.offset, "at"), e.add(dst_row, ch.offset, "at"))
                self.chunk(src, dst, at, (ch.mask, ch.block_mask))


def lower_convert(op: TCvtOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    lowering = _Lowering(op, rewriter, target)
    lowering.lower()
    lowering.e.replace_op()
