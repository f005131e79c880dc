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
outside the group), and how many rows the fused loop handles at a time. A plan is refused
(the group stops before the member that made it so) when a column operand is written in the
group, when two buffers of different layouts that the fused code reads or writes in UB
overlap (a row-by-row order would change what the op-by-op order reads), or when one row's
registers would not fit `REGISTERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import ceil
from typing import cast

from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue

from passes.fuse.members import Access, Form, Member, Place, Read, member
from passes.lower_tile_to_vector.buffers import Buffer
from passes.lower_tile_to_vector.elementwise import ElementwiseLowering
from passes.lower_tile_to_vector.scalar import ScalarLowering
from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.pointer import CastPtrOp
from pto_dialect.ops.sync import BarrierOp, SetFlagOp, WaitFlagOp
from pto_dialect.ops.tile_expand import block_elems
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.ops.vecscope import VecScopeOp, enclosing_vecscope
from pto_dialect.records import Effect
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VREG_BITS

REGISTERS = 32
"""Vector registers a fused loop may keep live at once: the 32 architectural registers
of the project's documented choice (docs/passes.md, pto-lower-matmul-to-vector)."""
MAX_ROWS_PER_BLOCK = 8
"""Rows a fused loop interleaves at most (independent chains hide each other's latency)."""
MAX_MEMBERS = 32
"""A group stops at this many members (planning is quadratic in a group's size)."""


def lanes_of(m: Member) -> int:
    return VREG_BITS // m.dtype.bits


def registers(form: Form, cols: int, lanes: int) -> int:
    return ceil(cols / lanes) if form is Form.ROW else 1


def read_in_register(form: Form | None, cols: int, access: Access) -> bool:
    """Whether `access` can take the registers of a buffer a member wrote in `form` over
    `cols` valid columns (else it reads UB, after that member's store)."""
    if form is None or access.read is Read.COLUMN:
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
    peak: int
    """Registers one row keeps live at most."""
    run: int = 0
    """Elements of one loop row when the group walks its region as one contiguous run of
    registers (`contiguous_run`), else 0: the loop rows are the members' rows."""

    @property
    def rows(self) -> int:
        """Rows of the fused loop."""
        first = self.members[0]
        return first.rows * first.cols // self.run if self.run else first.rows


def plan(members: Sequence[Member], escapes: Callable[[Place], bool]) -> Plan | None:
    """The plan of `members`, or None when they cannot be fused (module docstring)."""
    if members[0].rows == 0 or members[0].cols == 0:
        return None  # an empty valid region: the per-op lowering's empty loop is all there is
    lanes = lanes_of(members[0])
    state: dict[Place, _Version] = {}
    versions: list[_Version] = []
    in_register: list[list[bool]] = []
    must_store = [False] * len(members)
    written = {Place.of(m.dst) for m in members}
    ub: dict[Place, list[tuple[int, int, bool]]] = {}
    """Per place: the byte ranges the fused code touches in UB (and whether it writes)."""
    for index, m in enumerate(members):
        reads: list[bool] = []
        for access in m.reads:
            place = access.place
            if access.read is Read.COLUMN and place in written:
                return None
            if _overwritten(access, members[:index]):
                return None
            version = state.get(place)
            held = version is not None and read_in_register(version.form, version.cols, access)
            reads.append(held)
            if held:
                assert version is not None
                version.last_read = index
            else:
                if version is not None:
                    must_store[version.writer] = True
                buffer = access.buffer
                ub.setdefault(place, []).append((buffer.address, buffer.end, False))
        in_register.append(reads)
        version = _Version(index, m.form, m.dst_cols, registers(m.form, m.dst_cols, lanes))
        versions.append(version)
        state[Place.of(m.dst)] = version
    stores = _stores(members, must_store, escapes)
    for m, stored in zip(members, stores, strict=True):
        if stored:
            ub.setdefault(Place.of(m.dst), []).append((m.dst.address, m.dst.end, True))
    if _overlapping(ub):
        return None
    peak = _peak(versions, in_register)
    if peak > REGISTERS:
        return None
    run = lanes if contiguous_run(members, lanes) else 0
    rows = members[0].rows * members[0].cols // run if run else members[0].rows
    block = max(b for b in range(1, min(MAX_ROWS_PER_BLOCK, rows) + 1)
                if rows % b == 0 and b * peak <= REGISTERS)  # fmt: skip
    return Plan(list(members), in_register, stores, block, peak, run)


def contiguous_run(members: Sequence[Member], lanes: int) -> bool:
    """Whether the group is better walked as one run of whole registers, as the per-op
    lowering walks a contiguous region (elementwise.py `one_run`): every member elementwise
    or tile-scalar over rows of a width that is no multiple of a register, every buffer's
    rows back to back (stride = the valid columns), the region a whole number of registers.
    Each lane then sees the same ops on the same element; the rows' partial registers (one
    instruction each on A2/A3) become full ones."""
    first = members[0]
    rows, cols = first.rows, first.cols
    if cols % lanes == 0 or rows * cols % lanes:
        return False
    for m in members:
        if not isinstance(m.lowering, ElementwiseLowering | ScalarLowering):
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


def _overlapping(ub: dict[Place, list[tuple[int, int, bool]]]) -> bool:
    """Whether two places the fused code touches in UB share bytes, one of them written."""
    spans = [(min(s for s, _, _ in r), max(e for _, e, _ in r), any(w for _, _, w in r), p)
             for p, r in ub.items()]  # fmt: skip
    spans.sort(key=lambda s: s[0])
    for i, (_, end, writes, _) in enumerate(spans):
        for other_start, _, other_writes, _ in spans[i + 1 :]:
            if other_start >= end:
                break
            if writes or other_writes:
                return True
    return False


def _peak(versions: list[_Version], in_register: list[list[bool]]) -> int:
    """Registers one row needs at most: results still to be read from registers, the
    result being made, one register per operand loaded from UB (chunk by chunk)."""
    peak = 0
    for index, version in enumerate(versions):
        live = sum(v.regs for v in versions[:index] if v.last_read >= index)
        loaded = sum(not held for held in in_register[index])
        peak = max(peak, live + version.regs + loaded)
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


class TileAliases:
    """The planned UB tile buffers of each function, to find the tiles that name the bytes
    of another (a kernel with planned addresses names one buffer by several tiles, each
    read and written on its own): built once a function, on first use."""

    def __init__(self) -> None:
        self._tiles: dict[Operation | None, list[tuple[Place, int, SSAValue]]] = {}
        self._orders: dict[Block, dict[Operation, int]] = {}

    def written_first(self, tile: SSAValue) -> bool:
        """Whether every use of `tile` is in the block of its alloc and the first of them
        writes it without reading it: it never sees what its bytes held before (in a loop
        body, each iteration writes it first)."""
        owner = tile.owner
        block = owner.parent_block() if isinstance(owner, Operation) else None
        if block is None:
            return False
        anchors = [(_anchor(use.operation, block), use.operation) for use in tile.uses]
        if not anchors or any(anchor is None for anchor, _ in anchors):
            return False
        order = self._orders.get(block, {})
        if any(anchor not in order for anchor, _ in anchors):  # new, or rewritten since
            order = self._orders[block] = {op: k for k, op in enumerate(block.ops)}
        first = min(order[cast(Operation, anchor)] for anchor, _ in anchors)
        at_first = [user for anchor, user in anchors if order[cast(Operation, anchor)] == first]
        return (
            len(at_first) == 1
            and at_first[0].parent_block() is block
            and not _reads(at_first[0], tile)
        )

    def sharing(self, buffer: Buffer) -> list[tuple[Place, SSAValue]]:
        """The other tiles of `buffer`'s function whose bytes overlap it, with their places."""
        owner = buffer.value.owner
        root = _function_of(owner if isinstance(owner, Operation) else owner.parent_op())
        if root not in self._tiles:
            self._tiles[root] = _vec_tiles(root)
        return [
            (place, value)
            for place, end, value in self._tiles[root]
            if place.address < buffer.end and buffer.address < end and value is not buffer.value
        ]


def _function_of(op: Operation | None) -> Operation | None:
    """The function that holds `op` (else its outermost op)."""
    current = op.parent_op() if op is not None else None
    while current is not None and current.parent_op() is not None:
        if isinstance(current, FuncOp):
            return current
        current = current.parent_op()
    return current


def _vec_tiles(root: Operation | None) -> list[tuple[Place, int, SSAValue]]:
    """Each planned UB tile of `root`: its place and where its bytes end."""
    tiles: list[tuple[Place, int, SSAValue]] = []
    for op in root.walk() if root is not None else ():
        if isinstance(op, AllocTileOp) and op.address is not None:
            tile = op.result.type
            if tile.location is Location.VEC:
                place = Place(op.address, tile.element, tile.shape[1])
                tiles.append((place, op.address + tile.size_bytes, op.result))
    return tiles


class _Scan:
    """One block, op by op (module docstring)."""

    def __init__(self, block: Block, target: TargetProfile, aliases: TileAliases) -> None:
        self.block = block
        self.target = target
        self.aliases = aliases
        self.order = {op: k for k, op in enumerate(block.ops)}
        self.groups: list[Group] = []
        self._graph: dict[Pipe, set[Pipe]] | None = None
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
        graph = self.flag_graph()
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

    def flag_graph(self) -> dict[Pipe, set[Pipe]]:
        """src -> dst pipes of every set_flag of the enclosing function."""
        if self._graph is None:
            root: Operation | None = self.block.parent_op()
            while (
                root is not None and root.parent_op() is not None and not isinstance(root, FuncOp)
            ):
                root = root.parent_op()
            self._graph = {}
            for op in root.walk() if root is not None else self.block.ops:
                if isinstance(op, SetFlagOp):
                    self._graph.setdefault(op.src, set()).add(op.dst)
        return self._graph

    def add(self, found: Member) -> None:
        first = self.members[0] if self.members else None
        fits = (first is not None and first.dtype == found.dtype and first.rows == found.rows
                and len(self.members) < MAX_MEMBERS)  # fmt: skip
        candidate = None
        if fits:
            members = [*self.members, found]
            candidate = plan(members, lambda place: self.escapes(members, place))
            if candidate is not None and self.read_as_other(members):
                candidate = None
        if candidate is None:
            self.close()
            self.members = [found]
            self.plan = plan([found], lambda place: self.escapes([found], place))
            return
        self.members.append(found)
        self.plan = candidate
        for op in self.pending:
            (self.sets if isinstance(op, SetFlagOp) else self.barriers).append(op)
        self.pending = []

    def close(self) -> None:
        if len(self.members) >= 2 and self.plan is not None:
            self.groups.append(Group(self.plan, self.sets, self.barriers))
        self._reset()

    def escapes(self, group: Sequence[Member], place: Place) -> bool:
        """Whether a buffer of `place` that `group` names is used after the group, or may
        be (allocated in another block, not an alloc), or another tile of the place is
        read after it (`_read_after`)."""
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
        twins = {
            value
            for m in group
            if Place.of(m.dst) == place
            for other, value in self.aliases.sharing(m.dst)
            if other == place and value not in values
        }
        return any(self._read_after(v, members, last) for v in twins)

    def read_as_other(self, group: Sequence[Member]) -> bool:
        """Whether bytes a member writes are read after the group through a tile of another
        layout (the fused code keeps or stores them by the member's own layout), unless a
        later member writes that tile (what it holds is then that member's)."""
        members: set[Operation] = {m.op for m in group}
        last = max(self.order[m.op] for m in group)
        for index, m in enumerate(group):
            rewritten = {n.dst.value for n in group[index + 1 :]}
            for other, value in self.aliases.sharing(m.dst):
                clobbered = other != Place.of(m.dst) and value not in rewritten
                if clobbered and self._read_after(value, members, last):
                    return True
        return False

    def _read_after(self, alias: SSAValue, members: set[Operation], last: int) -> bool:
        """Whether tile `alias` may be read after the group before it is written: its first
        use after the group, when that is a tile op of this block that writes it without
        reading what it held (its dst, or its scratch), makes what it holds its own. A tile
        no op reads (a scratch tile) is never read."""
        if not any(_reads(use.operation, alias) for use in alias.uses):
            return False
        if not isinstance(alias.owner, AllocTileOp):
            return True
        if alias.owner.parent_block() is not self.block:
            return not self.aliases.written_first(alias)
        after: list[tuple[int, Operation]] = []
        for use in alias.uses:
            if use.operation in members:
                continue
            anchor = _anchor(use.operation, self.block)
            if anchor is None:
                return True
            if self.order[anchor] > last:
                after.append((self.order[anchor], use.operation))
        if not after:
            return False
        first, user = min(after, key=lambda a: a[0])
        if sum(order == first for order, _ in after) > 1 or not isinstance(user, TileOp):
            return True
        return user.parent_block() is not self.block or _reads(user, alias)

    def _escapes(self, value: SSAValue, members: set[Operation], last: int) -> bool:
        alloc = value.owner
        if not isinstance(alloc, AllocTileOp) or alloc.parent_block() is not self.block:
            return True
        for use in value.uses:
            user = use.operation
            if user in members:
                continue
            anchor = _anchor(user, self.block)
            if anchor is None or self.order.get(anchor, last + 1) > last:
                return True
        return False


def _reads(op: Operation, tile: SSAValue) -> bool:
    """Whether `op` may read what `tile` holds: any op but a tile op whose record says it
    only writes it (dst) or uses it as scratch."""
    if not isinstance(op, TileOp):
        return True
    effects = [e for v, e in zip(op.operands, op.operand_effects(), strict=True) if v is tile]
    return not effects or Effect.READ in effects


def _anchor(op: Operation, block: Block) -> Operation | None:
    """The op of `block` that is `op` or holds it."""
    current: Operation | None = op
    while current is not None and current.parent_block() is not block:
        current = current.parent_op()
    return current


def find_groups(
    block: Block, target: TargetProfile, aliases: TileAliases | None = None
) -> list[Group]:
    """The groups of `block` (none inside a `pto.vecscope`); `aliases` shared by the
    blocks of a module builds each function's tile list once."""
    parent = block.parent_op()
    if parent is not None and (isinstance(parent, VecScopeOp) or enclosing_vecscope(parent)):
        return []
    return _Scan(block, target, aliases or TileAliases()).run()
