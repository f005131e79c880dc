"""The fused code of a group: one `pto.vecscope` with a loop over blocks of rows.

    pto.vecscope {                                masks, acc0 = vbr identity (A5 sums)
      scf.for %i = 0 to R step B {                B rows a block (Plan.rows_per_block)
        member 1: rows i .. i+B/2-1               each row: its operands (registers of an
        member 2: rows i .. i+B/2-1               earlier member, or UB loads), the
        member 1: rows i+B/2 .. i+B-1             member's chunk computation, its stores
        member 3: rows i .. i+B/2-1
        member 2: rows i+B/2 .. i+B-1  ...
      }
    }

Each member computes what its own lowering computes (the same vector ops in the same
order on the same lanes), so the fused and the op-by-op code give the same bytes:

- elementwise and tile-scalar ops: the lowering's `apply` on each register of the row;
- conversions (`tcvt`): the lowering's chunk steps (convert.py), the group's registers of
  its wider type: a widening one loads unpacking from UB, a narrowing one stores packing,
  one of a single width (i32 -> f32) loads its source from UB in the source's type;
- `texpands`: one `vbr` of its scalar before the row loop, a UNIFORM register (stored
  over the region, chunk by chunk, when it is stored);
- expansions: the per-row value is `vdup` of lane 0 of the register holding element (i, 0)
  (BRC), or the UNIFORM register itself (BLK, whose 32-byte block repeats one value);
- row reductions in the target's order (`rules.ROW_REDUCE_ORDER`): A2/A3 combines the row's
  registers lane by lane and reduces once (`row_reduce.lanes_first`); A5 reduces each
  register and steps an accumulator in lane 0, whose first `vmax`/`vmin` step from the
  identity is left out (it returns its second operand: lane 0 is the same value).

A group of elementwise and tile-scalar ops over contiguous rows narrower than whole
registers walks its region as rows of one register each (`Plan.run`), as the per-op
lowering's single loop does. A block of an even number of rows runs as two halves a
member apart (software-pipelined: member k of the first half, then member k - 1 of the
second), each half's rows one after the other within a member: the two halves are at
different steps of their chains, which A5's issue window overlaps (a block member by member
cost 3-15% more cycles on the cost model, interleaving rows op by op more; docs/passes.md).
The order reaches every pair of rows two members touch in UB as blocks of a half would
(`order.in_order` checks those).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from xdsl.dialects import scf
from xdsl.dialects.builtin import StringAttr, i32
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from passes.fuse.groups import Group, lanes_of
from passes.fuse.members import Access, Form, Member, Place, Read, bounded, lowering_of, span
from passes.lower_tile_to_vector.buffers import Size
from passes.lower_tile_to_vector.convert import ConvertForm
from passes.lower_tile_to_vector.emit import BLOCK_BYTES, Emitter
from passes.lower_tile_to_vector.expand import ExpandLowering
from passes.lower_tile_to_vector.row_reduce import cross_step, identity_constant, lanes_first
from passes.lower_tile_to_vector.row_results import row_store
from passes.lower_tile_to_vector.scalar import ScalarLowering
from pto_dialect.attrs import LoadDist
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.ops.tile_scalar import TDivSOp, TExpandSOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_arith import VBrOp, VMaxOp, VMinOp
from pto_dialect.ops.vector_compare import VSelOp
from pto_dialect.ops.vector_load import VldsOp
from pto_dialect.ops.vector_materialize import Position, VDupOp
from pto_dialect.rules import ROW_REDUCE_ORDER, RowOrder
from pto_dialect.targets import TargetProfile

UNROLLED_CHUNKS = 8
"""A row reduction reading more registers than this from UB steps its accumulator in an
`scf.for` over them (the same steps in the same order; the code stays small)."""

_BRC = {8: LoadDist.BRC_B8, 16: LoadDist.BRC_B16, 32: LoadDist.BRC_B32}


@dataclass
class _Held:
    """A buffer's row in registers: `regs` per its `form` over `cols` valid columns."""

    form: Form
    regs: list[SSAValue]
    cols: int


class GroupEmitter:
    """Emits one group in place of its last member and erases the members."""

    def __init__(self, group: Group, target: TargetProfile) -> None:
        self.group = group
        self.plan = group.plan
        self.target = target
        members = self.plan.members
        last = members[-1].op
        self.rewriter = PatternRewriter(last)
        self.e = Emitter.replacing(last, self.rewriter, members[0].dtype)
        names = ", ".join(m.name for m in members)
        block = self.plan.rows_per_block
        self.e.scope.attributes[VecScopeOp.FUSED] = StringAttr(
            f"{names} ({block} row{'s' if block > 1 else ''} a block"
            f"{', in two halves' if len(self.plan.halves) > 1 else ''}"
            f"{', one run of registers' if self.plan.run else ''})"
        )
        self.lanes = lanes_of(members[0])
        self.lowerings = [lowering_of(m.op, target, self.e, self.rewriter) for m in members]
        self._masks: dict[int, SSAValue] = {}
        self._bases: dict[tuple[int, int], Size] = {}
        self._all_lanes: dict[int, SSAValue] = {}
        self.top = InsertPoint.at_end(self.e.scope.block)
        self.acc0: dict[type[RowReduceTileOp], SSAValue] = {}
        self._broadcasts: dict[TExpandSOp, SSAValue] = {}
        for m, lowering in zip(members, self.lowerings, strict=True):
            if isinstance(lowering, ScalarLowering) and isinstance(m.op, TDivSOp):
                with self.at_top():
                    lowering.register = self.e.emit(VBrOp(lowering.scalar, self.e.vreg),
                                                    "scalar").results[0]  # fmt: skip

    # ---- placement --------------------------------------------------------------------------
    @contextmanager
    def at_top(self) -> Generator[None]:
        """Emits before the row loop (masks, broadcast scalars: made once)."""
        saved, self.e.point = self.e.point, self.top
        try:
            yield
        finally:
            self.e.point = saved

    def mask(self, count: int) -> SSAValue:
        """The mask of the first `count` lanes (all of them: every lane)."""
        count = min(count, self.lanes)
        if count not in self._masks:
            with self.at_top():
                self._masks[count] = self.e.plt(self.e.constant(count, i32))[0]
        return self._masks[count]

    def block_mask(self, count: int) -> SSAValue:
        """The `vsldb` mask of the 32-byte blocks holding lanes [0, count) (emit.py)."""
        per_block = BLOCK_BYTES // self.e.dtype.bytes
        return self.mask(-(-count // per_block) * (4 // self.e.dtype.bytes))

    # ---- the group ------------------------------------------------------------------------
    def emit(self) -> None:
        e, plan = self.e, self.plan
        rows, block = plan.rows, plan.rows_per_block
        loop = e.loop(Size.of(0), Size.of(rows), block, [], "i")
        self.top = InsertPoint.before(loop)
        start = Size(loop.body.block.args[0], max(rows - 1, 0))
        with e.inside(loop.body.block):
            held: dict[tuple[Place, int], _Held] = {}
            rows_of_block = [start, *(e.add(start, Size.of(b), "r") for b in range(1, block))]
            halves, count = plan.halves, len(plan.members)
            for wave in range(count + len(halves) - 1):
                for lag, part in enumerate(halves):
                    index = wave - lag
                    if 0 <= index < count:
                        m = plan.members[index]
                        e.op = m.op
                        for b in part:
                            self.member(index, m, b, rows_of_block[b], held)
            e.emit(scf.YieldOp())
        self.finish()

    def finish(self) -> None:
        """Moves the flags set between members after the scope, drops the barriers between
        them, erases the members."""
        last = self.plan.members[-1].op
        for op in self.group.sets:
            op.detach()
            self.rewriter.insert(op, InsertPoint.after(last))
            last = op
        for op in self.group.barriers:
            self.rewriter.erase(op)
        for m in self.plan.members:
            self.rewriter.erase(m.op)

    # ---- one member, one row ------------------------------------------------------------------
    def member(
        self, index: int, m: Member, b: int, row: Size, held: dict[tuple[Place, int], _Held]
    ) -> None:
        lowering = self.lowerings[index]
        inputs = [
            held[(a.place, b)] if in_reg else None
            for a, in_reg in zip(m.reads, self.plan.in_register[index], strict=True)
        ]
        stored = self.plan.stores[index]
        if isinstance(m.op, RowReduceTileOp):
            result = self.reduce(m, m.reads[0], inputs[0], row)
        elif isinstance(lowering, ConvertForm):
            if m.form is Form.PACKED and not stored:
                return  # a narrowed result no one reads: the fused code need not make it
            result = self.convert(m, lowering, inputs[0], row)
        elif isinstance(lowering, ExpandLowering):
            result = self.expand(m, lowering, inputs, row)
        elif isinstance(m.op, TExpandSOp):
            result = _Held(Form.UNIFORM, [self.broadcast(m.op)], m.cols)
        else:
            assert lowering is not None
            loaded: dict[Access, list[SSAValue]] = {}  # `tmul x, x` loads x's chunks once
            chunks: list[list[SSAValue]] = []
            for a, h in zip(m.reads, inputs, strict=True):
                if h is not None:
                    chunks.append(self.chunks(a, h, row))
                    continue
                if a not in loaded:
                    loaded[a] = self.chunks(a, None, row)
                chunks.append(loaded[a])
            regs = [
                lowering.apply([c[k] for c in chunks], self.chunk_mask(self.width(m.cols), k))
                for k in range(self.count(self.width(m.cols)))
            ]
            result = _Held(Form.ROW, regs, m.cols)
        held[(Place.of(m.dst), b)] = result
        if stored:
            self.store(m, result, row)

    def width(self, cols: int) -> int:
        """The columns of a loop row: `cols`, or a register's when the group is one run."""
        return self.plan.run or cols

    def count(self, cols: int) -> int:
        return max(-(-cols // self.lanes), 1)

    def chunk_mask(self, cols: int, k: int) -> SSAValue:
        return self.mask(cols - k * self.lanes)

    def base(self, row: Size, step: int) -> Size:
        """Element `row * step` (made once per row and step in the loop body)."""
        key = (id(row.value), step)
        if key not in self._bases:
            self._bases[key] = self.e.mul(row, step, "row")
        return self._bases[key]

    def chunks(self, access: Access, h: _Held | None, row: Size) -> list[SSAValue]:
        """The registers of a CHUNKS or COLUMN read: an earlier member's, or loads."""
        cols = self.width(access.cols)
        count = self.count(cols)
        if h is not None:
            return h.regs if h.form is Form.ROW else [h.regs[0]] * count
        e, buffer = self.e, access.buffer
        rows = self.plan.members[0].rows  # the members' rows: the run covers the same bytes
        operand = e.operand(buffer, span(access, rows, self.lanes))
        blocks = bounded(access, rows, self.lanes)
        stride = self.plan.run or buffer.stride
        base = Size.of(0) if access.read is Read.COLUMN else self.base(row, stride)
        loaded: list[SSAValue] = []
        group_type, e.dtype = e.dtype, buffer.dtype  # a same-width tcvt's source: its type
        try:
            for k in range(count):
                mask = self.block_mask(min(cols - k * self.lanes, self.lanes)) if blocks else None
                at = e.add(base, Size.of(k * self.lanes), "at")
                loaded.append(e.load(operand, at, mask, "v"))
        finally:
            e.dtype = group_type
        return loaded

    def per_row(self, access: Access, h: _Held | None, row: Size) -> SSAValue:
        """The register of a BRC or BLK read: lane 0 of an earlier member's first register
        duplicated, its UNIFORM register, or a broadcasting load."""
        e = self.e
        if h is not None:
            if h.form is Form.UNIFORM:
                return h.regs[0]
            dup = VDupOp(h.regs[0], self.mask(self.lanes), e.vreg, Position.LOWEST)
            return e.emit(dup, "s").results[0]
        dist = LoadDist.BLK if access.read is Read.BLK else _BRC[e.dtype.bits]
        at = self.base(row, access.step)
        load = VldsOp(e.pointer(access.buffer), e.index(at), e.vreg, dist)
        return e.emit(load, "s").results[0]

    def expand(
        self, m: Member, lowering: ExpandLowering, inputs: Sequence[_Held | None], row: Size
    ) -> _Held:
        if lowering.op.ROW:
            expanded = self.per_row(m.reads[-1], inputs[-1], row)
            if len(m.reads) == 1:
                return _Held(Form.UNIFORM, [expanded], m.cols)
            full = self.chunks(m.reads[0], inputs[0], row)
            regs = [lowering.apply(f, expanded, self.chunk_mask(m.cols, k))
                    for k, f in enumerate(full)]  # fmt: skip
            return _Held(Form.ROW, regs, m.cols)
        column = self.chunks(m.reads[-1], inputs[-1], row)
        if len(m.reads) == 1:
            return _Held(Form.ROW, column, m.cols)
        full = self.chunks(m.reads[0], inputs[0], row)
        regs = [lowering.apply(f, c, self.chunk_mask(m.cols, k))
                for k, (f, c) in enumerate(zip(full, column, strict=True))]  # fmt: skip
        return _Held(Form.ROW, regs, m.cols)

    def convert(self, m: Member, form: ConvertForm, h: _Held | None, row: Size) -> _Held:
        """`tcvt`'s registers as its lowering makes them: widening, from unpacking loads
        converted on every narrow lane; else from the source's registers, under the chunk
        masks (a narrowed result is stored packed, `store`)."""
        e, cols = self.e, self.width(m.cols)
        count = self.count(cols)
        if form.widening:
            if form.src.dtype.bits not in self._all_lanes:
                with self.at_top():
                    self._all_lanes[form.src.dtype.bits] = form.all_lanes(e)
            every = self._all_lanes[form.src.dtype.bits]
            ptr, base = e.pointer(form.src), self.base(row, self.plan.run or form.src.stride)
            loads = [form.load_widening(e, ptr, e.add(base, Size.of(k * self.lanes), "at"))
                     for k in range(count)]  # fmt: skip
            return _Held(Form.ROW, [form.convert(e, v, every) for v in loads], m.cols)
        values = self.chunks(m.reads[0], h, row)
        regs = [form.convert(e, v, self.chunk_mask(cols, k)) for k, v in enumerate(values)]
        return _Held(m.form, regs, m.cols)

    def reduce(self, m: Member, access: Access, h: _Held | None, row: Size) -> _Held:
        op = m.op
        assert isinstance(op, RowReduceTileOp) and op.REDUCE_OP is not None
        if h is None and self.count(self.width(access.cols)) > UNROLLED_CHUNKS:
            return self.rolled_reduce(op, access, row)
        e, cols = self.e, m.cols
        regs = self.chunks(access, h, row)
        if ROW_REDUCE_ORDER[self.target.arch] is RowOrder.LANES_FIRST:
            full = self.mask(self.lanes)
            result = lanes_first(op, e, cols, lambda k, _: regs[k], self.mask, full)
            return _Held(Form.SCALAR, [result], 1)
        lane0 = self.mask(1)
        acc: SSAValue | None = None
        if op.STEP_OP not in (VMaxOp, VMinOp):
            acc = self.identity(op)
        for k, reg in enumerate(regs):
            mask = self.chunk_mask(cols, k)
            if acc is None:  # vmax/vmin of the identity and x is x
                name = op.REDUCE_OP.name.removeprefix("pto.v")
                acc = e.emit(op.REDUCE_OP(reg, mask), name).results[0]
            else:
                acc = cross_step(op, e, acc, reg, mask, lane0)
        assert acc is not None
        return _Held(Form.SCALAR, [acc], 1)

    def rolled_reduce(self, op: RowReduceTileOp, access: Access, row: Size) -> _Held:
        """A reduction of a row of more than `UNROLLED_CHUNKS` registers loaded from UB: the
        unrolled order's steps with its whole registers in a loop carrying the accumulator
        (a peeled first step where the unrolled code has one, the partial register after)."""
        assert op.REDUCE_OP is not None
        e, cols, lanes = self.e, access.cols, self.lanes
        full, whole = self.mask(lanes), cols // lanes
        lane0 = self.mask(1)
        if ROW_REDUCE_ORDER[self.target.arch] is RowOrder.LANES_FIRST:
            acc = self.load_chunk(access, row, 0)
            acc = e.emit(op.STEP_OP(acc, self.load_chunk(access, row, 1), full), "acc").results[0]
            if cols % lanes:
                tail = self.chunk_mask(cols, whole)
                part = e.emit(op.STEP_OP(acc, self.load_chunk(access, row, whole), tail), "part")
                acc = e.emit(VSelOp(part.results[0], acc, tail), "acc").results[0]

            def merge(a: SSAValue, reg: SSAValue) -> SSAValue:
                return e.emit(op.STEP_OP(a, reg, full), "acc").results[0]

            acc = self.chunk_loop(access, row, 2, whole, acc, merge)
            return _Held(Form.SCALAR, [e.emit(op.REDUCE_OP(acc, full), "cross").results[0]], 1)
        if op.STEP_OP in (VMaxOp, VMinOp):  # vmax/vmin of the identity and x is x
            name = op.REDUCE_OP.name.removeprefix("pto.v")
            first = e.emit(op.REDUCE_OP(self.load_chunk(access, row, 0), full), name)
            acc, start = first.results[0], 1
        else:
            acc, start = self.identity(op), 0
        acc = self.chunk_loop(access, row, start, whole, acc,
                              lambda a, reg: cross_step(op, e, a, reg, full, lane0))  # fmt: skip
        if cols % lanes:
            reg = self.load_chunk(access, row, whole)
            acc = cross_step(op, e, acc, reg, self.chunk_mask(cols, whole), lane0)
        return _Held(Form.SCALAR, [acc], 1)

    def load_chunk(self, access: Access, row: Size, k: int | SSAValue) -> SSAValue:
        """Register `k` (a loop's offset in elements when a value) of `access`'s row."""
        e, buffer, lanes = self.e, access.buffer, self.lanes
        rows = self.plan.members[0].rows
        operand = e.operand(buffer, span(access, rows, lanes))
        at = Size.of(k * lanes) if isinstance(k, int) else Size(k, access.cols - lanes)
        count = access.cols - k * lanes if isinstance(k, int) else lanes
        mask = self.block_mask(min(count, lanes)) if bounded(access, rows, lanes) else None
        return e.load(operand, e.add(self.base(row, buffer.stride), at, "at"), mask, "v")

    def chunk_loop(
        self, access: Access, row: Size, start: int, stop: int, acc: SSAValue,
        step: Callable[[SSAValue, SSAValue], SSAValue],
    ) -> SSAValue:  # fmt: skip
        """`acc` stepped by whole registers `start .. stop - 1` of `access`'s row in an
        `scf.for` over their offsets."""
        e, lanes = self.e, self.lanes
        if start >= stop:
            return acc
        self.base(row, access.buffer.stride)  # made before the loop, used in it
        loop = e.loop(Size.of(start * lanes), Size.of(stop * lanes), lanes, [acc], "k")
        body = loop.body.block
        with e.inside(body):
            reg = self.load_chunk(access, row, body.args[0])
            e.emit(scf.YieldOp(step(body.args[1], reg)))
        return loop.results[0]

    def broadcast(self, op: TExpandSOp) -> SSAValue:
        """`vbr` of `texpands`' scalar, made once before the row loop."""
        if op not in self._broadcasts:
            with self.at_top():
                vbr = VBrOp(op.scalar, self.e.vreg)
                self._broadcasts[op] = self.e.emit(vbr, "scalar").results[0]
        return self._broadcasts[op]

    def identity(self, op: RowReduceTileOp) -> SSAValue:
        """`vbr` of the reduction's start value, made once."""
        kind = type(op)
        if kind not in self.acc0:
            with self.at_top():
                scalar = identity_constant(op, self.e.dtype, self.e, self.e.dtype)
                self.acc0[kind] = self.e.emit(VBrOp(scalar, self.e.vreg), "acc0").results[0]
        return self.acc0[kind]

    def store(self, m: Member, h: _Held, row: Size) -> None:
        e = self.e
        ptr = e.pointer(m.dst)
        base = self.base(row, self.plan.run or m.dst.stride)
        if h.form is Form.SCALAR:
            row_store(e, h.regs[0], ptr, m.dst, row, self.mask(1))
            return
        cols = self.width(m.dst_cols)
        for k in range(self.count(cols)):
            reg = h.regs[k] if h.form in (Form.ROW, Form.PACKED) else h.regs[0]
            at = e.add(base, Size.of(k * self.lanes), "at")
            if h.form is Form.PACKED:
                assert isinstance(m.lowering, ConvertForm)
                m.lowering.store_narrowed(e, reg, ptr, at, self.chunk_mask(cols, k))
            else:
                e.store(reg, ptr, at, self.chunk_mask(cols, k))


def fuse_group(group: Group, target: TargetProfile) -> None:
    GroupEmitter(group, target).emit()
