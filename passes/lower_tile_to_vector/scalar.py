"""Tile-scalar ops as vector loops: the scalar goes to a vector-scalar op of the record's
`VECTOR_OP` (or a `pto.vbr` register), one chunk at a time.

The domain is dst's valid region R x C, every source tile read at its own row stride (the
tile op requires every source to have dst's valid region), every store masked so that no
other byte of dst changes; as for the elementwise ops, one loop when the region is one run
of every tile, else a row loop around a chunk loop.

- `tadds tsubs tmuls tmaxs tmins tands tors txors tshls tshrs tlrelu`: `pto.v<op>s %src,
  %scalar, %mask` (txors' tmp is not touched).
- `tdivs`: `pto.vbr %scalar` once, then `pto.vdiv` in the layout's order (float only).
- `taddsc`/`tsubsc`: `pto.vadds`/`pto.vsubs`, then `pto.vadd` of src1.
- `taxpy`: `pto.vaxpy %src, %acc, %scalar` with acc loaded from the `acc` source or from dst.
- `texpands`: `pto.vbr %scalar` once, then masked `pto.vsts` of it (an unsigned tile takes
  the register of its signless scalar, stored through a pointer of that type: same bytes).
- An f32 `tlrelu` slope of an f16 tile is rounded at compile time when it is a constant.

Refused with a diagnostic: an op whose record says why it is not lowered (`REFUSED`:
tfmods, trems, tpows), an element type a vector op lacks on the target (integer tdivs,
...), taxpy of an f16 src into an f32 dst (needs a conversion op), tmaxs/tmins where the
target's vector max/min rule picks the other operand than the tile rule on equal operands
(a scalar operand cannot be swapped), a non-constant slope of another type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, FloatAttr
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    NAME,
    Buffer,
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    require_vector_ops,
    swap_select,
)
from passes.lower_tile_to_vector.emit import Emitter, Operand
from pto_dialect.dtypes import dtype_of, mlir_type
from pto_dialect.ops.tile_scalar import (
    ACC,
    ScalarTileOp,
    TAddSCOp,
    TAxpyOp,
    TDivSOp,
    TExpandSOp,
    TSubSCOp,
)
from pto_dialect.ops.vector_arith import VAddOp, VBrOp, VDivOp
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_scalar import VAxpyOp, VectorScalarOp, VMaxsOp, VMinsOp, scalar_fits
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import ELEMENTWISE_RULES
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VRegType


class ScalarLowering:
    """One tile-scalar op: its buffers, scalar and refusals, then its vecscope."""

    def __init__(
        self, op: ScalarTileOp, rewriter: PatternRewriter, target: TargetProfile,
        emitter: Emitter | None = None,
    ) -> None:  # fmt: skip
        """Checks `op` (a diagnostic when it has no exact vector form) and emits into
        `emitter`'s vecscope, or a new one before `op`."""
        if op.REFUSED is not None:
            raise pass_error(NAME, f"has no exact vector lowering: {op.REFUSED}", op)
        self.op = op
        self.target = target
        self.dst = buffer_of(op, op.outs[0], "dst")
        sources = op.data_sources()
        self.roles = [role for _, role in sources]
        self.srcs = [buffer_of(op, op.ins[i], role) for i, role in sources]
        self.dtype = self.dst.dtype
        self.vector_ops = self._vector_ops()
        require_vector_ops(op, target, self.dtype, *self.vector_ops, VstsOp)
        if self.srcs:
            require_vector_ops(op, target, self.dtype, VldsOp)
        for role, src in zip(self.roles, self.srcs, strict=True):
            if src.dtype != self.dtype:
                raise pass_error(
                    NAME,
                    f"{role} is {src.dtype} and dst {self.dtype}: the widening needs a "
                    "conversion op, which this project's vector ops do not have yet",
                    op,
                )
            if src.clashes(self.dst):
                raise overlap_error(op, src, role, self.dst, "dst")
        if op.VECTOR_OP in (VMaxsOp, VMinsOp):
            rule = ELEMENTWISE_RULES[target.arch].max_min_fallback
            if swap_select(rule, target):
                raise pass_error(
                    NAME,
                    f"on target {target.name} the vector max/min returns the other operand "
                    "than the tile rule on equal operands, and a scalar operand cannot be "
                    "swapped",
                    op,
                )
        self.rows, self.cols = self._region()
        folded = self._folded_scalar()
        self.e = emitter or Emitter.replacing(op, rewriter, self.dtype)
        self.scalar = op.scalar
        if folded is not None:
            const = arith.ConstantOp(FloatAttr(folded, cast(AnyFloat, mlir_type(self.dtype))))
            self.scalar = self.e.hoist(const, "scalar").results[0]
        self.register: SSAValue | None = None

    def _vector_ops(self) -> list[type[VectorPipeOp]]:
        op = self.op
        if isinstance(op, TAddSCOp | TSubSCOp):
            return [op.VECTOR_OP, VAddOp]
        if isinstance(op, TExpandSOp):
            return []  # vbr is checked on the scalar's own type
        if isinstance(op, TDivSOp):
            return [VBrOp, VDivOp]
        return [op.VECTOR_OP]

    def _region(self) -> tuple[Size, Size]:
        """dst's valid region, a `?` size bounded by every tile's extent (a run where the
        sources' regions differ fails at tile level)."""
        rows, cols = self.dst.valid_rows, self.dst.valid_cols
        if not isinstance(rows.value, int):
            rows = Size(rows.value, min([rows.bound, *(s.valid_rows.bound for s in self.srcs)]))
        if not isinstance(cols.value, int):
            cols = Size(cols.value, min([cols.bound, *(s.valid_cols.bound for s in self.srcs)]))
        return rows, cols

    def _folded_scalar(self) -> float | None:
        """None when the vector ops take the scalar as it is, else the value of the constant
        rounded to the element type (tlrelu's f32 slope of an f16 tile)."""
        scalar = self.op.scalar
        if scalar_fits(scalar.type, self.dtype):
            return None
        owner = scalar.owner
        if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, FloatAttr):
            # the verifier lets only tlrelu's f32 slope differ from the element type, so the
            # f32 value is rounded once (nearest-even) to f16/bf16, as the interpreter does
            slope = np.array(owner.value.value.data, dtype=np.float32)
            return float(slope.astype(self.dtype.numpy))
        raise pass_error(
            NAME,
            f"the {scalar.type} scalar of the {self.dtype} tile is not a constant: no vector "
            "op converts a scalar to the element type",
            self.op,
        )

    # ---- the computation of one chunk --------------------------------------------------
    def apply(self, values: Sequence[SSAValue], mask: SSAValue) -> SSAValue:
        e, op, s = self.e, self.op, self.scalar
        if isinstance(op, TAxpyOp):
            return e.emit(VAxpyOp(values[0], values[1], s, mask), "axpy").results[0]
        if isinstance(op, TDivSOp):
            assert self.register is not None
            lhs, rhs = (self.register, values[0]) if op.scalar_first else (values[0], self.register)
            return e.emit(VDivOp(lhs, rhs, mask), "div").results[0]
        vector_op = op.VECTOR_OP
        assert issubclass(vector_op, VectorScalarOp)
        hint = vector_op.name.removeprefix("pto.")
        result = e.emit(vector_op(values[0], s, mask), hint).results[0]
        if isinstance(op, TAddSCOp | TSubSCOp):
            result = e.emit(VAddOp(result, values[1], mask), "add").results[0]
        return result

    # ---- loops ---------------------------------------------------------------------------
    def tiles(self) -> list[Buffer]:
        return [self.dst, *self.srcs]

    def operands(self, rows: int, stride_cols: int) -> tuple[list[Operand], Operand]:
        lanes = self.e.lanes

        def span(b: Buffer) -> int:
            return footprint(rows, b.stride, stride_cols, lanes)

        check_store_in_ub(self.op, self.target, self.dst, span(self.dst))
        srcs = [self.e.operand(s, span(s)) for s in self.loaded()]
        dst = self.e.operand(self.dst, span(self.dst))
        if any(o.bounded for o in srcs):
            require_vector_ops(self.op, self.target, self.dtype, VsldbOp)
        return srcs, dst

    def loaded(self) -> list[Buffer]:
        """The buffers each chunk loads: the sources, and dst for taxpy's PTOAS form."""
        if isinstance(self.op, TAxpyOp) and self.op.index_of(ACC) is None:
            return [*self.srcs, self.dst]
        return self.srcs

    def lower(self) -> None:
        e = self.e
        if isinstance(self.op, TDivSOp):
            self.register = e.emit(VBrOp(self.scalar, e.vreg), "scalar").results[0]
        if isinstance(self.op, TExpandSOp):
            self.expand()
            return
        roles = [*self.roles, "acc"][: len(self.loaded())]
        if self.rows.value == 1 or all(t.stride == self.cols.value for t in self.tiles()):
            with e.before_scope():
                total = self.cols if self.rows.value == 1 else e.mul(self.rows, self.dst.stride)
            srcs, dst = self.operands(1, total.bound)
            with e.chunks(total, blocks=any(s.bounded for s in srcs)) as ch:
                values = [
                    e.load(src, ch.offset, ch.block_mask, role)
                    for src, role in zip(srcs, roles, strict=True)
                ]
                e.store(self.apply(values, ch.mask), dst.ptr, ch.offset, ch.mask)
            return
        srcs, dst = self.operands(self.rows.bound, self.cols.bound)
        strides = dict.fromkeys(t.stride for t in self.tiles())
        with e.rows(self.rows) as i:
            starts = {stride: e.mul(i, stride, "row") for stride in strides}
            with e.chunks(self.cols, blocks=any(s.bounded for s in srcs)) as ch:
                at = {stride: e.add(start, ch.offset, "at") for stride, start in starts.items()}
                values = [
                    e.load(src, at[src.buffer.stride], ch.block_mask, role)
                    for src, role in zip(srcs, roles, strict=True)
                ]
                e.store(self.apply(values, ch.mask), dst.ptr, at[self.dst.stride], ch.mask)

    def expand(self) -> None:
        """`texpands`: one broadcast register stored over the region."""
        e, scalar = self.e, self.scalar
        lanes_type = dtype_of(scalar.type) or self.dtype
        require_vector_ops(self.op, self.target, lanes_type, VBrOp, VstsOp)
        register = e.emit(VBrOp(scalar, VRegType(scalar.type)), "scalar").results[0]
        ptr = e.pointer(self.dst, lanes_type)
        if self.rows.value == 1 or self.dst.stride == self.cols.value:
            with e.before_scope():
                total = self.cols if self.rows.value == 1 else e.mul(self.rows, self.dst.stride)
            self.operands(1, total.bound)
            with e.chunks(total) as ch:
                e.store(register, ptr, ch.offset, ch.mask)
            return
        self.operands(self.rows.bound, self.cols.bound)
        with e.rows(self.rows) as i:
            start = e.mul(i, self.dst.stride, "row")
            with e.chunks(self.cols) as ch:
                e.store(register, ptr, e.add(start, ch.offset, "at"), ch.mask)


def lower_scalar(op: ScalarTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    lowering = ScalarLowering(op, rewriter, target)
    lowering.lower()
    lowering.e.replace_op()
