"""Elementwise tile ops as vector loops of their record's `VECTOR_OP`.

The domain is the destination's valid region R x C: `dst[i, j] = f(src0[i, j], src1[i, j])`
for `i < R, j < C`, each tile read at its own row stride, every store masked so that no
other byte of dst changes. One vector op per chunk: the op's `VECTOR_OP` (`tadd` -> `vadd`,
`tneg` -> `vneg`, ...), or the chain its record lists (`vector_chain`, a left fold over the
sources: `taddc` -> `vadd(vadd(src0, src1), src2)`); a scratch source (`txor`'s tmp) is
not touched. An op whose record gives a reason (`vector_refusal`) is refused with it.

- When the region is one contiguous run of every tile (R is 1, or C equals the cols of
  every tile), a single loop walks its R * cols elements, as the seed kernel does.
- Otherwise a loop over the R rows holds a loop over the C columns in chunks.
- `tadd` sources may have smaller valid regions; a lane outside its source's region reads
  all-one bits. A source that may not cover the region (not provable at compile time) is
  read with `pto.vsldb` over its own valid prefix of each row, and the chunk is stored up
  to four times, widest mask first: `ones + ones` over the row's C lanes, then each
  combination with one source valid over that source's prefix, then both sources over
  the common prefix; each lane keeps the last store whose mask holds it. The all-ones
  register is `pto.vbr -1` for signless integers; for other types (an unsigned or float
  constant cannot carry those bits) the signless integer of the same width is stored
  into the chunk's lanes of dst (bytes the op writes anyway, after the sources were
  read) and loaded back in the element type. When every such source holds all C columns
  of its rows and they share one row count, the rows run as two loops, each chunk stored
  once (`split_rows`).
- `tmax`/`tmin`: `vmax`/`vmin` take their operands swapped when the vector rule returns
  the other operand on a false comparison than the tile rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, IntegerType
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
from passes.lower_tile_to_vector.emit import Chunk, Emitter, Operand
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.vector_arith import VBrOp, VectorBinaryOp, VectorUnaryOp, VMaxOp, VMinOp
from pto_dialect.ops.vector_convert import VBitcastOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import ELEMENTWISE_RULES
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VRegType

_SELECTS = (VMaxOp, VMinOp)
"""Vector ops whose operands are swapped when the target's vector rule returns the other
operand on a false comparison than the tile rule."""


def _region(op: ElementwiseTileOp, dst: Buffer, srcs: Sequence[Buffer]) -> tuple[Size, Size]:
    """dst's valid region; when the sources read it from their storage (every op but tadd:
    docs/decisions.md, operand valid regions checked only by PTO_ASSERT), a `?` size is
    bounded by every tile's extent (a run past a source's storage fails at tile level)."""
    rows, cols = dst.valid_rows, dst.valid_cols
    if not op.SAME_VALID_REGION:
        return rows, cols
    if not isinstance(rows.value, int):
        rows = Size(rows.value, min(rows.bound, *(s.valid_rows.bound for s in srcs)))
    if not isinstance(cols.value, int):
        cols = Size(cols.value, min(cols.bound, *(s.valid_cols.bound for s in srcs)))
    return rows, cols


def _fill_order(fills: Sequence[int]) -> list[frozenset[int]]:
    """The sources read as all-one bits in each store, widest mask first."""
    everything = frozenset(fills)
    if not fills:
        return [everything]
    middle = [everything - {k} for k in fills] if len(fills) > 1 else []
    return [everything, *middle, frozenset()]


def _signless_twin(dtype: DType) -> DType:
    return dtype_named(f"i{dtype.bits}")


class ElementwiseLowering:
    """One elementwise op: its buffers, region and refusals, then its vecscope (`lower`)."""

    def __init__(
        self, op: ElementwiseTileOp, rewriter: PatternRewriter, target: TargetProfile,
        emitter: Emitter | None = None,
    ) -> None:  # fmt: skip
        """Checks `op` (a diagnostic when it has no exact vector form) and emits into
        `emitter`'s vecscope, or a new one before `op`."""
        self.op = op
        self.target = target
        self.roles = op.source_roles()[: op.ARITY]
        self.dst = buffer_of(op, op.outs[0], "dst")
        self.srcs = [buffer_of(op, v, r) for v, r in zip(op.ins, self.roles, strict=False)]
        self.dtype = self.dst.dtype
        refusal = op.vector_refusal(target)
        if refusal is not None:
            raise pass_error(NAME, refusal, op)
        self.chain = op.vector_chain()
        self.vector_op = self.chain[0]
        require_vector_ops(op, target, self.dtype, *self.chain, VldsOp, VstsOp)
        for role, src in zip(self.roles, self.srcs, strict=True):
            if src.clashes(self.dst):
                raise overlap_error(op, src, role, self.dst, "dst")
        self.rows, self.cols = _region(op, self.dst, self.srcs)
        # Ops that require every source to have dst's valid region (all but tadd) fail at
        # tile level when one does not: their sources cover the region wherever the tile op
        # has a result, and no lane is filled (an all-ones shift count would be out of range).
        self.fills = [
            k
            for k, s in enumerate(self.srcs)
            if not op.SAME_VALID_REGION
            and not (at_least(s.valid_rows, self.rows) and at_least(s.valid_cols, self.cols))
        ]
        rule = ELEMENTWISE_RULES[target.arch].max_min_fallback
        self.swap = self.vector_op in _SELECTS and swap_select(rule, target)
        self.e = emitter or Emitter.replacing(op, rewriter, self.dtype)

    def apply(self, values: Sequence[SSAValue], mask: SSAValue) -> SSAValue:
        """The chain of vector ops on one chunk: a left fold over the sources."""
        e = self.e
        if issubclass(self.vector_op, VectorUnaryOp):
            hint = self.vector_op.name.removeprefix("pto.v")
            return e.emit(self.vector_op(values[0], mask), hint).results[0]
        lhs, rhs = reversed(values[:2]) if self.swap else values[:2]
        result = lhs
        for vector_op, operand in zip(self.chain, [rhs, *values[2:]], strict=True):
            assert issubclass(vector_op, VectorBinaryOp)
            hint = vector_op.name.removeprefix("pto.v")
            result = e.emit(vector_op(result, operand, mask), hint).results[0]
        return result

    def operands(self, rows: int, stride_cols: int) -> tuple[list[Operand], Operand]:
        """The sources and dst as chunks reading `rows` rows of `stride_cols` elements
        reach them (rows 1: one run); checks the stores against UB."""
        lanes = self.e.lanes

        def span(b: Buffer) -> int:
            return footprint(rows, b.stride, stride_cols, lanes)

        check_store_in_ub(self.op, self.target, self.dst, span(self.dst))
        srcs = [self.e.operand(s, span(s)) for s in self.srcs]
        dst = self.e.operand(self.dst, span(self.dst))
        if any(o.bounded for o in [*srcs, dst]):
            require_vector_ops(self.op, self.target, self.dtype, VsldbOp)
        return srcs, dst

    def lower(self) -> None:
        tiles = [self.dst, *self.srcs]
        if not self.fills and (
            self.rows.value == 1 or all(t.stride == self.cols.value for t in tiles)
        ):
            self.one_run()
        else:
            self.by_rows()

    def one_run(self) -> None:
        """The valid region is one contiguous run of every tile: one loop over it."""
        e = self.e
        with e.before_scope():
            if self.rows.value == 1:
                total = self.cols
            else:
                total = e.mul(self.rows, self.dst.stride, "total")
        srcs, dst = self.operands(1, total.bound)
        with e.chunks(total, blocks=any(s.bounded for s in srcs)) as ch:
            values = [
                e.load(src, ch.offset, ch.block_mask, role)
                for src, role in zip(srcs, self.roles, strict=True)
            ]
            e.store(self.apply(values, ch.mask), dst.ptr, ch.offset, ch.mask)

    def by_rows(self) -> None:
        """A loop over the valid rows around a loop over the valid columns in chunks."""
        e = self.e
        srcs, dst = self.operands(self.rows.bound, self.cols.bound)
        split = self.row_split()
        if split is not None:
            self.split_rows(split, srcs, dst)
            return
        ones = self.ones_register()
        order = _fill_order(self.fills)
        strides = dict.fromkeys(t.stride for t in [self.dst, *self.srcs])
        covered = [s for k, s in enumerate(srcs) if k not in self.fills]
        with e.rows(self.rows) as i:
            starts = {stride: e.mul(i, stride, "row") for stride in strides}
            prefixes = self.prefixes(i)
            extra = [self.common_prefix(prefixes, filled) for filled in order[1:]]
            with e.chunks(self.cols, extra, blocks=any(s.bounded for s in covered)) as ch:
                at = {stride: e.add(start, ch.offset, "at") for stride, start in starts.items()}
                values: list[SSAValue] = []
                for k, (src, role) in enumerate(zip(srcs, self.roles, strict=True)):
                    block_mask = ch.block_mask
                    if k in self.fills:  # read only its own valid prefix of the row
                        own = ch.remaining[order.index(frozenset(self.fills) - {k})]
                        block_mask = e.block_mask(own)
                        src = Operand(src.buffer, src.ptr, True)
                    values.append(e.load(src, at[src.buffer.stride], block_mask, role))
                if self.fills:
                    self.fill_stores(ch, order, values, ones, dst, at[self.dst.stride])
                else:
                    e.store(self.apply(values, ch.mask), dst.ptr, at[self.dst.stride], ch.mask)

    def row_split(self) -> Size | None:
        """The row below which every filled source covers the whole row and from which none
        covers any of it, when there is one: each such source holds all C columns in the
        rows it has, and they all have the same valid rows (PyPTO's `tadd` of a tile of
        `?` valid rows into a full one)."""
        if not self.fills:
            return None
        sources = [self.srcs[k] for k in self.fills]
        rows = sources[0].valid_rows
        if any(not at_least(s.valid_cols, self.cols) for s in sources):
            return None
        if any(s.valid_rows != rows for s in sources):
            return None
        return self.e.min(rows, self.rows, "covered")

    def split_rows(self, split: Size, srcs: Sequence[Operand], dst: Operand) -> None:
        """`by_rows` as two row loops: below `split`, each chunk stored once from its
        sources; from it, once with every filled source read as all-one bits (the all-ones
        register, `vbitcast` to the element type: no store and reload through dst). Each is
        the store the layered chunk of `by_rows` keeps last (its other masks are empty
        there), so the bytes are the same; each row computes one chunk instead of up to
        four."""
        e = self.e
        ones = self.ones_register()
        assert ones is not None
        if ones.type != e.vreg:  # the same bits in the element type's lanes
            ones = e.emit(VBitcastOp(ones, e.vreg), "ones").results[0]
        strides = dict.fromkeys(t.stride for t in [self.dst, *self.srcs])
        filled = frozenset(self.fills)
        kept = [s for k, s in enumerate(srcs) if k not in filled]
        for lower, upper, inside in ((Size.of(0), split, True), (split, self.rows, False)):
            loop = e.loop(lower, upper, 1, [], "i")
            with e.inside(loop.body.block):
                i = Size(loop.body.block.args[0], max(self.rows.bound - 1, 0))
                starts = {stride: e.mul(i, stride, "row") for stride in strides}
                read = srcs if inside else kept
                with e.chunks(self.cols, blocks=any(s.bounded for s in read)) as ch:
                    at = {stride: e.add(start, ch.offset, "at") for stride, start in starts.items()}
                    values = [
                        e.load(src, at[src.buffer.stride], ch.block_mask, role)
                        if inside or k not in filled
                        else ones
                        for k, (src, role) in enumerate(zip(srcs, self.roles, strict=True))
                    ]
                    e.store(self.apply(values, ch.mask), dst.ptr, at[self.dst.stride], ch.mask)
                e.emit(scf.YieldOp())

    def prefixes(self, row: Size) -> dict[int, Size]:
        """For each source that may not cover the region: how many leading lanes of the
        current row are inside its valid region (at most C)."""
        e, out = self.e, dict[int, Size]()
        for k in self.fills:
            src = self.srcs[k]
            prefix = src.valid_cols
            if not at_least(src.valid_rows, self.rows):
                below = e.compare("slt", row, src.valid_rows, "inside")
                prefix = e.select(below, src.valid_cols, Size.of(0), "valid")
            out[k] = e.min(prefix, self.cols, "valid")
        return out

    def common_prefix(self, prefixes: Mapping[int, Size], filled: frozenset[int]) -> Size:
        """Lanes where every source outside `filled` is valid."""
        result = self.cols
        for k in self.fills:
            if k not in filled:
                result = self.e.min(result, prefixes[k], "valid")
        return result

    def ones_register(self) -> SSAValue | None:
        """`pto.vbr -1`: the all-ones register itself for signless integers, else the
        signless integer register that is stored into dst and loaded back."""
        if not self.fills:
            return None
        twin = self.dtype if self.dtype.is_signed and self.dtype.is_int else None
        twin = twin or _signless_twin(self.dtype)
        require_vector_ops(self.op, self.target, twin, VBrOp, VstsOp)
        require_vector_ops(self.op, self.target, self.dtype, VsldbOp)
        type = IntegerType(twin.bits)
        const = arith.ConstantOp(IntegerAttr(-1, type))
        minus_one = self.e.hoist(const, f"cm1_{type}").results[0]
        return self.e.emit(VBrOp(minus_one, VRegType(type)), "ones").results[0]

    def fill_stores(
        self,
        ch: Chunk,
        order: Sequence[frozenset[int]],
        values: Sequence[SSAValue],
        ones: SSAValue | None,
        dst: Operand,
        at: Size,
    ) -> None:
        e = self.e
        assert ones is not None
        if ones.type != e.vreg:  # through dst's lanes of this chunk, in the element type
            twin = e.pointer(self.dst, _signless_twin(self.dtype))
            e.store(ones, twin, at, ch.mask)
            e.fence(self.target.arch)
            block_mask = e.block_mask(ch.remaining[0]) if dst.bounded else None
            ones = e.load(dst, at, block_mask, "ones")
        for filled, mask in zip(order, ch.masks, strict=True):
            operands = [ones if k in filled else v for k, v in enumerate(values)]
            e.store(self.apply(operands, mask), dst.ptr, at, mask)


def lower_elementwise(
    op: ElementwiseTileOp, rewriter: PatternRewriter, target: TargetProfile
) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    lowering = ElementwiseLowering(op, rewriter, target)
    lowering.lower()
    lowering.e.replace_op()
