"""The buffer plan of `pto-convert-to-dps`: which `pto.alloc_tile` holds each SSA tile value.

One walk per function in program order (docs/passes.md gives the rules):
- a value gets a fresh buffer right before its defining op, unless it is the tile a loop
  body or a branch yields: then the op writes the carried buffer directly when the
  buffer's current value is no longer read (an elementwise op may read it as a source,
  a `.acc` matrix op as acc_in), and a `pto.tmov` copies it there otherwise;
- a loop's initial tile is updated in place when nothing reads it once the loop starts,
  else it is copied into a new buffer before the loop; a branch result lives in the
  buffer of a tile from before the `scf.if` that a branch yields and nothing reads after
  it, else in a new buffer;
- a `.acc` matrix op accumulates in place into acc_in's buffer when acc_in is not read
  afterwards;
- a scratch source (the record's `scratch_sources`: the tmp of `tcolsum {isBinary}` and of
  `txor`), which the DPS form writes, is the scratch value's buffer when that value is not
  read afterwards, else a fresh buffer.

The walk tracks which value each buffer holds (undone between the branches of an
`scf.if`, forgotten after a loop body) and which values may differ from the SSA program
outside their valid region (those in reused buffers), and fails with a diagnostic where the
conversion cannot be exact.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from xdsl.dialects import func, scf
from xdsl.ir import Block, Operation, OpResult, SSAValue

from passes.common import pass_error
from passes.convert_to_dps.liveness import Liveness
from passes.convert_to_dps.rules import (
    Opaque,
    Size,
    Valid,
    computed_region,
    key,
    reads,
    result_valid,
    same,
    typed,
    within,
)
from pto_dialect.attrs import Location
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.cross_core_pipe import PopOp, PushOp
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileType

NAME = "pto-convert-to-dps"

_FOR_INITS = 3
"""Operand index of the first iter_arg init of an scf.for (after lb, ub, step)."""


_UNSUPPORTED = (
    ": the pass converts !pto.tile values in the pto tile instructions and in the "
    "structured control flow of scf.for, scf.if and scf.yield only"
)


def buffer_type(tile: TileType) -> TileBufType:
    """The `!pto.tile_buf` with the parameters of `tile`."""
    return TileBufType.new(tile.parameters)


def is_tile(value: SSAValue) -> bool:
    return isinstance(value.type, TileType)


def _show(valid: Valid) -> str:
    return "x".join(str(k) if isinstance(k := key(s), int) else "?" for s in valid)


def _mentions_tiles(op: Operation) -> bool:
    """Whether `op` or an op nested in it takes, gives or binds a `!pto.tile` value."""
    for nested in op.walk():
        if any(is_tile(v) for v in (*nested.operands, *nested.results)):
            return True
        for region in nested.regions:
            if any(is_tile(a) for block in region.blocks for a in block.args):
                return True
    return False


def _defined_in(value: SSAValue, block: Block) -> bool:
    """Whether `value` is the result of an op directly in `block`."""
    return isinstance(value, OpResult) and value.op.parent_block() is block


def _is_acc(op: TileOp) -> bool:
    return isinstance(op, MatmulTileOp) and op.ACC_INPUT


@dataclass(eq=False)
class Buffer:
    """A tile buffer of the plan: where its alloc goes and which value it holds now."""

    type: TileBufType
    valid: Valid | None
    anchor: Operation | None
    """The op the alloc is inserted before; None for a function argument."""
    name: str | None = None
    value: SSAValue | None = None
    """The `!pto.tile_buf` value, once materialised."""
    holds: SSAValue | None = None
    """The tile value whose contents the buffer holds at the current point of the walk."""
    written: bool = False
    """Whether an op has written it yet (a pristine buffer is as fresh as an SSA result)."""
    owned: bool = True
    """Whether the pass may write it (not for a function argument)."""


@dataclass
class Plan:
    """What the pass inserts and rewrites, for the whole module."""

    buffers: list[Buffer] = field(default_factory=list[Buffer])
    buffer_of: dict[SSAValue, Buffer] = field(default_factory=dict[SSAValue, Buffer])
    dst: dict[TileOp, Buffer] = field(default_factory=dict[TileOp, Buffer])
    scratch: dict[TileOp, tuple[int, Buffer]] = field(
        default_factory=dict[TileOp, tuple[int, Buffer]]
    )
    copies: list[tuple[Operation, Buffer, Buffer]] = field(
        default_factory=list[tuple[Operation, Buffer, Buffer]]
    )
    """(op to copy before, source, destination), in the order they are emitted."""
    tile_ops: list[TileOp] = field(default_factory=list[TileOp])
    structures: list[Operation] = field(default_factory=list[Operation])
    """scf.for / scf.if / scf.yield ops that carry tiles."""
    pipe_ends: list[PushOp | PopOp] = field(default_factory=list[PushOp | PopOp])
    """Cross-core pipe pushes of a tile and pops of one (A5's hand-overs)."""
    popped: dict[PopOp, tuple[Buffer, Buffer]] = field(
        default_factory=dict[PopOp, tuple[Buffer, Buffer]]
    )
    """A pop whose tile is copied right after it: (its slot, the tile's own buffer)."""


class Planner:
    """Assigns a buffer to every tile value of one function (see the module docstring)."""

    def __init__(self, function: func.FuncOp, target: TargetProfile, plan: Plan) -> None:
        self.target = target
        self.plan = plan
        self.live = Liveness(function)
        self.valid: dict[SSAValue, Valid] = {}
        self.inexact: set[SSAValue] = set()
        """Values whose elements outside the valid region may differ from the SSA run's."""
        self.hint: dict[SSAValue, Buffer] = {}
        """The carried buffer a value is yielded into, where it would best be computed."""
        self.logs: list[list[tuple[Buffer, SSAValue | None, bool]]] = []

    # ---- state ------------------------------------------------------------------------
    def valid_of(self, value: SSAValue) -> Valid:
        return self.valid[value]

    def buffer(self, value: SSAValue) -> Buffer:
        buffer = self.plan.buffer_of[value]
        assert buffer.holds is value, f"{value} was overwritten in its buffer"
        return buffer

    def set(self, buffer: Buffer, value: SSAValue | None) -> None:
        if self.logs:
            self.logs[-1].append((buffer, buffer.holds, buffer.written))
        buffer.holds = value
        buffer.written = True

    def bind(self, value: SSAValue, buffer: Buffer, valid: Valid, exact: bool) -> None:
        self.plan.buffer_of[value] = buffer
        self.valid[value] = valid
        if not exact:
            self.inexact.add(value)
        if buffer.name is None:
            buffer.name = value.name_hint
        self.set(buffer, value)

    def pop_log(self) -> list[tuple[Buffer, SSAValue | None, bool]]:
        entries = self.logs.pop()
        if self.logs:
            self.logs[-1].extend(entries)
        return entries

    def fresh(self, tile: TileBufType, valid: Valid, anchor: Operation, what: str) -> Buffer:
        self.require_named(tile, valid, anchor, what)
        return self.new_buffer(tile, valid, anchor, what)

    def new_buffer(
        self, tile: TileBufType, valid: Valid | None, anchor: Operation, what: str
    ) -> Buffer:
        """A buffer the pass allocates before `anchor`; it must fit in its memory."""
        capacity = self.target.capacities.get(tile.location)
        if capacity is not None and tile.size_bytes > capacity:
            raise pass_error(
                NAME,
                f"{what} needs a tile buffer of {tile.size_bytes} bytes, more than the "
                f"{capacity}-byte loc={tile.location.value} memory of target {self.target.name}",
                anchor,
            )
        buffer = Buffer(tile, valid, anchor)
        self.plan.buffers.append(buffer)
        return buffer

    def require_named(self, tile: TileBufType, valid: Valid, op: Operation, what: str) -> None:
        for size, static in zip(valid, tile.valid_shape, strict=True):
            if static == DYNAMIC and isinstance(size, Opaque):
                raise pass_error(
                    NAME,
                    f"the valid sizes of {what} come from a !pto.tile function argument with "
                    "`?` sizes, which no SSA value names, so its tile buffer cannot be "
                    "allocated (give the argument static valid sizes)",
                    op,
                )

    def require_copyable(self, tile: TileBufType, op: Operation, why: str) -> None:
        if tile.location is not Location.VEC:
            raise pass_error(
                NAME,
                f"{why}, but a loc={tile.location.value} tile cannot be copied (pto.tmov "
                "copies within one location only from vec to vec)",
                op,
            )
        legal = TMovOp.DTYPES_BY_PAIR[(Location.VEC, Location.VEC)][self.target.arch]
        if tile.element not in legal:
            raise pass_error(
                NAME,
                f"{why}, but pto.tmov vec->vec does not support {tile.element} on target "
                f"{self.target.name}",
                op,
            )

    def free_at(
        self,
        buffer: Buffer,
        point: Operation,
        allowed: Collection[tuple[Operation, int]],
        *,
        inside: bool = True,
    ) -> bool:
        """Whether `point` may overwrite `buffer`: nothing reads its value afterwards."""
        held = buffer.holds
        return buffer.owned and (
            held is None or not self.live.used_after(held, point, allowed, inside=inside)
        )

    # ---- walk ---------------------------------------------------------------------------
    def function(self, function: func.FuncOp) -> None:
        if any(isinstance(t, TileType) for t in function.function_type.outputs.data):
            raise pass_error(
                NAME,
                f"@{function.sym_name.data} returns a !pto.tile: a function gives tiles back "
                "by writing !pto.tile_buf arguments",
                function,
            )
        if not function.body.blocks:
            return
        if len(function.body.blocks) > 1:
            if not _mentions_tiles(function):
                return  # nothing to convert
            raise pass_error(
                NAME,
                f"@{function.sym_name.data} has several blocks and uses !pto.tile "
                f"values{_UNSUPPORTED}",
                function,
            )
        for arg in function.body.block.args:
            if isinstance(arg.type, TileType):
                dims = (Opaque(f"{arg} rows"), Opaque(f"{arg} cols"))
                buffer = Buffer(buffer_type(arg.type), None, None, value=arg, owned=False)
                self.bind(arg, buffer, typed(arg.type, dims), True)
        self.block(function.body.block)

    def block(self, block: Block) -> None:
        self.propagate_hints(block)
        for op in block.ops:
            if isinstance(op, TileOp):
                if not op.is_dps:
                    self.tile_op(op)
            elif isinstance(op, scf.ForOp):
                self.loop(op)
            elif isinstance(op, scf.IfOp):
                self.branch(op)
            elif isinstance(op, scf.YieldOp) and isinstance(op.parent_op(), scf.ForOp | scf.IfOp):
                continue  # done by loop() / branch()
            elif isinstance(op, PopOp) and is_tile(op.tile):
                self.pop(op)
            elif isinstance(op, PushOp) and len(op.tile) == 1 and is_tile(op.tile[0]):
                self.plan.pipe_ends.append(op)  # reads its tile's buffer
            elif _mentions_tiles(op):
                raise pass_error(NAME, f"uses !pto.tile values{_UNSUPPORTED}", op)

    def pop(self, op: PopOp) -> None:
        """A popped tile lives in its pipe slot, which no alloc names (the pass never writes
        it). A vec tile is copied into a buffer of its own right after the pop (`tmov`), so
        that every later op reads a planned buffer; another is read in its slot."""
        result = op.tile
        tile = result.type
        assert isinstance(tile, TileType)
        extents = op.valid_extents()
        dims = (extents[0], extents[1]) if extents else (Opaque(f"{result} rows"),
                                                         Opaque(f"{result} cols"))  # fmt: skip
        valid = typed(tile, dims)
        self.plan.pipe_ends.append(op)
        slot = Buffer(buffer_type(tile), None, None, value=result, owned=False)
        legal = TMovOp.DTYPES_BY_PAIR[(Location.VEC, Location.VEC)][self.target.arch]
        if tile.location is not Location.VEC or tile.element not in legal:
            self.bind(result, slot, valid, True)
            return
        own = self.fresh(buffer_type(tile), valid, op, "a popped tile")
        self.plan.popped[op] = (slot, own)
        self.bind(result, own, valid, True)

    def propagate_hints(self, block: Block) -> None:
        """A loop's initial tile (a `.acc` op's acc_in) defined in this block is best
        computed in the buffer the loop's result (the op's result) is yielded into."""
        for op in reversed(block.ops):
            pairs: list[tuple[SSAValue, SSAValue]] = []
            if isinstance(op, scf.ForOp):
                pairs = list(zip(op.results, op.iter_args, strict=True))
            elif isinstance(op, TileOp) and op.res and _is_acc(op):
                pairs = [(op.res[0], op.ins[0])]
            for result, source in pairs:
                target = self.hint.get(result)
                if target is not None and _defined_in(source, block):
                    self.hint.setdefault(source, target)

    def hint_yields(
        self, block: Block, yielded: Sequence[SSAValue], buffers: dict[int, Buffer]
    ) -> None:
        """A tile an op of `block` computes and `block` yields is best computed in place."""
        for index, buffer in buffers.items():
            if _defined_in(yielded[index], block):
                self.hint.setdefault(yielded[index], buffer)

    def usable(
        self,
        target: Buffer | None,
        tile: TileBufType,
        valid: Valid | None,
        point: Operation,
        *,
        inside: bool = True,
    ) -> Buffer | None:
        """`target` if a tile of type `tile` and valid sizes `valid` may be put there at
        `point`, where nothing reads the value it holds afterwards."""
        if (
            target is None
            or target.type != tile
            or not self.free_at(target, point, set(), inside=inside)
        ):
            return None
        if valid is not None and target.valid is not None and not same(target.valid, valid):
            return None
        return target

    # ---- tile instructions -------------------------------------------------------------
    def tile_op(self, op: TileOp) -> None:
        for source in op.ins:
            if is_tile(source):
                self.buffer(source)
        self.plan.tile_ops.append(op)
        if not op.res:
            return  # tstore
        result = op.res[0]
        assert isinstance(result.type, TileType)
        try:
            valid = result_valid(op, self.valid_of)
        except NotImplementedError as err:
            raise pass_error(NAME, str(err), op) from None
        dst, exact, in_place = self.destination(op, result, buffer_type(result.type), valid)
        for index, role, region in reads(op, self.valid_of, valid):
            source = op.ins[index]
            if (in_place and index == 0) or source not in self.inexact:
                continue
            if not within(region, self.valid[source]):
                raise pass_error(
                    NAME,
                    f"{role} is read over {_show(region)}, which may exceed its valid region "
                    f"{_show(self.valid[source])}, and {role} lives in a reused tile buffer "
                    "whose elements outside the valid region are not those of the SSA program",
                    op,
                )
        for index in op.scratch_sources():
            self.plan.scratch[op] = (index, self.scratch(op, index))
        self.plan.dst[op] = dst
        self.bind(result, dst, valid, exact)

    def destination(
        self, op: TileOp, result: SSAValue, tile: TileBufType, valid: Valid
    ) -> tuple[Buffer, bool, bool]:
        """The buffer `op` writes its result into, whether the whole tile then equals the
        SSA result (not only its valid region), and whether a `.acc` op updates in place."""
        computed = computed_region(op, self.valid_of)
        covers = computed is None or same(computed, valid)
        aliases = op.alias_sources()
        acc_in = op.ins[0] if _is_acc(op) else None
        target = self.hint.get(result)
        if (
            target is not None
            and target.type == tile
            and (target.valid is None or same(target.valid, valid))
        ):
            held = target.holds
            allowed = {(op, i) for i in aliases if op.ins[i] is held}
            in_place = acc_in is not None and held is acc_in
            if (covers or in_place) and self.free_at(target, op, allowed):
                if in_place:
                    return target, acc_in not in self.inexact, True
                return target, not target.written and acc_in is None, False
        if acc_in is not None:
            own = self.plan.buffer_of[acc_in]
            reason = self.not_in_place(op, acc_in, own, tile, valid)
            if reason is None:
                return own, acc_in not in self.inexact, True
            if computed is not None and not covers:
                raise pass_error(
                    NAME,
                    f"{reason}, so the result needs a tile buffer of its own, but the op "
                    f"computes only an {_show(computed)} block of it, which may not cover its "
                    f"valid region {_show(valid)}, and an acc tile cannot be copied",
                    op,
                )
        return self.fresh(tile, valid, op, "the result"), acc_in is None, False

    def not_in_place(
        self, op: TileOp, acc_in: SSAValue, own: Buffer, tile: TileBufType, valid: Valid
    ) -> str | None:
        """Why a `.acc` op cannot accumulate into acc_in's buffer; None when it can."""
        if not own.owned:
            return "acc_in is a function argument, which the pass never writes"
        if own.type != tile:
            return "acc_in has another tile type than the result"
        if not same(self.valid[acc_in], valid):
            return "acc_in may have other valid sizes than the result"
        if not self.free_at(own, op, {(op, 0)}):
            return "acc_in is still read after this op"
        return None

    def scratch(self, op: TileOp, index: int) -> Buffer:
        """The buffer of scratch source `index` of `op` (its DPS form writes it)."""
        tmp = op.ins[index]
        own = self.plan.buffer_of[tmp]
        if self.free_at(own, op, {(op, index)}):
            self.set(own, None)
            return own
        assert isinstance(tmp.type, TileType)
        buffer = self.fresh(buffer_type(tmp.type), self.valid[tmp], op, "the scratch tile")
        buffer.name = "scratch"
        self.set(buffer, None)
        return buffer

    # ---- scf.for -----------------------------------------------------------------------
    def loop(self, op: scf.ForOp) -> None:
        body = op.body.block
        slots = [i for i, v in enumerate(op.iter_args) if is_tile(v)]
        carried: dict[int, Buffer] = {}
        for i in slots:
            init, arg = op.iter_args[i], body.args[1 + i]
            own = self.buffer(init)
            if self.free_at(own, op, {(op, _FOR_INITS + i)}):
                buffer = own
            else:
                self.require_copyable(
                    own.type,
                    op,
                    f"the initial tile of iter_arg #{i} is still used once the "
                    "loop has started, so the loop needs a copy of it",
                )
                target = self.hint.get(op.results[i])
                buffer = self.usable(target, own.type, self.valid[init], op) or self.fresh(
                    own.type, self.valid[init], op, f"iter_arg #{i}"
                )
                self.plan.copies.append((op, own, buffer))
            carried[i] = buffer
            self.bind(arg, buffer, self.valid[init], False)
        yield_op = body.last_op
        assert isinstance(yield_op, scf.YieldOp)
        if slots:
            self.plan.structures += [op, yield_op]
        self.hint_yields(body, yield_op.operands, carried)
        self.logs.append([])
        self.block(body)
        for i in slots:
            value, arg = yield_op.operands[i], body.args[1 + i]
            if not same(self.valid[value], self.valid[arg]):
                raise pass_error(
                    NAME,
                    f"the tile yielded as #{i} may have other valid sizes "
                    f"({_show(self.valid[value])}) than iter_arg #{i} "
                    f"({_show(self.valid[arg])}); a loop-carried tile buffer has one valid size",
                    op,
                )
        self.yield_copies(yield_op, carried, "loop")
        for buffer, _, _ in self.pop_log():  # the body may run any number of times
            if buffer not in carried.values():
                self.set(buffer, None)
        for i in slots:
            self.bind(op.results[i], carried[i], self.valid[body.args[1 + i]], False)

    def yield_copies(self, yield_op: scf.YieldOp, targets: dict[int, Buffer], what: str) -> None:
        """Copies that put each yielded tile into its carried buffer, as a parallel copy:
        a buffer is read before it is overwritten (through a temporary in a cycle)."""
        pending: list[tuple[SSAValue, Buffer]] = []
        where: dict[SSAValue, Buffer] = {}
        for i, target in targets.items():
            value = yield_op.operands[i]
            where[value] = self.buffer(value)
            if where[value] is not target:
                self.require_copyable(
                    target.type,
                    yield_op,
                    f"the tile yielded as #{i} cannot be computed in "
                    f"the {what}'s carried tile buffer, so it needs a copy",
                )
                pending.append((value, target))
        while pending:
            sources = {id(where[v]) for v, _ in pending}
            ready = next((p for p in pending if id(p[1]) not in sources), None)
            if ready is None:  # a cycle: save one source in a temporary first
                value = pending[0][0]
                temp = self.fresh(where[value].type, self.valid[value], yield_op, "a yielded tile")
                temp.name = value.name_hint
                self.plan.copies.append((yield_op, where[value], temp))
                self.set(temp, value)
                where[value] = temp
                continue
            pending.remove(ready)
            value, target = ready
            self.plan.copies.append((yield_op, where[value], target))
            self.set(target, value)

    # ---- scf.if ------------------------------------------------------------------------
    def branch(self, op: scf.IfOp) -> None:
        slots = [j for j, r in enumerate(op.results) if is_tile(r)]
        carried: dict[int, Buffer] = {}
        for j in slots:
            result = op.results[j]
            assert isinstance(result.type, TileType)
            tile = buffer_type(result.type)
            taken = list(carried.values())
            target = self.usable(self.hint.get(result), tile, None, op, inside=False)
            if target is None or target in taken:
                target = self.dying_input(op, j, tile, taken)
            if target is None:
                target = self.new_buffer(tile, None, op, f"result #{j}")
            carried[j] = target
        if slots:
            self.plan.structures.append(op)
        changed: list[tuple[Buffer, SSAValue | None, bool]] = []
        yielded: list[list[SSAValue]] = []
        for region in (op.true_region, op.false_region):
            if not region.blocks:
                continue
            block = region.block
            yield_op = block.last_op
            assert isinstance(yield_op, scf.YieldOp)
            if slots:
                self.plan.structures.append(yield_op)
            self.hint_yields(block, yield_op.operands, carried)
            self.logs.append([])
            self.block(block)
            yielded.append([yield_op.operands[j] for j in slots])
            self.yield_copies(yield_op, carried, "scf.if")
            entries = self.pop_log()
            for buffer, holds, written in reversed(entries):
                buffer.holds, buffer.written = holds, written
            changed += entries
        for buffer in {id(b): b for b, _, _ in changed}.values():
            if buffer not in carried.values():
                self.set(buffer, None)
        for position, j in enumerate(slots):
            valid = self.if_valid(op, j, [values[position] for values in yielded])
            buffer = carried[j]
            if buffer.valid is None:
                buffer.valid = valid
                self.require_named(buffer.type, valid, op, f"result #{j}")
            self.bind(op.results[j], buffer, valid, False)

    def dying_input(
        self, op: scf.IfOp, j: int, tile: TileBufType, taken: list[Buffer]
    ) -> Buffer | None:
        """The buffer of a tile computed before `op` that a branch yields as result #j, when
        nothing reads that tile after `op`: the result can then live there."""
        for region in op.regions:
            if not region.blocks:
                continue
            value = region.block.last_op.operands[j] if region.block.last_op else None
            if value is None or not _defined_outside(value, op):
                continue
            buffer = self.plan.buffer_of[value]
            if (
                buffer.holds is value
                and buffer.type == tile
                and buffer not in taken
                and self.free_at(buffer, op, (), inside=False)
            ):
                return buffer
        return None

    def if_valid(self, op: scf.IfOp, j: int, values: list[SSAValue]) -> Valid:
        """The valid sizes of result #j: those of every yielded tile, which must agree. A
        size both branches share is a constant or an SSA value defined before the scf.if."""
        first = self.valid[values[0]]
        for value in values[1:]:
            if not same(self.valid[value], first):
                raise pass_error(
                    NAME,
                    f"the branches may yield tiles of different valid sizes as result #{j} "
                    f"({_show(first)} and {_show(self.valid[value])}); its tile buffer has one "
                    "valid size",
                    op,
                )
        return (_constant_or(first[0]), _constant_or(first[1]))


def _constant_or(size: Size) -> Size:
    """`size` as an int when it is a constant (a constant defined in a branch is not
    available before the scf.if)."""
    value = key(size)
    return value if isinstance(value, int) else size


def _defined_outside(value: SSAValue, op: Operation) -> bool:
    """Whether `value` is defined in a block that encloses `op` (so it dominates `op`)."""
    block = value.owner if isinstance(value.owner, Block) else value.owner.parent_block()
    node: Operation | None = op
    while node is not None:
        parent = node.parent_block()
        if parent is block:
            return True
        node = None if parent is None else parent.parent_op()
    return False
