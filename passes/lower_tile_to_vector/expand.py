"""Row and column expansions as vector loops (`pto_dialect/ops/tile_expand.py`).

The domain is dst's valid region R x C.

- Row-wise (`trowexpand*`): a loop over the R rows loads row i's value of the expanded
  operand once, as a broadcasting `pto.vlds`: `BRC_B<bits>` puts element (i, 0) in every
  lane (Mode 1, and `trowexpand`'s source), `BLK` puts row i's 32-byte block in every block
  (Mode 2 on A2/A3 and the CPU: lane l then holds `b_i[l mod (32 / sizeof(T))]`, which is
  `b_i[j mod ...]` because every chunk starts at a multiple of 32 bytes; A5's Mode 2 takes
  element (i, 0) with `BRC` too: `tile_expand.mode2_blocks`). The inner loop over the columns
  in chunks loads the full operand, applies the op's vector chain and stores masked.
- Column-wise (`tcolexpand*`): a loop over the column chunks loads the chunk of `src1`'s
  row 0 once, then a loop over the R rows loads `src0`'s chunk of row i, applies the chain
  and stores it masked.

Operands keep their order (`src0 op src1`), whichever is the expanded one; `*max`/`*min`
swap them where the vector rule of `vmax`/`vmin` returns the other operand than the tile
rule (as the elementwise lowering does). The expanded operand must not overlap dst (a
later row or chunk would read what an earlier one wrote); the full operand may be dst
itself, element for element, or (a row-wise op lowered alone, in its own order) share
bytes with dst where every store stays behind the loads still to come (`reads_ahead`:
PyPTO's rope writes a slice of a tile's rows to where the tile starts).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    CHUNK_BYTES,
    NAME,
    Buffer,
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
    overlap_error,
    reads_ahead,
    require_vector_ops,
    swap_select,
    valid_at,
)
from passes.lower_tile_to_vector.emit import Emitter, Operand
from pto_dialect.attrs import LoadDist, Location
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_expand import ExpandBinaryTileOp, ExpandTileOp, mode2_blocks
from pto_dialect.ops.tile_memory import AllocTileOp, constant_index
from pto_dialect.ops.vector_arith import VectorBinaryOp, VectorUnaryOp, VMaxOp, VMinOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import ELEMENTWISE_RULES
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType

_BRC = {8: LoadDist.BRC_B8, 16: LoadDist.BRC_B16, 32: LoadDist.BRC_B32}
_NOT_EXPANDED = " whose values later rows or chunks still read"

Chain = tuple[type[VectorBinaryOp] | type[VectorUnaryOp], ...]


def _per_row_buffer(op: TileOp, value: SSAValue, role: str) -> tuple[Buffer, int]:
    """The buffer of a per-row operand and the elements from its row i to row i + 1:
    an ND tile (its row stride) or an unboxed col-major one (1)."""
    type = value.type
    assert isinstance(type, TileBufType)
    if type.is_nd:
        buffer = buffer_of(op, value, role)
        return buffer, buffer.stride
    alloc = value.owner
    name = f"{role} tile buffer" + (f" %{value.name_hint}" if value.name_hint else "")
    if not isinstance(alloc, AllocTileOp) or alloc.address is None:
        raise pass_error(NAME, f"{name} has no planned address: run pto-plan-memory first", op)
    if type.location is not Location.VEC or type.is_boxed:
        raise pass_error(
            NAME, f"{name}: the vector lowering reads per-row operands from loc=vec ND or "
            "col-major (none_box) tiles", op,
        )  # fmt: skip
    rows, cols = type.shape
    sizes: list[Size] = []
    row_value, col_value = valid_at(op, alloc, name)
    for static, operand, extent in ((type.valid_shape[0], row_value, rows),
                                    (type.valid_shape[1], col_value, cols)):  # fmt: skip
        if static != DYNAMIC:
            sizes.append(Size.of(static))
            continue
        assert operand is not None
        known = constant_index(operand)
        sizes.append(Size(operand, extent) if known is None else Size.of(known))
    return Buffer(value, type, alloc.address, sizes[0], sizes[1]), 1


class ExpandLowering:
    """One expansion: its buffers and refusals, then its vecscope (`lower`)."""

    def __init__(
        self, op: ExpandTileOp | ExpandBinaryTileOp, rewriter: PatternRewriter,
        target: TargetProfile, emitter: Emitter | None = None, alone: bool = False,
    ) -> None:  # fmt: skip
        """Checks `op` (a diagnostic when it has no exact vector form) and emits into
        `emitter`'s vecscope, or a new one before `op`; `alone`: in the op's own loop order
        (not a fused group's), so a full operand its stores stay behind is exact."""
        self.op = op
        self.target = target
        self.dst = buffer_of(op, op.outs[0], "dst")
        self.dtype = self.dst.dtype
        self.chain: Chain = op.vector_chain() if isinstance(op, ExpandBinaryTileOp) else ()
        self.expanded = op.expanded_index() if isinstance(op, ExpandBinaryTileOp) else 0
        roles = op.source_roles()
        self.roles = roles
        self.full: Buffer | None = None
        if isinstance(op, ExpandBinaryTileOp):
            k = 1 - self.expanded
            self.full = buffer_of(op, op.ins[k], roles[k])
        value, role = op.ins[self.expanded], roles[self.expanded]
        if op.ROW:
            self.source, self.step = _per_row_buffer(op, value, role)
        else:
            self.source, self.step = buffer_of(op, value, role), 0
        require_vector_ops(op, target, self.dtype, *self.chain, VldsOp, VstsOp)
        if self.source.overlaps(self.dst):
            raise overlap_error(op, self.source, role, self.dst, "dst", _NOT_EXPANDED)
        rule = ELEMENTWISE_RULES[target.arch].max_min_fallback
        self.swap = bool(self.chain) and self.chain[0] in (VMaxOp, VMinOp)
        self.swap = self.swap and swap_select(rule, target)
        self.rows, self.cols = self.dst.valid_rows, self.dst.valid_cols
        full = self.full
        if full is not None and full.clashes(self.dst) and not (alone and self.trails(full)):
            raise overlap_error(op, full, roles[1 - self.expanded], self.dst, "dst")
        self.e = emitter or Emitter.replacing(op, rewriter, self.dtype)

    def trails(self, full: Buffer) -> bool:
        """Whether the row-wise loop (rows, then chunks of the row) stores each chunk behind
        every load of `full` still to come."""
        lanes = CHUNK_BYTES // self.dtype.bytes
        return self.op.ROW and reads_ahead(full, self.dst, self.rows.bound, self.cols.bound, lanes)

    def apply(self, full: SSAValue | None, expanded: SSAValue, mask: SSAValue) -> SSAValue:
        """The op's chain on one chunk, operands in the op's order."""
        if full is None:
            return expanded
        pair = [full, expanded] if self.expanded == 1 else [expanded, full]
        if self.swap:
            pair.reverse()
        e, result = self.e, pair[0]
        for k, vector_op in enumerate(self.chain):
            hint = vector_op.name.removeprefix("pto.v")
            if issubclass(vector_op, VectorBinaryOp):
                assert k == 0
                result = e.emit(vector_op(result, pair[1], mask), hint).results[0]
            else:
                result = e.emit(vector_op(result, mask), hint).results[0]
        return result

    def operands(self) -> tuple[Operand | None, Operand]:
        """The full operand and dst as chunked loops reach them; checks the stores."""
        lanes, rows, cols = self.e.lanes, self.rows.bound, self.cols.bound

        def span(b: Buffer) -> int:
            return footprint(rows, b.stride, cols, lanes)

        check_store_in_ub(self.op, self.target, self.dst, span(self.dst))
        full = None if self.full is None else self.e.operand(self.full, span(self.full))
        dst = self.e.operand(self.dst, span(self.dst))
        return full, dst

    def lower(self) -> None:
        if self.op.ROW:
            self.by_rows()
        else:
            self.by_chunks()
        self.e.replace_op()

    def by_rows(self) -> None:
        e = self.e
        full, dst = self.operands()
        blocks = full is not None and full.bounded
        if blocks:
            require_vector_ops(self.op, self.target, self.dtype, VsldbOp)
        mode2 = isinstance(self.op, ExpandBinaryTileOp) and mode2_blocks(
            self.source.type, self.target
        )
        dist = LoadDist.BLK if mode2 else _BRC[self.dtype.bits]
        source = e.pointer(self.source)
        strides = _unique([self.dst.stride] + ([] if self.full is None else [self.full.stride]))
        with e.rows(self.rows) as i:
            at_row = e.mul(i, self.step, "src")
            load = VldsOp(source, e.index(at_row), e.vreg, dist)
            broadcast = e.emit(load, "s").results[0]
            starts = {stride: e.mul(i, stride, "row") for stride in strides}
            with e.chunks(self.cols, blocks=blocks) as ch:
                at = {stride: e.add(start, ch.offset, "at") for stride, start in starts.items()}
                value = None
                if full is not None and self.full is not None:
                    value = e.load(full, at[self.full.stride], ch.block_mask, "v")
                e.store(self.apply(value, broadcast, ch.mask), dst.ptr, at[self.dst.stride],
                        ch.mask)  # fmt: skip

    def by_chunks(self) -> None:
        e = self.e
        full, dst = self.operands()
        lanes = e.lanes
        source = e.operand(self.source, footprint(1, self.source.stride, self.cols.bound, lanes))
        blocks = source.bounded or (full is not None and full.bounded)
        if blocks:
            require_vector_ops(self.op, self.target, self.dtype, VsldbOp)
        strides = _unique([self.dst.stride] + ([] if self.full is None else [self.full.stride]))
        with e.chunks(self.cols, blocks=blocks) as ch:
            column = e.load(source, ch.offset, ch.block_mask, "s")
            with e.rows(self.rows) as i:
                at = {s: e.add(e.mul(i, s, "row"), ch.offset, "at") for s in strides}
                value = None
                if full is not None and self.full is not None:
                    value = e.load(full, at[self.full.stride], ch.block_mask, "v")
                e.store(self.apply(value, column, ch.mask), dst.ptr, at[self.dst.stride],
                        ch.mask)  # fmt: skip


def _unique(values: Sequence[int]) -> list[int]:
    return list(dict.fromkeys(values))


def lower_expand(
    op: ExpandTileOp | ExpandBinaryTileOp, rewriter: PatternRewriter, target: TargetProfile
) -> None:
    """Replaces `op` by its vecscope (see the module docstring)."""
    ExpandLowering(op, rewriter, target, alone=True).lower()
