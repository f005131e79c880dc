"""`pto-plan-memory{target=...}`: a byte address for every tile buffer, reusing dead bytes.

Input: DPS IR, tile buffers are `pto.alloc_tile` results used directly by tile ops (also
inside `scf.for`, `scf.if` and `pto.vecscope`). Output: every `pto.alloc_tile` has
`addr = %c`, `%c` an `arith.constant : i64` placed right before it: an address in the
memory of the tile's location, aligned (`ALIGNMENT`), within the target's capacity, such
that buffers whose live ranges overlap have disjoint bytes. An alloc that already has a
constant address keeps it, and its bytes are reserved from the function entry to its last
use.

Live ranges are intervals of a pre-order numbering of the function's ops. A buffer lives
from its first use to its last; a use nested in an op (a loop, a branch) counts as the
whole span of the enclosing op in the alloc's block, so a buffer defined outside a loop
and used in it lives for all of the loop. A buffer that may be read before anything
writes it (a write counts on every path when it is in a loop that runs at least once or
in both branches of an `scf.if`) keeps bytes of its own for the whole function, so that
it reads what a fresh buffer holds (zeros in the interpreter), as it did before planning.

A scratch operand (`Effect.SCRATCH`: the op's workspace) counts as a write: what it held
before the op is not used.

Buffers are placed by a sweep in order of their first use: those that died before are
freed (a heap by end), and the new one takes the lowest free aligned range (first fit, a
vectorised scan of the memory's slots, at most capacity / alignment = 16384). The cost is
O(n log n) in the number of buffers plus linear in the ops and uses. When the sweep finds
no range for a buffer (small buffers that die early can split the free bytes), the memory
is placed again largest buffer first (`_place_by_size`, quadratic, only then). Only `alloc_tile`
buffers are planned: bytes a kernel names itself (`pto.castptr` of an integer) are not
seen.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import IsTerminator

from passes.common import checked_pass, pass_error, pass_target
from pto_dialect.attrs import Location
from pto_dialect.diagnostics import LocatedPassFailure
from pto_dialect.memory_types import SPACE_OF_LOCATION
from pto_dialect.multi_tile_types import MultiTileBufType
from pto_dialect.ops.base import SEGMENTS, TileOp, segments
from pto_dialect.ops.tile_memory import AllocTileOp, constant_index
from pto_dialect.ops.tile_multi_buffer import AllocMultiTileOp, MultiTileGetOp
from pto_dialect.ops.tile_view import ReinterpretOp, WindowViewOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.records import Effect
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileBufType

NAME = "pto-plan-memory"

BLOCK_BYTES = 32
"""Alignment of any tile buffer (pto-isa buffer_limits.hpp: PTO_*_ALIGN_BYTES, every memory)."""

ALIGNMENT: Mapping[Location, int] = MappingProxyType(
    {
        # PTOAS PTOPlanMemory.cpp (InitMemSpecsFromModule, a3 and a5 alike): UB, L1, bias
        # and scaling buffers 256-bit aligned, L0A/L0B/L0C 4096-bit aligned.
        Location.VEC: BLOCK_BYTES,
        Location.MAT: BLOCK_BYTES,
        Location.BIAS: BLOCK_BYTES,
        Location.SCALING: BLOCK_BYTES,
        Location.LEFT: 512,
        Location.RIGHT: 512,
        Location.ACC: 512,
    }
)
"""Address alignment in bytes of a buffer the pass places, per location."""


Alloc = AllocTileOp | AllocMultiTileOp
"""A buffer the pass places: a tile, or the consecutive slots of a multi tile."""


def _type(alloc: Alloc) -> TileBufType | MultiTileBufType:
    return alloc.tile_type if isinstance(alloc, AllocTileOp) else alloc.multi_type


def _location(alloc: Alloc) -> Location:
    return (
        alloc.tile_type.location
        if isinstance(alloc, AllocTileOp)
        else alloc.multi_type.slot.location
    )


VIEWS = (WindowViewOp, ReinterpretOp)
"""Ops whose result names (part of) their source's bytes."""


def _with_views(value: SSAValue) -> list[SSAValue]:
    """`value` and the views of it (`pto.subview`, `pto.treshape`, `pto.talias`,
    transitively): values that name the same bytes."""
    values = [value]
    for known in values:  # grows while it is walked
        values += [u.operation.results[0] for u in known.uses if isinstance(u.operation, VIEWS)]
    return values


def _buffer_values(alloc: Alloc) -> tuple[list[SSAValue], set[Operation]]:
    """The tile buffer values that name `alloc`'s bytes (its result; a multi tile's slots)
    and the `multi_tile_get` ops that select them."""
    if isinstance(alloc, AllocTileOp):
        return _with_views(alloc.result), set()
    gets: set[Operation] = {
        u.operation for u in alloc.result.uses if isinstance(u.operation, MultiTileGetOp)
    }
    return [g.results[0] for g in gets], gets


@dataclass
class _Buffer:
    alloc: Alloc
    start: int
    """Position of the first op the buffer is live at."""
    end: int
    """Position of the last op the buffer is live at (inclusive)."""
    address: int | None
    """The address it had before the pass (pre-planned), else None."""

    @property
    def size(self) -> int:
        return _type(self.alloc).size_bytes

    @property
    def location(self) -> Location:
        return _location(self.alloc)


class _Numbering:
    """Pre-order positions of a function's ops; `last[op]` ends the span of op's regions."""

    def __init__(self, body: Block) -> None:
        self.order: list[Operation] = []
        self.first: dict[Operation, int] = {}
        self.last: dict[Operation, int] = {}
        for op in body.ops:
            self._visit(op)

    def _visit(self, op: Operation) -> None:
        self.first[op] = len(self.order)
        self.order.append(op)
        for region in op.regions:
            for block in region.blocks:
                for inner in block.ops:
                    self._visit(inner)
        self.last[op] = len(self.order) - 1

    @property
    def end(self) -> int:
        return len(self.order) - 1


def _name(alloc: Alloc) -> str:
    hint = alloc.result.name_hint
    what = "tile buffer" if isinstance(alloc, AllocTileOp) else "multi tile buffer"
    return f"{what} %{hint}" if hint else f"a {what}"


def _runs_at_least_once(op: Operation) -> bool:
    """Whether each execution of `op` runs its (single-block) region at least once."""
    if isinstance(op, VecScopeOp):
        return True
    if isinstance(op, scf.ForOp):
        lb, ub, step = (constant_index(v) for v in (op.lb, op.ub, op.step))
        return lb is not None and ub is not None and step is not None and step > 0 and lb < ub
    return False


def _in_loop(alloc: Alloc, body: Block) -> bool:
    """Whether an op that may run its region several times encloses `alloc` in the function."""
    block = alloc.parent_block()
    while block is not None and block is not body:
        parent = block.parent_op()
        if parent is None:
            return False
        if not isinstance(parent, scf.IfOp | VecScopeOp):
            return True
        block = parent.parent_block()
    return False


def _anchor(user: Operation, block: Block) -> Operation:
    """The op of `block` that is `user` or holds it."""
    while user.parent_block() is not block:
        parent = user.parent_op()
        assert parent is not None, "a use of a value lies in the block of its definition"
        user = parent
    return user


def _always_runs(op: Operation, written: set[Block]) -> bool:
    """Whether each execution of `op` writes the buffer, given the blocks in `written`."""
    if isinstance(op, scf.IfOp):
        return all(r.first_block is not None and r.first_block in written for r in op.regions)
    return _runs_at_least_once(op)


def _mark_written(writer: Operation, written: set[Block], block: Block) -> None:
    """Record a write: in `writer`'s block and, up to `block`, each enclosing block every
    run of which executes a write (a loop that runs at least once, an scf.if both of whose
    branches write)."""
    scope = writer.parent_block()
    while scope is not None:
        written.add(scope)
        parent = scope.parent_op()
        if scope is block or parent is None or not _always_runs(parent, written):
            return
        scope = parent.parent_block()


def _covered(reader: Operation, written: set[Block], block: Block) -> bool:
    """Whether a write recorded in `written` happens before `reader` on every path."""
    scope = reader.parent_block()
    while scope is not None:
        if scope in written:
            return True
        if scope is block:
            return False
        parent = scope.parent_op()
        scope = None if parent is None else parent.parent_block()
    return False


def _live_range(alloc: Alloc, numbering: _Numbering, body: Block) -> tuple[int, int]:
    """The first and last positions at which the buffer of `alloc` is live (a multi tile's
    slots together: every use of any slot counts)."""
    block = alloc.parent_block()
    assert block is not None
    values, gets = _buffer_values(alloc)
    users: dict[Operation, None] = dict.fromkeys(gets)
    for value in values:
        for use in value.uses:
            users.setdefault(use.operation, None)
    for use in alloc.result.uses:
        if use.operation not in gets:
            users.setdefault(use.operation, None)
    if not users:
        here = numbering.first[alloc]
        return here, here
    start, end = numbering.end, 0
    written: set[Block] = set()
    unwritten_read: Operation | None = None
    any_write = False
    for user in sorted(users, key=numbering.first.__getitem__):
        if user in gets or isinstance(user, VIEWS):
            anchor = _anchor(user, block)
            start = min(start, numbering.first[anchor])
            end = max(end, numbering.last[anchor])
            continue
        if not isinstance(user, TileOp) and (
            user.has_trait(IsTerminator)
            or user.regions
            or any(isinstance(r.type, TileBufType) for r in user.results)
        ):
            raise pass_error(
                NAME,
                f"{_name(alloc)} flows into {user.name}: only buffers used directly by ops "
                "are planned, not aliases through block arguments or results",
                user,
            )
        anchor = _anchor(user, block)
        start = min(start, numbering.first[anchor])
        end = max(end, numbering.last[anchor])
        if isinstance(user, TileOp):
            effects = zip(user.operand_effects(), user.operands, strict=False)
            touched = [e for e, v in effects if v in values]
            reads = any(e is Effect.READ for e in touched)
            outs = any(e.writes for e in touched)
        else:
            outs, reads = False, True
        if reads and unwritten_read is None and not _covered(user, written, block):
            unwritten_read = user
        if outs:
            any_write = True
            _mark_written(user, written, block)
    if unwritten_read is None:
        return start, end
    if alloc.address is None and any_write and _in_loop(alloc, body):
        raise pass_error(
            NAME,
            f"{_name(alloc)} may be read before it is written, and its pto.alloc_tile is in "
            "a loop: a planned buffer would hold the previous iteration's bytes where a "
            "fresh one holds zeros",
            unwritten_read,
        )
    return 0, numbering.end


class _Slots:
    """Occupancy of one memory in aligned slots; first-fit search for free runs."""

    def __init__(self, capacity: int, alignment: int) -> None:
        self.alignment = alignment
        self.count = np.zeros(capacity // alignment, np.int64)

    def _span(self, address: int, size: int) -> slice:
        return slice(address // self.alignment, -(-(address + size) // self.alignment))

    def first_fit(self, size: int) -> int | None:
        """The lowest address of a free run of slots that holds `size` bytes."""
        need = -(-size // self.alignment)
        if need > len(self.count):
            return None
        free = np.concatenate(([0], np.cumsum(self.count == 0)))
        runs = np.flatnonzero(free[need:] - free[:-need] == need)
        return None if runs.size == 0 else int(runs[0]) * self.alignment

    def take(self, address: int, size: int, delta: int = 1) -> None:
        self.count[self._span(address, size)] += delta


def _overflow(
    target: TargetProfile, location: Location, failing: _Buffer, buffers: Sequence[_Buffer],
    numbering: _Numbering,
) -> Exception:  # fmt: skip
    """The diagnostic for `failing`, which found no free range."""
    alignment = ALIGNMENT[location]
    capacity = target.capacities[location]
    at = failing.start
    live = [b for b in buffers if b.start <= at <= b.end]
    need = sum(-(-b.size // alignment) * alignment for b in live)
    memory = f"loc={location.value} ({SPACE_OF_LOCATION[location].value})"
    if need > capacity:
        message = (
            f"{memory} needs {need} bytes here for {len(live)} live tile buffers, but target "
            f"{target.name} has {capacity}"
        )
    else:
        message = (
            f"{memory}: the {need} bytes of the {len(live)} tile buffers live here fit in the "
            f"{capacity} bytes of target {target.name}, but no free range of "
            f"{failing.size} bytes is left for {_name(failing.alloc)} (first-fit "
            "fragmentation, or bytes of pre-planned buffers, kept from the function entry)"
        )
    return pass_error(NAME, message, numbering.order[at])


def _place(
    target: TargetProfile, location: Location, buffers: Sequence[_Buffer], numbering: _Numbering
) -> dict[Alloc, int]:
    """Addresses for the unplanned buffers of one memory: the sweep of the module doc, or
    when it finds no free range, `_place_by_size`; the sweep's diagnostic when neither fits."""
    try:
        return _sweep(target, location, buffers, numbering)
    except LocatedPassFailure as failure:
        placed = _place_by_size(target.capacities[location], ALIGNMENT[location], buffers)
        if placed is None:
            raise failure from None
        return placed


def _place_by_size(
    capacity: int, alignment: int, buffers: Sequence[_Buffer]
) -> dict[Alloc, int] | None:
    """Greedy by size: the largest buffer first, each at the lowest aligned address clear
    of the placed buffers whose live ranges meet its own (pre-planned ones placed first);
    None when one finds no room. Small buffers that die early fragment a first-fit sweep
    in order of start (a row tile between two large ones); this order keeps the large
    ones together. Quadratic in the buffers of one memory: only run when the sweep fails."""
    placed: list[tuple[_Buffer, int]] = [(b, b.address) for b in buffers if b.address is not None]
    addresses: dict[Alloc, int] = {}
    pending = sorted((b for b in buffers if b.address is None), key=lambda b: (-b.size, b.start))
    for buffer in pending:
        taken = sorted(
            (address, address + other.size)
            for other, address in placed
            if other.start <= buffer.end and buffer.start <= other.end
        )
        address = 0
        for low, high in taken:
            if address + buffer.size <= low:
                break
            address = max(address, -(-high // alignment) * alignment)
        if address + buffer.size > capacity:
            return None
        placed.append((buffer, address))
        addresses[buffer.alloc] = address
    return addresses


def _sweep(
    target: TargetProfile, location: Location, buffers: Sequence[_Buffer], numbering: _Numbering
) -> dict[Alloc, int]:
    """First fit in order of first use, freeing buffers as they die (the module doc)."""
    slots = _Slots(target.capacities[location], ALIGNMENT[location])
    active: list[tuple[int, int, int, int]] = []  # (end, tie, address, size)
    for tie, fixed in enumerate(b for b in buffers if b.address is not None):
        assert fixed.address is not None
        slots.take(fixed.address, fixed.size)
        heapq.heappush(active, (fixed.end, tie, fixed.address, fixed.size))
    placed: dict[Alloc, int] = {}
    pending = sorted(
        (b for b in buffers if b.address is None),
        key=lambda b: (b.start, numbering.first[b.alloc]),
    )
    for tie, buffer in enumerate(pending, start=len(active)):
        while active and active[0][0] < buffer.start:
            _, _, address, size = heapq.heappop(active)
            slots.take(address, size, -1)
        address = slots.first_fit(buffer.size)
        if address is None:
            raise _overflow(target, location, buffer, buffers, numbering)
        slots.take(address, buffer.size)
        heapq.heappush(active, (buffer.end, tie, address, buffer.size))
        placed[buffer.alloc] = address
    return placed


def _given_address(alloc: Alloc, target: TargetProfile) -> int | None:
    """The address `alloc` already has, checked; None when it has none."""
    location = _location(alloc)
    if isinstance(alloc, AllocMultiTileOp):
        slot = alloc.multi_type.slot_bytes
        if slot % ALIGNMENT[location]:
            raise pass_error(
                NAME,
                f"the slots of {_name(alloc)} have {slot} bytes, not a multiple of the "
                f"{ALIGNMENT[location]}-byte alignment of loc={location.value}: slot k at "
                "addr + k x slot bytes would be misaligned",
                alloc,
            )
    if alloc.addr is None:
        return None
    address, size = alloc.address, _type(alloc).size_bytes
    if address is None:
        raise pass_error(NAME, "addr must be an arith.constant to be kept by the planner", alloc)
    capacity = target.capacities[location]
    if address % BLOCK_BYTES or address < 0 or address + size > capacity:
        raise pass_error(
            NAME,
            f"the {size}-byte tile buffer at the given addr {address} is not a "
            f"{BLOCK_BYTES}-byte aligned range of the {capacity}-byte loc={location.value} "
            f"memory of target {target.name}",
            alloc,
        )
    return address


def aligned_size(alloc: Alloc) -> int:
    """The bytes `alloc` takes in its memory, rounded up to the location's alignment."""
    alignment = ALIGNMENT[_location(alloc)]
    return -(-_type(alloc).size_bytes // alignment) * alignment


class Liveness:
    """The planner's live ranges of the buffers of a one-block function (what
    `pto-multi-buffer` budgets its slots with). Raises the planner's diagnostic for a
    buffer it cannot plan."""

    def __init__(self, function: func.FuncOp) -> None:
        body = function.body.block
        self.numbering = _Numbering(body)
        self.ranges = {
            op: _live_range(op, self.numbering, body)
            for op in function.walk()
            if isinstance(op, AllocTileOp | AllocMultiTileOp)
        }
        self._live: dict[Location, np.ndarray] = {}
        """Per location: the bytes live at each position."""
        by_location: defaultdict[Location, list[Alloc]] = defaultdict(list)
        for alloc in self.ranges:
            by_location[_location(alloc)].append(alloc)
        for location, allocs in by_location.items():
            self._live[location] = np.cumsum(self._deltas(allocs, 0, self.numbering.end))[:-1]

    def _deltas(self, allocs: Sequence[Alloc], first: int, last: int) -> np.ndarray:
        """+size where each buffer's range (clipped to [first, last]) starts, -size after."""
        delta = np.zeros(last - first + 2, np.int64)
        for alloc in allocs:
            start, end = self.ranges[alloc]
            if end >= first and start <= last:
                size = aligned_size(alloc)
                delta[max(start, first) - first] += size
                delta[min(end, last) - first + 1] -= size
        return delta

    def peak(self, op: Operation, location: Location, without: Sequence[Alloc] = ()) -> int:
        """The most bytes of `location` live at once during `op` (its regions included),
        not counting the buffers of `without` (of that location)."""
        live = self._live.get(location)
        if live is None:
            return 0
        first, last = self.numbering.first[op], self.numbering.last[op]
        mine = [a for a in without if _location(a) is location]
        dropped = np.cumsum(self._deltas(mine, first, last))[:-1]
        return int((live[first : last + 1] - dropped).max())


def plan_function(function: func.FuncOp, target: TargetProfile) -> dict[Alloc, int]:
    """Addresses for the unplanned `alloc_tile`s and `alloc_multi_tile`s of `function`."""
    given = {
        op: _given_address(op, target)
        for op in function.walk()
        if isinstance(op, AllocTileOp | AllocMultiTileOp)
    }
    if all(address is not None for address in given.values()):
        return {}
    if len(function.body.blocks) > 1:
        raise pass_error(
            NAME,
            f"@{function.sym_name.data} has several blocks: liveness follows the structured "
            "control flow of scf.for and scf.if only",
            function,
        )
    body = function.body.block
    numbering = _Numbering(body)
    by_location: defaultdict[Location, list[_Buffer]] = defaultdict(list)
    for alloc, address in given.items():
        start, end = _live_range(alloc, numbering, body)
        buffer = _Buffer(alloc, start, end, address)
        by_location[buffer.location].append(buffer)
    placed: dict[Alloc, int] = {}
    for location, buffers in by_location.items():
        if any(b.address is None for b in buffers):
            placed.update(_place(target, location, buffers, numbering))
    return placed


def _set_address(alloc: Alloc, address: int) -> None:
    """Give `alloc` the operand `addr = arith.constant address : i64`, put right before it."""
    const = arith.ConstantOp.from_int_and_width(address, 64)
    hint = alloc.result.name_hint
    const.result.name_hint = f"{hint}_addr" if hint else "addr"
    Rewriter.insert_op(const, InsertPoint.before(alloc))
    valid = (alloc.valid_row, alloc.valid_col)
    alloc.operands = (const.result, *(v for v in valid if v is not None))
    alloc.properties[SEGMENTS] = segments(1, *(int(v is not None) for v in valid))


@checked_pass
@dataclass(frozen=True)
class PlanMemoryPass(ModulePass):
    name = "pto-plan-memory"

    target: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        placed: dict[Alloc, int] = {}
        for function in op.walk():
            if isinstance(function, func.FuncOp) and function.body.blocks:
                placed.update(plan_function(function, target))
        for alloc in op.walk():
            if (
                isinstance(alloc, AllocTileOp | AllocMultiTileOp)
                and alloc.address is None
                and alloc not in placed
            ):
                raise pass_error(NAME, "only tile buffers of a func.func are planned", alloc)
        for alloc, address in placed.items():
            _set_address(alloc, address)
