"""`pto-multi-buffer{count=2}`: tile buffers of a streaming loop get `count` rotating slots.

Runs on DPS IR before `pto-plan-memory` (after `pto-convert-to-dps`). In an `scf.for` that
loads tiles (a DPS `tload` in its body), every `pto.alloc_tile` of the body that the
iteration writes before it reads it becomes one `pto.alloc_multi_tile` of `count` slots
before the loop, and the body runs on slot `k = ((iv - lb) / step) mod count`:

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

Not multi-buffered: a buffer allocated outside the loop (an accumulator carried across
iterations, which `pto-convert-to-dps` allocates before the loop), one the body may read
before writing it (it would see another slot's data), one whose valid sizes are computed
in the body, one used by anything but tile ops. Loops with results (iter_args), loops that
contain another `scf.for`, and loops whose multi-buffered bytes would not fit in the
target's memory (bounded by every tile buffer of the function live at once) are left as
they are; a loop of a constant trip count below `count` gets as many slots as iterations
(none when it runs once).
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
from pto_dialect.attrs import Location
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


def _candidates(loop: scf.ForOp) -> list[AllocTileOp]:
    """The allocs of `loop`'s body that get slots (the module doc's rules)."""
    body = loop.body.block
    if loop.results or any(isinstance(op, scf.ForOp) for op in body.walk()):
        return []
    if not any(isinstance(op, TLoadOp) and op.is_dps for op in body.walk()):
        return []
    return [
        op
        for op in body.ops
        if isinstance(op, AllocTileOp)
        and op.addr is None
        and not any(_inside(v, loop) for v in (op.valid_row, op.valid_col) if v is not None)
        and _written_first(op, body)
    ]


def _fitting_count(
    count: int, candidates: list[AllocTileOp], budget: dict[Location, int], target: TargetProfile
) -> int:
    """The largest slot count <= `count` whose extra slots fit in what `budget` leaves."""
    extra: dict[Location, int] = defaultdict(int)
    for alloc in candidates:
        extra[alloc.tile_type.location] += alloc.tile_type.size_bytes
    best = count
    for location, bytes_per_slot in extra.items():
        free = target.capacities[location] - budget[location]
        best = min(best, 1 + max(0, free) // bytes_per_slot)
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


def multi_buffer_loop(loop: scf.ForOp, candidates: list[AllocTileOp], count: int) -> None:
    """Rewrite `loop` so that each alloc of `candidates` has `count` rotating slots."""
    slots: dict[Operation, AllocMultiTileOp] = {}
    for alloc in candidates:
        multi = AllocMultiTileOp(
            MultiTileBufType(alloc.tile_type, count), None, alloc.valid_row, alloc.valid_col
        )
        hint = alloc.result.name_hint
        multi.result.name_hint = f"{hint}_slots" if hint else "slots"
        Rewriter.insert_op(multi, InsertPoint.before(loop))
        slots[alloc] = multi

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


def _function_budget(function: func.FuncOp) -> dict[Location, int]:
    """Bytes of every tile buffer of `function` per location: an upper bound of what is
    live at once, before multi-buffering."""
    budget: dict[Location, int] = defaultdict(int)
    for op in function.walk():
        if isinstance(op, AllocTileOp):
            budget[op.tile_type.location] += op.tile_type.size_bytes
        elif isinstance(op, AllocMultiTileOp):
            budget[op.multi_type.slot.location] += op.multi_type.size_bytes
    return budget


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
        for function in op.walk():
            if not isinstance(function, func.FuncOp):
                continue
            loops = [o for o in function.walk() if isinstance(o, scf.ForOp)]
            budget = _function_budget(function)
            for loop in loops:
                if rotate_hand_written(loop):
                    continue
                candidates = _candidates(loop)
                if not candidates:
                    continue
                count = min(
                    _fitting_count(self.count, candidates, budget, target), _trip_count(loop)
                )
                if count >= low:
                    multi_buffer_loop(loop, candidates, count)
                    for alloc in candidates:  # the extra slots now count as live too
                        tile = alloc.tile_type
                        budget[tile.location] += (count - 1) * tile.size_bytes


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
