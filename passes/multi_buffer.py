"""`pto-multi-buffer{count=2}`: tile buffers of a streaming loop get `count` rotating slots.

Runs on DPS IR before `pto-plan-memory` (after `pto-convert-to-dps`). In an `scf.for` that
loads tiles (a DPS `tload` in its body), the `pto.alloc_tile`s of the body that the
iteration writes before it reads them and that two pipes use become `pto.alloc_multi_tile`s
of `count` slots before the loop (buffers whose uses in an iteration do not overlap share
one, `share_slots`), and the body runs on slot `k = ((iv - lb) / step) mod count`:

    scf.for %i = %lb to %ub step %s {            %mb = pto.alloc_multi_tile : <T, count=2>
      %t = pto.alloc_tile : T             ->     scf.for %i = %lb to %ub step %s {
      pto.tload ... outs(%t)                       %k = (%i - %lb) / %s mod 2
      ...                                          scf.if %k == 0 { body on multi_tile_get %mb[0] }
    }                                              else { body on multi_tile_get %mb[1] } }

Each copy of the body names its slot with a constant, so `pto-insert-sync` sees disjoint
buffers: the load of tile i+1 need not wait for the vector op of tile i, only for that of
tile i+1-count, and the loop-carried flag pairs of different slots live at once, so they
get different event ids (the ids rotate with the iteration). `pto-plan-memory` places the
`count` slots of a multi tile consecutively; `pto-resolve-slots` (after the sync) turns
each constant-slot `multi_tile_get` into an `alloc_tile` at the slot's address.

Why two pipes (`tload`'s destination, read by V; the tile `tstore` reads, written by V):
the ops of one pipe run in order, so a buffer only V touches orders nothing across pipes
and a second copy of it would only take memory. Not multi-buffered either: a buffer
allocated outside the loop (an accumulator carried across iterations, which
`pto-convert-to-dps` allocates before the loop), one the body may read before writing it
(it would see another slot's data), one whose valid sizes are computed in the body, one
used by anything but tile ops. Loops with results (iter_args) and loops that contain
another `scf.for` are left as they are. The slot count is the largest up to `count` with
which the bytes live at once during the loop (`pto-plan-memory`'s live ranges) fit the
target's memory, and at most the trip count of a loop of constant bounds; if the planner
then finds no addresses for the function after all (fragmentation), the function is left
as it was.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from math import lcm

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from passes.common import checked_pass, pass_error, pass_target
from passes.periodic import evaluate
from passes.plan_memory import Liveness, aligned_size, plan_function
from pto_dialect.attrs import Location, Pipe
from pto_dialect.diagnostics import LocatedPassFailure
from pto_dialect.multi_tile_types import MULTI_TILE_SLOTS, MultiTileBufType
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_memory import AllocTileOp, TLoadOp, constant_index
from pto_dialect.ops.tile_multi_buffer import AllocMultiTileOp, MultiTileGetOp
from pto_dialect.targets import TargetProfile

NAME = "pto-multi-buffer"


def _inside(value: SSAValue, loop: scf.ForOp) -> bool:
    """Whether `value` is defined in `loop` (its iv, or by an op nested in it)."""
    block = value.owner if isinstance(value.owner, Block) else value.owner.parent_block()
    while block is not None:
        parent = block.parent_op()
        if parent is loop:
            return True
        block = None if parent is None else parent.parent_block()
    return False


def _written_first(alloc: AllocTileOp, body: Block) -> bool:
    """Whether the first op of `body` (in program order) touching the buffer is a tile op of
    the body block itself that writes it without reading it, and only tile ops use it."""
    users = {use.operation for use in alloc.result.uses}
    if not users or not all(isinstance(u, TileOp) and u.is_dps for u in users):
        return False
    for op in body.walk():
        if op in users:
            assert isinstance(op, TileOp)
            reads = any(v is alloc.result for v in op.ins)
            return op.parent_block() is body and not reads
    return False


def _pipes(alloc: AllocTileOp) -> set[Pipe]:
    """The pipes of the ops that use `alloc`'s buffer."""
    return {u.operation.pipe() for u in alloc.result.uses if isinstance(u.operation, TileOp)}


def _candidates_allowed(loop: scf.ForOp) -> bool:
    """An innermost loop without results that loads tiles."""
    body = loop.body.block
    if loop.results or any(isinstance(op, scf.ForOp) for op in body.walk()):
        return False
    return any(isinstance(op, TLoadOp) and op.is_dps for op in body.walk())


def _candidates(loop: scf.ForOp) -> list[AllocTileOp]:
    """The allocs of `loop`'s body that get slots (the module doc's rules)."""
    body = loop.body.block
    if not _candidates_allowed(loop):
        return []
    return [
        op
        for op in body.ops
        if isinstance(op, AllocTileOp)
        and op.addr is None
        and not any(_inside(v, loop) for v in (op.valid_row, op.valid_col) if v is not None)
        and _written_first(op, body)
        and len(_pipes(op)) > 1
    ]


def _outer_candidates(loop: scf.ForOp) -> list[AllocTileOp]:
    """Allocs before `loop` in its block that only the loop's body uses, by DPS tile ops,
    writing them before reading them in each iteration, from two pipes: the buffers of a
    DPS kernel as users write it (PTOAS's auto mode: `pto.alloc_tile`s without addresses
    before the loop). Each iteration's data lives in the iteration, as if the buffer were
    allocated in the body, where `hoist_into` moves it when the loop gets slots."""
    block = loop.parent_block()
    if block is None or not _candidates_allowed(loop):
        return []
    found: list[AllocTileOp] = []
    for op in block.ops:
        if op is loop:
            break
        if not isinstance(op, AllocTileOp) or op.addr is not None:
            continue
        uses = list(op.result.uses)
        if (
            uses
            and all(_within(u.operation, loop) for u in uses)
            and _written_first(op, loop.body.block)
            and len(_pipes(op)) > 1
        ):
            found.append(op)
    return found


def _within(op: Operation, loop: scf.ForOp) -> bool:
    return loop.is_ancestor(op) and op is not loop


def hoist_into(allocs: list[AllocTileOp], loop: scf.ForOp) -> None:
    """Moves each alloc into `loop`'s body, right before the first op that uses it."""
    body = loop.body.block
    for alloc in allocs:
        users = {u.operation for u in alloc.result.uses}
        first = next(op for op in body.ops if op in users)
        alloc.detach()
        Rewriter.insert_op(alloc, InsertPoint.before(first))


def _fitting_count(
    count: int,
    loop: scf.ForOp,
    groups: list[list[AllocTileOp]],
    liveness: Liveness,
    target: TargetProfile,
) -> int:
    """The largest slot count <= `count` with which what is live during `loop` fits: the
    other buffers at their peak, and `count` slots of every group for the whole loop."""
    slot_bytes: dict[Location, int] = defaultdict(int)
    for group in groups:
        slot_bytes[group[0].tile_type.location] += aligned_size(group[0])
    candidates = [alloc for group in groups for alloc in group]
    best = count
    for location, per_slot in slot_bytes.items():
        free = target.capacities[location] - liveness.peak(loop, location, candidates)
        best = min(best, max(0, free) // per_slot)
    return best


def _trip_count(loop: scf.ForOp) -> int:
    """The loop's trip count when its bounds are constants, else a number above any slot
    count: a loop of fewer iterations than slots would leave slots (and their copy of the
    body) unused."""
    lb, ub, step = (constant_index(v) for v in (loop.lb, loop.ub, loop.step))
    if lb is None or ub is None or step is None or step <= 0:
        return MULTI_TILE_SLOTS[1]
    return max(0, -(-(ub - lb) // step))


def _index(value: int) -> arith.ConstantOp:
    return arith.ConstantOp(IntegerAttr(value, IndexType()))


def _slot_index(loop: scf.ForOp, count: int, before: InsertPoint, top: InsertPoint) -> SSAValue:
    """`((iv - lb) / step) mod count`, its constants put at `before`, its ops at `top`."""
    modulus = _index(count)
    Rewriter.insert_op(modulus, before)
    iv: SSAValue = loop.body.block.args[0]
    ops: list[Operation] = []
    if constant_index(loop.lb) != 0:
        ops.append(arith.SubiOp(iv, loop.lb))
        iv = ops[-1].results[0]
    if constant_index(loop.step) != 1:
        ops.append(arith.DivUIOp(iv, loop.step))
        iv = ops[-1].results[0]
    ops.append(arith.RemUIOp(iv, modulus))
    ops[-1].results[0].name_hint = "slot"
    Rewriter.insert_op(ops, top)
    return ops[-1].results[0]


class _Copy:
    """One copy of a loop body for slot `k`: ops copied with their operands mapped, the
    constants of slots made once per copy."""

    def __init__(self, k: int) -> None:
        self.k = k
        self.block = Block()
        self.mapper: dict[SSAValue, SSAValue] = {}
        self.constants: dict[int, SSAValue] = {}
        self.constant(k)

    def constant(self, value: int) -> SSAValue:
        if value not in self.constants:
            op = _index(value)
            self.block.add_op(op)
            self.constants[value] = op.result
        return self.constants[value]

    def get(self, source: SSAValue, slot: int, hint: str | None) -> SSAValue:
        """`multi_tile_get %source[slot]` in this copy."""
        get = MultiTileGetOp(self.mapper.get(source, source), self.constant(slot))
        get.result.name_hint = hint
        self.block.add_op(get)
        return get.result


Specialise = Callable[[Operation, _Copy], bool]
"""Puts slot `copy.k`'s form of an op of the body into `copy` (its results in `copy.mapper`)
and says so; False: the op is copied as it is."""


def _branch(body: list[Operation], specialise: Specialise, k: int) -> Region:
    """A copy of `body` for slot `k`, ending in `scf.yield`."""
    copy = _Copy(k)
    for op in body:
        if not specialise(op, copy):
            copy.block.add_op(op.clone(value_mapper=copy.mapper))
    copy.block.add_op(scf.YieldOp())
    return Region(copy.block)


def _dispatch(
    slot: SSAValue, body: list[Operation], specialise: Specialise, first: int, count: int
) -> list[Operation]:
    """`scf.if %slot == first { body on first } else { ... }` down to the last slot."""
    constant = _index(first)
    test = arith.CmpiOp(slot, constant, "eq")
    if first == count - 2:
        other = _branch(body, specialise, count - 1)
    else:
        block = Block([*_dispatch(slot, body, specialise, first + 1, count), scf.YieldOp()])
        other = Region(block)
    return [constant, test, scf.IfOp(test, [], _branch(body, specialise, first), other)]


def _rotate(loop: scf.ForOp, count: int, specialise: Specialise) -> None:
    """`loop`'s body as one copy per slot `((iv - lb) / step) mod count`, chosen by a chain
    of `scf.if`."""
    block = loop.body.block
    terminator = block.last_op
    assert terminator is not None
    body = [op for op in block.ops if op is not terminator]
    slot = _slot_index(loop, count, InsertPoint.before(loop), InsertPoint.at_start(block))
    Rewriter.insert_op(_dispatch(slot, body, specialise, 0, count), InsertPoint.before(terminator))
    for op in reversed(body):
        Rewriter.erase_op(op, safe_erase=False)


def _span(alloc: AllocTileOp, order: dict[Operation, int], body: Block) -> tuple[int, int]:
    """Positions in `body` of the first and last op that use `alloc`'s buffer."""
    positions: list[int] = []
    for use in alloc.result.uses:
        user: Operation | None = use.operation
        while user is not None and user.parent_block() is not body:
            user = user.parent_op()
        if user is not None:
            positions.append(order[user])
    return min(positions), max(positions)


def share_slots(candidates: list[AllocTileOp], body: Block) -> list[list[AllocTileOp]]:
    """The candidates in groups that can share one multi tile: buffers of one type and valid
    sizes whose uses in an iteration do not overlap (the loaded tile, dead before the
    result tile is written, holds the result), found greedily in order of first use."""
    order = {op: i for i, op in enumerate(body.ops)}
    groups: list[tuple[list[AllocTileOp], int]] = []  # (members, last use of the last one)
    for alloc in sorted(candidates, key=lambda a: _span(a, order, body)):
        first, last = _span(alloc, order, body)
        for index, (members, end) in enumerate(groups):
            head = members[0]
            if (
                end < first
                and head.tile_type == alloc.tile_type
                and (head.valid_row, head.valid_col) == (alloc.valid_row, alloc.valid_col)
            ):
                members.append(alloc)
                groups[index] = (members, last)
                break
        else:
            groups.append(([alloc], last))
    return [members for members, _ in groups]


def multi_buffer_loop(loop: scf.ForOp, groups: list[list[AllocTileOp]], count: int) -> None:
    """Rewrite `loop` so that each group of allocs (`share_slots`) has `count` rotating
    slots, which its members share."""
    slots: dict[Operation, AllocMultiTileOp] = {}
    for group in groups:
        head = group[0]
        multi = AllocMultiTileOp(
            MultiTileBufType(head.tile_type, count), None, head.valid_row, head.valid_col
        )
        hint = "_".join(a.result.name_hint for a in group if a.result.name_hint)
        multi.result.name_hint = f"{hint}_slots" if hint else "slots"
        Rewriter.insert_op(multi, InsertPoint.before(loop))
        slots.update(dict.fromkeys(group, multi))

    def specialise(op: Operation, copy: _Copy) -> bool:
        multi = slots.get(op)
        if multi is None:
            return False
        copy.mapper[op.results[0]] = copy.get(multi.result, copy.k, op.results[0].name_hint)
        return True

    _rotate(loop, count, specialise)


def _rotating_gets(loop: scf.ForOp) -> tuple[int, dict[MultiTileGetOp, list[int]]]:
    """The `multi_tile_get`s of `loop`'s body whose run-time slot repeats with the iteration
    (`passes.periodic`: `arith.remui %i, %c2` and the like), the common period P and each
    one's slot in the iterations 0 .. P-1; (1, {}) when there is none."""
    lb, step = constant_index(loop.lb), constant_index(loop.step)
    body = loop.body.block
    gets = [
        op
        for op in body.ops
        if isinstance(op, MultiTileGetOp) and op.slot_index is None and not _inside(op.source, loop)
    ]
    if lb is None or step is None or step <= 0 or not gets or loop.results:
        return 1, {}
    if any(isinstance(op, scf.ForOp) for op in body.walk()):
        return 1, {}
    iv = body.args[0]
    period = 1
    for get in gets:
        value = evaluate(get.slot, {iv: (lb, lb, step)})
        if value is None or not 1 <= value[1] <= MULTI_TILE_SLOTS[1]:
            return 1, {}
        period = lcm(period, value[1])
    if period < 2 or period > MULTI_TILE_SLOTS[1]:
        return 1, {}
    slots: dict[MultiTileGetOp, list[int]] = {}
    for get in gets:
        values = [evaluate(get.slot, {iv: (lb + t * step, lb, step)}) for t in range(period)]
        slots[get] = [v[0] for v in values if v is not None]
    return period, slots


def rotate_hand_written(loop: scf.ForOp) -> bool:
    """A hand-written PTOAS loop that picks its slots at run time (`multi_tile_get %mb[%k]`,
    `%k = arith.remui %i, %c2`): one copy of the body per iteration mod the period, each with
    constant slots, as the pass's own slots (so the sync sees them apart and the lowerings
    take them). False when the loop has no such slot."""
    period, slots = _rotating_gets(loop)
    if not slots:
        return False

    def specialise(op: Operation, copy: _Copy) -> bool:
        if not isinstance(op, MultiTileGetOp) or op not in slots:
            return False
        slot = slots[op][copy.k]
        copy.mapper[op.result] = copy.get(op.source, slot, op.result.name_hint)
        return True

    _rotate(loop, period, specialise)
    return True


@checked_pass
@dataclass(frozen=True)
class MultiBufferPass(ModulePass):
    name = NAME

    count: int = 2

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        low, high = MULTI_TILE_SLOTS
        if not low <= self.count <= high:
            raise pass_error(NAME, f"count={self.count} must lie in [{low}, {high}]")
        target = pass_target(NAME, op, None)
        for function in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            loops = [o for o in function.walk() if isinstance(o, scf.ForOp)]
            rotated = {loop for loop in loops if rotate_hand_written(loop)}
            if len(function.body.blocks) == 1:
                self._slot_loops(function, [lp for lp in loops if lp not in rotated], target)

    def _groups(
        self, loop: scf.ForOp, candidates: list[AllocTileOp], liveness: Liveness,
        target: TargetProfile,
    ) -> tuple[list[list[AllocTileOp]], int]:  # fmt: skip
        return _slot_groups(loop, candidates, self.count, liveness, target)

    def _slot_loops(
        self, function: func.FuncOp, loops: list[scf.ForOp], target: TargetProfile
    ) -> None:
        """Multi-buffer the streaming loops of `function`; undone if it then cannot be
        planned. A function the planner cannot plan as it is stays too (it reports why)."""
        try:
            liveness = Liveness(function)
        except LocatedPassFailure:
            return
        original = function.clone()
        slotted = False
        for loop in loops:
            outer = _outer_candidates(loop)
            candidates = [*outer, *_candidates(loop)]
            if not candidates:
                continue
            groups, count = self._groups(loop, candidates, liveness, target)
            if count >= MULTI_TILE_SLOTS[0]:
                hoist_into(outer, loop)
                multi_buffer_loop(loop, groups, count)
                slotted = True
        if not slotted:
            return
        try:
            plan_function(function, target)
        except LocatedPassFailure:
            Rewriter.replace_op(function, original)


def _slot_groups(
    loop: scf.ForOp, candidates: list[AllocTileOp], count: int, liveness: Liveness,
    target: TargetProfile,
) -> tuple[list[list[AllocTileOp]], int]:  # fmt: skip
    """Each candidate in slots of its own when `count` of them fit, else the candidates that
    can share a multi tile sharing one (`share_slots`: a shared slot makes the load of tile
    i + count wait for the store of tile i); and the slot count that fits."""
    alone = [[alloc] for alloc in candidates]
    best = min(_fitting_count(count, loop, alone, liveness, target), _trip_count(loop))
    if best >= count or best >= _trip_count(loop):
        return alone, best
    shared = share_slots(candidates, loop.body.block)
    fitting = min(_fitting_count(count, loop, shared, liveness, target), _trip_count(loop))
    return (shared, fitting) if fitting > best else (alone, best)


def resolve_slot(get: MultiTileGetOp) -> AllocTileOp | None:
    """The `alloc_tile` at the address of `get`'s slot, in place of `get`: when the slot is a
    constant and the multi tile has a planned address; else None (left as it is)."""
    multi = get.source.owner
    k = get.slot_index
    if not isinstance(multi, AllocMultiTileOp) or k is None or multi.address is None:
        return None
    address = arith.ConstantOp.from_int_and_width(
        multi.address + k * multi.multi_type.slot_bytes, 64
    )
    hint = get.result.name_hint
    address.result.name_hint = f"{hint}_addr" if hint else "addr"
    alloc = AllocTileOp(multi.multi_type.slot, address, multi.valid_row, multi.valid_col)
    alloc.result.name_hint = hint
    slot = get.slot
    Rewriter.replace_op(get, [address, alloc])
    if isinstance(slot.owner, arith.ConstantOp) and not slot.uses:
        Rewriter.erase_op(slot.owner)
    return alloc


@checked_pass
@dataclass(frozen=True)
class ResolveSlotsPass(ModulePass):
    """`pto-resolve-slots`: each `multi_tile_get` of a constant slot of a planned multi tile
    becomes an `alloc_tile` at that slot's address (`base + k x slot bytes`), which the
    lowerings take; a multi tile left without uses is erased. Runs after `pto-plan-memory`
    and `pto-insert-sync` (which see the slots as disjoint buffers). A `multi_tile_get` of a
    run-time slot stays (the lowerings refuse it)."""

    name = "pto-resolve-slots"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        gets = [o for o in op.walk() if isinstance(o, MultiTileGetOp)]
        for get in gets:
            resolve_slot(get)
        for multi in [o for o in op.walk() if isinstance(o, AllocMultiTileOp)]:
            if not multi.result.uses:
                Rewriter.erase_op(multi)
