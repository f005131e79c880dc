"""Partial elementwise ops (`PartialTileOp`: tpartadd tpartmul tpartmax tpartmin) as
vector loops, in phases over dst's valid region R x C, each a loop over rows around a loop
over chunks whose stores are masked to the phase's columns:

1. unless a source provably covers dst, on the CPU a `pto.vbr` zero register over R x C (the
   simulator's 0 where neither source is valid), for A5's `tpartmax`/`tpartmin` one of the
   lowest/highest finite value (`PartialTileOp.UNCOVERED_A5`);
2. each source copied over its valid region clipped to dst's (`vlds` + `vsts`), left out
   where the other source provably covers it;
3. the record's `VECTOR_OP` over the overlap of the two regions, its operands in the order
   the target's implementation passes them (A2/A3: `swapped_on_a2a3`; `vmax`/`vmin` swapped
   again when the vector rule picks the other operand than the tile rule).

Later stores win, so each element ends as the tile op writes it. Refused with a diagnostic:
any source sharing bytes with dst (a phase would overwrite what a later one reads), a float
op on A2/A3 whose valid sizes are not all known at compile time (the operand order, which
decides which NaN or signed zero is returned, depends on which source is partial), and an
element type the vector op lacks on the target (8-bit `vmul` on A5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, FloatAttr
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    NAME,
    Buffer,
    Size,
    at_least,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
    swap_select,
)
from passes.lower_tile_to_vector.emit import Emitter
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.ops.tile_partial import PartialTileOp, swapped_on_a2a3
from pto_dialect.ops.vector_arith import VBrOp, VectorBinaryOp, VMaxOp, VMinOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import ELEMENTWISE_RULES, finite_extreme
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VRegType

Compute = Callable[[Sequence[SSAValue], SSAValue], SSAValue]


def _covers(a: Buffer, b: Buffer) -> bool:
    """Whether `a`'s valid region provably contains `b`'s."""
    return at_least(a.valid_rows, b.valid_rows) and at_least(a.valid_cols, b.valid_cols)


def _static(buffer: Buffer) -> tuple[int, int] | None:
    rows, cols = buffer.valid_rows.known, buffer.valid_cols.known
    return None if rows is None or cols is None else (rows, cols)


class _Lowering:
    def __init__(self, op: PartialTileOp, rewriter: PatternRewriter, target: TargetProfile):
        self.op, self.target = op, target
        self.dst = buffer_of(op, op.outs[0], "dst")
        self.srcs = [buffer_of(op, op.ins[k], f"src{k}") for k in range(2)]
        self.dtype = self.dst.dtype
        vector_op = op.VECTOR_OP
        assert issubclass(vector_op, VectorBinaryOp)
        self.vector_op: type[VectorBinaryOp] = vector_op
        require_vector_ops(op, target, self.dtype, vector_op, VldsOp, VstsOp)
        for k, src in enumerate(self.srcs):
            if src.overlaps(self.dst):
                raise overlap_error(op, src, f"src{k}", self.dst, "dst",
                                    ": the copy and compute phases would overwrite it")  # fmt: skip
        self.swapped = self._swapped()
        if vector_op in (VMaxOp, VMinOp):
            rule = ELEMENTWISE_RULES[target.arch].max_min_fallback
            self.swapped ^= swap_select(rule, target)
        self.e = Emitter.replacing(op, rewriter, self.dtype)

    def _swapped(self) -> bool:
        """Whether the vector op takes (src1, src0)."""
        if self.target.arch is not TargetArch.A2A3 or self.dtype.is_int:
            return False  # integer add/mul/max/min give the same bits either way
        regions = [_static(b) for b in (self.dst, *self.srcs)]
        if any(r is None for r in regions):
            raise pass_error(
                NAME,
                "on target a2a3 the operand order of the float op depends on which source is "
                "partial (npu/a2a3/TPartOp.hpp): it needs valid sizes known at compile time",
                self.op,
            )
        dst, src0, src1 = cast(list[tuple[int, int]], regions)
        if dst not in (src0, src1):
            return False  # an unsupported pattern: the tile op fails at run time
        return swapped_on_a2a3(dst, src0, src1)

    # ---- phases ---------------------------------------------------------------------------
    def clip(self, *buffers: Buffer) -> tuple[Size, Size]:
        """The intersection of dst's valid region with those of `buffers`."""
        e = self.e
        rows, cols = self.dst.valid_rows, self.dst.valid_cols
        with e.before_scope():
            for b in buffers:
                rows = e.min(rows, b.valid_rows, "rows")
                cols = e.min(cols, b.valid_cols, "cols")
        return rows, cols

    def phase(self, region: tuple[Size, Size], srcs: Sequence[Buffer], compute: Compute,
              ptr: SSAValue | None = None) -> None:  # fmt: skip
        """Rows x chunks over `region`: the chunks of `srcs` loaded, `compute` stored."""
        e, (rows, cols) = self.e, region
        if rows.known == 0 or cols.known == 0:
            return

        def span(b: Buffer) -> int:
            return footprint(rows.bound, b.stride, cols.bound, e.lanes)

        check_store_in_ub(self.op, self.target, self.dst, span(self.dst))
        operands = [e.operand(s, span(s)) for s in srcs]
        if any(o.bounded for o in operands):
            require_vector_ops(self.op, self.target, self.dtype, VsldbOp)
        strides = dict.fromkeys(t.stride for t in (self.dst, *srcs))
        with e.rows(rows) as i:
            starts = {stride: e.mul(i, stride, "row") for stride in strides}
            with e.chunks(cols, blocks=any(o.bounded for o in operands)) as ch:
                at = {stride: e.add(start, ch.offset, "at") for stride, start in starts.items()}
                values = [e.load(o, at[o.buffer.stride], ch.block_mask) for o in operands]
                target = ptr or e.pointer(self.dst)
                e.store(compute(values, ch.mask), target, at[self.dst.stride], ch.mask)

    def fill_register(self, value: float) -> tuple[SSAValue, SSAValue]:
        """`pto.vbr value` and the dst pointer it is stored through (integers: signless)."""
        e, dtype = self.e, self.dtype
        lanes: DType = dtype_named(f"i{dtype.bits}") if dtype.is_int else dtype
        require_vector_ops(self.op, self.target, lanes, VBrOp, VstsOp)
        if dtype.is_int:
            bits = int(value) % (1 << dtype.bits)  # the signless lane's bits
            signed = bits - (1 << dtype.bits) if bits >> (dtype.bits - 1) else bits
            const = arith.ConstantOp.from_int_and_width(signed, dtype.bits)
        else:
            const = arith.ConstantOp(FloatAttr(value, cast(AnyFloat, mlir_type(dtype))))
        fill = e.hoist(const, "fill").results[0]
        register = e.emit(VBrOp(fill, VRegType(mlir_type(lanes))), "fill").results[0]
        return register, e.pointer(self.dst, lanes)

    def uncovered(self) -> float | None:
        """What dst's elements that neither source covers hold, or None when there are none
        (a source provably covers dst) or the target leaves no such pattern: 0 on the CPU, the
        lowest/highest finite value for A5's `tpartmax`/`tpartmin` (`UNCOVERED_A5`)."""
        dst, (src0, src1) = self.dst, self.srcs
        if _covers(src0, dst) or _covers(src1, dst):
            return None
        if self.target.arch is TargetArch.CPU:
            return 0.0
        highest = type(self.op).UNCOVERED_A5
        if self.target.arch is TargetArch.A5 and highest is not None:
            return float(finite_extreme(self.dtype, highest))
        return None

    def lower(self) -> None:
        e, dst, (src0, src1) = self.e, self.dst, self.srcs
        full = (dst.valid_rows, dst.valid_cols)
        value = self.uncovered()
        if value is not None:
            register, ptr = self.fill_register(value)
            self.phase(full, [], lambda values, mask: register, ptr)
        for src, other in ((src1, src0), (src0, src1)):
            if not _covers(other, src):
                self.phase(self.clip(src), [src], lambda values, mask: values[0])
        vector_op, swapped = self.vector_op, self.swapped

        def compute(values: Sequence[SSAValue], mask: SSAValue) -> SSAValue:
            lhs, rhs = (values[1], values[0]) if swapped else (values[0], values[1])
            hint = vector_op.name.removeprefix("pto.v")
            return e.emit(vector_op(lhs, rhs, mask), hint).results[0]

        self.phase(self.clip(src0, src1), [src0, src1], compute)


def lower_partial(op: PartialTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    lowering = _Lowering(op, rewriter, target)
    lowering.lower()
    lowering.e.replace_op()
