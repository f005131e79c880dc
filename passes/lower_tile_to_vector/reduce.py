"""`tcolmin tcolmax tcolsum` as vector loops (interpreters/semantics/reduce.py).

R x C is the source's valid region; `dst[0, j]` is written for `j < C` and nothing else
(masked stores); R = 0 writes nothing (the chunk loop's bound is then 0). One loop over the
C columns in chunks; in each chunk:

- in row order (tcolmin, tcolmax, tcolsum without `isBinary` or of a type the target sums
  in order): `acc = row 0; acc = step(acc, row i)` for i = 1 .. R-1 with `vmin`/`vmax`/`vadd`
  in the element type (the targets accumulate in it: no widening), then `dst = acc`;
- pairwise (`tcolsum {isBinary}` with tmp): the target's algorithm, in place in tmp:
  `tmp[j] = r[2j] + r[2j+1]`, then while more than one partial sum is left
  `tmp[j] = tmp[2j] + tmp[2j+1]`; a level's odd leftover is added to its first partial sum
  (`tmp[0] + left`) or its last one (`left + tmp[n-1]`) as `REDUCE_RULES` say; `dst = tmp[0]`.
  tmp columns follow the chunk (a2a3) or restart at 0 for every 256-byte chunk (a5, cpu).
  A single row is copied (a2a3) or added to a zero register and written to tmp row 0 too
  (a5, cpu; integers are copied: `0 + x` is x).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import AnyFloat, FloatAttr, IndexType
from xdsl.ir import Block, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    CHUNK_BYTES,
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
from passes.lower_tile_to_vector.emit import Chunk, Emitter, Operand
from pto_dialect.ops.tile_reduce import ColReduceTileOp, TColSumOp
from pto_dialect.ops.vector_arith import VAddOp, VBrOp, VectorBinaryOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import REDUCE_RULES, Fold
from pto_dialect.targets import TargetProfile


class _Lowering:
    """One column reduction: its buffers and rules, then its vecscope (`lower`)."""

    src_in: Operand
    tmp_in: Operand
    dst_ptr: SSAValue
    zero: SSAValue | None
    ch: Chunk

    def __init__(
        self, op: ColReduceTileOp, rewriter: PatternRewriter, target: TargetProfile
    ) -> None:
        self.op = op
        self.target = target
        self.src = buffer_of(op, op.ins[0], "src")
        self.dst = buffer_of(op, op.outs[0], "dst")
        self.dtype = self.src.dtype
        self.rules = REDUCE_RULES[target.arch]
        pairwise = (
            isinstance(op, TColSumOp)
            and op.binary
            and len(op.ins) == 2
            and self.dtype not in self.rules.sequential_only
        )
        self.tmp = buffer_of(op, op.ins[1], "tmp") if pairwise else None
        self.step = cast(type[VectorBinaryOp], op.VECTOR_OP)  # a step of acc and a row
        require_vector_ops(op, target, self.dtype, self.step, VldsOp, VstsOp)
        self.check_overlaps()
        rows, cols = self.src.valid_rows, self.src.valid_cols
        if not isinstance(cols.value, int):  # dst's valid cols must be equal
            cols = Size(cols.value, min(cols.bound, self.dst.valid_cols.bound))
        self.rows, self.cols = rows, cols
        self.swap = self.step is not VAddOp and swap_select(self.rules.max_min_fallback, target)
        self.e = Emitter.replacing(op, rewriter, self.dtype)

    def check_overlaps(self) -> None:
        src, dst, tmp = self.src, self.dst, self.tmp
        if dst.overlaps(src) and not dst.same_start(src):
            raise overlap_error(self.op, dst, "dst", src, "src")
        for other, role in ((src, "src"), (dst, "dst")):
            if tmp is not None and tmp.overlaps(other):
                why = ": the pairwise sum writes tmp while it reads src and writes dst"
                raise overlap_error(self.op, tmp, "tmp", other, role, why)

    def add(self, lhs: SSAValue, rhs: SSAValue, mask: SSAValue, name: str = "sum") -> SSAValue:
        return self.e.emit(VAddOp(lhs, rhs, mask), name).results[0]

    def lower(self) -> None:
        e, rows, cols, lanes = self.e, self.rows, self.cols, self.e.lanes
        with e.before_scope():
            if rows.value == 0:
                width = Size.of(0)
            elif at_least(rows, Size.of(1)):
                width = cols
            else:  # R = 0 writes nothing
                some = e.compare("sgt", rows, Size.of(0), "some")
                width = e.select(some, cols, Size.of(0), "width")
        src_span = footprint(rows.bound, self.src.stride, cols.bound, lanes)
        self.src_in = e.operand(self.src, src_span)
        check_store_in_ub(self.op, self.target, self.dst, footprint(1, 0, cols.bound, lanes))
        self.dst_ptr = e.pointer(self.dst)
        operands = [self.src_in]
        if self.tmp is not None:
            self.tmp_in = e.operand(self.tmp, self.check_tmp())
            operands.append(self.tmp_in)
        bounded = any(o.bounded for o in operands)
        if bounded:
            require_vector_ops(self.op, self.target, self.dtype, VsldbOp)
        self.zero = self.zero_register()
        with e.chunks(width, blocks=bounded) as ch:
            self.ch = ch
            if self.tmp is None:
                self.in_order()
            else:
                self.pairwise()

    # ---- addressing ---------------------------------------------------------------------
    def at(self, buffer: Buffer, row: Size) -> Size:
        """Element offset of `row` of `buffer` at the chunk's column (tmp: its column)."""
        e = self.e
        column = self.ch.offset
        if buffer is self.tmp and self.rules.scratch_lanes_bytes is not None:
            column = Size.of(0)
        return e.add(e.mul(row, buffer.stride, "row"), column, "at")

    def load(self, buffer: Buffer, row: Size, name: str = "v") -> SSAValue:
        operand = self.tmp_in if buffer is self.tmp else self.src_in
        return self.e.load(operand, self.at(buffer, row), self.ch.block_mask, name)

    def store(self, value: SSAValue, buffer: Buffer, row: Size) -> None:
        ptr = self.dst_ptr if buffer is self.dst else self.tmp_in.ptr
        self.e.store(value, ptr, self.at(buffer, row), self.ch.mask)

    # ---- in row order ---------------------------------------------------------------------
    def in_order(self) -> None:
        e, rows, ch = self.e, self.rows, self.ch
        acc = self.load(self.src, Size.of(0), "acc")
        if rows.bound > 1:
            loop = e.loop(Size.of(1), rows, 1, [acc], "i")
            body = loop.body.block
            with e.inside(body):
                value = self.load(self.src, Size(body.args[0], rows.bound - 1))
                lhs, rhs = (value, body.args[1]) if self.swap else (body.args[1], value)
                name = self.step.name.removeprefix("pto.v")  # a value name hint
                step = e.emit(self.step(lhs, rhs, ch.mask), name).results[0]
                e.emit(scf.YieldOp(step))
            acc = loop.results[0]
        self.store(acc, self.dst, Size.of(0))

    # ---- pairwise -------------------------------------------------------------------------
    def pairwise(self) -> None:
        rows = self.rows
        if rows.known is not None:
            if rows.known == 1:
                self.single_row()
            elif rows.known > 1:
                self.tree()
        elif rows.bound <= 1:
            self.single_row()  # R is 0 or 1, and R = 0 runs no chunk
        else:
            one = self.e.compare("eq", rows, Size.of(1), "single")
            then, otherwise = self.branch(one, with_else=True)
            with self.e.inside(then):
                self.single_row()
                self.e.emit(scf.YieldOp())
            assert otherwise is not None
            with self.e.inside(otherwise):
                self.tree()
                self.e.emit(scf.YieldOp())

    def branch(self, cond: SSAValue, *, with_else: bool = False) -> tuple[Block, Block | None]:
        then, otherwise = Block(), Block() if with_else else None
        self.e.emit(scf.IfOp(cond, [], [then], None if otherwise is None else [otherwise]))
        return then, otherwise

    def single_row(self) -> None:
        value = self.load(self.src, Size.of(0), "row")
        if self.rules.fold is not Fold.FIRST:  # 0 + row, in tmp row 0 too
            if self.zero is not None:
                value = self.add(self.zero, value, self.ch.mask)
            self.store(value, self.tmp_buffer, Size.of(0))
        self.store(value, self.dst, Size.of(0))

    @property
    def tmp_buffer(self) -> Buffer:
        assert self.tmp is not None
        return self.tmp

    def tree(self) -> None:
        e, tmp = self.e, self.tmp_buffer
        with e.before_scope():
            pairs = e.div(self.rows, 2, "pairs")
        self.level(self.src, self.rows, pairs)
        self.levels(pairs)
        e.fence(self.target.arch)
        self.store(self.load(tmp, Size.of(0), "total"), self.dst, Size.of(0))

    def level(self, source: Buffer, count: Size, half: Size) -> None:
        """One level of the pairwise sum: `tmp[j] = source[2j] + source[2j+1]` for
        `j < half = count / 2`, then an odd count's last row folded in."""
        e, tmp, mask = self.e, self.tmp_buffer, self.ch.mask
        if source is tmp:  # the previous level's sums
            e.fence(self.target.arch)
        with e.rows(half, name="j") as j:
            even = e.mul(j, 2)
            first = self.load(source, even, "even")
            second = self.load(source, e.add(even, Size.of(1)), "odd")
            self.store(self.add(first, second, mask), tmp, j)
        self.odd_leftover(count, half, lambda: self.load(source, e.mul(half, 2), "left"))

    def odd_leftover(self, count: Size, kept: Size, leftover: Callable[[], SSAValue]) -> None:
        """Adds `leftover()` to the level's partial sums `kept` when `count` is odd."""
        if count.known is not None:
            if count.known % 2:
                self.fold(leftover(), kept)
            return
        e = self.e
        rem = e.emit(arith.RemSIOp(e.index(count), e.constant(2)), "parity").results[0]
        odd = e.compare("ne", Size(rem, 1), Size.of(0), "odd")
        then, _ = self.branch(odd)
        with e.inside(then):
            self.fold(leftover(), kept)
            e.emit(scf.YieldOp())

    def fold(self, left: SSAValue, kept: Size) -> None:
        tmp, mask = self.tmp_buffer, self.ch.mask
        self.e.fence(self.target.arch)  # the level's sums
        if self.rules.fold is Fold.FIRST:
            head = self.load(tmp, Size.of(0), "head")
            self.store(self.add(head, left, mask), tmp, Size.of(0))
        else:
            last = self.e.add(kept, Size.of(-1), "last")
            tail = self.load(tmp, last, "tail")
            self.store(self.add(left, tail, mask), tmp, last)

    def levels(self, pairs: Size) -> None:
        """The levels over tmp while more than one partial sum is left: unrolled when the
        count of partial sums is known, else an `scf.while` over it."""
        e, tmp = self.e, self.tmp_buffer
        if pairs.known is not None:
            n = pairs.known
            while n > 1:
                self.level(tmp, Size.of(n), Size.of(n // 2))
                n //= 2
            return
        if pairs.bound <= 1:
            return
        before, after = Block(arg_types=[IndexType()]), Block(arg_types=[IndexType()])
        before.args[0].name_hint = after.args[0].name_hint = "n"
        e.emit(scf.WhileOp([e.index(pairs)], [IndexType()], [before], [after]))
        with e.inside(before):
            more = e.compare("sgt", Size(before.args[0], pairs.bound), Size.of(1), "more")
            e.emit(scf.ConditionOp(more, before.args[0]))
        with e.inside(after):
            n = Size(after.args[0], pairs.bound)
            half = e.div(n, 2, "half")
            self.level(tmp, n, half)
            e.emit(scf.YieldOp(e.index(half)))

    # ---- tmp --------------------------------------------------------------------------------
    def check_tmp(self) -> int:
        """The reach of the pairwise sum's tmp accesses; a static size the tile op rejects
        at run time is a diagnostic."""
        tmp, rows, cols = self.tmp, self.rows, self.cols
        assert tmp is not None
        if self.rules.scratch_lanes_bytes not in (None, CHUNK_BYTES):
            raise pass_error(
                NAME,
                f"the pairwise tcolsum of target {self.target.name} works on "
                f"{self.rules.scratch_lanes_bytes}-byte chunks, not on vector registers",
                self.op,
            )
        needed = max(rows.bound // 2, 1)
        if rows.known is not None and cols.known is not None and rows.known * cols.known:
            single_copy = rows.known == 1 and self.rules.fold is Fold.FIRST
            if not single_copy and (cols.known > tmp.stride or needed > tmp.rows):
                raise pass_error(
                    NAME,
                    f"{tmp.describe('tmp')} is a {tmp.rows}x{tmp.stride} tile; the pairwise "
                    f"sum of {rows.known}x{cols.known} needs {needed}x{cols.known}: the tile "
                    "op fails at run time",
                    self.op,
                )
        lanes = self.e.lanes
        width = min(cols.bound, tmp.stride)
        if self.rules.scratch_lanes_bytes is not None:
            width = min(width, lanes)
        span = footprint(min(needed, tmp.rows), tmp.stride, width, lanes)
        check_store_in_ub(self.op, self.target, tmp, span)
        return span

    def zero_register(self) -> SSAValue | None:
        """`pto.vbr 0.0` for the single-row pairwise sum of floats that starts from zero."""
        if self.tmp is None or self.rules.fold is Fold.FIRST or not self.dtype.is_float:
            return None
        if self.rows.known is not None and self.rows.known != 1:
            return None
        require_vector_ops(self.op, self.target, self.dtype, VBrOp)
        e = self.e
        const = arith.ConstantOp(FloatAttr(0.0, cast(AnyFloat, e.type)))
        zero = e.hoist(const, "zero").results[0]
        return e.emit(VBrOp(zero, e.vreg), "zeros").results[0]


def lower_col_reduce(op: ColReduceTileOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    lowering = _Lowering(op, rewriter, target)
    lowering.lower()
    lowering.e.replace_op()
