"""Which tile ops `pto-fuse` computes together, and how: groups and their plans.

A group is a run of members (members.py) in one block, over the same rows and element type,
with nothing between them but allocations, scalar arithmetic, `pto.barrier PIPE_V` (the
fused code orders its steps itself: the barriers go) and flags: a `wait_flag`
between two members stays where it is, before the fused scope (waiting earlier is always
safe), a `set_flag` moves after it (signalling later is too). A wait after such a
set ends the group, unless the pipe the set signals cannot reach the pipe the wait waits
for through the function's other flags (`movable`): then the signal the wait takes cannot
need the set's. Anything else ends it (buffer-slot waits and releases too: moving a
release would leave the wraps of `pto-insert-sync{mode=bufid}` covering each other).

The plan follows the group row by row: which operand each member reads from a register a
member of the group wrote (`read_in_register`) and which from UB, which results must be
stored (read later from UB, or used after the group: an alloc of another block, a use
outside the group), and how many rows the fused loop handles at a time. The scan grows a
candidate while a plan exists without looking at buffers that share bytes (it stops before
a member whose column operand is written in the candidate, or whose row's registers would
not fit `REGISTERS`); the candidate is then cut (`split`) into the longest groups whose
fused order touches UB as the op-by-op order does (order.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from math import ceil

from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

from passes.fuse.facts import Life, ModuleFacts, anchor_in, may_read, users_of
from passes.fuse.members import Access, Form, Member, Place, Read, member
from passes.fuse.order import Touch, held_ok, in_order, unstored_ok
from passes.lower_tile_to_vector.convert import ConvertForm
from passes.lower_tile_to_vector.elementwise import ElementwiseLowering
from passes.lower_tile_to_vector.emit import BLOCK_BYTES
from passes.lower_tile_to_vector.scalar import ScalarLowering
from pto_dialect.attrs import Pipe
from pto_dialect.ops.pointer import CastPtrOp
from pto_dialect.ops.sync import BarrierOp, SetFlagOp, WaitFlagOp
from pto_dialect.ops.tile_expand import block_elems
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.ops.vecscope import VecScopeOp, enclosing_vecscope
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VREG_BITS

REGISTERS = 32
"""Vector registers a fused loop may keep live at once: the 32 architectural registers
of the project's documented choice (docs/passes.md, pto-lower-matmul-to-vector)."""
MAX_ROWS_PER_BLOCK = 8
"""Rows a fused loop handles an iteration at most (independent chains hide each other's
latency)."""
MAX_MEMBERS = 32
"""A group stops at this many members (planning is quadratic in a group's size)."""


def lanes_of(m: Member) -> int:
    return VREG_BITS // m.dtype.bits


def registers(form: Form, cols: int, lanes: int) -> int:
    return ceil(cols / lanes) if form in (Form.ROW, Form.PACKED) else 1


def read_in_register(form: Form | None, cols: int, access: Access) -> bool:
    """Whether `access` can take the registers of a buffer a member wrote in `form` over
    `cols` valid columns (else it reads UB, after that member's store)."""
    if form is None or form is Form.PACKED or access.read is Read.COLUMN:
        return False
    if access.read is Read.CHUNKS:
        if form is Form.ROW:
            return cols == access.cols
        if form is Form.UNIFORM:
            return cols >= access.cols
        return access.cols == 1
    if access.read is Read.BRC:
        return True  # element (i, 0): lane 0 of the first register, or every lane
    return form is Form.UNIFORM and cols >= block_elems(access.buffer.dtype)


@dataclass
class _Version:
    writer: int
    form: Form
    cols: int
    regs: int
    last_read: int = -1


@dataclass
class Plan:
    """How a group is computed (module docstring)."""

    members: list[Member]
    in_register: list[list[bool]]
    """Per member, per access: read from the registers of a member's result."""
    stores: list[bool]
    """Per member: its result is stored to dst."""
    rows_per_block: int
    """Rows of one loop iteration: two halves when even (`halves`)."""
    peak: int
    """Registers one row keeps live at most."""
    run: int = 0
    """Elements of one loop row when the group walks its region as one contiguous run of
    registers (`contiguous_run`), else 0: the loop rows are the members' rows."""

    @property
    def halves(self) -> list[range]:
        """The rows of a block (indices) in the parts the fused code runs a member apart:
        the second half's member k after the first half's member k + 1 (emit.py)."""
        block = self.rows_per_block
        if block % 2:
            return [range(block)]
        return [range(block // 2), range(block // 2, block)]

    @property
    def rows(self) -> int:
        """Rows of the fused loop."""
        first = self.members[0]
        return first.rows * first.cols // self.run if self.run else first.rows


def plan(
    members: Sequence[Member], escapes: Callable[[Place], bool], ordered: bool = True
) -> Plan | None:
    """The plan of `members`, or None when they cannot be fused (module docstring); without
    `ordered`, the UB order of buffers sharing bytes is left unchecked (a scan's candidate,
    split by `split` into plans that are)."""
    if members[0].rows == 0 or members[0].cols == 0:
        return None  # an empty valid region: the per-op lowering's empty loop is all there is
    lanes = lanes_of(members[0])
    state: dict[Place, _Version] = {}
    versions: list[_Version] = []
    in_register: list[list[bool]] = []
    must_store = [False] * len(members)
    written = {Place.of(m.dst) for m in members}
    for index, m in enumerate(members):
        reads: list[bool] = []
        for access in m.reads:
            place = access.place
            if access.read is Read.COLUMN and place in written:
                return None
            if _overwritten(access, members[:index]):
                return None
            version = state.get(place)
            held = (version is not None and access.buffer.dtype == m.dtype
                    and read_in_register(version.form, version.cols, access))  # fmt: skip
            reads.append(held)
            if held:
                assert version is not None
                version.last_read = index
            elif version is not None:
                must_store[version.writer] = True
        in_register.append(reads)
        version = _Version(index, m.form, m.dst_cols, registers(m.form, m.dst_cols, lanes))
        versions.append(version)
        state[Place.of(m.dst)] = version
    stores = _stores(members, must_store, escapes)
    peak = _peak(members, versions, in_register)
    if peak > REGISTERS:
        return None
    run = lanes if contiguous_run(members, lanes) else 0
    rows = members[0].rows * members[0].cols // run if run else members[0].rows
    touches: list[Touch] = []
    if ordered:
        touches, held = _touches(members, in_register, stores, run)
        writes = [t for t in touches if t.writes]
        if not all(held_ok(read, writer, writes, rows) for read, writer in held):
            return None
        if not all(unstored_ok(w, touches, rows, escapes) for w in writes if not w.stored):
            return None
    for block in range(min(MAX_ROWS_PER_BLOCK, rows), 0, -1):
        if rows % block or block * peak > REGISTERS:
            continue
        part = block if block % 2 else block // 2  # `Plan.halves`: blocks of a half suffice
        if not ordered or in_order(touches, rows, part):
            return Plan(list(members), in_register, stores, block, peak, run)
    return None


def _touches(
    members: Sequence[Member], in_register: list[list[bool]], stores: list[bool], run: int
) -> tuple[list[Touch], list[tuple[Touch, int]]]:
    """The group's UB reads and its members' writes (stored or not) as `Touch`es of loop
    rows, and its register reads with the member whose result each takes."""
    touches: list[Touch] = []
    held: list[tuple[Touch, int]] = []
    writer: dict[Place, int] = {}
    for index, m in enumerate(members):
        for access, in_reg in zip(m.reads, in_register[index], strict=True):
            buffer = access.buffer
            size = buffer.dtype.bytes
            if run:
                pitch = extent = run * size
            elif access.read is Read.COLUMN:
                pitch, extent = 0, access.cols * size
            else:
                pitch = access.step * size
                extent = {Read.CHUNKS: access.cols * size, Read.BRC: size}.get(
                    access.read, BLOCK_BYTES
                )
            touch = Touch(index, access.place, buffer.address, pitch, extent, False)
            if in_reg:
                held.append((touch, writer[access.place]))
            else:
                touches.append(touch)
        cols, size = 1 if m.form is Form.SCALAR else m.dst_cols, m.dst.dtype.bytes
        pitch, extent = (run * size,) * 2 if run else (m.dst.stride * size, cols * size)
        place = Place.of(m.dst)
        touches.append(Touch(index, place, m.dst.address, pitch, extent, True, stores[index]))
        writer[place] = index
    return touches, held


def contiguous_run(members: Sequence[Member], lanes: int) -> bool:
    """Whether the group is better walked as one run of whole registers, as the per-op
    lowering walks a contiguous region (elementwise.py `one_run`): every member elementwise,
    tile-scalar or a conversion over rows of a width that is no multiple of a register,
    every buffer's rows back to back (stride = the valid columns), the region a whole number
    of registers.
    Each lane then sees the same ops on the same element; the rows' partial registers (one
    instruction each on A2/A3) become full ones."""
    first = members[0]
    rows, cols = first.rows, first.cols
    if cols % lanes == 0 or rows * cols % lanes:
        return False
    for m in members:
        if not isinstance(m.lowering, ElementwiseLowering | ScalarLowering | ConvertForm):
            return False
        if m.cols != cols or m.dst_cols != cols or m.dst.stride != cols:
            return False
        if any(a.read is not Read.CHUNKS or a.cols != cols or a.buffer.stride != cols
               for a in m.reads):  # fmt: skip
            return False
    return True


def _stores(
    members: Sequence[Member], must_store: list[bool], escapes: Callable[[Place], bool]
) -> list[bool]:
    """A result is stored when a later member reads it from UB, or when its buffer is used
    after the group and no later member of the group writes at least its columns again."""
    stores = list(must_store)
    for index, m in enumerate(members):
        place = Place.of(m.dst)
        later = [n for n in members[index + 1 :] if Place.of(n.dst) == place]
        covered = any(n.dst_cols >= m.dst_cols for n in later)
        if not covered and escapes(place):
            stores[index] = True
    return stores


def _overwritten(access: Access, earlier: Sequence[Member]) -> bool:
    """Whether an earlier member, after the last that wrote the place `access` reads, wrote
    bytes of it through a tile of another layout (a kernel with planned addresses names one
    buffer by several tiles): the read's register, if any, is not what those bytes hold,
    and the write may not be stored."""
    buffer = access.buffer
    since = [Place.of(m.dst) == access.place for m in earlier]
    start = len(since) - since[::-1].index(True) if True in since else 0
    return any(m.dst.overlaps(buffer) and Place.of(m.dst) != access.place
               for m in earlier[start:])  # fmt: skip


def _peak(
    members: Sequence[Member], versions: list[_Version], in_register: list[list[bool]]
) -> int:
    """Registers one row needs at most: results still to be read from registers, the
    result being made, one register per operand loaded from UB (chunk by chunk; an operand
    read twice, `tmul x, x`, is loaded once: emit.py). A result
    takes the registers of the operands whose last read it is (chunk k of the result is
    made once chunk k of each operand is read), so those count once, as the larger of the
    two."""
    peak = 0
    for index, version in enumerate(versions):
        later = sum(v.regs for v in versions[:index] if v.last_read > index)
        dying = sum(v.regs for v in versions[:index] if v.last_read == index)
        reads = zip(members[index].reads, in_register[index], strict=True)
        loaded = len({access for access, held in reads if not held})
        peak = max(peak, later + max(dying, version.regs) + loaded)
    return peak


# ---- scanning blocks -------------------------------------------------------------------------


@dataclass
class Group:
    """A plan and the flags between its members that move after the fused scope."""

    plan: Plan
    sets: list[Operation] = field(default_factory=list[Operation])
    barriers: list[Operation] = field(default_factory=list[Operation])


def _between(op: Operation) -> bool:
    """Ops a group may span: allocations, pointers, scalar arithmetic, PIPE_V barriers."""
    if isinstance(op, AllocTileOp | CastPtrOp):
        return True
    if op.dialect_name() == "arith":
        return not op.regions
    return isinstance(op, BarrierOp) and op.target_pipe.data is Pipe.V


class _Scan:
    """One block, op by op (module docstring)."""

    def __init__(self, block: Block, target: TargetProfile, facts: ModuleFacts) -> None:
        self.block = block
        self.target = target
        self.facts = facts
        self.order = {op: k for k, op in enumerate(block.ops)}
        self.groups: list[Group] = []
        self._reset()

    def _reset(self) -> None:
        self.members: list[Member] = []
        self.plan: Plan | None = None
        self.pending: list[Operation] = []
        self.sets: list[Operation] = []
        self.barriers: list[Operation] = []

    def run(self) -> list[Group]:
        for op in self.block.ops:
            found = member(op, self.target)
            if found is not None:
                self.add(found)
            elif isinstance(op, WaitFlagOp):
                sets = [*self.sets, *(p for p in self.pending if not isinstance(p, BarrierOp))]
                if any(not self.movable(s, op) for s in sets):
                    self.close()
            elif isinstance(op, SetFlagOp):
                if self.members:
                    self.pending.append(op)
            elif _between(op):
                if self.members and isinstance(op, BarrierOp):
                    self.pending.append(op)
            else:
                self.close()
        self.close()
        return self.groups

    def movable(self, later: Operation, wait: WaitFlagOp) -> bool:
        """Whether set `later` may move after `wait` (both on V): the pipe `later` signals
        cannot, through the function's other flags (V's own stand still at `wait`), reach
        the pipe `wait` waits for, so the signal `wait` takes cannot need `later`'s."""
        if not isinstance(later, SetFlagOp):
            return False
        graph = self.facts.flag_graph(self.block)
        seen, todo = {later.dst}, [later.dst]
        while todo:
            pipe = todo.pop()
            if pipe is wait.src:
                return False
            for nxt in graph.get(pipe, ()):
                if nxt not in seen and nxt is not Pipe.V:
                    seen.add(nxt)
                    todo.append(nxt)
        return True

    def add(self, found: Member) -> None:
        first = self.members[0] if self.members else None
        fits = (first is not None and first.dtype == found.dtype and first.rows == found.rows
                and len(self.members) < MAX_MEMBERS)  # fmt: skip
        candidate = None
        if fits:
            members = [*self.members, found]
            candidate = plan(members, lambda place: self.escapes(members, place), False)
        if candidate is None:
            self.close()
            self.members = [found]
            self.plan = plan([found], lambda place: self.escapes([found], place), False)
            return
        self.members.append(found)
        self.plan = candidate
        for op in self.pending:
            (self.sets if isinstance(op, SetFlagOp) else self.barriers).append(op)
        self.pending = []

    def close(self) -> None:
        if len(self.members) >= 2 and self.plan is not None:
            for found in self.split(self.members):
                first, last = self.order[found.members[0].op], self.order[found.members[-1].op]
                inside = [op for op in (*self.sets, *self.barriers)
                          if first < self.order[op] < last]  # fmt: skip
                sets: list[Operation] = [op for op in inside if isinstance(op, SetFlagOp)]
                barriers: list[Operation] = [op for op in inside if isinstance(op, BarrierOp)]
                self.groups.append(Group(found, sets, barriers))
        self._reset()

    def split(self, members: list[Member]) -> list[Plan]:
        """The candidate `members` as groups whose plans keep the UB order: from each start,
        the longest run of two or more that has one (the flags and barriers between two of
        them stay where they are)."""
        plans: list[Plan] = []
        start = 0
        while start < len(members) - 1:
            for end in range(len(members), start + 1, -1):
                group = members[start:end]
                found = plan(group, partial(self.escapes, group))
                if found is not None:
                    plans.append(found)
                    start = end
                    break
            else:
                start += 1
        return plans

    def escapes(self, group: Sequence[Member], place: Place) -> bool:
        """Whether a buffer of `place` that `group` names is used after the group, or may
        be (allocated in another block, not an alloc), or a tile of the place or of another
        layout sharing a member's bytes of it is read after it (`_read_after`, `read_as_other`):
        the fused code then stores the place's results as the op-by-op code does."""
        members: set[Operation] = {m.op for m in group}
        values: dict[SSAValue, None] = {}
        for m in group:
            named = [a.buffer for a in m.reads if a.place == place]
            if Place.of(m.dst) == place:
                named.append(m.dst)
            values.update(dict.fromkeys(b.value for b in named))
        last = max((self.order[m.op] for m in group), default=-1)
        if any(self._escapes(v, members, last) for v in values):
            return True
        around = self.around(group)
        twins = {
            life.value: life
            for m in group
            if Place.of(m.dst) == place
            for life in self.facts.sharing(m.dst, around)
            if life.place == place and life.value not in values
        }
        if any(self._read_after(life, group, last) for life in twins.values()):
            return True
        return self.read_as_other(group, place, around, last)

    def read_as_other(
        self, group: Sequence[Member], place: Place, around: list[tuple[Block, int, int]],
        last: int,
    ) -> bool:  # fmt: skip
        """Whether bytes a member writes to `place` are read after the group through a tile
        of another layout, unless a later member writes that tile (what it holds is then
        that member's). The fused code keeps a result by its member's own layout, so such
        a result is stored; the stored writes of different places keep their op-by-op
        order (order.py), so the bytes the other tile reads are the op-by-op code's."""
        for index, m in enumerate(group):
            if Place.of(m.dst) != place:
                continue
            rewritten = {n.dst.value for n in group[index + 1 :]}
            for life in self.facts.sharing(m.dst, around):
                clobbered = life.place != place and life.value not in rewritten
                if clobbered and self._read_after(life, group, last):
                    return True
        return False

    def around(self, group: Sequence[Member]) -> list[tuple[Block, int, int]]:
        """The group's span in its block and, in each block outside, the op that holds it
        (`ModuleFacts.sharing`)."""
        spans = [(self.block, self.order[group[0].op], self.order[group[-1].op])]
        for block, at in self.outside:
            spans.append((block, at, at))
        return spans

    def _read_after(self, life: Life, group: Sequence[Member], last: int) -> bool:
        """Whether tile `life` may be read after the group before it is written. A tile no
        op reads (a scratch tile) never is. In the group's block, the first use after the
        group decides (a tile op that writes it without reading what it held, its dst or
        scratch, makes what it holds its own); with no use after, in a loop, the next
        iteration's first use does. A tile of a block that holds the group's (a loop around
        it) may be; one of another block is not when its block writes it before reading
        it."""
        if not life.read:
            return False
        if life.home is not self.block:
            return life.home in self.enclosing or not life.written_first
        if not life.exact:
            return True
        skip = {self.order[m.op] for m in group}
        after = [(at, reads) for at, reads in life.uses if at > last and at not in skip]
        if not after and self.in_loop:
            after = [(at, reads) for at, reads in life.uses if at not in skip]
        return bool(after) and after[0][1]

    @cached_property
    def outside(self) -> list[tuple[Block, int]]:
        """Each block outside this one and the order of the op in it that holds this one."""
        found: list[tuple[Block, int]] = []
        op = self.block.parent_op()
        while op is not None and (outer := op.parent_block()) is not None:
            found.append((outer, self.facts.position(outer, op)))
            op = outer.parent_op()
        return found

    @cached_property
    def enclosing(self) -> set[Block]:
        """The blocks that hold this block's op, its op's block, and so on out."""
        return {block for block, _ in self.outside}

    @cached_property
    def in_loop(self) -> bool:
        """Whether this block may run again after itself (a loop holds it)."""
        op = self.block.parent_op()
        while op is not None:
            if isinstance(op, scf.ForOp | scf.WhileOp):
                return True
            op = op.parent_op()
        return False

    def _escapes(self, value: SSAValue, members: set[Operation], last: int) -> bool:
        """Whether a tile the group names is used after the group (or may be: made in
        another block, not an alloc), or, in a loop, read by the next iteration before it
        is written (its first use in the block reads it)."""
        alloc = value.owner
        if not isinstance(alloc, AllocTileOp) or alloc.parent_block() is not self.block:
            return True
        first: tuple[int, Operation] | None = None
        for user in users_of(value):
            anchor = anchor_in(user, self.block)
            if anchor is None:
                return True
            if self.in_loop and (first is None or self.order[anchor] < first[0]):
                first = (self.order[anchor], user)
            if user in members:
                continue
            if self.order.get(anchor, last + 1) > last:
                return True
        return first is not None and may_read(first[1], value)


def find_groups(
    block: Block, target: TargetProfile, facts: ModuleFacts | None = None
) -> list[Group]:
    """The groups of `block` (none inside a `pto.vecscope`); `facts`: the module's tiles and
    flags, as they were before the pass changed anything (made here when not given)."""
    parent = block.parent_op()
    if parent is not None and (isinstance(parent, VecScopeOp) or enclosing_vecscope(parent)):
        return []
    root = block.parent_op()
    while root is not None and root.parent_op() is not None:
        root = root.parent_op()
    return _Scan(block, target, facts or ModuleFacts(root)).run()
